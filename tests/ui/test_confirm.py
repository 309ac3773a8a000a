"""The one confirm dialog (`cardtable.ui.confirm`) on the menu, the statistics screen and a table: its answers as tall
as the toolbar's buttons, Esc answering No, the window dimmed behind it; and the drop-downs' rows as tall as buttons."""

from __future__ import annotations

import pygame
import pytest

from cardtable.games import get_game
from cardtable.session.match import Match, Seat
from cardtable.ui.confirm import ConfirmDialog
from cardtable.ui.driver import UIDriver
from cardtable.ui.menu import MenuScene
from cardtable.ui.stats_scene import StatsScene
from cardtable.ui.theme import BUTTON_H
from cardtable.ui.window import App

CHECKED = ((800, 560), (1920, 1080))


@pytest.fixture
def start(table_home):
    """`start(size)`: a headless app showing the menu, and its driver."""

    def start_(size: tuple[int, int]) -> tuple[App, UIDriver]:
        app = App(size)
        app.settings.animation_speed = "instant"
        app.navigator.menu()
        driver = UIDriver(app)
        driver.frames(2)
        return app, driver

    yield start_
    if pygame.display.get_init():  # a table's fixture may have closed it already
        pygame.event.clear()
    pygame.quit()


def toolbar_height(app: App) -> int:
    return int(BUTTON_H * app.ui_scale)


def assert_big_answers(dialog: object, app: App) -> None:
    assert isinstance(dialog, ConfirmDialog) and dialog.alive()
    window = pygame.Rect((0, 0), app.size)
    for button in (dialog.confirm_button, dialog.cancel_button):
        assert button.rect.height >= toolbar_height(app), (button.rect, app.size)
        assert window.contains(button.rect)
    assert not dialog.confirm_button.rect.colliderect(dialog.cancel_button.rect)


def brightness(app: App, point: tuple[int, int]) -> int:
    return sum(app.screen.get_at(point)[:3])


@pytest.mark.parametrize("size", CHECKED)
def test_the_menus_quit_question_is_big_dims_the_window_and_esc_answers_no(start, size) -> None:
    app, driver = start(size)
    corner = (4, size[1] - 4)
    before = brightness(app, corner)
    driver.key(pygame.K_ESCAPE)
    dialog = app.scene.confirm_quit
    assert_big_answers(dialog, app)
    assert "Quit cardtable?" in dialog.confirmation_text.html_text
    driver.frames(1)
    assert brightness(app, corner) < before * 0.7, "the window is dimmed behind the question"
    assert brightness(app, dialog.panel.rect.move(6, 0).midleft) > brightness(app, corner)  # the panel is not
    driver.key(pygame.K_ESCAPE)
    assert app.running and not dialog.alive() and isinstance(app.scene, MenuScene)
    driver.frames(1)
    assert brightness(app, corner) == before


@pytest.mark.parametrize("size", CHECKED)
def test_the_statistics_reset_asks_with_the_same_dialog(start, size) -> None:
    app, driver = start(size)
    app.navigator.statistics()
    scene = app.scene
    assert isinstance(scene, StatsScene)
    driver.click_widget(scene.buttons["reset"])
    assert_big_answers(scene.confirm, app)
    driver.key(pygame.K_ESCAPE)
    assert app.scene is scene and not scene.confirm.alive()


@pytest.mark.parametrize("size", CHECKED)
def test_a_tables_question_is_the_same_dialog_and_esc_answers_no(start, open_table, size) -> None:
    app, _ = start(size)
    match = Match(get_game("klondike"), [Seat("human", "You")], {}, seed=3)
    match.apply(match.state.legal_actions()[0])  # a game under way: New asks first
    table, driver = open_table(match, app=app)
    assert table.buttons["new"].rect.height == toolbar_height(app)
    corner = (4, size[1] - 4)
    before = brightness(app, corner)
    driver.click_widget(table.buttons["new"])
    assert_big_answers(table.confirm, app)
    assert brightness(app, corner) < before * 0.7
    driver.click_widget(table.buttons["undo"])  # the question blocks the widgets behind it
    assert len(table.match.log) == 1
    driver.key(pygame.K_ESCAPE)
    assert table.confirm is None and app.scene is table and len(table.match.log) == 1
    driver.click_widget(table.buttons["new"])
    driver.click_widget(table.confirm.cancel_button)
    assert table.confirm is None and app.scene is table, "No leaves the table as it was"


@pytest.mark.parametrize("size", CHECKED)
def test_drop_down_rows_are_as_tall_as_buttons(start, size) -> None:
    app, driver = start(size)
    menu = app.scene
    dropdown = next(iter(menu.option_menus.values()))
    driver.click_widget(dropdown)
    state = dropdown.current_state
    assert state is dropdown.menu_states["expanded"]
    rows = [item["button_element"] for item in state.options_selection_list.item_list]
    assert rows and all(row.rect.height >= toolbar_height(app) for row in rows)
    assert all(pygame.Rect((0, 0), size).contains(row.rect) for row in rows)


def test_a_question_keeps_dimming_the_whole_window_when_it_is_resized(start, open_table) -> None:
    app, _ = start((1280, 800))
    match = Match(get_game("klondike"), [Seat("human", "You")], {}, seed=3)
    match.apply(match.state.legal_actions()[0])
    table, driver = open_table(match, app=app)
    driver.click_widget(table.buttons["new"])
    scale = app.ui_scale
    driver.post(pygame.VIDEORESIZE, w=1330, h=840, size=(1330, 840))
    driver.frames(2)
    assert app.ui_scale == scale and app.size == (1330, 840), "a resize that keeps the widgets' scale"
    dialog = table.confirm
    assert dialog is not None and dialog.alive() and dialog.rect.size == (1330, 840)
    assert abs(dialog.panel.rect.centerx - 665) <= 1 and abs(dialog.panel.rect.centery - 420) <= 1
    dark = brightness(app, (1326, 836))
    driver.key(pygame.K_ESCAPE)
    driver.frames(1)
    assert dark < brightness(app, (1326, 836)) * 0.7, "the new corner was dimmed too"
