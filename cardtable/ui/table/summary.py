"""The pause between deals: the game's summary of the deal just ended (`GameLayout.deal_summary`) in a panel over
the table, with Continue.  It opens once the table shows the deal's end (the picture held after the event it
follows, or the table at rest), and while it is open the held pictures wait, the bots wait and the person's cards
take no clicks; Continue, Enter or Space closes it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UIImage, UIPanel

from cardtable.core.engine import Event
from cardtable.core.layout import Summary
from cardtable.ui.table.panels import render_lines

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene

BUTTON = "summary_continue"


class DealSummaries:
    """One table's summary between deals: the one due, the one shown, and its panel."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.due: tuple[int, Summary] | None = None  # (held pictures still to come when it opens, the summary)
        self.shown: Summary | None = None
        self.panel: UIPanel | None = None

    @property
    def open(self) -> bool:
        return self.shown is not None

    def played(self, before: Any, events: Sequence[Event], holds: Sequence[tuple[int, Any]]) -> None:
        """A move was played (`before`: the view before it; `holds`: the pictures the table holds during it)."""
        found = self.scene.game_layout.deal_summary(before, events, self.scene.context())
        if found is None:
            return
        after, summary = found
        # The stages still queued when the picture held after the summary's event is on the screen.
        self.due = (sum(1 for i, _ in holds if i >= after), summary)

    def update(self) -> None:
        """Open the summary due once the table shows the deal's end."""
        if self.due is None or self.open:
            return
        waiting, summary = self.due
        choreography = self.scene.choreography
        if len(choreography.stages) <= waiting and not choreography.animator.busy:
            self.due = None
            self.shown = summary
            self.build()

    def build(self) -> None:
        """The panel (again, at the window's size)."""
        scene = self.scene
        if self.panel is not None:
            self.panel.kill()
            self.panel = None
        if self.shown is None:
            return
        sw, sh = scene.app.size
        s = scene.ui_scale
        text = render_lines(scene.fonts, self.shown.title, list(self.shown.lines), sw - 80, s)
        w = max(int(380 * s), text.get_width() + 40)
        bh = int(40 * s)
        h = min(text.get_height() + bh + 60, sh - 20)
        panel = UIPanel(pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h), manager=scene.ui)
        UIImage(pygame.Rect(20, 14, text.get_width(), min(text.get_height(), h - bh - 50)), text, scene.ui,
                container=panel)
        bw = int(160 * s)
        scene.panels.buttons[BUTTON] = UIButton(pygame.Rect((w - bw) // 2, h - bh - 22, bw, bh), "Continue",
                                                scene.ui, container=panel, tool_tip_text="Play the next deal (Enter)")
        self.panel = panel

    def close(self) -> None:
        """Go on: the panel closes and the table plays on."""
        self.due = self.shown = None
        if self.panel is not None:
            self.panel.kill()
            self.panel = None
        self.scene.panels.buttons.pop(BUTTON, None)
        self.scene.panels.build()

    def texts(self) -> list[str]:
        """What the panel says: its heading and lines, then its button."""
        return [self.shown.title, *self.shown.lines, "Continue"] if self.shown is not None else []
