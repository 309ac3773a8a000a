"""The rules screen: every game's rules file and picture, the text laid out at every window size, the way in (F1 on
a table, Rules in the menu) and back out to the same place, scrolling, and files that cannot be shown."""

from __future__ import annotations

import os
import re

import pygame
import pytest

from cardtable.games import GAMES, get_game
from cardtable.resources import asset_path
from cardtable.ui import rules_text
from cardtable.ui.driver import UIDriver
from cardtable.ui.rules_scene import RulesScene, pieces, wrap_pieces
from cardtable.ui.rules_text import MAX_TEXT_BYTES, Block, parse, spans
from cardtable.ui.window import App
from tests.ui.table_helpers import SIZES, inside, new_match, resize, run_until, seats

IDS = [g.id for g in GAMES]
MAX_PICTURE_BYTES = 80_000  # a picture of a table, small: the assets ship in the wheel and the app
MAX_RULES_BYTES = 600_000  # every rules file and picture together


def open_rules(app: App, game_id: str, back_to=None) -> RulesScene:
    app.navigator.rules(game_id, back_to)
    UIDriver(app).frames(2)
    assert isinstance(app.scene, RulesScene)
    return app.scene


def wheel(driver: UIDriver, notches: int) -> None:
    """Turn the mouse wheel: negative notches scroll down, as a wheel pulled towards the person does."""
    driver.post(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0, precise_y=float(notches))
    driver.frames(1)


def in_view(scene: RulesScene) -> list[tuple[str, str, int]]:
    """What the view shows: each line's kind, text and height on the screen."""
    return [(line.kind, line.text, line.rect.y - scene.offset)
            for line in scene.page.visible(scene.offset, scene.view_rect.height)]


# --------------------------------------------------------------------------- the files


@pytest.mark.parametrize("game_id", IDS)
def test_every_game_has_rules_for_players_that_explain_each_table_option(game_id: str):
    path = asset_path("rules", f"{game_id}.md")
    assert path.is_file(), f"{game_id} has no rules text (assets/rules/{game_id}.md)"
    text = path.read_text(encoding="utf-8")
    assert len(text) > 1500, "the rules are too short to teach the game"
    headings = [b.text for b in parse(text) if b.kind == "heading"]
    assert {"Table options", "On the table"} <= set(headings)
    options = text[text.index("## Table options"):]
    for option in get_game(game_id).rules.options:
        assert f"**{option.label}**" in options, f"the rules of {game_id} do not explain {option.label!r}"
    assert "F1" in text and "Esc" in text


@pytest.mark.parametrize("game_id", IDS)
def test_every_game_has_a_small_picture_of_its_table(game_id: str):
    path = asset_path("rules", f"{game_id}.png")
    assert path.is_file(), f"{game_id} has no picture (packaging/rules_pictures.py makes it)"
    assert path.stat().st_size <= MAX_PICTURE_BYTES
    width, height = pygame.image.load(str(path)).get_size()
    assert 320 <= width <= 480 and height < width


def test_the_rules_assets_stay_small():
    assert sum(p.stat().st_size for p in asset_path("rules").iterdir()) <= MAX_RULES_BYTES


# --------------------------------------------------------------------------- the text


def test_the_markdown_has_headings_paragraphs_bullets_and_bold():
    blocks = parse("# Game\n\nA first\nparagraph.\n\n## Goal\n- one **bold** word\n  goes on\n- two\n\nEnd **open")
    assert [b.kind for b in blocks] == ["title", "paragraph", "heading", "bullet", "bullet", "paragraph"]
    assert blocks[1].text == "A first paragraph."
    assert blocks[3].spans == (("one ", False), ("bold", True), (" word goes on", False))
    assert blocks[5].spans == (("End ", False), ("open", True))
    assert spans("**Skip**: next") == (("Skip", True), (": next", False))


def test_a_word_wider_than_the_column_is_cut_and_punctuation_stays_with_its_word():
    def measure(piece):
        return 10 * len(piece[0])

    words = pieces((("Skip", True), (": a ", False), ("x" * 25, False)))
    assert [w[0] for w in words] == ["Skip", ":", "a", "x" * 25]
    rows = wrap_pieces(words, 100, measure, lambda bold: 10)
    assert [[w[0] for w in row] for row in rows] == [["Skip", ":", "a"], ["x" * 10], ["x" * 10], ["x" * 5]]
    assert all(sum(measure(w) for w in row) + 10 * (len(row) - 1) <= 100 for row in rows)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", IDS)
