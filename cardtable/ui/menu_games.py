"""The menu's left column: the title with its fan of aces, a button per game, Resume for the most recent unfinished
game, and Statistics, Settings and Quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel

from cardtable.games import CATALOGUE
from cardtable.session.stamps import saved_when
from cardtable.ui.save_loading import latest_autosave
from cardtable.ui.widgets import BUTTON, TAG, TITLE, clamp, line_height, text_width

if TYPE_CHECKING:
    from cardtable.ui.menu import MenuScene


def build_game_list(menu: MenuScene, width: int, height: int) -> None:
    """Make the left column's widgets for a window of `width` x `height`."""
    m, gap = menu.margin, menu.gap
    left_w = clamp(width * 0.26, 280, 400 * menu.ui_scale)
    menu.left_rect = pygame.Rect(m, m, left_w, height - 2 * m)
    rows = len(CATALOGUE) + 3  # the games, then "Join a table", "Resume ..." and "Settings | Quit"
    text_h = max(56, line_height(menu.ui, TITLE) + 10)
    spare = height - 2 * m - text_h - rows * gap - 4 * gap
    button_h = clamp(spare / rows, 28, 44 * menu.ui_scale)
    title_h = clamp(height - 2 * m - rows * (button_h + gap) - 4 * gap, text_h, 170 * menu.ui_scale)
    # Title: a fan of the four aces above the name when there is room, beside it otherwise.
    title_w = text_width(menu.ui, "cardtable", TITLE) + 12
    if title_h >= text_h + 60:
        fan_h = title_h - text_h
        menu.fan_rect = pygame.Rect(0, m, min(left_w, int(fan_h * 1.8)), fan_h)
        menu.fan_rect.centerx = menu.left_rect.centerx
        title_rect = pygame.Rect(m, m + fan_h, left_w, text_h)
    else:
        fan_h = min(title_h - 4, int((left_w - title_w - 8) / 1.6))
        fan_w = int(fan_h * 1.6) if fan_h >= 40 else 0
        block = fan_w + title_w
        x0 = m + (left_w - block) // 2
        menu.fan_rect = pygame.Rect(x0, m + (title_h - fan_h) // 2, fan_w, fan_h if fan_w else 0)
        title_rect = pygame.Rect(x0 + fan_w, m + (title_h - text_h) // 2, title_w, text_h)
    UILabel(title_rect, "cardtable", menu.ui, object_id="#title")
    y = m + title_h + gap * 2
    tag_w = text_width(menu.ui, "coming soon", TAG) + 10
    for entry in CATALOGUE:
        rect = pygame.Rect(m, y, left_w, button_h)
        built = entry.built
        button = UIButton(rect, entry.title, menu.ui,
                          object_id=ObjectID(class_id="@game", object_id=None if built else "#coming_soon"),
                          tool_tip_text=entry.blurb if built else f"{entry.blurb} (coming soon)")
        menu.buttons[f"game:{entry.id}"] = button
        if not built:
            button.disable()
            fits = text_width(menu.ui, entry.title, BUTTON) + tag_w + 14 + 12 <= left_w
            _place_soon_tag(menu, entry.id, "coming soon" if fits else "soon", rect)
        elif entry.id == menu.selected_game:
            button.select()
        y += button_h + gap
    # Bottom of the column: resume the most recent game, then statistics, settings and quit.
    bottom = menu.left_rect.bottom
    third = (left_w - 2 * gap) // 3
    for i, (name, text, tip) in enumerate((
            ("statistics", "Statistics", "Every game's record, per variant, and the last games"),
            ("settings", "Settings", "Animation speed, card backs, fullscreen"), ("quit", "Quit", None))):
        width = left_w - 2 * (third + gap) if i == 2 else third
        menu.buttons[name] = UIButton(pygame.Rect(m + i * (third + gap), bottom - button_h, width, button_h),
                                      text, menu.ui, tool_tip_text=tip)
    above = bottom - button_h - gap  # the join button, over the resume button when there is one
    latest = latest_autosave()
    if latest is not None:
        above -= button_h + gap
    menu.buttons["join"] = UIButton(pygame.Rect(m, above - button_h, left_w, button_h), "Join a table", menu.ui,
                                    tool_tip_text="Play at a table another computer hosts")
    if latest is not None:
        entry, path = latest
        text = f"Resume {entry.title}"
        if text_width(menu.ui, text, BUTTON) + 24 > left_w:
            text = f"Resume {entry.title.split(' (')[0]}"
        menu.buttons["resume_last"] = UIButton(
            pygame.Rect(m, bottom - 2 * button_h - gap, left_w, button_h), text, menu.ui,
            tool_tip_text=f"Continue the {entry.title} game saved {saved_when(path)}")


def _place_soon_tag(menu: MenuScene, game_id: str, text: str, rect: pygame.Rect) -> None:
    """A small 'coming soon' note at the right end of a disabled game button."""
    w = text_width(menu.ui, text, TAG) + 12
    label = UILabel(pygame.Rect(rect.right - w - 8, rect.y + 1, w, rect.height - 2), text, menu.ui,
                    object_id=ObjectID(class_id="@tag", object_id="#coming_soon"))
    menu.coming_soon_labels[game_id] = label

