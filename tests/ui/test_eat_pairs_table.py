"""The Eat Pairs (Siku) table, driven headless through real posted mouse events.

The dealer's opening card is a drag onto the waste, or a click that selects it (green) and the Play button; the
lead player's draw is a click on the stock; a claim ("claim matches by hand") is a click on the matching card
before the timer's default, the miss, is made.  Positions are reached by choosing seeds (the engine deals from
the seed) and by applying moves to the match before the table opens; time passes only in frames (1/60 s each).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pytest

from cardtable import stats
from cardtable.core.cards import Card
from cardtable.core.layout import Picked, Zone
from cardtable.core.words import Names
from cardtable.games import get_game
from cardtable.games.eat_pairs.rules import (
    CLAIM_SECONDS,
    DRAW,
    LAND_HOLD,
    MISS,
    PLAY,
    RULES,
    Claim,
    EatPairsRules,
    EatPairsState,
    Play,
)
from cardtable.session.match import Match
from cardtable.session.saves import Autosave, load_match
from cardtable.storage import ANIMATION_SECONDS, autosave_path, last_game_path
from cardtable.ui import theme
from cardtable.ui.driver import DT, UIDriver
from cardtable.ui.selftest_game import play_whole_game
from cardtable.ui.table import TableScene
from cardtable.ui.table.move_log import RECALLED_MOVES, logged
from tests.rule_trace import traces
from tests.ui.table_helpers import (
    SIZES,
    assert_curtain_colour,
    card_point,
    centre,
    click_card,
    drag_to_pile,
    find_moves,
    hand_faces,
    hand_zone,
    inside,
    lift,
    new_match,
    overlaps,
    resize,
    run_until,
    seats,
    spot_of,
)

GAME = get_game("eat_pairs")
NAMES = ("You", "Ann", "Bob", "Cy", "Dee", "Eve")


# --------------------------------------------------------------------------- set-up


def eat_pairs(options: dict | None = None, seed: int = 1, humans: int = 1, players: int = 4,
              moves: Sequence[Any] = ()) -> Match:
    """A match autosaving where the app keeps its autosave, with `moves` already played."""
    return new_match("eat_pairs", seats(NAMES[:humans], players, NAMES[humans:]), options, seed, moves,
                     saver=Autosave.for_game("eat_pairs"))


def first_legal(state: EatPairsState, rng: random.Random) -> Any:
    """Each seat's first legal move: the person opens with their lowest card and every claim is made."""
    return state.legal_actions()[0]


def position(want: Callable[[EatPairsState], bool], options: dict | None = None, players: int = 4,
             first: int = 1) -> tuple[int, list[Any]]:
    """The first seed from `first` (and the moves from its deal, by `first_legal`) that reaches a position where
    `want` holds."""
    return find_moves(RULES, players, want, options, seeds=range(first, first + 3000), policy=first_legal)


def person_to(phase: str) -> Callable[[EatPairsState], bool]:
    return lambda s: s.turn == 0 and s.phase == phase


def until_human(table: TableScene, driver: UIDriver) -> None:
    """Let the bots play until a person is to act (or the game is over) and the table is at rest."""
    run_until(driver, lambda: table.state.turn is None or (table.human_turn and table.settled)
              or table.curtain_for is not None)
    driver.settle(table)


# --------------------------------------------------------------------------- gestures and the screen


