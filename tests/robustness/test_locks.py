"""The locks between copies of the app, and the claim on the saves (`cardtable.files`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.files.instance import Instance, remove_temporary_files
from cardtable.files.locks import FileLock, LockTimeout


def test_a_lock_is_held_by_one_holder_at_a_time(tmp_path: Path) -> None:
    first, second = FileLock(tmp_path / "x.lock"), FileLock(tmp_path / "x.lock")
    assert first.try_acquire() and first.held
    assert not second.try_acquire() and not second.held
    with pytest.raises(LockTimeout):
        second.acquire(timeout=0.05)
    first.release()
    with second:
        assert second.held and not first.try_acquire()
    assert not second.held and first.try_acquire()


def test_a_dropped_lock_is_released(tmp_path: Path) -> None:
    first = FileLock(tmp_path / "x.lock")
    assert first.try_acquire()
    del first  # as the system does for a process that dies
    assert FileLock(tmp_path / "x.lock").try_acquire()


def test_the_first_copy_claims_the_saves_and_cleans_up(tmp_path: Path) -> None:
    leftover = tmp_path / "autosave-x.json.abc.tmp"
    leftover.write_text("{")
    first = Instance(tmp_path / "instance.lock", [tmp_path])
    second = Instance(tmp_path / "instance.lock", [tmp_path])
    assert first.claim() and first.keeps_saves and not leftover.exists()
    leftover.write_text("{")  # the first copy is writing it now
    assert not second.claim() and not second.keeps_saves and leftover.exists()
    first.release()
    assert second.claim() and second.keeps_saves


def test_a_folder_that_cannot_hold_a_lock_does_not_stop_saving(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    copy = Instance(tmp_path / "file" / "instance.lock", [tmp_path])
    assert copy.claim() and copy.keeps_saves


def test_only_the_apps_temporary_files_are_removed(tmp_path: Path) -> None:
    names = ["settings.json.k3.tmp", "statistics.json.a.tmp", "notes.tmp", "x.tmp.keep", "saved.json"]
    for name in names:
        (tmp_path / name).write_text("")
    (tmp_path / "folder.json.z.tmp").mkdir()
    removed = remove_temporary_files([tmp_path, tmp_path / "missing"])
    assert sorted(p.name for p in removed) == ["settings.json.k3.tmp", "statistics.json.a.tmp"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.json.z.tmp", "notes.tmp", "saved.json",
                                                          "x.tmp.keep"]
