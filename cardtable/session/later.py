"""A game's autosave made when it is first asked to save: a new game is given one in the frame of the click that
opens its table, and the saving modules are imported, and its files first written, in the frames after it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from cardtable.storage import autosave_path

if TYPE_CHECKING:
    from cardtable.session.match import Match
    from cardtable.session.saves import Autosave


class AutosaveLater:
    """`Autosave.for_game(game_id)`, made at the first save (see `cardtable.session.saves.Autosave`)."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._saver: Autosave | None = None

    @property
    def path(self) -> Path:
        """Where the autosave is kept."""
        return autosave_path(self.game_id)

    @property
    def saver(self) -> Autosave:
        if self._saver is None:
            from cardtable.session.saves import Autosave

            self._saver = Autosave.for_game(self.game_id)
        return self._saver

    def __call__(self, match: Match) -> None:
        self.saver(match)

    def compact(self, match: Match) -> None:
        self.saver.compact(match)

    def release(self, match: Match) -> None:
        self.saver.release(match)
