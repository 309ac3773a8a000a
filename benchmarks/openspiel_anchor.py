"""Kachuful's engine against OpenSpiel's oh_hell, driven from Python the same way, side by side in one run.

Both play whole random rounds of seven tricks among four players, the deal included (OpenSpiel deals through its
chance nodes, one card at a time; Kachuful inside `new_game`), every decision a uniformly random legal move, and
our engine on its searches' speed (`apply(action, record=False)`).  Prints rounds and decisions per CPU-second of
each and the ratio; the issue's target is Kachuful at least twice OpenSpiel's rate.

OpenSpiel is not one of cardtable's dependencies: run this from an environment that has it
(`pip install open_spiel`) with cardtable importable (PYTHONPATH pointing at the checkout).

A third line plays the same rounds on the lean Oh Hell of `ismcts_yardstick.py` (cards as ints, no checks, no
record): the speed a plain-Python round can reach at all, for scale.  On the machine this was written on it played
1.2-1.6x OpenSpiel's rounds, so "at least 2x OpenSpiel" is beyond any engine in plain Python there; our engine, with
its checks and its refusals' reasons, played 0.95-1.05x.

Run: python3 benchmarks/openspiel_anchor.py [--rounds N] [--runs N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from cardtable.games.kachuful.rules import RULES as KACHUFUL

try:
    from ismcts_yardstick import Lean  # run as a script: benchmarks/ is on the path
except ImportError:  # imported as benchmarks.openspiel_anchor
    from benchmarks.ismcts_yardstick import Lean

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


def lean(rounds: int) -> tuple[float, float]:
    """The lean Oh Hell of the ISMCTS yardstick: (rounds, decisions) per CPU-second."""
    rng = random.Random(1)
    rand = rng.random
    decisions = 0
    cpu = time.process_time()
    for _ in range(rounds):
        state = Lean(rng)
        while not state.over():
            legal = state.legal()
            state.apply(legal[int(rand() * len(legal))])
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
    ratios, lean_ratios, mine, other, leaner = [], [], [], [], []
    for _ in range(args.runs):  # alternated, so a change of the machine's speed touches all alike
        a, b, c = ours(args.rounds), theirs(pyspiel, args.rounds), lean(args.rounds)
        mine.append(a)
        other.append(b)
        leaner.append(c)
        ratios.append(a[0] / b[0])
        lean_ratios.append(c[0] / b[0])
    for name, rates in (("kachuful", mine), ("oh_hell", other), ("lean", leaner)):
        print(f"{name:9s} {statistics.median(r[0] for r in rates):8.0f} rounds  "
              f"{statistics.median(r[1] for r in rates):9.0f} decisions per CPU-second")
    print(f"the lean plain-Python round plays {statistics.median(lean_ratios):.2f}x OpenSpiel's rounds")
    ratio = statistics.median(ratios)
    print(f"Kachuful plays {ratio:.2f}x OpenSpiel's rounds a CPU-second (target at least 2x): "
          f"{'ok' if ratio >= 2 else 'BELOW TARGET'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
