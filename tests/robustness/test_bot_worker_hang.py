"""A bot that never answers does not stop the game, and the bots' worker process does not outlive the app.

A decision that takes longer than `ANSWER_CAP` seconds of the turn driver's clock (the `dt` it is given, so these
tests move time themselves) is abandoned: a stuck worker process is killed and replaced, and the game's rule bot
makes the move here.  The worker watches the app's process and ends with it, even after a kill -9.
"""

from __future__ import annotations

import dataclasses
import os
import random
import select
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path
from typing import Any

import pytest

from cardtable.bots import worker
from cardtable.games import get_game
from cardtable.games.plugin import GamePlugin
from cardtable.session.match import Match, Seat
from cardtable.session.turns import ANSWER_CAP, TOO_SLOW, Move, TurnDriver
from tests.bots.worker_child import gone, wait_until

BOTS = [Seat("bot:normal", name) for name in ("Ann", "Bob", "Cy", "Di")]


def children(pid: int) -> list[int]:
    """The ids of the processes `pid` started that run now (none where `pgrep` is missing)."""
    try:
        found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return []
    return [int(word) for word in found.stdout.split()]


class Hung:
    """A decision that never answers (the turn driver's `thinker` for these tests)."""

    def __init__(self, bot: Any, world: Any, seat: int) -> None:
        self.abandoned = False

    def done(self) -> bool:
        return False

    def result(self) -> Any:
        raise AssertionError("a hung decision has no result")

    def cancel(self) -> None:
        pass

    def abandon(self) -> None:
        self.abandoned = True


def fallback_choice(match: Match, seat: int) -> Any:
    """What the game's rule bot chooses in the driver's place: same seed, same world."""
    seed = match.seed * 1000 + len(match.log)
    world = match.state.determinize(seat, random.Random(seed))
    return match.game.rule_bot(seed).choose(world, seat)


def decide(driver: TurnDriver, limit: float = 30.0) -> Move:
    """Let the driver's bot decide with the clock standing still (dt 0: the cap is never reached)."""
    found: list[Move] = []

    def answered() -> bool:
        move = driver.update(0.0, True)
        if move is not None:
            found.append(move)
        return bool(found)

    wait_until(answered, limit, "the bot never answered")
    return found[0]


def play(match: Match, driver: TurnDriver, move: Move) -> None:
    match.apply(move.action)
    driver.moved(move)


def test_a_decision_that_never_answers_is_made_by_the_rule_bot() -> None:
    match = Match(get_game("kachuful"), BOTS, {}, seed=5)
    jobs: list[Hung] = []

    def thinker(bot: Any, world: Any, seat: int) -> Hung:
        jobs.append(Hung(bot, world, seat))
        return jobs[-1]

    driver = TurnDriver(match, bot_delay=0.0, thinker=thinker)
    seat = match.state.turn
    assert driver.update(0.0, True) is None and driver.busy
    assert driver.update(ANSWER_CAP - 0.5, True) is None, "nothing happens before the cap"
    move = driver.update(1.0, True)
    assert move is not None and move.seat == seat and move.note == TOO_SLOW
    assert move.action in match.state.legal_actions()
    assert move.action == fallback_choice(match, seat)
    assert jobs[0].abandoned and not driver.busy
    play(match, driver, move)

    driver.thinker = lambda bot, world, seat: worker.think(bot, world, seat, mode="inline")
    move = decide(driver)
    assert move.note == "" and move.action in match.state.legal_actions()


def test_a_game_without_a_rule_bot_falls_back_to_a_random_legal_move() -> None:
    game = dataclasses.replace(get_game("kachuful"), rule_bot=None)
    assert isinstance(game, GamePlugin)
    match = Match(game, BOTS, {}, seed=8)
    driver = TurnDriver(match, bot_delay=0.0, thinker=Hung)
    driver.update(0.0, True)
    move = driver.update(ANSWER_CAP + 0.1, True)
    assert move is not None and move.note == TOO_SLOW and move.action in match.state.legal_actions()


