"""One hardened reader for every JSON file the app reads (saves, the autosave, the last game, settings, statistics).

Every file is untrusted: it may be huge, not a regular file (a FIFO would block a plain `open` forever), a link,
unreadable, not UTF-8, not JSON, nested deeply enough to exhaust the interpreter's stack, or hold numbers JSON
allows but the app cannot use (NaN, Infinity, integers of thousands of digits).  `read_json_file` turns each of
these into `Unreadable` with a sentence for the person; the caller decides what to do with the file (usually
`cardtable.storage.keep_aside`).  A missing file is `FileNotFoundError`, as with `open`.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

#: How deep lists and objects may nest in any file the app writes (its saves nest four or five levels).
MAX_DEPTH = 32
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


class Unreadable(ValueError):
    """A file that exists but cannot be used; `reason` says why in words for the person."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _no_constants(name: str) -> Any:
    raise Unreadable(f"it holds the number {name}, which is not a real number")


def _int_or_infinite(digits: str) -> int | float:
    """An integer too long for any field (and for Python's conversion limit) reads as infinity."""
    return int(digits) if len(digits) <= 64 else float("inf")


def read_bytes(path: Path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most `max_bytes`, opened without following a link and without blocking."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise Unreadable(f"it cannot be looked at ({exc.strerror or exc})") from exc
    if stat.S_ISLNK(info.st_mode):
        raise Unreadable("it is a link to another file, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable("it is not an ordinary file")
    if info.st_size > max_bytes:
        raise Unreadable(f"it is too big ({info.st_size:,} bytes; at most {max_bytes:,} are read)")
    try:
        fd = os.open(path, _FLAGS)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise Unreadable(f"it cannot be opened ({exc.strerror or exc})") from exc
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped between the look and the open
            raise Unreadable("it is not an ordinary file")
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise Unreadable(f"it cannot be read ({exc.strerror or exc})") from exc
    finally:
        os.close(fd)
    if size > max_bytes:
        raise Unreadable(f"it is too big (more than {max_bytes:,} bytes)")
    return b"".join(chunks)


def parse_json(raw: bytes, max_depth: int = MAX_DEPTH, constants: bool = False) -> Any:
    """Decode UTF-8 JSON with the checks of `read_json_file`; `Unreadable` on any failure.

    `constants`: read NaN and ±Infinity as floats (for a caller that checks every value it takes, field by field)
    instead of refusing the whole file."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Unreadable(f"it is not text (byte {exc.start} is not UTF-8)") from exc
    try:
        if constants:  # every value is checked by its field: an impossible one only loses that field
            data = json.loads(text, parse_constant=float, parse_int=_int_or_infinite)
        else:
            data = json.loads(text, parse_constant=_no_constants)
    except RecursionError:
        raise Unreadable("its lists or objects are nested too deeply") from None
    except Unreadable:
        raise
    except json.JSONDecodeError as exc:
        raise Unreadable(f"it is not valid JSON (line {exc.lineno}, column {exc.colno})") from exc
    except ValueError as exc:  # integers too long to convert
        raise Unreadable(f"it is not valid JSON ({exc})") from exc
    if text.count("[") + text.count("{") > max_depth and _depth(data) > max_depth:
        raise Unreadable(f"its lists or objects are nested more than {max_depth} deep")
    return data


def read_json_file(path: Path, max_bytes: int, max_depth: int = MAX_DEPTH, constants: bool = False) -> Any:
    """Parse a JSON file the app wrote (or was given); `Unreadable` with a reason, or `FileNotFoundError`."""
    return parse_json(read_bytes(path, max_bytes), max_depth, constants)


def _depth(data: Any) -> int:
    """How deep lists and dicts nest in parsed JSON (a scalar is depth 0), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)] if isinstance(data, (list, dict)) else []
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        for child in node.values() if isinstance(node, dict) else node:
            if isinstance(child, (list, dict)):
                stack.append((child, depth + 1))
    return deepest
