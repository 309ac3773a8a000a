"""The Settings screen: how the table plays (animation, bots, safe cards, totals, sound), and how it looks
(fullscreen, card back with previews, card size, four colours, colour letters, contrast), in two columns.

Choices apply to `app.settings` at once (the card art, the palette and the previews follow them); "Back" (or Esc)
saves them, switches fullscreen if that changed, and shows the menu.
"""

from __future__ import annotations

from typing import Any, cast

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from cardtable.ui import theme
from cardtable.ui.cards import BACK_DESIGNS
from cardtable.ui.keyfocus import ButtonFocus
from cardtable.ui.widgets import (
    BUTTON,
    HEADING,
    DropDownOptions,
    clamp,
    draw_panel,
    draw_vignette,
    line_height,
    text_width,
    wrap,
)
from cardtable.ui.window import App, Scene

OFF_ON = ((False, "Off"), (True, "On"))

#: Each setting: (attribute of Settings, label, ((value, text), ...)).  The first half fills the left column, the
#: rest the right one.
CHOICES: tuple[tuple[str, str, tuple[tuple[Any, str], ...]], ...] = (
    ("animation_speed", "Animation speed",
     (("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"), ("instant", "Instant"))),
    ("bot_delay", "Bots pause before playing",
     ((0.0, "No pause"), (0.3, "Short"), (0.6, "Normal"), (1.2, "Long"))),
    ("auto_play_safe", "Play safe cards home by itself", OFF_ON),
    ("running_total", "Running total across games (Vegas)", OFF_ON),
    ("say_when_lost", "Say when a solitaire can no longer be won", OFF_ON),
    ("volume", "Sound", (("off", "Off"), ("low", "Low"), ("medium", "Medium"), ("high", "High"))),
    ("fullscreen", "Fullscreen (F11)", OFF_ON),
    ("card_back", "Card back", tuple((d, d.capitalize()) for d in BACK_DESIGNS)),
    ("card_size", "Card size", (("small", "Small"), ("normal", "Normal"), ("large", "Large"))),
    ("four_colour", "Four-colour deck", OFF_ON),
    ("colour_marks", "Colour letters on coloured cards", OFF_ON),
    ("high_contrast", "High contrast", OFF_ON),
)
#: The settings that change how cards and the table are drawn.
LOOKS = frozenset({"four_colour", "colour_marks", "high_contrast"})