def test_a_hung_thread_is_left_behind_and_the_game_goes_on() -> None:
    release = threading.Event()

    class Stuck:
        def choose(self, state: Any, seat: int) -> Any:
            release.wait(30)
            return state.legal_actions()[0]

    match = Match(get_game("kachuful"), BOTS, {}, seed=3)
    driver = TurnDriver(match, bot_delay=0.0, thinker=lambda b, w, s: worker.think(b, w, s, mode="thread"))
    stuck_seat = match.state.turn
    driver.bots[stuck_seat] = Stuck()
    try:
        driver.update(0.0, True)
        assert driver.job is not None and driver.job.mode == "thread"
        move = driver.update(ANSWER_CAP + 0.1, True)
        assert move is not None and move.note == TOO_SLOW
        assert move.action == fallback_choice(match, stuck_seat)
        play(match, driver, move)
        move = decide(driver)
        assert move.note == "" and move.action in match.state.legal_actions()
    finally:
        release.set()


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="no SIGSTOP on this platform")
def test_a_stopped_worker_process_is_killed_and_replaced() -> None:
    if not worker.processes_available():
        pytest.skip("this platform cannot start worker processes")
    match = Match(get_game("kachuful"), BOTS, {}, seed=11)
    driver = TurnDriver(match, bot_delay=0.0, thinker=lambda b, w, s: worker.think(b, w, s, mode="process"))
    try:
        state = match.state
        warm = worker.think(driver.bots[state.turn], state, state.turn, mode="process")
        wait_until(warm.done, 30, "the worker process did not start")
        [stopped] = worker.worker_pids()
        os.kill(stopped, signal.SIGSTOP)

        seat = match.state.turn
        assert driver.update(0.0, True) is None
        assert driver.job is not None and driver.job.mode == "process"
        assert driver.update(0.0, True) is None, "a stopped worker does not answer"
        move = driver.update(ANSWER_CAP + 0.1, True)
        assert move is not None and move.note == TOO_SLOW
        assert move.action == fallback_choice(match, seat)
        wait_until(lambda: gone(stopped), 5, "the stopped worker was not killed")
        assert stopped not in worker.worker_pids()

        play(match, driver, move)
        move = decide(driver)
        assert move.note == "" and move.action in match.state.legal_actions()
        assert worker.processes_available(), "a replaced worker is not a reason to give up on processes"
        assert worker.worker_pids() and stopped not in worker.worker_pids()
    finally:
        worker.replace_worker()  # never leave a stopped process behind


CHILD = textwrap.dedent(
    """
    import sys

    from cardtable.bots import RandomBot, worker
    from cardtable.games import get_rules

    if __name__ == "__main__":
        worker.warm_up()
        state = get_rules("kachuful").new_game(4, {}, seed=1)
        worker.think(RandomBot(1), state, state.turn, mode="process").result(timeout=60)
        print(*worker.worker_pids(), flush=True)
        sys.stdin.read()  # until killed
    """
)


@pytest.mark.skipif(sys.platform == "win32" or not hasattr(signal, "SIGKILL"), reason="POSIX signals")
def test_the_worker_ends_with_the_app_even_after_kill_9(repo_root: Path, tmp_path: Path) -> None:
    script = tmp_path / "app.py"
    script.write_text(CHILD)
    env = dict(os.environ, PYTHONPATH=str(repo_root))
    env.pop("CARDTABLE_BOT_MODE", None)
    errors = tmp_path / "stderr.txt"
    with errors.open("wb") as stderr:
        app = subprocess.Popen(
            [sys.executable, str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, env=env,
            cwd=tmp_path,
        )
    pids: list[int] = []
    try:
        assert app.stdout is not None
        ready, _, _ = select.select([app.stdout], [], [], 60)
        assert ready, f"the app did not start its worker: {errors.read_text()}"
        pids = [int(word) for word in app.stdout.readline().split()]
        assert pids, f"the app has no worker process: {errors.read_text()}"
        pids += [pid for pid in children(app.pid) if pid not in pids]  # multiprocessing's helpers too
        assert not any(gone(pid) for pid in pids)
        app.send_signal(signal.SIGKILL)
        app.wait(5)
        for pid in pids:
            wait_until(lambda pid=pid: gone(pid), 5, f"process {pid} outlived the app")
    finally:
        if app.poll() is None:
            app.kill()
            app.wait(5)
        for pid in pids:  # should the test fail, leave no orphan behind
            if not gone(pid):
                os.kill(pid, signal.SIGKILL)
