"""Klondike's "winnable deals only": how long a new deal takes to be proved winnable after New.

Run: python3 benchmarks/winnable_deals.py [--deals N] [--draw 1|3] [--passes unlimited|limited]

Each New starts the search the table starts (`cardtable.session.deal_search.DealChooser`, the game's solver and
its time per deal) from a fresh first seed (1..N), and the wall time until a proved deal is measured.  Target (the
issue): a median under 2 s.  Every deal found is checked: its proof replays through the engine to a won game.
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardtable.games import get_game
from cardtable.session.deal_search import DealChooser

TARGET_MEDIAN = 2.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--draw", type=int, choices=(1, 3), default=1)
    parser.add_argument("--passes", choices=("unlimited", "limited"), default="unlimited")
    args = parser.parse_args()
    game = get_game("klondike")
    assert game.solver is not None and game.winnable_deals is not None
    options = game.rules.validate_options({"draw": args.draw, "passes": args.passes, "winnable": True})
    times: list[float] = []
    tries: list[int] = []
    unproved = bad = 0
    for first in range(1, args.deals + 1):
        chooser = DealChooser(game.rules, 1, options, game.solver, game.winnable_deals.seconds, first)
        start = time.perf_counter()
        found = chooser.choose(None, 0)  # type: ignore[arg-type]
        times.append(time.perf_counter() - start)
        tries.append(found.tries)
        if found.proof is None:
            unproved += 1
            continue
        state = game.rules.new_game(1, options, found.seed)
        for action in found.proof:
            state.apply(action)
        bad += not state.won  # type: ignore[attr-defined]
    times.sort()
    print(f"Winnable deals only: {args.deals} News, draw {args.draw}, {args.passes} passes, "
          f"{game.winnable_deals.seconds:g} CPU s per deal tried")
    print(f"wall time:  median {statistics.median(times):.3f} s (target under {TARGET_MEDIAN:g} s), "
          f"p90 {times[int(0.9 * (len(times) - 1))]:.3f} s, max {times[-1]:.3f} s")
    print(f"deals tried per New: mean {statistics.mean(tries):.2f}, max {max(tries)}; none proved: {unproved}")
    print(f"proofs:     {args.deals - unproved - bad}/{args.deals - unproved} replay to a won game")


if __name__ == "__main__":
    main()
