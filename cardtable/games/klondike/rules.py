"""Klondike solitaire: pure rules (see shared rules/klondike.md).

Zones: "stock", "waste", foundations "f0".."f3", tableau piles "t0".."t6".

The "winnable" option (winnable deals only) does not change how a seed deals: the table chooses the seed, one
the solver has proved winnable (`cardtable.games.klondike.deals`, `cardtable.session.deal_search`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.core.cards import ACE, KING, RANK_LABELS, Card, shuffled, standard_deck
from cardtable.core.engine import Action, Event, IllegalAction, Option, Result, Rules, State, new_seed
from cardtable.core.wording import counted

TABLEAU = tuple(f"t{i}" for i in range(7))
FOUNDATIONS = tuple(f"f{i}" for i in range(4))

# Standard scoring (rules/klondike.md).
WASTE_TO_TABLEAU = 5
TO_FOUNDATION = 10
TURN_CARD = 5
FOUNDATION_TO_TABLEAU = -15
# Vegas scoring.
VEGAS_ANTE = -52
VEGAS_PER_CARD = 5


@dataclass(frozen=True)
class Draw(Action):
    """Deal one or three cards from the stock to the waste."""

    def describe(self) -> str:
        return "Deal from the stock"


@dataclass(frozen=True)
class Recycle(Action):
    """Turn the waste over to form the stock again."""

    def describe(self) -> str:
        return "Turn the waste over"


@dataclass(frozen=True)
class Move(Action):
    """Move `count` cards from the top of zone `src` to zone `dst`."""

    src: str
    dst: str
    count: int = 1

    def describe(self) -> str:
        what = "card" if self.count == 1 else f"{self.count} cards"
        return f"Move {what} from {zone_name(self.src)} to {zone_name(self.dst)}"


@dataclass(frozen=True)
class AutoFinish(Action):
    """Play every remaining card to the foundations (all cards face up, stock and waste empty)."""

    def describe(self) -> str:
        return "Auto-finish"


@dataclass(frozen=True)
class Resign(Action):
    """Abandon this deal (counts as a loss)."""

    def describe(self) -> str:
        return "Give up"


def zone_name(zone: str) -> str:
    """Readable name of a zone id."""
    if zone.startswith("t"):
        return f"pile {int(zone[1:]) + 1}"
    if zone.startswith("f"):
        return "the foundation"
    return f"the {zone}"


def _rank(card: Card) -> str:
    return RANK_LABELS[card.rank]


class KlondikeState(State):
    """A Klondike deal in progress."""

    __slots__ = (
        "turn", "options", "seed", "stock", "waste", "foundations", "tableau", "down",
        "recycles", "moves", "standard_score", "resigned",
    )

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        self.turn: int | None = 0
        self.options = options
        self.seed = seed
        self.stock: list[Card] = []
        self.waste: list[Card] = []
        self.foundations: list[list[Card]] = [[] for _ in FOUNDATIONS]
        self.tableau: list[list[Card]] = [[] for _ in TABLEAU]
        self.down: list[int] = [0] * 7  # face-down cards at the bottom of each tableau pile
        self.recycles = 0
        self.moves = 0
        self.standard_score = 0
        self.resigned = False

    # ----- set-up -------------------------------------------------------------------------
    def deal(self) -> None:
        deck = shuffled(standard_deck(), random.Random(self.seed))
        for pile in range(7):
            for _ in range(pile + 1):
                self.tableau[pile].append(deck.pop())
            self.down[pile] = pile
        deck.reverse()  # the stock's top is its last card
        self.stock = deck

    # ----- derived facts ------------------------------------------------------------------
    @property
    def draw_count(self) -> int:
        return int(self.options["draw"])

    @property
    def pass_limit(self) -> int | None:
        """Passes through the stock allowed (None: unlimited)."""
        if self.options["passes"] == "unlimited":
            return None
        return 1 if self.draw_count == 1 else 3

    @property
    def won(self) -> bool:
        return sum(len(f) for f in self.foundations) == 52

    @property
    def score(self) -> int:
        if self.options["scoring"] == "vegas":
            return VEGAS_ANTE + VEGAS_PER_CARD * sum(len(f) for f in self.foundations)
        return self.standard_score

    def pile(self, zone: str) -> list[Card]:
        if zone == "stock":
            return self.stock
        if zone == "waste":
            return self.waste
        if zone in TABLEAU:
            return self.tableau[int(zone[1:])]
        if zone in FOUNDATIONS:
            return self.foundations[int(zone[1:])]
        raise IllegalAction(f"There is no zone called {zone!r}.")

    def can_auto_finish(self) -> bool:
        return (
            not self.stock
            and not self.waste
            and not any(self.down)
            and not self.won
        )

    # ----- legality -----------------------------------------------------------------------
    def reason(self, action: Action) -> str | None:
        """Why `action` is illegal now, or None if it is legal."""
        if self.turn is None:
            return "The game is over."
        if isinstance(action, Resign):
            return None
        if isinstance(action, Draw):
            if not self.stock:
                return "The stock is empty." + (" Turn the waste over." if self.waste else "")
            return None
        if isinstance(action, Recycle):
            if self.stock:
                return "The stock still has cards."
            if not self.waste:
                return "The waste is empty: there is nothing to turn over."
            limit = self.pass_limit
            if limit is not None and self.recycles + 1 >= limit:
                passes = "1 pass" if limit == 1 else f"{limit} passes"
                return f"No more passes through the stock: this game allows {passes}."
            return None
        if isinstance(action, AutoFinish):
            if not self.can_auto_finish():
                return "Auto-finish needs an empty stock and waste and every card face up."
            return None
        if isinstance(action, Move):
            return self._move_reason(action)
        return f"That is not a Klondike action: {action!r}."

    def _move_reason(self, move: Move) -> str | None:
        valid = ("waste",) + TABLEAU + FOUNDATIONS
        if type(move.count) is not int:
            return "The number of cards to move must be a whole number."
        if move.src not in valid or move.dst not in TABLEAU + FOUNDATIONS:
            return "Cards go from the waste, a pile or a foundation to a pile or a foundation."
        if move.src == move.dst:
            return "The card is already there."
        src = self.pile(move.src)
        if move.count < 1 or move.count > len(src):
            return "There are not that many cards there." if src else f"{zone_name(move.src).capitalize()} is empty."
        if move.src in TABLEAU:
            if move.count > len(src) - self.down[int(move.src[1:])]:
                return "That card is face down."
        elif move.count != 1:
            return "Only the top card can move from there."
        moving = src[-move.count:]
        head = moving[0]
        dst = self.pile(move.dst)
        if move.dst in FOUNDATIONS:
            if move.count != 1:
                return "Only one card at a time goes to a foundation."
            if move.src in FOUNDATIONS:
                return "Cards do not move between foundations."
            if not dst:
                return None if head.rank == ACE else f"A foundation starts with an Ace, not a {_rank(head)}."
            top = dst[-1]
            if head.suit != top.suit or head.rank != top.rank + 1:
                return f"Foundations build up by suit: {head.label} cannot go on {top.label}."
            return None
        if not dst:
            return None if head.rank == KING else "Only a King (or a run headed by a King) goes to an empty pile."
        top = dst[-1]
        if head.colour == top.colour or head.rank != top.rank - 1:
            wanted = "red" if top.colour == "black" else "black"
            return (
                f"Piles build down in alternating colours: {head.label} cannot go on {top.label}"
                + (f" (it needs a {wanted} {RANK_LABELS[top.rank - 1]})." if top.rank > ACE else ".")
            )
        return None

    def legal_actions(self) -> list[Action]:
        if self.turn is None:
            return []
        legal: list[Action] = []
        if self.stock:
            legal.append(Draw())
        elif self.reason(Recycle()) is None:
            legal.append(Recycle())
        if self.can_auto_finish():
            legal.append(AutoFinish())
        # Movable heads: (zone, count, card).  Only the top card of the waste or a foundation moves.
        heads: list[tuple[str, int, Card]] = []
        if self.waste:
            heads.append(("waste", 1, self.waste[-1]))
        for i, pile in enumerate(self.tableau):
            n = len(pile)
            for k in range(self.down[i], n):
                heads.append((TABLEAU[i], n - k, pile[k]))
        tops = [(FOUNDATIONS[i], 1, f[-1]) for i, f in enumerate(self.foundations) if f]
        for src, count, card in heads:
            if count != 1:
                continue
            for j, f in enumerate(self.foundations):
                if (card.rank == ACE and not f) or (f and f[-1].suit == card.suit and f[-1].rank + 1 == card.rank):
                    legal.append(Move(src, FOUNDATIONS[j], 1))
        for j, pile in enumerate(self.tableau):
            dst = TABLEAU[j]
            top = pile[-1] if pile else None
            for src, count, card in heads + tops:
                if src == dst:
                    continue
                if top is None:
                    ok = card.rank == KING
                else:
                    ok = card.rank == top.rank - 1 and card.colour != top.colour
                if ok:
                    legal.append(Move(src, dst, count))
        legal.append(Resign())
        return legal

    # ----- applying -----------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        why = self.reason(action)
        if why is not None:
            raise IllegalAction(why)
        before = self.score
        events: list[Event] = []
        if isinstance(action, Resign):
            self.resigned = True
            self.turn = None
            events.append(Event("over", text="You gave up this deal."))
            return events
        self.moves += 1
        if isinstance(action, Draw):
            n = min(self.draw_count, len(self.stock))
            cards = tuple(self.stock.pop() for _ in range(n))
            self.waste.extend(cards)
            events.append(Event("move", cards, "stock", "waste"))
        elif isinstance(action, Recycle):
            cards = tuple(self.waste)
            self.stock = self.waste[::-1]
            self.waste = []
            self.recycles += 1
            events.append(Event("move", cards, "waste", "stock", text="The waste turns over."))
        elif isinstance(action, Move):
            events += self._move(action)
        elif isinstance(action, AutoFinish):
            events += self._auto_finish()  # one move of the player's, as the replay steps it, however many cards
        if self.won:
            self.turn = None
            events.append(Event("win", text=f"You won in {self.moves} moves!"))
        if self.score != before:
            events.append(Event("score", value=self.score - before))
        return events

    def _move(self, move: Move) -> list[Event]:
        src = self.pile(move.src)
        cards = src[-move.count:]
        del src[-move.count:]
        self.pile(move.dst).extend(cards)
        events = [Event("move", tuple(cards), move.src, move.dst)]
        if move.dst in FOUNDATIONS:
            self.standard_score += TO_FOUNDATION
        elif move.src == "waste":
            self.standard_score += WASTE_TO_TABLEAU
        elif move.src in FOUNDATIONS:
            self.standard_score += FOUNDATION_TO_TABLEAU
        if move.src in TABLEAU:
            i = int(move.src[1:])
            if src and self.down[i] == len(src):
                self.down[i] -= 1
                self.standard_score += TURN_CARD
                events.append(Event("flip", (src[-1],), move.src))
        return events

    def _auto_finish(self) -> list[Event]:
        events: list[Event] = []
        while not self.won:
            move = next(
                (
                    m
                    for t in TABLEAU
                    if self.pile(t)
                    for f in FOUNDATIONS
                    if self._move_reason(m := Move(t, f)) is None
                ),
                None,
            )
            if move is None:  # cannot happen with every card face up; stop rather than spin
                break
            events += self._move(move)
        return events

    # ----- the rest of the contract --------------------------------------------------------
    def result(self) -> Result:
        won = self.won
        if won:
            summary = f"Won in {counted(self.moves, 'move')}, score {self.score}."
        elif self.resigned:
            summary = f"Gave up after {counted(self.moves, 'move')}, score {self.score}."
        else:
            summary = f"{sum(len(f) for f in self.foundations)} of 52 cards home, score {self.score}."
        return Result(scores=[self.score], winners=[0] if won else [], summary=summary)

    def view(self, seat: int | None) -> dict[str, Any]:
        limit = self.pass_limit
        return {
            "stock": [None] * len(self.stock),
            "waste": list(self.waste),
            "foundations": [list(f) for f in self.foundations],
            "tableau": [[None] * self.down[i] + pile[self.down[i]:] for i, pile in enumerate(self.tableau)],
            "draw": self.draw_count,
            "score": self.score,
            "scoring": self.options["scoring"],
            "moves": self.moves,
            "passes_left": None if limit is None else limit - 1 - self.recycles,
            "won": self.won,
            "over": self.turn is None,
        }

    def clone(self) -> KlondikeState:
        other = KlondikeState.__new__(KlondikeState)
        other.turn = self.turn
        other.options = self.options
        other.seed = self.seed
        other.stock = self.stock[:]
        other.waste = self.waste[:]
        other.foundations = [f[:] for f in self.foundations]
        other.tableau = [p[:] for p in self.tableau]
        other.down = self.down[:]
        other.recycles = self.recycles
        other.moves = self.moves
        other.standard_score = self.standard_score
        other.resigned = self.resigned
        return other

    def determinize(self, seat: int | None, rng: random.Random) -> KlondikeState:
        other = self.clone()
        hidden = other.stock + [c for i, p in enumerate(other.tableau) for c in p[: other.down[i]]]
        rng.shuffle(hidden)
        other.stock = hidden[: len(other.stock)]
        rest = hidden[len(other.stock):]
        for i, pile in enumerate(other.tableau):
            d = other.down[i]
            pile[:d] = rest[:d]
            rest = rest[d:]
        return other


class KlondikeRules(Rules):
    """Klondike's metadata and factory."""

    def new_game(
        self, players: int = 1, options: Mapping[str, Any] | None = None, seed: int | None = None
    ) -> KlondikeState:
        self.check_players(players)
        chosen = self.validate_options(options)
        state = KlondikeState(chosen, new_seed() if seed is None else seed)
        state.deal()
        return state


RULES = KlondikeRules(
    id="klondike",
    title="Klondike",
    players=range(1, 2),
    options=(
        Option("draw", "Draw", (1, 3), 1, ("Draw 1", "Draw 3")),
        Option(
            "passes", "Passes through the stock", ("unlimited", "limited"), "unlimited",
            ("Unlimited", "Limited (1 with draw 1, 3 with draw 3)"),
        ),
        Option("scoring", "Scoring", ("standard", "vegas"), "standard", ("Standard", "Vegas")),
        Option("winnable", "Deals", (False, True), False, ("Any deal", "Winnable deals only")),
    ),
    version=1,
    action_types=(Draw, Recycle, Move, AutoFinish, Resign),
    blurb="Solitaire: build four foundations up by suit from Ace to King.",
)
