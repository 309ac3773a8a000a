"""The menu and settings screens, driven headless through real posted mouse and keyboard events."""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import shutil
import sys
import types
import warnings

import pygame
import pytest
from pygame_gui.elements import UIDropDownMenu, UILabel, UIWindow

from cardtable.games import CATALOGUE, GAMES, REGISTRY, CatalogueEntry, get_game
from cardtable.session.match import Match, Seat
from cardtable.session.saves import Autosave
from cardtable.storage import Settings, autosave_path, config_dir, last_game_path
from cardtable.ui.confirm import ConfirmDialog
from cardtable.ui.menu_form import DROP_DOWN_CHROME, LABEL_MARGIN, TableForm
from cardtable.ui.widgets import BUTTON, text_width
from cardtable.ui.window import MIN_SIZE, App, Scene
from tests.ui.table_helpers import finish_loading

DT = 0.016


# --------------------------------------------------------------------------- helpers


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(DT)


def click(app: App, widget) -> None:
    """Click the middle of a widget like a person: hover, press, release (each event carries its pos)."""
    pos = widget.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 3)


def choose(app: App, dropdown, text: str) -> None:
    """Open a UIDropDownMenu with a click and click the option showing `text`."""
    click(app, dropdown)
    state = dropdown.current_state
    assert state is dropdown.menu_states["expanded"], "the drop-down did not open"
    items = state.options_selection_list.item_list
    item = next((i for i in items if i["text"] == text), None)
    assert item is not None, f"{text!r} not among {[i['text'] for i in items]}"
    click(app, item["button_element"])
    frames(app, 2)
    assert dropdown.selected_option[0] == text


def key(app: App, key_code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key_code, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key_code, mod=0, unicode="", scancode=0))
    frames(app, 2)


def resize(app: App, size: tuple[int, int]) -> None:
    """What a person dragging the window edge causes: the window changes size, then VIDEORESIZE arrives.

    (A posted VIDEORESIZE alone does not resize the dummy window, so the window is resized first.)
    """
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app, 2)


def inside(widget, size: tuple[int, int]) -> bool:
    return pygame.Rect((0, 0), size).contains(widget.rect)


# --------------------------------------------------------------------------- fixtures


@pytest.fixture
def home(table_home):
    """The shared private home (dummy drivers, CARDTABLE_HOME), under the name these tests use."""
    return table_home


@pytest.fixture
def table_scene(monkeypatch):
    """The real TableScene when it imports; otherwise a stand-in that keeps the match it was given."""
    try:
        if importlib.util.find_spec("cardtable.ui.table") is None:
            raise ImportError("no table yet")
        module = importlib.import_module("cardtable.ui.table")
        return module.TableScene
    except Exception:  # not written yet, or not importable yet
        fake = types.ModuleType("cardtable.ui.table")

        class TableScene(Scene):
            def __init__(self, app: App, match: Match) -> None:
                super().__init__(app)
                self.match = match

        fake.TableScene = TableScene
        monkeypatch.setitem(sys.modules, "cardtable.ui.table", fake)
        return TableScene


@pytest.fixture
def make_app(home, table_scene):
    apps: list[App] = []

    def make(size: tuple[int, int] = (1280, 800), message: str = ""):
        from cardtable.ui.menu import MenuScene

        app = App(size)
        app.show(MenuScene(app, message))
        frames(app, 3)
        apps.append(app)
        return app

    yield make
    for app in apps:
        if app.scene is not None:
            app.scene.on_exit()
    if pygame.display.get_init():
        pygame.event.clear()
    pygame.quit()  # the next test starts without this one's window or sound device


def autosave_klondike() -> Match:
    path = autosave_path("klondike")
    m = Match(get_game("klondike"), [Seat("human", "You")], seed=1, saver=Autosave.for_game("klondike"))
    m.apply(m.state.legal_actions()[0])
    assert path.exists()
    return m


# --------------------------------------------------------------------------- the menu


UNBUILT = CatalogueEntry("next_game", "Next Game", "Still to come.")


@pytest.fixture()
def with_an_unbuilt_game(monkeypatch):
    """The menu's catalogue with one more game, not built yet (every game of the app is built now)."""
    catalogue = (*CATALOGUE, UNBUILT)
    monkeypatch.setattr("cardtable.ui.menu.CATALOGUE", catalogue)
    monkeypatch.setattr("cardtable.ui.menu_games.CATALOGUE", catalogue)  # the game list
    return catalogue


def test_lists_all_games_and_disables_unbuilt_ones(make_app, with_an_unbuilt_game):
    app = make_app()
    menu = app.scene
    assert len(CATALOGUE) == 8 and len(with_an_unbuilt_game) == 9
    buttons = [menu.buttons[f"game:{e.id}"] for e in with_an_unbuilt_game]
    tops = [b.rect.top for b in buttons]
    assert tops == sorted(tops), "games are listed in catalogue order"
    for entry, button in zip(with_an_unbuilt_game, buttons, strict=True):
        assert button.text == entry.title
        if entry.rules is None:
            assert not button.is_enabled
            assert "soon" in menu.coming_soon_labels[entry.id].text
        else:
            assert button.is_enabled
    assert sum(1 for e in CATALOGUE if e.rules is None) == len(CATALOGUE) - len(REGISTRY)
    assert "soon" in menu.coming_soon_labels[UNBUILT.id].text
    assert menu.selected_game == "klondike"


