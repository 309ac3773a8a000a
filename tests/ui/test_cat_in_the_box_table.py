"""The Cat in the Box table, driven headless through real posted mouse events.

A card is played by a drag onto an empty space of the research board (the space is the declaration), or by a click
on the card and a click on a lit space; a discard is a click on a card; a prediction and the paradox are buttons of
a choice panel.  Positions are reached by applying moves to the match before the table opens (every seat's moves
go through `Match.apply`), found by seeded random playouts; the match state is what every test checks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pygame
import pytest

from cardtable.core.cards import Card
from cardtable.core.layout import TableContext
from cardtable.games import get_game
from cardtable.games.cat_in_the_box.layout import (
    BOARD_COLOURS,
    LAYOUT,
    OBSERVER_COLOUR,
    cell_id,
    player_colour,
)
from cardtable.games.cat_in_the_box.narration import COLOUR_NAMES
from cardtable.games.cat_in_the_box.rules import (
    COLOURS,
    DECKS,
    PARADOX,
    PREDICT,
    RULES,
    CatState,
    Discard,
    Paradox,
    Play,
    Predict,
    largest_group_spaces,
)
from cardtable.session.match import Match
from cardtable.ui import theme
from cardtable.ui.driver import UIDriver
from cardtable.ui.table import TableScene
from cardtable.ui.table.view import table_context
from tests.rule_trace import traces
from tests.ui.table_helpers import (
    SIZES,
    assert_curtain,
    card_point,
    centre,
    click_button,
    click_card,
    face_up,
    find_moves,
    lift,
    new_match,
    overlaps,
    resize,
    seat_notes_due,
    seats,
    shows_sheet,
    until_human,
    wait,
)

NAMES = ("You", "Ann", "Bob", "Cy", "Dee")
SECONDS = 20.0  # the most wall-clock time a wait lets the table take


# --------------------------------------------------------------------------- set-up


def cat(players: int = 5, seed: int = 1, humans: Sequence[str] = ("You",), options: dict | None = None,
        moves: Sequence = ()) -> Match:
    return new_match("cat_in_the_box", seats(humans, players, NAMES[len(humans):]), options, seed, moves)


def to_play(state: CatState) -> bool:
    """Seat 0 to play, after the discards and the predictions."""
    return state.phase == "play" and state.turn == 0


def drop_on_cell(table: TableScene, driver: UIDriver, card: Card, number: int, colour: str) -> None:
    """Drag `card` from the hand and let go with the pointer in the middle of the board space (number, colour)."""
    driver.drag(card_point(table, card), centre(table.layout.zone(cell_id(number, colour)).slot))


def refusal(table: TableScene, state: CatState, card: Card, colour: str) -> str:
    """The engine's reason for seat 0 not to play `card` (its number) as `colour`, as the table says it ("" if it
    may)."""
    first = next(c for c in state.hands[0] if c.rank == card.rank)
    refused = state.refusal(Play(first, colour))
    return table.narrator.refusal(refused) if refused is not None else ""


def last_copy(state: CatState, seat: int, number: int) -> Card:
    """The last copy of `number` in the seat's hand (the engine lists the first: the table must map it)."""
    return [c for c in state.hands[seat] if c.rank == number][-1]


# --------------------------------------------------------------------------- playing a card


