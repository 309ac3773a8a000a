"""Drives the real UI with posted input events: for the self-test and the UI tests.

Posted events do not move `pygame.mouse`, so every event carries its own `pos` (and `button`).
"""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.core.engine import Action
from cardtable.ui.table.gestures import find_click, find_drag, find_selection
from cardtable.ui.window import App

DT = 1 / 60


class UIDriver:
    """Posts mouse/keyboard events to the app's queue and runs frames."""

    def __init__(self, app: App) -> None:
        self.app = app

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step(DT)

    def settle(self, table: Any, limit: int = 400) -> None:
        """Run frames until the table has no animation (or bot, or celebration) in progress."""
        for _ in range(limit):
            self.frames(1)
            if table.settled:
                return

    def post(self, kind: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def click(self, pos: tuple[int, int]) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.frames(1)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.frames(1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(2)

    def click_widget(self, widget: Any) -> None:
        self.click(widget.rect.center)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.frames(1)
        for i in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * i // steps
            y = start[1] + (end[1] - start[1]) * i // steps
            self.post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
            self.frames(1)
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.frames(1)

    def key(self, key: int, mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.frames(1)

    # ----- table gestures -----------------------------------------------------------------------
    def perform(self, table: Any, action: Action) -> None:
        """Make the gesture a person would make for `action`: a drag, a click or a button."""
        for name, act in table.action_buttons.items():
            if act == action:
                self.click_widget(table.buttons[name])
                return
        for name, group in table.panels.groups.items():
            if action in group:  # a first step, then the action in the chooser it opens
                self.click_widget(table.buttons[name])
                self.choose(table, action)
                return
        gesture = self.drag_for(table, action)
        if gesture is not None:
            self.drag(*gesture)
        else:
            pos = self.click_for(table, action)
            if pos is not None:
                self.click(pos)
            elif not self.select_for(table, action):
                raise LookupError(f"no gesture on the table makes {action.describe()!r}")
        self.choose(table, action)

    def select_for(self, table: Any, action: Action) -> bool:
        """Select the cards `action` names with clicks (in a zone that selects that many), then press the
        selection's button for it; False if the table offers no such selection."""
        found = find_selection(table.layout, action)
        if found is None:
            return False
        zone, indices = found
        table.input.clear_selection()
        for index in indices:
            self.click(self._visible(table, zone.id, index))
        for name, act in table.action_buttons.items():
            if name.startswith("select:") and act == action:
                self.click_widget(table.buttons[name])
                return True
        table.input.clear_selection()
        return False

    @staticmethod
    def _visible(table: Any, zone_id: str, index: int) -> tuple[int, int]:
        """A point of card `index` of the zone that no later card covers."""
        spots = table.layout.zone(zone_id).spots
        i = next(k for k, s in enumerate(spots) if s.index == index)
        x, y, w, h = spots[i].rect
        covering = [s.rect for s in spots[i + 1:]]
        for py in (y + 6, y + h // 2, y + h - 6):
            for px in range(x + 3, x + w - 2, 3):
                if not any(r[0] <= px < r[0] + r[2] and r[1] <= py < r[1] + r[3] for r in covering):
                    return px, py
        raise LookupError(f"card {index} of {zone_id} is covered")

    def choose(self, table: Any, action: Action) -> None:
        """If the gesture opened a chooser (several actions fit), click the button for `action`."""
        if getattr(table, "chooser", None) is None:
            return
        for name, act in table.action_buttons.items():
            if name.startswith("pick:") and act == action:
                self.click_widget(table.buttons[name])
                return

    def drag_for(self, table: Any, action: Action) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """Start and end points of a drag that means `action`, if any."""
        drag = find_drag(table.layout, table.game_layout, table.view(), action)
        if drag is None:
            return None
        spots = drag.src.spots
        i = next(k for k, s in enumerate(spots) if s.index == drag.index)
        spot = spots[i]
        nxt = spots[i + 1].rect if i + 1 < len(spots) else None
        start = visible_point(spot.rect, nxt)
        if drag.dst.kind == "cell":  # a board's space: the pointer decides, so it goes to the space's middle
            x, y, w, h = drag.dst.slot
            return start, (x + w // 2, y + h // 2)
        if drag.target.index is not None:  # onto one card: aim at its middle
            r = next(s.rect for s in drag.dst.spots if s.index == drag.target.index)
            aim = (r[0] + r[2] // 2, r[1] + r[3] // 2)
            return start, (aim[0] + start[0] - spot.rect[0] - spot.rect[2] // 2,
                           aim[1] + start[1] - spot.rect[1] - spot.rect[3] // 2)
        target = drag.dst.spots[-1].rect if drag.dst.spots else drag.dst.slot
        return start, (start[0] + target[0] - spot.rect[0], start[1] + target[1] - spot.rect[1] + 10)

    def click_for(self, table: Any, action: Action) -> tuple[int, int] | None:
        """A point whose click means `action`, if any."""
        click = find_click(table.layout, table.game_layout, table.view(), table.state.legal_actions(), action)
        if click is None:
            return None
        zone = click.zone
        if click.index is None:
            r = zone.spots[-1].rect if zone.spots else zone.slot
            return (r[0] + r[2] // 2, r[1] + r[3] // 2)
        i = next(k for k, s in enumerate(zone.spots) if s.index == click.index)
        nxt = zone.spots[i + 1].rect if i + 1 < len(zone.spots) else None
        return visible_point(zone.spots[i].rect, nxt)


def visible_point(rect: tuple[int, int, int, int], covering: tuple[int, int, int, int] | None) -> tuple[int, int]:
    """A point of `rect` not hidden by the next card of a fan (`covering`)."""
    x, y, w, h = rect
    if covering is None or covering[:2] == rect[:2]:
        return (x + w // 2, y + h // 2)
    if covering[1] > y:
        return (x + w // 2, y + max(1, (covering[1] - y) // 2))
    return (x + max(1, (covering[0] - x) // 2), y + h // 2)
