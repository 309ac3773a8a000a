"""Where a seat panel's text goes: its lines at one size that fits the panel, and the seat's note where there is
room for it, each as a box the panel draws and a test can measure."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from cardtable.core.layout import Zone
from cardtable.ui.table.fit_text import fitting_px, min_px, shorten
from cardtable.ui.theme import Fonts

PAD = 8  # the text's margin inside the panel's frame
#: The text size of a panel's lines, by the table's fonts, the lines, the panel's size, the window's scale and the
#: dealer button's room.
_SIZES: dict[tuple[object, ...], int] = {}


@dataclass(frozen=True)
class PanelText:
    """One text of a panel: what is drawn (`text`, maybe shortened from `full`), in `font`, at `rect` (relative to
    the panel's top left); `line` is its index in the zone's lines, None for the note."""

    text: str
    full: str
    font: pygame.font.Font
    rect: pygame.Rect
    line: int | None


def dealer_room(zone: Zone, scale: float) -> int:
    """The width the dealer button takes at the right of the name line (0 when the seat does not deal)."""
    return int(26 * scale) if "dealer" in zone.marks else 0


def panel_texts(zone: Zone, fonts: Fonts, scale: float, cue: str) -> list[PanelText]:
    """The panel's lines (the name first, bold), at the largest size from 16 px down to the smallest at which they
    stack in the panel, a line too wide shortened at a word; then the note ("plays red 7", "thinking...") at the bottom
    right: under the lines when there is room, else beside the line that leaves it most, shortened at a word, or
    left out rather than drawn over text."""
    w, h = zone.slot[2], zone.slot[3]
    dealer = dealer_room(zone, scale)
    key = (fonts, zone.lines, w, h, scale, dealer)
    px = _SIZES.get(key)
    if px is None:  # (the size is measured once for each text and box: the panel is drawn again on every move)
        if len(_SIZES) > 512:
            _SIZES.clear()
        px = _SIZES[key] = fitting_px(fonts, zone.lines, w - 2 * PAD, h - 8, int(16 * scale), min_px(scale),
                                      first_less=dealer)
    out: list[PanelText] = []
    y = 4
    for i, line in enumerate(zone.lines):
        font = fonts.get(px + 1, bold=True) if i == 0 else fonts.get(px)
        room = w - 2 * PAD - (dealer if i == 0 else 0)
        text = shorten(font, line, room)
        out.append(PanelText(text, line, font, pygame.Rect(PAD, y, font.size(text)[0], font.get_linesize()), i))
        y += font.get_linesize() + 2
    if not cue:
        return out
    font = fonts.get(min(px, max(min_px(scale), int(13 * scale))))
    tall = font.get_linesize()
    if h - 4 - tall >= y:
        text, top = shorten(font, cue, w - 2 * PAD, whole_words=True), h - 4 - tall
    else:
        beside = min(out[1:] or out, key=lambda t: t.rect.right + (dealer if t.line == 0 else 0))
        used = beside.rect.right + (dealer if beside.line == 0 else 0)
        text, top = shorten(font, cue, w - PAD - used - 10, whole_words=True), beside.rect.bottom - tall
    if text:
        width = font.size(text)[0]
        out.append(PanelText(text, cue, font, pygame.Rect(w - PAD - width, top, width, tall), None))
    return out
