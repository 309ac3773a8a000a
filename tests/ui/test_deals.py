"""Numbered deals on the table: the deal's number shown, Restart this deal, Choose a deal…, and the wait for a
winnable deal (Klondike's "winnable deals only")."""

from __future__ import annotations

import pygame
import pytest

from cardtable import stats
from cardtable.games import get_game
from cardtable.games.klondike.proved import VARIANTS, proved_deals
from cardtable.session.deal_search import SEED_RANGE, DealChooser
from cardtable.session.match import Seat
from cardtable.session.saves import Autosave, load_match
from cardtable.ui import theme
from cardtable.ui.table import TableScene
from cardtable.ui.table.deals import deal_label, parse_deal_number
from tests.rule_trace import traces
from tests.ui.table_helpers import centre, click_button, new_match, seats

YOU = [Seat("human", "You")]


def saver(tmp_path, game: str = "klondike") -> Autosave:
    return Autosave(tmp_path / f"autosave-{game}.json", tmp_path / f"last-{game}.json")


def first_move(match) -> None:
    """One move of the person (a Klondike draw, or a legal move of any game), through the match."""
    match.apply(match.state.legal_actions()[0])


def confirm_yes(table: TableScene, driver) -> None:
    assert table.confirm is not None and table.confirm.alive()
    driver.click_widget(table.confirm.confirm_button)
    driver.frames(2)


@pytest.mark.parametrize("game", ["klondike", "crazy", "cat_te"])
def test_every_table_shows_its_deal_number(open_table, tmp_path, game):
    players = get_game(game).rules.players.start
    match = new_match(game, seats(["You"], max(players, 2) if game != "klondike" else 1, ["Ada", "Bo", "Cy"]),
                      seed=1234567, saver=saver(tmp_path, game))
    table, _driver = open_table(match)
    assert table.clock_text()[0].startswith("Deal #1234567 \u00b7 0:0")
    assert "deal" in table.buttons


@traces("klondike:table.deal_menu")
def test_restart_this_deal_asks_then_deals_the_same_cards_again_and_counts_once(table_app, open_table, tmp_path):
    match = new_match("klondike", YOU, seed=99, saver=saver(tmp_path))
    first_move(match)
    table, driver = open_table(match)
    click_button(driver, table, "deal")
    assert table.deals.menu is not None
    click_button(driver, table, "deal:restart")
    assert table_app.scene is table and "Restart Deal #99" in table.confirm.confirmation_text.html_text
    confirm_yes(table, driver)
    again = table_app.scene
    assert isinstance(again, TableScene) and again is not table
    assert again.match.seed == 99 and not again.match.log and again.match.restarted
    assert again.match.state.view(0) == new_match("klondike", YOU, seed=99).state.view(0)
    assert again.match.saver is not None and match.saver is None
    assert load_match(again.match.saver.path, get_game).restarted, "the save keeps it"
    first_move(again.match)
    driver.key(pygame.K_r)  # the key asks too
    confirm_yes(again, driver)
    assert table_app.scene.match.seed == 99
    assert stats.load("klondike").played == 1, "the deal counts once, however often it is restarted"


def test_restarting_before_any_move_asks_nothing(table_app, open_table, tmp_path):
    table, driver = open_table(new_match("klondike", YOU, seed=5, saver=saver(tmp_path)))
    driver.key(pygame.K_r)
    assert table.confirm is None and table_app.scene is not table and table_app.scene.match.seed == 5


@traces("klondike:table.deal_menu", "klondike:table.deal_number")
def test_choose_a_deal_by_its_number(table_app, open_table, tmp_path):
    table, driver = open_table(new_match("klondike", YOU, seed=5, saver=saver(tmp_path)))
    driver.key(pygame.K_d)
    click_button(driver, table, "deal:choose")
    assert table.deals.dialog is not None and table.deals.menu is None
    table.deals.entry.set_text("seven")
    click_button(driver, table, "deal:go")
    assert table_app.scene is table and "digits" in table.deals.error_label.text
    table.deals.entry.set_text("#1,234,567")
    click_button(driver, table, "deal:go")
    chosen = table_app.scene
    assert chosen is not table and chosen.match.seed == 1234567 and not chosen.match.restarted
    assert chosen.match.state.view(0) == new_match("klondike", YOU, seed=1234567).state.view(0)


def test_choose_a_deal_says_what_to_type(table_app, open_table, tmp_path):
    table, driver = open_table(new_match("klondike", YOU, seed=5, saver=saver(tmp_path)))
    driver.key(pygame.K_d)
    click_button(driver, table, "deal:choose")
    said = table.deals.error_label.text
    assert table.deals.error_label.visible and "deal number" in said
    assert "0" in said and f"{SEED_RANGE - 1:,}" in said, "the range of deal numbers"
    click_button(driver, table, "deal:go")  # nothing typed
    assert table.deals.error_label.text == "Type a deal number."


