"""Accessibility settings: their validation, four-colour faces, colour letters, card sizes, high contrast, F11 and the
remembered window; and the Settings screen holding every row at each window size."""

from __future__ import annotations

import json
import random
import warnings

import pygame
import pytest

from cardtable.core.cards import Card
from cardtable.games import get_game
from cardtable.games.crazy.layout import crazy_face
from cardtable.games.registry import GAMES
from cardtable.session.match import Match, Seat
from cardtable.storage import Settings, config_dir
from cardtable.ui import theme
from cardtable.ui.cards import CardArt
from cardtable.ui.driver import UIDriver
from cardtable.ui.settings_scene import CHOICES, SettingsScene
from cardtable.ui.table.view import table_context
from cardtable.ui.theme import ui_scale
from cardtable.ui.window import MIN_SIZE, App, place_window
from tests.ui.table_helpers import SIZES, assert_inside_window, inside, overlaps

FACE = (100, 140)


def write_settings(data: dict) -> None:
    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "settings.json").write_text(json.dumps(data), encoding="utf-8")


# --------------------------------------------------------------------------- settings


GOOD = {"card_size": "large", "four_colour": True, "high_contrast": True, "colour_marks": True,
        "window_size": [900, 640], "window_position": [-20, 40]}
BAD = ({"card_size": "huge", "four_colour": 1, "high_contrast": "yes", "colour_marks": None,
        "window_size": [900], "window_position": [1.5, 2]},
       {"card_size": ["large"], "four_colour": "true", "high_contrast": [], "colour_marks": 0,
        "window_size": [10, 10], "window_position": [True, False]},
       {"card_size": None, "window_size": [100000, 600], "window_position": {"x": 1, "y": 2}},
       {"window_size": "900x640", "window_position": [1, 2, 3]},
       {"window_size": [900.0, 640.0], "window_position": [-10**6, 0]})


def test_the_new_settings_are_read_back(table_home) -> None:
    write_settings(GOOD)
    settings, problem = Settings.read()
    assert problem is None
    assert {name: getattr(settings, name) for name in GOOD} == GOOD


@pytest.mark.parametrize("data", BAD)
def test_a_bad_value_of_a_new_setting_falls_back_to_its_default(table_home, data) -> None:
    write_settings(data)
    settings, problem = Settings.read()
    assert problem is None
    defaults = Settings()
    for name in data:
        assert getattr(settings, name) == getattr(defaults, name), name


# --------------------------------------------------------------------------- card art


