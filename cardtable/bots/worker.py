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
`Thinking.abandon()` kills and forgets the worker process, and the next decision starts a fresh one.  A worker that
dies by itself (killed from outside, out of memory) hands its pending decisions to threads, and so do all the
decisions after it.  The worker watches the app's process and ends with it, even when the app was killed outright.

The worker is a process of this module's own, started with the "spawn" method: requests go to it over one pipe
(an id, then the pickled bot, state and seat), answers come back over another, and a reader thread in the app
resolves each request's future.
"""

from __future__ import annotations

import atexit
import itertools
import multiprocessing
import os
import pickle
import queue
import signal
import struct
import sys
import threading
import traceback
from concurrent.futures import Future
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Generic, Protocol, TypeAlias, TypeVar, cast

from cardtable.core.engine import State

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Chooser(Protocol[T_co]):
    """What `think` asks: a bot (its answer an action), or a question put the same way (a solver's, a search's)."""

    def choose(self, state: State, seat: int) -> T_co: ...


#: A worker process's answer: the bot's answer and its new state (`_decide`).
Answer: TypeAlias = tuple[T, dict[str, Any] | None]

MODES = ("auto", "process", "thread", "inline")
_REQUEST = struct.Struct("<Q")  # a request's id, before the pickled (bot, state, seat)
_ANSWER = struct.Struct("<Q?")  # the id answered and whether the bot answered (or raised), before the pickled value


class WorkerDied(Exception):
    """The worker process ended before it answered.  `replaced`: it was killed on purpose (`replace_worker`,
    `shutdown`), rather than dying by itself."""

    def __init__(self, replaced: bool) -> None:
        super().__init__("the bots' worker process was replaced" if replaced else "the bots' worker process died")
        self.replaced = replaced


_lock = threading.Lock()
_current: _Worker | None = None
_processes_ok = True  # False once a worker died by itself or could not start: threads from then on
_frozen_ready = False


def freeze_support() -> None:
    """Call first thing in a frozen app's entry point: lets worker processes start (see the module docstring)."""
    global _frozen_ready
    multiprocessing.freeze_support()
    _frozen_ready = True


def processes_available() -> bool:
    return _processes_ok and (not getattr(sys, "frozen", False) or _frozen_ready)


# --- in the worker process ---------------------------------------------------------------------------------------


def _serve(requests: Connection, answers: Connection) -> None:
    """The worker process: answer the requests in the order they come, until the app closes its pipe or ends."""
    try:  # the window's process keeps the upper hand on a busy machine
        os.nice(5)
    except (AttributeError, OSError):
        pass
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C in a terminal is the app's to handle: it ends the worker
    threading.Thread(target=_exit_with_parent, daemon=True, name="parent-watch").start()
    while True:
        try:
            data = requests.recv_bytes()
        except (EOFError, OSError):  # the app closed its end (shutdown) or ended
            return
        (request_id,) = _REQUEST.unpack_from(data)
        try:
            body, answered = pickle.dumps(_decide(memoryview(data)[_REQUEST.size:]), pickle.HIGHEST_PROTOCOL), True
        except Exception as e:  # noqa: BLE001 - handed to whoever collects the result
            body, answered = _pickled_error(e), False
        try:
            answers.send_bytes(_ANSWER.pack(request_id, answered) + body)
        except OSError:  # the app is gone
            return


def _exit_with_parent() -> None:
    """In the worker: end as soon as the app's process ends, however it ended (killed outright too), rather than
    live on as an orphan, even in the middle of a search.  The parent's sentinel (a pipe on POSIX, a process handle
    on Windows) says so."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    parent.join()
    os._exit(0)


def _bot_state(bot: Any) -> dict[str, Any] | None:
    return dict(vars(bot)) if hasattr(bot, "__dict__") else None


def _decide(payload: bytes | memoryview) -> Answer[Any]:
    """In the worker: unpickle (bot, state, seat), decide, and send back the action and the bot's new state."""
    bot, state, seat = pickle.loads(payload)
    action = bot.choose(state, seat)
    return action, _bot_state(bot)


