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


def test_clustered_interval_by_hand() -> None:
    # ratio 12/12 = 1; residuals -1, 1, 0; spread 2 * 3/2 = 3; half width 1.96 * sqrt(3) / 12.
    ratio, lo, hi = arena.clustered([3.0, 5.0, 4.0], [4.0, 4.0, 4.0])
    assert ratio == 1.0
    assert hi - ratio == pytest.approx(arena.Z95 * 3 ** 0.5 / 12) and ratio - lo == pytest.approx(hi - ratio)
    with pytest.raises(ValueError):
        arena.clustered([3.0], [4.0])


def test_clustered_rate_stays_a_rate_and_falls_back_to_wilson() -> None:
    assert arena.clustered_rate([0.0, 0.0], [4.0, 4.0]) == arena.wilson(0, 8)
    assert arena.clustered_rate([3.0], [4.0]) == arena.wilson(3, 4)
    p, lo, hi = arena.clustered_rate([4.0, 0.0, 4.0], [4.0, 4.0, 4.0])
    assert p == pytest.approx(2 / 3) and 0.0 <= lo < p < hi <= 1.0


def _record(scores: list[float], wins: list[float]) -> arena.GameRecord:
    return arena.GameRecord(scores=scores, wins=wins, counts={"firsts": [(int(w), 1) for w in wins]},
                            times=[[0.1], [0.1]], forced=[0, 0], actions=10)


def test_the_luck_of_the_deal_cancels_over_its_block() -> None:
    """Seat 0 always takes 100 and wins: entry by entry the games differ wildly, but each deal gives every entry
    the same (one game from each seat), so the intervals over the deals have no width."""
    setup = arena.Setup("eat_reds", ["hard", "normal"], 1)
    records = []
    for g in range(8):
        scores = [100.0 if (i + g) % 2 == 0 else 0.0 for i in range(2)]  # entry i sits in seat (i + g) % 2
        records.append(_record(scores, [s / 100.0 for s in scores]))
    out = arena.summarize(setup, records, 1.0)
    assert "(4 deals)" in out
    rows = [line for line in out.splitlines() if line.startswith(("1:hard", "2:normal"))][:2]
    for row in rows:
        assert "50.0% [ 50.0,  50.0]" in row and "50.00 [  50.00,   50.00]" in row
    per_game = arena.mean_ci([r.scores[0] for r in records])
    assert per_game[2] - per_game[1] > 50  # what treating the games as independent would have said
