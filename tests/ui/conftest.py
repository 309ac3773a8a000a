"""The headless UI tests: bots decide inline (the table fixtures are in the top conftest.py; plain helpers shared by
the table tests are in table_helpers.py)."""

from __future__ import annotations

import math

import pygame
import pytest

from cardtable.games import get_game
from cardtable.session.saves import Autosave, load_match
from cardtable.storage import autosave_path
from cardtable.ui.table import building
from cardtable.ui.window import App


@pytest.fixture(autouse=True)
def bots_decide_inline(bots_inline: None) -> None:
    """Bots decide at once, in the test's own thread: a table test never races a worker process starting up.

    Tests of the table with bots in a worker set CARDTABLE_BOT_MODE themselves.
    """


@pytest.fixture(autouse=True)
def tables_made_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table is made whole as it opens (tests that act at once); the tests of its making over several frames give
    it a budget of their own."""
    monkeypatch.setattr(building, "FRAME_BUDGET", math.inf)


@pytest.fixture
def reopen_autosave(open_table):
    """As after a restart: quit pygame, start a new headless app and open a game's autosave on its table (the bots
    waiting); `reopen_autosave(game_id)` returns (match, table)."""

    def reopen(game: str):
        pygame.quit()
        app = App((1280, 800))
        app.settings.animation_speed = "instant"
        resumed = load_match(autosave_path(game), get_game, saver=Autosave.for_game(game))
        table, _ = open_table(resumed, app=app, bot_delay=30.0)
        return resumed, table

    return reopen


#: A table made in stages (`staged_app`): this much of a frame's work clock goes to its making, and each reading of
#: that clock moves it on by `TICK`.
BUDGET = 0.003
TICK = 0.001


class TickingClock:
    """A clock that moves on `TICK` seconds each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += TICK
        return self.now


@pytest.fixture
def staged_app(table_app, monkeypatch):
    """`table_app` whose tables are made over several frames (`BUDGET` of a ticking work clock each), bots at once."""
    from cardtable.ui.table import building

    monkeypatch.setattr(building, "FRAME_BUDGET", BUDGET)
    table_app.work_clock = TickingClock()
    table_app.settings.bot_delay = 0.0
    return table_app
