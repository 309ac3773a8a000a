"""Eat Reds bots: a rule-based player, the hard bot's search hooks, and the person's hint.

Everything here reads only what the acting seat may see: its own hand, the layout, the turned stock card, every
won pile (face up), the stock's size and each hand's size (`Sight`).  The states it is handed are determinizations
(`state.determinize(seat, rng)`), whose other hands and stock are random samples, and nothing here looks at them.

`RuleBot` (the normal level; easy is it with noise) scores each legal move in points, for the seat itself:

- what it takes now: the played card and the cards it captures (a red ace 20, red 9 to K 10, other reds their
  pips, blacks nothing);
- plus what the stock card it turns next is expected to capture for it (each unseen card is as likely);
- minus what the next player is expected to capture from the layout it leaves: the best of the captures each
  layout card offers (the card and an average unseen partner), each as likely as that player holding a partner;
- minus what the card played was worth keeping: a card that pairs with unseen cards may capture one later, and a
  card whose layout partner nobody else can take (every other partner seen) can take it later just as well.  A
  card that pairs with nothing unseen is worth nothing kept, and no one can take it from the layout.

The turned card's choice of target is scored the same way (what it takes, minus the next player's best capture).

The hard level is the rule bot improved by rollouts on common worlds (`cardtable.bots.rollouts`): its best few
moves (`search_candidates`) are each played out by the rule bot, for every seat, in the same determinizations,
and the move that earns the seat the most points in the deal is played.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.cards import Card
from cardtable.core.engine import Action, State
from cardtable.core.words import N_
from cardtable.games.eat_reds.narration import Reason
from cardtable.games.eat_reds.rules import (
    DECK,
    RED_TOTAL,
    STOCK,
    Discard,
    EatRedsState,
    TakeWithStock,
    card_points,
    partner_rank,
)
from cardtable.games.plugin import Hint

_POINTS = {c: card_points(c) for c in DECK}
_PARTNER = {c: partner_rank(c.rank) for c in DECK}
_RANKS = range(1, 14)
_FULL_POINTS = [0] + [sum(card_points(c) for c in DECK if c.rank == r) for r in _RANKS]
_PARTNER_OF = [0] + [partner_rank(r) for r in range(1, 14)]
_RANK_POINTS = {c: (c.rank, card_points(c)) for c in DECK}
_ABSENT = -1  # no layout card of a rank

#: The weights of the rule bot's score (see the module docstring).
THREAT_WEIGHT = 0.8
STOCK_WEIGHT = 1.0
KEEP_WEIGHT = 1.0
KEEP_CHANCE = 0.4  # the chance one unseen partner comes within reach of a card kept
_MISS = [(1.0 - KEEP_CHANCE) ** k for k in range(5)]


# ----- what a seat can see ----------------------------------------------------------------------------------


class Sight:
    """What `seat` knows of the deal, per layout rank q (indexes 1 to 13): how many unseen cards (in the other
    hands or the stock) capture a card of rank q, the average points of one, and the chance the next player holds
    one; how many cards are unseen, and whether the seat turns a stock card after its play."""

    __slots__ = ("count", "points", "average", "held_by_next", "unseen", "stock")

    def __init__(self, state: EatRedsState, seat: int) -> None:
        count = [0] + [4] * 13
        points = _FULL_POINTS[:]
        seen: list[Card] = state.hands[seat] + state.layout
        for pile in state.won:
            seen += pile
        if state.turned is not None:
            seen.append(state.turned)
        for c in seen:
            r, p = _RANK_POINTS[c]
            count[r] -= 1
            points[r] -= p
        unseen = self.unseen = sum(count)
        nxt = (seat + 1) % state.n
        held = len(state.hands[nxt]) if nxt != seat else 0
        self.stock = bool(state.stock) and state.phase != STOCK
        self.count = [count[r] for r in _PARTNER_OF]
        self.points = [points[r] for r in _PARTNER_OF]
        self.average = [p / k if k else 0.0 for p, k in zip(self.points, self.count, strict=True)]
        self.held_by_next = [holds(unseen, held, k) for k in self.count]


@functools.cache
def holds(unseen: int, held: int, k: int) -> float:
    """The chance a hand of `held` cards dealt from `unseen` cards holds at least one of `k` of them."""
    none = 1.0
    for i in range(held):
        if unseen - k - i <= 0:
            return 1.0
        none *= (unseen - k - i) / (unseen - i)
    return 1.0 - none


def layout_best(layout: Sequence[Card], trio: int | None) -> list[int]:
    """Per rank: what capturing from the layout's cards of that rank takes at best, in points (the three of a kind
    all together); `_ABSENT` for a rank not in the layout."""
    best = [_ABSENT] * 14
    for c in layout:
        r = c.rank
        p = _POINTS[c]
        if best[r] == _ABSENT:
            best[r] = p
        elif r == trio:
            best[r] += p
        elif p > best[r]:
            best[r] = p
    return best


class Outlook:
    """What a layout (`layout_best`) offers after the seat's move changes one rank of it: what the stock card the
    seat turns next is expected to capture for it, and what the next player is expected to capture (the most
    valuable capture it holds a partner for, each rank's partner held independently)."""

    __slots__ = ("sight", "best", "stock", "offers", "_seen")

    def __init__(self, best: Sequence[int], sight: Sight) -> None:
        self.sight = sight
        self.best = best
        self.stock = sum(self._stock_term(q, best[q]) for q in _RANKS) if sight.stock else 0.0
        self.offers = sorted(((o, q) for q in _RANKS if (o := self._offer(q, best[q])) is not None), reverse=True)
        self._seen: dict[tuple[int, int], tuple[float, float]] = {}

    def _stock_term(self, q: int, target: int) -> float:
        k = self.sight.count[q]
        return self.sight.points[q] + k * target if k and target != _ABSENT else 0.0

    def _offer(self, q: int, target: int) -> tuple[float, float] | None:
        p = self.sight.held_by_next[q]
        return (target + self.sight.average[q], p) if p and target != _ABSENT else None

    def after(self, rank: int, target: int) -> tuple[float, float]:
        """(stock gain, threat) once the layout's best capture of `rank` is worth `target` (`_ABSENT`: none)."""
        key = (rank, target)
        found = self._seen.get(key)
        if found is not None:
            return found
        sight = self.sight
        gain = 0.0
        if sight.stock and sight.unseen:
            gain = self.stock - self._stock_term(rank, self.best[rank]) + self._stock_term(rank, target)
            gain /= sight.unseen
        offers = [o for o, q in self.offers if q != rank]
        new = self._offer(rank, target)
        if new is not None:
            offers.append(new)
            offers.sort(reverse=True)
        total, missed = 0.0, 1.0
        for value, p in offers:
            total += missed * p * value
            missed *= 1.0 - p
        found = self._seen[key] = (gain, total)
        return found


def keep_value(card: Card, best: Sequence[int], sight: Sight) -> float:
    """What `card` is worth kept in the hand: a later capture of an unseen partner, or of a layout partner nobody
    else can take."""
    q = card.rank  # the ranks it captures and that capture it are the same
    k = sight.count[q]
    if k:
        return KEEP_WEIGHT * (_POINTS[card] + sight.average[q]) * (1.0 - _MISS[k])
    if best[_PARTNER[card]] != _ABSENT:
        return _POINTS[card] + best[_PARTNER[card]]
    return 0.0


# ----- scoring a move (the rule bot) -------------------------------------------------------------------------


@dataclass
class Assessment:
    """What the rule bot thinks of one move, in points, with the parts kept for the hint's words."""

    action: Action
    taken: tuple[Card, ...]
    gain: int
    stock: float
    threat: float
    keep: float
    value: float


def assess(state: EatRedsState, seat: int, actions: Sequence[Action], sight: Sight | None = None) -> list[Assessment]:
    """Score each of `actions` for `seat` (see the module docstring)."""
    sight = sight or Sight(state, seat)
    trio = state.trio
    by_rank = state.by_rank
    base = layout_best(state.layout, trio)
    outlook = Outlook(base, sight)
    turned = state.turned
    out = []
    for action in actions:
        if type(action) is Discard:
            card = action.card
            taken: tuple[Card, ...] = ()
            gain = 0
            r = card.rank
            after = max(base[r], _POINTS[card])
        else:
            if type(action) is TakeWithStock:
                assert turned is not None
                card = turned
            else:
                card = action.card  # type: ignore[attr-defined]
            target = action.target  # type: ignore[attr-defined]
            r = target.rank
            if r == trio:
                taken = tuple(by_rank[r])
                after = _ABSENT
            else:
                taken = (target,)
                after = max((_POINTS[c] for c in by_rank[r] if c != target), default=_ABSENT)
            gain = _POINTS[card] + sum(_POINTS[c] for c in taken)
        got, lost = outlook.after(r, after)
        got *= STOCK_WEIGHT
        lost *= THREAT_WEIGHT
        kept = 0.0 if turned is not None else keep_value(card, base, sight)
        out.append(Assessment(action, taken, gain, got, lost, kept, gain + got - lost - kept))
    return out


def best_assessment(state: EatRedsState, seat: int, actions: Sequence[Action]) -> Assessment:
    """The highest-scoring move (the first of equals, in the order given)."""
    return max(assess(state, seat, actions), key=lambda a: a.value)


class RuleBot:
    """Captures the most valuable reds, keeps cards that pair with unseen cards, and leaves the next player little
    to take (see the module docstring)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        assert isinstance(state, EatRedsState)
        return best_assessment(state, seat, legal).action


# ----- the hint -------------------------------------------------------------------------------------------------


def hint(state: State) -> Hint | None:
    """The rule bot's move for the seat to act, from what that seat may see, and why (clauses the narration says:
    see `narration.Reason`)."""
    seat = state.turn
    if seat is None or not isinstance(state, EatRedsState):
        return None
    world = state.determinize(seat, random.Random(0))
    legal = world.legal_actions()
    sight = Sight(world, seat)
    scored = assess(world, seat, legal, sight)
    best = max(scored, key=lambda a: a.value)
    action = best.action
    bigger = max(scored, key=lambda a: a.gain)
    reasons: list[Reason] = []
    if best.taken:
        if len(best.taken) > 1:  # the move names its target only: the fourth of a trio takes all three
            reasons.append(Reason(N_("it takes {cards}"), cards=tuple(best.taken)))
        if best.gain:
            reasons.append(Reason(N_("it wins {count} point") if best.gain == 1 else N_("it wins {count} points"),
                                  count=best.gain))
        else:
            reasons.append(Reason(N_("it clears the layout")))
    elif not bigger.taken:
        reasons.append(Reason(N_("no card of yours can capture")))
    if bigger.gain > best.gain:
        target = bigger.taken[0]
        if not isinstance(action, TakeWithStock) and not sight.count[target.rank]:
            reasons.append(Reason(N_("{card} can wait: every other card that takes it has been seen"), card=target))
        else:
            reasons.append(Reason(N_("taking {card} instead would leave the next player more"), card=target))
    if not best.taken:
        if not sight.count[action.card.rank]:  # type: ignore[attr-defined]
            reasons.append(Reason(N_("every card that pairs with it has been seen, so no one can take it")))
        else:
            reasons.append(Reason(N_("it gives the next player the least, and you keep the cards that pair with "
                                     "unseen ones")))
    elif len(scored) > 1 and best.threat <= min(a.threat for a in scored) + 0.5:
        reasons.append(Reason(N_("it leaves the next player the least to take")))
    return Hint(action, why=N_("{reasons}."), fields={"reasons": tuple(reasons)})


# ----- hooks for the generic ISMCTS bot (cardtable.bots.ismcts) ----------------------------------------------
# The search only ever hands these determinized states; the playout policy reads the acting seat's own hand and
# the public cards only.


def search_done(state: State, root: State) -> bool:
    """Playouts stop when the root's deal is over."""
    return len(state.history) != len(root.history)  # type: ignore[attr-defined]


