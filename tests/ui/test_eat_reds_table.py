"""The Eat Reds table, driven headless through real posted mouse events.

A hand card is dropped on the layout card it captures (or clicked, then the lit card clicked); a card that cannot
capture is dropped on the layout area; a turned stock card with several targets waits for a click on one of the
lit layout cards.  Positions are reached by applying moves to the match before the table opens, found by seeded
random playouts of the engine; the match state is what every test checks.  Nothing waits on the wall clock: the
bots decide inline and the tests count frames.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pygame
import pytest

from cardtable.core.cards import Card
from cardtable.core.layout import Rect, TableContext, TableLayout
from cardtable.games.eat_reds.layout import LAYOUT
from cardtable.games.eat_reds.rules import (
    PLAY,
    RED_TOTAL,
    RULES,
    STOCK,
    Capture,
    Discard,
    EatRedsState,
    TakeWithStock,
)
from cardtable.session.match import Match
from cardtable.ui import theme
from cardtable.ui.driver import UIDriver
from cardtable.ui.table import TableScene
from cardtable.ui.table.summary import BUTTON as SUMMARY_BUTTON
from cardtable.ui.table.view import table_context
from tests.rule_trace import traces
from tests.ui.table_helpers import (
    SIZES,
    assert_curtain,
    card_point,
    centre,
    click_card,
    drop_at,
    face_up,
    fast,
    find_moves,
    lift,
    new_match,
    overlaps,
    run_until,
    seats,
    shows_sheet,
)

NAMES = ("You", "Ann", "Bob", "Cy")


# --------------------------------------------------------------------------- set-up


def eat(players: int = 2, seed: int = 1, humans: Sequence[str] = ("You",), options: dict | None = None,
        moves: Sequence = ()) -> Match:
    return new_match("eat_reds", seats(humans, players, NAMES[len(humans):]), options, seed, moves)


def to_play(state: EatRedsState) -> bool:
    return state.phase == PLAY and state.turn == 0


def captures_of(state: EatRedsState, card: Card) -> list[Capture]:
    return [a for a in state.legal_actions() if isinstance(a, Capture) and a.card == card]


def with_choice(state: EatRedsState) -> Card | None:
    """A card of seat 0 that can capture either of two layout cards."""
    return next((c for c in state.hands[0] if len(captures_of(state, c)) >= 2), None)


def spot_rect(table: TableScene, zone_id: str, card: Card) -> Rect:
    return next(s.rect for s in table.layout.zone(zone_id).spots if s.card == card)


def drop_on(table: TableScene, driver: UIDriver, card: Card, target: Card) -> None:
    """Drag `card` from the hand onto the layout card `target`."""
    drop_at(table, driver, card, centre(spot_rect(table, "layout", target)))


def empty_layout_point(table: TableScene) -> tuple[int, int]:
    """The centre of a card-sized place in the layout area that no layout card touches."""
    zone = table.layout.zone("layout")
    x, y, w, h = zone.drop
    cw, ch = zone.slot[2], zone.slot[3]
    for py in range(y + ch // 2, y + h - ch // 2, 6):
        for px in range(x + cw // 2, x + w - cw // 2, 6):
            area = (px - cw // 2, py - ch // 2, cw, ch)
            if not any(overlaps(area, s.rect) for s in zone.spots):
                return px, py
    raise AssertionError("the layout area has no empty place")


def press_and_hold(table: TableScene, driver: UIDriver, card: Card) -> None:
    """Pick `card` up and hold it a little above the hand (a drag not yet dropped)."""
    import pygame

    start = card_point(table, card)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    driver.frames(1)
    for k in range(1, 4):
        driver.post(pygame.MOUSEMOTION, pos=(start[0], start[1] - 12 * k), rel=(0, 0), buttons=(1, 0, 0))
        driver.frames(1)


def let_go(table: TableScene, driver: UIDriver) -> None:
    table.input.cancel()
    driver.settle(table)


# --------------------------------------------------------------------------- capturing with the played card


@traces("eat_reds:table.drag")
def test_a_card_dropped_on_a_chosen_layout_card_captures_that_card(table_app, open_table):
    seed, moves = find_moves(RULES, 2, lambda s: to_play(s) and with_choice(s) is not None)
    match = eat(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    card = with_choice(state)
    first, second = captures_of(state, card)[:2]
    before = len(match.log)
    drop_on(table, driver, card, second.target)
    driver.settle(table)
    assert len(match.log) == before + 1 and match.log[-1].action == Capture(card, second.target)
    assert second.target in state.won[0] and card in state.won[0]
    assert first.target not in state.won[0] and card not in state.hands[0]
    assert {card, second.target} <= {s.card for s in table.layout.zone("won0").spots}


@traces("eat_reds:table.drag")
def test_picking_a_card_up_lights_the_cards_it_can_capture(table_app, open_table):
    seed, moves = find_moves(RULES, 2, lambda s: to_play(s) and with_choice(s) is not None
                             and any(not captures_of(s, c) for c in s.hands[0]))
    match = eat(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    card = with_choice(state)
    press_and_hold(table, driver, card)
    lit = set(table.input.target_rects())
    assert lit == {spot_rect(table, "layout", a.target) for a in captures_of(state, card)}
    let_go(table, driver)
    # A card that cannot capture lights the layout area, where it goes.
    other = next(c for c in state.hands[0] if not captures_of(state, c))
    press_and_hold(table, driver, other)
    assert table.input.target_rects() == [table.layout.zone("layout").drop]
    let_go(table, driver)
    assert len(match.log) == len(moves), "holding a card and letting it go plays nothing"


@traces("eat_reds:table.click")
def test_a_click_on_a_card_lights_its_targets_and_a_click_on_one_captures_it(table_app, open_table):
    seed, moves = find_moves(RULES, 2, lambda s: to_play(s) and with_choice(s) is not None)
    match = eat(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    card = with_choice(state)
    click_card(table, driver, card)
    assert len(table.input.selected) == 1, "the click selects the card"
    targets = captures_of(state, card)
    assert set(table.input.target_rects()) == {spot_rect(table, "layout", a.target) for a in targets}
    chosen = targets[-1].target
    before = len(match.log)
    driver.click(centre(spot_rect(table, "layout", chosen)))
    assert len(match.log) == before + 1 and match.log[-1].action == Capture(card, chosen)
    assert table.input.selected == []


@traces("eat_reds:table.drag")
def test_a_card_that_cannot_capture_is_dropped_on_the_layout_area(table_app, open_table):
    seed, moves = find_moves(RULES, 2, lambda s: to_play(s) and any(not captures_of(s, c) for c in s.hands[0]))
    match = eat(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    card = next(c for c in state.hands[0] if not captures_of(state, c))
    before = len(match.log)
    drop_at(table, driver, card, empty_layout_point(table))
    driver.settle(table)
    assert len(match.log) == before + 1 and match.log[-1].action == Discard(card)
    assert card not in state.hands[0]
    assert card in state.layout or any(card in w for w in state.won), "it joined the layout (a turned card may take it)"


@traces("eat_reds:table.click")
def test_a_click_on_the_lit_layout_area_plays_the_selected_card_there(table_app, open_table):
    """A card that cannot capture, selected with a click, lights the whole layout area; a click on an empty place
    of it plays the card to the layout, as a drop there does."""
    seed, moves = find_moves(RULES, 2, lambda s: to_play(s) and any(not captures_of(s, c) for c in s.hands[0]))
    match = eat(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    card = next(c for c in state.hands[0] if not captures_of(state, c))
    click_card(table, driver, card)
    assert table.input.target_rects() == [table.layout.zone("layout").drop], "the layout area is lit"
    before = len(match.log)
    driver.click(empty_layout_point(table))
    driver.settle(table)
    assert len(match.log) == before + 1 and match.log[-1].action == Discard(card)
    assert card not in state.hands[0] and table.input.selected == []


@traces("eat_reds:table.refused")
def test_a_refused_click_says_why_and_lets_the_selected_card_go(table_app, open_table):
    """A card that can capture, selected, then a click on a layout card it cannot take: the engine's reason shows
    and the card is no longer selected (nothing stays lit for a move that was refused)."""
    def wanted(s: EatRedsState) -> bool:
        return to_play(s) and any(captures_of(s, c) and len(captures_of(s, c)) < len(s.layout) for c in s.hands[0])
    seed, moves = find_moves(RULES, 2, wanted)
    match = eat(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    card = next(c for c in state.hands[0] if captures_of(state, c) and len(captures_of(state, c)) < len(state.layout))
    other = next(c for c in state.layout if c not in {a.target for a in captures_of(state, card)})
    click_card(table, driver, card)
    assert len(table.input.selected) == 1
    before = len(match.log)
    driver.click(centre(spot_rect(table, "layout", other)))
    assert len(match.log) == before, "nothing is played"
    assert table.message_error and table.message == table.narrator.refusal(state.refusal(Capture(card, other)))
    assert table.input.selected == [] and table.input.target_rects() == []


@traces("eat_reds:table.refused", "eat_reds:turn.must")
def test_a_card_that_can_capture_is_refused_on_the_layout_area_with_the_engines_reason(table_app, open_table):
    seed, moves = find_moves(RULES, 2, lambda s: to_play(s) and any(captures_of(s, c) for c in s.hands[0]))
    match = eat(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    card = next(c for c in state.hands[0] if captures_of(state, c))
    reason = table.narrator.refusal(state.refusal(Discard(card)))
    assert "must capture" in reason
    before = len(match.log)
    drop_at(table, driver, card, empty_layout_point(table))
    driver.settle(table)
    assert len(match.log) == before, "nothing is played"
    assert table.message == reason and table.message_error
    assert card in state.hands[0]


# --------------------------------------------------------------------------- the turned stock card


@traces("eat_reds:table.turned")
def test_the_turned_cards_target_is_chosen_by_a_click_on_a_lit_layout_card(table_app, open_table):
    seed, moves = find_moves(RULES, 2, lambda s: s.phase == STOCK and s.turn == 0)
    match = eat(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    turned = state.turned
    assert [(s.card, s.face_up) for s in table.layout.zone("turned").spots] == [(turned, True)]
    targets = [a.target for a in state.legal_actions()]
    assert len(targets) >= 2
    layout = table.layout.zone("layout")
    assert {layout.spots[i].card for i in layout.playable} == set(targets), "the targets are lit"
    assert "choose" in table.status_text()
    # A click on the turned card selects it, as a hand card: the same targets light up.
    driver.click(centre(table.layout.zone("turned").spots[0].rect))
    assert set(table.input.target_rects()) == {spot_rect(table, "layout", t) for t in targets}
    before = len(match.log)
    driver.click(centre(spot_rect(table, "layout", targets[-1])))
    assert len(match.log) == before + 1 and match.log[-1].action == TakeWithStock(targets[-1])
    assert {turned, targets[-1]} <= set(state.won[0]) and targets[0] in state.layout
    assert not table.layout.zone("turned").spots


@traces("eat_reds:table.turned")
def test_the_turned_card_may_also_be_dragged_onto_its_target(table_app, open_table):
    seed, moves = find_moves(RULES, 2, lambda s: s.phase == STOCK and s.turn == 0)
    match = eat(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    target = match.state.legal_actions()[0].target
    before = len(match.log)
    driver.perform(table, TakeWithStock(target))
    assert len(match.log) == before + 1 and match.log[-1].action == TakeWithStock(target)


@pytest.mark.parametrize("table_speed", ["fast"])
@traces("eat_reds:table.turned")
def test_the_turned_card_shows_for_a_beat_before_it_captures_or_joins_the_layout(table_app, open_table):
    def turns_simply(state: EatRedsState) -> bool:
        if not to_play(state) or not state.stock:
            return False
        after = state.clone()
        after.apply(state.legal_actions()[0])
        return after.phase == PLAY

    seed, moves = find_moves(RULES, 2, turns_simply)
    match = eat(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    top = match.state.stock[-1]
    table.play(match.state.legal_actions()[0])
    assert table.stages, "the engine's hold: the turned card shows first"
    assert [(s.card, s.face_up) for s in table.layout.zone("turned").spots] == [(top, True)]
    while table.animator.busy:  # the status tells the beat once the card has landed
        driver.frames(1)
    assert table.stages
    assert f"Turned from the stock: {top.label}." in table.status_text()
    driver.settle(table)
    assert not table.stages and not table.layout.zone("turned").spots
    state = match.state
    assert top in state.layout or top in state.won[0]


# --------------------------------------------------------------------------- the starting three of a kind


def trio_for_seat0(state: EatRedsState) -> bool:
    return state.trio is not None and any(c.rank == state.trio for c in state.hands[0])


@pytest.mark.parametrize("which", [0, 1, 2])
@traces("eat_reds:table.trio")
def test_the_fourth_card_captures_all_three_by_a_drop_on_any_of_them(table_app, open_table, which: int):
    seed, moves = find_moves(RULES, 2, lambda s: to_play(s) and trio_for_seat0(s), seeds=range(20000),
                             deal=trio_for_seat0)
    match = eat(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    trio = state.trio
    three = [c for c in state.layout if c.rank == trio]
    card = next(c for c in state.hands[0] if c.rank == trio)
    assert len(three) == 3
    press_and_hold(table, driver, card)
    assert set(table.input.target_rects()) == {spot_rect(table, "layout", c) for c in three}, "all three light up"
    let_go(table, driver)
    before = len(match.log)
    drop_on(table, driver, card, three[which])
    driver.settle(table)
    assert len(match.log) == before + 1 and match.log[-1].action == Capture(card, three[0])
    assert set(three) | {card} <= set(state.won[0])
    assert not any(c.rank == trio for c in state.layout if c in three)


# --------------------------------------------------------------------------- pass and play


@traces("eat_reds:table.pass")
def test_pass_and_play_keeps_every_hand_behind_the_curtain(table_app, open_table):
    match = eat(players=3, seed=5, humans=("Pia", "Quin"))
    table, driver = open_table(match)
    state = match.state
    rng = random.Random(4)
    turns = 0
    while not state.is_over():
        run_until(driver, lambda: state.is_over() or table.curtain_for is not None or
                  (table.human_turn and table.settled))
        if state.is_over():
            break
        if table.curtain_for is not None:
            assert_curtain(table, driver)
            lift(table, driver)
        seat = state.turn
        assert table.viewer == seat
        hands = {c for h in state.hands for c in h}
        assert face_up(table) & hands == set(state.hands[seat]), "only the hand of the person at the screen shows"
        before = len(match.log)
        driver.perform(table, rng.choice(state.legal_actions()))
        assert len(match.log) == before + 1, table.message
        turns += 1
    assert turns >= 16
    run_until(driver, lambda: table.result_panel is not None)


# --------------------------------------------------------------------------- whole games


@pytest.mark.parametrize(("players", "options"), [(2, {"rounds": 2}), (4, {})])
@traces("eat_reds:points.total", "eat_reds:end.layout")
def test_a_whole_game_through_the_table_with_bots_ends_on_the_result_with_the_210_check(
        table_app, open_table, players: int, options: dict):
    """Every move of the person is a gesture (a drop on a layout card, a drop on the layout area, a click on a lit
    target for the turned card); the bots play at random; the result says the reds add up to 210."""
    match = eat(players=players, seed=11, options=options)
    table, driver = open_table(match)
    rng = random.Random(11)
    kinds = set()
    summaries = 0
    while not match.state.is_over():
        run_until(driver, lambda: match.state.is_over() or (table.human_turn and table.settled)
                  or table.summaries.open)
        if table.summaries.open:  # between deals: the summary, then Continue
            summaries += 1
            driver.click_widget(table.buttons[SUMMARY_BUTTON])
            continue
        if match.state.is_over():
            break
        action = rng.choice(match.state.legal_actions())
        before = len(match.log)
        driver.perform(table, action)
        assert len(match.log) == before + 1 and match.log[-1].action == action, table.message
        kinds.add(type(action))
    assert {Capture, Discard} <= kinds
    assert summaries == options.get("rounds", 1) - 1, "a summary after each deal but the last"
    run_until(driver, lambda: table.result_panel is not None)
    state = match.state
    texts = table.panels.result_texts()
    deals = options.get("rounds", 1)
    left = sum(r.left_points for r in state.history)
    all_reds = RED_TOTAL * deals  # 210 a deal
    check = f"The reds: {all_reds - left} captured + {left} left in the layout = {all_reds}."
    assert any(check in text for text in texts), texts
    assert sum(c.count("\u2605") for c in texts) == len(state.result().winners)
    # The score sheet checks each deal's reds against 210.
    sheet = LAYOUT.score_sheet(table.view(), table.context())
    assert sheet.headers == ("Deal", "Dealer", *NAMES[:players], "Left in layout", "Reds")
    assert [row[0] for row in sheet.rows] == [*(str(d + 1) for d in range(deals)), "Total"]
    for row, record in zip(sheet.rows, state.history, strict=False):
        assert row[-1] == f"{sum(record.points)} + {record.left_points} = {RED_TOTAL}"
    assert sheet.rows[-1][2:2 + players] == tuple(str(t) for t in state.totals())


def deal_ends_with_the_persons_card(state: EatRedsState) -> bool:
    """Seat 0 to play the last card in hand of the first of two deals."""
    return to_play(state) and state.deal == 0 and sum(len(h) for h in state.hands) == 1


@fast
@traces("eat_reds:table.summary")
def test_a_summary_between_deals_shows_each_players_reds_and_points_until_continue(table_app, open_table):
    """The person plays the last card of deal 1 of 2: once the deal's end has played out, a panel says each
    player's red cards captured and points, and what the layout kept; the table waits (the bot too) until
    Continue, then deal 2 is played."""
    seed, moves = find_moves(RULES, 2, deal_ends_with_the_persons_card, {"rounds": 2})
    match = eat(seed=seed, moves=moves, options={"rounds": 2})
    table, driver = open_table(match, bot_delay=0.0)
    state = match.state
    driver.perform(table, state.legal_actions()[0])
    run_until(driver, lambda: table.summaries.open)
    assert state.deal == 1 and not table.settled and not table.human_turn
    record = state.history[0]
    texts = table.summaries.texts()
    assert texts[0] == "Deal 1 of 2 is over" and texts[-1] == "Continue"
    replay = RULES.new_game(2, {"rounds": 2}, seed)  # the won piles at the deal's end, from the engine
    for entry in match.log[:-1]:
        replay.apply(entry.action)
    won = [list(w) for w in replay.won]
    for ev in replay.apply(match.log[-1].action):
        if ev.kind == "score":
            break
        if ev.kind == "capture":
            won[ev.seat] += ev.cards
    for seat, name in enumerate(NAMES[:2]):
        line = next(t for t in texts if t.startswith(f"{name}: "))
        reds = sum(1 for c in won[seat] if c.suit in "HD")
        assert line == f"{name}: {reds} red card{'s' if reds != 1 else ''} captured, {record.points[seat]} " \
                       f"point{'s' if record.points[seat] != 1 else ''} \u00b7 total {record.points[seat]}"
    assert texts[-2] == f"Left in the layout: {record.left_points} point{'s' if record.left_points != 1 else ''}"
    played = len(match.log)
    driver.frames(240)  # four seconds: nobody plays while the summary is up
    assert len(match.log) == played and table.summaries.open
    driver.click(centre(table.layout.zone("stock").slot))  # a click on the table does nothing either
    assert table.summaries.open and len(match.log) == played
    driver.click_widget(table.buttons[SUMMARY_BUTTON])
    assert not table.summaries.open and SUMMARY_BUTTON not in table.buttons
    run_until(driver, lambda: len(match.log) > played or table.human_turn)
    driver.settle(table)
    assert table.settled and (len(match.log) > played or table.human_turn), "deal 2 goes on"


@traces("eat_reds:table.summary")
def test_enter_closes_the_summary_between_deals(table_app, open_table):
    seed, moves = find_moves(RULES, 2, deal_ends_with_the_persons_card, {"rounds": 2})
    match = eat(seed=seed, moves=moves, options={"rounds": 2})
    table, driver = open_table(match, bot_delay=0.0)
    driver.perform(table, match.state.legal_actions()[0])
    run_until(driver, lambda: table.summaries.open)
    driver.key(pygame.K_RETURN)
    assert not table.summaries.open


# --------------------------------------------------------------------------- what the table shows


@traces("eat_reds:table.shows")
def test_what_the_table_shows(table_app, open_table):
    """What the table shows: "Layout cards spread in the centre, the stock with its count, each player's won pile
    (fanned, face up, with a running score), hands (opponents face down)."  And: "A card that can capture
    highlights its possible targets when picked up."  The seat panels show the name, the running score and the
    cards in hand."""
    seed, moves = find_moves(RULES, 4, lambda s: to_play(s) and with_choice(s) is not None
                             and sum(len(w) > 0 for w in s.won) >= 2)
    match = eat(players=4, seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state, layout = match.state, table.layout
    width, height = table.app.size
    # Layout cards spread in the centre.
    spread = layout.zone("layout")
    assert spread.kind == "spread" and [s.card for s in spread.spots] == state.layout
    assert all(s.face_up for s in spread.spots)
    x, y, w, h = spread.drop
    assert abs((x + w / 2) - width / 2) < width * 0.15 and height * 0.2 < y + h / 2 < height * 0.7
    # The stock with its count.
    stock = layout.zone("stock")
    assert len(stock.spots) == len(state.stock) and not any(s.face_up for s in stock.spots)
    assert [m.text for m in stock.markers] == [f"Stock {len(state.stock)}"]
    # Each player's won pile, fanned, face up, with a running score.
    for seat in range(4):
        won = layout.zone(f"won{seat}")
        assert [(s.card, s.face_up) for s in won.spots] == [(c, True) for c in state.won[seat]]
        assert len({s.rect[:2] for s in won.spots}) == len(won.spots), "fanned: each card in sight"
        assert [m.text for m in won.markers] == [str(state.points[seat])]
        panel = layout.zone(f"seat{seat}")
        assert panel.lines == (NAMES[seat], f"Score {state.standings()[seat]}",
                               f"{len(state.hands[seat])} card{'s' if len(state.hands[seat]) != 1 else ''} in hand")
    # Hands: the viewer's face up, the opponents' face down.
    assert [(s.card, s.face_up) for s in layout.zone("hand0").spots] == [(c, True) for c in state.hands[0]]
    for seat in (1, 2, 3):
        assert [(s.card, s.face_up) for s in layout.zone(f"hand{seat}").spots] == [(None, False)] * len(
            state.hands[seat])
    # A card that can capture highlights its possible targets when picked up.
    card = with_choice(state)
    press_and_hold(table, driver, card)
    assert set(table.input.target_rects()) == {spot_rect(table, "layout", a.target)
                                               for a in captures_of(state, card)}
    let_go(table, driver)


def last_move_then_seat_1_wins(state: EatRedsState) -> bool:
    """Seat 0 to play the game's last card, every way of playing it leaving seat 1 a winner."""
    if not (to_play(state) and len(state.hands[0]) == 1 and not state.stock):
        return False
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        while not after.is_over():
            after.apply(after.legal_actions()[0])
        if 1 not in after.result().winners:
            return False
    return True


