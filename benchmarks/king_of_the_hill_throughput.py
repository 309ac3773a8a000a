"""Random-playout throughput of the King of the Hill engine, in actions per CPU-second, beside Kachuful's engine
measured the same way in the same run (the anchor: the target is at least 100,000 actions per CPU-second, where
Kachuful's engine does about 150,000).

An action is one `legal_actions()` and one `apply()` of a uniformly random pick (new games included; the deal runs
inside the actions, and a burial of 8 cards is one action drawn from the lazy list of every burial).

Run: python3 benchmarks/king_of_the_hill_throughput.py [--games N]
"""

from __future__ import annotations

import argparse

from playouts import TARGET, actions_per_cpu_second, kachuful_anchor

from cardtable.games.king_of_the_hill.rules import RULES as KING


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    anchor = kachuful_anchor(args.games * 5)
    worst = None
    for label, options, games in (("one round", {"rounds": 1}, args.games),
                                  ("three rounds, timers on", {"rounds": 3, "timers": True}, args.games // 3),
                                  ("until a rank passes A", {}, max(1, args.games // 15))):
        rate = actions_per_cpu_second(KING, 5, options, games)
        worst = rate if worst is None else min(worst, rate)
        print(f"King of the Hill, {label}: {rate:,.0f} actions per CPU-second ({rate / anchor:.2f} of the anchor)")
    verdict = "ok" if worst is not None and worst >= TARGET else "BELOW TARGET"
    print(f"slowest: {worst:,.0f} actions per CPU-second (target {TARGET:,}): {verdict}")


if __name__ == "__main__":
    main()
