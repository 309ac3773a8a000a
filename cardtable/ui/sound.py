"""The table's sounds through pygame's mixer, at the volume the person chose.

The mixer (the sound device) opens only when a sound is due with the volume on, and closes when the volume is
turned off (and, in the app's main loop, when nothing has sounded for a while: `quiet_seconds`).  Without a device,
or with one another program holds, the app stays silent: the failure is written to the log once and never raised,
and the mixer is not tried again until the sound is turned off and on.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pygame

from cardtable.core.cues import CUES, events_cues
from cardtable.core.engine import Event
from cardtable.ui.tones import ready_wav

log = logging.getLogger("cardtable")

#: How loud each `Settings.volume` plays, as the mixer's volume (0 to 1).
VOLUMES = {"off": 0.0, "low": 0.25, "medium": 0.55, "high": 1.0}
#: The mixer's output; a small buffer so a card's sound comes with its move.
MIXER_ARGS = {"frequency": 44100, "size": -16, "channels": 2, "buffer": 512}
#: Seconds after the last sound before the app lets go of the device: an open one mixes silence in its own thread,
#: some 2% of a core with PulseAudio; by then what was played has drained, so closing takes milliseconds (right
#: after a sound PulseAudio drains it first, 1-1.5 s).  The next sound opens it again, in a millisecond or two.
QUIET_SECONDS = 5.0
#: The process has one sound device, whichever `Sounds` opens, plays on or closes it (an app of an earlier test, or
#: of a table opened again, may still have its watcher running): one lock for all, and the device's openings
#: counted, so that no `Sounds` plays sounds made for an opening that has since closed.
_DEVICE_LOCK = threading.RLock()
_OPENINGS = [0]


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send the process's standard error to the null device for a moment: the audio libraries under SDL print
    each driver they fail to open there, straight from C, which no logging setting reaches."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, AttributeError, ValueError):  # no standard error at all (a windowed app): nothing to quiet
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Sounds:
    """Plays the cues of `cardtable.core.cues`; `volume()` gives the current `Settings.volume` (read at each sound,
    so a change in the settings applies at once).  `mixer` is pygame's mixer module, or a stand-in in tests."""

    def __init__(self, volume: Callable[[], str], mixer: Any = None, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.volume = volume
        self.mixer = mixer if mixer is not None else pygame.mixer
        self.quiet_seconds: float | None = None  # see `close_when_quiet`
        self._clock, self._sleep = clock, sleep
        self._lock = _DEVICE_LOCK  # the device is opened and played from the UI, closed by the watcher too
        self._opening = -1  # which opening of the device this one's sounds were made for
        self._played_at = 0.0
        self._watcher: threading.Thread | None = None
        self.state = "closed"  # "open", "closed", or "failed" (no device: silent until the volume is off once)
        self._sounds: dict[str, Any] = {}
        #: The cues played last, newest at the end (for tests and the log of a report).
        self.recent: deque[str] = deque(maxlen=32)

    @property
    def level(self) -> float:
        """The mixer volume of the chosen setting (0 for off or anything unknown)."""
        return VOLUMES.get(self.volume(), 0.0)

    def events(self, events: Sequence[Event]) -> None:
        """Play the sounds of engine events the table is about to show."""
        for cue in events_cues(events):
            self.play(cue)

    def play(self, cue: str) -> bool:
        """Play one cue (see `CUES`) at the chosen volume; False when nothing sounds (off, or no device)."""
        if cue not in CUES:
            raise ValueError(f"no sound for {cue!r}")
        level = self.level
        if level <= 0:
            self.close()
            return False
        with self._lock:
            if not self._open():
                return False
            try:
                sound = self._sounds.get(cue)
                if sound is None:
                    sound = self._sounds[cue] = self.mixer.Sound(file=io.BytesIO(ready_wav(cue)))
                sound.set_volume(level)
                sound.play()
            except pygame.error as exc:
                self._fail(exc)
                return False
            self._played_at = self._clock()
            self._start_watcher()
        self.recent.append(cue)
        return True

    def close_when_quiet(self, seconds: float | None) -> None:
        """From now on, close the device once nothing has sounded for `seconds` (None: keep it open)."""
        with self._lock:
            self.quiet_seconds = seconds
            self._start_watcher()

    def _start_watcher(self) -> None:
        if self.quiet_seconds is not None and self.state == "open" and self._watcher is None:
            self._watcher = threading.Thread(target=self._watch, daemon=True, name="sound-quiet")
            self._watcher.start()

    def close_if_quiet(self) -> float | None:
        """Close the device if nothing has sounded for `quiet_seconds`; otherwise the seconds until it may be (None:
        it is closed, or is never closed for quiet)."""
        with self._lock:
            if self.state != "open" or self.quiet_seconds is None:
                return None
            left = self._played_at + self.quiet_seconds - self._clock()
            if left > 0:
                return left
            self.close()
            return None

    def _watch(self) -> None:
        """The watcher's thread: sleeps until the device may be closed for quiet, and closes it (the mixer lets go of
        Python while it closes, so the window goes on meanwhile)."""
        while True:
            with self._lock:
                left = self.close_if_quiet()
                if left is None:
                    self._watcher = None
                    return
            self._sleep(left)

    @property
    def busy(self) -> bool:
        """Whether a sound is still playing."""
        with self._lock:
            return self.state == "open" and bool(self.mixer.get_init()) and bool(self.mixer.get_busy())

    def close(self) -> None:
        """Close the sound device (if this opened it); a failed one may be tried again at the next sound."""
        with self._lock:
            if self.state == "open" and self._opening == _OPENINGS[0] and self.mixer.get_init():
                self.mixer.quit()
            self.state = "closed"
            self._sounds.clear()

    def _open(self) -> bool:
        if self.state == "failed":
            return False
        if self.state == "open" and self._opening == _OPENINGS[0] and self.mixer.get_init():
            return True
        self._sounds.clear()  # sounds made for a mixer that has since closed (pygame.quit) cannot play
        try:
            with quiet_stderr():
                self.mixer.init(**MIXER_ARGS)
        except pygame.error as exc:
            self._fail(exc)
            return False
        _OPENINGS[0] += 1
        self._opening = _OPENINGS[0]
        self.state = "open"
        return True

    def _fail(self, exc: Exception) -> None:
        log.info("Sound is silent: the sound device could not be used (%s).", exc)
        self.state = "failed"
        self._sounds.clear()
        with contextlib.suppress(pygame.error):
            if self.mixer.get_init():
                self.mixer.quit()