@pytest.mark.parametrize("size", SIZES)
def test_the_winners_crown_stays_inside_the_free_area(table_app, open_table, size):
    """Seat 1 sits along the top, under the toolbar: once it has won, its crown is drawn where the table is, not
    behind the toolbar's buttons."""
    seed, moves = find_moves(RULES, 2, last_move_then_seat_1_wins)
    match = eat(seed=seed, moves=moves)
    pygame.display.set_mode(size)
    table_app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    table, driver = open_table(match, bot_delay=30.0)
    driver.perform(table, match.state.legal_actions()[0])
    run_until(driver, lambda: match.state.is_over() and table.settled)
    assert 1 in match.state.result().winners and "crown" in table.layout.zone("seat1").marks
    driver.frames(1)
    sprite = table.sprites.panels["seat1"]
    drawn = sprite.image.get_bounding_rect().move(sprite.rect.topleft)
    assert drawn.top >= table.context().area[1], f"the crown reaches {drawn.top}, under the toolbar"
    edge = (120, 90, 20)  # the crown's outline
    assert any(tuple(sprite.image.get_at((x, y))[:3]) == edge for x in range(sprite.image.get_width())
               for y in range(sprite.image.get_height())), "the crown is drawn"


@traces("eat_reds:table.sheet", "eat_reds:option.rounds.total")
def test_the_score_sheet_has_a_row_per_deal_with_the_running_total(table_app, open_table):
    match = eat(players=3, seed=2, options={"rounds": 3})
    state = match.state
    rng = random.Random(3)
    while state.deal < 2:
        match.apply(rng.choice(state.legal_actions()))
    table, driver = open_table(match, bot_delay=30.0)
    sheet = LAYOUT.score_sheet(table.view(), table.context())
    rows = state.score_sheet()
    assert [r[0] for r in sheet.rows] == ["1", "2", "3 (now)", "Total"]
    assert sheet.rows[1][2:5] == tuple(f"{p} ({t})" for p, t in zip(rows[1]["points"], rows[1]["totals"],
                                                                      strict=True))
    assert sheet.rows[-1][2:5] == tuple(str(t) for t in state.standings())
    assert "Deal 3 of 3" in table.status_text()


