"""Words apart from rules: the one translation function every sentence the app shows goes through, and what the
games' narrations are made of (the players' names with the person spoken to as "you", lists, and sentences with
named fields written out in the third and the second person).

`tr` translates a message at the moment it is shown (the language may change while the app runs); `N_` only marks
a message where it is written, so that the catalogs' extraction finds it.  Core stays pure: the app installs the
catalogs' translation (`install`); until it does, `tr` gives the English it is asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.core.cards import Card

_translate: Callable[[str], str] = str


def install(translate: Callable[[str], str] | None) -> None:
    """Make `translate` (a catalog's gettext) the translation of every message; None: English again."""
    global _translate
    _translate = translate if translate is not None else str


def tr(message: str) -> str:
    """`message` in the person's language."""
    return _translate(message)


def N_(message: str) -> str:  # noqa: N802 (gettext's name for the marker)
    """Mark `message` for the catalogs where it is written; it is translated (`tr`) where it is shown."""
    return message


def and_list(words: Iterable[str]) -> str:
    """Words as a list in the person's language: "A", "A and B", "A, B and C" ("" for none)."""
    words = list(words)
    if len(words) < 2:
        return "".join(words)
    comma = tr(N_(", "))
    return tr(N_("{first} and {last}")).format(first=comma.join(words[:-1]), last=words[-1])


def card_words(card: Card) -> str:
    """A card as a sentence names it: "Q♥"; a joker in words."""
    if card.is_joker:
        return tr(N_("the red joker")) if card.is_red else tr(N_("the black joker"))
    return card.label


def cards_words(cards: Iterable[Card]) -> str:
    """Cards as a sentence lists them: "Q♥, 10♠ and 3♦"."""
    return and_list(card_words(c) for c in cards)


@dataclass(frozen=True)
class Names:
    """The players' names as the table says them, and the seats the table speaks to as "you" (the person at the
    screen, whose seat is called "You")."""

    names: tuple[str, ...]
    you: frozenset[int] = frozenset()

    YOU = "You"

    @classmethod
    def seats(cls, players: int) -> Names:
        """Seats called by number, no one spoken to ("Seat 1" ...): for logs, tests and tools."""
        return cls(tuple(tr(N_("Seat {number}")).format(number=s + 1) for s in range(players)))

    @classmethod
    def of(cls, names: Iterable[str]) -> Names:
        """The seats' names, a seat called "You" spoken to in the second person."""
        names = tuple(names)
        return cls(names, frozenset(s for s, n in enumerate(names) if n == cls.YOU))

    def __call__(self, seat: int) -> str:
        """The name of `seat`, as the subject of a sentence about someone else."""
        return self.names[seat] if 0 <= seat < len(self.names) else tr(N_("Seat {number}")).format(number=seat + 1)

    def is_you(self, seat: int | None) -> bool:
        return seat is not None and seat in self.you

    def listed(self, seats: Iterable[int]) -> str:
        """Seats as a list: "Ann, Bo and you"."""
        return and_list(tr(N_("you")) if self.is_you(s) else self(s) for s in seats)


@dataclass(frozen=True)
class Said:
    """What is said of one event: the sentence (toast and log), and the note under the seat's name ("plays 7♥.")
    where there is one."""

    text: str
    note: str = ""


@dataclass(frozen=True)
class Line:
    """One sentence of a narration, with named fields ("{player} plays {card}."), written out for each person:
    `other` of someone else ({player} is their name), `you` to the person themselves ("You play {card}."); `note`
    and `you_note` the seat panel's note ("plays {card}.", "play {card}.").  An empty `you` reuses `other` (a
    sentence without a subject)."""

    other: str
    you: str = ""
    note: str = ""
    you_note: str = ""

    def say(self, names: Names, seat: int | None, **fields: Any) -> Said:
        """The sentence of `seat`'s act with `fields` (cards, seats given as `Seated`, lists given as text)."""
        you = names.is_you(seat)
        values = spoken(fields, names)
        if seat is not None:
            values.setdefault("player", names(seat))
        text = tr(self.you if you and self.you else self.other).format_map(values)
        note = self.you_note if you and self.you_note else self.note
        return Said(text, tr(note).format_map(values) if note else "")


@dataclass(frozen=True)
class Seated:
    """A seat given as a field of a sentence: said as its name (or "you")."""

    seat: int


def spoken(fields: Mapping[str, Any], names: Names) -> dict[str, Any]:
    """Fields as a sentence says them: cards by their labels, seats by their names, tuples of cards as lists."""
    out: dict[str, Any] = {}
    for key, value in fields.items():
        if isinstance(value, Card):
            out[key] = card_words(value)
        elif isinstance(value, Seated):
            out[key] = tr(N_("you")) if names.is_you(value.seat) else names(value.seat)
        elif isinstance(value, tuple) and value and all(isinstance(v, Card) for v in value):
            out[key] = cards_words(value)
        else:
            out[key] = value
    return out


@dataclass(frozen=True, init=False)
class Clause:
    """One clause of a longer sentence (a hint's reasons: "you keep {cards} for the last tricks"): a template marked
    `N_` and its fields; a hint gives its clauses as the field `reasons` of the template "{reasons}."."""

    template: str
    fields: tuple[tuple[str, Any], ...]

    def __init__(self, template: str, **fields: Any) -> None:
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "fields", tuple(fields.items()))


def say(template: str, names: Names, **fields: Any) -> str:
    """A sentence without a subject from `template` (a refusal, a status): translated, its fields spoken."""
    return tr(template).format_map(spoken(fields, names))
