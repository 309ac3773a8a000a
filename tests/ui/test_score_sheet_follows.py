"""An open score sheet follows the game in every game that has one: the person opens it with the S key and plays on;
after every move the window shows the sheet of the position as it is then."""

from __future__ import annotations

import random

import pygame
import pytest

from cardtable.games import GAMES
from tests.ui.table_helpers import human_to_act, new_match, seats, shows_sheet, wait

NAMES = ("Ada", "Basil", "Clara", "Dev", "Esme", "Felix")
WITH_SHEETS = sorted(g.id for g in GAMES if g.id not in ("klondike", "crazy"))


@pytest.mark.parametrize("game", WITH_SHEETS)
def test_the_open_score_sheet_shows_the_position_after_every_move(open_table, game):
    rules = next(g for g in GAMES if g.id == game).rules
    options = {"deals": "3"} if game == "eat_pairs" else {}  # a session of deals: the sheet lists them
    match = new_match(game, seats(("You",), rules.players.start, NAMES, level="easy"), options, seed=2)
    table, driver = open_table(match)
    wait(driver, lambda: human_to_act(table))
    driver.key(pygame.K_s)
    first = table.game_layout.score_sheet(table.view(), table.context())
    assert first is not None and table.sheet_window is not None and table.sheet_window.alive()
    rng = random.Random(1)
    for _ in range(80):
        wait(driver, lambda: human_to_act(table))
        driver.settle(table)
        now = table.game_layout.score_sheet(table.view(), table.context())
        assert table.sheet_window.alive() and shows_sheet(table, now), "the window shows the sheet of now"
        if now != first or match.state.is_over():
            break
        driver.perform(table, rng.choice(match.state.legal_actions()))
    assert now != first, "the game got far enough to change the sheet"
