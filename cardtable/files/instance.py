"""This copy of the app and its claim on the data folder.

Only one copy at a time keeps autosaves: the one holding the instance lock (the first started).  Another copy on
the same folder is told so and plays without saving, so that neither copy's game replaces the other's; when the
first copy quits, the next new game of another copy takes the claim over.  Statistics are shared by every copy
(see `cardtable.stats`).  The holder of the claim also cleans what a crash may have left: the temporary files of
writes that never finished.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from cardtable.files.locks import FileLock

SECOND_COPY = "Another cardtable window keeps the saved games: games in this one are not saved. Statistics still count."


class Instance:
    """The claim of this copy of the app on its data folder (`lock_path`), and the folders it keeps tidy."""

    def __init__(self, lock_path: Path, folders: Iterable[Path], temporary_suffix: str = ".tmp") -> None:
        self.lock = FileLock(lock_path)
        self.folders = tuple(folders)
        self.temporary_suffix = temporary_suffix
        self._no_lock_possible = False

    @property
    def keeps_saves(self) -> bool:
        """Whether this copy holds the claim (as of the last `claim`)."""
        return self.lock.held or self._no_lock_possible

    def claim(self) -> bool:
        """Take the claim if no other copy holds it (cleaning up on first taking it); True when this copy keeps
        saves.  A folder that cannot hold the lock file is treated as this copy's own."""
        if self.lock.held:
            return True
        try:
            if not self.lock.try_acquire():
                return False
        except OSError:
            self._no_lock_possible = True  # the writes themselves will fail and say so
            return True
        remove_temporary_files(self.folders, self.temporary_suffix)
        return True

    def release(self) -> None:
        self.lock.release()


def remove_temporary_files(folders: Iterable[Path], suffix: str = ".tmp") -> list[Path]:
    """Delete the `<name>.<random><suffix>` files of unfinished writes in `folders`; returns what was removed."""
    removed = []
    for folder in folders:
        try:
            candidates = [p for p in folder.iterdir() if p.name.endswith(suffix) and p.name.count(".") >= 2]
        except OSError:
            continue
        for path in candidates:
            try:
                if path.is_file() and not path.is_symlink():
                    path.unlink()
                    removed.append(path)
            except OSError:
                pass
    return removed
