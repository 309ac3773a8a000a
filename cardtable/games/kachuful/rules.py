"""Kachuful (Judgement): pure rules (see shared rules/kachuful.md and seed 004).

Seats are 0..n-1 and clockwise is +1, so the dealer's left is `dealer + 1`.  Seat 0 deals the first round and
the deal passes clockwise.  Readable texts call seat s "Seat s+1".

Zones (for events and the table): hand0..hand{n-1}, trick, won0..won{n-1} (tricks taken this round), deck
(the undealt cards), trump (the turned-up card in the "turn up" trump mode).

A game is a sequence of rounds.  Each round: deal (inside the state, from its own seeded generator), trump,
bids, tricks, score.  The state keeps, per finished round, only what happened (hand size, dealer, trump, bids,
tricks); every score, total and standing is computed from that record, never stored.

Simultaneous bidding: the engine still takes one bid per turn (from the dealer's left, the dealer last), but
`view(seat)` shows only *whether* each other seat has bid until every bid is in.  With the hook on, the bids are
checked when they are revealed: if they total the number of tricks, the dealer must change their bid (to any
other number).  `determinize(seat)` resamples the hidden bids of the others uniformly from 0..hand size.

Jokers (option): two jokers join the deck.  A joker is the highest trump: it belongs to the trump suit for
following and for winning; in a round without a trump suit the jokers alone are trumps (a led joker asks for a
joker).  Two jokers in one trick: the first played wins.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.cards import JOKER_SUIT, SUIT_NAMES, SUITS, Card, deck_with_jokers, standard_deck
from cardtable.core.engine import Action, Event, IllegalAction, Option, Result, Rules, State, new_seed
from cardtable.core.tricks import ace_high, follow_suit, printed_suit
from cardtable.core.wording import seat_list, seat_name

MAX_HAND = 8  # the top of the named sequences (capped by the deck for 7 players)
DECK_CARDS = 52  # the cap on the largest hand is floor(52 / players), jokers or not
MAX_ROUNDS = 100  # a custom sequence may have at most this many rounds
MAX_REDEALS = 8
ROTATION = ("S", "D", "C", "H")
ROTATION_NO_TRUMP = ("S", "D", "C", "H", None)
NAMED_SEQUENCES = ("down_up", "down", "up")
JOKER_RANK = 15  # above the ace (14)
TIMEOUTS_BEFORE_HANDOVER = 3

_SUIT_BIT = {"S": 1, "H": 2, "D": 4, "C": 8, JOKER_SUIT: 16}
_SORT_SUITS = {JOKER_SUIT: 0, "S": 1, "H": 2, "C": 3, "D": 4}  # alternating colours in a sorted hand


def suit_text(suit: str | None) -> str:
    if suit is None:
        return "no trump"
    if suit == JOKER_SUIT:
        return "jokers"
    return SUIT_NAMES[suit]


# ----- actions ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bid(Action):
    """Bid the number of tricks the seat will take this round."""

    amount: int

    def describe(self) -> str:
        return f"Bid {self.amount}"


@dataclass(frozen=True)
class Play(Action):
    """Play a card from the hand to the trick."""

    card: Card

    def describe(self) -> str:
        return f"Play {self.card.label}"


_ALL_CARDS = deck_with_jokers(2)
PLAY: dict[Card, Play] = {c: Play(c) for c in _ALL_CARDS}  # shared instances: legal_actions allocates nothing
BID: tuple[Bid, ...] = tuple(Bid(k) for k in range(DECK_CARDS + 1))
_BIDS = list(BID)  # slicing a list makes the list legal_actions returns in one step
# The same card objects everywhere (hands, actions, tables): `in` and `remove` then match on identity first.
_DECK = tuple(_ALL_CARDS[:52])
assert list(_DECK) == standard_deck()
_DECK_JOKERS = tuple(_ALL_CARDS)
_DECK_SET = frozenset(_DECK)
_DECK_JOKERS_SET = frozenset(_DECK_JOKERS)
# Events are immutable: the card moves of play are made once and shared.
_MOVE_EVENTS = tuple({c: Event("move", (c,), f"hand{s}", "trick", s) for c in _ALL_CARDS} for s in range(8))
#: Seconds (at normal speed) the full trick stays in view before it is gathered, and the last trick of a round
#: before the cards go back to the deck.
TRICK_HOLD = 1.5
ROUND_HOLD = 0.5
_LAST_CARD_EVENTS = tuple({c: Event("move", (c,), f"hand{s}", "trick", s, hold=TRICK_HOLD) for c in _ALL_CARDS}
                          for s in range(8))
_SORT_KEY = {c: (_SORT_SUITS[c.suit], -ace_high(c) if not c.is_joker else -c.copy) for c in _ALL_CARDS}
# The same order as one int per card (the keys above are all different), cheaper to compare.
_SORT_RANK = {c: i for i, c in enumerate(sorted(_ALL_CARDS, key=_SORT_KEY.__getitem__))}
# Lookup tables for the hot paths (searches play millions of cards): strength, label, and the effective suit of
# every card for each trump (a joker belongs to the trump suit, or to its own suit when there is no trump).
_STRENGTH = {c: JOKER_RANK if c.suit == JOKER_SUIT else ace_high(c) for c in _ALL_CARDS}
_LABEL = {c: c.label for c in _ALL_CARDS}
_EFFECTIVE = {t: {c: (t or JOKER_SUIT) if c.suit == JOKER_SUIT else c.suit for c in _ALL_CARDS}
              for t in (*SUITS, None)}
# Per (trump, led suit): how strongly each card contends for the trick (-1: it cannot win it).
_TRICK_KEY = {
    (t, led): {c: 100 + _STRENGTH[c] if eff[c] == (t or JOKER_SUIT) else _STRENGTH[c] if eff[c] == led else -1
               for c in _ALL_CARDS}
    for t, eff in _EFFECTIVE.items() for led in (*SUITS, JOKER_SUIT)
}
# Per led suit (and per trump with jokers): each card's Play if it follows that suit, else None (apply's test).
_FOLLOW_PRINTED = {led: {c: PLAY[c] if c.suit == led else None for c in _ALL_CARDS} for led in (*SUITS, JOKER_SUIT)}
_FOLLOW_EFFECTIVE = {
    (t, led): {c: PLAY[c] if eff[c] == led else None for c in _ALL_CARDS}
    for t, eff in _EFFECTIVE.items() for led in (*SUITS, JOKER_SUIT)
}
_WON = tuple(f"won{s}" for s in range(8))
_SEAT_NAMES = tuple(seat_name(s) for s in range(8))
_TRICK_TEXT = tuple({c: f"{_SEAT_NAMES[s]} wins the trick with {_LABEL[c]}." for c in _ALL_CARDS} for s in range(8))
# Events are immutable, so the ones fully determined by a small key are made once and shared.
_DEAL_EVENTS: dict[tuple[int, int], Event] = {}
_BID_EVENTS: dict[tuple[int, int | None], Event] = {}
_LEAD_EVENTS: dict[tuple[int, int, int], Event] = {}
_SCORE_EVENTS: dict[tuple[int, int], Event] = {}


def _deal_event(seat: int, h: int) -> Event:
    event = _DEAL_EVENTS.get((seat, h))
    if event is None:
        event = _DEAL_EVENTS[seat, h] = Event("deal", src="deck", dst=f"hand{seat}", seat=seat, value=h, text="")
    return event


def _bid_event(seat: int, amount: int | None) -> Event:
    """A bid announced (amount None: a hidden simultaneous bid)."""
    event = _BID_EVENTS.get((seat, amount))
    if event is None:
        name = _SEAT_NAMES[seat]
        text = f"{name} has bid." if amount is None else f"{name} bids {amount}."
        event = _BID_EVENTS[seat, amount] = Event("bid", seat=seat, value=amount, text=text)
    return event


def _lead_event(total: int, h: int, leader: int) -> Event:
    """The bids are in: their total against the tricks, and who leads."""
    event = _LEAD_EVENTS.get((total, h, leader))
    if event is None:
        balance = "" if total == h else f" ({'overbid' if total > h else 'underbid'} by {abs(total - h)})"
        event = _LEAD_EVENTS[total, h, leader] = Event(
            "message", text=f"Bids total {total} for {h} trick{'s' if h != 1 else ''}{balance}. "
                            f"{_SEAT_NAMES[leader]} leads.")
    return event


_TRUMP_EVENTS: dict[tuple[Card | None, str | None], Event] = {}
_FIRST_DEAL_EVENTS: dict[tuple[int, int, int, int, int], Event] = {}
_SHUFFLE_EVENT = Event("shuffle", src="deck")
_new = object.__new__
# `_event` fills an Event's fields directly: the frozen dataclass's __init__ sets each field through
# object.__setattr__, three times slower.  Same fields, same object; checked here in case Event changes.
assert tuple(f.name for f in dataclasses.fields(Event)) == ("kind", "cards", "src", "dst", "seat", "text", "value",
                                                            "hold", "snapshot")
assert not hasattr(Event, "__post_init__") and not hasattr(Event, "__slots__")


def _event(kind: str, cards: tuple[Card, ...] = (), src: str | None = None, dst: str | None = None,
           seat: int | None = None, text: str = "", value: Any = None) -> Event:
    event = _new(Event)
    event.__dict__.update(kind=kind, cards=cards, src=src, dst=dst, seat=seat, text=text, value=value, hold=0.0,
                          snapshot=None)
    return event


def _trump_event(trump_card: Card | None, trump: str | None) -> Event:
    event = _TRUMP_EVENTS.get((trump_card, trump))
    if event is None:
        text = f"Trump: {suit_text(trump)}." if trump else "No trump this round."
        if trump_card is not None:
            text = f"{trump_card.label} is turned up. " + text
        event = _TRUMP_EVENTS[trump_card, trump] = Event(
            "trump", (trump_card,) if trump_card else (), "deck", "trump", value=trump, text=text)
    return event


def _first_deal_event(round_: int, rounds: int, dealer: int, h: int, first: int) -> Event:
    """The deal to the dealer's left, with the round's announcement."""
    event = _FIRST_DEAL_EVENTS.get((round_, rounds, dealer, h, first))
    if event is None:
        text = (f"Round {round_ + 1} of {rounds}: {_SEAT_NAMES[dealer]} deals "
                f"{h} card{'s' if h != 1 else ''} each.")
        event = _FIRST_DEAL_EVENTS[round_, rounds, dealer, h, first] = Event(
            "deal", src="deck", dst=f"hand{first}", seat=first, value=h, text=text)
    return event


_DEAL_ROUNDS: dict[tuple[int, int, int, int, int], tuple[Event, ...]] = {}


def _deal_events(round_: int, rounds: int, dealer: int, h: int, n: int) -> tuple[Event, ...]:
    """A round's deal events: to the dealer's left first (with the announcement), then clockwise."""
    key = (round_, rounds, dealer, h, n)
    events = _DEAL_ROUNDS.get(key)
    if events is None:
        first = (dealer + 1) % n
        events = _DEAL_ROUNDS[key] = (_first_deal_event(round_, rounds, dealer, h, first),
                                      *[_deal_event((first + k) % n, h) for k in range(1, n)])
    return events


_ROUND_TEXTS: dict[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]], str] = {}


def _round_text(round_: int, bids: tuple[int, ...], tricks: tuple[int, ...], points: tuple[int, ...]) -> str:
    """The end of round `round_` (from 0): the seats that made their bids, then each seat's bid, tricks won and
    points ("Seat 1 2/2 +12")."""
    key = (round_, bids, tricks, points)
    text = _ROUND_TEXTS.get(key)
    if text is None:
        made = [s for s in range(len(bids)) if bids[s] == tricks[s]]
        head = (f"Round {round_ + 1}: " + (seat_list(made) + " made their bid" + ("s" if len(made) > 1 else "")
                                           if made else "nobody made their bid") + ".")
        figures = ", ".join(f"{_SEAT_NAMES[s]} {b}/{t} {p:+d}" if p else f"{_SEAT_NAMES[s]} {b}/{t} 0"
                            for s, (b, t, p) in enumerate(zip(bids, tricks, points, strict=True)))
        text = f"{head} Bid/won/points: {figures}."
        if len(_ROUND_TEXTS) < 100_000:
            _ROUND_TEXTS[key] = text
    return text


def _score_event(seat: int, points: int) -> Event:
    event = _SCORE_EVENTS.get((seat, points))
    if event is None:
        event = _SCORE_EVENTS[seat, points] = Event("score", seat=seat, value=points)
    return event


_SUMMARIES: dict[tuple[bool, int, int, tuple[int, ...], tuple[int, ...]], str] = {}
assert tuple(f.name for f in dataclasses.fields(Result)) == ("scores", "winners", "summary", "scored")
assert not hasattr(Result, "__post_init__") and not hasattr(Result, "__slots__")


def _summary(key: tuple[bool, int, int, tuple[int, ...], tuple[int, ...]]) -> str:
    """The text of a result: (over, rounds played, rounds, totals, winners); the standings while the game is
    played, the winners once it is over."""
    over, played, rounds, totals, winners = key
    names = _SEAT_NAMES
    # Highest total first; equal totals keep seat order (a stable sort, reversed keys or not).
    standings = ", ".join([f"{names[s]} {totals[s]}" for s in sorted(range(len(totals)), key=totals.__getitem__,
                                                                       reverse=True)])
    if not over:
        return f"After {played} of {rounds} rounds: {standings}."
    who = seat_list(winners)
    verb = "wins" if len(winners) == 1 else "share the win"
    tied_on_total = totals.count(max(totals)) > len(winners)
    how = " on the highest single-round score" if tied_on_total else ""
    return f"{who} {verb}{how}."  # the totals are the result's scores, which the result lists


_SHUFFLE = random.Random.shuffle
_RANDBELOW = random.Random._randbelow  # type: ignore[attr-defined]
# Per list length: the steps of Random.shuffle, (i, the bits randbelow(i + 1) draws), i from the top down.
_SHUFFLE_STEPS = tuple(tuple((i, (i + 1).bit_length()) for i in range(m - 1, 0, -1)) for m in range(64))


def _shuffle(cards: list[Card], rng: random.Random) -> None:
    """rng.shuffle(cards): the very same draws and result, with the generator's per-card calls inlined."""
    kind = type(rng)
    if kind.shuffle is not _SHUFFLE or kind._randbelow is not _RANDBELOW or len(cards) >= len(_SHUFFLE_STEPS):
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i, k in _SHUFFLE_STEPS[len(cards)]:
        j = getrandbits(k)  # randbelow(i + 1), as Random._randbelow_with_getrandbits draws it
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


