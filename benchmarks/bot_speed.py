"""Time per decision of the bots, by difficulty level, in positions from real games.

For each game (by default every game with bots; `--game ID` for some) it plays games between normal bots and, at
every K-th decision with more than one legal action, times each level deciding for that seat from a
determinization, as the table asks it.  Prints, per level, the median, the 90th percentile and the largest time on
the wall clock, and for the hard bot also its CPU time (the clock of its safety net, `ismcts.search_clock`), the
playouts it made against its budget, and how many decisions the safety net cut short.  Targets: hard at most 1 s
(median), normal under 50 ms; the net (`HARD_TIME_LIMIT` CPU seconds) never fires.

`--busy N` keeps N other processes spinning meanwhile, to see the bots on a loaded machine: the wall times grow,
the CPU times and the choices do not.

Run: python3 benchmarks/bot_speed.py [--games N] [--every K] [--most N] [--game ID ...] [--levels hard] [--busy N]
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import time

from cardtable.bots import HARD_TIME_LIMIT, make_bot
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.bots.rollouts import RolloutBot
from cardtable.games import GAMES, REGISTRY, get_game


def players_for(game_id: str) -> int:
    """Four players, or the nearest count the game allows."""
    allowed = REGISTRY[game_id].players
    return min(max(4, allowed.start), allowed.stop - 1)


def positions(game_id: str, games: int, every: int, most: int) -> list:
    """Decision points (state, seat) with a real choice, from games between normal bots."""
    rules = REGISTRY[game_id]
    players = players_for(game_id)
    out = []
    for g in range(games):
        state = rules.new_game(players, {}, seed=9000 + g)
        bots = [make_bot(get_game(game_id), "normal", seed=g * 10 + s) for s in range(players)]
        rng = random.Random(g)
        k = 0
        while state.turn is not None and len(out) < most * (g + 1):
            seat = state.turn
            if len(state.legal_actions()) > 1:
                if k % every == 0:
                    out.append((state.clone(), seat))
                k += 1
            state.apply(bots[seat].choose(state.determinize(seat, rng), seat))
    return out


def _pct(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(game_id: str, games: int, every: int, levels: list[str], most: int) -> None:
    points = positions(game_id, games, every, most)
    print(f"{game_id}: {len(points)} decisions with a choice, from {games} games between normal bots", flush=True)
    for level in levels:
        bot = make_bot(get_game(game_id), level, seed=1)
        rng = random.Random(5)
        wall, cpu, playouts, cut = [], [], [], 0
        for state, seat in points:
            sample = state.determinize(seat, rng)
            start, start_cpu = time.perf_counter(), time.thread_time()
            bot.choose(sample, seat)
            wall.append(time.perf_counter() - start)
            cpu.append(time.thread_time() - start_cpu)
            if isinstance(bot, (ISMCTSBot, RolloutBot)):
                playouts.append(bot.last_iterations)
                cut += cpu[-1] >= HARD_TIME_LIMIT
        line = (f"  {level:<6} wall median {statistics.median(wall) * 1000:7.1f} ms  p90 {_pct(wall, 0.9) * 1000:7.1f}"
                f"  max {max(wall) * 1000:7.1f}")
        if playouts:
            budget = bot.iterations
            line += (f" | cpu median {statistics.median(cpu) * 1000:7.1f} ms  max {max(cpu) * 1000:7.1f}"
                     f" | playouts median {statistics.median(playouts):.0f} max {max(playouts)} of {budget}"
                     f" | cut by the net {cut}")
        print(line, flush=True)


def _spin() -> None:
    while True:
        pass


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--every", type=int, default=3, help="time every K-th decision with a choice")
    parser.add_argument("--game", action="append", help="game id (default: every game with bots)")
    parser.add_argument("--levels", default="easy,normal,hard", help="levels to time, comma-separated")
    parser.add_argument("--most", type=int, default=60, help="decisions timed per game at most")
    parser.add_argument("--busy", type=int, default=0, help="other processes spinning meanwhile")
    args = parser.parse_args()
    games = args.game or [g.id for g in GAMES if REGISTRY[g.id].players.stop - 1 > 1]
    spinners = [multiprocessing.Process(target=_spin, daemon=True) for _ in range(args.busy)]
    for spinner in spinners:
        spinner.start()
    try:
        for game_id in games:
            measure(game_id, args.games, args.every, args.levels.split(","), args.most)
    finally:
        for spinner in spinners:
            spinner.terminate()


if __name__ == "__main__":
    main()
