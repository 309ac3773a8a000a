"""Shared trick-taking helpers: who may play what, and who wins a trick.

Written for every trick game of the project, so each helper takes the game's notions as arguments:

- `suit_of(card)`: the card's *effective* suit for following and for trumping.  By default its printed suit;
  a game overrides it where cards change suit (jokers that belong to the trump suit, a whole trump group that
  is one suit, a suit that is declared when the card is played).
- `rank_of(card)`: a comparable strength within a suit (`ace_high` by default; `ace_low`, or any custom order
  such as a trump group's own order).
- `can_win(index, card)`: False for a play that can never win (a folded or face-down card, a sloughed card);
  such plays are skipped.
- `trump`: the trump suit, compared with `suit_of(card)`, or None for no trump.

Ties (identical cards of a two-deck game, two jokers) go to the card played first.  Everything here is pure
and allocation-light: these run inside random playouts and tree searches.

The table-driven evaluator is the fast form the engines use.  A game builds, once per whatever decides its
tricks (trump and led suit, a trump group's order, a led colour), a contention table: what a play is keyed by (a
card, or a declared (number, colour)) -> how strongly it contends for the trick, `CANNOT_WIN` for a play that
cannot win.  `contention` builds the common table (trumps above the led suit, every other suit out);
`winning_play` (`winning_face_up` where a fold cannot win) and `best_index` pick the winner by the table in one
pass, ties to the first played.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, TypeVar, overload

from cardtable.core.cards import Card

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
S = TypeVar("S")

SuitOf = Callable[[Card], str]
RankOf = Callable[[Card], int]

# Ace high: 2 < 3 < ... < K < A (jokers, rank 0, are placed by the game's own rank function).
_ACE_HIGH = {r: (14 if r == 1 else r) for r in range(0, 14)}


def ace_high(card: Card) -> int:
    """Strength with the ace above the king: 2..13, ace 14."""
    return _ACE_HIGH.get(card.rank, card.rank)


def ace_low(card: Card) -> int:
    """Strength with the ace below the two: ace 1, 2..13."""
    return card.rank


def printed_suit(card: Card) -> str:
    return card.suit


def can_follow(hand: Iterable[Card], led: str | None, suit_of: SuitOf = printed_suit) -> bool:
    """Whether `hand` holds a card of the led suit (False when nothing is led)."""
    if led is None:
        return False
    return any(suit_of(c) == led for c in hand)


@overload
def follow_suit(hand: Sequence[Card], led: str | None) -> list[Card]: ...


@overload
def follow_suit(hand: Sequence[T], led: str | None, suit_of: Callable[[T], str]) -> list[T]: ...


def follow_suit(hand: Sequence[Any], led: str | None, suit_of: Callable[[Any], str] = printed_suit) -> list[Any]:
    """The cards of `hand` that may be played: those of the led suit if there are any, otherwise all of them.

    `led` None (the player leads) allows every card.  The hand's order is kept.
    """
    if led is None:
        return list(hand)
    if suit_of is printed_suit:
        following = [c for c in hand if c.suit == led]
    else:
        following = [c for c in hand if suit_of(c) == led]
    return following if following else list(hand)


def winning_index(
    cards: Sequence[Card],
    led: str | None = None,
    trump: str | None = None,
    *,
    suit_of: SuitOf = printed_suit,
    rank_of: RankOf = ace_high,
    can_win: Callable[[int, Card], bool] | None = None,
) -> int | None:
    """Index in `cards` (in playing order) of the card that wins the trick.

    The highest card of the trump suit wins if any was played; otherwise the highest card of the led suit.
    `led` defaults to the effective suit of the first card that can win.  Equal cards: the first played wins.
    None when no card can win (e.g. every card folded).
    """
    best = None
    best_key = None
    for i, card in enumerate(cards):
        if can_win is not None and not can_win(i, card):
            continue
        suit = suit_of(card)
        if led is None:
            led = suit
        if trump is not None and suit == trump:
            key = (1, rank_of(card))
        elif suit == led:
            key = (0, rank_of(card))
        else:
            continue
        if best_key is None or key > best_key:  # strictly greater: ties stay with the earlier card
            best, best_key = i, key
    return best


def trick_winner(
    plays: Sequence[tuple[int, Card]],
    led: str | None = None,
    trump: str | None = None,
    *,
    suit_of: SuitOf = printed_suit,
    rank_of: RankOf = ace_high,
    can_win: Callable[[int, Card], bool] | None = None,
) -> int | None:
    """The seat that wins a trick given as (seat, card) pairs in playing order; see `winning_index`."""
    i = winning_index(
        [card for _, card in plays], led, trump, suit_of=suit_of, rank_of=rank_of, can_win=can_win
    )
    return None if i is None else plays[i][0]


def beats(
    card: Card,
    best: Card,
    led: str,
    trump: str | None = None,
    *,
    suit_of: SuitOf = printed_suit,
    rank_of: RankOf = ace_high,
) -> bool:
    """Whether `card`, played after `best` (the trick's current winner), takes the trick from it."""
    suit, best_suit = suit_of(card), suit_of(best)
    if trump is not None and suit == trump:
        return best_suit != trump or rank_of(card) > rank_of(best)
    if suit != led or (trump is not None and best_suit == trump):
        return False
    return best_suit != led or rank_of(card) > rank_of(best)


# ----- the table-driven evaluator ------------------------------------------------------------------------------

CANNOT_WIN = -1
#: A trump's key in a `contention` table is this plus its rank: above every card of the led suit.
TRUMPS_OVER = 100


def contention(
    plays: Iterable[K],
    led: str | None,
    trump: str | None = None,
    *,
    suit_of: Callable[[K], str],
    rank_of: Callable[[K], int],
) -> dict[K, int]:
    """The contention table of a trick led in `led` with `trump` trumps (None: no trump), for every play in `plays`.

    A trump contends with `TRUMPS_OVER` + its rank, a card of the led suit with its rank (0 <= rank < `TRUMPS_OVER`),
    anything else `CANNOT_WIN` (`led` None: nothing led yet, only trumps contend).  Build it once per (trump, led)
    and keep it: it is a dict to look up.
    """
    table: dict[K, int] = {}
    for p in plays:
        suit, rank = suit_of(p), rank_of(p)
        assert 0 <= rank < TRUMPS_OVER, rank
        table[p] = TRUMPS_OVER + rank if suit == trump else rank if suit == led else CANNOT_WIN
    return table


def winning_play(plays: Sequence[tuple[S, K]], table: Mapping[K, int]) -> tuple[S, K]:
    """The play that wins a trick of (seat, play) pairs in playing order, by a contention table: the highest key,
    the first played on ties (and the first play when none can win)."""
    best = CANNOT_WIN
    win = plays[0]
    for play in plays:
        k = table[play[1]]
        if k > best:  # strictly greater: ties stay with the earlier play
            best, win = k, play
    return win


def winning_face_up(plays: Sequence[tuple[S, K, bool]], table: Mapping[K, int]) -> tuple[S, K, bool]:
    """`winning_play` for (seat, card, face up) plays: a card played face down (a fold) cannot win."""
    best = CANNOT_WIN
    win = plays[0]
    for play in plays:
        if play[2]:
            k = table[play[1]]
            if k > best:
                best, win = k, play
    return win


def best_index(keys: list[int]) -> int:
    """Index of the highest of the plays' keys (in playing order), the first on ties: the winner of a trick whose
    plays the game looks up itself (a key made of two parts, such as a number and its declared colour)."""
    return keys.index(max(keys))


# ----- seats ----------------------------------------------------------------------------------------------------


def next_seat(seat: int, players: int, step: int = 1) -> int:
    """The seat `step` places further round the table (clockwise is +1)."""
    return (seat + step) % players


def seats_from(first: int, players: int) -> list[int]:
    """Every seat once, in turn order, starting with `first`."""
    return [(first + k) % players for k in range(players)]
