"""Where a toast or a panel goes so that it covers no zone of the table: the free place nearest the one the layout
prefers, or, where the table has none big enough, the place that covers the least.

Pure geometry on rectangles (pygame's, for the quick collision tests): the table asks once per layout and size.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from cardtable.core.layout import Rect, TableLayout

SHOWN = ("seat", "cell", "stack", "fan", "spread")  # zones drawn even when empty
STEPS = 24  # candidate places per side of the area searched


def zone_rects(layout: TableLayout) -> list[Rect]:
    """What a toast or a panel should not cover: every zone's cards and drawn place, and the move log."""
    rects = [zone.bounds() if zone.spots else zone.slot for zone in layout.zones if zone.spots or zone.kind in SHOWN]
    if layout.move_log is not None:
        rects.append(layout.move_log)
    return outermost(rects)


def own_hand_rects(layout: TableLayout) -> list[Rect]:
    """The hands shown face up (the person's own, in a game of hidden hands): where nothing is covered, a panel
    rather covers these than another player's cards or the piles (the person is answering, not picking a card)."""
    return [zone.bounds() for zone in layout.zones
            if zone.kind == "hand" and zone.spots and all(s.face_up for s in zone.spots)]


def outermost(rects: list[Rect]) -> list[Rect]:
    """`rects` without those lying wholly inside another (a board's cells inside its columns): fewer to test."""
    boxes = [pygame.Rect(r) for r in rects]
    kept: list[Rect] = []
    for i, box in enumerate(boxes):
        # Only the boxes it touches can hold it (found in one call: most boxes touch none); an empty box touches none.
        near = box.collidelistall(boxes) if box.w and box.h else range(len(boxes))
        if not any(j != i and boxes[j].contains(box) and (boxes[j] != box or j < i) for j in near):
            kept.append(rects[i])
    return kept


def clear_place(size: tuple[int, int], prefer: tuple[int, int], area: Rect, avoid: Sequence[Rect],
                margin: int = 4, soft: Sequence[Rect] = ()) -> tuple[int, int]:
    """The top left corner of a box of `size` inside `area`, as near as can be to being centred on `prefer`, where
    it covers none of `avoid` (kept `margin` pixels apart); where no such place exists, the one covering the least
    (the nearest of those), what it covers of `soft` (some of `avoid`) counting a twentieth."""
    w, h = size
    ax, ay, aw, ah = area
    lo_x, hi_x = ax, max(ax, ax + aw - w)
    lo_y, hi_y = ay, max(ay, ay + ah - h)
    px = min(max(prefer[0] - w // 2, lo_x), hi_x)
    py = min(max(prefer[1] - h // 2, lo_y), hi_y)
    found = _nearest_free((w, h), (px, py), (lo_x, hi_x, lo_y, hi_y), avoid, margin)
    if found is None and soft:  # covering only the soft ones
        gentle = {tuple(r) for r in soft}
        found = _nearest_free((w, h), (px, py), (lo_x, hi_x, lo_y, hi_y),
                              [r for r in avoid if tuple(r) not in gentle], margin)
    if found is not None:
        return found
    return _least_covered((w, h), (px, py), (lo_x, hi_x, lo_y, hi_y), avoid, soft)


def _nearest_free(size: tuple[int, int], at: tuple[int, int], bounds: tuple[int, int, int, int],
                  avoid: Sequence[Rect], margin: int) -> tuple[int, int] | None:
    """The top left corner nearest `at` (within `bounds`: lowest and highest x, then y) of a box of `size` that
    covers none of `avoid`, kept `margin` pixels apart; None if there is none."""
    w, h = size
    px, py = at
    lo_x, hi_x, lo_y, hi_y = bounds
    spans = [(r[0] - margin, r[1] - margin, r[0] + r[2] + margin, r[1] + r[3] + margin) for r in avoid]
    # The rows to try: the preferred one, a grid, and flush above or below each zone (where a free gap usually is).
    ys = {py, *(lo_y + (hi_y - lo_y) * k // STEPS for k in range(STEPS + 1))}
    ys |= {y for x0, y0, x1, y1 in spans for y in (y1, y0 - h) if lo_y <= y <= hi_y}
    best: tuple[int, int, int] | None = None  # (squared distance, x, y) of the nearest free place so far
    for y in sorted(ys, key=lambda y: abs(y - py)):
        if best is not None and (y - py) ** 2 >= best[0]:
            break
        x = _free_x(w, px, lo_x, hi_x, [(x0, x1) for x0, y0, x1, y1 in spans if y0 < y + h and y < y1])
        if x is not None and (best is None or (x - px) ** 2 + (y - py) ** 2 < best[0]):
            best = ((x - px) ** 2 + (y - py) ** 2, x, y)
    return (best[1], best[2]) if best is not None else None


def _free_x(w: int, px: int, lo: int, hi: int, blocked: list[tuple[int, int]]) -> int | None:
    """The left edge nearest `px`, between `lo` and `hi`, of a gap `w` wide between the `blocked` spans."""
    best: int | None = None
    start = lo
    for x0, x1 in sorted(blocked) + [(hi + w, hi + w)]:
        if x0 - start >= w:  # a gap from start to x0
            x = min(max(px, start), x0 - w, hi)
            if x >= start and (best is None or abs(x - px) < abs(best - px)):
                best = x
        start = max(start, x1)
    return best


def _least_covered(size: tuple[int, int], at: tuple[int, int], bounds: tuple[int, int, int, int],
                   avoid: Sequence[Rect], soft: Sequence[Rect]) -> tuple[int, int]:
    """Of a grid of places, the one where the box covers the least of `avoid` (the nearest to `at` on a tie), what
    it covers of `soft` counting a twentieth."""
    w, h = size
    lo_x, hi_x, lo_y, hi_y = bounds
    gentle = {tuple(r) for r in soft}
    rects = [pygame.Rect(r) for r in avoid]
    weights = [1 if tuple(r) in gentle else 20 for r in avoid]
    xs = {at[0], *(lo_x + (hi_x - lo_x) * i // 12 for i in range(13))}
    ys = {at[1], *(lo_y + (hi_y - lo_y) * k // 12 for k in range(13))}
    ys |= {y for r in avoid for y in (r[1] + r[3] + 4, r[1] - h - 4) if lo_y <= y <= hi_y}  # flush with an edge
    places = {(x, y) for x in xs for y in ys}
    best: tuple[int, int, tuple[int, int]] | None = None
    for x, y in places:
        box = pygame.Rect(x, y, w, h)
        covered = 0
        for i in box.collidelistall(rects):
            clip = box.clip(rects[i])
            covered += clip.width * clip.height * weights[i]
        score = (covered, (x - at[0]) ** 2 + (y - at[1]) ** 2, (x, y))
        if best is None or score < best:
            best = score
    return best[2] if best is not None else at
