"""Start-up time: from launching the app to its first drawn menu frame, from source and frozen.

    python3 benchmarks/startup.py                    # source, and the frozen app if it was built
    python3 benchmarks/startup.py --runs 9 --frozen dist/cardtable/cardtable

Each run starts the app headless (SDL_VIDEODRIVER=dummy) with a fresh CARDTABLE_HOME and
`--report-scenes FILE`; the app appends a line with a wall-clock time there right after the
menu's first `pygame.display.flip()`.  The time counted is that minus the moment just before the
process was started.  One warm-up run (page cache, .pyc files) is not counted.  Prints the
median against the targets: under 1 s from source, under 2 s frozen.  Not a test: numbers only
(the exit status is non-zero only if the app could not start).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGETS = {"source": 1.0, "frozen": 2.0}


def default_frozen() -> Path:
    if sys.platform == "win32":
        return ROOT / "dist" / "cardtable" / "cardtable.exe"
    if sys.platform == "darwin":
        return ROOT / "dist" / "cardtable.app" / "Contents" / "MacOS" / "cardtable"
    return ROOT / "dist" / "cardtable" / "cardtable"


def time_to_menu(command: list[str], timeout: float = 30.0) -> float:
    """Seconds from starting `command` to the first frame of its menu (the app is then closed)."""
    with tempfile.TemporaryDirectory(prefix="cardtable-startup-") as home:
        report = Path(home) / "scenes.jsonl"
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CARDTABLE_HOME=home,
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        start = time.time()
        proc = subprocess.Popen([*command, "--report-scenes", str(report)], env=env, cwd=home,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            while time.time() - start < timeout:
                if report.exists():
                    lines = report.read_text(encoding="utf-8").splitlines()
                    if lines and lines[0].endswith("}"):
                        first = json.loads(lines[0])
                        if first["scene"] != "MenuScene":
                            raise RuntimeError(f"the first scene was {first['scene']}, not the menu")
                        return first["time"] - start
                if proc.poll() is not None:
                    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
                    raise RuntimeError(f"the app exited ({proc.returncode}) before drawing the menu:\n{err}")
                time.sleep(0.005)
            raise RuntimeError(f"no menu frame within {timeout} s")
        finally:
            proc.kill()
            proc.wait()


def measure(name: str, command: list[str], runs: int) -> None:
    """Print the numbers for one way of starting the app."""
    time_to_menu(command)  # warm-up
    times = [time_to_menu(command) for _ in range(runs)]
    median = statistics.median(times)
    target = TARGETS[name]
    verdict = "OK" if median < target else "SLOWER than the target"
    print(f"{name:7s} median {median:.3f} s  (min {min(times):.3f}, max {max(times):.3f}, {runs} runs)  "
          f"target < {target:.1f} s: {verdict}")
    print(f"        command: {' '.join(command)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs per app (default 7)")
    parser.add_argument("--frozen", type=Path, default=None,
                        help=f"the built app's executable (default {default_frozen().relative_to(ROOT)}, "
                             "measured if it exists)")
    parser.add_argument("--no-source", action="store_true", help="only the frozen app")
    args = parser.parse_args(argv)
    print(f"start-up to the first menu frame, headless; python {sys.version.split()[0]}, {os.cpu_count()} cpus")
    if not args.no_source:
        measure("source", [sys.executable, "-m", "cardtable"], args.runs)
    frozen = args.frozen or default_frozen()
    if frozen.exists():
        measure("frozen", [str(frozen.resolve())], args.runs)
    elif args.frozen is not None:
        print(f"frozen: {frozen} does not exist (build it first, see the README)")
        return 2
    else:
        print(f"frozen: not built ({frozen.relative_to(ROOT)} missing), skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
