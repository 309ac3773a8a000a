"""Random-playout throughput, shared by the games' throughput scripts: actions per CPU-second of an engine, and
Kachuful's engine measured the same way as the anchor of a run (the machine's speed, measured beside the game).

An action is one `legal_actions()` and one `apply()` of a uniformly random pick, as a playout policy makes it.
"""

from __future__ import annotations

import inspect
import random
import time
from typing import Any

from cardtable.games.kachuful.rules import RULES as KACHUFUL

TARGET = 100_000  # actions per CPU-second the issues ask of a game's engine


def actions_per_cpu_second(rules: Any, players: int, options: dict[str, Any], games: int) -> float:
    """Play `games` seeded random games of `rules` to the end; actions per CPU-second."""
    rand = random.Random(1).random  # one float draw per pick, as a playout policy makes it
    actions = 0
    cpu = time.process_time()
    for seed in range(games):
        state = rules.new_game(players, options, seed=seed)
        fast = "record" in inspect.signature(type(state).apply).parameters  # the search's speed, where there is one
        while state.turn is not None:
            legal = state.legal_actions()
            if fast:
                state.apply(legal[int(rand() * len(legal))], record=False)
            else:
                state.apply(legal[int(rand() * len(legal))])
            actions += 1
    return actions / (time.process_time() - cpu)


def kachuful_anchor(games: int) -> float:
    """Kachuful, 4 players, 8-card deals: the anchor of a run, printed and returned."""
    anchor = actions_per_cpu_second(KACHUFUL, 4, {"hands": "8"}, games)
    print(f"anchor: Kachuful, 4 players, 8-card deals: {anchor:,.0f} actions per CPU-second")
    return anchor
