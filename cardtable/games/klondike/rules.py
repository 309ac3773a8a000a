"""Klondike solitaire: pure rules (see shared rules/klondike.md).

Zones: "stock", "waste", foundations "f0".."f3", tableau piles "t0".."t6".

The "winnable" option (winnable deals only) does not change how a seed deals: the table chooses the seed, one
the solver has proved winnable (`cardtable.games.klondike.deals`, `cardtable.session.deal_search`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from cardtable.core.cards import ACE, KING, SUITS, Card, shuffled, standard_deck
from cardtable.core.engine import Action, Event, IllegalAction, Result, Rules, State, new_seed
from cardtable.games.klondike import INFO

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


@dataclass(frozen=True)
class Recycle(Action):
    """Turn the waste over to form the stock again."""


@dataclass(frozen=True)
class Move(Action):
    """Move `count` cards from the top of zone `src` to zone `dst`."""

    src: str
    dst: str
    count: int = 1


@dataclass(frozen=True)
class AutoFinish(Action):
    """Play every remaining card to the foundations (all cards face up, stock and waste empty)."""


@dataclass(frozen=True)
class Resign(Action):
    """Abandon this deal (counts as a loss)."""


#: What a Klondike move records: cards moved between zones (a deal from the stock, the waste turned over, a move),
#: a face-down card turned up, the score's change, and the end (won, or given up).
EventKind = Literal["move", "flip", "score", "win", "over"]

#: The zones cards are taken from, and the zones they go to.
SOURCES = frozenset(("waste",) + TABLEAU + FOUNDATIONS)
TARGETS = frozenset(TABLEAU + FOUNDATIONS)


#: The zones cards are picked up from, in the order the table offers their moves.
SOURCE_ORDER = ("waste",) + TABLEAU + FOUNDATIONS
PILE_INDEX = {zone: i for i, zone in enumerate(TABLEAU)}
FOUNDATION_INDEX = {zone: i for i, zone in enumerate(FOUNDATIONS)}
#: What each card takes on top: on a foundation, the next card of its suit; on a pile, the next lower cards of the
#: other colour.  An empty foundation takes the Aces, an empty pile the Kings.
NEXT_HOME = {c: (Card(c.rank + 1, c.suit),) if c.rank < KING else () for c in standard_deck()}
BUILDS_ON = {
    c: tuple(Card(c.rank - 1, s) for s in SUITS if Card(c.rank - 1, s).colour != c.colour) if c.rank > ACE else ()
    for c in standard_deck()
}
ACES = tuple(Card(ACE, s) for s in SUITS)
KINGS = tuple(Card(KING, s) for s in SUITS)
TURNS = (Draw(), Recycle(), AutoFinish())
RESIGN = Resign()


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
        i = PILE_INDEX.get(zone)
        if i is not None:
            return self.tableau[i]
        if zone == "stock":
            return self.stock
        if zone == "waste":
            return self.waste
        i = FOUNDATION_INDEX.get(zone)
        if i is not None:
            return self.foundations[i]
        raise IllegalAction("no_such_zone", zone=zone)

    def can_auto_finish(self) -> bool:
        return (
            not self.stock
            and not self.waste
            and not any(self.down)
            and not self.won
        )

    # ----- legality: one predicate --------------------------------------------------------
    def refused(self, action: Action) -> str | None:
        """The legality predicate: the code of the rule `action` breaks now, or None when it is legal (the
        refusal's particulars: `refusal`)."""
        if self.turn is None:
            return "game_over"
        if isinstance(action, Move):
            if type(action.count) is not int:
                return "count_not_whole"
            src, dst = action.src, action.dst
            if src not in SOURCES or dst not in TARGETS:
                return "wrong_zones"
            why = self._pick(src, action.count)
            if why is not None:
                return why
            return self._place(src, action.count, self.pile(src)[-action.count], dst)
        if isinstance(action, Draw):
            if not self.stock:
                return "stock_empty_turn_waste" if self.waste else "stock_empty"
            return None
        if isinstance(action, Recycle):
            if self.stock:
                return "stock_not_empty"
            if not self.waste:
                return "nothing_to_turn"
            limit = self.pass_limit
            if limit is not None and self.recycles + 1 >= limit:
                return "no_more_passes"
            return None
        if isinstance(action, AutoFinish):
            return None if self.can_auto_finish() else "cannot_auto_finish"
        if isinstance(action, Resign):
            return None
        return "not_an_action"

    def _pick(self, src: str, count: int) -> str | None:
        """Why the top `count` cards of zone `src` cannot be picked up (None: they can)."""
        pile = self.pile(src)
        if count < 1 or count > len(pile):
            return "not_that_many" if pile else "empty_source"
        if count > self._pickable(src):
            return "face_down" if src in TABLEAU else "top_card_only"
        return None

    def _pickable(self, src: str) -> int:
        """How many cards can be picked up from the top of zone `src`: a pile's face-up cards, the top card of the
        waste or of a foundation."""
        i = PILE_INDEX.get(src)
        if i is not None:
            return len(self.tableau[i]) - self.down[i]
        return 1 if self.pile(src) else 0

    def _place(self, src: str, count: int, head: Card, dst: str) -> str | None:
        """Why the `count` cards picked up from `src`, `head` the lowest of them, cannot go to zone `dst`."""
        if src == dst:
            return "same_zone"
        if dst in FOUNDATIONS:
            if count != 1:
                return "one_to_foundation"
            if src in FOUNDATIONS:
                return "between_foundations"
            if head in self._takes(dst):
                return None
            return "foundation_by_suit" if self.foundations[int(dst[1:])] else "ace_first"
        if head in self._takes(dst):
            return None
        return "alternating" if self.tableau[int(dst[1:])] else "king_only"

    def _takes(self, dst: str) -> tuple[Card, ...]:
        """The building rules: the cards zone `dst` takes on top now.  A foundation takes an Ace when empty, then
        the next card of its suit; a pile takes a King when empty, then the next lower card of the other colour."""
        i = PILE_INDEX.get(dst)
        if i is None:
            home = self.foundations[FOUNDATION_INDEX[dst]]
            return NEXT_HOME[home[-1]] if home else ACES
        pile = self.tableau[i]
        return BUILDS_ON[pile[-1]] if pile else KINGS

    def refusal(self, action: Action) -> IllegalAction | None:
        """Why `action` is illegal now, with its particulars as data (None: it is legal)."""
        code = self.refused(action)
        return None if code is None else IllegalAction(code, **self._particulars(code, action))

    def _particulars(self, code: str, action: Action) -> dict[str, Any]:
        """The data a refusal's sentence names (the cards concerned, the zone, the pass limit)."""
        if code == "not_an_action":
            return {"action": repr(action)}
        if code == "no_more_passes":
            return {"limit": self.pass_limit}
        if not isinstance(action, Move):
            return {}
        if code == "empty_source":
            return {"zone": action.src}
        if code in ("ace_first", "foundation_by_suit", "alternating"):
            head = self.pile(action.src)[-action.count]
            dst = self.pile(action.dst)
            return {"card": head, "onto": dst[-1]} if dst else {"card": head}
        return {}

    def legal_actions(self) -> list[Action]:
        """The candidate actions that the predicate (`refused`) lets through, in the order the table offers them:
        the stock, auto-finish, moves to the foundations, moves to the piles, giving up."""
        if self.turn is None:
            return []
        legal: list[Action] = [a for a in TURNS if self.refused(a) is None]  # (Resign comes last)
        # The cards that can be picked up (`_pickable`): (zone, count, the lowest card), each pile's deepest first.
        picks: list[tuple[str, int, Card]] = []
        for zone in SOURCE_ORDER:
            most = self._pickable(zone)
            if most:
                pile = self.pile(zone)
                picks += [(zone, count, pile[-count]) for count in range(most, 0, -1)]
        # A zone's candidates are the picks headed by a card it takes (`_takes`, the building rules the predicate
        # applies), in the order of `picks`; the predicate decides each.
        at = {head: n for n, (_, _, head) in enumerate(picks)}
        takes, place = self._takes, self._place
        home = sorted((at[card], dst) for dst in FOUNDATIONS for card in takes(dst) if card in at)  # pick by pick
        piles = sorted((j, at[card]) for j, dst in enumerate(TABLEAU) for card in takes(dst) if card in at)
        for n, dst in home + [(n, TABLEAU[j]) for j, n in piles]:
            src, count, head = picks[n]
            if place(src, count, head, dst) is None:
                legal.append(Move(src, dst, count))
        if self.refused(RESIGN) is None:
            legal.append(RESIGN)
        return legal

    # ----- applying -----------------------------------------------------------------------
    def apply(self, action: Action, record: bool = True) -> list[Event]:
        code = self.refused(action)
        if code is not None:
            raise IllegalAction(code, **self._particulars(code, action))
        events: list[Event] | None = [] if record else None
        before = self.score if record else 0
        if isinstance(action, Resign):
            self.resigned = True
            self.turn = None
            return [Event("over", seat=0)] if record else []
        self.moves += 1
        if isinstance(action, Draw):
            n = min(self.draw_count, len(self.stock))
            cards = tuple(self.stock.pop() for _ in range(n))
            self.waste.extend(cards)
            if events is not None:
                events.append(Event("move", cards, "stock", "waste"))
        elif isinstance(action, Recycle):
            cards = tuple(self.waste)
            self.stock = self.waste[::-1]
            self.waste = []
            self.recycles += 1
            if events is not None:
                events.append(Event("move", cards, "waste", "stock"))
        elif isinstance(action, Move):
            self._move(action.src, action.dst, action.count, events)
        elif isinstance(action, AutoFinish):
            self._auto_finish(events)  # one move of the player's, as the replay steps it, however many cards
        if self.won:
            self.turn = None
            if events is not None:
                events.append(Event("win", seat=0, value=self.moves))
        if events is None:
            return []
        if self.score != before:
            events.append(Event("score", value=self.score - before))
        return events

    def _move(self, src_zone: str, dst_zone: str, count: int, events: list[Event] | None) -> None:
        src = self.pile(src_zone)
        cards = src[-count:]
        del src[-count:]
        self.pile(dst_zone).extend(cards)
        if events is not None:
            events.append(Event("move", tuple(cards), src_zone, dst_zone))
        if dst_zone in FOUNDATIONS:
            self.standard_score += TO_FOUNDATION
        elif src_zone == "waste":
            self.standard_score += WASTE_TO_TABLEAU
        elif src_zone in FOUNDATIONS:
            self.standard_score += FOUNDATION_TO_TABLEAU
        if src_zone in TABLEAU:
            i = int(src_zone[1:])
            if src and self.down[i] == len(src):
                self.down[i] -= 1
                self.standard_score += TURN_CARD
                if events is not None:
                    events.append(Event("flip", (src[-1],), src_zone))

    def _auto_finish(self, events: list[Event] | None) -> None:
        while not self.won:
            move = next(
                (
                    (t, f)
                    for t in TABLEAU
                    if self.pile(t)
                    for f in FOUNDATIONS
                    if self._place(t, 1, self.pile(t)[-1], f) is None
                ),
                None,
            )
            if move is None:  # cannot happen with every card face up; stop rather than spin
                break
            self._move(*move, 1, events)

    # ----- the rest of the contract --------------------------------------------------------
    def result(self) -> Result:
        won = self.won
        how = "won" if won else "gave_up" if self.resigned else "playing"
        values = {"how": how, "moves": self.moves, "score": self.score, "home": sum(len(f) for f in self.foundations)}
        return Result(scores=[self.score], winners=[0] if won else [], values=values)

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

    def every_card(self) -> list[Card]:
        """Every card of the deal: stock, waste, foundations and tableau."""
        return self.stock + self.waste + [c for pile in self.foundations + self.tableau for c in pile]

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
    **INFO.metadata(),
    action_types=(Draw, Recycle, Move, AutoFinish, Resign),
    event_kinds=get_args(EventKind),
)