# ----- sequences and scoring (pure functions, also used by tests and the table) -------------------------


def max_hand(players: int) -> int:
    """The largest hand the deck allows: floor(52 / players)."""
    return DECK_CARDS // players


def parse_custom_sequence(text: str) -> tuple[int, ...]:
    """'5,3,1' -> (5, 3, 1); ValueError with a readable message if it is not a list of hand sizes."""
    parts = [p.strip() for p in text.split(",")]
    if not parts or not all(p.isdigit() for p in parts):
        raise ValueError(
            f"Custom hand sizes are whole numbers separated by commas, such as '1,2,3'; {text!r} is not."
        )
    sizes = tuple(int(p) for p in parts)
    if any(s < 1 for s in sizes):
        raise ValueError("Every round deals at least one card: a hand size of 0 is not allowed.")
    if len(sizes) > MAX_ROUNDS:
        raise ValueError(f"A custom sequence has at most {MAX_ROUNDS} rounds, not {len(sizes)}.")
    return sizes


@functools.lru_cache(maxsize=256)
def hand_sequence(hands: str, players: int) -> tuple[int, ...]:
    """The round-by-round hand sizes for the `hands` option; ValueError if the deck cannot deal them."""
    cap = max_hand(players)
    if hands in NAMED_SEQUENCES:
        top = min(MAX_HAND, cap)
        down = tuple(range(top, 0, -1))
        if hands == "down":
            return down
        if hands == "up":
            return down[::-1]
        return down + tuple(range(2, top + 1))
    sizes = parse_custom_sequence(hands)
    too_big = max(sizes)
    if too_big > cap:
        raise ValueError(
            f"A hand of {too_big} cards is too large for {players} players: 52 cards deal at most {cap} each "
            f"(52 ÷ {players}, rounded down). Choose hand sizes of {cap} or fewer."
        )
    return sizes


