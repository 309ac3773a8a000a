"""The table's pace hooks, proven on the test game (tests/fixture_game/paced.py) through the real table, headless:
brisk decisions, moves the table makes for a person (`answer_for`) or that they choose ahead (`early_actions`),
key moments, the pause between deals, and the words of moves whose flights overlap."""

from __future__ import annotations

import pygame
import pytest

from cardtable.session.match import Match, Seat
from cardtable.ui.table.messages import LASTING_SECONDS
from cardtable.ui.table.summary import BUTTON as CONTINUE
from tests.fixture_game.paced import paced
from tests.fixture_game.rules import Call, Capture, Mark, Pair
from tests.ui.table_helpers import SIZES, click_button, fast, inside, resize, run_until

SEATS = [Seat("human", "You"), Seat("bot:normal", "Bot")]
SEED = 3


def pair_of(match: Match) -> Pair:
    return next(a for a in match.state.legal_actions() if isinstance(a, Pair))


def called(game, seats=SEATS) -> Match:
    """A match of `game` at seed `SEED` where the person has called 1 and laid a pair: the bot is to move."""
    match = Match(game, seats, {}, seed=SEED)
    match.apply(Call(1))
    match.apply(pair_of(match))
    return match


# --------------------------------------------------------------------------- brisk, answer_for, early_actions


def test_a_brisk_bot_decision_gets_no_beat(table_app, open_table):
    plain = called(paced())
    table, driver = open_table(plain, bot_delay=30.0)
    driver.frames(30)
    assert len(plain.log) == 2, "a decision at the usual pace: the bot waits its beat"
    brisk = called(paced(brisk=True))
    table, driver = open_table(brisk, bot_delay=30.0)
    run_until(driver, lambda: len(brisk.log) > 2, 30)
    assert brisk.log[2].seat == 1 and table.clock < 1.0, "at the deal's pace the bot's beat is not waited for"


def bea_lays_a_pair(view, legal, present):
    """The test's answer: a pair laid for the second person, when she has one, without asking her."""
    return next((a for a in legal if isinstance(a, Pair)), None) if view["seat"] == 1 else None


@pytest.mark.parametrize("answer", [None, bea_lays_a_pair], ids=["asked", "answered"])
def test_a_decision_the_table_answers_is_made_without_asking_and_without_a_curtain(table_app, open_table, answer):
    match = Match(paced(answer=answer), [Seat("human", "Ada"), Seat("human", "Bea")], {}, seed=SEED)
    table, driver = open_table(match)
    driver.perform(table, Call(1))
    assert table.curtain_for is None and table.viewer == 0, "Ada is at the screen"
    curtains: set[int] = set()

    def bea_done() -> bool:
        if table.curtain_for is not None:
            curtains.add(table.curtain_for)
        return len(match.log) >= 3 or bool(curtains)

    driver.perform(table, pair_of(match))
    run_until(driver, bea_done, 60)
    if answer is None:
        assert curtains == {1} and len(match.log) == 2, "Bea's decision calls her to the screen"
        return
    assert (match.log[2].seat, type(match.log[2].action)) == (1, Pair), "the table laid Bea's pair for her"
    driver.frames(10)
    assert not curtains and table.curtain_for is None and table.viewer == 0 and table.human_turn, \
        "no curtain for a move the table makes: Ada stays at the screen and plays on"


def test_a_decision_the_table_answers_for_the_one_person_present(table_app, open_table):
    asked: list[bool] = []

    def call_four(view, legal, present):
        asked.append(present)
        return Call(4) if Call(4) in legal else None

    match = Match(paced(answer=call_four), SEATS, {}, seed=SEED)
    table, driver = open_table(match, bot_delay=30.0)
    assert match.log[0].action == Call(4) and table.choice_panel is None, "nobody was asked to call"
    assert asked[0] is True, "the person alone at the screen is present"


def early_button(table, action) -> str:
    return next(n for n, a in table.panels.early.items() if a == action)


