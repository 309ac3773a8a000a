"""The score sheet window: rows of text drawn into a pygame-gui window."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIImage, UIWindow

from cardtable.core.layout import ScoreSheet
from cardtable.ui.theme import GOLD, INK, RULE, TOOLBAR_H


def render_sheet(sheet: ScoreSheet, font: pygame.font.Font, bold: pygame.font.Font) -> pygame.Surface:
    """The sheet as an image: a heading row, then one row per round; the last row is the totals."""
    rows = [sheet.headers, *sheet.rows]
    columns = max(len(r) for r in rows)
    widths = [0] * columns
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], (bold if row is sheet.headers else font).size(cell)[0])
    pad, line = 18, font.get_linesize() + 8
    width = sum(widths) + pad * (columns + 1)
    surface = pygame.Surface((max(width, 200), line * len(rows) + 12), pygame.SRCALPHA)
    for r, row in enumerate(rows):
        y = 6 + r * line
        x = pad
        heading = r == 0
        totals = r == len(rows) - 1 and len(rows) > 2
        for i, cell in enumerate(row):
            face = bold if heading or totals else font
            image = face.render(cell, True, GOLD if heading or totals else INK)
            # first column left-aligned (round names), numbers right-aligned
            cx = x if i == 0 else x + widths[i] - image.get_width()
            surface.blit(image, (cx, y))
            x += widths[i] + pad
        if heading or (r == len(rows) - 2 and len(rows) > 2):
            pygame.draw.line(surface, RULE, (pad // 2, y + line - 3), (width - pad // 2, y + line - 3), 1)
    return surface


def open_score_window(
    ui: pygame_gui.UIManager, screen: tuple[int, int], sheet: ScoreSheet, font: pygame.font.Font,
    bold: pygame.font.Font, at: tuple[int, int] | None = None,
) -> UIWindow:
    """A movable, closable window holding the sheet (scaled down if the screen is small), at the top right or
    with its top right corner `at` (where the person left the window it replaces), kept inside the screen."""
    image = render_sheet(sheet, font, bold)
    sw, sh = screen
    max_w, max_h = sw - 80, sh - 140
    scale = min(1.0, max_w / image.get_width(), max_h / image.get_height())
    if scale < 1.0:
        image = pygame.transform.smoothscale(image, (int(image.get_width() * scale), int(image.get_height() * scale)))
    w, h = image.get_width() + 40, image.get_height() + 70
    # At the top right, under the toolbar: the middle of the table (the play) stays in view.
    window = UIWindow(pygame.Rect(max(0, sw - w - 10), min(TOOLBAR_H + 4, max(0, sh - h)), w, h), ui,
                      window_display_title="Score sheet", object_id="#score_sheet")
    right, y = at or (sw - 8, TOOLBAR_H + 4)
    x = right - window.rect.width
    window.set_position((max(0, min(x, sw - window.rect.width)), max(0, min(y, sh - window.rect.height))))
    UIImage(pygame.Rect(8, 8, image.get_width(), image.get_height()), image, ui, container=window)
    return window