def test_clicking_a_coming_soon_game_changes_nothing(make_app, with_an_unbuilt_game):
    app = make_app()
    menu = app.scene
    click(app, menu.buttons[f"game:{UNBUILT.id}"])
    assert app.scene is menu and menu.selected_game == "klondike"


def test_klondike_form_has_a_dropdown_per_option(make_app):
    app = make_app()
    menu = app.scene
    rules = next(e.rules for e in CATALOGUE if e.id == "klondike")
    assert set(menu.option_menus) == {o.name for o in rules.options}
    for opt in rules.options:
        shown = [text for text, _ in menu.option_menus[opt.name].options_list]
        assert shown == [opt.choice_label(c) for c in opt.choices]
        assert menu.option_menus[opt.name].selected_option[0] == opt.choice_label(opt.default)
    assert len(menu.seat_name_entries) == 1 and menu.seat_name_entries[0].get_text() == "You"
    options, seats = menu.form_values()
    assert options == {o.name: o.default for o in rules.options}
    assert seats == [Seat("human", "You")]


def test_new_game_with_draw_three_starts_that_match(make_app):
    app = make_app()
    menu = app.scene
    choose(app, menu.option_menus["draw"], "Draw 3")
    assert menu.form_values()[0]["draw"] == 3
    click(app, menu.buttons["new"])
    assert app.scene is not menu, menu.message
    match = app.scene.match
    assert match.game_id == "klondike"
    assert match.options["draw"] == 3
    assert match.seats == [Seat("human", "You")]
    assert match.saver.path == autosave_path("klondike")


def test_typed_name_is_used_for_the_seat(make_app):
    app = make_app()
    menu = app.scene
    entry = menu.seat_name_entries[0]
    click(app, entry)
    for _ in range(3):
        key(app, pygame.K_BACKSPACE)
    for ch in "Mo":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        frames(app)
    assert entry.get_text() == "Mo"
    assert menu.form_values()[1] == [Seat("human", "Mo")]


def test_resume_absent_without_autosave_and_present_with_one(make_app):
    app = make_app()
    assert "resume" not in app.scene.buttons
    assert "resume_last" not in app.scene.buttons
    saved = autosave_klondike()
    app2 = make_app()
    menu = app2.scene
    assert "resume" in menu.buttons and "resume_last" in menu.buttons
    assert menu.buttons["resume_last"].text == "Resume Klondike"
    click(app2, menu.buttons["resume"])
    finish_loading(app2)
    assert app2.scene is not menu, menu.message
    assert len(app2.scene.match.log) == 1
    assert app2.scene.match.state.view(0) == saved.state.view(0)


def test_resume_last_opens_the_latest_autosave(make_app):
    autosave_klondike()
    app = make_app()
    click(app, app.scene.buttons["resume_last"])
    finish_loading(app)
    assert app.scene.match.game_id == "klondike"
    assert len(app.scene.match.log) == 1


def test_new_game_asks_before_it_replaces_an_unfinished_game(make_app):
    """Klondike has a game under way: New game asks first (the themed question); Cancel keeps the menu and the
    unfinished game, and the question's New game starts the new one."""
    saved = autosave_klondike()
    app = make_app()
    menu = app.scene
    click(app, menu.buttons["game:klondike"])
    click(app, menu.buttons["new"])
    assert app.scene is menu, "nothing starts before the answer"
    question = menu.question
    assert isinstance(question, ConfirmDialog) and question.alive()
    assert "unfinished game" in question.confirmation_text.html_text
    click(app, question.cancel_button)
    assert app.scene is menu and not question.alive() and autosave_path("klondike").exists()
    key(app, pygame.K_RETURN)  # Enter is New game too: it asks as well
    assert app.scene is menu and menu.question is not None
    click(app, menu.question.confirm_button)
    assert app.scene is not menu and app.scene.match.game_id == "klondike"
    assert app.scene.match.log == [] and app.scene.match.seed != saved.seed


def test_new_game_starts_at_once_without_an_unfinished_game(make_app):
    app = make_app()
    click(app, app.scene.buttons["game:klondike"])
    click(app, app.scene.buttons["new"])
    assert app.scene.match.game_id == "klondike"


