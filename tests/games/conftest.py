"""Helpers shared by the games' tests: Klondike positions built by hand."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.core.cards import Card
from cardtable.games.klondike.rules import KlondikeState


def cards(text: str) -> list[Card]:
    """Cards from their codes ("AS 10H KD")."""
    return [Card.from_code(c) for c in text.split()]


def arrange(
    state: KlondikeState,
    *,
    stock: str = "",
    waste: str = "",
    foundations: Sequence[str] = (),
    tableau: Sequence[str] = (),
    down: Sequence[int] = (),
) -> KlondikeState:
    """Replace every zone of `state`; omitted foundations and piles are empty, omitted `down` counts 0."""
    state.stock = cards(stock)
    state.waste = cards(waste)
    state.foundations = [cards(f) for f in foundations] + [[] for _ in range(4 - len(foundations))]
    state.tableau = [cards(t) for t in tableau] + [[] for _ in range(7 - len(tableau))]
    state.down = list(down) + [0] * (7 - len(down))
    return state
