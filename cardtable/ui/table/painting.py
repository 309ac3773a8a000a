"""A frame's picture of the table: while it is being opened, its background and then its seats; then the cards
(sprites) with the outlines of what may be played or is picked, the move log, the targets lit, the hint, the drop
mark, the dim under a result, the status line and a celebration."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from cardtable.core.layout import Picked
from cardtable.ui import theme
from cardtable.ui.table.sprites import spot_key
from cardtable.ui.table.view import dim, drop_mark, outline, place_cards, place_panels, union

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene


def draw_table(scene: TableScene, surface: pygame.Surface) -> None:
    """Draw `scene`'s table on `surface` (the widgets and the overlay come after, from the app)."""
    if not scene.ready:  # being opened: the table's background, and the seats once they are all ready
        if scene.seats_shown:
            for sprite in scene.sprites.panels.values():
                surface.blit(sprite.image, sprite.rect)
        return
    art = scene.app.art
    dragged = scene.input.dragged()
    hidden = set(scene.celebration.launched) if scene.celebration is not None else set()
    outlined: dict[Hashable, tuple[int, int, int]] = {}
    if scene.human_turn and scene.drag is None:
        chosen = set(scene.input.selected)
        for zone in scene.layout.zones:
            for spot in zone.spots:
                if Picked(zone.id, spot.index) in chosen:
                    outlined[spot_key(zone, spot)] = theme.PICKED
                elif spot.index in zone.playable:
                    outlined[spot_key(zone, spot)] = theme.LEGAL
    place_panels(scene.sprites, scene.shown_layout, scene.fonts, scene.seat_cue, scene.ui_scale)
    place_cards(scene.sprites, scene.look(), scene.layout.card_size, scene.animator.flights,
                dragged, hidden, outlined)
    scene.sprites.draw(surface)
    scene.move_log.draw(surface, scene.layout.move_log, scene.fonts, scene.ui_scale)
    for rect in scene.input.target_rects():
        outline(surface, art, rect, theme.LEGAL)
    scene.hints.draw(surface)
    if dragged:
        outline(surface, art, union(list(dragged.values())), theme.PICKED)
    drop_mark(surface, scene.input.mark(), scene.ui_scale)
    if scene.panels.result_shown or scene.summaries.open:  # the result (or the deal's) is what to look at
        dim(surface)
    scene.summaries.draw(surface)
    scene.status_line.draw(surface)  # after the dim: a problem said at the end of a game stays readable
    if scene.celebration is not None:
        scene.celebration.draw(surface)
