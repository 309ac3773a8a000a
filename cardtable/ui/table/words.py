"""What the table says of the moves: the toasts, the move log and the seats' notes, said when a move's cards have
landed (until then the panels show the moment before it), and worked out again from the match after undo, redo and
when a game is opened again, so that nothing said outlives its moment."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.core.engine import Event
from cardtable.core.layout import TableLayout
from cardtable.ui.table.move_log import RECALLED_MOVES, logged
from cardtable.ui.table.seat_notes import SeatNotes

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene


class TableWords:
    """The words of one table and the moment they speak of."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.seat_notes = SeatNotes(scene.narrator.said, scene.game_layout.key_moment)
        self.showing_from: TableLayout | None = None  # the layout whose panels show while a move's cards fly

    def said(self, events: list[Event], moment: int) -> None:
        """Say, log and note on the seats' panels what move number `moment` did (`events`)."""
        scene = self.scene
        for ev in events:
            said = scene.narrator.said(ev)
            if said is not None and logged(said, ev):
                # a key moment of the game (`GameLayout.key_moment`) is said for longer, never dropped
                scene.messages.announce(said.text, moment, scene.game_layout.key_moment(ev))
                scene.move_log.add(said.text, moment)
        self.seat_notes.heard(events)

    def wait_for_cards(self, before: TableLayout) -> None:
        """A move's cards take off from `before`: its panels show until they land, or, while an earlier move's
        cards still fly (a move made at a deal's pace), the panels from before that move stay."""
        if self.showing_from is None or not self.scene.choreography.landing:
            self.showing_from = before

    def landed(self, events: list[Event], moment: int) -> None:
        """Move number `moment`'s cards have landed: its words show, and, unless a later move's cards still fly (at
        a deal's pace), the panels of the position it made."""
        if not self.scene.choreography.landing:
            self.showing_from = None
        self.said(events, moment)

    def recall(self) -> None:
        """Work the log and the seats' notes out again from the match (after undo or redo, or a game opened
        again): nothing said of a move taken back, or of an earlier deal, stays."""
        scene = self.scene
        recent = scene.match.recent_events(RECALLED_MOVES)
        self.seat_notes.recall(recent)
        scene.move_log.refill(recent, scene.narrator.said)
        scene.messages.taken_back(len(scene.match.log))
