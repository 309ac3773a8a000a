"""Random-playout throughput of the Eat Reds engine, in actions per CPU-second, beside Kachuful's engine measured
the same way in the same run (the anchor: the target is at least 100,000 actions per CPU-second, where Kachuful's
engine does about 150,000).

An action is one `legal_actions()` and one `apply()` of a uniformly random pick (new games included).

Run: python3 benchmarks/eat_reds_throughput.py [--games N]
"""

from __future__ import annotations

import argparse

from playouts import TARGET, actions_per_cpu_second, kachuful_anchor

from cardtable.games.eat_reds.rules import RULES as EAT_REDS


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=4000)
    args = parser.parse_args()
    anchor = kachuful_anchor(args.games // 4)
    worst = None
    for players in range(2, 5):
        for label, options in (("one deal", {}), ("3 deals", {"rounds": 3})):
            rate = actions_per_cpu_second(EAT_REDS, players, options, args.games // options.get("rounds", 1))
            worst = rate if worst is None else min(worst, rate)
            print(f"Eat Reds, {players} players, {label}: {rate:,.0f} actions per CPU-second "
                  f"({rate / anchor:.2f} of the anchor)")
    verdict = "ok" if worst is not None and worst >= TARGET else "BELOW TARGET"
    print(f"slowest: {worst:,.0f} actions per CPU-second (target {TARGET:,}): {verdict}")


if __name__ == "__main__":
    main()
