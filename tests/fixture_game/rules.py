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
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.core.cards import Card
from cardtable.core.engine import Action, Event, IllegalAction, Option, Result, Rules, State
from cardtable.core.wording import seat_name

NUMBERS = range(1, 7)
SUIT = "N"
DECK = tuple(Card(n, SUIT, copy) for n in NUMBERS for copy in range(5))
HAND = 12
TABLE = 4
CAPTURE_HOLD = 0.6


@dataclass(frozen=True)
class Call(Action):
    number: int

    def describe(self) -> str:
        return f"Call {self.number}"


@dataclass(frozen=True)
class Pair(Action):
    first: Card
    second: Card

    def describe(self) -> str:
        return f"Pair of {self.first.rank}s"


@dataclass(frozen=True)
class Capture(Action):
    card: Card
    target: Card

    def describe(self) -> str:
        return f"Capture the {self.target.rank}"


@dataclass(frozen=True)
class Mark(Action):
    card: Card
    cell: int

    def describe(self) -> str:
        return f"Mark cell {self.cell}"


@dataclass(frozen=True)
class Pass(Action):
    def describe(self) -> str:
        return "Pass"


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

    def apply(self, action: Action) -> list[Event]:
        if action not in self.legal_actions():
            raise IllegalAction(self.reason(action))
        seat = self.turn
        assert seat is not None
        name = seat_name(seat)
        if isinstance(action, Call):
            self.called = action.number
            return [Event("message", seat=seat, text=f"{name} calls {action.number}: those cards count double.")]
        events: list[Event] = []
        hand = self.hands[seat]
        self.passes = self.passes + 1 if isinstance(action, Pass) else 0
        if isinstance(action, Pair):
            hand.remove(action.first)
            hand.remove(action.second)
            self.piles[seat] += [action.first, action.second]
            events.append(Event("move", (action.first, action.second), f"hand{seat}", f"pile{seat}", seat,
                                f"{name} lays a pair of {action.first.rank}s."))
        elif isinstance(action, Capture):
            hand.remove(action.card)
            self.table.remove(action.target)
            self.piles[seat] += [action.card, action.target]
            events.append(Event("move", (action.card,), f"hand{seat}", "table", seat, hold=CAPTURE_HOLD))
            events.append(Event("move", (action.card, action.target), "table", f"pile{seat}", seat,
                                f"{name} captures the {action.target.rank}.", hold=CAPTURE_HOLD))
        elif isinstance(action, Mark):
            hand.remove(action.card)
            self.board[action.cell - 1] = seat
            events.append(Event("move", (action.card,), f"hand{seat}", f"cell{action.cell}", seat,
                                f"{name} marks cell {action.cell}."))
        else:
            events.append(Event("message", seat=seat, text=f"{name} passes."))
        if not hand or self.passes >= 2:
            self.turn = None
            events.append(Event("over", text=self.result().summary))
        else:
            self.turn = 1 - seat
        return events

    def reason(self, action: Action) -> str:
        if self.turn is None:
            return "The game is over."
        if self.called is None:
            return "First call a number."
        if isinstance(action, Pair):
            return "A pair is two cards of the same number from your hand."
        if isinstance(action, Capture):
            return "A card captures a table card of the same number."
        if isinstance(action, Mark):
            return "A card marks the empty cell of its own number."
        return "You can still play: pass only when nothing else is possible."

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
        return Result(scores, winners, f"{seat_name(0)} {scores[0]:g}, {seat_name(1)} {scores[1]:g}.")

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "players": 2, "seat": seat, "turn": self.turn, "called": self.called,
            "hands": [list(h) if s == seat else [None] * len(h) for s, h in enumerate(self.hands)],
            "table": list(self.table), "stock": len(self.stock), "piles": [list(p) for p in self.piles],
            "board": list(self.board), "scores": self.scores(), "timer": self.options["timer"],
        }

    def clone(self) -> PairsState:
        other = PairsState.__new__(PairsState)
        other.options, other.rng = dict(self.options), random.Random()
        other.rng.setstate(self.rng.getstate())
        other.hands = [list(h) for h in self.hands]
        other.table, other.stock = list(self.table), list(self.stock)
        other.piles = [list(p) for p in self.piles]
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
)