def test_corrupt_autosave_shows_error_and_is_kept_aside(make_app):
    path = autosave_path("klondike")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{garbage", encoding="utf-8")
    app = make_app()
    menu = app.scene
    click(app, menu.buttons["resume"])
    finish_loading(app)
    assert app.scene is menu
    assert menu.message_labels, "an error is shown"
    assert all(label.object_ids[-1] == "#error" for label in menu.message_labels)
    assert "kept" in menu.message
    assert "resume" not in menu.buttons and "resume_last" not in menu.buttons
    assert not path.exists()
    kept = list(path.parent.glob(path.name + ".corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{garbage"
    frames(app, 3)  # and it keeps running


def test_message_on_arrival_is_shown(make_app):
    app = make_app(message="Something went wrong.")
    assert [label.text for label in app.scene.message_labels] == ["Something went wrong."]


def test_escape_asks_before_quitting(make_app):
    app = make_app()
    key(app, pygame.K_ESCAPE)
    assert app.running
    dialog = app.scene.confirm_quit
    assert dialog is not None and dialog.alive()
    click(app, dialog.confirm_button)
    assert not app.running


def test_quit_button_stops_the_app(make_app):
    app = make_app()
    click(app, app.scene.buttons["quit"])
    assert app.running is False


@pytest.mark.parametrize("size", [(900, 600), (800, 560), (1920, 1080)])
def test_resize_rebuilds_and_everything_fits(make_app, size):
    app = make_app()
    menu = app.scene
    choose(app, menu.option_menus["scoring"], "Vegas")
    resize(app, size)
    assert app.size == size
    widgets = [*menu.buttons.values(), *menu.option_menus.values(), *menu.seat_name_entries,
               *menu.message_labels, *menu.stats_labels]
    for widget in widgets:
        assert widget.alive()
        assert inside(widget, size), (widget, widget.rect)
    rects = [w.rect for w in widgets]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.colliderect(b), (a, b)
    assert menu.option_menus["scoring"].selected_option[0] == "Vegas", "choices survive a resize"


def test_smallest_window_with_an_error_fits(make_app):
    long = "The saved game cannot be read: " + "a very long explanation " * 6
    app = make_app(MIN_SIZE, message=long)
    menu = app.scene
    for widget in [*menu.buttons.values(), *menu.option_menus.values(), *menu.message_labels]:
        assert inside(widget, MIN_SIZE), widget.rect
    last_form = max(w.rect.bottom for w in [*menu.option_menus.values(), *menu.seat_name_entries])
    assert last_form <= min(label.rect.top for label in menu.message_labels)


@pytest.fixture
def party_game(monkeypatch):
    """A made-up 3-7 player game in the second catalogue slot, to exercise the generated form."""
    import dataclasses

    import cardtable.ui.menu as menu_module
    from cardtable.core.engine import Option
    from cardtable.games import CatalogueEntry

    klondike = CATALOGUE[0].game
    rules = dataclasses.replace(klondike.rules, id="party", title="Party", players=range(3, 8), options=(
        Option("scoring", "Scoring", ("standard", "penalty"), "standard", ("Standard", "Penalty")),
    ))
    game = dataclasses.replace(klondike, rules=rules)
    entry = CatalogueEntry("party", "Party", "A made-up game for the tests.", game)
    monkeypatch.setattr(menu_module, "CATALOGUE", (CATALOGUE[0], entry, *CATALOGUE[2:]))
    monkeypatch.setattr("cardtable.ui.menu_games.CATALOGUE", menu_module.CATALOGUE)  # the game list
    return entry


def test_multiplayer_form_seats_and_player_count(make_app, party_game):
    app = make_app()
    menu = app.scene
    click(app, menu.buttons["game:party"])
    assert menu.selected_game == "party"
    assert menu.player_menu is not None and menu.player_menu.selected_option[0] == "4"
    assert [e.get_text() for e in menu.seat_name_entries][0] == "You"
    assert [m.selected_option[0] for m in menu.seat_kind_menus] == ["Human"] + ["Bot normal"] * 3
    choose(app, menu.player_menu, "5")
    assert len(menu.seat_name_entries) == len(menu.seat_kind_menus) == 5
    choose(app, menu.seat_kind_menus[1], "Human")
    choose(app, menu.seat_kind_menus[2], "Bot hard")
    options, seats = menu.form_values()
    assert options == {"scoring": "standard"}
    assert [s.kind for s in seats] == ["human", "human", "bot:hard", "bot:normal", "bot:normal"]
    assert seats[1].name == "Ada", "a seat made Human keeps its name"
    assert seats[0].name == "Player 1", "with two people at the table the first is no longer called You"
    # Back to Klondike and here again: the choices are kept.
    click(app, menu.buttons["game:klondike"])
    assert menu.selected_game == "klondike" and menu.player_menu is None and menu.seat_kind_menus == []
    click(app, menu.buttons["game:party"])
    assert [s.kind for s in menu.form_values()[1]] == ["human", "human", "bot:hard", "bot:normal", "bot:normal"]
    # A game the registry cannot start shows a message instead of crashing.
    click(app, menu.buttons["new"])
    assert app.scene is menu and menu.message_labels


@pytest.mark.parametrize("game", ["eat_reds", "cat_te", "eat_pairs", "kachuful", "crazy"])
def test_a_games_form_starts_with_the_player_count_its_rules_name(make_app, game):
    """Eat Reds is for 2 by default (its rules), the others listed for 4: the form and the table it starts."""
    usual = {"eat_reds": 2}.get(game, 4)
    app = make_app()
    click(app, app.scene.buttons[f"game:{game}"])
    menu = app.scene
    assert menu.player_menu.selected_option[0] == str(usual)
    assert len(menu.seat_name_entries) == usual
    click(app, menu.buttons["new"])
    assert app.scene.match.state.view(None)["players"] == usual


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_cat_tes_cards_show_beside_its_tall_form(make_app, size):
    """Cat Te's cards show (beside its form when a tall form of narrow options leaves no room under it, else under
    it), as every game's do where there is room, within the panel and clear of every widget of the form."""
    app = make_app(size)
    click(app, app.scene.buttons["game:cat_te"])
    menu = app.scene
    frames(app, 2)
    rect = menu.showcase_rect
    assert rect.width >= 150 and rect.height >= 110, "Cat Te shows its cards"
    assert menu.panel_rect.contains(rect)
    fw = menu.form_widgets
    widgets = [*fw.option_menus.values(), *fw.seat_kind_menus, *fw.seat_name_entries, *fw.option_labels,
               fw.player_menu]
    assert not any(rect.colliderect(w.rect) for w in widgets)
    image = menu._showcase
    assert image is not None and image.get_width() <= rect.width and image.get_height() <= rect.height
    drawn = image.get_bounding_rect()
    assert drawn.width > rect.width // 2 or drawn.height > rect.height // 2, "a fan of cards is drawn there"


def test_seven_seats_fit_the_smallest_window(make_app, party_game):
    app = make_app()
    menu = app.scene
    click(app, menu.buttons["game:party"])
    choose(app, menu.player_menu, "7")
    resize(app, MIN_SIZE)
    widgets = [*menu.buttons.values(), *menu.option_menus.values(), menu.player_menu, *menu.seat_name_entries,
               *menu.seat_kind_menus, *menu.stats_labels]
    assert len(menu.seat_name_entries) == 7
    for widget in widgets:
        assert inside(widget, MIN_SIZE), widget.rect
    rects = [w.rect for w in widgets]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.colliderect(b), (a, b)


# --------------------------------------------------------------------------- settings


def test_settings_change_animation_speed_and_back(make_app):
    from cardtable.ui.menu import MenuScene
    from cardtable.ui.settings_scene import SettingsScene

    app = make_app()
    click(app, app.scene.buttons["settings"])
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    choose(app, settings.menus["animation_speed"], "Instant")
    assert app.settings.animation_speed == "instant"
    click(app, settings.buttons["back"])
    assert isinstance(app.scene, MenuScene)
    assert Settings.load().animation_speed == "instant"
    data = json.loads((config_dir() / "settings.json").read_text(encoding="utf-8"))
    assert data["animation_speed"] == "instant"


def test_settings_card_back_by_clicking_a_preview_and_escape_goes_back(make_app):
    from cardtable.ui.menu import MenuScene

    app = make_app()
    click(app, app.scene.buttons["settings"])
    settings = app.scene
    rect = settings.back_rects["red"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    frames(app, 2)
    assert app.settings.card_back == "red"
    assert settings.menus["card_back"].selected_option[0] == "Red"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert Settings.load().card_back == "red"


def test_settings_resize_fits(make_app):
    app = make_app()
    click(app, app.scene.buttons["settings"])
    settings = app.scene
    resize(app, (800, 560))
    assert app.size == (800, 560)
    for widget in [*settings.menus.values(), *settings.buttons.values()]:
        assert inside(widget, (800, 560)), widget.rect
    for rect in settings.back_rects.values():
        assert settings.panel_rect.contains(rect)
        assert rect.bottom <= settings.buttons["back"].rect.top


# --------------------------------------------------------------------------- the menu's memory


def choose_index(app: App, dropdown, index: int) -> None:
    """Open a UIDropDownMenu with a click and click its `index`-th item (whatever text it shows at this size)."""
    click(app, dropdown)
    items = dropdown.current_state.options_selection_list.item_list
    click(app, items[index]["button_element"])
    frames(app, 2)
    assert dropdown.selected_option[1] == dropdown.options_list[index][1]


def test_back_from_a_crazy_table_the_menu_shows_crazy(make_app):
    app = make_app()
    assert app.scene.selected_game == "klondike"
    match = Match(get_game("crazy"), [Seat("human", "You"), Seat("bot:easy", "Ada")], seed=3,
                  saver=Autosave.for_game("crazy"))
    app.navigator.table(match)  # a Crazy table opened without the menu (a resumed game, say)
    frames(app, 2)
    app.navigator.menu()  # what the table's Menu button does
    frames(app, 2)
    menu = app.scene
    assert menu.selected_game == "crazy"
    assert menu.buttons["game:crazy"].is_selected
    assert "replay" not in menu.buttons, "no click can open Klondike's replay"


def test_forms_are_kept_per_game_and_after_a_restart(make_app):
    app = make_app()
    menu = app.scene
    click(app, menu.buttons["game:kachuful"])
    choose_index(app, menu.option_menus["hands"], 2)  # Up (1→8)
    choose_index(app, menu.player_menu, 2)  # 5 players
    choose_index(app, menu.seat_kind_menus[2], 3)  # Bot hard
    menu.seat_name_entries[1].set_text("Zed")
    click(app, menu.buttons["game:crazy"])
    choose_index(app, menu.option_menus[next(iter(menu.option_menus))], 1)
    crazy_options = menu.form_values()[0]
    click(app, menu.buttons["game:kachuful"])
    wanted_options, seats = menu.form_values()
    assert wanted_options["hands"] == "up" and len(seats) == 5
    assert [s.kind for s in seats][:3] == ["human", "bot:normal", "bot:hard"]
    assert seats[1].name == "Zed"
    click(app, menu.buttons["game:crazy"])  # leaving the form keeps it in the settings file

    again = make_app()  # a restart: the settings are read from the file again
    menu = again.scene
    click(again, menu.buttons["game:kachuful"])
    assert menu.form_values() == (wanted_options, seats)
    assert menu.seat_name_entries[1].get_text() == "Zed"
    assert menu.seat_kind_menus[2].selected_option[0] == "Bot hard"
    click(again, menu.buttons["game:crazy"])
    assert menu.form_values()[0] == crazy_options


def test_bad_stored_forms_are_dropped_without_a_crash(make_app):
    config_dir().mkdir(parents=True, exist_ok=True)
    bad = {
        "card_back": "red",
        "last_forms": {
            "kachuful": {"options": {"hands": "sideways", "nope": 1, "trump": ["rotate"], "jokers": "yes",
                                     "scoring": "x" * 5000, "bidding": {"a": {"b": {"c": 1}}}},
                         "players": 99, "kinds": ["robot", "human"], "names": ["x" * 10000, "Ada"]},
            "klondike": {"options": {"draw": 3, "winnable": 1, "scoring": "vegas"}, "players": True,
                         "names": ["Bob\x00"]},
            "crazy": "not a form",
            "eat_reds": {"options": [1, 2], "players": 3.0, "kinds": "human", "names": [1, 2]},
            "cat_te": {"players": 4, "kinds": ["human", "bot:hard", "bot:godlike"], "names": ["You", "Ada\n"]},
            "no_such_game": {"players": 2},
            "x" * 500: {},
        },
    }
    (config_dir() / "settings.json").write_text(json.dumps(bad), encoding="utf-8")
    app = make_app()
    assert app.settings.card_back == "red", "the other settings are kept"
    menu = app.scene
    defaults = {g: TableForm.for_rules(get_game(g).rules) for g in ("kachuful", "klondike", "crazy", "eat_reds",
                                                                  "cat_te")}
    for game in defaults:
        click(app, menu.buttons[f"game:{game}"])
        options, seats = menu.form_values()
        if game == "klondike":  # the good values are kept, the bad dropped
            assert options == {**defaults[game].options, "draw": 3, "scoring": "vegas"}
            assert [s.name for s in seats] == ["You"]
        else:
            assert options == defaults[game].options, game
            assert [s.kind for s in seats] == [s.kind for s in defaults[game].seats()], game
            assert [s.name for s in seats] == [s.name for s in defaults[game].seats()], game
    # A top-level value of the wrong type is dropped too.
    (config_dir() / "settings.json").write_text(json.dumps({"last_forms": [1, 2, 3]}), encoding="utf-8")
    assert Settings.read() == (Settings(), None)


def test_pass_and_play_names_the_people_player_1_and_player_2_and_one_person_you(make_app):
    """"You" only when one person plays against bots: a second person at the table makes the default names
    "Player 1", "Player 2" (so the curtain never says "Pass to You"), and a name typed stays."""
    app = make_app()
    menu = app.scene
    click(app, menu.buttons["game:crazy"])
    assert [e.get_text() for e in menu.seat_name_entries[:2]] == ["You", "Ada"]
    menu.seat_name_entries[1].set_text("")
    choose(app, menu.seat_kind_menus[1], "Human")
    assert [e.get_text() for e in menu.seat_name_entries[:2]] == ["Player 1", "Player 2"]
    assert [s.name for s in menu.form_values()[1][:2]] == ["Player 1", "Player 2"]
    choose(app, menu.seat_kind_menus[1], "Bot normal")
    assert [e.get_text() for e in menu.seat_name_entries[:2]] == ["You", "Ada"]
    menu.seat_name_entries[0].set_text("Pia")
    choose(app, menu.seat_kind_menus[1], "Human")
    assert [s.name for s in menu.form_values()[1][:2]] == ["Pia", "Ada"], "a typed name stays, and a bot's too"


def test_choosing_human_keeps_the_seat_name(make_app):
    app = make_app()
    menu = app.scene
    click(app, menu.buttons["game:crazy"])
    assert menu.seat_name_entries[1].get_text() == "Ada"
    choose(app, menu.seat_kind_menus[1], "Human")
    assert menu.seat_name_entries[1].get_text() == "Ada"
    menu.seat_name_entries[2].set_text("Zoe")
    choose(app, menu.seat_kind_menus[2], "Human")
    seats = menu.form_values()[1]
    assert [s.name for s in seats[:3]] == ["Player 1", "Ada", "Zoe"] and seats[1].kind == seats[2].kind == "human"
    form = TableForm.for_rules(get_game("crazy").rules)
    form.set_kind(1, "human")
    assert form.names[1] == "Ada"
    form.names[1] = ""
    form.set_kind(1, "human")
    assert form.names[1] == "Player 2", "an empty name still gets the default"


# --------------------------------------------------------------------------- every text fits


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 800), (1920, 1080)])
def test_every_option_text_fits_its_widget(make_app, size):
    app = make_app(size)
    menu = app.scene
    for entry in CATALOGUE:
        if entry.rules is None:
            continue
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            menu.select_game(entry.id)
            frames(app)
        too_small = [str(w.message) for w in caught if "too small" in str(w.message)]
        assert too_small == [], (entry.id, too_small)
        menus = [*menu.option_menus.values(), *menu.seat_kind_menus]
        if menu.player_menu is not None:
            menus.append(menu.player_menu)
        for dropdown in menus:
            button = dropdown.current_state.selected_option_button
            room = button.rect.width - 4
            for text, _ in dropdown.options_list:
                assert button.font.size(text)[0] <= room, (entry.id, size, text, room)
        for label in menu.form_widgets.option_labels:
            assert label.font.size(label.text)[0] <= label.rect.width - 4, (entry.id, size, label.text)
        form = menu.form()
        for opt in [o for o in entry.rules.options if o.applies(form.options)]:
            dropdown = menu.option_menus[opt.name]
            full = [opt.choice_label(c, form.players) for c in opt.choices] + ([opt.custom] if opt.custom else [])
            shown = [text for text, _ in dropdown.options_list]
            if shown != full or opt.label not in [lb.text for lb in menu.form_widgets.option_labels]:
                tips = [lb.tool_tip_text or "" for lb in menu.form_widgets.option_labels]
                tip = next(t for t in tips if t.startswith(f"{opt.label}:"))
                assert all(text in tip for text in full), (opt.label, tip)


def test_menu_form_screenshots(make_app):
    """The eight forms at the smallest size, saved for a person to look at (not compared)."""
    out = os.environ.get("CARDTABLE_MENU_SHOTS")
    if not out:
        pytest.skip("set CARDTABLE_MENU_SHOTS to a folder to save the screenshots")
    app = make_app(MIN_SIZE)
    for entry in CATALOGUE:
        app.scene.select_game(entry.id)
        frames(app, 2)
        pygame.image.save(pygame.display.get_surface(), os.path.join(out, f"{entry.id}_800x560.png"))


def test_a_shortened_option_shows_its_whole_text_on_hover(make_app, monkeypatch):
    app = make_app(MIN_SIZE)
    menu = app.scene
    click(app, menu.buttons["game:kachuful"])
    label = next(lb for lb in menu.form_widgets.option_labels if lb.text == "Dealer's hook")
    assert menu.option_menus["hook"].selected_option[0] == "On"
    assert menu.option_menus["hook"].options_list[0][0] != "On: the dealer cannot make the bids total the tricks"
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: label.rect.center)  # the dummy driver keeps no pointer
    frames(app, 90)  # 1.4 s of the app's time: the tooltip's delay
    assert label.tool_tip is not None and label.tool_tip.alive()
    assert "On: the dealer cannot make the bids total the tricks" in label.tool_tip_text


