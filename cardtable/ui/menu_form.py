"""The new-table form of the menu: a game's options, the number of players, and each seat's kind and name.

`TableForm` keeps the choices while the menu is rebuilt (a new window size, another game and back); `FormWidgets`
lays them out as drop-down menus and text fields in the room the menu gives it, and reads them back.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel, UITextEntryLine

from cardtable.core.engine import Rules
from cardtable.core.seat_kinds import DEFAULT_BOT, SEAT_KINDS, SeatKind
from cardtable.games.info import GameInfo
from cardtable.ui.widgets import BUTTON, LABEL, DropDownOptions, open_upwards, text_width, window_rect

if TYPE_CHECKING:  # the session comes with the first table
    from cardtable.session.match import Seat

#: (label shown, Seat.kind) for the seat dropdowns, in menu order.
SEAT_KIND_CHOICES: tuple[tuple[str, SeatKind], ...] = (
    ("Human", "human"),
    ("Bot easy", "bot:easy"),
    ("Bot normal", "bot:normal"),
    ("Bot hard", "bot:hard"),
)
DEFAULT_BOT_KIND = DEFAULT_BOT
BOT_NAMES: tuple[str, ...] = ("Ada", "Basil", "Clara", "Dev", "Esme", "Felix", "Greta", "Hugo", "Iris", "Jun")
NAME_LIMIT = 16


MIN_MENU_W = 180  # the narrowest drop-down beside its label (its texts shortened to fit)
CUSTOM = "custom"  # the drop-down id of an option's written-out choice
CUSTOM_EXAMPLE = "8,6,4,2"

#: Room a drop-down keeps beside its text: the open arrow, the borders and the text's margins.
DROP_DOWN_CHROME = 32
LABEL_MARGIN = 8  # a label's text margins


def fit_text(ui: pygame_gui.UIManager, text: str, width: int, ids: tuple[str, ...] = LABEL) -> str:
    """`text` if it fits `width` pixels, else its longest start (at a word if one fits) that fits with an ellipsis."""
    if text_width(ui, text, ids) <= width:
        return text
    words = text.split(" ")
    for n in range(len(words) - 1, 0, -1):
        candidate = " ".join(words[:n]).rstrip(",:;(-") + "…"
        if text_width(ui, candidate, ids) <= width:
            return candidate
    cut = len(text)
    while cut > 1 and text_width(ui, text[:cut] + "…", ids) > width:
        cut -= 1
    return text[:cut] + "…"


def short_choices(ui: pygame_gui.UIManager, texts: list[str], width: int) -> list[str]:
    """The choices' texts made to fit a drop-down's `width`: whole if they fit, else the part before ': ', ' ('
    or ', ' (On, Standard, Limited ...), else cut with an ellipsis."""
    room = width - DROP_DOWN_CHROME
    out = []
    for text in texts:
        short = text
        for mark in (": ", " (", ", "):
            if text_width(ui, short, BUTTON) <= room:
                break
            short = short.split(mark)[0]
        out.append(fit_text(ui, short, room, BUTTON))
    return out


@dataclass
class TableForm:
    """The choices for one game's new table, kept while the menu is rebuilt."""

    rules: Rules | GameInfo  # the game's metadata: its options and player counts
    options: dict[str, Any]
    players: int
    kinds: list[SeatKind] = field(default_factory=list)
    names: list[str] = field(default_factory=list)

    @classmethod
    def for_rules(cls, rules: Rules | GameInfo) -> TableForm:
        count = rules.usual_players
        form = cls(rules, {o.name: o.default for o in rules.options}, count)
        form.resize(count)
        return form

    def default_name(self, seat: int) -> str:
        """A seat's name until one is typed: "You" for one person against bots; in pass-and-play (two or more
        people) each person's is "Player N", so the table never says "Pass to You"; a bot's is a name."""
        if self.kinds[seat] == "human":
            return "You" if self.kinds.count("human") == 1 else f"Player {seat + 1}"
        return BOT_NAMES[(seat - 1) % len(BOT_NAMES)]

    def resize(self, count: int) -> None:
        """Change the number of seats, keeping what was chosen for the seats that stay."""
        self.players = count
        defaults = self._at_default()
        while len(self.kinds) < count:
            seat = len(self.kinds)
            self.kinds.append("human" if seat == 0 else DEFAULT_BOT_KIND)
            self.names.append(self.default_name(seat))
        del self.kinds[count:]
        del self.names[count:]
        self._follow(defaults[:count])

    def _at_default(self) -> list[bool]:
        """Which seats' names are still their defaults (or empty)."""
        return [self.names[i].strip() in ("", self.default_name(i)) for i in range(len(self.names))]

    def _follow(self, defaults: list[bool], but: int | None = None) -> None:
        """The people's names that were at their defaults take the new ones ("You" or "Player N"), but for the
        seat `but`."""
        for i, default in enumerate(defaults):
            if default and i != but and self.kinds[i] == "human":
                self.names[i] = self.default_name(i)

    def set_kind(self, seat: int, kind: str) -> None:
        """Change a seat's kind; a name still at its default follows the new kind, but a seat made Human keeps the
        name it has (a person may well be called Ada).  A kind that is not a seat kind changes nothing."""
        known = next((k for k in SEAT_KINDS if k == kind), None)
        if known is None:
            return
        defaults = self._at_default()
        self.kinds[seat] = known
        if defaults[seat] and (kind != "human" or not self.names[seat].strip()):
            self.names[seat] = self.default_name(seat)
        self._follow(defaults, but=seat)

    def seats(self) -> list[Seat]:
        from cardtable.session.match import Seat

        out = []
        for i in range(self.players):
            name = " ".join(self.names[i].split())[:NAME_LIMIT] or self.default_name(i)
            out.append(Seat(self.kinds[i], name))
        return out


