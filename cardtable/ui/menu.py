"""The main menu: the list of games, the new-table form generated from a game's options, resume, settings, quit.

Everything is laid out from the window size; a resize clears the UIManager and rebuilds every widget
(the choices made so far are read back from the widgets first, so nothing typed is lost).
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine
from pygame_gui.windows import UIConfirmationDialog

from cardtable import stats
from cardtable.core.cards import Card
from cardtable.core.engine import Rules
from cardtable.games import CATALOGUE, CatalogueEntry, get_game
from cardtable.session.match import Match, SaveError, Seat
from cardtable.session.saves import Autosave, load_match
from cardtable.storage import autosave_path, last_game_path
from cardtable.ui.window import App, Scene

log = logging.getLogger("cardtable")

#: (label shown, Seat.kind) for the seat dropdowns, in menu order.
SEAT_KIND_CHOICES: tuple[tuple[str, str], ...] = (
    ("Human", "human"),
    ("Bot easy", "bot:easy"),
    ("Bot normal", "bot:normal"),
    ("Bot hard", "bot:hard"),
)
DEFAULT_BOT_KIND = "bot:normal"
BOT_NAMES: tuple[str, ...] = ("Ada", "Basil", "Clara", "Dev", "Esme", "Felix", "Greta", "Hugo", "Iris", "Jun")
NAME_LIMIT = 16

PANEL_FILL = (14, 44, 28, 205)
PANEL_BORDER = (201, 167, 74)


# --------------------------------------------------------------------------- small shared helpers


# Theme element ids used to find the font a widget will render with (for measuring before laying out).
LABEL = ("label",)
HEADING = ("#heading", "label")
TITLE = ("#title", "label")
TAG = ("#coming_soon", "@tag", "label")
BUTTON = ("button",)


def text_width(ui: pygame_gui.UIManager, text: str, ids: tuple[str, ...] = LABEL) -> int:
    """Width in pixels of `text` in the font the theme gives to the element `ids`."""
    return ui.get_theme().get_font(list(ids)).size(text)[0]


def line_height(ui: pygame_gui.UIManager, ids: tuple[str, ...] = LABEL) -> int:
    return ui.get_theme().get_font(list(ids)).size("Ág")[1]


def wrap(ui: pygame_gui.UIManager, text: str, width: int, ids: tuple[str, ...] = LABEL) -> list[str]:
    """Break `text` into lines no wider than `width` pixels (a too-long word is cut by characters)."""
    font = ui.get_theme().get_font(list(ids))
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def pack(ui: pygame_gui.UIManager, items: list[str], width: int, sep: str = "   ·   ") -> list[str]:
    """Join short items into as few lines as fit `width` (an item is never split)."""
    lines: list[str] = []
    for item in items:
        if lines and text_width(ui, lines[-1] + sep + item) <= width:
            lines[-1] += sep + item
        else:
            lines.append(item)
    return lines


def extend_theme(app: App, ui: pygame_gui.UIManager) -> None:
    """Add the menu's own classes to a scene's theme, unless assets/theme.json already defines them.

    "@game": left-aligned button text (the list of games); "@tag": a small right-aligned note (13 px).
    """
    font = dict(app.theme.get("defaults", {}).get("font", {}))
    extra: dict[str, Any] = {
        "@game": {"misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "14"}},
        "@tag": {"misc": {"text_horiz_alignment": "right"}},
    }
    if font:
        extra["@tag"]["font"] = {**font, "size": "13"}
    missing = {k: v for k, v in extra.items() if k not in app.theme and v}
    if missing:
        ui.get_theme().update_theming(missing)


def clamp(value: float, low: float, high: float) -> int:
    return int(round(max(low, min(high, value))))


_vignettes: dict[tuple[int, int], pygame.Surface] = {}


def draw_vignette(surface: pygame.Surface) -> None:
    """Darken the felt towards the edges and add a soft light in the middle (cached per size)."""
    size = surface.get_size()
    shade = _vignettes.get(size)
    if shade is None:
        small = pygame.Surface((64, 40), pygame.SRCALPHA)
        for y in range(40):
            for x in range(64):
                dx, dy = (x + 0.5) / 32 - 1, (y + 0.5) / 20 - 1
                d = min(1.0, math.hypot(dx * 0.9, dy))
                if d < 0.45:
                    small.set_at((x, y), (255, 255, 230, int(18 * (1 - d / 0.45))))
                else:
                    small.set_at((x, y), (0, 18, 8, int(150 * ((d - 0.45) / 0.55) ** 1.6)))
        shade = pygame.transform.smoothscale(small, size)
        _vignettes.clear()
        _vignettes[size] = shade
    surface.blit(shade, (0, 0))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int = 12) -> None:
    """A translucent dark-green panel with a thin gold border."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, PANEL_FILL, layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (*PANEL_BORDER, 200), layer.get_rect(), width=1, border_radius=radius)
    surface.blit(layer, rect.topleft)


