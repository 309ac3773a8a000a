"""Opening pygame's display only where there is a screen, and saying so in one sentence where there is none.

Without a desktop session SDL falls back to its off-screen driver: the app would run with no window and no word.
An explicit `SDL_VIDEODRIVER` (the tests' and the self-test's `dummy`) is a request, never a failure.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, MutableMapping

import pygame

#: SDL drivers that draw to no screen.
HEADLESS_DRIVERS = frozenset({"offscreen", "dummy"})
ADVICE = "start it from a desktop session"


class NoDisplay(RuntimeError):
    """There is no screen to open the window on; the message is one sentence for the person."""


def missing_display(environ: Mapping[str, str], platform: str) -> str | None:
    """Why no display can be reached, judged from the environment alone before SDL starts; None if it may be."""
    if environ.get("SDL_VIDEODRIVER") or platform.startswith(("win", "darwin", "cygwin")):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return ("cardtable needs a graphical display, and none was found (DISPLAY and WAYLAND_DISPLAY are not set): "
            f"{ADVICE}.")


def headless_fallback(requested: str | None, driver: str, environ: Mapping[str, str]) -> str | None:
    """Why the driver SDL chose shows nothing, when nobody asked for a headless one; None if all is well."""
    if requested or driver not in HEADLESS_DRIVERS:
        return None
    where = environ.get("WAYLAND_DISPLAY") or environ.get("DISPLAY") or "(none)"
    return f"cardtable could not reach the display {where}: {ADVICE}."


def plain_framebuffer(driver: str, environ: MutableMapping[str, str]) -> None:
    """On X11 the window's pixels go to the X server as they are (through shared memory), not through OpenGL: the app
    draws every pixel itself, and OpenGL without a graphics driver (software rendering, as in many virtual machines)
    spends some 20 ms of CPU on each frame at 1920x1080 for nothing.  A choice already in the environment stands."""
    if driver == "x11":
        environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")  # read when the window is first made


def init_display() -> None:
    """Start pygame's display and fonts (never the sound: that opens only when something is played).

    Raises `NoDisplay` when there is no screen to draw on.
    """
    reason = missing_display(os.environ, sys.platform)
    if reason:
        raise NoDisplay(reason)
    try:
        pygame.display.init()
    except pygame.error as exc:
        raise NoDisplay(f"cardtable could not start the display ({exc}): {ADVICE}.") from exc
    reason = headless_fallback(os.environ.get("SDL_VIDEODRIVER"), pygame.display.get_driver(), os.environ)
    if reason:
        pygame.display.quit()
        raise NoDisplay(reason)
    plain_framebuffer(pygame.display.get_driver(), os.environ)
    pygame.font.init()
