"""The cards the menu shows: a fan of cards held like a hand, and a run of cards beside a face-down pile."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.core.cards import Card
from cardtable.games.info import Showcase

if TYPE_CHECKING:  # the layouts' module, imported with a game's layout
    from cardtable.core.layout import FaceSpec

#: A game's faces (`GameLayout.face`), or None for French cards.
Faces = Callable[[Card], "FaceSpec | None"] | None


def card_fan(art: Any, size: tuple[int, int], cards: list[Card], spread: float = 16,
             faces: Faces = None) -> pygame.Surface:
    """`cards` fanned like a hand held up, scaled to fit inside `size` (centred)."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    if size[0] < 8 or size[1] < 8:
        return out
    card_h = max(24, size[1])
    card_w = int(card_h * 0.7)
    n = len(cards)
    radius = card_h * 1.5
    canvas = pygame.Surface((card_h * 4, card_h * 3), pygame.SRCALPHA)
    pivot = pygame.Vector2(canvas.get_width() / 2, card_h + radius)
    for i, card in enumerate(cards):
        angle = spread * ((n - 1) / 2 - i)
        turned = pygame.transform.rotozoom(art.face(card, (card_w, card_h), faces(card) if faces else None), angle, 1.0)
        centre = pivot + pygame.Vector2(0, -radius).rotate(-angle)
        canvas.blit(turned, turned.get_rect(center=(round(centre.x), round(centre.y))))
    fan = canvas.subsurface(canvas.get_bounding_rect())
    scale = min(size[0] / fan.get_width(), size[1] / fan.get_height())
    fitted = pygame.transform.smoothscale(fan, (int(fan.get_width() * scale), int(fan.get_height() * scale)))
    out.blit(fitted, fitted.get_rect(center=(size[0] // 2, size[1] // 2)))
    return out


def card_run(art: Any, back: str, size: tuple[int, int], cards: tuple[Card, ...], faces: Faces = None
             ) -> pygame.Surface:
    """A face-down pile beside a run of `cards` fanned down, as solitaire games lay them out."""
    w, h = size
    card_h = min(int(h * 0.62), 190)
    card_w = int(card_h * 0.7)
    step = max(18, int((h - card_h) / max(1, len(cards) - 1)))
    step = min(step, int(card_h * 0.26))
    out = pygame.Surface((card_w * 2 + card_w // 3, card_h + step * (len(cards) - 1)), pygame.SRCALPHA)
    out.blit(art.back(back, (card_w, card_h)), (0, 0))
    for i, card in enumerate(cards):
        out.blit(art.face(card, (card_w, card_h), faces(card) if faces else None), (card_w + card_w // 3, i * step))
    return out


def showcase_area(under: pygame.Rect, beside: pygame.Rect) -> pygame.Rect:
    """Where the menu shows a game's cards: under its form, or beside it when a tall form of narrow options leaves
    room there (an empty rectangle: nowhere)."""
    if under.height >= 110:
        return under
    if beside.width >= 150 and beside.height >= 110:
        return beside
    return pygame.Rect(0, 0, 0, 0)


def showcase_image(art: Any, back: str, size: tuple[int, int], showcase: Showcase, faces: Faces) -> pygame.Surface:
    """The game's showcase, fitted to `size`, in the game's faces."""
    if showcase.style == "run":
        return card_run(art, back, size, showcase.cards, faces)
    fan_h = min(size[1], 220, int(size[0] / 1.5))  # the fan is half again as wide as it is high
    return card_fan(art, (int(fan_h * 1.5), fan_h), list(showcase.cards), spread=12, faces=faces)
