"""Procedural card art: faces, backs, empty-pile slots and highlight outlines.

Everything is drawn with pygame primitives and the bundled DejaVu fonts, so there are no
image assets.  Shapes with curves (suit pips, rounded corners, back patterns) are drawn
at a multiple of the final size and smooth-scaled down, which antialiases them.  All
results are cached; call `CardArt.clear()` when the card size changes for good.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from cardtable.core.cards import RANK_LABELS, Card
from cardtable.resources import asset_path

#: Identifiers of the available card-back designs; the first one is the default.
BACK_DESIGNS: tuple[str, ...] = ("blue", "red", "green", "purple")

Colour = tuple[int, int, int]
Point = tuple[float, float]

RED: Colour = (200, 16, 46)
BLACK: Colour = (26, 26, 30)
CARD_WHITE: Colour = (253, 252, 247)
CARD_BORDER: Colour = (150, 150, 150)
GOLD: Colour = (196, 154, 48)

_SS = 4  # supersampling factor for antialiased shapes
_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

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

# Back designs: (field colour, pattern colour, accent colour, pattern kind).
_BACK_STYLES: dict[str, tuple[Colour, Colour, Colour, str]] = {
    "blue": ((28, 64, 148), (92, 132, 214), (236, 240, 250), "lattice"),
    "red": ((158, 22, 38), (214, 86, 96), (250, 236, 236), "crosshatch"),
    "green": ((22, 104, 64), (78, 164, 112), (234, 246, 238), "scales"),
    "purple": ((78, 40, 120), (146, 104, 196), (242, 236, 250), "rings"),
}


#: Crazy (Uno-family) card colours by suit letter: saturated, and dark enough for white symbols.
CRAZY_COLOURS: dict[str, Colour] = {
    "R": (216, 36, 48),
    "Y": (246, 190, 18),
    "G": (38, 160, 74),
    "B": (24, 104, 204),
}
_CRAZY_SUITS = frozenset(("R", "Y", "G", "B", "W"))
_CRAZY_BLACK: Colour = (26, 26, 30)  # the wild cards' field
_CRAZY_INK: Colour = (22, 22, 26)  # outlines and shadows of the symbols
_WHITE: Colour = (255, 255, 255)
# The wild oval's quadrants, clockwise from the bottom-right one (polar angles 0-90 degrees, y down).
_WILD_QUADRANTS = ("G", "Y", "R", "B")
_OVAL_TILT = math.radians(28)  # the oval's long axis leans right at the top, leaving the index corners free
_SKIP, _REVERSE, _DRAW_TWO, _CRAZY, _DRAW_FOUR = 10, 11, 12, 13, 14


# --------------------------------------------------------------------------- geometry


def _radius(width: int) -> int:
    """Corner radius for a card `width` pixels wide."""
    return max(2, round(width * 0.08))


def _tangent_point(centre: Point, r: float, p: Point, outer_left: bool) -> Point:
    """Point where a line through `p` touches the circle, on the outer side of the pip."""
    dx, dy = p[0] - centre[0], p[1] - centre[1]
    dist = math.hypot(dx, dy)
    base = math.atan2(dy, dx)
    alpha = math.acos(min(1.0, r / dist))
    cands = [(centre[0] + r * math.cos(base + s * alpha), centre[1] + r * math.sin(base + s * alpha))
             for s in (1, -1)]
    return min(cands, key=lambda q: q[0]) if outer_left else max(cands, key=lambda q: q[0])


def _lobes(cy: float, d: float, r: float, tip: Point) -> list[tuple[str, object]]:
    """Two circles and the polygon joining them to `tip`: a heart (tip below) or spade body."""
    left, right = (0.5 - d, cy), (0.5 + d, cy)
    tl = _tangent_point(left, r, tip, True)
    tr = _tangent_point(right, r, tip, False)
    return [("circle", (left, r)), ("circle", (right, r)), ("poly", [tip, tl, left, right, tr])]


def _stem(top: float, bottom: float, top_half: float, foot_half: float) -> list[tuple[str, object]]:
    """A flared foot, concave-sided, as on spades and clubs."""
    steps = 12
    left: list[Point] = []
    for i in range(steps + 1):
        t = i / steps
        half = top_half + (foot_half - top_half) * t**2.4
        left.append((0.5 - half, top + (bottom - top) * t))
    right = [(1.0 - x, y) for x, y in reversed(left)]
    return [("poly", left + right)]


def _pip_shapes(suit: str) -> list[tuple[str, object]]:
    """Vector description of a suit symbol in a unit square (y down)."""
    if suit == "H":
        return _lobes(0.31, 0.235, 0.265, (0.5, 0.95))
    if suit == "S":
        return _lobes(0.58, 0.215, 0.235, (0.5, 0.02)) + _stem(0.6, 0.99, 0.03, 0.2)
    if suit == "C":
        r = 0.205
        return [
            ("circle", ((0.5, 0.245), r)),
            ("circle", ((0.5 - 0.235, 0.58), r)),
            ("circle", ((0.5 + 0.235, 0.58), r)),
            ("circle", ((0.5, 0.5), 0.12)),
        ] + _stem(0.55, 0.99, 0.03, 0.2)
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


def _star_points(cx: float, cy: float, outer: float, inner: float) -> list[Point]:
    """A five-pointed star, point up."""
    pts: list[Point] = []
    for i in range(10):
        ang = -math.pi / 2 + i * math.pi / 5
        rad = outer if i % 2 == 0 else inner
        pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
    return pts


def _diagonals(surf: pygame.Surface, colour: Colour, x: float, y: float, span: int, width: int) -> None:
    """Two crossing 45-degree lines through (x, y), long enough to cross the whole card."""
    pygame.draw.line(surf, colour, (x - span, y - span), (x + span, y + span), width)
    pygame.draw.line(surf, colour, (x - span, y + span), (x + span, y - span), width)


def _downsample(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(big, size)


def _rounded_card(size: tuple[int, int], fill: Colour, border: Colour, border_px: float) -> pygame.Surface:
    """An antialiased rounded card blank: `fill` inside a `border_px`-wide `border`."""
    w, h = size
    big = pygame.Surface((w * _SS, h * _SS), pygame.SRCALPHA)
    big.fill((*border, 0))
    r = _radius(w) * _SS
    rect = big.get_rect()
    pygame.draw.rect(big, border, rect, border_radius=r)
    bw = max(1, round(border_px * _SS))
    pygame.draw.rect(big, fill, rect.inflate(-2 * bw, -2 * bw), border_radius=max(0, r - bw))
    return _downsample(big, size)


def _with_alpha(surf: pygame.Surface) -> pygame.Surface:
    """An opaque copy of `surf` with a per-pixel alpha channel."""
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    out.blit(surf, (0, 0))
    return out


def _alpha_mask(size: tuple[int, int], rect: pygame.Rect, radius: int) -> pygame.Surface:
    """White surface that is opaque inside the rounded `rect` only; multiply onto a layer to clip it."""
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=radius)
    return mask


def _oval_radius(phi: float, a: float, b: float, tilt: float) -> float:
    """Distance from the centre to the edge of an ellipse (semi-axes `a` across, `b` along) turned by `tilt`."""
    c, s = math.cos(phi - tilt), math.sin(phi - tilt)
    return 1.0 / math.sqrt((c / a) ** 2 + (s / b) ** 2)


def _oval_points(centre: Point, a: float, b: float, tilt: float, start: float = 0.0, stop: float = 2 * math.pi,
                 steps: int = 96) -> list[Point]:
    """Edge points of the tilted ellipse between polar angles `start` and `stop` (y down, clockwise)."""
    cx, cy = centre
    pts = []
    for i in range(steps + 1):
        phi = start + (stop - start) * i / steps
        r = _oval_radius(phi, a, b, tilt)
        pts.append((cx + r * math.cos(phi), cy + r * math.sin(phi)))
    return pts


def _draw_wild_oval(big: pygame.Surface, centre: Point, a: float, b: float, tilt: float) -> None:
    """The four-colour oval: one quadrant per Crazy colour, split along the card's axes."""
    for q, suit in enumerate(_WILD_QUADRANTS):
        arc = _oval_points(centre, a, b, tilt, q * math.pi / 2, (q + 1) * math.pi / 2, 32)
        pygame.draw.polygon(big, CRAZY_COLOURS[suit], [centre, *arc])


