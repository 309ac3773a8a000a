"""Klondike's safe moves: cards that can go home now and that no tableau card could ever need.  Pure: no pygame.

The usual rule: a card is safe on its foundation when both foundations of the other colour reach at least its rank
- 1 and the other foundation of its own colour at least its rank - 2 (so an Ace always).  Every card that could
then lie on it in the tableau (the other colour's rank - 1) is already home, and so is the card of its own colour
that such a card could need.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardtable.core.cards import ACE, SUITS, Card
from cardtable.core.engine import Action, State
from cardtable.games.klondike.rules import FOUNDATIONS, TABLEAU, KlondikeState, Move


def heights(state: KlondikeState) -> dict[str, int]:
    """How high each suit's foundation is (0: its Ace is not home yet)."""
    found = dict.fromkeys(SUITS, 0)
    for pile in state.foundations:
        if pile:
            found[pile[-1].suit] = len(pile)
    return found


def is_safe(card: Card, found: Mapping[str, int]) -> bool:
    """Whether `card` going home can never hurt, with the foundations at `found` (suit -> height)."""
    if card.rank == ACE:
        return True
    other = [found[s] for s in SUITS if Card(ACE, s).colour != card.colour]
    same = [found[s] for s in SUITS if s != card.suit and Card(ACE, s).colour == card.colour]
    return all(h >= card.rank - 1 for h in other) and all(h >= card.rank - 2 for h in same)


def safe_moves(state: State) -> list[Action]:
    """The legal moves that play a safe card home now: the waste's top and the tableau's face-up tops that are next
    on their foundation, lowest rank first."""
    assert isinstance(state, KlondikeState)
    if state.turn is None:
        return []
    found = heights(state)
    tops = [("waste", state.waste)] + [(zone, state.tableau[i]) for i, zone in enumerate(TABLEAU)]
    moves: list[tuple[int, Move]] = []
    for src, pile in tops:
        if not pile or (src != "waste" and len(pile) <= state.down[int(src[1:])]):
            continue
        card = pile[-1]
        if card.rank != found[card.suit] + 1 or not is_safe(card, found):
            continue
        dst = next(
            f for i, f in enumerate(FOUNDATIONS)
            if (card.rank == ACE and not state.foundations[i])
            or (state.foundations[i] and state.foundations[i][-1].suit == card.suit)
        )
        moves.append((card.rank, Move(src, dst)))
    moves.sort(key=lambda m: m[0])
    return [move for _, move in moves if state.refused(move) is None]