def test_the_menu_opens_on_the_game_last_played_after_a_restart(make_app):
    app = make_app()
    click(app, app.scene.buttons["game:crazy"])
    click(app, app.scene.buttons["game:eat_reds"])  # picked last, but never played
    click(app, app.scene.buttons["game:crazy"])
    click(app, app.scene.buttons["new"])
    assert app.scene.match.game_id == "crazy"
    assert Settings.load().last_game == "crazy"
    pygame.quit()
    again = make_app()  # a new start: nothing is remembered but the settings
    assert again.scene.selected_game == "crazy" and again.scene.buttons["game:crazy"].is_selected
    settings = Settings.load()
    settings.last_game = "no_such_game"  # a game this copy of the app does not have: the first game
    settings.save()
    pygame.quit()
    assert make_app().scene.selected_game == "klondike"


# --------------------------------------------------------------------------- the smallest window, every game
# The menu at 800x560 for each game with its most seats and its options that show the most, with an unfinished game
# saved and a finished one to replay: no two widgets overlap, every text fits its box, and every drop-down's list
# opens inside the window.


SMALL = (800, 560)
MOST = {g.id: g.rules.players.stop - 1 for g in GAMES}
#: The options that show the most of a game's form (options that matter only with them).
WIDEST = {"kachuful": {"scoring": "Penalty: exact 10 + bid, miss minus the difference"}}


