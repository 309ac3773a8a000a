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
from tests.rule_trace import traces


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


def test_last_forms_round_trip_and_untrusted_values_are_dropped() -> None:
    form = {"options": {"draw": 3, "scoring": "vegas"}, "players": 1, "kinds": ["human"], "names": ["Zoe"]}
    mine = Settings(last_forms={"klondike": form})
    mine.save()
    assert Settings.load() == mine
    stored = {
        "klondike": form,
        "crazy": {"options": {"a": [1], "b": {"c": 1}, "d": "x" * 65, "e": float("inf"), "ok": "yes"},
                  "players": True, "kinds": ["human", "robot"], "names": ["Ada", "x" * 17]},
        "eat_reds": ["not", "a", "form"],
        "bad id!": {"players": 2},
        "x" * 33: {"players": 2},
        "cat_te": {"players": 99, "kinds": ["bot:hard"] * 17, "names": ["Ada\x00"], "options": {"k": 1} | {
            f"o{i}": 1 for i in range(40)}},
    }
    settings_file().parent.mkdir(parents=True, exist_ok=True)
    settings_file().write_text(json.dumps({"card_back": "red", "last_forms": stored}).replace("Infinity", "1e999"),
                               encoding="utf-8")
    got, problem = Settings.read()
    assert problem is None and got.card_back == "red"
    assert got.last_forms == {"klondike": form, "crazy": {"options": {"ok": "yes"}}, "cat_te": {}}
    settings_file().write_text(json.dumps({"last_forms": "everything"}), encoding="utf-8")
    assert Settings.read() == (Settings(), None)
    assert storage.clean_last_forms({f"g{i}": {} for i in range(100)}).keys() == {f"g{i}" for i in range(32)}


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


@traces("klondike:stats")
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


@traces("klondike:stats")
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


# ----- statistics per variant, the last games, running totals, restarted deals ----------------------------------

VEGAS = "draw=1,scoring=vegas"


def stats_file() -> Path:
    return storage.data_dir() / "statistics.json"


def put_stats(data: Any) -> Path:
    path = stats_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@traces("klondike:stats.variants")
def test_a_game_counts_for_the_game_and_for_its_variant() -> None:
    s = stats.record("klondike", True, 100.0, 15, variant=VEGAS, deal=7).stats
    assert s == stats.load("klondike", VEGAS) and (s.played, s.won, s.total_score) == (1, 1, 15)
    stats.record("klondike", False, 50.0, 400, variant="draw=3,scoring=standard", deal=8)
    whole = stats.load("klondike")
    assert (whole.played, whole.won, whole.current_streak, whole.longest_streak) == (2, 1, 0, 1)
    assert stats.load("klondike", "draw=3,scoring=vegas") == GameStats()  # a variant not played
    assert set(json.loads(stats_file().read_text())) == {
        "klondike", f"klondike:{VEGAS}", "klondike:draw=3,scoring=standard"}
    stats.record("crazy", True, 10.0)  # a game without variants has its one record
    assert set(stats.load_all()) - {"klondike", f"klondike:{VEGAS}", "klondike:draw=3,scoring=standard"} == {"crazy"}


def test_a_plugin_names_its_variants_and_running_totals() -> None:
    from cardtable.games import GAMES, get_game

    klondike = get_game("klondike")
    assert klondike.variant({}) == "draw=1,scoring=standard"
    assert klondike.variant({"draw": 3, "scoring": "vegas", "passes": "limited"}) == "draw=3,scoring=vegas"
    assert klondike.variant_label({"draw": 3, "scoring": "vegas"}) == "Draw 3 · Vegas"
    assert len(klondike.variants()) == 4 and {"draw": 3, "scoring": "vegas"} in klondike.variants()
    assert klondike.running_total({"scoring": "vegas"}) == "Vegas total"
    assert klondike.running_total({"scoring": "standard"}) is None
    crazy = get_game("crazy")
    assert (crazy.variant({}), crazy.variant_label({}), crazy.variants()) == ("", "", [{}])
    assert crazy.running_total({}) is None
    for game in GAMES:  # what a game declares names its own options and their choices
        names = {o.name: o for o in game.rules.options}
        assert set(game.variant_options) <= names.keys(), game.id
        assert all(value in names[name].choices for name, value in game.running_totals), game.id


