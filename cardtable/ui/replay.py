"""Replay of a finished game: the table, read-only, stepping through the log."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from cardtable.session.match import Match
from cardtable.session.replay import Replay
from cardtable.session.turns import TurnDriver
from cardtable.ui.table import TableScene
from cardtable.ui.window import App

AUTO_STEP_SECONDS = 0.7


class ReplayScene(TableScene):
    """Steps forwards and backwards through a match's log; no moves can be made."""

    def __init__(self, app: App, match: Match) -> None:
        self.replay = Replay(match)
        self.playing = False
        self.auto_wait = 0.0
        super().__init__(app, match)
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.curtain_for = None
        self.animator.clear()
        self.layout = self._build_layout()

    @property
    def state(self):
        return self.replay.state

    def _make_driver(self) -> TurnDriver:
        return TurnDriver(self.match, bots=False)  # a replay plays nobody's moves

    @property
    def human_turn(self) -> bool:
        return False

    def _check_curtain(self) -> None:
        """Everything is public in a replay: no curtain."""

    def _on_game_over(self, celebrate: bool) -> None:
        self.game_over_handled = True

    def _build_buttons(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}
        self.action_buttons = {}
        x = 10
        for name, text, tip in (
            ("menu", "Menu", "Back to the menu (Esc)"),
            ("start", "|<", "To the start (Home)"),
            ("back", "<", "One move back (Left)"),
            ("play", "Pause" if self.playing else "Play", "Play the moves one after another (Space)"),
            ("forward", ">", "One move on (Right)"),
            ("end", ">|", "To the end (End)"),
        ):
            width = 84 if len(text) > 2 else 52
            self.buttons[name] = UIButton(pygame.Rect(x, 8, width, 36), text, self.ui, tool_tip_text=tip)
            x += width + 8

    def _refresh_button_states(self) -> None:
        """Replay buttons are always usable."""

    def step_forward(self) -> bool:
        old = self.layout
        if self.replay.position >= len(self.replay):
            return False
        events = self.replay.forward()
        self.layout = self._build_layout()
        self._animate(old, self.layout, events, {})
        return True

    def step_back(self) -> None:
        old = self.layout
        if self.replay.back():
            self.layout = self._build_layout()
            self._animate(old, self.layout, [], {})

    def seek(self, position: int) -> None:
        self.replay.seek(position)
        self.animator.clear()
        self.layout = self._build_layout()

    def toggle_play(self) -> None:
        self.playing = not self.playing
        if self.playing and self.replay.position >= len(self.replay):
            self.seek(0)
        self.auto_wait = 0.0
        self._build_buttons()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((n for n, b in self.buttons.items() if b is event.ui_element), None)
            actions = {
                "menu": self.to_menu,
                "start": lambda: self.seek(0),
                "back": self.step_back,
                "play": self.toggle_play,
                "forward": self.step_forward,
                "end": lambda: self.seek(len(self.replay)),
            }
            if name in actions:
                actions[name]()
        elif event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_ESCAPE: self.to_menu,
                pygame.K_HOME: lambda: self.seek(0),
                pygame.K_LEFT: self.step_back,
                pygame.K_SPACE: self.toggle_play,
                pygame.K_RIGHT: self.step_forward,
                pygame.K_END: lambda: self.seek(len(self.replay)),
            }
            if event.key in keys:
                keys[event.key]()

    def update(self, dt: float) -> None:
        self.clock += dt
        self.animator.update(dt)
        if self.message_time > 0:
            self.message_time -= dt
        if self.playing and not self.animator.busy:
            self.auto_wait += dt
            if self.auto_wait >= AUTO_STEP_SECONDS:
                self.auto_wait = 0.0
                if not self.step_forward():
                    self.playing = False
                    self._build_buttons()

    def on_exit(self) -> None:
        """A replay changes nothing, so there is nothing to save."""

    def status_text(self) -> str:
        n, total = self.replay.position, len(self.replay)
        if n == 0:
            return f"Replay: the deal \u00b7 {total} moves"
        entry = self.replay.entries[n - 1]
        return f"Replay: move {n} of {total} \u00b7 {self.match.seats[entry.seat].name}: {entry.action.describe()}"