class SettingsScene(Scene):
    """Change the person's preferences; back to the menu as it was left."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.menus: dict[str, UIDropDownMenu] = {}
        self.buttons: dict[str, UIButton] = {}
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.back_rects: dict[str, pygame.Rect] = {}
        self.card_size = (0, 0)
        self.focus = ButtonFocus()  # Tab and the arrows move it over the settings; Enter or Space picks the next choice
        self.build()

    # ----- building ------------------------------------------------------------------------
    def build(self) -> None:
        self.ui.clear_and_reset()
        self.menus = {}
        self.buttons = {}
        width, height = self.app.size
        m = clamp(min(width * 0.022, height * 0.03), 14, 40)
        gap = clamp(height * 0.01, 5, 14)
        ch = clamp(height * 0.042, 28, 40)
        line_h = line_height(self.ui) + 4
        heading_h = line_height(self.ui, HEADING) + 8
        pad = clamp(width * 0.025, 16, 32)
        column_gap = clamp(width * 0.03, 20, 48)
        button_h = ch + 4

        menu_w = max(text_width(self.ui, text, BUTTON) for _, _, ch_ in CHOICES for _, text in ch_) + 56
        label_w = max(text_width(self.ui, label) for _, label, _ in CHOICES) + 16
        panel_w = min(width - 2 * m, max(2 * (label_w + gap + menu_w) + column_gap + 2 * pad, int(width * 0.6)))
        column_w = (panel_w - 2 * pad - column_gap) // 2
        menu_w = min(menu_w, column_w // 2)
        label_w = column_w - menu_w - gap
        columns = self.columns(label_w, line_h, ch)
        rows_h = max(sum(h for _, _, h in column) + gap * (len(column) - 1) for column in columns)

        fixed = pad + heading_h + line_h + gap * 2 + rows_h + gap * 3 + 14 + gap * 2 + button_h + pad
        card_h = clamp(height * 0.2, 50, 190)
        card_h = max(40, min(card_h, height - 2 * m - fixed))  # the previews take what the rows leave
        card_w = int(card_h * 0.7)
        panel_h = min(height - 2 * m, fixed + card_h)
        self.panel_rect = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel_rect.center = (width // 2, height // 2)
        inner_w = panel_w - 2 * pad
        x, y = self.panel_rect.x + pad, self.panel_rect.y + pad

        UILabel(pygame.Rect(x, y, inner_w, heading_h), "Settings", self.ui, object_id="#heading")
        y += heading_h
        UILabel(pygame.Rect(x, y, inner_w, line_h), "Changes are saved when you go back. F11 switches fullscreen.",
                self.ui, object_id="#muted")
        y += line_h + gap * 2
        for c, column in enumerate(columns):
            left, top = x + c * (column_w + column_gap), y
            for (name, choices), lines, row_h in column:
                self.add_row(name, choices, lines, pygame.Rect(left, top, column_w, row_h), menu_w, line_h, ch)
                top += row_h + gap
        # The card backs, side by side; the chosen one is raised and outlined.  Click one to choose it.
        y += rows_h + gap * 3
        self.card_size = (card_w, card_h)
        step = card_w + card_w // 3
        total = len(BACK_DESIGNS) * card_w + (len(BACK_DESIGNS) - 1) * (step - card_w)
        left = self.panel_rect.centerx - total // 2
        self.back_rects = {d: pygame.Rect(left + i * step, y + 10, card_w, card_h) for i, d in enumerate(BACK_DESIGNS)}
        button_w = clamp(inner_w * 0.2, 120, 180)
        bottom = self.panel_rect.bottom - pad
        self.buttons["back"] = UIButton(pygame.Rect(self.panel_rect.right - pad - button_w, bottom - button_h,
                                                    button_w, button_h), "Back", self.ui,
                                        tool_tip_text="Save and return (Esc)")

    def columns(self, label_w: int, line_h: int, ch: int
                ) -> list[list[tuple[tuple[str, tuple[tuple[Any, str], ...]], list[str], int]]]:
        """The rows of each column: (setting, its choices), the label's lines (wrapped to `label_w`), the row's
        height."""
        rows = []
        for name, label, choices in CHOICES:
            lines = wrap(self.ui, label, label_w)
            rows.append(((name, choices), lines, max(ch, len(lines) * line_h)))
        half = (len(rows) + 1) // 2
        return [rows[:half], rows[half:]]

    def add_row(self, name: str, choices: tuple[tuple[Any, str], ...], lines: list[str], rect: pygame.Rect,
                menu_w: int, line_h: int, ch: int) -> None:
        """One setting in `rect`: its label's lines on the left, its drop-down `menu_w` wide on the right."""
        y = rect.centery - len(lines) * line_h // 2
        for line in lines:
            UILabel(pygame.Rect(rect.x, y, rect.width - menu_w, line_h), line, self.ui)
            y += line_h
        options = [(text, str(i)) for i, (_, text) in enumerate(choices)]
        current = getattr(self.app.settings, name)
        index = next((i for i, (v, _) in enumerate(choices) if v == current), 0)
        menu_rect = pygame.Rect(rect.right - menu_w, rect.centery - ch // 2, menu_w, ch)
        self.menus[name] = UIDropDownMenu(cast(DropDownOptions, options), options[index], menu_rect, self.ui)

    # ----- actions -------------------------------------------------------------------------
    def choose(self, name: str, value: Any) -> None:
        """Set one setting now (the dropdown follows if the change came from elsewhere)."""
        setattr(self.app.settings, name, value)
        if name in LOOKS:
            self.app.apply_look()
        menu = self.menus.get(name)
        choices = next(c for n, _, c in CHOICES if n == name)
        index = next(i for i, (v, _) in enumerate(choices) if v == value)
        if menu is not None and menu.selected_option[1] != str(index):
            self.build()

    def back(self) -> None:
        """Save, switch fullscreen if it changed, and leave."""
        message = self.app.save_settings()
        if self.app.settings.fullscreen != self.app.fullscreen_shown:
            self.app.apply_fullscreen()
        self.app.navigator.menu(message)

    # ----- Scene hooks ---------------------------------------------------------------------
    def focusable(self) -> dict[str, Any]:
        """What the keyboard's focus goes through, in Tab order: the settings, then Back."""
        return {**{f"setting:{name}": menu for name, menu in self.menus.items()}, **self.buttons}

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.focus.handle(event, self.focusable()):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.buttons.get("back"):
            self.back()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for name, _label, choices in CHOICES:
                if self.menus.get(name) is event.ui_element:
                    self.choose(name, choices[int(event.selected_option_id)][0])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            for design, rect in self.back_rects.items():
                if rect.collidepoint(event.pos):
                    self.choose("card_back", design)

    def next_change(self) -> None:
        """Nothing here moves by itself: the screen changes only when the person acts."""
        return None

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build()

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn above the widgets: the keyboard's focus."""
        self.focus.draw(surface, self.focusable(), scale=self.ui_scale)

    def draw(self, surface: pygame.Surface) -> None:
        draw_vignette(surface)
        draw_panel(surface, self.panel_rect)
        chosen = self.app.settings.card_back
        for design, rect in self.back_rects.items():
            lift = 10 if design == chosen else 0
            shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=max(4, rect.width // 12))
            surface.blit(shadow, (rect.x + 3, rect.y + 4))
            surface.blit(self.app.art.back(design, rect.size), (rect.x, rect.y - lift))
            if design == chosen:
                ring = self.app.art.outline(rect.size, theme.GOLD, 3)
                surface.blit(ring, (rect.x - 3, rect.y - lift - 3))