def _arrow(tail: Point, tip: Point, shaft: float, head: float, head_len: float) -> list[Point]:
    """A straight arrow polygon from `tail` to `tip`: a shaft `shaft` wide and a head `head` wide."""
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    px, py = -uy, ux
    bx, by = tip[0] - ux * head_len, tip[1] - uy * head_len
    hs, hh = shaft / 2, head / 2
    return [
        (tail[0] + px * hs, tail[1] + py * hs), (bx + px * hs, by + py * hs), (bx + px * hh, by + py * hh),
        tip,
        (bx - px * hh, by - py * hh), (bx - px * hs, by - py * hs), (tail[0] - px * hs, tail[1] - py * hs),
    ]


def _crazy_shapes(rank: int) -> list[tuple[str, object]]:
    """Vector Skip / Reverse symbols in a unit square (y down)."""
    if rank == _SKIP:
        # A prohibition sign: a thick ring crossed by a slash.
        ring = 0.17
        d = (0.5 - ring / 2) / math.sqrt(2)
        slash = _arrow((0.5 - d, 0.5 - d), (0.5 + d, 0.5 + d), ring, ring, 0.0)
        return [("ring", ((0.5, 0.5), 0.5, ring)), ("poly", slash)]
    # Reverse: two thick diagonal arrows side by side, pointing opposite ways and staggered along their length.
    u = (math.sin(math.pi / 4), -math.cos(math.pi / 4))  # up and to the right
    p = (-u[1], u[0])  # across the arrows, towards the lower right
    shapes: list[tuple[str, object]] = []
    for side in (-1, 1):
        c = (side * p[0] * 0.25 - side * u[0] * 0.08, side * p[1] * 0.25 - side * u[1] * 0.08)
        tip = (c[0] - side * u[0] * 0.56, c[1] - side * u[1] * 0.56)
        tail = (c[0] + side * u[0] * 0.56, c[1] + side * u[1] * 0.56)
        shapes.append(("poly", _arrow(tail, tip, 0.18, 0.42, 0.3)))
    return shapes


