"""Drawing the table: cards and panels through their sprites, then the overlays (targets, hints, the dragged
run's outline), the status bar with its messages."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

from cardtable.core.layout import FaceSpec, Marker, Rect, TableContext, Zone
from cardtable.storage import CARD_SIZES
from cardtable.ui import theme
from cardtable.ui.table.animate import Flight
from cardtable.ui.table.fit_text import bar_lines, min_px
from cardtable.ui.table.panel_text import panel_texts
from cardtable.ui.table.sprites import DRAG_LAYER, FLIGHT_LAYER, OUTLINE_PX, TableSprites
from cardtable.ui.theme import STATUS_H, TOOLBAR_H, Fonts, wrap_words

CROWN_ROOM = 24  # room above a panel for its crown
NOTE = (250, 240, 200)  # a seat's note on its panel


def table_context(size: tuple[int, int], names: tuple[str, ...], viewer: int | None,
                  scale: float = 1.0, card_size: str = "normal") -> TableContext:
    """The context a layout is built in: the window's free area between the toolbar and the status bar, and the
    person's card size (`Settings.card_size`)."""
    w, h = size
    top, bottom = int(TOOLBAR_H * scale), int(STATUS_H * scale)
    return TableContext(w, h, (0, top, w, h - top - bottom), names, viewer, scale, CARD_SIZES.get(card_size, 1.0))


@dataclass(frozen=True)
class CardLook:
    """How the table's cards look: the art cache, the chosen back, and the game's faces (`GameLayout.face`)."""

    art: Any
    back: str
    faces: Callable[[Any], FaceSpec | None]

    def image(self, card: Any, face_up: bool, size: tuple[int, int], base: tuple[int, int] | None = None
              ) -> pygame.Surface:
        """The card at `size`; with `base` (the layout's card size) another size is scaled from it (cheap) rather
        than drawn anew (a whole new face)."""
        if not (face_up and card is not None):
            return self.art.back(self.back, size)
        if base is None or size == base:
            return self.art.face(card, size, self.faces(card))
        return self.art.scaled(self.art.face(card, base, self.faces(card)), size)

    def image_parts(self, card: Any, face_up: bool, size: tuple[int, int], base: tuple[int, int] | None = None
                    ) -> Iterator[None]:
        """`image` drawn in parts, a pause between them (drawn ahead, a part a step: see `CardArt.back_parts` and
        `CardArt.face_parts`); what is drawn already costs a look-up."""
        if not (face_up and card is not None):
            yield from self.art.back_parts(self.back, size)
            return
        yield from self.art.face_parts(card, base or size, self.faces(card))
        if base is not None and size != base:
            yield
            self.art.scaled(self.art.face(card, base, self.faces(card)), size)


def _outlined(art: Any, image: pygame.Surface, colour: theme.Colour) -> pygame.Surface:
    w, h = image.get_size()
    out = pygame.Surface((w + 2 * OUTLINE_PX, h + 2 * OUTLINE_PX), pygame.SRCALPHA)
    out.blit(image, (OUTLINE_PX, OUTLINE_PX))
    out.blit(art.outline((w, h), colour, OUTLINE_PX), (0, 0))
    return out


