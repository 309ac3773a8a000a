"""`python -m cardtable.arena`: plays a few games quickly and prints rates and scores with confidence intervals."""

from __future__ import annotations

import re

import pytest

import cardtable.bots as bots
from cardtable import arena


@pytest.fixture(autouse=True)
def quick_hard_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    real = bots.make_hard_bot

    def quick(game, seed: int | None = None, **settings):
        return real(game, seed, **{**settings, "iterations": 20, "time_limit": None})

    monkeypatch.setattr(bots, "make_hard_bot", quick)


def test_kachuful_match_prints_win_rates_scores_exact_bids_and_times(capsys: pytest.CaptureFixture[str]) -> None:
    code = arena.main(["--game", "kachuful", "--seats", "hard,normal,easy,random", "--games", "4", "--seed", "3",
                       "--option", "hands=2,1"])
    assert code == 0
    out = capsys.readouterr().out
    assert "kachuful: 4 games, 4 seats, seed 3" in out
    for header in ("win rate", "average score", "exact bids", "median ms"):
        assert header in out
    rows = [line for line in out.splitlines() if re.match(r"^[1-4]:(hard|normal|easy|random) ", line)]
    assert len(rows) == 8  # the results table and the timing table
    intervals = re.findall(r"\[\s*(-?[\d.]+),\s*(-?[\d.]+)\]", rows[0])
    assert len(intervals) == 3  # win rate, average score, exact bids
    assert all(float(lo) <= float(hi) for lo, hi in intervals)
    made, rounds = map(int, re.findall(r"(\d+)/(\d+)", rows[0])[0])  # exact bids as counted
    assert rounds == 4 * 2 and 0 <= made <= rounds


def test_seats_rotate_and_results_are_reproducible() -> None:
    setup = arena.Setup("kachuful", ["normal", "normal", "easy"], 5, {"hands": "2"})
    a = [arena.play_game(setup, g) for g in range(3)]
    b = [arena.play_game(setup, g) for g in range(3)]
    assert [r.scores for r in a] == [r.scores for r in b]
    assert all(sum(r.wins) == pytest.approx(1.0) for r in a)
    assert all(r.counts["exact bids"][i][1] == 1 for r in a for i in range(3))


def test_a_game_without_counts_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--game", "crazy", "--seats", "normal,random,easy", "--games", "2", "--seed", "1"]) == 0
    assert "win rate" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["--game", "kachuful", "--seats", "hard,expert,normal"], "unknown bot level"),
    (["--game", "kachuful", "--seats", "hard,normal"], "players"),
    (["--game", "kachuful", "--seats", "hard,normal,normal", "--option", "jokers=maybe"], "jokers"),
    (["--game", "no_such_game", "--seats", "normal,normal"], "no such game"),
])
def test_bad_arguments_are_refused(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        arena.main(argv)
    assert message in capsys.readouterr().err


def test_wilson_interval() -> None:
    p, lo, hi = arena.wilson(70, 100)
    assert p == 0.7 and 0.60 < lo < 0.61 and 0.78 < hi < 0.79
    assert arena.wilson(0, 10)[1] == 0.0 and arena.wilson(10, 10)[2] == pytest.approx(1.0)
    m, lo, hi = arena.mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and lo < 2.5 < hi
