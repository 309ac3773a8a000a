"""Join a table another computer hosts: the tables heard on this network (click one to fill in its address), or an
address typed in, the table code the host gives, and the name to sit down with.  Join opens the lobby."""

from __future__ import annotations

import threading

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from cardtable.games import INFOS
from cardtable.net.connection import Connection
from cardtable.net.discovery import FoundTable, TableBrowser
from cardtable.net.hosting import hosted_here
from cardtable.net.protocol import PROTOCOL_VERSION, valid_name
from cardtable.net.server import DEFAULT_PORT
from cardtable.ui.keyfocus import ButtonFocus
from cardtable.ui.widgets import HEADING, clamp, draw_panel, draw_vignette, line_height
from cardtable.ui.window import App, Scene

LISTED = 6  # tables heard on the LAN shown at once
POLL = 0.5  # seconds between looks at what the LAN says


def parse_address(text: str) -> tuple[str, int] | None:
    """`host`, `host:port` or `[v6]:port` as (host, port); None when it is not an address."""
    text = text.strip()
    if not text or any(ch.isspace() for ch in text):
        return None
    host, port = text, DEFAULT_PORT
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            return None
        host, rest = text[1:end], text[end + 1:]
        if rest:
            if not rest.startswith(":") or not rest[1:].isdigit():
                return None
            port = int(rest[1:])
    elif text.count(":") == 1:
        host, _, number = text.partition(":")
        if not number.isdigit():
            return None
        port = int(number)
    if not host or not 0 < port < 65536:
        return None
    return host, port


def describe(table: FoundTable) -> str:
    """A LAN table as its button says it."""
    titles = {info.id: info.title for info in INFOS}
    game = titles.get(table.game, table.game)
    if table.protocol != PROTOCOL_VERSION:
        return f"{table.name} ({game}): needs another version of cardtable"
    seats = "1 open seat" if table.open_seats == 1 else f"{table.open_seats} open seats"
    return f"{table.name} ({game}), {seats}"


