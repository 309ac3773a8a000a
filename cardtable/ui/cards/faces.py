"""Card faces described as data (`FaceSpec`): a coloured field in a white margin, an optional tilted oval, a
symbol in the middle and a symbol in two corners, each symbol outlined and shadowed in dark ink.

Symbols come from a small library: digits and short text ("7", "+2"; 6 and 9 underlined so they read upside
down), shapes ("skip", "reverse", "cat") and "wild", the four-colour oval.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import TYPE_CHECKING

import pygame

from cardtable.ui.cards.glyphs import Glyphs
from cardtable.ui.cards.paint import (
    CARD_WHITE,
    SHAPED,
    SS,
    WHITE,
    CardStyle,
    Colour,
    Point,
    downsample,
    outlined,
    oval_points,
    radius,
    shape_symbol,
    shapes_bounds,
    whole,
)

if TYPE_CHECKING:  # the layouts' module, imported with a game's layout
    from cardtable.core.layout import FaceSpec

OVAL_TILT = math.radians(28)  # the oval's long axis leans right at the top, leaving the corners free


def metrics(w: int, h: int) -> tuple[float, float, float, int]:
    """(white margin, oval semi-axis across, oval semi-axis along, corner cap height) in pixels."""
    return max(2.0, w * 0.055), w * 0.335, h * 0.43, max(7, round(w * 0.12 + 3))


#: The letter that marks a coloured face (`CardStyle.colour_marks`), by the hue range (degrees) its field falls in.
COLOUR_LETTERS: tuple[tuple[float, float, str], ...] = (
    (0, 18, "R"), (342, 360, "R"), (36, 70, "Y"), (80, 170, "G"), (185, 265, "B"), (265, 300, "P"),
)


def colour_letter(field: Colour) -> str:
    """The letter naming a saturated field colour ("R", "Y", "G", "B", "P"), or "" for a dull, dark or in-between
    one (a black wild card, a cream face): a mark must never name a colour wrongly."""
    hue, saturation, value, _ = pygame.Color(*field).hsva
    if saturation < 50 or value < 35:
        return ""
    return next((letter for low, high, letter in COLOUR_LETTERS if low <= hue <= high), "")


def quartered_oval(big: pygame.Surface, centre: Point, a: float, b: float, colours: tuple[Colour, ...]) -> None:
    """The four-colour oval: one quadrant per colour, clockwise from the bottom right, split along the axes."""
    for q, colour in enumerate(colours[:4]):
        arc = oval_points(centre, a, b, OVAL_TILT, q * math.pi / 2, (q + 1) * math.pi / 2, 32)
        pygame.draw.polygon(big, colour, [centre, *arc])


class SpecFaces:
    """Renders `FaceSpec` faces; bases and symbols are cached."""

    def __init__(self, glyphs: Glyphs) -> None:
        self.glyphs = glyphs
        self.style = CardStyle()  # `CardArt` shares its own
        self._bases: dict[tuple[object, ...], pygame.Surface] = {}
        self._symbols: dict[tuple[object, ...], pygame.Surface] = {}

    def clear(self) -> None:
        self._bases.clear()
        self._symbols.clear()

    def render(self, spec: FaceSpec, size: tuple[int, int]) -> pygame.Surface:
        return whole(self.render_parts(spec, size))

    def render_parts(self, spec: FaceSpec, size: tuple[int, int]) -> Generator[None, None, pygame.Surface]:
        """`render` in parts, a pause after each: the field and oval, the middle symbol, then the corners."""
        w, h = size
        surf = self._base(spec.field, spec.oval, size).copy()
        yield
        margin, _, _, cap = metrics(w, h)
        quartered = len(spec.oval) >= 4
        stroke = max(1, round(w / 45)) + (1 if quartered else 0)
        shadow = max(1, round(w / 50))
        if spec.centre:
            if spec.centre in SHAPED:
                px = round(w * 0.5)
            elif len(spec.centre) == 1:
                px = round(h * 0.3)
            else:
                px = round(h * (0.26 if quartered else 0.24))
            big = self._symbol(spec.centre, px, spec.centre_fill, spec.ink, stroke, shadow)
            iw, ih = big.get_width() - 2 * stroke - shadow, big.get_height() - 2 * stroke - shadow
            surf.blit(big, (round(w / 2 - iw / 2 - stroke), round(h / 2 - ih / 2 - stroke)))
            yield
        if spec.corner:
            corner_stroke = max(1, round(w / 85))
            if spec.corner == "wild":
                corner, corner_stroke = self._wild_mark(round(cap * 1.55), spec.oval), 0
            else:
                px = round(cap * 1.3) if spec.corner in SHAPED else cap
                corner = self._symbol(spec.corner, px, WHITE, spec.ink, corner_stroke, 0)
            pad = round(margin + w * 0.04) - corner_stroke
            surf.blit(corner, (pad, pad))
            turned = pygame.transform.flip(corner, True, True)
            surf.blit(turned, (w - pad - turned.get_width(), h - pad - turned.get_height()))
            letter = colour_letter(spec.field) if self.style.colour_marks else ""
            if letter:  # under the corner symbol: the part of a card a fanned hand leaves in sight
                badge = self._badge(letter, cap, spec.ink)
                x = pad + (corner.get_width() - badge.get_width()) // 2
                y = pad + corner.get_height() + max(1, cap // 4)
                surf.blit(badge, (x, y))
                surf.blit(badge, (w - x - badge.get_width(), h - y - badge.get_height()))
        return surf

    def _badge(self, letter: str, cap: int, ink: Colour) -> pygame.Surface:
        """A colour's letter in `ink` on a white disc ringed in `ink`, a little taller than `cap` (cached)."""
        key = ("badge", letter, cap, ink)
        surf = self._symbols.get(key)
        if surf is None:
            d = max(9, round(cap * 1.25))
            n = SS
            big = pygame.Surface((d * n, d * n), pygame.SRCALPHA)
            big.fill((*WHITE, 0))
            pygame.draw.circle(big, ink, (d * n / 2, d * n / 2), d * n / 2)
            pygame.draw.circle(big, CARD_WHITE, (d * n / 2, d * n / 2), d * n / 2 - max(1, round(d / 10)) * n)
            surf = downsample(big, (d, d))
            text = self.glyphs.glyph(letter, max(5, round(d * 0.52)), ink)
            surf.blit(text, text.get_rect(center=(d / 2, d / 2)))
            self._symbols[key] = surf
        return surf

    def _base(self, field: Colour, oval: tuple[Colour, ...], size: tuple[int, int]) -> pygame.Surface:
        """The card without symbols: white edge, coloured field, oval (cached; copy before drawing)."""
        border = self.style.border
        key = (field, oval, size, border)
        surf = self._bases.get(key)
        if surf is None:
            w, h = size
            n = SS
            big = pygame.Surface((w * n, h * n), pygame.SRCALPHA)
            big.fill((*border, 0))
            rect = big.get_rect()
            r = radius(w) * n
            edge = max(1, round(n * max(0.8, w / 100)))
            pygame.draw.rect(big, border, rect, border_radius=r)
            pygame.draw.rect(big, CARD_WHITE, rect.inflate(-2 * edge, -2 * edge), border_radius=max(0, r - edge))
            margin, a, b, _ = metrics(w, h)
            m = round(margin * n)
            pygame.draw.rect(big, field, rect.inflate(-2 * m, -2 * m), border_radius=max(n, r - m // 2))
            centre = (rect.width / 2, rect.height / 2)
            if len(oval) >= 4:
                a, b = a * 0.86 * n, b * 0.86 * n
                rim = max(1.0, w * 0.02) * n
                pygame.draw.polygon(big, CARD_WHITE, oval_points(centre, a + rim, b + rim, OVAL_TILT))
                quartered_oval(big, centre, a, b, oval)
            elif oval:
                pygame.draw.polygon(big, oval[0], oval_points(centre, a * n, b * n, OVAL_TILT))
            surf = self._bases[key] = downsample(big, size)
        return surf

    def _mask(self, symbol: str, px: int) -> pygame.Surface:
        """`symbol` in white, `px` tall (text by its cap height)."""
        if symbol in SHAPED:
            shapes = shape_symbol(symbol)
            left, top, right, bottom = shapes_bounds(shapes)
            k = px / (bottom - top)
            pw = max(1, round((right - left) * k))
            n = SS
            big = pygame.Surface((pw * n, px * n), pygame.SRCALPHA)
            big.fill((*WHITE, 0))

            def at(x: float, y: float) -> Point:
                return ((x - left) * k * n, (y - top) * k * n)

            for shape in shapes:
                if shape[0] == "ring":
                    (cx, cy), r, width = shape[1]
                    pygame.draw.circle(big, WHITE, at(cx, cy), r * k * n, max(1, round(width * k * n)))
                elif shape[0] == "circle":
                    (cx, cy), r = shape[1]
                    pygame.draw.circle(big, WHITE, at(cx, cy), r * k * n)
                else:
                    pygame.draw.polygon(big, WHITE, [at(x, y) for x, y in shape[1]])
            return downsample(big, (pw, px))
        glyph = self.glyphs.glyph(symbol, px, WHITE)
        if symbol not in ("6", "9"):
            return glyph
        gw, gh = glyph.get_size()
        bar = max(1, round(px * 0.1))
        gap = max(1, round(px * 0.09))
        out = pygame.Surface((gw, gh + gap + bar), pygame.SRCALPHA)
        out.fill((*WHITE, 0))
        out.blit(glyph, (0, 0))
        bw = max(bar * 2, round(gw * 0.8))
        pygame.draw.rect(out, WHITE, ((gw - bw) // 2, gh + gap, bw, bar), border_radius=bar // 2)
        return out

    def _symbol(self, symbol: str, px: int, fill: Colour, ink: Colour, stroke: int, shadow: int) -> pygame.Surface:
        """`symbol` filled with `fill`, outlined and shadowed in `ink` (cached)."""
        px = max(5, px)
        key = (symbol, px, fill, ink, stroke, shadow)
        surf = self._symbols.get(key)
        if surf is None:
            surf = self._symbols[key] = outlined(self._mask(symbol, px), fill, ink, stroke, shadow)
        return surf

    def _wild_mark(self, px: int, colours: tuple[Colour, ...]) -> pygame.Surface:
        """A small four-colour oval in a white rim, `px` tall (a wild card's corner)."""
        px = max(6, px)
        key = ("wild", px, colours)
        surf = self._symbols.get(key)
        if surf is None:
            pw = max(4, round(px * 0.78))
            n = SS
            big = pygame.Surface((pw * n, px * n), pygame.SRCALPHA)
            big.fill((*WHITE, 0))
            centre = (pw * n / 2, px * n / 2)
            a, b = pw * n * 0.3, px * n * 0.44
            rim = max(1.0, px * 0.07) * n
            pygame.draw.polygon(big, CARD_WHITE, oval_points(centre, a + rim, b + rim, OVAL_TILT, steps=48))
            quartered_oval(big, centre, a, b, colours)
            surf = self._symbols[key] = downsample(big, (pw, px))
        return surf
