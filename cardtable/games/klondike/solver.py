"""A Klondike solver: proves a deal won (with the engine's own actions) or unwinnable, or gives up at a limit.

The solver sees the whole deal, face-down cards and stock included, as a proof needs.  It searches a compact copy of
the position depth first, with an explicit stack and a table of the positions already seen, so each position is
expanded once; "unwinnable" means every position reachable under the rules below was seen and none was won.
Some wins come far sooner in one order of moves than in another, so one solve runs several searches
(`_Schedule.run`): with draw 1 and unlimited passes a short one in another order first, then the main search, which
after a while takes turns with restarts, short searches in its order shuffled a little.  Each search is complete,
so whichever ends first decides the deal.

Position.  Cards are small ints, ``rank * 4 + suit`` with suits spades, hearts, clubs, diamonds (so a card is red
when its low bit is set, and ``suit ^ 2`` is the other suit of its colour).  A tableau pile is a `bytes`, bottom
first, with 64 added to a face-down card; a foundation is the rank on it, per suit.  The stock and waste form one
sequence, the talon: the waste bottom first, then the stock from its top, and a pointer to how many of them have
been dealt (the waste).  Dealing moves the pointer on by the draw count, turning the waste over puts it back to 0,
and playing the waste top removes the card just before the pointer.

Moves.  A talon play is a macro move: deal (and turn the waste over) until a card is on the waste, then play it.
Any line of the engine can be written so, because moves on the tableau and foundations do not touch the talon and
so commute with dealing: the macro moves reach exactly the positions the engine reaches.  Only the talon cards the
pass limit lets come to the waste top are offered, each with the fewest turns of the waste that reach it.

What the table of seen positions is keyed on: the piles sorted (the piles are interchangeable), the talon, and the
part of the talon state that changes what can still be dealt.  Foundations need no place in the key: they hold
exactly the cards found nowhere else.  With draw 1 and unlimited passes every talon card can always be brought to
the top, so the pointer is left out; with draw 3 and unlimited passes all pointers that are a multiple of 3, or at
the end, reach each other by dealing and turning over, so they share one key; with a pass limit the pointer and the
passes used are both kept.

Moves left out (each keeps a winnable position winnable by a strictly shorter line, which with the table of seen
positions makes the search complete; the arguments are at `_safe`, `_low_ranks` and `_Search`):

* a safe foundation move is made at once, alone (`_safe`);
* a foundation card is not brought back to the tableau when no winning line needs it (`_low_ranks`);
* a King heading a whole pile with nothing under it is not moved to another empty pile, and a King goes to the
  first empty pile only (the results are the same position with the piles renamed);
* a run moves between piles only to turn a face-down card, to empty a pile, or to free the card under it to go
  home (a run on a face-up card can only go to the other card of that card's rank and colour; this rule, as the
  search was first written, has no argument written out here: the tests check it against an exhaustive search);
* the last two, and with draw 1 and unlimited passes a talon card put on the tableau, are moves that wait for their
  use: one is made only when the move that uses its effect comes next (`_Search`).  With draw 1 and unlimited
  passes the search therefore plays talon cards to the tableau only in talon chains (`_Search.chains`).

A position is not searched when one searched before covers it: the same with the cards on top of a pile back in
the talon (`_Search.returned`, with draw 1 and unlimited passes).

Positions that are certainly lost are cut off at once (`_hopeless`): a relaxed game in which every card is free to
be used twice cannot get every card home, or two cards of one rank and colour block each other in one pile.
"""

from __future__ import annotations

import random
import time
from bisect import bisect
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

from cardtable.core.cards import KING, Card
from cardtable.core.engine import Action
from cardtable.games.klondike.rules import FOUNDATIONS, TABLEAU, Draw, KlondikeState, Move, Recycle

Outcome = str  # "won", "unwinnable" or "undecided"

_SUITS = ("S", "H", "C", "D")  # suit index order: colour is the low bit (hearts and diamonds are odd)
_SUIT_INDEX = {s: i for i, s in enumerate(_SUITS)}
_DOWN = 64  # added to a face-down card's code in a pile

# Move kinds of the search.  A move is a tuple (kind, a, b, c):
_T2T = 0  # (_, src pile, dst pile, cards)
_T2F = 1  # (_, src pile, _, _)
_W2T = 2  # (_, talon position q, dst pile, passes used after it): plays talon[q - 1]
_W2F = 3  # (_, talon position q, _, passes used after it)
_F2T = 4  # (_, suit, dst pile, _)
_CHAIN = 5  # (_, dst pile, talon cards (bytes, the first one put first), last move): see `_Search.chains`

_CHECK_EVERY = 256  # positions between two looks at the clock
_PROBE_NODES = 3000  # positions for the first, short search (see `_Schedule.run`)
_ALONE_NODES = 30_000  # positions the main search examines before the restarts begin
_SLICE = 400  # positions the main search examines between two looks at the schedule, and each restart at most
_MAIN_SHARE = 3  # slices of the main search per restart, once they begin
_SHUFFLE = 8.0  # how far a move strays in a restart's order: its place moves on by up to this many


def _code(card: Card) -> int:
    return card.rank * 4 + _SUIT_INDEX[card.suit]


def _card(code: int) -> Card:
    return Card(code >> 2, _SUITS[code & 3])


# The two cards a card may be put on in the tableau (a rank higher, the other colour), and none for a King.
_PARENTS: list[tuple[int, ...]] = [()] * 56
for _c in range(4, 56):
    _r, _s = _c >> 2, _c & 3
    _PARENTS[_c] = () if _r == KING else tuple((_r + 1) * 4 + t for t in range(4) if (t ^ _s) & 1)
