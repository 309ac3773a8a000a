"""Real-window smoke test: the app in a real X window (Xvfb), driven by real mouse clicks (xdotool).

    python3 packaging/smoke_test.py                          # the app from source
    python3 packaging/smoke_test.py --app dist/cardtable/cardtable   # the built app
    python3 packaging/smoke_test.py --app VENV/bin/cardtable --out build/smoke/wheel   # an installed wheel

It installs what it needs if a tool is missing (as root, with apt-get: xvfb, xdotool, x11-utils,
imagemagick), starts Xvfb on a free display, starts the app there with a fresh CARDTABLE_HOME and
`--report-scenes` (the app writes a line per scene after its first frame, with the rectangles of
its buttons and table zones), then:

1. waits for the window (`xdotool search`), takes a screenshot of it (`import`) and checks it
   is the menu: many colours, mostly green felt, the gold "cardtable" title top left;
2. clicks "New game" where the app says the button is, checks that the table scene opened and that
   the screenshot changed to a table (felt, white card faces, no title);
3. clicks the stock and checks that the move was played (the autosave holds one action) and that
   the waste card appeared on screen;
4. ends the app with SIGTERM (SDL turns it into a Quit) and checks it exits cleanly.

Screenshots (1-menu.png, 2-table.png, 3-after-stock.png) and summary.txt go to build/smoke/frozen/
or build/smoke/source/ (or --out).  Exit status 0 only if every check passed.
Run by .ci/run; not a pytest test (it needs an X server and takes a few seconds).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cardtable import APP_ID

ROOT = Path(__file__).resolve().parents[1]
TOOLS = {"Xvfb": "xvfb", "xdotool": "xdotool", "xwininfo": "x11-utils", "import": "imagemagick"}
SCREEN = (1440, 900)
WINDOW = (1280, 800)
TITLE_GOLD = (240, 207, 106)  # "#title" in assets/theme.json
WINDOW_CLASS = "^" + re.escape(APP_ID) + "$"


class SmokeFailure(Exception):
    pass


def log(message: str) -> None:
    print(f"smoke: {message}", flush=True)


# --------------------------------------------------------------------------- tools and processes


def ensure_tools() -> None:
    missing = sorted({pkg for tool, pkg in TOOLS.items() if shutil.which(tool) is None})
    if not missing:
        return
    if os.name != "posix" or os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise SmokeFailure(f"missing tools; install the packages {' '.join(missing)}")
    log(f"installing {' '.join(missing)} with apt-get")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(["apt-get", "install", "-y", "-qq", "xvfb", "xdotool", "x11-utils", "imagemagick"],
                   check=True, env=env, stdout=subprocess.DEVNULL)


def start_xvfb() -> tuple[subprocess.Popen, str]:
    """Xvfb on a display it picks itself (-displayfd); returns the process and ":N"."""
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    number = b""
    deadline = time.time() + 15
    with os.fdopen(read_fd, "rb") as pipe:
        while not number.endswith(b"\n") and time.time() < deadline:
            chunk = pipe.read(1)
            if not chunk:
                break
            number += chunk
    if not number.strip():
        proc.kill()
        raise SmokeFailure("Xvfb did not start")
    return proc, f":{number.decode().strip()}"


def run(cmd: list[str], env: dict[str, str], timeout: float = 20) -> str:
    try:
        out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise SmokeFailure(f"timed out after {timeout} s: {' '.join(cmd)}") from None
    if out.returncode != 0:
        raise SmokeFailure(f"{' '.join(cmd)} failed ({out.returncode}): {out.stderr.strip()}")
    return out.stdout


def stop(proc: subprocess.Popen | None, timeout: float = 5) -> int | None:
    if proc is None or proc.poll() is not None:
        return None if proc is None else proc.returncode
    proc.terminate()
    try:
        return proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return None


# --------------------------------------------------------------------------- screenshots


class Shot:
    """A screenshot's pixels (RGB bytes) and the numbers the checks use."""

    def __init__(self, path: Path) -> None:
        import pygame

        image = pygame.image.load(str(path))
        self.path = path
        self.size = image.get_size()
        self.rgb = pygame.image.tobytes(image, "RGB")

    def pixels(self, box: tuple[float, float, float, float] = (0, 0, 1, 1), step: int = 2):
        """RGB triples of the part `box` (fractions x0, y0, x1, y1 of the image), every `step` pixels."""
        w, h = self.size
        x0, y0, x1, y1 = int(box[0] * w), int(box[1] * h), int(box[2] * w), int(box[3] * h)
        data = self.rgb
        for y in range(y0, y1, step):
            row = y * w * 3
            for x in range(x0, x1, step):
                i = row + x * 3
                yield data[i], data[i + 1], data[i + 2]

    def colours(self) -> int:
        return len(set(self.pixels()))

    def share(self, test, box=(0, 0, 1, 1)) -> float:
        pixels = list(self.pixels(box))
        return sum(1 for p in pixels if test(*p)) / max(1, len(pixels))

    def count(self, test, box=(0, 0, 1, 1)) -> int:
        return sum(1 for p in self.pixels(box, step=1) if test(*p))

    def changed(self, other: Shot) -> float:
        """Share of (sampled) pixels that differ from `other`."""
        if self.size != other.size:
            return 1.0
        a, b = self.pixels(), other.pixels()
        diffs = total = 0
        for p, q in zip(a, b, strict=True):
            total += 1
            if max(abs(p[0] - q[0]), abs(p[1] - q[1]), abs(p[2] - q[2])) > 24:
                diffs += 1
        return diffs / max(1, total)


