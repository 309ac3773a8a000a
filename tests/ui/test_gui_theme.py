"""The widgets' theme: one shape cache per built theme that keeps each widget shape as its own surface (pygame-gui's
own packs them into atlases, milliseconds a frame); this holds the cache to the library it plugs into."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from cardtable.ui.gui_theme import FlatShapeCache


def test_widget_shapes_are_kept_each_on_its_own_and_drawn(table_app):
    manager = table_app.make_ui_manager()
    cache = manager.get_theme().shape_cache
    assert isinstance(cache, FlatShapeCache)
    button = UIButton(pygame.Rect(10, 10, 160, 40), "A button", manager)
    surface = pygame.Surface((200, 80))
    for _ in range(3):
        manager.update(1 / 60)
        surface.fill((0, 0, 0))
        manager.draw_ui(surface)
    assert cache.cache_long_term_lookup, "the button's shapes reached the long-term cache"
    assert all(isinstance(item["surface"], pygame.Surface) for item in cache.cache_long_term_lookup.values())
    assert surface.get_at(button.rect.center)[:3] != (0, 0, 0), "the button is drawn from the cached shapes"


def test_unused_shapes_go_once_there_are_too_many():
    cache = FlatShapeCache()
    for i in range(FlatShapeCache.MOST + 1):
        cache.add_surface_to_long_term_cache({"surface": pygame.Surface((2, 2)), "uses": 0}, f"shape{i}")
    assert cache.low_on_space
