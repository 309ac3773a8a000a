"""Kachuful's engine against OpenSpiel's oh_hell, driven from Python the same way, side by side in one run.

Both play whole random rounds of seven tricks among four players, the deal included (OpenSpiel deals through its
chance nodes, one card at a time; Kachuful inside `new_game`), every decision a uniformly random legal move, and
our engine on its searches' speed (`apply(action, record=False)`).  Prints rounds and decisions per CPU-second of
each and the ratio; the issue's target is Kachuful at least twice OpenSpiel's rate.

OpenSpiel is not one of cardtable's dependencies: run this from an environment that has it
(`pip install open_spiel`) with cardtable importable (PYTHONPATH pointing at the checkout).

Run: python3 benchmarks/openspiel_anchor.py [--rounds N] [--runs N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from cardtable.games.kachuful.rules import RULES as KACHUFUL

PLAYERS, TRICKS = 4, 7


def ours(rounds: int) -> tuple[float, float]:
    """Kachuful: (rounds, decisions) per CPU-second."""
    rand = random.Random(1).random
    options = {"hands": str(TRICKS), "trump": "turn_up"}
    decisions = 0
    cpu = time.process_time()
    for seed in range(rounds):
        state = KACHUFUL.new_game(PLAYERS, options, seed=seed)
        while state.turn is not None:
            legal = state.legal_actions()
            state.apply(legal[int(rand() * len(legal))], record=False)
            decisions += 1
    spent = time.process_time() - cpu
    return rounds / spent, decisions / spent


def theirs(pyspiel, rounds: int) -> tuple[float, float]:
    """OpenSpiel's oh_hell: (rounds, decisions) per CPU-second (chance nodes sampled, not counted as decisions)."""
    game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": TRICKS})
    rand = random.Random(1).random
    decisions = 0
    cpu = time.process_time()
    for _ in range(rounds):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rand() * len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[int(rand() * len(legal))])
            decisions += 1
    spent = time.process_time() - cpu
    return rounds / spent, decisions / spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed here (pip install open_spiel): nothing to compare with.")
        return 1
    ratios, mine, other = [], [], []
    for _ in range(args.runs):  # alternated, so a change of the machine's speed touches both alike
        a, b = ours(args.rounds), theirs(pyspiel, args.rounds)
        mine.append(a)
        other.append(b)
        ratios.append(a[0] / b[0])
    for name, rates in (("kachuful", mine), ("oh_hell", other)):
        print(f"{name:9s} {statistics.median(r[0] for r in rates):8.0f} rounds  "
              f"{statistics.median(r[1] for r in rates):9.0f} decisions per CPU-second")
    ratio = statistics.median(ratios)
    print(f"Kachuful plays {ratio:.2f}x OpenSpiel's rounds a CPU-second (target at least 2x): "
          f"{'ok' if ratio >= 2 else 'BELOW TARGET'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
