"""Decisions off the UI thread: the same answer in a thread, in a worker process or inline, and the bot's state
comes back from the worker so a seeded bot stays deterministic."""

from __future__ import annotations

import multiprocessing
import multiprocessing.process
import os
import pickle
import random
import select
import signal
import subprocess
import sys
import threading
import types
from pathlib import Path

import pytest
from worker_child import Broken, Echo, Stall, Strange, gone, wait_until

from cardtable.bots import RandomBot, make_bot, make_hard_bot, worker
from cardtable.games import REGISTRY, get_game, get_rules

CHILD = Path(__file__).with_name("worker_child.py")


def wait(job: worker.Thinking, limit: float = 60.0) -> None:
    wait_until(job.done, limit, "the bot never answered")


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_states_and_bots_pickle(game_id: str) -> None:
    """A worker process gets the state and the bot pickled: every game's states and every level's bots must pickle."""
    rules = get_rules(game_id)
    players = rules.players.start if game_id == "klondike" else max(rules.players.start, min(4, rules.players.stop - 1))
    state = rules.new_game(players, {}, seed=3)
    rng = random.Random(1)
    for _ in range(12):
        if state.turn is None:
            break
        state.apply(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))
    assert copy.view(None) == state.view(None) and copy.legal_actions() == state.legal_actions()
    for level in ("easy", "normal", "hard"):
        pickle.loads(pickle.dumps(make_bot(get_game(game_id), level, seed=2)))


@pytest.mark.parametrize("mode", ["inline", "thread", "process"])
def test_every_mode_gives_the_bots_own_answer(mode: str) -> None:
    state = get_rules("kachuful").new_game(4, {}, seed=7)
    bot = make_hard_bot(get_game("kachuful"), 5, iterations=60, time_limit=None)
    twin = make_hard_bot(get_game("kachuful"), 5, iterations=60, time_limit=None)
    for _ in range(3):  # three decisions in a row: the bot's generator must come back from the worker
        seat = state.turn
        sample = state.determinize(seat, random.Random(len(state.legal_actions())))
        job = worker.think(bot, sample, seat, mode=mode)
        wait(job)
        assert job.mode == mode
        action = job.result()
        assert action == twin.choose(sample, seat)
        state.apply(action)


def test_auto_mode_falls_back_to_a_thread_when_pickling_fails() -> None:
    class Unpicklable(RandomBot):
        def __reduce__(self):
            raise TypeError("no")

    state = get_rules("kachuful").new_game(4, {}, seed=1)
    job = worker.think(Unpicklable(1), state, state.turn)
    wait(job)
    assert job.mode in ("thread", "process") and job.result() in state.legal_actions()
    if worker.processes_available():
        assert job.mode == "thread"


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_a_bot_error_reaches_whoever_collects_the_answer(mode: str) -> None:
    state = get_rules("kachuful").new_game(4, {}, seed=1)
    job = worker.think(Broken(RuntimeError, "oops"), state, state.turn, mode=mode)
    wait(job)
    assert job.mode == mode
    with pytest.raises(RuntimeError, match="oops") as raised:
        job.result()
    if mode == "process":  # with where it happened in the worker
        assert "choose" in raised.value.__notes__[-1]


def test_an_error_that_does_not_come_back_whole_comes_back_named() -> None:
    state = get_rules("kachuful").new_game(4, {}, seed=1)
    job = worker.think(Broken(Strange, "bad", "luck"), state, state.turn, mode="process")
    wait(job)
    with pytest.raises(RuntimeError, match="Strange: bad: luck"):
        job.result()
    job = worker.think(Echo(1), state, state.turn, mode="process")
    wait(job)
    assert job.result() == (1, state.turn), "the worker goes on answering"