@traces("eat_reds:table.sheet")
def test_the_scores_button_and_the_s_key_open_the_score_sheet(table_app, open_table):
    """Scores (or S) opens the score sheet: a row per deal, with the running total; S closes it again."""
    match = eat(players=2, seed=4, options={"rounds": 2})
    state = match.state
    rng = random.Random(4)
    while state.deal < 1:
        match.apply(rng.choice(state.legal_actions()))
    table, driver = open_table(match, bot_delay=30.0)
    sheet = LAYOUT.score_sheet(table.view(), table.context())
    assert [r[0] for r in sheet.rows] == ["1", "2 (now)", "Total"]
    driver.click_widget(table.buttons["scores"])
    assert table.sheet_window is not None and table.sheet_window.alive()
    assert shows_sheet(table, sheet), "the window shows the deals and the running total"
    table.sheet_window.kill()
    driver.frames(1)
    driver.key(pygame.K_s)
    assert table.sheet_window is not None and table.sheet_window.alive() and shows_sheet(table, sheet)
    driver.key(pygame.K_s)
    assert table.sheet_window is None, "S closes it again"


# --------------------------------------------------------------------------- the layout at every size


def big_positions(players: int) -> list[EatRedsState]:
    """A position with a long layout, and a finished game (the biggest won piles)."""
    best: EatRedsState | None = None
    for seed in range(40):
        state = RULES.new_game(players, {}, seed)
        rng = random.Random(seed)
        while not state.is_over():
            if best is None or len(state.layout) > len(best.layout):
                best = state.clone()
            state.apply(rng.choice(state.legal_actions()))
    assert best is not None
    return [best, state]


