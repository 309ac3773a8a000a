"""Replacing a file in one step: the new bytes go to `<name>.<random>.tmp` beside it, are synced, then renamed over it.

A crash leaves either the old file or the new one, and at worst a temporary file that the app's start-up cleaning
finds by its name (`cardtable.files.instance.remove_temporary_files`).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from cardtable.storage import TEMPORARY_SUFFIX

_IOV_MAX = 512  # pieces per writev call: below every system's limit


def write_atomic(path: Path, pieces: Sequence[bytes]) -> None:
    """Replace `path` with the concatenation of `pieces` (synced to disk first); OSError when it cannot, and `path`
    is left as it was.  The pieces are written as they are, never joined: a long save is not copied once more."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=TEMPORARY_SUFFIX, dir=path.parent)
    try:
        try:
            write_all(fd, pieces)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_all(fd: int, pieces: Sequence[bytes]) -> None:
    """Write every piece, in order, however the system splits the writes."""
    pending = [memoryview(p) for p in reversed(pieces) if p]  # the next piece is last
    while pending:
        if hasattr(os, "writev"):
            written = os.writev(fd, pending[: -_IOV_MAX - 1: -1])
        else:  # Windows
            written = os.write(fd, pending[-1])
        while written:
            if written >= len(pending[-1]):
                written -= len(pending.pop())
            else:
                pending[-1] = pending[-1][written:]
                written = 0
