"""The solver on the table: the hint follows a winning line, and the setting that says when a solitaire can no
longer be won (off by default).  Bots decide inline here, so the solver answers within the frame that asks it and
the table collects the answer in the next one."""

from __future__ import annotations

import threading

import pygame
import pytest

from cardtable.games import get_game
from cardtable.games.klondike.solver import solve
from cardtable.session.match import Seat
from cardtable.ui.table.analysis import LINE_TEXT, LOST_TEXT, TableAnalysis
from cardtable.ui.table.hints import LOOKING_SUFFIX
from tests.rule_trace import traces
from tests.ui.table_helpers import new_match

YOU = [Seat("human", "You")]
LOST_SEED = 15  # draw 1, unlimited passes: proved unwinnable at once (see the solver's tests)
WON_SEED = 2


@traces("klondike:table.hint.solver")
def test_the_hint_is_the_first_step_of_a_winning_line(open_table):
    table, driver = open_table(new_match("klondike", YOU, seed=WON_SEED))
    line = solve(table.state).line
    driver.key(pygame.K_h)
    assert table.message.startswith("Hint: ") and "winning line" in table.message
    assert table.shown_hint.action == line[0] and table.hint_marks, "its gesture is lit"
    assert table.analysis.job is None


@pytest.fixture
def solver_calls(monkeypatch):
    """The table's solver, counted, and held back until `gate` is set when the test closes it."""
    calls: list[int] = []
    gate = threading.Event()
    gate.set()
    real = get_game("klondike").solver

    def counted(state, seconds):
        calls.append(len(calls))
        gate.wait(60)
        return real(state, seconds)

    monkeypatch.setattr(TableAnalysis, "solver", property(lambda self: counted))
    return calls, gate


def test_the_hint_comes_at_once_and_says_it_is_looking_until_the_solver_answers(open_table, monkeypatch,
                                                                                 solver_calls):
    monkeypatch.setenv("CARDTABLE_BOT_MODE", "thread")
    _, gate = solver_calls
    table, driver = open_table(new_match("klondike", YOU, seed=WON_SEED))
    gate.clear()  # the solver takes its time
    driver.key(pygame.K_h)
    fast = table.shown_hint
    assert fast is not None and table.hint_marks, "a hint is shown and lit in the frame H was pressed"
    assert table.message.startswith("Hint: ") and table.message.endswith(LOOKING_SUFFIX)
    said = table.message
    driver.frames(600)  # ten seconds of frames: the solver still looks
    assert table.messages.showing and table.message == said and table.hint_marks, "the state stays in sight"
    gate.set()
    table.analysis.job.result(timeout=60)  # the solver's own answer, not a clock
    driver.frames(1)
    assert table.message.startswith("Hint: ") and LINE_TEXT in table.message and LOOKING_SUFFIX not in table.message
    assert table.shown_hint.action == solve(table.state).line[0] and table.hint_marks


@traces("klondike:table.hint.solver")
def test_following_the_line_the_next_hint_needs_no_solver(open_table, solver_calls):
    calls, _ = solver_calls
    table, driver = open_table(new_match("klondike", YOU, seed=WON_SEED))
    driver.key(pygame.K_h)
    line = solve(table.state).line
    assert table.shown_hint.action == line[0] and len(calls) == 1
    driver.perform(table, line[0])
    driver.settle(table)
    assert len(table.match.log) == 1
    driver.key(pygame.K_h)
    assert table.shown_hint.action == line[1] and LINE_TEXT in table.message, "the line's next step"
    assert len(calls) == 1 and table.analysis.job is None, "at once: the solver was not asked again"


def test_a_lost_deal_is_said_only_with_the_setting(table_app, open_table):
    table, driver = open_table(new_match("klondike", YOU, seed=LOST_SEED))
    driver.frames(2)
    assert LOST_TEXT not in (table.message or ""), "off by default: it would spoil the game"
    driver.key(pygame.K_h)
    assert table.message.startswith("Hint: ") or "No useful move" in table.message  # the usual hint

    table_app.settings.say_when_lost = True
    table, driver = open_table(new_match("klondike", YOU, seed=LOST_SEED))
    driver.frames(2)
    assert table.message == LOST_TEXT
    said = table.analysis.lost_at
    table.messages.clear_error()
    table.play(table.state.legal_actions()[0])
    driver.frames(2)
    assert table.analysis.lost_at == said and LOST_TEXT != table.message, "said once, not after every move"


def test_a_winnable_position_is_not_said_lost(table_app, open_table):
    table_app.settings.say_when_lost = True
    table, driver = open_table(new_match("klondike", YOU, seed=WON_SEED))
    driver.frames(2)
    assert table.analysis.lost_at is None and LOST_TEXT != table.message


def test_an_answer_about_a_position_left_behind_is_dropped(table_app, open_table, monkeypatch):
    table_app.settings.say_when_lost = True
    monkeypatch.setenv("CARDTABLE_BOT_MODE", "thread")
    table, driver = open_table(new_match("klondike", YOU, seed=LOST_SEED))
    if table.analysis.job is not None:
        table.analysis.job.result(timeout=60)
    table.analysis.asked_at = -5  # as if the position had changed since it asked
    table.messages.clear_error()
    driver.frames(2)
    assert table.analysis.job is None and LOST_TEXT != table.message


def test_games_without_a_solver_hint_at_once(open_table):
    from tests.ui.table_helpers import seats

    table, driver = open_table(new_match("crazy", seats(["You"], 2, ["Ada"])))
    if table.human_turn:
        driver.key(pygame.K_h)
        assert table.message.startswith("Hint: ") and table.analysis.job is None
    assert table.analysis.solver is None