def saved_when(path: Path) -> str:
    """'today 14:32', 'yesterday 09:10' or '3 Mar 18:05' for a file's modification time."""
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return ""
    when = time.localtime(stamp)
    today = time.localtime()
    clock = time.strftime("%H:%M", when)
    days = (time.mktime(today[:3] + (0, 0, 0) + today[6:]) - time.mktime(when[:3] + (0, 0, 0) + when[6:])) / 86400
    if round(days) == 0:
        return f"today {clock}"
    if round(days) == 1:
        return f"yesterday {clock}"
    return f"{when.tm_mday} {time.strftime('%b', when)} {clock}"


def latest_autosave() -> tuple[CatalogueEntry, Path] | None:
    """The built game whose autosave was written most recently, and that file."""
    best: tuple[float, CatalogueEntry, Path] | None = None
    for entry in CATALOGUE:
        if entry.rules is None:
            continue
        path = autosave_path(entry.id)
        try:
            stamp = path.stat().st_mtime
        except OSError:
            continue
        if best is None or stamp > best[0]:
            best = (stamp, entry, path)
    return None if best is None else (best[1], best[2])


# --------------------------------------------------------------------------- the form's state


@dataclass
class TableForm:
    """The choices for one game's new table, kept while the menu is rebuilt."""

    rules: Rules
    options: dict[str, Any]
    players: int
    kinds: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)

    @classmethod
    def for_rules(cls, rules: Rules) -> TableForm:
        players = rules.players
        count = 4 if 4 in players else players.start
        form = cls(rules, {o.name: o.default for o in rules.options}, count)
        form.resize(count)
        return form

    def default_name(self, seat: int) -> str:
        if seat == 0:
            return "You"
        if self.kinds[seat] == "human":
            return f"Player {seat + 1}"
        return BOT_NAMES[(seat - 1) % len(BOT_NAMES)]

    def resize(self, count: int) -> None:
        """Change the number of seats, keeping what was chosen for the seats that stay."""
        self.players = count
        while len(self.kinds) < count:
            seat = len(self.kinds)
            self.kinds.append("human" if seat == 0 else DEFAULT_BOT_KIND)
            self.names.append(self.default_name(seat))
        del self.kinds[count:]
        del self.names[count:]

    def set_kind(self, seat: int, kind: str) -> None:
        """Change a seat's kind; a name still at its default follows the new kind."""
        was_default = self.names[seat].strip() in ("", self.default_name(seat))
        self.kinds[seat] = kind
        if was_default:
            self.names[seat] = self.default_name(seat)

    def seats(self) -> list[Seat]:
        out = []
        for i in range(self.players):
            name = " ".join(self.names[i].split())[:NAME_LIMIT] or self.default_name(i)
            out.append(Seat(self.kinds[i], name))
        return out


# --------------------------------------------------------------------------- the scene


