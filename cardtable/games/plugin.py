"""What a game declares about itself, once, for the whole app: `GAME = GamePlugin(...)` in its package.

The menu, the table, the bots, the arena, the self-test and the tests find every part of a game here (its rules,
its layout, its rule bot, its hint, its search hooks), never by importing a module by name.  Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots.ismcts import SearchHooks
from cardtable.core.cards import Card
from cardtable.core.engine import Action, Rules, State

#: A game's rule bot: built from a seed, then `choose(state, seat) -> Action`.
RuleBotFactory = Callable[[int | None], Any]


@dataclass(frozen=True)
class Hint:
    """A move suggested to the person, and in words what it is and why ("J♣ onto Q♦: it turns up a card")."""

    action: Action
    text: str


Hinter = Callable[[State], Hint | None]


@dataclass(frozen=True)
class Showcase:
    """A few of the game's cards the menu shows beside its form: a "fan" held like a hand, or a solitaire "run"
    beside a face-down stock."""

    style: str = "fan"
    cards: tuple[Card, ...] = tuple(Card(rank, "S") for rank in (10, 11, 12, 13, 1))
ArenaCounts = Callable[[State], dict[str, list[tuple[int, int]]]]


@dataclass(frozen=True)
class GamePlugin:
    """One game: its pure rules engine and pure layout, plus what the generic parts may ask of it.

    rule_bot: the normal bots' player (easy adds noise); None plays at random.
    hint: the person's hint (the move and why); None falls back to the normal bot's choice.
    search: how the hard bot's search is tuned for this game (`cardtable.bots.ismcts`).
    arena_counts: per-round statistics the arena prints (Kachuful's exact bids).
    showcase: the cards the menu shows for the game.
    self_test_options: the options of the self-test's whole game, as (name, value) pairs, where the default game
    is too long for it (a fixed number of rounds).
    """

    rules: Rules
    layout: Any  # a `cardtable.core.layout.GameLayout`
    rule_bot: RuleBotFactory | None = None
    hint: Hinter | None = None
    search: SearchHooks = field(default_factory=SearchHooks)
    arena_counts: ArenaCounts | None = None
    showcase: Showcase = field(default_factory=Showcase)
    self_test_options: tuple[tuple[str, Any], ...] = ()

    @property
    def id(self) -> str:
        return self.rules.id

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def blurb(self) -> str:
        return self.rules.blurb