def round_points(bid: int, won: int, scoring: str = "standard", factor: int = 1, multiplier: int = 10) -> int:
    """Points for one player's round under a scoring model."""
    if won == bid:
        return bid * multiplier if scoring == "multiplier" else 10 + bid
    if scoring == "penalty":
        return -abs(won - bid) * factor
    return 0


def forbidden_bid(others: Sequence[int], hand_size: int) -> int | None:
    """The bid that would make the total equal the tricks of the round, if it is a possible bid."""
    rest = hand_size - sum(others)
    return rest if 0 <= rest <= hand_size else None


# ----- the state ----------------------------------------------------------------------------------------


class KachufulState(State):
    """A game of Kachuful in progress."""

    __slots__ = (
        "turn", "n", "options", "seed", "sequence", "round", "dealer", "hand_size", "hands", "deck", "trump",
        "trump_card", "phase", "bids", "rebid", "tricks", "won", "trick", "led", "leader", "last_trick",
        "last_winner", "voids", "history", "misdeals", "simultaneous", "hook", "jokers",
    )

    def __init__(self, players: int, options: dict[str, Any], seed: int, sequence: tuple[int, ...]) -> None:
        self.n = players
        self.options = options
        self.seed = seed
        self.sequence = sequence
        self.simultaneous = options["bidding"] == "simultaneous"
        self.hook = bool(options["hook"])
        self.jokers = bool(options["jokers"])
        self.round = 0
        self.dealer = 0
        self.hand_size = 0
        self.turn: int | None = None
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.deck: list[Card] = []
        self.trump: str | None = None
        self.trump_card: Card | None = None
        self.phase = "bid"
        self.bids: list[int | None] = [None] * players
        self.rebid = False
        self.tricks = [0] * players
        self.won: list[list[Card]] = [[] for _ in range(players)]
        self.trick: list[tuple[int, Card]] = []
        self.led: str | None = None
        self.leader = 0
        self.last_trick: tuple[tuple[int, Card], ...] = ()
        self.last_winner: int | None = None
        self.voids = [0] * players  # bit set of effective suits each seat has shown out of, this round
        # Finished rounds: (hand size, dealer, trump, bids, tricks).  The only record scores come from.
        self.history: list[tuple[int, int, str | None, tuple[int, ...], tuple[int, ...]]] = []
        self.misdeals = [0] * players  # redeals caused by a faulty deal, per dealer

    # ----- cards ------------------------------------------------------------------------------------
    def suit_of(self, card: Card) -> str:
        """The card's effective suit: a joker belongs to the trump suit (its own suit when there is none)."""
        if card.suit == JOKER_SUIT:
            return self.trump or JOKER_SUIT
        return card.suit

    @property
    def trump_suit(self) -> str:
        """The suit that trumps: the trump suit, or the jokers' own suit in a round without trump."""
        return self.trump or JOKER_SUIT

    @staticmethod
    def strength(card: Card) -> int:
        """Rank within a suit: 2..13, ace 14, joker 15."""
        return JOKER_RANK if card.suit == JOKER_SUIT else ace_high(card)

    def full_deck(self) -> tuple[Card, ...]:
        return _DECK_JOKERS if self.jokers else _DECK

    def every_card(self) -> list[Card]:
        """Every card of the game wherever it lies (the deck, the trump card, hands, the trick, won tricks)."""
        cards = list(self.deck)
        if self.trump_card is not None:
            cards.append(self.trump_card)
        for hand in self.hands:
            cards += hand
        cards += [c for _, c in self.trick]
        for pile in self.won:
            cards += pile
        return cards

    # ----- dealing ----------------------------------------------------------------------------------
    def _shuffled(self, attempt: int) -> tuple[list[Card], random.Random]:
        # One generator per round (and per redeal): a clone needs no generator state, and a determinized
        # clone only has to change `seed` to make future deals unknown.
        rng = random.Random(self.seed * 4096 + self.round * 8 + attempt)
        draw = rng.random
        # Sorting by independent uniform keys is a uniform shuffle, and twice as fast as rng.shuffle here.
        cards = sorted(self.full_deck(), key=lambda _: draw())
        return cards, rng

    def _deal_cards(self, cards: list[Card], first: int, hand_size: int) -> list[list[Card]]:
        """Deal one card at a time from the top of `cards`, starting with seat `first`."""
        n = self.n
        hands: list[list[Card]] = [[] for _ in range(n)]
        for k in range(n):
            hands[(first + k) % n] = cards[k: n * hand_size: n]
        return hands

    def _deal_is_correct(self, hands: list[list[Card]], rest: list[Card], hand_size: int) -> bool:
        """Every seat has the round's hand size, and the cards are exactly the deck, none twice."""
        for h in hands:
            if len(h) != hand_size:
                return False
        if len(hands) * hand_size + len(rest) != len(self.full_deck()):
            return False
        return set(rest).union(*hands) == (_DECK_JOKERS_SET if self.jokers else _DECK_SET)

    def start_round(self, events: list[Event] | None = None) -> None:
        """Deal the current round, set its trump and open the bidding."""
        events = [] if events is None else events
        n = self.n
        h = self.hand_size = self.sequence[self.round]
        self.dealer = self.round % n
        first = (self.dealer + 1) % n
        for attempt in range(MAX_REDEALS):
            cards, rng = self._shuffled(attempt)
            hands = self._deal_cards(cards, first, h)
            rest = cards[n * h:]
            if self._deal_is_correct(hands, rest, h):
                break
            # A misdeal is found before the first trick: the whole round is dealt again (seed §7.1).
            self.misdeals[self.dealer] += 1
            events.append(Event("message", seat=self.dealer, text=f"Misdeal by {seat_name(self.dealer)}: redeal."))
        else:
            raise RuntimeError("the deck could not be dealt correctly")
        key = _SORT_RANK.__getitem__
        for hand in hands:
            hand.sort(key=key)
        self.hands = hands
        mode = self.options["trump"]
        self.trump_card = None
        if mode == "rotate":
            self.trump = ROTATION[self.round % 4]
        elif mode == "rotate_no_trump":
            self.trump = ROTATION_NO_TRUMP[self.round % 5]
        elif mode == "random":
            self.trump = rng.choice(SUITS)
        elif rest:  # turn up: the first undealt card (a joker turned up means no trump suit)
            self.trump_card = rest.pop(0)
            self.trump = None if self.trump_card.suit == JOKER_SUIT else self.trump_card.suit
        else:
            self.trump = None
        self.deck = rest
        self.phase = "bid"
        self.bids = [None] * n
        self.rebid = False
        self.tricks = [0] * n
        self.won = [[] for _ in range(n)]
        self.trick = []
        self.led = None
        self.leader = first
        self.last_trick = ()
        self.last_winner = None
        self.voids = [0] * n
        self.turn = first
        events += _deal_events(self.round, len(self.sequence), self.dealer, h, n)
        events.append(_trump_event(self.trump_card, self.trump))

    # ----- legality ---------------------------------------------------------------------------------
    def forbidden(self) -> int | None:
        """The bid the hook forbids to the seat bidding now, when the bids are public (else None)."""
        if not self.hook or self.phase != "bid" or self.turn != self.dealer:
            return None
        if self.rebid:
            return forbidden_bid([b for s, b in enumerate(self.bids) if s != self.dealer], self.hand_size)
        if self.simultaneous:
            return None  # hidden bids: the hook is applied when they are revealed
        return forbidden_bid([b for b in self.bids if b is not None], self.hand_size)

    def forbidden_reason(self, bid: int) -> str:
        h = self.hand_size
        if self.rebid:
            return (f"The bids total {h}, the number of tricks this round: the dealer must change their bid "
                    f"(anything but {bid}).")
        return (f"The dealer may not bid {bid}: the bids would total {h}, the number of tricks this round "
                f"(last-bidder restriction).")

    def reason(self, action: Action) -> str | None:
        """Why `action` is illegal now, or None if it is legal."""
        turn = self.turn
        if turn is None:
            return "The game is over."
        cls = type(action)
        if cls is Play:
            if self.phase != "play":
                return f"Bidding is not over: {seat_name(turn)} must bid before any card is played."
            card = action.card
            hand = self.hands[turn]
            if type(card) is not Card or card not in hand:
                what = card.label if type(card) is Card else repr(card)
                return f"It is {seat_name(turn)}'s turn, and {what} is not in their hand."
            led = self.led
            if led is not None:
                suit_of = self.suit_of
                if suit_of(card) != led and any(suit_of(c) == led for c in hand):
                    return (f"{card.label} does not follow suit: {suit_text(led)} were led and "
                            f"{seat_name(turn)} holds {suit_text(led)}, so they must play one.")
            return None
        if cls is Bid:
            if self.phase != "bid":
                return f"The bidding is over: it is {seat_name(turn)}'s turn to play a card."
            amount = action.amount
            h = self.hand_size
            if type(amount) is not int or not 0 <= amount <= h:
                return f"A bid is a whole number of tricks from 0 to {h}, not {amount!r}."
            if amount == self.forbidden():
                return self.forbidden_reason(amount)
            return None
        return f"That is not a Kachuful action: {action!r}."

    def legal_bids(self) -> list[int]:
        if self.turn is None or self.phase != "bid":
            return []
        no = self.forbidden()
        bids = list(range(self.hand_size + 1))
        if no is not None:
            del bids[no]
        return bids

    def legal_cards(self) -> list[Card]:
        if self.turn is None or self.phase != "play":
            return []
        hand = self.hands[self.turn]
        return follow_suit(hand, self.led, self.suit_of if self.jokers else printed_suit)

    def legal_actions(self) -> list[Action]:
        turn = self.turn
        if turn is None:
            return []
        if self.phase == "play":
            # legal_cards() as Play actions (searches call this at every step): the led suit if the hand has it,
            # else the whole hand.
            hand = self.hands[turn]
            led = self.led
            if led is not None:
                if self.jokers:
                    suit = _EFFECTIVE[self.trump]
                    following = [PLAY[c] for c in hand if suit[c] == led]
                else:
                    following = [PLAY[c] for c in hand if c.suit == led]
                if following:
                    return following
            return [PLAY[c] for c in hand]
        if self.phase != "bid":
            return []
        bids = _BIDS[: self.hand_size + 1]
        no = self.forbidden()
        if no is not None:
            del bids[no]
        return bids

    # ----- applying ---------------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        # Fast paths for the common legal play and bid (searches live here); anything else goes through reason().
        cls = type(action)
        if cls is Play:
            seat = self.turn
            card = action.card
            if self.phase == "play" and seat is not None and type(card) is Card:
                hand = self.hands[seat]
                led = self.led
                if led is None:
                    legal = True
                else:
                    follow = _FOLLOW_EFFECTIVE[self.trump, led] if self.jokers else _FOLLOW_PRINTED[led]
                    # It follows suit, or the hand cannot (a card not held fails at remove() below).
                    legal = follow.get(card) is not None or not any(map(follow.get, hand))
                if legal:
                    try:
                        hand.remove(card)
                    except ValueError:
                        pass
                    else:
                        return self._place(seat, card)
        elif cls is Bid and self.phase == "bid" and self.turn is not None:
            amount = action.amount  # type: ignore[attr-defined]
            if type(amount) is int and 0 <= amount <= self.hand_size and amount != self.forbidden():
                return self._bid(amount)
        why = self.reason(action)
        if why is not None:
            raise IllegalAction(why)
        if type(action) is Play:
            return self._play(action.card)
        return self._bid(action.amount)  # type: ignore[attr-defined]

    def _bid(self, amount: int) -> list[Event]:
        seat = self.turn
        assert seat is not None
        name = _SEAT_NAMES[seat]
        events: list[Event] = []
        if self.rebid:
            self.bids[seat] = amount
            self.rebid = False
            events.append(Event("bid", seat=seat, value=amount, text=f"{name} changes their bid to {amount}."))
            self._start_play(events)
            return events
        self.bids[seat] = amount
        events.append(_bid_event(seat, None if self.simultaneous else amount))
        if seat != self.dealer:
            self.turn = (seat + 1) % self.n
            return events
        if self.simultaneous:
            bids = tuple(self.bids)
            shown = ", ".join(f"{seat_name(s)} {b}" for s, b in enumerate(bids))
            events.append(Event("reveal", value=bids, text=f"The bids: {shown}."))
            if self.hook and sum(bids) == self.hand_size:  # type: ignore[arg-type]
                self.rebid = True
                events.append(Event("message", seat=seat, text=(
                    f"The bids total {self.hand_size}, the number of tricks: {name}, the dealer, "
                    f"must change their bid.")))
                return events
        self._start_play(events)
        return events

    def _start_play(self, events: list[Event]) -> None:
        self.phase = "play"
        self.leader = self.turn = (self.dealer + 1) % self.n
        events.append(_lead_event(sum(self.bids), self.hand_size, self.leader))  # type: ignore[arg-type]

    def _play(self, card: Card) -> list[Event]:
        """Play `card` from the hand of the seat to act (unchecked: apply() checks)."""
        seat = self.turn
        assert seat is not None
        self.hands[seat].remove(card)
        return self._place(seat, card)

    def _place(self, seat: int, card: Card) -> list[Event]:
        """Put `card`, already taken from the hand of `seat`, on the trick; settle the trick when it is full."""
        suit = card.suit
        if suit == JOKER_SUIT:
            suit = self.trump or JOKER_SUIT
        trick = self.trick
        if trick:
            if suit != self.led:
                self.voids[seat] |= _SUIT_BIT[self.led]  # type: ignore[index]
        else:
            self.led = suit
        trick.append((seat, card))
        n = self.n
        if len(trick) < n:
            self.turn = (seat + 1) % n
            return [_MOVE_EVENTS[seat][card]]
        events = [_LAST_CARD_EVENTS[seat][card]]
        # The trick's winner, as winning_index(cards, led, trump_suit, suit_of, strength) finds it, inlined:
        # the highest trump if any, else the highest card of the led suit; equal cards go to the first played.
        key = _TRICK_KEY[self.trump, self.led]
        best = -1
        winner, top = trick[0]
        for s, c in trick:
            k = key[c]
            if k > best:
                best, winner, top = k, s, c
        cards = tuple([c for _, c in trick])
        tricks = self.tricks
        tricks[winner] += 1
        self.won[winner].extend(cards)
        self.last_trick = tuple(trick)
        self.last_winner = winner
        self.trick = []
        self.led = None
        event = _new(Event)  # as _event(): the trick event is new every time
        event.__dict__.update(kind="trick", cards=cards, src="trick", dst=_WON[winner], seat=winner,
                              text=_TRICK_TEXT[winner][top], value=tricks[winner],
                              hold=0.0 if self.hands[winner] else ROUND_HOLD)
        events.append(event)
        if self.hands[winner]:
            self.turn = self.leader = winner
            return events
        self._end_round(events)
        return events

    def _end_round(self, events: list[Event]) -> None:
        n = self.n
        bids = tuple(self.bids)
        tricks = tuple(self.tricks)
        self.history.append((self.hand_size, self.dealer, self.trump, bids, tricks))  # type: ignore[arg-type]
        points = self.round_points(len(self.history) - 1)
        events.append(_event("round", text=_round_text(self.round, bids, tricks, tuple(points)), value=tuple(points)))
        for s in range(n):
            if points[s]:
                events.append(_score_event(s, points[s]))
        self.round += 1
        if self.round == len(self.sequence):
            # The game is over: the last round stays on the table as it ended (bids, tricks, won cards).
            self.turn = None
            self.phase = "over"
            events.append(_event("over", text=self.result().summary))
            return
        for s in range(n):
            if self.won[s]:
                events.append(_event("move", tuple(self.won[s]), _WON[s], "deck", s))
        if self.trump_card is not None:
            events.append(Event("move", (self.trump_card,), "trump", "deck"))
        # The cards go back to the deck (to be shuffled for the next deal).
        self.deck = list(self.full_deck())
        self.trump_card = None
        self.won = [[] for _ in range(n)]
        self.tricks = [0] * n
        events.append(_SHUFFLE_EVENT)
        self.start_round(events)

    # ----- scores (derived from the history, never stored) --------------------------------------------
    def round_points(self, index: int) -> list[int]:
        """Points per seat for finished round `index`."""
        _, _, _, bids, tricks = self.history[index]
        o = self.options
        scoring = o["scoring"]
        if scoring == "standard":  # round_points() inlined for the common case
            return [10 + b if b == t else 0 for b, t in zip(bids, tricks, strict=True)]
        factor, multiplier = o["penalty_factor"], o["multiplier"]
        return [round_points(b, t, scoring, factor, multiplier) for b, t in zip(bids, tricks, strict=True)]

    def score_sheet(self) -> list[dict[str, Any]]:
        """One row per finished round: hand size, dealer, trump, and per seat bid, tricks, points, running total."""
        totals = [0] * self.n
        rows = []
        for i, (h, dealer, trump, bids, tricks) in enumerate(self.history):
            points = self.round_points(i)
            totals = [t + p for t, p in zip(totals, points, strict=True)]
            rows.append({
                "round": i + 1, "hand_size": h, "dealer": dealer, "trump": trump,
                "bids": list(bids), "tricks": list(tricks), "points": points, "totals": list(totals),
            })
        return rows

    def totals(self) -> list[int]:
        history = self.history
        if len(history) == 1:
            return self.round_points(0)
        totals = [0] * self.n
        for i in range(len(history)):
            for s, p in enumerate(self.round_points(i)):
                totals[s] += p
        return totals

    def leaders(self) -> list[int]:
        """The seats with the top total, after the tie-break option."""
        return self._leaders(self.totals())

    def _leaders(self, totals: list[int]) -> list[int]:
        top = max(totals)
        tied = [s for s in range(self.n) if totals[s] == top]
        # (After one round the best round of each tied seat is its total: the tie stands.)
        if len(tied) > 1 and self.options["tie_break"] == "highest_round" and len(self.history) > 1:
            rounds = [self.round_points(i) for i in range(len(self.history))]
            best = {s: max(r[s] for r in rounds) for s in tied}
            high = max(best.values())
            tied = [s for s in tied if best[s] == high]  # still tied on that: the win is shared
        return tied

    # ----- the rest of the contract -------------------------------------------------------------------
    def result(self) -> Result:
        totals = self.totals()  # a new list
        over = self.turn is None
        winners = self._leaders(totals) if over else []
        # Every playout ends here: the summary text, fully determined by this key, is made once.
        key = (over, len(self.history), len(self.sequence), tuple(totals), tuple(winners))
        summary = _SUMMARIES.get(key)
        if summary is None:
            summary = _summary(key)
            if len(_SUMMARIES) < 100_000:
                _SUMMARIES[key] = summary
        result = _new(Result)  # as Result(scores=..., winners=..., summary=...), without the frozen __init__
        result.__dict__.update(scores=totals, winners=winners, summary=summary, scored=True)
        return result

    def status(self, seat: int | None) -> str:
        turn = self.turn
        if turn is None:
            return self.result().summary
        who = "You" if turn == seat else seat_name(turn)
        if self.phase == "bid":
            if self.rebid:
                return f"{who} (the dealer) must change the bid: the bids total {self.hand_size}."
            return f"{who}: bid how many tricks you will take (0 to {self.hand_size})." if turn == seat else \
                f"{who} to bid."
        if self.led is None:
            return f"{who} to lead." if turn != seat else "Your lead: play any card."
        return f"{who} to play: follow {suit_text(self.led)} if you can." if turn == seat else f"{who} to play."

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.n
        hidden_bids = self.simultaneous and self.phase == "bid" and not self.rebid and None in self.bids
        bids = [b if (not hidden_bids or s == seat) else None for s, b in enumerate(self.bids)]
        legal: dict[str, Any] | None = None
        if seat is not None and seat == self.turn:
            no = self.forbidden()
            legal = {
                "bids": self.legal_bids(),
                "forbidden_bid": no,
                "forbidden_reason": self.forbidden_reason(no) if no is not None else "",
                "cards": self.legal_cards(),
            }
        no = self.forbidden()
        sheet = self.score_sheet()
        return {
            "players": n,
            "seat": seat,
            "dealer": self.dealer,
            "round": min(self.round, len(self.sequence) - 1),
            "rounds": len(self.sequence),
            "sequence": list(self.sequence),
            "hand_size": self.hand_size,
            "trump": self.trump,
            "trump_card": self.trump_card,
            "phase": self.phase,
            "turn": self.turn,
            "hands": [list(h) if s == seat else [None] * len(h) for s, h in enumerate(self.hands)],
            "bids": bids,
            "has_bid": [b is not None for b in self.bids],
            "bids_hidden": hidden_bids,
            "rebid": self.rebid,
            "forbidden_bid": no,
            "forbidden_reason": self.forbidden_reason(no) if no is not None else "",
            "tricks": list(self.tricks),
            "won": [list(w) for w in self.won],
            "trick": list(self.trick),
            "leader": self.leader,
            "led_suit": self.led,
            "last_trick": list(self.last_trick),
            "last_winner": self.last_winner,
            "deck": len(self.deck),
            "legal": legal,
            "sheet": sheet,
            "totals": sheet[-1]["totals"] if sheet else [0] * n,
            "winners": self.leaders() if self.turn is None else [],
            "timer": self.options["turn_timer"],
            "options": dict(self.options),
            "misdeals": list(self.misdeals),
            "status": self.status(seat),
        }

    def clone(self) -> KachufulState:
        o = _new(KachufulState)
        o.turn = self.turn
        o.n = self.n
        o.options = self.options
        o.seed = self.seed
        o.sequence = self.sequence
        o.simultaneous = self.simultaneous
        o.hook = self.hook
        o.jokers = self.jokers
        o.round = self.round
        o.dealer = self.dealer
        o.hand_size = self.hand_size
        o.hands = [h[:] for h in self.hands]
        o.deck = self.deck[:]
        o.trump = self.trump
        o.trump_card = self.trump_card
        o.phase = self.phase
        o.bids = self.bids[:]
        o.rebid = self.rebid
        o.tricks = self.tricks[:]
        o.won = [w[:] for w in self.won]
        o.trick = self.trick[:]
        o.led = self.led
        o.leader = self.leader
        o.last_trick = self.last_trick
        o.last_winner = self.last_winner
        o.voids = self.voids[:]
        o.history = self.history[:]
        o.misdeals = self.misdeals[:]
        return o

    def determinize(self, seat: int | None, rng: random.Random) -> KachufulState:
        """A clone in which everything `seat` cannot see is resampled.

        Hidden: the other seats' hands and the undealt deck (the turned-up trump card is public), the others'
        bids while simultaneous bids are hidden, and every future deal (the clone gets a new seed).  The cards
        are redealt so that no seat receives a suit it has shown out of this round (public information); the
        hand sizes stay as they are.
        """
        o = self.clone()
        o.seed = rng.randrange(2**31)
        n = self.n
        if self.simultaneous and self.phase == "bid" and not self.rebid:
            bids = o.bids
            for s in range(n):
                if s != seat and bids[s] is not None:
                    bids[s] = rng.randint(0, self.hand_size)
        hands = o.hands
        others = [s for s in range(n) if s != seat]
        pool = [c for s in others for c in hands[s]] + o.deck
        if not pool:
            return o
        voids = self.voids
        key = _SORT_RANK.__getitem__
        if not any(voids):  # nothing to respect: the plain deal _redeal() would make, without its bookkeeping
            _shuffle(pool, rng)
            start = 0
            for s in others:
                end = start + len(hands[s])
                hand = hands[s] = pool[start:end]
                hand.sort(key=key)
                start = end
            o.deck = pool[start:]
            return o
        need = {s: len(hands[s]) for s in others}
        dealt = self._redeal(pool, others, need, rng)
        for s in others:
            hand = hands[s] = dealt[s]
            hand.sort(key=key)
        o.deck = dealt[-1]
        return o

    def _redeal(self, pool: list[Card], seats: list[int], need: dict[int, int],
                rng: random.Random) -> dict[int, list[Card]]:
        """Share `pool` among `seats` (need[s] cards each) and the deck (key -1), respecting known voids."""
        bit = _SUIT_BIT
        suit_of = _EFFECTIVE[self.trump]  # self.suit_of as a table
        voids = self.voids
        constrained = sorted((s for s in seats if voids[s]), key=lambda s: -bin(voids[s]).count("1"))
        free = [s for s in seats if not voids[s]]
        for _ in range(20):
            _shuffle(pool, rng)
            rest = pool
            out: dict[int, list[Card]] = {}
            ok = True
            for s in constrained:
                mask = voids[s]
                take: list[Card] = []
                left: list[Card] = []
                k = need[s]
                for c in rest:
                    if len(take) < k and not bit[suit_of[c]] & mask:
                        take.append(c)
                    else:
                        left.append(c)
                if len(take) < k:
                    ok = False
                    break
                out[s] = take
                rest = left
            if ok:
                for s in free:
                    out[s] = rest[: need[s]]
                    rest = rest[need[s]:]
                out[-1] = rest
                return out
        # The constraints could not be met by chance: fall back to a plain shuffle (hand sizes kept).
        _shuffle(pool, rng)
        out, rest = {}, pool
        for s in seats:
            out[s], rest = rest[: need[s]], rest[need[s]:]
        out[-1] = rest
        return out