def test_the_rules_fit_the_window_at_every_size(table_home, game_id: str, size: tuple[int, int]):
    app = App(size)
    try:
        scene = open_rules(app, game_id)
        assert scene.title == get_game(game_id).title
        for rect in (scene.panel_rect, scene.view_rect, scene.track_rect, scene.buttons["back"].rect):
            assert inside(rect, size), f"{rect} is outside the {size} window"
        assert not scene.view_rect.colliderect(scene.track_rect)
        assert scene.view_rect.width >= 600 and scene.view_rect.height >= 300
        lines = scene.page.lines
        assert lines[0].kind == "picture"
        assert all(0 <= line.rect.x and line.rect.right <= scene.page.width for line in lines), "text is cut"
        assert not any(line.kind == "problem" for line in lines)
        # Every word of the file is on the screen, in order (the title is the screen's heading).
        words = " ".join(b.text for b in scene.blocks[1:]).split()
        assert " ".join(line.text for line in lines if line.text).split() == words
        assert scene.more_below and scene.thumb_rect() is not None  # the rules are longer than a screen
    finally:
        pygame.quit()


# --------------------------------------------------------------------------- in and out


def test_f1_on_a_table_opens_its_rules_and_esc_returns_to_the_same_game(table_app, open_table):
    match = new_match("klondike", seats(["You"], 1, []), seed=7)
    table, driver = open_table(match)
    for _ in range(3):  # a few moves: the game is under way
        table.play(match.state.legal_actions()[0])
        driver.settle(table)
    log, elapsed = list(match.log), match.elapsed
    assert log
    driver.key(pygame.K_F1)
    rules = table_app.scene
    assert isinstance(rules, RulesScene) and rules.game_id == "klondike" and rules.back_to is table
    driver.frames(30)
    assert match.elapsed == elapsed  # the game's clock waits while the rules are read
    driver.key(pygame.K_ESCAPE)
    assert table_app.scene is table and table.match is match and match.log == log
    driver.frames(2)
    assert match.elapsed > elapsed
    table.play(match.state.legal_actions()[0])  # and the game goes on
    assert len(match.log) == len(log) + 1


def test_eat_pairs_rules_say_a_dealer_left_with_one_card_plays_it_and_wins(table_app, open_table):
    """F1 at an Eat Pairs table: the rules screen tells the dealer's second instant win, as the rules have it."""
    match = new_match("eat_pairs", seats(["You"], 4, ["Ada", "Basil", "Clara"]), seed=2)
    table, driver = open_table(match, bot_delay=30.0)
    driver.key(pygame.K_F1)
    rules = table_app.scene
    assert isinstance(rules, RulesScene) and rules.game_id == "eat_pairs"
    text = " ".join(" ".join(line.text for line in rules.page.visible(0, 10**6)).split())
    assert "A dealer left with one card plays it as the opening card and wins at once." in text


def test_back_returns_to_a_table_of_bots_that_play_on(table_app, open_table):
    match = new_match("crazy", seats(["You"], 4, ["Ada", "Basil", "Clara"]), seed=3)
    table, driver = open_table(match)
    run_until(driver, lambda: table.human_turn and table.settled)
    played = len(match.log)
    table.play(match.state.legal_actions()[0])  # the bots are to play next
    driver.key(pygame.K_F1)
    rules = table_app.scene
    assert isinstance(rules, RulesScene) and rules.game_id == "crazy"
    driver.click_widget(rules.buttons["back"])
    assert table_app.scene is table
    run_until(driver, lambda: (table.human_turn and table.settled) or match.state.is_over())
    assert len(match.log) > played + 1  # the bots played on after the rules closed


def test_a_table_left_for_the_rules_fits_a_window_resized_meanwhile(table_app, open_table):
    table, driver = open_table(new_match("kachuful", seats(["You"], 4, ["Ada", "Basil", "Clara"]), seed=2))
    driver.key(pygame.K_F1)
    rules = table_app.scene
    resize(table_app, driver, (1920, 1080))
    assert rules.view_rect.width > 800  # the rules follow the window too
    driver.key(pygame.K_ESCAPE)
    assert table_app.scene is table
    driver.frames(2)
    assert tuple(table.ui.window_resolution) == (1920, 1080) and table.ui_scale == table_app.ui_scale
    assert all(inside(zone.slot, (1920, 1080)) for zone in table.layout.zones)
    assert table.buttons["menu"].rect.y < 100


def test_the_menus_rules_button_opens_the_picked_games_rules_and_back_keeps_the_pick(table_app):
    from cardtable.ui.menu import MenuScene

    driver = UIDriver(table_app)
    table_app.navigator.menu()
    driver.frames(2)
    driver.click_widget(table_app.scene.buttons["game:cat_te"])
    assert table_app.scene.selected_game == "cat_te"
    driver.click_widget(table_app.scene.buttons["rules"])
    rules = table_app.scene
    assert isinstance(rules, RulesScene) and rules.game_id == "cat_te" and rules.back_to is None
    driver.click_widget(rules.buttons["back"])
    assert isinstance(table_app.scene, MenuScene) and table_app.scene.selected_game == "cat_te"


