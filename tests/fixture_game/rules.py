"""Pairs and Board: a small two-seat game that uses every generic piece of the table, for its tests.

Cards are colourless numbers 1-6, five of each.  Each seat gets 12, four lie face up on the table, two stay face
down in the stock.  Seat 0 first calls a number (its cards will count double), then the seats take turns:

- Pair: two cards of the same number from the hand go to the seat's pile;
- Capture: a card from the hand onto a table card of the same number: both go to the pile (the card shows on the
  table for a beat first, then the pair on the pile for another);
- Mark: a card of number n onto the empty cell n of the board: the card is gone, the cell gets the seat's token;
- Pass: only when nothing else is possible.

The game ends when a hand is empty, or when both seats pass in a row.  Score: a pile card is 1 (2 for the called
number), a token 3.  Option "timer": 0 or 10 seconds a decision; on time-out the first legal move is made.
"""

from __future__ import annotations

import random
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from cardtable.core.cards import Card
from cardtable.core.engine import Action, Event, IllegalAction, Option, Result, Rules, Snapshot, State, TimeLimit

NUMBERS = range(1, 7)
SUIT = "N"
DECK = tuple(Card(n, SUIT, copy) for n in NUMBERS for copy in range(5))
HAND = 12
TABLE = 4
CAPTURE_HOLD = 0.6

EventKind = Literal["call", "pair", "lay", "capture", "mark", "pass", "over"]


@dataclass(frozen=True)
class Call(Action):
    number: int



@dataclass(frozen=True)
class Pair(Action):
    first: Card
    second: Card



@dataclass(frozen=True)
class Capture(Action):
    card: Card
    target: Card



@dataclass(frozen=True)
class Mark(Action):
    card: Card
    cell: int



@dataclass(frozen=True)
class Pass(Action):
    pass


