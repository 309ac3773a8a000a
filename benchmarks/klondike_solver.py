"""The Klondike solver on random deals: how many it decides, how many are winnable, and how long it takes.

Run: python3 benchmarks/klondike_solver.py [--deals N] [--first SEED] [--time-limit S] [--draw 1|3]
     [--passes unlimited|limited] [--verbose]

Deals are seeds first .. first + deals - 1 of the engine.  The time limit is CPU seconds per deal
(`time.process_time`), the fair measure on a busy machine; the wall time is printed beside it.  The winnable share
is among decided deals, with its 95% Wilson interval, next to the published figure for draw 1 with unlimited passes
(Blake and Gent, "The Winnability of Klondike Solitaire and Many Other Patience Games", 2019: 81.945% +- 0.084%).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from cardtable.games.klondike.rules import RULES, KlondikeState
from cardtable.games.klondike.solver import solve

PUBLISHED = 81.945  # percent winnable, draw 1, unlimited passes, "thoughtful" (Blake and Gent)


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion, as fractions."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return centre - half, centre + half


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by the nearest-rank method."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def replays(state: KlondikeState, line: tuple) -> bool:
    """Whether `line` is legal step by step from a clone of `state` and wins it."""
    game = state.clone()
    for action in line:
        if action not in game.legal_actions():
            return False
        game.apply(action)
    return game.won


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first", type=int, default=1, help="seed of the first deal")
    parser.add_argument("--time-limit", type=float, default=10.0, help="CPU seconds per deal")
    parser.add_argument("--draw", type=int, choices=(1, 3), default=1)
    parser.add_argument("--passes", choices=("unlimited", "limited"), default="unlimited")
    parser.add_argument("--verbose", action="store_true", help="a line per deal")
    args = parser.parse_args()
    options = {"draw": args.draw, "passes": args.passes, "scoring": "standard"}

    counts = {"won": 0, "unwinnable": 0, "undecided": 0}
    cpu_times: list[float] = []
    wall_times: list[float] = []
    bad_lines = 0
    total_wall = time.perf_counter()
    for seed in range(args.first, args.first + args.deals):
        state = RULES.new_game(1, options, seed=seed)
        wall = time.perf_counter()
        solution = solve(state, time_limit=args.time_limit)
        wall = time.perf_counter() - wall
        counts[solution.outcome] += 1
        cpu_times.append(solution.seconds)
        wall_times.append(wall)
        if solution.outcome == "won" and not replays(state, solution.line):
            bad_lines += 1
        if args.verbose:
            print(f"seed {seed}: {solution.outcome}, {solution.nodes} positions, "
                  f"{solution.seconds:.2f} CPU s, {wall:.2f} wall s", flush=True)
    total_wall = time.perf_counter() - total_wall

    deals = args.deals
    decided = counts["won"] + counts["unwinnable"]
    low, high = wilson(counts["won"], decided)
    print(f"Klondike solver: {deals} deals (seeds {args.first}..{args.first + deals - 1}), draw {args.draw}, "
          f"{args.passes} passes, limit {args.time_limit:g} CPU s per deal")
    print(f"decided:    {decided}/{deals} = {100 * decided / deals:.1f}% (target: at least 99%); "
          f"undecided: {counts['undecided']}")
    share = 100 * counts["won"] / decided if decided else 0.0
    print(f"winnable:   {counts['won']}/{decided} decided = {share:.1f}% "
          f"(95% Wilson interval {100 * low:.1f}%..{100 * high:.1f}%); unwinnable: {counts['unwinnable']}")
    if args.draw == 1 and args.passes == "unlimited":
        print(f"published:  {PUBLISHED}% (Blake and Gent 2019, draw 1, unlimited passes)")
    for name, times in (("CPU", cpu_times), ("wall", wall_times)):
        print(f"{name + ' time:':11} median {statistics.median(times):.3f} s (target under 1 s), "
              f"p90 {percentile(times, 90):.3f} s, max {max(times):.3f} s, total {sum(times):.1f} s")
    print(f"lines:      {counts['won'] - bad_lines}/{counts['won']} winning lines replay through the engine")
    print(f"run:        {total_wall:.1f} wall s in all")


if __name__ == "__main__":
    main()
