"""Random-playout throughput of the Eat Pairs engine, in actions per CPU-second, beside Kachuful's engine measured
the same way in the same run (the anchor: the target is at least 100,000 actions per CPU-second, where Kachuful's
engine does about 150,000).

An action is one `legal_actions()` and one `apply()` of a uniformly random pick (new games included: a deal of
Eat Pairs has few actions, so dealing weighs).

Run: python3 benchmarks/eat_pairs_throughput.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from cardtable.games.eat_pairs.rules import RULES as EAT_PAIRS
from cardtable.games.kachuful.rules import RULES as KACHUFUL

TARGET = 100_000


def actions_per_cpu_second(rules: Any, players: int, options: dict[str, Any], games: int) -> float:
    rand = random.Random(1).random  # one float draw per pick, as a playout policy makes it
    actions = 0
    cpu = time.process_time()
    for seed in range(games):
        state = rules.new_game(players, options, seed=seed)
        while state.turn is not None:
            legal = state.legal_actions()
            state.apply(legal[int(rand() * len(legal))])
            actions += 1
    return actions / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=4000)
    args = parser.parse_args()
    anchor = actions_per_cpu_second(KACHUFUL, 4, {"hands": "8"}, args.games // 4)
    print(f"anchor: Kachuful, 4 players, 8-card deals: {anchor:,.0f} actions per CPU-second")
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
