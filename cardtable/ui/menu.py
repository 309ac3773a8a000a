"""The main menu: the list of games, the new-table form generated from a game's options, resume, settings, quit.

Everything is laid out from the window size; a resize clears the UIManager and rebuilds every widget
(the choices made so far are read back from the widgets first, so nothing typed is lost).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from cardtable import stats
from cardtable.core.cards import Card
from cardtable.files.instance import SECOND_COPY
from cardtable.games import CATALOGUE, CatalogueEntry, get_game
from cardtable.session.later import AutosaveLater
from cardtable.session.stamps import saved_when
from cardtable.storage import autosave_path, last_game_path
from cardtable.ui.confirm import ConfirmDialog
from cardtable.ui.keyfocus import ButtonFocus
from cardtable.ui.menu_form import LABEL_MARGIN, FormWidgets, TableForm, fit_text
from cardtable.ui.menu_games import build_game_list
from cardtable.ui.menu_memory import remember, remember_game, restore_form, write_remembered
from cardtable.ui.menu_questions import ask_new_game, ask_quit, host_button, host_online, open_notice
from cardtable.ui.preload import Preload, settle_memory
from cardtable.ui.save_loading import SaveLoading, latest_autosave
from cardtable.ui.showcase import card_fan, showcase_area, showcase_image
from cardtable.ui.widgets import (
    BUTTON,
    HEADING,
    clamp,
    draw_panel,
    draw_vignette,
    line_height,
    pack,
    text_width,
    wrap,
)
from cardtable.ui.window import App, Scene

if TYPE_CHECKING:  # the session comes with the first table (the menu's first frame needs none of it)
    from cardtable.session.match import Match, Seat

log = logging.getLogger("cardtable")

class MenuScene(Scene):
    """The first screen: pick a game, set up the table, start or resume it."""

    left_rect: pygame.Rect  # the game list's column, laid out by `build_game_list`

    def __init__(self, app: App, message: str = "") -> None:
        super().__init__(app)
        memory = app.navigator.menu_memory  # what the menu showed when it was last left
        first = next((e for e in CATALOGUE if e.built), CATALOGUE[0])
        # the game of the table the menu is opened from, or the one last shown, or after a restart the one last played
        picked = memory.get("game") or app.settings.last_game
        self.selected_game: str = picked if any(e.id == picked and e.built for e in CATALOGUE) else first.id
        self.message = " ".join(filter(None, (message, app.take_notices())))
        self.forms: dict[str, TableForm] = memory.setdefault("forms", {})
        self.buttons: dict[str, UIButton] = {}
        self.form_widgets = FormWidgets(self.ui)
        self.message_labels: list[UILabel] = []
        self.stats_labels: list[UILabel] = []
        self.coming_soon_labels: dict[str, UILabel] = {}
        self.confirm_quit: ConfirmDialog | None = None
        self.confirm_new: ConfirmDialog | None = None  # asked before a new game takes an unfinished one's place
        self.notice: ConfirmDialog | None = None  # a message the panel had no room for
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.fan_rect = pygame.Rect(0, 0, 0, 0)
        self._fan: pygame.Surface | None = None  # the title's four aces
        self.showcase_rect = pygame.Rect(0, 0, 0, 0)
        self._showcase: pygame.Surface | None = None
        #: The scene's first frame leaves out the cards (the title's aces, the game's showcase, for which the game is
        #: loaded): the widgets show at once, the cards a frame later.
        self._first_frame = True
        self.focus = ButtonFocus("new")  # Tab and the arrows move it over the buttons; Enter or Space presses one
        self.loading: SaveLoading | None = None  # a save being opened (on its own thread)
        self.loading_label: UILabel | None = None
        self.preload = Preload()  # the table's modules, imported while the menu waits (after its cards are drawn)
        self.build()

    # The form's widgets, under the names the menu has always shown them by.
    option_menus = property(lambda self: self.form_widgets.option_menus)
    player_menu = property(lambda self: self.form_widgets.player_menu)
    seat_kind_menus = property(lambda self: self.form_widgets.seat_kind_menus)
    seat_name_entries = property(lambda self: self.form_widgets.seat_name_entries)

    # ----- queries -------------------------------------------------------------------------
    @property
    def entry(self) -> CatalogueEntry:
        return next(e for e in CATALOGUE if e.id == self.selected_game)

    def form(self) -> TableForm | None:
        info = self.entry.info  # what the form needs of the game: it is not loaded for it
        if info is None:
            return None
        if self.selected_game not in self.forms:
            self.forms[self.selected_game] = restore_form(info, self.app.settings.last_forms.get(info.id))
        return self.forms[self.selected_game]

    def form_values(self, write: bool = True) -> tuple[dict[str, Any], list[Seat]]:
        """The options and seats the form shows now (what "New game" would start); `write`: see `_harvest`."""
        self._harvest(write)
        form = self.form()
        if form is None:
            return {}, []
        return dict(form.options), form.seats()

    # ----- building ------------------------------------------------------------------------
    def _harvest(self, write: bool = True) -> None:
        """Copy the widgets' current values into the form state (before a rebuild, a start or leaving), and into the
        settings (`write=False`: the table being opened writes them, in a frame of its own)."""
        self.app.navigator.menu_memory["game"] = self.selected_game
        form = self.form()
        if form is not None:
            self.form_widgets.harvest(form)
            remember(self.app, self.selected_game, form, write)  # in the settings file: kept after a restart too

    def build(self) -> None:
        """(Re)create every widget for the current window size."""
        self.ui.clear_and_reset()
        self.buttons = {}
        self.form_widgets = FormWidgets(self.ui)
        self.message_labels = []
        self.stats_labels = []
        self.coming_soon_labels = {}
        self.confirm_quit = self.confirm_new = None
        self.notice = None
        self._fan = None
        self._showcase = None
        self.showcase_rect = pygame.Rect(0, 0, 0, 0)
        found = stats.read_all()  # a damaged file is kept aside, and said once
        self.records = found.records
        if found.problem:
            self.message = " ".join(filter(None, (self.message, found.problem)))
        width, height = self.app.size
        s = self.ui_scale  # a big window: bigger text, and room for it
        self.margin = clamp(min(width * 0.022, height * 0.03), 14, 40 * s)
        self.gap = clamp(height * 0.009, 5, 10 * s)
        self.control_h = clamp(height * 0.045, 30, 40 * s)
        build_game_list(self, width, height)
        self._build_panel(width, height)
        if self.loading is not None:  # while a save loads, nothing but Quit can be pressed
            for button in (b for name, b in self.buttons.items() if name != "quit"):
                button.disable()

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
        rules_w = text_width(self.ui, "Rules", BUTTON) + 40 if entry.built else 0
        UILabel(pygame.Rect(inner.x, y, inner.width - rules_w, heading_h), entry.title, self.ui, object_id="#heading")
        if rules_w:
            self.buttons["rules"] = UIButton(pygame.Rect(inner.right - rules_w, y, rules_w, heading_h), "Rules",
                                             self.ui, tool_tip_text=f"How to play {entry.title} (F1)")
        y += heading_h + 2
        button_w = clamp(inner.width * 0.22, 120, 190 * self.ui_scale)
        button_h = ch + 4
        blurb = wrap(self.ui, entry.blurb, inner.width - 8)
        if form is not None:  # a small window and a long form: the blurb (also the game button's tip) makes room
            low = button_h + gap * 2 + self._note_height(entry, inner, button_w, line_h, gap)
            if self.message:
                low += len(wrap(self.ui, self.message, inner.width - 8)[:8]) * line_h + gap
            form_h = self.form_widgets.height(form, inner.width, ch, gap, line_h) + 2
            if y + len(blurb) * line_h + gap * 2 + form_h > inner.bottom - low:
                blurb = []
        for line in blurb:
            UILabel(pygame.Rect(inner.x, y, inner.width, line_h), line, self.ui, object_id="#muted")
            y += line_h
        y += gap * 2
        self.separator_y = y - gap
        if form is None:
            return

        # Bottom up: the buttons, what the autosave is, the message, the statistics.
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
        bottom -= button_h + gap * 2
        if save.exists():  # beside the buttons when it fits there, else on its own line above them
            note = f"Unfinished game saved {saved_when(save)}"
            note_w = inner.right - slot * button_w - gap * 2 * (slot - 1) - inner.x - gap * 2
            if not self._note_height(entry, inner, button_w, line_h, gap):
                UILabel(pygame.Rect(inner.x, bottom + gap * 2 + (button_h - line_h) // 2, note_w, line_h), note,
                        self.ui, object_id="#muted")
            else:
                bottom -= line_h
                UILabel(pygame.Rect(inner.x, bottom, inner.width, line_h),
                        fit_text(self.ui, note, inner.width - LABEL_MARGIN), self.ui, object_id="#muted")
                bottom -= gap
        self.loading_label = None
        if self.loading is not None:  # how far the save being opened is
            bottom -= line_h + gap
            self.loading_label = UILabel(pygame.Rect(inner.x, bottom + gap, inner.width, line_h),
                                         self.loading.text(), self.ui, object_id="#muted")
        lines = wrap(self.ui, self.message, inner.width - 8)[:8] if self.message else []
        form_h = self.form_widgets.height(form, inner.width, ch, gap, line_h) + 2
        if lines and bottom - len(lines) * line_h - gap - y < form_h:  # no room beside the form: a notice over it
            open_notice(self, self.message)
            lines = []
        if lines:
            bottom -= len(lines) * line_h
            for i, line in enumerate(lines):
                label = UILabel(pygame.Rect(inner.x, bottom + i * line_h, inner.width, line_h), line, self.ui,
                                object_id="#error")
                self.message_labels.append(label)
            bottom -= gap
        game, chosen = entry.info, form.options  # the record of the variant the form shows
        assert game is not None  # a form is made only for a built game
        total = game.running_total(chosen) if self.app.settings.running_total else None
        stat_lines = self.records.get(stats.key(entry.id, game.variant(chosen)), stats.GameStats()).lines(
            timed=form.rules.players.stop - 1 == 1, total=total)
        wrapped = pack(self.ui, stat_lines, inner.width - 8)
        stats_h = (len(wrapped) + 1) * line_h + gap
        room_for_form = bottom - y - stats_h
        show_stats = room_for_form >= self.form_widgets.height(form, inner.width, ch, gap, line_h, compact=True)
        if show_stats:
            bottom -= len(wrapped) * line_h
            for i, line in enumerate(wrapped):
                label = UILabel(pygame.Rect(inner.x, bottom + i * line_h, inner.width, line_h), line, self.ui,
                                object_id="#muted")
                self.stats_labels.append(label)
            bottom -= line_h
            variant = game.variant_label(chosen)
            UILabel(pygame.Rect(inner.x, bottom, inner.width, line_h),
                    f"Your record: {variant}" if variant else "Your record", self.ui)
            bottom -= gap
        form_bottom = self.form_widgets.build(form, pygame.Rect(inner.x, y, inner.width, bottom - y), ch, gap, line_h)
        host_button(self, self.form_widgets.players_row)
        band = pygame.Rect(inner.x, form_bottom + gap * 3, inner.width, bottom - form_bottom - gap * 5)
        side_x = self.form_widgets.right() + gap * 3
        self.showcase_rect = showcase_area(band, pygame.Rect(side_x, y, inner.right - side_x, form_bottom - y))

    def _note_height(self, entry: CatalogueEntry, inner: pygame.Rect, button_w: int, line_h: int, gap: int) -> int:
        """The height the note on the unfinished game takes above the buttons (0: none, or beside them)."""
        save = autosave_path(entry.id)
        if not save.exists():
            return 0
        slot = 2 + last_game_path(entry.id).exists()  # New game, Resume, and Replay last
        note_w = inner.right - slot * button_w - gap * 2 * (slot - 1) - inner.x - gap * 2
        fits = text_width(self.ui, f"Unfinished game saved {saved_when(save)}") + LABEL_MARGIN <= note_w
        return 0 if fits else line_h + gap

    # ----- actions -------------------------------------------------------------------------
    def select_game(self, game_id: str) -> None:
        entry = next((e for e in CATALOGUE if e.id == game_id), None)
        if entry is None or not entry.built or game_id == self.selected_game:
            return
        self._harvest()
        self.selected_game = game_id
        self.message = ""
        self.build()

    @property
    def question(self) -> ConfirmDialog | None:
        """The dialog open now (quit, a new game over an unfinished one, or a notice), or None."""
        return next((q for q in (self.confirm_quit, self.confirm_new, self.notice) if q is not None and q.alive()),
                    None)

    def new_game(self) -> None:
        from cardtable.session.match import Match

        options, seats = self.form_values(write=False)
        try:  # saved by the table as it is made, before its first move (`Match.save_due`)
            match = Match(get_game(self.selected_game), seats, options, saver=self._saver(self.selected_game),
                          save_now=False)
        except (ValueError, KeyError) as exc:
            self.show_message(f"Cannot start this table: {exc}")
            return
        self._open_table(match)

    def resume(self, game_id: str | None = None) -> None:
        """Load the autosave of `game_id` (default: the selected game) on its own thread; `update` opens its table."""
        if self.loading is None:
            game_id = game_id or self.selected_game
            self._harvest()
            self.message = ""
            saver = self._saver(game_id)
            self.loading = SaveLoading(autosave_path(game_id), None if saver is None else saver.saver)
            self.build()

    def update(self, dt: float) -> None:
        loading = self.loading
        if loading is None and not self._cards_to_draw() and not self.preload.done:
            self.preload.run(self.app.work_clock)
            if self.preload.done:
                settle_memory()
        if loading is None or not loading.finished():
            if loading is not None and self.loading_label is not None:
                loading.show(self.loading_label)
            return
        self.loading = None
        match, problem = loading.outcome()
        if match is None:
            self.show_message(problem)
            return
        if match.load_notice:
            self.app.notices.append(match.load_notice)  # the table says it
        self._open_table(match)

    def _saver(self, game_id: str) -> AutosaveLater | None:
        """The game's autosave (made at its first use: a new game's table saves it after the click's frame), unless
        another copy of the app keeps the saves (then the table says so)."""
        if self.app.instance.claim():
            return AutosaveLater(game_id)
        self.app.notices.append(SECOND_COPY)
        return None

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
        problem = self.app.navigator.replay_last(self.selected_game)
        if problem:
            self.show_message(problem)

    def _open_table(self, match: Match) -> None:
        self._harvest(write=False)  # the settings are written once, by the table as it is made
        remember_game(self.app, match.game_id, write=False)
        try:
            self.app.navigator.table(match)
        except Exception as exc:  # never leave the person with a crashed window
            log.exception("opening the table failed")
            write_remembered(self.app)
            self.show_message(f"The table could not be opened: {exc}")

    def open_settings(self) -> None:
        self._harvest()
        self.app.navigator.settings()

    def open_rules(self) -> None:
        """The rules of the game picked; Back comes back to the menu as it is."""
        self._harvest()
        self.app.navigator.rules(self.selected_game)

    def show_message(self, text: str) -> None:
        """Show `text` in the error style in the panel (rebuilds, so Resume disappears if its file did)."""
        self._harvest()
        self.message = text
        self.build()

    # ----- Scene hooks ---------------------------------------------------------------------
    def focusable(self) -> dict[str, Any]:
        """What the keyboard's focus goes through, in Tab order: the games and the other buttons, then the form
        (options, players, each seat's name and kind) just before New game."""
        form: dict[str, Any] = {f"option:{name}": menu for name, menu in self.option_menus.items()}
        if self.player_menu is not None:
            form["players"] = self.player_menu
        for i, entry in enumerate(self.seat_name_entries):
            form[f"name:{i}"] = entry
            if i < len(self.seat_kind_menus):
                form[f"kind:{i}"] = self.seat_kind_menus[i]
        out: dict[str, Any] = {}
        for key, button in self.buttons.items():
            if key == "new":
                out.update(form)
            out[key] = button
        return out

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.loading is not None and event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE:
            return  # a save is opening: the keys wait (Esc still asks to quit)
        if self.focus.handle(event, self.focusable(), self.question):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            if name is None:
                return
            pressed: dict[str, Callable[[], object]] = {
                "new": partial(ask_new_game, self), "resume": self.resume, "resume_last": self.resume_last,
                "replay": self.replay_last, "settings": self.open_settings, "rules": self.open_rules,
                "host": partial(host_online, self), "join": self.app.navigator.join, "quit": self.app.quit}
            if name.startswith("game:"):
                self.select_game(name[5:])
            elif name == "statistics":
                self._harvest()
                self.app.navigator.statistics()
            elif name in pressed:
                pressed[name]()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            game = self.entry.info
            governing = {o.when[0] for o in game.options if o.when} | {
                o.name for o in game.options if o.custom} if game is not None else set()
            if game is not None and any(self.option_menus.get(n) is event.ui_element
                                        for n in (*game.variant_options, *governing)):
                self._harvest()  # another variant: its record; or other options now matter
                self.build()
            elif event.ui_element is self.player_menu:
                self._harvest()
                form = self.form()
                if form is not None:
                    form.resize(int(event.selected_option_id))
                    self.build()
            elif event.ui_element in self.seat_kind_menus:
                seat = self.seat_kind_menus.index(event.ui_element)
                form = self.form()
                if form is not None and seat < form.players:
                    entries = self.seat_name_entries[:form.players]
                    for i, entry in enumerate(entries):
                        form.names[i] = entry.get_text()
                    form.set_kind(seat, event.selected_option_id)
                    for i, entry in enumerate(entries):  # the people's default names may change with it
                        if entry.get_text() != form.names[i]:
                            entry.set_text(form.names[i])
        elif event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
            if event.ui_element is self.notice:
                self.message = ""
            elif event.ui_element is self.confirm_quit:
                self.app.quit()
            elif event.ui_element is self.confirm_new:
                self.new_game()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                ask_quit(self)
            elif event.key == pygame.K_F1 and "rules" in self.buttons:
                self.open_rules()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and "new" in self.buttons:
                if self.question is None:
                    ask_new_game(self)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn above the widgets: the keyboard's focus."""
        self.focus.draw(surface, self.focusable(), self.question, self.ui_scale)

    def next_change(self) -> float | None:
        """At once while cards the first frame left out are still to draw, or the table's modules to import; else
        nothing here moves by itself: it changes only when the person acts."""
        return 0.0 if self._cards_to_draw() or not self.preload.done else None

    def _cards_to_draw(self) -> bool:
        return self._fan is None or bool(self.showcase_rect.height and self._showcase is None)

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
        if self._fan is None and not self._first_frame:
            aces = [Card(1, "S"), Card(1, "H"), Card(1, "C"), Card(1, "D")]
            self._fan = card_fan(self.app.art, self.fan_rect.size, aces)
        if self._fan is not None:
            surface.blit(self._fan, self.fan_rect.topleft)
        if self.showcase_rect.height and self._showcase is None and not self._first_frame:
            game = self.entry.game  # loaded now: the layout draws the game's own faces
            assert game is not None  # a showcase is shown only for a built game
            self._showcase = showcase_image(self.app.art, self.app.settings.card_back, self.showcase_rect.size,
                                            game.showcase, game.layout.face)
        if self.showcase_rect.height and self._showcase is not None:
            surface.blit(self._showcase, self._showcase.get_rect(center=self.showcase_rect.center))
        self._first_frame = False
