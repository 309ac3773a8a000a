"""Eat Pairs (Siku): pure rules (see shared rules/eat-pairs.md and seed 003).

Seats are 0..n-1 and turn order is seat order, so the dealer's left is `dealer + 1`.  Seat 0 deals the first deal.
Every sentence is the narration's (`narration.py`): events, refusals and results are data.

A deal: the pack is dealt one card at a time from the dealer's left, 7 cards each and 8 to the dealer (the
dealer's eighth card last); the rest is the stock.  Every seat lays its initial pairs at once (no action).  The
dealer then plays one card to the waste (`Play`, phase "open"), and from then on the lead player draws the top
stock card onto the waste (`Draw`, phase "draw").  Whenever a card lands on the waste the seats are checked in
matching order, from the seat after the one who played or drew it round to that seat: the first who holds a card
of its rank pairs the two onto their pile of pairs and becomes the lead player.  With the option "claim matches by
hand" that seat decides instead (`Claim(card)` or `Miss`, phase "claim"), and a miss passes the card on to the
next seat in the matching order that holds one.  A deal ends when a hand is empty (its seat wins) or when the
stock has run out and its last card is settled (the fewest cards wins, ties shared).  Phases: "open", "draw",
"claim" and "over".

Zones (for events and the table): hand0.. (hands), pairs0.. (each seat's pile of pairs, face up, two cards per
pair in the order laid), waste (face up, its top is the list's end), stock (face down, its top is the list's
end).

Events (`EventKind`, data only: the game's narration says them): "dealer" (who deals, the deal's number),
"deal" (one per seat, no cards: the faces stay hidden), "lay" (a seat's initial pairs, hand to pairs),
"paired_off" (seats whose cards all paired off at the deal), "move" (the dealer's opening card, hand to waste; the
waste's card of a pair; the cards gathered after a deal of a session), "draw" (stock to waste), "pair" (the hand's
card of a pair, its value the waste's card), "no_match", "offer" (a claim by hand offered), "miss", "stock_out",
"win" (one per winner of a deal), "round" (a deal of a session ends), "shuffle" and "over".  A card landing on the
waste holds `LAND_HOLD` (it shows before it is matched), a pair `PAIR_HOLD`, the end of a deal of a session
`DEAL_HOLD`; each held event carries the engine's snapshot of its beat, whose view names the event it tells
(`beat`) and has nobody to act.  `apply(action, record=False)` builds no event at all.

Legality is one predicate, `refusal(action)`: an `IllegalAction` with a code and its particulars, or None.

Time limit: the engine has no clock.  `time_limit()` gives a claim by hand `CLAIM_SECONDS`, after which the miss
is made; no other decision has a limit.

Readings (where the rules file leaves a choice open):

- Of three of a kind, the two cards laid are the first two in the suit order spades, hearts, diamonds, clubs; the
  third is kept.  Initial pairs are laid seat by seat from the dealer's left, lowest rank first.
- After the initial pairs a hand holds at most one card of each rank, and a hand never gains a card, so a player
  who can match never holds two matching cards: there is never a choice of which card pairs.
- Non-dealers keep an odd number of cards after the initial pairs (7 is odd) and the dealer an even number, so only
  the dealer can pair off completely, and no dealer is ever left with exactly one card.  Both rules are kept as
  written for any hands (`lay_out`): a seat whose cards all pair off wins at once (all such seats share the win);
  a dealer left with one card plays it to the waste with no action and wins at once.  A game whose first deal
  ends that way is over before its first action.
- The dealer's own opening card is checked last, as the rules say; the dealer can never match it (one card per
  rank), so the dealer is the lead player whenever no one else matches it.
- "Claim matches by hand": the engine does not know who is a person, so every seat that holds a card of the rank,
  in matching order, gets the decision (`Claim` with that card, or `Miss`); bots answer at once, a person's timer
  plays `Miss`.  Seats with no such card are passed over without a decision.  Whose decision it is shows on the
  table, so it is public that such a seat holds that rank.
- The stock runs out when its last card has been drawn and settled (matched, claimed or missed by everyone) with
  no empty hand; then every seat with the fewest cards wins.
- A session (option "deals": one deal, 3, 5, or one per player) passes the deal to the left after every deal.  Each
  winner of a deal, a shared win included, counts one win; the seats with the most wins win the session (ties
  shared).  `result().scores` are the wins.  The cards are gathered and shuffled again between deals.
- `determinize(seat)` deals the cards `seat` cannot see (the other hands and the stock) anew, keeping the hand
  sizes and at most one card of a rank per hand, giving none of a rank to a seat that was checked for it and did
  not match it (without the option, matching is automatic, so not matching proves the seat had none) or that
  has paired it, and a card of the rank to a seat that missed a claim (until it pairs that rank).  The clone gets
  a new seed, so later deals are unknown too.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, get_args

from cardtable.core.cards import SUITS, Card, standard_deck
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
from cardtable.core.words import Seated
from cardtable.games.eat_pairs import CLAIM_SECONDS, INFO

PLAYERS = INFO.players
HAND = 7
DEALER_HAND = 8
#: Seconds (at normal speed) a card that has just landed on the waste shows before it is matched, a pair before the
#: next draw, and the end of a deal before the next one.
LAND_HOLD = 0.6
PAIR_HOLD = 0.9
DEAL_HOLD = 1.5

DECK: tuple[Card, ...] = tuple(standard_deck())
DECK_SET = frozenset(DECK)
_SUIT_ORDER = {suit: i for i, suit in enumerate(SUITS)}
SORT_KEY: dict[Card, tuple[int, int]] = {c: (c.rank, _SUIT_ORDER[c.suit]) for c in DECK}
#: The cards in hand order (by rank, then suit order), and each card's place in it: rank - 1 is place // 4.
_IN_ORDER = tuple(sorted(DECK, key=SORT_KEY.__getitem__))
_ORDINAL = {c: i for i, c in enumerate(_IN_ORDER)}
#: Per player count and seat: the matching order of a card that seat played or drew.
_ORDER = {n: tuple(tuple((s + k) % n for k in range(1, n + 1)) for s in range(n)) for n in PLAYERS}


# ----- actions ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Play(Action):
    """The dealer's opening: one card from hand face up to the waste."""

    card: Card