class JoinScene(Scene):
    """Find or type a table, and join it."""

    def __init__(self, app: App, name: str = "", interfaces: list[str] | None = None) -> None:
        super().__init__(app)
        self.buttons: dict[str, UIButton] = {}
        self.entries: dict[str, UITextEntryLine] = {}
        self.tables: list[FoundTable] = []
        self.message = ""
        self.focus = ButtonFocus()
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.browser: TableBrowser | None = None
        self.values = {"name": name or "You", "address": "", "code": ""}
        self.unfinished = hosted_here()[:2]  # tables this computer hosted and did not finish
        try:
            self.browser = TableBrowser(interfaces)  # None: every interface (tests give the loopback address)
        except OSError:
            self.message = "This network cannot be searched for tables; type the host's address."
        self.build()

    def build(self) -> None:
        for key, entry in self.entries.items():
            if entry.alive():
                self.values[key] = entry.get_text()
        self.ui.clear_and_reset()
        self.buttons, self.entries = {}, {}
        width, height = self.app.size
        m = clamp(min(width * 0.03, height * 0.04), 14, 48)
        pad = clamp(width * 0.025, 16, 32)
        line_h, heading_h = line_height(self.ui) + 6, line_height(self.ui, HEADING) + 10
        ch = clamp(height * 0.045, 28, 40)
        panel_w = min(width - 2 * m, max(520, int(width * 0.55)))
        listed = min(len(self.tables), LISTED)
        rows = listed + len(self.unfinished) + 4
        panel_h = min(height - 2 * m, heading_h + rows * (ch + 6) + 3 * line_h + 3 * pad)
        self.panel_rect = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel_rect.center = (width // 2, height // 2)
        x, y, inner = self.panel_rect.x + pad, self.panel_rect.y + pad, panel_w - 2 * pad
        UILabel(pygame.Rect(x, y, inner, heading_h), "Join a table", self.ui, object_id="#heading")
        y += heading_h
        heard = "Tables on this network:" if self.tables else "No table heard on this network yet."
        UILabel(pygame.Rect(x, y, inner, line_h), heard, self.ui, object_id="#muted")
        y += line_h
        for i, table in enumerate(self.tables[:LISTED]):
            self.buttons[f"table:{i}"] = UIButton(pygame.Rect(x, y, inner, ch), describe(table), self.ui,
                                                  tool_tip_text=f"{table.address}:{table.port}")
            if table.protocol != PROTOCOL_VERSION:
                self.buttons[f"table:{i}"].disable()
            y += ch + 6
        y += line_h // 2
        label_w = clamp(inner * 0.3, 120, 220)
        for key, label, hint in (("name", "Your name", ""), ("address", "Host's address", "192.168.1.20:47143"),
                                 ("code", "Table code", "")):
            UILabel(pygame.Rect(x, y, label_w, ch), label, self.ui)
            entry = UITextEntryLine(pygame.Rect(x + label_w, y, inner - label_w, ch), self.ui,
                                    placeholder_text=hint or None)
            entry.set_text(self.values[key])
            self.entries[key] = entry
            y += ch + 6
        for code in self.unfinished:
            self.buttons[f"again:{code}"] = UIButton(pygame.Rect(x, y, inner, ch),
                                                     f"Host your unfinished table {code} again", self.ui,
                                                     tool_tip_text="Its players rejoin it by themselves")
            y += ch + 6
        if self.message:
            UILabel(pygame.Rect(x, y, inner, line_h), self.message, self.ui, object_id="#error")
        button_h, button_w = ch + 4, clamp(inner * 0.22, 110, 170)
        bottom = self.panel_rect.bottom - pad - button_h
        self.buttons["back"] = UIButton(pygame.Rect(self.panel_rect.right - pad - button_w, bottom, button_w,
                                                    button_h), "Back", self.ui, tool_tip_text="Back to the menu")
        self.buttons["join"] = UIButton(pygame.Rect(self.panel_rect.right - pad - 2 * button_w - 12, bottom,
                                                    button_w, button_h), "Join", self.ui)

    def join(self) -> None:
        """Connect with what the fields say, or say what is missing."""
        texts = {key: entry.get_text().strip() for key, entry in self.entries.items()}
        where = parse_address(texts["address"])
        problem = ("Give your name (up to 32 letters)." if not valid_name(texts["name"]) else
                   "Pick a table above or type the host's address." if where is None else
                   "Type the table code the host gives you." if not texts["code"] else "")
        if problem or where is None:
            self.message = problem
            self.build()
            return
        connection = Connection(where[0], where[1], texts["code"], texts["name"])
        connection.start()
        self.app.navigator.lobby(connection)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.focus.handle(event, dict(self.buttons)):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            if name == "back":
                self.app.navigator.menu()
            elif name == "join":
                self.join()
            elif name is not None and name.startswith("again:"):
                self.message = self.app.navigator.host_again(name[6:]) or ""
                if self.message and self.app.scene is self:
                    self.build()
            elif name is not None and name.startswith("table:"):
                table = self.tables[int(name[6:])]
                self.entries["address"].set_text(f"{table.address}:{table.port}")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.navigator.menu()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.join()

    def update(self, dt: float) -> None:
        if self.browser is not None:
            found = self.browser.found()
            if found != self.tables:
                self.tables = found
                self.build()

    def next_change(self) -> float | None:
        return POLL if self.browser is not None else None

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build()

    def on_exit(self) -> None:
        if self.browser is not None:
            browser, self.browser = self.browser, None
            threading.Thread(target=browser.close, daemon=True).start()  # it may wait for a reply

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.focus.draw(surface, dict(self.buttons), scale=self.ui_scale)

    def draw(self, surface: pygame.Surface) -> None:
        draw_vignette(surface)
        draw_panel(surface, self.panel_rect)
