"""A short log of the last moves: what the table announced (the engine's event texts, with the players' names), the
newest at the bottom, in the rectangle the layout keeps clear for it (`TableLayout.move_log`; no rectangle, no log).
A move taken back with undo leaves the log with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.core.engine import Event
from cardtable.core.layout import Rect
from cardtable.core.words import Said
from cardtable.ui import theme
from cardtable.ui.theme import Fonts, wrap_words

if TYPE_CHECKING:
    from cardtable.session.match import Match

LOG_LENGTH = 6  # entries kept; the panel shows the newest that fit
RECALLED_MOVES = 24  # moves looked back over to fill the log of a game opened again


def logged(said: Said | None, event: Event) -> bool:
    """Whether the table announces `event` (`said` is what it says of it), and so logs it: an event with words,
    except the game's win (the result says it)."""
    return said is not None and bool(said.text) and event.kind != "win"
TITLE = "Moves"


class MoveLog:
    """The last announcements, each with the move it belongs to, and their panel."""

    def __init__(self) -> None:
        self.entries: list[tuple[int, str]] = []  # (the number of moves played when it was said, the text)
        self._image: tuple[Any, pygame.Surface] | None = None

    def recall(self, match: Match, said: Callable[[Event], Said | None]) -> None:
        """Fill the log with what was said (`said`) of the last moves of `match` (a game opened again)."""
        self.refill(match.recent_events(RECALLED_MOVES), said)

    def refill(self, moves: list[tuple[int, list[Event]]], said: Callable[[Event], Said | None]) -> None:
        """Fill the log with what was said (`said`) of `moves` (each with the number of moves played after it)."""
        self.entries = []
        for moment, events in moves:
            for event in events:
                words = said(event)
                if words is not None and logged(words, event):
                    self.add(words.text, moment)

    def add(self, text: str, moment: int) -> None:
        """Log `text`, said after move number `moment`."""
        self.entries.append((moment, text))
        del self.entries[:-LOG_LENGTH]

    def undone(self, moves: int) -> None:
        """Only `moves` moves are left in the game: what was said after them goes."""
        self.entries = [(m, t) for m, t in self.entries if m <= moves]

    def lines(self) -> list[str]:
        """The logged texts, oldest first."""
        return [text for _, text in self.entries]

    def draw(self, surface: pygame.Surface, rect: Rect | None, fonts: Fonts, scale: float) -> None:
        """The panel at the foot of `rect`, no taller than it needs: the title, then the newest entries that fit,
        wrapped to its width.  Nothing before the first move."""
        if rect is None or not self.entries:
            return
        key = (tuple(self.entries), rect, scale)
        if self._image is None or self._image[0] != key:
            self._image = (key, render_log(self.lines(), rect[2:], fonts, scale))
        image = self._image[1]
        surface.blit(image, (rect[0], rect[1] + rect[3] - image.get_height()))


def render_log(texts: list[str], size: tuple[int, int], fonts: Fonts, scale: float) -> pygame.Surface:
    """The log's panel, at most `size`: a title, then as many of the newest texts' lines as fit, the newest
    brightest."""
    w, h = size
    pad, edge = int(8 * scale), int(3 * scale)
    title = fonts.get(14 * scale, bold=True).render(TITLE, True, theme.GOLD)
    font = fonts.get(13 * scale)
    step = font.get_linesize()
    top = edge + title.get_height()
    room = max(0, (h - top - edge) // step)
    rows: list[tuple[str, bool]] = []
    for k, text in enumerate(reversed(texts)):  # whole entries, the newest first; of the newest, what fits
        wrapped = [(line, k == 0) for line in wrap_words(font, text, w - 2 * pad)]
        if len(rows) + len(wrapped) > room:
            rows = rows or wrapped[:room]
            break
        rows[:0] = wrapped
    image = pygame.Surface((w, min(h, top + len(rows) * step + edge + int(4 * scale))), pygame.SRCALPHA)
    image.fill(theme.PANEL)
    pygame.draw.rect(image, theme.QUIET_BORDER, image.get_rect(), 1, border_radius=8)
    image.blit(title, (pad, edge))
    for i, (line, newest) in enumerate(rows):
        shown = font.render(line, True, theme.INK if newest else theme.MUTED)
        if shown.get_width() > w - 2 * pad:
            shown = shown.subsurface((0, 0, w - 2 * pad, shown.get_height()))
        image.blit(shown, (pad, top + i * step))
    return image