@dataclass(frozen=True)
class Draw(Action):
    """The lead player draws the top stock card onto the waste."""


@dataclass(frozen=True)
class Claim(Action):
    """Claim the card that has just landed on the waste with the matching `card` of the hand ("claim by hand")."""

    card: Card


@dataclass(frozen=True)
class Miss(Action):
    """Let the card that has just landed pass to the next player in the matching order ("claim by hand")."""


DRAW = Draw()
MISS = Miss()
# Shared action objects: legal_actions allocates only its list.
PLAY: dict[Card, Play] = {c: Play(c) for c in DECK}
CLAIM: dict[Card, Claim] = {c: Claim(c) for c in DECK}
_DRAW_ONLY = (DRAW,)


# ----- events -------------------------------------------------------------------------------------------

#: The kinds of event a game records (see the module docstring).
EventKind = Literal["dealer", "deal", "lay", "paired_off", "move", "draw", "pair", "no_match", "offer", "miss",
                    "stock_out", "win", "round", "shuffle", "over"]


def initial_pairs(cards: Sequence[Card]) -> tuple[list[Card], list[tuple[Card, Card]]]:
    """The cards kept (by rank) and the pairs laid from a dealt hand: a pair of one rank is laid; of three of a
    kind the first two in suit order are laid and the third kept; four of a kind are laid as two pairs."""
    ordered = sorted(map(_ORDINAL.__getitem__, cards))
    kept: list[Card] = []
    pairs: list[tuple[Card, Card]] = []
    i, m = 0, len(ordered)
    while i < m:
        place = ordered[i]
        if i + 1 < m and ordered[i + 1] >> 2 == place >> 2:
            pairs.append((_IN_ORDER[place], _IN_ORDER[ordered[i + 1]]))
            i += 2
        else:
            kept.append(_IN_ORDER[place])
            i += 1
    return kept, pairs


