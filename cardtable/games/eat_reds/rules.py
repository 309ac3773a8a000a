"""Eat Reds (Chinese Ten): pure rules (see shared rules/eat-reds.md and seed 003).

Seats are 0..n-1 and a player's left is the next seat (+1).  Seat 0 deals the first deal; with the rounds option
the deal passes to the next seat each deal.  The rules write no words for the person: events, refusals and
results are data, which the game's narration says.

A deal: the shuffle (from the state's own seeded generator), 24 ÷ players cards to each, one at a time from the
dealer's left; four stock cards turned up as the layout (captured by the dealer, and four more turned, while they
are all 5s, 10s or face cards); then turns from the dealer's left until the hands are empty.  A turn:

- phase "play": the seat plays a card from its hand: `Capture(card, target)` when the card can capture (one
  action per layout card it may take), `Discard(card)` to the layout when it cannot.  Then the top stock card is
  turned within the same action: it joins the layout, or captures its only target, or, with several targets,
- phase "stock": the same seat chooses the turned card's target (`TakeWithStock(target)`).

When the stock is empty the turn is the play alone.  The deal ends when the hands and the stock are used up; with
more deals to play the next one starts within the same action.  Phase "over": the game is over, and the last deal
stays on the table as it ended (the won piles, and the cards left in the layout, scored by no one).

Zones (for events and the table): hand0..hand{n-1}, stock (face down, its top is the list's end), layout,
turned (the stock card just turned, waiting for its target), won0..won{n-1} (face up).

Events (`EventKind`, as data: the narration says them): "new_deal" (the dealer; `value`: the deal's number, the
rounds and the cards each), "deal" (a hand dealt), "move" (a card played or turned joining the layout, the layout
turned up, cards gathered for a new deal), "turn" (the top stock card turned: `hold` keeps it in view for a beat
before it captures or joins the layout, with the engine's snapshot of that beat), "capture" (cards to a won pile;
`value`: the points they are worth; the first card is the capturing one, except in the dealer's capture, whose
layout was held in view for a beat before), "choose" (the turned card has `value` targets: its seat chooses),
"stock_out", "trio" (`value`: the rank of the starting three of a kind), "score" (the deal's number, points per
seat and the points left in the layout; held with the deal's last picture), "shuffle" and "over" (the scores,
the winners, the reds captured and left).  Without recording (`apply(action, record=False)`) none is made.

Readings (where the rules file leaves a choice open):

- "All 5s, 10s or face cards" means each of the four layout cards is a 5, a 10, a J, a Q or a K, mixed or not.
- "If it can capture, it must capture" binds the card played: a player holding a card that can capture may still
  play another card that cannot, which joins the layout.
- The fourth card of an initial three of a kind makes one move, `Capture(card, target)` with the first of the
  three in layout order as its target, and takes all three; the table maps a drop on any of the three to it.
  The three stay in the layout until that card comes (nothing else can take them); if it is already in the
  dealer's won pile they stay to the end, scored by no one.
- A turned stock card with one possible capture makes it at once; with several the same player chooses, even
  between cards of equal value (each card is a different card on the table).
- The cards the dealer captures from the starting layout are the dealer's, scored like any other capture.
- With the rounds option each deal is scored on its own, the running total is their sum, and the highest total
  wins (ties shared).  The first deal's dealer captures happen inside `new_game` (no events); `view` lists them.
- A hand is kept sorted (by suit, then rank); the layout keeps the order the cards arrived in.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from cardtable.core.cards import ACE, JACK, KING, QUEEN, Card, alternating_suits, standard_deck
from cardtable.core.engine import Action, Event, IllegalAction, Result, Rules, Snapshot, State, new_seed
from cardtable.core.words import Seated
from cardtable.games.eat_reds import INFO

PLAYERS = INFO.players
DEALT = 24  # cards dealt in all: 24 ÷ players each
LAYOUT_CARDS = 4
SPECIAL_RANKS = frozenset({5, 10, JACK, QUEEN, KING})  # the ranks of the special layout rules
RED_TOTAL = 210
PLAY, STOCK, OVER = "play", "stock", "over"
#: Seconds (at normal speed) a turned stock card stays in view before it captures or joins the layout; a layout of
#: 5s, 10s and face cards before the dealer takes it; the last picture of a deal.
TURN_HOLD = 1.0
LAYOUT_HOLD = 1.0
DEAL_HOLD = 0.5

DECK: tuple[Card, ...] = tuple(standard_deck())
_DECK_SET = frozenset(DECK)
_SORT_SUITS = alternating_suits()
_SORT = {c: (_SORT_SUITS[c.suit], c.rank) for c in DECK}  # a sorted hand: by suit in alternating colours, low first


def pip(card: Card) -> int | None:
    """A card's pip value (A = 1, 2-9 face value); None for 10, J, Q and K, which pair only by rank."""
    return card.rank if card.rank < 10 else None


