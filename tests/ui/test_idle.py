"""An idle app costs next to nothing: the main loop sleeps until an event or the scene's next change, and draws only
then; anything that moves is still drawn every frame.  Closing the window ends the process at once.

The main loop's clock and sleep are replaced by `LoopClock`, so these tests run the real `App.step()` without ever
waiting on the wall clock: a sleep moves the loop's time on at once.
"""

from __future__ import annotations

import os
import time

import pygame
import pytest

from cardtable.games.klondike.rules import Move
from cardtable.storage import config_dir
from cardtable.ui import window
from cardtable.ui.driver import UIDriver
from cardtable.ui.menu import MenuScene
from cardtable.ui.replay import AUTO_STEP_SECONDS
from cardtable.ui.table.pace import POLL_SECONDS
from cardtable.ui.window import CARET_SECONDS, FPS, IDLE_WAKE, LINGER_SECONDS
from tests.ui.klondike_helpers import POSITION, finished_klondike, klondike
from tests.ui.table_helpers import click_button, new_match, seats, until_human


class LoopClock:
    """The main loop's clock, sleep and frame pacing, without the wall clock; counts the frames shown."""

    def __init__(self, app: window.App, monkeypatch: pytest.MonkeyPatch) -> None:
        self.t = time.monotonic() + 1000.0  # long after any input the frames before had
        self.sleeps: list[float] = []  # each idle sleep the loop asked for
        self.paced: list[int] = []  # each frame rate a frame waited its turn at
        self.flips = 0
        app.now = lambda: self.t
        app.idle_wait = self.idle_wait
        app.clock = self
        flip = pygame.display.flip

        def counted() -> None:
            self.flips += 1
            flip()

        monkeypatch.setattr(pygame.display, "flip", counted)

    def idle_wait(self, seconds: float) -> list[pygame.event.Event]:
        self.sleeps.append(seconds)
        events = pygame.event.get()
        if not events:
            self.t += seconds
        return events

    def tick(self, framerate: int = 0) -> int:
        if framerate:
            self.paced.append(framerate)
            self.t += 1 / framerate
        return 0


def test_an_idle_table_sleeps_until_its_clock_shows_the_next_second(open_table, table_app, tmp_path, monkeypatch):
    """A Klondike table waiting for the person: each frame sleeps until the game's clock turns its next second and
    draws once then; nothing is drawn at the frame rate."""
    table, _ = open_table(klondike(tmp_path, position=POSITION))
    assert 0 < table.next_change() <= 1.0, "nothing moves: only the clock's next second is due"
    loop = LoopClock(table_app, monkeypatch)
    shown = []
    for _ in range(5):
        table_app.step()
        shown.append(table.clock_text()[0].rsplit(" ", 1)[1])
    assert loop.paced == [], "no frame waited at the frame rate"
    assert len(loop.sleeps) == 5 and all(0 < s <= 1.0 + window.WAKE_MARGIN for s in loop.sleeps)
    assert loop.flips == 5, "one frame a second"
    assert shown == [f"0:{n:02d}" for n in range(int(table.match.elapsed) - 4, int(table.match.elapsed) + 1)], \
        "the status bar's clock still shows every second"


def test_the_menu_draws_nothing_until_the_pointer_moves_then_hovers_and_shows_a_tooltip(table_app, monkeypatch):
    """The menu sleeps without drawing; a pointer moved over New game wakes it, the button lights at once, frames go
    on for a moment (the button's tooltip comes after a second of hovering), and then the menu sleeps again."""
    table_app.show(MenuScene(table_app))
    table_app.step(1 / 60)
    table_app.step(1 / 60)  # the cards its first frame left out
    loop = LoopClock(table_app, monkeypatch)
    for _ in range(3):
        table_app.step()
    assert loop.flips == 0 and loop.sleeps == [IDLE_WAKE] * 3 and loop.paced == []
    button = table_app.scene.buttons["new"]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: button.rect.center)  # the dummy driver keeps no pointer
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    table_app.step()
    assert loop.flips == 1 and button.hovered, "the button lights in the frame the pointer woke"
    frames = 0
    while table_app.next_change() == 0:
        table_app.step()
        frames += 1
    assert frames == pytest.approx(LINGER_SECONDS * FPS, abs=2) and loop.paced == [FPS] * frames
    assert button.tool_tip is not None and button.tool_tip.alive(), "its tooltip came while the frames went on"
    flips = loop.flips
    table_app.step()
    assert loop.flips == flips, "then the menu sleeps again"


