"""Keyboard play, headless: Tab, Shift+Tab and the arrows move a focus over what the person may act on, Enter or
Space picks a card and puts it on a target, Esc lets go, buttons are pressed by keys; on every registered game's
table and in the menu.  Every key is a posted KEYDOWN event; the match state is what the tests check."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pygame
import pytest

from cardtable.core.engine import Action, IllegalAction
from cardtable.core.layout import Target, candidates
from cardtable.games import GAMES, get_game
from cardtable.games.kachuful.rules import Bid, Play
from cardtable.games.klondike.rules import TABLEAU, Move
from cardtable.session.match import Match, Seat
from cardtable.ui.driver import UIDriver
from cardtable.ui.keyfocus import FOCUS
from cardtable.ui.table import TableScene
from cardtable.ui.table.gestures import find_drag, find_selection
from tests.ui.table_helpers import new_match, run_until, seats

BOTS = ("Ann", "Bob", "Cy", "Dee", "Eve")


def klondike(seed: int = 7) -> Match:
    return Match(get_game("klondike"), [Seat("human", "You")], {}, seed)


def tab_to(table: TableScene, driver: UIDriver, key: Hashable) -> None:
    """Press Tab until the focus rests on `key` (at most once round the ring)."""
    for _ in range(len(table.focus.items()) + 2):
        if table.focus.ring.shown and table.focus.ring.key == key:
            return
        driver.key(pygame.K_TAB)
    raise AssertionError(f"Tab never reaches {key}: {[i.key for i in table.focus.items()]}")


def focus_pixels(table: TableScene, driver: UIDriver) -> int:
    """How many pixels of the screen have the focus's colour, after a frame."""
    driver.frames(1)
    surface = table.app.screen
    w, h = surface.get_size()
    return sum(surface.get_at((x, y))[:3] == FOCUS for x in range(0, w, 2) for y in range(0, h, 2))


def tableau_move(match: Match, legal: bool = True) -> Move:
    """A move of one face-up card from a pile to another: a legal one, or one the engine refuses."""
    state = match.state
    for src in TABLEAU:
        for dst in TABLEAU:
            move = Move(src, dst, 1)
            if src == dst or not state.tableau[int(src[1:])]:
                continue
            if (move in state.legal_actions()) == legal:
                return move
    raise AssertionError("no such move in this deal")


def button_for(table: TableScene, action: Action, prefix: str = "") -> str | None:
    """The name of the enabled button that plays `action` (of those whose names start with `prefix`)."""
    return next((n for n, a in table.action_buttons.items() if a == action and n.startswith(prefix)
                 and table.buttons[n].is_enabled), None)


def press_key_for(table: TableScene, driver: UIDriver, key: Hashable) -> None:
    tab_to(table, driver, key)
    driver.key(pygame.K_RETURN)


def play_by_keys(table: TableScene, driver: UIDriver, action: Action) -> None:
    """Make `action` with the keys alone, as a person would: its button (or its first step's), or its cards picked
    and put on the place that takes them (then the chooser's button, if the place means several moves), or its
    selection and the selection's button, or a click on what makes it; then answer yes to a question."""
    view, legal = table.view(), table.state.legal_actions()
    name = button_for(table, action)
    group = next((n for n, g in table.panels.groups.items() if action in g), None)  # a first step, then a chooser
    drag = None if name or group else find_drag(table.layout, table.game_layout, view, action)
    if name or group:
        press_key_for(table, driver, ("button", name or group))
    elif drag is not None:
        press_key_for(table, driver, ("card", drag.src.id, drag.index))
        press_key_for(table, driver, ("target", drag.target.zone, drag.target.index))
    elif (selection := find_selection(table.layout, action)) is not None:
        zone, indices = selection
        for index in indices:
            press_key_for(table, driver, ("card", zone.id, index))
        press_key_for(table, driver, ("button", button_for(table, action, "select:")))
    else:
        clicks = [i.key for i in table.focus.items() if i.key[0] in ("card", "zone") and action in candidates(
            table.game_layout.click_action(view, legal, Target(i.key[1], i.key[2] if i.key[0] == "card" else None)))]
        assert clicks, f"nothing the keys reach makes {action.describe()}"
        press_key_for(table, driver, clicks[0])
    driver.frames(2)
    if table.chooser is not None:
        press_key_for(table, driver, ("button", button_for(table, action, "pick:")))
        driver.frames(2)
    if table.confirm is not None and table.confirm.alive():  # a move that asks first (giving up)
        assert table.focus.ring.key == ("button", "confirm:no"), "the focus waits on the harmless answer"
        press_key_for(table, driver, ("button", "confirm:yes"))
        driver.frames(2)