def test_an_early_action_is_a_button_off_turn_and_made_when_the_turn_comes(table_app, open_table):
    match = called(paced(early=True))
    table, driver = open_table(match, bot_delay=30.0)
    mine, theirs = match.state.hands
    card = next(c for c in mine if match.state.board[c.rank - 1] is None and all(b.rank != c.rank for b in theirs))
    early = Mark(card, card.rank)
    name = early_button(table, early)
    assert name.startswith("early:") and not table.human_turn
    click_button(driver, table, name)
    assert name not in table.buttons and "as soon as it is your turn" in table.messages.text
    assert len(match.log) == 2, "chosen ahead: nothing is made while the bot is to move"
    table_app.settings.bot_delay = 0.0  # the bot moves (whatever it plays, the bot holds no card for that cell)
    run_until(driver, lambda: len(match.log) >= 4, 120)
    assert match.log[2].seat == 1 and (match.log[3].seat, match.log[3].action) == (0, early)


@pytest.mark.parametrize("size", SIZES)
def test_early_buttons_wrap_below_rather_than_cover_the_toolbar(table_app, open_table, size):
    match = called(paced(early=True))
    table, driver = open_table(match, bot_delay=30.0)
    resize(table_app, driver, size)
    early = [b.rect for n, b in table.buttons.items() if n.startswith("early:")]
    tools = [b.rect for n, b in table.buttons.items() if ":" not in n]
    assert len(early) == 6 and tools
    assert not [(e, t) for e in early for t in tools + [r for r in early if r is not e] if e.colliderect(t)]
    assert all(inside(tuple(e), size) for e in early)
    read = sorted((b.rect.top, b.rect.left, b.text) for n, b in table.buttons.items() if n.startswith("early:"))
    offered = table.game_layout.early_actions(table.view())
    assert [t for _, _, t in read] == [table.narrator.action(a) for a in offered], \
        "read row by row, the buttons keep the game's order"


def test_an_early_action_no_longer_legal_is_refused_with_the_engines_reason(table_app, open_table):
    match = called(paced(early=True))
    table, driver = open_table(match, bot_delay=30.0)
    mine, theirs = match.state.hands
    card, taken = next((c, b) for c in mine for b in theirs
                       if b.rank == c.rank and match.state.board[c.rank - 1] is None)
    early = Mark(card, card.rank)
    click_button(driver, table, early_button(table, early))
    assert table.play(Mark(taken, taken.rank)), "the bot's move, made as the turn driver makes it: the cell is taken"
    driver.frames(2)
    assert len(match.log) == 3 and table.human_turn, "nothing was made: the person is asked"
    assert table.messages.error and table.narrator.refusal(match.state.refusal(early)) in table.messages.text
    assert table.narrator.action(early) in table.messages.text


# --------------------------------------------------------------------------- key moments


def test_a_key_moment_is_never_dropped_stays_its_time_and_leaves_the_seats_note(table_app, open_table):
    plain = Match(paced(), SEATS, {}, seed=SEED)
    table, driver = open_table(plain, bot_delay=30.0)
    driver.perform(table, Call(4))
    assert table.last_moves.get(0, "").startswith("call 4"), "a plain call is noted under its seat"

    match = Match(paced(key_call=True), SEATS, {}, seed=SEED)
    table, driver = open_table(match, bot_delay=0.0)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    answer = table.messages.text
    assert answer, "the answer to the person shows first"
    driver.perform(table, Call(4))
    key = next(t for t in table.messages.all() if "call 4" in t)
    assert "call" not in table.last_moves.get(0, ""), "a key moment leaves the seat's note as it was"
    assert table.messages.text == answer, "the key moment waits behind the answer"
    driver.perform(table, pair_of(match))  # the person's news comes after it
    run_until(driver, lambda: len(match.log) >= 3 and table.human_turn, 120)  # and the bot's
    assert key in table.messages.all(), "later news does not drop a key moment"
    assert table.last_moves[0].startswith("lay"), "the seat's note tells its pair, not the key moment"
    shown: list[float] = []
    start = table.clock
    while table.clock - start < 12 and (not shown or table.messages.text == key):
        if table.messages.text == key:
            shown.append(table.clock)
        driver.frames(1)
    assert shown, "the key moment was shown"
    assert shown[-1] - shown[0] >= LASTING_SECONDS - 0.05, "it stays its whole time, whatever waits behind it"


# --------------------------------------------------------------------------- the pause between deals


def person_to_mark(game) -> Match:
    """The bot has laid a pair (no mark): the person is to move, and may mark a cell."""
    match = called(game)
    match.apply(pair_of(match))
    return match