def place_cards(sprites: TableSprites, look: CardLook, card_size: tuple[int, int], flights: list[Flight],
                dragged: dict[Hashable, Rect], hidden: set[Hashable], outlined: dict[Hashable, theme.Colour]) -> None:
    """Put every card sprite where it is drawn this frame: in flight, picked up, hidden (a celebration took it),
    or at home; with the image for its side, size and outline."""
    in_flight = {f.key: (order, f) for order, f in enumerate(sorted(flights, key=lambda f: (f.started, f.delay)))}
    drag_order = {key: i for i, key in enumerate(dragged)}
    for key, sprite in sprites.cards.items():
        if key in hidden:
            sprite.show(("hidden",), lambda: pygame.Surface((1, 1), pygame.SRCALPHA), sprite.home)
            continue
        outline = None
        if key in in_flight:
            order, flight = in_flight[key]
            rect, face_up, squash = flight.frame()
            card = flight.card if flight.card is not None else sprite.card
            layer = FLIGHT_LAYER + order
            if squash < 1.0:
                w = max(1, int(rect[2] * squash))
                rect = (rect[0] + (rect[2] - w) // 2, rect[1], w, rect[3])
        elif key in dragged:
            rect, face_up, card, layer = dragged[key], sprite.face_up, sprite.card, DRAG_LAYER + drag_order[key]
        else:
            rect, face_up, card, layer = sprite.home, sprite.face_up, sprite.card, sprite.home_layer
            outline = outlined.get(key)
        size = (rect[2], rect[3])
        exact = size == card_size or key not in in_flight

        def make(card: Any = card, face_up: bool = face_up, size: tuple[int, int] = size,
                 outline: theme.Colour | None = outline, exact: bool = exact) -> pygame.Surface:
            if exact:
                image = look.image(card, face_up, size, card_size)
            else:  # a card changing size on its way: the cached image scaled rather than a new one drawn
                image = look.art.flying(look.image(card, face_up, card_size), size)
            return _outlined(look.art, image, outline) if outline else image

        sprite.show((card, face_up, size, look.back, outline), make, rect, OUTLINE_PX if outline else 0)
        sprites.set_layer(sprite, layer)


def place_panels(sprites: TableSprites, layout: Any, fonts: Fonts, cue: Callable[[Zone], str],
                 scale: float = 1.0) -> None:
    """Give every seat panel's sprite and every zone's markers their image (rendered again only when what they
    show changed)."""
    for zone in layout.zones:  # (the layout of a moment before the sprites' may have a panel they no longer have)
        place_panel(sprites, zone, fonts, cue, scale)


def place_panel(sprites: TableSprites, zone: Zone, fonts: Fonts, cue: Callable[[Zone], str],
                scale: float = 1.0) -> None:
    """`place_panels` for one zone: its markers' image and, for a seat, its panel's."""
    marks = sprites.panels.get(f"markers:{zone.id}")
    if zone.markers and marks is not None:
        box = union([m.rect for m in zone.markers])
        marks.show(zone.markers, partial(render_markers, zone.markers, box, fonts), box[:2])
    panel = sprites.panels.get(zone.id)
    if zone.kind != "seat" or panel is None:
        return
    words = cue(zone)
    # Marks stay inside the free area: a panel with no room above it under the toolbar wears its crown inside.
    inside = zone.slot[1] - CROWN_ROOM < int(TOOLBAR_H * scale)
    content = (zone.slot[2:], zone.lines, zone.marks, zone.tint, words, inside)
    panel.show(content, partial(render_panel, zone, fonts, scale, words, inside),
               (zone.slot[0], zone.slot[1] - (0 if inside else CROWN_ROOM)))


def render_panel(zone: Zone, fonts: Fonts, scale: float, cue: str, crown_inside: bool = False) -> pygame.Surface:
    """A seat panel's image: its lines (the name first, in gold), a gold frame for the seat to act, a crown above it
    for the seat that leads (in its top corner, left of the dealer button, with `crown_inside`: no room above), a
    dealer button, a "thinking" cue; greyed for a seat that is out."""
    w, h = zone.slot[2], zone.slot[3]
    room = 0 if crown_inside else CROWN_ROOM
    image = pygame.Surface((w, h + room), pygame.SRCALPHA)
    rect = pygame.Rect(0, room, w, h)
    background = pygame.Surface((w, h), pygame.SRCALPHA)
    background.fill((*zone.tint, 235) if zone.tint else theme.PANEL)
    image.blit(background, rect.topleft)
    current = "current" in zone.marks
    out = "out" in zone.marks
    pygame.draw.rect(image, theme.GOLD if current else theme.QUIET_BORDER, rect, 3 if current else 1,
                     border_radius=8)
    ink = theme.readable_ink(zone.tint) if zone.tint else None
    for part in panel_texts(zone, fonts, scale, cue):
        if part.line is None:
            colour = NOTE
        else:
            colour = theme.MUTED if out else ink or (theme.GOLD if part.line == 0 else theme.INK)
        image.blit(part.font.render(part.text, True, colour), part.rect.move(0, room))
    if "crown" in zone.marks and crown_inside:
        _draw_crown(image, (rect.right - int(34 * scale) - 20, rect.y + 26))
    elif "crown" in zone.marks:
        _draw_crown(image, (rect.centerx, rect.y - 4))
    if "dealer" in zone.marks:
        d = fonts.get(17 * scale, bold=True).render("D", True, (30, 30, 30))
        spot = pygame.Rect(0, 0, int(22 * scale), int(22 * scale))
        spot.topright = (rect.right - 6, rect.y + 6)
        pygame.draw.ellipse(image, (240, 236, 222), spot)
        image.blit(d, d.get_rect(center=spot.center))
    if out:
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 110))
        image.blit(veil, rect.topleft)
    return image


