"""The screenshots in docs/ (the README's and the AppStream metainfo's), taken from the real app, headless.

    python3 packaging/docs_screenshots.py                  # docs/<game>.png at 1280x800
    python3 packaging/docs_screenshots.py --size 1920x1080 --out build/shots

Each game is started from the menu as a person would (its button, then New game) with bots in the other seats;
the picture is taken when it is the person's turn, after the number of their own moves given in SHOTS (each one
the game's hint, or the normal bot's choice, made with the mouse through the table), so the table shows a game under
way.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: game id -> how many of the person's own moves to make before the picture.
SHOTS = {"klondike": 26, "kachuful": 0, "crazy": 3}
BOT_TIMEOUT = 60.0  # seconds the bots may take to bring the turn back to the person


def person_move(game: str):
    """What the person plays: Klondike's hint (its only bot plays at random), else the normal bot's choice."""
    if game == "klondike":
        from cardtable.games.klondike.hint import hint

        return lambda state: hint(state)
    from cardtable.bots import make_bot
    from cardtable.games import get_game

    bot = make_bot(get_game(game), "normal", seed=1)
    return lambda state: bot.choose(state, state.turn)


def shoot(game: str, own_moves: int, size: tuple[int, int], out: Path) -> Path:
    """Start `game` from the menu, make `own_moves` of the person's moves, save `out/<game>.png`."""
    import pygame

    from cardtable.ui.driver import UIDriver
    from cardtable.ui.menu import MenuScene
    from cardtable.ui.window import App

    app = App(size)
    try:
        app.settings.animation_speed = "instant"
        app.settings.bot_delay = 0.0
        app.show(MenuScene(app))
        driver = UIDriver(app)
        driver.frames(3)
        driver.click_widget(app.scene.buttons[f"game:{game}"])
        driver.click_widget(app.scene.buttons["new"])
        table = app.scene
        person = person_move(game)
        for move in range(own_moves + 1):
            deadline = time.monotonic() + BOT_TIMEOUT
            while not (table.human_turn and table.settled):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{game}: the bots did not hand the turn back")
                driver.frames(1)
            if move < own_moves:
                driver.perform(table, person(table.state))
                driver.settle(table)
        driver.frames(2)
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"{game}.png"
        pygame.image.save(app.screen, str(path))
        return path
    finally:
        pygame.quit()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--game", action="append", choices=sorted(SHOTS), help="only this game (repeatable)")
    args = parser.parse_args(argv)
    width, _, height = args.size.partition("x")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with tempfile.TemporaryDirectory(prefix="cardtable-shots-") as home:
        os.environ["CARDTABLE_HOME"] = home  # a fresh home: no settings, saves or statistics of yours
        for game in args.game or SHOTS:
            print("wrote", shoot(game, SHOTS[game], (int(width), int(height)), args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
