"""The one question every screen asks before something that cannot be taken back (quit, reset, give up).

The window is dimmed behind a panel in the theme's colours: a heading, the question wrapped to the panel, and the
answers No and Yes as tall as the toolbar's buttons at the window's scale.  Yes posts
`UI_CONFIRMATION_DIALOG_CONFIRMED` (its `ui_element` the dialog) as pygame-gui's own dialog does, so the screens
listen as before; No and Esc close it without an answer.  It blocks every other widget while it is open.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.core.interfaces import IUIManagerInterface
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox, UIWindow

from cardtable.ui.theme import BUTTON_H
from cardtable.ui.widgets import BUTTON, HEADING, clamp, line_height, text_width, window_rect, wrap

TEXT = ("#confirm_text", "text_box")  # the question's theme ids (for measuring it)
MAX_LINES = 8  # a longer question is cut: a dialog is no place for a page of text


def answer_height(scale: float) -> int:
    """The answers' height: a toolbar button's at `scale`, and a little more."""
    return int(BUTTON_H * scale) + 6


class ConfirmDialog(UIWindow):
    """A yes-or-no question over the dimmed window; `confirm_button`, `cancel_button` and `confirmation_text`
    (its text box) as pygame-gui's own dialog names them."""

    def __init__(self, manager: IUIManagerInterface, question: str, *, title: str = "Are you sure?",
                 yes: str = "Yes", no: str = "No", scale: float = 1.0, on_no: Callable[[], None] | None = None) -> None:
        """Ask `question` under `title` over the whole window of `manager`; `yes` and `no` are the answers' texts,
        `scale` the window's ui scale, `on_no` what No (or Esc) does besides closing the question."""
        width, height = window_rect(manager).size
        super().__init__(pygame.Rect(0, 0, width, height), manager, window_display_title=title,
                         object_id=ObjectID(object_id="#confirm_dim", class_id=None), resizable=False,
                         draggable=False, always_on_top=True)
        pad = clamp(18 * scale, 14, 32)
        gap = clamp(10 * scale, 8, 16)
        button_h = answer_height(scale)
        button_w = max(int(110 * scale), *(text_width(manager, t, BUTTON) + 2 * pad for t in (yes, no)))
        panel_w = min(width - 2 * pad, max(int(460 * scale), 2 * button_w + gap + 2 * pad))
        text_w = panel_w - 2 * pad
        lines = wrap(manager, question, text_w - 16, TEXT)[:MAX_LINES]
        heading_h = line_height(manager, HEADING) + 8
        text_h = len(lines) * (line_height(manager, TEXT) + 2) + 16
        panel_h = pad + heading_h + gap + text_h + gap * 2 + button_h + pad
        rect = pygame.Rect(0, 0, panel_w, min(panel_h, height - 2 * pad))
        rect.center = (width // 2, height // 2)
        self.panel = UIPanel(rect, manager=manager, container=self, object_id="#confirm_panel")
        UILabel(pygame.Rect(pad, pad, text_w, heading_h), title, manager, container=self.panel,
                object_id="#heading")
        self.confirmation_text = UITextBox("<br>".join(lines), pygame.Rect(pad, pad + heading_h + gap, text_w, text_h),
                                           manager, container=self.panel, object_id="#confirm_text")
        self.confirmation_text.html_text = question  # the whole question, as pygame-gui's own dialog keeps it
        bottom = rect.height - pad - button_h
        right = rect.width - pad
        self.confirm_button = UIButton(pygame.Rect(right - button_w, bottom, button_w, button_h), yes, manager,
                                       container=self.panel, object_id="#confirm_button")
        self.cancel_button = UIButton(pygame.Rect(right - 2 * button_w - gap, bottom, button_w, button_h), no,
                                      manager, container=self.panel, object_id="#cancel_button")
        self.on_no = on_no
        self.set_blocking(True)

    def update(self, time_delta: float) -> None:
        """Keep the dim over the whole window and the question in its middle when the window's size changes."""
        size = window_rect(self.ui_manager).size
        if size != self.rect.size:
            self.set_dimensions(size)
            panel = self.panel.get_relative_rect()
            self.panel.set_relative_position(((size[0] - panel.width) // 2, (size[1] - panel.height) // 2))
        super().update(time_delta)

    def process_event(self, event: pygame.event.Event) -> bool:
        """Yes answers (and closes); No or Esc closes without an answer."""
        consumed = super().process_event(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.confirm_button:
            pygame.event.post(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=self,
                                                 ui_object_id=self.most_specific_combined_id))
            self.kill()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.cancel_button:
            self.answer_no()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.alive():
            self.answer_no()
            return True
        return consumed

    def answer_no(self) -> None:
        """Close the question without doing what it asked about."""
        self.kill()
        if self.on_no is not None:
            self.on_no()
