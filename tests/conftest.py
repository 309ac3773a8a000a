"""Fixtures shared by every test folder: the repository, a private home, and the headless table."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

TABLE_WINDOW = (1280, 800)


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository's top folder (where pyproject.toml is)."""
    return Path(__file__).resolve().parents[1]



@pytest.fixture
def bots_inline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots decide at once, in the test's own thread (folders make it autouse where they need it)."""
    monkeypatch.setenv("CARDTABLE_BOT_MODE", "inline")


@pytest.fixture
def table_home(tmp_path, monkeypatch):
    """Dummy video/audio drivers and CARDTABLE_HOME in a fresh temporary folder."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def table_speed() -> str:
    """The animation speed for `table_app`; override with `@pytest.mark.parametrize("table_speed", ["fast"])`."""
    return "instant"


@pytest.fixture
def table_app(table_home, table_speed):
    """A headless 1280x800 App with the requested animation speed (instant unless a test asks otherwise)."""
    from cardtable.ui.window import App

    app = App(TABLE_WINDOW)
    app.settings.animation_speed = table_speed
    yield app
    pygame.event.clear()
    pygame.quit()


@pytest.fixture
def open_table(table_app):
    """Open a match on the headless table (`table_app`, or another `app`); returns (table, driver) once the deal
    has settled."""
    from cardtable.ui.driver import UIDriver
    from cardtable.ui.table import TableScene

    def open_(match, bot_delay: float = 0.0, app=None):
        app = table_app if app is None else app
        app.settings.bot_delay = bot_delay
        table = TableScene(app, match)
        app.show(table)
        driver = UIDriver(app)
        driver.frames(2)
        driver.settle(table)
        return table, driver

    return open_
