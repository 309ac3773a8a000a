"""Bots: every bot picks an action from a state it is allowed to see (a determinization).

Difficulty levels, the same for every game (`make_bot`):

- easy: the game's rule bot with a blunder now and then (`NoisyBot`: a uniformly random legal action with
  probability `EASY_NOISE`); a uniformly random bot for a game without a rule bot;
- normal: the game's rule bot (its `GamePlugin.rule_bot`); random without one;
- hard: Information-Set Monte Carlo Tree Search (`cardtable.bots.ismcts.ISMCTSBot`) with the game's search hooks
  (`GamePlugin.search`), or, for a game whose search settings say `method="rollouts"`, its playout policy improved
  by rollouts on common worlds (`cardtable.bots.rollouts.RolloutBot`).

A bot is anything with `choose(state, seat) -> Action`; the table hands it `state.determinize(seat, rng)`, never the
real state.  `cardtable.bots.worker` runs decisions off the UI thread.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

from cardtable.core.engine import Action, State

if TYPE_CHECKING:  # the plugin module imports the search from this package
    from cardtable.games.plugin import GamePlugin

LEVELS = ("easy", "normal", "hard")
EASY_NOISE = 0.3
HARD_ITERATIONS = 1500  # playouts per decision: the budget, so a seed and a position always give the same choice
#: The search's safety net, in CPU seconds of the thread that searches (`ismcts.search_clock`): other programs on a
#: busy machine do not use it up, so only a search that runs away is cut.  Every game's budget stays well inside it
#: (benchmarks/bot_speed.py times every game's decisions).
HARD_TIME_LIMIT = 5.0


class Bot(Protocol):
    """Chooses an action for `seat` from a determinized state (never the real one)."""

    def choose(self, state: State, seat: int) -> Action: ...


class RandomBot:
    """Any legal action, uniformly."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        return self.rng.choice(state.legal_actions())


class NoisyBot:
    """Another bot that, with probability `noise`, plays a uniformly random legal action instead."""

    def __init__(self, bot: Bot, noise: float = EASY_NOISE, seed: int | None = None) -> None:
        self.bot = bot
        self.noise = noise
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        if self.rng.random() < self.noise:
            return self.rng.choice(state.legal_actions())
        return self.bot.choose(state, seat)


class RuleRollout:
    """The game's rule bot as a playout policy (for games whose rule bot is cheap)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def __call__(self, state: State, rng: random.Random) -> Action:
        return self.bot.choose(state, state.turn)  # type: ignore[arg-type]


def make_hard_bot(game: GamePlugin, seed: int | None = None, **settings: Any) -> Bot:
    """The hard bot with the game's hooks: ISMCTS, or rollouts on common worlds with `method="rollouts"`.
    Settings, later ones winning: the defaults, the game's search settings, then `settings`.  `rule_rollouts=True`
    plays the playouts with the game's rule bot."""
    from dataclasses import replace

    from cardtable.bots.ismcts import ISMCTSBot
    from cardtable.bots.rollouts import RolloutBot

    hooks = game.search
    chosen: dict[str, Any] = dict(hooks.settings)
    chosen.update(settings)
    method = chosen.pop("method", "ismcts")
    rule_bot = game.rule_bot
    if chosen.pop("rule_rollouts", False) and hooks.rollout is None and rule_bot is not None:
        hooks = replace(hooks, rollout=RuleRollout(rule_bot(random.Random(seed).randrange(2**31))))
    chosen.setdefault("time_limit", HARD_TIME_LIMIT)
    if method == "rollouts":
        return RolloutBot(seed, hooks=hooks, **chosen)
    if method != "ismcts":
        raise ValueError(f"unknown search method {method!r}")
    chosen.setdefault("iterations", HARD_ITERATIONS)
    return ISMCTSBot(seed, hooks=hooks, **chosen)


def make_bot(game: GamePlugin, level: str, seed: int | None = None) -> Bot:
    """The bot for a difficulty level (see the module docstring)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose from {LEVELS}")
    if level == "hard":
        return make_hard_bot(game, seed)
    rule_bot = game.rule_bot
    if rule_bot is None:
        return RandomBot(seed)
    if level == "normal":
        return rule_bot(seed)
    rng = random.Random(seed)
    return NoisyBot(rule_bot(rng.randrange(2**31)), EASY_NOISE, rng.randrange(2**31))
