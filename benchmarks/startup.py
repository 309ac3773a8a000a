"""Start-up time: from launching the app to its first drawn menu frame, from source and frozen, beside a bare window.

    python3 benchmarks/startup.py                    # source, and the frozen app if it was built
    python3 benchmarks/startup.py --runs 9 --frozen dist/cardtable/cardtable

Each run starts the app (this checkout's) headless (SDL_VIDEODRIVER=dummy) with a fresh
CARDTABLE_HOME and `--report-scenes FILE`; the app appends a line with a wall-clock time there
right after the menu's first `pygame.display.flip()`.  The time counted is that minus the moment
just before the process was started.  One warm-up run of each is not counted (page cache, and the
.pyc files an installed app has: they are written even where PYTHONDONTWRITEBYTECODE is set).

The anchor is the least a window of this kind costs: a program that opens a pygame-ce window with a
pygame-gui UIManager on the app's theme and one button, flips once and reports its time the same way.
Its runs alternate with the app's (a busy machine slows both alike), and the app's median is printed
as a multiple of the anchor's, against the goal of at most `RATIO` times; the absolute targets are
under 1 s from source, under 2 s frozen.  Not a test: numbers only (the exit status is non-zero only
if the app could not start).
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
RATIO = 1.5  # the app's first menu frame: at most this many times the bare window's

#: The bare window: `python -c ANCHOR ASSETS_DIR --report-scenes FILE`.
ANCHOR = """
import json, sys, time
from pathlib import Path
import pygame, pygame_gui
from pygame_gui.elements import UIButton
assets, report = Path(sys.argv[1]), sys.argv[-1]
theme = json.loads((assets / "theme.json").read_text(encoding="utf-8"))
for block in theme.values():
    font = block.get("font") if isinstance(block, dict) else None
    for key in ("regular_path", "bold_path", "italic_path", "bold_italic_path"):
        if font and key in font:
            font[key] = str(assets.joinpath(*font[key].split("/")))
pygame.display.init()
pygame.font.init()
screen = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
ui = pygame_gui.UIManager(screen.get_size(), theme, enable_live_theme_updates=False)
UIButton(pygame.Rect(24, 24, 240, 44), "New game", ui)
ui.update(0)
screen.fill((22, 92, 52))
ui.draw_ui(screen)
pygame.display.flip()
with open(report, "a", encoding="utf-8") as f:
    f.write(json.dumps({"time": time.time(), "scene": "MenuScene"}) + "\\n")
time.sleep(60)
"""


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
        # this checkout's cardtable, whatever copy the interpreter has installed
        path = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CARDTABLE_HOME=home,
                   PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=path)
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # the warm-up leaves .pyc files, as an installed app has them
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


def anchor_command() -> list[str]:
    """The bare pygame-ce + pygame-gui window on the app's theme (`ANCHOR`)."""
    return [sys.executable, "-c", ANCHOR, str(ROOT / "assets")]


def side_by_side(commands: dict[str, list[str]], runs: int) -> dict[str, list[float]]:
    """`runs` timed starts of each command, taken in turn (after one warm-up of each)."""
    for command in commands.values():
        time_to_menu(command)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(time_to_menu(command))
    return times


def report(name: str, times: list[float], anchor: list[float]) -> None:
    """Print one app's numbers: its median against its target and as a multiple of the anchor's median (and its
    fastest run as a multiple of the anchor's fastest, which a busy machine disturbs least)."""
    median = statistics.median(times)
    target = TARGETS[name]
    verdict = "OK" if median < target else "SLOWER than the target"
    ratio = median / statistics.median(anchor)
    meets = "meets" if ratio <= RATIO else "does NOT meet"
    print(f"{name:7s} median {median:.3f} s  (min {min(times):.3f}, max {max(times):.3f}, {len(times)} runs)  "
          f"target < {target:.1f} s: {verdict}")
    print(f"        {ratio:.2f}x the bare window: {meets} the goal of at most {RATIO:.1f}x "
          f"(fastest runs: {min(times) / min(anchor):.2f}x)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs per app (default 7)")
    parser.add_argument("--frozen", type=Path, default=None,
                        help=f"the built app's executable (default {default_frozen().relative_to(ROOT)}, "
                             "measured if it exists)")
    parser.add_argument("--no-source", action="store_true", help="only the frozen app")
    args = parser.parse_args(argv)
    print(f"start-up to the first menu frame, headless; python {sys.version.split()[0]}, {os.cpu_count()} cpus")
    commands = {"anchor": anchor_command()}
    if not args.no_source:
        commands["source"] = [sys.executable, "-m", "cardtable"]
    frozen = args.frozen or default_frozen()
    if frozen.exists():
        commands["frozen"] = [str(frozen.resolve())]
    elif args.frozen is not None:
        print(f"frozen: {frozen} does not exist (build it first, see the README)")
        return 2
    times = side_by_side(commands, args.runs)
    anchor = times.pop("anchor")
    print(f"anchor  median {statistics.median(anchor):.3f} s  (min {min(anchor):.3f}; a bare pygame-ce + pygame-gui "
          "window, the app's theme, one button)")
    for name, found in times.items():
        report(name, found, anchor)
    if "frozen" not in times:
        print(f"frozen: not built ({frozen.relative_to(ROOT)} missing), skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