def test_the_last_games_are_kept_newest_last_and_bounded() -> None:
    for deal in range(stats.HISTORY + 5):
        s = stats.record("klondike", deal % 2 == 0, 60.0 + deal, deal, variant=VEGAS, deal=deal).stats
    assert s.played == stats.HISTORY + 5 and len(s.history) == stats.HISTORY
    assert [g.deal for g in s.history] == list(range(5, stats.HISTORY + 5))
    last = s.history[-1]
    assert (last.won, last.seconds, last.score, last.deal, last.variant) == (True, 84.0, 24, 24, VEGAS)
    assert last.when[:4].isdigit() and len(last.when) == len("2024-05-01 14:03")
    assert stats.load("klondike", VEGAS) == s and stats.read_all().problem is None  # read back whole


def test_a_file_from_before_variants_reads_as_each_games_whole_record() -> None:
    put_stats({"klondike": {"played": 4, "won": 2, "best_time": 90.0, "best_score": 500, "current_streak": 1,
                            "longest_streak": 2},
               "crazy": {"played": 1, "won": 0}})
    found = stats.read_all()
    assert found.problem is None
    assert found.records["klondike"] == GameStats(played=4, won=2, best_time=90.0, best_score=500, current_streak=1,
                                                  longest_streak=2)
    s = stats.record("klondike", True, 80.0, variant=VEGAS, deal=3).stats
    assert s.played == 1  # the variant starts afresh ...
    whole = stats.load("klondike")
    assert (whole.played, whole.won, whole.best_time, whole.current_streak) == (5, 3, 80.0, 2)  # ... the game goes on
    assert stats.load("crazy") == GameStats(played=1, won=0)


GOOD_GAME = {"when": "2024-05-01 14:03", "won": True, "seconds": 75.5, "score": 10, "deal": 3, "variant": VEGAS}


@pytest.mark.parametrize("bad", [
    "not a game", {"won": True, "seconds": 1.0}, dict(GOOD_GAME, when="yesterday"), dict(GOOD_GAME, when=5),
    dict(GOOD_GAME, won="yes"), dict(GOOD_GAME, won=1), dict(GOOD_GAME, seconds=-1), dict(GOOD_GAME, seconds="1"),
    dict(GOOD_GAME, score=1.5), dict(GOOD_GAME, score=10**12), dict(GOOD_GAME, deal=-1), dict(GOOD_GAME, deal=2**63),
    dict(GOOD_GAME, deal=True), dict(GOOD_GAME, variant=5), dict(GOOD_GAME, variant="x" * 500),
    dict(GOOD_GAME, extra=1),
    # the name of a kept copy is a file name in the game's folder of finished games, never a path
    dict(GOOD_GAME, kept="../statistics.json"), dict(GOOD_GAME, kept="a/b.json"), dict(GOOD_GAME, kept="a\\b.json"),
    dict(GOOD_GAME, kept="..json.json"), dict(GOOD_GAME, kept="/etc/x.json"), dict(GOOD_GAME, kept="copy.txt"),
    dict(GOOD_GAME, kept=5), dict(GOOD_GAME, kept=None), dict(GOOD_GAME, kept="x" * 80 + ".json"),
])
def test_a_damaged_game_in_the_history_is_dropped_and_the_file_kept_aside(bad: Any) -> None:
    path = put_stats({"klondike": {"played": 2, "won": 2, "current_streak": 2, "longest_streak": 2,
                                   "history": [GOOD_GAME, bad]}})
    found = stats.read_all()
    assert found.problem is not None and "damaged" in found.problem
    assert list(path.parent.glob("statistics.json.corrupt-*"))
    record = found.records["klondike"]
    assert record.played == 2 and record.history == [stats.PastGame(**GOOD_GAME)]
    assert stats.load("klondike") == record  # the repaired file holds what could be read


@pytest.mark.parametrize("history", [
    "not a list", [GOOD_GAME] * 3,  # more games than played
    [dict(GOOD_GAME, won=True)] * 2 + [dict(GOOD_GAME, won=False)],  # more wins than won
])
def test_a_history_that_cannot_be_is_dropped(history: Any) -> None:
    put_stats({"klondike": {"played": 2, "won": 1, "current_streak": 1, "longest_streak": 1, "history": history}})
    found = stats.read_all()
    assert found.problem is not None
    assert found.records["klondike"] == GameStats(played=2, won=1, current_streak=1, longest_streak=1)


