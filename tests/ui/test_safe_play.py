"""The table plays the person's safe moves (`cardtable.ui.table.safe_play`): a right-click anywhere or the A key
plays every one, each animated after the one before; nothing safe: the table says so; with the setting on, the
safe moves follow each of the person's moves (and the deal) by themselves, and never fight an undo.  A game
without safe moves ignores all this.  And a double click on a card that can go home sends it there, once.
"""

from __future__ import annotations

import pygame
import pytest

from cardtable.core.engine import Action
from cardtable.games import get_game
from cardtable.games.klondike.rules import FOUNDATIONS, AutoFinish, KlondikeState, Move, Resign
from cardtable.games.klondike.safe import safe_moves
from cardtable.session.match import Match, Seat
from cardtable.ui.table import TableScene
from cardtable.ui.table.safe_play import NOTHING_SAFE
from tests.rule_trace import traces
from tests.ui.klondike_helpers import c, klondike, point_on
from tests.ui.table_helpers import fast, find_moves, new_match, right_click, run_until, seats, until_human

# Four cards go home one after another: A♥ (t0, turning the 5♣ under it), A♦ (t2), then 2♠ (the waste: both red
# Aces are home) and 2♥ (t1: both black Aces are home).  3♠ then stays: the 2♦ is still out and could need it.
SAFE = {
    "stock": ["4H", "5H"],
    "waste": ["9C", "2S"],
    "foundations": [["AS"], ["AC"], [], []],
    "tableau": [(["5C"], ["AH"]), ([], ["3S", "2H"]), ([], ["AD"]), ([], ["KD"]), ([], []), ([], []), ([], [])],
}
SAFE_LINE = [Move("t0", "f2"), Move("t2", "f3"), Move("waste", "f0"), Move("t1", "f2")]

# Nothing is safe: the red Aces are face down, so the 2♠ waits for them, and the 2♥ has no Ace to go on.
NOTHING = dict(SAFE, foundations=[["AS"], [], [], []],
               tableau=[(["AH"], ["5C"]), ([], ["3S", "2H"]), (["AD"], ["KS"]), ([], ["KD"]), ([], []), ([], []),
                        ([], [])])

# The person moves J♣ onto Q♦ and turns up the A♥, which goes home by itself, and the 2♥ after it.
AUTO = dict(SAFE, tableau=[(["AH"], ["JC"]), ([], ["QD"]), ([], ["2H"]), ([], ["KD"]), ([], []), ([], []), ([], [])])


