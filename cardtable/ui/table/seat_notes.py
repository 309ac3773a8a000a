"""What each seat did last, as its panel says it under its lines ("plays red 7."), so that no move passes unseen.

The notes are heard from the events the table announces, and worked out again from the match's log whenever the
table goes back or starts over (undo, redo, a game opened again), so that a note never outlives its moment: a new
deal (an event of kind "deal", which every game with rounds emits) starts every seat's note afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from cardtable.core.engine import Event
from cardtable.core.words import Said
from cardtable.ui.table.move_log import logged

NEW_DEAL = "deal"


class SeatNotes:
    """Seat -> what it did last in the current deal, as the engine said it (without the seat's name)."""

    def __init__(self, said: Callable[[Event], Said | None],
                 announced_only: Callable[[Event], bool] = lambda event: False) -> None:
        """`said` is what the table says of an event (its note included); an event `announced_only` accepts (a
        key moment, said on its own) leaves the seat's note as it was."""
        self.notes: dict[int, str] = {}
        self.said, self.announced_only = said, announced_only

    def get(self, seat: int) -> str:
        return self.notes.get(seat, "")

    def heard(self, events: Iterable[Event]) -> None:
        """Take in the events of one move."""
        for ev in events:
            if ev.kind == NEW_DEAL:
                self.notes.clear()
            if ev.seat is None or self.announced_only(ev):
                continue
            said = self.said(ev)
            if said is not None and said.note and logged(said, ev):
                self.notes[ev.seat] = said.note

    def recall(self, moves: Iterable[tuple[int, list[Event]]]) -> None:
        """Work the notes out again from the events of the last moves (oldest first), as `Match.recent_events`
        gives them."""
        self.notes = {}
        for _, events in moves:
            self.heard(events)
