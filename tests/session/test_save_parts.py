"""The parts the autosave is built from: kept states for undo (checkpoints), the log's text in blocks (save_text),
and the atomic write of a file in pieces (atomic)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from cardtable.games import get_game
from cardtable.games.klondike.rules import Draw, Recycle, Resign
from cardtable.session.atomic import write_atomic
from cardtable.session.checkpoints import Checkpoints
from cardtable.session.match import LogEntry, Match, Seat
from cardtable.session.save_text import LogText, save_pieces

KLONDIKE = get_game("klondike")


def cycling_log(n: int) -> list[LogEntry]:
    """`n` entries of Klondike's endless stock cycle (draw one: 24 draws, then a recycle)."""
    return [LogEntry(0, Recycle() if i % 25 == 24 else Draw()) for i in range(n)]


def new_state() -> Any:
    return KLONDIKE.rules.new_game(1, {"draw": 1, "passes": "unlimited"}, seed=3)


def replayed(entries: list[LogEntry], length: int) -> dict[str, Any]:
    state = new_state()
    for entry in entries[:length]:
        state.apply(entry.action)
    return state.view(0)


def test_checkpoints_rebuild_any_length_as_a_replay_from_the_start() -> None:
    entries = cycling_log(40)
    checkpoints = Checkpoints(new_state, every=4)
    state = new_state()
    for n, entry in enumerate(entries, 1):
        state.apply(entry.action)
        checkpoints.note(n, state)
    for length in (40, 39, 36, 35, 17, 4, 3, 0, 22):
        assert checkpoints.rebuild(entries, length).view(0) == replayed(entries, length)


def test_a_rebuilt_state_never_changes_the_kept_ones() -> None:
    entries = cycling_log(12)
    checkpoints = Checkpoints(new_state, every=4)
    state = checkpoints.rebuild(entries, 12)
    state.apply(Draw())
    assert checkpoints.rebuild(entries, 9).view(0) == replayed(entries, 9)
    assert checkpoints.rebuild(entries, 12).view(0) == replayed(entries, 12)


def test_a_cut_log_forgets_the_states_after_the_cut() -> None:
    entries = cycling_log(12)
    checkpoints = Checkpoints(new_state, every=4)
    checkpoints.rebuild(entries, 12)
    checkpoints.forget_after(5)
    other = cycling_log(5)  # a different game after the cut: moves where there were draws
    state = checkpoints.rebuild(other, 5)
    while len(other) < 12:
        legal = state.legal_actions()
        action = next((a for a in legal if not isinstance(a, (Draw, Recycle, Resign))), Draw())
        state.apply(action)
        other.append(LogEntry(0, action))
    assert replayed(other, 12) != replayed(entries, 12)
    assert checkpoints.rebuild(other, 12).view(0) == replayed(other, 12)


@pytest.mark.parametrize("length", [0, 1, 1023, 1024, 1025, 2048, 2500])
def test_the_log_text_in_pieces_is_the_log_as_json(length: int) -> None:
    entries = cycling_log(length)
    text = LogText(entries)
    expected = [[e.seat, e.action.to_json()] for e in entries]
    assert json.loads(b"[" + b"".join(text.pieces()) + b"]") == expected
    for cut in (length, length // 2, 1024, 3):
        if cut <= len(text):
            text.truncate(cut)
            text.extend(entries[cut:cut + 5])
            now = entries[:cut] + entries[cut:cut + 5]
            assert json.loads(b"[" + b"".join(text.pieces()) + b"]") == [[e.seat, e.action.to_json()] for e in now]


def test_the_save_in_pieces_is_the_match_as_json() -> None:
    match = Match(KLONDIKE, [Seat("human", "Zoë")], {"draw": 1, "passes": "unlimited"}, seed=3)
    for entry in cycling_log(1100):
        match.apply(entry.action)
    match.elapsed = 12.3456
    data = json.loads(b"".join(save_pieces(match, LogText(match.log), "t0k3n", "0ld")))
    assert data.pop("journal") == "t0k3n" and data.pop("replaces") == "0ld"
    assert data == match.to_json()


def test_an_atomic_write_in_pieces_survives_short_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pieces = [bytes([65 + i % 26]) * (i * 37 % 3000) for i in range(1500)]
    real = os.write

    def short(fd: int, data: Any) -> int:
        return real(fd, bytes(data)[: max(1, len(data) // 3)])

    monkeypatch.setattr(os, "writev", lambda fd, bufs: short(fd, b"".join(bytes(b) for b in bufs)), raising=False)
    write_atomic(tmp_path / "a.json", pieces)
    monkeypatch.delattr(os, "writev", raising=False)  # as on Windows
    monkeypatch.setattr(os, "write", short)
    write_atomic(tmp_path / "b.json", pieces)
    expected = b"".join(pieces)
    assert (tmp_path / "a.json").read_bytes() == expected and (tmp_path / "b.json").read_bytes() == expected
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.json"]


def test_a_failed_atomic_write_leaves_the_old_file_and_no_temporary_one(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b"old")

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space"):
        write_atomic(path, [b"new"])
    assert path.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["a.json"]
