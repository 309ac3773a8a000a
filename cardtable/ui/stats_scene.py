"""The statistics screen: every game's record, per variant, its last games (each one kept for replay with a Replay
button of its own, and a replay of the last one), and a reset that asks first.  Where games were played under
people's names (every person's in pass-and-play, one person's alone under a name other than "You"), a picker shows
one person's records instead of everyone's.

The games in a column on the left, with Back (or Esc); the chosen game on the right: a row for the game as a whole
and one per variant (played, won, rate, streaks, best time for a game played alone or else best score, and the
running total where a variant keeps one), then its last games, a page at a time when they do not all fit; a game
whose copy is kept (`cardtable.session.finished`) has Replay at the end of its row, any other says "Not kept" and why
on hover.  The tables are drawn as images when the screen is built, so a frame only blits them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from cardtable import stats
from cardtable.games import INFOS
from cardtable.games.info import GameInfo
from cardtable.session.finished import kept_path
from cardtable.stats import GameStats, format_time
from cardtable.storage import KEPT_FINISHED, last_game_path
from cardtable.ui import theme
from cardtable.ui.confirm import ConfirmDialog
from cardtable.ui.keyfocus import ButtonFocus
from cardtable.ui.theme import Fonts
from cardtable.ui.widgets import (
    BUTTON,
    HEADING,
    DropDownOptions,
    clamp,
    draw_panel,
    draw_vignette,
    line_height,
    text_width,
    wrap,
)
from cardtable.ui.window import App, Scene

NONE = "—"
EVERYONE = "Everyone"
PERSON = "person:"  # a person's option id in the picker: this before the name (everyone's is EVERYONE)
MIN_PX = 11  # the smallest text a table shrinks to before its last columns are cut


@dataclass(frozen=True)
class Table:
    """Rows of text under a header; `first` columns are text (left-aligned), the rest numbers (right-aligned)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    first: int = 1


def solitaire(game: GameInfo) -> bool:
    """A game played alone: its best time means something (otherwise its best score does)."""
    return game.players.stop - 1 == 1


def has_variants(game: GameInfo) -> bool:
    """Whether the game keeps a record per variant."""
    return bool(game.variant({}))


def record_table(game: GameInfo, records: dict[str, GameStats], person: str = "") -> Table:
    """The game's record as a whole, then each variant's: everyone's, or `person`'s."""
    timed, varied = solitaire(game), has_variants(game)
    rows: list[tuple[str, str, str | None]] = []  # label, record key, running total's name
    if varied:
        rows.append(("All variants", stats.key(game.id, "", person), None))
        rows += [(game.variant_label(o), stats.key(game.id, game.variant(o), person), game.running_total(o))
                 for o in game.variants()]
    else:
        rows.append(("All games", stats.key(game.id, "", person), game.running_total({})))
    totals = bool(game.running_totals)
    header = ("Variant" if varied else "", "Played", "Won", "Rate", "Streak", "Longest",
              "Best time" if timed else "Best score", *(("Total",) if totals else ()))
    out = []
    for label, record_key, total in rows:
        r = records.get(record_key, GameStats())
        if timed:
            best = NONE if r.best_time is None else format_time(r.best_time)
        else:
            best = NONE if r.best_score is None else str(r.best_score)
        out.append((label, str(r.played), str(r.won), f"{r.win_rate:.0%}" if r.played else NONE,
                    str(r.current_streak), str(r.longest_streak), best,
                    *((str(r.total_score) if total else NONE,) if totals else ())))
    return Table(header, tuple(out))


def history_games(game: GameInfo, records: dict[str, GameStats], person: str = "") -> list[stats.PastGame]:
    """The game's last games (everyone's, or `person`'s), the newest first."""
    return list(reversed(records.get(stats.key(game.id, "", person), GameStats()).history))


