"""Stepping through a finished match's log, forwards and backwards (pure: no pygame)."""

from __future__ import annotations

from cardtable.core.engine import Event, State
from cardtable.session.match import Match


class Replay:
    """Step through a match's log forwards and backwards."""

    def __init__(self, match: Match) -> None:
        self.rules = match.rules
        self.players = len(match.seats)
        self.options = match.options
        self.seed = match.seed
        self.entries = list(match.log)
        first = self.rules.new_game(self.players, self.options, self.seed)
        self._states: list[State] = [first]
        self.position = 0

    def __len__(self) -> int:
        return len(self.entries)

    @property
    def state(self) -> State:
        return self._states[self.position]

    def forward(self) -> list[Event]:
        """One action on; returns its events ([] at the end)."""
        if self.position >= len(self.entries):
            return []
        nxt = self._states[self.position].clone()
        events = nxt.apply(self.entries[self.position].action)
        if self.position + 1 == len(self._states):
            self._states.append(nxt)
        self.position += 1
        return events

    def back(self) -> bool:
        """One action back; False at the start."""
        if self.position == 0:
            return False
        self.position -= 1
        return True

    def seek(self, position: int) -> None:
        """Jump to after `position` actions."""
        position = max(0, min(position, len(self.entries)))
        while self.position < position:
            self.forward()
        self.position = position
