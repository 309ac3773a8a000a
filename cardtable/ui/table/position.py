"""The position on the table, worked out once: the views the table asks for and the legal moves, kept until a
move, an undo or a redo changes the position (never a `view()` or a `legal_actions()` a frame)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.engine import Action

if TYPE_CHECKING:
    from cardtable.session.match import Match


class Position:
    """What one match's position shows and allows, asked of the engine once per position."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self._for: tuple[object, int] | None = None  # the state (the object itself) and its move count
        self._views: dict[int | None, dict[str, Any]] = {}
        self._legal: list[Action] | None = None
        self.asked = 0  # how many times the engine was asked (tests hold an idle table to none a frame)

    def _current(self) -> None:
        key = (self.match.state, len(self.match.log))
        if self._for is None or self._for[0] is not key[0] or self._for[1] != key[1]:
            self._for, self._views, self._legal = key, {}, None

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see now (None: the public view).  Shared: the caller must not change it."""
        self._current()
        view = self._views.get(seat)
        if view is None:
            self.asked += 1
            view = self._views[seat] = self.match.state.view(seat)
        return view

    def legal(self) -> list[Action]:
        """The legal moves now."""
        self._current()
        if self._legal is None:
            self.asked += 1
            self._legal = self.match.state.legal_actions()
        return self._legal
