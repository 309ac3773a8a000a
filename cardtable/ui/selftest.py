"""`--self-test`: play a scripted Klondike game through the real UI, headless.

It opens the menu, starts Klondike from it, then plays a deal the hint engine can win,
making every move as a person would (posted mouse clicks and drags), and checks that each
gesture produced exactly the intended move.  Exit code 0 means the app works.
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from pathlib import Path

SETTLE_FRAMES = 400
DT = 1 / 60


class SelfTestFailure(Exception):
    """The UI did not do what the script expected."""


def winnable_seed(limit: int = 500) -> int:
    """The first seed whose deal the hint engine wins on its own (checked on the engine, no UI)."""
    from cardtable.games import get_rules
    from cardtable.games.klondike.hint import hint

    rules = get_rules("klondike")
    for seed in range(limit):
        state = rules.new_game(1, {}, seed=seed)
        for _ in range(400):
            action = hint(state)
            if action is None or state.is_over():
                break
            state.apply(action)
        if state.is_over():
            return seed
    raise SelfTestFailure("no winnable deal found for the script")


def run_self_test(size: tuple[int, int] = (1280, 800), screenshots: str | None = None,
                  report: str | None = None, game: str | None = None) -> int:
    """Run the scripted game (or, with `game`, a whole game of it: see `selftest_game`); print the outcome (and
    write it to `report`); return the exit code.

    The report file's first line is "passed" or "FAILED", then the message (and a traceback on failure);
    it says "running" until then.  A windowed Windows build has no stdout, so the exit code and this
    file are all it can say.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if not _write_report(report, "running\n"):  # a crash leaves "running", never an old "passed"
        return 1
    shots = Path(screenshots) if screenshots else None
    with tempfile.TemporaryDirectory(prefix="cardtable-selftest-") as home:
        os.environ["CARDTABLE_HOME"] = home
        try:
            if game is None:
                moves, mode = _play(size, shots)
                message = (f"self-test passed: Klondike won through the UI in {moves} moves; "
                           f"hard Kachuful bots bid from a worker {mode}")
            else:
                from cardtable.ui.selftest_game import play_whole_game

                message = f"self-test passed: {play_whole_game(game, size, shots)}"
        except Exception as exc:  # noqa: BLE001 - any failure is reported through the exit code
            message = f"self-test FAILED: {exc}"
            print(message, file=sys.stderr)
            traceback.print_exc()
            _write_report(report, f"FAILED\n{message}\n{traceback.format_exc()}")
            return 1
    print(message)
    return 0 if _write_report(report, f"passed\n{message}\n") else 1


def _write_report(report: str | None, text: str) -> bool:
    """Write the outcome to the report file, if one was asked for; False if it could not be written."""
    if not report:
        return True
    try:
        path = Path(report)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        print(f"self-test: could not write the report {report}: {exc}", file=sys.stderr)
        return False
    return True


def _play(size: tuple[int, int], shots: Path | None) -> tuple[int, str]:
    import pygame

    from cardtable.games import get_game
    from cardtable.games.klondike.hint import hint
    from cardtable.session.match import Match, Seat
    from cardtable.session.saves import Autosave
    from cardtable.storage import autosave_path
    from cardtable.ui.driver import UIDriver
    from cardtable.ui.menu import MenuScene
    from cardtable.ui.table import TableScene
    from cardtable.ui.window import App

    app = App(size)
    app.settings.animation_speed = "fast"
    app.show(MenuScene(app))
    driver = UIDriver(app)
    driver.frames(5)
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(shots / "menu.png"))
    if not isinstance(app.scene, MenuScene):
        raise SelfTestFailure("the menu did not open")
    driver.click_widget(app.scene.buttons["game:klondike"])
    driver.click_widget(app.scene.buttons["new"])
    if not isinstance(app.scene, TableScene):
        raise SelfTestFailure("New game in the menu did not open the table")

    seed = winnable_seed()
    match = Match(get_game("klondike"), [Seat("human", "You")], {}, seed, saver=Autosave.for_game("klondike"))
    app.show(TableScene(app, match))
    table = app.scene
    driver.settle(table)  # the table is made over its first frames
    if shots:
        pygame.image.save(app.screen, str(shots / "table-start.png"))
    moves = 0
    while not match.state.is_over():
        action = hint(match.state)
        if action is None:
            raise SelfTestFailure(f"the script found no move at move {moves}")
        before = len(match.log)
        driver.perform(table, action)
        driver.settle(table)
        if len(match.log) != before + 1 or match.log[-1].action != action:
            raise SelfTestFailure(f"move {moves + 1}: the gesture for {action.describe()!r} did not play it "
                                  f"(message: {table.message!r})")
        moves += 1
        if shots and moves == 40:
            pygame.image.save(app.screen, str(shots / "table-midgame.png"))
        if moves > 600:
            raise SelfTestFailure("the scripted game did not finish")
    if not match.state.result().winners:
        raise SelfTestFailure("the game ended without a win")
    driver.frames(30)
    if shots:
        pygame.image.save(app.screen, str(shots / "table-celebration.png"))
    driver.settle(table, limit=5000)
    if table.result_panel is None:
        raise SelfTestFailure("no result panel after the win")
    driver.frames(2)  # the panel opens after a frame was drawn: show it in the screenshot
    if shots:
        pygame.image.save(app.screen, str(shots / "table-won.png"))
    if autosave_path("klondike").exists():
        raise SelfTestFailure("a finished game left its autosave behind")
    mode = _hard_bots_bid(app, driver, shots)
    app.quit()
    pygame.quit()
    return moves, mode


def _hard_bots_bid(app, driver, shots: Path | None) -> str:
    """Three hard bots bid at a Kachuful table; the search runs in the worker process wherever processes work
    (the packaged app too).  Returns where it ran: "process" or "thread"."""
    import time

    import pygame

    from cardtable.bots.worker import processes_available
    from cardtable.games import get_game
    from cardtable.session.match import Match, Seat
    from cardtable.session.saves import Autosave
    from cardtable.ui.table import TableScene

    seats = [Seat("human", "You")] + [Seat("bot:hard", name) for name in ("Ann", "Bob", "Cy")]
    match = Match(get_game("kachuful"), seats, {"hands": "2"}, 3, saver=Autosave.for_game("kachuful"))
    app.settings.bot_delay = 0.0
    table = TableScene(app, match)
    app.show(table)
    modes = set()
    end = time.monotonic() + 60
    while not (match.state.turn == 0 and table.settled):
        if time.monotonic() > end:
            raise SelfTestFailure("the hard bots did not bid within a minute")
        driver.frames(1)
        if table.driver.job is not None:
            modes.add(table.driver.job.mode)
    driver.frames(3)
    if shots:
        pygame.image.save(app.screen, str(shots / "kachuful-hard-bots.png"))
    if [entry.seat for entry in match.log] != [1, 2, 3]:
        raise SelfTestFailure(f"the hard bots did not bid in turn: {match.log}")
    expected = "process" if processes_available() else "thread"
    if modes != {expected}:
        raise SelfTestFailure(f"the bots thought in {sorted(modes)}, not in a worker {expected}")
    return expected
