"""Damaged saves of every game: each gives a clear `SaveError`, the file is kept aside as it was, nothing crashes.

Each damage builds its bad file at the autosave's place from a real save of the game (`saved_game`).  Some damages
(a bit flip) may leave a save that still makes sense: then it loads, which is as good.  What may never happen is
another exception, a hang, a lost file, or a message that says nothing.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardtable.games import get_game
from cardtable.session.match import SaveError
from cardtable.session.saves import load_match
from cardtable.storage import autosave_path

Damage = Callable[[Path, dict[str, Any]], None]


def _text(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def _edit(change: Callable[[dict[str, Any]], Any]) -> Damage:
    def damage(path: Path, data: dict[str, Any]) -> None:
        data = copy.deepcopy(data)
        change(data)
        _text(path, data)

    return damage


def _raw(make: Callable[[bytes], bytes]) -> Damage:
    def damage(path: Path, data: dict[str, Any]) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(make(json.dumps(data).encode()))

    return damage


def _flip(position: float) -> Damage:
    def flip(raw: bytes) -> bytes:
        at = int(len(raw) * position)
        return raw[:at] + bytes([raw[at] ^ 0x10]) + raw[at + 1:]

    return _raw(flip)


def _nested(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"[" * 100_000 + b"]" * 100_000)


def _huge(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:  # sparse: a gigabyte on paper, nothing on disk
        f.truncate(1 << 30)


def _symlink(path: Path, data: dict[str, Any]) -> None:
    real = path.parent.parent / "elsewhere.json"
    _text(real, data)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(real)


def _directory(path: Path, data: dict[str, Any]) -> None:
    (path / "inside").mkdir(parents=True)


def _fifo(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)


DAMAGES: dict[str, Damage] = {
    "empty": _raw(lambda raw: b""),
    "truncated": _raw(lambda raw: raw[: len(raw) // 2]),
    "one byte short": _raw(lambda raw: raw[:-1]),
    "bit flip early": _flip(0.05),
    "bit flip middle": _flip(0.5),
    "bit flip late": _flip(0.93),
    "not utf-8": _raw(lambda raw: raw.replace(b'"', b"\xff", 1)),
    "binary": _raw(lambda raw: bytes(range(256)) * 8),
    "NaN elapsed": _raw(lambda raw: raw.replace(b'"elapsed": ', b'"elapsed": NaN, "x": ')),
    "deeply nested": _nested,
    "nested under the limit of Python": _raw(lambda raw: b"[" * 900 + b"]" * 900),
    "a list": _edit(lambda d: d.clear()),
    "wrong game": _edit(lambda d: d.update(game="chess")),
    "game id not text": _edit(lambda d: d.update(game=["klondike"])),
    "unknown format": _edit(lambda d: d.update(format=99)),
    "format as text": _edit(lambda d: d.update(format="1")),
    "old rules": _edit(lambda d: d.update(rules_version=-1)),
    "seats not a list": _edit(lambda d: d.update(seats="You")),
    "too many players": _edit(lambda d: d.update(players=99, seats=d["seats"] * 50)),
    "seat kind unknown": _edit(lambda d: d["seats"][0].update(kind="root")),
    "seat name huge": _edit(lambda d: d["seats"][0].update(name="N" * 10_000)),
    "seat name with NUL": _edit(lambda d: d["seats"][0].update(name="Y\x00u")),
    "seat name empty": _edit(lambda d: d["seats"][0].update(name="")),
    "seat name a number": _edit(lambda d: d["seats"][0].update(name=7)),
    "seed text": _edit(lambda d: d.update(seed="seven")),
    "seed huge": _edit(lambda d: d.update(seed=10**400)),
    "options a list": _edit(lambda d: d.update(options=[1])),
    "options unknown": _edit(lambda d: d.update(options={"wild": "yes"})),
    "actions a dict": _edit(lambda d: d.update(actions={})),
    "action a string": _edit(lambda d: d["actions"].append("move")),
    "action of nobody": _edit(lambda d: d["actions"].append([0, {}])),
    "action by the wrong seat": _edit(lambda d: d["actions"][0].__setitem__(0, 5)),
    "illegal action order": _edit(lambda d: d["actions"].insert(0, d["actions"][-1])),
    "elapsed negative": _edit(lambda d: d.update(elapsed=-5)),
    "huge file": _huge,
    "symlink": _symlink,
    "directory": _directory,
    "fifo": _fifo,
}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_autosave_is_kept_aside_with_a_clear_message(game_id: str, damage: str, saved_game) -> None:
    path = autosave_path(game_id)
    data = saved_game(game_id)
    DAMAGES[damage](path, data)
    was_file = path.is_file() and not path.is_symlink()
    before = path.read_bytes() if was_file and path.stat().st_size < 1 << 20 else None
    try:
        match = load_match(path, get_game)
    except SaveError as exc:
        assert exc.message.startswith("The saved game"), exc.message
        assert len(exc.message) < 400  # a sentence, not a dump of the file
        assert exc.kept_at is not None and exc.kept_at.name in exc.message
        assert os.path.lexists(exc.kept_at) and not os.path.lexists(path)  # kept, under another name
        if before is not None:
            assert exc.kept_at.read_bytes() == before  # exactly as it was
    else:  # the damage left a save that still adds up: it plays on
        assert match.game_id == game_id
        assert match.state.turn is not None or match.state.is_over()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_autosave_is_reported(game_id: str, saved_game) -> None:
    path = autosave_path(game_id)
    _text(path, saved_game(game_id))
    path.chmod(0)
    with pytest.raises(SaveError, match="cannot be opened"):
        load_match(path, get_game)


def test_an_undamaged_save_loads(game_id: str, saved_game) -> None:
    """The check of the damages above: the same save, untouched, loads."""
    path = autosave_path(game_id)
    data = saved_game(game_id)
    _text(path, data)
    assert load_match(path, get_game).to_json()["actions"] == data["actions"]


def test_an_action_of_another_game_is_refused(game_id: str, saved_game) -> None:
    other = "crazy" if game_id != "crazy" else "klondike"
    data = saved_game(game_id)
    data["actions"][0][1] = saved_game(other)["actions"][0][1]
    path = autosave_path(game_id)
    _text(path, data)
    with pytest.raises(SaveError, match="The saved game is damaged") as caught:
        load_match(path, get_game)
    assert caught.value.kept_at is not None and caught.value.kept_at.is_file()
