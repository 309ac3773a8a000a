"""Every registered game through the rules and the real table: a private home, bots deciding inline."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def headless_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    monkeypatch.setenv("CARDTABLE_BOT_MODE", "inline")
    return tmp_path
