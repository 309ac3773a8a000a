"""Bot decisions off the UI thread: in a worker process when possible, in a thread otherwise.

A search holds the interpreter for up to a second; in a thread of the UI's process it would share the GIL with the
window and make it stutter.  So a decision goes to one long-lived worker process (started on first use, or early
with `warm_up()`), with the bot and the determinized state pickled; the bot's new state (its random generator) comes
back with the action, so a seeded bot makes the same choices in either place.  When the state or bot cannot be
pickled, or processes are unavailable, the decision runs in a daemon thread instead.

    job = think(bot, state.determinize(seat, rng), seat)
    ... every frame:  if job.done(): action = job.result()

A frozen (PyInstaller) app must call `freeze_support()` first thing in its entry point; until it does, frozen
builds use threads (a spawned worker would otherwise start a second copy of the app).  The environment variable
`CARDTABLE_BOT_MODE` (auto, process, thread, inline) overrides the mode of every `think` left on "auto": tests of
the table can keep bots in threads, or inline.

A worker that stops answering (hung, stopped) is the caller's to notice (the turn driver counts its own clock):
`Thinking.abandon()` kills and forgets the worker process, and the next decision starts a fresh one.  The worker
watches the app's process and ends with it, even when the app was killed outright.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import pickle
import sys
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Generic, Protocol, TypeAlias, TypeVar, cast

from cardtable.core.engine import State

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Chooser(Protocol[T_co]):
    """What `think` asks: a bot (its answer an action), or a question put the same way (a solver's, a search's)."""

    def choose(self, state: State, seat: int) -> T_co: ...


#: A worker process's answer: the bot's answer and its new state (`_decide`).
Answer: TypeAlias = tuple[T, dict[str, Any] | None]

_lock = threading.Lock()
_executor: ProcessPoolExecutor | None = None
_processes_ok = True  # False once the worker pool broke or could not start: threads from then on
_frozen_ready = False
MODES = ("auto", "process", "thread", "inline")


def freeze_support() -> None:
    """Call first thing in a frozen app's entry point: lets worker processes start (see the module docstring)."""
    global _frozen_ready
    multiprocessing.freeze_support()
    _frozen_ready = True


def processes_available() -> bool:
    return _processes_ok and (not getattr(sys, "frozen", False) or _frozen_ready)


def _worker_init() -> None:
    try:  # the window's process keeps the upper hand on a busy machine
        os.nice(5)
    except (AttributeError, OSError):
        pass
    threading.Thread(target=_exit_with_parent, daemon=True, name="parent-watch").start()


def _exit_with_parent() -> None:
    """In the worker: end as soon as the app's process ends, however it ended (killed outright too), rather than
    live on as an orphan.  The parent's sentinel (a pipe on POSIX, a process handle on Windows) says so."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    parent.join()
    os._exit(0)


def _pool() -> ProcessPoolExecutor:
    global _executor
    with _lock:
        if _executor is None:
            _executor = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_init
            )
        return _executor


def warm_up() -> None:
    """Start the worker process now, so the first decision does not wait for it.  Starting a process takes
    milliseconds of the caller's time, so a thread does it: the frame that asks goes on at once."""
    if processes_available() and os.environ.get("CARDTABLE_BOT_MODE", "auto") in ("auto", "process"):
        threading.Thread(target=_start_worker, daemon=True, name="worker-start").start()


def _start_worker() -> None:
    try:
        _pool().submit(_noop)
    except Exception:  # noqa: BLE001 - no worker: decisions will use threads
        _give_up_processes()


def shutdown() -> None:
    """Stop the worker process (pending decisions are dropped)."""
    global _executor
    with _lock:
        executor, _executor = _executor, None
    if executor is not None:
        executor.shutdown(wait=False, cancel_futures=True)


atexit.register(shutdown)


def worker_pids() -> list[int]:
    """The ids of the worker processes running now (none before the first use)."""
    with _lock:
        processes = getattr(_executor, "_processes", None) or {}
        return list(processes)


def replace_worker(wait: bool = True) -> None:
    """Kill the worker process (hung or stopped: SIGKILL works on both) and forget its pool; the next decision
    starts a fresh one.  Decisions still waiting in the old pool fail with BrokenProcessPool.  With `wait` False
    (the app is closing) the killed process is not waited for."""
    global _executor
    with _lock:
        executor, _executor = _executor, None
    if executor is None:
        return
    processes = list((getattr(executor, "_processes", None) or {}).values())  # no public way to reach them
    for process in processes:
        try:
            process.kill()
        except (OSError, ValueError):  # gone already, or closed
            pass
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes if wait else ():
        try:  # reap it: a SIGKILLed process goes at once
            process.join(timeout=1.0)
        except (OSError, ValueError, AssertionError):
            pass


