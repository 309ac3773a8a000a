"""Advisory file locks between copies of the app that share one data folder.

`FileLock` holds an exclusive lock on a small file of its own (never on the data file itself, which is replaced
atomically and would take the lock with it).  The operating system drops the lock when its holder dies, also
after kill -9, so a crashed copy never leaves a stale lock behind.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from types import TracebackType

if sys.platform == "win32":  # pragma: no cover - exercised on Windows only (the test a type checker understands)
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


class LockTimeout(OSError):
    """Another copy of the app held the lock for longer than we would wait."""


class FileLock:
    """An exclusive lock on `path` (created if missing).  OSError when the folder cannot hold it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def try_acquire(self) -> bool:
        """Take the lock if nobody holds it; True when this object holds it now."""
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
        if not _try_lock(fd):
            os.close(fd)
            return False
        self._fd = fd
        return True

    def acquire(self, timeout: float = 5.0, poll: float = 0.01) -> None:
        """Wait (at most `timeout` seconds) for the lock; `LockTimeout` if another copy keeps it."""
        deadline = time.monotonic() + timeout
        while not self.try_acquire():
            if time.monotonic() >= deadline:
                raise LockTimeout(f"another copy of cardtable kept {self.path.name} locked")
            time.sleep(poll)

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            _unlock(fd)
        finally:
            os.close(fd)

    def __del__(self) -> None:
        try:
            self.release()
        except (OSError, TypeError):  # the interpreter may be shutting down
            pass

    def __enter__(self) -> FileLock:
        self.acquire()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.release()
