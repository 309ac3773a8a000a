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

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.cards import JOKER_SUIT, SUIT_NAMES, SUITS, Card, deck_with_jokers, standard_deck
from cardtable.core.engine import Action, Event, IllegalAction, Option, Result, Rules, State, new_seed
from cardtable.core.tricks import ace_high, follow_suit, printed_suit, winning_index

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


def seat_name(seat: int) -> str:
    """How texts name a seat (the table may put the players' names instead)."""
    return f"Seat {seat + 1}"


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
_DECK = tuple(standard_deck())
_DECK_JOKERS = tuple(_ALL_CARDS)
_DECK_SET = frozenset(_DECK)
_DECK_JOKERS_SET = frozenset(_DECK_JOKERS)
# Events are immutable: the card moves of play are made once and shared.
_MOVE_EVENTS = tuple({c: Event("move", (c,), f"hand{s}", "trick", s) for c in _ALL_CARDS} for s in range(8))
_SORT_KEY = {c: (_SORT_SUITS[c.suit], -ace_high(c) if not c.is_joker else -c.copy) for c in _ALL_CARDS}


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
        if any(len(h) != hand_size for h in hands):
            return False
        everything = [c for h in hands for c in h] + rest
        deck = self.full_deck()
        return len(everything) == len(deck) and set(everything) == (_DECK_JOKERS_SET if self.jokers else _DECK_SET)

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
        for hand in hands:
            hand.sort(key=_SORT_KEY.__getitem__)
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
        text = (f"Round {self.round + 1} of {len(self.sequence)}: {seat_name(self.dealer)} deals "
                f"{h} card{'s' if h != 1 else ''} each.")
        for k in range(n):
            seat = (first + k) % n
            events.append(Event("deal", src="deck", dst=f"hand{seat}", seat=seat, value=h, text=text if k == 0 else ""))
        trump_text = f"Trump: {suit_text(self.trump)}." if self.trump else "No trump this round."
        if self.trump_card is not None:
            trump_text = f"{self.trump_card.label} is turned up. " + trump_text
        events.append(Event("trump", (self.trump_card,) if self.trump_card else (), "deck", "trump",
                            value=self.trump, text=trump_text))

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
                            f"{seat_name(turn)} holds {suit_text(led)}, so must play one.")
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
        return [k for k in range(self.hand_size + 1) if k != no]

    def legal_cards(self) -> list[Card]:
        if self.turn is None or self.phase != "play":
            return []
        hand = self.hands[self.turn]
        return follow_suit(hand, self.led, self.suit_of if self.jokers else printed_suit)

    def legal_actions(self) -> list[Action]:
        if self.turn is None:
            return []
        if self.phase == "play":
            return [PLAY[c] for c in self.legal_cards()]
        return [BID[k] for k in self.legal_bids()]

    # ----- applying ---------------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        # Fast path for the common legal play (random playouts live here); anything else goes through reason().
        if type(action) is Play and self.phase == "play" and self.turn is not None:
            card = action.card
            hand = self.hands[self.turn]
            if type(card) is Card and card in hand:
                led = self.led
                if led is None:
                    return self._play(card)
                if not self.jokers:
                    if card.suit == led or all(c.suit != led for c in hand):
                        return self._play(card)
                elif self.suit_of(card) == led:
                    return self._play(card)
        why = self.reason(action)
        if why is not None:
            raise IllegalAction(why)
        if type(action) is Play:
            return self._play(action.card)
        return self._bid(action.amount)  # type: ignore[attr-defined]

    def _bid(self, amount: int) -> list[Event]:
        seat = self.turn
        assert seat is not None
        name = seat_name(seat)
        events: list[Event] = []
        if self.rebid:
            self.bids[seat] = amount
            self.rebid = False
            events.append(Event("bid", seat=seat, value=amount, text=f"{name} changes their bid to {amount}."))
            self._start_play(events)
            return events
        self.bids[seat] = amount
        if self.simultaneous:
            events.append(Event("bid", seat=seat, value=None, text=f"{name} has bid."))
        else:
            events.append(Event("bid", seat=seat, value=amount, text=f"{name} bids {amount}."))
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
        total = sum(self.bids)  # type: ignore[arg-type]
        h = self.hand_size
        balance = "" if total == h else f" ({'overbid' if total > h else 'underbid'} by {abs(total - h)})"
        events.append(Event("message", text=f"Bids total {total} for {h} trick{'s' if h != 1 else ''}{balance}. "
                                             f"{seat_name(self.leader)} leads."))

    def _play(self, card: Card) -> list[Event]:
        seat = self.turn
        assert seat is not None
        n = self.n
        self.hands[seat].remove(card)
        suit = card.suit
        if suit == JOKER_SUIT:
            suit = self.trump or JOKER_SUIT
        trick = self.trick
        if not trick:
            self.led = suit
        elif suit != self.led:
            self.voids[seat] |= _SUIT_BIT[self.led]  # type: ignore[index]
        trick.append((seat, card))
        events = [_MOVE_EVENTS[seat][card]]
        if len(trick) < n:
            self.turn = (seat + 1) % n
            return events
        cards = tuple(c for _, c in trick)
        i = winning_index(cards, self.led, self.trump_suit, suit_of=self.suit_of, rank_of=self.strength)
        winner = trick[i][0]  # type: ignore[index]
        self.tricks[winner] += 1
        self.won[winner].extend(cards)
        self.last_trick = tuple(trick)
        self.last_winner = winner
        self.trick = []
        self.led = None
        events.append(Event("trick", cards, "trick", f"won{winner}", winner,
                            text=f"{seat_name(winner)} wins the trick with {cards[i].label}.",  # type: ignore[index]
                            value=self.tricks[winner]))
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
        made = [seat_name(s) for s in range(n) if bids[s] == tricks[s]]
        text = (f"Round {self.round + 1}: " + (", ".join(made) + " made their bid" + ("s" if len(made) > 1 else "")
                                                if made else "nobody made their bid") + ".")
        events.append(Event("round", text=text, value=tuple(points)))
        for s in range(n):
            if points[s]:
                events.append(Event("score", seat=s, value=points[s]))
        self.round += 1
        if self.round == len(self.sequence):
            # The game is over: the last round stays on the table as it ended (bids, tricks, won cards).
            self.turn = None
            self.phase = "over"
            events.append(Event("over", text=self.result().summary))
            return
        for s in range(n):
            if self.won[s]:
                events.append(Event("move", tuple(self.won[s]), f"won{s}", "deck", s))
        if self.trump_card is not None:
            events.append(Event("move", (self.trump_card,), "trump", "deck"))
        # The cards go back to the deck (to be shuffled for the next deal).
        self.deck = list(self.full_deck())
        self.trump_card = None
        self.won = [[] for _ in range(n)]
        self.tricks = [0] * n
        events.append(Event("shuffle", src="deck"))
        self.start_round(events)

    # ----- scores (derived from the history, never stored) --------------------------------------------
    def round_points(self, index: int) -> list[int]:
        """Points per seat for finished round `index`."""
        _, _, _, bids, tricks = self.history[index]
        o = self.options
        scoring, factor, multiplier = o["scoring"], o["penalty_factor"], o["multiplier"]
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
        totals = [0] * self.n
        for i in range(len(self.history)):
            for s, p in enumerate(self.round_points(i)):
                totals[s] += p
        return totals

    def leaders(self) -> list[int]:
        """The seats with the top total, after the tie-break option."""
        totals = self.totals()
        top = max(totals)
        tied = [s for s in range(self.n) if totals[s] == top]
        if len(tied) > 1 and self.options["tie_break"] == "highest_round" and self.history:
            rounds = [self.round_points(i) for i in range(len(self.history))]
            best = {s: max(r[s] for r in rounds) for s in tied}
            high = max(best.values())
            tied = [s for s in tied if best[s] == high]  # still tied on that: the win is shared
        return tied

    # ----- the rest of the contract -------------------------------------------------------------------
    def result(self) -> Result:
        totals = self.totals()
        standings = ", ".join(f"{seat_name(s)} {totals[s]}" for s in sorted(range(self.n), key=lambda s: -totals[s]))
        if self.turn is not None:
            return Result(scores=list(totals), winners=[],
                          summary=f"After {len(self.history)} of {len(self.sequence)} rounds: {standings}.")
        winners = self.leaders()
        names = " and ".join(seat_name(s) for s in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        tied_on_total = sum(1 for t in totals if t == max(totals)) > len(winners)
        how = " on the highest single-round score" if tied_on_total else ""
        return Result(scores=list(totals), winners=winners, summary=f"{names} {verb}{how}. {standings}.")

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
        o = KachufulState.__new__(KachufulState)
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
        if self.simultaneous and self.phase == "bid" and not self.rebid:
            for s in range(self.n):
                if s != seat and o.bids[s] is not None:
                    o.bids[s] = rng.randint(0, self.hand_size)
        others = [s for s in range(self.n) if s != seat]
        pool = [c for s in others for c in o.hands[s]] + o.deck
        if not pool:
            return o
        need = {s: len(o.hands[s]) for s in others}
        hands = self._redeal(pool, others, need, rng)
        for s in others:
            hands[s].sort(key=_SORT_KEY.__getitem__)
            o.hands[s] = hands[s]
        o.deck = hands[-1]
        return o

    def _redeal(self, pool: list[Card], seats: list[int], need: dict[int, int],
                rng: random.Random) -> dict[int, list[Card]]:
        """Share `pool` among `seats` (need[s] cards each) and the deck (key -1), respecting known voids."""
        bit = _SUIT_BIT
        suit_of = self.suit_of
        constrained = sorted((s for s in seats if self.voids[s]), key=lambda s: -bin(self.voids[s]).count("1"))
        free = [s for s in seats if not self.voids[s]]
        for _ in range(20):
            rng.shuffle(pool)
            rest = pool
            out: dict[int, list[Card]] = {}
            ok = True
            for s in constrained:
                mask = self.voids[s]
                take: list[Card] = []
                left: list[Card] = []
                k = need[s]
                for c in rest:
                    if len(take) < k and not bit[suit_of(c)] & mask:
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
        rng.shuffle(pool)
        out, rest = {}, pool
        for s in seats:
            out[s], rest = rest[: need[s]], rest[need[s]:]
        out[-1] = rest
        return out


# ----- the game -----------------------------------------------------------------------------------------


class KachufulRules(Rules):
    """Kachuful's metadata and factory."""

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """As `Rules.validate_options`, and `hands` may also be a custom list such as '8,6,4,2' (a string)."""
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
    id="kachuful",
    title="Kachuful (Judgement)",
    players=range(3, 8),
    options=(
        Option("hands", "Hand sizes", NAMED_SEQUENCES, "down_up",
               ("Down and up (8\u21921\u21928)", "Down (8\u21921)", "Up (1\u21928)")),
        Option("trump", "Trump", ("rotate", "turn_up", "rotate_no_trump", "random"), "rotate",
               ("Rotate \u2660 \u2666 \u2663 \u2665", "Turn up the next card", "Rotate with no-trump rounds",
                "Random suit")),
        Option("bidding", "Bidding", ("sequential", "simultaneous"), "sequential",
               ("Sequential, from the dealer's left", "Simultaneous (hidden until all have bid)")),
        Option("hook", "Last-bidder restriction", (True, False), True,
               ("On: the dealer cannot make the bids total the tricks", "Off")),
        Option("scoring", "Scoring", ("standard", "penalty", "multiplier"), "standard",
               ("Standard: exact 10 + bid, miss 0", "Penalty: exact 10 + bid, miss minus the difference",
                "Multiplier: exact bid \u00d7 multiplier, miss 0")),
        Option("penalty_factor", "Penalty factor", (1, 2, 3, 5, 10), 1),
        Option("multiplier", "Multiplier", (5, 10, 20), 10),
        Option("jokers", "Jokers", (False, True), False, ("Off", "On: two jokers, the highest trumps")),
        Option("tie_break", "Tie-break", ("highest_round", "shared"), "highest_round",
               ("Highest single-round score", "Shared victory")),
        Option("turn_timer", "Turn timer", (0, 15, 30, 60), 0, ("Off", "15 s", "30 s", "60 s")),
    ),
    version=1,
    action_types=(Bid, Play),
    blurb="Bid exactly the tricks you will take.",
)
