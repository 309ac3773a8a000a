"""Kachuful (Judgement): pure rules (see shared rules/kachuful.md and seed 004).

Seats are 0..n-1 and clockwise is +1, so the dealer's left is `dealer + 1`.  Seat 0 deals the first round and
the deal passes clockwise.  The engine records what happens as data (events of the kinds `EventKind` names,
refusals with the codes `RefusalCode` names, results with their values); `narration.py` says it.

Two speeds: `apply(action)` records the move's events and, at each beat the table holds (the full trick before it
is gathered, the round's last trick before the cards go back), a snapshot of the state as it stands then, nobody to
act; `apply(action, record=False)` (searches, bots) builds none of that.

Cards as bits (`CARD_BIT`, for searches): besides its lists of cards the state keeps each hand as a bit set
(`held`), the cards seen this round (`seen`) and the cards of the suit led (`led_cards`); `playable()`, the cards
the seat to act may play as a bit set, is the one rule of play that `reason` and `legal_actions` both read.  The
trick's winning play so far is kept as the cards fall (`top`, its contention; `taker`, its place in the trick).

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

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from cardtable.core.cards import JOKER_SUIT, SUITS, Card, alternating_suits, deck_with_jokers, hand_order, standard_deck
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
from cardtable.core.tricks import ace_high, contention
from cardtable.core.words import Seated
from cardtable.games.kachuful import INFO, MAX_HAND, NAMED_SEQUENCES

DECK_CARDS = 52  # the cap on the largest hand is floor(52 / players), jokers or not
MAX_ROUNDS = 100  # a custom sequence may have at most this many rounds
MAX_REDEALS = 8
ROTATION = ("S", "D", "C", "H")
ROTATION_NO_TRUMP = ("S", "D", "C", "H", None)
JOKER_RANK = 15  # above the ace (14)
TIMEOUTS_BEFORE_HANDOVER = 3

#: What a recorded move says happened (values as the narration reads them):
#: shuffle: the deck is gathered and shuffled; misdeal: seat (the dealer) misdealt, the round is dealt again;
#: round_start: seat deals, value {"round", "rounds", "cards"} (round from 1); deal: seat gets value cards;
#: trump: the round's trump suit (value; None: no trump), cards the turned-up card if any; bid: seat bids value
#: (None: a hidden simultaneous bid); reveal: the simultaneous bids (value, per seat); hook: the revealed bids
#: total value tricks, so seat (the dealer) must change their bid; rebid: seat changes their bid to value;
#: lead: the bids total value["total"] for value["tricks"] tricks, seat leads; move: a card played to the trick
#: (or cards going back to the deck); trick: seat wins the trick (cards) with value["card"], value["won"] tricks
#: so far; round: a round scored, value {"round", "bids", "tricks", "points"}; score: seat scores value points;
#: over: the game is over, value {"winners", "tie_break"} (tie_break: decided on the best single round).
EventKind = Literal["shuffle", "misdeal", "round_start", "deal", "trump", "bid", "reveal", "hook", "rebid", "lead",
                    "move", "trick", "round", "score", "over"]
#: Why an action is refused (`IllegalAction.reason`); the fields of each are named beside it.
RefusalCode = Literal[
    "game_over",  # -
    "not_your_action",  # action: the action's repr
    "bidding_not_over",  # seat
    "bidding_over",  # seat
    "not_in_hand",  # seat, card (a Card, or the repr of what was given)
    "must_follow",  # seat, card, suit (the effective suit led)
    "bid_out_of_range",  # amount (repr), most
    "hook",  # bid, tricks: the dealer's last bid would make the bids total the tricks
    "must_change",  # bid, tricks: the revealed bids total the tricks: the dealer must bid anything but `bid`
]
REFUSAL_CODES: tuple[str, ...] = get_args(RefusalCode)

_SUIT_BIT = {"S": 1, "H": 2, "D": 4, "C": 8, JOKER_SUIT: 16}
_SORT_SUITS = alternating_suits(JOKER_SUIT)  # a sorted hand: jokers, then the suits in alternating colours


# ----- actions ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bid(Action):
    """Bid the number of tricks the seat will take this round."""

    amount: int


@dataclass(frozen=True)
class Play(Action):
    """Play a card from the hand to the trick."""

    card: Card


_ALL_CARDS = deck_with_jokers(2)
PLAY: dict[Card, Play] = {c: Play(c) for c in _ALL_CARDS}  # shared instances: legal_actions allocates nothing
BID: tuple[Bid, ...] = tuple(Bid(k) for k in range(DECK_CARDS + 1))
_BIDS: list[Action] = list(BID)  # slicing a list makes the list legal_actions returns in one step
# The same card objects everywhere (hands, actions, tables): `in` and `remove` then match on identity first.
_DECK = tuple(_ALL_CARDS[:52])
assert list(_DECK) == standard_deck()
_DECK_JOKERS = tuple(_ALL_CARDS)
_DECK_SET = frozenset(_DECK)
_DECK_JOKERS_SET = frozenset(_DECK_JOKERS)
#: Seconds (at normal speed) the full trick stays in view before it is gathered, and the last trick of a round
#: before the cards go back to the deck.
TRICK_HOLD = 1.5
ROUND_HOLD = 0.5
#: Every card's number (its place in the full deck, jokers last) and bit: the public record of the cards seen this
#: round (`KachufulState.seen`) is a set of these bits.
CARD_NUMBER: dict[Card, int] = {c: i for i, c in enumerate(_ALL_CARDS)}
CARD_BIT: dict[Card, int] = {c: 1 << i for c, i in CARD_NUMBER.items()}
# A sorted hand, as one int per card: by suit, high cards first (every hand is kept in this order).
SORT_RANK = hand_order(_ALL_CARDS, lambda c: (_SORT_SUITS[c.suit], -ace_high(c) if not c.is_joker else -c.copy))
# Lookup tables for the hot paths (searches play millions of cards): strength, and the effective suit of every
# card for each trump (a joker belongs to the trump suit, or to its own suit when there is no trump; without
# jokers in the deck it is the printed suit).
_STRENGTH = {c: JOKER_RANK if c.suit == JOKER_SUIT else ace_high(c) for c in _ALL_CARDS}
_EFFECTIVE = {t: {c: (t or JOKER_SUIT) if c.suit == JOKER_SUIT else c.suit for c in _ALL_CARDS}
              for t in (*SUITS, None)}
# Per (trump, led suit): how strongly each card contends for the trick (the jokers are the trumps of a no-trump
# round).
_TRICK_KEY: dict[tuple[str | None, str | None], dict[Card, int]] = {
    (t, led): contention(_ALL_CARDS, led, t or JOKER_SUIT, suit_of=eff.__getitem__, rank_of=_STRENGTH.__getitem__)
    for t, eff in _EFFECTIVE.items() for led in (*SUITS, JOKER_SUIT)
}
_TRICK_KEYS = {t: {led: _TRICK_KEY[t, led] for led in (*SUITS, JOKER_SUIT)} for t in _EFFECTIVE}
_WON = tuple(f"won{s}" for s in range(8))
#: Per trump and effective suit: the mask (CARD_BIT bits) of the cards of that suit, jokers with the trumps.
SUIT_CARDS: dict[str | None, dict[str, int]] = {
    t: {suit: sum(1 << i for i, c in enumerate(_ALL_CARDS) if eff[c] == suit) for suit in (*SUITS, JOKER_SUIT)}
    for t, eff in _EFFECTIVE.items()
}


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
        "last_winner", "voids", "seen", "history", "misdeals", "simultaneous", "hook", "jokers", "held", "top",
        "taker", "led_cards",
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
        self.seen = 0  # the cards every seat has seen this round (played, or turned up): a set of CARD_BIT bits
        self.held = [0] * players  # each hand as a set of CARD_BIT bits (the same cards as `hands`)
        # The trick's winning play so far: its contention (core.tricks.contention) and its place in `trick`.
        self.top = -1
        self.taker = 0
        self.led_cards = 0  # the cards of the suit led (by CARD_BIT), 0 while nothing is led
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
        """Deal the current round, set its trump and open the bidding (recording its events into `events`)."""
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
            if events is not None:
                events.append(Event("misdeal", seat=self.dealer))
        else:
            raise RuntimeError("the deck could not be dealt correctly")
        key = SORT_RANK.__getitem__
        for hand in hands:
            hand.sort(key=key)
        self.hands = hands
        self.held = [sum(map(CARD_BIT.__getitem__, hand)) for hand in hands]
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
        self.led_cards = 0
        self.leader = first
        self.last_trick = ()
        self.last_winner = None
        self.voids = [0] * n
        self.seen = CARD_BIT[self.trump_card] if self.trump_card is not None else 0
        self.turn = first
        if events is not None:
            events.append(Event("round_start", seat=self.dealer,
                                value={"round": self.round + 1, "rounds": len(self.sequence), "cards": h}))
            events += [Event("deal", src="deck", dst=f"hand{(first + k) % n}", seat=(first + k) % n, value=h)
                       for k in range(n)]
            events.append(Event("trump", (self.trump_card,) if self.trump_card else (), "deck", "trump",
                                value=self.trump))

    # ----- legality ---------------------------------------------------------------------------------
    def forbidden(self) -> int | None:
        """The bid the hook forbids to the seat bidding now, when the bids are public (else None)."""
        if not self.hook or self.phase != "bid" or self.turn != self.dealer:
            return None
        if self.rebid:
            return forbidden_bid([b for s, b in enumerate(self.bids) if s != self.dealer and b is not None],
                                 self.hand_size)
        if self.simultaneous:
            return None  # hidden bids: the hook is applied when they are revealed
        return forbidden_bid([b for b in self.bids if b is not None], self.hand_size)

    def reason(self, action: Action) -> IllegalAction | None:
        """Why `action` is illegal now (the refusal, with its code and fields), or None if it is legal: the one
        legality test, which `apply` makes and `legal_actions` lists the passing actions of."""
        turn = self.turn
        if turn is None:
            return IllegalAction("game_over")
        cls = type(action)
        if cls is Play:
            if self.phase != "play":
                return IllegalAction("bidding_not_over", seat=Seated(turn))
            card = action.card  # type: ignore[attr-defined]
            bit = CARD_BIT.get(card, 0) if type(card) is Card else 0
            if bit & self.playable():
                return None
            if not bit & self.held[turn]:
                return IllegalAction("not_in_hand", seat=Seated(turn), card=card if type(card) is Card else repr(card))
            return IllegalAction("must_follow", seat=Seated(turn), card=card, suit=self.led)
        if cls is Bid:
            if self.phase != "bid":
                return IllegalAction("bidding_over", seat=Seated(turn))
            amount = action.amount  # type: ignore[attr-defined]
            h = self.hand_size
            if type(amount) is not int or not 0 <= amount <= h:
                return IllegalAction("bid_out_of_range", amount=repr(amount), most=h)
            if amount == self.forbidden():
                return IllegalAction("must_change" if self.rebid else "hook", bid=amount, tricks=h)
            return None
        return IllegalAction("not_your_action", action=repr(action))

    def playable(self) -> int:
        """The cards the seat to act may play, as a set of CARD_BIT bits (in the play phase): the cards of its hand
        that follow the suit led, else the whole hand.  The one rule of play: `reason` refuses the cards outside it,
        `legal_actions` lists the cards inside it."""
        held = self.held[self.turn]  # type: ignore[index]
        return held & self.led_cards or held

    def legal_bids(self) -> list[int]:
        return [a.amount for a in self.legal_actions() if type(a) is Bid]

    def legal_cards(self) -> list[Card]:
        return [a.card for a in self.legal_actions() if type(a) is Play]

    def legal_actions(self) -> list[Action]:
        """The actions `reason` passes (a test holds the two to the same set): the cards that follow the suit
        led, else the whole hand; every bid from 0 to the hand size but the one the hook forbids."""
        if self.turn is None:
            return []
        if self.phase == "play":
            turn = self.turn
            hand = self.hands[turn]
            playable = self.playable()
            if playable == self.held[turn]:
                plays: list[Action] = list(map(PLAY.__getitem__, hand))
                return plays
            bit = CARD_BIT
            return [PLAY[c] for c in hand if bit[c] & playable]
        if self.phase != "bid":
            return []
        bids = _BIDS[: self.hand_size + 1]
        no = self.forbidden()
        if no is not None:
            del bids[no]
        return bids

    def default_action(self, rng: random.Random) -> Action:
        """The move made for a seat whose time ran out: a random legal bid, or its lowest legal card (a plain card
        before a trump, then the lowest rank, ace high, then suit order)."""
        legal = self.legal_actions()
        if self.phase == "bid":
            return rng.choice(legal)
        trumps = self.trump_suit
        suit = _EFFECTIVE[self.trump]
        return min(legal, key=lambda a: (suit[a.card] == trumps, _STRENGTH[a.card],  # type: ignore[attr-defined]
                                         "SHDCJ".index(a.card.suit)))  # type: ignore[attr-defined]

    def time_limit(self) -> TimeLimit | None:
        """The turn timer option: on time-out `default_action`; three time-outs in a row hand the seat to a bot."""
        seconds = self.options["turn_timer"]
        if not seconds or self.turn is None:
            return None
        return TimeLimit(seconds, self.default_action, TIMEOUTS_BEFORE_HANDOVER)

    # ----- applying ---------------------------------------------------------------------------------
    def apply(self, action: Action, record: bool = True) -> list[Event]:
        refusal = self.reason(action)
        if refusal is not None:
            raise refusal
        events: list[Event] | None = [] if record else None
        if type(action) is Play:
            self._play(action.card, events)
        else:
            self._bid(action.amount, events)  # type: ignore[attr-defined]
        return events if events is not None else []

    def _bid(self, amount: int, events: list[Event] | None) -> None:
        seat = self.turn
        assert seat is not None
        self.bids[seat] = amount
        if self.rebid:
            self.rebid = False
            if events is not None:
                events.append(Event("rebid", seat=seat, value=amount))
            self._start_play(events)
            return
        if events is not None:
            events.append(Event("bid", seat=seat, value=None if self.simultaneous else amount))
        if seat != self.dealer:
            self.turn = (seat + 1) % self.n
            return
        if self.simultaneous:
            if events is not None:
                events.append(Event("reveal", value=tuple(self.bids)))
            if self.hook and sum(self.bids) == self.hand_size:  # type: ignore[arg-type]
                self.rebid = True
                if events is not None:
                    events.append(Event("hook", seat=seat, value=self.hand_size))
                return
        self._start_play(events)

    def _start_play(self, events: list[Event] | None) -> None:
        self.phase = "play"
        self.leader = self.turn = (self.dealer + 1) % self.n
        if events is not None:
            events.append(Event("lead", seat=self.leader,
                                value={"total": sum(self.bids), "tricks": self.hand_size}))

    def _play(self, card: Card, events: list[Event] | None) -> None:
        """The seat to act plays `card` from its hand to the trick; the trick is settled when it is full."""
        seat: int = self.turn  # type: ignore[assignment]
        self.hands[seat].remove(card)
        bit = CARD_BIT[card]
        self.held[seat] ^= bit
        self.seen |= bit
        trick = self.trick
        if trick:
            led: str = self.led  # type: ignore[assignment]
            if not bit & self.led_cards:
                self.voids[seat] |= _SUIT_BIT[led]
            key = _TRICK_KEYS[self.trump][led][card]
            if key > self.top:  # strictly greater: equal cards go to the first played
                self.top = key
                self.taker = len(trick)
        else:
            trump = self.trump
            self.led = suit = _EFFECTIVE[trump][card]
            self.led_cards = SUIT_CARDS[trump][suit]
            self.top = _TRICK_KEYS[trump][suit][card]
            self.taker = 0
        trick.append((seat, card))
        n = self.n
        if len(trick) < n:
            self.turn = (seat + 1) % n
            if events is not None:
                events.append(Event("move", (card,), f"hand{seat}", "trick", seat))
            return
        if events is not None:  # the beat: the full trick on the table, nobody to act
            self.turn = None
            events.append(Event("move", (card,), f"hand{seat}", "trick", seat, hold=TRICK_HOLD,
                                snapshot=Snapshot(self)))
        # The highest trump if any, else the highest card of the led suit; equal cards go to the first played.
        winner, top = trick[self.taker]
        cards = tuple([c for _, c in trick])
        tricks = self.tricks
        tricks[winner] += 1
        self.won[winner].extend(cards)
        self.last_trick = tuple(trick)
        self.last_winner = winner
        self.trick = []
        self.led = None
        self.led_cards = 0
        last = not self.hands[winner]
        if events is not None:
            value = {"won": tricks[winner], "card": top}
            if last:  # the beat: the round's last trick taken, before the round is scored and the cards go
                self.turn = None
                events.append(Event("trick", cards, "trick", _WON[winner], winner, value=value, hold=ROUND_HOLD,
                                    snapshot=Snapshot(self)))
            else:
                events.append(Event("trick", cards, "trick", _WON[winner], winner, value=value))
        if not last:
            self.turn = self.leader = winner
            return
        self._end_round(events)

    def _end_round(self, events: list[Event] | None) -> None:
        n = self.n
        bids = tuple(self.bids)
        tricks = tuple(self.tricks)
        self.history.append((self.hand_size, self.dealer, self.trump, bids, tricks))  # type: ignore[arg-type]
        if events is not None:
            points = self.round_points(len(self.history) - 1)
            events.append(Event("round", value={"round": self.round + 1, "bids": bids, "tricks": tricks,
                                                "points": tuple(points)}))
            events += [Event("score", seat=s, value=points[s]) for s in range(n) if points[s]]
        self.round += 1
        if self.round == len(self.sequence):
            # The game is over: the last round stays on the table as it ended (bids, tricks, won cards).
            self.turn = None
            self.phase = "over"
            if events is not None:
                totals = self.totals()
                winners = self._leaders(totals)
                events.append(Event("over", value={"winners": tuple(winners),
                                                   "tie_break": totals.count(max(totals)) > len(winners)}))
            return
        if events is not None:
            events += [Event("move", tuple(self.won[s]), _WON[s], "deck", s) for s in range(n) if self.won[s]]
            if self.trump_card is not None:
                events.append(Event("move", (self.trump_card,), "trump", "deck"))
        # The cards go back to the deck (to be shuffled for the next deal).
        self.deck = list(self.full_deck())
        self.trump_card = None
        self.won = [[] for _ in range(n)]
        self.tricks = [0] * n
        if events is not None:
            events.append(Event("shuffle", src="deck"))
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
        over = self.phase == "over"
        winners = self._leaders(totals) if over else []
        # The values the narration says: the standings so far, or how the game was won.
        values = {"over": over, "played": len(self.history), "rounds": len(self.sequence),
                  "tie_break": over and totals.count(max(totals)) > len(winners)}
        return Result(totals, winners, values=values)  # type: ignore[arg-type]

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
            "winners": self.leaders() if self.phase == "over" else [],
            "timer": self.options["turn_timer"],
            "options": dict(self.options),
            "misdeals": list(self.misdeals),
        }

    def clone(self) -> KachufulState:
        o = KachufulState.__new__(KachufulState)  # every slot is set below: no __init__ to run twice
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
        o.led_cards = self.led_cards
        o.leader = self.leader
        o.last_trick = self.last_trick
        o.last_winner = self.last_winner
        o.voids = self.voids[:]
        o.seen = self.seen
        o.held = self.held[:]
        o.top = self.top
        o.taker = self.taker
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
        sizes = [len(hands[s]) for s in others]
        sizes.append(len(o.deck))
        dealt = deal(pool, sizes, rng, self._void_masks(pool, others))
        if dealt is None:  # the voids are public and the true hands keep them: cannot happen; keep the cards
            return o
        key = SORT_RANK.__getitem__
        held, bit = o.held, CARD_BIT.__getitem__
        for k, s in enumerate(others):
            hand = hands[s] = dealt[k]
            hand.sort(key=key)
            held[s] = sum(map(bit, hand))
        o.deck = dealt[-1]
        return o

    def _void_masks(self, pool: list[Card], others: list[int]) -> list[int] | None:
        """Per card of `pool`, the slots (`others`' hands, then the deck) it may go into: no seat gets an
        effective suit it has shown out of.  None when nobody has shown a void (the plain deal)."""
        voids = tuple([self.voids[s] for s in others])
        if not any(voids):
            return None
        key = (voids, self.trump)
        table = _VOID_MASKS.get(key)
        if table is None:
            if len(_VOID_MASKS) > 4096:
                _VOID_MASKS.clear()
            full = (1 << (len(others) + 1)) - 1
            by_suit = {suit: full & ~sum(1 << k for k, v in enumerate(voids) if v & b)
                       for suit, b in _SUIT_BIT.items()}
            suit_of = _EFFECTIVE[self.trump]  # self.suit_of as a table
            table = _VOID_MASKS[key] = {c: by_suit[suit_of[c]] for c in _ALL_CARDS}
        return list(map(table.__getitem__, pool))


# Per (the voids of the seats dealt to, in order; the trump): every card's mask of the slots it may go into.
_VOID_MASKS: dict[tuple[tuple[int, ...], str | None], dict[Card, int]] = {}


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


RULES = KachufulRules(
    **INFO.metadata(),
    action_types=(Bid, Play),
    event_kinds=get_args(EventKind),
)