@dataclass(frozen=True)
class DealRecord:
    """A finished deal: its dealer, its winners, the cards each seat had left, and how it ended ("empty": a hand
    emptied, "stock": the stock ran out)."""

    dealer: int
    winners: tuple[int, ...]
    left: tuple[int, ...]
    how: str


# ----- the state ----------------------------------------------------------------------------------------


class EatPairsState(State):
    """A game (one deal, or a session of several) of Eat Pairs in progress (see the module docstring)."""

    __slots__ = (
        "turn", "n", "options", "seed", "claim_by_hand", "deals", "deal_no", "dealer", "phase", "hands", "pairs",
        "waste", "stock", "lead", "live", "live_from", "checked", "lacks", "known", "wins", "records", "winners",
        "last_pair", "beat",
    )

    def __init__(self, players: int, options: Mapping[str, Any], seed: int) -> None:
        self.n = players
        self.options = dict(options)
        self.seed = seed
        self.claim_by_hand = bool(options["claim_by_hand"])
        self.deals = players if options["deals"] == "per_player" else int(options["deals"])
        self.deal_no = 0
        self.dealer = 0
        self.turn: int | None = None
        self.phase = "open"
        self.hands: list[dict[int, Card]] = [{} for _ in range(players)]  # per seat: rank -> card, by rank
        self.pairs: list[list[Card]] = [[] for _ in range(players)]
        self.waste: list[Card] = []
        self.stock: list[Card] = []
        self.lead: int | None = None
        self.live: Card | None = None  # the card just landed, while a claim is open
        self.live_from: int | None = None  # who played or drew it
        self.checked = 0  # how many seats of its matching order have been checked
        self.lacks = [0] * players  # per seat: bit r set when the seat is known to hold no card of rank r
        self.known = [0] * players  # per seat: bit r set when the seat is known to hold a card of rank r
        self.wins = [0] * players
        self.records: list[DealRecord] = []
        self.winners: list[int] = []
        self.last_pair: tuple[int, Card, Card] | None = None
        #: Only in a snapshot: the event whose beat it shows (nobody acts while it holds).
        self.beat: Event | None = None

    # ----- dealing ------------------------------------------------------------------------------------
    def shuffled_pack(self) -> list[Card]:
        """The pack of the current deal, top card first, shuffled from the seed and the deal's number."""
        draw = random.Random(self.seed * 64 + self.deal_no).random
        return sorted(DECK, key=lambda _: draw())  # sorting by independent uniform keys is a uniform shuffle

    def deal(self, pack: Sequence[Card] | None = None, record: bool = True) -> list[Event]:
        """Deal the current deal from `pack` (top card first; by default `shuffled_pack()`), lay the initial pairs
        and open the play."""
        events: list[Event] | None = [] if record else None
        self._deal(events, pack)
        return events or []

    def lay_out(self, hands: Sequence[Sequence[Card]], stock: Sequence[Card], record: bool = True) -> list[Event]:
        """Start the current deal from these dealt hands and stock (top card last): lay the initial pairs, then
        open the play (or end the deal at once)."""
        events: list[Event] | None = [] if record else None
        self._lay_out(hands, stock, events)
        return events or []

    def _deal(self, events: list[Event] | None, pack: Sequence[Card] | None = None) -> None:
        cards = self.shuffled_pack() if pack is None else list(pack)
        n, dealer = self.n, self.dealer
        dealt = n * HAND
        hands = [cards[(s - dealer - 1) % n:dealt:n] for s in range(n)]
        hands[dealer].append(cards[dealt])
        stock = cards[dealt + 1:]
        stock.reverse()
        if events is not None:
            events.append(Event("dealer", seat=dealer, value={"deal": self.deal_no + 1, "deals": self.deals}))
            events += [Event("deal", src="stock", dst=f"hand{s}", seat=s, value=DEALER_HAND if s == dealer else HAND)
                       for s in _ORDER[n][dealer]]
        self._lay_out(hands, stock, events)

    def _lay_out(self, hands: Sequence[Sequence[Card]], stock: Sequence[Card], events: list[Event] | None) -> None:
        n, dealer = self.n, self.dealer
        self.stock = list(stock)
        self.waste = []
        self.pairs = [[] for _ in range(n)]
        self.hands = [{} for _ in range(n)]
        self.lacks = [0] * n
        self.known = [0] * n
        self.lead = None
        self.live = self.live_from = None
        self.checked = 0
        self.winners = []
        self.last_pair = None
        for s in _ORDER[n][dealer]:
            kept, laid = initial_pairs(hands[s])
            self.hands[s] = {c.rank: c for c in kept}
            if laid:
                cards = tuple(c for pair in laid for c in pair)
                self.pairs[s] = list(cards)
                if events is not None:
                    events.append(Event("lay", cards, f"hand{s}", f"pairs{s}", s, value=len(laid)))
        empty = [s for s in range(n) if not self.hands[s]]
        if empty:
            if events is not None:
                events.append(Event("paired_off", seat=empty[0] if len(empty) == 1 else None, value=tuple(empty)))
            self._end_deal(empty, "empty", events)
            return
        self.phase = "open"
        self.turn = dealer
        if len(self.hands[dealer]) == 1:
            (card,) = self.hands[dealer].values()
            self._open(card, events)

    # ----- legality -----------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        turn = self.turn
        if turn is None:
            return []
        phase = self.phase
        if phase == "draw":
            return list(_DRAW_ONLY)
        if phase == "claim":
            return [CLAIM[self.hands[turn][self.live[0]]], MISS]  # type: ignore[index]
        return [PLAY[c] for c in self.hands[turn].values()]

    def refusal(self, action: Action) -> IllegalAction | None:
        """Why `action` is illegal now (a code and its particulars as data), or None if it is legal: the one
        predicate of legality (`legal_actions` lists exactly the actions it lets through)."""
        turn = self.turn
        if turn is None:
            return IllegalAction("game_over")
        phase = self.phase
        cls = type(action)
        if cls is Play:
            if phase != "open":
                if phase == "draw":
                    return IllegalAction("opening_only_draw", player=Seated(turn))
                return IllegalAction("opening_only_claim", player=Seated(turn), card=self.live)
            card = action.card  # type: ignore[attr-defined]
            if type(card) is not Card or self.hands[turn].get(card[0]) != card:
                return IllegalAction("not_in_hand", player=Seated(turn),
                                     card=card if type(card) is Card else repr(card))
            return None
        if cls is Draw:
            if phase == "open":
                return IllegalAction("dealer_opens_first", player=Seated(turn))
            if phase == "claim":
                return IllegalAction("claim_first", player=Seated(turn), card=self.live)
            return None
        if cls is Claim or cls is Miss:
            if phase != "claim":
                return IllegalAction("nothing_to_claim", player=Seated(turn))
            if cls is Miss:
                return None
            card = action.card  # type: ignore[attr-defined]
            live = self.live
            assert live is not None
            if type(card) is not Card or self.hands[turn].get(card[0]) != card:
                return IllegalAction("claim_not_in_hand", player=Seated(turn),
                                     card=card if type(card) is Card else repr(card), live=live)
            if card[0] != live[0]:
                return IllegalAction("does_not_match", player=Seated(turn), card=card, live=live)
            return None
        return IllegalAction("not_an_action", action=repr(action))

    def reason(self, action: Action) -> IllegalAction | None:
        """`refusal(action)`: why `action` is illegal now, or None if it is legal."""
        return self.refusal(action)

    def time_limit(self) -> TimeLimit | None:
        """A claim by hand: `CLAIM_SECONDS` to click the matching card, then the miss is made."""
        if self.turn is None or self.phase != "claim":
            return None
        return TimeLimit(CLAIM_SECONDS, _miss_default)

    # ----- playing ------------------------------------------------------------------------------------
    def apply(self, action: Action, record: bool = True) -> list[Event]:
        events: list[Event] | None = [] if record else None
        if type(action) is Draw and self.phase == "draw" and self.turn is not None:
            self._draw(events)
            return events or []
        refused = self.refusal(action)
        if refused is not None:
            raise refused
        cls = type(action)
        if cls is Play:
            self._open(action.card, events)  # type: ignore[attr-defined]
        elif cls is Claim:
            self._pair(self.turn, action.card, self.live, events)  # type: ignore[arg-type, attr-defined]
        elif cls is Miss:
            self._miss(events)
        else:
            self._draw(events)
        return events or []

    def _held(self, told: Event, hold: float, event: Event | None = None) -> Event:
        """`event` (by default `told` itself) holding its beat for `hold` seconds, with the snapshot of the table
        as it stands now, the beat telling `told`."""
        self.beat = told
        snapshot = Snapshot(self)
        self.beat = None
        return replace(told if event is None else event, hold=hold, snapshot=snapshot)

    def _open(self, card: Card, events: list[Event] | None) -> None:
        dealer = self.dealer
        hand = self.hands[dealer]
        del hand[card[0]]
        self.waste.append(card)
        if events is not None:
            events.append(self._held(Event("move", (card,), f"hand{dealer}", "waste", dealer), LAND_HOLD))
        if not hand:
            self._end_deal([dealer], "empty", events)
            return
        self._land(dealer, card, events, 0)

    def _draw(self, events: list[Event] | None) -> None:
        lead = self.lead
        assert lead is not None
        card = self.stock.pop()
        self.waste.append(card)
        if events is not None:
            events.append(self._held(Event("draw", (card,), "stock", "waste", lead), LAND_HOLD))
        self._land(lead, card, events, 0)

    def _land(self, seat: int, card: Card, events: list[Event] | None, start: int) -> None:
        """Check the matching order of `card` (played or drawn by `seat`) from its `start`-th seat on."""
        rank = card[0]
        bit = 1 << rank
        hands, lacks = self.hands, self.lacks
        order = _ORDER[self.n][seat]
        for k in range(start, len(order)):
            s = order[k]
            mine = hands[s].get(rank)
            if mine is None:
                lacks[s] |= bit
                continue
            if self.claim_by_hand:
                self.phase = "claim"
                self.turn = s
                self.live, self.live_from, self.checked = card, seat, k + 1
                self.known[s] |= bit
                if events is not None:
                    events.append(Event("offer", (card,), seat=s))
                return
            self._pair(s, mine, card, events)
            return
        self.live = self.live_from = None
        if self.lead is None:
            self.lead = self.dealer
        if events is not None:
            events.append(Event("no_match", (card,), seat=self.lead))
        self._next(events)

    def _miss(self, events: list[Event] | None) -> None:
        seat, card, start = self.turn, self.live, self.checked
        assert seat is not None and card is not None and self.live_from is not None
        if events is not None:
            events.append(Event("miss", (card,), seat=seat))
        self._land(self.live_from, card, events, start)

    def _pair(self, seat: int, mine: Card, card: Card, events: list[Event] | None) -> None:
        """`seat` pairs `mine` from its hand with `card`, the top of the waste, and becomes the lead player."""
        rank = card[0]
        hand = self.hands[seat]
        del hand[rank]
        self.waste.pop()
        self.pairs[seat] += (mine, card)
        bit = 1 << rank
        self.lacks[seat] |= bit
        self.known[seat] &= ~bit
        self.lead = seat
        self.live = self.live_from = None
        self.last_pair = (seat, mine, card)
        if events is not None:
            told = Event("pair", (mine,), f"hand{seat}", f"pairs{seat}", seat, value=card)
            events.append(told)
            events.append(self._held(told, PAIR_HOLD, Event("move", (card,), "waste", f"pairs{seat}", seat)))
        if not hand:
            self._end_deal([seat], "empty", events)
        else:
            self._next(events)

    def _next(self, events: list[Event] | None) -> None:
        """After a card is settled: the lead player draws next, unless the stock has run out."""
        if self.stock:
            self.phase = "draw"
            self.turn = self.lead
            return
        counts = [len(h) for h in self.hands]
        fewest = min(counts)
        winners = [s for s in range(self.n) if counts[s] == fewest]
        if events is not None:  # the last deal's end names the winners with the fewest cards itself
            events.append(Event("stock_out", value={"fewest": fewest, "last": self.deal_no + 1 >= self.deals}))
        self._end_deal(winners, "stock", events)

    def _end_deal(self, winners: list[int], how: str, events: list[Event] | None) -> None:
        n = self.n
        self.winners = winners
        self.records.append(DealRecord(self.dealer, tuple(winners), tuple(len(h) for h in self.hands), how))
        for w in winners:
            self.wins[w] += 1
        if events is not None:
            events += [Event("win", seat=w, value={"wins": self.wins[w], "winners": tuple(winners), "how": how})
                       for w in winners]
        self.deal_no += 1
        self.live = self.live_from = None
        if self.deal_no >= self.deals:
            self.turn = None
            self.phase = "over"
            if events is not None:
                events.append(Event("over", value=self.outcome()))
            return
        if events is not None:
            round_end = Event("round", value={"deal": self.deal_no, "deals": self.deals, "wins": tuple(self.wins)})
            events.append(self._held(round_end, DEAL_HOLD))
            for s in range(n):
                if self.hands[s]:
                    events.append(Event("move", tuple(self.hands[s].values()), f"hand{s}", "stock", s))
                if self.pairs[s]:
                    events.append(Event("move", tuple(self.pairs[s]), f"pairs{s}", "stock", s))
            if self.waste:
                events.append(Event("move", tuple(self.waste), "waste", "stock"))
            events.append(Event("shuffle", src="stock"))
        self.dealer = (self.dealer + 1) % n
        self._deal(events)

    # ----- results ------------------------------------------------------------------------------------
    def outcome(self) -> dict[str, Any]:
        """The game's end as data, for its summary: one deal's winners, how it ended and the cards left, or a
        session's wins."""
        if self.deals == 1:
            record = self.records[-1]
            return {"deals": 1, "winners": record.winners, "how": record.how, "left": record.left}
        best = max(self.wins)
        return {"deals": self.deals, "winners": tuple(s for s in range(self.n) if self.wins[s] == best),
                "wins": tuple(self.wins)}

    def result(self) -> Result:
        """The standings (`values`: the deal, the deals and each seat's cards left) or the end (`values`: the
        `outcome()`); the narration says them."""
        n = self.n
        if self.turn is not None:
            values = {"deal": self.deal_no + 1, "deals": self.deals, "counts": tuple(len(h) for h in self.hands)}
            return Result([float(w) for w in self.wins], [], scored=self.deals > 1, values=values)
        outcome = self.outcome()
        winners = list(outcome["winners"])
        if self.deals == 1:
            return Result([1.0 if s in winners else 0.0 for s in range(n)], winners, scored=False, values=outcome)
        return Result([float(w) for w in self.wins], winners, scored=True, values=outcome)

    # ----- views --------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.n
        beat = self.beat
        turn = None if beat is not None else self.turn  # nobody acts while a beat holds
        legal: dict[str, Any] | None = None
        if seat is not None and seat == turn:
            phase = self.phase
            legal = {
                "open": list(self.hands[seat].values()) if phase == "open" else [],
                "draw": phase == "draw",
                "claim": self.hands[seat][self.live[0]] if phase == "claim" else None,  # type: ignore[index]
                "miss": phase == "claim",
            }
        order = list(_ORDER[n][self.live_from]) if self.live_from is not None else []
        return {
            "players": n,
            "seat": seat,
            "phase": self.phase,
            "turn": turn,
            "dealer": self.dealer,
            "lead": self.lead,
            "deal": min(self.deal_no, self.deals - 1),
            "deals": self.deals,
            "hands": [list(h.values()) if s == seat else [None] * len(h) for s, h in enumerate(self.hands)],
            "counts": [len(h) for h in self.hands],
            "pairs": [list(p) for p in self.pairs],
            "waste": list(self.waste),
            "stock": len(self.stock),
            "live": self.live,
            "live_from": self.live_from,
            "matching_order": order,
            "passed": order[:self.checked - 1] if order else [],
            "last_pair": self.last_pair,
            "legal": legal,
            "claim_by_hand": self.claim_by_hand,
            "claim_seconds": CLAIM_SECONDS,
            "wins": list(self.wins),
            "records": [{"dealer": r.dealer, "winners": r.winners, "left": r.left, "how": r.how}
                        for r in self.records],
            "winners": list(self.winners) if turn is None else [],
            "options": dict(self.options),
            "beat": beat,
            "outcome": self.outcome() if self.turn is None else None,
        }

    def every_card(self) -> list[Card]:
        """Every card of the deal wherever it lies (hands, piles of pairs, waste, stock)."""
        cards = list(self.stock) + self.waste
        for hand in self.hands:
            cards += hand.values()
        for pile in self.pairs:
            cards += pile
        return cards

    def clone(self) -> EatPairsState:
        o = EatPairsState(self.n, self.options, self.seed)
        o.turn = self.turn
        o.deal_no = self.deal_no
        o.dealer = self.dealer
        o.phase = self.phase
        o.hands = [h.copy() for h in self.hands]
        o.pairs = [p[:] for p in self.pairs]
        o.waste = self.waste[:]
        o.stock = self.stock[:]
        o.lead = self.lead
        o.live = self.live
        o.live_from = self.live_from
        o.checked = self.checked
        o.lacks = self.lacks[:]
        o.known = self.known[:]
        o.wins = self.wins[:]
        o.records = self.records[:]
        o.winners = self.winners[:]
        o.last_pair = self.last_pair
        o.beat = self.beat
        return o

    def determinize(self, seat: int | None, rng: random.Random) -> EatPairsState:
        """A clone in which the cards hidden from `seat` (the other hands and the stock) are dealt anew,
        consistently with what the table has shown (see the module docstring); later deals get a new seed."""
        o = self.clone()
        o.seed = rng.randrange(2**31)
        if self.turn is None:
            return o
        others = [s for s in range(self.n) if s != seat]
        pool = [c for s in others for c in self.hands[s].values()] + self.stock
        needs = {s: len(self.hands[s]) for s in others}
        dealt = sample_hands(pool, needs, self.lacks, self.known, rng)
        if dealt is None:  # cannot happen with a consistent record; keep the real cards rather than fail
            return o
        hands, rest = dealt
        for s in others:
            o.hands[s] = {c.rank: c for c in sorted(hands[s], key=SORT_KEY.__getitem__)}
        o.stock = rest
        return o


