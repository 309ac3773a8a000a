"""Time per decision of the bots, by difficulty level, in positions from real games.

For each game (Kachuful, 4 players, the default 8-1-8 sequence; Crazy, 4 players, when it is built) it plays
games between normal bots and, at every decision with more than one legal action, times each level deciding for
that seat from a determinization, as the table asks it.  Prints the median, the 90th percentile and the largest
time per level, and how many ISMCTS playouts the hard bot made.  Targets: hard at most 1 s (median), normal under
50 ms.

Run: python3 benchmarks/bot_speed.py [--games N] [--every K] [--game ID ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardtable.bots import make_bot
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.games import REGISTRY, get_game


def positions(game_id: str, games: int, every: int) -> list:
    """Decision points (state, seat) with a real choice, from games between normal bots."""
    rules = REGISTRY[game_id]
    out = []
    for g in range(games):
        state = rules.new_game(4, {}, seed=9000 + g)
        bots = [make_bot(get_game(game_id), "normal", seed=g * 10 + s) for s in range(4)]
        rng = random.Random(g)
        k = 0
        while state.turn is not None:
            seat = state.turn
            if len(state.legal_actions()) > 1:
                if k % every == 0:
                    out.append((state.clone(), seat))
                k += 1
            state.apply(bots[seat].choose(state.determinize(seat, rng), seat))
    return out


def measure(game_id: str, games: int, every: int) -> None:
    points = positions(game_id, games, every)
    print(f"{game_id}: {len(points)} decisions with a choice, from {games} games between normal bots")
    for level in ("easy", "normal", "hard"):
        bot = make_bot(get_game(game_id), level, seed=1)
        rng = random.Random(5)
        times = []
        playouts = []
        for state, seat in points:
            sample = state.determinize(seat, rng)
            start = time.perf_counter()
            bot.choose(sample, seat)
            times.append(time.perf_counter() - start)
            if isinstance(bot, ISMCTSBot):
                playouts.append(bot.last_iterations)
        times.sort()
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        line = (f"  {level:<6} median {statistics.median(times) * 1000:8.1f} ms   p90 {p90 * 1000:8.1f} ms   "
                f"max {times[-1] * 1000:8.1f} ms")
        if playouts:
            line += f"   playouts median {statistics.median(playouts):.0f}"
        print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=3, help="time every K-th decision with a choice")
    parser.add_argument("--game", action="append", help="game id (default: kachuful, and crazy when built)")
    args = parser.parse_args()
    games = args.game or [g for g in ("kachuful", "crazy") if g in REGISTRY]
    for game_id in games:
        measure(game_id, args.games, args.every)


if __name__ == "__main__":
    main()
