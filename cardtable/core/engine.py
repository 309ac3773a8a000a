"""The rules-engine contract every game implements (see DESIGN.md).

A game is a `Rules` object (metadata, declared options, `new_game`) producing `State`
objects.  States are driven only through `legal_actions()` and `apply()`; chance comes
from the state's own `random.Random(seed)`, so (game, players, options, seed, actions)
reproduces a game exactly.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import KW_ONLY, dataclass, field
from typing import Any, ClassVar

from cardtable.core.cards import Card


class IllegalAction(Exception):
    """Raised by `State.apply` for an action that is not legal now; the state is unchanged.

    `reason` names the refusal (a key of the game's narration, "must_follow") and `fields` its particulars as data
    (seats, cards, suits); the game's narration says it in the person's language (`Narration.refusal`).
    """

    def __init__(self, reason: str, **fields: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.fields = fields


@dataclass(frozen=True)
class Option:
    """A table option a game declares; the menu builds its form from these."""

    name: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    labels: tuple[str, ...] = ()  # readable text per choice; defaults to str(choice)
    #: (another option's name, its values): the option matters, and the form shows it, only when that option has
    #: one of those values (a penalty factor with penalty scoring); empty: always.
    when: tuple[Any, ...] = ()
    #: Readable texts per choice for a given number of players, where they depend on it (8→1→8 is 7→1→7 for 7).
    labels_for: Callable[[int], tuple[str, ...]] | None = None
    #: The name of a choice the person writes out themselves (a custom list of hand sizes), "" for none: its value
    #: is the text written, which the rules' `validate_options` checks.
    custom: str = ""

    def choice_label(self, value: Any, players: int | None = None) -> str:
        labels = self.labels_for(players) if self.labels_for is not None and players is not None else self.labels
        if labels and value in self.choices:
            return labels[self.choices.index(value)]
        return str(value)

    def applies(self, options: Mapping[str, Any]) -> bool:
        """Whether the option matters with the other `options` chosen (see `when`)."""
        return not self.when or options.get(self.when[0]) in self.when[1]


@dataclass(frozen=True)
class Result:
    """The outcome of a finished (or abandoned) game, or the standings of one in progress.  `scored`: the scores
    are points worth showing (False: a plain win, where the scores only tell the winners apart).  `values`: what
    else the game's narration needs to say it (plain data: rounds played, ranks, how it was won); `summary` is the
    old English sentence, kept only while a game's narration does not say its results."""

    scores: list[float]
    winners: list[int]
    summary: str = ""
    scored: bool = True
    values: Mapping[str, Any] | None = None


class Snapshot:
    """The game as it stood at a beat of a move (a full trick before it is gathered, the end of a deal), made by
    the engine while it records: any seat's view of that moment, never more than that seat may see."""

    __slots__ = ("_state",)

    def __init__(self, state: State) -> None:
        self._state = state.clone()

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` saw at the beat (None: the public view)."""
        return self._state.view(seat)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Snapshot) and self.view(None) == other.view(None)

    def __hash__(self) -> int:
        return id(self)

    def __repr__(self) -> str:
        return "Snapshot()"


@dataclass(frozen=True)
class Event:
    """Something that happened, as data, for the table to animate and the game's narration to say.

    kind: one of the game's event kinds (`Rules.event_kinds`): "move" (cards from zone `src` to zone `dst`),
    "flip", "shuffle", "score", "win", "over" ...  `seat`: who acted or is concerned; `value`: the values (points,
    a bid, a colour; plain data).  `hold` is the engine's beat: seconds (at normal animation speed) to show the
    table as it is after this event before the next one animates (a full trick before it is gathered, a turned
    card before its capture), and `snapshot` the game at that beat, which the table shows while it holds.
    `text` is the old English announcement, kept only while a game has no narration of its own.
    """

    kind: str
    cards: tuple[Card, ...] = ()
    src: str | None = None
    dst: str | None = None
    seat: int | None = None
    _: KW_ONLY
    value: Any = None
    hold: float = 0.0
    snapshot: Snapshot | None = None


@dataclass(frozen=True)
class TimeLimit:
    """A time limit on a person's decision, as the rules set it: when `seconds` run out, `default(rng)` is played
    for them (bots never wait on one).  After `hand_over_after` time-outs in a row (None: never) a bot plays the
    seat for the rest of the game.  A `quiet` limit is a beat rather than a limit (the deal goes on unless the
    person acts): no countdown is shown, nothing is said, and it never counts as a time-out."""

    seconds: float
    default: Callable[[random.Random], Action]
    hand_over_after: int | None = None
    quiet: bool = False


@dataclass(frozen=True)
class Action:
    """Base of every game's actions: small frozen dataclasses.

    `describe()` names one for a developer; the game's narration names it for a person.  Fields may be ints, strings,
    bools, `Card`s or tuples of those; `to_json` / `Rules.action_from_json` round-trip them.
    """

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            data[f.name] = _encode(getattr(self, f.name))
        return data

    def describe(self) -> str:
        """The action for a developer's message ("Play(card=QH)"); what a person reads is the narration's
        (`Narration.action`)."""
        fields = ", ".join(f"{f.name}={_plain(getattr(self, f.name))}" for f in dataclasses.fields(self))
        return f"{type(self).__name__}({fields})"


def _plain(value: Any) -> str:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple):
        return "(" + ", ".join(_plain(v) for v in value) + ")"
    return repr(value)


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return {"card": value.code}
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def _decode(value: Any, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    if hint is Card:
        if not isinstance(value, dict) or set(value) != {"card"}:
            raise ValueError(f"expected a card, got {value!r}")
        return Card.from_code(value["card"])
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"expected a list, got {value!r}")
        args = typing.get_args(hint)
        inner = args[0] if args else Any
        return tuple(_decode(v, inner) for v in value)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in typing.get_args(hint):
            return None
        for arg in typing.get_args(hint):
            if arg is type(None):
                continue
            try:
                return _decode(value, arg)
            except (ValueError, TypeError):
                continue
        raise ValueError(f"value {value!r} does not fit {hint}")
    if hint in (int, str, bool, float):
        # bool is a subclass of int: keep them apart so a tampered file cannot swap them.
        if type(value) is not hint and not (hint is float and type(value) is int):
            raise ValueError(f"expected {hint.__name__}, got {value!r}")
        return value
    return value


@functools.cache
def _decoders(types: tuple[type[Action], ...]) -> dict[str, tuple[type[Action], tuple[tuple[str, Any], ...]]]:
    """Per action type name: the class and its (field, type hint) pairs, resolved once per set of types
    (`typing.get_type_hints` is far slower than decoding an action)."""
    found: dict[str, tuple[type[Action], tuple[tuple[str, Any], ...]]] = {}
    for cls in types:
        hints = typing.get_type_hints(cls)
        found[cls.__name__] = (cls, tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls)))
    return found


def action_from_json_for(types: tuple[type[Action], ...], data: Mapping[str, Any]) -> Action:
    """Rebuild an action of one of `types` from `Action.to_json()` output."""
    if not isinstance(data, Mapping) or "type" not in data:
        raise ValueError(f"not an action: {data!r}")
    kind = data["type"]
    found = _decoders(types).get(kind) if isinstance(kind, str) else None  # unhashable -> ValueError
    if found is None:
        raise ValueError(f"unknown action type {kind!r}")
    cls, fields = found
    kwargs = {}
    for name, hint in fields:
        if name not in data:
            raise ValueError(f"action {kind} lacks field {name!r}")
        kwargs[name] = _decode(data[name], hint)
    if len(data) != len(fields) + 1:
        extra = set(data) - {"type"} - {name for name, _ in fields}
        raise ValueError(f"action {kind} has unknown fields {sorted(extra)}")
    return cls(**kwargs)


class State(ABC):
    """One game in progress.  Mutated only through `apply`."""

    turn: int | None

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action for `turn`; never empty while `turn` is not None."""

    @abstractmethod
    def apply(self, action: Action, record: bool = True) -> list[Event]:
        """Play `action`; raise IllegalAction(reason) and change nothing if it is not legal.  With `record`, the
        events of the move (and the snapshots of its beats); without (searches, bots), an empty list, and nothing
        built that only the table needs."""

    def is_over(self) -> bool:
        return self.turn is None

    def time_limit(self) -> TimeLimit | None:
        """The time limit the rules put on the decision of the seat to act now (None: none)."""
        return None

    @abstractmethod
    def result(self) -> Result:
        """Scores, winners and a summary (also meaningful mid-game, as standings)."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """Plain data that `seat` may see (None: the public view); hidden cards are None."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy, cheap (no deepcopy)."""

    @abstractmethod
    def determinize(self, seat: int | None, rng: random.Random) -> State:
        """A clone whose hidden information is resampled consistently with `view(seat)`."""

    def every_card(self) -> list[Card]:
        """Every card of the game wherever it lies, face up or down (a multiset: copies appear once each).  It
        stays the same from the deal to the end, whatever is played; a game that deals again between rounds
        gathers the same cards again.  Each game says where its cards lie; a state made for a test alone may
        leave it out."""
        raise NotImplementedError(f"{type(self).__name__} does not list its cards")


def usual_player_count(players: range, named: int | None) -> int:
    """The player count a new table starts with: the count the rules name as usual (`named`) when it is allowed,
    else 4 where allowed, else the fewest."""
    if named is not None and named in players:
        return named
    return 4 if 4 in players else players.start


@dataclass(frozen=True)
class Rules(ABC):
    """A game: metadata, declared options and the factory of states."""

    id: str
    title: str
    players: range
    options: tuple[Option, ...] = ()
    version: int = 1
    action_types: tuple[type[Action], ...] = field(default=(), repr=False)
    blurb: str = ""
    default_players: int | None = None  # the count the rules name as usual; None: 4 where allowed, else the fewest
    #: The closed set of the kinds of event the game records (`typing.get_args` of its `Literal`); a contract test
    #: holds every recorded event to it.  Empty while a game has not declared them.
    event_kinds: tuple[str, ...] = field(default=(), repr=False)

    available: ClassVar[bool] = True

    @property
    def usual_players(self) -> int:
        """The player count a new table starts with (the menu's and the self-test's)."""
        return usual_player_count(self.players, self.default_players)

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Declared defaults overlaid with `options`; an unknown name or value is a ValueError."""
        chosen = {opt.name: opt.default for opt in self.options}
        known = {opt.name: opt for opt in self.options}
        for name, value in (options or {}).items():
            opt = known.get(name)
            if opt is None:
                raise ValueError(f"unknown option {name!r} for {self.id}")
            # Compare types too: True == 1, but a tampered file must not slip a bool in for a number.
            if not any(value == c and type(value) is type(c) for c in opt.choices):
                raise ValueError(
                    f"option {name!r} of {self.id} cannot be {value!r}; choose from {list(opt.choices)}"
                )
            chosen[name] = value
        return chosen

    def check_players(self, players: int) -> None:
        if players not in self.players:
            raise ValueError(
                f"{self.title} is for {self.players.start}-{self.players.stop - 1} players, not {players}"
            )

    @abstractmethod
    def new_game(
        self, players: int, options: Mapping[str, Any] | None = None, seed: int | None = None
    ) -> State:
        """A new game; options are validated (ValueError naming the culprit)."""

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        """Rebuild an action from `Action.to_json()`; ValueError if it is not one of ours."""
        return action_from_json_for(self.action_types, data)


def new_seed() -> int:
    """A fresh random seed for a new game."""
    return random.SystemRandom().randrange(2**31)