# The same as two tables, with 0 (never a card) for no parent, for `_hopeless`.
_PARENT_A = bytes((ps + (0, 0))[0] for ps in _PARENTS)
_PARENT_B = bytes((ps + (0, 0))[1] for ps in _PARENTS)
# The two cards that may be put on a card in the tableau, and none on an Ace.
_CHILDREN: list[tuple[int, ...]] = [()] * 56
for _c in range(4, 56):
    _r, _s = _c >> 2, _c & 3
    _CHILDREN[_c] = () if _r == 1 else tuple((_r - 1) * 4 + t for t in range(4) if (t ^ _s) & 1)


@dataclass(frozen=True)
class Solution:
    """What `solve` found.

    outcome: "won" (`line` wins the deal), "unwinnable" (proved: no line of the engine wins it) or "undecided" (the
    time or node limit came first).  line: the engine's own actions that win from the given state, one after another
    (empty unless won).  nodes: positions the search examined.  seconds: the search's time, by the clock it was
    given (CPU seconds by default).
    """

    outcome: Outcome
    line: tuple[Action, ...]
    nodes: int
    seconds: float


# A move of the search: (kind, a, b, c) as above (ints, but for a talon chain's cards and last move).
Move_ = tuple[int, int, Any, Any]
# The effect of a move that could have waited (see `_Search`): a card it frees to build on (the card, 4..55), or
# an empty pile; _NONE for a move that does not wait.
_EMPTY = 0
_HOME = 64  # _HOME + card: the card is free to go home
_NONE = 255

# A search position: (piles, downs, foundations, talon, pointer, passes used).
_Position = tuple[tuple[bytes, ...], tuple[int, ...], tuple[int, ...], bytes, int, int]


def _position(state: KlondikeState) -> _Position:
    piles = []
    for pile, down in zip(state.tableau, state.down, strict=True):
        if pile and down >= len(pile):
            raise ValueError("a tableau pile's top card is face down; the engine never leaves one so")
        for under, over in pairwise(pile[down:]):
            if over.rank != under.rank - 1 or over.colour == under.colour:
                raise ValueError("a tableau pile's face-up cards do not form a run; the engine never leaves them so")
        piles.append(bytes(_code(c) + (_DOWN if k < down else 0) for k, c in enumerate(pile)))
    found = [0, 0, 0, 0]
    for f in state.foundations:
        if f:
            found[_SUIT_INDEX[f[-1].suit]] = f[-1].rank
    talon = bytes(_code(c) for c in state.waste) + bytes(_code(c) for c in reversed(state.stock))
    return tuple(piles), tuple(state.down), tuple(found), talon, len(state.waste), state.recycles


def _safe(card: int, found: tuple[int, ...] | list[int]) -> bool:
    """Whether playing `card` (free, and next on its foundation) to its foundation at once keeps a win a win.

    The rule: both foundations of the other colour reach at least rank - 1 and the other foundation of its colour
    at least rank - 2 (so Aces always, and Twos once the Aces of the other colour are home).  Why: with those
    foundations, every card that could ever lie on this card in the tableau (the other colour's rank - 1 cards)
    and the card under it on its foundation are "low" cards in the sense of `_low_ranks`, which no winning line needs
    to take off a foundation.  So, in a winning line, nothing is ever put on this card and its foundation never
    goes down; the same line with this card's own moves left out is then legal after the card goes home now, and
    still wins (the card that was under it is turned or freed earlier, which only adds choices).  For a card on the
    waste the same holds with draw 1: dealing passes the same other cards in the same order.
    """
    rank = card >> 2
    suit = card & 3
    return (
        rank <= 1
        or (found[suit ^ 1] >= rank - 1 and found[suit ^ 3] >= rank - 1 and found[suit ^ 2] >= rank - 2)
    )


def _low_ranks(found: tuple[int, ...]) -> tuple[int, ...]:
    """Per suit, the highest rank of the "low" cards: foundation cards no winning line needs to bring back.

    Take ranks k[s] <= found[s] with k of each suit at most 1 more than k of a suit of the other colour (the largest
    such: found[s], found of the other colour + 1, found of the other suit of its colour + 2).  Then a card that may
    lie on a low card is low too, so low cards brought back to the tableau only ever sit on top of piles, in runs of
    low cards, all of them from the foundations.  Leave out of a winning line every move of a low card (and the low
    cards carried on top of a moved run): each other move stays legal, since a card it needs free or on top is
    never low-covered, and the foundations it needs stay the same or higher; and the game is still won.  The shorter
    line needs no move that brings a low card back.
    """
    s0, s1, s2, s3 = found
    return (
        min(s0, s1 + 1, s3 + 1, s2 + 2),
        min(s1, s0 + 1, s2 + 1, s3 + 2),
        min(s2, s1 + 1, s3 + 1, s0 + 2),
        min(s3, s0 + 1, s2 + 1, s1 + 2),
    )


@lru_cache(maxsize=1 << 16)
def _stacked_twins(pile: bytes) -> tuple[tuple[int, int, int], ...]:
    """(y, x, the card right under x) for each pair of twins (two cards of one rank and colour, which have the same
    two parents) that lie in `pile` with x above y; Kings (which have no parents) left out."""
    at = {b & 63: k for k, b in enumerate(pile)}
    return tuple(
        (y, y ^ 2, pile[at[y ^ 2] - 1] & 63) for k, b in enumerate(pile) if (y := b & 63) < 52 and at.get(y ^ 2, -1) > k
    )