def history_table(game: GameInfo, records: dict[str, GameStats], person: str = "") -> Table:
    """The game's last games (everyone's, or `person`'s), the newest first."""
    names = {game.variant(o): game.variant_label(o) for o in game.variants()}
    varied = has_variants(game)
    rows = []
    for past in history_games(game, records, person):
        rows.append((past.when, *((names.get(past.variant, past.variant),) if varied else ()),
                     result_text(past), format_time(past.seconds),
                     NONE if past.score is None else str(past.score),
                     NONE if past.deal is None else f"#{past.deal}"))
    header = ("When", *(("Variant",) if varied else ()), "Result", "Time", "Score", "Deal")
    return Table(header, tuple(rows), first=2 if varied else 1)


def result_text(past: stats.PastGame) -> str:
    """A past game's result as its row says it: won or lost, and whether a bot finished it for the person."""
    return ("Won" if past.won else "Lost") + (", finished by a bot" if past.by_bot else "")


BY_BOT_NOTE = ("Finished by a bot: the person timed out three times in a row and a bot played the seat to the"
               " end. Such a game counts as played, with the seat's result.")
REPLAY_NOTE = (f"A finished game can be replayed from its row: the newest {KEPT_FINISHED} of each game are kept. A game"
               " given up, finished before games were kept, or older is not kept (hover over Not kept for why).")
NEVER_KEPT = ("Not kept: this game was given up before its end, finished before finished games were kept for"
              " replay, or played in a copy of the app that did not save.")
GONE = (f"Not kept any more: only the newest {KEPT_FINISHED} finished games of each game are kept, and a damaged"
        " copy is set aside.")


def kept_copy(game: GameInfo, past: stats.PastGame) -> Path | None:
    """Where the copy of `past` kept for replay is, or None when there is none (never kept, or no longer)."""
    path = kept_path(game.id, past.kept) if past.kept else None
    try:
        return path if path is not None and path.is_file() else None
    except OSError:  # a folder the app may not look into: nothing to replay from it
        return None


def history_notes(record: GameStats, replayable: bool = True) -> list[str]:
    """What the last games' table needs said under it: how a game a bot finished counts (when one is listed), and
    which games can be replayed (when one listed cannot: `replayable` False)."""
    notes = [BY_BOT_NOTE] if any(p.by_bot for p in record.history) else []
    return notes + ([] if replayable else [REPLAY_NOTE])


