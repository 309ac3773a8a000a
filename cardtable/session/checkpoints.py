"""Copies of a match's state every so many actions, so that going back (undo) replays a few actions, not the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from cardtable.core.engine import Action, State

#: Actions between two kept states: undo replays fewer than this many.
CHECKPOINT_EVERY = 256


class Entry(Protocol):
    """A log entry as the checkpoints need it (`cardtable.session.match.LogEntry`)."""

    @property
    def action(self) -> Action: ...


class Checkpoints:
    """The state after every `every` actions of a log (a clone each; a clone of it is handed out)."""

    def __init__(self, start: Callable[[], State], every: int = CHECKPOINT_EVERY) -> None:
        self.start = start  # makes the state before the first action
        self.every = every
        self._kept: dict[int, State] = {}  # log length -> the state after that many actions

    def note(self, length: int, state: State) -> None:
        """`state` is the state after `length` actions: keep a copy if `length` is a checkpoint."""
        if length and length % self.every == 0:
            self._kept[length] = state.clone()

    def forget_after(self, length: int) -> None:
        """The log was cut to `length` actions: states after it are no longer the log's."""
        for kept in [n for n in self._kept if n > length]:
            del self._kept[kept]

    def rebuild(self, entries: Sequence[Entry], length: int) -> State:
        """The state after the first `length` of `entries`, replayed from the nearest kept state before it; the
        log is cut there (see `forget_after`)."""
        self.forget_after(length)
        return self.state_at(entries, length)

    def state_at(self, entries: Sequence[Entry], length: int) -> State:
        """A new state after the first `length` of `entries`, replayed from the nearest kept state before it."""
        base = max((n for n in self._kept if n <= length), default=0)
        state = self._kept[base].clone() if base else self.start()
        for n in range(base, length):
            state.apply(entries[n].action, record=False)
            self.note(n + 1, state)
        return state