# ----- the game -----------------------------------------------------------------------------------------


_VALIDATED: dict[tuple[tuple[str, type, Any], ...], dict[str, Any]] = {}


class KachufulRules(Rules):
    """Kachuful's metadata and factory."""

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """As `Rules.validate_options`, and `hands` may also be a custom list such as '8,6,4,2' (a string)."""
        try:  # the same options again (a search or a benchmark starting many games): the answer is known
            key = tuple((k, type(v), v) for k, v in (options or {}).items())
            known = _VALIDATED.get(key)
        except TypeError:  # an unhashable value: validate it the long way (and refuse it there)
            key, known = None, None
        if known is not None:
            return dict(known)
        chosen = self._validate_options(options)
        if key is not None and len(_VALIDATED) < 1024:
            _VALIDATED[key] = dict(chosen)
        return chosen

    def _validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        options = dict(options or {})
        custom = options.get("hands")
        if isinstance(custom, str) and custom not in NAMED_SEQUENCES:
            sizes = parse_custom_sequence(custom)
            options.pop("hands")
            chosen = super().validate_options(options)
            chosen["hands"] = ",".join(str(s) for s in sizes)
            return chosen
        return super().validate_options(options)

    def new_game(
        self, players: int = 4, options: Mapping[str, Any] | None = None, seed: int | None = None
    ) -> KachufulState:
        self.check_players(players)
        chosen = self.validate_options(options)
        sequence = hand_sequence(chosen["hands"], players)
        state = KachufulState(players, chosen, new_seed() if seed is None else seed, sequence)
        state.start_round()
        return state


