"""Where matches are kept: the autosave of an unfinished game, the last finished game, and reading a save back.

The autosave is a snapshot (the match's save data, written whole) and a journal of the changes since, one line per
change (see `cardtable.session.journal`): a move costs one small append, however long the game.  The match is
written whole again at a round's start, every `COMPACT_AFTER` changes, when the table closes, and when the game is
over (then as the last game, with a copy among the finished games kept for replay, `cardtable.session.finished`;
and the autosave and its journal are removed).

A save that cannot be used is never deleted: it is moved aside (`<name>.corrupt-<time>`), with its journal, and the
error says where.  A journal that cannot be followed to its end (emptied, cut off, or of another save) is moved
aside alone: the game goes on from what could be read, and `Match.load_notice` says how much was lost.

A save longer than any real game (`MAX_ACTIONS`) is refused before it is replayed.  Loading reports its progress
(`load_match(progress=...)`), so that the menu can load on another thread and show how far it is.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.files.reader import Unreadable, parse_json, read_bytes
from cardtable.session.atomic import write_atomic
from cardtable.session.finished import keep, new_name, prune
from cardtable.session.journal import (
    Damage,
    JournalFile,
    apply_journal,
    cut_line,
    header_token,
    journal_path,
    move_line,
    parse_journal,
)
from cardtable.session.match import GameLookup, LogEntry, Match, SaveError, Saver, Seat
from cardtable.session.save_text import LogText, number, save_pieces
from cardtable.session.stamps import saved_at, saved_when  # noqa: F401 - re-exported for the session's users
from cardtable.storage import autosave_path, finished_dir, keep_aside, last_game_path

log = logging.getLogger("cardtable")

#: The largest snapshot or journal read (a save of 20,000 moves is under 1 MB).
MAX_SAVE_BYTES = 32 << 20
#: Journal lines after which the match is written whole again (loading reads at most this many).
COMPACT_AFTER = 1000
#: The most actions a save may hold: far above any real game.  benchmarks/game_lengths.py plays games between bots at
#: the largest table and the longest session: the longest takes 3,361 actions; a session that goes on until the
#: players stop takes some 37 actions a round (100,000 is 2,700 rounds), and a solitaire played a move a second for a
#: whole day 86,400.  A longer save is refused before it is replayed, with the reason (a 30 MB one took half a minute
#: to replay).
MAX_ACTIONS = 100_000

#: `progress(done, total)`: moves replayed so far of a save being loaded (called from the loading thread).
Progress = Callable[[int, int], None]


def write_match(path: Path, match: Match) -> None:
    """Write the whole match atomically to `path` (OSError when it cannot)."""
    write_atomic(path, save_pieces(match, LogText(match.log)))


@dataclass(frozen=True)
class Resumable:
    """A journal that a load read to its end: the autosave may go on appending to it."""

    journal: JournalFile
    lines: int


class Autosave:
    """A match's saver: the game's autosave (snapshot and journal) while it is unfinished; once it is over, the last
    game (for replay), and no autosave left behind.

    It keeps one match: the last one it was given (a new match takes it over at once).  `release` from a match it
    has moved on from does nothing, so a table closing after New cannot put its old game back.
    """

    def __init__(self, path: Path, last_path: Path, game_id: str | None = None,
                 finished: Path | None = None) -> None:
        self.path = path
        self.last_path = last_path
        self.finished = finished  # the folder a copy of each finished game is kept in (None: none kept)
        self.journal_path = journal_path(path)
        self.game_id = game_id  # the game whose saves these are (a load of another game's save is refused)
        self._match: Match | None = None  # the match the files hold
        self._journal: JournalFile | None = None  # where its changes go; None: write the match whole next
        self._entries: list[LogEntry] = []  # the match's log as last seen, and its JSON text
        self._texts = LogText()
        self._seats: list[Seat] = []
        self._elapsed = "0"
        self._lines = 0  # journal lines since the snapshot

    @property
    def _journal_token(self) -> str:
        """The token of the journal now on disk: the one this saver writes, or else the header's."""
        return self._journal.token if self._journal is not None else header_token(self.journal_path)

    @classmethod
    def for_game(cls, game_id: str) -> Autosave:
        """The game's files in the person's data folder (`cardtable.storage`)."""
        return cls(autosave_path(game_id), last_game_path(game_id), game_id, finished_dir(game_id))

    def __call__(self, match: Match) -> None:
        """Save what changed (OSError when it cannot; the next call catches up)."""
        if match.state.is_over():
            self._finish(match)
            return
        if match is self._match and self._journal is not None and match.seats == self._seats:
            try:
                self._append_changes(match)
            except OSError:  # changed by someone else, or cannot take a line: the match is written whole below
                pass
            else:
                if self._lines < COMPACT_AFTER:
                    return
        self._write_whole(match)

    def compact(self, match: Match) -> None:
        """Write the match whole now, its journal started afresh."""
        if match.state.is_over():
            self._finish(match)
        else:
            self._write_whole(match)

    def release(self, match: Match) -> None:
        """The table is done with `match`: write it whole, unless a newer match has taken this saver over."""
        if match is self._match:
            self.compact(match)

    def attach(self, match: Match, resumable: Resumable | None = None) -> None:
        """Keep `match`, just loaded from this saver's files (`resumable`: go on with their journal) or elsewhere."""
        self._match = match
        self._entries, self._texts = list(match.log), LogText(match.log)
        self._seats = list(match.seats)
        self._elapsed = number(match.elapsed)
        self._journal = resumable.journal if resumable else None
        self._lines = resumable.lines if resumable else 0

    # ----- writing -------------------------------------------------------------------------------
    def _sync(self, match: Match) -> tuple[int, int]:
        """Bring the seen log up to `match.log`; returns how many entries stayed and how many there were."""
        log, entries = match.log, self._entries
        if match is not self._match:
            self._match = match
            self._journal = None
            self._entries, self._texts = list(log), LogText(log)
            return 0, 0
        # The log only changes at its end, and each entry is its own object: the last entry still in place (by
        # identity) marks where the log was cut.
        kept, before = min(len(log), len(entries)), len(entries)
        while kept and log[kept - 1] is not entries[kept - 1]:
            kept -= 1
        del entries[kept:]
        self._texts.truncate(kept)
        added = log[kept:]
        entries.extend(added)
        self._texts.extend(added)
        return kept, before

    def _append_changes(self, match: Match) -> None:
        assert self._journal is not None
        kept, before = self._sync(match)
        elapsed = number(match.elapsed)
        length = len(match.log)
        lines = [cut_line(kept, elapsed)] if kept < before and kept == length else []
        lines += [move_line(n, self._texts[n], elapsed) for n in range(kept, length)]
        if not lines and elapsed != self._elapsed:
            lines.append(cut_line(length, elapsed))
        if not lines:
            return
        try:
            self._journal.append(b"".join(lines))
        except OSError:
            self._journal = None
            raise
        self._elapsed = elapsed
        self._lines += len(lines)

    def _write_whole(self, match: Match) -> None:
        self._sync(match)
        replaces = self._journal_token
        self._journal = None  # until the new journal is in place
        token = os.urandom(8).hex()  # as secrets.token_hex, whose hashlib (OpenSSL) slows start-up
        write_atomic(self.path, save_pieces(match, self._texts, token, replaces))
        # A crash here leaves the old journal, whose header names the token the snapshot replaces: loading ignores it.
        self._journal = JournalFile.start(self.journal_path, token)
        self._seats = list(match.seats)
        self._elapsed = number(match.elapsed)
        self._lines = 0

    def _finish(self, match: Match) -> None:
        self._sync(match)
        pieces = save_pieces(match, self._texts)
        write_atomic(self.last_path, pieces)
        self._keep_finished(match, pieces)
        self.path.unlink(missing_ok=True)  # the snapshot first: a journal alone is never loaded
        self.journal_path.unlink(missing_ok=True)
        self._match, self._journal = None, None
        self._entries, self._texts = [], LogText()

    def _keep_finished(self, match: Match, pieces: list[bytes]) -> None:
        """A copy of the finished game in the folder of finished games (under the name it was given, if it was
        kept before), its name in `match.kept_as` for the statistics; the oldest copies beyond the bound go.  A disk
        error costs only the copy: the game is still the last game."""
        if self.finished is None:
            return
        name = match.kept_as or new_name()
        try:
            keep(self.last_path, self.finished / name, pieces)
        except OSError as exc:
            log.warning("the finished game could not be kept for replay: %s", exc)
            return
        match.kept_as = name
        try:
            prune(self.finished)
        except OSError as exc:
            log.warning("the oldest finished games could not be removed: %s", exc)