def saved_games(game: str) -> None:
    """An unfinished game of `game` autosaved, and a last game to replay."""
    rules = get_game(game).rules
    seats = [Seat("human", "You")] + [Seat("bot:easy", f"Bot {i}") for i in range(1, rules.players.start)]
    match = Match(get_game(game), seats, {}, 3, saver=Autosave.for_game(game))
    match.apply(match.state.legal_actions()[0])
    shutil.copy(autosave_path(game), last_game_path(game))


def widgets(menu) -> list:
    """Every widget the menu shows at its top level (a drop-down's own parts are checked as the drop-down; a dialog
    over the menu covers it by design)."""
    top = menu.ui.get_root_container()
    return [e for e in top.elements if e.visible and e.parent_element is None and e.alive()
            and not isinstance(e, UIWindow)]


def check_menu(menu) -> None:
    ui = menu.ui
    window = pygame.Rect((0, 0), SMALL)
    shown = widgets(menu)
    for i, a in enumerate(shown):
        name = getattr(a, "text", None) or type(a).__name__
        assert window.contains(a.rect), f"{name!r} at {a.rect} is outside the window"
        for b in shown[i + 1:]:
            other = getattr(b, "text", None) or type(b).__name__
            assert not a.rect.colliderect(b.rect), f"{name!r} {a.rect} overlaps {other!r} {b.rect}"
        if isinstance(a, UILabel):
            ids = ("#title", "label") if "#title" in a.object_ids else (
                ("#heading", "label") if "#heading" in a.object_ids else ("label",))
            assert text_width(ui, a.text, ids) <= a.rect.width - LABEL_MARGIN // 2, f"the label {a.text!r} is cut"
        elif isinstance(a, UIDropDownMenu):
            text = a.selected_option[0]
            assert text_width(ui, text, BUTTON) <= a.rect.width - DROP_DOWN_CHROME // 2, f"{text!r} is cut"
        elif hasattr(a, "text") and a.text:  # a button
            assert text_width(ui, a.text, BUTTON) <= a.rect.width - 4, f"the button {a.text!r} is cut"