@pytest.mark.parametrize("screen", ["settings", "statistics", "rules"])
def test_the_other_screens_rest_too(table_app, monkeypatch, screen):
    navigator = table_app.navigator
    {"settings": navigator.settings, "statistics": navigator.statistics,
     "rules": lambda: navigator.rules("klondike")}[screen]()
    table_app.step(1 / 60)
    loop = LoopClock(table_app, monkeypatch)
    for _ in range(3):
        table_app.step()
    assert loop.flips == 0 and loop.paced == [] and loop.sleeps == [IDLE_WAKE] * 3


def test_a_replay_playing_rests_between_its_moves(table_app, monkeypatch):
    """Space plays the last game's moves one after another: the loop sleeps until each is due, and draws it."""
    match = finished_klondike()
    table_app.navigator.replay(match)
    driver = UIDriver(table_app)
    driver.frames(2)
    replay = table_app.scene
    loop = LoopClock(table_app, monkeypatch)
    table_app.step()
    assert loop.flips == 0, "stopped, it rests"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    table_app.step()
    assert replay.playing
    while table_app.next_change() == 0:  # the moment after a key
        table_app.step()
    position, sleeps, paced = replay.replay.position, len(loop.sleeps), len(loop.paced)
    table_app.step()  # the rest of the first move's wait
    for _ in range(4):
        table_app.step()
    assert replay.replay.position == position + 5 and len(loop.paced) == paced, "instant moves: none at the frame rate"
    assert [round(s, 3) for s in loop.sleeps[sleeps + 1:]] == [round(AUTO_STEP_SECONDS + window.WAKE_MARGIN, 3)] * 4


@pytest.mark.parametrize("table_speed", ["normal"])
def test_a_move_is_animated_at_the_frame_rate_then_the_table_sleeps(open_table, table_app, tmp_path, monkeypatch):
    table, driver = open_table(klondike(tmp_path, position=POSITION))
    loop = LoopClock(table_app, monkeypatch)
    assert table.play(Move("t0", "t1", 1))  # JC onto QD, as a drag would
    assert table.next_change() == 0
    while table.choreography.busy:
        table_app.step()
    moving = len(loop.paced)
    assert moving >= 10 and loop.paced == [FPS] * moving and loop.flips == moving and loop.sleeps == []
    table_app.step()
    assert len(loop.sleeps) == 1 and len(loop.paced) == moving, "at rest, the next frame sleeps"


def test_a_bot_thinking_is_looked_at_a_few_times_a_second_its_dots_moving(open_table, table_app, monkeypatch):
    """A Kachuful bot's turn (it waits its beat before it bids): the table wakes every `POLL_SECONDS` for the bot's
    answer, and the dots of "thinking..." on its panel still count."""
    match = new_match("kachuful", seats(["You"], 4, ["Ada", "Bo", "Cy"]))
    table, _ = open_table(match, bot_delay=30.0)
    assert table.driver.thinking_seat == 1
    assert table.next_change() == pytest.approx(POLL_SECONDS)
    seat = next(z for z in table.layout.zones if z.seat == 1)
    loop = LoopClock(table_app, monkeypatch)
    cues = []
    for _ in range(12):
        table_app.step()
        cues.append(table.seat_cue(seat))
    assert loop.paced == [] and loop.flips == 12
    assert all(0 < s <= POLL_SECONDS + window.WAKE_MARGIN for s in loop.sleeps), "(or sooner: the clock's second)"
    assert {"thinking.", "thinking..", "thinking..."} <= set(cues)


