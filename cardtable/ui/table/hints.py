"""The person's hint: the game's own, or what its normal bot would play; and the cards to light for it."""

from __future__ import annotations

import random
from typing import Any

from cardtable.bots import make_bot
from cardtable.core.layout import Rect
from cardtable.games.plugin import GamePlugin, Hint
from cardtable.ui import theme
from cardtable.ui.table.gestures import find_click, find_drag, find_selection
from cardtable.ui.table.input import target_area

Mark = tuple[Rect, theme.Colour]


def hint_for(game: GamePlugin, state: Any, seed: int) -> Hint | None:
    """The game's hint; without one, the normal bot's choice for the seat to act (from what that seat may see)."""
    if game.hint is not None:
        return game.hint(state)
    seat = state.turn
    if seat is None:
        return None
    rng = random.Random(seed)
    action = make_bot(game, "normal", seed=seed).choose(state.determinize(seat, rng), seat)
    return Hint(action, f"{action.describe()}: what a steady player would do here")


def hint_marks(scene: Any, hint: Hint) -> list[Mark]:
    """The gesture of the hinted move, lit: the cards to pick up in green, where they go in blue; or the card or
    place to click in green; or the cards to select together in green.  Nothing for a move made with a button."""
    view = scene.view()
    drag = find_drag(scene.layout, scene.game_layout, view, hint.action)
    if drag is not None:
        picked = [s.rect for s in drag.src.spots if s.index >= drag.index]
        if drag.src.kind != "fan":
            picked = picked[:1]
        x0, y0 = min(r[0] for r in picked), min(r[1] for r in picked)
        x1, y1 = max(r[0] + r[2] for r in picked), max(r[1] + r[3] for r in picked)
        return [((x0, y0, x1 - x0, y1 - y0), theme.PICKED), (target_area(drag.dst, drag.target), theme.LEGAL)]
    click = find_click(scene.layout, scene.game_layout, view, scene.state.legal_actions(), hint.action)
    if click is None:
        chosen = find_selection(scene.layout, hint.action)  # cards to select together (a pair): each in green
        if chosen is None:
            return []
        zone, indices = chosen
        return [(s.rect, theme.PICKED) for s in zone.spots if s.index in indices]
    zone = click.zone
    if click.index is None:
        return [(zone.spots[-1].rect if zone.spots else zone.slot, theme.PICKED)]
    return [(next(s.rect for s in zone.spots if s.index == click.index), theme.PICKED)]
