"""Eat Pairs bots: a rule-based player, the hard bot's search hooks, and the person's hint.

The game has one real choice per deal, the dealer's opening card; with "claim matches by hand" a seat that can
match a card also decides to claim it or to miss it.  Every other move (the lead player's draw) is forced.

`RuleBot` (normal; easy is it with noise, so it also misses a claim now and then) reads only `state.view(seat)`:
its own hand, the piles of pairs and the waste, all face up.

- Opening: the card least likely to be matched by another player.  A card of the hand is matched only by another
  copy of its rank in another hand, so the bot counts the copies of each rank it has not seen (4, less its own
  card, less those on the piles of pairs and the waste) and plays a rank with the fewest (ties: the lowest rank).
  A card no one can match stays on the waste and the dealer leads; a matched one gives another player a pair.
- Claim: always (pairing a card only ever empties the hand sooner).

The hard level is the generic ISMCTS (`cardtable.bots.ismcts`) searching the opening card; it always claims (its
only candidate), and its playouts are played by the rule bot's policy to the end of the deal, rewarded with the
deal's win.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core.cards import Card
from cardtable.core.engine import Action, State
from cardtable.core.words import N_
from cardtable.games.eat_pairs.rules import (
    DRAW,
    PLAY,
    Claim,
    EatPairsState,
    Miss,
)
from cardtable.games.plugin import Hint

COPIES = 4  # cards of a rank in the deck


def unseen_copies(view: Mapping[str, Any], seat: int, rank: int) -> int:
    """Copies of `rank` that `seat` has not seen: not in its hand, on a pile of pairs or on the waste."""
    seen = sum(1 for c in view["hands"][seat] if c is not None and c.rank == rank)
    seen += sum(1 for pile in view["pairs"] for c in pile if c.rank == rank)
    seen += sum(1 for c in view["waste"] if c.rank == rank)
    return COPIES - seen


def opening_choice(view: Mapping[str, Any], seat: int) -> Card:
    """The opening card: the one of the hand whose rank has the fewest copies unseen (ties: the lowest rank)."""
    hand = [c for c in view["hands"][seat] if c is not None]
    return min(hand, key=lambda c: (unseen_copies(view, seat, c.rank), c.rank))


class RuleBot:
    """Opens with the card least likely to be matched, and always claims (see the module docstring)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        claims = [a for a in legal if isinstance(a, Claim)]
        if claims:
            return claims[0]
        view = state.view(seat)
        if view["phase"] == "open":
            return PLAY[opening_choice(view, seat)]
        return legal[0]


# ----- the hint -----------------------------------------------------------------------------------------


def hint(state: State) -> Hint | None:
    """The rule bot's move for the seat to act, from what that seat may see, and why (a template the narration
    says: a `rank` field is a rank's number, said as its name; `ranks`, as its plural)."""
    seat = state.turn
    if seat is None or not isinstance(state, EatPairsState):
        return None
    view = state.view(seat)
    phase = view["phase"]
    if phase == "claim":
        mine, live = view["legal"]["claim"], view["live"]
        return Hint(Claim(mine), why=N_("click your {mine} to pair it with {live}; a pair laid is a card fewer in "
                                        "your hand, and you lead."), fields={"mine": mine, "live": live})
    if phase == "draw":
        return Hint(DRAW, why=N_("click the stock; you are the lead player, so you draw the next card onto the "
                                 "waste."))
    card = opening_choice(view, seat)
    unseen = unseen_copies(view, seat, card.rank)
    if unseen == 0:
        why = N_("every other {rank} is in sight, so no one can match it.")
    elif unseen == 1:
        why = N_("only one other {rank} is unseen, so it is the card least likely to be matched.")
    else:
        why = N_("{count} other {ranks} are unseen, the fewest of any rank you hold, so it is the least likely to "
                 "be matched.")
    return Hint(PLAY[card], why=why, fields={"rank": card.rank, "ranks": card.rank, "count": unseen})


# ----- hooks for the generic ISMCTS bot (cardtable.bots.ismcts) ----------------------------------------------
# The search hands these determinized states only; the policy reads the acting seat's hand and the public piles.


def search_rollout(state: State, rng: random.Random) -> Action:
    """The playout policy: the rule bot's (claim always, open with the card least likely to be matched)."""
    assert isinstance(state, EatPairsState)
    phase = state.phase
    if phase == "draw":
        return DRAW
    legal = state.legal_actions()
    if phase == "claim":
        return legal[0]  # the claim (the miss is second)
    seat = state.turn
    assert seat is not None
    return PLAY[_quick_opening(state, seat)]


def _quick_opening(state: EatPairsState, seat: int) -> Card:
    """`opening_choice` read straight from a (determinized) state's own hand and public piles."""
    seen = [0] * 14
    for pile in state.pairs:
        for c in pile:
            seen[c.rank] += 1
    for c in state.waste:
        seen[c.rank] += 1
    return min(state.hands[seat].values(), key=lambda c: (-seen[c.rank], c.rank))


def search_candidates(state: State, seat: int) -> Sequence[Action] | None:
    """A claim is always made (the miss is never searched); every opening card is searched."""
    assert isinstance(state, EatPairsState)
    if state.phase == "claim":
        return [a for a in state.legal_actions() if not isinstance(a, Miss)]
    return None


def search_done(state: State, root: State) -> bool:
    """Playouts stop when the root's deal is over."""
    return len(state.records) != len(root.records)  # type: ignore[attr-defined]


def search_reward(state: State, root: State) -> list[float]:
    """The win of the root's deal (a shared win shared); cut short, the fewest cards as if the deal ended there."""
    assert isinstance(state, EatPairsState) and isinstance(root, EatPairsState)
    index = len(root.records)
    if len(state.records) > index:
        winners: Sequence[int] = state.records[index].winners
    else:
        counts = [len(h) for h in state.hands]
        winners = [s for s, k in enumerate(counts) if k == min(counts)]
    share = 1.0 / len(winners)
    return [share if s in winners else 0.0 for s in range(state.n)]


def search_settings() -> dict[str, Any]:
    """How the hard bot searches Eat Pairs: a deal played out is a few dozen forced draws, so 1000 playouts are
    cheap; the other seats claim and open by the rule bot's policy inside the tree too."""
    return {"iterations": 1000, "opponent_model": True}
