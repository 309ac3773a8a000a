"""Text for card art: the bundled fonts, and glyphs cropped to their ink (card indices, letters, numbers)."""

from __future__ import annotations

import pygame

from cardtable.resources import asset_path
from cardtable.ui.cards.paint import Colour

_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


class Glyphs:
    """Fonts by size and rendered glyphs, cached."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[bool, int], pygame.font.Font] = {}
        self._glyphs: dict[tuple[str, bool, int, Colour], pygame.Surface] = {}

    def clear(self) -> None:
        self._glyphs.clear()

    def font(self, px: int, bold: bool = True) -> pygame.font.Font:
        px = max(6, px)
        key = (bold, px)
        font = self._fonts.get(key)
        if font is None:
            path = asset_path("fonts", _FONT_FILES[bold])
            font = pygame.font.Font(str(path), px) if path.exists() else pygame.font.Font(None, px)
            self._fonts[key] = font
        return font

    def glyph(self, text: str, cap_px: int, colour: Colour, bold: bool = True) -> pygame.Surface:
        """`text` rendered and cropped to its ink, with capitals `cap_px` tall.

        Characters are set a little tighter than the font's own spacing (on a shared baseline),
        which keeps two-digit indices such as "10" narrow.
        """
        key = (text, bold, cap_px, colour)
        surf = self._glyphs.get(key)
        if surf is None:
            font = self.font(round(cap_px / 0.73), bold)
            parts = []
            for ch in text:
                img = font.render(ch, True, colour)
                ink = img.get_bounding_rect()
                parts.append(img.subsurface((ink.x, 0, ink.width, img.get_height())) if ink.width else img)
            gap = max(1, round(cap_px * 0.08))
            w = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
            line = pygame.Surface((max(1, w), font.get_height()), pygame.SRCALPHA)
            x = 0
            for p in parts:
                line.blit(p, (x, 0))
                x += p.get_width() + gap
            ink = line.get_bounding_rect()
            surf = line.subsurface(ink).copy() if ink.width else line
            self._glyphs[key] = surf
        return surf
