"""Hints for Klondike: the most useful legal move, or None when nothing helps; `explain` says it with the cards'
names and why ("J♣ onto Q♦: it turns up a face-down card")."""

from __future__ import annotations

from cardtable.core.engine import Action, State
from cardtable.games.klondike.narration import NARRATION
from cardtable.games.klondike.rules import FOUNDATIONS, TABLEAU, AutoFinish, Draw, KlondikeState, Move, Recycle
from cardtable.games.plugin import Hint

#: Why a move of a given usefulness (see `_move_usefulness`) helps: a key of the narration's `WHY`.
REASONS = {90: "turns_card", 75: "turns_card", 65: "turns_card", 50: "frees_card", 40: "empties_pile"}


def _fits_somewhere(state: KlondikeState, card_index: int, pool: list) -> bool:
    """Whether pool[card_index] could go to a foundation or a tableau pile right now."""
    card = pool[card_index]
    for f in state.foundations:
        if (not f and card.rank == 1) or (f and f[-1].suit == card.suit and f[-1].rank + 1 == card.rank):
            return True
    for i, pile in enumerate(state.tableau):
        if not pile:
            if card.rank == 13:
                return True
        elif len(pile) > state.down[i]:
            top = pile[-1]
            if top.colour != card.colour and top.rank == card.rank + 1:
                return True
    return False


def ranked_moves(state: KlondikeState) -> list[Action]:
    """Useful legal moves, best first (pointless shuffles between piles are left out)."""
    legal = state.legal_actions()
    scored: list[tuple[int, int, Action]] = []
    for n, action in enumerate(legal):
        score = _usefulness(state, action)
        if score is not None:
            scored.append((score, n, action))
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [a for _, _, a in scored]


def _usefulness(state: KlondikeState, action: Action) -> int | None:
    if isinstance(action, AutoFinish):
        return 100
    if isinstance(action, Move):
        return _move_usefulness(state, action)
    if isinstance(action, Draw):
        return 10
    if isinstance(action, Recycle):
        pool = state.waste
        return 5 if any(_fits_somewhere(state, i, pool) for i in range(len(pool))) or len(pool) > 1 else None
    return None


def _move_usefulness(state: KlondikeState, move: Move) -> int | None:
    if move.src in FOUNDATIONS:
        return None  # taking cards back down is a tactic, not a hint
    if move.dst in FOUNDATIONS:
        if move.src in TABLEAU:
            i = int(move.src[1:])
            reveals = len(state.tableau[i]) - 1 == state.down[i] and state.down[i] > 0
            return 90 if reveals else 80
        return 70
    if move.src == "waste":
        return 60
    i = int(move.src[1:])
    pile = state.tableau[i]
    face_up = len(pile) - state.down[i]
    whole_run = move.count == face_up
    dst_empty = not state.pile(move.dst)
    if whole_run and state.down[i] > 0:
        return 75 if not dst_empty else 65  # turns up a card
    if whole_run and not dst_empty and state.down[i] == 0:
        return 40  # empties a pile for a King
    if not whole_run:
        exposed = pile[-move.count - 1]
        for f in state.foundations:
            if (not f and exposed.rank == 1) or (f and f[-1].suit == exposed.suit and f[-1].rank + 1 == exposed.rank):
                return 50  # frees a card for the foundation
    return None


def hint(state: State) -> Action | None:
    """The move a hint shows, or None when no move helps."""
    assert isinstance(state, KlondikeState)
    moves = ranked_moves(state)
    return moves[0] if moves else None


def explain(state: State) -> Hint | None:
    """The hint with the cards named: "J♣ onto Q♦", "A♥ to a foundation", "K♠ to the empty pile"."""
    assert isinstance(state, KlondikeState)
    action = hint(state)
    return None if action is None else Hint(action, describe(state, action))


def describe(state: State, action: Action) -> str:
    """`action` in words, with the cards named and why it helps when it does (see `explain`)."""
    assert isinstance(state, KlondikeState)
    why = REASONS.get(_move_usefulness(state, action) or 0) if isinstance(action, Move) else None
    return NARRATION.step(state, action, why)