def check_fits(layout: TableLayout, ctx: TableContext) -> None:
    x0, y0, w, h = ctx.area
    parts: list[tuple[str, Rect]] = []
    for zone in layout.zones:
        box = zone.drop if zone.id == "layout" else zone.bounds()
        parts.append((zone.id, box))
        parts += [(f"{zone.id} marker", m.rect) for m in zone.markers]
        if zone.id == "layout":
            assert all(box[0] <= s.rect[0] and s.rect[0] + s.rect[2] <= box[0] + box[2] and box[1] <= s.rect[1]
                       and s.rect[1] + s.rect[3] <= box[1] + box[3] for s in zone.spots), "the rows fit the area"
    for name, (x, y, zw, zh) in parts:
        assert x >= 0 and y >= y0 and x + zw <= w and y + zh <= y0 + h, (name, (x, y, zw, zh))
    for i, (a, ra) in enumerate(parts):
        for b, rb in parts[i + 1:]:
            if a.split()[0] == b.split()[0]:
                continue  # a zone and its own markers
            assert not overlaps(ra, rb), (a, ra, b, rb)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_fits_the_window_without_overlaps(players: int, size: tuple[int, int]):
    ctx = table_context(size, NAMES[:players], 0, theme.ui_scale(size))
    for state in big_positions(players):
        layout = LAYOUT.build(state.view(0), ctx)
        check_fits(layout, ctx)
        # Readable: cards big enough to see and to drop on, every won card's corner in sight.
        cw, _ = layout.card_size
        assert cw >= 40
        assert all(s.rect[2] >= 30 for s in layout.zone("layout").spots)
        for seat in range(players):
            spots = layout.zone(f"won{seat}").spots
            assert all(s.rect[2] >= 22 for s in spots)
            steps = [b.rect[0] - a.rect[0] for a, b in zip(spots, spots[1:], strict=False) if a.rect[1] == b.rect[1]]
            assert all(step >= 7 for step in steps), (seat, min(steps))
    # The public view (behind the curtain) builds too.
    LAYOUT.build(big_positions(players)[0].view(None), table_context(size, NAMES[:players], None))
