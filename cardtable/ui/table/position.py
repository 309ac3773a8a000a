"""The position on the table, worked out once: the views the table asks for, the legal moves and the rules' time
limit, kept until a move, an undo or a redo changes the position (never a `view()` or a `legal_actions()` a
frame)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.engine import Action, TimeLimit

if TYPE_CHECKING:
    from cardtable.session.match import Match


class Position:
    """What one match's position shows and allows, asked of the engine once per position."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self._for: tuple[object, int] | None = None  # the state (the object itself) and its move count
        self._views: dict[int | None, dict[str, Any]] = {}
        self._legal: list[Action] | None = None
        self._limit: tuple[TimeLimit | None] | None = None  # asked yet: (the limit or None,)

    def _current(self) -> None:
        key = (self.match.state, len(self.match.log))
        if self._for is None or self._for[0] is not key[0] or self._for[1] != key[1]:
            self._for, self._views, self._legal, self._limit = key, {}, None, None

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see now (None: the public view).  Shared: the caller must not change it."""
        self._current()
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.match.state.view(seat)
        return view

    def legal(self) -> list[Action]:
        """The legal moves now."""
        self._current()
        if self._legal is None:
            self._legal = self.match.state.legal_actions()
        return self._legal

    def time_limit(self) -> TimeLimit | None:
        """The rules' time limit on the decision now (None: none)."""
        self._current()
        if self._limit is None:
            self._limit = (self.match.state.time_limit(),)
        return self._limit[0]