class TableArt:
    """A `Table` drawn in the largest text (up to `px`) at which its columns fit `width`."""

    def __init__(self, fonts: Fonts, table: Table, width: int, px: int, scale: float) -> None:
        self.table = table
        gaps = len(table.header) - 1
        for size in range(px, MIN_PX - 1, -1):
            self.font, self.bold = fonts.get(size), fonts.get(size, bold=True)
            self.widths = self._widths()
            if sum(self.widths) + size * gaps <= width or size == MIN_PX:
                break
        # the columns spread over the width, up to a wide gap: a big window is not left half empty
        self.gap = max(size, min(size * 4, (width - sum(self.widths)) // max(1, gaps)))
        self.width = min(width, sum(self.widths) + self.gap * gaps)
        self.row_h = self.font.get_linesize() + max(4, int(6 * scale))

    def _widths(self) -> list[int]:
        columns = zip(self.table.header, *self.table.rows, strict=True)
        return [max([self.bold.size(c[0])[0], *(self.font.size(t)[0] for t in c[1:])]) for c in columns]

    def image(self, rows: slice = slice(None)) -> pygame.Surface:
        """The header and the rows `rows`, every other row shaded."""
        shown = self.table.rows[rows]
        out = pygame.Surface((self.width, self.row_h * (len(shown) + 1)), pygame.SRCALPHA)
        for i, row in enumerate((self.table.header, *shown)):
            top = i * self.row_h
            if i and i % 2 == 0:
                pygame.draw.rect(out, (255, 255, 255, 14), (0, top, self.width, self.row_h))
            font = self.bold if i == 0 else self.font
            colour = theme.GOLD if i == 0 else theme.INK
            x = 0
            for k, (text, w) in enumerate(zip(row, self.widths, strict=True)):
                image = font.render(text, True, colour if text != NONE else theme.MUTED)
                left = x if k < self.table.first else x + w - image.get_width()
                out.blit(image, (left, top + (self.row_h - image.get_height()) // 2))
                x += w + self.gap
            if i == 0:
                pygame.draw.line(out, theme.RULE, (0, self.row_h - 1), (self.width, self.row_h - 1))
        return out


class StatsScene(Scene):
    """Every game's statistics; Reset (after a Yes) clears the chosen game's; Back (or Esc) to the menu."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        chosen = app.navigator.menu_memory.get("game")
        self.game: GameInfo = next((g for g in INFOS if g.id == chosen), INFOS[0])  # no game is loaded for it
        self.page = 0  # of the last games; 0 is the newest
        self.person = ""  # whose records are shown: "" everyone's, else the name of one who played at a table
        self.person_menu: UIDropDownMenu | None = None
        self.fonts = Fonts()
        self.buttons: dict[str, UIButton] = {}
        self.game_menu: UIDropDownMenu | None = None  # the games, in a window too narrow for their column
        self.confirm: ConfirmDialog | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.focus = ButtonFocus()  # Tab and the arrows move it over the buttons and lists; Enter or Space acts
        self.images: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self.record_rows: tuple[tuple[str, ...], ...] = ()  # what the screen shows, for the tests
        self.history_rows: tuple[tuple[str, ...], ...] = ()
        self.row_copies: dict[str, Path] = {}  # a history row's Replay button's name: its kept copy
        self.not_kept: list[UILabel] = []  # the shown rows' "Not kept" marks, newest first
        self.pages = 1
        found = stats.read_all()
        self.records, self.message = found.records, found.problem or ""
        self.build()

    # ----- building ------------------------------------------------------------------------
    def build(self) -> None:
        """(Re)create every widget and table image for the window size and the chosen game."""
        self.ui.clear_and_reset()
        self.buttons, self.confirm, self.images, self.game_menu, self.person_menu = {}, None, [], None, None
        width, height = self.app.size
        s = self.ui_scale
        m = clamp(min(width * 0.022, height * 0.03), 14, 40 * s)
        gap = clamp(height * 0.009, 5, 10 * s)
        button_h = clamp(height * 0.055, 30, 44 * s)
        longest = max(text_width(self.ui, g.title, BUTTON) for g in INFOS) + 44
        left_w = max(longest, clamp(width * 0.2, 200, 320 * s))
        if width - left_w - 3 * m < 640 * s:  # too narrow for a column of games beside the tables
            self._build_narrow(width, height, m, gap, button_h)
            return
        heading_h = line_height(self.ui, HEADING) + 8
        UILabel(pygame.Rect(m, m, left_w, heading_h), "Statistics", self.ui, object_id="#heading")
        y = m + heading_h + gap * 2
        for game in INFOS:
            button = UIButton(pygame.Rect(m, y, left_w, button_h), game.title, self.ui,
                              object_id=ObjectID(class_id="@game"))
            if game is self.game:
                button.select()
            self.buttons[f"game:{game.id}"] = button
            y += button_h + gap
        self.buttons["back"] = UIButton(pygame.Rect(m, height - m - button_h, left_w, button_h), "Back", self.ui,
                                        tool_tip_text="Back to the menu (Esc)")
        x = m * 2 + left_w
        self.panel_rect = pygame.Rect(x, m, width - x - m, height - 2 * m)
        self._build_panel(self.panel_rect.inflate(-2 * clamp(self.panel_rect.width * 0.03, 14, 28),
                                                  -2 * clamp(self.panel_rect.height * 0.03, 12, 24)), gap, button_h)

    def _build_narrow(self, width: int, height: int, m: int, gap: int, button_h: int) -> None:
        """The games in a drop-down above the tables, beside Reset and Back: the tables get the whole width."""
        self.panel_rect = pygame.Rect(m, m, width - 2 * m, height - 2 * m)
        inner = self.panel_rect.inflate(-2 * clamp(width * 0.025, 14, 28), -2 * clamp(height * 0.03, 12, 24))
        back_w = text_width(self.ui, "Back", BUTTON) + 48
        self.buttons["back"] = UIButton(pygame.Rect(inner.right - back_w, inner.y, back_w, button_h), "Back", self.ui,
                                        tool_tip_text="Back to the menu (Esc)")
        menu_w = max(text_width(self.ui, g.title, BUTTON) for g in INFOS) + 60
        heading_w = text_width(self.ui, "Statistics", HEADING) + 24
        reset_w = text_width(self.ui, "Reset…", BUTTON) + 40
        x = inner.x
        if heading_w + menu_w + reset_w + back_w + 3 * gap <= inner.width:
            heading_h = line_height(self.ui, HEADING) + 8
            UILabel(pygame.Rect(x, inner.y + (button_h - heading_h) // 2, heading_w, heading_h), "Statistics",
                    self.ui, object_id="#heading")
            x += heading_w
        choices = [(g.title, g.id) for g in INFOS]
        self.game_menu = UIDropDownMenu(cast(DropDownOptions, choices), (self.game.title, self.game.id),
                                        pygame.Rect(x, inner.y, menu_w, button_h), self.ui)
        self._build_panel(inner, gap, button_h, title=False, right=inner.right - back_w - gap, left=x + menu_w + gap)

    def _build_panel(self, inner: pygame.Rect, gap: int, button_h: int, title: bool = True,
                     right: int | None = None, left: int | None = None) -> None:
        """The chosen game's title (`title`), the picker of whose records (from `left` at most) and Reset (its
        right edge at `right`), then its tables."""
        s, game = self.ui_scale, self.game
        heading_h = line_height(self.ui, HEADING) + 8
        line_h = line_height(self.ui) + 4
        reset_w = text_width(self.ui, "Reset…", BUTTON) + 40
        right = inner.right if right is None else right
        self.buttons["reset"] = UIButton(pygame.Rect(right - reset_w, inner.y, reset_w, button_h), "Reset…",
                                         self.ui, tool_tip_text=f"Clear every record of {game.title}")
        right -= reset_w + gap
        left = inner.x + text_width(self.ui, game.title, HEADING) + 24 if left is None else left
        right = self._build_person_menu(pygame.Rect(left, inner.y, right - left, button_h), gap)
        if title:
            UILabel(pygame.Rect(inner.x, inner.y + (button_h - heading_h) // 2, right - inner.x, heading_h),
                    game.title, self.ui, object_id="#heading")
        y = inner.y + button_h + gap * 2
        bottom = inner.bottom
        if self.message:
            lines = wrap(self.ui, self.message, inner.width - 8)[:4]
            bottom -= len(lines) * line_h
            for i, line in enumerate(lines):
                UILabel(pygame.Rect(inner.x, bottom + i * line_h, inner.width, line_h), line, self.ui,
                        object_id="#error")
            bottom -= gap
        shown = history_games(game, self.records, self.person)
        copies = [kept_copy(game, past) for past in shown]
        notes = history_notes(self.records.get(stats.key(game.id, "", self.person), GameStats()),
                              replayable=all(copies))
        for line in reversed([part for note in notes for part in wrap(self.ui, note, inner.width - 8)]):
            bottom -= line_h
            UILabel(pygame.Rect(inner.x, bottom, inner.width, line_h), line, self.ui, object_id="#muted")
        px = int(15 * s)
        records = TableArt(self.fonts, record_table(game, self.records, self.person), inner.width, px, s)
        self.record_rows = records.table.rows
        self.images.append((records.image(), (inner.x, y)))
        y += records.row_h * (len(records.table.rows) + 1) + gap * 3
        # The last games: a page of as many as fit, with Newer and Older when there are more.
        row_h = max(heading_h, button_h)
        label_w = text_width(self.ui, "Last games", HEADING) + 24
        UILabel(pygame.Rect(inner.x, y + (row_h - heading_h) // 2, label_w, heading_h), "Last games",
                self.ui, object_id="#heading")
        replay_w = text_width(self.ui, "Replay last", BUTTON) + 40
        self.buttons["replay"] = UIButton(pygame.Rect(inner.x + label_w, y + (row_h - button_h) // 2, replay_w,
                                                      button_h), "Replay last", self.ui,
                                          tool_tip_text=f"Watch the last finished game of {game.title} move by move")
        if not last_game_path(game.id).exists():
            self.buttons["replay"].disable()
        action_w = max(text_width(self.ui, t) for t in ("Replay", "Not kept")) + 24
        past = TableArt(self.fonts, history_table(game, self.records, self.person), inner.width - action_w - gap,
                        px, s)
        top = y + row_h + gap
        per_page = max(1, (bottom - top) // past.row_h - 1)
        self.pages = max(1, -(-len(past.table.rows) // per_page))
        self.page = min(self.page, self.pages - 1)
        if not past.table.rows:
            UILabel(pygame.Rect(inner.x, top, inner.width, line_h), "No games yet.", self.ui, object_id="#muted")
            self.history_rows = ()
            return
        if self.pages > 1:
            page_w = text_width(self.ui, "Older", BUTTON) + 36
            for k, (name, text) in enumerate((("older", "Older"), ("newer", "Newer"))):
                rect = pygame.Rect(inner.right - (k + 1) * page_w - k * gap, y + (row_h - button_h) // 2, page_w,
                                   button_h)
                self.buttons[name] = UIButton(rect, text, self.ui)
            if self.page == 0:
                self.buttons["newer"].disable()
            if self.page == self.pages - 1:
                self.buttons["older"].disable()
            label = f"Page {self.page + 1} of {self.pages}"
            label_w = text_width(self.ui, label) + 12
            UILabel(pygame.Rect(inner.right - 2 * page_w - gap * 2 - label_w, y + (row_h - button_h) // 2, label_w,
                                button_h), label, self.ui, object_id="#muted")
        rows = slice(self.page * per_page, (self.page + 1) * per_page)
        self.history_rows = past.table.rows[rows]
        self.images.append((past.image(rows), (inner.x, top)))
        self._build_row_actions(copies[rows], shown[rows], pygame.Rect(inner.x + past.width + gap, top + past.row_h,
                                                                       action_w, past.row_h))

    def _build_row_actions(self, copies: list[Path | None], games: list[stats.PastGame], first: pygame.Rect) -> None:
        """At the end of each shown history row (the first at `first`): Replay for a game kept for replay, else a
        muted "Not kept" that says why on hover."""
        self.row_copies, self.not_kept = {}, []
        for i, (copy, past) in enumerate(zip(copies, games, strict=True)):
            rect = first.move(0, i * first.height).inflate(0, -2)
            if copy is not None:
                name = f"replay:{i}"
                self.buttons[name] = UIButton(rect, "Replay", self.ui,
                                              tool_tip_text=f"Watch the game of {past.when} move by move")
                self.row_copies[name] = copy
            else:
                label = UILabel(rect, "Not kept", self.ui, object_id="#muted")
                label.set_tooltip(GONE if past.kept else NEVER_KEPT)
                self.not_kept.append(label)

    def _build_person_menu(self, room: pygame.Rect, gap: int) -> int:
        """The picker of whose records are shown, at the right of `room`, when people have played the game at one
        table (and it fits); the left edge of what it took (`room.right` when none is shown)."""
        names = stats.people(self.records, self.game.id)
        if not names:
            return room.right
        choices = [(EVERYONE, EVERYONE), *((name, PERSON + name) for name in names)]
        width = min(room.width, max(text_width(self.ui, text, BUTTON) for text, _ in choices) + 60)
        if width < 100 * self.ui_scale:
            return room.right
        chosen = next(c for c in choices if c[1] == (PERSON + self.person if self.person else EVERYONE))
        self.person_menu = UIDropDownMenu(cast(DropDownOptions, choices), chosen,
                                          pygame.Rect(room.right - width, room.y, width, room.height), self.ui)
        return room.right - width - gap

    # ----- actions -------------------------------------------------------------------------
    def choose(self, game_id: str) -> None:
        """Show the game `game_id`'s statistics."""
        self.game = next(g for g in INFOS if g.id == game_id)
        self.page = 0
        if self.person not in stats.people(self.records, game_id):
            self.person = ""
        self.build()

    def show_person(self, name: str) -> None:
        """Show `name`'s records ("": everyone's)."""
        self.person, self.page = name, 0
        self.build()

    def replay_last(self) -> None:
        """The replay of the chosen game's last finished game (the menu's Replay last); leaving it comes back here."""
        problem = self.app.navigator.replay_last(self.game.id, back_to=self)
        if problem:
            self.message = problem
            self.build()

    def replay_row(self, name: str) -> None:
        """The replay of the history row whose Replay button is `name`; a damaged copy is set aside and said."""
        problem = self.app.navigator.replay_file(self.row_copies[name], self.game.id, back_to=self)
        if problem:
            self.message = problem
            self.build()

    def turn_page(self, step: int) -> None:
        """Older games (`step` 1) or newer ones (-1)."""
        self.page = max(0, min(self.pages - 1, self.page + step))
        self.build()

    def ask_reset(self) -> None:
        """Ask before the chosen game's records are cleared."""
        every = ", in every variant," if has_variants(self.game) else ""
        self.confirm = ConfirmDialog(
            self.ui, f"Clear every record of {self.game.title}{every} and its last games? Other games keep theirs.",
            title="Reset the statistics", yes="Yes, clear", no="No, keep", scale=self.ui_scale)

    def reset(self) -> None:
        """Clear the chosen game's records (the answer Yes)."""
        problem = stats.reset(self.game.id)
        found = stats.read_all()
        self.records, self.message = found.records, " ".join(filter(None, (problem, found.problem)))
        self.page, self.person = 0, ""
        self.build()

    def back(self) -> None:
        self.app.navigator.menu()

    # ----- Scene hooks ---------------------------------------------------------------------
    def focusable(self) -> dict[str, Any]:
        """What the keyboard's focus goes through, in Tab order: the buttons, then the lists of games and people."""
        lists = {"list:game": self.game_menu, "list:person": self.person_menu}
        return {**self.buttons, **{key: menu for key, menu in lists.items() if menu is not None}}

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.focus.handle(event, self.focusable(), self.confirm):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            if name is None:
                return
            if name.startswith("game:"):
                self.choose(name[5:])
            elif name == "reset":
                self.ask_reset()
            elif name == "replay":
                self.replay_last()
            elif name in self.row_copies:
                self.replay_row(name)
            elif name in ("older", "newer"):
                self.turn_page(1 if name == "older" else -1)
            elif name == "back":
                self.back()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.game_menu:
            self.choose(event.selected_option_id)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.person_menu:
            chosen = event.selected_option_id
            self.show_person(chosen[len(PERSON):] if chosen.startswith(PERSON) else "")
        elif event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            self.reset()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.confirm is not None and self.confirm.alive():
                self.confirm.kill()  # Esc answers No
            else:
                self.back()

    def next_change(self) -> None:
        """Nothing here moves by itself: the screen changes only when the person acts."""
        return None

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build()

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn above the widgets: the keyboard's focus."""
        self.focus.draw(surface, self.focusable(), self.confirm, self.ui_scale)

    def draw(self, surface: pygame.Surface) -> None:
        draw_vignette(surface)
        draw_panel(surface, self.panel_rect)
        for image, at in self.images:
            surface.blit(image, at)
