"""The rules screen: a game's rules written for players, under a small picture of its table.

It is opened from the menu (Rules, for the game picked there) or from a table (F1), and Back, Esc or F1 return to
where it came from: the menu as it was left, or the very same table with its game under way (the navigator shows
that scene again).  The text is laid out once per window size, wrapped to a column no wider than reads well, as one
image per line; a frame only blits the lines in view.  It scrolls with the mouse wheel, Up/Down, Page Up/Page Down
(and Space), Home/End, and the scrollbar (drag its thumb, or click the track to turn a page); the lines at an edge
with more beyond it fade out.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from cardtable.games import get_game
from cardtable.ui import theme
from cardtable.ui.rules_text import Block, Span, read_picture, read_rules
from cardtable.ui.theme import Fonts
from cardtable.ui.widgets import BUTTON, clamp, draw_panel, draw_vignette, text_width
from cardtable.ui.window import App, Scene

BODY_PX = 16  # the text's size at the reference window (it grows with `ui_scale`)
HEADING_PX = 20
TITLE_PX = 24
MEASURE = 70  # the widest column, in widths of an "n": longer lines are hard to follow
MAX_PICTURE_SCALE = 1.2  # the picture grows with a big window, but not so far that it blurs
Piece = tuple[str, bool, bool]  # a word, whether it is bold, whether a space comes before it


@dataclass(frozen=True)
class Line:
    """One laid-out line (or the picture): its image, where it sits in the page, and its text (for the tests)."""

    image: pygame.Surface
    rect: pygame.Rect
    text: str
    kind: str


def pieces(spans: tuple[Span, ...]) -> list[Piece]:
    """The words of `spans`; a word that follows another with no space between ("**Skip**:") stays with it."""
    out: list[Piece] = []
    space = False
    for text, bold in spans:
        for match in re.finditer(r"\S+|\s+", text):
            if match.group().isspace():
                space = True
            else:
                out.append((match.group(), bold, space and bool(out)))
                space = False
    return out


def wrap_pieces(words: list[Piece], width: int, measure: Callable[[Piece], int],
                space: Callable[[bool], int]) -> list[list[Piece]]:
    """The words in rows no wider than `width`; a word too long for a row on its own is cut by characters.
    `space(bold)`: the width of a space before a word of that style (it is drawn in the word's font)."""
    groups: list[list[Piece]] = []
    for word in words:
        if groups and not word[2]:
            groups[-1].append(word)
        else:
            groups.append([word])
    rows: list[list[Piece]] = []
    row: list[Piece] = []
    x = 0
    for group in groups:
        w = sum(measure(p) for p in group)
        space_w = space(group[0][1])
        if row and x + space_w + w > width:
            rows.append(row)
            row, x = [], 0
        if not row and w > width:
            group = _cut(group, width, measure)
            rows.extend([p] for p in group[:-1])
            group, w = group[-1:], measure(group[-1])
        x += (space_w if row else 0) + w
        row.extend(group)
    if row:
        rows.append(row)
    return rows


def _cut(group: list[Piece], width: int, measure: Callable[[Piece], int]) -> list[Piece]:
    """A word wider than the column, in pieces that each fit (in the style of its first part)."""
    text, bold = "".join(p[0] for p in group), group[0][1]
    out: list[Piece] = []
    while text:
        n = len(text)
        while n > 1 and measure((text[:n], bold, False)) > width:
            n -= 1
        out.append((text[:n], bold, False))
        text = text[n:]
    return out


class Page:
    """The rules laid out for a column `width` pixels wide: `lines` top to bottom, `height` in all."""

    def __init__(self, blocks: list[Block], picture: pygame.Surface | None, fonts: Fonts, width: int,
                 scale: float, picture_h: int | None = None) -> None:
        """`picture_h`: the tallest the picture may be (a low window keeps room for the text under it)."""
        self.fonts, self.width, self.scale = fonts, width, scale
        self.picture_h = picture_h
        self.body = fonts.get(round(BODY_PX * scale))
        self.line_step = self.body.get_linesize() + round(BODY_PX * scale * 0.3)
        self.lines: list[Line] = []
        y = 0
        if picture is not None:
            y = self._picture(picture) + self.line_step
        for i, block in enumerate(blocks):
            if i == 0 and block.kind == "title":
                continue  # the screen's heading already names the game
            y = self._block(block, y)
        self.height = y
        self.tops = [line.rect.y for line in self.lines]

    def _picture(self, picture: pygame.Surface) -> int:
        w, h = picture.get_size()
        fit = min(self.width / w, self.scale, MAX_PICTURE_SCALE, (self.picture_h or h) / h)
        size = (max(1, round(w * fit)), max(1, round(h * fit)))
        image = picture
        if size != (w, h):
            try:
                image = pygame.transform.smoothscale(picture, size)
            except ValueError:  # smoothscale takes 24 and 32 bit images only
                image = pygame.transform.scale(picture, size)
        framed = pygame.Surface((size[0] + 2, size[1] + 2))
        framed.fill(theme.RULE)
        framed.blit(image, (1, 1))
        rect = framed.get_rect(midtop=(self.width // 2, 0))
        self.lines.append(Line(framed, rect, "", "picture"))
        return rect.bottom

    def _block(self, block: Block, y: int) -> int:
        px, colour = round(BODY_PX * self.scale), theme.INK
        if block.kind == "heading":
            px, colour = round(HEADING_PX * self.scale), theme.GOLD
        elif block.kind == "title":
            px, colour = round(TITLE_PX * self.scale), theme.GOLD
        elif block.kind == "problem":
            colour = theme.ERROR
        heading = block.kind in ("heading", "title")
        if heading and self.lines:
            y += round(self.line_step * 0.6)  # a heading stands apart from what came before it
        regular, bold = self.fonts.get(px, bold=heading), self.fonts.get(px, bold=True)
        step = regular.get_linesize() + round(px * 0.3)
        indent = round(px * 1.4) if block.kind == "bullet" else 0

        def measure(piece: Piece) -> int:
            return (bold if piece[1] else regular).size(piece[0])[0]

        spaces = {False: regular.size(" ")[0], True: bold.size(" ")[0]}
        rows = wrap_pieces(pieces(block.spans), self.width - indent - 2, measure, spaces.__getitem__)
        for k, row in enumerate(rows):
            image = _render_row(row, regular, bold, colour)
            if k == 0 and block.kind == "bullet":
                dot = regular.render("\u2022", True, theme.GOLD)
                canvas = pygame.Surface((indent + image.get_width(), image.get_height()), pygame.SRCALPHA)
                canvas.blit(dot, (round(px * 0.35), 0))
                canvas.blit(image, (indent, 0))
                image, x = canvas, 0
            else:
                x = indent
            self.lines.append(Line(image, image.get_rect(topleft=(x, y)), _row_text(row), block.kind))
            y += step
        gap = {"bullet": 0.25, "heading": 0.15, "title": 0.3}.get(block.kind, 0.6)
        return y + round(px * gap)

    def visible(self, top: int, height: int) -> list[Line]:
        """The lines that show in a view of `height` pixels from `top`."""
        first = max(0, bisect.bisect_right(self.tops, top) - 1)
        while first > 0 and self.lines[first - 1].rect.bottom > top:
            first -= 1
        out = []
        for line in self.lines[first:]:
            if line.rect.y >= top + height:
                break
            if line.rect.bottom > top:
                out.append(line)
        return out


def _row_text(row: list[Piece]) -> str:
    return "".join((" " if p[2] and i else "") + p[0] for i, p in enumerate(row))


def _render_row(row: list[Piece], regular: pygame.font.Font, bold: pygame.font.Font,
                colour: theme.Colour) -> pygame.Surface:
    """One row, its bold words in the bold font: one image per run of words of one style."""
    runs: list[tuple[str, bool]] = []
    for i, (word, is_bold, space) in enumerate(row):
        lead = " " if space and i else ""
        if runs and runs[-1][1] == is_bold:
            runs[-1] = (runs[-1][0] + lead + word, is_bold)
        else:
            runs.append((lead + word, is_bold))
    images = [(bold if b else regular).render(text, True, colour) for text, b in runs]
    out = pygame.Surface((sum(i.get_width() for i in images), max(i.get_height() for i in images)), pygame.SRCALPHA)
    x = 0
    for image in images:
        out.blit(image, (x, 0))
        x += image.get_width()
    return out


class RulesScene(Scene):
    """A game's rules; Back (or Esc, or F1) returns to `back_to`, the scene it was opened from, else the menu."""

    def __init__(self, app: App, game_id: str, back_to: Scene | None = None) -> None:
        super().__init__(app)
        self.game_id, self.back_to = game_id, back_to
        try:
            self.title = get_game(game_id).title
        except KeyError:
            self.title = game_id
        self.blocks = read_rules(game_id, self.title)
        self.picture = read_picture(game_id)
        self.fonts = Fonts()
        self.buttons: dict[str, UIButton] = {}
        self.offset = 0
        self.grab: int | None = None  # where on the scrollbar's thumb the pointer holds it, while it drags it
        self.panel_rect = self.view_rect = self.track_rect = pygame.Rect(0, 0, 0, 0)
        self.page = Page([], None, self.fonts, 1, 1.0)
        self.build()

    # ----- building ------------------------------------------------------------------------
    def build(self) -> None:
        """Lay the screen out for the window, keeping the place in the text."""
        share = self.offset / self.max_offset if self.max_offset else 0.0
        self.ui.clear_and_reset()
        width, height = self.app.size
        s = self.ui_scale
        m = clamp(min(width * 0.022, height * 0.03), 12, 40 * s)
        gap = clamp(height * 0.012, 6, 14 * s)
        button_h = clamp(height * 0.055, 30, 44 * s)
        pad_x, pad_y = clamp(width * 0.025, 14, 36 * s), clamp(height * 0.025, 10, 28 * s)
        bar_w = clamp(10 * s, 8, 16)
        measure = self.fonts.get(round(BODY_PX * s)).size("n")[0] * MEASURE
        column = min(measure, width - 2 * m - 2 * pad_x - gap - bar_w)
        panel_w = column + 2 * pad_x + gap + bar_w
        left = (width - panel_w) // 2
        back_w = text_width(self.ui, "Back", BUTTON) + 56
        self.buttons = {"back": UIButton(pygame.Rect(left + panel_w - back_w, m, back_w, button_h), "Back", self.ui,
                                         tool_tip_text="Back to where you were (Esc)")}
        UILabel(pygame.Rect(left, m, panel_w - back_w - gap, button_h), f"Rules of {self.title}", self.ui,
                object_id="#heading")
        top = m + button_h + gap
        self.panel_rect = pygame.Rect(left, top, panel_w, height - m - top)
        self.view_rect = pygame.Rect(left + pad_x, top + pad_y, column, self.panel_rect.height - 2 * pad_y)
        self.track_rect = pygame.Rect(self.view_rect.right + gap, self.view_rect.y, bar_w, self.view_rect.height)
        self.page = Page(self.blocks, self.picture, self.fonts, column, s, self.view_rect.height // 2)
        self.scroll_to(round(share * self.max_offset))

    # ----- scrolling -----------------------------------------------------------------------
    @property
    def max_offset(self) -> int:
        return max(0, self.page.height - self.view_rect.height)

    @property
    def more_above(self) -> bool:
        return self.offset > 0

    @property
    def more_below(self) -> bool:
        return self.offset < self.max_offset

    def scroll_to(self, offset: int) -> None:
        self.offset = max(0, min(self.max_offset, int(offset)))

    def scroll_by(self, pixels: int) -> None:
        self.scroll_to(self.offset + pixels)

    def thumb_rect(self) -> pygame.Rect | None:
        """The scrollbar's thumb (None when the whole text fits)."""
        if not self.max_offset:
            return None
        track = self.track_rect
        h = max(track.width * 3, track.height * self.view_rect.height // max(1, self.page.height))
        y = track.y + (track.height - h) * self.offset // self.max_offset
        return pygame.Rect(track.x, y, track.width, h)

    def _drag_thumb(self, y: int) -> None:
        thumb = self.thumb_rect()
        if thumb is None or self.grab is None:
            return
        room = self.track_rect.height - thumb.height
        self.scroll_to(round((y - self.grab - self.track_rect.y) * self.max_offset / max(1, room)))

    # ----- actions -------------------------------------------------------------------------
    def back(self) -> None:
        """Return to the table the rules were opened from (as it was), or else to the menu."""
        if self.back_to is not None:
            self.app.navigator.reopen(self.back_to)
        else:
            self.app.navigator.menu()

    # ----- Scene hooks ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        page = self.view_rect.height - self.page.line_step
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.buttons.get("back"):
            self.back()
        elif event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -2 * self.page.line_step, pygame.K_DOWN: 2 * self.page.line_step,
                     pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page, pygame.K_SPACE: page}
            if event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_BACKSPACE):
                self.back()
            elif event.key in steps:
                self.scroll_by(steps[event.key])
            elif event.key == pygame.K_HOME:
                self.scroll_to(0)
            elif event.key == pygame.K_END:
                self.scroll_to(self.max_offset)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-int(getattr(event, "y", 0)) * 3 * self.page.line_step)
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            thumb = self.thumb_rect()
            if thumb is not None and thumb.inflate(8, 0).collidepoint(event.pos):
                self.grab = event.pos[1] - thumb.y
            elif thumb is not None and self.track_rect.inflate(8, 0).collidepoint(event.pos):
                self.scroll_by(page if event.pos[1] > thumb.y else -page)
        elif event.type == pygame.MOUSEMOTION and self.grab is not None:
            self._drag_thumb(event.pos[1])
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self.grab = None

    def next_change(self) -> None:
        """Nothing here moves by itself: the screen changes only when the person acts."""
        return None

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build()

    def draw(self, surface: pygame.Surface) -> None:
        draw_vignette(surface)
        draw_panel(surface, self.panel_rect)
        view, fade = self.view_rect, self.page.line_step * 1.5
        clip = surface.get_clip()
        surface.set_clip(view)
        for line in self.page.visible(self.offset, view.height):
            y = view.y + line.rect.y - self.offset
            # Lines at an edge with more text beyond it fade out: the cue that there is more.
            alpha = 255.0
            if self.more_below:
                alpha = min(alpha, 255 * max(0.2, (view.bottom - (y + line.rect.height)) / fade))
            if self.more_above:
                alpha = min(alpha, 255 * max(0.2, (y - view.y) / fade))
            if alpha < 255:
                line.image.set_alpha(max(0, round(alpha)))
            surface.blit(line.image, (view.x + line.rect.x, y))
            if alpha < 255:
                line.image.set_alpha(255)
        surface.set_clip(clip)
        thumb = self.thumb_rect()
        if thumb is not None:
            track = pygame.Surface(self.track_rect.size, pygame.SRCALPHA)
            pygame.draw.rect(track, (*theme.RULE, 60), track.get_rect(), border_radius=self.track_rect.width // 2)
            surface.blit(track, self.track_rect.topleft)
            colour = theme.GOLD if self.grab is not None else theme.RULE
            pygame.draw.rect(surface, colour, thumb, border_radius=thumb.width // 2)
