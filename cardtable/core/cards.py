"""Cards and deck builders shared by every game.

A `Card` is small, immutable and hashable.  Every physical card in a game is distinct:
two-deck games and decks with repeated faces tell copies apart by `copy`, so a card
can be followed from zone to zone (the table animates by card identity).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS: dict[str, str] = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_NAMES: dict[str, str] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RED_SUITS = frozenset({"H", "D"})

#: Ranks as integers: 1 = ace ... 13 = king.  Jokers use rank 0 and suit "J".
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANKS: tuple[int, ...] = tuple(range(1, 14))
RANK_LABELS: dict[int, str] = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"} | {
    r: str(r) for r in range(2, 10)
}
_LABEL_TO_RANK: dict[str, int] = {label: rank for rank, label in RANK_LABELS.items()}
JOKER_SUIT = "J"


class Card(NamedTuple):
    """One physical card.

    `rank`: 1..13 for standard cards (0 for a joker, any int for custom decks).
    `suit`: "S", "H", "D", "C", "J" (joker) or a custom suit/colour name.
    `copy`: which copy of an identical face this is (0 in a single deck).  A deck's two jokers are one black and
    one red: a joker with an even copy number is black, one with an odd copy number red.
    """

    rank: int
    suit: str
    copy: int = 0

    @property
    def is_joker(self) -> bool:
        return self.suit == JOKER_SUIT

    @property
    def is_red(self) -> bool:
        """A heart or a diamond, or a red joker."""
        return self.suit in RED_SUITS or (self.suit == JOKER_SUIT and self.copy % 2 == 1)

    @property
    def colour(self) -> str:
        """'red' or 'black' (a joker's colour too)."""
        return "red" if self.is_red else "black"

    @property
    def face(self) -> tuple[int, str]:
        """Rank and suit without the copy number: what the players see."""
        return (self.rank, self.suit)

    @property
    def code(self) -> str:
        """Compact text form, e.g. 'QH', '10S', 'JK', 'QH#1' for a second copy."""
        if self.is_joker:
            base = "JK"
        elif self.suit in SUITS and self.rank in RANK_LABELS:
            base = RANK_LABELS[self.rank] + self.suit
        else:
            base = f"{self.rank}:{self.suit}"
        return base if self.copy == 0 else f"{base}#{self.copy}"

    @property
    def label(self) -> str:
        """Human-readable short name, e.g. 'Q♥'."""
        if self.is_joker:
            return "Red joker" if self.is_red else "Black joker"
        if self.suit in SUITS:
            return RANK_LABELS.get(self.rank, str(self.rank)) + SUIT_SYMBOLS[self.suit]
        return f"{self.suit} {self.rank}"

    @classmethod
    def from_code(cls, code: str) -> Card:
        """Inverse of `code`; raises ValueError on anything malformed or not in canonical form."""
        if not isinstance(code, str) or not code:
            raise ValueError(f"not a card code: {code!r}")
        card = cls._parse(code)
        if card.code != code:  # one card, one spelling: "QH#0", " 5:S" and the like are refused
            raise ValueError(f"not a card code: {code!r}")
        return card

    @classmethod
    def _parse(cls, code: str) -> Card:
        base, _, copy_text = code.partition("#")
        copy = 0
        if "#" in code:  # a trailing "#" with no copy number is malformed too
            if not copy_text.isdigit():
                raise ValueError(f"not a card code: {code!r}")
            copy = int(copy_text)
        if base == "JK":
            return cls(0, JOKER_SUIT, copy)
        if ":" in base:
            rank_text, _, suit = base.partition(":")
            try:
                return cls(int(rank_text), suit, copy)
            except ValueError:
                raise ValueError(f"not a card code: {code!r}") from None
        rank_text, suit = base[:-1], base[-1:]
        if suit not in SUITS or rank_text not in _LABEL_TO_RANK:
            raise ValueError(f"not a card code: {code!r}")
        return cls(_LABEL_TO_RANK[rank_text], suit, copy)


def standard_deck(copy: int = 0) -> list[Card]:
    """The 52 cards, suit by suit, ace to king."""
    return [Card(rank, suit, copy) for suit in SUITS for rank in RANKS]


def deck_with_jokers(jokers: int = 2) -> list[Card]:
    """A standard deck plus `jokers` jokers (told apart by copy number)."""
    return standard_deck() + [Card(0, JOKER_SUIT, i) for i in range(jokers)]


def multi_deck(decks: int = 2, jokers_per_deck: int = 0) -> list[Card]:
    """Several standard decks shuffled together; copy n is the n-th deck."""
    cards: list[Card] = []
    for n in range(decks):
        cards += standard_deck(n)
        cards += [Card(0, JOKER_SUIT, n * jokers_per_deck + j) for j in range(jokers_per_deck)]
    return cards


def custom_deck(faces: Iterable[tuple[int, str]]) -> list[Card]:
    """A deck from a list of (rank, suit) faces; repeated faces get distinct copy numbers."""
    seen: dict[tuple[int, str], int] = {}
    cards: list[Card] = []
    for rank, suit in faces:
        n = seen.get((rank, suit), 0)
        seen[(rank, suit)] = n + 1
        cards.append(Card(rank, suit, n))
    return cards


# ----- hand orders ----------------------------------------------------------------------------------------------

#: The suits as a sorted hand shows them: spades, hearts, clubs, diamonds, so the colours alternate.
ALTERNATING_SUITS: tuple[str, ...] = ("S", "H", "C", "D")


def alternating_suits(*first: str) -> dict[str, int]:
    """Each suit's place in a sorted hand: the suits in `first` (jokers, a trump group) ahead, then
    `ALTERNATING_SUITS`."""
    return {suit: i for i, suit in enumerate((*first, *ALTERNATING_SUITS))}


def hand_order(cards: Iterable[Card], key: Callable[[Card], Any]) -> dict[Card, int]:
    """Each card's place in a hand sorted by `key` (one int per card: cheaper to compare than the key itself)."""
    return {c: i for i, c in enumerate(sorted(cards, key=key))}


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy of `cards` using the game's own generator."""
    out = list(cards)
    rng.shuffle(out)
    return out
