"""The autosave as a snapshot and a journal (cardtable.session.saves and .journal): a move is one appended line,
undo and redo are journaled, a crash at any point loses nothing that was saved, and a damaged journal is kept aside
with its snapshot.

Every test runs with CARDTABLE_HOME in a temporary folder.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from cardtable import storage
from cardtable.games import get_game
from cardtable.games.klondike.rules import Draw, Resign
from cardtable.session import saves
from cardtable.session.journal import journal_path
from cardtable.session.match import Match, SaveError, Seat
from cardtable.session.saves import COMPACT_AFTER, Autosave, load_match

KLONDIKE = get_game("klondike")
YOU = [Seat("human", "You")]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def snapshot() -> Path:
    return storage.autosave_path("klondike")


@pytest.fixture
def journal(snapshot: Path) -> Path:
    return journal_path(snapshot)


def new_match(seed: int = 7) -> Match:
    return Match(KLONDIKE, YOU, {"draw": 3}, seed=seed, saver=Autosave.for_game("klondike"))


def play(match: Match, n: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        match.apply(rng.choice([a for a in match.state.legal_actions() if not isinstance(a, Resign)]))


def load(path: Path, saver: Autosave | None = None) -> Match:
    return load_match(path, get_game, saver=saver)


def same(a: Match, b: Match) -> bool:
    return a.log == b.log and a.state.view(0) == b.state.view(0) and a.seats == b.seats


def lines(path: Path) -> list[Any]:
    return [json.loads(line) for line in path.read_bytes().splitlines()]


# ----- the files -----------------------------------------------------------------------------------------------


def test_a_move_is_one_line_in_the_journal_and_the_snapshot_is_not_rewritten(snapshot: Path, journal: Path) -> None:
    match = new_match()
    written = snapshot.read_bytes()
    token = json.loads(written)["journal"]
    assert lines(journal) == [{"journal": 1, "snapshot": token}]
    match.elapsed = 12.5
    match.apply(Draw())
    assert snapshot.read_bytes() == written
    assert lines(journal)[1:] == [[0, 0, {"type": "Draw"}, 12.5]]
    play(match, 5)
    assert len(lines(journal)) == 1 + 6
    assert same(load(snapshot), match)


def test_the_snapshot_is_compact_json_of_the_match(snapshot: Path) -> None:
    match = new_match()
    play(match, 10)
    match.close()
    raw = snapshot.read_bytes()
    assert b"\n" not in raw and b": " not in raw
    data = json.loads(raw)
    assert data.pop("journal") and data.pop("replaces")  # its journal, and the one before it (stale if left)
    assert data == match.to_json()


def test_undo_and_redo_are_journaled(snapshot: Path, journal: Path) -> None:
    match = new_match()
    play(match, 6)
    match.undo()
    match.undo()
    assert lines(journal)[-2:] == [[5, 0.0], [4, 0.0]]
    assert same(load(snapshot), match)
    match.redo()
    assert lines(journal)[-1][0] == 4 and len(lines(journal)[-1]) == 4
    assert same(load(snapshot), match)
    match.apply(match.state.legal_actions()[0])  # a new move after an undo replaces what was undone
    assert not match.can_redo()
    loaded = load(snapshot)
    assert same(loaded, match) and len(loaded.log) == 6


def test_journal_round_trip_through_many_undos_and_redos(snapshot: Path) -> None:
    match = new_match()
    rng = random.Random(3)
    for step in range(300):
        roll = rng.random()
        if roll < 0.2 and match.can_undo():
            match.undo()
        elif roll < 0.3 and match.can_redo():
            match.redo()
        else:
            play(match, 1, seed=step)
        if step % 37 == 0:
            assert same(load(snapshot), match)
    assert same(load(snapshot), match)


def test_only_the_elapsed_time_changed_is_one_short_line(journal: Path) -> None:
    match = new_match()
    play(match, 3)
    match.elapsed = 99.25
    match.autosave()
    assert lines(journal)[-1] == [3, 99.25]
    count = len(lines(journal))
    match.autosave()  # nothing changed: nothing written
    assert len(lines(journal)) == count
    assert load(storage.autosave_path("klondike")).elapsed == 99.25


def test_a_resumed_game_goes_on_with_its_journal(snapshot: Path, journal: Path) -> None:
    match = new_match()
    play(match, 5)
    written = snapshot.read_bytes()
    resumed = load(snapshot, Autosave.for_game("klondike"))
    play(resumed, 3, seed=1)
    assert snapshot.read_bytes() == written, "the resumed game appends to the journal it was loaded from"
    assert len(lines(journal)) == 1 + 8
    assert same(load(snapshot), resumed)


def test_the_match_is_written_whole_every_so_many_changes(monkeypatch: pytest.MonkeyPatch, snapshot: Path,
                                                         journal: Path) -> None:
    monkeypatch.setattr(saves, "COMPACT_AFTER", 10)
    match = new_match()
    play(match, 25)
    assert len(lines(journal)) == 1 + 5  # written whole after 10 and after 20 lines
    assert len(json.loads(snapshot.read_bytes())["actions"]) == 20
    assert same(load(snapshot), match)
    assert COMPACT_AFTER >= 100


def test_a_new_round_writes_the_match_whole() -> None:
    seats = [Seat("human", "Ann"), Seat("bot:easy", "Bo"), Seat("bot:easy", "Cy")]
    match = Match(get_game("kachuful"), seats, {"hands": "2,1"}, seed=5, saver=Autosave.for_game("kachuful"))
    path = storage.autosave_path("kachuful")
    rng = random.Random(5)
    while True:
        events = match.apply(rng.choice(match.state.legal_actions()))
        if any(e.kind == "deal" for e in events):
            break
    assert len(lines(journal_path(path))) == 1, "the journal starts afresh at the new round"
    assert len(json.loads(path.read_bytes())["actions"]) == len(match.log)
    assert same(load_match(path, get_game), match)


def test_closing_the_table_writes_the_match_whole(snapshot: Path, journal: Path) -> None:
    match = new_match()
    play(match, 8)
    match.elapsed = 30.0
    match.close()
    assert len(lines(journal)) == 1
    data = json.loads(snapshot.read_bytes())
    assert len(data["actions"]) == 8 and data["elapsed"] == 30.0
    assert lines(journal)[0]["snapshot"] == data["journal"]


def test_a_seat_handed_to_a_bot_is_saved() -> None:
    seats = [Seat("human", "Ann"), Seat("bot:easy", "Bo"), Seat("bot:easy", "Cy")]
    match = Match(get_game("kachuful"), seats, {"hands": "3,2,1"}, seed=2, saver=Autosave.for_game("kachuful"))
    match.apply(match.state.legal_actions()[0])
    match.seats[0] = Seat("bot:normal", "Ann", handed_over=True)  # as the turn driver does
    match.autosave()
    loaded = load_match(storage.autosave_path("kachuful"), get_game)
    assert loaded.seats[0].handed_over and loaded.log == match.log


def test_the_finished_game_leaves_no_autosave_and_no_journal(snapshot: Path, journal: Path) -> None:
    match = new_match()
    play(match, 12)
    match.undo()
    match.apply(Resign())
    assert not snapshot.exists() and not journal.exists()
    last = storage.last_game_path("klondike")
    assert [p.name for p in snapshot.parent.iterdir()] == [last.name]
    kept = load_match(last, get_game)
    assert kept.state.is_over() and kept.log == match.log
    match.close()  # nothing left to write
    assert not snapshot.exists()


# ----- New, and a table closing after it -----------------------------------------------------------------------


def test_a_new_game_replaces_the_previous_autosave_at_once(snapshot: Path) -> None:
    old = new_match(seed=7)
    play(old, 10)
    fresh = Match(KLONDIKE, YOU, {"draw": 3}, seed=8, saver=old.saver)  # New, then quit before the first move
    loaded = load(snapshot)
    assert loaded.seed == 8 and loaded.log == []
    fresh.autosave()
    old.close()  # the old table closing after New must not bring its game back
    assert load(snapshot).seed == 8
    fresh.apply(Draw())
    assert same(load(snapshot), fresh)


def test_a_new_game_with_a_saver_of_its_own_replaces_the_autosave(snapshot: Path) -> None:
    play(new_match(seed=7), 10)
    Match(KLONDIKE, YOU, seed=9, saver=Autosave.for_game("klondike"))  # the menu's New
    loaded = load(snapshot)
    assert loaded.seed == 9 and loaded.log == []


# ----- crashes ---------------------------------------------------------------------------------------------------


def test_a_torn_last_line_is_said_and_the_journal_kept_aside(snapshot: Path, journal: Path) -> None:
    match = new_match()
    play(match, 6)
    expected = list(match.log)
    with journal.open("ab") as f:
        f.write(b'[6,0,{"type":"Dr')  # the process died in the middle of this line (or the file was cut here)
    torn = journal.read_bytes()
    loaded = load(snapshot, Autosave.for_game("klondike"))
    assert loaded.log == expected
    assert "cut off" in loaded.load_notice and "after move 6" in loaded.load_notice
    kept = list(snapshot.parent.glob(journal.name + ".corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == torn and kept[0].name in loaded.load_notice
    assert len(json.loads(snapshot.read_bytes())["actions"]) == 6, "what was read is written whole at once"
    play(loaded, 2, seed=4)
    assert len(lines(journal)) == 1 + 2
    assert same(load(snapshot), loaded)


def test_a_stale_journal_is_not_applied(snapshot: Path, journal: Path) -> None:
    """A crash after the snapshot was rewritten and before the new journal was started: the old journal's lines
    are already in the snapshot (and its cuts and moves would not fit it)."""
    match = new_match()
    play(match, 6)
    old_journal = journal.read_bytes()
    match.undo()
    match.undo()
    match.close()
    journal.write_bytes(old_journal + b"[4,0.0]\n")  # the old journal, as if the new one was never started
    loaded = load(snapshot, Autosave.for_game("klondike"))
    assert same(loaded, match) and len(loaded.log) == 4
    play(loaded, 1)
    assert lines(journal)[0]["snapshot"] == json.loads(snapshot.read_bytes())["journal"]
    assert same(load(snapshot), loaded)


def test_a_journal_without_its_snapshot_is_no_save(snapshot: Path, journal: Path) -> None:
    match = new_match()
    play(match, 3)
    snapshot.unlink()
    with pytest.raises(FileNotFoundError):
        load(snapshot)
    assert journal.exists()


def test_a_header_cut_off_is_said(snapshot: Path, journal: Path) -> None:
    match = new_match()
    play(match, 3)
    match.close()
    journal.write_bytes(b'{"journal":1,"snap')
    loaded = load(snapshot)
    assert same(loaded, match) and "lost its header" in loaded.load_notice


def test_a_load_without_the_files_saver_says_the_loss_and_leaves_the_journal(snapshot: Path, journal: Path) -> None:
    """A second copy of the app (no saver) does not move aside the files the first copy keeps."""
    match = new_match()
    play(match, 6)
    journal.write_bytes(journal.read_bytes()[:-3])
    loaded = load(snapshot)
    assert len(loaded.log) == 5 and "after move 5" in loaded.load_notice and "kept as" not in loaded.load_notice
    assert journal.exists() and not list(snapshot.parent.glob("*.corrupt-*"))


def test_an_old_snapshot_takes_a_journal_of_another_token_for_a_stale_one(snapshot: Path, journal: Path) -> None:
    """A snapshot of an older version names no journal it replaces: a journal of another token is stale, as then."""
    match = new_match()
    play(match, 3)
    match.close()
    data = json.loads(snapshot.read_bytes())
    del data["replaces"]
    snapshot.write_text(json.dumps(data), encoding="utf-8")
    journal.write_bytes(b'{"journal":1,"snapshot":"0123456789abcdef"}\n[3,0.0]\n')
    loaded = load(snapshot)
    assert same(loaded, match) and loaded.load_notice == ""


def test_an_old_save_without_a_journal_loads_and_goes_on(tmp_path: Path, snapshot: Path, journal: Path) -> None:
    match = Match(KLONDIKE, YOU, {"draw": 3}, seed=7)
    play(match, 5)
    snapshot.parent.mkdir(parents=True)
    snapshot.write_text(json.dumps(match.to_json(), indent=1), encoding="utf-8")  # format 1, as older versions wrote
    resumed = load(snapshot, Autosave.for_game("klondike"))
    assert same(resumed, match)
    resumed.apply(resumed.state.legal_actions()[0])
    assert journal.exists()
    assert same(load(snapshot), resumed)


def test_a_journal_changed_by_someone_else_is_not_appended_to(snapshot: Path, journal: Path) -> None:
    match = new_match()
    play(match, 3)
    journal.write_bytes(journal.read_bytes() + b"[3,0.0]\n")  # not this process's line
    play(match, 1, seed=9)
    assert match.save_error is None
    assert len(lines(journal)) == 1, "the match was written whole instead"
    assert same(load(snapshot), match)


# ----- damaged journals ------------------------------------------------------------------------------------------

DAMAGED = {
    "not json": b"[3,0,{not json]\n",
    "not a change": b'{"move": 3}\n',
    "wrong length": b"[3,0,0]\n",
    "cut beyond the log": b"[99,0.0]\n",
    "negative cut": b"[-1,0.0]\n",
    "cut as bool": b"[true,0.0]\n",
    "illegal move": b'[3,0,{"type":"Move","src":"f0","dst":"t0","count":1},0.0]\n',
    "foreign action": b'[3,0,{"type":"Bid","amount":2},0.0]\n',
    "wrong seat": b'[3,1,{"type":"Draw"},0.0]\n',
    "NaN": b"[3,NaN]\n",
    "deep": b"[" * 100 + b"]" * 100 + b"\n",
    "not utf-8": b"[3,\xff]\n",
}


@pytest.mark.parametrize("case", list(DAMAGED))
def test_a_damaged_journal_line_keeps_both_files_aside(case: str, snapshot: Path, journal: Path) -> None:
    match = new_match()
    play(match, 3)
    raw_journal = journal.read_bytes() + DAMAGED[case] + b"[4,0.0]\n"  # the damage is not on the last line
    journal.write_bytes(raw_journal)
    raw_snapshot = snapshot.read_bytes()
    with pytest.raises(SaveError) as info:
        load(snapshot, Autosave.for_game("klondike"))
    err = info.value
    assert err.message.startswith("The saved game") and len(err.message) < 400
    assert not snapshot.exists() and not journal.exists()
    assert err.kept_at is not None and err.kept_at.read_bytes() == raw_snapshot
    kept_journal = [p for p in snapshot.parent.iterdir() if p.name.startswith(journal.name + ".corrupt-")]
    assert len(kept_journal) == 1 and kept_journal[0].read_bytes() == raw_journal
    assert err.kept_at.name in err.message and kept_journal[0].name in err.message


def test_a_damaged_snapshot_keeps_its_journal_aside_too(snapshot: Path, journal: Path) -> None:
    play(new_match(), 3)
    snapshot.write_bytes(b"{broken")
    with pytest.raises(SaveError, match="cannot be read"):
        load(snapshot)
    names = sorted(p.name for p in snapshot.parent.iterdir())
    assert len(names) == 2 and all(re.search(r"\.corrupt-\d{8}-\d{6}$", n) for n in names)


def test_a_journal_of_a_newer_format_is_refused(snapshot: Path, journal: Path) -> None:
    play(new_match(), 3)
    token = lines(journal)[0]["snapshot"]
    journal.write_bytes(json.dumps({"journal": 2, "snapshot": token}).encode() + b"\n")
    with pytest.raises(SaveError, match="format 2"):
        load(snapshot)


# ----- undo from kept states -------------------------------------------------------------------------------------


def test_undo_far_into_a_long_game_is_the_game_replayed() -> None:
    match = Match(KLONDIKE, YOU, {"draw": 1, "passes": "unlimited"}, seed=11)
    for _ in range(700):  # past two kept states: the stock cycled over and over
        match.apply(Draw() if Draw() in match.state.legal_actions() else match.state.legal_actions()[0])
    for _ in range(450):
        match.undo()
        if len(match.log) % 50 == 0:
            replayed = Match(KLONDIKE, YOU, match.options, seed=11)
            for entry in match.log:
                replayed.apply(entry.action)
            assert replayed.state.view(0) == match.state.view(0)
    assert len(match.log) == 250
    for _ in range(450):
        match.redo()
    loaded = Match.from_json(match.to_json(), get_game)
    assert loaded.state.view(0) == match.state.view(0) and len(loaded.log) == 700

