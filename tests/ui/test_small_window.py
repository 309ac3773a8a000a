"""Every game's table at the smallest window (800x560) with the most seats it takes: nothing overlaps and no text is
clipped, while the person and the bots play a few moves.  The seat panels' texts are measured in the boxes the
panel draws them in (`panel_texts`), the status bar's lines against its room, the buttons' texts against their
rectangles."""

from __future__ import annotations

import random

import pygame
import pytest

from cardtable.games import GAMES
from cardtable.ui.table import TableScene
from cardtable.ui.table.fit_text import ELLIPSIS, MIN_PX
from cardtable.ui.table.panel_text import PAD, dealer_room, panel_texts
from cardtable.ui.window import App
from tests.ui.table_helpers import assert_inside_window, human_to_act, new_match, overlaps, seats, wait

SMALL = (800, 560)
NAMES = ("Ada", "Basil", "Clara", "Dev", "Esme", "Felix", "Greta", "Hugo", "Iris")
MOST = {g.id: g.rules.players.stop - 1 for g in GAMES}


def word_cut(shown: str, full: str) -> bool:
    """`shown` is `full`, or `full`'s first whole words and an ellipsis."""
    if shown == full:
        return True
    if not shown.endswith(ELLIPSIS):
        return False
    kept = shown[:-1]
    return full.startswith(kept) and (full[len(kept):][:1] in (" ", ",", ":", ";", "\u00b7", "(", "-"))


def text_fits(button) -> bool:
    """A button's text fits inside it (its font's width against the rectangle, less the borders)."""
    return button.font.size(button.text)[0] <= button.rect.width - 4


def check_table(table: TableScene) -> None:
    """No two seat panels or widgets overlap, and every text of a panel, button or the status bar fits its box."""
    table.app.step(0.016)  # the frame that draws what is checked
    assert_inside_window(table)
    panels = [z for z in table.layout.zones if z.kind == "seat"]  # seats' panels, and boxes of text
    players = [z for z in panels if z.seat is not None]
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            assert not overlaps(a.slot, b.slot), f"{a.id} {a.slot} overlaps {b.id} {b.slot}"
    top = table.ui.root_container
    buttons = [b for b in table.buttons.values() if b.alive() and b.visible and b.ui_container is top]
    for i, a in enumerate(buttons):
        assert text_fits(a), f"the button {a.text!r} is cut ({a.rect})"
        for b in buttons[i + 1:]:
            assert not a.rect.colliderect(b.rect), f"the buttons {a.text!r} and {b.text!r} overlap"
        for zone in players:
            assert not a.rect.colliderect(pygame.Rect(zone.slot)), f"the button {a.text!r} covers {zone.id}"
    smallest = int(MIN_PX * table.ui_scale)
    for zone in panels:
        w, h = zone.slot[2:]
        texts = panel_texts(zone, table.fonts, table.ui_scale, table.seat_cue(zone))
        assert len([t for t in texts if t.line is not None]) == len(zone.lines), f"{zone.id} shows every line"
        for k, text in enumerate(texts):
            where = f"{zone.id}: {text.text!r}"
            assert text.font.get_height() >= smallest - 1 and text.font.size(text.text)[0] <= text.rect.width, where
            room = w - 2 * PAD - (dealer_room(zone, table.ui_scale) if text.line == 0 else 0)
            assert text.rect.width <= room and pygame.Rect(0, 0, w, h).contains(text.rect), f"{where} is clipped"
            assert word_cut(text.text, text.full), f"{where} is cut mid-word from {text.full!r}"
            for other in texts[k + 1:]:
                assert not text.rect.colliderect(other.rect), f"{where} overlaps {other.text!r}"
        sizes = {t.font.get_height() for t in texts if t.line not in (0, None)}
        assert len(sizes) <= 1, f"{zone.id}'s lines are in one size, not {sizes}"
    shown = table.status_line.bar.shown
    assert shown is not None
    lines, font, room = shown
    assert font.get_height() >= smallest - 1
    for line in lines:
        assert font.size(line)[0] <= room, f"the status {line!r} is wider than the bar's {room} px"
    assert word_cut(" ".join(lines), table.status_text()), "the status bar cuts at a word"


@pytest.mark.parametrize("game", sorted(MOST))
def test_the_table_at_the_smallest_window_with_the_most_seats(table_home, game):
    app = App(SMALL)
    app.settings.animation_speed = "instant"
    app.settings.bot_delay = 0.0
    from cardtable.ui.driver import UIDriver

    players = MOST[game]
    match = new_match(game, seats(("You",), players, NAMES, level="easy"), seed=3)
    table = TableScene(app, match)
    app.show(table)
    driver = UIDriver(app)
    driver.frames(2)
    driver.settle(table)
    rng = random.Random(4)
    for _ in range(6):  # a few of the person's moves (and the bots' in between): the panels gain their notes
        wait(driver, lambda: human_to_act(table))
        driver.settle(table)
        check_table(table)
        if match.state.is_over():
            break
        driver.perform(table, rng.choice(match.state.legal_actions()))
    pygame.quit()
