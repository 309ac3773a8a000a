"""Hard bots at the table: they search in the bots' worker process, and the window keeps drawing meanwhile."""

from __future__ import annotations

import time

import pytest

from cardtable.bots.ismcts import ISMCTSBot
from cardtable.bots.worker import processes_available
from cardtable.core.match import Match, Seat
from cardtable.games.kachuful.rules import Bid
from cardtable.storage import autosave_path
from cardtable.ui.driver import UIDriver
from cardtable.ui.table import TableScene


@pytest.mark.skipif(not processes_available(), reason="this platform cannot start worker processes")
def test_hard_bots_think_in_a_worker_process_while_the_table_keeps_drawing(table_app, monkeypatch) -> None:
    monkeypatch.setenv("CARDTABLE_BOT_MODE", "auto")
    seats = [Seat("human", "You"), Seat("bot:hard", "Ann"), Seat("bot:hard", "Bob"), Seat("bot:hard", "Cy")]
    # Seat 0 deals, so the three hard bots bid first.
    match = Match("kachuful", seats, {"hands": "3,2,1"}, 5, autosave_path=autosave_path("kachuful"))
    table_app.settings.bot_delay = 0.0
    table = TableScene(table_app, match)
    assert all(isinstance(bot, ISMCTSBot) for bot in table.bots.values())
    table_app.show(table)
    driver = UIDriver(table_app)
    driver.frames(2)

    frames_while_thinking = 0
    modes = set()
    statuses = set()
    end = time.monotonic() + 60
    while not (table.state.turn == 0 and table.settled):
        assert time.monotonic() < end, "the hard bots did not bid in time"
        driver.frames(1)
        if table.bot_job is not None and not table.bot_job.done():
            frames_while_thinking += 1
            modes.add(table.bot_job.mode)
            statuses.add(table.status_text().split(" \u00b7 ")[0])
    assert [entry.seat for entry in match.log] == [1, 2, 3]
    assert all(isinstance(entry.action, Bid) for entry in match.log)
    assert modes == {"process"}
    # The window went on drawing frames while the searches ran elsewhere, with the seat's name in the status bar.
    assert frames_while_thinking > 3
    assert statuses <= {"Ann is thinking\u2026", "Bob is thinking\u2026", "Cy is thinking\u2026"} and statuses
