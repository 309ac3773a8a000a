"""What the menu knows of a game before the game is loaded: `INFO = GameInfo(...)` in the game's package.

A game's rules, layout, bots and words are imported only when the game is first played, looked up, or drawn
(`GameInfo.load`, `cardtable.games.get_game`); the menu's list and its new-table form need only this.  Pure: no
pygame, and nothing of any game's own modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module
from itertools import product
from typing import TYPE_CHECKING, Any

from cardtable.core.cards import Card
from cardtable.core.engine import Option, Rules, usual_player_count

if TYPE_CHECKING:
    from cardtable.games.plugin import GamePlugin


@dataclass(frozen=True)
class Showcase:
    """A few of the game's cards the menu shows beside its form: a "fan" held like a hand, or a solitaire "run"
    beside a face-down stock."""

    style: str = "fan"
    cards: tuple[Card, ...] = tuple(Card(rank, "S") for rank in (10, 11, 12, 13, 1))


class Variants:
    """A game's variants, from its options and the names of those that make a variant (`variant_options`) and of
    the values under which scores carry over (`running_totals`); shared by `GameInfo` and `GamePlugin`."""

    variant_options: tuple[str, ...]
    running_totals: tuple[tuple[str, Any], ...]

    def _declared(self) -> tuple[Option, ...]:
        raise NotImplementedError

    def option(self, name: str) -> Option | None:
        """The game's option called `name`, if it has one."""
        return next((o for o in self._declared() if o.name == name), None)

    def _variant_options(self) -> list[Option]:
        return [o for o in map(self.option, self.variant_options) if o is not None]

    def _variant_values(self, options: Mapping[str, Any]) -> list[tuple[Option, Any]]:
        return [(o, options.get(o.name, o.default)) for o in self._variant_options()]

    def variant(self, options: Mapping[str, Any]) -> str:
        """The variant the table `options` make, as the statistics know it ("draw=3,scoring=vegas"); "" for a
        game without variants.  An option left out counts as its default."""
        return ",".join(f"{o.name}={value}" for o, value in self._variant_values(options))

    def variant_label(self, options: Mapping[str, Any]) -> str:
        """The variant for people ("Draw 3 · Vegas"); "" for a game without variants."""
        return " · ".join(o.choice_label(value) for o, value in self._variant_values(options))

    def variants(self) -> list[dict[str, Any]]:
        """The options of every variant, in the order of the options' choices ([{}] for a game without variants)."""
        chosen = self._variant_options()
        return [{o.name: value for o, value in zip(chosen, values, strict=True)}
                for values in product(*(o.choices for o in chosen))]

    def running_total(self, options: Mapping[str, Any]) -> str | None:
        """What the running total of the variant `options` make is called ("Vegas total"), or None when its scores
        do not carry over from game to game."""
        for name, value in self.running_totals:
            option = self.option(name)
            if option is not None and options.get(name, option.default) == value:
                return f"{option.choice_label(value)} total"
        return None


@dataclass(frozen=True)
class GameInfo(Variants):
    """A game as the menu lists it and builds its form: the metadata its rules declare (id, title, player counts,
    options, blurb, version), its showcase and variants, and `module`, where its `GAME` (`GamePlugin`) is built.

    The rules are made from the same metadata (`metadata`); `validate_options` checks a value
    the way any game's rules do, and asks the game's own rules only for a value only they know (a written-out
    choice).
    """

    id: str
    title: str
    players: range
    module: str
    options: tuple[Option, ...] = ()
    blurb: str = ""
    version: int = 1
    default_players: int | None = None
    showcase: Showcase = field(default_factory=Showcase)
    variant_options: tuple[str, ...] = ()
    running_totals: tuple[tuple[str, Any], ...] = ()

    def _declared(self) -> tuple[Option, ...]:
        return self.options

    def metadata(self) -> dict[str, Any]:
        """What the game's rules declare of themselves, written once here: `Rules(**INFO.metadata(), ...)`."""
        return {"id": self.id, "title": self.title, "players": self.players, "options": self.options,
                "blurb": self.blurb, "version": self.version, "default_players": self.default_players}

    @property
    def usual_players(self) -> int:
        """The player count a new table starts with, as the rules' `usual_players`."""
        return usual_player_count(self.players, self.default_players)

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Declared defaults overlaid with `options`; an unknown name or value is a ValueError."""
        try:
            return Rules.validate_options(self, options)  # type: ignore[arg-type]  # reads only the metadata
        except ValueError:
            if not any(o.custom for o in self.options):
                raise
        return self.load().rules.validate_options(options)  # a written-out choice: the rules read it

    def load(self) -> GamePlugin:
        """The whole game (rules, layout, bots, words), imported the first time it is asked for."""
        game: GamePlugin = import_module(self.module).GAME
        return game

    def package_attribute(self, name: str) -> Any:
        """The game package's `__getattr__`: its `GAME`, loaded on first use (`from cardtable.games.x import GAME`
        goes on working)."""
        if name == "GAME":
            return self.load()
        package = self.module.rpartition(".")[0]
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