def _hopeless(pos: _Position) -> bool:
    """Whether `pos` is certainly lost: some card can never go home even in a relaxed game.

    The relaxed game keeps only what each event needs at the moment it happens, and forgets that a card used once
    may be needed elsewhere too.  Events: a card comes to the top of a tableau pile; it leaves the place it has now
    (alone or heading the cards on it); it goes home.  A tableau card comes to the top only after the card lying on
    it now has left (nothing can be put between them before).  A card of the talon or a foundation comes to a top
    only by going onto a card that is at a top then, or, a King, to an empty pile (there is one now, or some pile
    loses its bottom card).  A card leaves only when it is face up: home, or the same way.  A card goes home after
    the one below it in its suit, from a top or from the talon.  Every event of a winning line comes after the ones
    it needs, so the least fixpoint of these rules holds them all: when it leaves a card away from home, no winning
    line exists.

    Twins (the two cards of one rank and colour, which have the same two parents) that lie in one pile, x above y,
    are a second test.  y lies face down (x above it could not be in one run with it), and so does the card under
    it, so y moves only at the head of the cards on it: not before x has left the pile.  The relaxed game with y
    frozen (it never leaves its place, so never goes home) holds every event that can happen while y is in place.
    Say that in it x does not get home, and a parent P never comes to a top, nor lies right under x.  Then x leaves
    the pile on a parent (alone, or carried along with the cards under it), so on the other one, Q (a card goes on
    P only while P is at a top), and stays on Q while y is in place: it moves again only home or onto a parent, or
    carried along with Q.  Say also that the card below y in its suit
    does not get home in it.  Then y never leaves: not onto P, not onto Q (under x), not home; the position is lost.
    """
    if _relaxed(pos, -1)[0] != [KING, KING, KING, KING]:
        return True
    for pile in pos[0]:
        if len(pile) > 1:
            for y, x, under_x in _stacked_twins(pile):
                home, top = _relaxed(pos, y, x, y - 4)
                if home[x & 3] < x >> 2 and home[y & 3] < (y >> 2) - 1:
                    pa, pb = _PARENTS[y]
                    if (not top[pa] and pa != under_x) or (not top[pb] and pb != under_x):
                        return True
    return False


def _card_bytes(values: Iterable[tuple[int, int]]) -> int:
    """A 64-byte table (as an int, byte c of it the value for card c) with the given (card, value) pairs set."""
    table = bytearray(64)
    for card, value in values:
        table[card] = value
    return int.from_bytes(table, "little")


@lru_cache(maxsize=1 << 16)
def _pile_facts(pile: bytes) -> tuple[int, int, int, tuple[int, ...]]:
    """What `_relaxed` starts from for a tableau pile, as `_card_bytes` tables: its face-down cards, its face-up
    cards, the card right under each card; and its first events (its top card comes to a top, each face-up card
    tries to leave)."""
    cards = [b & 63 for b in pile]
    down = sum(1 for b in pile if b >= _DOWN)
    return (
        _card_bytes((c, 1) for c in cards[:down]),
        _card_bytes((c, 1) for c in cards[down:]),
        _card_bytes((cards[k], cards[k - 1]) for k in range(1, len(cards))),
        (cards[-1], *(64 + c for c in cards[down:])),
    )


@lru_cache(maxsize=1 << 14)
def _talon_bits(talon: bytes) -> int:
    """The talon's cards as a `_card_bytes` table."""
    return _card_bytes((c, 1) for c in talon)


# Per suit and foundation rank, the foundation's cards as a `_card_bytes` table; each suit's first event.
_HOME_BITS = [[_card_bytes((r * 4 + s, 1) for r in range(1, top + 1)) for top in range(KING + 1)] for s in range(4)]
_SUIT_EVENTS = (128, 129, 130, 131)


