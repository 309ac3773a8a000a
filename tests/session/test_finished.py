"""The finished games kept for replay (`cardtable.session.finished`): each game's copy, under one name however often
it is saved, made where hard links are impossible too, and only the oldest copies deleted."""

from __future__ import annotations

import os

import pytest

from cardtable.games import get_game
from cardtable.games.klondike.rules import Draw, Resign
from cardtable.session import finished
from cardtable.session.match import Match, Seat
from cardtable.session.saves import Autosave, load_match
from cardtable.storage import autosave_path, finished_dir, last_game_path


@pytest.fixture(autouse=True)
def home(table_home):
    return table_home


def given_up(seed: int) -> Match:
    """A Klondike game of `seed`, one card drawn and then given up: finished, and kept by its saver."""
    match = Match(get_game("klondike"), [Seat("human", "You")], {}, seed, saver=Autosave.for_game("klondike"))
    match.apply(Draw())
    match.apply(Resign())
    return match


def test_a_finished_game_is_kept_under_one_name_and_loads_as_it_ended() -> None:
    match = given_up(5)
    copy = finished_dir("klondike") / match.kept_as
    assert finished.NAME.fullmatch(match.kept_as) and copy.is_file()
    match.autosave(compact=True)  # saved again once over: the same copy, not a second one
    assert [p.name for p in finished_dir("klondike").iterdir()] == [match.kept_as]
    loaded = load_match(copy, get_game, game_id="klondike")
    assert loaded.seed == 5 and [e.action for e in loaded.log] == [e.action for e in match.log]
    given_up(6)  # the next game replaces the last game, never the copy of this one
    assert load_match(copy, get_game).seed == 5 and load_match(last_game_path("klondike"), get_game).seed == 6


def test_without_hard_links_the_copy_is_written(monkeypatch) -> None:
    def no_links(*_: object) -> None:
        raise OSError("links are not supported here")

    monkeypatch.setattr(os, "link", no_links)
    match = given_up(7)
    assert load_match(finished_dir("klondike") / match.kept_as, get_game).seed == 7


def test_a_copy_that_cannot_be_written_costs_only_the_copy(monkeypatch) -> None:
    finished_dir("klondike").parent.mkdir(parents=True)
    finished_dir("klondike").write_text("a file where the folder would be")
    match = given_up(8)
    assert match.kept_as == "" and match.save_error is None
    assert load_match(last_game_path("klondike"), get_game).seed == 8


def test_pruning_deletes_only_the_oldest_copies() -> None:
    folder = finished_dir("klondike")
    folder.mkdir(parents=True)
    names = [f"20260101-0000{i:02d}-000000-abcd.json" for i in range(5)]
    others = ["notes.txt", f"{names[0]}.corrupt-20260102-000000", "last-klondike.json"]
    for name in names + others:
        (folder / name).write_text("{}")
    autosave_path("klondike").parent.mkdir(parents=True, exist_ok=True)
    autosave_path("klondike").write_text("{}")
    assert [p.name for p in finished.prune(folder, keep=3)] == names[:2]
    assert sorted(p.name for p in folder.iterdir()) == sorted(names[2:] + others)
    assert autosave_path("klondike").exists()