def partner_rank(rank: int) -> int:
    """The rank a card of `rank` captures: the one making ten with it, or its own among 10, J, Q and K."""
    return 10 - rank if rank < 10 else rank


def pairs(card: Card, target: Card) -> bool:
    """Whether `card` captures `target` (pips summing to ten, or the same rank among 10, J, Q and K)."""
    return target.rank == partner_rank(card.rank)


def card_points(card: Card) -> int:
    """Black 0; red: ace 20, K Q J 10 9 10 each, the others their pips."""
    if not card.is_red:
        return 0
    if card.rank == ACE:
        return 20
    return 10 if card.rank >= 9 else card.rank


_PARTNER = {c: partner_rank(c.rank) for c in DECK}
_POINTS = {c: card_points(c) for c in DECK}
assert sum(_POINTS.values()) == RED_TOTAL


def points_of(cards: Sequence[Card]) -> int:
    """The points a pile of cards is worth."""
    return sum([_POINTS[c] for c in cards])


def captures(card: Card, layout: Sequence[Card], trio: int | None = None) -> list[tuple[Card, tuple[Card, ...]]]:
    """The captures `card` may make on `layout`, as (target, cards taken); `trio`: the rank of the starting layout's
    three of a kind still in it (its fourth card takes all three, with the first of them as the target)."""
    rank = partner_rank(card.rank)
    found = [t for t in layout if t.rank == rank]
    if found and rank == trio:
        return [(found[0], tuple(found))]
    return [(t, (t,)) for t in found]


# ----- actions ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Capture(Action):
    """Play a card from the hand onto a layout card it captures (the fourth of a starting three of a kind takes
    all three, with the first of them as the target)."""

    card: Card
    target: Card


@dataclass(frozen=True)
class Discard(Action):
    """Play a card that cannot capture from the hand to the layout."""

    card: Card


@dataclass(frozen=True)
class TakeWithStock(Action):
    """Choose the layout card the turned stock card captures."""

    target: Card



# Shared action objects: legal_actions allocates only its list, and `in` matches on identity first.
CAPTURE: dict[Card, dict[Card, Capture]] = {c: {t: Capture(c, t) for t in DECK if pairs(c, t) and t != c}
                                            for c in DECK}
DISCARD: dict[Card, Discard] = {c: Discard(c) for c in DECK}
TAKE: dict[Card, TakeWithStock] = {t: TakeWithStock(t) for t in DECK}


# ----- events -------------------------------------------------------------------------------------------

EventKind = Literal["new_deal", "deal", "move", "turn", "capture", "choose", "stock_out", "trio", "score", "shuffle",
                    "over"]
EVENT_KINDS: tuple[str, ...] = get_args(EventKind)
_HANDS = tuple(f"hand{s}" for s in range(PLAYERS.stop))
_WON = tuple(f"won{s}" for s in range(PLAYERS.stop))


# ----- the record of a deal --------------------------------------------------------------------------------


@dataclass(frozen=True)
class DealRecord:
    """A finished deal: its dealer, the points each seat's won pile is worth, and the cards left in the layout."""

    dealer: int
    points: tuple[int, ...]
    left: tuple[Card, ...]

    @property
    def left_points(self) -> int:
        return points_of(self.left)


# ----- the state ---------------------------------------------------------------------------------------


class EatRedsState(State):
    """A game of Eat Reds in progress (see the module docstring)."""

    __slots__ = (
        "turn", "n", "options", "seed", "rounds", "deal", "dealer", "phase", "hands", "stock", "layout", "by_rank",
        "won", "points", "turned", "trio", "dealer_captures", "history", "held",
    )

    def __init__(self, players: int, options: Mapping[str, Any], seed: int) -> None:
        self.n = players
        self.options = dict(options)
        self.seed = seed
        self.rounds: int = options["rounds"]
        self.deal = 0
        self.history: list[DealRecord] = []
        self.turn: int | None = None
        self.held = ""  # the beat a snapshot shows (see `_beat`); "" in play
        self._start_deal(None)

    # ----- a deal's set-up -------------------------------------------------------------------------------
    def _shuffled(self) -> list[Card]:
        """The deck shuffled for the current deal: one generator per deal, from the seed, so a clone needs no
        generator state and a determinized clone only changes `seed`."""
        draw = random.Random(self.seed * 256 + self.deal).random
        return sorted(DECK, key=lambda _: draw())  # sorting by independent uniform keys is a uniform shuffle

    def _start_deal(self, events: list[Event] | None) -> None:
        n = self.n
        dealer = self.dealer = self.deal % n
        first = (dealer + 1) % n
        cards = self._shuffled()
        each = DEALT // n
        hands: list[list[Card]] = [[] for _ in range(n)]
        for k in range(n):
            hands[(first + k) % n] = sorted(cards[k:DEALT:n], key=_SORT.__getitem__)
        self.hands = hands
        self.stock = cards[DEALT:]
        self.layout: list[Card] = []
        self.by_rank: list[list[Card]] = [[] for _ in range(14)]
        self.won: list[list[Card]] = [[] for _ in range(n)]
        self.points = [0] * n
        self.turned: Card | None = None
        self.trio: int | None = None
        self.dealer_captures: list[tuple[Card, ...]] = []
        self.phase = PLAY
        self.turn = None
        if events is not None:
            events.append(Event("new_deal", seat=dealer,
                                value={"deal": self.deal + 1, "rounds": self.rounds, "each": each}))
            events += [Event("deal", src="stock", dst=_HANDS[(first + k) % n], seat=(first + k) % n, value=each)
                       for k in range(n)]
        self._turn_layout(events)
        ranks = [c.rank for c in self.layout]
        self.trio = next((r for r in set(ranks) if r in SPECIAL_RANKS and ranks.count(r) == 3), None)
        if self.trio is not None and events is not None:
            events.append(Event("trio", value=self.trio))
        self.turn = first

    def _turn_layout(self, events: list[Event] | None) -> None:
        """Turn four stock cards as the layout; the dealer captures them while they are all 5s, 10s or face
        cards (the stock always holds enough: only 20 cards are 5s, 10s or face cards)."""
        stock, dealer = self.stock, self.dealer
        while True:
            four = tuple(reversed(stock[-LAYOUT_CARDS:]))
            del stock[-LAYOUT_CARDS:]
            special = all(c.rank in SPECIAL_RANKS for c in four)
            self.layout = list(four)
            if events is not None:
                # A layout the dealer takes is held in view for a beat first.
                held = self._beat("layout") if special else None
                events.append(Event("move", four, "stock", "layout", hold=LAYOUT_HOLD if special else 0.0,
                                    snapshot=held))
            if not special:
                break
            self.dealer_captures.append(four)
            self.won[dealer] += four
            points = points_of(four)
            self.points[dealer] += points
            if events is not None:
                events.append(Event("capture", four, "layout", _WON[dealer], dealer, value=points))
        for c in four:
            self.by_rank[c.rank].append(c)

    def _beat(self, beat: str) -> Snapshot:
        """The state as the table shows it during a held beat ("turned": a turned stock card, "layout": a layout
        the dealer takes, "deal_end": a deal's last picture): nobody to act."""
        self.held = beat
        try:
            return Snapshot(self)
        finally:
            self.held = ""

    # ----- queries -----------------------------------------------------------------------------------------
    def every_card(self) -> list[Card]:
        """Every card of the deal wherever it lies: hands, stock, layout, the turned card, won piles."""
        cards = self.stock + self.layout
        for hand in self.hands:
            cards += hand
        for pile in self.won:
            cards += pile
        if self.turned is not None:
            cards.append(self.turned)
        return cards

    def targets(self, card: Card) -> list[tuple[Card, tuple[Card, ...]]]:
        """The captures `card` may make now, as (target, cards taken)."""
        found = self.by_rank[_PARTNER[card]]
        if found and _PARTNER[card] == self.trio:
            return [(found[0], tuple(found))]
        return [(t, (t,)) for t in found]

    def legal_actions(self) -> list[Action]:
        seat = self.turn
        if seat is None:
            return []
        by_rank = self.by_rank
        if self.phase == STOCK:
            return [TAKE[t] for t in by_rank[_PARTNER[self.turned]]]  # type: ignore[index]
        trio = self.trio
        out: list[Action] = []
        for card in self.hands[seat]:
            rank = _PARTNER[card]
            found = by_rank[rank]
            if not found:
                out.append(DISCARD[card])
            elif rank == trio:
                out.append(CAPTURE[card][found[0]])
            else:
                mine = CAPTURE[card]
                out += [mine[t] for t in found]
        return out

    def refusal(self, action: Action) -> IllegalAction | None:
        """Why `action` is illegal now (the refusal `apply` raises), or None if it is legal: the one test of
        legality (`legal_actions` lists exactly the actions it passes)."""
        seat = self.turn
        if seat is None:
            return IllegalAction("game_over")
        cls = type(action)
        turned = self.turned
        if cls is TakeWithStock:
            if turned is None:
                return IllegalAction("no_turned_card")
            return self._capture_refusal(turned, action.target, True)  # type: ignore[attr-defined]
        if cls is not Capture and cls is not Discard:
            return IllegalAction("not_a_move", action=repr(action))
        if turned is not None:
            return IllegalAction("choose_turned_first", card=turned)
        card = action.card  # type: ignore[attr-defined]
        if type(card) is not Card or card not in self.hands[seat]:
            return IllegalAction("not_in_hand", player=Seated(seat),
                                 card=card if type(card) is Card and card in _DECK_SET else repr(card))
        if cls is Discard:
            found = self.by_rank[_PARTNER[card]]
            return IllegalAction("must_capture", card=card, targets=tuple(found)) if found else None
        return self._capture_refusal(card, action.target, False)  # type: ignore[attr-defined]

    def _capture_refusal(self, card: Card, target: Any, turned: bool) -> IllegalAction | None:
        """Why `card` (`turned`: the turned stock card) may not capture `target` now (None if it may)."""
        rank = _PARTNER[card]
        found = self.by_rank[rank]
        if target in found:
            if rank == self.trio and target != found[0]:
                return IllegalAction("trio_at_once", rank=rank, first=found[0])
            return None
        if type(target) is not Card or target not in self.layout:
            what = target if type(target) is Card and target in _DECK_SET else repr(target)
            return IllegalAction("not_on_layout", target=what)
        if card.rank >= 10 or target.rank >= 10:
            return IllegalAction("turned_rank_only" if turned else "rank_only", card=card, target=target)
        return IllegalAction("turned_not_ten" if turned else "not_ten", card=card, target=target,
                             total=card.rank + target.rank)

    # ----- playing -------------------------------------------------------------------------------------------
    def apply(self, action: Action, record: bool = True) -> list[Event]:
        refused = self.refusal(action)
        if refused is not None:
            raise refused
        seat: int = self.turn  # type: ignore[assignment]
        events: list[Event] | None = [] if record else None
        cls = type(action)
        if cls is TakeWithStock:
            turned: Card = self.turned  # type: ignore[assignment]
            self.turned = None
            self.phase = PLAY
            self._take(seat, turned, (action.target,), "turned", events)  # type: ignore[attr-defined]
            self._end_turn(seat, events, not self.stock)
            return events if events is not None else []
        card = action.card  # type: ignore[attr-defined]
        self.hands[seat].remove(card)
        if cls is Capture:
            rank = _PARTNER[card]
            taken = tuple(self.by_rank[rank]) if rank == self.trio else (action.target,)  # type: ignore[attr-defined]
            self._take(seat, card, taken, _HANDS[seat], events)
        else:
            self.layout.append(card)
            self.by_rank[card.rank].append(card)
            if events is not None:
                events.append(Event("move", (card,), _HANDS[seat], "layout", seat))
        self._stock_step(seat, events)
        return events if events is not None else []

    def _take(self, seat: int, card: Card, taken: tuple[Card, ...], src: str, events: list[Event] | None) -> None:
        """`card` captures `taken` from the layout into `seat`'s won pile."""
        layout, by_rank = self.layout, self.by_rank
        for t in taken:
            layout.remove(t)
            by_rank[t.rank].remove(t)
        if len(taken) > 1:
            self.trio = None
        pile = self.won[seat]
        pile.append(card)
        pile += taken
        points = _POINTS[card] + points_of(taken)
        self.points[seat] += points
        if events is not None:
            events.append(Event("capture", (card, *taken), src, _WON[seat], seat, value=points))

    def _stock_step(self, seat: int, events: list[Event] | None) -> None:
        """Turn the top stock card (if any): it captures its only target, waits for the seat's choice among
        several, or joins the layout."""
        stock = self.stock
        if not stock:
            self._end_turn(seat, events)
            return
        card = stock.pop()
        if events is not None:
            self.turned = card
            events.append(Event("turn", (card,), "stock", "turned", seat, value=len(stock), hold=TURN_HOLD,
                                snapshot=self._beat("turned")))
            self.turned = None
        rank = _PARTNER[card]
        found = self.by_rank[rank]
        if not found:
            self.layout.append(card)
            self.by_rank[card.rank].append(card)
            if events is not None:
                events.append(Event("move", (card,), "turned", "layout", seat))
        elif rank == self.trio:
            self._take(seat, card, tuple(found), "turned", events)
        elif len(found) == 1:
            self._take(seat, card, (found[0],), "turned", events)
        else:
            self.turned = card
            self.phase = STOCK
            if events is not None:
                events.append(Event("choose", (card,), seat=seat, value=len(found)))
            return
        self._end_turn(seat, events, not stock)

    def _end_turn(self, seat: int, events: list[Event] | None, emptied: bool = False) -> None:
        """Pass the turn to the left, or end the deal when the hands are used up; `emptied`: this turn turned
        the last stock card."""
        if emptied and events is not None and any(self.hands):
            events.append(Event("stock_out"))
        nxt = (seat + 1) % self.n
        if self.hands[nxt]:
            self.turn = nxt
            return
        self._end_deal(events)

    def _end_deal(self, events: list[Event] | None) -> None:
        n = self.n
        record = DealRecord(self.dealer, tuple(self.points), tuple(self.layout))
        self.history.append(record)
        self.turn = None
        if events is not None:
            events.append(Event("score", value={"deal": self.deal + 1, "points": record.points,
                                                "left": record.left_points},
                                hold=DEAL_HOLD, snapshot=self._beat("deal_end")))
        self.deal += 1
        if self.deal == self.rounds:
            self.phase = OVER
            if events is not None:
                scores = self.totals()
                events.append(Event("over", value={
                    "scores": tuple(scores), "winners": tuple(self.result().winners),
                    "captured": sum(sum(r.points) for r in self.history),
                    "left": sum(r.left_points for r in self.history)}))
            return
        if events is not None:
            for s in range(n):
                if self.won[s]:
                    events.append(Event("move", tuple(self.won[s]), _WON[s], "stock", s))
            if self.layout:
                events.append(Event("move", tuple(self.layout), "layout", "stock"))
            events.append(Event("shuffle", src="stock"))
        self._start_deal(events)

    # ----- results ---------------------------------------------------------------------------------------
    def totals(self) -> list[int]:
        """Each seat's running total over the finished deals."""
        totals = [0] * self.n
        for record in self.history:
            for s, p in enumerate(record.points):
                totals[s] += p
        return totals

    def score_sheet(self) -> list[dict[str, Any]]:
        """One row per finished deal: dealer, points per seat, the cards left in the layout, running totals."""
        totals = [0] * self.n
        rows = []
        for i, record in enumerate(self.history):
            totals = [t + p for t, p in zip(totals, record.points, strict=True)]
            rows.append({"deal": i + 1, "dealer": record.dealer, "points": list(record.points),
                         "left": list(record.left), "left_points": record.left_points, "totals": list(totals)})
        return rows

    def standings(self) -> list[int]:
        """The finished deals' totals plus the current deal's points so far."""
        totals = self.totals()
        if self.turn is None:
            return totals
        return [t + p for t, p in zip(totals, self.points, strict=True)]

    def result(self) -> Result:
        """The points are the scores.  `values`: "scores" (each seat's points), "over" (False: the standings of a
        game in progress, in deal "deal" of "rounds"), "captured" and "left" (the reds' check, once over); the
        narration says them."""
        scores = self.standings()
        if self.turn is not None:
            return Result([float(p) for p in scores], [], values={
                "scores": tuple(scores), "over": False, "deal": self.deal + 1, "rounds": self.rounds})
        best = max(scores)
        winners = [s for s in range(self.n) if scores[s] == best]
        return Result([float(p) for p in scores], winners, values={
            "scores": tuple(scores), "over": True, "captured": sum(sum(r.points) for r in self.history),
            "left": sum(r.left_points for r in self.history)})

    # ----- views -----------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.n
        legal: dict[str, Any] | None = None
        turn = None if self.held else self.turn  # nobody acts during a held beat
        if seat is not None and seat == turn:
            if self.phase == STOCK:
                turned = self.turned
                assert turned is not None
                legal = {"captures": [(turned, t, taken) for t, taken in self.targets(turned)], "discards": []}
            else:
                hand = self.hands[seat]
                legal = {"captures": [(c, t, taken) for c in hand for t, taken in self.targets(c)],
                         "discards": [c for c in hand if not self.by_rank[_PARTNER[c]]]}
        sheet = self.score_sheet()
        return {
            "players": n,
            "seat": seat,
            "phase": self.phase,
            "turn": turn,
            "dealer": self.dealer,
            "deal": min(self.deal, self.rounds - 1),
            "rounds": self.rounds,
            "hands": [list(h) if s == seat else [None] * len(h) for s, h in enumerate(self.hands)],
            "counts": [len(h) for h in self.hands],
            "stock": len(self.stock),
            "layout": list(self.layout),
            "turned": self.turned,
            "won": [list(w) for w in self.won],
            "points": list(self.points),
            "layout_points": points_of(self.layout),
            "red_total": RED_TOTAL,
            "trio": self.trio,
            "dealer_captures": [list(four) for four in self.dealer_captures],
            "legal": legal,
            "sheet": sheet,
            "totals": self.totals(),
            "standings": self.standings(),
            "winners": self.result().winners if self.phase == OVER and not self.held else [],
            "options": dict(self.options),
            "beat": self.held,
        }

    def clone(self) -> EatRedsState:
        o = EatRedsState.__new__(EatRedsState)
        o.turn = self.turn
        o.n = self.n
        o.options = self.options
        o.seed = self.seed
        o.rounds = self.rounds
        o.deal = self.deal
        o.dealer = self.dealer
        o.phase = self.phase
        o.hands = [h[:] for h in self.hands]
        o.stock = self.stock[:]
        o.layout = self.layout[:]
        o.by_rank = [r[:] for r in self.by_rank]
        o.won = [w[:] for w in self.won]
        o.points = self.points[:]
        o.turned = self.turned
        o.trio = self.trio
        o.dealer_captures = self.dealer_captures[:]
        o.history = self.history[:]
        o.held = self.held
        return o

    def determinize(self, seat: int | None, rng: random.Random) -> EatRedsState:
        """A clone in which the cards hidden from `seat` (the other hands and the stock) are dealt anew, keeping
        the hand sizes, and the future deals are unknown (a new seed).  Nothing a seat does reveals what else it
        holds (the must-capture rule binds only the card played), so a uniform redeal fits everything seen."""
        o = self.clone()
        o.seed = rng.randrange(2**31)
        others = [s for s in range(self.n) if s != seat]
        pool = [c for s in others for c in self.hands[s]] + self.stock
        rng.shuffle(pool)
        start = 0
        for s in others:
            end = start + len(self.hands[s])
            o.hands[s] = sorted(pool[start:end], key=_SORT.__getitem__)
            start = end
        o.stock = pool[start:]
        return o


# ----- the rules ---------------------------------------------------------------------------------------


class EatRedsRules(Rules):
    """Eat Reds' metadata and factory."""

    def new_game(self, players: int = 2, options: Mapping[str, Any] | None = None,
                 seed: int | None = None) -> EatRedsState:
        self.check_players(players)
        chosen = self.validate_options(options)
        return EatRedsState(players, chosen, new_seed() if seed is None else seed)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        action = super().action_from_json(data)
        for name in ("card", "target"):
            card = getattr(action, name, None)
            if card is not None and card not in _DECK_SET:
                raise ValueError(f"not a card of the 52-card deck: {card.code}")
        return action


RULES = EatRedsRules(
    **INFO.metadata(),
    action_types=(Capture, Discard, TakeWithStock),
    event_kinds=EVENT_KINDS,
)

