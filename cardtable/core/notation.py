"""A position of a game as text, and back (like chess's FEN): tests build the positions they need from a few
readable lines instead of writing a state's fields, so a change of how a game keeps its state leaves them as
they are.

The text is one header line, `<game id> <players>`, then one `key: value` line per part of the position, in the
order the game's notation gives (blank lines and lines starting with `#` are skipped).  Cards are written by their
codes (`QH`, `10S`, `JK`, `QH#1`), separated by spaces; `-` is an empty list; seats' lists are separated by ` | `.
Each game's `notation.py` says which keys it has and what they mean; `to_text` writes every key, so
`from_text(to_text(state))` is the same position (the same views for every seat, the same legal moves) and
`to_text(from_text(text))` gives back a text written in full.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cardtable.core.cards import Card
from cardtable.core.engine import Option, Rules, State

EMPTY = "-"
SEATS = " | "


class NotationError(ValueError):
    """Text that is not a position of the game: names the line or key and what is wrong with it."""


class Notation(Protocol):
    """A game's position text: `to_text(state)` and `from_text(text)` (NotationError on bad text)."""

    def to_text(self, state: State) -> str: ...

    def from_text(self, text: str) -> State: ...


@dataclass(frozen=True)
class Lines:
    """A position text read into its header and its `key: value` lines (keys in order, each once)."""

    game: str
    players: int
    values: dict[str, str]

    def take(self, key: str) -> str:
        """The value of `key`; NotationError when it is missing."""
        try:
            return self.values[key]
        except KeyError:
            raise NotationError(f"the position has no {key!r} line") from None

    def cards(self, key: str) -> list[Card]:
        """The cards of `key`'s line."""
        return cards_from(self.take(key), key)

    def seats_cards(self, key: str) -> list[list[Card]]:
        """One list of cards per seat from `key`'s line (`|` between seats); NotationError unless one per player."""
        parts = self.take(key).split("|")
        if len(parts) != self.players:
            raise NotationError(f"{key!r} has {len(parts)} seats' cards for {self.players} players")
        return [cards_from(part.strip(), key) for part in parts]

    def number(self, key: str, low: int, high: int) -> int:
        """The whole number of `key`'s line, from `low` to `high`."""
        return number_from(self.take(key), key, low, high)

    def numbers(self, key: str, low: int, high: int) -> list[int]:
        """Whole numbers separated by spaces (`-`: none)."""
        value = self.take(key)
        return [] if value == EMPTY else [number_from(part, key, low, high) for part in value.split()]

    def seat_or_none(self, key: str) -> int | None:
        """A seat number, or `-` for none."""
        value = self.take(key)
        return None if value == EMPTY else number_from(value, key, 0, self.players - 1)

    def choice(self, key: str, choices: Sequence[str]) -> str:
        """One of `choices`."""
        value = self.take(key)
        if value not in choices:
            raise NotationError(f"{key!r} is {value!r}; it may be {', '.join(choices)}")
        return value

    def options(self, key: str, declared: Sequence[Option]) -> dict[str, Any]:
        """The table options of `key`'s line, `name=value` words (`options_text`); an option not named has its
        default."""
        value = self.take(key)
        chosen = {option.name: option.default for option in declared}
        known = {option.name: option for option in declared}
        named: set[str] = set()
        for word in [] if value == EMPTY else value.split():
            name, equals, choice = word.partition("=")
            option = known.get(name)
            if option is None or not equals or name in named:
                raise NotationError(f"{key!r}: {word!r} is not one of the options {', '.join(known)} as name=value")
            found = [c for c in option.choices if str(c) == choice] or ([choice] if option.custom and choice else [])
            if not found:
                raise NotationError(f"{key!r}: {name} may be {', '.join(map(str, option.choices))}, not {choice!r}")
            chosen[name] = found[0]
            named.add(name)
        return chosen

    def rules_options(self, key: str, rules: Rules) -> dict[str, Any]:
        """The options of `key`'s line (see `options`), checked by the game's rules as a new game's are."""
        try:
            return dict(rules.validate_options(self.options(key, rules.options)))
        except NotationError:
            raise
        except ValueError as exc:
            raise NotationError(f"{key!r}: {exc}") from None

    def unused(self, known: Iterable[str]) -> None:
        """NotationError naming a key the game does not have."""
        extra = [key for key in self.values if key not in set(known)]
        if extra:
            raise NotationError(f"unknown keys: {', '.join(extra)}")


