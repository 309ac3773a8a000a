"""The last trick on demand (the L key held, a press on a won pile), bids and predictions on every seat panel, and
the short log of the last moves in the shedding and capturing games: the real table, headless, driven by posted
events."""

from __future__ import annotations

import pygame
import pytest

from cardtable.core.layout import LastTrick, TrickPlay
from cardtable.games import get_game, get_rules
from cardtable.session.match import Match
from cardtable.ui.driver import UIDriver
from cardtable.ui.table import TableScene
from cardtable.ui.table.last_trick import HOLD_SECONDS
from cardtable.ui.table.move_log import LOG_LENGTH, MoveLog
from tests.ui.table_helpers import (
    SIZES,
    centre,
    find_moves,
    inside,
    new_match,
    overlaps,
    resize,
    run_until,
    seats,
    until_human,
)

BOTS = ("Ada", "Bo", "Cy", "Di", "Ed")
KACHUFUL = {"hands": "3,2,1"}


def kachuful_at(wanted) -> Match:
    """A Kachuful match (the person at seat 0, three bots) at the first position `wanted` of a seeded playout."""
    seed, moves = find_moves(get_rules("kachuful"), 4, wanted, KACHUFUL)
    return new_match("kachuful", seats(["You"], 4, BOTS), KACHUFUL, seed, moves)


def after_a_trick(state) -> bool:
    return state.phase == "play" and state.turn == 0 and bool(state.last_trick) and bool(state.trick)


def key(driver: UIDriver, kind: int) -> None:
    driver.post(kind, key=pygame.K_l, mod=0, unicode="l", scancode=0)
    driver.frames(1)


def press(driver: UIDriver, point: tuple[int, int], kind: int) -> None:
    driver.post(kind, pos=point, button=1)
    driver.frames(1)


def won_pile(table: TableScene, seat: int) -> tuple[int, int]:
    zone = table.layout.zone(f"won{seat}")
    return centre(zone.spots[-1].rect if zone.spots else zone.slot)


def expected_trick(match: Match) -> LastTrick:
    state = match.state
    return LastTrick(tuple(TrickPlay(s, (c,)) for s, c in state.last_trick), state.last_winner)


# --------------------------------------------------------------------------- the last trick


