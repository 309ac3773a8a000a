"""King of the Hill: pure rules (see shared rules/king-of-the-hill.md and seed 001).

Five seats, 0..4; turn order is seat order (seat 1 after seat 0, seat 0 after seat 4), which the rules call
counter-clockwise.

A round: the deal (inside the state, one card at a time from its own seeded generator), which stops whenever the
seat that has just received a card holds a declaration that would stand (`Declare` or `Pass`), then one more such
choice per seat in turn from the starting player; the trump suit (declared, drawn, or chosen by the KotH with
`ChooseTrump`); the KotH takes the last 8 cards and buries 8 (`Bury`, one action); the call (`Call`, a card or
none); twenty tricks (`Play`, one card or two); the score and the outcome.  Phases: "declare", "trump", "bury",
"call", "play" and "over".

Zones (for events and the table): deck (the undealt cards), hand0..hand4, dead (the dead hand), trick,
won0..won4 (the cards each seat won this round).

Cards are the 108 `Card`s of `DECK`: two copies of each French card (`copy` 0 and 1) and four jokers.  A joker
with an even copy number is a black joker, one with an odd copy number a red joker (so `multi_deck(2, 2)` gives
each deck one of each).  Physical copies are told apart everywhere (a pair is two distinct cards), and cards are
compared through their face (`face_of`): identical faces make a pair, are equal in the order, and go to the
first played.  `legal_actions` offers each physical card, so two identical cards are two (equivalent) moves.

Legal moves while burying are `Burials`: a lazy sequence of every 8-card subset of the KotH's 28 cards
(3,108,105 of them), with cheap `len`, indexing, `in` and `==`; do not iterate it whole.

Time limits are rules: `KingState.time_limit()` gives the limit of the decision to make now (None when there is
none: timers off, or declaring) and its default move, `timeout_action(view, legal, rng)`; `timer_seconds(view)`
gives the limit a view shows and `default_action(state, rng)` the default move for a state (`Pass` while
declaring).

Events are data (`EventKind`); the narration (`narration.py`) says them.  `apply(action, record=False)` builds no
event at all.  A full trick before it is gathered, the last trick of a round gathered, and the round scored (phase
"scored", the dead hand turned up) are beats with a snapshot.  Refusals are codes with their particulars
(`why_not`), said by the narration.

Readings (where the rules file leaves a choice open):

- A declaration shows the declarer's lowest copies of the card(s); shown cards are public, so `determinize` keeps
  them with the declarer (for a KotH who has buried: in their hand or the dead hand) until they are played.
- Any seat holding a pair of the trump rank may overturn a single, its declarer included (with a pair of its own
  suit that is the "strengthening"; with another suit it is an overturn).  Two seats can never hold the same
  pair, so a pair of the single's suit can only be its declarer's.
- The declare/pass choice is offered each time the seat receiving a card holds any declaration that would stand,
  not only when the new card makes one; in the final choices after the deal a seat with none is skipped.  Whose
  choice it is shows on the table; `determinize` does not infer from it that the seat holds a trump-rank card.
- In a first round with no declaration the random trump suit and KotH are drawn from the state's generator, with
  no action; in later rounds the KotH chooses one of the four suits (there is no "no trump").
- When a pair is led, a follower with two or more cards of the led suit but no pair of it plays any two of them;
  with one, that card and any other; with none, any two cards (which may make a trump pair, and so win).
- Failing to follow reveals a void in the led suit (for the rest of the round: hands only shrink); following a
  pair with two unpaired cards of the led suit reveals that the seat holds no pair of that suit.
- A copy of the called card played in any way (led, followed, as part of a pair or as a fill-up) reveals its
  player as the teammate.  A called card is a face: `Call` keeps copy 0 of a French card, the black joker's
  copy 0 or the red joker's copy 1.
- The teammate, once revealed, is a defender for the whole round (all their points count for the defenders).
  With a card called the teammate is always revealed by the end, since some other seat holds a copy.
- Ranks are numbers: 2..10, J 11, Q 12, K 13, A 14; past A they go on (15 is "A+1").  Without a fixed number of
  rounds the game ends after the round in which a rank passed A, and the winners are the seats whose rank is
  past A.  With a fixed number of rounds ("instead"), passing A does not end the game, ranks may go on climbing,
  and the trump rank of a KotH whose rank is past A is A.
- Scores in `result()` are the ranks.  The dead hand is shown at the end of the round (the round's record).
- The timer's play "of the lowest cards in the card order" is the legal play whose highest card is lowest (plain
  cards below trumps, then by strength, then suit order spades, hearts, diamonds, clubs), then whose other card
  is lowest, a single before a pair.  Declaring has no timer in the rules; its default move is `Pass`.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
import typing
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from cardtable.core.cards import JOKER_SUIT, RANK_LABELS, SUITS, Card, alternating_suits, hand_order, multi_deck
from cardtable.core.dealing import deal
from cardtable.core.engine import (
    Action,
    Event,
    IllegalAction,
    Result,
    Rules,
    Snapshot,
    State,
    TimeLimit,
    new_seed,
)
from cardtable.core.tricks import CANNOT_WIN, ace_high, contention
from cardtable.games.king_of_the_hill import INFO

PLAYERS = 5
HAND_SIZE = 20
KITTY = 8  # the cards left after the deal, and the size of the dead hand
FIRST_RANK = 2
ACE = 14  # the rank value of A; a rank above it has passed A
TOTAL_POINTS = 200
TRUMP = "T"  # the effective suit of the whole trump group
TIMER_SECONDS: dict[str, int] = {"play": 10, "bury": 60, "call": 15, "trump": 5}
TRICK_HOLD = 1.5
ROUND_HOLD = 0.5

#: What the engine records (see the narration for what each says).
EventKind = Literal["round", "deal", "declare", "koth", "no_declaration", "choose", "trump", "move", "call", "lead",
                    "teammate", "trick", "flip", "score", "over"]
_BLACK_JOKER_STRENGTH, _RED_JOKER_STRENGTH = 17, 18
_SUIT_BIT = {TRUMP: 1, "S": 2, "H": 4, "D": 8, "C": 16}
_DISPLAY_SUITS = alternating_suits()

#: The 108 cards: two 54-card decks (copy n of a French card is deck n; jokers 0, 1 and 2, 3).
DECK: tuple[Card, ...] = tuple(multi_deck(2, jokers_per_deck=2))
_INDEX = {c: i for i, c in enumerate(DECK)}
_DECK_SET = frozenset(DECK)
assert len(DECK) == PLAYERS * HAND_SIZE + KITTY


def is_red_joker(card: Card) -> bool:
    """Whether `card` is one of the two red jokers (the black ones have an even copy number)."""
    return card.suit == JOKER_SUIT and card.copy % 2 == 1


def face_of(card: Card) -> tuple[int, str, int]:
    """What a card looks like: rank, suit and (jokers only) colour, 0 black or 1 red.  Identical cards share it."""
    return (card.rank, card.suit, card.copy % 2 if card.suit == JOKER_SUIT else 0)


_FACE = {c: face_of(c) for c in DECK}
#: One card per face, copy 0 (for jokers: 0 black, 1 red): the cards a `Call` names.
FACES: tuple[Card, ...] = tuple(c for c in DECK if c.copy == 0 or (c.suit == JOKER_SUIT and c.copy == 1))
_FACE_CARD = {_FACE[c]: c for c in FACES}
_POINTS = {c: 5 if c.rank == 5 else 10 if c.rank in (10, 13) else 0 for c in DECK}
assert len(DECK) == 108 and len(FACES) == 54 and sum(_POINTS.values()) == TOTAL_POINTS


def card_points(card: Card) -> int:
    """5 for a 5, 10 for a 10 or a K, 0 otherwise."""
    return _POINTS[card]


def points_of(cards: Sequence[Card]) -> int:
    return sum([_POINTS[c] for c in cards])


def identical(a: Card, b: Card) -> bool:
    """Same rank and suit (jokers: same colour)."""
    return face_of(a) == face_of(b)


def rank_label(value: int) -> str:
    """A player's rank as text: 2..10, J, Q, K, A, then A+1, A+2 ..."""
    if value > ACE:
        return f"A+{value - ACE}"
    return RANK_LABELS[1 if value == ACE else value]