# --------------------------------------------------------------------------- scrolling


def test_the_text_scrolls_with_the_wheel_and_the_keys_and_stops_at_its_ends(table_home):
    app = App((800, 560))
    try:
        driver = UIDriver(app)
        scene = open_rules(app, "king_of_the_hill")
        top = in_view(scene)
        assert scene.offset == 0 and not scene.more_above and scene.more_below
        for key in (pygame.K_UP, pygame.K_PAGEUP, pygame.K_HOME):
            driver.key(key)
            assert scene.offset == 0  # nothing above the top
        wheel(driver, -1)
        assert scene.offset > 0 and scene.more_above and in_view(scene) != top
        wheel(driver, 1)
        assert scene.offset == 0
        driver.key(pygame.K_DOWN)
        step = scene.offset
        assert step > 0
        driver.key(pygame.K_PAGEDOWN)
        assert scene.offset - step >= scene.view_rect.height // 2
        driver.key(pygame.K_END)
        assert scene.offset == scene.max_offset and not scene.more_below
        bottom = in_view(scene)
        for key in (pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_END):
            driver.key(key)
            assert scene.offset == scene.max_offset  # nothing below the end
        wheel(driver, -5)
        assert scene.offset == scene.max_offset and in_view(scene) == bottom
        last = scene.page.lines[-1]
        assert last.rect.bottom - scene.offset <= scene.view_rect.height  # the last line shows whole
        driver.key(pygame.K_HOME)
        assert scene.offset == 0 and in_view(scene) == top
    finally:
        pygame.quit()


def test_the_scrollbar_drags_and_pages(table_home):
    app = App((800, 560))
    try:
        driver = UIDriver(app)
        scene = open_rules(app, "cat_in_the_box")
        thumb = scene.thumb_rect()
        assert thumb is not None and scene.track_rect.contains(thumb)
        driver.click((thumb.centerx, scene.track_rect.bottom - 2))  # the track below the thumb: a page down
        assert scene.offset >= scene.view_rect.height // 2
        thumb = scene.thumb_rect()
        driver.drag(thumb.center, (thumb.centerx, scene.track_rect.bottom + 200))
        assert scene.offset == scene.max_offset and scene.thumb_rect().bottom == scene.track_rect.bottom
        thumb = scene.thumb_rect()
        driver.drag(thumb.center, (thumb.centerx, 0))
        assert scene.offset == 0
    finally:
        pygame.quit()


# --------------------------------------------------------------------------- files that cannot be shown


@pytest.fixture
def rules_folder(tmp_path, monkeypatch):
    """The rules files are looked for in an empty folder of the test's."""
    monkeypatch.setattr(rules_text, "rules_folder", lambda: tmp_path)
    return tmp_path


def problem_lines(scene: RulesScene) -> str:
    lines = [line for line in scene.page.lines if line.kind == "problem"]
    assert lines and all(line.rect.right <= scene.page.width for line in lines)
    return " ".join(line.text for line in lines)


def test_missing_rules_say_so_in_a_clear_line(table_app, rules_folder):
    scene = open_rules(table_app, "crazy")
    assert scene.picture is None and scene.max_offset == 0 and scene.thumb_rect() is None
    assert "The rules of Crazy are missing" in problem_lines(scene)


@pytest.mark.parametrize(("content", "said"), [
    (b"x" * (MAX_TEXT_BYTES + 1), "too big"),
    (b"\xff\xfe rules", "not text"),
    (b"", "empty"),
])
def test_unusable_rules_files_say_why(table_app, rules_folder, content: bytes, said: str):
    (rules_folder / "kachuful.md").write_bytes(content)
    (rules_folder / "kachuful.png").write_bytes(b"not a picture")
    scene = open_rules(table_app, "kachuful")
    assert scene.picture is None
    text = problem_lines(scene)
    assert text.startswith("The rules of Kachuful (Judgement)") and said in text


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_rules_file_that_is_a_pipe_is_not_read(table_app, rules_folder):
    os.mkfifo(rules_folder / "eat_reds.md")  # a plain open() of it would wait for a writer for ever
    assert "not an ordinary file" in problem_lines(open_rules(table_app, "eat_reds"))


def test_a_game_id_is_never_a_path(rules_folder):
    (rules_folder.parent / "secret.md").write_text("# Secret\n\nnot rules", encoding="utf-8")
    blocks = rules_text.read_rules("../secret", "Secret")
    assert [b.kind for b in blocks] == ["problem"] and not re.search("not rules", blocks[0].text)
    assert rules_text.read_rules("klondike", "Klondike") == [Block("problem", (
        ("The rules of Klondike are missing from this copy of cardtable (rules/klondike.md). "
         "Reinstalling cardtable brings them back.", False),))]