# ----- loading -------------------------------------------------------------------------------------------------
def load_match(path: Path, lookup: GameLookup, saver: Saver | None = None, game_id: str | None = None,
               progress: Progress | None = None) -> Match:
    """Load a save (with its journal, if it has one); an unreadable or impossible one is moved aside, with its
    journal, and SaveError says where.  `game_id` (by default the saver's): the game the save must be of.
    `progress(done, total)` hears how far the replay is.

    A journal that cannot be read to its end is moved aside alone, and the match's `load_notice` says how many moves
    were lost and from which move the game goes on; the match is then written whole at once (its saver's files hold
    what was read).  FileNotFoundError passes through (there is nothing to keep aside).
    """
    expected = game_id or (saver.game_id if saver is not None else None)
    try:
        data, resumable, damage = read_save(path)
        if expected is not None and isinstance(data, dict) and data.get("game") != expected:
            raise SaveError(f"The saved game is not a game of {expected}: it names another game.")
        check_length(data)
        match = Match.from_json(data, lookup, saver, progress)
    except FileNotFoundError:
        raise
    except (OSError, ValueError, SaveError) as exc:
        raise _kept_aside(path, exc) from exc
    except Exception as exc:  # noqa: BLE001 - a value no check foresaw: still a damaged save, never a crash
        log.exception("reading the save %s failed", path.name)
        raise _kept_aside(path, ValueError(f"{type(exc).__name__}: {exc}")) from exc
    if isinstance(saver, Autosave):
        saver.attach(match, resumable if saver.path == path and damage is None else None)
    if damage is not None:  # the journal is moved aside by the saver of these files only (not a second copy's load)
        owner = isinstance(saver, Autosave) and saver.path == path
        match.load_notice = _journal_lost(path, damage, len(match.log), owner)
        log.warning("%s", match.load_notice)
        match.autosave(compact=True)  # what was read is in the snapshot before the next move
    return match