@traces("cat_in_the_box:table.drag", "cat_in_the_box:table.trick")
def test_a_card_dropped_on_a_board_space_plays_it_as_that_colour(table_app, open_table):
    seed, moves = find_moves(RULES, 5, lambda s: to_play(s) and any(
        len([c for c in s.hands[0] if c.rank == p.card.rank]) > 1 for p in s.legal_plays(0)))
    match = cat(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    play = next(p for p in state.legal_plays(0) if len([c for c in state.hands[0] if c.rank == p.card.rank]) > 1)
    card = last_copy(state, 0, play.card.rank)
    assert card != play.card, "a later copy of the number: the table maps it to the engine's move"
    before = len(match.log)
    drop_on_cell(table, driver, card, play.card.rank, play.colour)
    driver.settle(table)
    assert len(match.log) == before + 1 and match.log[-1].seat == 0
    assert match.log[-1].action == Play(play.card, play.colour)
    assert match.state.board[(play.card.rank, play.colour)] == 0
    # The token is on the space, in the player's own colour (none of the board's four colours).
    zone = table.layout.zone(cell_id(play.card.rank, play.colour))
    assert [m.colour for m in zone.markers] == [player_colour(0)]
    assert player_colour(0) not in BOARD_COLOURS.values()
    driver.frames(1)
    assert table_app.screen.get_at(centre(zone.markers[0].rect))[:3] == player_colour(0)
    # The card lies in the trick with a tag of its declared colour.
    trick = table.layout.zone("trick")
    if match.state.trick:  # (the trick is still going: 5 players)
        assert [s.card.rank for s in trick.spots][-1] == play.card.rank
        tags = [m for m in trick.markers if m.shape == "counter"]
        assert tags[-1].colour == BOARD_COLOURS[play.colour]


@traces("cat_in_the_box:table.click")
def test_a_click_on_a_card_lights_its_spaces_and_a_click_on_one_plays_it(table_app, open_table):
    """Playing a card is a drag of the card onto an empty research-board space (that space is the declaration), or
    a click on a card followed by a click on a highlighted space.  Legal spaces for the held card light up."""
    seed, moves = find_moves(RULES, 4, to_play)
    match = cat(players=4, seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    play = state.legal_plays(0)[-1]
    start = card_point(table, last_copy(state, 0, play.card.rank))
    driver.click(start)
    assert len(table.input.selected) == 1, "the click selects the card"
    lit = set(table.input.target_rects())
    spaces = {table.layout.zone(cell_id(p.card.rank, p.colour)).slot for p in state.legal_plays(0)
              if p.card.rank == play.card.rank}
    assert lit == spaces, "exactly the legal spaces of the selected number light up"
    before = len(match.log)
    driver.click(centre(table.layout.zone(cell_id(play.card.rank, play.colour)).slot))
    assert len(match.log) == before + 1 and match.log[-1].action == Play(play.card, play.colour)
    assert table.input.selected == []


def illegal_position(state: CatState) -> bool:
    """Seat 0 to follow, holding a card whose space of some colour is empty but not legal (it must follow), and
    whose neighbours in the row are not legal either (so a drop there cannot land on a legal one)."""
    if not to_play(state) or state.led is None or not state.legal_plays(0):
        return False
    return illegal_space(state) is not None


def illegal_space(state: CatState) -> tuple[Card, str] | None:
    legal = {(p.card.rank, p.colour) for p in state.legal_plays(0)}
    for card in state.hands[0]:
        for i, colour in enumerate(COLOURS):
            near = [COLOURS[j] for j in (i - 1, i, i + 1) if 0 <= j < len(COLOURS)]
            if (card.rank, colour) in state.board or any((card.rank, c) in legal for c in near):
                continue
            first = next(c for c in state.hands[0] if c.rank == card.rank)
            if state.refusal(Play(first, colour)) is not None:
                return card, colour
    return None


def test_an_illegal_space_says_the_engines_reason(table_app, open_table):
    seed, moves = find_moves(RULES, 4, illegal_position)
    match = cat(players=4, seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    card, colour = illegal_space(state)
    reason = refusal(table, state, card, colour)
    assert reason
    before = len(match.log)
    drop_on_cell(table, driver, card, card.rank, colour)
    driver.settle(table)
    assert len(match.log) == before, "nothing is played"
    assert table.message == reason and table.message_error
    # The same with a click on the card, then on that (unlit) space: the reason, and the card is let go.
    table.messages.clear_error()
    start = card_point(table, card)
    driver.click(start)
    driver.click(centre(table.layout.zone(cell_id(card.rank, colour)).slot))
    assert len(match.log) == before
    assert table.message == reason and table.message_error
    assert table.input.selected == []


def taken_beside_free(state: CatState) -> tuple[Card, str, str] | None:
    """A card of seat 0 with a taken space of its row right beside a legal one: (card, taken, free colour)."""
    legal = {(p.card.rank, p.colour) for p in state.legal_plays(0)}
    for card in state.hands[0]:
        for i, colour in enumerate(COLOURS):
            if (card.rank, colour) not in state.board:
                continue
            for j in (i + 1, i - 1):
                if 0 <= j < len(COLOURS) and (card.rank, COLOURS[j]) in legal:
                    return card, colour, COLOURS[j]
    return None


@traces("cat_in_the_box:table.drag")
def test_the_space_under_the_pointer_is_the_declaration(table_app, open_table):
    """Released with the pointer on a taken space while the card also lies over a free one of its row, the drop is
    refused with the reason (it never plays the free space's colour); while dragging, the one space a release would
    take is marked, apart from the lit legal spaces."""
    seed, moves = find_moves(RULES, 4, lambda s: to_play(s) and taken_beside_free(s) is not None)
    match = cat(players=4, seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    card, taken, free = taken_beside_free(state)  # type: ignore[misc]
    taken_rect = table.layout.zone(cell_id(card.rank, taken)).slot
    free_rect = table.layout.zone(cell_id(card.rank, free)).slot
    # The pointer just inside the taken space, on the side of the free one: the card lies over both.
    towards = 1 if free_rect[0] > taken_rect[0] else -1
    x = taken_rect[0] + (taken_rect[2] - 3 if towards > 0 else 2)
    end = (x, taken_rect[1] + taken_rect[3] // 2)
    start = card_point(table, card)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    driver.frames(1)
    for k in range(1, 7):
        pos = (start[0] + (end[0] - start[0]) * k // 6, start[1] + (end[1] - start[1]) * k // 6)
        driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        driver.frames(1)
    dragged = next(iter(table.input.dragged().values()))
    assert overlaps(dragged, free_rect), "the card's body lies over the free space too"
    legal_spaces = {table.layout.zone(cell_id(p.card.rank, p.colour)).slot for p in state.legal_plays(0)
                    if p.card.rank == card.rank}
    assert set(table.input.target_rects()) == legal_spaces, "every legal space of the number is lit"
    assert table.input.mark() == (taken_rect, False), "the one space marked is the taken one under the pointer"
    mark_x = taken_rect[0] + taken_rect[2] // 2
    mark_y = taken_rect[1] - 2 - max(3, int(4 * table.ui_scale)) // 2
    assert table_app.screen.get_at((mark_x, mark_y))[:3] == theme.DROP_REFUSED, "drawn as a refused drop"
    # On the free space the mark follows the pointer, and says the drop would be taken.
    driver.post(pygame.MOUSEMOTION, pos=centre(free_rect), rel=(0, 0), buttons=(1, 0, 0))
    driver.frames(1)
    assert table.input.mark() == (free_rect, True)
    driver.post(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    driver.frames(1)
    before = len(match.log)
    driver.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    driver.frames(1)
    driver.settle(table)
    assert len(match.log) == before, "nothing is played: the space under the pointer is taken"
    assert table.message == refusal(table, state, card, taken) and table.message_error
    assert table.message == f"That space ({card.rank} {COLOUR_NAMES[taken]}) is taken."
    assert table.input.mark() is None


def test_undo_and_redo_take_the_seats_notes_with_them(table_app, open_table):
    """After Undo no panel still says "plays 8 as yellow" of a move taken back; Redo says it again."""
    seed, moves = find_moves(RULES, 4, to_play)
    match = cat(players=4, seed=seed, moves=moves)
    table, driver = open_table(match)
    play = match.state.legal_plays(0)[0]
    drop_on_cell(table, driver, play.card, play.card.rank, play.colour)
    until_human(table, driver, SECONDS)
    played = f"play {play.card.rank} as {COLOUR_NAMES[play.colour]}."  # under the name You
    assert table.seat_cue(table.layout.zone("seat0")) == played
    noted = dict(table.last_moves)
    click_button(driver, table, "undo")
    driver.settle(table)
    assert match.state.turn == 0 and match.state.board.get((play.card.rank, play.colour)) is None
    assert table.seat_cue(table.layout.zone("seat0")) != played
    assert table.last_moves == seat_notes_due(match), "the notes are those of the position undo went back to"
    click_button(driver, table, "redo")
    driver.settle(table)
    assert table.last_moves == seat_notes_due(match) == noted


def test_a_card_on_another_numbers_row_says_where_it_goes(table_app, open_table):
    seed, moves = find_moves(RULES, 4, to_play)
    match = cat(players=4, seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    card = state.legal_plays(0)[0].card
    row = next(m for m in range(1, 10) if abs(m - card.rank) >= 2
               and table.layout.zone(cell_id(m, COLOURS[0])).slot[2] > 0)
    before = len(match.log)
    drop_on_cell(table, driver, card, row, COLOURS[0])
    driver.settle(table)
    assert len(match.log) == before, "nothing is played"
    assert table.message == f"A {card.rank} goes in the {card.rank} row: its colour is the column you drop it in."
    assert table.message_error
    # The same with a click on the card, then on that space: the reason, and the card is let go.
    table.messages.clear_error()
    start = card_point(table, card)
    driver.click(start)
    driver.click(centre(table.layout.zone(cell_id(row, COLOURS[0])).slot))
    assert len(match.log) == before and table.input.selected == []
    assert table.message.startswith(f"A {card.rank} goes in the {card.rank} row") and table.message_error


# --------------------------------------------------------------------------- discard, predict, paradox


@traces("cat_in_the_box:table.discard", "cat_in_the_box:discard.hidden")
def test_the_discard_is_a_click_and_stays_hidden_from_the_other_seats(table_app, open_table):
    match = cat(players=5, seed=7)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    assert state.phase == "discard" and state.turn == 0
    assert table.layout.zone("hand0").playable == frozenset(range(len(state.hands[0])))
    card = state.hands[0][-1]
    start = card_point(table, card)
    driver.click(start)
    driver.settle(table)
    first = next(c for c in state.hands[0] + [state.discards[0]] if c is not None and c.rank == card.rank)
    assert match.log[-1].action == Discard(first) and state.discards[0].rank == card.rank
    # The seat that discarded sees its card face up; no other seat's view or table shows it.
    mine = table.layout.zone("discard0").spots
    assert [(s.card, s.face_up) for s in mine] == [(state.discards[0], True)]
    for seat in range(1, 5):
        view = state.view(seat)
        assert view["my_discard"] is None and view["discarded"][0]
        ctx = table_context((1280, 800), NAMES, seat)
        layout = LAYOUT.build(view, ctx)
        assert [(s.card, s.face_up) for s in layout.zone("discard0").spots] == [(None, False)]
        assert state.discards[0] not in {s.card for z in layout.zones for s in z.spots}
    public = LAYOUT.build(state.view(None), table_context((1280, 800), NAMES, None))
    assert not any(s.face_up for z in public.zones if z.id.startswith(("hand", "discard")) for s in z.spots)


@traces("cat_in_the_box:table.discard")
def test_a_card_dropped_on_the_discard_space_is_discarded(table_app, open_table):
    match = cat(players=4, seed=3)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    assert state.phase == "discard" and state.turn == 0
    card = state.hands[0][-1]
    driver.drag(card_point(table, card), centre(table.layout.zone("discard0").slot))
    driver.settle(table)
    assert isinstance(match.log[-1].action, Discard) and match.log[-1].seat == 0
    assert state.discards[0].rank == card.rank and len(state.hands[0]) == 9


@traces("cat_in_the_box:table.predict")
def test_a_prediction_is_a_button_of_the_panel(table_app, open_table):
    match = cat(players=5, seed=2, moves=[])
    for _ in range(5):
        match.apply(match.state.legal_actions()[0])
    table, driver = open_table(match, bot_delay=30.0)
    assert match.state.phase == "predict" and match.state.turn == 0
    assert table.choice_panel is not None
    labels = {table.buttons[n].text: a for n, a in table.action_buttons.items() if n.startswith("choice:")}
    assert labels == {str(k): PREDICT[k] for k in (1, 2, 3, 4)}
    name = next(n for n, a in table.action_buttons.items() if a == Predict(3))
    driver.click_widget(table.buttons[name])
    assert match.log[-1].action == Predict(3) and match.state.predictions[0] == 3
    assert table.layout.zone("seat0").lines[1] == "predicts 3 \u00b7 won 0"


@traces("cat_in_the_box:table.paradox")
def test_a_paradox_is_a_button_that_says_why(table_app, open_table):
    seed, moves = find_moves(RULES, 5, lambda s: s.turn == 0 and s.legal_actions() == [PARADOX])
    match = cat(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    assert match.state.legal_actions() == [PARADOX]
    name, action = next((n, a) for n, a in table.action_buttons.items() if isinstance(a, Paradox))
    assert table.buttons[name].text == "Paradox: no card can be declared"
    assert "no card can be declared" in table.status_text().lower() or "paradox" in table.status_text().lower()
    driver.click_widget(table.buttons[name])
    driver.settle(table)
    assert match.log[-1].action == PARADOX and match.log[-1].seat == 0
    assert match.state.is_over() and match.state.paradox == 0
    wait(driver, lambda: table.result_panel is not None, SECONDS)


# --------------------------------------------------------------------------- pass and play


def assert_curtain_hides_discards(table: TableScene, driver: UIDriver) -> None:
    """The curtain is up: no card of a hand or of a discard is in the picture, and the screen is the curtain."""
    assert_curtain(table, driver, {d for d in table.state.discards if d is not None})


@traces("cat_in_the_box:table.pass")
def test_pass_and_play_keeps_every_hand_and_discard_behind_the_curtain(table_app, open_table):
    match = cat(players=3, seed=5, humans=("Pia", "Quin"))
    table, driver = open_table(match)
    state = match.state
    assert state.turn == 0 and table.viewer == 0 and table.curtain_for is None
    click_card(table, driver, state.hands[0][0])  # Pia discards
    assert state.discards[0] is not None and state.turn == 1
    assert table.curtain_for == 1, "Quin's discard is behind the curtain"
    assert_curtain_hides_discards(table, driver)
    lift(table, driver)
    assert table.viewer == 1
    assert face_up(table) == set(state.hands[1]), "Quin sees his hand, and not Pia's discard"
    assert [(s.card, s.face_up) for s in table.layout.zone("discard0").spots] == [(None, False)]
    click_card(table, driver, state.hands[1][0])  # Quin discards; the bot then discards
    assert state.discards[1] is not None
    wait(driver, lambda: table.curtain_for == 0, SECONDS)
    assert state.phase == "predict" and state.turn == 0
    assert_curtain_hides_discards(table, driver)
    lift(table, driver)
    assert face_up(table) == set(state.hands[0]) | {state.discards[0]}, "Pia sees her hand and her own discard"
    # The rest of the game with the mouse, a curtain between the two people's turns.
    rng = random.Random(4)
    while not state.is_over():
        wait(driver, lambda: state.is_over() or table.curtain_for is not None or
             (table.human_turn and table.settled), SECONDS)
        if state.is_over():
            break
        if table.curtain_for is not None:
            assert_curtain_hides_discards(table, driver)
            lift(table, driver)
        seat = state.turn
        assert table.viewer == seat
        shown = face_up(table) - {state.discards[seat]} - {c for _, c, _ in state.trick} - set(state.revealed)
        assert shown == set(state.hands[seat])
        before = len(match.log)
        driver.perform(table, rng.choice(state.legal_actions()))
        assert len(match.log) == before + 1, table.message
    wait(driver, lambda: table.result_panel is not None, SECONDS)


# --------------------------------------------------------------------------- whole games


def test_a_whole_game_of_rounds_through_the_table_with_bots(table_app, open_table):
    """One person and two bots, a round per player: every move of the person is a gesture (a click to discard,
    a button to predict, a drag to play, the paradox button)."""
    match = cat(players=3, seed=11, options={"rounds": "per_player"})
    table, driver = open_table(match)
    rng = random.Random(11)
    kinds = set()
    while not match.state.is_over():
        wait(driver, lambda: match.state.is_over() or (table.human_turn and table.settled), SECONDS)
        if match.state.is_over():
            break
        action = rng.choice(match.state.legal_actions())
        before = len(match.log)
        driver.perform(table, action)
        assert len(match.log) == before + 1 and match.log[-1].seat == 0, table.message
        kinds.add(type(match.log[-1].action))
    assert {Discard, Predict, Play} <= kinds
    wait(driver, lambda: table.result_panel is not None, SECONDS)
    sheet = LAYOUT.score_sheet(table.view(), table.context())
    assert sheet.headers == ("Round", "You", "Ann", "Bob")
    assert [row[0] for row in sheet.rows] == ["1", "2", "3", "Total"]
    assert sheet.rows[-1][1:] == tuple(str(t) for t in match.state.totals())


# --------------------------------------------------------------------------- what the table looks like


def mid_game(players: int) -> dict:
    seed, moves = find_moves(RULES, players, lambda s: to_play(s) and len(s.trick) >= 1 and len(s.board) >= 8)
    state = RULES.new_game(players, {}, seed)
    for action in moves:
        state.apply(action)
    return state.view(0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_board_fits_clear_of_the_seats_and_the_hand(players: int, size: tuple[int, int]):
    view = mid_game(players)
    ctx: TableContext = table_context(size, NAMES[:players], 0, theme.ui_scale(size))
    layout = LAYOUT.build(view, ctx)
    x0, y0, w, h = ctx.area
    board = [z for z in layout.zones if z.id.startswith(("cell", "column", "head"))]
    assert len([z for z in board if z.kind == "cell"]) == 4 * view["top"]
    seats_and_cards = [z for z in layout.zones if z.id.startswith(("seat", "hand", "won", "discard", "info"))
                       or z.id in ("trick", "centre")]
    for zone in board + seats_and_cards:
        x, y, zw, zh = zone.bounds()
        assert x >= 0 and y >= y0 and x + zw <= w and y + zh <= y0 + h, (zone.id, zone.bounds())
    for zone in board:
        for other in seats_and_cards:
            assert not overlaps(zone.bounds(), other.bounds()), (zone.id, other.id)
    panels = [z for z in layout.zones if z.id.startswith("seat")]
    for i, a in enumerate(panels):
        for b in panels[i + 1:]:
            assert not overlaps(a.slot, b.slot), (a.id, b.id)
    # Readable: spaces and tokens big enough to see and to drop on.
    cell = layout.zone(cell_id(1, "R")).slot
    assert cell[2] >= 36 and cell[3] >= 28
    # The trick's cards and their colour tags do not cover each other's tags.
    tags = [m.rect for m in layout.zone("trick").markers if m.shape == "counter"]
    assert all(not overlaps(a, b) for i, a in enumerate(tags) for b in tags[i + 1:])


@traces("cat_in_the_box:table.board")
def test_observer_tokens_are_not_a_players(table_app, open_table):
    match = cat(players=2, seed=3)
    table, driver = open_table(match, bot_delay=30.0)
    observers = [space for space, owner in match.state.board.items() if owner == -1]
    assert observers
    for number, colour in observers:
        markers = table.layout.zone(cell_id(number, colour)).markers
        assert [(m.colour, m.shape) for m in markers] == [(OBSERVER_COLOUR, "chip")]
    assert OBSERVER_COLOUR not in [player_colour(s) for s in range(5)]


@traces("cat_in_the_box:table.board", "cat_in_the_box:table.seats", "cat_in_the_box:table.trick")
def test_the_table_shows_the_board_the_player_boards_the_trick_and_the_hand(table_app, open_table):
    """The research board as a grid (rows = numbers, columns = colours, tokens in seat colours, the led colour
    marked), each player's board (available colours, prediction, tricks won), the current trick, and the hand."""
    seed, moves = find_moves(RULES, 4, lambda s: to_play(s) and len(s.trick) >= 1)
    match = cat(players=4, seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state, layout = match.state, table.layout
    for number in range(1, DECKS[4][0] + 1):
        for colour in COLOURS:
            cell = layout.zone(cell_id(number, colour))
            owner = state.board.get((number, colour))
            assert [m.colour for m in cell.markers] == ([player_colour(owner)] if owner is not None else [])
    row = [layout.zone(cell_id(1, c)).slot for c in COLOURS]
    assert len({r[1] for r in row}) == 1 and len({r[0] for r in row}) == 4, "a row per number, a column per colour"
    assert [c for c in COLOURS if "current" in layout.zone(f"column{c}").marks] == [state.led]
    for seat in range(4):
        panel = layout.zone(f"seat{seat}")
        assert f"predicts {state.predictions[seat]} \u00b7 won {state.tricks[seat]}" in panel.lines
        assert [m.text == "\u00d7" for m in panel.markers[1:]] == [c not in state.available[seat] for c in COLOURS]
    assert [s.card for s in layout.zone("trick").spots] == [card for _, card, _ in state.trick]
    assert sorted(s.card for s in layout.zone("hand0").spots) == sorted(state.hands[0])


@traces("cat_in_the_box:table.board", "cat_in_the_box:table.seats")
def test_the_led_colours_column_is_framed_and_voids_are_crossed_out(table_app, open_table):
    seed, moves = find_moves(RULES, 4, lambda s: to_play(s) and s.led is not None and any(
        len(a) < 4 for a in s.available))
    match = cat(players=4, seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    for colour in COLOURS:
        framed = "current" in table.layout.zone(f"column{colour}").marks
        assert framed == (colour == state.led)
    seat = next(s for s in range(4) if len(state.available[s]) < 4)
    dots = table.layout.zone(f"seat{seat}").markers[1:]
    assert [m.text == "\u00d7" for m in dots] == [c not in state.available[seat] for c in COLOURS]


@pytest.mark.parametrize("table_speed", ["fast"])
def test_a_completed_trick_holds_its_beat_with_every_card_and_token(table_app, open_table):
    seed, moves = find_moves(RULES, 4, lambda s: to_play(s) and len(s.trick) == 3 and bool(s.legal_plays(0)))
    match = cat(players=4, seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    play = match.state.legal_plays(0)[0]
    table.play(play)
    assert table.stages, "the engine's hold: the full trick shows before it is gathered"
    trick = table.layout.zone("trick")
    assert len(trick.spots) == 4 and trick.spots[-1].card == play.card
    assert [m.colour for m in table.layout.zone(cell_id(play.card.rank, play.colour)).markers] == [player_colour(0)]
    panel = table.layout.zone("seat0")
    assert "current" not in panel.marks, "no one is to act during the beat"
    assert [m.text == "\u00d7" for m in panel.markers[1:]] == [c not in match.state.available[0] for c in COLOURS]
    driver.settle(table)
    assert not table.stages and not table.layout.zone("trick").spots
    winner = match.state.last_winner
    if winner is not None and not match.state.is_over():
        assert len(table.layout.zone(f"won{winner}").spots) == 4 * match.state.tricks[winner]


@traces("cat_in_the_box:table.hint")
def test_the_hint_lights_the_card_and_the_space(table_app, open_table):
    seed, moves = find_moves(RULES, 4, lambda s: to_play(s) and len(s.legal_plays(0)) > 1)
    match = cat(players=4, seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    table.show_hint()
    assert table.message.startswith("Hint:")
    hint = get_game("cat_in_the_box").hint(match.state)
    if isinstance(hint.action, Play):
        space = table.layout.zone(cell_id(hint.action.card.rank, hint.action.colour)).slot
        assert [c for _, c in table.hint_marks] == [theme.PICKED, theme.LEGAL]
        assert table.hint_marks[1][0] == space


@traces("cat_in_the_box:table.scores")
def test_the_scores_key_opens_the_score_sheet_of_the_rounds(table_app, open_table):
    match = cat(players=3, seed=4, options={"rounds": "per_player"})
    rng = random.Random(2)
    while not match.state.records:  # a round played out before the table opens
        match.apply(rng.choice(match.state.legal_actions()))
    table, driver = open_table(match, bot_delay=30.0)
    driver.key(pygame.K_s)
    assert table.sheet_window is not None and table.sheet_window.alive()
    sheet = table.game_layout.score_sheet(table.view(), table.context())
    record = match.state.records[0]
    assert shows_sheet(table, sheet)
    assert sheet.rows[0][0] == "1"
    assert [row.startswith(f"{p}/{w}") for p, w, row in zip(record.predictions, record.tricks, sheet.rows[0][1:],
                                                               strict=True)] == [True] * 3
    assert sheet.rows[-1][1:] == tuple(str(t) for t in match.state.totals())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_what_the_table_says_covers_no_zone(table_app, open_table, size):
    """A card played at 800x560 and larger: the announcements that follow show where they cover no zone (the
    board, the trick, the seats, the hand)."""
    seed, moves = find_moves(RULES, 5, to_play)
    match = cat(players=5, seed=seed, moves=moves)
    table, driver = open_table(match)
    if size != table_app.size:
        resize(table_app, driver, size)
    play = match.state.legal_plays(0)[0]
    drop_on_cell(table, driver, play.card, play.card.rank, play.colour)
    seen = 0
    for _ in range(40):
        driver.frames(1)
        box = table.status_line.bar.message_box
        if box is None:
            continue
        seen += 1
        for zone in table.layout.zones:
            area = zone.bounds() if zone.spots else zone.slot
            if zone.spots or zone.kind in ("seat", "cell"):
                assert not box.colliderect(area), f"{table.message!r} covers {zone.id}"
    assert seen


def last_move_scores_a_bonus(state: CatState) -> bool:
    """Seat 0 makes the game's last move, after which some seat scores a largest-group bonus."""
    if state.turn != 0 or state.phase != "play":
        return False
    after = state.clone()
    after.apply(after.legal_actions()[0])
    return after.is_over() and any(after.records[-1].bonus)


def test_the_result_can_be_put_aside_to_see_the_board_with_its_bonus_groups(table_app, open_table):
    """The result panel does not hide the final board for good: "See the table" puts it aside (the board undimmed,
    each group that scored the largest-group bonus starred), and "Result" brings it back."""
    seed, moves = find_moves(RULES, 4, last_move_scores_a_bonus)
    match = cat(players=4, seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    driver.perform(table, match.state.legal_actions()[0])
    driver.settle(table)
    assert match.state.is_over() and table.result_panel is not None and table.result_panel.visible
    click_button(driver, table, "result_table")
    assert not table.result_panel.visible and "show_result" in table.buttons
    state = match.state
    starred = {(n, c) for n in range(1, table.view()["top"] + 1) for c in COLOURS
               if any(m.text == "\u2605" for m in table.layout.zone(cell_id(n, c)).markers)}
    assert starred == {space for seat, extra in enumerate(state.records[-1].bonus) if extra
                       for space in largest_group_spaces(state.board, seat)}
    assert all(len(largest_group_spaces(state.board, s)) == b for s, b in enumerate(state.records[-1].bonus) if b)
    driver.frames(1)
    some = next(iter(starred))
    token = table.layout.zone(cell_id(*some)).markers[0]
    assert table_app.screen.get_at((token.rect[0] + 2, token.rect[1] + token.rect[3] // 2))[:3] == \
        player_colour(state.board[some]), "the board is not dimmed"
    click_button(driver, table, "show_result")
    assert table.result_panel.visible and "show_result" not in table.buttons