class FormWidgets:
    """The widgets of one game's form, in one menu build."""

    def __init__(self, ui: pygame_gui.UIManager) -> None:
        self.ui = ui
        self.option_menus: dict[str, UIDropDownMenu] = {}
        self.player_menu: UIDropDownMenu | None = None
        #: The room right of the players' count (a game for several): where the menu puts Host online.
        self.players_row: pygame.Rect | None = None
        self.seat_kind_menus: list[UIDropDownMenu] = []
        self.seat_name_entries: list[UITextEntryLine] = []
        self.option_labels: list[UILabel] = []  # the options' names, then "Players"
        self.custom_entries: dict[str, UITextEntryLine] = {}  # an option's written-out choice, while it is chosen

    def drop_down(self, choices: Sequence[tuple[str, str]], current: tuple[str, str], rect: pygame.Rect
                  ) -> UIDropDownMenu:
        """A drop-down menu whose list opens downwards, or upwards when it would run off the window."""
        menu = UIDropDownMenu(cast(DropDownOptions, list(choices)), current, rect, self.ui)
        if rect.bottom + len(choices) * rect.height + 4 > window_rect(self.ui).bottom:
            open_upwards(menu)
        return menu

    def right(self) -> int:
        """Where the form's widgets end on the right (0 with none)."""
        widgets = [*self.option_menus.values(), *self.seat_kind_menus, *self.seat_name_entries, *self.option_labels]
        if self.player_menu is not None:
            widgets.append(self.player_menu)
        return max((w.rect.right for w in widgets), default=0)

    def harvest(self, form: TableForm) -> None:
        """Copy the widgets' current values into the form state (before a rebuild or a start)."""
        for opt in form.rules.options:
            menu = self.option_menus.get(opt.name)
            if menu is not None and menu.alive():
                picked = menu.selected_option[1]
                if picked == CUSTOM:  # the text written beside it ("" until something is)
                    entry = self.custom_entries.get(opt.name)
                    form.options[opt.name] = entry.get_text().strip() if entry is not None and entry.alive() else ""
                else:
                    form.options[opt.name] = opt.choices[int(picked)]
        for i, entry in enumerate(self.seat_name_entries):
            if entry.alive() and i < form.players:
                form.names[i] = entry.get_text()
        for i, menu in enumerate(self.seat_kind_menus):
            if menu.alive() and i < form.players:
                kind = menu.selected_option[1]
                if kind != form.kinds[i]:
                    form.set_kind(i, kind)

    def option_widths(self, form: TableForm) -> tuple[int, int]:
        """Widths of the option labels column and of the dropdowns, from the longest texts."""
        labels = [o.label for o in form.rules.options] + (["Players"] if len(form.rules.players) > 1 else [])
        label_w = max((text_width(self.ui, t) for t in labels), default=0) + 16
        choices = [o.choice_label(c, form.players) for o in form.rules.options for c in o.choices]
        menu_w = max((text_width(self.ui, t, BUTTON) for t in choices), default=0) + 56
        return label_w, max(menu_w, 150)

    def seat_grid(self, form: TableForm, width: int) -> tuple[int, int]:
        """Columns and rows of the seat rows: as many columns as fit with readable kind menus."""
        multi = form.rules.players.stop - 1 > 1
        cols = max(1, min(form.players, width // 210, 3)) if multi else 1
        return cols, math.ceil(form.players / cols)

    def option_layout(self, form: TableForm, width: int, gap: int, ch: int, line_h: int) -> tuple[int, bool, int]:
        """How to lay the options out in `width`: (columns, labels above menus?, row height).  A game with more
        than a few options takes three columns of labels over menus whatever else the form shows (the form keeps
        its shape as the seats come and go); a game with few options, one column of labels beside menus."""
        label_w, menu_w = self.option_widths(form)
        count = self.cell_count(form)
        beside = label_w + gap + min(menu_w, MIN_MENU_W) <= width  # a long choice is shortened, its tip whole
        cols = 1 if count <= 4 and beside else min(3, max(1, count))
        return cols, cols > 1, (line_h if cols > 1 else 0) + ch + gap

    @staticmethod
    def shown_options(form: TableForm) -> list[Any]:
        """The options the form shows: those that matter with the others chosen (a penalty factor with penalty
        scoring only)."""
        return [o for o in form.rules.options if o.applies(form.options)]

    @staticmethod
    def written(form: TableForm, opt: Any) -> bool:
        """Whether the option's written-out choice is the one chosen (a custom list of hand sizes)."""
        value = form.options.get(opt.name, opt.default)
        return bool(opt.custom) and isinstance(value, str) and value not in opt.choices

    def cell_count(self, form: TableForm) -> int:
        """The form's cells: each option shown, and the text of each written-out choice chosen."""
        return sum(1 + self.written(form, o) for o in self.shown_options(form))

    def height(self, form: TableForm, width: int, ch: int, gap: int, line_h: int, compact: bool = True) -> int:
        count = self.cell_count(form)
        cols, stacked, row_h = self.option_layout(form, width, gap, ch, line_h)
        _, seat_rows = self.seat_grid(form, width)
        return math.ceil(count / cols) * row_h + gap + max(line_h, ch) + 2 + gap + seat_rows * (ch + gap)

    def build(self, form: TableForm, area: pygame.Rect, ch: int, gap: int, line_h: int) -> int:
        """Create the option, player-count and seat widgets inside `area`; returns the bottom of the last one.

        Seats get their room first; the options then take one, two or three columns, whatever fits.
        """
        rules = form.rules
        seat_cols, seat_rows = self.seat_grid(form, area.width)
        cols, stacked, row_h = self.option_layout(form, area.width, gap, ch, line_h)
        label_w, menu_w = self.option_widths(form)
        col_gap = gap * 3
        cell_w = (area.width - (cols - 1) * col_gap) // cols
        count = self.cell_count(form)
        per_col = math.ceil(count / cols)

        def cell(k: int, text: str) -> tuple[pygame.Rect, UILabel]:
            """Put the label of option cell k (shortened if it must be) and return the rectangle for its menu."""
            col, row = divmod(k, per_col)
            x, y = area.x + col * (cell_w + col_gap), area.y + row * row_h
            if stacked:
                rect = pygame.Rect(x, y, cell_w, line_h)
                menu = pygame.Rect(x, y + line_h, min(cell_w, max(menu_w, 220)), ch)
            else:
                rect = pygame.Rect(x, y + (ch - line_h) // 2, label_w, line_h)
                menu = pygame.Rect(x + label_w + gap, y, min(max(menu_w, 220), cell_w - label_w - gap), ch)
            label = UILabel(rect, fit_text(self.ui, text, rect.width - LABEL_MARGIN), self.ui)
            self.option_labels.append(label)
            return menu, label

        k = 0
        for opt in self.shown_options(form):
            rect, label = cell(k, opt.label)
            k += 1
            full = [opt.choice_label(c, form.players) for c in opt.choices] + ([opt.custom] if opt.custom else [])
            shown = short_choices(self.ui, full, rect.width)
            choices = [(text, str(i)) for i, text in enumerate(shown)]
            if opt.custom:
                choices[-1] = (choices[-1][0], CUSTOM)
            value = form.options.get(opt.name, opt.default)
            index = opt.choices.index(value) if value in opt.choices else opt.choices.index(opt.default)
            written = self.written(form, opt)
            self.option_menus[opt.name] = self.drop_down(choices, choices[-1 if written else index], rect)
            if shown != full or label.text != opt.label:  # the whole texts, on hovering the option's name
                label.set_tooltip(f"{opt.label}: " + "; ".join(full))
            if written:  # the written-out choice takes the next cell
                rect, label = cell(k, f"{opt.custom}:")
                k += 1
                entry = UITextEntryLine(rect, self.ui, placeholder_text=CUSTOM_EXAMPLE)
                entry.set_text(str(form.options.get(opt.name, "")))
                self.custom_entries[opt.name] = entry
        y = area.y + per_col * row_h + gap
        multi = rules.players.stop - 1 > 1
        heading_h = max(line_h, ch) if len(rules.players) > 1 else line_h
        heading = "Players" if len(rules.players) > 1 else ("Seats" if multi else "Your name")
        heading_w = text_width(self.ui, heading) + 2 * LABEL_MARGIN
        label = UILabel(pygame.Rect(area.x, y + (heading_h - line_h) // 2, heading_w, line_h), heading, self.ui)
        self.option_labels.append(label)
        if len(rules.players) > 1:  # the number of players heads the seats
            counts = [(str(n), str(n)) for n in rules.players]
            self.player_menu = self.drop_down(counts, (str(form.players), str(form.players)),
                                              pygame.Rect(area.x + heading_w + gap, y, 90, ch))
            left = area.x + heading_w + 2 * gap + 90
            self.players_row = pygame.Rect(left, y, area.right - left, ch) if multi else None
        y += heading_h + 2 + gap
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
                menu = self.drop_down(kinds, current, pygame.Rect(cx + name_w + gap, cy, kw, ch))
                self.seat_kind_menus.append(menu)
            bottom = max(bottom, cy + ch)
        return bottom