def sample_hands(pool: list[Card], needs: Mapping[int, int], lacks: Sequence[int], known: Sequence[int],
                 rng: random.Random) -> tuple[dict[int, list[Card]], list[Card]] | None:
    """Share `pool` among the seats of `needs` (needs[s] cards each) and a rest (shuffled), so that no hand holds
    two cards of a rank, none of a rank in `lacks[s]` and one of every rank in `known[s]` (bit sets of ranks);
    None if that is impossible.

    The cards are placed one by one in random order, each to a seat or the rest with chances in proportion to the
    places left that may take it; a seat left short then gets its ranks through augmenting paths (a rank from the
    rest, or one another seat gives up for a rank of its own)."""
    pool = pool[:]
    rng.shuffle(pool)
    by_rank: dict[int, list[Card]] = {}
    for card in pool:
        by_rank.setdefault(card.rank, []).append(card)
    spare = {r: len(cards) for r, cards in by_rank.items()}  # per rank: the copies in no hand
    held: dict[int, set[int]] = {}
    fixed: dict[int, set[int]] = {}
    want: dict[int, int] = {}
    for s, need in needs.items():
        must = {r for r in range(1, 14) if known[s] >> r & 1}
        if len(must) > need or any(spare.get(r, 0) < 1 for r in must):
            return None
        for r in must:
            spare[r] -= 1
        fixed[s] = must
        held[s] = set()
        want[s] = need - len(must)
    room = len(pool) - sum(needs.values())
    if room < 0:
        return None
    todo = dict(spare)  # per rank: the copies still to place (the others are the fixed ones)
    for card in pool:
        r = card.rank
        if not todo[r]:
            continue
        todo[r] -= 1
        takers = [s for s in want if want[s] and not lacks[s] >> r & 1 and r not in fixed[s] and r not in held[s]]
        pick = rng.random() * (room + sum(want[s] for s in takers))
        for s in takers:
            pick -= want[s]
            if pick < 0:
                held[s].add(r)
                want[s] -= 1
                spare[r] -= 1
                break
        else:  # to the rest (even when full, if no seat may take it: a seat left short is made whole below)
            room = max(room - 1, 0)
    for s in list(want):
        while want[s]:
            if not _augment(s, held, fixed, spare, lacks, rng, set(), set()):
                return None
            want[s] -= 1
    hands: dict[int, list[Card]] = {}
    for s in needs:
        hands[s] = [by_rank[r].pop() for r in (*fixed[s], *held[s])]
    rest = [c for cards in by_rank.values() for c in cards]
    rng.shuffle(rest)
    return hands, rest


