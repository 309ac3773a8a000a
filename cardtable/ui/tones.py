"""The app's own sounds, computed rather than recorded: enveloped tones and filtered noise, as small WAV files in
memory (mono, 16 bit), the same bytes every time.  Pure Python: all of them take a few hundredths of a second, more
than a frame may spend, so the app makes them in the background as it starts (`warm_up`) and a sound played before
they are ready waits for them (`ready_wav`)."""

from __future__ import annotations

import array
import functools
import io
import itertools
import math
import operator
import random
import sys
import threading
import wave
from collections.abc import Callable

from cardtable.core.cues import DEAL, ILLEGAL, PLAY, TAKE, WIN

RATE = 22050  # samples a second: plenty for clicks and chimes, and half the work of CD rate
PEAK = 32767
FADE_SECONDS = 0.005  # the last moments fade out, so a sound never ends in a click

Samples = list[float]


def _count(seconds: float) -> int:
    return max(1, int(seconds * RATE))


def _mix(into: Samples, sound: Samples, at: float, gain: float = 1.0) -> None:
    """Add `sound` into `into` from `at` seconds on, growing `into` as needed."""
    start = _count(at) if at > 0 else 0
    end = start + len(sound)
    if end > len(into):
        into.extend([0.0] * (end - len(into)))
    into[start:end] = map(operator.add, into[start:end], [v * gain for v in sound])


def _tone(freq: float, seconds: float, decay: float, partials: tuple[tuple[int, float], ...] = ((1, 1.0),),
          attack: float = 0.004) -> Samples:
    """A note: sine partials (multiple of `freq`, strength), a short attack, then an exponential decay."""
    n, fall = _count(seconds), decay * RATE
    out: Samples = [0.0] * n
    for k, weight in partials:
        step = 2 * math.pi * freq * k / RATE
        _mix(out, [weight * math.sin(step * i) for i in range(n)], 0.0)
    out = [v * math.exp(-i / fall) for i, v in enumerate(out)]
    rise = min(n, _count(attack))
    out[:rise] = [v * i / rise for i, v in enumerate(out[:rise])]
    return out


def _noise(seconds: float, rng: random.Random, smooth: float) -> Samples:
    """White noise through a one-pole low-pass (`smooth` near 1: darker)."""
    rough = 1 - smooth
    raw = [rough * (2 * rng.random() - 1) for _ in range(_count(seconds))]
    return list(itertools.accumulate(raw, lambda last, x: smooth * last + x))


def _snap(rng: random.Random, seconds: float = 0.05) -> Samples:
    """A card laid on the felt: a dark burst of noise over a soft thump, gone in a few hundredths of a second."""
    noise = _noise(seconds, rng, 0.55)
    out = [v * math.exp(-i / (0.011 * RATE)) * 3.0 for i, v in enumerate(noise)]  # the low-pass left it faint
    _mix(out, _tone(150, seconds, 0.018), 0.0, 0.35)
    return out


def _play() -> Samples:
    return _snap(random.Random(1))


def _deal() -> Samples:
    """Cards going out one after another: six snaps, a little uneven."""
    rng = random.Random(2)
    out: Samples = []
    for k in range(6):
        _mix(out, _snap(rng, 0.04), k * 0.07 + rng.uniform(0.0, 0.012), 0.75 + 0.25 * rng.random())
    return out


def _take() -> Samples:
    """Cards swept together, then two soft rising notes."""
    noise = _noise(0.2, random.Random(3), 0.3)
    swept = [v * math.sin(math.pi * i / len(noise)) ** 2 for i, v in enumerate(noise)]
    out: Samples = []
    _mix(out, swept, 0.0, 0.9)
    bell = ((1, 1.0), (2, 0.25))
    _mix(out, _tone(783.99, 0.35, 0.09, bell), 0.1, 0.45)
    _mix(out, _tone(1046.5, 0.45, 0.12, bell), 0.2, 0.45)
    return out


def _win() -> Samples:
    """A rising major arpeggio ending on a held high note."""
    bell = ((1, 1.0), (2, 0.3))
    out: Samples = []
    for k, freq in enumerate((523.25, 659.25, 783.99)):
        _mix(out, _tone(freq, 0.4, 0.1, bell), k * 0.11, 0.5)
    _mix(out, _tone(1046.5, 0.7, 0.22, bell), 0.33, 0.65)
    return out


def _illegal() -> Samples:
    """A low, hollow two-note "no" (odd partials, a little like a muted buzzer)."""
    hollow = ((1, 1.0), (3, 0.35), (5, 0.15))
    out: Samples = []
    _mix(out, _tone(220.0, 0.1, 0.06, hollow, attack=0.006), 0.0, 0.6)
    _mix(out, _tone(164.81, 0.16, 0.07, hollow, attack=0.006), 0.1, 0.6)
    return out


#: Each cue's recipe and how loud it is beside the others (the win stands out, the many card sounds stay soft).
RECIPES: dict[str, tuple[Callable[[], Samples], float]] = {
    PLAY: (_play, 0.5),
    DEAL: (_deal, 0.4),
    TAKE: (_take, 0.6),
    WIN: (_win, 0.8),
    ILLEGAL: (_illegal, 0.6),
}


def pcm(samples: Samples, loudness: float) -> array.array:
    """16-bit samples with their peak at `loudness` of full scale, the end faded out."""
    top = max((abs(v) for v in samples), default=0.0) or 1.0
    scale = loudness * PEAK / top
    fade = _count(FADE_SECONDS)
    body = [round(v * scale) for v in samples]
    tail = min(fade, len(body))
    body[-tail:] = [round(v * (tail - i) / tail) for i, v in enumerate(body[-tail:])]
    return array.array("h", body)


@functools.cache
def wav_bytes(cue: str) -> bytes:
    """The sound for `cue` (one of `RECIPES`) as a WAV file's bytes (made once, then remembered)."""
    recipe, loudness = RECIPES[cue]
    samples = pcm(recipe(), loudness)
    if sys.byteorder == "big":  # WAV keeps its samples little-endian
        samples.byteswap()
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())
    return buffer.getvalue()


_warming: threading.Thread | None = None


def warm_up() -> None:
    """Start making every sound in a background thread (once), so that no frame has to make one."""
    global _warming
    if _warming is None:
        _warming = threading.Thread(target=lambda: [wav_bytes(cue) for cue in RECIPES], name="sounds", daemon=True)
        _warming.start()


def ready_wav(cue: str) -> bytes:
    """`wav_bytes(cue)`, after the background thread of `warm_up` (if it is still at work) has made it."""
    if _warming is not None and _warming.is_alive():
        _warming.join()
    return wav_bytes(cue)
