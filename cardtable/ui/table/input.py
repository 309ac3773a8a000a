"""The mouse at the table: drag and drop, click, select several cards, and click a lit target.

A press on a card that may be picked starts a `Drag`; once the pointer travels a few pixels it is a drag, and the
places a legal drop would go light up: a whole zone, or one card of it (capture that card), or a cell of a board.
Releasing there asks the layout what the drop means.  On a board (zones of kind "cell") the pointer decides: the
space under it is the one meant, taken or not, whatever else the cards overlap; elsewhere the cards' overlap does.
While dragging, the one place a release would take is marked (`Drag.mark`), apart from the lit legal places.
A press that did not travel is a click: in a zone that selects (`Zone.select`) it selects or unselects the card,
and the lit targets of the selection then take a click (or the selection's buttons act; a click on a place the
selection may not go shows the engine's reason); elsewhere the layout says what the click means (one action, or
several: the table offers them).  A right-click anywhere asks for the game's safe moves (`safe_play`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.core.cues import ILLEGAL
from cardtable.core.engine import Action
from cardtable.core.layout import Gesture, Picked, Rect, Spot, Target, Zone, candidates
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


def target_area(zone: Zone, target: Target) -> Rect:
    """The area of a target on screen: its card, or the zone's drop area."""
    if target.index is None:
        return drop_area(zone)
    return next(s.rect for s in zone.spots if s.index == target.index)


def targets_of(zones: list[Zone]) -> list[tuple[Zone, Target]]:
    """Every place a gesture may point at: each zone itself, then each of its cards."""
    return [(z, Target(z.id)) for z in zones] + [(z, Target(z.id, s.index)) for z in zones for s in z.spots]


