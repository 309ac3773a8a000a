"""The lobby of a hosted table: who sits where until the game starts, the table code and addresses for the others
(on the host's computer), and Start (the host) or Leave.  When the host's first position arrives, the table opens.

The connection (and, on the host's computer, the hosting) run in the background; each frame reads what arrived.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from cardtable.net.connection import Connection
from cardtable.net.hosting import Hosting
from cardtable.ui.keyfocus import ButtonFocus
from cardtable.ui.widgets import HEADING, clamp, draw_panel, draw_vignette, line_height, text_width
from cardtable.ui.window import App, Scene

#: How each kind of seat is listed.
WHO = {"person": "", "open": "open: waiting for a player", "host": "host", "bot": "bot"}
STATUS = {"connecting": "Connecting\u2026", "lost": "The connection was lost; trying again\u2026"}
POLL = 0.25  # seconds between looks at the connection while nothing else moves


class LobbyScene(Scene):
    """Wait for the game to start at a hosted table (`hosting`: this computer hosts it)."""

    def __init__(self, app: App, connection: Connection, hosting: Hosting | None = None) -> None:
        super().__init__(app)
        self.connection, self.hosting = connection, hosting
        self.buttons: dict[str, UIButton] = {}
        self.labels: list[UILabel] = []
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.focus = ButtonFocus()
        self.shown: tuple[Any, ...] = ()
        self.leaving = False
        self.build()

    # ----- what it shows -------------------------------------------------------------------------
    def lines(self) -> list[tuple[str, str]]:
        """(text, style) lines of the lobby, top to bottom."""
        client, connection = self.connection.client, self.connection
        title = client.table or (self.hosting.table.name if self.hosting else "A hosted table")
        game = client.game.title if client.game else ""
        out = [(title, "#heading"), (game, "#muted")]
        if self.hosting is not None:
            out.append((f"Table code: {self.hosting.code}", "#heading"))
            addresses = ", ".join(self.hosting.addresses())
            out.append(("The others choose Join a table, pick this table (or type its address) and the code.",
                        "#muted"))
            out.append((f"This table's address: {addresses}", "#muted"))
            if self.hosting.problem:
                out.append((self.hosting.problem, "#error"))
        if connection.error and connection.status != "seated":
            out.append((connection.error, "#error"))
        elif connection.status in STATUS:
            out.append((STATUS[connection.status], "#muted"))
        if client.seats:
            out.append(("Seats", "label"))
            for i, seat in enumerate(client.seats):
                who = WHO.get(str(seat.get("who")), "")
                you = " (you)" if i == client.seat else ""
                text = f"{i + 1}. {seat.get('name', '')}{you}" + (f" \u2014 {who}" if who else "")
                out.append((text, "label"))
        if client.seat is not None and self.hosting is None:
            out.append(("Waiting for the host to start the game.", "#muted"))
        return out

    def build(self) -> None:
        self.ui.clear_and_reset()
        self.buttons, self.labels = {}, []
        width, height = self.app.size
        m = clamp(min(width * 0.03, height * 0.04), 14, 48)
        pad = clamp(width * 0.025, 16, 32)
        line_h, heading_h = line_height(self.ui) + 6, line_height(self.ui, HEADING) + 10
        lines = self.lines()
        button_h = clamp(height * 0.05, 30, 44)
        texts = [t for t, _ in lines]
        panel_w = min(width - 2 * m, max(480, max(text_width(self.ui, t) for t in texts) + 2 * pad + 20))
        body = sum(heading_h if style == "#heading" else line_h for _, style in lines)
        panel_h = min(height - 2 * m, body + button_h + 3 * pad)
        self.panel_rect = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel_rect.center = (width // 2, height // 2)
        x, y, inner = self.panel_rect.x + pad, self.panel_rect.y + pad, panel_w - 2 * pad
        for text, style in lines:
            h = heading_h if style == "#heading" else line_h
            self.labels.append(UILabel(pygame.Rect(x, y, inner, h), text, self.ui,
                                       object_id=None if style == "label" else style))
            y += h
        bottom = self.panel_rect.bottom - pad - button_h
        button_w = clamp(inner * 0.25, 110, 180)
        self.buttons["leave"] = UIButton(pygame.Rect(self.panel_rect.right - pad - button_w, bottom, button_w,
                                                     button_h), "Leave", self.ui, tool_tip_text="Back to the menu")
        if self.hosting is not None:
            rect = pygame.Rect(self.panel_rect.right - pad - 2 * button_w - 12, bottom, button_w, button_h)
            self.buttons["start"] = UIButton(rect, "Start", self.ui,
                                             tool_tip_text="Start now: bots take the seats still open")
            if self.connection.status != "seated":
                self.buttons["start"].disable()
        self.shown = self._state()

    def _state(self) -> tuple[Any, ...]:
        c = self.connection
        return (c.status, c.error, repr(c.client.seats), c.client.table, self.hosting and self.hosting.problem)

    # ----- what it does --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        started = False
        for update in self.connection.updates():
            started = started or update.kind == "position"
        if (started or self.connection.client.position is not None) and not self.leaving:
            self.leaving = True
            self.app.navigator.remote_table(self.connection, self.hosting)
            return
        if self._state() != self.shown:
            self.build()

    def leave(self) -> None:
        """Give up the seat (or stop hosting) and go back to the menu."""
        self.leaving = True
        if self.hosting is not None:
            self.hosting.close()
        else:
            self.connection.leave()
        self.app.navigator.menu()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.focus.handle(event, dict(self.buttons)):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.buttons.get("leave"):
                self.leave()
            elif event.ui_element is self.buttons.get("start") and self.hosting is not None:
                self.hosting.start_game()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()

    def next_change(self) -> float | None:
        return POLL

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build()

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.focus.draw(surface, dict(self.buttons), scale=self.ui_scale)

    def draw(self, surface: pygame.Surface) -> None:
        draw_vignette(surface)
        draw_panel(surface, self.panel_rect)

