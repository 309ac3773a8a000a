"""The window, the main loop and the scene manager."""

from __future__ import annotations

import json
import logging
import math
import os
import stat
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryBox, UITextEntryLine

from cardtable import DEFAULT_SIZE
from cardtable.files.instance import SECOND_COPY, Instance
from cardtable.resources import asset_path
from cardtable.storage import Settings, instance_lock_path, keep_aside, log_dir, writable_folders
from cardtable.ui import theme
from cardtable.ui.cards import CardArt
from cardtable.ui.display import NoDisplay, init_display
from cardtable.ui.gui_theme import FlatShapeCache, SharedThemeManager, load_theme
from cardtable.ui.sound import QUIET_SECONDS, Sounds
from cardtable.ui.theme import ui_scale
from cardtable.ui.tones import warm_up

TITLE = "cardtable"
MIN_SIZE = (800, 560)
FPS = 60  # the frame rate while something moves
MAX_DT = 0.1  # a frame late by more than this (a hiccup) moves things on by this much
LINGER_SECONDS = 1.5  # frames go on this long after the person's last input: hover, tooltips (1 s), the widgets' own
IDLE_SLICE = 1 / FPS  # an idle loop looks for events this often: the first input after a rest waits at most a frame
IDLE_WAKE = 1.0  # the longest an idle loop sleeps without asking the scene again
WAKE_MARGIN = 0.002  # a frame for a change due at some moment comes just after it
CARET_SECONDS = 0.1  # how often a text field with the focus is drawn (its caret blinks every 0.4 s)
#: The person's input, after which frames go on for `LINGER_SECONDS` (the window's own events draw one frame).
INPUT_EVENTS = frozenset({pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                          pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING, pygame.FINGERDOWN,
                          pygame.FINGERUP, pygame.FINGERMOTION})

log = logging.getLogger("cardtable")


class Scene:
    """One screen of the app.  Subclasses override the hooks they need."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.ui_scale = app.ui_scale  # the size the widgets' text was made for
        self.ui = app.make_ui_manager()

    def handle_event(self, event: pygame.event.Event) -> None:
        """An input event (pygame-gui has already seen it)."""

    def widget_pressed(self, event: pygame.event.Event) -> None:
        """A mouse press pygame-gui took for a widget (a greyed button takes it too, and sends nothing)."""

    def update(self, dt: float) -> None:
        """Advance by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything below the widgets."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size; rebuild what depends on it."""

    def on_exit(self) -> None:
        """The scene is being replaced or the app is closing."""

    @property
    def ready(self) -> bool:
        """The scene is made whole (a scene made over several frames says False until then)."""
        return True

    def next_change(self) -> float | None:
        """Seconds until this scene shows something new by itself, with no input: 0 while something moves (it is
        drawn every frame), None when nothing changes until the person acts.  The main loop sleeps until then or
        until an event.  A scene that does not say is drawn every frame."""
        return 0.0