def test_a_turn_timer_still_counts_every_second_and_moves_when_the_time_is_up(open_table, table_app, monkeypatch):
    """Kachuful with a 15 s turn timer, the person to bid: the table rests between the seconds the status bar
    counts down, and bids for the person when the time is up."""
    match = new_match("kachuful", seats(["You"], 4, ["Ada", "Bo", "Cy"]), {"turn_timer": 15, "hands": "3,2,1"}, 5)
    table, driver = open_table(match)
    until_human(table, driver)
    before = len(match.log)
    loop = LoopClock(table_app, monkeypatch)
    left = set()
    while len(match.log) == before and len(loop.sleeps) < 100:
        table_app.step()
        text = table.clock_text()[0]
        if " s left" in text:
            left.add(int(text.split(" s left")[0]))
    assert len(match.log) == before + 1 and match.log[-1].seat == 0, "the time-out's bid was made for the person"
    assert set(range(1, 15)) <= left, "every second was shown"
    assert loop.paced == [] and len(loop.sleeps) <= 40, "only the seconds (the clock's and the timer's) woke it"


def test_a_deal_number_being_typed_keeps_its_caret_blinking(open_table, table_app, tmp_path, monkeypatch):
    """D, then Choose a deal: the number field has the focus, and its caret blinks while the table otherwise rests
    (the loop wakes every `CARET_SECONDS`, not at the frame rate)."""
    table, driver = open_table(klondike(tmp_path, position=POSITION))
    driver.key(pygame.K_d)
    click_button(driver, table, "deal:choose")
    entry = table.deals.entry
    assert entry is not None and entry.is_focused
    loop = LoopClock(table_app, monkeypatch)
    caret = []
    for _ in range(40):
        table_app.step()
        caret.append(entry.cursor_on)
    assert loop.paced == [] and loop.flips == 40
    assert all(0 < s <= CARET_SECONDS + window.WAKE_MARGIN for s in loop.sleeps), loop.sleeps
    blinks = sum(a != b for a, b in zip(caret, caret[1:], strict=False))
    assert sum(loop.sleeps) < 4.2 and blinks >= 4, f"it blinks: {caret}"


def test_closing_the_window_ends_the_process_at_once(open_table, table_app, tmp_path, monkeypatch):
    """pygame.QUIT (the window's close button) at a table that has just sounded: the game and the settings are saved,
    the window goes first, the bots' worker is killed without being waited for, and the process ends without closing
    the sound device (PulseAudio drains it first, 1-1.5 s) or Python's teardown."""
    table, _ = open_table(klondike(tmp_path, position=POSITION))
    assert table.play(Move("t0", "t1", 1)) and table_app.sounds.state == "open"
    LoopClock(table_app, monkeypatch)
    seen = []

    def kill(wait: bool = True) -> None:
        seen.append(("worker killed", wait, "window open" if pygame.display.get_init() else "window closed"))

    class Exited(Exception):
        pass

    def exit_now(code: int) -> None:
        seen.append(("exit", code, "sound open" if pygame.mixer.get_init() else "sound closed"))
        raise Exited

    monkeypatch.setattr(window, "replace_worker", kill)
    monkeypatch.setattr(os, "_exit", exit_now)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    try:
        with pytest.raises(Exited):
            table_app.run(exit_after=True)
    finally:
        pygame.display.init()  # for the fixture's own ending
    assert seen == [("worker killed", False, "window closed"), ("exit", 0, "sound open")]
    assert (tmp_path / "autosave-klondike.json").exists(), "the game was saved whole"
    assert (config_dir() / "settings.json").exists(), "the settings were saved (the window's size and place)"
