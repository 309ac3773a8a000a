"""How many actions real games take: the evidence behind the longest save the app loads (`saves.MAX_ACTIONS`).

Plays whole games of every game for several players between normal bots, at the largest table and with the
longest session a table can choose, and prints the longest and the median number of actions per game.  Klondike has
no bots: a person's game is as long as they keep clicking (at a move a second, 100,000 moves is 28 hours of play).

Run: python3 benchmarks/game_lengths.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardtable.bots import make_bot
from cardtable.core.engine import State
from cardtable.games import GAMES, REGISTRY, get_game

#: Options that make a game longer than its defaults, per game (the longest a table may choose).
LONGEST: dict[str, dict] = {
    "cat_te": {"rounds": 0, "chips": 500, "ante": 1},
    "eat_pairs": {"deals": "per_player"},
    "eat_reds": {"rounds": 10},
    "king_of_the_hill": {"rounds": 0},
    "kachuful": {"hands": "down_up"},
}
#: Actions after which a game is given up (it is counted at this length, marked with "+").
GIVE_UP = 200_000


def play(game_id: str, options: dict, seed: int) -> tuple[int, bool]:
    """The number of actions of one whole game; and whether it ended on its own."""
    rules = REGISTRY[game_id]
    allowed = rules.players
    players = allowed.stop - 1
    state: State = rules.new_game(players, options, seed)
    game = get_game(game_id)
    bots = [make_bot(game, "normal", seed=seed * 10 + s) for s in range(players)]
    rng = random.Random(seed)
    n = 0
    while state.turn is not None and n < GIVE_UP:
        seat = state.turn
        state.apply(bots[seat].choose(state.determinize(seat, rng), seat))
        n += 1
    return n, state.turn is None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--game", action="append")
    args = parser.parse_args()
    for game in GAMES:
        if (args.game and game.id not in args.game) or REGISTRY[game.id].players.stop - 1 == 1:
            continue
        started = time.perf_counter()
        lengths = [play(game.id, LONGEST.get(game.id, {}), seed) for seed in range(args.games)]
        counts = [n for n, _ in lengths]
        unfinished = sum(not ended for _, ended in lengths)
        print(f"{game.id:<18} longest {max(counts):>7,}  median {statistics.median(counts):>7,.0f}  "
              f"of {len(counts)} games{f' ({unfinished} given up)' if unfinished else ''}"
              f"  [{time.perf_counter() - started:.1f} s]", flush=True)


if __name__ == "__main__":
    main()