def search_reward(state: State, root: State) -> list[float]:
    """Each seat's points in the root's deal, out of the 210 the reds are worth."""
    assert isinstance(state, EatRedsState) and isinstance(root, EatRedsState)
    index = len(root.history)
    points: Sequence[int] = state.history[index].points if len(state.history) > index else state.points
    return [p / RED_TOTAL for p in points]


def search_rollout(state: State, rng: random.Random) -> Action:
    """The playout policy: the rule bot's move."""
    assert isinstance(state, EatRedsState)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return best_assessment(state, state.turn, legal).action  # type: ignore[arg-type]


def search_settings() -> dict[str, Any]:
    """How the hard bot plays Eat Reds: the rule bot improved by rollouts (`cardtable.bots.rollouts`): each of the
    rule bot's best few moves (`search_candidates`) is played out by the rule bot, for every seat, in the same
    sampled deals, and the move that earns the most on average is played (up to 2,000 playouts, a clear choice in
    far fewer; 3,000 took up to 3 s of processor time on a busy machine).  Paired on the same deals, the moves'
    difference shows through the luck of the stock, which a tree search's unpaired playouts could not see."""
    return {"method": "rollouts", "iterations": 2000, "particles": 0}


def arena_counts(state: State) -> dict[str, list[tuple[int, int]]]:
    """For `python -m cardtable.arena`: per seat, (deals in which it took the most points, ties included, deals
    played)."""
    assert isinstance(state, EatRedsState)
    rows = state.history
    return {"deals topped": [(sum(1 for r in rows if r.points[s] == max(r.points)), len(rows))
                             for s in range(state.n)]}


CANDIDATES = 5  # moves searched at most per decision
MARGIN = 8.0  # points below the rule bot's best move within which a move is searched


def search_candidates(state: State, seat: int) -> Sequence[Action] | None:
    """The moves the search tries: the rule bot's best few, those within `MARGIN` points of its best (a clear
    choice is played without searching)."""
    assert isinstance(state, EatRedsState)
    legal = state.legal_actions()
    if len(legal) == 1:
        return None
    scored = sorted(assess(state, seat, legal), key=lambda a: -a.value)
    floor = scored[0].value - MARGIN
    return [a.action for a in scored[:CANDIDATES] if a.value >= floor]
