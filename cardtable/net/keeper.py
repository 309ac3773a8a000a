"""Keeping hosted tables on disk: every change is written whole (atomically) by a writer thread, so that neither
the network's loop nor the host's window waits for the disk, and a table is read back after the host stopped.

A table changes faster than a disk syncs (a bot's move, a seat taken), so the writer keeps only the newest data of
each file: every change is written or replaced by a newer one.  `on_written(path, generation, error)` says which
change is on disk; the server holds a table's messages until the change they follow is written, so that no client
ever sees a move that a crash of the host would lose (its replay would then call the host a cheat).
"""

from __future__ import annotations

import json
import logging
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from cardtable.files.reader import parse_json, read_bytes
from cardtable.games import get_game
from cardtable.net.host import HostTable
from cardtable.session.atomic import write_atomic
from cardtable.session.match import SaveError
from cardtable.session.saves import MAX_SAVE_BYTES, check_length
from cardtable.storage import keep_aside

log = logging.getLogger(__name__)

T = TypeVar("T")

#: (path, generation written, the error that kept it from being written or None), from the writer's thread.
Written = Callable[[Path, int, "str | None"], None]


@dataclass
class Gate(Generic[T]):
    """A table's messages held, in order, until the change they follow is written (or could not be)."""

    written: int = 0  # the newest generation on disk, or given up on
    held: deque[tuple[int, T]] = field(default_factory=deque)

    def hold(self, generation: int, item: T) -> bool:
        """Keep `item` (which follows change `generation`) if it must wait; False: it may go now."""
        if not self.held and generation <= self.written:
            return False
        self.held.append((generation, item))
        return True

    def release(self, generation: int) -> list[T]:
        """Change `generation` is written: the items that may go now, in order."""
        self.written = max(self.written, generation)
        out = []
        while self.held and self.held[0][0] <= self.written:
            out.append(self.held.popleft()[1])
        return out


class Keeper:
    """A writer thread for hosted tables' files.  `put(path, data)` returns the change's generation at once."""

    def __init__(self, on_written: Written) -> None:
        self._on_written = on_written
        self._lock = threading.Condition()
        self._pending: dict[Path, tuple[int, dict[str, Any]]] = {}
        self._written: dict[Path, int] = {}
        self._generation = 0
        self._busy = False
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="cardtable-keeper", daemon=True)
        self._thread.start()

    def put(self, path: Path, data: dict[str, Any]) -> int:
        """Write `data` to `path` soon (replacing any older data waiting for the same file); its generation."""
        with self._lock:
            if self._closing:
                raise RuntimeError("the keeper is closed")
            self._generation += 1
            self._pending[path] = (self._generation, data)
            self._lock.notify_all()
            return self._generation

    def written(self, path: Path) -> int:
        """The newest generation of `path` that was written (or could not be), 0 for none."""
        with self._lock:
            return self._written.get(path, 0)

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until everything put so far is written (at most `timeout` seconds); whether it was."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._pending and not self._busy, timeout)

    def close(self, timeout: float = 30.0) -> None:
        """Write what is waiting, then stop the thread."""
        self.flush(timeout)
        with self._lock:
            self._closing = True
            self._lock.notify_all()
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: bool(self._pending) or self._closing)
                if not self._pending:
                    return
                path = next(iter(self._pending))
                generation, data = self._pending.pop(path)
                self._busy = True
            error = None
            try:
                write_atomic(path, [json.dumps(data, separators=(",", ":"), allow_nan=False).encode()])
            except OSError as exc:
                error = f"The hosted game could not be saved: {exc.strerror or exc}"
                log.warning("%s (%s)", error, path)
            except Exception as exc:  # noqa: BLE001 - data that does not encode is a bug; the table goes on
                error = f"The hosted game could not be saved: {type(exc).__name__}: {exc}"
                log.exception("saving the hosted table %s failed", path.name)
            with self._lock:  # before the callback: a listener that missed it can ask (`written`)
                self._written[path] = max(self._written.get(path, 0), generation)
            try:
                self._on_written(path, generation, error)
            except Exception:  # noqa: BLE001 - the server stopping while a write finishes
                log.debug("after a hosted table's write", exc_info=True)
            with self._lock:
                self._busy = False
                self._lock.notify_all()


def read_table(path: Path, **kwargs: Any) -> HostTable:
    """The hosted table saved at `path` (`HostTable.from_json`, with `kwargs` for the table).  A file that cannot
    be used is moved aside (never deleted), and SaveError says why and where it went; FileNotFoundError passes."""
    try:
        data = parse_json(read_bytes(path, MAX_SAVE_BYTES))
        if isinstance(data, dict):
            check_length(data.get("match"))
        return HostTable.from_json(data, get_game, **kwargs)
    except FileNotFoundError:
        raise
    except Exception as exc:  # noqa: BLE001 - whatever is wrong with it, it is a damaged file, never a crash
        reason = exc.message if isinstance(exc, SaveError) else str(getattr(exc, "reason", "") or exc)
        message = f"The hosted table cannot be resumed: {reason}."
        try:
            kept = keep_aside(path)
        except OSError as err:
            raise SaveError(f"{message} It could not be moved aside ({err.strerror or err}).") from exc
        raise SaveError(f"{message} The file was kept as {kept.name}.", kept) from exc