@traces("klondike:clock")
def test_the_clock_stands_still_while_a_question_is_open(table_app, open_table, tmp_path):
    table, driver = open_table(new_match("klondike", YOU, seed=5, saver=saver(tmp_path)))
    first_move(table.match)
    driver.frames(2)

    def still(open_it, close_it) -> None:
        open_it()
        before, shown = table.match.elapsed, table.clock_text()
        driver.frames(180)  # three seconds of frames
        assert table.match.elapsed == before and table.clock_text() == shown
        close_it()
        driver.frames(60)
        assert table.match.elapsed > before, "and runs again once it is answered"

    still(lambda: driver.key(pygame.K_n), lambda: driver.key(pygame.K_ESCAPE))  # "Start a new game?"
    assert table_app.scene is table and table.confirm is None or not table.confirm.alive()
    still(lambda: driver.key(pygame.K_d), lambda: driver.key(pygame.K_ESCAPE))  # the deal menu
    still(lambda: (driver.key(pygame.K_d), click_button(driver, table, "deal:choose")),
          lambda: driver.key(pygame.K_ESCAPE))  # the deal-number dialog
    assert table.deals.dialog is None and table_app.scene is table


def test_a_deal_number_typed_with_the_keys_and_enter(table_app, open_table, tmp_path):
    match = new_match("klondike", YOU, seed=5, saver=saver(tmp_path))
    first_move(match)
    table, driver = open_table(match)
    driver.key(pygame.K_d)
    click_button(driver, table, "deal:choose")
    for text in "42n":  # n (new game) and other keys only type while the dialog is open
        driver.post(pygame.TEXTINPUT, text=text)
        driver.key(getattr(pygame, f"K_{text}"))
    driver.frames(1)
    assert table_app.scene is table and table.deals.entry.get_text() == "42n"
    table.deals.entry.set_text("42")
    driver.key(pygame.K_RETURN)
    driver.frames(1)  # the entry says it is finished in the next frame
    assert "counts as a loss" in table.confirm.confirmation_text.html_text  # a game under way is left after a yes
    confirm_yes(table, driver)
    assert table_app.scene.match.seed == 42


def test_esc_closes_the_deal_menu_and_dialog_before_leaving_the_table(table_app, open_table, tmp_path):
    table, driver = open_table(new_match("klondike", YOU, seed=5, saver=saver(tmp_path)))
    driver.key(pygame.K_d)
    driver.key(pygame.K_ESCAPE)
    assert table.deals.menu is None and table_app.scene is table
    driver.key(pygame.K_d)
    click_button(driver, table, "deal:choose")
    driver.key(pygame.K_ESCAPE)
    assert table.deals.dialog is None and table_app.scene is table
    click_button(driver, table, "deal")
    click_button(driver, table, "deal:cancel")
    assert table.deals.menu is None and "deal:restart" not in table.buttons


@pytest.mark.parametrize(("text", "wanted"), [("0", 0), (" 2147483647 ", 2147483647), ("#12", 12),
                                              ("", "Type"), ("2147483648", "from 0"), ("-3", "digits"),
                                              ("\u0663", "digits")])
def test_deal_numbers_typed(text, wanted):
    got = parse_deal_number(text)
    assert got == wanted if isinstance(wanted, int) else wanted in got


def test_deal_label():
    assert deal_label(7) == "Deal #7"


# --------------------------------------------------------------------------- winnable deals only


@pytest.fixture
def solver_unused(monkeypatch):
    """The winnable-deal search, made to fail the test if it runs."""

    def refuse(self, state, seat):
        raise AssertionError("the solver searched for a deal")

    monkeypatch.setattr(DealChooser, "choose", refuse)


@pytest.mark.parametrize("draw, passes", VARIANTS)
@traces("klondike:option.deals")
def test_winnable_deals_only_deals_a_listed_deal_at_once(table_app, open_table, tmp_path, solver_unused, draw,
                                                         passes):
    """Table option "winnable deals only": the deal is one a solver has proved winnable before it is shown.
    (Here one the solver proved when the list was made.)"""
    options = {"winnable": True, "draw": draw, "passes": passes}
    table, driver = open_table(new_match("klondike", YOU, options, seed=3, saver=saver(tmp_path)))
    driver.key(pygame.K_n)  # a new random deal
    driver.frames(1)
    shown = table_app.scene
    assert shown is not table and not shown.deals.searching, "dealt within two frames"
    assert shown.match.seed in proved_deals(shown.match.options) and not shown.match.log
    assert shown.match.options["draw"] == draw and shown.match.options["passes"] == passes
    driver.key(pygame.K_n)
    again = table_app.scene
    assert again is not shown and not again.deals.searching, "in the frame of the key"
    assert again.match.seed in proved_deals(shown.match.options) and again.match.seed != shown.match.seed, \
        "another deal than the one just left"