def differing(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels of two surfaces of one size differ."""
    w, h = a.get_size()
    return sum(a.get_at((x, y)) != b.get_at((x, y)) for x in range(w) for y in range(h))


@pytest.fixture
def art():
    pygame.init()
    yield CardArt()
    pygame.quit()


def inked(surface: pygame.Surface) -> list[tuple[int, int, int]]:
    """The strongly coloured pixels of a face (its ink, not the white card or the grey edge)."""
    w, h = surface.get_size()
    out = []
    for y in range(h):
        for x in range(w):
            r, g, b, a = surface.get_at((x, y))
            if a == 255 and max(r, g, b) - min(r, g, b) > 90:
                out.append((r, g, b))
    return out


def test_four_colour_faces_print_diamonds_blue_and_clubs_green(art) -> None:
    standard = {suit: art.face(Card(5, suit), FACE).copy() for suit in "SHDC"}
    art.set_style(four_colour=True, colour_marks=False)
    four = {suit: art.face(Card(5, suit), FACE) for suit in "SHDC"}
    for suit in "SH":
        assert differing(standard[suit], four[suit]) == 0, f"{suit} keeps its colour"
    for suit, channel in (("D", 2), ("C", 1)):
        assert differing(standard[suit], four[suit]) > 100
        ink = inked(four[suit])
        assert ink and all(max(range(3), key=lambda k, c=c: c[k]) == channel for c in ink), suit
    assert all(r > b for r, _, b in inked(standard["D"])), "the standard diamond is red"
    art.set_style(four_colour=False, colour_marks=False)
    assert differing(art.face(Card(5, "D"), FACE), standard["D"]) == 0, "switching back gives the standard face"


def test_colour_letters_mark_crazy_cards_under_their_corner_symbol(art) -> None:
    cards = [Card(7, suit) for suit in "RYGB"] + [Card(13, "W"), Card(14, "W")]
    plain = {c: art.face(c, FACE, crazy_face(c)).copy() for c in cards}
    art.set_style(four_colour=False, colour_marks=True)
    for card in cards:
        marked = art.face(card, FACE, crazy_face(card))
        changed = differing(plain[card], marked)
        if card.suit == "W":
            assert changed == 0, "a wild card has no colour to name"
        else:
            assert changed > 40, f"{card} carries its colour's letter"
            top_left = pygame.Rect(0, 0, FACE[0] // 3, FACE[1] // 3)
            assert differing(plain[card].subsurface(top_left), marked.subsurface(top_left)) > 20


def test_the_letters_name_the_colours() -> None:
    from cardtable.games.crazy.layout import CARD_COLOURS
    from cardtable.ui.cards.faces import colour_letter

    assert {suit: colour_letter(colour) for suit, colour in CARD_COLOURS.items()} == {s: s for s in "RYGB"}
    assert colour_letter((26, 26, 30)) == "" and colour_letter((250, 240, 220)) == ""


# --------------------------------------------------------------------------- card size


def test_every_layout_keeps_every_card_size_inside_the_window() -> None:
    """For every game at its fewest and most players, small, normal and large cards at each window size: every
    place and card inside the window, and large cards never smaller than normal ones."""
    for game in GAMES:
        rules = game.rules
        for players in sorted({rules.players.start, rules.players.stop - 1}):
            state = rules.new_game(players, {}, 1)
            rng = random.Random(1)
            for _ in range(15):
                if state.is_over():
                    break
                state.apply(rng.choice(state.legal_actions()))
            view = state.view(0)
            for size in SIZES:
                widths = {}
                for card_size in ("small", "normal", "large"):
                    ctx = table_context(size, tuple(f"P{i}" for i in range(players)), 0, ui_scale(size), card_size)
                    layout = game.layout.build(view, ctx)
                    widths[card_size] = layout.card_size[0]
                    for zone in layout.zones:
                        for rect in [zone.slot] + [s.rect for s in zone.spots]:
                            assert inside(rect, size), (game.id, players, size, card_size, zone.id, rect)
                assert widths["small"] < widths["normal"] <= widths["large"], (game.id, size, widths)


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
def test_large_cards_on_a_klondike_table_are_bigger_and_inside_the_window(table_home, open_table, size) -> None:
    app = App(size)
    app.settings.animation_speed = "instant"
    match = Match(get_game("klondike"), [Seat("human", "You")], {}, 5)
    table, _ = open_table(match, app=app)
    normal = table.layout.card_size
    app.settings.card_size = "large"
    table.set_layout(table.build_layout())
    assert table.layout.card_size[0] > normal[0]
    assert_inside_window(table)
    app.settings.card_size = "small"
    table.set_layout(table.build_layout())
    assert table.layout.card_size[0] < normal[0]
    assert_inside_window(table)


# --------------------------------------------------------------------------- high contrast


def test_high_contrast_darkens_the_table_and_goes_back(table_home) -> None:
    standard = theme.FELT
    write_settings({"high_contrast": True})
    app = App((1280, 800))
    try:
        assert theme.FELT != standard and sum(theme.FELT) < sum(standard) / 2
        assert theme.MUTED == theme.INK, "secondary text is as bright as the rest"
        app.settings.high_contrast = False
        app.apply_look()
        assert theme.FELT == standard
    finally:
        theme.set_high_contrast(False)
        pygame.quit()


# --------------------------------------------------------------------------- the window


def key(app: App, key_code: int) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key_code, mod=0, unicode="", scancode=0))


def test_f11_toggles_fullscreen_and_the_setting_follows(table_app) -> None:
    table_app.navigator.menu()
    UIDriver(table_app).frames(1)
    key(table_app, pygame.K_F11)
    assert table_app.settings.fullscreen and table_app.fullscreen_shown
    assert json.loads((config_dir() / "settings.json").read_text())["fullscreen"] is True
    key(table_app, pygame.K_F11)
    assert not table_app.settings.fullscreen and not table_app.fullscreen_shown
    assert table_app.size == (1280, 800), "back to the window it was"
    assert Settings.load().fullscreen is False


def test_f11_on_the_settings_screen_moves_its_drop_down(table_app) -> None:
    scene = SettingsScene(table_app)
    table_app.show(scene)
    UIDriver(table_app).frames(1)
    key(table_app, pygame.K_F11)
    assert scene.menus["fullscreen"].selected_option[0] == "On"
    key(table_app, pygame.K_F11)


def window_position() -> tuple[int, int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return tuple(pygame.Window.from_display_module().position)


def test_the_window_size_and_place_are_kept_for_the_next_start(table_home, monkeypatch) -> None:
    monkeypatch.delenv("SDL_VIDEO_WINDOW_POS", raising=False)
    app = App((1280, 800))
    pygame.display.set_mode((900, 640), pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=640, size=(900, 640)))
    app.dispatch(pygame.event.Event(pygame.WINDOWMOVED, x=60, y=30))
    app.dispatch(pygame.event.Event(pygame.QUIT))
    pygame.quit()
    stored = json.loads((config_dir() / "settings.json").read_text())
    assert stored["window_size"] == [900, 640] and stored["window_position"] == [60, 30]

    app = App()
    try:
        assert app.size == (900, 640)
        assert window_position() == (60, 30)
    finally:
        pygame.quit()


def test_a_size_asked_for_wins_over_the_remembered_one(table_home) -> None:
    write_settings({"window_size": [900, 640]})
    app = App((1000, 700))
    try:
        assert app.size == (1000, 700)
    finally:
        pygame.quit()
    app = App()
    try:
        assert app.size == (900, 640)
    finally:
        pygame.quit()


def test_a_remembered_place_off_every_screen_is_brought_back(table_home, monkeypatch) -> None:
    monkeypatch.delenv("SDL_VIDEO_WINDOW_POS", raising=False)
    write_settings({"window_size": [900, 640], "window_position": [9000, -500]})
    app = App()
    try:
        assert app.size == (900, 640)
        desktop = pygame.display.get_desktop_sizes()[0]
        x, y = window_position()
        assert 0 <= x <= max(0, desktop[0] - 900) and 0 <= y <= max(0, desktop[1] - 640)
    finally:
        pygame.quit()
    assert place_window([-300, 5000], (800, 600), [(1920, 1080), (1280, 1024)]) == (0, 1080 - 600)
    assert place_window([2500, 100], (800, 600), [(1920, 1080), (1280, 1024)]) == (2400, 100)
    assert place_window([50, 50], (2000, 1200), [(1024, 768)]) == (0, 0)


def test_a_remembered_size_bigger_than_the_screen_is_shrunk(table_home) -> None:
    write_settings({"window_size": [16000, 9000]})
    app = App()
    try:
        desktop = max(pygame.display.get_desktop_sizes())
        assert MIN_SIZE[0] <= app.size[0] <= max(desktop[0], MIN_SIZE[0])
        assert MIN_SIZE[1] <= app.size[1] <= max(desktop[1], MIN_SIZE[1])
    finally:
        pygame.quit()


# --------------------------------------------------------------------------- the Settings screen


@pytest.mark.parametrize("size", SIZES)
def test_every_setting_fits_the_settings_screen(table_home, size) -> None:
    app = App(size)
    try:
        scene = SettingsScene(app)
        app.show(scene)
        UIDriver(app).frames(1)
        assert set(scene.menus) == {name for name, _, _ in CHOICES}
        labels = [e for e in scene.ui.get_sprite_group().sprites() if type(e).__name__ == "UILabel"]
        rects = ([tuple(m.rect) for m in scene.menus.values()] + [tuple(b.rect) for b in scene.buttons.values()]
                 + [tuple(e.rect) for e in labels] + [tuple(r) for r in scene.back_rects.values()])
        for rect in rects:
            assert inside(rect, size), (rect, size)
            assert scene.panel_rect.contains(pygame.Rect(rect)), (rect, "inside the panel")
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                assert not overlaps(a, b), (a, b)
        for label in labels:
            font = label.font
            assert font.size(label.text)[0] <= label.rect.width, f"{label.text!r} is cut"
        assert min(r.height for r in scene.back_rects.values()) >= 40, "the card-back previews stay visible"
    finally:
        pygame.quit()
