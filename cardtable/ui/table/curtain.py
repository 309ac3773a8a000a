"""The pass-and-play curtain: the screen covered while the computer goes to the next person.

It lifts only on a deliberate act made after it showed: a click on its button (pressed and released there) or
Enter or Space, once `BEAT` seconds of the table's clock have passed.  A click made just as a timed choice ran out
(the person was about to act) lands on the curtain and does nothing.  It tells the next person what happened
since their last turn, as the table narrated it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.core.layout import Rect
from cardtable.ui import theme
from cardtable.ui.table.move_log import logged
from cardtable.ui.theme import Fonts, wrap_words

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene

BEAT = 0.7  # seconds after the curtain shows during which it takes no input
SINCE_LINES = 8  # moves listed at most (the newest)
LOOK_BACK = 60  # moves looked back over for them
BUTTON_TEXT = "Show my cards"


class Curtain:
    """When the curtain showed, what it tells, and its button."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.shown_at = 0.0
        self.since: list[str] = []  # what happened since the last turn of the person it is up for
        self.first_turn = False  # that person has not moved yet: the list is of the game so far
        self.button: Rect | None = None  # where its button was last drawn
        self.words: Rect | None = None  # where its words and button were last drawn (the rest is plain curtain)
        self._pressed = False
        self._image: tuple[tuple, pygame.Surface, Rect, Rect] | None = None

    def check(self) -> None:
        """After a change: the curtain goes up when the turn passes to another person than the one at the screen
        (with one person, that person is at the screen whenever it is their turn)."""
        scene = self.scene
        turn = scene.state.turn
        if turn is None or len(scene.people) < 2:  # a person whose seat a bot plays may still be at the screen
            if turn is not None and scene.match.seats[turn].is_human:
                scene.viewer = turn
            return
        if (scene.match.seats[turn].is_human and turn != scene.viewer and turn != scene.curtain_for
                and scene.pace.answer() is None):  # a move the table makes for them calls nobody to the screen
            scene.curtain_for = turn
            self.raised(turn)

    def lift(self) -> None:
        """The person it was up for is at the screen: their hand shows."""
        scene = self.scene
        if scene.curtain_for is not None:
            scene.viewer = scene.curtain_for
            scene.curtain_for = None
            scene.animator.clear()
            scene.set_layout(scene.build_layout())
            scene.panels.build()
            scene.handover.curtain_lifted()

    def raised(self, seat: int) -> None:
        """The curtain goes up for `seat` now (on the table's clock)."""
        self.shown_at = self.scene.clock
        self._pressed = False
        self.since, self.first_turn = self._moves_since(seat)

    @property
    def ready(self) -> bool:
        """The beat after it showed has passed: it takes input now."""
        return self.scene.clock - self.shown_at >= BEAT

    def _on_button(self, pos: tuple[int, int]) -> bool:
        return self.button is not None and pygame.Rect(self.button).collidepoint(pos)

    def press(self, pos: tuple[int, int]) -> None:
        """A mouse button went down on the curtain: only a press on its button, after the beat, counts."""
        self._pressed = self.ready and self._on_button(pos)

    def release(self, pos: tuple[int, int]) -> None:
        """A mouse button came up: the curtain lifts if it went down on the button too."""
        if self._pressed and self._on_button(pos):
            self.scene.lift_curtain()
        self._pressed = False

    def key(self) -> None:
        """Enter or Space: the curtain lifts, once the beat has passed."""
        if self.ready:
            self.scene.lift_curtain()

    def _moves_since(self, seat: int) -> tuple[list[str], bool]:
        """The narrated moves since `seat` last moved (the newest `SINCE_LINES`), and whether it never has."""
        match = self.scene.match
        log = match.log
        last = next((i for i in range(len(log) - 1, -1, -1) if log[i].seat == seat), None)
        count = min(LOOK_BACK, len(log) - (last + 1 if last is not None else 0))
        said = [(self.scene.narrator.said(e), e) for _, events in match.recent_events(count) for e in events]
        texts = [words.text for words, e in said if words is not None and logged(words, e)]
        return texts[-SINCE_LINES:], last is None

    # ----- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, fonts: Fonts, name: str, scale: float) -> None:
        """The screen covered: whom to pass it to, what happened since their last turn, and the button (their
        image made again only when it changes: at most twice a curtain)."""
        surface.fill(theme.CURTAIN)  # opaque: nothing of the last hand may show through
        key = (surface.get_size(), name, tuple(self.since), self.ready, scale)
        if self._image is None or self._image[0] != key:
            image, button, words = render_curtain(surface.get_size(), fonts, name, self.since, self.first_turn,
                                                  self.ready, scale)
            self._image = (key, image, button, words)
        self.button, self.words = self._image[2], self._image[3]
        surface.blit(self._image[1], self.words[:2])


