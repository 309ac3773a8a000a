"""Opening a table over several frames: the seats' panels, the toolbar, the card art at the table's size and the
person's buttons are made a few at a time, each frame spending at most `FRAME_BUDGET` on them, so the frame of the
click that opens a table (and every frame after it) stays within a frame's budget.  Until all is made the table
shows its background and, once they are all made, the seats; nothing moves and no input is taken.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterator

FRAME_BUDGET = 0.002  # seconds of a frame spent on opening the table (the frame also draws, and a step may overrun)


class SceneBuild:
    """The steps still to do to open a scene, done in order within each frame's budget.

    `clock` measures the work (seconds); `frame` says which frame of the app it is, so the steps done as the scene
    is made and those done by the same frame's update share one budget, counted from the making (which is that
    frame's first step).  Every later frame does at least one step (the table always gets on), however little budget
    it has left."""

    def __init__(self, clock: Callable[[], float], frame: Callable[[], int], budget: float | None = None) -> None:
        self.clock = clock
        self.frame = frame
        self.budget = FRAME_BUDGET if budget is None else budget
        self.steps: deque[Callable[[], object]] = deque()
        self._frame: int | None = frame()  # the frame the budget below is for
        self._deadline = clock() + self.budget
        self._done_this_frame = 1

    @property
    def done(self) -> bool:
        return not self.steps

    def add(self, *steps: Callable[[], object]) -> None:
        self.steps.extend(steps)

    def run(self) -> bool:
        """Do steps until this frame's budget is spent; True when none is left."""
        frame = self.frame()
        if frame != self._frame:
            self._frame, self._deadline, self._done_this_frame = frame, self.clock() + self.budget, 0
        while self.steps and (self._done_this_frame == 0 or self.clock() < self._deadline):
            self._step()
            self._done_this_frame += 1
        return not self.steps

    def start(self) -> None:
        """What the frame the scene is made in does of its making: nothing (making the scene was that frame's
        share), or all of it with a budget without limit (tests that act on a table at once)."""
        if self.budget == math.inf:
            self.finish()

    def finish(self) -> None:
        """Do every step left now (the window changed size, or a caller needs the scene whole)."""
        while self.steps:
            self._step()

    def _step(self) -> None:
        more = self.steps.popleft()()
        if callable(more):  # a step in parts (`in_parts`): its next part comes next
            self.steps.appendleft(more)


def in_parts(parts: Iterator[None]) -> Callable[[], Callable[[], object] | None]:
    """A step that does `parts` one at a time (each pause of the generator ends a part)."""
    done = object()

    def step() -> Callable[[], object] | None:
        return step if next(parts, done) is not done else None

    return step
