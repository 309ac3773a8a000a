"""Tests of cardtable.storage (locations, atomic JSON, keep_aside, Settings) and cardtable.stats.

Every test runs with CARDTABLE_HOME in a temporary folder (the autouse `home` fixture).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from cardtable import stats, storage
from cardtable.stats import GameStats, format_time
from cardtable.storage import Settings, keep_aside, read_json, write_json_atomic


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


def settings_file() -> Path:
    return storage.config_dir() / "settings.json"


def write_settings(raw: str | bytes) -> None:
    path = settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw.encode("utf-8") if isinstance(raw, str) else raw)


# ----- locations and atomic JSON -----------------------------------------------------------------


def test_cardtable_home_holds_every_folder(home: Path) -> None:
    assert storage.config_dir() == home / "config"
    assert storage.data_dir() == home / "data"
    assert storage.log_dir() == home / "log"
    assert storage.saves_dir() == home / "data" / "saves"
    assert storage.autosave_path("klondike") == home / "data" / "saves" / "autosave-klondike.json"


def test_write_and_read_json(home: Path) -> None:
    path = home / "deep" / "er" / "x.json"
    write_json_atomic(path, {"a": [1, 2.5, None, "é"]})
    assert read_json(path) == {"a": [1, 2.5, None, "é"]}
    write_json_atomic(path, [3])
    assert read_json(path) == [3]
    assert [p.name for p in path.parent.iterdir()] == ["x.json"]


def test_failed_write_keeps_the_old_file_and_no_temporary(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = home / "x.json"
    write_json_atomic(path, {"old": True})
    old = path.read_bytes()
    with pytest.raises(TypeError):
        write_json_atomic(path, {"bad": object()})  # fails while writing the temporary file
    assert path.read_bytes() == old

    def broken_replace(src: Any, dst: Any) -> None:
        raise OSError("no space")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_json_atomic(path, {"new": True})
    assert path.read_bytes() == old
    assert [p.name for p in home.iterdir()] == ["x.json"]


# ----- keep_aside ------------------------------------------------------------------------------


def test_keep_aside_moves_the_file_beside_it(home: Path) -> None:
    path = home / "s.json"
    path.write_bytes(b"junk")
    kept = keep_aside(path)
    assert not path.exists()
    assert kept.parent == home
    assert kept.name.startswith("s.json.corrupt-")
    assert kept.read_bytes() == b"junk"


def test_keep_aside_never_overwrites(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage.time, "strftime", lambda fmt, *a: "20240506-070809")
    path = home / "s.json"
    taken = home / "s.json.corrupt-20240506-070809"
    taken.write_bytes(b"first")
    (home / "s.json.corrupt-20240506-070809-1").write_bytes(b"second")
    path.write_bytes(b"third")
    kept = keep_aside(path)
    assert kept.name == "s.json.corrupt-20240506-070809-2"
    assert kept.read_bytes() == b"third"
    assert taken.read_bytes() == b"first"
    assert (home / "s.json.corrupt-20240506-070809-1").read_bytes() == b"second"
    path.write_bytes(b"fourth")
    assert keep_aside(path).name == "s.json.corrupt-20240506-070809-3"
    assert len(list(home.iterdir())) == 4


# ----- Settings --------------------------------------------------------------------------------


def test_settings_defaults() -> None:
    s = Settings()
    assert (s.animation_speed, s.card_back, s.fullscreen, s.bot_delay) == ("normal", "blue", False, 0.6)
    assert s.animation_speed in storage.ANIMATION_SECONDS
    assert Settings.load() == Settings()  # no file yet


def test_settings_round_trip(home: Path) -> None:
    mine = Settings(animation_speed="instant", card_back="red", fullscreen=True, bot_delay=1.2)
    mine.save()
    assert settings_file().is_file()
    assert settings_file().is_relative_to(home)
    assert Settings.load() == mine
    assert json.loads(settings_file().read_text(encoding="utf-8")) == asdict(mine)
    mine.bot_delay = 0.0
    mine.save()
    assert Settings.load().bot_delay == 0.0
    assert [p.name for p in settings_file().parent.iterdir()] == ["settings.json"]


@pytest.mark.parametrize(
    "raw",
    ["", "{", "not json", "[1, 2]", '"text"', "null", "42", b"\xff\xfe\xfa"],
    ids=["empty", "truncated", "words", "list", "string", "null", "number", "not utf-8"],
)
def test_corrupt_settings_give_defaults(raw: str | bytes) -> None:
    write_settings(raw)
    assert Settings.load() == Settings()


def test_settings_directory_in_the_way_gives_defaults() -> None:
    settings_file().mkdir(parents=True)
    assert Settings.load() == Settings()


def test_wrong_types_fall_back_per_field() -> None:
    write_settings(json.dumps({"animation_speed": 3, "card_back": "green", "fullscreen": "yes", "bot_delay": 0.3}))
    assert Settings.load() == Settings(animation_speed="normal", card_back="green", fullscreen=False, bot_delay=0.3)
    write_settings(json.dumps({"animation_speed": "fast", "card_back": None, "fullscreen": 1, "bot_delay": True}))
    assert Settings.load() == Settings(animation_speed="fast")
    write_settings(json.dumps({"animation_speed": ["fast"], "card_back": {"c": 1}, "fullscreen": True,
                               "bot_delay": "slow"}))
    assert Settings.load() == Settings(fullscreen=True)


def test_partial_and_unknown_settings() -> None:
    write_settings(json.dumps({"card_back": "red", "volume": 11}))
    assert Settings.load() == Settings(card_back="red")


# ----- statistics ------------------------------------------------------------------------------


def test_empty_statistics() -> None:
    assert stats.load_all() == {}
    s = stats.load("klondike")
    assert s == GameStats()
    assert s.win_rate == 0.0
    assert s.lines() == ["Played 0, won 0 (0%)", "Best time —", "Streak 0 (longest 0)"]


def test_record_a_sequence_of_games() -> None:
    # W W L W W W L with times; the fastest win is 75 s, a faster loss (10 s) must not count
    games = [(True, 200.0), (True, 150.0), (False, 10.0), (True, 300.0), (True, 75.04), (True, 90.0), (False, 5.0)]
    expected_streaks = [(1, 1), (2, 2), (0, 2), (1, 2), (2, 2), (3, 3), (0, 3)]
    for n, ((won, seconds), (current, longest)) in enumerate(zip(games, expected_streaks, strict=True), 1):
        s = stats.record("klondike", won, seconds).stats
        assert s.played == n
        assert (s.current_streak, s.longest_streak) == (current, longest)
        assert stats.load("klondike") == s  # saved as it goes
    s = stats.load("klondike")
    assert s.played == 7 and s.won == 5
    assert s.win_rate == pytest.approx(5 / 7)
    assert s.best_time == pytest.approx(75.0)
    assert s.current_streak == 0 and s.longest_streak == 3
    assert s.lines() == ["Played 7, won 5 (71%)", "Best time 1:15", "Streak 0 (longest 3)"]


def test_losses_never_set_a_best_time() -> None:
    s = stats.record("klondike", False, 12.0).stats
    assert s.best_time is None
    s = stats.record("klondike", True, 500.0).stats
    assert s.best_time == 500.0
    s = stats.record("klondike", True, 600.0).stats
    assert s.best_time == 500.0


def test_best_score_is_the_highest() -> None:
    stats.record("klondike", False, 1.0, score=40)
    stats.record("klondike", True, 1.0, score=120)
    assert stats.record("klondike", False, 1.0, score=-52).stats.best_score == 120
    assert stats.record("klondike", False, 1.0).stats.best_score == 120


def test_statistics_persist_across_sessions(home: Path) -> None:
    stats.record("klondike", True, 100.0)
    stats.record("kachuful", False, 30.0)
    first = stats.load_all()
    # a new session only has the file
    again = stats.load_all()
    assert again == first
    assert again is not first
    assert set(again) == {"klondike", "kachuful"}
    assert again["klondike"].won == 1 and again["kachuful"].played == 1
    stats.record("klondike", True, 50.0)
    later = stats.load_all()
    assert later["klondike"].played == 2 and later["klondike"].best_time == 50.0
    assert later["kachuful"] == first["kachuful"]  # other games are untouched
    assert (home / "data" / "statistics.json").is_file()


@pytest.mark.parametrize(
    "raw",
    ["", "{oops", "[1, 2, 3]", '"x"', "null", b"\x89PNG\r\n"],
    ids=["empty", "not json", "list", "string", "null", "binary"],
)
def test_corrupt_statistics_give_empty_records(raw: str | bytes) -> None:
    path = storage.data_dir() / "statistics.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(raw.encode() if isinstance(raw, str) else raw)
    found = stats.read_all()
    assert found.records == {}
    assert found.problem is not None and "could not be read" in found.problem
    kept = list(path.parent.glob("statistics.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].name in found.problem  # kept aside, never replaced without a copy
    assert kept[0].read_bytes() == (raw.encode() if isinstance(raw, str) else raw)
    assert stats.load("klondike") == GameStats()
    assert stats.record("klondike", True, 42.0).stats.played == 1  # the next game starts afresh
    assert stats.load("klondike").won == 1


def test_damaged_records_are_skipped_or_repaired() -> None:
    path = storage.data_dir() / "statistics.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({
        "klondike": {"played": 3, "won": 2, "best_time": 61.5, "longest_streak": 2, "mystery": 1},
        "crazy": "not a record",
        "kachuful": {"played": "many", "won": None, "best_time": "fast", "current_streak": True},
    }), encoding="utf-8")
    everything = stats.load_all()
    assert everything["klondike"] == GameStats(played=3, won=2, best_time=61.5, longest_streak=2)
    assert "crazy" not in everything
    assert everything["kachuful"] == GameStats()  # every field had the wrong type: each falls back to its default
    # counting a game and showing it must not crash
    k = stats.record("kachuful", True, 10.0).stats
    assert (k.played, k.won, k.best_time, k.current_streak) == (1, 1, 10.0, 1)
    assert k.lines()[0] == "Played 1, won 1 (100%)"
    assert stats.load("kachuful") == k


# ----- format_time -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0, "0:00"), (0.9, "0:00"), (5, "0:05"), (59.99, "0:59"), (60, "1:00"), (75.04, "1:15"), (600, "10:00"),
     (3599, "59:59"), (3600, "1:00:00"), (3661, "1:01:01"), (36000 + 59, "10:00:59")],
)
def test_format_time(seconds: float, text: str) -> None:
    assert format_time(seconds) == text