@pytest.mark.parametrize("game", sorted(MOST))
def test_the_menu_at_the_smallest_window_with_the_most_seats(make_app, game):
    saved_games(game)
    app = make_app(SMALL)
    menu = app.scene
    click(app, menu.buttons[f"game:{game}"])
    assert menu.selected_game == game
    if menu.player_menu is not None:
        choose(app, menu.player_menu, str(MOST[game]))
    for name, text in WIDEST.get(game, {}).items():
        shown = next(t for t, _ in menu.option_menus[name].options_list if text.startswith(t.rstrip("\u2026")))
        choose(app, menu.option_menus[name], shown)
    assert "replay" in menu.buttons and "resume" in menu.buttons
    assert any(isinstance(w, UILabel) and w.text.startswith("Unfinished game saved") for w in widgets(menu))
    check_menu(menu)
    form = menu.form()
    names = [o.label for o in menu.entry.rules.options if o.applies(form.options)]
    shown = [label.text for label in menu.form_widgets.option_labels]
    assert all(name in shown for name in names), f"every option's name is whole: {shown}"
    menus = [*menu.option_menus.values(), *([menu.player_menu] if menu.player_menu else []), *menu.seat_kind_menus]
    for drop_down in menus:
        click(app, drop_down)
        state = drop_down.current_state
        assert state is drop_down.menu_states["expanded"]
        listed = state.options_selection_list.rect
        assert pygame.Rect((0, 0), SMALL).contains(listed), f"the list at {listed} runs off the window"
        click(app, drop_down)  # closed again
        frames(app, 2)


