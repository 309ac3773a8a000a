"""Idle CPU: how much of a core the app uses while it waits for the person, and how long it takes to quit.

    xvfb-run -a -s "-screen 0 1920x1080x24" python3 benchmarks/idle_cpu.py     # a real X window (Xvfb)
    python3 benchmarks/idle_cpu.py                                             # no DISPLAY: SDL's dummy driver
    python3 benchmarks/idle_cpu.py --sound         # the sound device SDL finds (PulseAudio...), not the dummy one

Each scene is the real app, `python -m cardtable --size 1920x1080`, in a fresh CARDTABLE_HOME: the menu, a new
Klondike table (`--table klondike`) and a new Kachuful table of the person and three bots, which waits for the
person's bid once the bots before them have bid.  Once the scene has drawn its first frame and `--warm-up` seconds
have passed (the deal dealt, the bots' moves made), the app's CPU time (user + sys, from /proc, so Linux only) is
read over `--seconds` of wall time; the bots' worker process is counted apart.  Then the app is sent SIGTERM, which
SDL turns into the same pygame.QUIT as closing the window, and the time until the process has exited is taken;
and once more in a second run of the scene, half a second after its first frame: the tables play the deal's sound
as they open, so with `--sound` the sound device has just played when the app quits.  Target: under
2% of a core idle.  Numbers only (not a test).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 2.0  # per cent of a core
SCENES = {"menu": [], "klondike": ["--table", "klondike"], "kachuful": ["--table", "kachuful"]}
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process `pid` so far (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime and stime, fields 14 and 15 of stat(5)


def children(pid: int) -> list[int]:
    """The processes `pid` started (the bots' worker), from /proc."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                pass
    return out


def first_frame(report: Path, proc: subprocess.Popen, timeout: float = 60.0) -> None:
    """Wait until the app has drawn its first scene (it appends a line to `report`)."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if report.exists() and report.read_text(encoding="utf-8").strip():
            return
        if proc.poll() is not None:
            raise RuntimeError(f"the app exited ({proc.returncode}) before its first frame")
        time.sleep(0.05)
    raise RuntimeError(f"no first frame within {timeout} s")


def measure(name: str, size: str, seconds: float, warm_up: float, sound: bool) -> tuple[float, float, float]:
    """Per cent of a core the app and its worker use idle in scene `name`, and the seconds from QUIT to exit
    (`seconds` 0: no CPU use, the app quits `warm_up` seconds after its first frame)."""
    with tempfile.TemporaryDirectory(prefix="cardtable-idle-") as home:
        report = Path(home) / "scenes.jsonl"
        env = dict(os.environ, CARDTABLE_HOME=home, PYGAME_HIDE_SUPPORT_PROMPT="1")
        if not sound:
            env["SDL_AUDIODRIVER"] = "dummy"
        env.pop("CARDTABLE_BOT_MODE", None)  # the app's own choice: a worker process
        command = [sys.executable, "-m", "cardtable", "--size", size, "--report-scenes", str(report), *SCENES[name]]
        proc = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            first_frame(report, proc)
            time.sleep(warm_up)
            workers = children(proc.pid)
            app0, work0, wall0 = cpu_seconds(proc.pid), sum(map(cpu_seconds, workers)), time.monotonic()
            if seconds:
                time.sleep(seconds)
            app1, work1, wall1 = cpu_seconds(proc.pid), sum(map(cpu_seconds, workers)), time.monotonic()
            if proc.poll() is not None:
                raise RuntimeError(f"the app exited ({proc.returncode}) while it was measured")
            sent = time.monotonic()
            proc.send_signal(signal.SIGTERM)  # SDL posts pygame.QUIT, as for the window's close button
            proc.wait(timeout=30)
            quit_time = time.monotonic() - sent
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        err = proc.stderr.read().decode(errors="replace").strip() if proc.stderr else ""
        if proc.returncode != 0:
            raise RuntimeError(f"the app exited with {proc.returncode} after QUIT:\n{err}")
        wall = max(wall1 - wall0, 1e-9)
        return 100 * (app1 - app0) / wall, 100 * (work1 - work0) / wall, quit_time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="wall time measured per scene (default 10)")
    parser.add_argument("--warm-up", type=float, default=8.0,
                        help="seconds after the first frame before measuring (default 8)")
    parser.add_argument("--size", default="1920x1080", help="window size (default 1920x1080)")
    parser.add_argument("--sound", action="store_true",
                        help="let SDL open the sound device it finds (default: its dummy driver)")
    parser.add_argument("scenes", nargs="*", default=list(SCENES), help=f"of {', '.join(SCENES)} (default all)")
    args = parser.parse_args(argv)
    if not Path("/proc/self/stat").exists():
        print("idle_cpu reads CPU times from /proc: Linux only")
        return 2
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    driver = os.environ.get("SDL_VIDEODRIVER") or ("x11, DISPLAY " + os.environ.get("DISPLAY", "?"))
    audio = os.environ.get("SDL_AUDIODRIVER", "SDL's choice") if args.sound else "dummy"
    print(f"idle CPU over {args.seconds:g} s at {args.size}, video: {driver}, sound: {audio}; "
          f"python {sys.version.split()[0]}, {os.cpu_count()} cpus; target under {TARGET:g}% of a core")
    for name in args.scenes:
        app, worker, quit_time = measure(name, args.size, args.seconds, args.warm_up, args.sound)
        quit_soon = measure(name, args.size, 0, 0.5, args.sound)[2]
        verdict = "OK" if app < TARGET else "OVER"
        print(f"{name:10s} app {app:5.1f}% of a core  {verdict:4s}  (bot worker {worker:4.1f}%)  "
              f"QUIT to exit: idle {quit_time:4.2f} s, 0.5 s after opening {quit_soon:4.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
