"""Bots for the worker tests, and an app for them to kill.

    python3 worker_child.py killed STARTED   # the worker is killed mid-decision: prints where the answer came from
    python3 worker_child.py orphan STARTED   # prints the worker's pid once it is deciding, then waits to be killed

`Stall` answers at once in the app's own process; in the worker process it touches the file `STARTED` and then does
not answer (for two minutes at most: the tests kill it long before).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardtable.bots import worker
from cardtable.games import get_rules


class Stall:
    """Answers at once in the process that made it; elsewhere (the worker) says so in `started`, then hangs."""

    def __init__(self, started: Path) -> None:
        self.started = started
        self.home = os.getpid()

    def choose(self, state: Any, seat: int) -> Any:
        if os.getpid() != self.home:
            self.started.touch()
            end = time.monotonic() + 120
            while time.monotonic() < end:
                time.sleep(0.01)
        return state.legal_actions()[0]


class Echo:
    """Answers with its tag and the seat, and counts the questions (its state, to come back from the worker)."""

    def __init__(self, tag: int) -> None:
        self.tag = tag
        self.asked = 0

    def choose(self, state: Any, seat: int) -> tuple[int, int]:
        self.asked += 1
        return self.tag, seat


class Broken:
    """Raises `kind(*args)`, wherever it decides."""

    def __init__(self, kind: type[Exception], *args: str) -> None:
        self.kind, self.args = kind, args

    def choose(self, state: Any, seat: int) -> Any:
        raise self.kind(*self.args)


class Strange(Exception):
    """An error that pickles but does not unpickle (its constructor wants more than its args)."""

    def __init__(self, what: str, why: str) -> None:
        super().__init__(f"{what}: {why}")


def wait_until(condition: Callable[[], bool], limit: float, what: str) -> None:
    """Poll `condition` until it holds; fail after `limit` seconds."""
    end = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < end, what
        time.sleep(0.01)


def gone(pid: int) -> bool:
    """The process has ended (a zombie waiting for its parent to reap it counts as ended)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    if stat.exists():
        try:
            return stat.read_text().rsplit(")", 1)[1].split()[0] == "Z"
        except (OSError, IndexError):
            return True
    ps = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True)
    return not ps.stdout.strip() or ps.stdout.strip().startswith("Z")


def main(scenario: str, started: Path) -> None:
    state = get_rules("kachuful").new_game(4, {}, seed=1)
    job = worker.think(Stall(started), state, state.turn, mode="auto")
    assert job.mode == "process", "this platform cannot start worker processes"
    wait_until(started.exists, 60, "the worker never started deciding")
    [pid] = worker.worker_pids()
    if scenario == "orphan":
        print(pid, flush=True)
        sys.stdin.read()  # until killed
        return
    os.kill(pid, signal.SIGKILL)
    action = job.result(timeout=60)
    wait_until(lambda: gone(pid), 60, "the killed worker lives on")
    later = worker.think(Stall(started), state, state.turn)
    print(job.mode, action in state.legal_actions(), worker.processes_available(), later.mode, later.result(60) ==
          action, worker.worker_pids(), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
