"""Klondike's solver as the table asks it (`cardtable.games.plugin.Solver`): for the hint, for "this position can
no longer be won", and for the "winnable deals only" option."""

from __future__ import annotations

from cardtable.core.engine import State
from cardtable.games.klondike.hint import describe
from cardtable.games.klondike.narration import NARRATION
from cardtable.games.klondike.rules import KlondikeState
from cardtable.games.klondike.solver import solve
from cardtable.games.plugin import Hint, Verdict

OUTCOMES = {"won": "won", "unwinnable": "lost", "undecided": "unknown"}


def solve_position(state: State, seconds: float) -> Verdict:
    """What the solver finds from `state` within `seconds` of CPU time."""
    assert isinstance(state, KlondikeState)
    solution = solve(state, time_limit=seconds)
    first = solution.line[0] if solution.line else None
    hint = None if first is None else Hint(first, NARRATION.winning_step(describe(state, first)))
    return Verdict(OUTCOMES[solution.outcome], solution.line, hint)