def _shapes_bounds(shapes: list[tuple[str, object]]) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of vector shapes."""
    xs: list[float] = []
    ys: list[float] = []
    for kind, data in shapes:
        if kind == "ring":
            (cx, cy), r, _ = data  # type: ignore[misc]
            xs += [cx - r, cx + r]
            ys += [cy - r, cy + r]
        else:
            xs += [x for x, _ in data]  # type: ignore[union-attr]
            ys += [y for _, y in data]  # type: ignore[union-attr]
    return min(xs), min(ys), max(xs), max(ys)


def _tinted(mask: pygame.Surface, colour: Colour) -> pygame.Surface:
    """A copy of the white `mask` in `colour` (its alpha kept)."""
    out = mask.copy()
    out.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _outlined(mask: pygame.Surface, fill: Colour, ink: Colour, stroke: int, shadow: int) -> pygame.Surface:
    """The white `mask` filled with `fill`, ringed `stroke` px wide in `ink` and with an `ink` drop shadow.

    The result is `stroke` px bigger on every side (plus `shadow` px right and down).
    """
    mw, mh = mask.get_size()
    out = pygame.Surface((mw + 2 * stroke + shadow, mh + 2 * stroke + shadow), pygame.SRCALPHA)
    out.fill((*ink, 0))
    dark = _tinted(mask, ink)
    reach = stroke * stroke + stroke
    offsets = [(dx, dy) for dx in range(-stroke, stroke + 1) for dy in range(-stroke, stroke + 1)
               if dx * dx + dy * dy <= reach]
    shifts = [(0, 0), (shadow, shadow)] if shadow else [(0, 0)]
    blits = {(stroke + dx + sx, stroke + dy + sy) for sx, sy in shifts for dx, dy in offsets}
    out.blits([(dark, pos) for pos in sorted(blits)], doreturn=False)
    out.blit(_tinted(mask, fill), (stroke, stroke))
    return out


# --------------------------------------------------------------------------- the art


class CardArt:
    """Draws and caches every card-sized surface the table needs."""

    def __init__(self) -> None:
        """Create an empty cache; fonts are loaded on first use (pygame.font must be initialised)."""
        self._fonts: dict[tuple[bool, int], pygame.font.Font] = {}
        self._faces: dict[tuple[int, str, tuple[int, int]], pygame.Surface] = {}
        self._backs: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self._slots: dict[tuple[tuple[int, int], str], pygame.Surface] = {}
        self._outlines: dict[tuple[tuple[int, int], Colour, int], pygame.Surface] = {}
        self._blanks: dict[tuple[int, int], pygame.Surface] = {}
        self._pips: dict[tuple[str, int, Colour], pygame.Surface] = {}
        self._glyphs: dict[tuple[str, bool, int, Colour], pygame.Surface] = {}
        self._crazy_bases: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self._crazy_symbols: dict[tuple[object, ...], pygame.Surface] = {}

    # ----------------------------------------------------------------- public API

    def face(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        """The face of `card` at `size`, cached per (rank, suit, size)."""
        size = (int(size[0]), int(size[1]))
        key = (card.rank, card.suit, size)
        surf = self._faces.get(key)
        if surf is None:
            surf = self._render_face(card, size)
            self._faces[key] = surf
        return surf

    def back(self, design: str, size: tuple[int, int]) -> pygame.Surface:
        """A card back; unknown designs fall back to `BACK_DESIGNS[0]`."""
        size = (int(size[0]), int(size[1]))
        if design not in _BACK_STYLES:
            design = BACK_DESIGNS[0]
        key = (design, size)
        surf = self._backs.get(key)
        if surf is None:
            surf = self._render_back(design, size)
            self._backs[key] = surf
        return surf

    def slot(self, size: tuple[int, int], label: str = "") -> pygame.Surface:
        """An empty-pile placeholder: a translucent rounded outline with an optional faint label."""
        size = (int(size[0]), int(size[1]))
        key = (size, label)
        surf = self._slots.get(key)
        if surf is None:
            surf = self._render_slot(size, label)
            self._slots[key] = surf
        return surf

    def outline(self, size: tuple[int, int], colour: tuple[int, int, int], width: int = 3) -> pygame.Surface:
        """A highlight ring around a card of `size`; the surface is `width` px bigger on every side.

        Blit it at the card's position minus `(width, width)`.
        """
        size = (int(size[0]), int(size[1]))
        colour = (int(colour[0]), int(colour[1]), int(colour[2]))
        width = max(1, int(width))
        key = (size, colour, width)
        surf = self._outlines.get(key)
        if surf is None:
            surf = self._render_outline(size, colour, width)
            self._outlines[key] = surf
        return surf

    def clear(self) -> None:
        """Drop every cached surface (e.g. after the window, and so the card size, changed)."""
        for cache in (self._faces, self._backs, self._slots, self._outlines, self._blanks, self._pips,
                      self._glyphs, self._crazy_bases, self._crazy_symbols):
            cache.clear()

    # ----------------------------------------------------------------- building blocks

    def _font(self, px: int, bold: bool = True) -> pygame.font.Font:
        px = max(6, px)
        key = (bold, px)
        font = self._fonts.get(key)
        if font is None:
            path = asset_path("fonts", _FONT_FILES[bold])
            font = pygame.font.Font(str(path), px) if path.exists() else pygame.font.Font(None, px)
            self._fonts[key] = font
        return font

    def _glyph(self, text: str, cap_px: int, colour: Colour, bold: bool = True) -> pygame.Surface:
        """`text` rendered and cropped to its ink, with capitals `cap_px` tall.

        Characters are set a little tighter than the font's own spacing (on a shared baseline),
        which keeps two-digit indices such as "10" narrow.
        """
        key = (text, bold, cap_px, colour)
        surf = self._glyphs.get(key)
        if surf is None:
            font = self._font(round(cap_px / 0.73), bold)
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

    def _pip(self, suit: str, px: int, colour: Colour) -> pygame.Surface:
        """An antialiased suit symbol in a `px`-square surface."""
        px = max(3, px)
        key = (suit, px, colour)
        surf = self._pips.get(key)
        if surf is None:
            n = px * _SS
            big = pygame.Surface((n, n), pygame.SRCALPHA)
            big.fill((*colour, 0))
            for kind, data in _pip_shapes(suit):
                if kind == "circle":
                    (cx, cy), r = data  # type: ignore[misc]
                    pygame.draw.circle(big, colour, (cx * n, cy * n), r * n)
                else:
                    pygame.draw.polygon(big, colour, [(x * n, y * n) for x, y in data])  # type: ignore[union-attr]
            surf = _downsample(big, (px, px))
            self._pips[key] = surf
        return surf

    def _blank(self, size: tuple[int, int]) -> pygame.Surface:
        """A plain white card with a thin grey border (copy before drawing on it)."""
        surf = self._blanks.get(size)
        if surf is None:
            surf = _rounded_card(size, CARD_WHITE, CARD_BORDER, max(0.8, size[0] / 100))
            self._blanks[size] = surf
        return surf

    # ----------------------------------------------------------------- faces

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
        rank = self._glyph(label, cap, colour)
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

    def _render_face(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        if card.suit in _CRAZY_SUITS:
            return self._render_crazy(card, size)
        w, h = size
        surf = self._blank(size).copy()
        if card.is_joker:
            self._draw_joker(surf, w, h)
            return surf
        colour = RED if card.is_red else BLACK
        self._draw_corner(surf, self._corner_index(card, w, colour), w, h)
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
        n = _SS
        tint = (252, 236, 232) if card.is_red else (232, 237, 248)

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
        pygame.draw.rect(big, GOLD, gold_in, width=line, border_radius=max(0, rr - 3 * line))
        mid = rect.centery
        pygame.draw.line(big, GOLD, (gold_in.left, mid), (gold_in.right - 1, mid), line)
        centre_px = max(5, round(w * 0.11))
        pygame.draw.circle(big, tint, rect.center, centre_px * 0.7 * n)
        pygame.draw.circle(big, GOLD, rect.center, centre_px * 0.7 * n, line)

        # One end's headpiece, then the same turned 180 degrees for the other end.
        deco = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        deco.fill((*GOLD, 0))
        self._draw_crown(deco, card.rank, (rect.centerx, ph * 0.12 * n), pw * 0.36 * n, colour, line)
        big.blit(deco, (0, 0))
        big.blit(pygame.transform.flip(deco, True, True), (0, 0))
        panel_img = _downsample(big, (pw, ph))

        letter = self._glyph(RANK_LABELS[card.rank], max(6, round(w * 0.17)), colour)
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
            pygame.draw.polygon(big, GOLD, plume)
            pygame.draw.polygon(big, ink, plume, line)
            pygame.draw.lines(big, ink, False, [at(u, v) for u, v in spine[:-1]], max(1, line // 2))
            outline = []
            for i in range(17):
                ang = math.pi + i * math.pi / 16
                outline.append(at(0.5 + 0.47 * math.cos(ang), 0.88 + 0.34 * math.sin(ang)))
            tips = []
        pygame.draw.polygon(big, GOLD, outline)
        pygame.draw.polygon(big, ink, outline, line)
        band = pygame.Rect(0, 0, round(width * 1.0), max(line * 3, round(hgt * 0.2)))
        band.midbottom = (round(cx), round(top + hgt * 1.08))
        pygame.draw.rect(big, GOLD, band, border_radius=line)
        pygame.draw.rect(big, ink, band, width=line, border_radius=line)
        pygame.draw.circle(big, ink, band.center, band.height * 0.28)
        for tip in tips:
            pygame.draw.circle(big, GOLD, tip, hgt * 0.1)
            pygame.draw.circle(big, ink, tip, hgt * 0.1, line)

    def _draw_joker(self, surf: pygame.Surface, w: int, h: int) -> None:
        _, _, cap, _ = self._index_metrics(w)
        letter_cap = max(5, round(cap * 0.62))
        letters = [self._glyph(ch, letter_cap, BLACK) for ch in "JOKER"]
        gap = max(1, round(letter_cap * 0.25))
        col_w = max(img.get_width() for img in letters)
        col = pygame.Surface((col_w, sum(i.get_height() for i in letters) + gap * 4), pygame.SRCALPHA)
        y = 0
        for img in letters:
            col.blit(img, ((col_w - img.get_width()) // 2, y))
            y += img.get_height() + gap
        self._draw_corner(surf, col, w, h)

        n = _SS
        big = pygame.Surface((w * n, h * n), pygame.SRCALPHA)
        big.fill((*RED, 0))
        cx, cy = w * n / 2, h * n * 0.44
        outer = w * n * 0.3
        pygame.draw.polygon(big, BLACK, _star_points(cx, cy, outer * 1.08, outer * 0.43))
        pygame.draw.polygon(big, RED, _star_points(cx, cy, outer, outer * 0.4))
        pygame.draw.polygon(big, GOLD, _star_points(cx, cy, outer * 0.45, outer * 0.18))
        surf.blit(_downsample(big, (w, h)), (0, 0))
        word = self._glyph("JOKER", max(6, round(w * 0.11)), BLACK)
        if word.get_width() > w * 0.56:
            word = pygame.transform.smoothscale(word, (round(w * 0.56), word.get_height()))
        surf.blit(word, word.get_rect(center=(w / 2, h * 0.74)))

    # ----------------------------------------------------------------- Crazy faces

    @staticmethod
    def _crazy_metrics(w: int, h: int) -> tuple[float, float, float, int]:
        """(white margin, oval semi-axis across, oval semi-axis along, corner cap height) in pixels."""
        return max(2.0, w * 0.055), w * 0.335, h * 0.43, max(7, round(w * 0.12 + 3))

    def _render_crazy(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        """A Crazy face: a coloured (or, for wild cards, black) field with a tilted white oval."""
        w, h = size
        wild = card.suit == "W" or card.suit not in CRAZY_COLOURS
        rank = card.rank
        if wild and rank != _DRAW_FOUR:
            rank = _CRAZY
        surf = self._crazy_base("W" if wild else card.suit, size).copy()
        margin, _, _, cap = self._crazy_metrics(w, h)
        stroke = max(1, round(w / 45))
        shadow = max(1, round(w / 50))
        corner_stroke = max(1, round(w / 85))
        if wild:
            if rank == _DRAW_FOUR:
                big = self._crazy_symbol(rank, round(h * 0.26), _WHITE, stroke + 1, shadow)
                self._blit_centred(surf, big, stroke + 1, shadow, (w / 2, h / 2))
                corner = self._crazy_symbol(rank, cap, _WHITE, corner_stroke, 0)
            else:
                corner = self._wild_mark(round(cap * 1.55))
                corner_stroke = 0
        else:
            fill = CRAZY_COLOURS[card.suit]
            if rank in (_SKIP, _REVERSE):
                px = round(w * 0.5)
            elif rank < 10:
                px = round(h * 0.3)
            else:
                px = round(h * 0.24)
            big = self._crazy_symbol(rank, px, fill, stroke, shadow)
            self._blit_centred(surf, big, stroke, shadow, (w / 2, h / 2))
            corner_px = round(cap * 1.3) if rank in (_SKIP, _REVERSE) else cap
            corner = self._crazy_symbol(rank, corner_px, _WHITE, corner_stroke, 0)
        pad = round(margin + w * 0.04) - corner_stroke
        surf.blit(corner, (pad, pad))
        turned = pygame.transform.flip(corner, True, True)
        surf.blit(turned, (w - pad - turned.get_width(), h - pad - turned.get_height()))
        return surf

    @staticmethod
    def _blit_centred(surf: pygame.Surface, symbol: pygame.Surface, stroke: int, shadow: int, centre: Point) -> None:
        """Blit a symbol from `_crazy_symbol` so that its ink (not its outline or shadow) is centred on `centre`."""
        iw = symbol.get_width() - 2 * stroke - shadow
        ih = symbol.get_height() - 2 * stroke - shadow
        surf.blit(symbol, (round(centre[0] - iw / 2 - stroke), round(centre[1] - ih / 2 - stroke)))

    def _crazy_base(self, suit: str, size: tuple[int, int]) -> pygame.Surface:
        """The card without symbols: white edge, coloured field, oval (cached; copy before drawing)."""
        key = (suit, size)
        surf = self._crazy_bases.get(key)
        if surf is None:
            w, h = size
            n = _SS
            big = pygame.Surface((w * n, h * n), pygame.SRCALPHA)
            big.fill((*CARD_BORDER, 0))
            rect = big.get_rect()
            r = _radius(w) * n
            edge = max(1, round(n * max(0.8, w / 100)))
            pygame.draw.rect(big, CARD_BORDER, rect, border_radius=r)
            pygame.draw.rect(big, CARD_WHITE, rect.inflate(-2 * edge, -2 * edge), border_radius=max(0, r - edge))
            margin, a, b, _ = self._crazy_metrics(w, h)
            m = round(margin * n)
            field = rect.inflate(-2 * m, -2 * m)
            pygame.draw.rect(big, CRAZY_COLOURS.get(suit, _CRAZY_BLACK), field, border_radius=max(n, r - m // 2))
            centre = (rect.width / 2, rect.height / 2)
            if suit in CRAZY_COLOURS:
                pygame.draw.polygon(big, CARD_WHITE, _oval_points(centre, a * n, b * n, _OVAL_TILT))
            else:
                a, b = a * 0.86 * n, b * 0.86 * n
                rim = max(1.0, w * 0.02) * n
                pygame.draw.polygon(big, CARD_WHITE, _oval_points(centre, a + rim, b + rim, _OVAL_TILT))
                _draw_wild_oval(big, centre, a, b, _OVAL_TILT)
            surf = _downsample(big, size)
            self._crazy_bases[key] = surf
        return surf

    def _crazy_mask(self, rank: int, px: int) -> pygame.Surface:
        """The symbol for `rank` in white, `px` tall (numbers and "+2"/"+4" by their cap height)."""
        if rank in (_SKIP, _REVERSE):
            shapes = _crazy_shapes(rank)
            left, top, right, bottom = _shapes_bounds(shapes)
            k = px / (bottom - top)
            pw = max(1, round((right - left) * k))
            n = _SS
            big = pygame.Surface((pw * n, px * n), pygame.SRCALPHA)
            big.fill((*_WHITE, 0))

            def at(x: float, y: float) -> Point:
                return ((x - left) * k * n, (y - top) * k * n)

            for kind, data in shapes:
                if kind == "ring":
                    (cx, cy), r, width = data  # type: ignore[misc]
                    pygame.draw.circle(big, _WHITE, at(cx, cy), r * k * n, max(1, round(width * k * n)))
                else:
                    pygame.draw.polygon(big, _WHITE, [at(x, y) for x, y in data])  # type: ignore[union-attr]
            return _downsample(big, (pw, px))
        text = {_DRAW_TWO: "+2", _DRAW_FOUR: "+4"}.get(rank, str(rank))
        glyph = self._glyph(text, px, _WHITE)
        if rank not in (6, 9):
            return glyph
        # Underline 6 and 9 so that they can be told apart upside down.
        gw, gh = glyph.get_size()
        bar = max(1, round(px * 0.1))
        gap = max(1, round(px * 0.09))
        out = pygame.Surface((gw, gh + gap + bar), pygame.SRCALPHA)
        out.fill((*_WHITE, 0))
        out.blit(glyph, (0, 0))
        bw = max(bar * 2, round(gw * 0.8))
        pygame.draw.rect(out, _WHITE, ((gw - bw) // 2, gh + gap, bw, bar), border_radius=bar // 2)
        return out

    def _crazy_symbol(self, rank: int, px: int, fill: Colour, stroke: int, shadow: int) -> pygame.Surface:
        """The symbol for `rank` filled with `fill`, outlined and shadowed in dark ink (cached)."""
        px = max(5, px)
        key = (rank, px, fill, stroke, shadow)
        surf = self._crazy_symbols.get(key)
        if surf is None:
            surf = _outlined(self._crazy_mask(rank, px), fill, _CRAZY_INK, stroke, shadow)
            self._crazy_symbols[key] = surf
        return surf

    def _wild_mark(self, px: int) -> pygame.Surface:
        """A small four-colour oval (the Crazy card's corner index), `px` tall."""
        px = max(6, px)
        key = ("wild-mark", px)
        surf = self._crazy_symbols.get(key)
        if surf is None:
            pw = max(4, round(px * 0.78))
            n = _SS
            big = pygame.Surface((pw * n, px * n), pygame.SRCALPHA)
            big.fill((*_WHITE, 0))
            centre = (pw * n / 2, px * n / 2)
            # Fit the tilted oval (plus its white rim) in the box.
            a, b = pw * n * 0.3, px * n * 0.44
            rim = max(1.0, px * 0.07) * n
            pygame.draw.polygon(big, CARD_WHITE, _oval_points(centre, a + rim, b + rim, _OVAL_TILT, steps=48))
            _draw_wild_oval(big, centre, a, b, _OVAL_TILT)
            surf = _downsample(big, (pw, px))
            self._crazy_symbols[key] = surf
        return surf

    # ----------------------------------------------------------------- backs

    def _render_back(self, design: str, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        field, pattern, accent, kind = _BACK_STYLES[design]
        n = _SS if w <= 240 else 2  # powers of two: smoothscale is exact for them
        bw, bh = w * n, h * n
        margin = max(2, round(w * 0.06)) * n
        inner = pygame.Rect(margin, margin, bw - 2 * margin, bh - 2 * margin)
        inner_r = max(1, _radius(w) * n - margin // 2)

        layer = pygame.Surface((bw, bh), pygame.SRCALPHA)
        layer.fill(field)
        self._draw_pattern(layer, kind, pattern, accent, field, w * n, inner)
        # Thin accent frame just inside the field.
        frame = inner.inflate(-2 * max(2, round(w * 0.035)) * n, -2 * max(2, round(w * 0.035)) * n)
        pygame.draw.rect(layer, accent, frame, width=max(1, round(n * max(1.0, w / 90))),
                         border_radius=max(1, inner_r - n * 2))
        layer.blit(_alpha_mask((bw, bh), inner, inner_r), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)

        # Compose on an opaque canvas (alpha-on-alpha blits can lose a little opacity), then cut
        # the rounded card shape out of it.
        canvas = pygame.Surface((bw, bh))
        canvas.fill(CARD_BORDER)
        r = _radius(w) * n
        edge = max(1, round(n * max(0.8, w / 100)))
        pygame.draw.rect(canvas, CARD_WHITE, canvas.get_rect().inflate(-2 * edge, -2 * edge),
                         border_radius=max(0, r - edge))
        canvas.blit(layer, (0, 0))
        big = canvas.convert_alpha() if pygame.display.get_surface() else _with_alpha(canvas)
        big.blit(_alpha_mask((bw, bh), big.get_rect(), r), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return _downsample(big, size)

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
                _diagonals(layer, pattern, cx + off, cy, span, lw)
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
                _diagonals(layer, pattern, cx + off, cy, span, lw)
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
        star = _star_points(cx, cy, med * 0.62, med * 0.25)
        pygame.draw.polygon(layer, accent, star)

    # ----------------------------------------------------------------- slots and outlines

    def _render_slot(self, size: tuple[int, int], label: str) -> pygame.Surface:
        w, h = size
        big = pygame.Surface((w * _SS, h * _SS), pygame.SRCALPHA)
        big.fill((255, 255, 255, 0))
        r = _radius(w) * _SS
        line = max(1, round(_SS * max(1.5, w / 50)))
        pygame.draw.rect(big, (255, 255, 255, 34), big.get_rect(), border_radius=r)
        pygame.draw.rect(big, (255, 255, 255, 110), big.get_rect(), width=line, border_radius=r)
        surf = _downsample(big, size)
        if label:
            text = self._glyph(label, max(6, round(w * 0.34)), (255, 255, 255))
            if text.get_width() > w * 0.8:
                text = pygame.transform.smoothscale(
                    text, (round(w * 0.8), max(1, round(text.get_height() * w * 0.8 / text.get_width())))
                )
            text = text.copy()
            text.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
            surf.blit(text, text.get_rect(center=(w / 2, h / 2)))
        return surf

    @staticmethod
    def _render_outline(size: tuple[int, int], colour: Colour, width: int) -> pygame.Surface:
        w, h = size
        ow, oh = w + 2 * width, h + 2 * width
        big = pygame.Surface((ow * _SS, oh * _SS), pygame.SRCALPHA)
        big.fill((*colour, 0))
        outer_r = (_radius(w) + width) * _SS
        ring = (width + 1) * _SS  # overlap the card edge by a pixel so no gap shows
        pygame.draw.rect(big, colour, big.get_rect(), width=ring, border_radius=outer_r)
        return _downsample(big, (ow, oh))


# --------------------------------------------------------------------------- Crazy colour chips


@lru_cache(maxsize=64)
def _swatch(colour: str, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    n = _SS
    big = pygame.Surface((w * n, h * n), pygame.SRCALPHA)
    big.fill((*CARD_WHITE, 0))
    rect = big.get_rect()
    r = max(2, round(min(w, h) * 0.22)) * n
    rim = max(1, round(min(w, h) * 0.06)) * n
    pygame.draw.rect(big, CARD_WHITE, rect, border_radius=r)
    pygame.draw.rect(big, CRAZY_COLOURS[colour], rect.inflate(-2 * rim, -2 * rim), border_radius=max(n, r - rim))
    return _downsample(big, size)


def colour_swatch(colour: str, size: tuple[int, int]) -> pygame.Surface:
    """A rounded chip of the Crazy colour `colour` ("R", "Y", "G" or "B") in a thin white rim (cached).

    For the table's "current colour" indicator and the colour chooser.  Raises `ValueError` for other colours.
    """
    if colour not in CRAZY_COLOURS:
        raise ValueError(f"not a Crazy colour: {colour!r}")
    return _swatch(colour, (max(1, int(size[0])), max(1, int(size[1]))))
