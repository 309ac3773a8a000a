"""Playing the person's safe moves (the game's `safe_moves`): on a right-click or the A key, and by itself after each
of the person's moves when the setting `auto_play_safe` is on.

The moves go through the table's own `play`, one at a time, each once the one before has landed, so each is
animated, autosaved and undone like any move.  Auto-play follows only a move the person made: an undo or a redo
(which change the log without a move) stops it, so it never plays again what the person just took back; nor does it
send a card back where the person's last move just took it from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.core.cards import Card
from cardtable.core.engine import Action, Event

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene

NOTHING_SAFE = "No card is safe to play home."


def _moved(events: list[Event]) -> set[tuple[Card, str]]:
    """Each card the events moved, with the zone it went to."""
    return {(card, e.dst) for e in events if e.src and e.dst for card in e.cards}


class SafePlay:
    """The safe moves still to play at one table."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self._own = False  # a safe move of ours is being played
        self._log_length = len(scene.match.log)  # the log as our last move (or the person's) left it
        self._came_from: set[tuple[Card, str]] = set()  # the person's last move: (card, zone it left)
        #: Safe moves are due once the table is at rest (after the deal too, with the setting on).
        self.pending = self._auto and not scene.match.log

    @property
    def _auto(self) -> bool:
        return self.scene.app.settings.auto_play_safe and self.scene.match.game.safe_moves is not None

    def available(self) -> list[Action]:
        """The safe moves of the person to act now (none when it is not a person's turn)."""
        scene = self.scene
        find = scene.match.game.safe_moves
        if find is None or not scene.human_turn or scene.result_panel is not None:
            return []
        legal = scene.legal()
        return [a for a in find(scene.state) if a in legal]

    def request(self) -> None:
        """The person asks for every safe move (right-click, key A); nothing safe: the table says so."""
        scene = self.scene
        if scene.match.game.safe_moves is None or not scene.human_turn or scene.result_panel is not None:
            return
        scene.finish_animations()  # the person acts: what is moving lands at once
        if not self.available():
            scene.say(NOTHING_SAFE)
            return
        self.pending, self._came_from, self._log_length = True, set(), len(scene.match.log)
        self.update()

    def played(self, seat: int | None, events: list[Event]) -> None:
        """A move was played for `seat` (with `events`): after the person's own move, auto-play is due."""
        self._log_length = len(self.scene.match.log)
        if self._own or seat is None or not self.scene.match.seats[seat].is_human:
            return
        self._came_from = {(card, e.src) for e in events if e.src and e.dst for card in e.cards}
        self.pending = self.pending or self._auto

    def _person_busy(self) -> bool:
        """The person is in the middle of something: a press or a drag, a question, a chooser."""
        scene = self.scene
        asking = scene.confirm is not None and scene.confirm.alive()
        return scene.drag is not None or asking or scene.chooser is not None

    def _sends_back(self, action: Action) -> bool:
        """Whether `action` would put a card back where the person's last move just took it from."""
        return bool(self._came_from) and bool(_moved(self.scene.state.clone().apply(action)) & self._came_from)

    def update(self) -> None:
        """Each frame: the next safe move, once the table is at rest (the last one landed, nothing held)."""
        scene = self.scene
        if len(scene.match.log) != self._log_length:  # an undo or a redo: what was due is called off
            self.pending, self._log_length = False, len(scene.match.log)
        if not self.pending or scene.choreography.busy or self._person_busy():
            return
        moves = [a for a in self.available() if not self._sends_back(a)]
        if not moves:
            self.pending = False
            return
        self._own = True
        try:
            scene.play(moves[0])
        finally:
            self._own = False
