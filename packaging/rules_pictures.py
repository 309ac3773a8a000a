"""The small pictures of the tables on the rules screens (assets/rules/<game>.png), taken from the real app, headless.

    python3 packaging/rules_pictures.py                 # every registered game
    python3 packaging/rules_pictures.py --game crazy    # one game (repeatable)

Each game is started from the menu and played a few of the person's moves, as `docs_screenshots.py` does, in a
window of `SIZE`; the picture is then scaled down to `WIDTH` pixels wide, so the assets stay small (the script
prints their total size).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # docs_screenshots sits beside this script

from docs_screenshots import ROOT, shoot  # noqa: E402

SIZE = (960, 600)  # the window the picture is taken in: half of it is the picture
WIDTH = 480
#: game id -> how many of the person's own moves to make first, so the table shows a game under way.
MOVES = {"klondike": 12, "kachuful": 1, "crazy": 2, "cat_in_the_box": 3, "king_of_the_hill": 24, "cat_te": 1,
         "eat_reds": 2, "eat_pairs": 0}


def shrink(shot: Path, out: Path, width: int = WIDTH) -> Path:
    """`shot` scaled to `width` pixels wide, written to `out`."""
    import pygame

    image = pygame.image.load(str(shot))
    w, h = image.get_size()
    small = pygame.transform.smoothscale(image, (width, round(h * width / w)))
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(small, str(out))
    return out


def main(argv: list[str] | None = None) -> int:
    from cardtable.games import GAMES

    ids = [g.id for g in GAMES]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=ids, help="only this game (repeatable)")
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "rules")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with tempfile.TemporaryDirectory(prefix="cardtable-rules-") as home:
        for game in args.game or ids:
            # A fresh home for each game: no settings, saves or statistics of yours, and no lock left by the
            # game before (whose app would otherwise say that another window keeps the saves).
            os.environ["CARDTABLE_HOME"] = str(Path(home) / game)
            shot = shoot(game, MOVES.get(game, 0), SIZE, Path(home) / "shots")
            print("wrote", shrink(shot, args.out / f"{game}.png"))
    total = sum(p.stat().st_size for p in args.out.glob("*") if p.is_file())
    print(f"assets/rules: {total / 1024:.0f} KiB in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
