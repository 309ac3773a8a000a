"""A game process killed with SIGKILL loses no move whose autosave had returned: the snapshot and its journal load
back to exactly the game the process had (moves, undos and redos, across the match being written whole)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from autosave_child import new_match, step

from cardtable.games import get_game
from cardtable.session.match import Match
from cardtable.session.saves import load_match
from cardtable.storage import autosave_path

CHILD = Path(__file__).with_name("autosave_child.py")

pytestmark = pytest.mark.skipif(sys.platform == "win32" or not hasattr(signal, "SIGKILL"), reason="POSIX signals")


def start(repo_root: Path, *args: object) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(repo_root))
    return subprocess.Popen([sys.executable, str(CHILD), *map(str, args)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def logs_after_each_step(seed: int, steps: int) -> list[list[object]]:
    """The log after 0, 1, ... `steps` steps of the child's game, played here without saving."""
    match, rng = new_match(seed), random.Random(seed)
    logs = [list(match.log)]
    for _ in range(steps):
        step(match, rng)
        logs.append(list(match.log))
    return logs


def saved() -> Match:
    return load_match(autosave_path("klondike"), get_game)


@pytest.mark.parametrize("steps, compact_after", [(1, 1000), (150, 1000), (150, 7)])
def test_a_process_that_kills_itself_loses_no_move(repo_root: Path, steps: int, compact_after: int) -> None:
    child = start(repo_root, steps, 21, compact_after, "self-kill")
    out, err = child.communicate(timeout=120)
    assert child.returncode == -signal.SIGKILL, err
    assert out.split()[-1] == str(steps)
    assert saved().log == logs_after_each_step(21, steps)[steps]


def test_a_process_killed_from_outside_loses_no_saved_move(repo_root: Path) -> None:
    steps, seed = 400, 33
    child = start(repo_root, steps, seed, 25)
    try:
        assert child.stdout is not None
        for _ in range(120):  # kill it while it plays on: it may be in the middle of a save
            last = int(child.stdout.readline())
        child.send_signal(signal.SIGKILL)
        child.wait(60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(60)
    logs = logs_after_each_step(seed, steps)
    log = saved().log
    # the save is the game as the process had it, at the last step it reported or after
    assert any(log == logs[n] for n in range(last, steps + 1))
