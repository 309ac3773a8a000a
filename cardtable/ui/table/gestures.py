"""Which gesture at the table makes a given move: a drag from a card onto a zone, or a click.

The hint lights the cards of its move with this, and the self-test and the UI tests make moves the way a person
would with it (a move of several cards: selecting them, then the selection's button).  Pure: it reads the layout
and asks the game's layout what each gesture means.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.cards import Card
from cardtable.core.engine import Action
from cardtable.core.layout import GameLayout, Picked, TableLayout, Target, Zone, candidates


@dataclass(frozen=True)
class DragGesture:
    """Pick up card `index` of `src` (and the cards above it in a fan) and drop it on `target` of zone `dst`."""

    src: Zone
    index: int
    dst: Zone
    target: Target


@dataclass(frozen=True)
class ClickGesture:
    """Click card `index` of `zone` (None: the zone itself)."""

    zone: Zone
    index: int | None


def picked_from(zone: Zone, index: int) -> list[Picked]:
    """The cards a press on card `index` of `zone` picks up: it and those above it in a fan, else just it."""
    if zone.kind == "fan":
        return [Picked(zone.id, s.index) for s in zone.spots if s.index >= index]
    return [Picked(zone.id, index)]


def find_drag(layout: TableLayout, game: GameLayout, view: Any, action: Action) -> DragGesture | None:
    """A drag that means `action`, if there is one: onto a zone itself, or onto one of its cards."""
    for src in layout.zones:
        for spot in src.spots:
            if not game.can_pick(view, src.id, spot.index):
                continue
            picked = picked_from(src, spot.index)
            for dst in layout.zones:
                for target in [Target(dst.id)] + [Target(dst.id, s.index) for s in dst.spots]:
                    if action in candidates(game.drop_action(view, picked, target)):
                        return DragGesture(src, spot.index, dst, target)
    return None


def find_click(layout: TableLayout, game: GameLayout, view: Any, legal: Sequence[Action],
               action: Action) -> ClickGesture | None:
    """A click that means `action`, if there is one: on a zone itself first, then on one of its cards."""
    for zone in layout.zones:
        if action in candidates(game.click_action(view, legal, Target(zone.id))):
            return ClickGesture(zone, None)
        for spot in zone.spots:
            if action in candidates(game.click_action(view, legal, Target(zone.id, spot.index))):
                return ClickGesture(zone, spot.index)
    return None


def action_cards(action: Action) -> list[Card]:
    """The cards an action names (its card fields, and the cards in its tuple fields)."""
    found: list[Card] = []
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        for item in value if isinstance(value, tuple) and not isinstance(value, Card) else (value,):
            if isinstance(item, Card):
                found.append(item)
    return found


def find_selection(layout: TableLayout, action: Action) -> tuple[Zone, list[int]] | None:
    """A zone that selects the cards `action` names (a pair, eight to bury), and their indices there."""
    cards = action_cards(action)
    for zone in layout.zones:
        if not cards or zone.select < len(cards):
            continue
        found = [s.index for s in zone.spots if s.card in cards]
        if len(found) == len(cards):
            return zone, found
    return None