def _pickled_error(error: Exception) -> bytes:
    """The bot's exception, pickled with the worker's traceback as a note; an exception that does not make the
    round trip is sent as a RuntimeError that names it."""
    error.add_note("".join(traceback.format_exception(error)).rstrip())
    try:
        body = pickle.dumps(error, pickle.HIGHEST_PROTOCOL)
        pickle.loads(body)
        return body
    except Exception:  # noqa: BLE001
        return pickle.dumps(RuntimeError(f"{type(error).__name__}: {error}\n{error.__notes__[-1]}"))


# --- in the app --------------------------------------------------------------------------------------------------


class _Worker:
    """The worker process, the pipes to it and from it, and the app's two threads that write and read them: a
    request never waits on the caller's thread, and each answer resolves its request's future."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        request_reader, request_writer = context.Pipe(duplex=False)
        answer_reader, answer_writer = context.Pipe(duplex=False)
        self.process: BaseProcess = context.Process(
            target=_serve, args=(request_reader, answer_writer), name="cardtable-bots", daemon=True
        )
        try:
            self.process.start()
        except BaseException:
            for end in (request_reader, request_writer, answer_reader, answer_writer):
                end.close()
            raise
        # The worker holds its ends now; closing ours means its end (even a kill) reads as the end of the answers.
        request_reader.close()
        answer_writer.close()
        self._requests, self._answers = request_writer, answer_reader
        self._lock = threading.Lock()
        self._pending: dict[int, Future[Any]] = {}
        self._ids = itertools.count(1)
        self._outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self.replaced = False  # killed on purpose: its decisions go to threads, but processes are still fine
        self.ended = False
        threading.Thread(target=self._send, daemon=True, name="bot-worker-send").start()
        threading.Thread(target=self._read, daemon=True, name="bot-worker-read").start()

    def submit(self, payload: bytes) -> Future[Any]:
        """Ask the worker to decide: `payload` is the pickled (bot, state, seat); the future gets the Answer."""
        future: Future[Any] = Future()
        with self._lock:
            if self.ended:
                raise WorkerDied(self.replaced)
            request_id = next(self._ids)
            self._pending[request_id] = future
        self._outbox.put(_REQUEST.pack(request_id) + payload)
        return future

    def _send(self) -> None:
        """The writer thread: a request can be larger than the pipe holds while the worker is busy."""
        while (message := self._outbox.get()) is not None:
            try:
                self._requests.send_bytes(message)
            except OSError:  # the worker is gone: the reader tells the pending decisions
                break
        self._requests.close()

    def _read(self) -> None:
        """The reader thread: resolve each answered request's future, until the worker's end."""
        try:
            while True:
                data = self._answers.recv_bytes()
                request_id, answered = _ANSWER.unpack_from(data)
                with self._lock:
                    future = self._pending.pop(request_id, None)
                if future is None or not future.set_running_or_notify_cancel():
                    continue  # cancelled meanwhile: the answer is dropped
                try:
                    value = pickle.loads(memoryview(data)[_ANSWER.size:])
                except Exception as e:  # noqa: BLE001 - handed to whoever collects the result
                    future.set_exception(e)
                    continue
                if answered:
                    future.set_result(value)
                else:
                    future.set_exception(cast(BaseException, value))
        except (EOFError, OSError):
            pass
        finally:
            self._answers.close()
            self._end()

    def _end(self) -> None:
        with self._lock:
            self.ended = True
            pending, self._pending = self._pending, {}
        self._outbox.put(None)
        for future in pending.values():
            if future.set_running_or_notify_cancel():
                future.set_exception(WorkerDied(self.replaced))
        try:  # reap it (here, not in the caller's thread): the worker's end closed the pipe, so it is going
            self.process.join(timeout=5.0)
        except (OSError, ValueError, AssertionError):
            pass

    def pid(self) -> int | None:
        """The process's id while it runs."""
        if self.ended:
            return None
        try:
            return self.process.pid if self.process.is_alive() else None
        except (OSError, ValueError, AssertionError):
            return None

    def kill(self, wait: bool, cancel: bool = False) -> None:
        """Kill the process (hung or stopped: SIGKILL works on both).  Its pending decisions fail with
        WorkerDied(replaced=True), or with `cancel` are cancelled."""
        self.replaced = True
        if cancel:
            with self._lock:
                pending = list(self._pending.values())
            for future in pending:
                future.cancel()
        try:
            self.process.kill()
        except (OSError, ValueError):  # gone already, or closed
            pass
        if wait:
            try:  # reap it: a SIGKILLed process goes at once
                self.process.join(timeout=1.0)
            except (OSError, ValueError, AssertionError):
                pass


