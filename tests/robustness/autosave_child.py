"""A process that plays Klondike with an autosave, for `test_autosave_killed.py` to kill.

    python3 autosave_child.py STEPS SEED COMPACT_AFTER [self-kill]

Each step is a seeded move, undo or redo (`step`), the same in the test's own process.  After each step, once the
autosave returned, the step's number is printed.  With `self-kill` the process kills itself with SIGKILL right
after its last step; without it, it waits (reading its stdin) to be killed.
"""

from __future__ import annotations

import os
import random
import signal
import sys

from cardtable.games import get_game
from cardtable.games.klondike.rules import Resign
from cardtable.session import saves
from cardtable.session.match import Match, Seat
from cardtable.session.saves import Autosave


def new_match(seed: int, saver: Autosave | None = None) -> Match:
    options = {"draw": 1, "passes": "unlimited"}
    return Match(get_game("klondike"), [Seat("human", "You")], options, seed, saver=saver)


def step(match: Match, rng: random.Random) -> None:
    """One seeded step: mostly a move (never giving up), sometimes an undo or a redo."""
    roll = rng.random()
    if roll < 0.15 and match.can_undo():
        match.undo()
    elif roll < 0.25 and match.can_redo():
        match.redo()
    else:
        match.apply(rng.choice([a for a in match.state.legal_actions() if not isinstance(a, Resign)]))


def main() -> None:
    steps, seed, compact_after = (int(arg) for arg in sys.argv[1:4])
    saves.COMPACT_AFTER = compact_after
    match = new_match(seed, Autosave.for_game("klondike"))
    rng = random.Random(seed)
    for n in range(1, steps + 1):
        step(match, rng)
        if match.save_error:
            sys.exit(f"not saved: {match.save_error}")
        print(n, flush=True)
    if sys.argv[4:] == ["self-kill"]:
        os.kill(os.getpid(), signal.SIGKILL)
    sys.stdin.read()


if __name__ == "__main__":
    main()