def _relaxed(pos: _Position, frozen: int, watched: int = 56, watched_too: int = 56) -> tuple[list[int], bytearray]:
    """The relaxed game of `_hopeless`, with card `frozen` (if any) never leaving its place in the tableau: per suit
    the highest rank it gets home, and per card whether it comes to the top of a pile (which it stops working out
    once every card gets home, or card `watched` or `watched_too` does; 56, never a card, watches none)."""
    piles, downs, found, talon, p, passes = pos
    home = list(found)
    events: list[int] = list(_SUIT_EVENTS)  # c: c comes to a top; 64 + c: c leaves; 128 + s: suit s may go home further
    hidden_bits = waiting_bits = below_bits = 0
    empty = False
    for pile in piles:
        if pile:
            hidden_bit, waiting_bit, below_bit, pile_events = _pile_facts(pile)
            hidden_bits |= hidden_bit
            waiting_bits |= waiting_bit
            below_bits |= below_bit
            events += pile_events
        else:
            empty = True
    talon_bits = _talon_bits(talon)
    home_bits = _HOME_BITS
    in_talon = talon_bits.to_bytes(64, "little")  # by going onto a card at a top (a King: into an empty pile)
    # Off the tableau (the talon, the foundations, cards that get home): comes to a top.
    loose = bytearray((talon_bits | home_bits[0][found[0]] | home_bits[1][found[1]] | home_bits[2][found[2]]
                       | home_bits[3][found[3]]).to_bytes(64, "little"))
    hidden = bytearray(hidden_bits.to_bytes(64, "little"))  # a face-down tableau card not (yet) come to a top
    waiting = bytearray(waiting_bits.to_bytes(64, "little"))  # a tableau card that may leave once it can
    below = below_bits.to_bytes(64, "little")  # the card right under a tableau card (0: none)
    top = bytearray(64)  # can come to the top of a tableau pile (index 0 is never a card: "no parent")
    push = events.append
    pop = events.pop
    pa, pb, children = _PARENT_A, _PARENT_B, _CHILDREN
    was_empty = False
    while events:
        e = pop()
        if e < 64:
            if top[e] and not hidden[e]:
                continue
            top[e] = 1
            if hidden[e]:
                hidden[e] = 0
                waiting[e] = 1
                push(64 + e)
            for ch in children[e]:
                if loose[ch] and not top[ch]:
                    push(ch)
                if waiting[ch]:
                    push(64 + ch)
            if e >> 2 == home[e & 3] + 1:
                push(128 + (e & 3))
        elif e < 128:
            c = e - 64
            if not waiting[c] or c == frozen:
                continue
            under = below[c]
            if not (c >> 2 <= home[c & 3] or top[pa[c]] or top[pb[c]] or (c >= 52 and empty and under)):
                continue
            waiting[c] = 0
            if under:
                if not top[under] or hidden[under]:
                    push(under)
            elif not empty:
                empty = True
        else:
            s = e - 128
            r = home[s]
            while r < KING and (r + 1) * 4 + s != frozen and (top[(r + 1) * 4 + s] or in_talon[(r + 1) * 4 + s]):
                r += 1
                c = r * 4 + s
                home[s] = r
                loose[c] = 1
                if waiting[c]:
                    push(64 + c)
                if not top[c] and (top[pa[c]] or top[pb[c]] or (c >= 52 and empty)):
                    push(c)
            if r == KING and home == [KING, KING, KING, KING]:
                return home, top
            if home[watched & 3] >= watched >> 2 or home[watched_too & 3] >= watched_too >> 2:
                return home, top
        if empty and not was_empty:
            was_empty = True
            for c in range(52, 56):
                if loose[c] and not top[c]:
                    push(c)
                if waiting[c]:
                    push(64 + c)
    return home, top


class _Limit(Exception):
    pass