def test_a_history_longer_than_kept_keeps_its_newest_games() -> None:
    games = [dict(GOOD_GAME, deal=d, won=False) for d in range(stats.HISTORY + 3)]
    put_stats({"klondike": {"played": 50, "won": 0, "history": games}})
    found = stats.read_all()
    assert found.problem is not None
    assert [g.deal for g in found.records["klondike"].history] == list(range(3, stats.HISTORY + 3))


@pytest.mark.parametrize("before", [
    "x", {"played": 0}, dict.fromkeys(stats.COUNTS, 0),  # best_time 0 with no win, and played is not one less
    {"played": 5, "won": 0, "best_time": None, "best_score": None, "current_streak": 0, "longest_streak": 0,
     "total_score": 0},
])
def test_impossible_counts_before_the_last_game_are_dropped(before: Any) -> None:
    put_stats({"klondike": {"played": 1, "won": 1, "current_streak": 1, "longest_streak": 1, "history": [GOOD_GAME],
                            "before_last": before}})
    found = stats.read_all()
    assert found.problem is not None and found.records["klondike"].before_last is None
    assert found.records["klondike"].history == [stats.PastGame(**GOOD_GAME)]


@pytest.mark.parametrize("total", ["-5", 1.5, 10**16, True, None])
def test_a_damaged_running_total_falls_back_to_nothing(total: Any) -> None:
    put_stats({"klondike": {"played": 1, "won": 0, "total_score": total}})
    found = stats.read_all()
    assert found.problem is not None and found.records["klondike"] == GameStats(played=1)


@traces("klondike:score.running_total")
def test_the_running_total_adds_every_score() -> None:
    for score in (-52, 3, -27):
        s = stats.record("klondike", False, 10.0, score, variant=VEGAS).stats
    s = stats.record("klondike", False, 10.0, None, variant=VEGAS).stats  # no score: nothing to add
    assert s.total_score == -76 and s.best_score == 3
    assert s.lines(total="Vegas total")[-1] == "Vegas total: -76"
    assert "total" not in " ".join(s.lines())


def test_a_restarted_deal_lost_then_won_counts_once_as_won() -> None:
    stats.record("klondike", True, 50.0, variant=VEGAS, deal=1)
    stats.record("klondike", False, 100.0, -52, variant=VEGAS, deal=2)
    s = stats.record("klondike", True, 70.0, 208, variant=VEGAS, deal=2, restarted=True).stats
    assert (s.played, s.won, s.current_streak, s.longest_streak) == (2, 2, 2, 2)
    assert s.total_score == 208 and s.best_time == 50.0
    assert [(g.deal, g.won) for g in s.history] == [(1, True), (2, True)]
    assert stats.load("klondike").played == 2  # the game's whole record too


def test_a_restarted_deal_given_up_twice_counts_once() -> None:
    stats.record("klondike", False, 100.0, -52, variant=VEGAS, deal=5)
    s = stats.record("klondike", False, 30.0, -47, variant=VEGAS, deal=5, restarted=True).stats
    assert (s.played, s.won, s.total_score) == (1, 0, -47) and len(s.history) == 1
    s = stats.record("klondike", False, 40.0, -42, variant=VEGAS, deal=5, restarted=True).stats
    assert (s.played, s.total_score) == (1, -42) and s.history[-1].seconds == 40.0


def test_a_won_deals_count_stands_when_it_is_restarted() -> None:
    won = stats.record("klondike", True, 100.0, variant=VEGAS, deal=5).stats
    assert stats.record("klondike", False, 30.0, variant=VEGAS, deal=5, restarted=True).stats == won
    assert stats.record("klondike", True, 300.0, variant=VEGAS, deal=5, restarted=True).stats == won


def test_a_restart_counts_anew_when_the_last_game_was_another_deal_or_variant() -> None:
    stats.record("klondike", False, 100.0, variant=VEGAS, deal=5)
    s = stats.record("klondike", False, 30.0, variant=VEGAS, deal=6, restarted=True).stats
    assert s.played == 2
    s = stats.record("klondike", False, 30.0, variant="draw=3,scoring=vegas", deal=6, restarted=True).stats
    assert s.played == 1 and stats.load("klondike").played == 3


def test_a_restart_replaces_the_count_after_the_file_is_read_again() -> None:
    stats.record("klondike", False, 100.0, variant=VEGAS, deal=5)
    assert stats.load("klondike", VEGAS).before_last == GameStats().counts()  # kept in the file
    assert stats.record("klondike", True, 9.0, variant=VEGAS, deal=5, restarted=True).stats.played == 1


