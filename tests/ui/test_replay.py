"""Replay of a finished game from the menu: step forwards and backwards through the log."""

from __future__ import annotations

import pygame
import pytest

from cardtable.games import get_game
from cardtable.session.saves import load_match
from cardtable.storage import autosave_path, last_game_path
from cardtable.ui.driver import UIDriver
from cardtable.ui.menu import MenuScene
from cardtable.ui.replay import ReplayScene
from cardtable.ui.window import App
from tests.ui.klondike_helpers import finished_klondike


@pytest.fixture
def replay_app(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    app = App((1280, 800))
    app.settings.animation_speed = "instant"
    yield app
    pygame.quit()


def test_finished_game_is_offered_for_replay_and_steps_both_ways(replay_app):
    match = finished_klondike()
    assert last_game_path("klondike").exists() and not autosave_path("klondike").exists()
    app = replay_app
    app.show(MenuScene(app))
    driver = UIDriver(app)
    driver.frames(3)
    driver.click_widget(app.scene.buttons["replay"])
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    first = match.rules.new_game(1, match.options, match.seed).view(0)
    assert scene.state.view(0) == first
    driver.click_widget(scene.buttons["forward"])
    driver.click_widget(scene.buttons["forward"])
    assert scene.replay.position == 2
    state = match.rules.new_game(1, match.options, match.seed)
    for entry in match.log[:2]:
        state.apply(entry.action)
    assert scene.state.view(0) == state.view(0)
    assert "move 2 of" in scene.status_text()
    driver.click_widget(scene.buttons["back"])
    assert scene.replay.position == 1
    driver.key(pygame.K_END)
    assert scene.replay.position == len(match.log) and scene.state.is_over()
    assert scene.state.view(0) == match.state.view(0)
    driver.key(pygame.K_HOME)
    assert scene.replay.position == 0
    # a press on the table changes nothing: a replay is read-only
    stock = scene.layout.zone("stock").slot
    driver.click((stock[0] + 10, stock[1] + 10))
    assert scene.replay.position == 0 and scene.state.view(0) == first


def test_play_button_runs_through_the_moves(replay_app):
    match = finished_klondike()
    app = replay_app
    scene = ReplayScene(app, load_match(last_game_path("klondike"), get_game))
    app.show(scene)
    driver = UIDriver(app)
    driver.click_widget(scene.buttons["play"])
    assert scene.playing
    driver.frames(60 * 3)
    assert 2 <= scene.replay.position < len(match.log)
    driver.key(pygame.K_SPACE)
    assert not scene.playing