class _Search:
    """One solve: the options of the deal, the table of seen positions and the counters.

    Moves that wait for their use.  Some moves are only of use through one effect, which only certain next moves
    take up; the search makes such a move only with one of those next, by passing its effect on ("pending") to the
    next position, whose moves are then only the ones that use it:

    * a run moved off a face-up card that is next on its foundation (`_HOME` + that card: it goes home next);
    * a whole pile headed by a card other than a King moved onto another pile while no pile is empty (`_EMPTY`: a
      King goes into the empty pile next);
    * with draw 1 and unlimited passes, a talon card put on the tableau (a card goes on it next).

    Why: in a winning line, let such a move M be followed by a move N that does not use M's effect.  If N moves
    what M moved (or a run that carries it along), M and N together make one move of the engine, or, for the run,
    N without M's card and then M: no longer.  Else N needs nothing that M made (it does not use M's effect), and
    M needs nothing that N changes (a card M puts down has nothing on it; a talon card stays in reach with draw 1
    and unlimited passes), so N then M is legal and reaches the same position.  Moving M on so, past the moves
    between it and its first use (a pair of a waiting move and its use moved past together), gives a winning line
    no longer, in which M comes right before its use; a move of no use at all is left out.  Done for each such
    move from the last one back, this leaves a winning line in which every one is followed at once by its use.
    The table records a position with the effect waiting in it: it is not searched again with the same effect,
    nor with one when it was searched with none (which allows every move the effect allows, but for a foundation
    card that no winning line needs, see `_low_ranks`).

    Talon chains.  With draw 1 and unlimited passes, a talon card put on the tableau waits for a card to go on it:
    a talon card (which waits the same way), a run from a pile, or a foundation card.  So the search makes such
    plays only as whole chains (`chains`): talon cards put one on another onto a pile top (or, a King first, into an
    empty pile), then a run or a foundation card put on the last of them, all one move of the search, with the
    effect of its last move waiting after it.  These reach exactly the positions (and effects waiting) that the
    moves one at a time reach once the last talon card has its use, without recording the positions in between (no
    safe foundation move can come up there: putting a talon card down frees nothing).  A King put into the only
    empty pile takes that pile away, so a whole pile may then end its chain too.
    """

    def __init__(self, state: KlondikeState, deadline: float | None, node_limit: int | None,
                 clock: Callable[[], float], chains_first: bool = False, shuffle: random.Random | None = None) -> None:
        self.chains_first = chains_first  # the order of moves: talon chains right after the moves they end with
        self.shuffle = shuffle  # a restart's order of moves: the usual one, shuffled a little (see `solve`)
        self.draw = state.draw_count
        self.limit = state.pass_limit
        self.any_talon_card = self.draw == 1 and self.limit is None  # every talon card can come to the top
        self.clock = clock
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self.seen: set[bytes] = set()
        self.origin: dict[int, int] = {}  # card -> its place in the talon at the start (see `returned`)

    # ----- the talon --------------------------------------------------------------------------------------------------
    def talon_tops(self, n: int, p: int, passes: int) -> list[tuple[int, int]]:
        """(q, passes used) for each talon position q that can be brought to the waste top, fewest passes first."""
        if n == 0:
            return []
        if self.any_talon_card:
            return [(q, passes) for q in range(1, n + 1)]
        out: list[tuple[int, int]] = []
        got: set[int] = set()
        q = p
        while True:
            if q >= 1:
                out.append((q, passes))
                got.add(q)
            if q >= n:
                break
            q = min(q + self.draw, n)
        if self.limit is None or passes + 1 < self.limit:
            q = 0
            while q < n:
                q = min(q + self.draw, n)
                if q not in got:
                    out.append((q, passes + 1))
                    got.add(q)
        return out

    def key(self, piles: tuple[bytes, ...], talon: bytes, p: int, passes: int) -> bytes:
        """The table key of a position (see the module docstring)."""
        body = b"\0".join(sorted(piles)) + b"\1" + talon
        if self.any_talon_card:
            return body
        if self.limit is None:
            if p % self.draw == 0 or p == len(talon):
                p = 0
            return body + bytes((p,))
        return body + bytes((p, passes))

    # ----- moves ------------------------------------------------------------------------------------------------------
    def autoplay(self, pos: _Position, made: list[Move_]) -> _Position:
        """Play safe foundation moves until none is left; append them to `made`."""
        piles, downs, found, talon, p, passes = pos
        found_l = list(found)
        piles_l: list[bytes] | None = None
        downs_l: list[int] | None = None
        draw_1 = self.draw == 1
        s = 0
        while s < 4:
            c = (found_l[s] + 1) * 4 + s
            if c >= 56 or not _safe(c, found_l):
                s += 1
                continue
            cur = piles if piles_l is None else piles_l
            for i in range(7):
                pile = cur[i]
                if pile and pile[-1] == c:
                    if piles_l is None or downs_l is None:
                        piles_l, downs_l = list(piles), list(downs)
                    rest = pile[:-1]
                    if rest and downs_l[i] == len(rest):
                        rest = rest[:-1] + bytes((rest[-1] - _DOWN,))
                        downs_l[i] -= 1
                    piles_l[i] = rest
                    made.append((_T2F, i, 0, 0))
                    break
            else:
                # Draw 1: with unlimited passes any talon card, else the waste top only (see `_safe`).
                if not draw_1:
                    s += 1
                    continue
                if self.any_talon_card:
                    q = talon.find(c) + 1
                else:
                    q = p if p >= 1 and talon[p - 1] == c else 0
                if not q:
                    s += 1
                    continue
                talon = talon[:q - 1] + talon[q:]
                p = q - 1
                made.append((_W2F, q, 0, passes))
            found_l[s] += 1
            s = 0  # a card home may make others safe
        if found_l == list(found):
            return pos
        if piles_l is not None and downs_l is not None:
            piles, downs = tuple(piles_l), tuple(downs_l)
        return piles, downs, tuple(found_l), talon, p, passes

    def moves(self, pos: _Position, pending: int) -> list[tuple[Move_, int]]:
        """The moves searched from `pos` when `pending` is the effect waiting for its use (_NONE: none), the most
        promising last, each with the effect waiting after it (see `_Search`)."""
        piles, downs, found, talon, p, passes = pos
        if pending != _NONE and pending >= _HOME:
            # The move before freed this card to go home, and it goes now (nothing else uses that effect).
            card = pending - _HOME
            for i in range(7):
                if piles[i] and piles[i][-1] == card:
                    return [((_T2F, i, 0, 0), _NONE)]
            return []
        kings_only = pending == _EMPTY  # the move before emptied a pile: a King goes there now
        cands: list[tuple[int, Move_, int]] = []  # (score, move, its effect)
        # Tableau runs that a chain of talon cards may end with: (head, pile, cards, effect, score).
        ends: list[tuple[int, int, int, int, int]] = []
        whole: list[tuple[int, int, int, int, int]] = []  # whole piles, which move only when no pile is empty
        tops: dict[int, int] = {}
        empty = -1
        empties = 0
        kings_waiting = False  # a King that an empty pile would free
        for i in range(7):
            pile = piles[i]
            if pile:
                tops[pile[-1]] = i
                d = downs[i]
                if d and pile[d] >> 2 == KING:
                    kings_waiting = True
            else:
                empties += 1
                if empty < 0:
                    empty = i
        for i in range(7):
            pile = piles[i]
            if not pile:
                continue
            d = downs[i]
            n = len(pile)
            c = pile[-1]
            if not kings_only and found[c & 3] == (c >> 2) - 1:
                cands.append((90 + d if n - 1 == d and d else 60, (_T2F, i, 0, 0), _NONE))
            h = pile[d]
            if h >> 2 == KING:
                # A King with nothing under it is never moved to another empty pile (the same position).
                if d and empty >= 0:
                    cands.append((80 + d, (_T2T, i, empty, n - d), _NONE))
            elif d:
                ends.append((h, i, n - d, _NONE, 80 + d))
            else:
                whole.append((h, i, n, _EMPTY, 40 if kings_waiting else 20))
            for k in range(d + 1, n):
                under = pile[k - 1]
                if found[under & 3] == (under >> 2) - 1:
                    ends.append((pile[k], i, n - k, _HOME + under, 65))
        if empty < 0:
            ends += whole
        if not kings_only:
            for h, i, count, effect, score in ends:
                for parent in _PARENTS[h]:
                    j = tops.get(parent)
                    if j is not None:
                        cands.append((score, (_T2T, i, j, count), effect))
        if self.any_talon_card:
            if talon:
                if not kings_only:
                    for s in range(4):
                        if found[s] < KING:
                            q = talon.find((found[s] + 1) * 4 + s)
                            if q >= 0:
                                cands.append((45, (_W2F, q + 1, 0, passes), _NONE))
                self.chains(cands, ends, whole if empties == 1 else [], found, talon, tops, empty, kings_only)
        else:
            for q, used in self.talon_tops(len(talon), p, passes):
                c = talon[q - 1]
                if not kings_only and found[c & 3] == (c >> 2) - 1:
                    cands.append((45, (_W2F, q, 0, used), _NONE))
                if c >> 2 == KING:
                    if empty >= 0:
                        cands.append((30, (_W2T, q, empty, used), _NONE))
                    continue
                if kings_only:
                    continue
                for parent in _PARENTS[c]:
                    j = tops.get(parent)
                    if j is not None:
                        cands.append((35, (_W2T, q, j, used), _NONE))
        low = (0, 0, 0, 0) if kings_only else _low_ranks(found)
        for s in range(4):
            r = found[s]
            if r > low[s]:
                if r == KING:
                    if empty >= 0:
                        cands.append((0, (_F2T, s, empty, 0), _NONE))
                elif not kings_only:
                    for parent in _PARENTS[r * 4 + s]:
                        j = tops.get(parent)
                        if j is not None:
                            cands.append((1, (_F2T, s, j, 0), _NONE))
        cands.sort(key=lambda t: t[0])  # lowest first: the stack pops the best
        if self.shuffle is not None and len(cands) > 1:
            rng = self.shuffle.random
            cands = [t for _, t in sorted((k + _SHUFFLE * rng(), t) for k, t in enumerate(cands))]
        return [(m, effect) for _, m, effect in cands]

    def chains(self, cands: list[tuple[int, Move_, int]], ends: list[tuple[int, int, int, int, int]],
               king_ends: list[tuple[int, int, int, int, int]], found: tuple[int, ...], talon: bytes,
               tops: dict[int, int], empty: int, kings_only: bool) -> None:
        """Add to `cands` the talon chains (any talon card in reach): talon cards put one on another onto a pile
        (or a King into an empty pile), then a run of `ends` or a foundation card put on the last of them.

        `king_ends` are more runs that may end a chain that begins with a King filling the only empty pile (it
        takes away the empty pile that kept them from moving).  With `kings_only`, only chains into the empty pile.
        """
        # Talon plays come after the plays of the tableau (as single talon plays would), a chain that turns a
        # card first; or, `chains_first`, each right after the move it ends with.
        if self.chains_first:
            targets = [(h, (_T2T, i, -1, count), effect, score - 2, False) for h, i, count, effect, score in ends]
            targets += [(h, (_T2T, i, -1, count), effect, score - 2, True) for h, i, count, effect, score in king_ends]
        else:
            targets = [(h, (_T2T, i, -1, count), effect, 36 if effect == _NONE else 33, False)
                       for h, i, count, effect, _ in ends]
            targets += [(h, (_T2T, i, -1, count), effect, 33, True) for h, i, count, effect, _ in king_ends]
        for s in range(4):
            if 1 <= found[s] < KING:
                targets.append((found[s] * 4 + s, (_F2T, s, -1, 0), _NONE, 0 if self.chains_first else 31, False))
        for h, last, effect, score, need_king in targets:
            todo = [(parent, bytes((parent,))) for parent in _PARENTS[h] if parent in talon]
            while todo:
                c, chain = todo.pop()
                if c >> 2 == KING:
                    if empty >= 0:
                        cands.append((score, (_CHAIN, empty, chain, last), effect))
                    continue
                onto_top = not (kings_only or need_king)
                for parent in _PARENTS[c]:
                    if parent in talon:
                        todo.append((parent, bytes((parent,)) + chain))
                    elif onto_top and parent in tops:
                        cands.append((score, (_CHAIN, tops[parent], chain, last), effect))

    @staticmethod
    def steps(pos: _Position, move: Move_) -> list[Move_]:
        """The plain moves of a talon chain from `pos`: each talon card to the pile in turn, then the last move."""
        _, j, chain, last = move
        talon = pos[3]
        out: list[Move_] = []
        for c in chain:
            q = talon.find(c) + 1
            out.append((_W2T, q, j, pos[5]))
            talon = talon[:q - 1] + talon[q:]
        out.append((last[0], last[1], j, last[3]))
        return out

    @staticmethod
    def play(pos: _Position, move: Move_) -> _Position:
        """The position after `move`."""
        piles, downs, found, talon, p, passes = pos
        kind, a, b, c = move
        if kind == _T2T or kind == _T2F:
            src = piles[a]
            cut = len(src) - (c if kind == _T2T else 1)
            rest = src[:cut]
            piles_l = list(piles)
            if rest and downs[a] == cut:
                rest = rest[:-1] + bytes((rest[-1] - _DOWN,))
                downs_l = list(downs)
                downs_l[a] -= 1
                downs = tuple(downs_l)
            piles_l[a] = rest
            if kind == _T2T:
                piles_l[b] = piles[b] + src[cut:]
            else:
                card = src[-1]
                found_l = list(found)
                found_l[card & 3] += 1
                found = tuple(found_l)
            return tuple(piles_l), downs, found, talon, p, passes
        if kind == _W2T or kind == _W2F:
            card = talon[a - 1]
            talon = talon[:a - 1] + talon[a:]
            if kind == _W2T:
                piles_l = list(piles)
                piles_l[b] = piles[b] + bytes((card,))
                piles = tuple(piles_l)
            else:
                found_l = list(found)
                found_l[card & 3] += 1
                found = tuple(found_l)
            return piles, downs, found, talon, a - 1, c
        # _F2T
        found_l = list(found)
        card = found_l[a] * 4 + a
        found_l[a] -= 1
        piles_l = list(piles)
        piles_l[b] = piles[b] + bytes((card,))
        return tuple(piles_l), downs, tuple(found_l), talon, p, passes

    def finished(self, pos: _Position) -> bool:
        """Won, or certain to be won by plain foundation moves (see `finish`)."""
        piles, downs, found, talon, p, passes = pos
        if any(downs):
            return False
        return not talon or self.any_talon_card

    def finish(self, pos: _Position, made: list[Move_]) -> None:
        """Play everything home from a `finished` position.

        With every tableau card face up each pile is a run going down, so the lowest card left of all is on top of
        its pile or in the talon (which, when any talon card can come up, is as good): it can always go home.
        """
        while True:
            piles, downs, found, talon, p, passes = pos
            if sum(found) == 52:
                return
            best: tuple[int, Move_] | None = None
            for i in range(7):
                if piles[i]:
                    c = piles[i][-1]
                    if best is None or c >> 2 < best[0]:
                        best = (c >> 2, (_T2F, i, 0, 0))
            for q in range(1, len(talon) + 1):
                c = talon[q - 1]
                if best is None or c >> 2 < best[0]:
                    best = (c >> 2, (_W2F, q, 0, passes))
            assert best is not None
            made.append(best[1])
            pos = self.play(pos, best[1])

    # ----- the search -------------------------------------------------------------------------------------------------
    def tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _Limit
        if self.nodes % _CHECK_EVERY == 0 and self.deadline is not None and self.clock() > self.deadline:
            raise _Limit

    def visit(self, key: bytes, pending: int) -> bool:
        """Record a position with the effect waiting for its use; False if it was seen so or with none waiting."""
        seen = self.seen
        free = key + b"\xff"
        if free in seen:
            return False
        if pending != _NONE:
            key += bytes((pending,))
            if key in seen:
                return False
            seen.add(key)
        else:
            seen.add(free)
        return True

    def returned(self, piles: tuple[bytes, ...], talon: bytes) -> bool:
        """Whether the position with these piles and talon is covered by one searched before: the same with the
        cards on top of one pile, down to some card, back in the talon (cards that were in the talon at the start
        of the search, so only with draw 1 and unlimited passes, where the talon's order does not matter).

        Why: the position is reached from that one by talon plays to the tableau alone.  Count the moves of a line
        other than those plays: every search move makes at least one (a talon chain ends with one), and the moves
        left out or moved (see `_Search`) never add any, so a winnable position searched with nothing waiting has
        a winning line starting with a search move that leaves fewer to make, and the covering position, with no
        more to make than this one, was searched already (or was covered by one with no more to make still).
        """
        origin = self.origin
        seen = self.seen
        by_origin = origin.__getitem__
        for i, pile in enumerate(piles):
            back = talon
            k = len(pile) - 1
            while k >= 0 and pile[k] in origin:
                card = pile[k]
                at = bisect(back, origin[card], key=by_origin)
                back = back[:at] + bytes((card,)) + back[at:]
                if self.key(piles[:i] + (pile[:k],) + piles[i + 1:], back, 0, 0) + b"\xff" in seen:
                    return True
                k -= 1
        return False

    def run(self, root: _Position) -> list[Move_] | None:
        """A winning list of search moves from `root`, or None if there is none; raises _Limit at a limit."""
        steps = self.search(root)
        while True:
            try:
                next(steps)
            except StopIteration as end:
                return end.value

    def search(self, root: _Position) -> Generator[None, None, list[Move_] | None]:
        """`run` in steps: it pauses (yields) each time `_SLICE` more positions have been examined, and returns
        what `run` returns; raises _Limit at a limit."""
        self.origin = {c: k for k, c in enumerate(root[3])} if self.any_talon_card else {}
        made: list[Move_] = []
        pos = self.autoplay(root, made)
        self.tick()
        if self.finished(pos):
            self.finish(pos, made)
            return made
        self.visit(self.key(pos[0], pos[3], pos[4], pos[5]), _NONE)
        if _hopeless(pos):
            return None
        # Frames: (position, its moves not yet tried with the effect waiting after each, the moves that led to it).
        stack: list[tuple[_Position, list[tuple[Move_, int]], list[Move_]]] = [(pos, self.moves(pos, _NONE), made)]
        play = self.play
        pause_at = self.nodes + _SLICE
        while stack:
            if self.nodes >= pause_at:
                yield
                pause_at = self.nodes + _SLICE
            frame = stack[-1]
            todo = frame[1]
            if not todo:
                stack.pop()
                continue
            move, pending = todo.pop()
            if move[0] == _CHAIN:
                made = self.steps(frame[0], move)
                child = frame[0]
                for step in made:
                    child = play(child, step)
            else:
                child = play(frame[0], move)
                made = [move]
            played = len(made)
            child = self.autoplay(child, made)
            if len(made) > played:
                pending = _NONE  # a safe move keeps a win a win from here, with nothing waiting (see `_Search`)
            if not self.visit(self.key(child[0], child[3], child[4], child[5]), pending):
                continue
            self.tick()
            if self.origin and self.returned(child[0], child[3]):
                continue
            # The test for hopeless positions is the dearest step: it is left to positions with nothing waiting (a
            # move waiting for its use leaves few choices) and to moves that cover a card or use up the talon.
            if pending == _NONE and move[0] != _F2T and move[0] != _T2F and move[0] != _W2F and _hopeless(child):
                continue
            if self.finished(child):
                self.finish(child, made)
                return [m for f in stack for m in f[2]] + made
            stack.append((child, self.moves(child, pending), made))
        return None


