"""The Settings screen: animation speed, card back (with previews), fullscreen, how long bots pause.

Choices apply to `app.settings` at once (the card-back previews follow them); "Back" (or Esc) saves
them, switches fullscreen if that changed, and shows the scene `back()` returns.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from cardtable.ui import theme
from cardtable.ui.cards import BACK_DESIGNS
from cardtable.ui.widgets import BUTTON, HEADING, clamp, draw_panel, draw_vignette, line_height, text_width
from cardtable.ui.window import App, Scene

log = logging.getLogger("cardtable")


#: Each setting: (attribute of Settings, label, ((value, text), ...)).
CHOICES: tuple[tuple[str, str, tuple[tuple[Any, str], ...]], ...] = (
    ("animation_speed", "Animation speed",
     (("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"), ("instant", "Instant"))),
    ("card_back", "Card back", tuple((d, d.capitalize()) for d in BACK_DESIGNS)),
    ("fullscreen", "Fullscreen", ((False, "Off"), (True, "On"))),
    ("bot_delay", "Bots pause before playing",
     ((0.0, "No pause"), (0.3, "Short"), (0.6, "Normal"), (1.2, "Long"))),
    ("auto_play_safe", "Play safe cards home by itself", ((False, "Off"), (True, "On"))),
    ("running_total", "Running total across games (Vegas)", ((False, "Off"), (True, "On"))),
    ("say_when_lost", "Say when a solitaire can no longer be won", ((False, "Off"), (True, "On"))),
)


class SettingsScene(Scene):
    """Change the person's preferences; back to the menu as it was left."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.initial_fullscreen = app.settings.fullscreen
        self.menus: dict[str, UIDropDownMenu] = {}
        self.buttons: dict[str, UIButton] = {}
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.back_rects: dict[str, pygame.Rect] = {}
        self.card_size = (0, 0)
        self.build()

    # ----- building ------------------------------------------------------------------------
    def build(self) -> None:
        self.ui.clear_and_reset()
        self.menus = {}
        self.buttons = {}
        width, height = self.app.size
        m = clamp(min(width * 0.022, height * 0.03), 14, 40)
        gap = clamp(height * 0.012, 6, 14)
        ch = clamp(height * 0.045, 30, 40)
        line_h = line_height(self.ui) + 4
        heading_h = line_height(self.ui, HEADING) + 8
        pad = clamp(width * 0.025, 18, 32)

        label_w = max(text_width(self.ui, label) for _, label, _ in CHOICES) + 24
        menu_w = max(text_width(self.ui, text, BUTTON) for _, _, ch_ in CHOICES for _, text in ch_) + 60
        menu_w = max(menu_w, 200)
        card_h = clamp(height * 0.2, 90, 190)
        card_w = int(card_h * 0.7)
        backs_w = len(BACK_DESIGNS) * card_w + (len(BACK_DESIGNS) - 1) * card_w // 3
        inner_w = max(label_w + gap + menu_w, backs_w)
        panel_w = min(width - 2 * m, max(inner_w + 2 * pad, int(width * 0.5)))
        inner_w = panel_w - 2 * pad
        button_h = ch + 4
        panel_h = (pad + heading_h + line_h + gap * 2 + len(CHOICES) * (ch + gap) + gap * 2 + card_h + 14
                   + gap * 3 + button_h + pad)
        if panel_h > height - 2 * m:  # shrink the previews to fit a low window
            card_h = max(50, card_h - (panel_h - (height - 2 * m)))
            card_w = int(card_h * 0.7)
            panel_h = min(panel_h, height - 2 * m)
        self.panel_rect = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel_rect.center = (width // 2, height // 2)
        x, y = self.panel_rect.x + pad, self.panel_rect.y + pad

        UILabel(pygame.Rect(x, y, inner_w, heading_h), "Settings", self.ui, object_id="#heading")
        y += heading_h
        UILabel(pygame.Rect(x, y, inner_w, line_h), "Changes are saved when you go back.", self.ui,
                object_id="#muted")
        y += line_h + gap * 2
        stacked = label_w + gap + menu_w > inner_w
        for name, label, choices in CHOICES:
            options = [(text, str(i)) for i, (_, text) in enumerate(choices)]
            current = getattr(self.app.settings, name)
            index = next((i for i, (v, _) in enumerate(choices) if v == current), 0)
            if stacked:
                UILabel(pygame.Rect(x, y, inner_w, line_h), label, self.ui)
                y += line_h
                rect = pygame.Rect(x, y, min(menu_w, inner_w), ch)
            else:
                UILabel(pygame.Rect(x, y + (ch - line_h) // 2, label_w, line_h), label, self.ui)
                rect = pygame.Rect(x + label_w + gap, y, inner_w - label_w - gap, ch)
            self.menus[name] = UIDropDownMenu(options, options[index], rect, self.ui)
            y += ch + gap
        # The card backs, side by side; the chosen one is raised and outlined.  Click one to choose it.
        y += gap * 2
        self.card_size = (card_w, card_h)
        step = card_w + card_w // 3
        total = len(BACK_DESIGNS) * card_w + (len(BACK_DESIGNS) - 1) * (step - card_w)
        left = self.panel_rect.centerx - total // 2
        self.back_rects = {d: pygame.Rect(left + i * step, y + 10, card_w, card_h) for i, d in enumerate(BACK_DESIGNS)}
        button_w = clamp(inner_w * 0.25, 120, 180)
        bottom = self.panel_rect.bottom - pad
        self.buttons["back"] = UIButton(pygame.Rect(self.panel_rect.right - pad - button_w, bottom - button_h,
                                                    button_w, button_h), "Back", self.ui,
                                        tool_tip_text="Save and return (Esc)")

    # ----- actions -------------------------------------------------------------------------
    def choose(self, name: str, value: Any) -> None:
        """Set one setting now (the dropdown follows if the change came from elsewhere)."""
        setattr(self.app.settings, name, value)
        menu = self.menus.get(name)
        choices = next(c for n, _, c in CHOICES if n == name)
        index = next(i for i, (v, _) in enumerate(choices) if v == value)
        if menu is not None and menu.selected_option[1] != str(index):
            self.build()

    def back(self) -> None:
        """Save, switch fullscreen if it changed, and leave."""
        message = ""
        try:
            self.app.settings.save()
        except OSError as exc:
            log.exception("saving the settings failed")
            message = f"The settings could not be saved ({exc.strerror or exc}); they hold until you quit."
        if self.app.settings.fullscreen != self.initial_fullscreen:
            self.initial_fullscreen = self.app.settings.fullscreen
            self.app.apply_fullscreen()
        self.app.navigator.menu(message)

    # ----- Scene hooks ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
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

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build()

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