def test_kachuful_form_follows_the_players_and_the_scoring(make_app):
    """Hand sizes name what the player count plays, the penalty factor and the multiplier show only with their
    scoring, and the options keep their columns whatever the number of seats."""
    app = make_app()
    menu = app.scene
    click(app, menu.buttons["game:kachuful"])
    assert "penalty_factor" not in menu.option_menus and "multiplier" not in menu.option_menus
    columns = sorted({m.rect.x for m in menu.option_menus.values()})
    choose(app, menu.player_menu, "7")
    assert [t for t, _ in menu.option_menus["hands"].options_list][:3] == [
        "Down and up (7\u21921\u21927)", "Down (7\u21921)", "Up (1\u21927)"]
    assert sorted({m.rect.x for m in menu.option_menus.values()}) == columns, "the options keep their columns"
    choose(app, menu.player_menu, "3")
    assert menu.option_menus["hands"].options_list[0][0] == "Down and up (8\u21921\u21928)"
    assert sorted({m.rect.x for m in menu.option_menus.values()}) == columns
    scoring = menu.option_menus["scoring"]
    choose(app, scoring, next(t for t, _ in scoring.options_list if t.startswith("Penalty")))
    assert "penalty_factor" in menu.option_menus and "multiplier" not in menu.option_menus
    choose(app, menu.option_menus["penalty_factor"], "3")
    click(app, menu.buttons["new"])
    assert app.scene is not menu, menu.message
    assert app.scene.match.options["scoring"] == "penalty" and app.scene.match.options["penalty_factor"] == 3


def test_kachuful_plays_a_custom_list_of_hand_sizes_typed_in_the_form(make_app):
    """'Custom list' opens a field for the hand sizes; a list the deck cannot deal is refused with the rules'
    reason, one it can starts the table with those rounds."""
    app = make_app(SMALL)
    menu = app.scene
    click(app, menu.buttons["game:kachuful"])
    choose(app, menu.player_menu, "7")
    hands = menu.option_menus["hands"]
    choose(app, hands, next(t for t, _ in hands.options_list if t.startswith("Custom")))
    entry = menu.form_widgets.custom_entries["hands"]
    check_menu(menu)

    def type_in(text: str) -> None:
        click(app, menu.form_widgets.custom_entries["hands"])
        for _ in range(12):
            key(app, pygame.K_BACKSPACE)
        for ch in text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            frames(app)

    type_in("8,4")
    assert entry.get_text() == "8,4"
    click(app, menu.buttons["new"])
    assert app.scene is menu and "too large for 7 players" in menu.message
    check_menu(menu)
    shown = " ".join(lb.text for lb in menu.message_labels) or menu.notice.confirmation_text.html_text
    assert "too large for 7 players" in shown, "the reason is in the panel, or over it when the form fills it"
    if menu.notice is not None:
        click(app, menu.notice.confirm_button)
        assert not menu.notice.alive() and menu.message == ""
    type_in("5,3,1")
    click(app, menu.buttons["new"])
    assert app.scene is not menu, menu.message
    match = app.scene.match
    assert match.options["hands"] == "5,3,1" and match.state.sequence == (5, 3, 1)


