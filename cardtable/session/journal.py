"""The journal of an autosave: the changes to a match since its save was last written whole, one line each.

An autosave is two files: the snapshot `autosave-<game>.json` (a match's save data, see `Match.to_json`, with a
random `"journal"` token) and the journal `autosave-<game>.journal` beside it, whose lines are JSON:

    {"journal": 1, "snapshot": "<token>"}     the header: the journal continues the snapshot with this token
    [n, seat, action, elapsed]                log[n:] = [[seat, action]]: a move (after an undo, n cuts the log)
    [n, elapsed]                              log[n:] = []: an undo

Each line is added with one `write` to the end of the file (no sync: once `write` returned, a killed process loses
nothing; a power cut may lose the last lines, never the snapshot).  A last line without its newline was being
written when the process died and is ignored; a damaged line before it makes the save damaged.  A journal whose
header names another token is stale (the snapshot was rewritten and the process died before the new journal was
started) and is ignored: the snapshot already holds everything.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.files.reader import Unreadable, parse_json
from cardtable.session.save_text import COMPACT
from cardtable.storage import TEMPORARY_SUFFIX

JOURNAL_FORMAT = 1
SUFFIX = ".journal"
# Never blocks (a FIFO put in its place fails at once) and never follows a link.
_APPEND_FLAGS = (os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
                 | getattr(os, "O_NONBLOCK", 0))


def journal_path(snapshot: Path) -> Path:
    """The journal that goes with the snapshot at `snapshot`."""
    return snapshot.with_suffix(SUFFIX)


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

    def __init__(self, path: Path, inode: int, size: int) -> None:
        self.path = path
        self.inode = inode
        self.size = size

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
        return cls(path, inode, len(data))

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


# ----- reading -------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Journal:
    """A journal as read: its change lines (parsed), whether its last line was cut off, and its file's size."""

    changes: list[Any]
    torn: bool
    size: int


def parse_journal(raw: bytes, token: Any) -> Journal | None:
    """The changes of a journal that continues the snapshot with `token`; None for a journal that does not (stale,
    or its header never finished).  `Unreadable` naming the line for a damaged one."""
    lines = raw.split(b"\n")
    tail = lines.pop()  # b"" when the file ends with a newline; else the line being written when the process died
    if not lines:
        return None
    header = _line(lines[0], 1)
    if not isinstance(header, dict) or type(header.get("journal")) is not int or "snapshot" not in header:
        raise Unreadable("its journal does not start with a journal header")
    if header["journal"] != JOURNAL_FORMAT:
        raise Unreadable(f"its journal has format {header['journal']}; this version reads {JOURNAL_FORMAT}")
    if not isinstance(token, str) or header["snapshot"] != token:
        return None
    changes = [_line(line, n) for n, line in enumerate(lines[1:], 2)]
    return Journal(changes, bool(tail), len(raw) - len(tail))


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
