"""Bots at the table: hard ones search in the worker process while the window keeps drawing; a failing bot
does not stop the game."""

from __future__ import annotations

import time

import pytest

from cardtable.bots.ismcts import ISMCTSBot
from cardtable.bots.worker import processes_available
from cardtable.games import get_game
from cardtable.games.kachuful.rules import Bid
from cardtable.session.match import Match, Seat
from cardtable.session.saves import Autosave
from cardtable.ui.driver import UIDriver
from cardtable.ui.menu import MenuScene
from cardtable.ui.table import TableScene


def pick(driver: UIDriver, dropdown, text: str) -> None:
    """Open a drop-down menu with a click and click its option `text`."""
    driver.click_widget(dropdown)
    items = dropdown.current_state.options_selection_list.item_list
    driver.click_widget(next(i["button_element"] for i in items if i["text"] == text))
    driver.frames(2)
    assert dropdown.selected_option[0] == text


@pytest.mark.skipif(not processes_available(), reason="this platform cannot start worker processes")
def test_a_game_against_hard_bots_from_the_menu_keeps_the_window_drawing(table_app, monkeypatch) -> None:
    monkeypatch.setenv("CARDTABLE_BOT_MODE", "auto")
    table_app.settings.bot_delay = 0.0
    table_app.show(MenuScene(table_app))
    driver = UIDriver(table_app)
    driver.frames(3)
    menu = table_app.scene
    driver.click_widget(menu.buttons["game:kachuful"])
    driver.frames(2)
    for dropdown in menu.seat_kind_menus[1:]:
        pick(driver, dropdown, "Bot hard")
    driver.click_widget(menu.buttons["new"])
    table = table_app.scene
    assert isinstance(table, TableScene)
    match = table.match
    assert [s.kind for s in match.seats] == ["human", "bot:hard", "bot:hard", "bot:hard"]
    assert all(isinstance(bot, ISMCTSBot) for bot in table.driver.bots.values())

    frames_while_thinking = 0
    modes = set()
    statuses = set()
    end = time.monotonic() + 60
    while not (table.human_turn and table.settled):
        assert time.monotonic() < end, "the hard bots did not bid in time"
        driver.frames(1)
        if table.driver.job is not None and not table.driver.job.done():
            frames_while_thinking += 1
            modes.add(table.driver.job.mode)
            statuses.add(table.status_text().split(" \u00b7 ")[0])
    bots_moves = [entry for entry in match.log if entry.seat != 0]
    assert bots_moves and all(isinstance(entry.action, Bid) for entry in bots_moves)
    assert modes == {"process"}
    # The window went on drawing frames while the searches ran elsewhere, with the seat's name in the status bar.
    assert frames_while_thinking > 3
    names = {f"{s.name} is thinking\u2026" for s in match.seats[1:]}
    assert statuses and statuses <= names


def test_a_bot_that_fails_does_not_stop_the_game(table_app, monkeypatch) -> None:
    """A bot's error is a bug, but the game goes on: a legal move is made for the seat and the table says so."""
    class Broken:
        def choose(self, state, seat):
            raise RuntimeError("out of ideas")

    monkeypatch.setenv("CARDTABLE_BOT_MODE", "thread")
    seats = [Seat("human", "You"), Seat("bot:normal", "Ann"), Seat("bot:normal", "Bob"), Seat("bot:normal", "Cy")]
    match = Match(get_game("kachuful"), seats, {"hands": "2"}, 5, saver=Autosave.for_game("kachuful"))
    table_app.settings.bot_delay = 0.0
    table = TableScene(table_app, match)
    table.driver.bots[1] = Broken()
    table_app.show(table)
    driver = UIDriver(table_app)
    end = time.monotonic() + 20
    while not any(entry.seat == 1 for entry in match.log):
        assert time.monotonic() < end, "the broken bot's seat never moved"
        driver.frames(1)
    assert table.message == "A bot failed (out of ideas); a legal move was made for it." and table.message_error