def render_curtain(size: tuple[int, int], fonts: Fonts, name: str, since: list[str], first_turn: bool,
                   ready: bool, scale: float) -> tuple[pygame.Surface, Rect, Rect]:
    """The curtain's words and button for a window of `size`: their image, the button's rectangle and where the
    image goes (the rectangle around everything drawn; the rest of the window is plain curtain)."""
    w, h = size
    title = fonts.get(44 * scale, bold=True).render(f"Pass to {name}", True, theme.GOLD)
    sub = fonts.get(16 * scale).render(f"Press the button when only {name} can see the screen.", True, theme.INK)
    font = fonts.get(15 * scale)
    rows: list[pygame.Surface] = []
    if since:
        heading = "The game so far:" if first_turn else "Since your last turn:"
        rows.append(fonts.get(16 * scale, bold=True).render(heading, True, theme.GOLD))
        for text in since:  # most fit on one line: measured once, wrapped only when they do not
            lines = [text] if font.size(text)[0] <= w * 0.7 else wrap_words(font, text, int(w * 0.7))
            rows += [font.render(line, True, theme.MUTED) for line in lines]
    label = fonts.get(18 * scale, bold=True).render(BUTTON_TEXT, True, theme.INK if ready else theme.MUTED)
    bw, bh = label.get_width() + int(40 * scale), int(theme.BUTTON_H * scale * 1.2)
    gap = int(12 * scale)
    room = h - title.get_height() - sub.get_height() - bh - 4 * gap
    while rows and sum(r.get_height() for r in rows) > room:  # a small window: the oldest lines go
        del rows[1 if len(rows) > 1 else 0]
    total = title.get_height() + sub.get_height() + bh + sum(r.get_height() for r in rows) + (3 + bool(rows)) * gap
    y = max(0, (h - total) // 2)
    placed: list[tuple[pygame.Surface, pygame.Rect]] = []
    for part in (title, sub):
        placed.append((part, part.get_rect(midtop=(w // 2, y))))
        y += part.get_height() + gap
    button = pygame.Rect(0, 0, bw, bh)
    button.midtop = (w // 2, y + gap)
    y = button.bottom + 2 * gap
    for row in rows:
        placed.append((row, row.get_rect(midtop=(w // 2, y))))
        y += row.get_height()
    words = button.unionall([r for _, r in placed])
    image = pygame.Surface(words.size, pygame.SRCALPHA)
    for part, rect in placed:
        image.blit(part, rect.move(-words.x, -words.y))
    inner = button.move(-words.x, -words.y)
    pygame.draw.rect(image, theme.PANEL if ready else (20, 40, 28), inner, border_radius=8)
    pygame.draw.rect(image, theme.GOLD if ready else theme.QUIET_BORDER, inner, 2, border_radius=8)
    image.blit(label, label.get_rect(center=inner.center))
    return image, (button.x, button.y, button.w, button.h), (words.x, words.y, words.w, words.h)