def test_holding_l_shows_the_last_trick_and_letting_go_hides_it(table_app, open_table):
    match = kachuful_at(after_a_trick)
    table, driver = open_table(match, bot_delay=30.0)
    assert table.last_trick.shown is None
    key(driver, pygame.KEYDOWN)
    shown = table.last_trick.shown
    assert shown == expected_trick(match)
    assert shown.winner is not None and {p.seat for p in shown.plays} == {0, 1, 2, 3}
    rect = table.last_trick.rect()
    assert inside(rect, table_app.size)
    border = table_app.screen.get_at((rect[0] + rect[2] // 2, rect[1] + 1))[:3]
    assert border != table_app.screen.get_at((5, rect[1] + 1))[:3], "the panel is drawn"
    driver.frames(int(HOLD_SECONDS * 60) + 5)
    assert table.last_trick.shown == shown, "it stays while the key is held"
    key(driver, pygame.KEYUP)
    assert table.last_trick.shown is None


def test_a_tap_of_l_keeps_the_last_trick_until_the_next_key_or_click(table_app, open_table):
    match = kachuful_at(after_a_trick)
    table, driver = open_table(match, bot_delay=30.0)
    before = len(match.log)
    driver.key(pygame.K_l)  # pressed and let go in one frame
    assert table.last_trick.shown == expected_trick(match)
    driver.frames(60)
    assert table.last_trick.shown == expected_trick(match), "it stays after the key is let go"
    driver.key(pygame.K_l)  # L again: shown again, as L always does
    assert table.last_trick.shown == expected_trick(match)
    driver.key(pygame.K_ESCAPE)  # any other key closes it (Esc does nothing else)
    assert table.last_trick.shown is None and table_app.scene is table
    driver.key(pygame.K_l)
    assert table.last_trick.shown is not None
    driver.click((table_app.size[0] // 2, table_app.size[1] // 2))
    assert table.last_trick.shown is None
    assert len(match.log) == before, "the keys and the click played nothing"


def test_a_click_on_a_won_pile_keeps_it_open_until_the_next_click(table_app, open_table):
    match = kachuful_at(after_a_trick)
    table, driver = open_table(match, bot_delay=30.0)
    before = len(match.log)
    winner = match.state.last_winner
    driver.click(won_pile(table, winner))
    assert table.last_trick.shown == expected_trick(match)
    driver.click((table_app.size[0] // 2, table_app.size[1] // 2))
    assert table.last_trick.shown is None
    assert len(match.log) == before, "the clicks played nothing"


def test_a_press_held_on_a_seat_panel_shows_it_until_the_release(table_app, open_table):
    match = kachuful_at(after_a_trick)
    table, driver = open_table(match, bot_delay=30.0)
    point = centre(table.layout.zone("seat2").slot)
    press(driver, point, pygame.MOUSEBUTTONDOWN)
    driver.frames(int(HOLD_SECONDS * 60) + 5)
    assert table.last_trick.shown == expected_trick(match)
    press(driver, point, pygame.MOUSEBUTTONUP)
    assert table.last_trick.shown is None


def test_nothing_is_shown_before_the_first_trick_is_complete(table_app, open_table):
    match = kachuful_at(lambda s: s.phase == "play" and s.turn == 0 and not s.last_trick)
    table, driver = open_table(match, bot_delay=30.0)
    key(driver, pygame.KEYDOWN)
    assert table.last_trick.shown is None
    assert table.message == LastTrick.NONE_YET
    key(driver, pygame.KEYUP)
    driver.click(won_pile(table, 1))
    assert table.last_trick.shown is None


@pytest.mark.parametrize("size", SIZES)
def test_the_last_trick_panel_fits_the_window(table_app, open_table, size):
    match = kachuful_at(after_a_trick)
    table, driver = open_table(match, bot_delay=30.0)
    resize(table_app, driver, size)
    key(driver, pygame.KEYDOWN)
    assert table.last_trick.shown is not None
    assert inside(table.last_trick.rect(), size)


@pytest.mark.parametrize("game, players", [("cat_in_the_box", 3), ("king_of_the_hill", 5), ("cat_te", 4)])
def test_every_trick_game_shows_its_last_trick_after_bots_played_one(table_app, open_table, game, players):
    match = Match(get_game(game), seats([], players, BOTS), {}, seed=3)
    table, driver = open_table(match)
    run_until(driver, lambda: table.last_trick.latest is not None)
    key(driver, pygame.KEYDOWN)
    shown = table.last_trick.shown
    assert shown is not None and len(shown.plays) >= 2
    assert inside(table.last_trick.rect(), table_app.size)


# --------------------------------------------------------------------------- bids and predictions


def test_every_seat_panel_shows_its_bid_and_tricks_during_play(table_app, open_table):
    match = kachuful_at(after_a_trick)
    table, _ = open_table(match, bot_delay=30.0)
    for seat in range(4):
        lines = table.layout.zone(f"seat{seat}").lines
        assert f"bid {match.state.bids[seat]} \u00b7 won {match.state.tricks[seat]}" in lines, lines


def test_every_seat_panel_shows_its_prediction_during_play(table_app, open_table):
    match = Match(get_game("cat_in_the_box"), seats([], 3, BOTS), {}, seed=3)
    table, driver = open_table(match)
    run_until(driver, lambda: match.state.phase == "play")
    state = match.state
    for seat in range(3):
        lines = table.layout.zone(f"seat{seat}").lines
        assert f"predicts {state.predictions[seat]} \u00b7 won {state.tricks[seat]}" in lines, lines


# --------------------------------------------------------------------------- the move log


def announced(match: Match, table: TableScene) -> list[str]:
    """Every text the engine said in the match so far, with the players' names, replayed from its deal."""
    state = match.game.rules.new_game(len(match.seats), match.options, match.seed)
    texts = []
    for entry in match.log:
        texts += [t for e in state.apply(entry.action) if e.kind != "win" and (t := table.narrator.text(e))]
    return texts


def test_the_move_log_lists_the_last_moves_in_order_after_the_bots_play(table_app, open_table):
    match = new_match("crazy", seats(["You"], 4, BOTS), seed=5)
    table, driver = open_table(match)
    for _ in range(3):
        until_human(table, driver)
        driver.perform(table, match.state.legal_actions()[0])
    until_human(table, driver)
    lines = table.move_log.lines()
    assert len(lines) == LOG_LENGTH
    assert lines == announced(match, table)[-LOG_LENGTH:]
    assert any(line.startswith(("Ada ", "Bo ", "Cy ")) for line in lines), "the bots' moves, by name"


@pytest.mark.parametrize("game, players", [("crazy", 4), ("crazy", 10), ("eat_reds", 4), ("eat_reds", 2)])
@pytest.mark.parametrize("size", SIZES)
def test_the_move_log_fits_the_window_clear_of_the_cards(table_app, open_table, game, players, size):
    match = new_match(game, seats(["You"], players, BOTS + ("Fi", "Gus", "Hal", "Ivy")), seed=5)
    table, driver = open_table(match)
    resize(table_app, driver, size)
    until_human(table, driver)
    rect = table.layout.move_log
    assert rect is not None and inside(rect, size)
    for zone in table.layout.zones:
        assert not overlaps(rect, zone.bounds()), f"the log covers {zone.id}"


def test_the_move_log_keeps_only_the_last_moves_and_forgets_what_undo_took_back():
    log = MoveLog()
    for move in range(1, 10):
        log.add(f"move {move}", move)
    assert log.lines() == [f"move {m}" for m in range(10 - LOG_LENGTH, 10)]
    log.undone(7)
    assert log.lines() == [f"move {m}" for m in range(10 - LOG_LENGTH, 8)]


def test_the_trick_games_keep_no_move_log(table_app, open_table):
    match = kachuful_at(after_a_trick)
    table, _ = open_table(match, bot_delay=30.0)
    assert table.layout.move_log is None