def card_rank(value: int) -> int:
    """The `Card.rank` of a rank value (A is 1); a rank past A plays as A."""
    return 1 if value >= ACE else value


# ----- the card order of a round --------------------------------------------------------------------------


class Order:
    """The card order for one trump rank and trump suit (suit None: during the deal, before any is known).

    suit_of: each card's effective suit (TRUMP for the trump group); strength: its place within it (higher wins;
    equal for cards equal in the order); display: position in a sorted hand (trumps first, high to low); low: the
    card order from the lowest card up (for the timer's default play); contend: per led suit, how strongly each card
    contends for a trick (the trump group above the led suit, `CANNOT_WIN` for the other suits).
    """

    __slots__ = ("rank", "suit", "suit_of", "strength", "display", "low", "contend")

    def __init__(self, rank: int, suit: str | None) -> None:
        self.rank, self.suit = rank, suit
        suit_of: dict[Card, str] = {}
        strength: dict[Card, int] = {}
        for c in DECK:
            if c.suit == JOKER_SUIT:
                suit_of[c], strength[c] = TRUMP, _RED_JOKER_STRENGTH if c.copy % 2 else _BLACK_JOKER_STRENGTH
            elif c.rank == rank:
                suit_of[c], strength[c] = TRUMP, 16 if c.suit == suit else 15
            else:
                suit_of[c], strength[c] = (TRUMP if c.suit == suit else c.suit), ace_high(c)
        self.suit_of = suit_of
        self.strength = strength
        self.contend = {led: contention(DECK, led, TRUMP, suit_of=suit_of.__getitem__, rank_of=strength.__getitem__)
                        for led in (None, TRUMP, *SUITS)}

        def shown(c: Card) -> tuple[int, int, int, int]:
            group = 0 if suit_of[c] == TRUMP else 1 + _DISPLAY_SUITS[c.suit]
            suit_rank = _DISPLAY_SUITS.get(c.suit, 0)
            return (group, -strength[c], suit_rank, c.copy)

        def lowness(c: Card) -> tuple[int, int, int]:
            return (suit_of[c] == TRUMP, strength[c], SUITS.index(c.suit) if c.suit in SUITS else 0)

        self.display = hand_order(DECK, shown)
        ranked = sorted({lowness(c) for c in DECK})
        place = {key: i for i, key in enumerate(ranked)}
        self.low = {c: place[lowness(c)] for c in DECK}

    def sort(self, cards: list[Card]) -> None:
        """Sort a hand in place: trumps high to low, then the plain suits."""
        cards.sort(key=self.display.__getitem__)


_ORDERS: dict[tuple[int, str | None], Order] = {}


def order_for(rank: int, suit: str | None) -> Order:
    """The (shared) `Order` for trump rank `rank` (a `Card.rank`) and trump suit `suit`."""
    order = _ORDERS.get((rank, suit))
    if order is None:
        order = _ORDERS[rank, suit] = Order(rank, suit)
    return order


def winning_seat(plays: Sequence[tuple[int, tuple[Card, ...]]], contend: Mapping[Card, int]) -> int:
    """The seat winning a trick of (seat, cards) plays (also one in progress), by the led suit's `Order.contend`
    table: a single or a pair contends as its card does; two cards that are not a pair cannot win a pair trick.
    Between equal cards or pairs (the two decks' identical cards) the first played wins."""
    face = _FACE
    best, winner = CANNOT_WIN, plays[0][0]
    for seat, cards in plays:
        k = contend[cards[0]]
        if k > best and (len(cards) == 1 or face[cards[0]] == face[cards[1]]):  # strictly: ties to the first
            best, winner = k, seat
    return winner


# ----- actions --------------------------------------------------------------------------------------------


def _in_deck_order(cards: Any) -> Any:
    """`cards` as a tuple in deck order (so that an action's cards compare as a set); anything else as it is."""
    try:
        return tuple(sorted(cards, key=_INDEX.__getitem__))
    except (KeyError, TypeError):
        return cards


@dataclass(frozen=True)
class KingAction(Action):
    """The base of King of the Hill's actions."""


@dataclass(frozen=True)
class Declare(KingAction):
    """Show the trump-rank card of `suit` (or both copies: `pair`) to make `suit` the trump suit."""

    suit: str
    pair: bool


@dataclass(frozen=True)
class Pass(KingAction):
    """Do not declare now."""


