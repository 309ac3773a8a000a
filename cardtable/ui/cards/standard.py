"""French card faces: pips in their traditional places, court cards with a framed double-ended panel, jokers,
and the corner indices."""

from __future__ import annotations

import math
from collections.abc import Generator

import pygame

from cardtable.core.cards import RANK_LABELS, Card
from cardtable.ui.cards.glyphs import Glyphs
from cardtable.ui.cards.paint import (
    CARD_WHITE,
    SS,
    CardStyle,
    Colour,
    Disc,
    Point,
    Polygon,
    downsample,
    rounded_card_parts,
    star_points,
    whole,
)

RED: Colour = (200, 16, 46)
BLACK: Colour = (26, 26, 30)
#: The four-colour deck's inks by suit (`StandardFaces.four_colour`): the two that change are dark enough for
#: the white face, and far apart from red and black in hue as well as in lightness.
FOUR_COLOURS: dict[str, Colour] = {"S": BLACK, "H": RED, "D": (18, 86, 200), "C": (18, 128, 52)}
#: The court panel's pale field under each ink.
_TINTS: dict[Colour, Colour] = {RED: (252, 236, 232), FOUR_COLOURS["D"]: (232, 240, 252),
                                FOUR_COLOURS["C"]: (232, 246, 236)}
TRIM: Colour = (196, 154, 48)  # the court cards' trim

# Pip centres for number cards, in a grid where x is 0 (left), 0.5 or 1 (right) and y runs
# 0 (top row) .. 1 (bottom row).  Pips below the middle are drawn upside down.
_PIP_LAYOUTS: dict[int, tuple[Point, ...]] = {
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: ((0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)),
    10: (
        (0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3),
        (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1), (1, 1),
    ),
}  # fmt: skip


def _tangent_point(centre: Point, r: float, p: Point, outer_left: bool) -> Point:
    """Point where a line through `p` touches the circle, on the outer side of the pip."""
    dx, dy = p[0] - centre[0], p[1] - centre[1]
    dist = math.hypot(dx, dy)
    base = math.atan2(dy, dx)
    alpha = math.acos(min(1.0, r / dist))
    cands = [(centre[0] + r * math.cos(base + s * alpha), centre[1] + r * math.sin(base + s * alpha))
             for s in (1, -1)]
    return min(cands, key=lambda q: q[0]) if outer_left else max(cands, key=lambda q: q[0])


def _lobes(cy: float, d: float, r: float, tip: Point) -> list[Disc | Polygon]:
    """Two circles and the polygon joining them to `tip`: a heart (tip below) or spade body."""
    left, right = (0.5 - d, cy), (0.5 + d, cy)
    tl = _tangent_point(left, r, tip, True)
    tr = _tangent_point(right, r, tip, False)
    return [("circle", (left, r)), ("circle", (right, r)), ("poly", [tip, tl, left, right, tr])]


def _stem(top: float, bottom: float, top_half: float, foot_half: float) -> list[Disc | Polygon]:
    """A flared foot, concave-sided, as on spades and clubs."""
    steps = 12
    left: list[Point] = []
    for i in range(steps + 1):
        t = i / steps
        half = top_half + (foot_half - top_half) * t**2.4
        left.append((0.5 - half, top + (bottom - top) * t))
    right = [(1.0 - x, y) for x, y in reversed(left)]
    return [("poly", left + right)]


