"""The finished games kept for replay: a copy of each game as it ended, in a folder per game, named by when it ended.

The statistics name a game's copy in its history row (`PastGame.kept`), so the statistics screen can replay that
row.  Only the newest `KEPT_FINISHED` copies of a game stay: older ones are deleted when a game is added.  Nothing
else in the folder is ever deleted (a damaged copy kept aside as `<name>.corrupt-<time>` stays where it is).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from cardtable.session.atomic import write_atomic
from cardtable.storage import KEPT_FINISHED, finished_dir, kept_name_ok

#: A copy's name: when its game ended (to the microsecond, so names sort oldest first) and a random tail.
NAME = re.compile(r"\d{8}-\d{6}-\d{6}-[0-9a-f]{4}\.json")


def new_name() -> str:
    """A name for a copy of a game finished now."""
    return f"{datetime.now().strftime('%Y%m%d-%H%M%S-%f')}-{os.urandom(2).hex()}.json"


def kept_path(game_id: str, name: str) -> Path | None:
    """Where the copy `name` of a finished game of `game_id` is, or None for a name that cannot be one."""
    return finished_dir(game_id) / name if kept_name_ok(name) else None


def keep(last: Path, target: Path, pieces: Sequence[bytes]) -> None:
    """Keep the finished game just written whole to `last` (its content `pieces`) as `target` too: a second name
    for the same file where the disk allows (no second write: the last move's frame stays short; `last` is only
    ever replaced, never written in place, so the copy stays as it is), else written anew.  OSError when neither
    can be done."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(last, target)
    except OSError:  # a file system without hard links, or the copy is there already (kept again)
        write_atomic(target, pieces)


def prune(folder: Path, keep: int = KEPT_FINISHED) -> list[Path]:
    """Delete all but the newest `keep` copies in `folder` (files named as `new_name` names them, nothing else);
    the paths deleted.  OSError when the folder cannot be listed."""
    copies = sorted(p for p in folder.iterdir() if NAME.fullmatch(p.name) and p.is_file())
    gone = copies[:max(0, len(copies) - keep)]
    for path in gone:
        path.unlink(missing_ok=True)
    return gone