@pytest.mark.parametrize("mode", ["thread", "inline"])
def test_the_environment_chooses_the_mode(mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDTABLE_BOT_MODE", mode)
    state = get_rules("kachuful").new_game(4, {}, seed=2)
    job = worker.think(RandomBot(3), state, state.turn)
    wait(job)
    assert job.mode == mode and job.result() in state.legal_actions()


def test_warming_up_starts_the_worker_from_another_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Starting a process takes the caller milliseconds: `warm_up` hands it to a thread and returns, and the worker
    it starts then answers decisions."""
    monkeypatch.delenv("CARDTABLE_BOT_MODE", raising=False)
    worker.replace_worker()  # none running: warming up starts one
    starters: list[str] = []
    process = multiprocessing.get_context("spawn").Process
    real_start = process.start

    def start(self: multiprocessing.process.BaseProcess) -> None:
        starters.append(threading.current_thread().name)
        real_start(self)

    monkeypatch.setattr(process, "start", start)
    try:
        worker.warm_up()
        wait_until(lambda: bool(worker.worker_pids()), 60, "the worker never started")
        assert starters == ["worker-start"]
        state = get_rules("kachuful").new_game(4, {}, seed=2)
        job = worker.think(RandomBot(3), state, state.turn, mode="process")
        wait(job)
        assert job.mode == "process" and job.result() in state.legal_actions()
        assert starters == ["worker-start"], "the decision went to the worker warmed up"
        started: list[object] = []
        with monkeypatch.context() as patch:
            patch.setattr(worker, "threading", types.SimpleNamespace(Thread=lambda **kw: started.append(kw)))
            worker.warm_up()  # (a table opened again) the worker is up: no thread is started for it
        assert started == [] and starters == ["worker-start"]
    finally:
        worker.replace_worker()


def test_the_app_closing_kills_the_worker_without_waiting_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """`replace_worker(wait=False)`, as the app closes: the worker process is killed and the caller goes on at once,
    never joining it."""
    monkeypatch.delenv("CARDTABLE_BOT_MODE", raising=False)
    state = get_rules("kachuful").new_game(4, {}, seed=2)
    wait(worker.think(RandomBot(3), state, state.turn, mode="process"))
    [pid] = worker.worker_pids()
    joined: list[float | None] = []
    caller = threading.current_thread()  # (the worker's own reader thread reaps it: that is not the caller)
    real_join = multiprocessing.process.BaseProcess.join

    def join(self: multiprocessing.process.BaseProcess, timeout: float | None = None) -> None:
        if threading.current_thread() is caller:
            joined.append(timeout)
        real_join(self, timeout)

    monkeypatch.setattr(multiprocessing.process.BaseProcess, "join", join)
    worker.replace_worker(wait=False)
    assert joined == [] and worker.worker_pids() == []
    wait_until(lambda: gone(pid), 30, "the killed worker lives on")


def test_answers_come_back_in_order_each_to_its_own_decision() -> None:
    """Several decisions asked at once: the worker answers them one by one, in the order asked, each with its own
    bot's answer and state."""
    state = get_rules("kachuful").new_game(4, {}, seed=4)
    bots = [Echo(tag) for tag in range(8)]
    jobs = [worker.think(bot, state, state.turn, mode="process") for bot in bots]
    assert all(job.mode == "process" for job in jobs)

    def prefix_done() -> bool:
        done = [job.done() for job in jobs]
        assert done == sorted(done, reverse=True), f"answered out of order: {done}"
        return all(done)

    wait_until(prefix_done, 60, "the worker never answered")
    assert [job.result() for job in jobs] == [(tag, state.turn) for tag in range(8)]
    assert [bot.asked for bot in bots] == [1] * 8, "each bot's state came back with its answer"


def test_abandoning_a_hung_worker_kills_it_and_the_next_decision_gets_a_fresh_one(tmp_path: Path) -> None:
    if not worker.processes_available():
        pytest.skip("this platform cannot start worker processes")
    state = get_rules("kachuful").new_game(4, {}, seed=5)
    started = tmp_path / "started"
    try:
        job = worker.think(Stall(started), state, state.turn, mode="process")
        wait_until(started.exists, 60, "the worker never started deciding")
        [hung] = worker.worker_pids()
        assert not job.done()
        job.abandon()
        assert worker.worker_pids() == []
        wait_until(lambda: gone(hung), 30, "the hung worker was not killed")
        fresh = worker.think(RandomBot(3), state, state.turn)
        wait(fresh)
        assert fresh.mode == "process" and fresh.result() in state.legal_actions()
        assert worker.worker_pids() and hung not in worker.worker_pids()
        assert worker.processes_available(), "a replaced worker is not a reason to give up on processes"
    finally:
        worker.replace_worker()


def run_child(repo_root: Path, tmp_path: Path, scenario: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(repo_root))
    env.pop("CARDTABLE_BOT_MODE", None)
    return subprocess.Popen([sys.executable, str(CHILD), scenario, str(tmp_path / "started")], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)


@pytest.mark.skipif(sys.platform == "win32" or not hasattr(signal, "SIGKILL"), reason="POSIX signals")
def test_a_worker_killed_mid_decision_hands_it_to_a_thread(repo_root: Path, tmp_path: Path) -> None:
    """The worker dies by itself (here: SIGKILL from outside) while it decides: the answer still comes, from a
    thread, and the app's decisions stay in threads from then on.  (In an app of its own: this one keeps its
    worker.)"""
    app = run_child(repo_root, tmp_path, "killed")
    try:
        out, err = app.communicate(timeout=120)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait(10)
    assert app.returncode == 0, err
    assert out.split() == ["thread", "True", "False", "thread", "True", "[]"]


@pytest.mark.skipif(sys.platform == "win32" or not hasattr(signal, "SIGKILL"), reason="POSIX signals")
def test_a_deciding_worker_ends_when_the_app_is_killed(repo_root: Path, tmp_path: Path) -> None:
    """kill -9 of the app while its worker is in the middle of a decision (not reading its pipe): the worker's
    watch on its parent ends it."""
    app = run_child(repo_root, tmp_path, "orphan")
    pid = 0
    try:
        assert app.stdout is not None
        ready, _, _ = select.select([app.stdout], [], [], 60)
        assert ready, "the app did not start its worker"
        pid = int(app.stdout.readline())
        assert not gone(pid)
        app.send_signal(signal.SIGKILL)
        app.wait(10)
        wait_until(lambda: gone(pid), 10, f"the worker {pid} outlived the app")
    finally:
        if app.poll() is None:
            app.kill()
            app.wait(10)
        if pid and not gone(pid):  # should the test fail, leave no orphan behind
            os.kill(pid, signal.SIGKILL)
