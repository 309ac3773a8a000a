"""Resuming a saved game: which one the menu offers first (`latest_autosave`), and loading it on a thread of its
own, so that the window keeps drawing while a long save is replayed.

The menu starts a `SaveLoading`, shows its `text()` every frame, and once it is `finished()` opens the table with
its `match` or shows its `error`.  The thread only reads the save (and writes it whole again after a damaged
journal); nothing of pygame is touched off the UI thread.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.games import CATALOGUE, CatalogueEntry, get_game
from cardtable.session.stamps import saved_at
from cardtable.storage import autosave_path

if TYPE_CHECKING:  # the session comes with the first table (or the first save opened)
    from cardtable.session.match import Match
    from cardtable.session.saves import Autosave

log = logging.getLogger("cardtable")

#: `load(path, lookup, saver=..., progress=...)`: how the save is read (`load_match`; tests may wrap it).
Loader = Callable[..., "Match"]


def latest_autosave() -> tuple[CatalogueEntry, Path] | None:
    """The built game whose autosave was written most recently, and that file."""
    best: tuple[float, CatalogueEntry, Path] | None = None
    for entry in CATALOGUE:
        if not entry.built:
            continue
        path = autosave_path(entry.id)
        stamp = saved_at(path)  # the journal's time too: a move appends to it, not to the save
        if stamp is None:
            continue
        if best is None or stamp > best[0]:
            best = (stamp, entry, path)
    return None if best is None else (best[1], best[2])


class SaveLoading:
    """The load of the save at `path` in a daemon thread: how far it is, then its match or the exception it met."""

    def __init__(self, path: Path, saver: Autosave | None, load: Loader | None = None) -> None:
        self.path = path
        self.moves_done = 0
        self.moves = 0  # the save's moves, once it has been read (0 until then)
        self.match: Match | None = None
        self.error: BaseException | None = None
        if load is None:
            from cardtable.session.saves import load_match

            load = load_match
        self._load = load
        self._saver = saver
        self.thread = threading.Thread(target=self._run, name="load-save", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self.match = self._load(self.path, get_game, saver=self._saver, progress=self._progress)
        except BaseException as exc:  # noqa: BLE001 - handed to the UI thread, which says it
            self.error = exc

    def _progress(self, done: int, total: int) -> None:
        self.moves_done, self.moves = done, total

    def finished(self) -> bool:
        """The thread is over: `match` or `error` is set."""
        return not self.thread.is_alive()

    def text(self) -> str:
        """How far the load is, for the person."""
        if not self.moves:
            return "Opening the saved game\u2026"
        return f"Opening the saved game: {self.moves_done:,} of {self.moves:,} moves\u2026"

    def show(self, label: Any) -> None:
        """Put `text()` on `label` (a UILabel) when it has changed."""
        text = self.text()
        if label.text != text:
            label.set_text(text)

    def outcome(self) -> tuple[Match | None, str]:
        """After `finished`: the match, or None and the sentence that says why it cannot be opened."""
        error = self.error
        if error is None and self.match is not None:
            return self.match, ""
        from cardtable.session.match import SaveError

        if isinstance(error, SaveError):
            log.warning("autosave unusable: %s", error.message)
            return None, error.message
        if isinstance(error, FileNotFoundError):
            return None, "That saved game is gone."
        log.error("resuming %s failed", self.path.name, exc_info=error)  # a bug must not take the menu down
        return None, f"The saved game could not be opened: {error}"
