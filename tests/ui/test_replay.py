"""Replay of a finished game from the menu: step forwards and backwards through the log."""

from __future__ import annotations

import re

import pygame
import pytest

from cardtable.core.words import Names
from cardtable.games import get_game
from cardtable.games.klondike.hint import hint
from cardtable.games.klondike.rules import AutoFinish
from cardtable.session.match import Match, Seat
from cardtable.session.saves import Autosave, load_match
from cardtable.storage import autosave_path, last_game_path
from cardtable.ui.driver import UIDriver
from cardtable.ui.menu import MenuScene
from cardtable.ui.replay import ReplayScene
from cardtable.ui.selftest import winnable_seed
from cardtable.ui.table import TableScene
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


def test_the_win_and_its_replay_count_the_same_moves(replay_app):
    """The count is the player's own moves, as the replay steps through them: an auto-finish is one move."""
    match = Match(get_game("klondike"), [Seat("human", "You")], {}, winnable_seed(),
                  saver=Autosave.for_game("klondike"))
    while AutoFinish() not in match.state.legal_actions():
        match.apply(hint(match.state))
    app = replay_app
    table = TableScene(app, match)
    app.show(table)
    driver = UIDriver(app)
    driver.settle(table)
    driver.perform(table, AutoFinish())
    driver.settle(table)
    assert match.state.won
    said = match.game.narration.result(match.state.result(), Names.seats(1))
    won_in = int(re.search(r"Won in (\d+) moves", said).group(1))
    app.show(MenuScene(app))
    driver.frames(3)
    driver.click_widget(app.scene.buttons["replay"])
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    total = int(re.search(r"(\d+) moves", replay.status_text()).group(1))
    assert won_in == total == len(match.log), f"the win says {won_in} moves, its replay {total}"
