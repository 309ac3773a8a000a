"""What a solitaire's solver says about the table's position, asked off the UI thread (`cardtable.bots.worker`).

Two questions, for games with a solver (`GamePlugin.solver`):

- the hint: the first step of a winning line when the solver finds one within `HINT_SECONDS`; otherwise the game's
  usual hint (and, with the setting below, that the position is lost).  The table shows the usual hint at once and
  says it is still looking (`cardtable.ui.table.hints`); a winning line once found (or the deal's proof) is kept,
  so while the person follows it each next hint is its next step, at once;
- with the setting "say when a solitaire can no longer be won" (off by default: it spoils), after every change
  of the position the solver is asked, and a position proved lost is said once (until the position changes back).

An answer about a position the table has left (a move or an undo came first) is dropped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardtable.bots.worker import Thinking, think
from cardtable.core.engine import Action, State
from cardtable.games.plugin import Hint, Solver, Verdict

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene

HINT_SECONDS = 2.0  # the solver's time for a hint (CPU seconds); the person sees "Looking…" meanwhile
CHECK_SECONDS = 3.0  # its time for "can this still be won?" after a move
LOST_TEXT = "This position can no longer be won: undo, or start a new game."
LOOKING_TEXT = "Looking for a winning line\u2026"
LINE_TEXT = "a winning line goes on from there"


@dataclass
class SolverQuestion:
    """One question to the solver, as the worker runs it (`choose`, like a bot's decision)."""

    solver: Solver
    seconds: float

    def choose(self, state: State, seat: int) -> Verdict:
        return self.solver(state, self.seconds)


class TableAnalysis:
    """The solver's answers for one table."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.job: Thinking[Verdict] | None = None
        self.purpose = ""  # "hint" or "check"
        self.asked_at = -1  # the log's length when the question was asked
        self.lost_at: int | None = None  # the log's length at which the position was said to be lost
        proof = scene.match.proof
        self.line: tuple[Action, ...] = tuple(proof) if proof else ()  # a winning line from the deal's start

    @property
    def hint_pending(self) -> bool:
        """Whether the solver is looking for the hint's winning line."""
        return self.job is not None and self.purpose == "hint"

    def known_step(self) -> Hint | None:
        """The next step of the winning line the table knows, when the game so far has followed it."""
        n = len(self.scene.match.log)
        if n >= len(self.line) or any(e.action != a for e, a in zip(self.scene.match.log, self.line, strict=False)):
            return None
        step = self.line[n]
        describe = self.scene.match.game.describe
        text = describe(self.scene.state, step) if describe is not None else self.scene.narrator.action(step)
        return Hint(step, f"{text} ({LINE_TEXT})")

    def _learn(self, verdict: Verdict) -> None:
        """Keep a winning line found from the position asked about (the log's length then is `asked_at`)."""
        if verdict.outcome == "won" and verdict.line:
            self.line = tuple(e.action for e in self.scene.match.log[:self.asked_at]) + tuple(verdict.line)

    @property
    def solver(self) -> Solver | None:
        return self.scene.match.game.solver

    def _ask(self, purpose: str, seconds: float) -> None:
        solver = self.solver
        assert solver is not None
        self.cancel()
        self.purpose, self.asked_at = purpose, len(self.scene.match.log)
        self.job = think(SolverQuestion(solver, seconds), self.scene.state.clone(), 0)

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    # ----- the hint --------------------------------------------------------------------------------
    def ask_hint(self) -> bool:
        """Start the solver's hint (`TableHints` says meanwhile that it is looking); False when the game has no
        solver."""
        if self.solver is None:
            return False
        self._ask("hint", HINT_SECONDS)
        return True

    # ----- after a change --------------------------------------------------------------------------
    def position_changed(self) -> None:
        """A move, an undo or a redo: with the setting on, ask whether the position can still be won."""
        if self.lost_at is not None and len(self.scene.match.log) < self.lost_at:
            self.lost_at = None  # undone back past the lost position: it may be said again
        if self.job is not None and self.asked_at != len(self.scene.match.log):
            self.cancel()
        if (self.solver is not None and self.scene.app.settings.say_when_lost and self.job is None
                and not self.scene.state.is_over() and self.lost_at is None):
            self._ask("check", CHECK_SECONDS)

    def update(self) -> None:
        """Collect an answer that is ready."""
        job = self.job
        if job is None or not job.done():
            return
        self.job = None
        if self.asked_at != len(self.scene.match.log):
            return  # about a position the table has left
        try:
            verdict: Verdict = job.result()
        except Exception:  # noqa: BLE001 - a solver fault only costs the answer
            verdict = Verdict("unknown")
        self._learn(verdict)
        if verdict.outcome == "lost" and self.scene.app.settings.say_when_lost:
            self.lost_at = len(self.scene.match.log)
            self.scene.say(LOST_TEXT, error=True)
            return
        if self.purpose == "hint":
            self.scene.hints.solved(verdict)