def reason(match: Match, action: Action) -> str:
    """The engine's reason why `action` is illegal."""
    with pytest.raises(IllegalAction) as refused:
        match.state.clone().apply(action)
    return refused.value.reason


def pick(table: TableScene, driver: UIDriver, zone: str, key: int = pygame.K_RETURN) -> None:
    """Focus the top card of `zone` with Tab and pick it up with `key`."""
    top = table.layout.zone(zone).spots[-1].index
    tab_to(table, driver, ("card", zone, top))
    driver.key(key)
    assert [(p.zone, p.index) for p in table.input.selected] == [(zone, top)]


# --------------------------------------------------------------------------- Klondike


@pytest.mark.parametrize("table_speed", ["instant", "fast"])
def test_a_klondike_move_made_by_keyboard_alone(open_table):
    match = klondike()
    table, driver = open_table(match)
    move = tableau_move(match)
    expected = match.state.clone()
    expected.apply(move)
    pick(table, driver, move.src)
    assert table.focus.ring.key == ("target", move.dst, None), "the focus goes on to where the card may go"
    driver.key(pygame.K_RETURN)
    driver.settle(table)
    assert [e.action for e in match.log] == [move]
    assert match.state.view(0) == expected.view(0), "the same position as the drag makes"
    assert not table.input.selected


def test_with_a_card_picked_tab_goes_only_where_it_may_go_and_to_the_buttons(open_table):
    match = klondike()
    table, driver = open_table(match)
    move = tableau_move(match)
    pick(table, driver, move.src, pygame.K_SPACE)
    start = table.focus.ring.key
    visited = [start]
    for _ in range(60):  # once round the ring
        driver.key(pygame.K_TAB)
        if table.focus.ring.key == start:
            break
        visited.append(table.focus.ring.key)
    else:
        raise AssertionError("Tab never came back round")
    takers = {m.dst for m in match.state.legal_actions() if isinstance(m, Move) and m.src == move.src and m.count == 1}
    assert ("target", move.dst, None) in visited
    wrong = [k for k in visited if k[0] != "button" and not (k[0] == "target" and k[1] in takers)]
    assert not wrong, f"Tab visits places that cannot take the card: {wrong}"
    assert any(k[0] == "button" for k in visited)


def test_esc_lets_go_of_a_pick_and_only_then_leaves_the_table(open_table):
    match = klondike()
    table, driver = open_table(match)
    move = tableau_move(match)
    pick(table, driver, move.src)
    driver.key(pygame.K_ESCAPE)
    assert table.app.scene is table and not table.input.selected and not match.log
    assert table.focus.ring.key == ("card", move.src, table.layout.zone(move.src).spots[-1].index), \
        "the focus is back on the card let go"
    driver.key(pygame.K_ESCAPE)
    assert table.app.scene is not table, "with nothing picked, Esc goes back to the menu as before"


def test_the_toolbar_buttons_are_pressed_with_keys(open_table):
    match = klondike()
    table, driver = open_table(match)
    move = tableau_move(match)
    pick(table, driver, move.src)
    driver.key(pygame.K_RETURN)
    driver.settle(table)
    assert len(match.log) == 1
    tab_to(table, driver, ("button", "undo"))
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert not match.log, "Undo pressed with Enter"
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert table.focus.ring.key != ("button", "undo"), "Shift+Tab goes back round the ring"


def test_the_arrows_move_the_focus_by_where_things_lie(open_table):
    table, driver = open_table(klondike())
    driver.key(pygame.K_DOWN)
    first = table.focus.ring.key
    assert table.focus.ring.shown and first == table.focus.items()[0].key, "the first key only shows the focus"
    tops = [("card", z.id, z.spots[-1].index) for z in table.layout.zones if z.id in TABLEAU]
    tab_to(table, driver, tops[0])
    for expected in tops[1:]:
        driver.key(pygame.K_RIGHT)
        assert table.focus.ring.key == expected
    driver.key(pygame.K_UP)
    assert table.focus.ring.key[1] not in TABLEAU


