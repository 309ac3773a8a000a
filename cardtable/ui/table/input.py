"""The mouse at the table: press, drag and drop a card or a run, click, double click.

A press on a card that may be picked starts a `Drag`; once the pointer travels a few pixels it is a drag, and the
zones whose drop would be legal light up.  Releasing over a zone asks the layout what that drop means; a press
that did not travel is a click, which the layout also turns into an action (or several: the table offers them).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from cardtable.core.engine import Action
from cardtable.core.layout import Gesture, Rect, Spot, Zone, candidates
from cardtable.ui.table.animate import Flight
from cardtable.ui.table.sprites import spot_key

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene

DRAG_THRESHOLD = 5
DOUBLE_CLICK_SECONDS = 0.4


def overlap(a: Rect, b: Rect) -> int:
    """The area two rectangles share."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0


def drop_area(zone: Zone) -> Rect:
    """Where a zone takes a drop: the area the layout declares, else all of a fan, else its top card or slot."""
    if zone.drop is not None:
        return zone.drop
    if zone.kind == "fan":
        return zone.bounds()
    return zone.spots[-1].rect if zone.spots else zone.slot


@dataclass
class Drag:
    """A press on a card that may become a drag."""

    zone: str
    index: int | None
    press: tuple[int, int]
    spots: list[Spot]  # the cards that move with the pointer (empty for clicks on empty zones)
    pickable: bool
    dragging: bool = False
    targets: dict[str, list[Action]] | None = None

    def rects(self, pos: tuple[int, int]) -> list[Rect]:
        dx, dy = pos[0] - self.press[0], pos[1] - self.press[1]
        return [(s.rect[0] + dx, s.rect[1] + dy, s.rect[2], s.rect[3]) for s in self.spots]


class TableInput:
    """Turns the pointer's presses, moves and releases at one table into gestures."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.drag: Drag | None = None
        self.pointer = (0, 0)
        self.last_click: tuple[float, tuple[int, int]] | None = None

    def dragged(self) -> dict[Hashable, Rect]:
        """The cards being dragged and where they are drawn now."""
        d = self.drag
        if d is None or not d.dragging:
            return {}
        zone = self.scene.layout.zone(d.zone)
        return {spot_key(zone, s): r for s, r in zip(d.spots, d.rects(self.pointer), strict=True)}

    def hit(self, pos: tuple[int, int]) -> tuple[str, int | None] | None:
        """The zone and card under `pos` (topmost first); index None for an empty slot."""
        layout = self.scene.layout
        for zone in reversed(layout.zones):
            for spot in reversed(zone.spots):
                if pygame.Rect(spot.rect).collidepoint(pos):
                    return zone.id, spot.index
        for zone in reversed(layout.zones):
            if pygame.Rect(zone.slot).collidepoint(pos):
                return zone.id, None
        return None

    def press(self, pos: tuple[int, int]) -> None:
        scene = self.scene
        self.pointer = pos
        if scene.curtain_for is not None:
            scene.lift_curtain()
            return
        if scene.celebration is not None:
            scene.end_celebration()
            return
        if not scene.human_turn or scene.result_panel is not None:
            return
        scene.finish_animations()
        found = self.hit(pos)
        if found is None:
            return
        zone_id, index = found
        zone = scene.layout.zone(zone_id)
        pickable = index is not None and scene.game_layout.can_pick(scene.view(), zone_id, index)
        spots = [s for s in zone.spots if index is not None and s.index >= index] if pickable else []
        if zone.kind != "fan" and pickable:
            spots = spots[:1] if zone.kind in ("stack", "pile", "hand") else spots
        self.drag = Drag(zone_id, index, pos, spots, pickable)

    def motion(self, pos: tuple[int, int]) -> None:
        self.pointer = pos
        d = self.drag
        if d is None or d.dragging:
            return
        if abs(pos[0] - d.press[0]) > DRAG_THRESHOLD or abs(pos[1] - d.press[1]) > DRAG_THRESHOLD:
            d.dragging = True  # a press that travels is never a click, even on something that cannot move
            d.targets = self._targets(d) if d.pickable else {}

    def _targets(self, d: Drag) -> dict[str, list[Action]]:
        scene = self.scene
        view = scene.view()
        legal = scene.state.legal_actions()
        out = {}
        for zone in scene.layout.zones:
            ok = [a for a in candidates(scene.game_layout.drop_action(view, d.zone, d.index or 0, zone.id))
                  if a in legal]
            if ok:
                out[zone.id] = ok
        return out

    def release(self, pos: tuple[int, int]) -> None:
        d, self.drag = self.drag, None
        self.pointer = pos
        if d is None:
            return
        if not d.dragging:
            self._click(d)
            return
        if not d.pickable:
            return
        scene = self.scene
        rects = d.rects(pos)
        head = rects[0]
        best: tuple[int, int, str] | None = None
        for zone in scene.layout.zones:
            if zone.id == d.zone:
                continue
            area = overlap(head, drop_area(zone))
            if area <= 0:
                continue
            candidate = (1 if d.targets and zone.id in d.targets else 0, area, zone.id)
            if best is None or candidate > best:
                best = candidate
        gesture: Gesture = None
        if best is not None:
            gesture = scene.game_layout.drop_action(scene.view(), d.zone, d.index or 0, best[2])
        zone = scene.layout.zone(d.zone)
        from_rects = {spot_key(zone, s): r for s, r in zip(d.spots, rects, strict=True)}
        if not scene.perform(gesture, from_rects):
            self._fly_home(d, rects)

    def _fly_home(self, d: Drag, rects: list[Rect]) -> None:
        scene = self.scene
        zone = scene.layout.zone(d.zone)
        for spot, rect in zip(d.spots, rects, strict=True):
            scene.animator.add(Flight(spot_key(zone, spot), spot.card, rect, spot.rect, spot.face_up, spot.face_up,
                                      scene.animation_seconds))

    def cancel(self) -> bool:
        """Drop what is being dragged back where it came from; False if nothing was."""
        if self.drag is None:
            return False
        if self.drag.dragging:
            self._fly_home(self.drag, self.drag.rects(self.pointer))
        self.drag = None
        return True

    def _click(self, d: Drag) -> None:
        scene = self.scene
        # The second click of a double click on a card just sent away is the same request, not a new one
        # (clicks on a pile that deals and other unpickable things repeat freely).
        last = self.last_click
        self.last_click = (scene.clock, d.press) if d.pickable else None
        if last is not None and scene.clock - last[0] < DOUBLE_CLICK_SECONDS and \
                abs(last[1][0] - d.press[0]) <= DRAG_THRESHOLD and abs(last[1][1] - d.press[1]) <= DRAG_THRESHOLD:
            self.last_click = None
            return
        gesture = scene.game_layout.click_action(scene.view(), scene.state.legal_actions(), d.zone, d.index)
        if not candidates(gesture):
            if d.pickable:
                scene.say("That card has nowhere to go.", error=True)
            return
        scene.perform(gesture)

    def target_rects(self) -> list[Rect]:
        """The drop areas lit while dragging: every zone a legal drop would go to."""
        d = self.drag
        if d is None or not d.dragging:
            return []
        return [drop_area(self.scene.layout.zone(zone_id)) for zone_id in d.targets or {}]

    def forget(self) -> None:
        """The table changed under the pointer (a new size): whatever was picked up is let go."""
        self.drag = None
