"""A choice panel (a number, a colour, a card...) made a widget at a time: a centred panel of choice buttons in as
many rows as the window needs, placed clear of the table's cards and panels."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel

from cardtable.core.layout import ChoicePanel
from cardtable.ui.table.free_space import clear_place, own_hand_rects, zone_rects
from cardtable.ui.theme import wrap_words

if TYPE_CHECKING:
    from cardtable.ui.table.panels import TablePanels

CARD_CHOICE_W = 46  # a choice that shows a card face: the card's width


def choice_panel(panels: TablePanels, panel: ChoicePanel, prefix: str = "choice", cancel: str = "") -> UIPanel:
    """A centred panel of choice buttons, in as many rows as the window needs; disabled ones carry their reason.
    A choice with a card shows that card's face.  A choice labelled `cancel` with no action closes the panel
    instead of being disabled."""
    parts = choice_panel_parts(panels, panel, prefix, cancel)
    while True:
        try:
            next(parts)
        except StopIteration as done:
            return done.value


def choice_panel_parts(panels: TablePanels, panel: ChoicePanel, prefix: str = "choice", cancel: str = "",
                       hold: Callable[[UIPanel], None] | None = None, shown: bool = True
                       ) -> Generator[None, None, UIPanel]:
    """`choice_panel`, pausing after each widget made; the panel is hidden until whole, then shown (unless not
    `shown`: the caller shows it).  `hold` is given the panel as soon as it exists (to remove it if its making is
    given up)."""
    scene = panels.scene
    font = panels.font
    s = scene.ui_scale
    sw, sh = scene.app.size
    cards = any(c.card is not None for c in panel.choices)
    card_size = (int(CARD_CHOICE_W * s), int(CARD_CHOICE_W * 1.4 * s))
    cell_h = card_size[1] + 8 if cards else int(50 * s)
    widths = [card_size[0] if c.card is not None else max(int(52 * s), font.size(c.label)[0] + 24)
              for c in panel.choices]
    rows_of = pack_rows(widths, sw - 72)
    rows = len(rows_of)
    row_w = max(sum(widths[i] for i in row) + 8 * (len(row) - 1) for row in rows_of)
    # A long note (why a choice is disabled) wraps to the buttons' width rather than widen the panel past the
    # window or over the seats.
    notes = wrap_words(font, panel.note, min(sw - 68, max(row_w, 380))) if panel.note else []
    title_w = scene.fonts.get(round(22 * s), bold=True).size(panel.title)[0]  # the heading's font, as themed
    w = max(row_w + 40, title_w + 40, 260, *(font.size(line)[0] + 40 for line in notes))
    top_h, line_h = int(46 * s), int(28 * s)
    h = min(sh - 20, top_h + 14 + rows * cell_h + line_h * len(notes))
    # Centred where the layout says, unless that covers the table's cards or panels: then the nearest free place.
    centre = scene.layout.choice_centre or (sw // 2, sh // 2)
    left, top = clear_place((w, h), centre, scene.context().area, zone_rects(scene.layout),
                            soft=own_hand_rects(scene.layout))
    left, top = max(4, min(left, sw - w - 4)), max(4, min(top, sh - h - 4))
    box = UIPanel(pygame.Rect(left, top, w, h), manager=scene.ui, visible=0)
    if hold is not None:
        hold(box)
    yield
    UILabel(pygame.Rect(16, 8, w - 32, top_h - 16), panel.title, scene.ui, container=box, object_id="#heading")
    yield
    look = scene.look()
    place = {i: (r, k) for r, row_of in enumerate(rows_of) for k, i in enumerate(row_of)}
    for i, choice in enumerate(panel.choices):
        r, k = place[i]
        row = [widths[j] for j in rows_of[r]]
        x0 = (w - (sum(row) + 8 * (len(row) - 1))) // 2 - 3
        rect = pygame.Rect(x0 + sum(row[:k]) + 8 * k, top_h + r * cell_h, widths[i], cell_h - 8)
        style = f"#{choice.style}" if choice.style else None
        if choice.card is not None:  # the face, with a see-through button over it
            UIImage(rect, look.image(choice.card, True, rect.size), scene.ui, container=box)
            style = "#card_choice"
        button = UIButton(rect, "" if choice.card is not None else choice.label, scene.ui, container=box,
                          tool_tip_text=choice.reason or (choice.label if choice.card is not None else None),
                          object_id=style)
        name = f"{prefix}:{i}"
        panels.buttons[name] = button
        if choice.action is not None:
            panels.action_buttons[name] = choice.action
        elif choice.group:
            panels.groups[name] = choice.group
        elif not (cancel and choice.label == cancel):
            button.disable()
            panels.reasons[name] = choice.reason
        yield
    for j, line in enumerate(notes):
        UILabel(pygame.Rect(16, h - 10 - line_h * (len(notes) - j), w - 32, line_h - 2), line, scene.ui,
                container=box, object_id="#muted")
    if shown:
        box.show()
        scene.ui.get_sprite_group().update_visibility()  # drawn this frame
    return box


def pack_rows(widths: list[int], room: int, gap: int = 8) -> list[list[int]]:
    """The indices of buttons `widths` wide in rows no wider than `room` (at least one a row), in order."""
    rows: list[list[int]] = [[]]
    used = 0
    for i, w in enumerate(widths):
        if rows[-1] and used + gap + w > room:
            rows.append([])
            used = 0
        used += (gap if rows[-1] else 0) + w
        rows[-1].append(i)
    return rows
