"""Random-play throughput of the Klondike engine (actions per second), and clone() cost.

Run: python3 benchmarks/klondike_throughput.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import time

from cardtable.games import get_rules
from cardtable.games.klondike.rules import Resign


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=300, help="actions per game at most")
    args = parser.parse_args()
    rules = get_rules("klondike")
    rng = random.Random(1)
    actions = 0
    start = time.perf_counter()
    for seed in range(args.games):
        state = rules.new_game(1, {}, seed=seed)
        for _ in range(args.moves):
            legal = [a for a in state.legal_actions() if not isinstance(a, Resign)]
            if not legal or state.is_over():
                break
            state.apply(rng.choice(legal), record=False)  # a search's speed
            actions += 1
    elapsed = time.perf_counter() - start
    print(f"{actions} actions in {elapsed:.2f} s: {actions / elapsed:,.0f} actions/s (legal_actions + apply)")
    state = rules.new_game(1, {}, seed=0)
    n = 20000
    start = time.perf_counter()
    for _ in range(n):
        state.clone()
    print(f"clone: {(time.perf_counter() - start) / n * 1e6:.1f} us")


if __name__ == "__main__":
    main()