def _pip_shapes(suit: str) -> list[Disc | Polygon]:
    """Vector description of a suit symbol in a unit square (y down)."""
    if suit == "H":
        return _lobes(0.31, 0.235, 0.265, (0.5, 0.95))
    if suit == "S":
        return _lobes(0.58, 0.215, 0.235, (0.5, 0.02)) + _stem(0.6, 0.99, 0.03, 0.2)
    if suit == "C":
        r = 0.205
        lobes: list[Disc | Polygon] = [
            ("circle", ((0.5, 0.245), r)),
            ("circle", ((0.5 - 0.235, 0.58), r)),
            ("circle", ((0.5 + 0.235, 0.58), r)),
            ("circle", ((0.5, 0.5), 0.12)),
        ]
        return lobes + _stem(0.55, 0.99, 0.03, 0.2)
    # Diamond (also used for unknown suits): a rhombus with slightly concave sides.
    pts: list[Point] = []
    corners = [(0.5, 0.0), (0.87, 0.5), (0.5, 1.0), (0.13, 0.5)]
    for i in range(4):
        a, b = corners[i], corners[(i + 1) % 4]
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        ctrl = (mx + (0.5 - mx) * 0.12, my + (0.5 - my) * 0.12)
        for j in range(10):
            t = j / 10
            pts.append((
                (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * ctrl[0] + t * t * b[0],
                (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * ctrl[1] + t * t * b[1],
            ))
    return [("poly", pts)]


class StandardFaces:
    """Renders French faces; pips and blanks are cached."""

    def __init__(self, glyphs: Glyphs) -> None:
        self.glyphs = glyphs
        self.style = CardStyle()  # `CardArt` shares its own
        self._pips: dict[tuple[str, int, Colour], pygame.Surface] = {}
        self._blanks: dict[tuple[int, int], pygame.Surface] = {}

    def clear(self) -> None:
        self._pips.clear()
        self._blanks.clear()

    def ink(self, card: Card) -> Colour:
        """The colour `card`'s rank and suit are printed in."""
        if self.style.four_colour and card.suit in FOUR_COLOURS:
            return FOUR_COLOURS[card.suit]
        return RED if card.is_red else BLACK

    def _pip(self, suit: str, px: int, colour: Colour) -> pygame.Surface:
        """An antialiased suit symbol in a `px`-square surface."""
        px = max(3, px)
        key = (suit, px, colour)
        surf = self._pips.get(key)
        if surf is None:
            n = px * SS
            big = pygame.Surface((n, n), pygame.SRCALPHA)
            big.fill((*colour, 0))
            for shape in _pip_shapes(suit):
                if shape[0] == "circle":
                    (cx, cy), r = shape[1]
                    pygame.draw.circle(big, colour, (cx * n, cy * n), r * n)
                else:
                    pygame.draw.polygon(big, colour, [(x * n, y * n) for x, y in shape[1]])
            surf = downsample(big, (px, px))
            self._pips[key] = surf
        return surf

    def _blank(self, size: tuple[int, int]) -> pygame.Surface:
        """A plain white card with a thin grey border (copy before drawing on it)."""
        return whole(self._blank_parts(size))

    def _blank_parts(self, size: tuple[int, int]) -> Generator[None, None, pygame.Surface]:
        """`_blank`, drawn in parts (none if it is drawn already)."""
        surf = self._blanks.get(size)
        if surf is None:
            surf = yield from rounded_card_parts(size, CARD_WHITE, self.style.border, max(0.8, size[0] / 100))
            self._blanks[size] = surf
        return surf

    def _index_metrics(self, w: int) -> tuple[int, int, int, int]:
        """Corner index: (centre x, rank top y, rank cap height, small pip size)."""
        cap = max(6, round(w * 0.115 + 2.5))
        return round(w * 0.105 + 0.5), max(2, round(w * 0.05)), cap, max(5, round(cap * 0.78))

    def _draw_corner(self, surf: pygame.Surface, index: pygame.Surface, w: int, h: int) -> None:
        """Blit a corner `index` at top-left and, turned 180 degrees, at bottom-right."""
        cx, top, _, _ = self._index_metrics(w)
        x = cx - index.get_width() // 2
        surf.blit(index, (x, top))
        flipped = pygame.transform.flip(index, True, True)
        surf.blit(flipped, (w - x - index.get_width(), h - top - index.get_height()))

    def _corner_index(self, card: Card, w: int, colour: Colour) -> pygame.Surface:
        """Rank over small suit, centred in a column, ready to blit at the top-left corner."""
        cx, _, cap, pip_px = self._index_metrics(w)
        label = RANK_LABELS.get(card.rank, str(card.rank))
        rank = self.glyphs.glyph(label, cap, colour)
        max_w = round(cap * 1.25)
        if rank.get_width() > max_w:  # "10" is squeezed to fit the index column
            rank = pygame.transform.smoothscale(rank, (max_w, rank.get_height()))
        pip = self._pip(card.suit, pip_px, colour)
        gap = max(1, round(cap * 0.18))
        iw = max(rank.get_width(), pip.get_width())
        surf = pygame.Surface((iw, rank.get_height() + gap + pip.get_height()), pygame.SRCALPHA)
        surf.blit(rank, ((iw - rank.get_width()) // 2, 0))
        surf.blit(pip, ((iw - pip.get_width()) // 2, rank.get_height() + gap))
        return surf

    def render(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        """The face of a French card (or a joker) at `size`."""
        return whole(self.render_parts(card, size))

    def render_parts(self, card: Card, size: tuple[int, int]) -> Generator[None, None, pygame.Surface]:
        """`render` in parts, a pause after each: the blank card (drawn big, then scaled down), the corner indices,
        then the rest."""
        w, h = size
        blank = yield from self._blank_parts(size)
        yield
        surf = blank.copy()
        if card.is_joker:
            self._draw_joker(surf, w, h, RED if card.is_red else BLACK)
            return surf
        colour = self.ink(card)
        self._draw_corner(surf, self._corner_index(card, w, colour), w, h)
        yield
        if card.rank in _PIP_LAYOUTS:
            self._draw_pips(surf, card, w, h, colour)
        elif card.rank in (11, 12, 13):
            self._draw_court(surf, card, w, h, colour)
        else:  # ace, or an unusual rank: one big pip
            px = round(w * (0.5 if card.suit == "S" else 0.4))
            pip = self._pip(card.suit, px, colour)
            surf.blit(pip, pip.get_rect(center=(w / 2, h / 2)))
        return surf

    def _draw_pips(self, surf: pygame.Surface, card: Card, w: int, h: int, colour: Colour) -> None:
        """Number cards: the traditional pip arrangement, lower pips upside down."""
        px = max(5, round(w * 0.17))
        pip = self._pip(card.suit, px, colour)
        upside_down = pygame.transform.flip(pip, True, True)
        cx, _, cap, _ = self._index_metrics(w)
        # Keep the pip columns clear of the corner index, which is relatively larger on small cards.
        x0 = max(w * 0.3, cx + cap * 0.45 + max(3.0, w * 0.05) + px / 2)
        x1 = w - x0
        y0, y1 = h * 0.2, h * 0.8
        for gx, gy in _PIP_LAYOUTS[card.rank]:
            cx_ = x0 + (x1 - x0) * gx
            cy_ = y0 + (y1 - y0) * gy
            img = upside_down if gy > 0.5 else pip
            surf.blit(img, img.get_rect(center=(round(cx_), round(cy_))))

    def _draw_court(self, surf: pygame.Surface, card: Card, w: int, h: int, colour: Colour) -> None:
        """J, Q, K: a framed, double-ended centre panel with a crown, the letter and the suit."""
        panel = pygame.Rect(round(w * 0.215), round(h * 0.09), 0, 0)
        panel.width = w - 2 * panel.x
        panel.height = h - 2 * panel.y
        pw, ph = panel.size
        n = SS
        tint = _TINTS.get(colour, (232, 237, 248))

        # Frame: suit-coloured edge, tinted field, inner gold rule and a gold midline.
        big = pygame.Surface((pw * n, ph * n), pygame.SRCALPHA)
        big.fill((*colour, 0))
        rr = max(1, round(w * 0.035)) * n
        line = max(2, round(w * 0.012 * n))
        rect = big.get_rect()
        pygame.draw.rect(big, colour, rect, border_radius=rr)
        inner = rect.inflate(-2 * line, -2 * line)
        pygame.draw.rect(big, tint, inner, border_radius=max(0, rr - line))
        gold_in = inner.inflate(-4 * line, -4 * line)
        pygame.draw.rect(big, TRIM, gold_in, width=line, border_radius=max(0, rr - 3 * line))
        mid = rect.centery
        pygame.draw.line(big, TRIM, (gold_in.left, mid), (gold_in.right - 1, mid), line)
        centre_px = max(5, round(w * 0.11))
        pygame.draw.circle(big, tint, rect.center, centre_px * 0.7 * n)
        pygame.draw.circle(big, TRIM, rect.center, centre_px * 0.7 * n, line)

        # One end's headpiece, then the same turned 180 degrees for the other end.
        deco = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        deco.fill((*TRIM, 0))
        self._draw_crown(deco, card.rank, (rect.centerx, ph * 0.12 * n), pw * 0.36 * n, colour, line)
        big.blit(deco, (0, 0))
        big.blit(pygame.transform.flip(deco, True, True), (0, 0))
        panel_img = downsample(big, (pw, ph))

        letter = self.glyphs.glyph(RANK_LABELS[card.rank], max(6, round(w * 0.17)), colour)
        top = letter.get_rect(center=(pw / 2, ph * 0.315))
        panel_img.blit(letter, top)
        flipped = pygame.transform.flip(letter, True, True)
        panel_img.blit(flipped, flipped.get_rect(center=(pw - top.centerx, ph - top.centery)))
        pip = self._pip(card.suit, centre_px, colour)
        panel_img.blit(pip, pip.get_rect(center=(pw / 2, ph / 2)))
        surf.blit(panel_img, panel)

    @staticmethod
    def _draw_crown(
        big: pygame.Surface, rank: int, centre: Point, width: float, ink: Colour, line: int
    ) -> None:
        """A small gold headpiece: a king's crown, a queen's tiara or a jack's cap."""
        cx, cy = centre
        hgt = width * 0.62
        left, top = cx - width / 2, cy - hgt / 2

        def at(u: float, v: float) -> Point:
            return (left + u * width, top + v * hgt)

        if rank == 13:
            outline = [at(0, 1), at(0, 0.3), at(0.25, 0.62), at(0.5, 0.08),
                       at(0.75, 0.62), at(1, 0.3), at(1, 1)]
            tips = [at(0, 0.3), at(0.5, 0.08), at(1, 0.3)]
        elif rank == 12:
            outline = [at(0.05, 1), at(0, 0.42), at(0.2, 0.66), at(0.33, 0.3), at(0.5, 0.6),
                       at(0.67, 0.3), at(0.8, 0.66), at(1, 0.42), at(0.95, 1)]
            tips = [at(0, 0.42), at(0.33, 0.3), at(0.67, 0.3), at(1, 0.42)]
        else:
            # A jack's cap: a flat beret with a feather curling up and back over it.
            ts = [i / 12 for i in range(13)]
            spine = [(0.74 - 0.66 * t, 0.62 - 0.66 * t * (1.5 - 0.5 * t)) for t in ts]
            side_a, side_b = [], []
            for i, (u, v) in enumerate(spine):
                half = 0.13 * math.sin(math.pi * (0.1 + 0.9 * i / 12)) ** 0.6
                side_a.append(at(u - half * 0.6, v + half))
                side_b.append(at(u + half * 0.6, v - half))
            plume = side_a + side_b[::-1]
            pygame.draw.polygon(big, TRIM, plume)
            pygame.draw.polygon(big, ink, plume, line)
            pygame.draw.lines(big, ink, False, [at(u, v) for u, v in spine[:-1]], max(1, line // 2))
            outline = []
            for i in range(17):
                ang = math.pi + i * math.pi / 16
                outline.append(at(0.5 + 0.47 * math.cos(ang), 0.88 + 0.34 * math.sin(ang)))
            tips = []
        pygame.draw.polygon(big, TRIM, outline)
        pygame.draw.polygon(big, ink, outline, line)
        band = pygame.Rect(0, 0, round(width * 1.0), max(line * 3, round(hgt * 0.2)))
        band.midbottom = (round(cx), round(top + hgt * 1.08))
        pygame.draw.rect(big, TRIM, band, border_radius=line)
        pygame.draw.rect(big, ink, band, width=line, border_radius=line)
        pygame.draw.circle(big, ink, band.center, band.height * 0.28)
        for tip in tips:
            pygame.draw.circle(big, TRIM, tip, hgt * 0.1)
            pygame.draw.circle(big, ink, tip, hgt * 0.1, line)

    def _draw_joker(self, surf: pygame.Surface, w: int, h: int, ink: Colour) -> None:
        """The joker in its colour `ink`: the word down the corners, a star in the middle."""
        _, _, cap, _ = self._index_metrics(w)
        letter_cap = max(5, round(cap * 0.62))
        letters = [self.glyphs.glyph(ch, letter_cap, ink) for ch in "JOKER"]
        gap = max(1, round(letter_cap * 0.25))
        col_w = max(img.get_width() for img in letters)
        col = pygame.Surface((col_w, sum(i.get_height() for i in letters) + gap * 4), pygame.SRCALPHA)
        y = 0
        for img in letters:
            col.blit(img, ((col_w - img.get_width()) // 2, y))
            y += img.get_height() + gap
        self._draw_corner(surf, col, w, h)

        n = SS
        big = pygame.Surface((w * n, h * n), pygame.SRCALPHA)
        big.fill((*ink, 0))
        cx, cy = w * n / 2, h * n * 0.44
        outer = w * n * 0.3
        pygame.draw.polygon(big, BLACK, star_points(cx, cy, outer * 1.08, outer * 0.43))
        pygame.draw.polygon(big, ink if ink != BLACK else (70, 72, 80), star_points(cx, cy, outer, outer * 0.4))
        pygame.draw.polygon(big, TRIM, star_points(cx, cy, outer * 0.45, outer * 0.18))
        surf.blit(downsample(big, (w, h)), (0, 0))
        word = self.glyphs.glyph("JOKER", max(6, round(w * 0.11)), ink)
        if word.get_width() > w * 0.56:
            word = pygame.transform.smoothscale(word, (round(w * 0.56), word.get_height()))
        surf.blit(word, word.get_rect(center=(w / 2, h * 0.74)))
