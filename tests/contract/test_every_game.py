"""Each registered game is played to its end through the real table (what `--self-test --game ID` does)."""

from __future__ import annotations

import pytest

from cardtable.games import GAMES
from cardtable.ui.selftest import run_self_test
from cardtable.ui.selftest_game import GameNotFinished, play_whole_game


@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_a_whole_game_ends_properly_through_the_table(game: str, tmp_path):
    message = play_whole_game(game, (1280, 800), tmp_path / "shots")
    assert "played to the end through the UI" in message
    assert (tmp_path / "shots" / f"{game}-over.png").exists()


def test_an_unknown_game_fails_the_self_test_naming_the_games(tmp_path):
    with pytest.raises(GameNotFinished, match="no such game"):
        play_whole_game("no_such_game", (1280, 800), None)
    report = tmp_path / "report.txt"
    assert run_self_test((1280, 800), None, str(report), "no_such_game") == 1
    lines = report.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "FAILED" and "no such game" in lines[1]
