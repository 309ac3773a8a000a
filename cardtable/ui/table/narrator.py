"""The table's words for what the engine records: the game's narration (`GamePlugin.narration`) with the players'
names as the table shows them (the person spoken to as "you", a seat a bot plays for a person called as its panel
calls it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.engine import Action, Event, IllegalAction, Result
from cardtable.core.words import Names, Said
from cardtable.session.turns import SeatNews
from cardtable.ui.table.sentences import seat_news

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene


class TableNarrator:
    """What one table says of events, refusals and actions."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.narration = scene.match.game.narration

    def names(self) -> Names:
        """The seats' names as their panels show them."""
        return Names.of(self.scene.handover.names())

    def people(self) -> Names:
        """The seats' own names (a seat a bot plays for its person still called by the person's name)."""
        return Names.of(seat.name for seat in self.scene.match.seats)

    def said(self, event: Event) -> Said | None:
        """What the table says of `event` (None: nothing)."""
        return self.narration.event(event, self.names())

    def text(self, event: Event) -> str:
        """The sentence said of `event` ("" for none)."""
        said = self.said(event)
        return said.text if said is not None else ""

    def refusal(self, error: IllegalAction) -> str:
        """Why the engine refused a move, for the person."""
        return self.narration.refusal(error, self.names())

    def news(self, item: IllegalAction | SeatNews) -> str:
        """A host's refusal of the person's move, or what became of a seat (the turn driver's `news`)."""
        if isinstance(item, IllegalAction):
            return self.refusal(item)
        return seat_news(self.people(), item.seat, item.status)

    def result(self, result: Result) -> str:
        """The game's outcome in a sentence."""
        return self.narration.result(result, self.names())

    def hint(self, hint: Any) -> str:
        """A hint (`games.plugin.Hint`): the move and why."""
        return self.narration.hint(hint, self.names())

    def action(self, action: Action) -> str:
        """`action` as a button or a line names it."""
        return self.narration.action(action, self.names())
