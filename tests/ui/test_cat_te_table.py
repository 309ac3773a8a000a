"""The Cat Te table, driven headless through real posted mouse events.

A card is played by a drag onto the person's own played pile, folded by a drag onto the fold area, or selected with
a click and then played with the Play or Fold button; the region, the side pot's claim, Deal again and Stop are
choice buttons.  Positions are reached by applying seeded random moves to the match before the table opens; the
match state is what every test checks.  Waits count frames, never the wall clock.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pygame
import pytest

from cardtable.core.cards import SUIT_SYMBOLS, Card
from cardtable.core.layout import Picked, Rect, TableContext
from cardtable.games.cat_te.layout import CHIP, LAYOUT, WON
from cardtable.games.cat_te.rules import (
    CLAIM,
    DEAL_AGAIN,
    REGION_NAMES,
    RULES,
    STOP,
    CatTeState,
    ChooseRegion,
    ClaimSidePot,
    DealAgain,
    Fold,
    Play,
)
from cardtable.session.match import Match
from cardtable.ui import theme
from cardtable.ui.driver import UIDriver
from cardtable.ui.table import TableScene
from cardtable.ui.table.input import drop_area
from cardtable.ui.table.view import table_context
from tests.rule_trace import traces
from tests.ui.table_helpers import (
    SIZES,
    assert_curtain,
    card_rect,
    click_card,
    drag_onto,
    face_up,
    fast,
    find_moves,
    hand_zone,
    lift,
    new_match,
    overlaps,
    run_until,
    seats,
    state_at,
)

NAMES = ("You", "Ann", "Bob", "Cy", "Dee", "Eve")
FRAMES = 6000  # the most frames a test lets the bots and the animations take (never a clock)


# --------------------------------------------------------------------------- set-up


def cat_te(players: int = 4, seed: int = 1, humans: Sequence[str] = ("You",), options: dict | None = None,
           moves: Sequence = ()) -> Match:
    return new_match("cat_te", seats(humans, players, NAMES[len(humans):]), options, seed, moves)


def at(players: int, wanted: Callable[[CatTeState], bool], options: dict | None = None,
       humans: Sequence[str] = ("You",)) -> Match:
    """A match at the first position `wanted` of seeded random playouts (of at most 600 moves each)."""
    seed, moves = find_moves(RULES, players, wanted, options, most=600)
    return cat_te(players, seed, humans, options, moves)


def following(state: CatTeState) -> bool:
    """Seat 0 to follow (tricks 1 to 4, face up), able to play a card face up and holding one it may not play."""
    return (state.phase == "play" and state.turn == 0 and bool(state.trick) and not state.face_down
            and state.trick_no < 6 and bool(state.legal_plays()) and len(state.legal_plays()) < len(state.hands[0]))


def drop_on(table: TableScene, driver: UIDriver, card: Card, zone_id: str) -> None:
    drag_onto(table, driver, card, drop_area(table.layout.zone(zone_id)))


def outline_at(table: TableScene, rect: Rect) -> tuple[int, int, int]:
    """The colour just left of a card of the hand: its outline, drawn over the card before it."""
    return tuple(table.app.screen.get_at((rect[0] - 2, rect[1] + rect[3] // 2))[:3])


def public_cards(state: CatTeState) -> set[Card]:
    """The cards everyone sees: played face up (the fifth trick's followers once turned over)."""
    view = state.view(None)
    return {e["card"] for pile in view["played"] for e in pile if e["card"] is not None} | (
        {state.side_card} if state.side_card is not None else set())


def named_tags(layout, seat: int) -> list[str]:
    """The names written on the face-down cards of `seat`'s played pile (only its owner's table has them)."""
    return [m.text for m in layout.zone(f"played{seat}").markers if m.colour != WON]


def conserved(state: CatTeState) -> bool:
    return sum(state.chips) + state.pot + state.side_pot == state.n * state.start_chips


# --------------------------------------------------------------------------- Play and Fold


@traces("cat_te:table.buttons")
def test_a_selected_card_is_played_with_the_play_button(table_app, open_table):
    match = at(4, following)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    assert not table.buttons["select:Play"].is_enabled and not table.buttons["select:Fold"].is_enabled, \
        "nothing selected: Play and Fold wait for a card"
    card = state.legal_plays()[0]
    click_card(table, driver, card)
    index = next(s.index for s in hand_zone(table).spots if s.card == card)
    assert table.input.selected == [Picked("hand0", index)]
    assert table.buttons["select:Play"].is_enabled and table.buttons["select:Fold"].is_enabled
    driver.click_widget(table.buttons["select:Play"])
    assert (match.log[-1].seat, match.log[-1].action) == (0, Play(card))
    pile = table.layout.zone("played0").spots
    assert (pile[-1].card, pile[-1].face_up) == (card, True)
    assert card not in {s.card for s in hand_zone(table).spots}


def test_a_press_on_the_greyed_play_button_says_why_it_is_greyed(table_app, open_table):
    match = at(4, following)
    table, driver = open_table(match, bot_delay=30.0)
    button = table.buttons["select:Play"]
    assert not button.is_enabled
    before = len(match.log)
    driver.click_widget(button)
    assert table.message == "Click a card of your hand first" and table.message_error
    assert len(match.log) == before and table.input.selected == []


@traces("cat_te:table.buttons")
def test_a_selected_card_is_folded_with_the_fold_button_and_stays_hidden_from_the_others(table_app, open_table):
    match = at(4, following)
    table, driver = open_table(match, bot_delay=30.0)
    card = match.state.hands[0][-1]
    click_card(table, driver, card)
    driver.click_widget(table.buttons["select:Fold"])
    assert (match.log[-1].seat, match.log[-1].action) == (0, Fold(card))
    pile = table.layout.zone("played0").spots
    assert (pile[-1].card, pile[-1].face_up) == (card, False), "face down, its owner knows it"
    assert card.label in named_tags(table.layout, 0), "the owner's folded card carries its name"
    for seat in range(1, 4):
        other = LAYOUT.build(match.state.view(seat), table_context((1280, 800), NAMES[:4], seat))
        assert (other.zone("played0").spots[-1].card, other.zone("played0").spots[-1].face_up) == (None, False)
        assert named_tags(other, 0) == []


def test_a_selected_card_that_may_not_be_played_disables_play_with_the_reason(table_app, open_table):
    match = at(4, following)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    card = next(c for c in state.hands[0] if c not in state.legal_plays())
    click_card(table, driver, card)
    button = table.buttons["select:Play"]
    assert not button.is_enabled and button.tool_tip_text == table.narrator.refusal(state.reason(Play(card)))
    assert table.buttons["select:Fold"].is_enabled, "any card may be folded"


@traces("cat_te:table.drag")
def test_a_card_dragged_onto_the_played_pile_is_played(table_app, open_table):
    match = at(4, following)
    table, driver = open_table(match, bot_delay=30.0)
    card = match.state.legal_plays()[-1]
    drop_on(table, driver, card, "played0")
    driver.settle(table)
    assert (match.log[-1].seat, match.log[-1].action) == (0, Play(card))
    assert table.layout.zone("played0").spots[-1].card == card


@traces("cat_te:table.drag")
def test_a_card_dragged_onto_the_fold_area_is_folded(table_app, open_table):
    match = at(4, following)
    table, driver = open_table(match, bot_delay=30.0)
    card = match.state.legal_plays()[0]  # even a card that could follow suit may be folded
    drop_on(table, driver, card, "fold")
    driver.settle(table)
    assert (match.log[-1].seat, match.log[-1].action) == (0, Fold(card))
    spot = table.layout.zone("played0").spots[-1]
    assert (spot.card, spot.face_up) == (card, False)


@traces("cat_te:table.drag")
def test_any_other_drop_returns_the_card(table_app, open_table):
    match = at(4, following)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    card = state.legal_plays()[0]
    home = card_rect(table, card)
    # Onto another seat's played pile: nothing is played, the card flies home, and the table says where cards go.
    drop_on(table, driver, card, "played2")
    driver.settle(table)
    assert match.state.turn == 0 and card in match.state.hands[0]
    assert table.message_error and "your own pile" in table.message
    assert card_rect(table, card) == home and table.sprites.cards[card].at == home
    # Onto the bare felt between the piles and the hand: back without a word.
    table.messages.clear_error()
    before = len(match.log)
    piles_bottom = max(z.bounds()[1] + z.bounds()[3] for z in table.layout.zones if z.id.startswith("played"))
    drag_onto(table, driver, card, (table.app.size[0] // 2 - 5, piles_bottom + 2, 10, 4))
    driver.settle(table)
    assert len(match.log) == before and table.sprites.cards[card].at == home
    # A card that may not be played face up, onto the pile: the engine's reason, and the card back in the hand.
    wrong = next(c for c in state.hands[0] if c not in state.legal_plays())
    drop_on(table, driver, wrong, "played0")
    driver.settle(table)
    assert len(match.log) == before and wrong in match.state.hands[0]
    assert table.message == table.narrator.refusal(state.reason(Play(wrong))) and table.message_error


@traces("cat_te:table.outlines")
def test_legal_cards_are_outlined_blue_and_the_selected_card_green(table_app, open_table):
    match = at(4, following)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    zone = hand_zone(table)
    legal = set(state.legal_plays())
    assert zone.playable == frozenset(s.index for s in zone.spots if s.card in legal)
    driver.frames(1)
    for spot in zone.spots:
        assert (outline_at(table, spot.rect) == theme.LEGAL) == (spot.card in legal), spot.card
    card = sorted(legal, key=lambda c: [s.card for s in zone.spots].index(c))[0]
    click_card(table, driver, card)
    driver.frames(1)
    assert outline_at(table, card_rect(table, card)) == theme.PICKED
    # The places the selected card may go light up: the person's pile (play) and the fold area (fold).
    assert set(table.input.target_rects()) == {drop_area(table.layout.zone("played0")),
                                               drop_area(table.layout.zone("fold"))}


# --------------------------------------------------------------------------- the region


def first_lead(state: CatTeState) -> bool:
    return state.phase == "play" and state.turn == 0 and state.trick_no == 1 and not state.trick


def region_choices(table: TableScene) -> dict[str, tuple[bool, object]]:
    return {table.buttons[n].text: (table.buttons[n].is_enabled, table.action_buttons.get(n))
            for n in table.buttons if n.startswith("choice:")}


@traces("cat_te:table.region", "cat_te:option.region.change")
def test_the_region_changes_before_the_first_card_and_not_after(table_app, open_table):
    match = at(4, first_lead)
    table, driver = open_table(match, bot_delay=30.0)
    assert match.state.region == "khmer" and "Khmer" in table.status_text()
    assert region_choices(table) == {"Khmer": (False, None), "Laos": (True, ChooseRegion("laos")),
                                     "Vietnamese": (True, ChooseRegion("vietnamese"))}
    name = next(n for n, a in table.action_buttons.items() if a == ChooseRegion("laos"))
    driver.click_widget(table.buttons[name])
    assert match.log[-1].action == ChooseRegion("laos") and match.state.region == "laos"
    assert "Laos" in table.status_text() and "Khmer" not in table.status_text()
    assert region_choices(table)["Khmer"] == (True, ChooseRegion("khmer")), "changeable again, until the first card"
    assert region_choices(table)["Laos"][0] is False
    card = match.state.hands[0][0]
    drop_on(table, driver, card, "played0")
    assert match.log[-1].action == Play(card)
    assert table.choice_panel is None and not region_choices(table)
    before = len(match.log)
    assert table.play(ChooseRegion("khmer")) is False and len(match.log) == before
    assert table.message == table.narrator.refusal(match.state.reason(ChooseRegion("khmer")))
    assert "before the first card" in table.message and match.state.region == "laos"
    assert "Laos" in table.status_text()


# --------------------------------------------------------------------------- the fifth trick


def last_in_fifth(state: CatTeState) -> bool:
    """Seat 0 follows last in the face-down fifth trick, after a follower who played a card face up."""
    return (state.phase == "play" and state.face_down and state.turn == 0 and state.leader != 0
            and len(state.trick) == state.playing - 1 and any(up for _, _, up in state.trick[1:]))


@fast
@pytest.mark.parametrize("region", ["laos", "vietnamese"])
@traces("cat_te:fifth.hidden", "cat_te:fifth.turn-over")
def test_the_fifth_trick_is_followed_face_down_and_turned_over_together(table_app, open_table, region):
    match = at(4, last_in_fifth, {"region": region})
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    leader, followers = state.trick[0][0], [s for s, _, _ in state.trick[1:]]
    # The leader's card lies face up; the followers' cards lie face down, their faces (and folds) unseen.
    assert table.layout.zone(f"played{leader}").spots[4].card == state.trick[0][1]
    for seat in followers:
        spot = table.layout.zone(f"played{seat}").spots[4]
        assert (spot.card, spot.face_up) == (None, False)
    assert "Face down" in table.status_text() and "Trick 5 of 6" in table.status_text()
    plays = state.legal_plays()
    action = Play(plays[0]) if plays else Fold(state.hands[0][0])
    drop_on(table, driver, action.card, "played0" if isinstance(action, Play) else "fold")
    assert match.log[-1].action == action
    # The beat: every follower's card still face down, about to turn over together.
    assert table.stages, "the engine's beat holds the picture"
    for seat in [*followers, 0]:
        assert table.layout.zone(f"played{seat}").spots[4].face_up is False
    while table.animator.busy:  # the words come as the card lands, while the beat holds
        driver.frames(1)
    assert table.stages
    assert "The fifth trick is turned over." in table.announcements()
    driver.settle(table)
    assert not table.stages
    for seat in [*followers, 0]:
        card, up = match.state.piles[seat][4]
        spot = table.layout.zone(f"played{seat}").spots[4]
        assert spot.face_up == up, "turned over: played cards face up, folded ones face down"
        assert spot.card == (card if up or seat == 0 else None)
    assert any(table.layout.zone(f"played{s}").spots[4].face_up for s in followers)


@fast
@traces("cat_te:table.piles", "cat_te:table.marks")
def test_a_complete_trick_holds_its_beat_with_the_winners_card_marked(table_app, open_table):
    match = at(4, lambda s: s.phase == "play" and s.turn == 0 and s.region == "khmer" and s.trick_no < 6
               and len(s.trick) == 3 and bool(s.legal_plays()))
    table, driver = open_table(match, bot_delay=30.0)
    card = match.state.legal_plays()[0]
    drop_on(table, driver, card, "played0")
    assert match.log[-1].action == Play(card)
    assert table.stages, "the engine's beat holds the full trick"
    winner = match.state.trick_winners[-1]
    number = len(match.state.trick_winners)
    assert not any("current" in table.layout.zone(f"seat{s}").marks for s in range(4)), "nobody acts in the beat"
    assert all(len(table.layout.zone(f"played{s}").spots) == number for s in range(4))
    won = table.layout.zone(f"played{winner}")
    assert any(m.colour == WON and won.spots[number - 1].rect[1] <= m.rect[1] < won.spots[number - 1].rect[1] + 12
               for m in won.markers), "the trick's winning card is dotted"
    driver.settle(table)
    assert "current" in table.layout.zone(f"seat{winner}").marks and "crown" in table.layout.zone(f"seat{winner}").marks


@traces("cat_te:eliminated")
def test_eliminated_seats_are_marked_out(table_app, open_table):
    match = at(4, lambda s: s.phase == "play" and s.turn == 0 and any(s.eliminated) and not s.eliminated[0],
               {"region": "laos"})
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    for seat in range(4):
        panel = table.layout.zone(f"seat{seat}")
        assert ("out" in panel.marks) == state.eliminated[seat]
        if state.eliminated[seat]:
            assert panel.lines[1] in ("eliminated", "out")
            assert len(table.layout.zone(f"hand{seat}").spots) == 2, "it keeps its last two cards, hidden"
            assert len(table.layout.zone(f"played{seat}").spots) == 4


# --------------------------------------------------------------------------- chips, the pot, the side pot


def chips_shown(table: TableScene) -> list[str]:
    return [next(m.text for m in table.layout.zone(f"seat{s}").markers if m.colour == CHIP)
            for s in range(table.state.n)]


def check_chips(table: TableScene) -> None:
    state = table.state
    assert conserved(state)
    assert chips_shown(table) == [str(c) for c in state.chips]
    pot = table.layout.zone("pot")
    assert pot.lines[0] == f"Pot {state.pot}" and pot.markers[0].text == str(state.pot)
    if state.side_on:
        assert pot.lines[1] == f"Side pot {state.side_pot}"


@traces("cat_te:table.chips", "cat_te:pot")
def test_chips_and_the_pot_are_shown_and_conserved_through_a_round(table_app, open_table):
    match = cat_te(3, seed=4, options={"side_pot": True})
    table, driver = open_table(match)
    rng = random.Random(4)
    start = match.state.round
    check_chips(table)
    assert match.state.pot == 3 * 5 and match.state.chips == [94, 94, 94]
    while not match.state.records:
        run_until(driver, lambda: bool(match.state.records) or (table.human_turn and table.settled), FRAMES)
        check_chips(table)
        if match.state.records:
            break
        before = len(match.log)
        driver.perform(table, rng.choice(match.state.legal_actions()))
        assert len(match.log) == before + 1, table.message
    driver.settle(table)
    check_chips(table)
    record = match.state.records[0]
    assert record.number == start and record.pot == 15, "the pot: everyone's ante"
    side = record.side_amount if record.side_claim == record.winner else 0
    assert record.chips[record.winner] == 94 + 15 + side, "the round's winner takes the pot"


@traces("cat_te:table.claim", "cat_te:side.claim")
def test_the_side_pot_shows_its_card_and_is_claimed_with_a_button(table_app, open_table):
    options = {"side_pot": True}
    match = at(4, lambda s: s.can_claim(0) and s.turn == 0 and s.trick_no > 1, options)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    side = table.layout.zone("side").spots
    assert [(s.card, s.face_up) for s in side] == [(state.side_card, True)]
    claim = state.view(0)["side_claim_card"]
    assert table.layout.zone("pot").lines[1:] == (f"Side pot {state.side_pot}", f"{claim.label} may claim")
    name = next(n for n, a in table.action_buttons.items() if a == CLAIM)
    assert table.buttons[name].text == f"Claim the side pot ({state.side_pot})"
    amount, chips = state.side_pot, state.chips[0]
    driver.click_widget(table.buttons[name])
    assert isinstance(match.log[-1].action, ClaimSidePot)
    assert match.state.chips[0] == chips + amount and match.state.side_pot == 0
    assert CLAIM not in table.action_buttons.values() and conserved(match.state)
    assert table.layout.zone("pot").lines[2] == f"You took it ({claim.label})"
    check_chips(table)


# --------------------------------------------------------------------------- between rounds


def my_deal(state: CatTeState) -> bool:
    return state.phase == "between" and state.turn == 0


@traces("cat_te:table.between", "cat_te:deal.dealer")
def test_deal_again_plays_another_round(table_app, open_table):
    match = at(4, my_deal)
    table, driver = open_table(match, bot_delay=30.0)
    row = match.state.records[-1]
    assert table.choice_panel is not None
    labels = {table.buttons[n].text: a for n, a in table.action_buttons.items() if n.startswith("choice:")}
    assert labels == {"Deal again": DEAL_AGAIN, "Stop": STOP}
    assert "deal again" in table.status_text().lower()
    assert table.panels.choice_panel is not None
    assert LAYOUT.round_title(table.view(), table.context()) == f"{NAMES[row.winner]} won round {row.number}"
    assert LAYOUT.round_note(table.view()).endswith(f": {row.pot + row.double} chips")
    rounds = match.state.round
    driver.perform(table, DEAL_AGAIN)
    assert isinstance(match.log[-1].action, DealAgain) and match.state.round == rounds + 1
    assert match.state.dealer == 0, "the round's winner deals"


@traces("cat_te:option.session", "cat_te:table.hint")
def test_a_session_of_five_rounds_offers_no_stop_and_says_how_long_it_is(table_app, open_table):
    match = at(4, my_deal, {"rounds": 5})
    table, driver = open_table(match, bot_delay=30.0)
    number = match.state.round
    labels = {table.buttons[n].text: a for n, a in table.action_buttons.items() if n.startswith("choice:")}
    assert labels == {"Deal again": DEAL_AGAIN}, "a session of a set length is not stopped half way"
    assert "stop" not in table.status_text().lower()
    assert f"Deal round {number + 1} of 5" in table.status_text()
    driver.key(pygame.K_h)
    assert table.message.startswith("Hint: Deal again") and "until the players stop" not in table.message
    assert f"5 rounds, {5 - number} still to play" in table.message
    driver.perform(table, DEAL_AGAIN)
    assert isinstance(match.log[-1].action, DealAgain) and match.state.round == number + 1


@traces("cat_te:table.scores")
def test_the_score_sheets_won_or_lost_row_leaves_out_the_next_rounds_ante(table_app, open_table):
    """Round 2 under way (everyone's ante in the pot): S shows the sheet, whose last row is each seat's result
    after round 1, not that result less the ante put in since."""
    match = at(4, lambda s: s.round == 2 and s.phase == "play" and s.turn == 0)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    driver.key(pygame.K_s)
    assert table.sheet_window is not None and table.sheet_window.alive()
    after = state.records[-1].chips
    last = table.sheet.rows[-1]
    assert last[0] == "Won or lost"
    assert last[-4:] == tuple(f"{c - state.start_chips:+d}" for c in after)
    assert last[-4:] != tuple(f"{x:+d}" for x in state.net()), "the ante in the pot is not counted as lost"


@traces("cat_te:table.between")
def test_stop_ends_the_session_with_the_standings(table_app, open_table):
    match = at(4, my_deal)
    table, driver = open_table(match, bot_delay=30.0)
    driver.perform(table, STOP)
    assert match.state.is_over()
    run_until(driver, lambda: table.result_panel is not None, FRAMES)
    texts = table.panels.result_texts()
    assert table.narrator.result(match.state.result()) in texts
    assert "New game" in texts and "Score sheet" in texts


# --------------------------------------------------------------------------- pass and play


def assert_curtain_hides_folds(table: TableScene, driver: UIDriver) -> None:
    """The curtain is up: no card of a hand, nor a folded card, is in the picture, and the screen is the curtain."""
    state = table.state
    assert all(not named_tags(table.layout, s) for s in range(state.n))
    assert_curtain(table, driver, {c for p in state.piles for c, up in p if not up})


@traces("cat_te:table.pass")
def test_pass_and_play_keeps_hands_and_folded_cards_behind_the_curtain(table_app, open_table):
    match = at(3, lambda s: s.round == 1 and first_lead(s), humans=("Pia", "Quin"))
    table, driver = open_table(match)
    state = match.state
    assert table.viewer == 0 and table.curtain_for is None
    rng = random.Random(3)
    folded = 0
    while state.round == 1 and state.phase == "play":
        run_until(driver, lambda: state.phase != "play" or table.curtain_for is not None or
                  (table.human_turn and table.settled), FRAMES)
        if state.phase != "play":
            break
        if table.curtain_for is not None:
            assert_curtain_hides_folds(table, driver)
            lift(table, driver)
        seat = state.turn
        assert table.viewer == seat
        mine = set(state.hands[seat]) | {c for c, up in state.piles[seat] if not up}
        assert face_up(table) - public_cards(state) == set(state.hands[seat]), "only the own hand shows"
        others = [s for s in range(3) if s != seat]
        assert all(not named_tags(table.layout, s) for s in others), "nobody else's folded cards"
        assert set(named_tags(table.layout, seat)) == {c.label for c in mine - set(state.hands[seat])}
        action = rng.choice([a for a in state.legal_actions() if isinstance(a, (Play, Fold))])
        folded += isinstance(action, Fold)
        before = len(match.log)
        driver.perform(table, action)
        assert len(match.log) == before + 1, table.message
    assert folded, "the people folded cards on the way"


# --------------------------------------------------------------------------- a whole session


def test_a_whole_session_through_the_table_with_bots_ends_with_the_result(table_app, open_table):
    """One person and two bots, for chips until someone stops or only one can pay the ante: every move of the
    person is a gesture (a drag, a selection and a button, a choice)."""
    match = cat_te(3, seed=8, options={"chips": 50, "ante": 20})
    table, driver = open_table(match)
    rng = random.Random(8)
    kinds = set()
    for _ in range(400):
        run_until(driver, lambda: match.state.is_over() or (table.human_turn and table.settled), FRAMES)
        if match.state.is_over():
            break
        legal = match.state.legal_actions()
        action = DEAL_AGAIN if DEAL_AGAIN in legal else rng.choice(legal)
        before = len(match.log)
        if isinstance(action, (Play, Fold)) and rng.random() < 0.5:  # a selection and its button
            click_card(table, driver, action.card)
            driver.click_widget(table.buttons[f"select:{'Play' if isinstance(action, Play) else 'Fold'}"])
        else:
            driver.perform(table, action)
        assert len(match.log) == before + 1 and match.log[-1].action == action, table.message
        kinds.add(type(action))
        assert conserved(match.state)
    assert match.state.is_over() and kinds & {Play, Fold} and match.state.records
    run_until(driver, lambda: table.result_panel is not None, FRAMES)
    assert table.narrator.result(match.state.result()) in table.panels.result_texts()
    sheet = LAYOUT.score_sheet(table.view(), table.context())
    assert sheet.headers == ("Round", "Region", "Winner", "How", "Pot", "You", "Ann", "Bob")
    records = match.state.records
    assert len(sheet.rows) == len(records) + 1
    for row, record in zip(sheet.rows, records, strict=False):
        assert row[0] == str(record.number) and row[2] == NAMES[record.winner]
        assert row[5:] == tuple(str(c) for c in record.chips), "every seat's chips after the round"
    assert sheet.rows[-1][5:] == tuple(f"{x:+d}" for x in match.state.net())


# --------------------------------------------------------------------------- what the table shows


@traces("cat_te:table.piles", "cat_te:table.marks", "cat_te:table.status", "cat_te:table.outlines",
        "cat_te:table.drag", "cat_te:played.stay")
def test_the_table_shows_what_the_rules_file_says(table_app, open_table):
    """What the table shows: Seat piles in a row (hands) and a played-cards pile for each seat (face up and face
    down cards stay visible, stacked, for the whole round), the current player's gold frame, a crown over the trick
    leader, legal cards outlined blue, the selected card outlined green, trick number 1–6, the led suit, the region,
    and Play / Fold buttons. Dragging a card onto the seat's played pile plays it; onto the fold area folds it; any
    other drop returns it."""
    match = at(4, lambda s: following(s) and s.region == "khmer" and s.trick_no >= 3
               and any(not up for p in s.piles for _, up in p) and any(up for p in s.piles[1:] for _, up in p))
    table, driver = open_table(match, bot_delay=0.0)
    state, layout = match.state, table.layout
    # Seat piles in a row: each seat's hand (the person's below), each seat's played pile, left to right by seat.
    fans = [layout.zone(f"hand{s}").slot for s in range(1, 4)]
    piles = [layout.zone(f"played{s}") for s in range(4)]
    assert len({r[1] for r in fans}) == 1 and [r[0] for r in fans] == sorted(r[0] for r in fans)
    tops = [p.spots[0].rect for p in piles]
    assert len({r[1] for r in tops}) == 1 and [r[0] for r in tops] == sorted(r[0] for r in tops)
    # Face up and face down cards stay, stacked: trick i's card at row i, each showing its top.
    for seat, zone in enumerate(piles):
        assert [(s.face_up, s.card is not None) for s in zone.spots] == \
            [(up, up or seat == 0) for _, up in state.piles[seat]]
        ys = [s.rect[1] for s in zone.spots]
        assert all(b - a >= 0.38 * zone.spots[0].rect[2] for a, b in zip(ys, ys[1:], strict=False))
    # The gold frame on the seat to act, the crown over the trick's leader, the trick winners' cards dotted.
    for seat in range(4):
        marks = layout.zone(f"seat{seat}").marks
        assert ("current" in marks) == (seat == state.turn) and ("crown" in marks) == (seat == state.leader)
    driver.frames(1)
    x, y, w, h = layout.zone("seat0").slot
    assert tuple(table.app.screen.get_at((x + 1, y + h // 2))[:3]) == theme.GOLD
    for trick, winner in enumerate(state.trick_winners):
        assert any(m.colour == WON and m.rect[1] < piles[winner].spots[trick].rect[1] + 12
                   for m in piles[winner].markers)
    # Legal cards outlined blue, the selected card green.
    zone = hand_zone(table)
    legal = set(state.legal_plays())
    assert zone.playable == frozenset(s.index for s in zone.spots if s.card in legal)
    assert all((outline_at(table, s.rect) == theme.LEGAL) == (s.card in legal) for s in zone.spots)
    card = next(iter(legal))
    click_card(table, driver, card)
    driver.frames(1)
    assert outline_at(table, card_rect(table, card)) == theme.PICKED
    # Trick number, led suit and region in the status bar; Play and Fold buttons.
    status = table.status_text()
    assert f"Trick {state.trick_no} of 6" in status and f"{SUIT_SYMBOLS[state.led]} led" in status
    assert REGION_NAMES[state.region] in status
    assert table.buttons["select:Play"].visible and table.buttons["select:Fold"].visible
    table.input.clear_selection()
    # Any other drop returns the card; the fold area folds it; the seat's played pile plays it.
    before = len(match.log)
    drop_on(table, driver, card, "played1")
    driver.settle(table)
    assert len(match.log) == before and card in match.state.hands[0]
    drop_on(table, driver, card, "fold")
    assert match.log[-1].action == Fold(card)
    run_until(driver, lambda: match.state.turn == 0 and table.settled and match.state.phase == "play", FRAMES)
    card = match.state.legal_plays()[0]
    drop_on(table, driver, card, "played0")
    assert match.log[-1].action == Play(card)
    assert table.layout.zone("played0").spots[-1].card == card


# --------------------------------------------------------------------------- the layout at every size


def views(players: int) -> list[dict]:
    """A view at the start of a round (full hands), one late in a round (full piles) and one between rounds."""
    out = []
    for wanted in (first_lead, lambda s: s.phase == "play" and s.turn == 0 and s.trick_no == 6 and bool(s.trick),
                   lambda s: s.phase == "between" and s.records[-1].how == "last trick"):
        out.append(state_at(RULES, players, wanted, {"side_pot": True}, most=600).view(0))
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_fits_the_window_without_overlaps(players: int, size: tuple[int, int]):
    for view in views(players):
        ctx: TableContext = table_context(size, NAMES[:players], 0, theme.ui_scale(size))
        layout = LAYOUT.build(view, ctx)
        x0, top, width, height = ctx.area
        for zone in layout.zones:
            x, y, w, h = zone.bounds()
            assert x >= 0 and y >= top and x + w <= width and y + h <= top + height, (zone.id, zone.bounds())
            for mx, my, mw, mh in (m.rect for m in zone.markers):
                assert mx >= 0 and my >= top and mx + mw <= width and my + mh <= top + height, zone.id
        panels = [layout.zone(f"seat{s}") for s in range(players)]
        assert all(p.slot[1] >= top + 24 for p in panels), "room for the crown under the toolbar"
        columns = [[z for z in layout.zones if z.id[-1:] == str(s) and z.id.startswith(("seat", "hand", "played"))
                    and not (s == 0 and z.id == "hand0")] for s in range(players)]
        for s, column in enumerate(columns):
            for other in columns[s + 1:]:
                for a in column:
                    for b in other:
                        assert not overlaps(a.bounds(), b.bounds()), (a.id, b.id)
        bottom = [layout.zone(z) for z in ("hand0", "deck", "pot", "side")] + \
            ([layout.zone("fold")] if view["phase"] == "play" else [])
        for i, a in enumerate(bottom):
            for b in bottom[i + 1:]:
                assert not overlaps(a.bounds(), b.bounds()), (a.id, b.id)
            for column in columns:
                for b in column:
                    assert not overlaps(a.bounds(), b.bounds()), (a.id, b.id)
        # Readable: a pile's card shows its corner under the next one; the person's cards are bigger.
        sw = layout.zone("played0").slot[2]
        assert sw >= 30 and layout.card_size[0] >= 1.5 * sw
        pile = [s.rect for z in layout.zones if z.id.startswith("played") for s in z.spots]
        if len(pile) > 1:
            steps = {b[1] - a[1] for a, b in zip(pile, pile[1:], strict=False) if a[0] == b[0]}
            assert min(steps) >= 0.38 * sw


def test_the_result_and_the_announcements_name_the_players(table_app, open_table):
    """The engine's texts read with the players' names at the table (the person as "you")."""
    match = at(3, lambda s: s.phase == "between" and s.turn == 0)
    table, driver = open_table(match, bot_delay=30.0)
    names = list(NAMES[:3])
    assert "Seat" not in table.narrator.result(match.state.result())
    driver.perform(table, STOP)
    run_until(driver, lambda: table.result_panel is not None, FRAMES)
    texts = table.panels.result_texts()
    assert not any("Seat" in text for text in texts)
    assert all(any(text.startswith((name, f"\u2605 {name}")) for text in texts) for name in names), texts
