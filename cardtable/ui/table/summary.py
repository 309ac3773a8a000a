"""The pause between deals: the game's summary of the deal just ended (`GameLayout.deal_summary`) in a panel over
the table, with Continue.  It opens once the table shows the deal's end (the picture held after the event it
follows, or the table at rest), and while it is open the held pictures wait, the bots wait and the person's cards
take no clicks; Continue, Enter or Space closes it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton

from cardtable.core.engine import Event
from cardtable.core.layout import Summary
from cardtable.ui import theme
from cardtable.ui.table.result_panel import render_lines

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene

BUTTON = "summary_continue"


class DealSummaries:
    """One table's summary between deals: the one due, the one shown, and its panel."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.due: tuple[int, Summary] | None = None  # (held pictures still to come when it opens, the summary)
        self.shown: Summary | None = None
        # The box is drawn by the table, not made of widgets (a pygame-gui panel can take a whole frame's time to
        # make); only its button is a widget.
        self.image: pygame.Surface | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.button: UIButton | None = None

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

    def advance(self, dt: float) -> None:
        """The table's animation goes on, but for the held pictures while a summary is open; the summary due opens
        once the table shows the deal's end."""
        choreography = self.scene.choreography
        if self.open:
            choreography.animator.update(dt)  # what is moving lands
            return
        choreography.update(dt)
        if self.due is not None and len(choreography.stages) <= self.due[0] and not choreography.animator.busy:
            self.shown, self.due = self.due[1], None
            self.build()

    def build(self) -> None:
        """The box and its button (again, at the window's size)."""
        scene = self.scene
        self._drop_button()
        self.image = None
        if self.shown is None:
            return
        sw, sh = scene.app.size
        s = scene.ui_scale
        text = render_lines(scene.fonts, self.shown.title, list(self.shown.lines), sw - 80, s)
        w = max(int(380 * s), text.get_width() + 40)
        bh = int(40 * s)
        h = min(text.get_height() + bh + 60, sh - 20)
        image = pygame.Surface((w, h))
        image.fill((8, 36, 20))
        pygame.draw.rect(image, theme.RULE, image.get_rect(), 2)
        image.blit(text, (20, 14), (0, 0, text.get_width(), max(0, h - bh - 50)))
        self.image, self.rect = image, pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)
        bw = int(160 * s)
        self.button = UIButton(pygame.Rect(self.rect.centerx - bw // 2, self.rect.bottom - bh - 22, bw, bh),
                               "Continue", scene.ui, tool_tip_text="Play the next deal (Enter)")
        scene.panels.buttons[BUTTON] = self.button

    def draw(self, surface: pygame.Surface) -> None:
        if self.image is not None:
            surface.blit(self.image, self.rect)

    def close(self) -> None:
        """Go on: the box closes and the table plays on (nothing, with no summary open or due)."""
        if self.shown is None and self.due is None:
            return
        self.due = self.shown = None
        self.image = None
        self._drop_button()
        self.scene.panels.build()

    def _drop_button(self) -> None:
        if self.button is not None:
            self.button.kill()
            self.button = None
        self.scene.panels.buttons.pop(BUTTON, None)

    def texts(self) -> list[str]:
        """What the panel says: its heading and lines, then its button."""
        return [self.shown.title, *self.shown.lines, "Continue"] if self.shown is not None else []