def test_nothing_of_the_focus_is_drawn_before_a_navigation_key(open_table):
    table, driver = open_table(klondike())
    driver.key(pygame.K_s)  # other keys do not show it
    assert not table.focus.ring.shown and focus_pixels(table, driver) == 0
    driver.key(pygame.K_TAB)
    assert table.focus.ring.shown and focus_pixels(table, driver) > 50
    driver.click((table.app.size[0] // 2, table.app.size[1] - 120))
    assert not table.focus.ring.shown and focus_pixels(table, driver) == 0, "a mouse press hides it again"


# --------------------------------------------------------------------------- every game


@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_every_table_has_something_to_focus_when_a_person_is_to_act(open_table, game):
    plugin = get_game(game)
    players = plugin.rules.players.start
    match = new_match(game, seats(["You"], players, BOTS), dict(plugin.self_test_options))
    table, driver = open_table(match)
    run_until(driver, lambda: table.human_turn and table.settled, frames=5000)
    driver.key(pygame.K_TAB)
    items = table.focus.items()
    acts = [i.key for i in items if i.key[0] != "button" or i.key[1].startswith(("choice:", "action:", "pick:"))]
    assert acts, f"{game}: nothing to act on by keys but the toolbar: {[i.key for i in items]}"
    assert table.focus.ring.shown and table.focus.ring.key in [i.key for i in items]
    assert focus_pixels(table, driver) > 0


@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_every_game_is_played_by_keys_alone(open_table, game):
    plugin = get_game(game)
    match = new_match(game, seats(["You"], plugin.rules.players.start, BOTS), dict(plugin.self_test_options), seed=3)
    table, driver = open_table(match)
    rng = random.Random(game)
    for _ in range(6):
        run_until(driver, lambda: (table.human_turn and table.settled) or match.state.is_over(), frames=5000)
        if match.state.is_over():
            break
        action = rng.choice(table.state.legal_actions())
        before = len(match.log)
        play_by_keys(table, driver, action)
        driver.settle(table)
        assert match.log[before].action == action, f"{game}: {action.describe()} was not made by keys"


def test_a_kachuful_bid_and_card_played_by_keyboard(open_table):
    match = new_match("kachuful", seats(["You"], 4, BOTS), {"hands": "3,2,1"}, seed=5)
    table, driver = open_table(match)
    run_until(driver, lambda: table.human_turn and table.settled, frames=5000)
    assert table.choice_panel is not None
    driver.key(pygame.K_TAB)
    assert table.focus.ring.key[1].startswith("choice:"), "the focus starts on the open choice"
    bids = [n for n, a in table.action_buttons.items() if n.startswith("choice:")]
    tab_to(table, driver, ("button", bids[0]))
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert any(isinstance(e.action, Bid) and e.seat == 0 for e in match.log), "the bid was made with Enter"
    run_until(driver, lambda: table.human_turn and table.settled and match.state.phase == "play", frames=5000)
    legal = table.state.legal_actions()
    hand = table.layout.zone(f"hand{table.viewer}")
    card = next(s for s in hand.spots if Play(s.card) in legal)
    tab_to(table, driver, ("card", hand.id, card.index))
    driver.key(pygame.K_RETURN)
    target = table.focus.ring.key
    assert target[0] == "target", "the focus goes on to where the card is played"
    driver.key(pygame.K_RETURN)
    driver.settle(table)
    assert any(e.action == Play(card.card) and e.seat == 0 for e in match.log)


# --------------------------------------------------------------------------- the menu


def on_menu(app) -> UIDriver:
    """Show the menu; a driver for the app."""
    app.navigator.menu()
    driver = UIDriver(app)
    driver.frames(2)
    return driver


def test_the_menu_buttons_are_reached_with_tab_and_pressed_with_enter(table_app):
    driver = on_menu(table_app)
    menu = table_app.scene
    driver.key(pygame.K_TAB)
    assert menu.focus.ring.shown and menu.focus.ring.key == "new", "the focus starts on New game"
    other = next(n for n in menu.buttons if n.startswith("game:") and n[5:] != menu.selected_game)
    for _ in range(len(menu.buttons)):
        if menu.focus.ring.key == other:
            break
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert table_app.scene.selected_game == other[5:]


def tab_menu_to(menu, driver: UIDriver, key: str) -> None:
    """Tab through the menu until the focus rests on `key`."""
    driver.key(pygame.K_TAB)
    for _ in range(60):
        if menu.focus.ring.key == key:
            return
        driver.key(pygame.K_TAB)
    raise AssertionError(f"Tab never reached {key}")


def test_the_menu_form_is_set_with_keys(table_app):
    """Tab reaches the form's drop-downs and name fields: Enter picks a drop-down's next choice (Shift+Enter the
    one before), as a click does; Enter on a name field lets the keys type into it until Tab, which goes on."""
    driver = on_menu(table_app)
    menu = table_app.scene
    menu.select_game("kachuful")
    driver.frames(2)
    players = menu.form().players
    tab_menu_to(menu, driver, "players")
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert menu.form().players == players + 1 and menu.player_menu.selected_option[0] == str(players + 1)
    assert menu.focus.ring.key == "players", "the focus stays on the rebuilt drop-down"
    driver.key(pygame.K_RETURN, pygame.KMOD_SHIFT)
    driver.frames(2)
    assert menu.form().players == players
    tab_menu_to(menu, driver, "kind:1")
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert menu.seat_kind_menus[1].selected_option[1] == "bot:hard"
    tab_menu_to(menu, driver, "name:1")
    driver.key(pygame.K_RETURN)
    driver.frames(1)
    entry = menu.seat_name_entries[1]
    assert entry.is_focused
    for _ in range(len(entry.get_text())):
        driver.key(pygame.K_BACKSPACE)
    for letter in "Zed":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
        driver.frames(1)
    driver.key(pygame.K_TAB)
    driver.frames(1)
    assert not entry.is_focused and menu.focus.ring.key == "kind:1"
    _, seats = menu.form_values()
    assert seats[1] == Seat("bot:hard", "Zed")
    option = next(iter(menu.option_menus))
    before = menu.option_menus[option].selected_option
    tab_menu_to(menu, driver, f"option:{option}")
    driver.key(pygame.K_SPACE)
    driver.frames(2)
    assert menu.option_menus[option].selected_option != before


def test_enter_or_esc_leaves_a_menu_name_field_without_starting_or_quitting(table_app):
    driver = on_menu(table_app)
    menu = table_app.scene
    for leave in (pygame.K_RETURN, pygame.K_ESCAPE):
        tab_menu_to(menu, driver, "name:0")
        driver.key(pygame.K_RETURN)
        driver.frames(1)
        assert menu.seat_name_entries[0].is_focused
        driver.key(leave)
        driver.frames(2)
        assert table_app.scene is menu and not menu.seat_name_entries[0].is_focused
        assert menu.confirm_quit is None or not menu.confirm_quit.alive()


def test_a_setting_is_changed_and_back_pressed_with_keys(table_app):
    driver = on_menu(table_app)
    table_app.scene.open_settings()
    driver.frames(2)
    settings = table_app.scene
    before = table_app.settings.card_size
    tab_menu_to(settings, driver, "setting:card_size")
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert table_app.settings.card_size != before
    assert focus_drawn(table_app)
    tab_menu_to(settings, driver, "back")
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert table_app.scene is not settings


def test_the_statistics_screen_is_used_with_keys_and_its_question_too(table_app):
    driver = on_menu(table_app)
    table_app.navigator.statistics()
    driver.frames(2)
    screen = table_app.scene
    game = next(key for key in screen.buttons if key.startswith("game:") and key[5:] != screen.game.id)
    tab_menu_to(screen, driver, game)
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert screen.game.id == game[5:]
    tab_menu_to(screen, driver, "reset")
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert screen.confirm is not None and screen.confirm.alive()
    assert screen.focus.ring.key == "question:no", "the focus goes to the question's harmless answer"
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert not screen.confirm.alive()


def focus_drawn(app) -> bool:
    """Whether the focus's magenta shows on the screen."""
    surface = app.screen
    width, height = surface.get_size()
    return any(surface.get_at((x, y))[:3] == FOCUS for x in range(0, width, 2) for y in range(0, height, 2))
