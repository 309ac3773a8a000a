"""Procedural card art: faces, backs, empty-pile slots and highlight outlines, cached by what and how big.

Everything is drawn with pygame primitives and the bundled DejaVu fonts, so there are no image assets.  Shapes
with curves are drawn at a multiple of the final size and smooth-scaled down, which antialiases them.  Call
`CardArt.clear()` when the card size changes for good.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING

import pygame

from cardtable.core.cards import Card
from cardtable.ui.cards.backs import BACK_DESIGNS, BACK_STYLES, Backs
from cardtable.ui.cards.faces import SpecFaces
from cardtable.ui.cards.glyphs import Glyphs
from cardtable.ui.cards.paint import CardStyle, Colour
from cardtable.ui.cards.standard import StandardFaces

if TYPE_CHECKING:  # the layouts' module, imported with a game's layout
    from cardtable.core.layout import FaceSpec

FLYING_KEPT = 96  # card images scaled for cards in flight kept (a deal's cards fly through the same sizes)


class CardArt:
    """Draws and caches every card-sized surface the table needs."""

    def __init__(self) -> None:
        """Create an empty cache; fonts are loaded on first use (pygame.font must be initialised)."""
        self.glyphs = Glyphs()
        self.standard = StandardFaces(self.glyphs)
        self.specs = SpecFaces(self.glyphs)
        self.backs = Backs(self.glyphs)
        self.style = CardStyle()
        for part in (self.standard, self.specs, self.backs):
            part.style = self.style
        self._faces: dict[tuple[object, ...], pygame.Surface] = {}
        self._backs: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self._slots: dict[tuple[tuple[int, int], str], pygame.Surface] = {}
        self._outlines: dict[tuple[tuple[int, int], Colour, int], pygame.Surface] = {}
        self._scaled: dict[tuple[int, tuple[int, int]], pygame.Surface] = {}
        self._flying: dict[tuple[int, tuple[int, int]], pygame.Surface] = {}  # the newest last (`flying`)

    def set_style(self, four_colour: bool, colour_marks: bool, high_contrast: bool = False) -> None:
        """Draw French faces in four colours, coloured faces marked with their colour's letter, and strong edges,
        or not (see `CardStyle`; what was drawn before is dropped when this changes)."""
        style = CardStyle(four_colour, colour_marks, high_contrast)
        if style != self.style:
            self.style.four_colour, self.style.colour_marks, self.style.high_contrast = (
                four_colour, colour_marks, high_contrast)
            self.clear()

    def face(self, card: Card, size: tuple[int, int], spec: FaceSpec | None = None) -> pygame.Surface:
        """The face of `card` at `size`: drawn from `spec` when the game gives one, else the French face."""
        size = (int(size[0]), int(size[1]))
        key = face_key(card, size, spec)
        surf = self._faces.get(key)
        if surf is None:
            surf = self.specs.render(spec, size) if spec is not None else self.standard.render(card, size)
            self._faces[key] = surf
        return surf

    def face_parts(self, card: Card, size: tuple[int, int], spec: FaceSpec | None = None
                   ) -> Generator[None, None, pygame.Surface]:
        """`face` drawn in a few parts, a pause between them (nothing to draw if it is drawn already)."""
        size = (int(size[0]), int(size[1]))
        key = face_key(card, size, spec)
        surf = self._faces.get(key)
        if surf is None:
            parts = self.specs.render_parts(spec, size) if spec is not None else self.standard.render_parts(card, size)
            surf = self._faces[key] = yield from parts
        return surf

    def scaled(self, image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        """`image` (a cached face) smooth-scaled to `size`, cached: a card shown smaller than the table's cards (a
        pile in the middle) costs a scaling, not a new drawing."""
        size = (int(size[0]), int(size[1]))
        key = (id(image), size)
        surf = self._scaled.get(key)
        if surf is None:
            surf = self._scaled[key] = pygame.transform.smoothscale(image, size)
        return surf

    def flying(self, image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        """`image` (a cached card image) smooth-scaled to `size` for a card changing size on its way, one of the
        last `FLYING_KEPT` such images kept: the cards of a deal pass through the same sizes one after another."""
        key = (id(image), size)
        surf = self._flying.pop(key, None)
        if surf is None:
            if len(self._flying) >= FLYING_KEPT:
                del self._flying[next(iter(self._flying))]
            surf = pygame.transform.smoothscale(image, size)
        self._flying[key] = surf
        return surf

    def back(self, design: str, size: tuple[int, int]) -> pygame.Surface:
        """A card back; unknown designs fall back to `BACK_DESIGNS[0]`."""
        size = (int(size[0]), int(size[1]))
        if design not in BACK_STYLES:
            design = BACK_DESIGNS[0]
        key = (design, size)
        surf = self._backs.get(key)
        if surf is None:
            surf = self._backs[key] = self.backs.back(design, size)
        return surf

    def back_parts(self, design: str, size: tuple[int, int]) -> Iterator[None]:
        """`back` drawn in a few parts, a pause between them (nothing to draw if it is drawn already)."""
        size = (int(size[0]), int(size[1]))
        if design not in BACK_STYLES:
            design = BACK_DESIGNS[0]
        if (design, size) in self._backs:
            return
        self._backs[design, size] = yield from self.backs.back_parts(design, size)

    def slot(self, size: tuple[int, int], label: str = "") -> pygame.Surface:
        """An empty-pile placeholder: a translucent rounded outline with an optional faint label."""
        size = (int(size[0]), int(size[1]))
        key = (size, label)
        surf = self._slots.get(key)
        if surf is None:
            surf = self._slots[key] = self.backs.slot(size, label)
        return surf

    def slot_parts(self, size: tuple[int, int], label: str = "") -> Iterator[None]:
        """`slot` drawn in parts, a pause between them (nothing to draw if it is drawn already)."""
        size = (int(size[0]), int(size[1]))
        if (size, label) not in self._slots:
            self._slots[size, label] = yield from self.backs.slot_parts(size, label)

    def outline(self, size: tuple[int, int], colour: tuple[int, int, int], width: int = 3) -> pygame.Surface:
        """A highlight ring around a card of `size`; the surface is `width` px bigger on every side.

        Blit it at the card's position minus `(width, width)`.
        """
        size = (int(size[0]), int(size[1]))
        colour = (int(colour[0]), int(colour[1]), int(colour[2]))
        width = max(1, int(width))
        key = (size, colour, width)
        surf = self._outlines.get(key)
        if surf is None:
            surf = self._outlines[key] = self.backs.outline(size, colour, width)
        return surf

    def clear(self) -> None:
        """Drop every cached surface (e.g. after the window, and so the card size, changed)."""
        for cache in (self._faces, self._backs, self._slots, self._outlines, self._scaled, self._flying):
            cache.clear()
        for part in (self.glyphs, self.standard, self.specs):
            part.clear()


def face_key(card: Card, size: tuple[int, int], spec: FaceSpec | None) -> tuple[object, ...]:
    """What a face is cached under: its spec (a game's own face) or the French card, and its size."""
    return (spec, size) if spec is not None else (card.rank, card.suit, card.is_red, size)