@dataclass(frozen=True)
class ChooseTrump(KingAction):
    """The KotH names the trump suit (nobody declared)."""

    suit: str


@dataclass(frozen=True)
class Bury(KingAction):
    """The KotH lays 8 cards face down as the dead hand (kept in deck order)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _in_deck_order(self.cards))


@dataclass(frozen=True)
class Call(KingAction):
    """The KotH calls a card (kept as its face: copy 0, or the joker's colour), or none (`card` None)."""

    card: Card | None

    def __post_init__(self) -> None:
        card = self.card
        if isinstance(card, Card) and card in _DECK_SET:
            object.__setattr__(self, "card", _FACE_CARD[_FACE[card]])


@dataclass(frozen=True)
class Play(KingAction):
    """Play one card, or two (a pair, or a follow of a pair), to the trick (kept in deck order)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _in_deck_order(self.cards))
        object.__setattr__(self, "_hash", hash(self.cards))

    def __hash__(self) -> int:  # computed once: searches hash plays often
        return self._hash  # type: ignore[attr-defined]


PASS = Pass()
DECLARE: dict[tuple[str, bool], Declare] = {(s, p): Declare(s, p) for s in SUITS for p in (False, True)}
CHOOSE: dict[str, ChooseTrump] = {s: ChooseTrump(s) for s in SUITS}
_CHOOSE_ALL = [CHOOSE[s] for s in SUITS]
CALL_NONE = Call(None)
CALL: dict[Card, Call] = {c: Call(c) for c in FACES}
PLAY: dict[Card, Play] = {c: Play((c,)) for c in DECK}
_PLAY2: dict[tuple[Card, Card], Play] = {}


def play_two(a: Card, b: Card) -> Play:
    """The (shared) action playing `a` and `b` together."""
    key = (a, b) if _INDEX[a] < _INDEX[b] else (b, a)
    action = _PLAY2.get(key)
    if action is None:
        action = _PLAY2[key] = Play(key)
    return action


class Burials(Sequence[Action]):
    """Every `Bury` of `size` cards of `hand`, in lexicographic order of the hand in deck order, without a list.

    `len`, indexing (an unranked combination), `in`, `index` and `==` are cheap; iterating is not (millions).
    """

    __slots__ = ("hand", "size", "_held", "_count")

    def __init__(self, hand: Sequence[Card], size: int = KITTY) -> None:
        self.hand = tuple(sorted(hand, key=_INDEX.__getitem__))
        self.size = size
        self._held = frozenset(self.hand)
        self._count = math.comb(len(self.hand), size)

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._count))]
        if i < 0:
            i += self._count
        if not 0 <= i < self._count:
            raise IndexError("burial index out of range")
        hand, n = self.hand, len(self.hand)
        out: list[Card] = []
        start = 0
        for left in range(self.size, 0, -1):
            for e in range(start, n):
                ways = math.comb(n - e - 1, left - 1)
                if i < ways:
                    out.append(hand[e])
                    start = e + 1
                    break
                i -= ways
        return Bury(tuple(out))

    def __contains__(self, action: object) -> bool:
        if type(action) is not Bury:
            return False
        cards = action.cards
        return (len(cards) == self.size and len(set(cards)) == self.size
                and all(c in self._held for c in cards))

    def __iter__(self) -> Iterator[Action]:
        return (Bury(cards) for cards in itertools.combinations(self.hand, self.size))

    def index(self, action: Any, start: int = 0, stop: int | None = None) -> int:
        if action not in self:
            raise ValueError(f"{action!r} is not a legal burial")
        where = sorted(self.hand.index(c) for c in action.cards)
        n, rank, prev = len(self.hand), 0, -1
        for k, pos in enumerate(where):
            left = self.size - k
            for e in range(prev + 1, pos):
                rank += math.comb(n - e - 1, left - 1)
            prev = pos
        if not start <= rank < (self._count if stop is None else stop):
            raise ValueError(f"{action!r} is not in that part of the burials")
        return rank

    def count(self, action: Any) -> int:
        return 1 if action in self else 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Burials):
            return NotImplemented
        return self.hand == other.hand and self.size == other.size

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Burials({self._count} ways to bury {self.size} of {len(self.hand)} cards)"


# ----- scoring (pure functions, also used by tests and the table) ----------------------------------------------


def challenge_score(points: Sequence[int], defenders: Sequence[int], last_winner: int, dead_points: int) -> int:
    """Points won by the non-defenders, plus twice the dead hand's if a non-defender won the last trick."""
    score = sum(p for s, p in enumerate(points) if s not in defenders)
    if last_winner not in defenders:
        score += 2 * dead_points
    return score


#: (lowest challenge score, the side that goes up, by how much), from the top row down.
OUTCOMES: tuple[tuple[int, str | None, int], ...] = (
    (200, "challengers", 3), (160, "challengers", 2), (120, "challengers", 1), (80, None, 0),
    (41, "defenders", 1), (1, "defenders", 2), (0, "defenders", 3),
)


def outcome(challenge: int) -> tuple[str | None, int]:
    """Who goes up ("defenders", "challengers" or None) and by how many ranks, for a challenge score."""
    for low, side, by in OUTCOMES:
        if challenge >= low:
            return side, by
    raise ValueError(f"a challenge score is never negative: {challenge}")


def next_koth(koth: int, teammate: int | None, challenge: int, players: int = PLAYERS) -> int:
    """Below 80: the teammate if there is one, else the KotH again; from 80: the next seat after the KotH, in turn
    order, that is not a defender."""
    if challenge < 80:
        return koth if teammate is None else teammate
    seat = (koth + 1) % players
    while seat == teammate or seat == koth:
        seat = (seat + 1) % players
    return seat


@dataclass(frozen=True)
class RoundRecord:
    """A finished round: who defended, what was called, the points, the dead hand, the outcome."""

    round: int
    koth: int
    teammate: int | None
    called: Card | None
    trump_rank: int
    trump_suit: str
    points: tuple[int, ...]
    dead: tuple[Card, ...]
    dead_points: int
    last_winner: int
    challenge: int
    risers: tuple[int, ...]
    by: int
    ranks_before: tuple[int, ...]
    ranks_after: tuple[int, ...]
    next_koth: int


#: The events a move records (None: not recording, as in searches).
Events = list[Event] | None


# ----- the state ------------------------------------------------------------------------------------------


class KingState(State):
    """A game of King of the Hill in progress (see the module docstring)."""

    def __init__(self, options: Mapping[str, Any], seed: int, like: KingState | None = None) -> None:
        """A new game (`like` None), or a copy of the game `like` (`clone`)."""
        if like is not None:
            self._copy(like)
            return
        self.n = PLAYERS
        self.options = dict(options)
        self.seed = seed
        self.fixed_rounds: int = options["rounds"]
        self.timers: bool = options["timers"]
        self.ranks = [FIRST_RANK] * PLAYERS
        self.round = 0
        self.records: list[RoundRecord] = []
        self.koth: int | None = None
        self.start = self._rng(2).randrange(PLAYERS)
        self.turn: int | None = None
        self._legal: Sequence[Action] | None = None
        self._start_round(None)

    def _rng(self, purpose: int) -> random.Random:
        """The generator of one chance event of this round (0 the shuffle, 1 the draw when nobody declared, 2 the
        first round's starting seat): a clone needs no generator state, and a determinized clone only changes
        `seed` to make the future unknown."""
        return random.Random(self.seed * 1_000_003 + self.round * 7 + purpose)

    # ----- a round's set-up ---------------------------------------------------------------------------
    def _shuffled(self) -> list[Card]:
        """The round's deck, shuffled (sorting by independent uniform keys is a uniform shuffle, and quicker)."""
        draw = self._rng(0).random
        return sorted(DECK, key=lambda _: draw())

    def _start_round(self, events: Events) -> None:
        n = self.n
        if self.round:
            self.start = self.koth  # type: ignore[assignment]
            self.rank_value = min(self.ranks[self.koth], ACE)  # type: ignore[index]
        else:
            self.rank_value = FIRST_RANK
        self.trump_rank = card_rank(self.rank_value)
        self.trump_suit: str | None = None
        self.order = order_for(self.trump_rank, None)
        self.stack = self._shuffled()  # dealt from the end
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.deal_to = self.start
        self.final: int | None = None  # during the choices after the deal: how many seats have had theirs
        self.counts = [[0, 0, 0, 0] for _ in range(n)]  # trump-rank cards held, per seat and suit (SUITS order)
        self.declaration: tuple[int, str, bool] | None = None  # (seat, suit, pair) of the standing declaration
        self.declarations: list[tuple[int, str, bool, tuple[Card, ...]]] = []
        self.dead: list[Card] = []
        self.called: Card | None = None
        self.call_made = False
        self.teammate: int | None = None
        self.koth_played_called = 0  # copies of the called card the KotH has played
        self.points = [0] * n
        self.won: list[list[Card]] = [[] for _ in range(n)]
        self.trick: list[tuple[int, tuple[Card, ...]]] = []
        self.leader = self.start
        self.led_suit: str | None = None
        self.led_count = 0
        self.last_trick: tuple[tuple[int, tuple[Card, ...]], ...] = ()
        self.last_winner: int | None = None
        self.voids = [0] * n  # bit set of effective suits each seat has shown out of (_SUIT_BIT)
        self.nopair = [0] * n  # bit set of effective suits in which each seat has shown it holds no pair
        self.phase = "declare"
        if events is not None:
            events.append(Event("round", seat=self.koth, value={"round": self.round, "rank": self.rank_value}))
        self._deal(events)

    def _deal(self, events: Events) -> None:
        """Deal on until a seat has a declaration to make or pass, or the deal and its last choices are over."""
        n, stack, hands, counts = self.n, self.stack, self.hands, self.counts
        rank = self.trump_rank
        while self.final is None:
            if len(stack) == KITTY:
                self.final = 0
                break
            seat = self.deal_to
            card = stack.pop()
            hands[seat].append(card)
            if events is not None:
                events.append(Event("deal", src="deck", dst=f"hand{seat}", seat=seat))
            self.deal_to = (seat + 1) % n
            if card.rank == rank and card.suit != JOKER_SUIT:
                counts[seat][SUITS.index(card.suit)] += 1
            if self._may_declare(seat):
                self.turn = seat
                return
        final = self.final
        while final < n:
            seat = (self.start + final) % n
            final = self.final = final + 1
            if self._may_declare(seat):
                self.turn = seat
                return
        self._end_deal(events)

    def _may_declare(self, seat: int) -> bool:
        decl = self.declaration
        if decl is None:
            return any(self.counts[seat])
        return not decl[2] and 2 in self.counts[seat]

    def declarations_open(self, seat: int) -> list[Declare]:
        """The declarations `seat` could make now that would stand."""
        decl = self.declaration
        counts = self.counts[seat]
        if decl is not None and decl[2]:
            return []
        out = []
        if decl is None:
            out = [DECLARE[s, False] for k, s in enumerate(SUITS) if counts[k]]
        return out + [DECLARE[s, True] for k, s in enumerate(SUITS) if counts[k] == 2]

    def _end_deal(self, events: Events) -> None:
        decl = self.declaration
        if decl is not None:
            if self.round == 0:
                self.koth = decl[0]
                if events is not None:
                    events.append(Event("koth", seat=decl[0]))
            self._set_trump(decl[1], events)
            self._take_kitty(events)
            return
        if self.round == 0:
            rng = self._rng(1)
            suit = rng.choice(SUITS)
            self.koth = rng.randrange(self.n)
            if events is not None:  # value: the suit drawn at random (nobody declared)
                events.append(Event("koth", seat=self.koth, value=suit))
            self._set_trump(suit, events)
            self._take_kitty(events)
            return
        koth = self.koth
        assert koth is not None
        self.phase = "trump"
        self.turn = koth
        if events is not None:
            events.append(Event("no_declaration", seat=koth))

    def _set_trump(self, suit: str, events: Events) -> None:
        self.trump_suit = suit
        self.order = order = order_for(self.trump_rank, suit)
        for hand in self.hands:
            order.sort(hand)
        if events is not None:
            events.append(Event("trump", value={"suit": suit, "rank": self.rank_value}))

    def _take_kitty(self, events: Events) -> None:
        """The KotH takes the 8 cards left and is to bury 8."""
        koth = self.koth
        assert koth is not None
        kitty = tuple(self.stack)
        self.hands[koth] += kitty
        self.stack = []
        self.order.sort(self.hands[koth])
        if events is not None:
            events.append(Event("move", kitty, "deck", f"hand{koth}", koth))
        self.phase = "bury"
        self.turn = koth

    # ----- legal moves --------------------------------------------------------------------------------
    def legal_actions(self) -> Sequence[Action]:  # type: ignore[override]
        """Every legal action of the seat to act; while burying, the lazy `Burials` (see the module docstring)."""
        if self.turn is None:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = self._find_legal()
        return legal if type(legal) is Burials else list(legal)

    def _find_legal(self) -> Sequence[Action]:
        seat = self.turn
        assert seat is not None
        phase = self.phase
        if phase == "play":
            return self.legal_plays(seat)
        if phase == "declare":
            return [*self.declarations_open(seat), PASS]
        if phase == "trump":
            return _CHOOSE_ALL
        if phase == "bury":
            return Burials(self.hands[seat])
        held = Counter(_FACE[c] for c in self.hands[seat] + self.dead)
        return [CALL[c] for c in FACES if held[_FACE[c]] < 2] + [CALL_NONE]

    def legal_plays(self, seat: int) -> list[Play]:
        """The cards `seat` may play now (to lead, or to follow the trick on the table)."""
        hand = self.hands[seat]
        suit_of = self.order.suit_of
        face = _FACE
        if not self.trick:
            out = [PLAY[c] for c in hand]
            prev = None
            for c in hand:  # identical cards are neighbours in a sorted hand
                if prev is not None and face[c] == face[prev]:
                    out.append(play_two(prev, c))
                prev = c
            return out
        led = self.led_suit
        if self.led_count == 1:
            return [PLAY[c] for c in hand if suit_of[c] == led] or [PLAY[c] for c in hand]
        mine = [c for c in hand if suit_of[c] == led]
        if len(mine) >= 2:
            pairs = [play_two(a, b) for a, b in zip(mine, mine[1:], strict=False) if face[a] == face[b]]
            return pairs or [play_two(a, b) for a, b in itertools.combinations(mine, 2)]
        if mine:
            a = mine[0]
            return [play_two(a, b) for b in hand if b != a]
        return [play_two(a, b) for a, b in itertools.combinations(hand, 2)]

    # ----- why a move is not legal --------------------------------------------------------------------
    def why_not(self, action: Action) -> IllegalAction | None:
        """The refusal of `action` now (None if it is legal): legal means offered by `legal_actions`; the refusal
        says what is wrong with it (a reason code and its particulars, said by the narration)."""
        seat = self.turn
        if seat is None:
            return IllegalAction("game_over")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._find_legal()
        if action in legal:
            return None
        return self.explain(seat, action) or IllegalAction("not_legal")

    def explain(self, seat: int, action: Action) -> IllegalAction | None:
        """What is wrong with `action` for `seat`, the seat to act (None: nothing; tests check that this is so
        exactly for the actions `legal_actions` offers)."""
        phase = self.phase
        wanted = {"declare": (Declare, Pass), "trump": (ChooseTrump,), "bury": (Bury,), "call": (Call,),
                  "play": (Play,)}[phase]
        if type(action) not in wanted:
            return IllegalAction(f"turn_to_{phase}", seat=seat)
        if isinstance(action, Declare):
            return self._why_not_declare(seat, action)
        if isinstance(action, ChooseTrump):
            return None if action.suit in SUITS else IllegalAction("choose_a_suit")
        if isinstance(action, Bury):
            return self._why_not_cards(seat, action.cards, KITTY)
        if isinstance(action, Call):
            card = action.card
            if card is None:
                return None
            if not isinstance(card, Card) or card not in _DECK_SET:
                return IllegalAction("not_a_card", given=repr(card))
            face = _FACE[card]
            if sum(_FACE[c] == face for c in self.hands[seat] + self.dead) >= 2:
                return IllegalAction("holds_both", seat=seat, card=card)
            return None
        if isinstance(action, Play):
            return self._why_not_play(seat, action)
        return None  # a pass

    def _why_not_declare(self, seat: int, action: Declare) -> IllegalAction | None:
        suit = action.suit
        if suit == JOKER_SUIT:
            return IllegalAction("joker_declares")
        if suit not in SUITS or type(action.pair) is not bool:
            return IllegalAction("no_such_suit", given=repr(suit))
        held = self.counts[seat][SUITS.index(suit)]
        decl = self.declaration
        if decl is not None and decl[2]:
            return IllegalAction("pair_stands")
        if held == 0:
            return IllegalAction("no_rank_card", seat=seat, rank=self.rank_value, suit=suit)
        if action.pair and held < 2:
            return IllegalAction("one_copy", seat=seat, rank=self.rank_value, suit=suit)
        if decl is not None and not action.pair:
            return IllegalAction("only_pair_overturns", suit=decl[1])
        return None

    def _why_not_cards(self, seat: int, cards: Any, count: int | None) -> IllegalAction | None:
        """What is wrong with the cards of a move (not cards, the wrong number, the same card twice, not held)."""
        if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards):
            return IllegalAction("cards_unnamed")
        if count is not None and len(cards) != count:
            return IllegalAction("bury_count", count=count, given=len(cards))
        if len(set(cards)) != len(cards):
            return IllegalAction("same_card_twice")
        hand = self.hands[seat]
        for c in cards:
            if c not in hand:
                return IllegalAction("not_in_hand", seat=seat, card=c)
        return None

    def _why_not_play(self, seat: int, action: Play) -> IllegalAction | None:
        cards = action.cards
        wrong = self._why_not_cards(seat, cards, None)
        if wrong:
            return wrong
        if len(cards) not in (1, 2):
            return IllegalAction("play_count")
        if not self.trick:
            if len(cards) == 2 and _FACE[cards[0]] != _FACE[cards[1]]:
                return IllegalAction("lead_pair")
            return None
        need = self.led_count
        if len(cards) != need:
            return IllegalAction("single_led" if need == 1 else "pair_led")
        led = self.led_suit
        suit_of = self.order.suit_of
        mine = [c for c in self.hands[seat] if suit_of[c] == led]
        if not mine:
            return None
        if need == 1:
            return None if suit_of[cards[0]] == led else IllegalAction("must_follow", seat=seat, card=cards[0],
                                                                       suit=led)
        following = sum(suit_of[c] == led for c in cards)
        faces = [_FACE[c] for c in mine]
        if any(faces.count(f) == 2 for f in faces):
            if following == 2 and _FACE[cards[0]] == _FACE[cards[1]]:
                return None
            return IllegalAction("must_follow_pair", seat=seat, suit=led)
        if following >= min(2, len(mine)):
            return None
        return IllegalAction("must_follow_both", seat=seat, suit=led, count=min(2, len(mine)))

    # ----- applying -----------------------------------------------------------------------------------
    def apply(self, action: Action, record: bool = True) -> list[Event]:
        seat = self.turn
        if seat is None:
            raise IllegalAction("game_over")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._find_legal()
        if action not in legal:
            raise self.explain(seat, action) or IllegalAction("not_legal")
        events: Events = [] if record else None
        if isinstance(action, Play):
            self._play(seat, action, events)
        elif isinstance(action, Pass):
            self._deal(events)
        elif isinstance(action, Declare):
            self._declare(seat, action, events)
        elif isinstance(action, ChooseTrump):
            if events is not None:
                events.append(Event("choose", seat=seat, value=action.suit))
            self._set_trump(action.suit, events)
            self._take_kitty(events)
        elif isinstance(action, Bury):
            self._bury(seat, action.cards, events)
        elif isinstance(action, Call):
            self._call(seat, action.card, events)
        self._legal = None
        return [] if events is None else events

    def _declare(self, seat: int, action: Declare, events: Events) -> None:
        suit, pair = action.suit, action.pair
        rank = self.trump_rank
        shown = tuple(sorted((c for c in self.hands[seat] if c.rank == rank and c.suit == suit),
                             key=lambda c: c.copy)[: 2 if pair else 1])
        before = self.declaration
        self.declaration = (seat, suit, pair)
        self.declarations.append((seat, suit, pair, shown))
        if events is not None:
            if before is None:
                how = "declares"
            elif before[0] == seat and before[1] == suit:
                how = "strengthens"
            else:
                how = "overturns"
            events.append(Event("declare", shown, seat=seat, value={"suit": suit, "pair": pair, "how": how}))
        self._deal(events)

    def _bury(self, seat: int, cards: tuple[Card, ...], events: Events) -> None:
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.dead = list(cards)
        if events is not None:
            events.append(Event("move", cards, f"hand{seat}", "dead", seat))
        self.phase = "call"

    def _call(self, seat: int, card: Card | None, events: Events) -> None:
        self.called = card
        self.call_made = True
        self.phase = "play"
        self.leader = self.turn = seat
        if events is not None:
            events.append(Event("call", () if card is None else (card,), seat=seat, value=card))
            events.append(Event("lead", seat=seat))

    def _play(self, seat: int, action: Play, events: Events) -> None:
        cards = action.cards
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        trick = self.trick
        suit_of = self.order.suit_of
        if trick:
            led = self.led_suit
            if self.led_count == 1:
                if suit_of[cards[0]] != led:
                    self.voids[seat] |= _SUIT_BIT[led]  # type: ignore[index]
            else:
                a, b = cards
                if (suit_of[a] == led) + (suit_of[b] == led) < 2:
                    self.voids[seat] |= _SUIT_BIT[led]  # type: ignore[index]
                elif _FACE[a] != _FACE[b]:
                    self.nopair[seat] |= _SUIT_BIT[led]  # type: ignore[index]
        else:
            self.led_suit = suit_of[cards[0]]
            self.led_count = len(cards)
            self.leader = seat
        trick.append((seat, cards))
        full = len(trick) == self.n
        called = self.called
        revealed = False
        if called is not None and self.teammate is None:
            face = _FACE[called]
            copies = (_FACE[cards[0]] == face) + (len(cards) == 2 and _FACE[cards[1]] == face)
            if copies:
                if seat == self.koth:
                    self.koth_played_called += copies
                else:
                    self.teammate = seat
                    revealed = True
        if full:
            self.turn = None  # the full trick shows, nobody to act, before it is gathered
        if events is not None:
            held = Snapshot(self) if full else None
            events.append(Event("move", cards, f"hand{seat}", "trick", seat, hold=TRICK_HOLD if full else 0.0,
                                snapshot=held))
            if revealed:
                events.append(Event("teammate", seat=seat, value=called))
        if not full:
            self.turn = (seat + 1) % self.n
            return
        self._end_trick(events)

    def trick_winner(self) -> int:
        """The seat winning the trick on the table (also a trick in progress)."""
        if not self.trick:
            return self.leader
        return winning_seat(self.trick, self.order.contend[self.led_suit])

    def _end_trick(self, events: Events) -> None:
        winner = self.trick_winner()
        cards = tuple(c for _, played in self.trick for c in played)
        won = points_of(cards)
        self.points[winner] += won
        self.won[winner].extend(cards)
        self.last_trick = tuple(self.trick)
        self.last_winner = winner
        self.trick = []
        self.led_suit = None
        self.led_count = 0
        last = not self.hands[winner]
        if events is not None:  # the round's last trick gathered is a beat of its own
            events.append(Event("trick", cards, "trick", f"won{winner}", winner, value=won,
                                hold=ROUND_HOLD if last else 0.0, snapshot=Snapshot(self) if last else None))
        if not last:
            self.leader = self.turn = winner
            return
        self._end_round(events)

    def defenders(self) -> list[int]:
        """The KotH and the teammate, once revealed."""
        if self.koth is None:
            return []
        return [self.koth] if self.teammate is None else sorted((self.koth, self.teammate))

    def _end_round(self, events: Events) -> None:
        koth = self.koth
        assert koth is not None and self.last_winner is not None and self.trump_suit is not None
        defenders = self.defenders()
        dead_points = points_of(self.dead)
        challenge = challenge_score(self.points, defenders, self.last_winner, dead_points)
        side, by = outcome(challenge)
        if side == "defenders":
            risers = tuple(defenders)
        elif side == "challengers":
            risers = tuple(s for s in range(self.n) if s not in defenders)
        else:
            risers = ()
        before = tuple(self.ranks)
        for s in risers:
            self.ranks[s] += by
        following = next_koth(koth, self.teammate, challenge, self.n)
        record = RoundRecord(self.round, koth, self.teammate, self.called, self.rank_value, self.trump_suit,
                             tuple(self.points), tuple(self.dead), dead_points, self.last_winner, challenge, risers,
                             by, before, tuple(self.ranks), following)
        self.records.append(record)
        self.phase = "scored"  # a beat: the round's score, the dead hand turned up
        if events is not None:
            events.append(Event("flip", tuple(self.dead), seat=koth, value=dead_points, hold=ROUND_HOLD,
                                snapshot=Snapshot(self)))
            events.append(Event("score", seat=koth, value={
                "challenge": challenge, "doubled": self.last_winner not in defenders, "risers": risers, "by": by}))
        self.round += 1
        if self._game_over():
            self.turn = None
            self.phase = "over"
            if events is not None:
                events.append(Event("over", value={"winners": tuple(self.winners()), "ranks": tuple(self.ranks),
                                                   "fixed": bool(self.fixed_rounds)}))
            return
        self.koth = following
        self._start_round(events)

    def _game_over(self) -> bool:
        if self.fixed_rounds:
            return self.round >= self.fixed_rounds
        return any(r > ACE for r in self.ranks)

    def winners(self) -> list[int]:
        """The seats that win the game as it stands (meaningful once it is over)."""
        if self.fixed_rounds:
            top = max(self.ranks)
            return [s for s in range(self.n) if self.ranks[s] == top]
        return [s for s in range(self.n) if self.ranks[s] > ACE]

    # ----- the rest of the contract -------------------------------------------------------------------
    def result(self) -> Result:
        """The ranks as scores; `values`: the rounds played, the ranks, whether the game is over and whether it
        ran a fixed number of rounds (the narration says it)."""
        over = self.turn is None
        winners = self.winners() if over else []
        values = {"rounds": self.round, "ranks": tuple(self.ranks), "over": over, "fixed": bool(self.fixed_rounds)}
        return Result([float(r) for r in self.ranks], winners, values=values)

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.n
        hands: list[list[Card | None]] = []
        for s, hand in enumerate(self.hands):
            if s == seat:
                mine = list(hand)
                self.order.sort(mine)
                hands.append(mine)  # type: ignore[arg-type]
            else:
                hands.append([None] * len(hand))
        dead: list[Card | None] = list(self.dead) if seat is not None and seat == self.koth else [None] * len(
            self.dead)
        return {
            "players": n,
            "seat": seat,
            "phase": self.phase,
            "turn": self.turn,
            "round": self.round - 1 if self.phase == "over" else self.round,
            "rounds": self.fixed_rounds,
            "ranks": list(self.ranks),
            "rank_labels": [rank_label(r) for r in self.ranks],
            "start": self.start,
            "koth": self.koth,
            "trump_rank": self.trump_rank,
            "trump_rank_label": rank_label(self.rank_value),
            "trump_suit": self.trump_suit,
            "declaration": self.declaration,
            "declarations": list(self.declarations),
            "hands": hands,
            "hand_sizes": [len(h) for h in self.hands],
            "dealt_last": self._dealt_last(seat),
            "deck": len(self.stack),
            "dead": dead,
            "called": self.called,
            "call_made": self.call_made,
            "teammate": self.teammate,
            "defenders": self.defenders(),
            "points": list(self.points),
            "won": [list(w) for w in self.won],
            "trick": list(self.trick),
            "leader": self.leader,
            "led_suit": self.led_suit,
            "led_count": self.led_count,
            "last_trick": list(self.last_trick),
            "last_winner": self.last_winner,
            "records": [{f.name: getattr(r, f.name) for f in dataclasses.fields(r)} for r in self.records],
            "timers": self.timers,
            "timer": self._timer(),
            "options": dict(self.options),
            "winners": self.winners() if self.phase == "over" else [],
        }

    def _dealt_last(self, seat: int | None) -> Card | None:
        """The card `seat` received last, while the deal goes on (its hand is in deal order until trump is set)."""
        if seat is None or self.phase != "declare" or not self.hands[seat] or self.final is not None:
            return None
        return self.hands[seat][-1]

    def _timer(self) -> int | None:
        if not self.timers or self.turn is None:
            return None
        return TIMER_SECONDS.get(self.phase)

    def time_limit(self) -> TimeLimit | None:
        """With timers on, the rules' limit of the decision to make now (declaring has none) and its default move."""
        seconds = self._timer()
        if seconds is None:
            return None
        view, legal = self.view(self.turn), self.legal_actions()

        def default(rng: random.Random) -> Action:
            return timeout_action(view, legal, rng)

        return TimeLimit(seconds, default)

    def every_card(self) -> list[Card]:
        """Every card of the round: the undealt stack, hands, the dead hand, the trick and the cards won (each
        round deals the same 108 again; a declaration's shown cards stay in their holder's hand)."""
        cards = self.stack + self.dead + [c for hand in self.hands for c in hand]
        cards += [c for _, played in self.trick for c in played]
        return cards + [c for pile in self.won for c in pile]

    def clone(self) -> KingState:
        return KingState(self.options, self.seed, like=self)

    def _copy(self, o: KingState) -> None:
        """Become a copy of `o`: every field (the lists copied; the options, the card order and the legal moves
        are never changed in place, so they are shared)."""
        self.n, self.options, self.seed = o.n, o.options, o.seed
        self.fixed_rounds, self.timers = o.fixed_rounds, o.timers
        self.ranks, self.round, self.records = o.ranks[:], o.round, o.records[:]
        self.koth, self.start, self.turn, self._legal, self.phase = o.koth, o.start, o.turn, o._legal, o.phase
        self.rank_value, self.trump_rank, self.trump_suit = o.rank_value, o.trump_rank, o.trump_suit
        self.order = o.order
        self.stack, self.hands, self.deal_to, self.final = o.stack[:], [h[:] for h in o.hands], o.deal_to, o.final
        self.counts = [c[:] for c in o.counts]
        self.declaration, self.declarations, self.dead = o.declaration, o.declarations[:], o.dead[:]
        self.called, self.call_made, self.teammate = o.called, o.call_made, o.teammate
        self.koth_played_called, self.points, self.won = o.koth_played_called, o.points[:], [w[:] for w in o.won]
        self.trick, self.leader, self.led_suit, self.led_count = o.trick[:], o.leader, o.led_suit, o.led_count
        self.last_trick, self.last_winner = o.last_trick, o.last_winner
        self.voids, self.nopair = o.voids[:], o.nopair[:]

    # ----- determinization ----------------------------------------------------------------------------
    def determinize(self, seat: int | None, rng: random.Random) -> KingState:
        """A clone in which every card `seat` cannot see is dealt again at random, consistently with what it saw.

        Hidden: the other seats' hands, the undealt cards, the dead hand (unless `seat` is the KotH who buried it)
        and every future chance (the clone gets a new seed).  Kept: the hand sizes; the cards shown in
        declarations stay with their declarer (a KotH who buried may have buried them); a seat that failed to
        follow gets no card of that suit, and one that showed it had no pair of a suit gets no such pair; and a
        KotH who called a card holds at most one copy of it in hand and dead hand together (none once they have
        played one).  Not inferred: that a seat offered a declaration during the deal held a trump-rank card.
        """
        o = self.clone()
        o.seed = rng.randrange(2**31)
        o._legal = None
        if self.turn is None:
            return o
        koth = self.koth
        others = [s for s in range(self.n) if s != seat]
        hidden_dead = bool(self.dead) and seat != koth
        slots: list[list[Card]] = [self.hands[s] for s in others]
        if hidden_dead:
            slots.append(self.dead)
        slots.append(self.stack)
        pool = [c for cards in slots for c in cards]
        dealt = self._redeal(seat, others, hidden_dead, [len(cards) for cards in slots], pool, rng)
        if dealt is None:  # none found (only the caps can defeat the careful draw; never seen): keep the cards
            return o
        order = o.order
        for k, s in enumerate(others):
            hand = o.hands[s] = dealt[k]
            order.sort(hand)
            counts = o.counts[s] = [0, 0, 0, 0]
            for c in hand:
                if c.rank == self.trump_rank and c.suit != JOKER_SUIT:
                    counts[SUITS.index(c.suit)] += 1
        if hidden_dead:
            o.dead = dealt[len(others)]
        stack = o.stack = dealt[-1]
        rng.shuffle(stack)
        return o

    def _redeal(self, seat: int | None, others: list[int], hidden_dead: bool, sizes: list[int], pool: list[Card],
                rng: random.Random) -> list[list[Card]] | None:
        """Share `pool` among the slots (the other seats' hands, the dead hand if hidden, the undealt cards) with
        the kit's dealer: voids and shown cards as slot masks, "no pair" and the called card as caps."""
        suit_of = self.order.suit_of
        bit = _SUIT_BIT
        koth = self.koth
        dead_slot = len(others) if hidden_dead else -1
        slot_of = {s: k for k, s in enumerate(others)}
        pins: dict[Card, int] = {}  # card -> mask of the slots it may be in
        in_pool = set(pool)
        for declarer, _, _, shown in self.declarations:
            if declarer == seat:
                continue
            mask = 1 << slot_of[declarer]
            if declarer == koth and hidden_dead:
                mask |= 1 << dead_slot
            for c in shown:
                if c in in_pool:
                    pins[c] = mask
        caps: list[tuple[list[Card], int, int]] = []
        if self.called is not None and seat != koth and self.dead and koth is not None:
            # A KotH who called a card holds at most one copy of it in hand and dead hand together.
            called = _FACE[self.called]
            slots = 1 << slot_of[koth] | (1 << dead_slot if hidden_dead else 0)
            caps.append(([c for c in pool if _FACE[c] == called], slots, 1 - self.koth_played_called))
        voids = [self.voids[s] for s in others]
        nopair = [self.nopair[s] for s in others]
        if any(nopair):  # a seat that showed it has no pair of a suit gets no two copies of one of its faces
            copies: dict[tuple[int, str, int], list[Card]] = {}
            for c in pool:
                copies.setdefault(_FACE[c], []).append(c)
            for same in copies.values():
                if len(same) > 1:
                    b = bit[suit_of[same[0]]]
                    caps.extend((same, 1 << k, 1) for k, v in enumerate(nopair) if v & b)
        masks: list[int] | None = None
        if pins or any(voids):
            everywhere = (1 << len(sizes)) - 1
            shut = {}  # effective suit bit -> the slots void in it
            for b in bit.values():
                shut[b] = sum(1 << k for k, v in enumerate(voids) if v & b)
            masks = [(everywhere & ~shut[bit[suit_of[c]]]) & pins.get(c, everywhere) for c in pool]
        return deal(pool, sizes, rng, masks, caps)


