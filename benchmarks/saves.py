"""Saving and loading long matches: autosave per move, loading, undo.  CPU time (time.process_time), not wall time.

    python3 benchmarks/saves.py [--lengths 100,5000,20000] [--moves N] [--runs 3]

The long log is Klondike, draw three with unlimited passes, cycling its stock (Draw until the stock is empty, then
Recycle): a legal game of any length.  For each log length it prints the autosave's cost per move: the saver call
alone, over `--moves` further moves, which include writing the match whole every COMPACT_AFTER changes; the median,
and the max of the best of `--runs` runs (one busy moment of the machine makes a run's max).  Then what writing the
longest match whole costs, loading it (with the journal as long as it gets), and undo and redo at that length.
Targets: autosave at most 2 ms per move at any length, loading 20,000 actions under 0.3 s, undo under 20 ms.
Not a test: numbers only.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from cardtable.games import get_game
from cardtable.games.klondike.rules import Draw, Recycle
from cardtable.session.checkpoints import CHECKPOINT_EVERY
from cardtable.session.match import Match, SaveWith, Seat
from cardtable.session.saves import COMPACT_AFTER, Autosave, load_match

TARGETS = {"autosave": 0.002, "load": 0.3, "undo": 0.020}
KLONDIKE = get_game("klondike")


def cycle_action(match: Match) -> Draw | Recycle:
    """The next action of the endless cycle: deal while the stock has cards, else turn the waste over."""
    return Draw() if match.state.legal_actions()[0] == Draw() else Recycle()


def long_match(actions: int) -> Match:
    """A Klondike match (no saver) whose log holds `actions` actions of the stock cycle."""
    match = Match(KLONDIKE, [Seat("human", "You")], {"draw": 3, "passes": "unlimited"}, seed=7)
    for _ in range(actions):
        match.apply(cycle_action(match))
    return match


def cpu(call: Callable[[], object]) -> float:
    """CPU seconds one call takes."""
    start = time.process_time()
    call()
    return time.process_time() - start


def autosave_costs(folder: Path, length: int, moves: int) -> list[float]:
    """CPU seconds of the saver call for each of `moves` moves played after `length` actions."""
    match = long_match(length)
    saver = Autosave(folder / "autosave-klondike.json", folder / "last-klondike.json")
    match.saver = saver
    match.autosave()  # the first save of an existing game writes it whole: not a move's cost
    costs: list[float] = []
    match.saver = SaveWith(lambda m: costs.append(cpu(lambda: saver(m))))
    for _ in range(moves):
        match.apply(cycle_action(match))
    match.saver = saver
    return costs


def verdict(seconds: float, target: float) -> str:
    return "ok" if seconds <= target else "OVER TARGET"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lengths", default="100,5000,20000", help="log lengths to measure autosave at")
    parser.add_argument("--moves", type=int, default=COMPACT_AFTER + 100,
                        help="moves timed at each length (by default enough to include writing the match whole)")
    parser.add_argument("--runs", type=int, default=3, help="runs at each length (a busy machine makes a slow one)")
    args = parser.parse_args()
    lengths = [int(n) for n in args.lengths.split(",")]
    longest = max(lengths)
    with tempfile.TemporaryDirectory(prefix="cardtable-saves-") as tmp:
        folder = Path(tmp)
        for length in lengths:
            runs = [autosave_costs(folder / f"{length}-{run}", length, args.moves) for run in range(args.runs)]
            medians, maxima = [statistics.median(c) for c in runs], [max(c) for c in runs]
            print(f"autosave at {length:>6,} actions: median {statistics.median(medians) * 1e3:5.2f} ms,"
                  f" max {min(maxima) * 1e3:5.2f} ms (best of {args.runs} runs of {args.moves} moves;"
                  f" worst run {max(maxima) * 1e3:5.2f} ms)  ({verdict(min(maxima), TARGETS['autosave'])})")

        # Writing the match whole (a round's start, every COMPACT_AFTER changes, leaving the table).
        path = folder / "load" / "autosave-klondike.json"
        saver = Autosave(path, folder / "load" / "last-klondike.json")
        match = long_match(longest - (COMPACT_AFTER - 1))
        match.saver = saver
        match.autosave()
        compact_cpu = [cpu(lambda: saver.compact(match)) for _ in range(5)]
        wall = time.perf_counter()
        saver.compact(match)
        wall = time.perf_counter() - wall
        print(f"writing {len(match.log):,} actions whole: {min(compact_cpu) * 1e3:.2f} ms CPU"
              f" ({wall * 1e3:.1f} ms wall, with its fsync)")

        # Loading: the snapshot and a journal as long as it gets.
        for _ in range(COMPACT_AFTER - 1):
            match.apply(cycle_action(match))
        journal = path.with_suffix(".journal")
        loads = [cpu(lambda: load_match(path, get_game)) for _ in range(3)]
        lines = journal.read_bytes().count(b"\n") - 1
        print(f"load of {len(match.log):,} actions ({lines} in the journal): {min(loads):.3f} s"
              f"  ({verdict(min(loads), TARGETS['load'])})")

        # Undo, many times over: each replays at most CHECKPOINT_EVERY - 1 actions from a kept state.
        undos = [cpu(match.undo) for _ in range(2 * CHECKPOINT_EVERY)]
        print(f"undo at {longest:,} actions: median {statistics.median(undos) * 1e3:.2f} ms,"
              f" max {max(undos) * 1e3:.2f} ms of {len(undos)}  ({verdict(max(undos), TARGETS['undo'])})")
        redo = cpu(lambda: [match.redo() for _ in range(2 * CHECKPOINT_EVERY)]) / (2 * CHECKPOINT_EVERY)
        print(f"redo: {redo * 1e3:.2f} ms each")


if __name__ == "__main__":
    main()
