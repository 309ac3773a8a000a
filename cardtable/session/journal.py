"""The journal of an autosave: the changes to a match since its save was last written whole, one line each.

An autosave is two files: the snapshot `autosave-<game>.json` (a match's save data, see `Match.to_json`, with a
random `"journal"` token) and the journal `autosave-<game>.journal` beside it, whose lines are JSON:

    {"journal": 1, "snapshot": "<token>"}     the header: the journal continues the snapshot with this token
    [n, seat, action, elapsed]                log[n:] = [[seat, action]]: a move (after an undo, n cuts the log)
    [n, elapsed]                              log[n:] = []: an undo

Each line is added with one `write` to the end of the file (no sync: once `write` returned, a killed process loses
nothing; a power cut may lose the last lines, never the snapshot).  A damaged line before the last makes the save
damaged.  A journal whose header names the token the snapshot `"replaces"` is stale (the snapshot was rewritten and
the process died before the new journal was started) and is ignored: the snapshot already holds everything.

Other journals that cannot be followed to their end lose moves, and the person is told (`Journal.damage`): one
emptied or whose header was cut off, one whose header names a token the snapshot neither has nor replaces, and one
whose last line was cut off (a journal truncated, or a process that died in the middle of a line: then the move
being saved, whose autosave never returned).  The game goes on from the snapshot and the lines read before the
damage; the caller keeps the journal aside.  A snapshot without `"replaces"` (an older version's) takes a journal of
another token for a stale one, as that version did.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.files.reader import Unreadable, parse_json
from cardtable.session.save_text import COMPACT
from cardtable.session.stamps import SUFFIX as SUFFIX  # the menu reads these there, without the rest
from cardtable.session.stamps import journal_path as journal_path
from cardtable.storage import TEMPORARY_SUFFIX

JOURNAL_FORMAT = 1
# Never blocks (a FIFO put in its place fails at once) and never follows a link.
_APPEND_FLAGS = (os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
                 | getattr(os, "O_NONBLOCK", 0))


# ----- writing -------------------------------------------------------------------------------------------------
def move_line(n: int, entry: bytes, elapsed: str) -> bytes:
    """The line for log[n:] = [entry] (`entry` from `save_text.entry_text`, `elapsed` from `save_text.number`)."""
    return b"[%d,%s,%s]\n" % (n, entry[1:-1], elapsed.encode())


def cut_line(n: int, elapsed: str) -> bytes:
    """The line for log[n:] = [] (`elapsed` from `save_text.number`)."""
    return b"[%d,%s]\n" % (n, elapsed.encode())


class JournalChanged(OSError):
    """The journal on disk is not the one this process has been writing (replaced, cut, or written to)."""


class JournalFile:
    """The journal this process writes: it appends only while the file is exactly as it left it."""

    def __init__(self, path: Path, inode: int, size: int, token: str = "") -> None:
        self.path = path
        self.inode = inode
        self.size = size
        self.token = token  # the snapshot token its header names

    @classmethod
    def start(cls, path: Path, token: str) -> JournalFile:
        """A new journal holding only its header, put in place of any old one in one step."""
        header = json.dumps({"journal": JOURNAL_FORMAT, "snapshot": token}, separators=COMPACT) + "\n"
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=TEMPORARY_SUFFIX, dir=path.parent)
        try:
            try:
                data = header.encode("ascii")
                if os.write(fd, data) != len(data):
                    raise OSError("the journal's header was written in part")
                inode = os.fstat(fd).st_ino
            finally:
                os.close(fd)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return cls(path, inode, len(data), token)

    def append(self, data: bytes) -> None:
        """Add `data` (whole lines) in one write; OSError (JournalChanged) when it cannot."""
        fd = os.open(self.path, _APPEND_FLAGS)
        try:
            info = os.fstat(fd)
            if info.st_ino != self.inode or info.st_size != self.size:
                raise JournalChanged(f"{self.path.name} was changed by someone else")
            written = os.write(fd, data)
            self.size += written
            if written != len(data):
                raise OSError(f"only {written} of {len(data)} bytes reached {self.path.name}")
        finally:
            os.close(fd)


def header_token(path: Path) -> str:
    """The snapshot token named by the header of the journal at `path` ("" when there is none to read)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return ""
    try:
        first = os.read(fd, 256).split(b"\n", 1)[0] if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    except OSError:
        first = b""
    finally:
        os.close(fd)
    try:
        header = parse_json(first)
    except Unreadable:
        return ""
    token = header.get("snapshot") if isinstance(header, dict) else None
    return token if isinstance(token, str) else ""


