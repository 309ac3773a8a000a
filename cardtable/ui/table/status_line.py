"""The table's status bar: whose turn it is and the game's status on the left; the running total, the deal's
number and the game's time on the right (after a person's seconds left); a message over it when one is shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable import stats
from cardtable.core.layout import Rect, TableLayout
from cardtable.ui.table.deals import deal_label
from cardtable.ui.table.free_space import clear_place, zone_rects
from cardtable.ui.table.records import RunningTotal
from cardtable.ui.table.view import StatusBar

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene


class StatusLine:
    """What the status bar under `scene`'s table says, and its drawing."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.bar = StatusBar(scene.fonts)
        self.running_total = RunningTotal()
        self._toasts: dict[tuple[tuple[int, int], tuple[int, int]], tuple[tuple[int, int], bool]] = {}
        self._toasts_for: TableLayout | None = None
        self._avoid: tuple[TableLayout | None, list[Rect]] = (None, [])  # what a message should not cover, per layout

    def avoid(self, layout: TableLayout) -> list[Rect]:
        """What a message over `layout` should not cover (`zone_rects`), worked out once per layout."""
        if self._avoid[0] is not layout:
            self._avoid = (layout, zone_rects(layout))
        return self._avoid[1]

    def toast_at(self, size: tuple[int, int], prefer: tuple[int, int]) -> tuple[tuple[int, int], bool]:
        """The top left corner of a message box of `size`: the nearest place to `prefer` (its centre as the layout
        puts it) where it covers no zone of the table, else where it covers the least; and whether it covers
        nothing (worked out once per layout and size)."""
        layout = self.scene.layout
        if self._toasts_for is not layout:
            self._toasts_for, self._toasts = layout, {}
        found = self._toasts.get((size, prefer))
        if found is None:
            avoid = self.avoid(layout)
            at = clear_place(size, prefer, self.scene.context().area, avoid)
            found = self._toasts[size, prefer] = (at, pygame.Rect(at, size).inflate(8, 8).collidelist(avoid) < 0)
        return found

    def status_text(self) -> str:
        """Whose turn it is (in multiplayer games) and the game's own status."""
        scene = self.scene
        status = scene.shown_layout.status
        hint = scene.hints.lit
        if hint is not None:  # the orange frames on the table are the hint's, not a selection
            status = f"Hint: {scene.narrator.action(hint.action)} \u00b7 {status}"
        turn = scene.state.turn
        if turn is None or len(scene.match.seats) < 2:
            return status
        if turn == scene.driver.thinking_seat and not scene.choreography.busy:
            return f"{scene.match.seats[turn].name} is thinking\u2026 \u00b7 {status}"
        return status

    def clock_text(self) -> tuple[str, bool]:
        """The deal's number and the game's time, after the running total where the setting shows one and the
        seconds left on a person's timer; and whether those are running out."""
        scene = self.scene
        match = scene.match
        deal = match.table_name if match.decided_elsewhere else deal_label(match.seed)
        clock = f"{deal} \u00b7 {stats.format_time(match.elapsed)}" if deal else stats.format_time(match.elapsed)
        total = self.running_total.text(match, scene.app.settings.running_total)
        clock = clock if total is None else f"{total} \u00b7 {clock}"
        left = scene.driver.shown_time_left
        return (clock, False) if left is None else (f"{int(left) + 1} s left \u00b7 {clock}", left < 6)

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        clock, hurry = self.clock_text()
        message = None
        if scene.messages.showing and (scene.result_panel is None or scene.messages.error):
            message = (scene.messages.text, scene.messages.error)
        self.bar.draw(surface, self.status_text(), clock, hurry, scene.ui_scale, message, scene.layout.message_at,
                      self.toast_at)
