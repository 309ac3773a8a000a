"""The Klondike solver on random deals: how many it decides, how many are winnable, and how long it takes.

Run: python3 benchmarks/klondike_solver.py [--deals N] [--first SEED] [--time-limit S] [--draw 1|3|both]
     [--passes unlimited|limited] [--verbose]

Deals are seeds first .. first + deals - 1 of the engine.  The time limit is CPU seconds per deal
(`time.process_time`), the fair measure on a busy machine; the wall time is printed beside it.  The winnable share
is among decided deals, with its 95% Wilson interval, and among all deals as the bounds the undecided ones leave.
`--draw both` runs the same deals with draw 1 and with draw 3 and prints the two shares side by side.

The published figure: Blake and Gent, "The Winnability of Klondike Solitaire and Many Other Patience Games" (2019),
found 81.945% +- 0.084% of deals winnable for "thoughtful" Klondike (every card seen, as this solver sees them),
with their solver Solvitaire's "klondike" rules: DRAW 3 with unlimited passes (its rules preset deals 3 cards from
the stock and redeals without limit; its draw-1 preset has no redeal), the rules of Yan et al. (2005) and Bjarnason
et al. (2007).  The lonelybot solver (2024), which like this game lets foundation cards come back (Solvitaire's
preset does not), found 81.96% +- 0.05% for the same draw-3 rules.  It is no figure for draw 1 with unlimited
passes, where more deals are winnable (dealing one card at a time reaches every talon card); the benchmark compares
it only with a draw-3, unlimited-passes run.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from dataclasses import dataclass, field

from cardtable.games.klondike.rules import RULES, KlondikeState
from cardtable.games.klondike.solver import solve

PUBLISHED = 81.945  # percent winnable, draw 3, unlimited passes, thoughtful (Blake and Gent 2019)
PUBLISHED_HALF_WIDTH = 0.084
PUBLISHED_VARIANT = (3, "unlimited")


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


@dataclass
class Run:
    """The results of one variant over the deals."""

    draw: int
    passes: str
    counts: dict[str, int] = field(default_factory=lambda: {"won": 0, "unwinnable": 0, "undecided": 0})
    cpu_times: list[float] = field(default_factory=list)
    wall_times: list[float] = field(default_factory=list)
    undecided: list[int] = field(default_factory=list)
    bad_lines: int = 0

    @property
    def decided(self) -> int:
        return self.counts["won"] + self.counts["unwinnable"]

    @property
    def share(self) -> float:
        """Percent winnable among decided deals."""
        return 100 * self.counts["won"] / self.decided if self.decided else 0.0


def run_variant(draw: int, args: argparse.Namespace) -> Run:
    """Solve the deals with one draw count, printing a line per deal when asked."""
    options = {"draw": draw, "passes": args.passes, "scoring": "standard"}
    run = Run(draw, args.passes)
    for seed in range(args.first, args.first + args.deals):
        state = RULES.new_game(1, options, seed=seed)
        wall = time.perf_counter()
        solution = solve(state, time_limit=args.time_limit)
        wall = time.perf_counter() - wall
        run.counts[solution.outcome] += 1
        run.cpu_times.append(solution.seconds)
        run.wall_times.append(wall)
        if solution.outcome == "undecided":
            run.undecided.append(seed)
        if solution.outcome == "won" and not replays(state, solution.line):
            run.bad_lines += 1
        if args.verbose:
            print(f"draw {draw} seed {seed}: {solution.outcome}, {solution.nodes} positions, "
                  f"{solution.seconds:.2f} CPU s, {wall:.2f} wall s", flush=True)
    return run


def report(run: Run, args: argparse.Namespace, total_wall: float) -> None:
    """Print the summary of one variant."""
    deals = args.deals
    counts = run.counts
    low, high = wilson(counts["won"], run.decided)
    print(f"Klondike solver: {deals} deals (seeds {args.first}..{args.first + deals - 1}), draw {run.draw}, "
          f"{run.passes} passes, limit {args.time_limit:g} CPU s per deal")
    print(f"decided:    {run.decided}/{deals} = {100 * run.decided / deals:.1f}% (target: at least 99%); "
          f"undecided: {counts['undecided']}" + (f" (seeds {', '.join(map(str, run.undecided))})" if run.undecided
                                                 else ""))
    print(f"winnable:   {counts['won']}/{run.decided} decided = {run.share:.1f}% "
          f"(95% Wilson interval {100 * low:.1f}%..{100 * high:.1f}%); unwinnable: {counts['unwinnable']}")
    print(f"            of all {deals} deals: {100 * counts['won'] / deals:.1f}% won, "
          f"at most {100 * (counts['won'] + counts['undecided']) / deals:.1f}% winnable")
    if (run.draw, run.passes) == PUBLISHED_VARIANT:
        print(f"published:  {PUBLISHED}% +- {PUBLISHED_HALF_WIDTH}% (Blake and Gent 2019, thoughtful Klondike: "
              f"draw 3, unlimited passes: the rules of this run)")
    elif run.passes == "unlimited":
        print(f"published:  none for these rules; Blake and Gent's {PUBLISHED}% is for draw 3 with unlimited "
              f"passes (run --draw 3 or --draw both to compare)")
    for name, times in (("CPU", run.cpu_times), ("wall", run.wall_times)):
        print(f"{name + ' time:':11} median {statistics.median(times):.3f} s (target under 1 s), "
              f"p90 {percentile(times, 90):.3f} s, max {max(times):.3f} s, total {sum(times):.1f} s")
    print(f"lines:      {counts['won'] - run.bad_lines}/{counts['won']} winning lines replay through the engine")
    print(f"run:        {total_wall:.1f} wall s in all")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first", type=int, default=1, help="seed of the first deal")
    parser.add_argument("--time-limit", type=float, default=10.0, help="CPU seconds per deal")
    parser.add_argument("--draw", choices=("1", "3", "both"), default="1", help="cards dealt at a time")
    parser.add_argument("--passes", choices=("unlimited", "limited"), default="unlimited")
    parser.add_argument("--verbose", action="store_true", help="a line per deal")
    args = parser.parse_args()

    runs = []
    for draw in (1, 3) if args.draw == "both" else (int(args.draw),):
        start = time.perf_counter()
        run = run_variant(draw, args)
        report(run, args, time.perf_counter() - start)
        runs.append(run)
        print()
    if len(runs) == 2:
        print(f"both:       winnable among decided deals: draw 1 {runs[0].share:.1f}%, draw 3 {runs[1].share:.1f}% "
              f"({args.passes} passes)")
        if args.passes == "unlimited":
            print(f"            the published {PUBLISHED}% (Blake and Gent 2019) is the draw-3 figure: compare it with "
                  f"{runs[1].share:.1f}%")


if __name__ == "__main__":
    main()