def hand_labels(players: int) -> tuple[str, ...]:
    """The named sequences as they are played by `players` (the largest hand capped by the deck: 7 for 7)."""
    top = min(MAX_HAND, max_hand(players))
    return (f"Down and up ({top}\u21921\u2192{top})", f"Down ({top}\u21921)", f"Up (1\u2192{top})")


RULES = KachufulRules(
    id="kachuful",
    title="Kachuful (Judgement)",
    players=range(3, 8),
    options=(
        Option("hands", "Hand sizes", NAMED_SEQUENCES, "down_up",
               ("Down and up (8\u21921\u21928)", "Down (8\u21921)", "Up (1\u21928)"), labels_for=hand_labels,
               custom="Custom list"),
        Option("trump", "Trump", ("rotate", "turn_up", "rotate_no_trump", "random"), "rotate",
               ("Rotate \u2660 \u2666 \u2663 \u2665", "Turn up the next card", "Rotate with no-trump rounds",
                "Random suit")),
        Option("bidding", "Bidding", ("sequential", "simultaneous"), "sequential",
               ("Sequential, from the dealer's left", "Simultaneous (hidden until all have bid)")),
        Option("hook", "Dealer's hook", (True, False), True,
               ("On: the dealer cannot make the bids total the tricks", "Off")),
        Option("scoring", "Scoring", ("standard", "penalty", "multiplier"), "standard",
               ("Standard: exact 10 + bid, miss 0", "Penalty: exact 10 + bid, miss minus the difference",
                "Multiplier: exact bid \u00d7 multiplier, miss 0")),
        Option("penalty_factor", "Penalty factor", (1, 2, 3, 5, 10), 1, when=("scoring", ("penalty",))),
        Option("multiplier", "Multiplier", (5, 10, 20), 10, when=("scoring", ("multiplier",))),
        Option("jokers", "Jokers", (False, True), False, ("Off", "On: two jokers, the highest trumps")),
        Option("tie_break", "Tie-break", ("highest_round", "shared"), "highest_round",
               ("Highest single-round score", "Shared victory")),
        Option("turn_timer", "Turn timer", (0, 15, 30, 60), 0, ("Off", "15 s", "30 s", "60 s")),
    ),
    version=1,
    action_types=(Bid, Play),
    blurb="Bid exactly the tricks you will take.",
)
