"""Card backs (four designs), the empty place of a pile, and the highlight ring around a card."""

from __future__ import annotations

from collections.abc import Generator

import pygame

from cardtable.ui.cards.glyphs import Glyphs
from cardtable.ui.cards.paint import (
    CARD_WHITE,
    SS,
    CardStyle,
    Colour,
    alpha_mask,
    diagonals,
    downsample,
    radius,
    star_points,
    whole,
    with_alpha,
)

#: Identifiers of the available card-back designs; the first one is the default.
BACK_DESIGNS: tuple[str, ...] = ("blue", "red", "green", "purple")

# Back designs: (field colour, pattern colour, accent colour, pattern kind).
BACK_STYLES: dict[str, tuple[Colour, Colour, Colour, str]] = {
    "blue": ((28, 64, 148), (92, 132, 214), (236, 240, 250), "lattice"),
    "red": ((158, 22, 38), (214, 86, 96), (250, 236, 236), "crosshatch"),
    "green": ((22, 104, 64), (78, 164, 112), (234, 246, 238), "scales"),
    "purple": ((78, 40, 120), (146, 104, 196), (242, 236, 250), "rings"),
}




class Backs:
    """Renders backs, slots and outlines (the caller caches them)."""

    def __init__(self, glyphs: Glyphs) -> None:
        self.glyphs = glyphs
        self.style = CardStyle()  # `CardArt` shares its own

    def back(self, design: str, size: tuple[int, int]) -> pygame.Surface:
        return whole(self.back_parts(design, size))

    def back_parts(self, design: str, size: tuple[int, int]) -> Generator[None, None, pygame.Surface]:
        """`back` in a few parts, a pause between them (a table being opened draws one a step); returns the back."""
        w, h = size
        field, pattern, accent, kind = BACK_STYLES[design]
        n = SS if w <= 240 else 2  # powers of two: smoothscale is exact for them
        bw, bh = w * n, h * n
        margin = max(2, round(w * 0.06)) * n
        inner = pygame.Rect(margin, margin, bw - 2 * margin, bh - 2 * margin)
        inner_r = max(1, radius(w) * n - margin // 2)

        layer = pygame.Surface((bw, bh), pygame.SRCALPHA)
        layer.fill(field)
        self._draw_pattern(layer, kind, pattern, accent, field, w * n, inner)
        yield
        # Thin accent frame just inside the field.
        frame = inner.inflate(-2 * max(2, round(w * 0.035)) * n, -2 * max(2, round(w * 0.035)) * n)
        pygame.draw.rect(layer, accent, frame, width=max(1, round(n * max(1.0, w / 90))),
                         border_radius=max(1, inner_r - n * 2))
        layer.blit(alpha_mask((bw, bh), inner, inner_r), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        yield

        # Compose on an opaque canvas (alpha-on-alpha blits can lose a little opacity), then cut
        # the rounded card shape out of it.
        canvas = pygame.Surface((bw, bh))
        canvas.fill(self.style.border)
        r = radius(w) * n
        edge = max(1, round(n * max(0.8, w / 100)))
        pygame.draw.rect(canvas, CARD_WHITE, canvas.get_rect().inflate(-2 * edge, -2 * edge),
                         border_radius=max(0, r - edge))
        canvas.blit(layer, (0, 0))
        big = canvas.convert_alpha() if pygame.display.get_surface() else with_alpha(canvas)
        yield
        big.blit(alpha_mask((bw, bh), big.get_rect(), r), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return downsample(big, size)

    @staticmethod
    def _draw_pattern(layer: pygame.Surface, kind: str, pattern: Colour, accent: Colour, field: Colour,
                      scale_w: int, area: pygame.Rect) -> None:
        """Fill `area` of `layer` with the repeating pattern `kind`."""
        step = max(6, round(scale_w / 9))
        lw = max(1, round(scale_w / 110))
        cx, cy = area.center
        if kind == "lattice":
            # Diamond lattice with dots at the crossings, centred on the card.
            span = area.width + area.height
            for k in range(-span // step - 2, span // step + 3):
                off = k * step
                diagonals(layer, pattern, cx + off, cy, span, lw)
            for i in range(-area.width // step - 2, area.width // step + 3):
                for j in range(-area.height // step - 2, area.height // step + 3):
                    x = cx + i * step / 2 + j * step / 2
                    y = cy - i * step / 2 + j * step / 2
                    if area.inflate(step, step).collidepoint(x, y):
                        pygame.draw.circle(layer, accent, (x, y), lw * 1.6)
        elif kind == "crosshatch":
            # Fine diagonal hatching with small open diamonds on a square grid.
            fine = max(4, step // 3)
            span = area.width + area.height
            for k in range(-span // fine - 2, span // fine + 3):
                off = k * fine
                diagonals(layer, pattern, cx + off, cy, span, lw)
            d = step * 0.32
            for i in range(-area.width // step - 1, area.width // step + 2):
                for j in range(-area.height // step - 1, area.height // step + 2):
                    x, y = cx + i * step, cy + j * step
                    pts = [(x, y - d), (x + d, y), (x, y + d), (x - d, y)]
                    pygame.draw.polygon(layer, field, pts)
                    pygame.draw.polygon(layer, accent, pts, lw)
        elif kind == "scales":
            # Overlapping fish scales (rows of arcs offset by half a step).
            r = step * 0.6
            rows = int(area.height / (r * 0.9)) + 4
            cols = area.width // step + 4
            for j in range(rows):
                y = area.top - r + j * r * 0.9
                shift = step / 2 if j % 2 else 0
                for i in range(-1, cols):
                    x = area.left + i * step + shift
                    pygame.draw.circle(layer, field, (x, y), r)
                    pygame.draw.circle(layer, pattern, (x, y), r, lw)
                    pygame.draw.circle(layer, pattern, (x, y), r * 0.45, lw)
        else:  # "rings": interlocking circles, two offset grids of touching rings
            big_step = step * 1.3
            r = big_step / 2
            cols = int(area.width / big_step) + 3
            rows = int(area.height / big_step) + 3
            for i in range(-cols, cols + 1):
                for j in range(-rows, rows + 1):
                    x, y = cx + i * big_step, cy + j * big_step
                    pygame.draw.circle(layer, pattern, (x, y), r, lw)
                    pygame.draw.circle(layer, pattern, (x + r, y + r), r, lw)
                    pygame.draw.circle(layer, accent, (x, y), lw * 1.3)
        # A small medallion in the middle gives every design a focal point.
        med = max(4, round(scale_w * 0.13))
        pygame.draw.circle(layer, field, (cx, cy), med)
        pygame.draw.circle(layer, accent, (cx, cy), med, max(1, lw * 2))
        star = star_points(cx, cy, med * 0.62, med * 0.25)
        pygame.draw.polygon(layer, accent, star)

    def slot(self, size: tuple[int, int], label: str) -> pygame.Surface:
        return whole(self.slot_parts(size, label))

    def slot_parts(self, size: tuple[int, int], label: str) -> Generator[None, None, pygame.Surface]:
        """`slot` in two parts (drawn big, a pause, then scaled down and labelled); returns the empty place."""
        w, h = size
        big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        big.fill((255, 255, 255, 0))
        r = radius(w) * SS
        line = max(1, round(SS * max(1.5, w / 50)))
        fill, edge = (60, 220) if self.style.high_contrast else (34, 110)
        pygame.draw.rect(big, (255, 255, 255, fill), big.get_rect(), border_radius=r)
        pygame.draw.rect(big, (255, 255, 255, edge), big.get_rect(), width=line, border_radius=r)
        yield
        surf = downsample(big, size)
        if label:
            text = self.glyphs.glyph(label, max(6, round(w * 0.34)), (255, 255, 255))
            if text.get_width() > w * 0.8:
                text = pygame.transform.smoothscale(
                    text, (round(w * 0.8), max(1, round(text.get_height() * w * 0.8 / text.get_width())))
                )
            text = text.copy()
            text.fill((255, 255, 255, 200 if self.style.high_contrast else 90), special_flags=pygame.BLEND_RGBA_MULT)
            surf.blit(text, text.get_rect(center=(w / 2, h / 2)))
        return surf

    @staticmethod
    def outline(size: tuple[int, int], colour: Colour, width: int) -> pygame.Surface:
        w, h = size
        ow, oh = w + 2 * width, h + 2 * width
        big = pygame.Surface((ow * SS, oh * SS), pygame.SRCALPHA)
        big.fill((*colour, 0))
        outer_r = (radius(w) + width) * SS
        ring = (width + 1) * SS  # overlap the card edge by a pixel so no gap shows
        pygame.draw.rect(big, colour, big.get_rect(), width=ring, border_radius=outer_r)
        return downsample(big, (ow, oh))