@dataclass
class Drag:
    """A press on a card that may become a drag."""

    zone: str
    index: int | None
    press: tuple[int, int]
    spots: list[Spot]  # the cards that move with the pointer (empty for clicks on empty zones)
    pickable: bool
    dragging: bool = False
    targets: dict[str, list[Action]] | None = None  # zone id -> the legal actions of a drop there
    lit: list[Rect] = field(default_factory=list)  # the legal targets' areas
    legal: set[tuple[str, int | None]] = field(default_factory=set)  # the legal targets, as (zone, index)
    mark: tuple[Rect, bool] | None = None  # where a release now would go, and whether that drop is legal
    meant: dict[tuple[str, int | None], Gesture] = field(default_factory=dict)  # per target, what a drop means

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
        self.selected: list[Picked] = []  # cards selected with clicks (in a zone that selects)
        self._lit: list[tuple[Zone, Target, list[Action]]] | None = None  # the selection's legal targets

    # ----- what is picked and where it may go --------------------------------------------------------
    def dragged(self) -> dict[Hashable, Rect]:
        """The cards being dragged and where they are drawn now."""
        d = self.drag
        if d is None or not d.dragging:
            return {}
        zone = self.scene.layout.zone(d.zone)
        return {spot_key(zone, s): r for s, r in zip(d.spots, d.rects(self.pointer), strict=True)}

    def legal_targets(self, picked: list[Picked], meant: dict[tuple[str, int | None], Gesture] | None = None,
                      ) -> list[tuple[Zone, Target, list[Action]]]:
        """Where `picked` may go, with the legal actions of each drop: a zone itself, or, where the zone does not
        take the drop as a whole, one of its cards.  What a drop means on each target asked is kept in `meant`."""
        scene = self.scene
        view, legal = scene.view(), scene.legal()
        found: list[tuple[Zone, Target, list[Action]]] = []
        whole: set[str] = set()
        for zone, target in targets_of(scene.layout.zones):
            if target.index is not None and zone.id in whole:
                continue
            gesture = scene.game_layout.drop_action(view, picked, target)
            if meant is not None:
                meant[target.zone, target.index] = gesture
            ok = [a for a in candidates(gesture) if a in legal]
            if ok:
                found.append((zone, target, ok))
                if target.index is None:
                    whole.add(zone.id)
        return found

    def selection_targets(self) -> list[tuple[Zone, Target, list[Action]]]:
        """The legal targets of the selection (worked out once per selection)."""
        if not self.selected:
            return []
        if self._lit is None:
            self._lit = self.legal_targets(self.selected)
        return self._lit

    def target_rects(self) -> list[Rect]:
        """The areas lit now: where the dragged cards, or the selected ones, may go."""
        d = self.drag
        if d is not None and d.dragging:
            return d.lit
        return [target_area(z, t) for z, t, _ in self.selection_targets()]

    def selected_rects(self) -> list[Rect]:
        layout = self.scene.layout
        rects = []
        for p in self.selected:
            try:
                rects += [s.rect for s in layout.zone(p.zone).spots if s.index == p.index]
            except KeyError:
                pass
        return rects

    def clear_selection(self) -> None:
        if self.selected:
            self.selected = []
            self._lit = None
            self.scene.panels.build()

    def _picked(self, d: Drag) -> list[Picked]:
        return [Picked(d.zone, s.index) for s in d.spots] or ([Picked(d.zone, d.index)] if d.index is not None else [])

    # ----- the pointer -------------------------------------------------------------------------------
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

    def _drop_area_at(self, pos: tuple[int, int]) -> tuple[str, None] | None:
        """The zone whose declared drop area (`Zone.drop`, lit while a selection may go there) holds `pos`: with a
        card selected, a click anywhere in it is a click on the zone, as a drop there is."""
        for zone in reversed(self.scene.layout.zones):
            if zone.drop is not None and pygame.Rect(zone.drop).collidepoint(pos):
                return zone.id, None
        return None

    def press(self, pos: tuple[int, int], button: int = 1) -> None:
        """A mouse button went down: the left one picks or clicks; the right one (3), anywhere, asks for the safe
        moves."""
        scene = self.scene
        self.pointer = pos
        if scene.curtain_for is not None:  # only its button lifts it (`Curtain`)
            scene.curtain.press(pos)
            return
        if scene.celebration is not None:
            scene.end_celebration()
            return
        if button == 3:
            if self.drag is None:
                scene.safe_play.request()
            return
        if not scene.human_turn or scene.result_panel is not None:
            return
        scene.finish_animations()
        found = self.hit(pos)
        if found is None and self.selected:
            found = self._drop_area_at(pos)
        if found is None:
            return
        zone_id, index = found
        zone = scene.layout.zone(zone_id)
        pickable = index is not None and scene.game_layout.can_pick(scene.view(), zone_id, index)
        if pickable and index is not None and zone.select and Picked(zone_id, index) in self.selected:
            # Dragging a selected card takes the whole selection along.
            indices = {p.index for p in self.selected if p.zone == zone_id}
            spots = [s for s in zone.spots if s.index in indices]
        else:
            spots = [s for s in zone.spots if index is not None and s.index >= index] if pickable else []
            if zone.kind != "fan" and pickable:
                spots = spots[:1] if zone.kind in ("stack", "pile", "hand") else spots
        self.drag = Drag(zone_id, index, pos, spots, pickable)

    def motion(self, pos: tuple[int, int]) -> None:
        self.pointer = pos
        d = self.drag
        if d is None:
            return
        if not d.dragging and (abs(pos[0] - d.press[0]) > DRAG_THRESHOLD or abs(pos[1] - d.press[1]) > DRAG_THRESHOLD):
            d.dragging = True  # a press that travels is never a click, even on something that cannot move
            found = self.legal_targets(self._picked(d), d.meant) if d.pickable else []
            d.targets = {}
            for _zone, target, actions in found:
                d.targets.setdefault(target.zone, []).extend(a for a in actions if a not in d.targets[target.zone])
            d.lit = [target_area(zone, target) for zone, target, _ in found]
            d.legal = {(t.zone, t.index) for _z, t, _a in found}
        if d.dragging and d.pickable:
            place = self.drop_place(d, pos)
            # A place where the drop means nothing is not marked (the cards would just go back), but a board's
            # space under the pointer is, even one of another row: the release there says why not.
            shown = place is not None and (bool(candidates(place[2])) or place[0].kind == "cell")
            d.mark = (target_area(place[0], place[1]), place[3]) if shown and place is not None else None

    def drop_place(self, d: Drag, pos: tuple[int, int]) -> tuple[Zone, Target, Gesture, bool] | None:
        """Where releasing the drag `d` at `pos` puts the cards: the zone, the target, what the drop means and
        whether it is legal; None for nowhere (the cards go back).

        A board's space under the pointer is the place meant, legal or not (the space is the declaration: a card
        that also lies over a free space must not take that one instead).  Elsewhere the cards' overlap decides:
        a legal place first, then one where the drop means a move at all (so that the engine says why that move
        is illegal), then a whole zone rather than one card, then the biggest overlap; board spaces take no drop
        there."""
        scene = self.scene
        picked = self._picked(d)
        view = scene.view()
        for zone in reversed(scene.layout.zones):
            if zone.kind == "cell" and zone.id != d.zone and pygame.Rect(zone.slot).collidepoint(pos):
                target = Target(zone.id)
                return zone, target, self._meant(d, view, picked, target), (zone.id, None) in d.legal
        rects = d.rects(pos)
        # Where the card under the pointer lies says where the cards go (a run's top card; a selection's pressed one).
        head = next((r for s, r in zip(d.spots, rects, strict=True) if s.index == d.index), rects[0])
        best: tuple[tuple[int, int, int, int], Zone, Target, Gesture] | None = None
        for zone, target in targets_of(scene.layout.zones):
            if zone.id == d.zone or zone.kind == "cell":
                continue
            area = overlap(head, target_area(zone, target))
            if area <= 0:
                continue
            meant = self._meant(d, view, picked, target)
            rank = (1 if (target.zone, target.index) in d.legal else 0, 1 if candidates(meant) else 0,
                    1 if target.index is None else 0, area)
            if best is None or rank > best[0]:
                best = (rank, zone, target, meant)
        return None if best is None else (best[1], best[2], best[3], best[0][0] == 1)

    def _meant(self, d: Drag, view: Any, picked: list[Picked], target: Target) -> Gesture:
        """What dropping the drag's cards on `target` means, asked of the layout once a drag."""
        key = (target.zone, target.index)
        if key not in d.meant:
            d.meant[key] = self.scene.game_layout.drop_action(view, picked, target)
        return d.meant[key]

    def mark(self) -> tuple[Rect, bool] | None:
        """The place a release now would take (and whether that drop is legal), while dragging."""
        d = self.drag
        return d.mark if d is not None and d.dragging else None

    def release(self, pos: tuple[int, int]) -> None:
        d, self.drag = self.drag, None
        self.pointer = pos
        if self.scene.curtain_for is not None:
            self.scene.curtain.release(pos)
            return
        if d is None:
            return
        if not d.dragging:
            self._click(d)
            return
        if not d.pickable:
            return
        scene = self.scene
        rects = d.rects(pos)
        picked = self._picked(d)
        place = self.drop_place(d, pos)
        gesture: Gesture = place[2] if place is not None else None
        zone = scene.layout.zone(d.zone)
        from_rects = {spot_key(zone, s): r for s, r in zip(d.spots, rects, strict=True)}
        if scene.perform(gesture, from_rects):
            self.selected, self._lit = [], None
            return
        self._fly_home(d, rects)
        if not candidates(gesture) and place is not None:
            self._refuse(picked, [place[1], *self._under(d, pos)])

    def _under(self, d: Drag, pos: tuple[int, int]) -> list[Target]:
        """The places off the board the dragged cards lie on, whole zones first, then the most covered."""
        rects = d.rects(pos)
        head = next((r for s, r in zip(d.spots, rects, strict=True) if s.index == d.index), rects[0])
        under = [(1 if t.index is None else 0, overlap(head, target_area(z, t)), t)
                 for z, t in targets_of(self.scene.layout.zones) if z.id != d.zone and z.kind != "cell"]
        return [t for whole, area, t in sorted(under, key=lambda u: (u[0], u[1]), reverse=True) if area > 0]

    def _refuse(self, picked: list[Picked], targets: list[Target]) -> bool:
        """Say why the picked cards cannot go where they were put (the first of `targets` the layout has a reason
        for); True if it said one."""
        scene = self.scene
        view = scene.view()
        for target in targets:
            reason = scene.game_layout.drop_refusal(view, picked, target)
            if reason:
                scene.say(reason, error=True)
                scene.app.sounds.play(ILLEGAL)
                return True
        return False

    def _fly_home(self, d: Drag, rects: list[Rect]) -> None:
        scene = self.scene
        zone = scene.layout.zone(d.zone)
        for spot, rect in zip(d.spots, rects, strict=True):
            scene.animator.add(Flight(spot_key(zone, spot), spot.card, rect, spot.rect, spot.face_up, spot.face_up,
                                      scene.animation_seconds))

    def cancel(self) -> bool:
        """Let go of what is dragged (it goes back) or selected; False if there was nothing."""
        if self.drag is not None:
            if self.drag.dragging:
                self._fly_home(self.drag, self.drag.rects(self.pointer))
            self.drag = None
            return True
        if self.selected:
            self.clear_selection()
            return True
        return False

    def _click(self, d: Drag) -> None:
        scene = self.scene
        zone = scene.layout.zone(d.zone)
        if d.pickable and zone.select:
            self._toggle(zone, d.index)  # type: ignore[arg-type]
            return
        if self.selected:
            chosen = next(((t, a) for _z, t, a in self.selection_targets() if t.zone == d.zone
                           and t.index in (None, d.index)), None)
            if chosen is not None:
                if scene.perform(chosen[1]):
                    self.selected, self._lit = [], None
                return
            meant = scene.game_layout.drop_action(scene.view(), self.selected, Target(d.zone, d.index))
            if candidates(meant):  # a place the selection may not go: the engine says why, and the card is let go
                if not scene.perform(meant) and scene.chooser is None:
                    self.clear_selection()
                return
            if self._refuse(self.selected, [Target(d.zone, d.index)]):  # the layout says why; the card is let go
                self.clear_selection()
                return
            self.clear_selection()
        # The second click of a double click on a card just sent away is the same request, not a new one
        # (clicks on a pile that deals and other unpickable things repeat freely).
        last = self.last_click
        self.last_click = (scene.clock, d.press) if d.pickable else None
        if last is not None and scene.clock - last[0] < DOUBLE_CLICK_SECONDS and \
                abs(last[1][0] - d.press[0]) <= DRAG_THRESHOLD and abs(last[1][1] - d.press[1]) <= DRAG_THRESHOLD:
            self.last_click = None
            return
        gesture = scene.game_layout.click_action(scene.view(), scene.legal(), Target(d.zone, d.index))
        if not candidates(gesture):
            if d.pickable:
                scene.say("That card has nowhere to go.", error=True)
                scene.app.sounds.play(ILLEGAL)
            return
        scene.perform(gesture)

    def click(self, zone_id: str, index: int | None) -> None:
        """A click on card `index` of a zone (None: the zone itself) made with the keys: never half a double click."""
        self.last_click = None
        pickable = index is not None and self.scene.game_layout.can_pick(self.scene.view(), zone_id, index)
        self._click(Drag(zone_id, index, self.pointer, [], pickable))
        self.last_click = None

    def pick(self, picked: list[Picked]) -> None:
        """Hold `picked` as the selection (picked up with the keys): its targets light up, and a click on one, or
        Enter, puts it there."""
        self.selected, self._lit = list(picked), None
        self.scene.panels.build()

    def _toggle(self, zone: Zone, index: int) -> None:
        """Select a card (in a zone that selects), or unselect it.  A full selection of two gives up its oldest
        card (a pair chosen again); a larger one (eight cards to bury) keeps its cards and says so."""
        picked = Picked(zone.id, index)
        if picked in self.selected:
            self.selected.remove(picked)
        else:
            self.selected = [p for p in self.selected if p.zone == zone.id]
            if len(self.selected) >= zone.select > 2:
                self.scene.say(f"{zone.select} cards are selected already: click one of them to put it back "
                               f"before you choose another.", error=True)
                return
            self.selected.append(picked)
            del self.selected[:-zone.select]
        self._lit = None
        self.scene.panels.build()

    def forget(self) -> None:
        """The table changed under the pointer (a new layout): what was picked up or selected is let go."""
        self.drag = None
        self.selected, self._lit = [], None