def _augment(seat: int, held: dict[int, set[int]], fixed: dict[int, set[int]], spare: dict[int, int],
             lacks: Sequence[int], rng: random.Random, ranks_seen: set[int], seats_seen: set[int]) -> bool:
    """Give `seat` one more rank: one with a copy to spare, or one that another seat gives up for another rank
    (recursively); False if there is no such path."""
    seats_seen.add(seat)
    options = [r for r in spare if r not in ranks_seen and not lacks[seat] >> r & 1 and r not in fixed[seat]
               and r not in held[seat]]
    rng.shuffle(options)
    for r in options:
        ranks_seen.add(r)
        if spare[r] > 0:
            spare[r] -= 1
            held[seat].add(r)
            return True
        for other in held:
            if other not in seats_seen and r in held[other]:
                held[other].discard(r)
                if _augment(other, held, fixed, spare, lacks, rng, ranks_seen, seats_seen):
                    held[seat].add(r)
                    return True
                held[other].add(r)
    return False


# ----- the time limit ------------------------------------------------------------------------------------


def _miss_default(rng: random.Random) -> Action:
    """What a claim by hand comes to when its time runs out: the miss."""
    return MISS


def timeout_action(state: EatPairsState, legal: Sequence[Action], rng: random.Random | None) -> Action:
    """The move made for a seat whose time ran out: `Miss` for a claim (the only decision with a time limit),
    else a random legal move."""
    if state.phase == "claim":
        return MISS
    return legal[0] if len(legal) == 1 else (rng or random.Random()).choice(list(legal))


# ----- the rules -----------------------------------------------------------------------------------------


class EatPairsRules(Rules):
    """Eat Pairs' metadata and factory."""

    def new_game(self, players: int = 4, options: Mapping[str, Any] | None = None,
                 seed: int | None = None) -> EatPairsState:
        self.check_players(players)
        chosen = self.validate_options(options)
        state = EatPairsState(players, chosen, new_seed() if seed is None else seed)
        state.deal(record=False)
        return state

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        action = super().action_from_json(data)
        if isinstance(action, (Play, Claim)) and action.card not in DECK_SET:
            raise ValueError(f"not a card of the 52-card deck: {action.card.code}")
        return action


RULES = EatPairsRules(
    **INFO.metadata(),
    action_types=(Play, Draw, Claim, Miss),
    event_kinds=get_args(EventKind),
)
