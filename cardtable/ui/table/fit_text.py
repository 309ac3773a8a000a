"""Fitting the table's text into its boxes: one font size a box, never below `MIN_PX`, and a text that still does not
fit is wrapped or shortened at a word with an ellipsis, never cut mid-word (and never squeezed smaller)."""

from __future__ import annotations

import pygame

from cardtable.ui.theme import Fonts, wrap_words

MIN_PX = 12  # the smallest text the table draws (at the window's scale 1)
ELLIPSIS = "\u2026"


def min_px(scale: float) -> int:
    """The smallest text size at the window's `scale`."""
    return max(MIN_PX, int(MIN_PX * scale))


def shorten(font: pygame.font.Font, text: str, width: int, whole_words: bool = False) -> str:
    """`text` if it fits `width` pixels, else as many of its first words as fit followed by an ellipsis; a first word
    too long on its own (a long name) keeps the letters that fit, or with `whole_words` nothing is left."""
    if font.size(text)[0] <= width:
        return text
    words = text.split()
    for n in range(len(words) - 1, 0, -1):
        candidate = " ".join(words[:n]).rstrip(",:;\u00b7(-").rstrip() + ELLIPSIS
        if font.size(candidate)[0] <= width:
            return candidate
    if whole_words:
        return ""
    first = words[0] if words else ""
    while first and font.size(first + ELLIPSIS)[0] > width:
        first = first[:-1]
    return first + ELLIPSIS if first else ""


def wrap_lines(font: pygame.font.Font, text: str, width: int, most: int) -> list[str]:
    """`text` in at most `most` lines no wider than `width`, broken at words; the last line shortened with an
    ellipsis when the text needs more."""
    lines = wrap_words(font, text, width) or [""]
    if len(lines) > most:
        lines = lines[:most - 1] + [shorten(font, " ".join(lines[most - 1:]), width)]
    return [line if font.size(line)[0] <= width else shorten(font, line, width) for line in lines]


def fitting_px(fonts: Fonts, lines: tuple[str, ...], width: int, height: int, largest: int, smallest: int,
               gap: int = 2, first_less: int = 0) -> int:
    """The text size from `largest` down to `smallest` at which `lines` (the first bold, one size larger, and
    `first_less` narrower) stack within `height` with the fewest of them too wide for `width` (those are
    shortened), the largest such; `smallest` when they never stack."""
    best: tuple[int, int] | None = None  # (lines too wide, -px)
    for px in range(largest, smallest - 1, -1):
        fonts_of = [fonts.get(px + 1, bold=True)] + [fonts.get(px)] * (len(lines) - 1)
        tall = sum(f.get_linesize() + gap for f in fonts_of[:len(lines)]) - gap
        if tall > height:
            continue
        wide = sum(f.size(line)[0] > width - (first_less if i == 0 else 0)
                   for i, (f, line) in enumerate(zip(fonts_of, lines, strict=False)))
        if best is None or (wide, -px) < best:
            best = (wide, -px)
        if wide == 0:
            break
    return smallest if best is None else -best[1]


def bar_lines(fonts: Fonts, text: str, width: int, px: int, smallest: int) -> tuple[list[str], int]:
    """A bar's `text` in one line at `px` when it fits `width`, else in two lines at the smallest size (broken at
    words, the second shortened with an ellipsis if it must be)."""
    if fonts.get(px).size(text)[0] <= width:
        return [text], px
    return wrap_lines(fonts.get(smallest), text, width, 2), smallest