class PairsState(State):
    def __init__(self, options: Mapping[str, Any], seed: int) -> None:
        self.options = dict(options)
        self.rng = random.Random(seed)
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[:HAND], key=_order), sorted(deck[HAND:2 * HAND], key=_order)]
        self.table = deck[2 * HAND:2 * HAND + TABLE]
        self.stock = deck[2 * HAND + TABLE:]
        self.piles: list[list[Card]] = [[], []]
        self.board: list[int | None] = [None] * len(NUMBERS)
        self.marked: list[Card] = []  # the cards gone onto the board
        self.called: int | None = None
        self.passes = 0
        self.turn: int | None = 0

    # ----- the contract ----------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        seat = self.turn
        if seat is None:
            return []
        if self.called is None:
            return [Call(n) for n in NUMBERS]
        hand = self.hands[seat]
        out: list[Action] = []
        for i, a in enumerate(hand):
            out += [Pair(a, b) for b in hand[i + 1:] if b.rank == a.rank]
            out += [Capture(a, t) for t in self.table if t.rank == a.rank]
            if self.board[a.rank - 1] is None:
                out.append(Mark(a, a.rank))
        return list(dict.fromkeys(out)) or [Pass()]

    def apply(self, action: Action, record: bool = True) -> list[Event]:
        refused = self.refusal(action)
        if refused is not None:
            raise refused
        seat = self.turn
        assert seat is not None
        events: list[Event] = []
        if isinstance(action, Call):
            self.called = action.number
            if record:
                events.append(Event("call", seat=seat, value=action.number))
            self.turn = 0
            return events
        hand = self.hands[seat]
        self.passes = self.passes + 1 if isinstance(action, Pass) else 0
        self.turn = None  # nobody acts while the move's beats show
        if isinstance(action, Pair):
            hand.remove(action.first)
            hand.remove(action.second)
            self.piles[seat] += [action.first, action.second]
            if record:
                events.append(Event("pair", (action.first, action.second), f"hand{seat}", f"pile{seat}", seat))
        elif isinstance(action, Capture):
            hand.remove(action.card)
            self.table.append(action.card)
            if record:  # the card lies beside its target for a beat
                events.append(Event("lay", (action.card,), f"hand{seat}", "table", seat, hold=CAPTURE_HOLD,
                                    snapshot=Snapshot(self)))
            self.table.remove(action.card)
            self.table.remove(action.target)
            self.piles[seat] += [action.card, action.target]
            if record:  # then the pair on the pile, for another
                events.append(Event("capture", (action.card, action.target), "table", f"pile{seat}", seat,
                                    hold=CAPTURE_HOLD, snapshot=Snapshot(self)))
        elif isinstance(action, Mark):
            hand.remove(action.card)
            self.marked.append(action.card)
            self.board[action.cell - 1] = seat
            if record:
                events.append(Event("mark", (action.card,), f"hand{seat}", f"cell{action.cell}", seat,
                                    value=action.cell))
        elif record:
            events.append(Event("pass", seat=seat))
        if not hand or self.passes >= 2:
            if record:
                events.append(Event("over", value=tuple(self.scores())))
        else:
            self.turn = 1 - seat
        return events

    def refusal(self, action: Action) -> IllegalAction | None:
        """The one legality predicate: why `action` is refused now (None: it is legal)."""
        if self.turn is None:
            return IllegalAction("game_over")
        if action in self.legal_actions():
            return None
        if self.called is None:
            return IllegalAction("call_first")
        if isinstance(action, Pair):
            return IllegalAction("not_a_pair")
        if isinstance(action, Capture):
            return IllegalAction("capture_same_number")
        if isinstance(action, Mark):
            return IllegalAction("mark_own_cell")
        return IllegalAction("pass_only_when_stuck")

    def time_limit(self) -> TimeLimit | None:
        """The timer option: the first legal move when the time runs out (1 s: a quiet beat, not a limit)."""
        seconds = self.options["timer"]
        if not seconds or self.turn is None:
            return None
        first = self.legal_actions()[0]
        return TimeLimit(seconds, lambda rng: first, quiet=seconds == 1)

    def scores(self) -> list[float]:
        out = []
        for seat in (0, 1):
            cards = sum(2 if c.rank == self.called else 1 for c in self.piles[seat])
            out.append(float(cards + 3 * self.board.count(seat)))
        return out

    def result(self) -> Result:
        scores = self.scores()
        best = max(scores)
        winners = [s for s in (0, 1) if scores[s] == best] if self.turn is None else []
        return Result(scores, winners)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "players": 2, "seat": seat, "turn": self.turn, "called": self.called,
            "hands": [list(h) if s == seat else [None] * len(h) for s, h in enumerate(self.hands)],
            "table": list(self.table), "stock": len(self.stock), "piles": [list(p) for p in self.piles],
            "board": list(self.board), "scores": self.scores(), "timer": self.options["timer"],
        }

    def every_card(self) -> list[Card]:
        cards = [c for hand in self.hands for c in hand] + self.table + self.stock + self.marked
        return cards + [c for pile in self.piles for c in pile]

    def clone(self) -> PairsState:
        other = PairsState.__new__(PairsState)
        other.options, other.rng = dict(self.options), random.Random()
        other.rng.setstate(self.rng.getstate())
        other.hands = [list(h) for h in self.hands]
        other.table, other.stock = list(self.table), list(self.stock)
        other.piles = [list(p) for p in self.piles]
        other.marked = list(self.marked)
        other.board, other.called, other.passes, other.turn = list(self.board), self.called, self.passes, self.turn
        return other

    def determinize(self, seat: int | None, rng: random.Random) -> PairsState:
        other = self.clone()
        if seat is None:
            return other
        hidden = other.hands[1 - seat] + other.stock
        rng.shuffle(hidden)
        n = len(other.hands[1 - seat])
        other.hands[1 - seat], other.stock = sorted(hidden[:n], key=_order), hidden[n:]
        return other


def _order(card: Card) -> tuple[int, int]:
    return (card.rank, card.copy)


class PairsRules(Rules):
    def new_game(self, players: int = 2, options: Mapping[str, Any] | None = None,
                 seed: int | None = None) -> PairsState:
        self.check_players(players)
        return PairsState(self.validate_options(options), 0 if seed is None else seed)


RULES = PairsRules(
    id="pairs_and_board", title="Pairs and Board", players=range(2, 3),
    options=(Option("timer", "Turn timer", (0, 10, 1), 0, ("Off", "10 s", "A quiet 1 s beat")),),
    action_types=(Call, Pair, Capture, Mark, Pass), blurb="The table's test game.",
    event_kinds=typing.get_args(EventKind),
)
