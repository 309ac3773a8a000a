"""Drawing primitives shared by the card art: antialiased shapes (drawn big, then scaled down), rounded cards,
ovals, arrows, symbol shapes, tinting and outlining of masks."""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass
from typing import Literal, TypeAlias, TypeVar

import pygame

Colour = tuple[int, int, int]
Point = tuple[float, float]
#: Vector shapes, each named by its kind: a ring (centre, radius, width), a disc (centre, radius), a polygon (points).
Ring: TypeAlias = tuple[Literal["ring"], tuple[Point, float, float]]
Disc: TypeAlias = tuple[Literal["circle"], tuple[Point, float]]
Polygon: TypeAlias = tuple[Literal["poly"], list[Point]]
Shape: TypeAlias = Ring | Disc | Polygon
T = TypeVar("T")

CARD_WHITE: Colour = (253, 252, 247)
CARD_BORDER: Colour = (150, 150, 150)
WHITE: Colour = (255, 255, 255)
STRONG_BORDER: Colour = (40, 40, 44)  # a card's edge in high contrast: overlapping cards stand apart
SS = 4  # supersampling factor for antialiased shapes


@dataclass
class CardStyle:
    """The person's choices about how every card is drawn (shared by the renderers of `CardArt`).

    four_colour: French suits in an ink each.  colour_marks: coloured faces carry their colour's letter.
    high_contrast: dark card edges and stronger empty places.
    """

    four_colour: bool = False
    colour_marks: bool = False
    high_contrast: bool = False

    @property
    def border(self) -> Colour:
        """The colour of a card's edge."""
        return STRONG_BORDER if self.high_contrast else CARD_BORDER


def radius(width: int) -> int:
    """Corner radius for a card `width` pixels wide."""
    return max(2, round(width * 0.08))


def star_points(cx: float, cy: float, outer: float, inner: float) -> list[Point]:
    """A five-pointed star, point up."""
    pts: list[Point] = []
    for i in range(10):
        ang = -math.pi / 2 + i * math.pi / 5
        rad = outer if i % 2 == 0 else inner
        pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
    return pts


def diagonals(surf: pygame.Surface, colour: Colour, x: float, y: float, span: int, width: int) -> None:
    """Two crossing 45-degree lines through (x, y), long enough to cross the whole card."""
    pygame.draw.line(surf, colour, (x - span, y - span), (x + span, y + span), width)
    pygame.draw.line(surf, colour, (x - span, y + span), (x + span, y - span), width)


def downsample(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(big, size)


def whole(parts: Generator[None, None, T]) -> T:
    """What a drawing made in parts (a generator pausing between them) returns, all its parts done at once."""
    while True:
        try:
            next(parts)
        except StopIteration as done:
            return done.value


def rounded_card_parts(size: tuple[int, int], fill: Colour, border: Colour, border_px: float
                       ) -> Generator[None, None, pygame.Surface]:
    """An antialiased rounded card blank: `fill` inside a `border_px`-wide `border`, in two parts (drawn big, a
    pause, then scaled down)."""
    w, h = size
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    big.fill((*border, 0))
    r = radius(w) * SS
    rect = big.get_rect()
    pygame.draw.rect(big, border, rect, border_radius=r)
    bw = max(1, round(border_px * SS))
    pygame.draw.rect(big, fill, rect.inflate(-2 * bw, -2 * bw), border_radius=max(0, r - bw))
    yield
    return downsample(big, size)


def with_alpha(surf: pygame.Surface) -> pygame.Surface:
    """An opaque copy of `surf` with a per-pixel alpha channel."""
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    out.blit(surf, (0, 0))
    return out


def alpha_mask(size: tuple[int, int], rect: pygame.Rect, radius: int) -> pygame.Surface:
    """White surface that is opaque inside the rounded `rect` only; multiply onto a layer to clip it."""
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=radius)
    return mask


def oval_radius(phi: float, a: float, b: float, tilt: float) -> float:
    """Distance from the centre to the edge of an ellipse (semi-axes `a` across, `b` along) turned by `tilt`."""
    c, s = math.cos(phi - tilt), math.sin(phi - tilt)
    return 1.0 / math.sqrt((c / a) ** 2 + (s / b) ** 2)


