"""Where the seats of a round table go on screen (pure geometry shared by the games' layouts).

The viewer sits at the bottom; the other seats follow clockwise (the direction of play): up the
left side, along the top, down the right side, evenly spaced along that path so their blocks
(name panel plus a small face-down hand) do not overlap.  Blocks shrink when the window is small.
"""

from __future__ import annotations

from dataclasses import dataclass

Rect = tuple[int, int, int, int]

PANEL_W, PANEL_H = 184, 78
MIN_PANEL_W, MIN_PANEL_H = 88, 50
MARGIN = 12


@dataclass(frozen=True)
class SeatPlace:
    """One seat's block: its name panel, where its small hand fans out, and the direction it faces."""

    panel: Rect
    hand_at: tuple[int, int]  # top-left of its face-down hand
    toward: tuple[float, float]  # unit vector from the table's centre to the seat (for trick cards)


@dataclass(frozen=True)
class Ring:
    """The seats placed around the table, and the open middle left for the play."""

    places: dict[int, SeatPlace]
    centre: tuple[int, int]
    middle: Rect  # the free area between the seats, above the viewer's hand
    small_card: tuple[int, int]


def _path_point(d: float, left: float, right: float, top: float, bottom: float,
                corner: tuple[float, float]) -> tuple[float, float, str]:
    """The point at distance d along the U path: up the left side, across the top, down the right side.

    The corners are cut by a block's size (`corner`), so blocks on either side of a corner never meet.
    """
    cx, cy = corner
    side = max(0.0, bottom - (top + cy))
    across = max(0.0, (right - cx) - (left + cx))
    if d <= side:
        return left, bottom - d, "left"
    d -= side
    if d <= across:
        return left + cx + d, top, "top"
    d -= across
    return right, top + cy + min(d, side), "right"


def panel_size(scale: float = 1.0) -> tuple[int, int]:
    """A seat panel's size in a window grown by `scale` (`TableContext.scale`)."""
    return int(PANEL_W * scale), int(PANEL_H * scale)


def seat_ring(players: int, me: int, width: int, top: int, bottom: int, small_card: tuple[int, int],
              scale: float = 1.0) -> Ring:
    """Place `players` seats with `me` at the bottom; others between `top` and `bottom` (the hand's top); the
    panels are as big as `scale` makes them, smaller if they would overlap."""
    others = [(me + k) % players for k in range(1, players)]
    count = len(others)
    sw, sh = small_card
    pw, ph = panel_size(scale)
    for _ in range(18):  # shrink until no two blocks overlap (or the smallest size is reached)
        bw, bh = pw, ph + sh + 6
        left, right = MARGIN + bw / 2, width - MARGIN - bw / 2
        y_top, y_bottom = top + bh / 2, bottom - bh / 2
        corner = (bw * 0.6, bh * 0.6)
        length = 2 * max(0.0, y_bottom - y_top - corner[1]) + max(0.0, right - left - 2 * corner[0])
        if count == 1:
            positions = [(width / 2, y_top, "top")]
        elif count == 2:
            positions = [_path_point(length * f, left, right, y_top, y_bottom, corner) for f in (0.3, 0.7)]
        else:
            positions = [_path_point(length * (i + 0.5) / count, left, right, y_top, y_bottom, corner)
                         for i in range(count)]
        blocks = [(int(x - bw / 2) - 4, int(y - bh / 2) - 4, bw + 8, bh + 8) for x, y, _ in positions]
        clash = any(overlaps(a, b) for i, a in enumerate(blocks) for b in blocks[i + 1:])
        if not clash or (pw <= MIN_PANEL_W and ph <= MIN_PANEL_H):
            break
        pw, ph = max(MIN_PANEL_W, int(pw * 0.9)), max(MIN_PANEL_H, int(ph * 0.94))
        sw, sh = max(20, int(sw * 0.92)), max(28, int(sh * 0.92))
    places: dict[int, SeatPlace] = {}
    centre_x = width / 2
    centre_y = (top + bh + bottom) / 2
    for seat, (x, y, _edge) in zip(others, positions, strict=True):
        panel = (int(x - pw / 2), int(y - bh / 2), pw, ph)
        hand_at = (int(x - pw / 2), int(y - bh / 2 + ph + 4))
        dx, dy = x - centre_x, y - centre_y
        norm = max(1.0, (dx * dx + dy * dy) ** 0.5)
        places[seat] = SeatPlace(panel, hand_at, (dx / norm, dy / norm))
    places[me] = SeatPlace((MARGIN + 4, 0, pw, ph), (0, 0), (0.0, 1.0))
    side_w = MARGIN + pw + 8 if count >= 3 else MARGIN
    middle = (int(side_w), int(top + bh + 6), int(width - 2 * side_w), int(max(40, bottom - top - bh - 12)))
    return Ring(places, (int(centre_x), int(centre_y)), middle, (sw, sh))


def overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def hand_row(count: int, width: int, y: int, card: tuple[int, int], clear_left: int) -> list[Rect]:
    """Rectangles of the viewer's hand: a row centred at the bottom, overlapping to fit, clear of `clear_left`."""
    cw, ch = card
    span = min(width * 0.6, width - 2 * clear_left)
    step = min(cw * 0.75, (span - cw) / max(1, count - 1)) if count > 1 else 0
    left = width / 2 - (cw + step * (count - 1)) / 2
    return [(int(left + i * step), y, cw, ch) for i in range(count)]


def small_fan(count: int, place: SeatPlace, small: tuple[int, int]) -> list[Rect]:
    """Rectangles of another seat's face-down hand, fanned under its panel."""
    sw, sh = small
    pw = place.panel[2]
    fan = min(sw * 0.3, (pw - sw) / max(1, count - 1)) if count > 1 else 0
    x0 = place.panel[0] + pw / 2 - (sw + fan * max(0, count - 1)) / 2
    return [(int(x0 + i * fan), place.hand_at[1], sw, sh) for i in range(count)]


def toward_centre(ring: Ring, place: SeatPlace, card: tuple[int, int]) -> Rect:
    """Where a card played by that seat lies in the middle: out from the centre towards the seat."""
    mx, my, mw, mh = ring.middle
    cx, cy = mx + mw / 2, my + mh / 2
    reach_x = max(0.0, mw / 2 - card[0] / 2 - 6) * 0.45
    reach_y = max(0.0, mh / 2 - card[1] / 2 - 4)
    tx, ty = place.toward
    return (int(cx + tx * reach_x - card[0] / 2), int(cy + ty * reach_y - card[1] / 2), card[0], card[1])


def hand_rows(count: int, width: int, bottom_y: int, card: tuple[int, int], clear_left: int, max_rows: int = 2,
              min_show: float = 0.3) -> list[Rect]:
    """The viewer's hand in one overlapping row while each card still shows `min_show` of its width, else in up to
    `max_rows` rows: the first cards in the upper rows (drawn first, so the rows below cover only their lower
    part), the last row's top at `bottom_y`."""
    cw, ch = card
    span = min(width * 0.6, width - 2 * clear_left)
    rows = 1
    while rows < max_rows and count > 1:
        per_row = -(-count // rows)
        if per_row <= 1 or (span - cw) / (per_row - 1) >= cw * min_show:
            break
        rows += 1
    per_row = -(-count // rows) if count else 0
    rects: list[Rect] = []
    for r in range(rows):
        n = min(per_row, count - r * per_row)
        y = bottom_y - (rows - 1 - r) * int(ch * 0.45)
        rects += hand_row(n, width, y, card, clear_left)
    return rects