def click_stock(table: TableScene, driver: UIDriver) -> None:
    stock = table.layout.zone("stock")
    x, y, w, h = stock.spots[-1].rect if stock.spots else stock.slot
    driver.click((x + w // 2, y + h // 4))


def outline_colour(table: TableScene, card: Card) -> tuple[int, int, int]:
    """The colour just left of `card`'s top edge on the screen: its outline, if it has one."""
    table.app.step(DT)
    x, y, _, _ = spot_of(table, card).rect
    return tuple(table.app.screen.get_at((x - 2, y + 8))[:3])


def play_button(table: TableScene) -> Any:
    return table.buttons.get("select:Play")


def bounds(zone: Zone) -> tuple[int, int, int, int]:
    return zone.bounds()


# --------------------------------------------------------------------------- what the table shows


@traces("eat_pairs:table.middle", "eat_pairs:table.columns", "eat_pairs:table.status", "eat_pairs:table.opening",
        "eat_pairs:table.play")
def test_what_the_table_shows(table_app, open_table):
    """The hands along the bottom row (tableau piles; opponents face down with counts), each player's pairs above
    them (foundation piles), the waste in the centre top, the stock on the right with its count, and a status line
    naming the dealer, the lead player and what happens next. The selected card has a green border; Play is enabled
    only for the dealer's opening card."""
    seed, moves = position(person_to("draw"))
    match = eat_pairs(seed=1)  # first the opening: the dealer's Play
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    width = table_app.size[0]
    hands = [table.layout.zone(f"hand{s}") for s in range(4)]
    piles = [table.layout.zone(f"pairs{s}") for s in range(4)]
    others = [z for z in table.layout.zones if not z.id.startswith("hand")]
    for s, (hand, pile) in enumerate(zip(hands, piles, strict=True)):
        # The hands along the bottom row, as tableau piles (each card a little below the one before it).
        assert hand.slot[1] == hands[0].slot[1] and all(hand.slot[1] >= bounds(z)[1] + bounds(z)[3] for z in others)
        ys = [spot.rect[1] for spot in hand.spots]
        assert ys == sorted(ys) and len(set(ys)) == len(ys)
        # Opponents face down with counts; the person's face up.
        assert [spot.face_up for spot in hand.spots] == [s == 0] * len(state.hands[s])
        count = len(state.hands[s])
        assert table.layout.zone(f"seat{s}").lines[1].startswith(f"{count} card{'s' if count != 1 else ''}")
        # Each player's pairs above them, face up: the foundation piles.
        assert bounds(pile)[1] + bounds(pile)[3] <= hand.slot[1]
        assert abs((pile.slot[0] + pile.slot[2] // 2) - (hand.slot[0] + hand.slot[2] // 2)) < pile.slot[2]
        assert [spot.card for spot in pile.spots] == state.pairs[s] and all(spot.face_up for spot in pile.spots)
    # The waste in the centre top, the stock on the right with its count.
    waste, stock = table.layout.zone("waste"), table.layout.zone("stock")
    assert abs(waste.slot[0] + bounds(waste)[2] // 2 - width // 2) < waste.slot[2]
    assert waste.slot[1] <= min(bounds(z)[1] for z in table.layout.zones)
    assert stock.slot[0] > width * 3 // 4 and stock.slot[1] == waste.slot[1]
    assert len(stock.spots) == len(state.stock) and stock.markers[0].text == str(len(state.stock))
    # A status line naming the dealer, the lead player and what happens next.
    assert table.status_text() == "You deal. Play one card from your hand to the waste: the only card ever played " \
                                  "from a hand."
    # The selected card has a green border; Play is enabled only for the dealer's opening card.
    card = list(state.hands[0].values())[0]
    assert play_button(table) is not None and not play_button(table).is_enabled
    assert outline_colour(table, card) == theme.LEGAL
    click_card(table, driver, card)
    assert table.input.selected == [Picked("hand0", spot_of(table, card).index)]
    assert outline_colour(table, card) == theme.PICKED
    assert play_button(table).is_enabled and table.action_buttons["select:Play"] == PLAY[card]

    # Later, the person leads: the status names the dealer, the lead and the draw; Play stays disabled.
    match = eat_pairs(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    assert state.phase == "draw" and state.lead == 0
    assert table.status_text() == f"You deal, you lead. Click the stock to draw ({len(state.stock)} cards left)."
    assert "You deal, you lead." in table.status_text() and "Click the stock to draw" in table.status_text()
    assert "crown" in table.layout.zone("seat0").marks and "dealer" in table.layout.zone("seat0").marks
    assert play_button(table) is not None and not play_button(table).is_enabled
    assert "Only the dealer" in play_button(table).tool_tip_text
    assert table.layout.zone("stock").playable == frozenset({len(state.stock) - 1})


def said_of(match: Match, moves: int) -> list[str]:
    """What the narration says of the last `moves` moves of `match`, as the move log keeps it."""
    names = Names.of(NAMES[:len(match.seats)])
    texts = []
    for _, events in match.recent_events(moves):
        for event in events:
            said = GAME.narration.event(event, names)
            if said is not None and logged(said, event):
                texts.append(said.text)
    return texts


@traces("eat_pairs:table.log")
def test_the_move_log_shows_the_last_moves_with_names(table_app, open_table):
    seed, moves = position(person_to("draw"))
    match = eat_pairs(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    log = table.move_log.lines()
    waste = table.layout.zone("waste")
    rect = table.layout.move_log
    assert rect is not None and rect[0] + rect[2] <= waste.slot[0], "left of the waste"
    assert len(log) > 1 and log == said_of(match, RECALLED_MOVES)[-len(log):]
    assert not any("Seat " in line for line in log)


@traces("eat_pairs:table.hint")
def test_the_hint_frames_only_the_hinted_card_in_its_own_style(table_app, open_table):
    """H at the dealer's opening: the hint's frame goes round the hinted card's visible part alone (the hand is
    fanned down, each card over the one before), dashed orange rather than the selection's solid green, and the
    status says it is a hint."""
    match = eat_pairs(seed=2)
    table, driver = open_table(match, bot_delay=30.0)
    driver.key(pygame.K_h)
    hint = table.shown_hint
    assert hint is not None and isinstance(hint.action, Play)
    spots = hand_zone(table).spots
    i = next(k for k, s in enumerate(spots) if s.card == hint.action.card)
    rect = table.hint_marks[0][0]
    assert rect[:3] == spots[i].rect[:3]
    others = [s.rect for k, s in enumerate(spots) if k != i]
    assert not any(overlaps(rect, r) for r in others), "the frame covers no other card"
    assert table.status_text().startswith(f"Hint: Play {hint.action.card.label}")
    assert table.message.startswith("Hint: ")
    table.app.step(DT)
    screen = table.app.screen
    above = [tuple(screen.get_at((rect[0] + 6 + dx, rect[1] - k))[:3]) for dx in range(0, 30) for k in range(1, 12)]
    assert any(r > 150 and 60 < g < 170 and b < 80 for r, g, b in above), "an orange frame above the card"
    assert theme.PICKED not in above, "not the selection's green"


@traces("eat_pairs:table.play")
def test_a_press_on_the_greyed_play_button_says_only_the_dealer_plays_a_card(table_app, open_table):
    seed, moves = position(person_to("draw"))
    match = eat_pairs(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    button = play_button(table)
    assert button is not None and not button.is_enabled
    before = len(match.log)
    driver.click_widget(button)
    assert table.message_error and table.message == button.tool_tip_text and "Only the dealer" in table.message
    assert len(match.log) == before


def test_the_move_log_says_a_bots_claim_once_and_the_win_once(table_app, open_table):
    """Claims by hand: a bot's claim is logged as its pair, never as an offer ("Ann may claim ..."), and the end
    of the game is one line, not the deal's win and then the game's."""
    match = eat_pairs({"claim_by_hand": True}, seed=3)
    table, driver = open_table(match)
    seen: list[str] = []
    while not match.state.is_over():
        until_human(table, driver)
        seen += table.move_log.lines()
        if match.state.is_over():
            break
        driver.perform(table, GAME.hint(match.state).action)
    driver.settle(table)
    log = table.move_log.lines()
    seen += log
    bots = NAMES[1:4]
    assert any(line.startswith(f"{b} pairs") for b in bots for line in seen), "a bot claimed a card"
    assert not [line for line in seen if line.startswith(tuple(f"{b} may claim" for b in bots))]
    names = Names.of(NAMES[:4])
    wins = [said.text for e in match.recent_events(1)[-1][1] if e.kind == "win"
            and (said := GAME.narration.event(e, names)) is not None]
    assert wins and not set(wins) & set(log), "the deal's win is not said beside the game's end"
    assert log[-1] == GAME.narration.result(match.state.result(), names)


# --------------------------------------------------------------------------- the opening card


@traces("eat_pairs:table.opening")
def test_the_opening_card_by_drag_onto_the_waste(table_app, open_table):
    match = eat_pairs(seed=2)
    table, driver = open_table(match, bot_delay=30.0)
    card = list(match.state.hands[0].values())[-1]
    drag_to_pile(table, driver, card, "waste")
    driver.settle(table)
    assert [(e.seat, e.action) for e in match.log] == [(0, Play(card))]
    assert card in match.state.waste or any(card in p for p in match.state.pairs)


@traces("eat_pairs:table.opening")
def test_the_opening_card_by_select_and_play(table_app, open_table):
    match = eat_pairs(seed=2)
    table, driver = open_table(match, bot_delay=30.0)
    first, card = list(match.state.hands[0].values())[:2]
    click_card(table, driver, first)
    click_card(table, driver, card)  # the selection moves to the second card
    assert table.input.selected == [Picked("hand0", spot_of(table, card).index)]
    assert outline_colour(table, card) == theme.PICKED and outline_colour(table, first) == theme.LEGAL
    assert match.log == []
    driver.click_widget(play_button(table))
    driver.settle(table)
    assert [(e.seat, e.action) for e in match.log] == [(0, Play(card))]


@traces("eat_pairs:table.opening")
def test_a_selected_card_plays_on_a_click_on_the_lit_waste(table_app, open_table):
    match = eat_pairs(seed=2)
    table, driver = open_table(match, bot_delay=30.0)
    card = list(match.state.hands[0].values())[0]
    click_card(table, driver, card)
    waste = table.layout.zone("waste")
    assert table.input.target_rects() == [waste.drop]
    x, y, w, h = waste.slot
    driver.click((x + w // 2, y + h // 2))
    assert [(e.seat, e.action) for e in match.log] == [(0, Play(card))]


def test_a_card_on_a_pile_of_pairs_goes_back_with_a_reason(table_app, open_table):
    match = eat_pairs(seed=2)
    table, driver = open_table(match, bot_delay=30.0)
    card = list(match.state.hands[0].values())[0]
    start = card_point(table, card)
    pile = table.layout.zone("pairs2").slot
    here = spot_of(table, card).rect
    driver.drag(start, (start[0] + pile[0] - here[0], start[1] + pile[1] - here[1]))
    driver.settle(table)
    assert match.log == [] and table.message_error
    assert table.message == "Pairs are laid by themselves: a card goes onto the waste."


# --------------------------------------------------------------------------- the draw and the claim


@traces("eat_pairs:table.draw")
def test_the_lead_player_draws_with_a_click_on_the_stock(table_app, open_table):
    seed, moves = position(person_to("draw"))
    match = eat_pairs(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    stock = len(match.state.stock)
    top = match.state.stock[-1]
    hand = list(match.state.hands[0].values())
    click_card(table, driver, hand[0])  # a hand card means no draw: only the dealer's opening is played
    assert len(match.log) == len(moves) and table.message_error and "Only the dealer" in table.message
    click_stock(table, driver)
    driver.settle(table)
    assert (match.log[len(moves)].seat, match.log[len(moves)].action) == (0, DRAW)
    assert len(match.state.stock) == stock - 1
    assert top in match.state.waste or any(top in p for p in match.state.pairs)


def claim_match(options: dict | None = None) -> tuple[Match, list[Any]]:
    options = {"claim_by_hand": True, **(options or {})}
    seed, moves = position(person_to("claim"), options)
    return eat_pairs(options, seed=seed, moves=moves), moves


@traces("eat_pairs:table.claim", "eat_pairs:option.claim")
def test_a_claim_is_a_click_on_the_matching_card_in_time(table_app, open_table):
    match, moves = claim_match()
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    live, mine = state.live, state.hands[0][state.live.rank]
    assert table.clock_text()[0].startswith(f"{CLAIM_SECONDS} s left") and table.clock_text()[1], "the countdown"
    assert f"You can match {live.label}" in table.status_text()
    assert hand_zone(table).playable == frozenset({spot_of(table, mine).index})
    assert hand_zone(table).select == 0, "a click claims at once"
    other = next((c for c in state.hands[0].values() if c != mine), None)
    if other is not None:  # a card of another rank is refused with the engine's reason
        click_card(table, driver, other)
        assert len(match.log) == len(moves) and table.message_error and "does not match" in table.message
    driver.frames(2 * 60)  # two seconds pass: still in time
    click_card(table, driver, mine)
    entry = match.log[len(moves)]
    assert (entry.seat, entry.action) == (0, Claim(mine))
    assert match.state.pairs[0][-2:] == [mine, live]
    assert table.driver.timeouts == {}


@traces("eat_pairs:table.claim", "eat_pairs:option.claim")
def test_a_claim_missed_when_the_timer_runs_out(table_app, open_table):
    match, moves = claim_match()
    table, driver = open_table(match, bot_delay=30.0)
    live = match.state.live
    driver.frames(int((CLAIM_SECONDS - 0.5) * 60))
    assert len(match.log) == len(moves), "in time still"
    assert table.clock_text()[0].startswith("1 s left")
    driver.frames(40)
    entry = match.log[len(moves)]
    assert (entry.seat, entry.action) == (0, MISS)
    assert table.message == "Time is up: Miss was played for you.", "the person called You is spoken to"
    assert live.rank in match.state.hands[0], "the person keeps the card they missed with"


@traces("eat_pairs:table.claim")
def test_a_claim_is_a_drag_of_the_matching_card_onto_the_waste(table_app, open_table):
    match, moves = claim_match()
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    live, mine = state.live, state.hands[0][state.live.rank]
    drag_to_pile(table, driver, mine, "waste")
    driver.settle(table)
    entry = match.log[len(moves)]
    assert (entry.seat, entry.action) == (0, Claim(mine))
    assert state.pairs[0][-2:] == [mine, live] and mine not in state.hands[0].values()


# --------------------------------------------------------------------------- the beats


def matched_draw(state: EatPairsState) -> bool:
    """The person is to draw, and the top stock card will be paired by another seat."""
    return person_to("draw")(state) and any(state.stock[-1].rank in h for h in state.hands[1:])


@pytest.mark.parametrize("table_speed", ["normal"])
def test_the_beats_hold_the_landed_card_then_the_pair(table_app, open_table):
    """A draw shows the card on the waste for its beat, then the pair on the pile of the seat that pairs it for
    another beat, before anything else moves; the bot that now leads draws only after the beats."""
    seed, moves = position(matched_draw)
    match = eat_pairs(seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=0.5)
    card = match.state.stock[-1]
    click_stock(table, driver)
    pairer = next(s for s in range(4) if card in match.state.pairs[s])
    assert len(table.stages) == 2, "two beats: the card landed, then its pair"
    assert table.layout.zone("waste").spots[-1].card == card
    assert card not in [s.card for s in table.layout.zone(f"pairs{pairer}").spots]
    frames = 0
    while table.animator.busy:  # the status tells the beat once the card has landed
        driver.frames(1)
        frames += 1
    assert len(table.stages) == 2
    assert table.status_text().endswith(f"You draw {card.label}."), "the status tells the beat"
    while len(table.stages) == 2:
        driver.frames(1)
        frames += 1
    beat = LAND_HOLD  # at normal speed
    assert frames * DT >= beat + ANIMATION_SECONDS["normal"] - 2 * DT, "the landed card holds its beat"
    run_until(driver, lambda: not table.animator.busy)
    assert card in [s.card for s in table.layout.zone(f"pairs{pairer}").spots]
    assert card not in [s.card for s in table.layout.zone("waste").spots]
    assert table.stages and len(match.log) == len(moves) + 1, "the pair holds; the new lead waits"
    run_until(driver, lambda: not table.stages)
    assert len(match.log) == len(moves) + 1, "the bot draws after its own beat"
    run_until(driver, lambda: len(match.log) > len(moves) + 1, frames=60)
    assert match.log[-1].seat == pairer and match.log[-1].action == DRAW


@pytest.mark.parametrize("table_speed", ["normal"])
def test_the_end_of_a_deal_holds_before_the_next_deal(table_app, open_table):
    """The person draws the stock's last card in a session: its beats, then the deal's end (the stock empty, its
    winners starred) holds before the cards are gathered and dealt again."""
    options = {"deals": "3"}
    seed, moves = position(lambda s: person_to("draw")(s) and len(s.stock) == 1 and s.deal_no == 0, options)
    match = eat_pairs(options, seed=seed, moves=moves)
    table, driver = open_table(match, bot_delay=30.0)
    click_stock(table, driver)
    state = match.state
    assert state.deal_no == 1 and state.records[0].how == "stock"
    run_until(driver, lambda: len(table.stages) == 1 and not table.animator.busy)
    held = table.layout
    assert len(held.zone("stock").spots) == 0 and "After deal 1 of 3" in held.status
    starred = [s for s in range(4) if held.zone(f"seat{s}").lines[0].startswith("\u2605")]
    assert starred == list(state.records[0].winners)
    assert [held.zone(f"seat{s}").lines[2] for s in starred] == ["1 win"] * len(starred)
    driver.settle(table)
    assert "Deal 2 of 3" in table.status_text() and len(table.layout.zone("stock").spots) == len(state.stock)


# --------------------------------------------------------------------------- pass-and-play


def assert_curtain_hides(table: TableScene, driver: UIDriver) -> None:
    """The curtain is up: no hand is face up in the layout, and the screen over every hand is the curtain."""
    assert table.curtain_for is not None and not table.human_turn
    assert all(not faces for faces in hand_faces(table).values()), hand_faces(table)
    driver.frames(1)
    assert_curtain_colour(table.app, [centre(zone.bounds()) for zone in table.layout.zones
                                      if zone.id.startswith("hand") and zone.spots])


@traces("eat_pairs:table.pass-and-play")
def test_pass_and_play_keeps_hands_behind_the_curtain(table_app, open_table):
    match = eat_pairs({"claim_by_hand": True}, seed=4, humans=2)
    table, driver = open_table(match)
    curtains = 0
    for _ in range(400):
        until_human(table, driver)
        if match.state.is_over():
            break
        if table.curtain_for is not None:
            assert_curtain_hides(table, driver)
            curtains += 1
            lift(table, driver)
        seat = match.state.turn
        assert table.viewer == seat and table.human_turn
        shown = {z: f for z, f in hand_faces(table).items() if f}
        assert shown == {f"hand{seat}": list(match.state.hands[seat].values())}
        driver.perform(table, GAME.hint(match.state).action)
    driver.settle(table)
    assert match.state.is_over() and curtains >= 2
    assert table.result_panel is not None


# --------------------------------------------------------------------------- whole games


@traces("eat_pairs:table.scores", "eat_pairs:option.deals.wins")
def test_a_whole_session_through_the_table_with_bots(table_app, open_table):
    """Three deals, claims by hand: the person's moves are gestures (their hints), three bots play; the result
    panel counts the wins and the score sheet lists each deal."""
    match = eat_pairs({"deals": "3", "claim_by_hand": True}, seed=3)
    table, driver = open_table(match)
    moves = 0
    while not match.state.is_over():
        until_human(table, driver)
        if match.state.is_over():
            break
        action = GAME.hint(match.state).action
        before = len(match.log)
        driver.perform(table, action)
        assert match.log[before].action == action and match.log[before].seat == 0
        moves += 1
        assert moves < 300
    driver.settle(table)
    assert table.result_panel is not None and table.result_panel.visible
    result = match.state.result()
    assert result.scored and sum(result.scores) >= 3
    texts = table.panels.result_texts()
    assert GAME.narration.result(result, Names.of(NAMES[:4])) in texts and "Score sheet" in texts
    starred = [s for s in range(4) if table.layout.zone(f"seat{s}").lines[0].startswith("\u2605")]
    assert starred == result.winners, "the panels star the session's winners"
    sheet = table.sheet
    assert sheet is not None and [row[0] for row in sheet.rows] == ["1", "2", "3", "Wins"]
    assert sheet.rows[-1][3:] == tuple(str(int(w)) for w in result.scores)
    assert stats.load("eat_pairs").played == 1
    assert not autosave_path("eat_pairs").exists()
    kept = load_match(last_game_path("eat_pairs"), get_game)
    assert kept.log == match.log and kept.state.result() == result


def test_undo_against_bots_takes_back_the_persons_draw_and_the_bots_after_it(table_app, open_table):
    seed, moves = position(person_to("draw"))
    match = eat_pairs(seed=seed, moves=moves)
    table, driver = open_table(match)
    before = match.state.view(0)
    click_stock(table, driver)
    until_human(table, driver)
    assert not match.state.is_over() and len(match.log) > len(moves)
    driver.click_widget(table.buttons["undo"])
    driver.settle(table)
    assert len(match.log) == len(moves) and match.state.view(0) == before
    assert table.human_turn and table.layout.zone("stock").playable


def test_a_finished_game_replays_both_ways(table_app):
    from cardtable.ui.replay import ReplayScene

    match = eat_pairs({"claim_by_hand": True}, seed=6)
    while not match.state.is_over():
        match.apply(GAME.hint(match.state).action)
    replay = ReplayScene(table_app, match)
    table_app.show(replay)
    steps = 0
    while replay.step_forward():
        steps += 1
        table_app.step(DT)
    assert steps == len(match.log) and replay.state.is_over()
    names = Names.of(NAMES[:4])
    assert replay.layout.status == GAME.narration.over(match.state.outcome(), names) == GAME.narration.result(
        match.state.result(), names)
    for _ in range(steps):
        replay.step_back()
    assert replay.state.view(0) == RULES.new_game(4, match.options, 6).view(0)


OVER_AT_ONCE = next(s for s in range(5000) if RULES.new_game(4, {}, seed=s).is_over())


def test_a_game_over_before_its_first_move(table_app, open_table):
    """The dealer's eight cards all pair off: the table shows the result at once, and the game counts."""
    match = eat_pairs(seed=OVER_AT_ONCE)
    assert match.state.is_over() and match.log == []
    table, driver = open_table(match)
    assert table.result_panel is not None and table.result_panel.visible
    assert table.panels.result_texts()[0] == "You won!"
    assert table.layout.zone("hand0").spots == [] and len(match.state.pairs[0]) == 8
    assert table.driver.update(1.0, True) is None and not table.human_turn
    assert stats.load("eat_pairs").played == 1 and stats.load("eat_pairs").won == 1
    assert not autosave_path("eat_pairs").exists()
    assert load_match(last_game_path("eat_pairs"), get_game).state.is_over()


def test_a_session_whose_first_deal_is_over_at_once_goes_on(table_app, open_table):
    match = eat_pairs({"deals": "3"}, seed=OVER_AT_ONCE)
    table, driver = open_table(match)
    state = match.state
    assert not state.is_over() and state.dealer == 1 and state.wins[0] == 1
    assert table.sheet is not None and table.sheet.rows[0][:3] == ("1", "You", "hand emptied")
    until_human(table, driver)
    assert not table.result_panel


class _OverAtOnce(EatPairsRules):
    """Eat Pairs whose every game is dealt from a seed that ends it before the first move."""

    def new_game(self, players: int = 4, options: Any = None, seed: int | None = None) -> EatPairsState:
        return super().new_game(players, options, OVER_AT_ONCE)


def test_the_self_test_passes_a_game_over_at_once(table_home):
    rules = _OverAtOnce(**{f.name: getattr(RULES, f.name) for f in dataclasses.fields(RULES)})
    game = dataclasses.replace(GAME, rules=rules)
    message = play_whole_game(game, (800, 560), None)
    assert "played to the end through the UI in 0 moves" in message


# --------------------------------------------------------------------------- window sizes


def check_layout(table: TableScene) -> None:
    """Everything inside the window; no two of the log, the waste, the stock, the panels, the piles of pairs and
    the hands overlap."""
    size = table.app.size
    for zone in table.layout.zones:
        assert inside(zone.bounds(), size), f"{zone.id} at {zone.bounds()} is outside the {size} window"
    parts = [(z.id, z.bounds()) for z in table.layout.zones]
    clashes = [(a, b) for i, (a, ra) in enumerate(parts) for b, rb in parts[i + 1:] if overlaps(ra, rb)]
    assert clashes == [], f"overlaps at {size}: {clashes}"


def biggest_hands(players: int) -> int:
    """A seed whose dealer keeps all eight cards (no pairs): the tallest hand a table shows."""
    for seed in range(1, 20000):
        if len(RULES.new_game(players, {}, seed=seed).hands[0]) == 8:
            return seed
    raise AssertionError("no such deal")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_table_fits_the_window_at_every_size(table_app, players, open_table):
    match = Match(GAME, seats(NAMES[:1], players, NAMES[1:]), {"deals": "3"}, biggest_hands(players))
    table, driver = open_table(match, bot_delay=30.0)
    for size in SIZES:
        resize(table_app, driver, size)
        check_layout(table)
        hand = hand_zone(table)
        assert len(hand.spots) == 8 and all(s.face_up for s in hand.spots)
    card = list(match.state.hands[0].values())[3]  # the mouse still plays at the small size
    resize(table_app, driver, SIZES[0])
    drag_to_pile(table, driver, card, "waste")
    assert match.log[0].action == Play(card)
    driver.settle(table)
    check_layout(table)
