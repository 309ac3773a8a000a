"""Draw the application icon (assets/icon.png) with the app's own card art.

Run once after changing the card art: python3 packaging/make_icon.py
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from cardtable.core.cards import Card  # noqa: E402
from cardtable.resources import asset_path  # noqa: E402
from cardtable.ui.cards import CardArt  # noqa: E402

SIZE = 256


def main() -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    icon = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.draw.rect(icon, (22, 92, 52), icon.get_rect(), border_radius=48)
    pygame.draw.rect(icon, (201, 167, 74), icon.get_rect(), width=6, border_radius=48)
    art = CardArt()
    card_size = (112, 157)
    for angle, card, dx in ((18, Card(1, "H"), -38), (0, Card(1, "S"), 0), (-18, Card(13, "D"), 38)):
        image = pygame.transform.rotozoom(art.face(card, card_size), angle, 1.0)
        rect = image.get_rect(center=(SIZE // 2 + dx, SIZE // 2 + 8 + abs(dx) // 4))
        icon.blit(image, rect)
    pygame.image.save(icon, str(asset_path("icon.png")))
    print("wrote", asset_path("icon.png"))


if __name__ == "__main__":
    main()
