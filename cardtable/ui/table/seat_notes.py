"""What each seat did last, as its panel says it under its lines ("plays red 7."), so that no move passes unseen.

The notes are heard from the events the table announces, and worked out again from the match's log whenever the
table goes back or starts over (undo, redo, a game opened again), so that a note never outlives its moment: a new
deal (an event of kind "deal", which every game with rounds emits) starts every seat's note afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from cardtable.core.engine import Event
from cardtable.core.wording import seat_name
from cardtable.ui.table.move_log import logged

NEW_DEAL = "deal"


class SeatNotes:
    """Seat -> what it did last in the current deal, as the engine said it (without the seat's name)."""

    def __init__(self, named: Callable[[str], str], name_of: Callable[[int], str],
                 announced_only: Callable[[Event], bool] = lambda event: False) -> None:
        """`named` puts the players' names into an engine's sentence; `name_of` gives a seat's name; an event
        `announced_only` accepts (a key moment, said on its own) leaves the seat's note as it was."""
        self.notes: dict[int, str] = {}
        self.named, self.name_of, self.announced_only = named, name_of, announced_only

    def get(self, seat: int) -> str:
        return self.notes.get(seat, "")

    def heard(self, events: Iterable[Event]) -> None:
        """Take in the events of one move."""
        for ev in events:
            if ev.kind == NEW_DEAL:
                self.notes.clear()
            if (logged(ev) and ev.seat is not None and ev.text.startswith(f"{seat_name(ev.seat)} ")
                    and not self.announced_only(ev)):
                # The named sentence's verb agrees with the name ("are skipped." under You, never "is skipped.").
                said, name = self.named(ev.text), self.name_of(ev.seat)
                self.notes[ev.seat] = said[len(name) + 1:] if said.startswith(f"{name} ") else \
                    ev.text[len(seat_name(ev.seat)) + 1:]

    def recall(self, moves: Iterable[tuple[int, list[Event]]]) -> None:
        """Work the notes out again from the events of the last moves (oldest first), as `Match.recent_events`
        gives them."""
        self.notes = {}
        for _, events in moves:
            self.heard(events)
