"""Parts of the `TableScene` kept apart from its wiring: the names its parts' state has always been read by (tests,
the self-test and the driver read them), and the moment it shows."""

from __future__ import annotations

from typing import Any

from cardtable.core.engine import Event
from cardtable.core.layout import ScoreSheet, TableLayout


class SceneAliases:
    """Read-only names on a `TableScene` for what its parts hold."""

    hint_marks = property(lambda self: self.hints.marks)
    shown_hint = property(lambda self: self.hints.shown)
    drag = property(lambda self: self.input.drag)
    last_click = property(lambda self: self.input.last_click)
    buttons = property(lambda self: self.panels.buttons)
    action_buttons = property(lambda self: self.panels.action_buttons)
    choice_panel = property(lambda self: self.panels.choice_panel)
    chooser = property(lambda self: self.panels.chooser)
    result_panel = property(lambda self: self.panels.result_panel)
    confirm = property(lambda self: self.panels.confirm)
    sheet_window = property(lambda self: self.panels.sheet_window)
    message = property(lambda self: self.messages.text)
    message_error = property(lambda self: self.messages.error)
    message_time = property(lambda self: self.messages.time_left)


class SceneMoment:
    """The moment a `TableScene` shows: the position before a move until its cards land, each held picture of a
    move (the engine's snapshots), then the position as it is; the panels, the status and the score sheet follow
    it, never the newest state."""

    @property
    def shown_layout(self) -> TableLayout:
        """The layout whose panels, markers and status show now: the one before a move until the move's cards have
        landed (so the colour, counts and notes change with the card, not before it), else the current one."""
        return self.words.showing_from or self.layout  # type: ignore[attr-defined]

    def shown_view(self) -> dict[str, Any]:
        """The view of the moment on screen: what the score sheet shows with it."""
        shown = self.shown_layout.view
        return dict(shown) if shown is not None else self.view()  # type: ignore[attr-defined]

    @property
    def sheet(self) -> ScoreSheet | None:
        return self.game_layout.score_sheet(self.shown_view(), self.context())  # type: ignore[attr-defined]

    @property
    def last_moves(self) -> dict[int, str]:
        """Seat -> what it did last in this deal, as its panel says it."""
        return self.words.seat_notes.notes  # type: ignore[attr-defined]

    def held_pictures(self, old_view: dict[str, Any], events: list[Event]) -> list[tuple[int, Any]]:
        """The pictures a move holds, in order: (index of a held event, the view to show): the engine's snapshot
        of each beat, as the seat at the screen saw it."""
        seen = None if self.curtain_for is not None else self.viewer  # type: ignore[attr-defined]
        return [(i, ev.snapshot.view(seen)) for i, ev in enumerate(events) if ev.snapshot is not None]
