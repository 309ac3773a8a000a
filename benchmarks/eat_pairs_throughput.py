"""Random-playout throughput of the Eat Pairs engine, in actions per CPU-second, beside Kachuful's engine measured
the same way in the same run (the anchor: the target is at least 100,000 actions per CPU-second, where Kachuful's
engine does about 150,000).

An action is one `legal_actions()` and one `apply()` of a uniformly random pick (new games included: a deal of
Eat Pairs has few actions, so dealing weighs).

Run: python3 benchmarks/eat_pairs_throughput.py [--games N]
"""

from __future__ import annotations

import argparse

from playouts import TARGET, actions_per_cpu_second, kachuful_anchor

from cardtable.games.eat_pairs.rules import RULES as EAT_PAIRS


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=4000)
    args = parser.parse_args()
    anchor = kachuful_anchor(args.games // 4)
    worst = None
    for players in range(2, 7):
        for label, options in (("default options", {}),
                               ("claim by hand, a deal per player", {"claim_by_hand": True, "deals": "per_player"})):
            rate = actions_per_cpu_second(EAT_PAIRS, players, options, args.games // players)
            worst = rate if worst is None else min(worst, rate)
            print(f"Eat Pairs, {players} players, {label}: {rate:,.0f} actions per CPU-second "
                  f"({rate / anchor:.2f} of the anchor)")
    verdict = "ok" if worst is not None and worst >= TARGET else "BELOW TARGET"
    print(f"slowest: {worst:,.0f} actions per CPU-second (target {TARGET:,}): {verdict}")


if __name__ == "__main__":
    main()