class App:
    """The window and its loop; owns settings, card art and the current scene."""

    def __init__(self, size: tuple[int, int] | None = None) -> None:
        """Open the window, `size` or else as large as the person left it (1280x800 the first time); `NoDisplay`
        (one sentence for the person) if there is no screen to open it on."""
        init_display()
        pygame.display.set_caption(TITLE)
        self.settings, settings_problem = Settings.read()
        #: Sentences for the person that no scene has said yet (damaged files kept aside, a second copy of the app).
        self.notices: list[str] = [settings_problem] if settings_problem else []
        self.instance = Instance(instance_lock_path(), writable_folders())
        if not self.instance.claim():
            self.notices.append(SECOND_COPY)
        remembered = self.settings.window_size
        if size is None and remembered:
            self.windowed_size = fit_window(remembered, desktop_sizes())
        else:
            width, height = size or DEFAULT_SIZE
            self.windowed_size = (max(width, MIN_SIZE[0]), max(height, MIN_SIZE[1]))
        self._set_icon()  # before the window: shown with it, and pygame then looks up no icon of its own
        try:
            self.screen = self._open_window(self.settings.window_position)
        except pygame.error as exc:
            pygame.quit()
            raise NoDisplay(f"cardtable could not open its window ({exc}).") from exc
        self.clock = pygame.time.Clock()
        self.art = CardArt()
        self.sounds = Sounds(lambda: self.settings.volume)  # the sound device opens at the first sound
        self.apply_look()
        self._built_themes: dict[float, tuple[Any, Any]] = {}  # per text scale: a theme built, and its loader
        self.scene: Scene | None = None
        self.running = True
        self.frame = 0
        self.now: Callable[[], float] = time.monotonic  # the main loop's clock (tests give it a clock of their own)
        self.work_clock: Callable[[], float] = time.perf_counter  # measures a frame's work (tests give their own)
        self._frame_at = self.now()  # when the main loop's last frame began
        self._input_at = -math.inf  # when the last input came (frames go on for a moment after it)
        self._drawn: Scene | None = None  # the scene the last frame drew
        #: The sounds are made in the background, so that no frame makes one; from the first frame on, so that
        #: they do not hold that frame back.
        self.after_frame: list[Callable[[], None]] = [warm_up]
        from cardtable.ui.navigator import Navigator  # scenes' modules import this one: not at the top

        self.navigator = Navigator(self)
        #: `--report-scenes FILE`: a JSON line is appended there when each scene draws its first frame.
        self.scene_report: Path | None = None
        self._reported_scene: Scene | None = None
        _setup_logging()

    # ----- window ---------------------------------------------------------------------------
    def _open_window(self, position: list[int] | None = None) -> pygame.Surface:
        """Set the display mode the settings ask for; `position`: where a new window's top-left goes."""
        self.fullscreen_shown = self.settings.fullscreen
        if self.fullscreen_shown:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        placed = position is not None and "SDL_VIDEO_WINDOW_POS" not in os.environ
        if placed and position is not None:  # SDL reads it when the window is made, which is the first set_mode
            x, y = place_window(position, self.windowed_size, desktop_sizes())
            os.environ["SDL_VIDEO_WINDOW_POS"] = f"{x},{y}"
        try:
            return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        finally:
            if placed:
                del os.environ["SDL_VIDEO_WINDOW_POS"]

    def _set_icon(self) -> None:
        path = asset_path("icon.png")
        if path.exists():
            try:
                pygame.display.set_icon(pygame.image.load(str(path)))
            except pygame.error:
                pass

    def apply_fullscreen(self) -> None:
        """Switch between fullscreen and a window after the setting changed."""
        self.screen = self._open_window()
        self._resized(self.screen.get_size())

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen or a window, the other way round from now; the setting follows (and is saved)."""
        self.settings.fullscreen = not self.fullscreen_shown
        self.apply_fullscreen()
        self.save_settings()

    def apply_look(self) -> None:
        """Make the card art and the table's palette follow the settings (four colours, colour marks, contrast)."""
        theme.set_high_contrast(self.settings.high_contrast)
        self.art.set_style(self.settings.four_colour, self.settings.colour_marks, self.settings.high_contrast)

    def save_settings(self) -> str:
        """Write the settings; a sentence for the person when they cannot be written ("" when all is well)."""
        try:
            self.settings.save()
        except OSError as exc:
            log.exception("saving the settings failed")
            return f"The settings could not be saved ({exc.strerror or exc}); they hold until you quit."
        return ""

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def ui_scale(self) -> float:
        """How much text, widgets and panels grow in this window (see `theme.ui_scale`)."""
        return ui_scale(self.size)

    def make_ui_manager(self) -> pygame_gui.UIManager:
        """A widget manager for this window, its text sized for the window."""
        scale = self.ui_scale
        built = self._built_themes.get(scale)
        if built is not None:
            return SharedThemeManager(self.size, *built)
        manager = pygame_gui.UIManager(self.size, load_theme(scale), enable_live_theme_updates=False)
        manager.get_theme().shape_cache = FlatShapeCache()
        self._built_themes[scale] = (manager.get_theme(), manager.resource_loader)
        return manager

    # ----- scenes ---------------------------------------------------------------------------
    def show(self, scene: Scene) -> None:
        """Replace the current scene."""
        if self.scene is not None:
            self.scene.on_exit()
        self.scene = scene

    def quit(self) -> None:
        self.running = False
        self.save_settings()  # the window's size and place are kept for the next start

    def take_notices(self) -> str:
        """What the app still has to tell the person, as one text (and forget it: it is said once)."""
        text, self.notices = " ".join(self.notices), []
        return text

    # ----- loop -----------------------------------------------------------------------------
    def refit(self) -> None:
        """Fit the scene on screen to the window as it is now (a scene shown again after the window changed size
        while it was away)."""
        self._resized(self.size)

    def _resized(self, size: tuple[int, int]) -> None:
        self.art.clear()
        scene = self.scene
        if scene is not None:
            if scene.ui_scale != self.ui_scale:  # text of another size: the scene's widgets are made anew
                scene.ui_scale, scene.ui = self.ui_scale, self.make_ui_manager()
            else:
                scene.ui.set_window_resolution(size)
            scene.on_resize(size)

    def step(self, dt: float | None = None) -> None:
        """One frame: events, update, draw.

        Without `dt` (the main loop) the frame waits for its turn: 60 frames a second while the scene moves or the
        person has just acted (`LINGER_SECONDS`); otherwise the loop sleeps until an event or the scene's next change
        (`Scene.next_change`), and a wake that brings neither draws nothing.  A caller that passes `dt` (tests, the
        self-test) drives time itself: the frame never waits, and always draws.
        """
        draw = True
        if dt is None:
            events, dt, draw = self._wait()
        else:
            events = pygame.event.get()
        for event in events:
            if event.type in INPUT_EVENTS:
                self._input_at = self.now()
            self.dispatch(event)
            if not self.running:
                return
        scene = self.scene
        if scene is None:
            return
        scene.ui.update(dt)
        scene.update(dt)
        if not (draw or events or scene is not self._drawn):
            return
        self._drawn = scene
        self.screen.fill(theme.FELT)
        scene.draw(self.screen)
        scene.ui.draw_ui(self.screen)
        if hasattr(scene, "draw_overlay"):
            scene.draw_overlay(self.screen)
        pygame.display.flip()
        self.frame += 1
        if self.scene_report is not None and scene is not self._reported_scene and scene.ready:
            self._reported_scene = scene
            report_scene(self.scene_report, scene, self.size)
        callbacks, self.after_frame = self.after_frame, []
        for cb in callbacks:
            cb()

    def next_change(self) -> float | None:
        """Seconds until the next frame is due with no input (0: now, at the frame rate; None: at the next event)."""
        scene = self.scene
        if self.after_frame or scene is not self._drawn or self.now() - self._input_at < LINGER_SECONDS:
            return 0.0
        if scene is None:
            return None
        due = scene.next_change()
        if typing(scene.ui):  # a caret blinks
            due = CARET_SECONDS if due is None else min(due, CARET_SECONDS)
        return due

    def _wait(self) -> tuple[list[pygame.event.Event], float, bool]:
        """The main loop's wait for the next frame: the frame's events, its dt, and whether it draws.

        While something moves, the frame waits for its turn at `FPS`.  Otherwise the app sleeps until an event or the
        scene's next change; the scene is moved on by the time it rested before the events are handled (nothing was
        moving, so only its clocks and timers see it), and the frame then runs with a dt of 0, so an animation an
        event starts begins from its start."""
        due = self.next_change()
        if due is not None and due <= 0:
            self.clock.tick(FPS)
            now = self.now()
            dt, self._frame_at = min(now - self._frame_at, MAX_DT), now
            return pygame.event.get(), dt, True
        sleep = IDLE_WAKE if due is None else min(due + WAKE_MARGIN, IDLE_WAKE)
        events = self.idle_wait(sleep)
        self.clock.tick()
        now = self.now()
        # The time rested, but never the hours of a computer that was suspended meanwhile.
        rested, self._frame_at = min(now - self._frame_at, sleep + MAX_DT), now
        scene = self.scene
        if scene is not None:
            scene.ui.update(rested)
            scene.update(rested)
        return events, 0.0, due is not None and due <= sleep

    def idle_wait(self, seconds: float) -> list[pygame.event.Event]:
        """Sleep until events come (and return them) or `seconds` pass (and return none).  pygame's own
        `event.wait` looks for events every millisecond: 1-1.5% of a core while it waits, most of what an idle app
        may spend."""
        end = self.now() + seconds
        while True:
            events = pygame.event.get()
            left = end - self.now()
            if events or left <= 0:
                return events
            time.sleep(min(IDLE_SLICE, left))

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if self.scene is not None:
                self.scene.on_exit()
            self.running = False
            self.save_settings()  # the window's size and place are kept for the next start
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.WINDOWMOVED and not self.fullscreen_shown:
            self.settings.window_position = [int(event.x), int(event.y)]
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.windowed_size = (max(event.w, MIN_SIZE[0]), max(event.h, MIN_SIZE[1]))
            self.settings.window_size = list(self.windowed_size)
            surface = pygame.display.get_surface()
            if surface is None or surface.get_size() != self.windowed_size:
                surface = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self.screen = surface
            self._resized(self.screen.get_size())
            return
        scene = self.scene
        if scene is None:
            return
        consumed = scene.ui.process_events(event)
        if not consumed or event.type == pygame_gui.UI_BUTTON_PRESSED:
            scene.handle_event(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            scene.widget_pressed(event)

    def run(self, max_frames: int | None = None, exit_after: bool = False) -> None:
        """The main loop, until Quit (or `max_frames`); then `close`.  `exit_after` (the app's own run): the process
        then ends at once, see `end_process`."""
        self.sounds.close_when_quiet(QUIET_SECONDS)  # the main loop's own: tests that drive frames keep the device
        try:
            while self.running and (max_frames is None or self.frame < max_frames):
                self.step()
        except BaseException:
            self.close()
            raise
        self.close(exit_after)

    def close(self, exit_process: bool = False) -> None:
        """Close the window first, so the person sees it go at once; then kill the bots' worker (not waited for: one
        that hangs must not hold up the exit), let go of the lock on the saves, and quit pygame, or with
        `exit_process` end the process (`end_process`)."""
        pygame.display.quit()
        replace_worker(wait=False)
        self.instance.release()
        if exit_process:
            end_process()
        pygame.quit()


def replace_worker(wait: bool = True) -> None:
    """End the bots' worker, if one was started (only a table imports it)."""
    worker = sys.modules.get("cardtable.bots.worker")
    if worker is not None:
        worker.replace_worker(wait=wait)


def end_process() -> None:
    """End the process now, everything being saved: the log is flushed, and nothing else is waited for.

    Closing the sound device takes 1-1.5 s with PulseAudio within a second or two of a sound (its stream is drained
    first), and Python's own exit spends a few tenths of a second more on tearing down what the app made and on
    joining the killed worker; none of it is of any use to a process that is ending."""
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(0)


def typing(manager: pygame_gui.UIManager) -> bool:
    """Whether a text field of `manager` has the focus."""
    return any(isinstance(e, UITextEntryLine | UITextEntryBox) and e.is_focused
               for e in manager.get_sprite_group().sprites())


def desktop_sizes() -> list[tuple[int, int]]:
    """The sizes of the screens (one 1024x768 if SDL cannot say)."""
    try:
        return list(pygame.display.get_desktop_sizes()) or [(1024, 768)]
    except pygame.error:
        return [(1024, 768)]


def fit_window(size: tuple[int, int] | list[int], desktops: list[tuple[int, int]]) -> tuple[int, int]:
    """A window size no smaller than `MIN_SIZE` and, above that, no bigger than the biggest screen."""
    most_w, most_h = max(w for w, _ in desktops), max(h for _, h in desktops)
    return (max(MIN_SIZE[0], min(size[0], most_w)), max(MIN_SIZE[1], min(size[1], most_h)))


def place_window(position: list[int], size: tuple[int, int], desktops: list[tuple[int, int]]) -> tuple[int, int]:
    """A remembered top-left moved, if need be, so the window lies on the screens (taken as side by side): a
    screen unplugged since never leaves the window out of sight."""
    span_w, span_h = sum(w for w, _ in desktops), max(h for _, h in desktops)
    x = min(max(position[0], 0), max(0, span_w - size[0]))
    y = min(max(position[1], 0), max(0, span_h - size[1]))
    return x, y


def report_scene(path: Path, scene: Scene, size: tuple[int, int]) -> None:
    """Append one JSON line to `path` for a scene that has just drawn its first frame whole (`Scene.ready`).

    Start-up benchmarks and the real-window smoke test read it: `time` (wall clock, after the
    frame was flipped), the scene's class, the window size, and the rectangles [x, y, w, h] of the
    scene's named buttons (`scene.buttons`) and table zones (`scene.layout.zones`), so a script can
    click them without guessing coordinates.
    """
    buttons = {name: list(widget.rect) for name, widget in getattr(scene, "buttons", {}).items()
               if widget.alive() and widget.visible}
    zones = {zone.id: list(zone.slot) for zone in getattr(getattr(scene, "layout", None), "zones", ())}
    line = {"time": time.time(), "scene": type(scene).__name__, "size": list(size), "buttons": buttons,
            "zones": zones}
    try:
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps(line) + "\n")
    except OSError:
        log.exception("could not write the scene report to %s", path)


def _setup_logging() -> None:
    if log.handlers:
        return
    try:
        directory = log_dir()
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / "cardtable.log"
        if os.path.lexists(path) and not stat.S_ISREG(os.lstat(path).st_mode):
            keep_aside(path)  # a FIFO or a link there would block or redirect the log
        handler: logging.Handler = logging.FileHandler(path, encoding="utf-8")
    except OSError:
        handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
