"""The table's deals: restarting this deal, choosing one by its number, and waiting for a winnable one.

Every deal is numbered by its seed ("Deal #1234567", beside the clock).  The Deal button (or D) opens a small menu:
Restart this deal (R), Choose a deal…, Cancel.  A game under way is left only after a question; the statistics
count a restarted deal once (`Match.restarted`).  When the game's options ask for winnable deals, a new random
deal waits for the game's solver (`cardtable.session.deal_search`), with a cue on the table, before it is shown.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextEntryLine

from cardtable.bots.worker import Thinking
from cardtable.core.engine import Action
from cardtable.session.deal_search import SEED_RANGE, FoundDeal, Listed, listed_deal, start_search
from cardtable.session.match import Match, Seat
from cardtable.ui import theme
from cardtable.ui.table.records import count_given_up
from cardtable.ui.theme import BUTTON_H

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene

MENU = (("deal:restart", "Restart this deal"), ("deal:choose", "Choose a deal\u2026"), ("deal:cancel", "Cancel"))
CHOOSE_BUTTONS = (("deal:go", "Play this deal"), ("deal:close", "Cancel"))
SEARCH_TEXT = "Finding a winnable deal\u2026"
CHOOSE_HELP = f"Type a deal number from 0 to {SEED_RANGE - 1:,}."


def deal_label(seed: int) -> str:
    """How a deal is named on the table."""
    return f"Deal #{seed}"


def parse_deal_number(text: str) -> int | str:
    """The deal number typed (an int), or why it cannot be one (a str for the person)."""
    digits = text.strip().lstrip("#").replace(",", "").replace(" ", "")
    if not digits:
        return "Type a deal number."
    if not digits.isdigit() or not digits.isascii():
        return "A deal number is made of digits only."
    number = int(digits)
    if number >= SEED_RANGE:
        return f"Deal numbers go from 0 to {SEED_RANGE - 1}."
    return number


class TableDeals:
    """The deal menu, the deal-number dialog and the search for a winnable deal of one table."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.menu: UIPanel | None = None
        self.dialog: UIPanel | None = None
        self.entry: UITextEntryLine | None = None
        self.error_label: UILabel | None = None
        self.search: Thinking[FoundDeal] | Listed | None = None
        self.search_time = 0.0  # seconds the search has run (for the cue)

    # ----- the winnable-deal search ----------------------------------------------------------------
    def start_search(self) -> None:
        """Look for a proved deal when the match needs one (see `cardtable.session.deal_search.needs_search`)."""
        self.search = start_search(self.scene.match.game, self.scene.match)
        self.search_time = 0.0

    @property
    def searching(self) -> bool:
        return self.search is not None

    def update(self, dt: float) -> None:
        """Collect the search's deal when it is ready, and show it."""
        if self.search is None:
            return
        self.search_time += dt
        if not self.search.done():
            return
        job, self.search = self.search, None
        try:
            found: FoundDeal = job.result()
        except Exception:  # noqa: BLE001 - a solver fault must not stop the game: the random deal is shown
            self.scene.say("No winnable deal could be looked for; this deal is not proved winnable.", error=True)
            return
        if not found.proved:
            self.scene.say("No deal was proved winnable in time; this deal may not be winnable.", error=True)
            return
        self.start_match(found.seed, proof=found.proof)

    def start_match(self, seed: int | None, restarted: bool = False,
                    proof: tuple[Action, ...] | None = None) -> None:
        """A new match at this table: deal `seed` (None: a random one), the same seats and options.  `restarted`:
        the deal just left, played again; `proof`: the deal's winning line, when one is known.  The match left
        counts as given up if it was under way."""
        scene = self.scene
        old = scene.match
        self.cancel_search()
        if seed is None:  # a deal proved winnable before, when the options ask for one (none: looked for there)
            seed = listed_deal(old.game, old.options, random.Random(), avoid=old.seed)
        scene.app.notices.extend(filter(None, [count_given_up(old)]))  # the new table says it
        seats = [Seat("human", s.name) if s.handed_over else s for s in old.seats]  # the person is back
        fresh = Match(old.game, seats, old.options, seed=seed)
        fresh.restarted, fresh.proof = restarted, proof
        fresh.saver, old.saver = old.saver, None  # the old match must not save over the new one
        fresh.save_due = fresh.saver is not None  # saved by the new table as it is made
        scene.app.navigator.table(fresh)

    def cancel_search(self) -> None:
        if self.search is not None:
            self.search.cancel()
            self.search = None

    def draw_cue(self, surface: pygame.Surface) -> None:
        """The cue while a deal is searched: the table covered (the deal under it is not the one to come), and a
        line that says what is going on, its dots counting the time."""
        scale = self.scene.ui_scale
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        title = self.scene.fonts.get(round(26 * scale), bold=True).render(SEARCH_TEXT.rstrip("\u2026"), True,
                                                                           theme.GOLD)
        dots = self.scene.fonts.get(round(26 * scale), bold=True).render(
            "." * (1 + int(self.search_time * 3) % 3), True, theme.GOLD)
        sub = self.scene.fonts.get(round(16 * scale)).render(
            "Every deal shown is one the solver has won. Esc: back to the menu.", True, theme.INK)
        top = h // 2 - title.get_height()
        left = (w - title.get_width() - dots.get_width()) // 2
        surface.blit(title, (left, top))
        surface.blit(dots, (left + title.get_width(), top))
        surface.blit(sub, sub.get_rect(midtop=(w // 2, top + title.get_height() + int(14 * scale))))

    # ----- the deal menu ---------------------------------------------------------------------------
    def toggle_menu(self) -> None:
        """Open the deal menu under the Deal button, or close it."""
        if self.menu is not None:
            self.close()
            return
        self.close()
        scene = self.scene
        s = scene.ui_scale
        font = scene.panels.font
        bh = int(BUTTON_H * s)
        w = max(font.size(text)[0] for _, text in MENU) + int(40 * s)
        anchor = scene.buttons["deal"].rect
        h = len(MENU) * (bh + 6) + 14
        left = max(4, min(anchor.left, scene.app.size[0] - w - 4))
        self.menu = UIPanel(pygame.Rect(left, anchor.bottom + 4, w, h), manager=scene.ui)
        for k, (name, text) in enumerate(MENU):
            rect = pygame.Rect(4, 4 + k * (bh + 6), w - 14, bh)
            scene.buttons[name] = UIButton(rect, text, scene.ui, container=self.menu)

    def open_chooser(self) -> None:
        """The dialog that asks for a deal number."""
        self.close()
        scene = self.scene
        s = scene.ui_scale
        sw, sh = scene.app.size
        bh = int(BUTTON_H * s)
        w, h = min(sw - 20, int(420 * s)), int(150 * s) + bh
        self.dialog = UIPanel(pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h), manager=scene.ui)
        UILabel(pygame.Rect(16, 8, w - 32, int(34 * s)), "Choose a deal", scene.ui, container=self.dialog,
                object_id="#heading")
        self.entry = UITextEntryLine(pygame.Rect(16, int(46 * s), w - 36, int(36 * s)), scene.ui,
                                     container=self.dialog, placeholder_text="Deal number")
        self.entry.set_text_length_limit(14)
        self.entry.focus()
        self.error_label = UILabel(pygame.Rect(16, int(86 * s), w - 36, int(26 * s)), CHOOSE_HELP, scene.ui,
                                   container=self.dialog, object_id="#muted")
        bw = (w - 36 - 12) // 2
        for k, (name, text) in enumerate(CHOOSE_BUTTONS):
            rect = pygame.Rect(16 + k * (bw + 12), h - bh - 16, bw, bh)
            scene.buttons[name] = UIButton(rect, text, scene.ui, container=self.dialog)

    def close(self) -> bool:
        """Close the deal menu or the dialog; False if neither was open."""
        was_open = self.menu is not None or self.dialog is not None
        for name, _ in (*MENU, *CHOOSE_BUTTONS):
            self.scene.buttons.pop(name, None)
        for panel in (self.menu, self.dialog):
            if panel is not None:
                panel.kill()
        self.menu = self.dialog = self.entry = self.error_label = None
        return was_open

    @property
    def open(self) -> bool:
        """Whether the deal menu or the deal-number dialog is open."""
        return self.menu is not None or self.dialog is not None

    def owns(self, element: object) -> bool:
        return element is not None and element is self.entry

    # ----- what the person asked for ---------------------------------------------------------------
    def pressed(self, name: str) -> None:
        """A button of the deal menu or dialog was pressed."""
        if name == "deal:restart":
            self.close()
            self.restart()
        elif name == "deal:choose":
            self.open_chooser()
        elif name == "deal:go":
            self.submit()
        else:
            self.close()

    def restart(self) -> None:
        """Play this deal again from the start (after a question if a game is under way)."""
        scene = self.scene
        match = scene.match
        again = lambda: self.start_match(match.seed, restarted=True, proof=match.proof)  # noqa: E731
        if match.log and not match.state.is_over() and scene.people:
            scene.panels.ask(f"Restart {deal_label(match.seed)} from the beginning?", again)
        else:
            again()

    def submit(self) -> None:
        """Play the deal typed in the dialog (after a question if a game is under way), or say what is wrong."""
        if self.entry is None:
            return
        number = parse_deal_number(self.entry.get_text())
        if isinstance(number, str):
            if self.error_label is not None:
                self.error_label.set_text(number)
            return
        self.close()
        scene = self.scene
        match = scene.match
        play = lambda: self.start_match(number)  # noqa: E731
        if match.log and not match.state.is_over() and scene.people:
            scene.panels.ask(f"Leave this game for {deal_label(number)}? This one counts as a loss.", play)
        else:
            play()
