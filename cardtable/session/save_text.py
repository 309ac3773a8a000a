"""A match's save as compact JSON, from text kept per log entry and joined in blocks, so that writing a long match
whole costs little more than the write itself.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from cardtable.core.engine import Action

if TYPE_CHECKING:
    from cardtable.session.match import LogEntry, Match

COMPACT = (",", ":")


def number(value: float) -> str:
    """JSON for a number of seconds, to the millisecond (0 for one that is not finite)."""
    return json.dumps(round(value, 3)) if math.isfinite(value) else "0"


@functools.lru_cache(maxsize=4096)
def _cached_action_text(action: Action) -> str:
    return json.dumps(action.to_json(), separators=COMPACT, allow_nan=False)


def action_text(action: Action) -> str:
    """Compact JSON of `action.to_json()`; games repeat their actions, so the text is remembered."""
    try:
        return _cached_action_text(action)
    except TypeError:  # an action that cannot be hashed
        return json.dumps(action.to_json(), separators=COMPACT, allow_nan=False)


def entry_text(entry: LogEntry) -> bytes:
    """Compact JSON of a log entry as a save holds it: [seat, action]."""
    return f"[{entry.seat},{action_text(entry.action)}]".encode()


class LogText:
    """The JSON text of each entry of a log, also joined in blocks of `BLOCK` entries: the whole log is then a few
    blocks, not every entry joined anew."""

    BLOCK = 1024

    def __init__(self, entries: Iterable[LogEntry] = ()) -> None:
        self._texts: list[bytes] = []
        self._blocks: list[bytes] = []  # block i joins _texts[i * BLOCK:(i + 1) * BLOCK]
        self.extend(entries)

    def __len__(self) -> int:
        return len(self._texts)

    def __getitem__(self, n: int) -> bytes:
        return self._texts[n]

    def extend(self, entries: Iterable[LogEntry]) -> None:
        texts, block = self._texts, self.BLOCK
        for entry in entries:
            texts.append(entry_text(entry))
            if len(texts) % block == 0:
                self._blocks.append(b",".join(texts[-block:]))

    def truncate(self, length: int) -> None:
        """Keep the first `length` entries."""
        del self._texts[length:]
        del self._blocks[length // self.BLOCK:]

    def pieces(self) -> list[bytes]:
        """The entries as the inside of a JSON list, in pieces to be written one after the other (a few blocks and
        the entries after them: nothing is joined anew but those)."""
        tail = self._texts[len(self._blocks) * self.BLOCK:]
        pieces = [*self._blocks, b",".join(tail)] if tail else list(self._blocks)
        return [piece for block in pieces for piece in (b",", block)][1:]


def save_pieces(match: Match, log: LogText, token: str | None = None, replaces: str = "") -> list[bytes]:
    """The match's save data (`Match.to_json`) as compact JSON in pieces, its log from `log`; `token` ties it to its
    journal, `replaces` names the journal it makes stale ("" for none; see `cardtable.session.journal`)."""
    header = match.save_header()
    if token is not None:
        header["journal"] = token
        header["replaces"] = replaces
    text = json.dumps(header, separators=COMPACT, allow_nan=False).encode()
    return [text[:-1], b',"actions":[', *log.pieces(), b"]}"]