class MenuScene(Scene):
    """The first screen: pick a game, set up the table, start or resume it."""

    def __init__(self, app: App, message: str = "") -> None:
        super().__init__(app)
        first = next((e for e in CATALOGUE if e.id == "klondike" and e.rules is not None), None)
        first = first or next((e for e in CATALOGUE if e.rules is not None), None)
        self.selected_game: str = first.id if first else CATALOGUE[0].id
        self.message = message
        self.forms: dict[str, TableForm] = {}
        self.buttons: dict[str, UIButton] = {}
        self.option_menus: dict[str, UIDropDownMenu] = {}
        self.player_menu: UIDropDownMenu | None = None
        self.seat_kind_menus: list[UIDropDownMenu] = []
        self.seat_name_entries: list[UITextEntryLine] = []
        self.message_labels: list[UILabel] = []
        self.stats_labels: list[UILabel] = []
        self.coming_soon_labels: dict[str, UILabel] = {}
        self.confirm_quit: UIConfirmationDialog | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.fan_rect = pygame.Rect(0, 0, 0, 0)
        self._fan: pygame.Surface | None = None
        self.showcase_rect = pygame.Rect(0, 0, 0, 0)
        self._showcase: pygame.Surface | None = None
        extend_theme(app, self.ui)
        self.build()

    # ----- queries -------------------------------------------------------------------------
    @property
    def entry(self) -> CatalogueEntry:
        return next(e for e in CATALOGUE if e.id == self.selected_game)

    def form(self) -> TableForm | None:
        rules = self.entry.rules
        if rules is None:
            return None
        if self.selected_game not in self.forms:
            self.forms[self.selected_game] = TableForm.for_rules(rules)
        return self.forms[self.selected_game]

    def form_values(self) -> tuple[dict[str, Any], list[Seat]]:
        """The options and seats the form shows now (what "New game" would start)."""
        self._harvest()
        form = self.form()
        if form is None:
            return {}, []
        return dict(form.options), form.seats()

    # ----- building ------------------------------------------------------------------------
    def _harvest(self) -> None:
        """Copy the widgets' current values into the form state (before a rebuild or a start)."""
        form = self.form()
        if form is None:
            return
        for opt in form.rules.options:
            menu = self.option_menus.get(opt.name)
            if menu is not None and menu.alive():
                form.options[opt.name] = opt.choices[int(menu.selected_option[1])]
        for i, entry in enumerate(self.seat_name_entries):
            if entry.alive() and i < form.players:
                form.names[i] = entry.get_text()
        for i, menu in enumerate(self.seat_kind_menus):
            if menu.alive() and i < form.players:
                kind = menu.selected_option[1]
                if kind != form.kinds[i]:
                    form.set_kind(i, kind)

    def build(self) -> None:
        """(Re)create every widget for the current window size."""
        self.ui.clear_and_reset()
        self.buttons = {}
        self.option_menus = {}
        self.player_menu = None
        self.seat_kind_menus = []
        self.seat_name_entries = []
        self.message_labels = []
        self.stats_labels = []
        self.coming_soon_labels = {}
        self.confirm_quit = None
        self._fan = None
        self._showcase = None
        self.showcase_rect = pygame.Rect(0, 0, 0, 0)
        width, height = self.app.size
        self.margin = clamp(min(width * 0.022, height * 0.03), 14, 40)
        self.gap = clamp(height * 0.009, 5, 10)
        self.control_h = clamp(height * 0.045, 30, 40)
        self._build_left(width, height)
        self._build_panel(width, height)

    def _build_left(self, width: int, height: int) -> None:
        m, gap = self.margin, self.gap
        left_w = clamp(width * 0.26, 280, 400)
        self.left_rect = pygame.Rect(m, m, left_w, height - 2 * m)
        rows = len(CATALOGUE) + 2  # the games, then "Resume ..." and "Settings | Quit"
        text_h = 56
        spare = height - 2 * m - text_h - rows * gap - 4 * gap
        button_h = clamp(spare / rows, 28, 44)
        title_h = clamp(height - 2 * m - rows * (button_h + gap) - 4 * gap, text_h, 170)
        # Title: a fan of the four aces above the name when there is room, beside it otherwise.
        title_w = text_width(self.ui, "cardtable", TITLE) + 12
        if title_h >= text_h + 60:
            fan_h = title_h - text_h
            self.fan_rect = pygame.Rect(0, m, min(left_w, int(fan_h * 1.8)), fan_h)
            self.fan_rect.centerx = self.left_rect.centerx
            title_rect = pygame.Rect(m, m + fan_h, left_w, text_h)
        else:
            fan_h = min(title_h - 4, int((left_w - title_w - 8) / 1.6))
            fan_w = int(fan_h * 1.6) if fan_h >= 40 else 0
            block = fan_w + title_w
            x0 = m + (left_w - block) // 2
            self.fan_rect = pygame.Rect(x0, m + (title_h - fan_h) // 2, fan_w, fan_h if fan_w else 0)
            title_rect = pygame.Rect(x0 + fan_w, m + (title_h - text_h) // 2, title_w, text_h)
        UILabel(title_rect, "cardtable", self.ui, object_id="#title")
        y = m + title_h + gap * 2
        tag_w = text_width(self.ui, "coming soon", TAG) + 10
        for entry in CATALOGUE:
            rect = pygame.Rect(m, y, left_w, button_h)
            built = entry.rules is not None
            button = UIButton(rect, entry.title, self.ui,
                              object_id=ObjectID(class_id="@game", object_id=None if built else "#coming_soon"),
                              tool_tip_text=entry.blurb if built else f"{entry.blurb} (coming soon)")
            self.buttons[f"game:{entry.id}"] = button
            if not built:
                button.disable()
                fits = text_width(self.ui, entry.title, BUTTON) + tag_w + 14 + 12 <= left_w
                self._place_soon_tag(entry.id, "coming soon" if fits else "soon", rect)
            elif entry.id == self.selected_game:
                button.select()
            y += button_h + gap
        # Bottom of the column: resume the most recent game, settings and quit.
        bottom = self.left_rect.bottom
        half = (left_w - gap) // 2
        self.buttons["settings"] = UIButton(pygame.Rect(m, bottom - button_h, half, button_h), "Settings", self.ui,
                                            tool_tip_text="Animation speed, card backs, fullscreen")
        self.buttons["quit"] = UIButton(pygame.Rect(m + half + gap, bottom - button_h, left_w - half - gap, button_h),
                                        "Quit", self.ui)
        latest = latest_autosave()
        if latest is not None:
            entry, path = latest
            text = f"Resume {entry.title}"
            if text_width(self.ui, text, BUTTON) + 24 > left_w:
                text = f"Resume {entry.title.split(' (')[0]}"
            self.buttons["resume_last"] = UIButton(
                pygame.Rect(m, bottom - 2 * button_h - gap, left_w, button_h), text, self.ui,
                tool_tip_text=f"Continue the {entry.title} game saved {saved_when(path)}")

    def _place_soon_tag(self, game_id: str, text: str, rect: pygame.Rect) -> None:
        """A small 'coming soon' note at the right end of a disabled game button."""
        w = text_width(self.ui, text, TAG) + 12
        label = UILabel(pygame.Rect(rect.right - w - 8, rect.y + 1, w, rect.height - 2), text, self.ui,
                        object_id=ObjectID(class_id="@tag", object_id="#coming_soon"))
        self.coming_soon_labels[game_id] = label

    def _build_panel(self, width: int, height: int) -> None:
        m, gap, ch = self.margin, self.gap, self.control_h
        x = self.left_rect.right + m
        self.panel_rect = pygame.Rect(x, m, width - x - m, height - 2 * m)
        pad = clamp(self.panel_rect.width * 0.035, 14, 28)
        inner = self.panel_rect.inflate(-2 * pad, -2 * pad)
        entry = self.entry
        form = self.form()
        line_h = line_height(self.ui) + 4

        # Header: title, blurb; a fan of cards decorates the top right when there is room.
        y = inner.y
        heading_h = line_height(self.ui, HEADING) + 8
        UILabel(pygame.Rect(inner.x, y, inner.width, heading_h), entry.title, self.ui, object_id="#heading")
        y += heading_h + 2
        for line in wrap(self.ui, entry.blurb, inner.width - 8):
            UILabel(pygame.Rect(inner.x, y, inner.width, line_h), line, self.ui, object_id="#muted")
            y += line_h
        y += gap * 2
        self.separator_y = y - gap
        if form is None:
            return

        # Bottom up: the buttons, what the autosave is, the message, the statistics.
        button_w = clamp(inner.width * 0.22, 120, 190)
        button_h = ch + 4
        bottom = inner.bottom
        self.buttons["new"] = UIButton(pygame.Rect(inner.right - button_w, bottom - button_h, button_w, button_h),
                                       "New game", self.ui, tool_tip_text="Deal a new game with these settings")
        save = autosave_path(entry.id)
        slot = 1
        if save.exists():
            rect = pygame.Rect(inner.right - 2 * button_w - gap * 2, bottom - button_h, button_w, button_h)
            self.buttons["resume"] = UIButton(rect, "Resume", self.ui, tool_tip_text="Continue the unfinished game")
            slot += 1
        if last_game_path(entry.id).exists():
            rect = pygame.Rect(inner.right - (slot + 1) * button_w - gap * 2 * slot, bottom - button_h, button_w,
                               button_h)
            self.buttons["replay"] = UIButton(rect, "Replay last", self.ui,
                                              tool_tip_text="Watch the last finished game move by move")
            slot += 1
        if save.exists():
            note = f"Unfinished game saved {saved_when(save)}"
            note_w = inner.right - slot * button_w - gap * 2 * (slot - 1) - inner.x - gap * 2
            lines = wrap(self.ui, note, note_w - 8)
            top = bottom - button_h // 2 - len(lines) * line_h // 2
            for i, line in enumerate(lines[:2]):
                UILabel(pygame.Rect(inner.x, top + i * line_h, note_w, line_h), line, self.ui, object_id="#muted")
        bottom -= button_h + gap * 2
        if self.message:
            lines = wrap(self.ui, self.message, inner.width - 8)[:4]
            bottom -= len(lines) * line_h
            for i, line in enumerate(lines):
                label = UILabel(pygame.Rect(inner.x, bottom + i * line_h, inner.width, line_h), line, self.ui,
                                object_id="#error")
                self.message_labels.append(label)
            bottom -= gap
        stat_lines = stats.load(entry.id).lines()
        wrapped = pack(self.ui, stat_lines, inner.width - 8)
        stats_h = (len(wrapped) + 1) * line_h + gap
        room_for_form = bottom - y - stats_h
        show_stats = room_for_form >= self._form_height(form, inner.width, ch, gap, line_h, compact=True)
        if show_stats:
            bottom -= len(wrapped) * line_h
            for i, line in enumerate(wrapped):
                label = UILabel(pygame.Rect(inner.x, bottom + i * line_h, inner.width, line_h), line, self.ui,
                                object_id="#muted")
                self.stats_labels.append(label)
            bottom -= line_h
            UILabel(pygame.Rect(inner.x, bottom, inner.width, line_h), "Your record", self.ui)
            bottom -= gap
        form_bottom = self._build_form(form, pygame.Rect(inner.x, y, inner.width, bottom - y), ch, gap, line_h)
        band = pygame.Rect(inner.x, form_bottom + gap * 3, inner.width, bottom - form_bottom - gap * 5)
        if band.height >= 110:
            self.showcase_rect = band

    def _option_widths(self, form: TableForm) -> tuple[int, int]:
        """Widths of the option labels column and of the dropdowns, from the longest texts."""
        labels = [o.label for o in form.rules.options] + (["Players"] if len(form.rules.players) > 1 else [])
        label_w = max((text_width(self.ui, t) for t in labels), default=0) + 16
        choices = [o.choice_label(c) for o in form.rules.options for c in o.choices]
        menu_w = max((text_width(self.ui, t, BUTTON) for t in choices), default=0) + 56
        return label_w, max(menu_w, 150)

    def _seat_grid(self, form: TableForm, width: int) -> tuple[int, int]:
        """Columns and rows of the seat rows: as many columns as fit with readable kind menus."""
        multi = form.rules.players.stop - 1 > 1
        cols = max(1, min(form.players, width // 210, 3)) if multi else 1
        return cols, math.ceil(form.players / cols)

    def _option_layout(self, form: TableForm, width: int, height: int, gap: int, ch: int, line_h: int
                       ) -> tuple[int, bool, int]:
        """How to lay the options out in `height`: (columns, labels above menus?, row height)."""
        label_w, menu_w = self._option_widths(form)
        count = len(form.rules.options) + (1 if len(form.rules.players) > 1 else 0)
        col_gap = gap * 3
        for cols in (1, 2, 3):
            cell_w = (width - (cols - 1) * col_gap) // cols
            stacked = cols > 1 or label_w + gap + menu_w > cell_w
            row_h = (line_h if stacked else 0) + ch + gap
            if math.ceil(count / cols) * row_h <= height or cols == 3:
                return cols, stacked, row_h
        raise AssertionError("unreachable")

    def _form_height(self, form: TableForm, width: int, ch: int, gap: int, line_h: int, compact: bool) -> int:
        count = len(form.rules.options) + (1 if len(form.rules.players) > 1 else 0)
        cols, stacked, row_h = self._option_layout(form, width, 0 if compact else 10**6, gap, ch, line_h)
        _, seat_rows = self._seat_grid(form, width)
        return math.ceil(count / cols) * row_h + gap + line_h + seat_rows * (ch + gap)

    def _build_form(self, form: TableForm, area: pygame.Rect, ch: int, gap: int, line_h: int) -> int:
        """Create the option, player-count and seat widgets inside `area`; returns the bottom of the last one.

        Seats get their room first; the options then take one, two or three columns, whatever fits.
        """
        rules = form.rules
        seat_cols, seat_rows = self._seat_grid(form, area.width)
        seats_h = gap + line_h + 2 + seat_rows * (ch + gap)
        cols, stacked, row_h = self._option_layout(form, area.width, area.height - seats_h, gap, ch, line_h)
        label_w, menu_w = self._option_widths(form)
        col_gap = gap * 3
        cell_w = (area.width - (cols - 1) * col_gap) // cols
        count = len(rules.options) + (1 if len(rules.players) > 1 else 0)
        per_col = math.ceil(count / cols)

        def cell(k: int, text: str) -> pygame.Rect:
            """Put the label of option cell k and return the rectangle for its menu."""
            col, row = divmod(k, per_col)
            x, y = area.x + col * (cell_w + col_gap), area.y + row * row_h
            if stacked:
                UILabel(pygame.Rect(x, y, cell_w, line_h), text, self.ui)
                return pygame.Rect(x, y + line_h, min(cell_w, max(menu_w, 220)), ch)
            UILabel(pygame.Rect(x, y + (ch - line_h) // 2, label_w, line_h), text, self.ui)
            return pygame.Rect(x + label_w + gap, y, min(max(menu_w, 220), cell_w - label_w - gap), ch)

        for k, opt in enumerate(rules.options):
            rect = cell(k, opt.label)
            choices = [(opt.choice_label(c), str(i)) for i, c in enumerate(opt.choices)]
            value = form.options.get(opt.name, opt.default)
            index = opt.choices.index(value) if value in opt.choices else opt.choices.index(opt.default)
            self.option_menus[opt.name] = UIDropDownMenu(choices, choices[index], rect, self.ui)
        if len(rules.players) > 1:
            rect = cell(len(rules.options), "Players")
            counts = [(str(n), str(n)) for n in rules.players]
            self.player_menu = UIDropDownMenu(counts, (str(form.players), str(form.players)),
                                              pygame.Rect(rect.x, rect.y, min(rect.width, 120), ch), self.ui)
        y = area.y + per_col * row_h + gap
        multi = rules.players.stop - 1 > 1
        UILabel(pygame.Rect(area.x, y, area.width, line_h), "Seats" if multi else "Your name", self.ui)
        y += line_h + 2
        kind_w = max(text_width(self.ui, t, BUTTON) for t, _ in SEAT_KIND_CHOICES) + 52
        bottom = y
        seat_w = min(480, (area.width - (seat_cols - 1) * col_gap) // seat_cols)
        for i in range(form.players):
            col, row = divmod(i, seat_rows)
            cx = area.x + col * (seat_w + col_gap)
            cy = y + row * (ch + gap)
            if multi:
                kw = min(kind_w, max(seat_w // 2, seat_w - 90))
                name_w = seat_w - kw - gap
            else:
                kw, name_w = 0, min(seat_w, 280)
            entry = UITextEntryLine(pygame.Rect(cx, cy, name_w, ch), self.ui, placeholder_text=form.default_name(i))
            entry.set_text_length_limit(NAME_LIMIT)
            entry.set_text(form.names[i][:NAME_LIMIT])
            self.seat_name_entries.append(entry)
            if multi:
                kinds = list(SEAT_KIND_CHOICES)
                current = next(c for c in kinds if c[1] == form.kinds[i])
                menu = UIDropDownMenu(kinds, current, pygame.Rect(cx + name_w + gap, cy, kw, ch), self.ui)
                self.seat_kind_menus.append(menu)
            bottom = max(bottom, cy + ch)
        return bottom

    # ----- actions -------------------------------------------------------------------------
    def select_game(self, game_id: str) -> None:
        entry = next((e for e in CATALOGUE if e.id == game_id), None)
        if entry is None or entry.rules is None or game_id == self.selected_game:
            return
        self._harvest()
        self.selected_game = game_id
        self.message = ""
        self.build()

    def new_game(self) -> None:
        options, seats = self.form_values()
        try:
            match = Match(get_game(self.selected_game), seats, options, saver=Autosave.for_game(self.selected_game))
        except (ValueError, KeyError) as exc:
            self.show_message(f"Cannot start this table: {exc}")
            return
        self._open_table(match)

    def resume(self, game_id: str | None = None) -> None:
        """Load the autosave of `game_id` (default: the selected game) and open its table."""
        game_id = game_id or self.selected_game
        path = autosave_path(game_id)
        try:
            match = load_match(path, get_game, saver=Autosave.for_game(game_id))
        except SaveError as exc:
            log.warning("autosave of %s unusable: %s", game_id, exc.message)
            self.show_message(exc.message)
            return
        except FileNotFoundError:
            self.show_message("That saved game is gone.")
            return
        except Exception as exc:  # a bug while replaying must not take the menu down
            log.exception("resuming %s failed", game_id)
            self.show_message(f"The saved game could not be opened: {exc}")
            return
        self._open_table(match)

    def resume_last(self) -> None:
        latest = latest_autosave()
        if latest is None:
            self.show_message("There is no unfinished game.")
            return
        entry, _ = latest
        if entry.id != self.selected_game:
            self._harvest()
            self.selected_game = entry.id
        self.resume(entry.id)

    def replay_last(self) -> None:
        """Open the last finished game of the selected game in the replay viewer."""
        path = last_game_path(self.selected_game)
        try:
            match = load_match(path, get_game)
        except SaveError as exc:
            self.show_message(exc.message)
            return
        except FileNotFoundError:
            self.show_message("There is no finished game to replay.")
            return
        from cardtable.ui.replay import ReplayScene

        self.app.show(ReplayScene(self.app, match))

    def _open_table(self, match: Match) -> None:
        try:
            from cardtable.ui.table import TableScene

            scene = TableScene(self.app, match)
        except Exception as exc:  # never leave the person with a crashed window
            log.exception("opening the table failed")
            self.show_message(f"The table could not be opened: {exc}")
            return
        self.app.show(scene)

    def open_settings(self) -> None:
        from cardtable.ui.settings_scene import SettingsScene

        app = self.app
        selected = self.selected_game
        forms = self.forms
        self._harvest()

        def back() -> MenuScene:
            menu = MenuScene(app)
            menu.forms = forms
            menu.selected_game = selected
            menu.build()
            return menu

        app.show(SettingsScene(app, back))

    def show_message(self, text: str) -> None:
        """Show `text` in the error style in the panel (rebuilds, so Resume disappears if its file did)."""
        self._harvest()
        self.message = text
        self.build()

    def ask_quit(self) -> None:
        if self.confirm_quit is not None and self.confirm_quit.alive():
            self.confirm_quit.kill()
            self.confirm_quit = None
            return
        width, height = self.app.size
        rect = pygame.Rect(0, 0, 380, 170)
        rect.center = (width // 2, height // 2)
        self.confirm_quit = UIConfirmationDialog(rect, "Quit cardtable? Unfinished games are saved.", self.ui,
                                                 window_title="Quit", action_short_name="Quit")

    # ----- Scene hooks ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            if name is None:
                return
            if name.startswith("game:"):
                self.select_game(name[5:])
            elif name == "new":
                self.new_game()
            elif name == "resume":
                self.resume()
            elif name == "resume_last":
                self.resume_last()
            elif name == "replay":
                self.replay_last()
            elif name == "settings":
                self.open_settings()
            elif name == "quit":
                self.app.quit()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.player_menu:
                self._harvest()
                form = self.form()
                if form is not None:
                    form.resize(int(event.selected_option_id))
                    self.build()
            elif event.ui_element in self.seat_kind_menus:
                seat = self.seat_kind_menus.index(event.ui_element)
                form = self.form()
                if form is not None and seat < form.players:
                    entry = self.seat_name_entries[seat]
                    form.names[seat] = entry.get_text()
                    form.set_kind(seat, event.selected_option_id)
                    if entry.get_text() != form.names[seat]:
                        entry.set_text(form.names[seat])
        elif event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
            if event.ui_element is self.confirm_quit:
                self.app.quit()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.ask_quit()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and "new" in self.buttons:
                if self.confirm_quit is None or not self.confirm_quit.alive():
                    self.new_game()

    def on_resize(self, size: tuple[int, int]) -> None:
        self._harvest()
        self.build()

    def draw(self, surface: pygame.Surface) -> None:
        draw_vignette(surface)
        draw_panel(surface, self.panel_rect)
        if self.panel_rect.width:
            pad = clamp(self.panel_rect.width * 0.035, 14, 28)
            pygame.draw.line(surface, (96, 110, 70), (self.panel_rect.x + pad, self.separator_y),
                             (self.panel_rect.right - pad, self.separator_y), 1)
        if self._fan is None:
            aces = [Card(1, "S"), Card(1, "H"), Card(1, "C"), Card(1, "D")]
            self._fan = self._make_fan(self.fan_rect.size, aces)
        surface.blit(self._fan, self.fan_rect.topleft)
        if self.showcase_rect.height:
            if self._showcase is None:
                self._showcase = self._make_showcase(self.showcase_rect.size)
            surface.blit(self._showcase, self._showcase.get_rect(center=self.showcase_rect.center))

    def _make_fan(self, size: tuple[int, int], cards: list[Card], spread: float = 16) -> pygame.Surface:
        """`cards` fanned like a hand held up, scaled to fit inside `size` (centred)."""
        out = pygame.Surface(size, pygame.SRCALPHA)
        if size[0] < 8 or size[1] < 8:
            return out
        card_h = max(24, size[1])
        card_w = int(card_h * 0.7)
        n = len(cards)
        radius = card_h * 1.5
        canvas = pygame.Surface((card_h * 4, card_h * 3), pygame.SRCALPHA)
        pivot = pygame.Vector2(canvas.get_width() / 2, card_h + radius)
        for i, card in enumerate(cards):
            angle = spread * ((n - 1) / 2 - i)
            turned = pygame.transform.rotozoom(self.app.art.face(card, (card_w, card_h)), angle, 1.0)
            centre = pivot + pygame.Vector2(0, -radius).rotate(-angle)
            canvas.blit(turned, turned.get_rect(center=(round(centre.x), round(centre.y))))
        fan = canvas.subsurface(canvas.get_bounding_rect())
        scale = min(size[0] / fan.get_width(), size[1] / fan.get_height())
        fitted = pygame.transform.smoothscale(fan, (int(fan.get_width() * scale), int(fan.get_height() * scale)))
        out.blit(fitted, fitted.get_rect(center=(size[0] // 2, size[1] // 2)))
        return out

    def _make_showcase(self, size: tuple[int, int]) -> pygame.Surface:
        """A few cards to fill the free space of the panel: a Klondike run, or a hand for other games."""
        w, h = size
        if self.selected_game == "klondike":
            cards = [Card(13, "S"), Card(12, "H"), Card(11, "C"), Card(10, "D"), Card(9, "S")]
            card_h = min(int(h * 0.62), 190)
            card_w = int(card_h * 0.7)
            step = max(18, int((h - card_h) / (len(cards) - 1)))
            step = min(step, int(card_h * 0.26))
            total_h = card_h + step * (len(cards) - 1)
            piles = [self.app.art.back(self.app.settings.card_back, (card_w, card_h))]
            out = pygame.Surface((card_w * 2 + card_w // 3, total_h), pygame.SRCALPHA)
            out.blit(piles[0], (0, 0))
            for i, card in enumerate(cards):
                out.blit(self.app.art.face(card, (card_w, card_h)), (card_w + card_w // 3, i * step))
            return out
        fan_h = min(h, 220)
        return self._make_fan((int(fan_h * 1.5), fan_h), [Card(10, "S"), Card(11, "S"), Card(12, "S"),
                                                           Card(13, "S"), Card(1, "S")], spread=12)