@traces("klondike:option.deals")
def test_without_a_listed_deal_the_search_shows_what_it_does(table_app, open_table, tmp_path, monkeypatch):
    monkeypatch.setattr("cardtable.games.klondike.proved._lists", lambda: {})
    job = _Search(done=False)
    monkeypatch.setattr("cardtable.ui.table.deals.start_search", lambda game, match: job)
    table, driver = open_table(new_match("klondike", YOU, {"winnable": True}, saver=saver(tmp_path)))
    driver.frames(90)
    assert table.deals.searching
    table.draw(table_app.screen)
    table.draw_overlay(table_app.screen)
    middle = table_app.screen.subsurface((0, table_app.size[1] // 3, table_app.size[0], table_app.size[1] // 3))
    colours = {middle.get_at((x, y))[:3] for x in range(0, middle.get_width(), 2) for y in range(middle.get_height())}
    assert theme.GOLD in colours and theme.INK in colours, "the cue says what goes on"


@traces("klondike:option.deals")
def test_winnable_deals_only_waits_for_a_proved_deal_then_shows_it(table_app, open_table, tmp_path, monkeypatch):
    """Table option "winnable deals only": the deal is one a solver has proved winnable before it is shown.
    (Here for a variant the shipped list has nothing for: the search.)"""
    monkeypatch.setenv("CARDTABLE_BOT_MODE", "thread")
    monkeypatch.setattr("cardtable.games.klondike.proved._lists", lambda: {})
    match = new_match("klondike", YOU, {"winnable": True}, seed=11, saver=saver(tmp_path))
    match.random_deal = True  # as a random deal, from a known seed
    table, driver = open_table(match)
    if table.deals.search is not None:  # most deals are proved in a few milliseconds: it may be over already
        table.deals.search.result(timeout=60)  # waits on the search itself, not on a clock
        driver.frames(2)
    shown = table_app.scene
    assert shown is not table and not shown.deals.searching
    proof = shown.match.proof
    assert proof and not shown.match.random_deal
    game = new_match("klondike", YOU, {"winnable": True}, seed=shown.match.seed)
    for action in proof:
        game.apply(action)
    assert game.state.won, "the deal shown is the one its proof wins"
    kept = load_match(shown.match.saver.path, get_game)
    assert kept.seed == shown.match.seed and kept.proof == proof, "the seed and its proof are kept"
    restarted_proof = shown.match.proof
    driver.key(pygame.K_r)
    assert table_app.scene.match.proof == restarted_proof and not table_app.scene.deals.searching


def test_no_search_without_the_option_or_for_a_chosen_deal(open_table, tmp_path):
    table, _ = open_table(new_match("klondike", YOU, seed=None, saver=saver(tmp_path)))
    assert not table.deals.searching
    table, _ = open_table(new_match("klondike", YOU, {"winnable": True}, seed=3, saver=saver(tmp_path)))  # chosen
    assert not table.deals.searching


def test_esc_while_searching_goes_back_to_the_menu(table_app, open_table, tmp_path, monkeypatch):
    from cardtable.ui.menu import MenuScene

    job = _Search(done=False)
    monkeypatch.setattr("cardtable.ui.table.deals.start_search", lambda game, match: job)
    table, driver = open_table(new_match("klondike", YOU, {"winnable": True}, saver=saver(tmp_path)))
    assert table.deals.searching
    card = centre(table.layout.zone("t6").spots[-1].rect)
    table.draw(table_app.screen)
    assert table_app.screen.get_at(card)[:3] != theme.FELT
    table.draw_overlay(table_app.screen)  # the cue: the cards covered (this deal is not the one to come)
    assert table_app.screen.get_at(card)[:3] == theme.FELT
    driver.post(pygame.MOUSEBUTTONDOWN, pos=(400, 400), button=1)  # nothing to play yet
    driver.key(pygame.K_n)
    driver.frames(3)
    assert table_app.scene is table and not table.match.log
    driver.key(pygame.K_ESCAPE)
    assert isinstance(table_app.scene, MenuScene) and table.deals.search is None and job.cancelled


def test_a_failing_search_shows_the_random_deal_and_says_so(table_app, open_table, tmp_path, monkeypatch):
    monkeypatch.setattr("cardtable.ui.table.deals.start_search", lambda game, match: _Search(done=True))
    table, driver = open_table(new_match("klondike", YOU, {"winnable": True}, saver=saver(tmp_path)))
    driver.frames(2)
    assert table_app.scene is table and not table.deals.searching
    assert "not proved winnable" in table.message


class _Search:
    """A stand-in for the search: never done, or done with a fault of the solver."""

    def __init__(self, done: bool) -> None:
        self.finished = done
        self.cancelled = False

    def done(self) -> bool:
        return self.finished

    def result(self):
        raise RuntimeError("a fault of the solver")

    def cancel(self) -> None:
        self.cancelled = True
