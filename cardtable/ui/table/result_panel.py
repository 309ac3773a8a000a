"""The end-of-game result panel's making, a step a frame (`SceneBuild`): its text as one image, the panel (hidden),
the text in it, each button, then the panel shown; and `render_lines`, a heading with lines under it as one image."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UIImage, UIPanel

from cardtable.ui import theme
from cardtable.ui.theme import wrap_words

if TYPE_CHECKING:
    from cardtable.ui.table.panels import TablePanels


def result_steps(panels: TablePanels, title: str, lines: list[str], names: list[tuple[str, str]]
                 ) -> list[Callable[[], None]]:
    """The result panel's making: its text's image, the panel (hidden), the text in it, each button, then it
    shows."""
    scene = panels.scene
    sw, sh = scene.app.size
    s = scene.ui_scale
    made: dict[str, Any] = {}
    panels.result_made = made
    for name, _ in names:
        panels.buttons.pop(name, None)

    def text() -> None:
        made["text"] = render_lines(scene.fonts, title, lines, sw - 80, s)

    def panel() -> None:
        image = made["text"]
        widest = max(panels.font.size(label)[0] + 24 for _, label in names)
        w = min(sw - 20, max(int(460 * s), image.get_width() + 40, 40 + len(names) * (widest + 16)))
        bh = int(40 * s)
        h = min(image.get_height() + bh + 60, sh - 20)
        made["box"] = UIPanel(pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h), manager=scene.ui, visible=0)
        made["size"] = (w, h, bh)

    def picture() -> None:
        image, (_, h, bh) = made["text"], made["size"]
        UIImage(pygame.Rect(20, 14, image.get_width(), min(image.get_height(), h - bh - 50)), image, scene.ui,
                container=made["box"])

    def button(k: int, name: str, label: str) -> None:
        w, h, bh = made["size"]
        bw_each = (w - 40 - 16 * (len(names) - 1)) // len(names)
        rect = pygame.Rect(20 + k * (bw_each + 16), h - bh - 22, bw_each, bh)
        panels.buttons[name] = UIButton(rect, label, scene.ui, container=made["box"])

    def shown() -> None:
        made["box"].show()
        scene.ui.get_sprite_group().update_visibility()  # drawn this frame, with the table dimmed behind it
        panels.result_panel = made["box"]

    return [text, panel, picture, *(partial(button, k, n, label) for k, (n, label) in enumerate(names)), shown]


def render_lines(fonts: Any, title: str, lines: list[str], max_width: int, scale: float = 1.0) -> pygame.Surface:
    """A heading in gold and lines of text under it, as one image (a long line wrapped to `max_width`, its parts
    closer together than the lines; a single word too long for it cut)."""
    heading, body = fonts.get(22 * scale, bold=True), fonts.get(16 * scale)
    step, follow = int(30 * scale), body.get_linesize()
    parts = [(part, k > 0) for line in lines for k, part in enumerate(wrap_words(body, line, max_width) or [""])]
    images = [heading.render(title, True, theme.GOLD)] + [body.render(part, True, theme.INK) for part, _ in parts]
    images = [i if i.get_width() <= max_width else i.subsurface((0, 0, max_width, i.get_height())) for i in images]
    tops, y = [], images[0].get_height() + 14
    for k, (_part, more) in enumerate(parts):
        y += (follow if more else step) if k else 0
        tops.append(y)
    height = (tops[-1] + step) if tops else images[0].get_height() + 14
    out = pygame.Surface((max(i.get_width() for i in images), height), pygame.SRCALPHA)
    out.blit(images[0], (0, 0))
    for image, top in zip(images[1:], tops, strict=True):
        out.blit(image, (0, top))
    return out