@pytest.mark.parametrize("table_speed", ["instant", "fast"])
@pytest.mark.parametrize("go_on", ["button", "enter"])
def test_a_deals_end_pauses_a_table_with_a_person_until_continue(table_app, open_table, go_on):
    match = person_to_mark(paced(pause_after_mark=True))
    table, driver = open_table(match, bot_delay=0.0)
    mark = next(a for a in match.state.legal_actions() if isinstance(a, Mark))
    driver.perform(table, mark)
    run_until(driver, lambda: table.summaries.open, 60)
    assert not table.choreography.busy, "it opens once the table shows the deal's end"
    assert CONTINUE in table.buttons
    assert "A cell is marked" in table.summaries.texts()
    driver.frames(60)
    assert len(match.log) == 4, "the bot waits while the summary is open"
    if go_on == "button":
        click_button(driver, table, CONTINUE)
    else:
        driver.key(pygame.K_RETURN)
    assert not table.summaries.open and CONTINUE not in table.buttons
    run_until(driver, lambda: len(match.log) > 4, 60)
    assert match.log[4].seat == 1


def test_a_table_of_bots_alone_gets_no_pause_between_deals(table_app, open_table):
    match = Match(paced(pause_after_mark=True), [Seat("bot:normal", "A"), Seat("bot:normal", "B")], {}, seed=SEED)
    table, driver = open_table(match)

    def over() -> bool:
        assert not table.summaries.open and table.summaries.due is None
        return match.state.is_over()

    run_until(driver, over, 600)
    assert any(isinstance(e.action, Mark) for e in match.log), "deals ended: cells were marked"


# --------------------------------------------------------------------------- words when the cards land


@fast
def test_overlapping_moves_say_their_words_as_their_own_cards_land(table_app, open_table):
    match = person_to_mark(paced(brisk=True))
    table, driver = open_table(match, bot_delay=30.0)
    pair, before = pair_of(match), table.layout
    driver.perform(table, pair)
    mine = {pair.first, pair.second}
    assert mine & table.animator.flying(), "the person's pair flies to their pile"
    run_until(driver, lambda: len(match.log) == 5, 30)  # brisk: the bot plays as soon as every card has left
    assert mine & table.animator.flying(), "the bot moved while the person's cards still flew"
    assert table.animator.flying() - mine, "and the bot's cards fly too"
    ours = f"You lay a pair of {pair.first.rank}s."
    old = {t for _, t in table.move_log.entries}
    assert ours not in old
    heard: dict[str, int] = {}
    frame = 0
    while table.animator.busy:
        assert frame < 300, "the cards never landed"
        driver.frames(1)
        frame += 1
        log = [t for _, t in table.move_log.entries]
        flying = table.animator.flying()
        for text in log:
            if text not in old:
                heard.setdefault(text, frame)
        assert (ours in log) == (not mine & flying), "the person's words come exactly as their own cards land"
        if table.animator.busy:
            assert table.shown_layout is not table.layout and table.shown_layout is before, \
                "while cards fly the panels show the position before them"
    assert ours in heard and len(heard) == 2, heard
    bots = next(t for t in heard if t != ours)
    assert heard[ours] < heard[bots] == frame, "the person's words before the bot's, which come as its cards land"
    assert table.shown_layout is table.layout, "once the last card lands the panels show the newest position"


# --------------------------------------------------------------------------- the moment on screen


@pytest.mark.parametrize("table_speed", ["fast"])
def test_an_open_score_sheet_shows_the_moment_on_screen_not_the_newest_state(table_app, open_table):
    """A capture holds two pictures (the card beside its target, then the pair on the pile): the open score sheet
    keeps the score before the capture while the first shows, and takes the new one with the second."""
    match = Match(paced(sheet=True), SEATS, {}, seed=SEED)
    match.apply(Call(1))
    capture = next((a for a in match.state.legal_actions() if isinstance(a, Capture)), None)
    assert capture is not None, "the seed deals the person a capture"
    table, driver = open_table(match, bot_delay=30.0)
    table.open_score_sheet()
    before = table.panels.sheet_shown
    table.play(capture)
    assert len(table.stages) == 2
    driver.frames(1)
    assert table.panels.sheet_shown == before, "the first picture: the card is not captured yet"
    run_until(driver, lambda: len(table.stages) < 2 and not table.animator.busy, 400)
    driver.frames(1)
    after = table.panels.sheet_shown
    assert after != before and after.rows[0][1] == f"{match.state.scores()[0]:g}", "the pair on the pile: scored"