def read_lines(text: str, game: str, players: range) -> Lines:
    """The header and the `key: value` lines of a position text of `game`."""
    rows = [row.strip() for row in text.strip().splitlines()]
    rows = [row for row in rows if row and not row.startswith("#")]
    if not rows:
        raise NotationError("the position is empty")
    head = rows[0].split()
    if len(head) != 2 or head[0] != game:
        raise NotationError(f"the first line must be '{game} <players>', not {rows[0]!r}")
    count = number_from(head[1], "players", players.start, players.stop - 1)
    values: dict[str, str] = {}
    for row in rows[1:]:
        key, colon, value = row.partition(":")
        key = key.strip()
        if not colon or not key:
            raise NotationError(f"a line that is not 'key: value': {row!r}")
        if key in values:
            raise NotationError(f"{key!r} is given twice")
        values[key] = value.strip()
    return Lines(game, count, values)


def write_lines(game: str, players: int, values: Iterable[tuple[str, str]]) -> str:
    """A position text from its `key: value` pairs, in order."""
    return "\n".join([f"{game} {players}", *(f"{key}: {value}" for key, value in values)]) + "\n"


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as a line's value (`-` for none)."""
    codes = [card.code for card in cards]
    return " ".join(codes) if codes else EMPTY


def seats_text(hands: Iterable[Iterable[Card]]) -> str:
    """One list of cards per seat, `|` between them."""
    return SEATS.join(cards_text(hand) for hand in hands)


def options_text(options: Mapping[str, Any]) -> str:
    """Table options as `name=value` words (`-`: none)."""
    return " ".join(f"{name}={value}" for name, value in options.items()) or EMPTY


def check_deck(placed: Iterable[Card], deck: Iterable[Card], out_key: str | None = None) -> None:
    """NotationError unless `placed` (every card the position puts somewhere) is `deck` exactly: no card that is
    not in it, none more often than the deck has it, none missing (`out_key`: the key that lists the cards out of
    play, named in the message)."""
    wanted = Counter(deck)
    counts = Counter(placed)
    for card, count in counts.items():
        if card not in wanted:
            raise NotationError(f"{card.code} is not a card of this game's deck")
        if count > wanted[card]:
            times = "once" if wanted[card] == 1 else f"{wanted[card]} times"
            raise NotationError(f"{card.code} is there {count} times; the deck has it {times}")
    missing = [card.code for card in wanted if counts[card] < wanted[card]]
    if missing:
        where = f" (list the cards out of play in {out_key!r})" if out_key else ""
        raise NotationError(f"{len(missing)} cards are nowhere{where}, e.g. {', '.join(missing[:5])}")


def seat_text(seat: int | None) -> str:
    """A seat as a line's value (`-` for none)."""
    return EMPTY if seat is None else str(seat)


def numbers_text(values: Iterable[Any]) -> str:
    """Whole numbers as a line's value, spaces between them (`-` for none)."""
    return " ".join(str(v) for v in values) or EMPTY


def known_cards(cards: list[Card], deck: Collection[Card], key: str) -> list[Card]:
    """`cards`, each a card of `deck`; NotationError naming `key` for one that is not."""
    for card in cards:
        if card not in deck:
            raise NotationError(f"{key!r}: {card.code} is not a card of this game's deck")
    return cards


def cards_from(value: str, key: str) -> list[Card]:
    """The cards written in `value`."""
    if value in (EMPTY, ""):
        return []
    try:
        return [Card.from_code(code) for code in value.split()]
    except ValueError as exc:
        raise NotationError(f"{key!r}: {exc}") from None


def number_from(value: str, key: str, low: int, high: int) -> int:
    """A whole number from `low` to `high`."""
    text = value.strip()
    digits = text[1:] if text[:1] in "+-" else text
    if not digits.isdecimal() or not digits.isascii() or len(digits) > 12:
        raise NotationError(f"{key!r} must be a whole number, not {value!r}")
    number = int(text)
    if not low <= number <= high:
        raise NotationError(f"{key!r} is {number}; it must be from {low} to {high}")
    return number
