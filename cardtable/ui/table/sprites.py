"""The table's things as pygame sprites: a `CardSprite` per card, a `SlotSprite` per empty place, a `PanelSprite`
per seat panel, all in one `LayeredUpdates` group in the layout's drawing order.

A new layout retargets the sprites (where each card belongs, which side shows); animation moves them on the way;
a drag lifts the picked ones to the top layer.  A sprite's image is made only when what it shows changes: card
images come from the card-art cache, panel images are rendered once per content.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import Any

import pygame

from cardtable.core.layout import Rect, Spot, TableLayout, Zone

ZONE_LAYERS = 1000  # layers per zone: its slot or panel, then its cards
FLIGHT_LAYER = 10**6  # cards in flight above everything on the table
DRAG_LAYER = 2 * 10**6  # and picked-up cards above those
SLOTTED = ("stack", "fan", "spread", "cell")  # zones that show an empty place for cards ("pile" does not)
OUTLINE_PX = 3
_EMPTY = pygame.Surface((1, 1), pygame.SRCALPHA)


def spot_key(zone: Zone, spot: Spot) -> Hashable:
    """Cards are followed by identity; an unknown face-down card by its place."""
    return spot.card if spot.card is not None else ("hidden", zone.id, spot.index)


class CardSprite(pygame.sprite.Sprite):
    """One card on the table.  `home` (and `home_layer`) is where the layout puts it; `at` is where the card is
    drawn now (its image may be larger: an outline around it)."""

    image: pygame.Surface  # always one (the sprite's own attribute may be None)

    def __init__(self, key: Hashable, at: Rect) -> None:
        super().__init__()
        self.key = key
        self.card: Any = None
        self.face_up = False
        self.home: Rect = at
        self.home_layer = 0
        self.at: Rect = at
        self.image = _EMPTY
        self.rect = pygame.Rect(at)
        self._look: tuple[Any, ...] | None = None

    def show(self, look: tuple[Any, ...], image: Callable[[], pygame.Surface], at: Rect, pad: int = 0) -> None:
        """Draw `image()` for the card at `at` (the image reaching `pad` pixels beyond it), making the image only
        when `look` (what it shows) changed."""
        if look != self._look:
            self._look = look
            self.image = image()
        self.at = at
        self.rect = self.image.get_rect(topleft=(at[0] - pad, at[1] - pad))


class SlotSprite(pygame.sprite.Sprite):
    """The empty place of a stack, fan or spread, with its label ("A", "K"); its image is made when first drawn (a
    table being opened makes it in one of its steps)."""

    def __init__(self, make: Callable[[], pygame.Surface], rect: Rect) -> None:
        super().__init__()
        self._make: Callable[[], pygame.Surface] | None = make
        self._image = _EMPTY
        self.rect = pygame.Rect(rect)

    @property
    def image(self) -> pygame.Surface:
        if self._make is not None:
            self._image, self._make = self._make(), None
        return self._image

    @image.setter
    def image(self, image: pygame.Surface) -> None:
        self._image, self._make = image, None


class PanelSprite(pygame.sprite.Sprite):
    """A seat panel (or another panel of text); its image is rendered when its content changes."""

    image: pygame.Surface  # always one (the sprite's own attribute may be None)
    rect: pygame.Rect

    def __init__(self, zone_id: str) -> None:
        super().__init__()
        self.zone_id = zone_id
        self.image = _EMPTY
        self.rect = pygame.Rect(0, 0, 1, 1)
        self._content: tuple[Any, ...] | None = None

    def show(self, content: tuple[Any, ...], render: Callable[[], pygame.Surface], topleft: tuple[int, int]) -> None:
        if content != self._content:
            self._content = content
            self.image = render()
        self.rect = self.image.get_rect(topleft=topleft)


class TableSprites:
    """Every sprite of the table, kept in step with the layout."""

    def __init__(self) -> None:
        self.group: pygame.sprite.LayeredUpdates[pygame.sprite.Sprite] = pygame.sprite.LayeredUpdates()
        self.cards: dict[Hashable, CardSprite] = {}
        self.panels: dict[str, PanelSprite] = {}  # seat panels, and the markers of zones that have some
        self.slots: list[SlotSprite] = []
        self.zone_of: dict[Hashable, Zone] = {}

    def retarget(self, layout: TableLayout, slot_image: Callable[[tuple[int, int], str], pygame.Surface]) -> None:
        """Follow a new layout: every card gets its new home and layer; cards no longer shown go."""
        seen: set[Hashable] = set()
        for slot in self.slots:
            slot.kill()
        self.slots = []
        panels_seen: set[str] = set()
        self.zone_of = {}
        for z, zone in enumerate(layout.zones):
            base = z * ZONE_LAYERS
            if zone.markers:  # drawn above the zone's cards
                marks_id = f"markers:{zone.id}"
                marks = self.panels.get(marks_id)
                if marks is None:
                    marks = self.panels[marks_id] = PanelSprite(marks_id)
                    self.group.add(marks, layer=base + ZONE_LAYERS - 1)
                self.set_layer(marks, base + ZONE_LAYERS - 1)
                panels_seen.add(marks_id)
            if zone.kind == "seat":
                panel = self.panels.get(zone.id)
                if panel is None:
                    panel = self.panels[zone.id] = PanelSprite(zone.id)
                    self.group.add(panel, layer=base)
                self.set_layer(panel, base)
                panels_seen.add(zone.id)
                continue
            if zone.kind in SLOTTED:
                slot = SlotSprite(partial(slot_image, (zone.slot[2], zone.slot[3]), zone.label), zone.slot)
                self.slots.append(slot)
                self.group.add(slot, layer=base)
            for spot in zone.spots:
                key = spot_key(zone, spot)
                sprite = self.cards.get(key)
                if sprite is None:
                    sprite = self.cards[key] = CardSprite(key, spot.rect)
                    self.group.add(sprite, layer=base + 1 + spot.index)
                sprite.card, sprite.face_up, sprite.home = spot.card, spot.face_up, spot.rect
                sprite.home_layer = base + 1 + spot.index
                self.zone_of[key] = zone
                seen.add(key)
        for key in [k for k in self.cards if k not in seen]:
            self.cards.pop(key).kill()
        for zone_id in [z for z in self.panels if z not in panels_seen]:
            self.panels.pop(zone_id).kill()

    def rects(self) -> dict[Hashable, tuple[Rect, bool]]:
        """Where each card is drawn now and which side shows (where a new animation starts from)."""
        return {key: (s.at, s.face_up) for key, s in self.cards.items()}

    def set_layer(self, sprite: pygame.sprite.Sprite, layer: int) -> None:
        """Move `sprite` to `layer` (only when it is elsewhere: changing a layer costs a re-sort)."""
        if self.group.get_layer_of_sprite(sprite) != layer:
            self.group.change_layer(sprite, layer)

    def draw(self, surface: pygame.Surface) -> None:
        """Every sprite, in its layer's order (the whole table is drawn every frame: no changed areas kept)."""
        # Every sprite of the group has its image and rect, which pygame types as optional.
        pairs = [(sprite.image, sprite.rect) for sprite in self.group.sprites()]
        surface.blits(pairs, doreturn=False)  # type: ignore[arg-type]
