"""Card art: milliseconds to draw a face from nothing cached (French faces, and faces a game declares as data).

    python3 benchmarks/card_art.py

A table draws each face once per size and then blits it from the cache; this is what a new window size or a new
game costs.  Target: under 5 ms a face.  Numbers only (not a test).
"""

from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from cardtable.core.cards import standard_deck  # noqa: E402
from cardtable.games import get_game  # noqa: E402
from cardtable.games.crazy.rules import DECK as CRAZY_DECK  # noqa: E402
from cardtable.ui.cards import CardArt  # noqa: E402

TARGET_MS = 5.0


def per_face(cards: list, faces, size: tuple[int, int]) -> list[float]:
    art = CardArt()
    times = []
    for card in cards:
        start = time.perf_counter()
        art.face(card, size, faces(card))
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    print(f"card faces drawn from nothing cached (target < {TARGET_MS} ms a face)")
    crazy = get_game("crazy").layout.face
    sets = [("French", standard_deck(), lambda card: None),
            ("Crazy", list({c.face: c for c in CRAZY_DECK}.values()), crazy)]
    for name, cards, faces in sets:
        for size in ((100, 140), (160, 224)):
            times = per_face(cards, faces, size)
            median = statistics.median(times)
            verdict = "OK" if median < TARGET_MS else "SLOW"
            print(f"{name:10} {size[0]}x{size[1]}  median {median:5.2f} ms  max {max(times):6.2f} ms  "
                  f"{len(cards)} faces  {verdict}")


if __name__ == "__main__":
    main()