def _to_actions(state: KlondikeState, moves: list[Move_], pos: _Position) -> list[Action]:
    """The engine's actions for the search's `moves` from `state` (played on `state`, which must be a clone)."""
    actions: list[Action] = []

    def act(action: Action) -> None:
        why = state.refused(action)
        if why is not None:  # a bug of the solver, never a property of the deal
            raise AssertionError(f"the solver's line has an illegal step {action!r}: {why}")
        state.apply(action)
        actions.append(action)

    def home(card: Card) -> str:
        for j, f in enumerate(state.foundations):
            if (f and f[-1].suit == card.suit) or (not f and card.rank == 1):
                return FOUNDATIONS[j]
        raise AssertionError(f"no foundation takes {card.label}")

    for move in moves:
        kind, a, b, c = move
        if kind == _T2T:
            act(Move(TABLEAU[a], TABLEAU[b], c))
        elif kind == _T2F:
            act(Move(TABLEAU[a], home(state.tableau[a][-1]), 1))
        elif kind in (_W2T, _W2F):
            card = _card(pos[3][a - 1])
            while not (state.waste and state.waste[-1] == card):
                act(Draw() if state.stock else Recycle())
            act(Move("waste", TABLEAU[b] if kind == _W2T else home(card), 1))
        else:
            card = _card(pos[2][a] * 4 + a)
            src = next(FOUNDATIONS[j] for j, f in enumerate(state.foundations) if f and f[-1] == card)
            act(Move(src, TABLEAU[b], 1))
        pos = _Search.play(pos, move)
    return actions