# ----- reading -------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Damage:
    """Why a journal could not be read to its end: `reason` (words for the person, after "The autosave's journal")
    and how many of its lines could not be used (`lost`; None when the damage leaves no way to count them)."""

    reason: str
    lost: int | None


@dataclass(frozen=True)
class Journal:
    """A journal as read: its change lines (parsed), whether its last line was cut off, its file's size, and what
    could not be read (None: it was read to its end)."""

    changes: list[Any]
    torn: bool
    size: int
    damage: Damage | None = None


def parse_journal(raw: bytes, token: Any, replaces: Any = None) -> Journal | None:
    """The changes of a journal that continues the snapshot with `token`; None for a stale one (its header names
    `replaces`, the snapshot's previous token) or when the snapshot has no journal token.  A journal that cannot be
    followed to its end gives the changes read before the damage and says what was lost (see the module
    docstring); `Unreadable` naming the line for a damaged line before the last, or a newer format."""
    if not isinstance(token, str):
        return None
    lines = raw.split(b"\n")
    tail = lines.pop()  # b"" when the file ends with a newline; else a line cut off
    if not lines:
        if replaces is None:  # an older version's snapshot: a journal without its header was no journal
            return None
        return Journal([], bool(tail), 0, Damage("has lost its header" if tail else "is empty", None))
    header = _line(lines[0], 1)
    if not isinstance(header, dict) or type(header.get("journal")) is not int or "snapshot" not in header:
        raise Unreadable("its journal does not start with a journal header")
    if header["journal"] != JOURNAL_FORMAT:
        raise Unreadable(f"its journal has format {header['journal']}; this version reads {JOURNAL_FORMAT}")
    if header["snapshot"] != token:
        if replaces is None or header["snapshot"] == replaces:
            return None  # stale: the snapshot holds all of it
        return Journal([], bool(tail), 0, Damage("belongs to another save", len(lines) - 1 + bool(tail)))
    changes = [_line(line, n) for n, line in enumerate(lines[1:], 2)]
    damage = Damage(f"was cut off at line {len(lines) + 1}", None) if tail else None
    return Journal(changes, bool(tail), len(raw) - len(tail), damage)


def _line(raw: bytes, n: int) -> Any:
    try:
        return parse_json(raw)
    except Unreadable as exc:
        raise Unreadable(f"line {n} of its journal is damaged: {exc.reason}") from None


def apply_journal(data: Any, changes: list[Any]) -> None:
    """Apply a journal's changes to save data (its `actions` and `elapsed`); ValueError for an impossible change.

    Only the log's shape is changed here: loading replays the resulting log through the rules, which judge it.
    """
    if not changes:
        return
    if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
        raise ValueError("the journal continues a save that has no action log")
    actions: list[Any] = data["actions"]
    for n, change in enumerate(changes, 2):
        if type(change) is not list or len(change) not in (2, 4) or type(change[0]) is not int:
            raise ValueError(f"line {n} of its journal is not a change")
        cut = change[0]
        if not 0 <= cut <= len(actions):
            raise ValueError(f"line {n} of its journal changes move {cut + 1} of a log of {len(actions)}")
        del actions[cut:]
        if len(change) == 4:
            actions.append(change[1:3])
        data["elapsed"] = change[-1]
