"""The last round of play on demand (`GameLayout.last_trick`, a `LastTrick`): while the L key is held, or while a press
lasts on a zone the layout names (`TableLayout.last_trick_at`: the won piles, the panels that count them), a panel over
the table shows each seat's cards of it under its name, the winner's framed gold.  A tap of L or a short click keeps
it open until the next click or key.  Everything in it comes from the game's layout, so the panel knows no game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cardtable.core.layout import LastTrick, Rect
from cardtable.ui import theme
from cardtable.ui.table.fit_text import shorten

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene

KEY = pygame.K_l
HOLD_SECONDS = 0.35  # a press held longer than this is a hold: the panel closes on release; a shorter one keeps it


class LastTrickView:
    """Whether the last round of play shows at one table, what opens and closes it, and its panel."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.by_key = False
        self.key_at = 0.0  # the table's clock when L went down
        self.pressed_at: float | None = None  # the table's clock when a press on a named zone opened it
        self.pinned = False  # opened by a short click: open until the next click or key
        self._image: tuple[Any, pygame.Surface] | None = None

    @property
    def open(self) -> bool:
        return self.by_key or self.pressed_at is not None or self.pinned

    @property
    def latest(self) -> LastTrick | None:
        """The last round of play as the seat at the screen saw it (None: none complete yet, or not such a game)."""
        return self.scene.game_layout.last_trick(self.scene.view())

    @property
    def shown(self) -> LastTrick | None:
        """What the panel shows now, or None."""
        return self.latest if self.open and self._may_show() else None

    def _may_show(self) -> bool:
        s = self.scene
        return s.curtain_for is None and s.result_panel is None and not s.deals.searching

    # ----- input -------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """L down or up, a press on a zone the layout names and its release, or the click that closes a
        kept panel; True if the event was used for that."""
        s = self.scene
        if not s.layout.last_trick_at or not self._may_show():
            return False
        if event.type == pygame.KEYDOWN and event.key == KEY and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            if s.deals.dialog is not None or (s.confirm is not None and s.confirm.alive()):
                return False
            if not self.by_key:  # a key held repeats its press: the hold counts from the first
                self.pinned = False
                self.by_key = self._available()
                self.key_at = s.clock
            return True
        if event.type == pygame.KEYUP and event.key == KEY:
            # A tap keeps the panel open until the next key or click; a hold closes it on release.
            self.pinned = self.by_key and s.clock - self.key_at < HOLD_SECONDS
            self.by_key = False
            return True
        if event.type == pygame.KEYDOWN and self.pinned:
            self.pinned = False  # any other key closes a kept panel, and does what it does (Esc only closes it)
            return event.key == pygame.K_ESCAPE
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            if self.pinned:
                self.pinned = False
                return True
            if self._on_named_zone(event.pos):
                self.pressed_at = s.clock if self._available() else None
                return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and self.pressed_at is not None:
            self.pinned = s.clock - self.pressed_at < HOLD_SECONDS
            self.pressed_at = None
            return True
        return False

    def _available(self) -> bool:
        """Whether there is something to show; the person is told when there is nothing yet."""
        if self.latest is None:
            self.scene.say(LastTrick.NONE_YET)
            return False
        return True

    def _on_named_zone(self, pos: tuple[int, int]) -> bool:
        layout = self.scene.layout
        for zone_id in layout.last_trick_at:
            try:
                zone = layout.zone(zone_id)
            except KeyError:
                continue
            if pygame.Rect(zone.bounds()).collidepoint(pos):
                return True
        return False

    # ----- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        last = self.shown
        if last is None:
            return
        key = (last, surface.get_size(), self.scene.ui_scale, self.scene.app.settings.card_back)
        if self._image is None or self._image[0] != key:
            self._image = (key, self._render(last, surface.get_size()))
        image = self._image[1]
        surface.blit(image, self.rect(image.get_size(), surface.get_size()))

    def rect(self, size: tuple[int, int] | None = None, window: tuple[int, int] | None = None) -> Rect:
        """Where the panel is drawn: centred on the table, between the toolbar and the status bar."""
        window = window or self.scene.app.size
        if size is None:
            last = self.shown
            if last is None:
                return (0, 0, 0, 0)
            size = self._measure(last, window)[0]
        scale = self.scene.ui_scale
        top, bottom = int(theme.TOOLBAR_H * scale), window[1] - int(theme.STATUS_H * scale)
        x = (window[0] - size[0]) // 2
        y = max(top, top + (bottom - top - size[1]) // 2)
        return (x, y, size[0], size[1])

    def _measure(self, last: LastTrick, window: tuple[int, int]) -> tuple[tuple[int, int], int, int]:
        """The panel's size, the width of a card in it and of a seat's column."""
        scale = self.scene.ui_scale
        pad, gap = int(14 * scale), int(12 * scale)
        widths = [1 + 0.45 * (max(1, len(p.cards)) - 1) for p in last.plays]  # in card widths
        room_w = window[0] - 40 - 2 * pad - gap * (len(last.plays) - 1)
        room_h = window[1] - int((theme.TOOLBAR_H + theme.STATUS_H) * scale) - 20 - int(110 * scale)
        card_w = int(min(self.scene.layout.card_size[0], 100 * scale, room_w / max(1.0, sum(widths)),
                         room_h / 1.4))
        column = max(int(card_w * max(widths)), int(70 * scale))
        columns = column * len(last.plays) + gap * (len(last.plays) - 1)
        width = max(columns + 2 * pad, int(240 * scale))
        height = int(card_w * 1.4) + int(110 * scale)
        return (min(width, window[0] - 20), height), card_w, column

    def _render(self, last: LastTrick, window: tuple[int, int]) -> pygame.Surface:
        scene = self.scene
        scale = scene.ui_scale
        (w, h), card_w, column = self._measure(last, window)
        card = (card_w, int(card_w * 1.4))
        gap = int(12 * scale)
        image = pygame.Surface((w, h), pygame.SRCALPHA)
        image.fill((8, 36, 20))
        pygame.draw.rect(image, theme.RULE, image.get_rect(), 2, border_radius=10)
        names = [seat.name for seat in scene.match.seats]
        title = scene.fonts.get(18 * scale, bold=True).render(last.title, True, theme.GOLD)
        image.blit(title, title.get_rect(midtop=(w // 2, int(8 * scale))))
        winner = "Nobody won it" if last.winner is None else f"{names[last.winner]} won it"
        caption = scene.fonts.get(15 * scale).render(winner, True, theme.INK)
        image.blit(caption, caption.get_rect(midtop=(w // 2, int(32 * scale))))
        look = scene.look()
        left = (w - (column * len(last.plays) + gap * (len(last.plays) - 1))) // 2
        y = int(58 * scale)
        small, name_font = scene.fonts.get(13 * scale), scene.fonts.get(15 * scale, bold=True)
        for k, play in enumerate(last.plays):
            x = left + k * (column + gap)
            cards = play.cards or (None,)
            span = card[0] + int(card[0] * 0.45) * (len(cards) - 1)
            cx = x + (column - span) // 2
            for i, c in enumerate(cards):
                image.blit(look.image(c, c is not None, card), (cx + i * int(card[0] * 0.45), y))
            if play.seat == last.winner:
                frame = pygame.Rect(cx - 4, y - 4, span + 8, card[1] + 8)
                pygame.draw.rect(image, theme.GOLD, frame, 3, border_radius=6)
            ty = y + card[1] + int(8 * scale)
            for text, font, colour in ((names[play.seat], name_font,
                                        theme.GOLD if play.seat == last.winner else theme.INK),
                                       (play.note, small, theme.MUTED)):
                if not text:
                    continue
                line = font.render(shorten(font, text, column), True, colour)
                image.blit(line, line.get_rect(midtop=(x + column // 2, ty)))
                ty += line.get_height() + 2
        return image
