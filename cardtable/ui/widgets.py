"""Widget helpers shared by the screens: measuring and wrapping text in the theme's fonts, the felt's vignette,
and the translucent panels the menu and settings draw."""

from __future__ import annotations

import math

import pygame
import pygame_gui
from pygame_gui.core.interfaces import IUIManagerInterface

from cardtable.ui import theme

PANEL_FILL = (14, 44, 28, 205)


# Theme element ids used to find the font a widget will render with (for measuring before laying out).
LABEL = ("label",)
HEADING = ("#heading", "label")
TITLE = ("#title", "label")
TAG = ("#coming_soon", "@tag", "label")
BUTTON = ("button",)
#: A drop-down's options as pygame-gui types them; it copies the list, so (text, id) pairs are passed as they are.
DropDownOptions = list[str | tuple[str, str]]


def text_width(ui: IUIManagerInterface, text: str, ids: tuple[str, ...] = LABEL) -> int:
    """Width in pixels of `text` in the font the theme gives to the element `ids`."""
    return ui.get_theme().get_font(list(ids)).size(text)[0]


def line_height(ui: IUIManagerInterface, ids: tuple[str, ...] = LABEL) -> int:
    return ui.get_theme().get_font(list(ids)).size("Ág")[1]


def wrap(ui: IUIManagerInterface, text: str, width: int, ids: tuple[str, ...] = LABEL) -> list[str]:
    """Break `text` into lines no wider than `width` pixels (a too-long word is cut by characters)."""
    font = ui.get_theme().get_font(list(ids))
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def pack(ui: pygame_gui.UIManager, items: list[str], width: int, sep: str = "   ·   ") -> list[str]:
    """Join short items into as few lines as fit `width` (an item is never split)."""
    lines: list[str] = []
    for item in items:
        if lines and text_width(ui, lines[-1] + sep + item) <= width:
            lines[-1] += sep + item
        else:
            lines.append(item)
    return lines


def clamp(value: float, low: float, high: float) -> int:
    return int(round(max(low, min(high, value))))


_vignettes: dict[tuple[int, int], pygame.Surface] = {}


def draw_vignette(surface: pygame.Surface) -> None:
    """Darken the felt towards the edges and add a soft light in the middle (cached per size)."""
    size = surface.get_size()
    shade = _vignettes.get(size)
    if shade is None:
        small = pygame.Surface((64, 40), pygame.SRCALPHA)
        for y in range(40):
            for x in range(64):
                dx, dy = (x + 0.5) / 32 - 1, (y + 0.5) / 20 - 1
                d = min(1.0, math.hypot(dx * 0.9, dy))
                if d < 0.45:
                    small.set_at((x, y), (255, 255, 230, int(18 * (1 - d / 0.45))))
                else:
                    small.set_at((x, y), (0, 18, 8, int(150 * ((d - 0.45) / 0.55) ** 1.6)))
        shade = pygame.transform.smoothscale(small, size)
        _vignettes.clear()
        _vignettes[size] = shade
    surface.blit(shade, (0, 0))


def window_rect(ui: IUIManagerInterface) -> pygame.Rect:
    """The whole window: the rectangle of the manager's root container (made with the manager)."""
    root = ui.get_root_container()
    assert root is not None
    return root.get_rect()


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int = 12) -> None:
    """A translucent dark-green panel with a thin gold border."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, PANEL_FILL, layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (*theme.RULE, 200), layer.get_rect(), width=1, border_radius=radius)
    surface.blit(layer, rect.topleft)


def open_upwards(menu: pygame_gui.elements.UIDropDownMenu) -> None:
    """Make a drop-down menu's list open above it (near the window's bottom)."""
    menu.expand_direction = "up"
    for state in menu.menu_states.values():
        state.expand_direction = "up"
    assert menu.current_state is not None  # a menu is in one of its states from when it is made
    menu.current_state.rebuild()