def oval_points(centre: Point, a: float, b: float, tilt: float, start: float = 0.0, stop: float = 2 * math.pi,
                 steps: int = 96) -> list[Point]:
    """Edge points of the tilted ellipse between polar angles `start` and `stop` (y down, clockwise)."""
    cx, cy = centre
    pts = []
    for i in range(steps + 1):
        phi = start + (stop - start) * i / steps
        r = oval_radius(phi, a, b, tilt)
        pts.append((cx + r * math.cos(phi), cy + r * math.sin(phi)))
    return pts


def arrow(tail: Point, tip: Point, shaft: float, head: float, head_len: float) -> list[Point]:
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


#: The symbols drawn from vector shapes (the others are text).
SHAPED = frozenset({"skip", "reverse", "cat"})


def shape_symbol(name: str) -> list[Shape]:
    """A named symbol as vector shapes in a unit square (y down): "skip", "reverse" or "cat"."""
    if name == "cat":
        return _cat_shapes()
    if name == "skip":
        # A prohibition sign: a thick ring crossed by a slash.
        ring = 0.17
        d = (0.5 - ring / 2) / math.sqrt(2)
        slash = arrow((0.5 - d, 0.5 - d), (0.5 + d, 0.5 + d), ring, ring, 0.0)
        return [("ring", ((0.5, 0.5), 0.5, ring)), ("poly", slash)]
    # Reverse: two thick diagonal arrows side by side, pointing opposite ways and staggered along their length.
    u = (math.sin(math.pi / 4), -math.cos(math.pi / 4))  # up and to the right
    p = (-u[1], u[0])  # across the arrows, towards the lower right
    shapes: list[Shape] = []
    for side in (-1, 1):
        c = (side * p[0] * 0.25 - side * u[0] * 0.08, side * p[1] * 0.25 - side * u[1] * 0.08)
        tip = (c[0] - side * u[0] * 0.56, c[1] - side * u[1] * 0.56)
        tail = (c[0] + side * u[0] * 0.56, c[1] + side * u[1] * 0.56)
        shapes.append(("poly", arrow(tail, tip, 0.18, 0.42, 0.3)))
    return shapes


def shapes_bounds(shapes: list[Shape]) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of vector shapes."""
    xs: list[float] = []
    ys: list[float] = []
    for shape in shapes:
        if shape[0] == "poly":
            xs += [x for x, _ in shape[1]]
            ys += [y for _, y in shape[1]]
        else:  # a ring or a disc
            (cx, cy), r = shape[1][:2]
            xs += [cx - r, cx + r]
            ys += [cy - r, cy + r]
    return min(xs), min(ys), max(xs), max(ys)


def tinted(mask: pygame.Surface, colour: Colour) -> pygame.Surface:
    """A copy of the white `mask` in `colour` (its alpha kept)."""
    out = mask.copy()
    out.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def outlined(mask: pygame.Surface, fill: Colour, ink: Colour, stroke: int, shadow: int) -> pygame.Surface:
    """The white `mask` filled with `fill`, ringed `stroke` px wide in `ink` and with an `ink` drop shadow.

    The result is `stroke` px bigger on every side (plus `shadow` px right and down).
    """
    mw, mh = mask.get_size()
    out = pygame.Surface((mw + 2 * stroke + shadow, mh + 2 * stroke + shadow), pygame.SRCALPHA)
    out.fill((*ink, 0))
    dark = tinted(mask, ink)
    reach = stroke * stroke + stroke
    offsets = [(dx, dy) for dx in range(-stroke, stroke + 1) for dy in range(-stroke, stroke + 1)
               if dx * dx + dy * dy <= reach]
    shifts = [(0, 0), (shadow, shadow)] if shadow else [(0, 0)]
    blits = {(stroke + dx + sx, stroke + dy + sy) for sx, sy in shifts for dx, dy in offsets}
    out.blits([(dark, pos) for pos in sorted(blits)], doreturn=False)
    out.blit(tinted(mask, fill), (stroke, stroke))
    return out


def _cat_shapes() -> list[Shape]:
    """A cat's head: a round face with two pointed ears."""
    return [
        ("circle", ((0.5, 0.6), 0.36)),
        ("poly", [(0.16, 0.5), (0.14, 0.04), (0.44, 0.3)]),
        ("poly", [(0.84, 0.5), (0.86, 0.04), (0.56, 0.3)]),
    ]
