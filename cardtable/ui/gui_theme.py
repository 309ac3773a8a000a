"""The widgets' theme (pygame-gui): read from assets/theme.json and scaled for a big window, built once per scale
and shared by every scene's widget manager, with a shape cache that keeps each widget shape as its own surface."""

from __future__ import annotations

import json
from typing import Any

import pygame_gui
from pygame_gui.core.surface_cache import SurfaceCache

from cardtable.resources import asset_path


def load_theme(scale: float = 1.0) -> dict[str, Any]:
    """The pygame-gui theme from assets/, with font paths made absolute (works frozen too) and font sizes grown by
    `scale` (a big window), and the drop-downs' rows with them."""
    theme = json.loads(asset_path("theme.json").read_text(encoding="utf-8"))
    add_menu_classes(theme)
    for block in theme.values():
        font = block.get("font") if isinstance(block, dict) else None
        if font:
            for key in ("regular_path", "bold_path", "italic_path", "bold_italic_path"):
                if key in font:
                    font[key] = str(asset_path(*font[key].split("/")))
            if "size" in font:
                font["size"] = str(round(int(font["size"]) * scale))
        misc = block.get("misc") if isinstance(block, dict) else None
        if misc and "list_item_height" in misc:  # a drop-down's rows: as tall as the buttons at this scale
            misc["list_item_height"] = str(int(int(misc["list_item_height"]) * scale))
    return theme


def add_menu_classes(theme: dict[str, Any]) -> None:
    """The menu's own classes, unless assets/theme.json already defines them: "@game", left-aligned button text
    (the list of games); "@tag", a small right-aligned note (13 px before scaling)."""
    theme.setdefault("@game", {"misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "14"}})
    tag: dict[str, Any] = {"misc": {"text_horiz_alignment": "right"}}
    font = theme.get("defaults", {}).get("font")
    if font:
        tag["font"] = {**font, "size": "13"}
    theme.setdefault("@tag", tag)


class FlatShapeCache(SurfaceCache):
    """pygame-gui's cache of widget shapes, each kept as its own surface: pygame-gui packs them into shared atlases,
    one a frame, and the packing's bookkeeping grows with every shape cached (several milliseconds of a frame once a
    few scenes have made their buttons).  Unused shapes drawn once go when more than `MOST` are kept."""

    MOST = 2000

    def add_surface_to_long_term_cache(self, cached_item: Any, string_id: str) -> bool:
        self.cache_long_term_lookup[string_id] = {"surface": cached_item["surface"],
                                                  "current_uses": cached_item["uses"],
                                                  "total_uses": cached_item["uses"]}
        if len(self.cache_long_term_lookup) > self.MOST:
            self.low_on_space = True  # `update` then drops the unused ones
        return True


class SharedThemeManager(pygame_gui.UIManager):
    """A widget manager on a theme that an earlier manager built and loaded (with its fonts): building one takes
    tens of milliseconds, and every scene has its own manager.  The theme never changes once built."""

    def __init__(self, size: tuple[int, int], built_theme: Any, loader: Any) -> None:
        self._built_theme = built_theme
        super().__init__(size, None, enable_live_theme_updates=False, resource_loader=loader)

    def create_new_theme(self, theme_path: Any = None) -> Any:
        return self._built_theme
