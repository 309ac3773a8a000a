"""Where matches are kept: the autosave of an unfinished game, the last finished game, and reading a save back.

A save that cannot be used is never deleted: it is moved aside (`<name>.corrupt-<time>`) and the error says where.
"""

from __future__ import annotations

import time
from pathlib import Path

from cardtable.session.match import GameLookup, Match, SaveError
from cardtable.storage import autosave_path, keep_aside, last_game_path, read_json, write_json_atomic


def write_match(path: Path, match: Match) -> None:
    """Write the match atomically to `path` (OSError when it cannot)."""
    write_json_atomic(path, match.to_json())


class Autosave:
    """A match's saver: the game's autosave while it is unfinished; once it is over, the last game (for replay),
    and no autosave left behind."""

    def __init__(self, path: Path, last_path: Path) -> None:
        self.path = path
        self.last_path = last_path

    @classmethod
    def for_game(cls, game_id: str) -> Autosave:
        """The game's files in the person's data folder (`cardtable.storage`)."""
        return cls(autosave_path(game_id), last_game_path(game_id))

    def __call__(self, match: Match) -> None:
        if match.state.is_over():
            write_match(self.last_path, match)
            self.path.unlink(missing_ok=True)
        else:
            write_match(self.path, match)


def load_match(path: Path, lookup: GameLookup, saver: Autosave | None = None) -> Match:
    """Load a save; an unreadable or impossible one is moved aside and SaveError says where.

    FileNotFoundError passes through (there is nothing to keep aside).
    """
    try:
        data = read_json(path)
        return Match.from_json(data, lookup, saver)
    except FileNotFoundError:
        raise
    except (OSError, ValueError, SaveError) as exc:
        reason = exc.message if isinstance(exc, SaveError) else f"The saved game cannot be read: {exc}"
        kept = keep_aside(path) if path.exists() else None
        where = f" The file was kept as {kept.name}." if kept else ""
        raise SaveError(reason + where, kept) from exc


def saved_when(path: Path) -> str:
    """'today 14:32', 'yesterday 09:10' or '3 Mar 18:05' for a file's modification time."""
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return ""
    when = time.localtime(stamp)
    today = time.localtime()
    clock = time.strftime("%H:%M", when)
    days = (time.mktime(today[:3] + (0, 0, 0) + today[6:]) - time.mktime(when[:3] + (0, 0, 0) + when[6:])) / 86400
    if round(days) == 0:
        return f"today {clock}"
    if round(days) == 1:
        return f"yesterday {clock}"
    return f"{when.tm_mday} {time.strftime('%b', when)} {clock}"
