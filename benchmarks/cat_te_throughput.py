"""Random-playout throughput of the Cat Te engine, in actions per CPU-second, beside Kachuful's engine measured the
same way in the same run (the anchor: the target is at least 100,000 actions per CPU-second).

An action is one `legal_actions()` and one `apply()` of a uniformly random pick (new sessions included; a random
pick between rounds stops the session half the time, so a session lasts about two rounds).

Run: python3 benchmarks/cat_te_throughput.py [--games N]
"""

from __future__ import annotations

import argparse

from playouts import TARGET, actions_per_cpu_second, kachuful_anchor

from cardtable.games.cat_te.rules import RULES as CAT_TE


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=4000)
    args = parser.parse_args()
    anchor = kachuful_anchor(args.games // 4)
    worst = None
    for players in range(2, 7):
        for label, options in (("Khmer, default options", {}),
                               ("Laos, side pot, must-beat off", {"region": "laos", "side_pot": True,
                                                                  "must_beat": False})):
            rate = actions_per_cpu_second(CAT_TE, players, options, args.games // players)
            worst = rate if worst is None else min(worst, rate)
            print(f"Cat Te, {players} players, {label}: {rate:,.0f} actions per CPU-second "
                  f"({rate / anchor:.2f} of the anchor)")
    verdict = "ok" if worst is not None and worst >= TARGET else "BELOW TARGET"
    print(f"slowest: {worst:,.0f} actions per CPU-second (target {TARGET:,}): {verdict}")


if __name__ == "__main__":
    main()