def _worker() -> _Worker:
    """The worker process, started now if there is none."""
    global _current
    with _lock:
        if _current is None:
            _current = _Worker()
        return _current


def _take_worker() -> _Worker | None:
    """Forget the worker (the next decision starts a fresh one) and return it."""
    global _current
    with _lock:
        worker, _current = _current, None
    return worker


def warm_up() -> None:
    """Start the worker process now, so the first decision does not wait for it.  Starting a process takes
    milliseconds of the caller's time, so a thread does it: the frame that asks goes on at once.  Nothing to do
    when the worker is up already."""
    with _lock:
        running = _current is not None
    if not running and processes_available() and os.environ.get("CARDTABLE_BOT_MODE", "auto") in ("auto", "process"):
        threading.Thread(target=_start_worker, daemon=True, name="worker-start").start()


def _start_worker() -> None:
    try:
        _worker()
    except Exception:  # noqa: BLE001 - no worker: decisions will use threads
        _give_up_processes()


def shutdown() -> None:
    """Stop the worker process (pending decisions are dropped; a busy worker is not waited for)."""
    worker = _take_worker()
    if worker is not None:
        worker.kill(wait=False, cancel=True)


atexit.register(shutdown)


def worker_pids() -> list[int]:
    """The ids of the worker processes running now (none before the first use)."""
    with _lock:
        worker = _current
    pid = worker.pid() if worker is not None else None
    return [] if pid is None else [pid]


def replace_worker(wait: bool = True) -> None:
    """Kill the worker process (hung or stopped) and forget it; the next decision starts a fresh one.  Decisions
    still waiting on the old one go to threads.  With `wait` False (the app is closing) the killed process is not
    waited for."""
    worker = _take_worker()
    if worker is not None:
        worker.kill(wait)


def _give_up_processes() -> None:
    global _processes_ok
    _processes_ok = False
    shutdown()


class Thinking(Generic[T]):
    """A decision in progress.  `done()` never blocks; `result()` waits if needed and returns the action (or raises
    what the bot raised).  In process mode the bot's state is copied back when the result is collected."""

    def __init__(
        self,
        bot: Chooser[T],
        future: Future[T] | Future[Answer[T]],  # the answer itself from a thread or inline, an Answer from a process
        mode: str,
        retry: tuple[State, int] | None = None,
        worker: _Worker | None = None,
    ) -> None:
        self.bot = bot
        self.future = future
        self.mode = mode  # "process", "thread" or "inline"
        self._retry = retry  # the question again, should the worker process die on it
        self._worker = worker  # the worker asked (process mode)
        self._retried = False
        self._collected = False

    def _recover(self) -> None:
        """The worker process died: ask a thread instead.  A worker that died on its own (killed, out of memory)
        means threads from now on; one that `replace_worker` killed leaves the next decisions to a fresh one."""
        if self.mode != "process" or self._retry is None or not self.future.done() or self.future.cancelled():
            return
        died = self.future.exception()
        if isinstance(died, WorkerDied):
            if not died.replaced:
                _give_up_processes()
            fallback = _in_thread(self.bot, *self._retry)
            self.future, self.mode, self._retried = fallback.future, "thread", True

    def done(self) -> bool:
        self._recover()
        return self.future.done()

    def result(self, timeout: float | None = None) -> T:
        self._recover()
        try:
            value = self.future.result(None if self._retried else timeout)  # a retry started late: wait for it
        except WorkerDied:  # it died while this waited
            self._recover()
            if not self._retried:
                raise
            value = self.future.result()
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
        if hung and self._worker is not None and self._worker is _current:
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
        worker = _worker()
        answer: Future[Answer[T]] = worker.submit(payload)
    except Exception:  # noqa: BLE001 - the worker died by itself, or cannot start
        if mode == "process":
            raise
        _give_up_processes()
        return _in_thread(bot, state, seat)
    return Thinking(bot, answer, "process", (state, seat), worker)
