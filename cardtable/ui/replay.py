"""Replay of a finished game: the table's picture and animations, stepping through the log; nobody plays.

It is made of the table's parts (its sprites, its animations, its status bar) and the game's layout, but no turn
driver, no bots and no input on the cards: everything is public, and the buttons and keys move through the log.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from cardtable.core.layout import GameLayout, TableLayout
from cardtable.core.words import Names
from cardtable.session.match import Match
from cardtable.session.replay import Replay
from cardtable.storage import ANIMATION_SECONDS
from cardtable.ui.table.animate import Animator, Choreography
from cardtable.ui.table.sprites import TableSprites
from cardtable.ui.table.view import CardLook, StatusBar, place_cards, place_panels, table_context
from cardtable.ui.theme import BUTTON_H, Fonts
from cardtable.ui.window import App, Scene

AUTO_STEP_SECONDS = 0.7
NORMAL_SECONDS = ANIMATION_SECONDS["normal"]


class ReplayScene(Scene):
    """Steps forwards and backwards through a match's log; no moves can be made.  Its first button (or Esc) goes
    back to `back_to`, the scene it was opened from (the statistics), else to the menu."""

    def __init__(self, app: App, match: Match, back_to: Scene | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.back_to = back_to
        self.replay = Replay(match)
        self.game_layout: GameLayout = match.game.layout
        people = [i for i, s in enumerate(match.seats) if s.is_person]
        self.viewer = people[0] if len(people) == 1 else None  # with several people, nobody's hand is private
        self.fonts = Fonts()
        self.sprites = TableSprites()
        self.choreography = Choreography(self, NORMAL_SECONDS)
        self.status_bar = StatusBar(self.fonts)
        self.buttons: dict[str, UIButton] = {}
        self.playing = False
        self.auto_wait = 0.0
        self.set_layout(self.build_layout())
        self._build_buttons()

    @property
    def state(self) -> Any:
        return self.replay.state

    @property
    def animator(self) -> Animator:
        return self.choreography.animator

    def drawn_at(self) -> dict[Hashable, Any]:
        return self.sprites.rects()

    def build_layout(self) -> TableLayout:
        context = table_context(self.app.size, tuple(s.name for s in self.match.seats), self.viewer, self.ui_scale)
        return self.game_layout.build(self.state.view(self.viewer), context)

    def set_layout(self, layout: TableLayout) -> None:
        self.layout = layout
        self.sprites.retarget(layout, self.app.art.slot)

    @property
    def animation_seconds(self) -> float:
        return ANIMATION_SECONDS.get(self.app.settings.animation_speed, 0.25)

    def _build_buttons(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}
        x = 10
        for name, text, tip in (
            ("menu", *(("Menu", "Back to the menu (Esc)") if self.back_to is None
                       else ("Back", "Back to the statistics (Esc)"))),
            ("start", "|<", "To the start (Home)"),
            ("back", "<", "One move back (Left)"),
            ("play", "Pause" if self.playing else "Play", "Play the moves one after another (Space)"),
            ("forward", ">", "One move on (Right)"),
            ("end", ">|", "To the end (End)"),
        ):
            s = self.ui_scale
            width = int((84 if len(text) > 2 else 52) * s)
            self.buttons[name] = UIButton(pygame.Rect(x, 8, width, int(BUTTON_H * s)), text, self.ui, tool_tip_text=tip)
            x += width + 8

    # ----- moving through the log --------------------------------------------------------------------
    def step_forward(self) -> bool:
        if self.replay.position >= len(self.replay):
            return False
        before, old = self.drawn_at(), self.layout
        events = self.replay.forward()
        self.animator.clear()
        self.choreography.animate(before, old, self.build_layout(), events)
        return True

    def step_back(self) -> None:
        before, old = self.drawn_at(), self.layout
        if self.replay.back():
            self.animator.clear()
            self.choreography.animate(before, old, self.build_layout(), [])

    def seek(self, position: int) -> None:
        self.replay.seek(position)
        self.animator.clear()
        self.set_layout(self.build_layout())

    def toggle_play(self) -> None:
        self.playing = not self.playing
        if self.playing and self.replay.position >= len(self.replay):
            self.seek(0)
        self.auto_wait = 0.0
        self._build_buttons()

    def to_menu(self) -> None:
        if self.back_to is not None:
            self.app.navigator.reopen(self.back_to)
        else:
            self.app.navigator.menu()

    # ----- scene hooks -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        commands = {
            "menu": self.to_menu,
            "start": lambda: self.seek(0),
            "back": self.step_back,
            "play": self.toggle_play,
            "forward": self.step_forward,
            "end": lambda: self.seek(len(self.replay)),
        }
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((n for n, b in self.buttons.items() if b is event.ui_element), None)
            if name in commands:
                commands[name]()
        elif event.type == pygame.KEYDOWN:
            keys = {pygame.K_ESCAPE: "menu", pygame.K_HOME: "start", pygame.K_LEFT: "back", pygame.K_SPACE: "play",
                    pygame.K_RIGHT: "forward", pygame.K_END: "end"}
            if event.key in keys:
                commands[keys[event.key]]()

    def update(self, dt: float) -> None:
        self.animator.update(dt)
        if self.playing and not self.animator.busy:
            self.auto_wait += dt
            if self.auto_wait >= AUTO_STEP_SECONDS:
                self.auto_wait = 0.0
                if not self.step_forward():
                    self.playing = False
                    self._build_buttons()

    def next_change(self) -> float | None:
        """A move is moving (0), or the next one is due while the replay plays; otherwise nothing moves."""
        if self.animator.busy:
            return 0.0
        return max(0.0, AUTO_STEP_SECONDS - self.auto_wait) if self.playing else None

    def on_resize(self, size: tuple[int, int]) -> None:
        self.animator.clear()
        self.set_layout(self.build_layout())
        self._build_buttons()

    def draw(self, surface: pygame.Surface) -> None:
        place_panels(self.sprites, self.layout, self.fonts, lambda zone: "", self.ui_scale)
        look = CardLook(self.app.art, self.app.settings.card_back, self.game_layout.face)
        place_cards(self.sprites, look, self.layout.card_size,
                    self.animator.flights, {}, set(), {})
        self.sprites.draw(surface)
        self.status_bar.draw(surface, self.status_text(), "", False, self.ui_scale, None, None)

    def status_text(self) -> str:
        n, total = self.replay.position, len(self.replay)
        if n == 0:
            return f"Replay: the deal \u00b7 {total} moves"
        entry = self.replay.entries[n - 1]
        said = self.match.game.narration.action(entry.action, Names.of(seat.name for seat in self.match.seats))
        return f"Replay: move {n} of {total} \u00b7 {self.match.seats[entry.seat].name}: {said}"