# ----- timers -----------------------------------------------------------------------------------------------


def timer_seconds(view: Mapping[str, Any]) -> int | None:
    """The time limit of the decision `view` shows, with the timers option on (None: no limit)."""
    if not view.get("timers") or view.get("turn") is None:
        return None
    return TIMER_SECONDS.get(view["phase"])


def timeout_action(view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """The move made for a seat whose time ran out: the legal play of the lowest cards in the card order, random
    cards to bury, no call, a random trump suit; `Pass` while declaring.  `view` is the acting seat's."""
    phase = view["phase"]
    if phase == "play":
        low = order_for(view["trump_rank"], view["trump_suit"]).low
        return min((a for a in legal if isinstance(a, Play)),
                   key=lambda a: sorted((low[c] for c in a.cards), reverse=True))
    if phase == "bury":
        hand = view["hands"][view["turn"]]
        return Bury(tuple(rng.sample(hand, KITTY)))
    if phase == "call":
        return CALL_NONE
    if phase == "trump":
        return CHOOSE[rng.choice(SUITS)]
    return PASS


def default_action(state: KingState, rng: random.Random) -> Action:
    """`timeout_action` for the seat to act in `state`."""
    assert state.turn is not None
    return timeout_action(state.view(state.turn), state.legal_actions(), rng)


# ----- the rules -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class KingRules(Rules):
    """King of the Hill for exactly five players."""

    def new_game(self, players: int = PLAYERS, options: Mapping[str, Any] | None = None,
                 seed: int | None = None) -> KingState:
        self.check_players(players)
        chosen = self.validate_options(options)
        return KingState(chosen, new_seed() if seed is None else seed)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        action = super().action_from_json(data)
        cards: tuple[Any, ...] = ()
        if isinstance(action, (Bury, Play)):
            cards = action.cards
        elif isinstance(action, Call) and action.card is not None:
            cards = (action.card,)
        for card in cards:
            if card not in _DECK_SET:
                raise ValueError(f"not a card of King of the Hill's two decks: {card.code}")
        return action



RULES = KingRules(
    **INFO.metadata(),
    action_types=(Declare, Pass, ChooseTrump, Bury, Call, Play),
    event_kinds=typing.get_args(EventKind),
)