def felt(r: int, g: int, b: int) -> bool:
    return g > r + 25 and g > b + 15 and 25 <= g <= 170


def title_gold(r: int, g: int, b: int) -> bool:
    return abs(r - TITLE_GOLD[0]) < 24 and abs(g - TITLE_GOLD[1]) < 24 and abs(b - TITLE_GOLD[2]) < 30


def card_white(r: int, g: int, b: int) -> bool:
    return r > 235 and g > 235 and b > 225


TITLE_BOX = (0, 0, 0.35, 0.3)  # the menu's title is top left; on the table that is the stock and the buttons


# --------------------------------------------------------------------------- the test


class Smoke:
    def __init__(self, command: list[str], out: Path) -> None:
        self.command = command
        self.out = out
        self.home = Path(tempfile.mkdtemp(prefix="cardtable-smoke-"))
        self.report = self.home / "scenes.jsonl"
        self.xvfb: subprocess.Popen | None = None
        self.app: subprocess.Popen | None = None
        self.env: dict[str, str] = {}
        self.window = ""
        self.results: list[str] = []

    def check(self, ok: bool, what: str) -> None:
        self.results.append(f"{'ok  ' if ok else 'FAIL'} {what}")
        log(f"{'ok  ' if ok else 'FAIL'} {what}")
        if not ok:
            raise SmokeFailure(what)

    def scenes(self) -> list[dict]:
        if not self.report.exists():
            return []
        return [json.loads(line) for line in self.report.read_text(encoding="utf-8").splitlines()
                if line.endswith("}")]

    def wait_scene(self, name: str, count: int, timeout: float = 15) -> dict:
        """The `count`-th scene line once it is there, and it must be `name`."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            lines = self.scenes()
            if len(lines) >= count:
                self.check(lines[count - 1]["scene"] == name,
                           f"scene {count} is {name} (the app reports {lines[count - 1]['scene']})")
                return lines[count - 1]
            if self.app is not None and self.app.poll() is not None:
                raise SmokeFailure(f"the app exited with {self.app.returncode}")
            time.sleep(0.05)
        raise SmokeFailure(f"no {name} frame within {timeout} s")

    def wait_window(self, timeout: float = 30) -> str:
        """The id of the app's visible window, once there (like `xdotool search --sync`, but gives up
        as soon as the app has exited).  By class: this xdotool's --name misses titles stored as
        UTF8_STRING, which is how SDL writes them.  The class is the app id, which the desktop entry's
        StartupWMClass names: finding the window by it checks that match too."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", WINDOW_CLASS], env=self.env,
                                   capture_output=True, text=True, timeout=10).stdout.split()
            if found:
                return found[-1]
            if self.app is not None and self.app.poll() is not None:
                raise SmokeFailure(f"the app exited with {self.app.returncode} before its window appeared")
            time.sleep(0.1)
        raise SmokeFailure(f"no cardtable window within {timeout} s")

    def shoot(self, name: str) -> Shot:
        path = self.out / f"{name}.png"
        run(["import", "-window", self.window, str(path)], self.env)
        return Shot(path)

    def shoot_settled(self, name: str, timeout: float = 6) -> Shot:
        """A screenshot once the window stops changing (animations over; the table's clock may tick)."""
        shot = self.shoot(name)
        deadline = time.time() + timeout
        while time.time() < deadline:
            time.sleep(0.4)
            again = self.shoot(name)
            if again.changed(shot) < 0.002:
                return again
            shot = again
        return shot

    def click(self, rect: list[int]) -> None:
        x, y = rect[0] + rect[2] // 2, rect[1] + rect[3] // 2
        run(["xdotool", "mousemove", "--window", self.window, str(x), str(y), "sleep", "0.2",
             "click", "1"], self.env)

    def autosave_actions(self) -> int:
        from cardtable.session.saves import read_save  # the snapshot with its journal's moves

        path = self.home / "data" / "saves" / "autosave-klondike.json"
        try:
            return len(read_save(path)[0]["actions"])
        except (OSError, ValueError, KeyError, TypeError):
            return 0

    def run(self) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        for old in self.out.glob("*.png"):
            old.unlink()
        self.xvfb, display = start_xvfb()
        log(f"Xvfb on {display}")
        # No SDL_VIDEODRIVER: the app finds the X display as it would on a desktop (and would refuse a headless one).
        self.env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
        self.env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", CARDTABLE_HOME=str(self.home),
                        PYGAME_HIDE_SUPPORT_PROMPT="1")
        started = time.time()
        self.app = subprocess.Popen(
            [*self.command, "--size", f"{WINDOW[0]}x{WINDOW[1]}", "--report-scenes", str(self.report)],
            env=self.env, cwd=self.home, stdout=subprocess.DEVNULL, stderr=(self.out / "app-stderr.txt").open("w"))
        self.window = self.wait_window()
        menu_line = self.wait_scene("MenuScene", 1)
        log(f"window {self.window} up; menu drawn {menu_line['time'] - started:.2f} s after launch")
        info = run(["xwininfo", "-id", self.window], self.env)
        self.check('"cardtable"' in info.splitlines()[1], "the window's title is cardtable")
        self.check(f"Width: {WINDOW[0]}" in info and f"Height: {WINDOW[1]}" in info,
                   f"the window is {WINDOW[0]}x{WINDOW[1]}")

        menu = self.shoot_settled("1-menu")
        colours = menu.colours()
        self.check(colours >= 300, f"menu screenshot is not blank ({colours} distinct colours)")
        share = menu.share(felt)
        self.check(share >= 0.35, f"menu is mostly green felt ({share:.0%})")
        gold = menu.count(title_gold, TITLE_BOX)
        self.check(gold >= 400, f"menu shows the gold title top left ({gold} gold pixels)")
        self.check("new" in menu_line["buttons"], "the menu has a New game button")

        self.click(menu_line["buttons"]["new"])
        table_line = self.wait_scene("TableScene", 2)
        table = self.shoot_settled("2-table")
        changed = table.changed(menu)
        self.check(changed >= 0.2, f"the screen changed after New game ({changed:.0%} of pixels)")
        colours = table.colours()
        self.check(colours >= 100, f"table screenshot is not blank ({colours} distinct colours)")
        share = table.share(felt)
        self.check(share >= 0.35, f"table is mostly green felt ({share:.0%})")
        white = table.share(card_white)
        self.check(white >= 0.02, f"face-up cards are on the table ({white:.1%} card white)")
        gold = table.count(title_gold, TITLE_BOX)
        self.check(gold < 150, f"the menu's title is gone ({gold} gold pixels top left)")
        self.check("stock" in table_line["zones"], "the table has a stock")

        for _ in range(3):  # the first click may land while the deal is still being animated
            self.click(table_line["zones"]["stock"])
            deadline = time.time() + 3
            while time.time() < deadline and self.autosave_actions() == 0:
                time.sleep(0.1)
            if self.autosave_actions():
                break
        actions = self.autosave_actions()
        self.check(actions >= 1, f"clicking the stock played a move (autosave holds {actions} action(s))")
        dealt = self.shoot_settled("3-after-stock")
        waste = table_line["zones"]["waste"]
        box = (waste[0] / WINDOW[0], waste[1] / WINDOW[1], (waste[0] + waste[2]) / WINDOW[0],
               (waste[1] + waste[3]) / WINDOW[1])
        white = dealt.share(card_white, box)
        self.check(white >= 0.2, f"a card lies on the waste ({white:.0%} of its slot is card white)")

        code = stop(self.app, timeout=10)
        self.app = None
        self.check(code == 0, f"the app quits cleanly on SIGTERM (exit status {code})")
        self.results.append(f"took {time.time() - started:.1f} s")

    def cleanup(self, failed: bool) -> None:
        if failed and self.window:
            try:
                run(["import", "-window", "root", str(self.out / "failure-screen.png")], self.env)
            except SmokeFailure:
                pass
        stop(self.app)
        stop(self.xvfb)
        (self.out / "summary.txt").write_text(
            f"command: {' '.join(self.command)}\n" + "\n".join(self.results) + "\n", encoding="utf-8")
        shutil.rmtree(self.home, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Real-window smoke test of cardtable under Xvfb.")
    parser.add_argument("--app", type=Path, help="the built app's executable (default: run from source)")
    parser.add_argument("--out", type=Path, help="folder for screenshots (default build/smoke/frozen or /source)")
    args = parser.parse_args(argv)
    args.out = args.out or ROOT / "build" / "smoke" / ("frozen" if args.app else "source")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # for reading the screenshots with pygame here
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    command = [str(args.app.resolve())] if args.app else [sys.executable, "-m", "cardtable"]
    if args.app and not args.app.exists():
        print(f"smoke: {args.app} does not exist (build the app first)", file=sys.stderr)
        return 2
    started = time.time()
    smoke = Smoke(command, args.out.resolve())
    failed = True
    try:
        ensure_tools()
        log(f"testing {' '.join(command)}")
        smoke.run()
        failed = False
    except (SmokeFailure, subprocess.SubprocessError, OSError) as exc:
        print(f"smoke: FAILED: {exc}", file=sys.stderr)
    finally:
        smoke.cleanup(failed)
    log(f"{'FAILED' if failed else 'passed'} in {time.time() - started:.1f} s; screenshots in {args.out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
