"""Bots: every bot picks an action from a state it is allowed to see (a determinization)."""

from __future__ import annotations

import importlib
import random
from typing import Protocol

from cardtable.core.engine import Action, State

LEVELS = ("easy", "normal", "hard")


class Bot(Protocol):
    """Chooses an action for `seat` from a determinized state (never the real one)."""

    def choose(self, state: State, seat: int) -> Action: ...


class RandomBot:
    """Any legal action, uniformly."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        return self.rng.choice(state.legal_actions())


def make_bot(game_id: str, level: str, seed: int | None = None) -> Bot:
    """The bot for a difficulty level: easy is random; normal and hard use the game's rule bot when it has one."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose from {LEVELS}")
    if level != "easy":
        try:
            module = importlib.import_module(f"cardtable.games.{game_id}.bots")
        except ModuleNotFoundError:
            module = None
        if module is not None and hasattr(module, "RuleBot"):
            return module.RuleBot(seed)
    return RandomBot(seed)