def _give_up_processes() -> None:
    global _processes_ok
    _processes_ok = False
    shutdown()


def _noop() -> None:
    return None


def _bot_state(bot: Any) -> dict[str, Any] | None:
    return dict(vars(bot)) if hasattr(bot, "__dict__") else None


def _decide(payload: bytes) -> Answer[Any]:
    """In the worker: unpickle (bot, state, seat), decide, and send back the action and the bot's new state."""
    bot, state, seat = pickle.loads(payload)
    action = bot.choose(state, seat)
    return action, _bot_state(bot)


class Thinking(Generic[T]):
    """A decision in progress.  `done()` never blocks; `result()` waits if needed and returns the action (or raises
    what the bot raised).  In process mode the bot's state is copied back when the result is collected."""

    def __init__(
        self,
        bot: Chooser[T],
        future: Future[T] | Future[Answer[T]],  # the answer itself from a thread or inline, an Answer from a process
        mode: str,
        retry: tuple[State, int] | None = None,
        pool: ProcessPoolExecutor | None = None,
    ) -> None:
        self.bot = bot
        self.future = future
        self.mode = mode  # "process", "thread" or "inline"
        self._retry = retry  # the question again, should the worker process die on it
        self._pool = pool  # the pool asked (process mode)
        self._collected = False

    def _recover(self) -> None:
        """The worker process died: ask a thread instead.  A worker that died on its own (killed, out of memory)
        means threads from now on; one that `replace_worker` killed leaves the next decisions to a fresh one."""
        if self.mode == "process" and self._retry is not None and self.future.done() and not self.future.cancelled():
            if isinstance(self.future.exception(), BrokenProcessPool):
                if self._pool is _executor:
                    _give_up_processes()
                fallback = _in_thread(self.bot, *self._retry)
                self.future, self.mode = fallback.future, "thread"

    def done(self) -> bool:
        self._recover()
        return self.future.done()

    def result(self, timeout: float | None = None) -> T:
        self._recover()
        if self.mode == "thread" and self._retry is not None:
            timeout = None  # the retry started late: wait for it
        value = self.future.result(timeout)
        if self.mode != "process":
            return cast(T, value)
        action, state = cast(Answer[T], value)
        if not self._collected and state is not None and hasattr(self.bot, "__dict__"):
            vars(self.bot).update(state)
        self._collected = True
        return action

    def cancel(self) -> None:
        """Forget the decision (a process already working on it finishes it and the answer is dropped)."""
        self._retry = None
        self.future.cancel()

    def abandon(self) -> None:
        """Give up on a decision that does not answer: a worker process on it is killed and replaced (see
        `replace_worker`); a thread cannot be stopped and is left to finish on its own (it is a daemon)."""
        hung = self.mode == "process" and not self.future.done()
        self.cancel()
        if hung and self._pool is not None and self._pool is _executor:
            replace_worker()


def _in_thread(bot: Chooser[T], state: State, seat: int) -> Thinking[T]:
    future: Future[T] = Future()

    def run() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(bot.choose(state, seat))
        except BaseException as e:  # noqa: BLE001 - handed to whoever collects the result
            future.set_exception(e)

    threading.Thread(target=run, daemon=True, name="bot").start()
    return Thinking(bot, future, "thread")


def think(bot: Chooser[T], state: State, seat: int, mode: str = "auto") -> Thinking[T]:
    """Start `bot.choose(state, seat)` off the calling thread.

    mode: "auto" (a worker process if the bot and state pickle and processes work, else a thread), "process",
    "thread", or "inline" (decide now, in the caller: for tests).
    """
    if mode == "auto":
        mode = os.environ.get("CARDTABLE_BOT_MODE", "auto")
        if mode not in MODES:
            mode = "auto"
    if mode == "inline":
        future: Future[T] = Future()
        try:
            future.set_result(bot.choose(state, seat))
        except Exception as e:  # noqa: BLE001
            future.set_exception(e)
        return Thinking(bot, future, "inline")
    if mode == "thread" or (mode == "auto" and not processes_available()):
        return _in_thread(bot, state, seat)
    try:
        payload = pickle.dumps((bot, state, seat), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - something in the state or bot does not pickle
        if mode == "process":
            raise
        return _in_thread(bot, state, seat)
    try:
        pool = _pool()
        answer = pool.submit(_decide, payload)
    except Exception:  # noqa: BLE001 - the pool is broken or cannot start
        if mode == "process":
            raise
        _give_up_processes()
        return _in_thread(bot, state, seat)
    return Thinking(bot, answer, "process", (state, seat), pool)
