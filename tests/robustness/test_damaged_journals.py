"""A damaged autosave journal of every game (cut off, emptied, another save's token): the game goes on from what
could be read, the load says how many moves were lost and after which move the game goes on, and the journal is
kept aside as it was.  Nothing is dropped without a word.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from cardtable.games import get_game
from cardtable.session.journal import journal_path
from cardtable.session.match import Match
from cardtable.session.saves import Autosave, load_match
from cardtable.storage import autosave_path
from tests.robustness.conftest import play_some, seats_for


def journaled(game_id: str) -> tuple[Match, Path]:
    """A game of `game_id` a few moves in, its moves autosaved (in the journal, and in the snapshot from the last
    round's start)."""
    moves = play_some(game_id, moves=16).log
    match = Match(get_game(game_id), seats_for(game_id), {}, 5, saver=Autosave.for_game(game_id))
    for entry in moves:
        match.apply(entry.action)
    return match, autosave_path(game_id)


def _cut(raw: bytes) -> bytes:
    header = raw.index(b"\n") + 1
    return raw[: header + (len(raw) - header) // 2 + 1]


def _token(raw: bytes) -> bytes:
    header, rest = raw.split(b"\n", 1)
    data = json.loads(header)
    data["snapshot"] = "0" * len(data["snapshot"])
    return json.dumps(data).encode() + b"\n" + rest


DAMAGES: dict[str, Callable[[bytes], bytes]] = {"cut off": _cut, "emptied": lambda raw: b"", "another token": _token}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_journal_is_said_and_kept_aside(game_id: str, damage: str) -> None:
    match, path = journaled(game_id)
    journal = journal_path(path)
    snapshot_moves = len(json.loads(path.read_bytes())["actions"])
    lines = journal.read_bytes().count(b"\n") - 1
    if not lines:
        pytest.skip("the last round's start wrote every move into the snapshot")
    damaged = DAMAGES[damage](journal.read_bytes())
    journal.write_bytes(damaged)
    loaded = load_match(path, get_game, saver=Autosave.for_game(game_id))
    kept = len(loaded.log)
    assert loaded.log == match.log[:kept] and snapshot_moves <= kept < len(match.log)
    notice = loaded.load_notice
    assert notice.startswith("The autosave's journal") and len(notice) < 300
    assert (f"after move {kept}" if kept else "from its start") in notice
    if damage == "another token":
        assert f"{lines} move{'s' if lines > 1 else ''} saved after it could not be read" in notice
    else:
        assert "the moves saved after it could not be read" in notice
    aside = [p for p in path.parent.iterdir() if re.fullmatch(re.escape(journal.name) + r"\.corrupt-[\d-]+", p.name)]
    assert len(aside) == 1 and aside[0].read_bytes() == damaged and aside[0].name in notice
    again = load_match(path, get_game)  # written whole at once: what was read is safe, and said once
    assert again.log == loaded.log and again.load_notice == ""
