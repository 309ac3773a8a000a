"""Decisions off the UI thread: the same answer in a thread, in a worker process or inline, and the bot's state
comes back from the worker so a seeded bot stays deterministic."""

from __future__ import annotations

import os
import pickle
import random
import threading
import time

import pytest

from cardtable.bots import RandomBot, make_bot, make_hard_bot, worker
from cardtable.core.engine import State
from cardtable.games import REGISTRY, get_game, get_rules


def wait(job: worker.Thinking, limit: float = 60.0) -> None:
    end = time.monotonic() + limit
    while not job.done():
        assert time.monotonic() < end, "the bot never answered"
        time.sleep(0.005)


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


def test_a_bot_error_reaches_whoever_collects_the_answer() -> None:
    class Broken:
        def choose(self, state: State, seat: int):
            raise RuntimeError("oops")

    state = get_rules("kachuful").new_game(4, {}, seed=1)
    job = worker.think(Broken(), state, state.turn, mode="thread")
    wait(job)
    with pytest.raises(RuntimeError, match="oops"):
        job.result()


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
    starters: list[str] = []
    real_pool = worker._pool

    def pool() -> object:
        starters.append(threading.current_thread().name)
        return real_pool()

    monkeypatch.setattr(worker, "_pool", pool)
    try:
        worker.warm_up()
        end = time.monotonic() + 60
        while not worker.worker_pids():
            assert time.monotonic() < end, "the worker never started"
            time.sleep(0.005)
        assert starters == ["worker-start"]
        state = get_rules("kachuful").new_game(4, {}, seed=2)
        job = worker.think(RandomBot(3), state, state.turn, mode="process")
        wait(job)
        assert job.mode == "process" and job.result() in state.legal_actions()
    finally:
        worker.replace_worker()


def test_the_app_closing_kills_the_worker_without_waiting_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """`replace_worker(wait=False)`, as the app closes: the worker process is killed and the caller goes on at once,
    never joining it."""
    monkeypatch.delenv("CARDTABLE_BOT_MODE", raising=False)
    state = get_rules("kachuful").new_game(4, {}, seed=2)
    wait(worker.think(RandomBot(3), state, state.turn, mode="process"))
    assert len(worker.worker_pids()) == 1
    process = next(iter(worker._executor._processes.values()))  # type: ignore[union-attr]
    joined: list[float | None] = []
    caller = threading.current_thread()  # (the pool's own manager thread may reap it: that is not the caller)
    monkeypatch.setattr(type(process), "join",
                        lambda self, timeout=None: joined.append(timeout) if threading.current_thread() is caller
                        else None)
    worker.replace_worker(wait=False)
    assert joined == [] and worker.worker_pids() == []
    monkeypatch.undo()
    process.join(timeout=60)  # killed: it is gone at once
    if process.exitcode is None:  # reaped already, by the pool's own threads rather than through this handle
        with pytest.raises(ChildProcessError):
            os.waitpid(process.pid, 0)
    else:
        assert process.exitcode < 0, "killed by a signal"
