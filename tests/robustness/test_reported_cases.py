"""The cases reported against cardtable, each rebuilt here through the app as a person meets it.

Numbers follow the report: (1) deeply nested JSON, (2) hostile seat names, (3) statistics that cannot be written,
(4) a damaged statistics file, (7) impossible settings, (8) a FIFO where a file should be, (9) temporary files
left by a killed write, (10) two copies of the app on one data folder, (11) New and quit before the first move.
The hung and orphaned bot workers (5, 6) are in `test_bot_worker_hang.py`; the journal and the speed of saving
(12) in the session tests and `benchmarks/saves.py`.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from cardtable import stats
from cardtable.files.instance import SECOND_COPY
from cardtable.games import get_game
from cardtable.session.match import Match, Seat
from cardtable.session.saves import Autosave, load_match
from cardtable.storage import Settings, autosave_path, config_dir, data_dir, last_game_path, saves_dir
from cardtable.ui.driver import UIDriver
from cardtable.ui.table import TableScene
from cardtable.ui.window import App
from tests.ui.table_helpers import finish_loading

NESTED = b"[" * 30_000 + b"]" * 30_000  # far deeper than the interpreter can recurse; under every size cap


def put(path: Path, raw: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return path


def kept_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


@pytest.fixture
def start_app() -> Iterator[Callable[[], App]]:
    """`start_app()`: a headless app showing its menu, as the `cardtable` command starts it."""
    apps: list[App] = []

    def start() -> App:
        app = App((1280, 800))
        app.settings.animation_speed = "instant"
        app.settings.bot_delay = 0.0
        app.navigator.menu()
        UIDriver(app).frames(2)
        apps.append(app)
        return app

    yield start
    for app in apps:
        app.instance.release()
    pygame.quit()


def play_out(app: App, table: TableScene, limit: int = 3000) -> None:
    driver = UIDriver(app)
    for _ in range(limit):
        if table.state.is_over() and table.result_panel is not None:
            return
        driver.frames(1)
    raise AssertionError("the game did not end")


def bots_game(game_id: str = "crazy") -> Match:
    """A game the bots play to the end for the person (a seat handed over still counts for the person)."""
    seats = [Seat("bot:normal", "You", handed_over=True), Seat("bot:normal", "Bot 1")]
    return Match(get_game(game_id), seats, {}, 11, saver=Autosave.for_game(game_id))


# ----- (1) deeply nested JSON -----------------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["settings", "statistics"])
def test_1_deep_nesting_in_settings_or_statistics_is_kept_aside_and_the_app_starts(where, start_app) -> None:
    path = put(config_dir() / "settings.json" if where == "settings" else data_dir() / "statistics.json", NESTED)
    app = start_app()
    menu = app.scene
    assert f"The {where} file could not be read" in menu.message and "nested" in menu.message
    assert not path.exists() and kept_copies(path)[0].read_bytes() == NESTED
    menu.new_game()
    assert isinstance(app.scene, TableScene)


def test_1_deep_nesting_as_the_last_game_or_the_autosave_gives_a_message(game_id, start_app) -> None:
    last = put(last_game_path(game_id), NESTED)
    save = put(autosave_path(game_id), NESTED)
    app = start_app()
    menu = app.scene
    menu.select_game(game_id)
    assert {"resume", "replay"} <= set(menu.buttons)
    menu.replay_last()
    assert app.scene is menu and "nested" in menu.message and not last.exists() and kept_copies(last)
    menu.resume()
    finish_loading(app)
    assert app.scene is menu and "nested" in menu.message and not save.exists() and kept_copies(save)
    assert "resume" not in menu.buttons and "replay" not in menu.buttons  # nothing offered that cannot open
    UIDriver(app).frames(2)
    menu.new_game()
    assert isinstance(app.scene, TableScene)


# ----- (2) hostile seat names ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["N" * 10_000, "Y\x00u", "\u202e\u202e", "tab\there"],
                         ids=["10,000 characters", "NUL", "only direction marks", "a tab"])
def test_2_a_hostile_seat_name_is_refused_on_resume(game_id, name, start_app, saved_game) -> None:
    data = saved_game(game_id)
    data["seats"][0]["name"] = name
    path = put(autosave_path(game_id), json.dumps(data).encode())
    app = start_app()
    menu = app.scene
    menu.select_game(game_id)
    menu.resume()
    finish_loading(app)
    assert app.scene is menu and "name" in menu.message and kept_copies(path)
    UIDriver(app).frames(2)


# ----- (3) and (4) statistics ---------------------------------------------------------------------------------


def test_3_statistics_that_cannot_be_written_are_reported_and_the_game_goes_on(start_app, monkeypatch,
                                                                               some_match) -> None:
    def disk_full(path, data, indent=1):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(stats, "write_json_atomic", disk_full)
    app = start_app()
    match = some_match("klondike")
    match.saver = Autosave.for_game("klondike")
    app.navigator.table(match)
    driver = UIDriver(app)
    driver.settle(app.scene)  # the table is made over its first frames
    driver.key(pygame.K_n)  # a game in progress: N asks first
    table = app.scene
    driver.click_widget(table.confirm.confirm_button)
    driver.frames(2)
    new = app.scene
    assert isinstance(new, TableScene) and new is not table
    assert "could not be added to the statistics" in new.message and "No space left" in new.message
    assert load_match(autosave_path("klondike"), get_game).seed == new.match.seed  # the new game is saved

    finished = bots_game()
    app.navigator.table(finished)
    table = app.scene
    play_out(app, table)
    assert app.running and "could not be added to the statistics" in table.message
    assert table.messages.showing and table.messages.error  # said over the result, not hidden behind it
    assert last_game_path("crazy").is_file()  # the finished game is kept for replay all the same


def test_3_a_folder_in_the_place_of_the_statistics_is_moved_aside(start_app) -> None:
    (data_dir() / "statistics.json" / "x").mkdir(parents=True)
    app = start_app()
    assert "statistics file could not be read" in app.scene.message
    assert stats.record("klondike", True, 10.0).problem is None
    assert stats.load("klondike").played == 1


def test_4_a_damaged_statistics_file_is_kept_and_the_person_told(start_app) -> None:
    path = put(data_dir() / "statistics.json", b'{"klondike": {"played": 250, "won": 3')  # cut short
    app = start_app()
    kept = kept_copies(path)
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b'{"klondike": {"played": 250')
    assert "statistics file could not be read" in app.scene.message and kept[0].name in app.scene.message

    put(path, b"\x00" * 64)  # damaged again while the app runs: found when the next game is counted
    app.navigator.table(bots_game())
    table = app.scene
    play_out(app, table)
    assert len(kept_copies(path)) == 2
    assert "statistics file could not be read" in table.message
    assert stats.load("crazy").played == 1


# ----- (7) impossible settings --------------------------------------------------------------------------------


@pytest.mark.parametrize("delay", ["Infinity", "-Infinity", "NaN", "-1", "1e308", "1e999", "true", '"1"', "[1]"])
def test_7_an_impossible_bot_delay_falls_back_alone(delay) -> None:
    put(config_dir() / "settings.json", f'{{"bot_delay": {delay}, "card_back": "red"}}'.encode())
    settings, problem = Settings.read()
    assert problem is None
    assert settings == Settings(card_back="red")  # the other settings are kept


# ----- (8) a FIFO where a file should be ----------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_8_fifos_never_block_the_app(start_app) -> None:
    for path in (config_dir() / "settings.json", data_dir() / "statistics.json", autosave_path("klondike")):
        path.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(path)
    app = start_app()
    menu = app.scene
    assert "settings file could not be read" in menu.message and "statistics file" in menu.message
    menu.select_game("klondike")
    menu.resume()
    finish_loading(app)
    assert "not an ordinary file" in menu.message and kept_copies(autosave_path("klondike"))


# ----- (9) temporary files of a killed write ------------------------------------------------------------------


def test_9_leftover_temporary_files_are_cleaned_at_start(start_app) -> None:
    leftovers = [put(saves_dir() / "autosave-klondike.json.k2j3h4.tmp", b"{"),
                 put(config_dir() / "settings.json.a1b2.tmp", b""),
                 put(data_dir() / "statistics.json.zz9.tmp", b"{}")]
    mine = put(data_dir() / "notes.tmp", b"not the app's")
    start_app()
    assert not any(p.exists() for p in leftovers)
    assert mine.exists()


def test_9_a_second_copy_leaves_the_first_copys_writes_alone(start_app) -> None:
    start_app()
    in_progress = put(saves_dir() / "autosave-crazy.json.q8w7.tmp", b"{")
    start_app()
    assert in_progress.exists()


# ----- (10) two copies of the app -----------------------------------------------------------------------------


def test_10_two_copies_add_up_their_statistics(tmp_path) -> None:
    script = textwrap.dedent("""
        import sys
        from cardtable import stats
        for i in range(150):
            assert stats.record("klondike", i % 3 == 0, 10.0 + i).problem is None
        print("done")
    """)
    env = dict(os.environ, CARDTABLE_HOME=str(tmp_path))
    copies = [subprocess.Popen([sys.executable, "-c", script], env=env, stdout=subprocess.PIPE, text=True)
              for _ in range(2)]
    for copy in copies:
        out, _ = copy.communicate(timeout=120)
        assert copy.returncode == 0 and out.strip() == "done"
    record = stats.load("klondike")
    assert (record.played, record.won) == (300, 100)


def test_10_a_second_copy_is_told_and_never_replaces_the_first_copys_game(start_app) -> None:
    first = start_app()
    first.scene.select_game("klondike")
    first.scene.new_game()
    while not first.scene.ready:  # the new game is saved as its table is made
        UIDriver(first).frames(1)
    game_of_first = load_match(autosave_path("klondike"), get_game)
    second = start_app()
    menu = second.scene
    assert SECOND_COPY in menu.message
    menu.select_game("klondike")
    menu.new_game()
    table = second.scene
    assert isinstance(table, TableScene) and SECOND_COPY in table.message
    table.play(table.state.legal_actions()[0])
    assert load_match(autosave_path("klondike"), get_game).seed == game_of_first.seed  # untouched
    first.instance.release()  # the first copy quits: the second keeps saves from its next game
    second.navigator.menu()
    second.scene.new_game()
    assert second.scene.match.saver is not None


# ----- (11) New, then quit before the first move --------------------------------------------------------------


def test_11_new_then_quit_brings_back_the_new_game(game_id, start_app, some_match) -> None:
    old = some_match(game_id)
    put(autosave_path(game_id), json.dumps(old.to_json()).encode())
    app = start_app()
    app.scene.select_game(game_id)
    app.scene.new_game()
    fresh = app.scene.match
    assert fresh.seed != old.seed
    app.dispatch(pygame.event.Event(pygame.QUIT))  # quit before any move
    again = load_match(autosave_path(game_id), get_game)
    assert again.seed == fresh.seed and not again.log


# ----- found by an independent run of the cases above ---------------------------------------------------------

HUGE = "1" + "0" * 400  # a whole number no float can hold


def test_a_huge_number_in_the_settings_or_the_statistics_never_stops_the_app(start_app) -> None:
    put(config_dir() / "settings.json", f'{{"bot_delay": {HUGE}, "card_back": "red"}}'.encode())
    put(data_dir() / "statistics.json", f'{{"klondike": {{"played": 3, "won": 1, "best_time": {HUGE}}}}}'.encode())
    app = start_app()
    assert Settings.read() == (Settings(card_back="red"), None)  # the bad field alone falls back
    assert "Part of the statistics was damaged" in app.scene.message
    assert stats.load("klondike").played == 3  # what could be read is kept
    assert kept_copies(data_dir() / "statistics.json")


def test_a_number_too_long_to_read_loses_only_its_setting() -> None:
    put(config_dir() / "settings.json", ('{"bot_delay": ' + "9" * 5000 + ', "card_back": "green"}').encode())
    assert Settings.read() == (Settings(card_back="green"), None)


def test_a_huge_elapsed_time_in_a_save_is_refused_or_reset(game_id, start_app, saved_game) -> None:
    data = saved_game(game_id)
    put(autosave_path(game_id), json.dumps(data).replace('"elapsed": ', f'"elapsed": {HUGE}, "x": ').encode())
    put(last_game_path(game_id), json.dumps(dict(data, elapsed=int(HUGE))).encode())
    app = start_app()
    menu = app.scene
    menu.select_game(game_id)
    menu.replay_last()  # opens (the clock reads 0) or says why: never a crash
    if app.scene is menu:
        assert menu.message
    app.navigator.menu()
    menu = app.scene
    menu.select_game(game_id)
    menu.resume()  # the clock of a save is not the game: an impossible one reads as 0
    finish_loading(app)
    assert isinstance(app.scene, TableScene) and app.scene.match.elapsed < 1


@pytest.mark.parametrize(("record", "why"), [
    ({"played": -5, "won": 2}, "negative"),
    ({"played": 5, "won": "two"}, "a word"),
    ({"played": 2, "won": 7}, "more won than played"),
    ({"played": 5, "won": 2, "best_time": "NaN"}, "not a number"),
    (7, "not a record"),
])
def test_4_statistics_damaged_inside_valid_json_are_kept_aside_too(record, why, start_app) -> None:
    raw = json.dumps({"klondike": record, "crazy": {"played": 9, "won": 4}}).replace('"NaN"', "NaN").encode()
    path = put(data_dir() / "statistics.json", raw)
    app = start_app()
    assert "Part of the statistics was damaged" in app.scene.message, why
    assert kept_copies(path)[0].read_bytes() == raw  # the file as it was
    assert stats.load("crazy") == stats.GameStats(played=9, won=4)  # the rest was kept
    stats.record("klondike", True, 5.0)
    assert kept_copies(path)[0].read_bytes() == raw


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_8_a_fifo_in_place_of_the_journal_mid_game_never_blocks(some_match) -> None:
    match = some_match("crazy")
    saver = Autosave.for_game("crazy")
    match.saver = saver
    match.autosave()
    match.apply(match.state.legal_actions()[0])
    journal = autosave_path("crazy").with_suffix(".journal")
    journal.unlink()
    os.mkfifo(journal)
    match.apply(match.state.legal_actions()[0])  # returns: the FIFO is not waited on
    assert match.save_error is None and journal.is_file()  # written whole again, with a new journal
    assert load_match(autosave_path("crazy"), get_game).log == match.log


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_8_a_fifo_in_place_of_the_log_never_blocks_the_start(tmp_path) -> None:
    log = tmp_path / "log" / "cardtable.log"
    log.parent.mkdir()
    os.mkfifo(log)
    env = dict(os.environ, CARDTABLE_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    code = "from cardtable.ui.window import App; App((800, 560)); print('started')"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "started" in done.stdout
    assert log.is_file() and list(log.parent.glob("cardtable.log.corrupt-*"))