def solve(
    state: KlondikeState,
    *,
    time_limit: float | None = 10.0,
    node_limit: int | None = None,
    clock: Callable[[], float] = time.process_time,
) -> Solution:
    """Solve the deal from `state` (which is not changed).

    time_limit: seconds by `clock` (CPU seconds of this process by default, fair on a busy machine; pass
    `time.perf_counter` for wall time); None for no limit.  node_limit: positions to examine at most; None for no
    limit.  A game already won is "won" with an empty line; one abandoned (resigned) is "unwinnable".
    """
    start = clock()
    if state.won:
        return Solution("won", (), 0, clock() - start)
    if state.turn is None:
        return Solution("unwinnable", (), 0, clock() - start)
    root = _position(state)
    schedule = _Schedule(state, root, None if time_limit is None else start + time_limit, node_limit, clock)
    try:
        found = schedule.run()
    except _Limit:
        return Solution("undecided", (), schedule.nodes, clock() - start)
    if found is None:
        return Solution("unwinnable", (), schedule.nodes, clock() - start)
    line = _to_actions(state.clone(), found, root)
    return Solution("won", tuple(line), schedule.nodes, clock() - start)


class _Schedule:
    """The searches of one `solve` and the positions they examined together (`nodes`)."""

    def __init__(self, state: KlondikeState, root: _Position, deadline: float | None, node_limit: int | None,
                 clock: Callable[[], float]) -> None:
        self.state = state
        self.root = root
        self.deadline = deadline
        self.node_limit = node_limit
        self.clock = clock
        self.nodes = 0

    def search(self, budget: int | None, chains_first: bool = False, shuffle: int | None = None) -> _Search:
        """A new search of at most `budget` positions (None: no limit) within what is left of the limits."""
        if self.node_limit is not None:
            left = self.node_limit - self.nodes
            if left <= 0:
                raise _Limit
            budget = left if budget is None else min(budget, left)
        order = None if shuffle is None else random.Random(shuffle)
        return _Search(self.state, self.deadline, budget, self.clock, chains_first, order)

    def attempt(self, search: _Search) -> list[Move_] | None:
        """Run `search` to its end, counting its positions; raises _Limit at its limit."""
        try:
            return search.run(self.root)
        finally:
            self.nodes += search.nodes

    def run(self) -> list[Move_] | None:
        """What the first search to end found (a winning list of search moves, or None: unwinnable); raises _Limit
        when the limits came first.

        With talon chains, a short search with the other order of moves goes first: some wins come quickly in one
        order only.  Then the main search runs alone for a while, and after that takes turns with restarts: short
        searches in the main order shuffled a little, each with a new shuffle, which find many wins far sooner than
        the main search comes to them.  Every search is complete, so any one that ends decides the deal.
        """
        probe = self.search(_PROBE_NODES, chains_first=True)
        if probe.any_talon_card:
            try:
                return self.attempt(probe)
            except _Limit:
                pass
        main = self.search(None)
        steps = main.search(self.root)
        slices = _ALONE_NODES // _SLICE
        restart = 0
        while True:
            before = main.nodes
            try:
                for _ in range(slices):
                    next(steps)
            except StopIteration as end:
                return end.value
            finally:
                self.nodes += main.nodes - before
            try:
                return self.attempt(self.search(_SLICE, shuffle=restart))
            except _Limit:
                pass
            restart += 1
            if self.node_limit is not None:
                main.node_limit = main.nodes + self.node_limit - self.nodes
            slices = _MAIN_SHARE


def hint(state: KlondikeState, *, time_limit: float | None = 2.0) -> Action | None:
    """The first action of a winning line from `state`, or None when none was found within `time_limit`."""
    solution = solve(state, time_limit=time_limit)
    return solution.line[0] if solution.line else None
