"""When a save was last written, as the menu says it: light, so that the menu's first frame needs nothing more of
the session (`saves` re-exports these)."""

from __future__ import annotations

import time
from pathlib import Path

SUFFIX = ".journal"  # a save's journal: the save's own name with this suffix


def journal_path(snapshot: Path) -> Path:
    """The journal that goes with the snapshot at `snapshot`."""
    return snapshot.with_suffix(SUFFIX)


def saved_at(path: Path) -> float | None:
    """When the save at `path` was last written (its journal included), as a time stamp; None without a save."""
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return None
    try:
        return max(stamp, journal_path(path).stat().st_mtime)
    except OSError:
        return stamp


def saved_when(path: Path) -> str:
    """'today 14:32', 'yesterday 09:10' or '3 Mar 18:05' for when the save at `path` was last written."""
    stamp = saved_at(path)
    if stamp is None:
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
