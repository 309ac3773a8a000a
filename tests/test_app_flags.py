"""Command-line flags the packaging relies on: --self-test-report and --report-scenes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pygame
import pytest

from cardtable import app as app_module


@pytest.fixture
def home(tmp_path, monkeypatch):
    """Dummy video/audio drivers and CARDTABLE_HOME in a fresh folder (restored afterwards)."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    return tmp_path


def test_self_test_reports_through_exit_code_and_file(home):
    """The real command, as a windowed build would be run: exit status 0 and "passed" in the file."""
    report = home / "out" / "selftest-result.txt"
    env = {k: v for k, v in os.environ.items() if k != "CARDTABLE_BOT_MODE"}  # the app's own choice: a worker
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    done = subprocess.run([sys.executable, "-m", "cardtable", "--self-test", "--self-test-report", str(report)],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = report.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "passed"
    assert lines[1].startswith("self-test passed: Klondike won through the UI in ")
    assert lines[1] in done.stdout


def test_a_failing_self_test_writes_failed_and_exits_1(home, monkeypatch):
    from cardtable.ui import selftest

    def broken(size, shots):
        raise selftest.SelfTestFailure("the menu did not open")

    monkeypatch.setattr(selftest, "_play", broken)
    report = home / "result.txt"
    report.write_text("passed\nfrom an older run\n", encoding="utf-8")
    assert app_module.main(["--self-test", "--self-test-report", str(report)]) == 1
    text = report.read_text(encoding="utf-8")
    assert text.splitlines()[0] == "FAILED"
    assert "the menu did not open" in text
    assert "Traceback" in text


def test_an_unwritable_report_fails_the_self_test(home, monkeypatch):
    from cardtable.ui import selftest

    monkeypatch.setattr(selftest, "_play", lambda size, shots: pytest.fail("must not run"))
    blocker = home / "a-file"
    blocker.write_text("", encoding="utf-8")
    assert app_module.main(["--self-test", "--self-test-report", str(blocker / "result.txt")]) == 1


def test_macos_process_serial_number_is_ignored():
    args = app_module.parse_args(["-psn_0_12345", "--size", "900x600"])
    assert args.size == "900x600"
    assert not args.self_test


def test_report_scenes_writes_a_line_per_scene_with_rects(home):
    from cardtable.ui.driver import UIDriver
    from cardtable.ui.menu import MenuScene
    from cardtable.ui.window import App

    report = home / "scenes.jsonl"
    app = App((1280, 800))
    try:
        app.settings.animation_speed = "instant"
        app.scene_report = report
        app.show(MenuScene(app))
        driver = UIDriver(app)
        driver.frames(3)
        menu = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
        assert len(menu) == 1, "one line per scene, not per frame"
        assert menu[0]["scene"] == "MenuScene"
        assert menu[0]["size"] == [1280, 800]
        assert menu[0]["buttons"]["new"] == list(app.scene.buttons["new"].rect)
        driver.click(tuple(pygame.Rect(menu[0]["buttons"]["new"]).center))
        driver.settle(app.scene)  # the table is made over its first frames: its line comes once it is whole
        lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
        assert [line["scene"] for line in lines] == ["MenuScene", "TableScene"]
        assert lines[0]["time"] <= lines[1]["time"]
        table = lines[1]
        assert {"stock", "waste"} <= set(table["zones"])
        assert table["zones"]["stock"] == list(next(z.slot for z in app.scene.layout.zones if z.id == "stock"))
        assert "undo" in table["buttons"]
    finally:
        pygame.quit()


def test_table_flag_opens_a_new_table_of_the_game(home):
    """`--table kachuful`: the app's first scene is a Kachuful table with the menu form's seats, not the menu."""
    report = home / "scenes.jsonl"
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", CARDTABLE_BOT_MODE="thread")
    proc = subprocess.Popen([sys.executable, "-m", "cardtable", "--table", "kachuful", "--report-scenes", str(report)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        while not (report.exists() and report.read_text(encoding="utf-8").endswith("\n")):
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.05)  # polling for the first frame, not waiting a set time
    finally:
        proc.terminate()  # SDL makes it the window's QUIT
        _, err = proc.communicate(timeout=120)
    first = json.loads(report.read_text(encoding="utf-8").splitlines()[0])
    assert first["scene"] == "TableScene"
    assert {"seat1", "seat2", "seat3"} <= set(first["zones"])  # the form's four seats
    assert proc.returncode == 0, err


def test_table_flag_with_an_unknown_game_says_so_and_exits_2(home, capsys):
    assert app_module.main(["--table", "snap"]) == 2
    err = capsys.readouterr().err
    assert "no such game: 'snap'" in err and "klondike" in err