def render_markers(markers: tuple[Marker, ...], box: Rect, fonts: Fonts) -> pygame.Surface:
    """Tokens (discs in their seat's colour, or their own), chips (discs with a white rim) and counters (boxes with a
    number)."""
    image = pygame.Surface(box[2:], pygame.SRCALPHA)
    for marker in markers:
        x, y, w, h = marker.rect
        rect = pygame.Rect(x - box[0], y - box[1], w, h)
        colour = marker.colour or (theme.seat_colour(marker.seat) if marker.seat is not None else theme.MUTED)
        if marker.shape == "counter":
            pygame.draw.rect(image, colour, rect, border_radius=max(2, min(w, h) // 4))
            pygame.draw.rect(image, (20, 20, 20), rect, 1, border_radius=max(2, min(w, h) // 4))
        else:
            radius = min(w, h) // 2
            pygame.draw.circle(image, (20, 20, 20), rect.center, radius)
            pygame.draw.circle(image, colour, rect.center, max(1, radius - 1))
            if marker.shape == "chip":
                pygame.draw.circle(image, theme.INK, rect.center, max(1, radius - 1), max(1, radius // 5))
                pygame.draw.circle(image, theme.INK, rect.center, max(1, radius // 2), 1)
        if marker.text:
            px = max(8, int(h * 0.55))
            while px > 8 and fonts.get(px, bold=True).size(marker.text)[0] > w - 4:  # a wide text: a smaller size
                px -= 1
            text = fonts.get(px, bold=True).render(marker.text, True, theme.readable_ink(colour))
            image.blit(text, text.get_rect(center=rect.center))
    return image


def _draw_crown(surface: pygame.Surface, bottom_centre: tuple[int, int]) -> None:
    x, y = bottom_centre
    points = [(x - 14, y), (x - 16, y - 16), (x - 7, y - 8), (x, y - 20), (x + 7, y - 8), (x + 16, y - 16),
              (x + 14, y)]
    pygame.draw.polygon(surface, theme.GOLD, points)
    pygame.draw.polygon(surface, (120, 90, 20), points, 1)


def outline(surface: pygame.Surface, art: Any, rect: Rect, colour: theme.Colour) -> None:
    """A coloured frame just outside `rect` (a target, a hint, the picked-up run)."""
    surface.blit(art.outline((rect[2], rect[3]), colour, OUTLINE_PX), (rect[0] - OUTLINE_PX, rect[1] - OUTLINE_PX))


def drop_mark(surface: pygame.Surface, mark: tuple[Rect, bool] | None, scale: float = 1.0) -> None:
    """The one place a release would take while dragging: a thick frame, gold, or red where the drop would be
    refused (unlike the thin blue outline of every legal place)."""
    if mark is None:
        return
    rect, legal = mark
    width = max(3, int(4 * scale))
    frame = pygame.Rect(rect).inflate(2 * width + 2, 2 * width + 2)
    pygame.draw.rect(surface, theme.DROP_HERE if legal else theme.DROP_REFUSED, frame, width, border_radius=6)


def union(rects: list[Rect]) -> Rect:
    """The smallest rectangle around all of `rects`."""
    x0, y0 = min(r[0] for r in rects), min(r[1] for r in rects)
    x1, y1 = max(r[0] + r[2] for r in rects), max(r[1] + r[3] for r in rects)
    return (x0, y0, x1 - x0, y1 - y0)


class StatusBar:
    """The bar along the bottom: the status on the left, the clock on the right, and the message box above it.
    Text images are rendered only when their text changes."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self._cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._lines: dict[tuple[Any, ...], tuple[list[str], int]] = {}  # the status's lines and size, by its text
        self.message_box: pygame.Rect | None = None  # where the last frame drew the message (None: no message)
        self.shown: tuple[list[str], pygame.font.Font, int] | None = None  # the status's lines, font and room

    def _text(self, text: str, bold: bool, colour: theme.Colour, px: int) -> pygame.Surface:
        key = (text, bold, colour, px)
        image = self._cache.get(key)
        if image is None:
            if len(self._cache) > 64:
                self._cache.clear()
            image = self._cache[key] = self.fonts.get(px, bold).render(text, True, colour)
        return image

    def _wrapped(self, text: str, colour: theme.Colour, px: int, width: int) -> pygame.Surface:
        """Bold `text` in lines no wider than `width`, centred under each other (one image, cached)."""
        key = (text, colour, px, width)
        image = self._cache.get(key)
        if image is None:
            font = self.fonts.get(px, True)
            images = [font.render(line, True, colour) for line in wrap_words(font, text, width) or [""]]
            image = pygame.Surface((min(width, max(i.get_width() for i in images)),
                                    sum(i.get_height() for i in images)), pygame.SRCALPHA)
            y = 0
            for line_image in images:
                image.blit(line_image, line_image.get_rect(midtop=(image.get_width() // 2, y)))
                y += line_image.get_height()
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[key] = image
        return image

    def _box(self, size: tuple[int, int], error: bool) -> pygame.Surface:
        """The message's see-through background (cached)."""
        key = ("box", size, error)
        image = self._cache.get(key)
        if image is None:
            if len(self._cache) > 64:
                self._cache.clear()
            image = self._cache[key] = pygame.Surface(size, pygame.SRCALPHA)
            image.fill(theme.ERROR_BG if error else theme.MESSAGE_BG)
        return image

    def draw(self, surface: pygame.Surface, status: str, clock: str, warn: bool, scale: float,
             message: tuple[str, bool] | None, message_at: tuple[int, int] | None,
             place: Callable[[tuple[int, int], tuple[int, int]], tuple[tuple[int, int], bool]] | None = None
             ) -> None:
        """The bar, and the message over it: its bottom centre at `message_at`, or where `place` (given the box's
        size and that centre) puts its top left corner; a message too wide to cover nothing there is wrapped
        narrower (as narrow as a quarter of the window) to find such a place."""
        sw, sh = surface.get_size()
        bar_h = int(30 * scale)
        bar = pygame.Rect(0, sh - bar_h, sw, bar_h)
        pygame.draw.rect(surface, theme.BAR, bar)
        pygame.draw.line(surface, theme.RULE, bar.topleft, bar.topright, 1)
        px = int(16 * scale)
        clock_image = self._text(clock, True, theme.WARNING if warn else theme.GOLD, int(17 * scale))
        room = sw - clock_image.get_width() - 40
        key = (status, room, px, min_px(scale))
        if key not in self._lines:  # (measuring the text is most of the bar's work: done when it changes)
            if len(self._lines) > 64:
                self._lines.clear()
            self._lines[key] = bar_lines(self.fonts, status, room, px, min_px(scale))
        lines, px = self._lines[key]
        self.shown = (lines, self.fonts.get(px), room)
        tall = self.fonts.get(px).get_linesize()
        top = bar.y + (bar.h - tall * len(lines)) // 2
        for i, line in enumerate(lines):
            surface.blit(self._text(line, False, theme.INK, px), (12, top + i * tall))
        surface.blit(clock_image, (sw - clock_image.get_width() - 14, bar.y + (bar.h - clock_image.get_height()) // 2))
        self.message_box = None
        if message:
            words, error = message
            colour = theme.ERROR if error else (250, 240, 200)
            msg = self._wrapped(words, colour, int(17 * scale), sw - 60)
            box = msg.get_rect(midbottom=message_at or (sw // 2, bar.y - 10)).inflate(24, 12)
            if place is not None:
                chosen, clear = place(box.size, box.center)
                for width in (sw // 2, sw // 3, sw // 4):
                    if clear:
                        break
                    narrow = self._wrapped(words, colour, int(17 * scale), width)
                    if narrow.get_width() >= msg.get_width():
                        continue
                    tried = narrow.get_rect(midbottom=box.midbottom).inflate(24, 12)
                    at, clear = place(tried.size, tried.center)
                    if clear:
                        msg, box, chosen = narrow, tried, at
                box.topleft = chosen
            box = box.clamp(pygame.Rect(4, 0, sw - 8, sh))  # placed off the middle, it still shows whole
            self.message_box = box
            surface.blit(self._box(box.size, error), box.topleft)
            pygame.draw.rect(surface, colour, box, 1, border_radius=6)
            surface.blit(msg, msg.get_rect(center=box.center))


def dim(surface: pygame.Surface) -> None:
    """Darken everything drawn so far (the table behind a result) by half: a multiply, no veil image."""
    surface.fill(theme.DIM, special_flags=pygame.BLEND_RGB_MULT)

