"""Starting where there is no screen says so in one sentence; starting where there is one opens no sound."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pygame
import pytest
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from cardtable.ui.display import headless_fallback, missing_display, plain_framebuffer

START_TIMEOUT = 120  # a safety net for a hung start, never a wait: the process ends on its own


def run_app(env_changes: dict[str, str | None], *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update({k: v for k, v in env_changes.items() if v is not None})
    return subprocess.run([sys.executable, "-m", "cardtable", *args], env=env, capture_output=True, text=True,
                          timeout=START_TIMEOUT)


@pytest.mark.parametrize("environ", [{}, {"DISPLAY": ""}, {"XDG_SESSION_TYPE": "tty"}])
def test_no_display_variable_on_linux_is_a_missing_display(environ):
    reason = missing_display(environ, "linux")
    assert reason is not None
    assert "needs a graphical display" in reason and "DISPLAY" in reason and reason.endswith(".")


@pytest.mark.parametrize("environ, platform", [
    ({"DISPLAY": ":0"}, "linux"),
    ({"WAYLAND_DISPLAY": "wayland-0"}, "linux"),
    ({"SDL_VIDEODRIVER": "dummy"}, "linux"),  # asked for: the tests, the self-test
    ({}, "win32"),
    ({}, "darwin"),
])
def test_a_display_that_may_be_reached_is_left_to_sdl(environ, platform):
    assert missing_display(environ, platform) is None


def test_sdl_falling_back_to_its_off_screen_driver_is_reported_unless_asked_for():
    reason = headless_fallback(None, "offscreen", {"DISPLAY": ":4711"})
    assert reason is not None and ":4711" in reason
    assert headless_fallback("offscreen", "offscreen", {}) is None
    assert headless_fallback("dummy", "dummy", {}) is None
    assert headless_fallback(None, "x11", {"DISPLAY": ":0"}) is None
    assert headless_fallback(None, "wayland", {"WAYLAND_DISPLAY": "wayland-0"}) is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 and Wayland variables are Linux's")
def test_starting_without_a_display_prints_one_sentence_and_exits_non_zero(tmp_path):
    done = run_app({"CARDTABLE_HOME": str(tmp_path)})
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("cardtable needs a graphical display")
    assert done.stdout == ""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 and Wayland variables are Linux's")
def test_a_display_that_cannot_be_reached_ends_with_one_sentence(tmp_path):
    done = run_app({"CARDTABLE_HOME": str(tmp_path), "DISPLAY": ":4711"})
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        "cardtable could not reach the display :4711: start it from a desktop session.")
    assert "ALSA" not in done.stderr


def test_a_window_opens_no_sound(table_app):
    """Audio opens only when something will be played: a started app has not touched the mixer."""
    assert pygame.display.get_init()
    assert pygame.mixer.get_init() is None


def test_a_frame_given_its_time_never_waits(table_app):
    """Tests and the self-test pass each frame's dt: the 60 fps cap (a real wait) is for the main loop only."""

    class NoTicking:
        def tick(self, framerate: int = 0) -> int:
            raise AssertionError("a frame with a given dt waited for the clock")

    table_app.clock = NoTicking()
    table_app.step(1 / 60)


@pytest.mark.parametrize("driver, environ, wanted", [
    ("x11", {}, "0"),  # the window's pixels go to the X server as they are, not through OpenGL
    ("x11", {"SDL_FRAMEBUFFER_ACCELERATION": "opengl"}, "opengl"),  # asked for: it stands
    ("wayland", {}, None),  # no plain framebuffer there: SDL's own choice
    ("windows", {}, None),
    ("cocoa", {}, None),
])
def test_on_x11_the_window_is_drawn_without_opengl(driver, environ, wanted):
    plain_framebuffer(driver, environ)
    assert environ.get("SDL_FRAMEBUFFER_ACCELERATION") == wanted


def test_a_start_prints_nothing_to_the_terminal(tmp_path):
    """No ALSA lines, no pygame banner: the menu's first frame comes with an empty terminal."""
    report = tmp_path / "scenes.jsonl"
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_AUDIODRIVER", "PYGAME_HIDE_SUPPORT_PROMPT")}
    env.update(SDL_VIDEODRIVER="dummy", CARDTABLE_HOME=str(tmp_path / "home"))
    proc = subprocess.Popen([sys.executable, "-m", "cardtable", "--report-scenes", str(report)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        while not (report.exists() and report.read_text(encoding="utf-8").strip()):
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.05)  # polling for the first frame, not waiting a set time
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=START_TIMEOUT)
    assert '"MenuScene"' in report.read_text(encoding="utf-8")
    assert (out, err) == ("", "")


def test_every_scene_uses_the_theme_built_once_for_its_text_size(table_app):
    """Building the widget theme takes tens of milliseconds: each text scale's is built once, and every later
    scene's widget manager uses it, the menu's own classes (`@game`: left-aligned text) included."""
    first, second = table_app.make_ui_manager(), table_app.make_ui_manager()
    assert second.get_theme() is first.get_theme()
    button = UIButton(pygame.Rect(0, 0, 200, 40), "Klondike", second, object_id=ObjectID(class_id="@game"))
    assert (button.text_horiz_alignment, button.text_horiz_alignment_padding) == ("left", 14)
    table_app.screen = pygame.display.set_mode((2400, 1500))  # a bigger window: text of another size
    bigger = table_app.make_ui_manager()
    assert table_app.ui_scale > 1.0
    assert bigger.get_theme() is not first.get_theme()
    assert table_app.make_ui_manager().get_theme() is bigger.get_theme()