# --------------------------------------------------------------------------- Resume: damaged journals, long saves


def klondike_autosave(moves: int) -> Match:
    """An autosaved Klondike game `moves` moves in (the stock cycled: draw one, 24 draws then a recycle); its moves
    are in the journal, the snapshot written whole every 1,000 of them."""
    from cardtable.games.klondike.rules import Draw, Recycle

    match = Match(get_game("klondike"), [Seat("human", "You")], {"draw": 1, "passes": "unlimited"}, seed=3,
                  saver=Autosave.for_game("klondike"))
    for i in range(moves):
        match.apply(Recycle() if i % 25 == 24 else Draw())
    return match


def _cut(raw: bytes) -> bytes:
    return raw[: len(raw) // 2 + 3]  # in the middle of a line


def _token(raw: bytes) -> bytes:
    header, rest = raw.split(b"\n", 1)
    data = json.loads(header)
    data["snapshot"] = "f" * len(data["snapshot"])
    return json.dumps(data).encode() + b"\n" + rest


JOURNAL_DAMAGES = {"cut off": _cut, "emptied": lambda raw: b"", "another token": _token}


@pytest.mark.parametrize("damage", list(JOURNAL_DAMAGES))
def test_resume_after_a_damaged_journal_says_what_was_lost_and_keeps_it_aside(make_app, damage):
    played = klondike_autosave(23)
    journal = autosave_path("klondike").with_suffix(".journal")
    damaged = JOURNAL_DAMAGES[damage](journal.read_bytes())
    journal.write_bytes(damaged)
    app = make_app()
    click(app, app.scene.buttons["resume"])
    finish_loading(app)
    table = app.scene
    assert getattr(table, "match", None) is not None, app.scene.message
    kept_moves = len(table.match.log)
    assert kept_moves < 23 and table.match.log == played.log[:kept_moves]
    said = table.messages.text
    assert table.messages.error and table.messages.showing
    if damage == "cut off":
        assert f"after move {kept_moves}" in said and "could not be read" in said
    elif damage == "emptied":
        assert "is empty" in said and "from its start" in said
    else:
        assert "another save" in said and "23 moves saved after it could not be read" in said
    kept = list(journal.parent.glob(journal.name + ".corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged and kept[0].name in said
    assert len(json.loads(autosave_path("klondike").read_bytes())["actions"]) == kept_moves  # written whole at once
    frames(app, 3)
    assert table.status_line is not None  # and the table goes on


def test_a_long_save_loads_off_the_ui_thread_while_the_menu_shows_how_far_it_is(make_app, monkeypatch):
    import threading

    played = klondike_autosave(2400)
    replay = Match._replay
    reached, gate = threading.Event(), threading.Event()

    def held_at_move_600(self, rules, n, item):  # the loading thread stops at move 600 until the test lets it go
        if n == 600 and threading.current_thread() is not threading.main_thread():
            reached.set()
            gate.wait(timeout=60)
        replay(self, rules, n, item)

    monkeypatch.setattr(Match, "_replay", held_at_move_600)
    app = make_app()
    menu = app.scene
    click(app, menu.buttons["resume"])
    assert app.scene is menu, "the table opened before the save was loaded: it was loaded on the UI thread"
    assert reached.wait(timeout=60), "the loading thread never got to move 600"  # a bounded wait on the loader
    drawn = app.frame
    frames(app, 10)
    assert app.frame == drawn + 10 and app.scene is menu, "the window draws frames while the save loads"
    assert menu.loading is not None and menu.loading.thread.is_alive()
    assert menu.loading_label is not None and menu.loading_label.text == \
        "Opening the saved game: 500 of 2,400 moves\u2026"
    assert not menu.buttons["new"].is_enabled and menu.buttons["quit"].is_enabled
    gate.set()
    finish_loading(app)
    assert app.scene is not menu and app.scene.match.log == played.log


def test_a_save_longer_than_any_real_game_is_refused_with_its_reason(make_app):
    from cardtable.session.saves import MAX_ACTIONS

    data = Match(get_game("klondike"), [Seat("human", "You")], {"draw": 1}, seed=3).to_json()
    data["actions"] = [[0, {"type": "Draw"}]] * (MAX_ACTIONS + 1)
    path = autosave_path("klondike")
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    app = make_app()
    menu = app.scene
    click(app, menu.buttons["resume"])
    finish_loading(app)
    assert app.scene is menu
    assert f"{MAX_ACTIONS + 1:,} moves, far more than any real game" in menu.message
    assert all(label.object_ids[-1] == "#error" for label in menu.message_labels)
    kept = list(path.parent.glob(path.name + ".corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == raw and kept[0].name in menu.message
    assert "resume" not in menu.buttons