def test_reset_forgets_one_game_in_every_variant() -> None:
    stats.record("klondike", True, 100.0, variant=VEGAS, deal=1)
    stats.record("klondike", True, 100.0, variant="draw=3,scoring=vegas", deal=2)
    stats.record("kachuful", True, 100.0)
    stats.record("klondike_two", True, 100.0)  # a game whose id begins like another's is another game
    assert stats.reset("klondike") is None
    assert set(stats.load_all()) == {"kachuful", "klondike_two"}


def test_reset_that_cannot_write_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    stats.record("klondike", True, 100.0)

    def disk_full(path: Path, data: Any, indent: int | None = 1) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(stats, "write_json_atomic", disk_full)
        assert "could not be reset" in (stats.reset("klondike") or "")
    assert stats.load("klondike").played == 1


# ----- statistics per person's name (pass-and-play) and the last game played ---------------------------------------


def test_each_persons_result_counts_under_their_name_too() -> None:
    people = [stats.PersonResult("  Ada  Lovelace ", True, 40), stats.PersonResult("Basil", False, 12),
              stats.PersonResult("Ada Lovelace", False, 3),  # the same name twice counts once
              stats.PersonResult("bad\x00name", True, 1), stats.PersonResult("   ", True, 1)]
    stats.record("kachuful", True, 300.0, 40, deal=5, people=people)
    stats.record("kachuful", False, 200.0, 7, variant="scoring=x", deal=6,
                 people=[stats.PersonResult("Basil", True, 7), stats.PersonResult("x" * 40, False, 2)])
    records = stats.load_all()
    assert stats.people(records, "kachuful") == ["Ada Lovelace", "Basil", "x" * stats.NAME_MAX]
    ada, basil = records[stats.key("kachuful", "", "Ada Lovelace")], records["kachuful@Basil"]
    assert (ada.played, ada.won, ada.best_score) == (1, 1, 40)
    assert (basil.played, basil.won, basil.best_score) == (2, 1, 12)
    assert records["kachuful:scoring=x@Basil"].won == 1 and records["kachuful"].played == 2  # everyone's as before
    assert stats.people(records, "crazy") == []
    stats.reset("kachuful")
    assert stats.load_all() == {}  # a reset clears the people's records of the game too


@pytest.mark.parametrize("bad_key", ["kachuful@", "kachuful@ spaced", "kachuful@tab\there", "kachuful@" + "y" * 17,
                                     "kachuful@a  b"])
def test_a_record_under_a_name_that_cannot_be_is_dropped(bad_key: str) -> None:
    good = {"played": 1, "won": 1, "current_streak": 1, "longest_streak": 1}
    put_stats({"kachuful": good, "kachuful@Ada": good, bad_key: good})
    found = stats.read_all()
    assert set(found.records) == {"kachuful", "kachuful@Ada"} and found.problem is not None
    assert stats.people(found.records, "kachuful") == ["Ada"]


def test_the_last_game_played_is_a_setting_checked_when_read() -> None:
    Settings(last_game="crazy").save()
    assert Settings.load().last_game == "crazy"
    for bad in (5, "not an id!", "x" * 40, None, ["crazy"]):
        write_settings(json.dumps({"last_game": bad}))
        assert Settings.load().last_game == ""


def test_a_game_a_bot_finished_is_kept_as_such_and_other_games_as_before() -> None:
    stats.record("kachuful", True, 60.0, 12, deal=1)
    stats.record("kachuful", False, 70.0, 3, deal=2, by_bot=True)
    stored = json.loads((storage.data_dir() / "statistics.json").read_text(encoding="utf-8"))
    assert [g.get("by_bot") for g in stored["kachuful"]["history"]] == [None, True]
    assert [g.by_bot for g in stats.load("kachuful").history] == [False, True]


def test_a_games_kept_copy_is_named_in_its_row_and_other_games_stored_as_before() -> None:
    stats.record("klondike", True, 60.0, deal=1)
    stats.record("klondike", True, 70.0, deal=2, kept="20261127-101500-000001-ab12.json")
    stored = json.loads((storage.data_dir() / "statistics.json").read_text(encoding="utf-8"))
    assert [g.get("kept") for g in stored["klondike"]["history"]] == [None, "20261127-101500-000001-ab12.json"]
    assert [g.kept for g in stats.load("klondike").history] == ["", "20261127-101500-000001-ab12.json"]