def check_length(data: Any) -> None:
    """SaveError for save data with more actions than any real game (`MAX_ACTIONS`), before it is replayed."""
    actions = data.get("actions") if isinstance(data, dict) else None
    if isinstance(actions, list) and len(actions) > MAX_ACTIONS:
        raise SaveError(f"The saved game holds {len(actions):,} moves, far more than any real game (at most"
                        f" {MAX_ACTIONS:,} are loaded): it was not opened.")


def read_save(path: Path) -> tuple[Any, Resumable | None, Damage | None]:
    """The save data at `path` with its journal's changes applied, the journal if it may be appended to, and what
    of the journal could not be read (None: all of it, or there is none).

    `Unreadable` / ValueError for a damaged file; FileNotFoundError when there is no save (a journal is optional).
    """
    data = parse_json(read_bytes(path, MAX_SAVE_BYTES))
    journal_file = journal_path(path)
    try:
        raw = read_bytes(journal_file, MAX_SAVE_BYTES)
        inode = os.stat(journal_file).st_ino
    except FileNotFoundError:
        return data, None, None
    header = data if isinstance(data, dict) else {}
    journal = parse_journal(raw, header.get("journal"), header.get("replaces"))
    if journal is None:
        return data, None, None
    apply_journal(data, journal.changes)
    if journal.torn or journal.damage is not None:  # appending after it would damage it: the next save writes whole
        return data, None, journal.damage
    token = header["journal"]
    return data, Resumable(JournalFile(journal_file, inode, journal.size, token), len(journal.changes)), None


def _journal_lost(path: Path, damage: Damage, moves: int, move_aside: bool) -> str:
    """Move the damaged journal of the save at `path` aside (if `move_aside`); the sentence that says what was lost
    and where the journal went."""
    file = journal_path(path)
    if damage.lost is None:
        lost = "the moves saved after it could not be read"
    else:
        lost = f"{damage.lost} move{'s' if damage.lost != 1 else ''} saved after it could not be read"
    where = f"after move {moves}" if moves else "from its start"
    text = f"The autosave's journal {damage.reason}: the game goes on {where}; {lost}."
    if not move_aside:
        return text
    try:
        kept = keep_aside(file)
    except FileNotFoundError:
        return text
    except OSError as err:
        return f"{text} The journal could not be moved aside ({err.strerror or err})."
    return f"{text} The journal was kept as {kept.name}."


def _kept_aside(path: Path, exc: Exception) -> SaveError:
    """Move the save and its journal aside; the SaveError saying why and where."""
    if isinstance(exc, SaveError):
        reason = exc.message
    elif isinstance(exc, Unreadable):
        reason = f"The saved game cannot be read: {exc.reason}."
    elif isinstance(exc, OSError):
        reason = f"The saved game cannot be read: {exc.strerror or exc}."
    else:
        reason = f"The saved game cannot be read: {exc}."
    kept: dict[Path, Path] = {}
    for file in (path, journal_path(path)):
        try:
            kept[file] = keep_aside(file)
        except FileNotFoundError:
            pass
        except OSError as err:
            reason += f" {file.name} could not be moved aside ({err.strerror or err})."
    if kept:
        names = " and ".join(k.name for k in kept.values())
        reason += f" The file{'s were' if len(kept) > 1 else ' was'} kept as {names}."
    return SaveError(reason, kept.get(path))
