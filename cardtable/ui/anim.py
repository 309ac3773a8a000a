"""Card animations: flights between rectangles, with an optional flip on the way."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

Rect = tuple[int, int, int, int]


def ease_out(t: float) -> float:
    """Cubic ease-out on [0, 1]."""
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


def lerp_rect(a: Rect, b: Rect, t: float) -> Rect:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
        round(a[3] + (b[3] - a[3]) * t),
    )


@dataclass
class Flight:
    """One card travelling from `start` to `end`; `key` is the spot it lands on."""

    key: Hashable
    card: object  # Card or None (face down and unknown)
    start: Rect
    end: Rect
    start_face_up: bool
    end_face_up: bool
    duration: float
    delay: float = 0.0
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    def frame(self) -> tuple[Rect, bool, float]:
        """Where to draw now, which side shows, and the horizontal squash of a flip (1 = none)."""
        t = self.progress()
        rect = lerp_rect(self.start, self.end, ease_out(t))
        if self.start_face_up == self.end_face_up:
            return rect, self.end_face_up, 1.0
        squash = abs(1 - 2 * t)
        return rect, self.end_face_up if t >= 0.5 else self.start_face_up, max(squash, 0.05)


class Animator:
    """The flights in progress; a spot with a flight is not drawn in place until it lands."""

    def __init__(self) -> None:
        self.flights: list[Flight] = []

    @property
    def busy(self) -> bool:
        return bool(self.flights)

    def add(self, flight: Flight) -> None:
        if flight.duration <= 0 and flight.delay <= 0:
            return
        self.flights = [f for f in self.flights if f.key != flight.key]
        self.flights.append(flight)

    def flying(self) -> set[Hashable]:
        return {f.key for f in self.flights}

    def update(self, dt: float) -> None:
        for f in self.flights:
            f.elapsed += dt
        self.flights = [f for f in self.flights if not f.done]

    def clear(self) -> None:
        self.flights = []

    def ordered(self) -> list[Flight]:
        """Flights in drawing order: those that started later on top."""
        return sorted(self.flights, key=lambda f: (f.started, f.delay))