def felt(table: TableScene) -> tuple[int, int]:
    """A point of the table with no card or place on it."""
    w, h = table.app.size
    return next((x, y) for y in range(h // 2, h - 60, 10) for x in range(40, w - 40, 20) if table.hit((x, y)) is None)


def moves(table: TableScene) -> list[Action]:
    return [entry.action for entry in table.match.log]


# --------------------------------------------------------------------------- asked for


@fast
@pytest.mark.parametrize("where", ["felt", "card"])
@traces("klondike:table.safe")
def test_a_right_click_anywhere_plays_every_safe_card_home_one_after_another(open_table, tmp_path, where):
    table, driver = open_table(klondike(tmp_path, position=SAFE))
    right_click(driver, felt(table) if where == "felt" else point_on(table, c("KD")))
    assert moves(table) == SAFE_LINE[:1] and table.choreography.busy, "the first flies; the next waits for it"
    counts = []  # the moves played, frame by frame
    for _ in range(2000):
        if table.settled:
            break
        driver.frames(1)
        counts.append(len(table.match.log))
    assert moves(table) == SAFE_LINE
    assert all(b - a <= 1 for a, b in zip(counts, counts[1:], strict=False))
    for n in range(2, len(SAFE_LINE) + 1):
        assert counts.count(n) > 2, "each move is animated before the next one is played"
    assert table.drag is None and table.message != NOTHING_SAFE


@traces("klondike:table.safe")
def test_the_a_key_plays_every_safe_card_home(open_table, tmp_path):
    table, driver = open_table(klondike(tmp_path, position=SAFE))
    driver.key(pygame.K_a)
    driver.settle(table)
    assert moves(table) == SAFE_LINE
    state = table.state
    assert [len(f) for f in state.foundations] == [2, 1, 2, 1] and state.tableau[1] == [c("3S")]


@pytest.mark.parametrize("ask", ["right-click", "key"])
def test_with_nothing_safe_the_table_says_so(open_table, tmp_path, ask):
    table, driver = open_table(klondike(tmp_path, position=NOTHING))
    assert not safe_moves(table.state)
    if ask == "key":
        driver.key(pygame.K_a)
    else:
        right_click(driver, felt(table))
    driver.settle(table)
    assert not table.match.log and table.message == NOTHING_SAFE


# --------------------------------------------------------------------------- by itself


@traces("klondike:table.safe.setting")
def test_with_the_setting_on_the_safe_cards_follow_the_persons_move(table_app, open_table, tmp_path):
    table_app.settings.auto_play_safe = True
    table, driver = open_table(klondike(tmp_path, position=AUTO))
    assert not table.match.log, "nothing is safe before the move"
    driver.perform(table, Move("t0", "t1"))
    driver.settle(table)
    assert moves(table) == [Move("t0", "t1"), Move("t0", "f2"), Move("t2", "f2")]


@traces("klondike:table.safe.setting")
def test_with_the_setting_off_nothing_follows(open_table, tmp_path):
    table, driver = open_table(klondike(tmp_path, position=AUTO))
    driver.perform(table, Move("t0", "t1"))
    driver.settle(table)
    driver.frames(30)
    assert moves(table) == [Move("t0", "t1")]


@pytest.mark.parametrize("auto", [True, False])
def test_with_the_setting_on_the_deal_plays_its_safe_cards(table_app, open_table, auto):
    seed, _ = find_moves(get_game("klondike").rules, 1, lambda s: bool(safe_moves(s)), most=0)
    table_app.settings.auto_play_safe = auto
    table, driver = open_table(new_match("klondike", [Seat("human", "You")], seed=seed))
    if auto:
        assert table.match.log and all(m.dst in FOUNDATIONS for m in moves(table))
        assert not safe_moves(table.state)
    else:
        assert not table.match.log


def test_auto_play_never_sends_back_the_card_the_person_took_home_off(table_app, open_table, tmp_path):
    position = dict(SAFE, stock=[], waste=[], tableau=[([], ["5S"]), *[([], [])] * 6],
                    foundations=[["AS", "2S", "3S"], ["AH", "2H", "3H", "4H"], ["AD", "2D"], ["AC", "2C", "3C"]])
    table_app.settings.auto_play_safe = True
    table, driver = open_table(klondike(tmp_path, position=position))
    assert safe_moves(table.state) == [], "nothing is out"
    driver.perform(table, Move("f1", "t0"))
    driver.settle(table)
    driver.frames(30)
    assert moves(table) == [Move("f1", "t0")], "the 4♥ is safe, but the person has just taken it down"
    driver.key(pygame.K_a)
    driver.settle(table)
    assert moves(table)[-1] == Move("t0", "f1"), "asked for, it goes home"


def _auto_after(state: KlondikeState) -> Action | None:
    """A move of the person, from a position with nothing safe, after which something is safe."""
    if state.is_over() or safe_moves(state):
        return None
    for action in state.legal_actions():
        if isinstance(action, (Resign, AutoFinish)):
            continue
        after = state.clone()
        after.apply(action)
        if safe_moves(after):
            return action
    return None


def auto_play_match() -> tuple[Match, list[Action], Action]:
    """A seeded game (so that undo can replay it), the moves that reach a position where nothing is safe, and a
    move of the person after which something is."""
    rules = get_game("klondike").rules
    seed, line = find_moves(rules, 1, lambda s: _auto_after(s) is not None, seeds=range(1, 3000), most=60)
    match = new_match("klondike", [Seat("human", "You")], seed=seed, moves=line)
    move = _auto_after(match.state)
    assert move is not None
    return match, line, move


def test_undo_after_auto_play_does_not_play_again(table_app, open_table):
    match, line, move = auto_play_match()
    table_app.settings.auto_play_safe = True
    table, driver = open_table(match)
    driver.perform(table, move)
    driver.settle(table)
    played = moves(table)
    assert len(played) > len(line) + 1 and played[len(line)] == move, "the safe moves followed the person's"
    for back in range(1, len(played) - len(line) + 1):
        driver.key(pygame.K_z, pygame.KMOD_CTRL)
        driver.settle(table)
        driver.frames(30)
        assert moves(table) == played[:len(played) - back], "each undo takes back one move, and it stays back"
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    driver.settle(table)
    driver.frames(30)
    assert moves(table) == played[:len(line) + 1], "a redo is not followed by auto-play either"


@fast
def test_an_undo_while_auto_play_runs_calls_it_off(table_app, open_table):
    match, line, move = auto_play_match()
    table_app.settings.auto_play_safe = True
    table, driver = open_table(match)
    driver.perform(table, move)
    run_until(driver, lambda: len(match.log) == len(line) + 2)  # the first safe move is on its way
    assert table.safe_play.pending
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.settle(table)
    driver.frames(30)
    assert moves(table) == [*line, move], "the safe move taken back is not played again"


# --------------------------------------------------------------------------- other games, double click


def test_a_game_without_safe_moves_ignores_the_right_click_and_the_key(open_table):
    match = new_match("crazy", seats(["You"], 3, ["Ann", "Bob"]), seed=5)
    assert match.game.safe_moves is None
    table, driver = open_table(match)
    until_human(table, driver)
    before, message = len(match.log), table.message
    right_click(driver, felt(table))
    driver.key(pygame.K_a)
    driver.settle(table)
    assert len(match.log) == before and table.message == message and table.drag is None


def test_a_double_click_on_a_card_that_can_go_home_sends_it_there_once(open_table, tmp_path):
    # 2♦ goes home on the first click; the 3♣ under it could go home too, but the second click is the same request.
    position = dict(SAFE, foundations=[["AD"], ["AC", "2C"], [], []], waste=[],
                    tableau=[([], []), ([], []), ([], []), ([], []), ([], []), ([], []), ([], ["3C", "2D"])])
    table, driver = open_table(klondike(tmp_path, position=position))
    pos = point_on(table, c("2D"))
    driver.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    driver.frames(2)
    driver.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    driver.frames(2)
    assert moves(table) == [Move("t6", "f0")]
    assert table.hit(pos) == ("t6", 0), "the second click lands on the 3♣"
    driver.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    driver.frames(2)
    driver.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    driver.frames(2)
    run_until(driver, lambda: table.settled)
    assert moves(table) == [Move("t6", "f0")]
