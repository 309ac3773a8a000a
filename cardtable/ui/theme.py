"""The one palette of every screen, the bars' sizes, the size scale of big windows, and the fonts.

The widgets' colours are in `assets/theme.json`; the colours they share with what is drawn here are the same
values (a test holds them together).
"""

from __future__ import annotations

import pygame

from cardtable.resources import asset_path

Colour = tuple[int, int, int]

FELT: Colour = (22, 92, 52)
GOLD: Colour = (240, 207, 106)  # titles, headings, the seat to act, the clock (theme.json #f0cf6a)
RULE: Colour = (201, 167, 74)  # thin lines and borders (theme.json #c9a74a)
INK: Colour = (244, 241, 230)  # text (theme.json #f4f1e6)
MUTED: Colour = (185, 199, 189)  # secondary text (theme.json #b9c7bd)
ERROR: Colour = (255, 179, 167)  # an error's text (theme.json #ffb3a7)
QUIET_BORDER: Colour = (120, 140, 120)  # a panel's border when nothing is asked of it
PANEL = (8, 36, 20, 200)  # a seat panel's background (with alpha)
BAR: Colour = (10, 48, 28)  # the status bar
CURTAIN = (8, 30, 18)  # the pass-and-play curtain
DIM = (135, 135, 135)  # the table behind a result: each colour times 135/255
MESSAGE_BG = (10, 40, 24, 215)
ERROR_BG = (90, 20, 20, 215)
WARNING: Colour = (255, 150, 120)  # a turn timer about to run out
LEGAL: Colour = (70, 150, 255)  # what may be played, and where a picked card may go: outlined blue
PICKED: Colour = (60, 220, 100)  # picked cards: outlined green
DROP_HERE: Colour = (255, 214, 0)  # while dragging: the one place a release would take (bright gold)
DROP_REFUSED: Colour = (240, 80, 60)  # the same, where that drop would be refused
HINT: Colour = (255, 150, 40)  # a hint's cards and places: a pulsing dashed orange frame, unlike any selection
#: One colour per seat, for tokens, chips and other markers that belong to a player.
SEAT_COLOURS: tuple[Colour, ...] = (
    (220, 60, 60), (60, 120, 230), (240, 190, 40), (60, 170, 90), (170, 80, 200), (240, 130, 40),
    (40, 180, 190), (230, 110, 170), (140, 140, 140), (120, 80, 40),
)

#: The values of the names above that high contrast changes: (standard, high contrast).  They are read when
#: something is drawn, so everything drawn after `set_high_contrast` follows.
_CONTRAST: dict[str, tuple[object, object]] = {
    "FELT": (FELT, (6, 34, 18)),
    "MUTED": (MUTED, INK),
    "QUIET_BORDER": (QUIET_BORDER, (236, 236, 226)),
    "PANEL": (PANEL, (0, 0, 0, 235)),
    "BAR": (BAR, (0, 0, 0)),
    "MESSAGE_BG": (MESSAGE_BG, (0, 0, 0, 235)),
    "LEGAL": (LEGAL, (110, 190, 255)),
    "PICKED": (PICKED, (90, 255, 130)),
}


def set_high_contrast(on: bool) -> None:
    """The table's palette in high contrast (a darker table, brighter text, borders and outlines) or standard."""
    for name, values in _CONTRAST.items():
        globals()[name] = values[1 if on else 0]


TOOLBAR_H = 52  # the buttons along the top of a table
STATUS_H = 34  # the status bar along the bottom (and a margin above it)
BUTTON_H = 36
REFERENCE_SIZE = (1280, 800)  # the window size everything is designed at
MAX_SCALE = 1.6


def ui_scale(size: tuple[int, int]) -> float:
    """How much text, buttons and panels grow in a window bigger than the reference (never shrink below 1), in
    steps of a tenth (so a small change of size does not remake every widget)."""
    exact = min(MAX_SCALE, size[0] / REFERENCE_SIZE[0], size[1] / REFERENCE_SIZE[1])
    return max(1.0, int(exact * 10) / 10)


def seat_colour(seat: int) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def readable_ink(background: Colour) -> Colour:
    """Dark ink on a light background, light ink on a dark one."""
    r, g, b = background[:3]
    return (20, 20, 20) if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (255, 255, 255)


class Fonts:
    """The app's fonts, made once per size."""

    FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

    def __init__(self) -> None:
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}

    def get(self, px: float, bold: bool = False) -> pygame.font.Font:  # px rounded down
        key = (max(6, int(px)), bold)
        font = self._cache.get(key)
        if font is None:
            font = self._cache[key] = pygame.font.Font(str(asset_path("fonts", self.FILES[bold])), key[0])
        return font


def wrap_words(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` in lines no wider than `width` pixels in `font` (a single long word stays whole)."""
    lines: list[str] = []
    for word in text.split():
        if lines and font.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines
