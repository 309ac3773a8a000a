"""The generic table's pieces, proven on the test game (tests/fixture_game) through the real table, headless:
card-face choices, selecting several cards and the buttons the selection enables, click-then-click on a lit
target, card-level and grid-cell targets, markers, the engine's holds, a timer with its default move, faces as
data, a hand in two rows and named seat marks."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from cardtable.core.cards import Card
from cardtable.session.match import Match, Seat
from cardtable.ui import theme
from cardtable.ui.selftest_game import play_whole_game
from tests.fixture_game import GAME
from tests.fixture_game.rules import Call, Capture, Mark, Pair
from tests.ui.table_helpers import centre

SEATS = [Seat("human", "You"), Seat("bot:normal", "Bot")]


def pairs(seed: int = 3, called: bool = True, **options) -> Match:
    match = Match(GAME, SEATS, options, seed=seed)
    if called:
        match.apply(Call(1))
    return match


def hand_point(table, card: Card) -> tuple[int, int]:
    """A point of `card` in the person's hand that no other card covers."""
    zone = table.layout.zone("hand0")
    spots = zone.spots
    i = next(k for k, s in enumerate(spots) if s.card == card)
    x, y, w, h = spots[i].rect
    covered = [s.rect for s in spots[i + 1:]]
    for px in range(x + 3, x + w - 3, 3):
        for py in (y + 6, y + h // 2, y + h - 6):
            if not any(r[0] <= px < r[0] + r[2] and r[1] <= py < r[1] + r[3] for r in covered):
                return px, py
    raise AssertionError(f"{card} is hidden")


def drag(driver, start, end) -> None:
    driver.drag(start, end)


def test_a_choice_shows_card_faces_and_a_click_picks_one(table_app, open_table):
    match = pairs(called=False)
    table, driver = open_table(match, bot_delay=30.0)
    assert table.choice_panel is not None
    images = [e for e in table.choice_panel.get_container().elements if type(e).__name__ == "UIImage"]
    assert len(images) == 6, "one card face per choice"
    name = next(n for n, a in table.action_buttons.items() if a == Call(4))
    driver.click_widget(table.buttons[name])
    assert match.log[0].action == Call(4)


def test_two_cards_are_selected_with_clicks_and_their_button_plays_the_pair(table_app, open_table):
    match = pairs()
    table, driver = open_table(match, bot_delay=30.0)
    hand = match.state.hands[0]
    a, b = next((x, y) for i, x in enumerate(hand) for y in hand[i + 1:] if x.rank == y.rank)
    third = next(c for c in hand if c.rank != a.rank)
    assert not table.buttons["select:Play pair"].is_enabled, "nothing selected: the button waits"
    driver.click(hand_point(table, a))
    driver.click(hand_point(table, third))
    assert not table.buttons["select:Play pair"].is_enabled, "two different numbers are not a pair"
    reason = table.narrator.refusal(match.state.refusal(Pair(a, third)))
    assert table.buttons["select:Play pair"].tool_tip_text == reason, \
        "the table disables an illegal selection's button with the engine's reason"
    driver.click(hand_point(table, b))  # a third pick drops the oldest: the selection is `third` and `b`
    assert [match.state.hands[0][p.index] for p in table.input.selected] == [third, b]
    driver.click(hand_point(table, third))  # a click on a selected card unselects it
    driver.click(hand_point(table, a))
    assert sorted(match.state.hands[0][p.index] for p in table.input.selected) == sorted([a, b])
    # Selected cards are outlined green on the screen.
    rect = next(s.rect for s in table.layout.zone("hand0").spots if s.card == a)
    assert table_app.screen.get_at((rect[0] - 2, rect[1] + rect[3] // 2))[:3] == theme.PICKED
    button = table.buttons["select:Play pair"]
    assert button.is_enabled
    driver.click_widget(button)
    assert match.log[-1].action in (Pair(a, b), Pair(b, a)) and match.log[-1].seat == 0
    assert table.input.selected == []


def test_a_first_step_offers_its_actions_in_the_chooser_and_cancel_goes_back(table_app, open_table):
    match = pairs(called=False)
    table, driver = open_table(match, bot_delay=30.0)
    name = next(n for n in table.panels.groups)
    assert table.buttons[name].text == "Odd" and table.buttons[name].is_enabled
    driver.click_widget(table.buttons[name])
    assert table.chooser is not None and not table.choice_panel.visible, "the second step shows in its place"
    images = [e for e in table.chooser.get_container().elements if type(e).__name__ == "UIImage"]
    picks = [a for n, a in table.action_buttons.items() if n.startswith("pick:")]
    assert len(images) == 3 and picks == [Call(1), Call(3), Call(5)]
    driver.click_widget(next(b for n, b in table.buttons.items() if n.startswith("pick:") and b.text == "Cancel"))
    assert table.chooser is None and table.choice_panel.visible and not match.log
    driver.perform(table, Call(3))  # the driver makes it the way a person does: the first step, then the face
    assert match.log[0].action == Call(3)


def test_choice_rows_are_packed_by_their_widths():
    from cardtable.ui.table.panels import pack_rows

    assert pack_rows([46] * 13 + [90], 728) == [list(range(13)), [13]]
    assert pack_rows([100, 100, 100], 250) == [[0, 1], [2]]
    assert pack_rows([300], 100) == [[0]], "a button wider than the room still gets a row"


def test_the_self_test_plays_with_the_games_self_test_options(table_home, monkeypatch):
    import dataclasses

    from cardtable.session.saves import load_match
    from cardtable.storage import last_game_path

    monkeypatch.setenv("CARDTABLE_BOT_MODE", "inline")
    game = dataclasses.replace(GAME, self_test_options=(("timer", 10),))
    assert "played to the end" in play_whole_game(game, (1280, 800), None)
    kept = load_match(last_game_path(game.id), lambda wanted: game)
    assert kept.options["timer"] == 10


def test_a_selection_goes_where_the_card_under_the_pointer_is_dropped(table_app, open_table):
    match = pairs()
    table, driver = open_table(match, bot_delay=30.0)
    hand = match.state.hands[0]
    a, b = next((x, y) for i, x in enumerate(hand) for y in hand[i + 1:] if x.rank == y.rank)
    driver.click(hand_point(table, a))
    driver.click(hand_point(table, b))
    pile = table.layout.zone("pile0").slot
    assert pile in table.input.target_rects()
    start = hand_point(table, b)  # the second card of the selection: the one under the pointer counts
    here = next(s.rect for s in table.layout.zone("hand0").spots if s.card == b)
    driver.drag(start, (start[0] + pile[0] - here[0], start[1] + pile[1] - here[1]))
    assert match.log[-1].seat == 0 and match.log[-1].action in (Pair(a, b), Pair(b, a))


def test_the_hint_of_a_move_of_several_cards_lights_each_of_them(table_app, open_table):
    from cardtable.games.plugin import Hint
    from cardtable.ui.table.hints import hint_marks, seen_part

    match = pairs()
    table, driver = open_table(match, bot_delay=30.0)
    hand = match.state.hands[0]
    a, b = next((x, y) for i, x in enumerate(hand) for y in hand[i + 1:] if x.rank == y.rank)
    marks = hint_marks(table, Hint(Pair(a, b), "a pair"))
    zone = table.layout.zone("hand0")
    assert sorted(marks) == sorted((seen_part(zone, s), theme.PICKED) for s in zone.spots if s.card in (a, b))


def test_escape_lets_go_of_the_selection(table_app, open_table):
    match = pairs()
    table, driver = open_table(match, bot_delay=30.0)
    driver.click(hand_point(table, match.state.hands[0][0]))
    assert table.input.selected
    driver.key(pygame.K_ESCAPE)
    assert table.input.selected == [] and table_app.scene is table


def capture_pair(match: Match) -> tuple[Card, int]:
    """A hand card and the index of the table card of its number."""
    table_cards = match.state.table
    for card in match.state.hands[0]:
        for i, t in enumerate(table_cards):
            if t.rank == card.rank:
                return card, i
    raise AssertionError("no capture in this deal")


def seed_with_capture() -> int:
    return next(s for s in range(50) if any(c.rank in {t.rank for t in pairs(s).state.table}
                                            for c in pairs(s).state.hands[0]))


def test_a_card_dropped_on_one_table_card_captures_that_card(table_app, open_table):
    match = pairs(seed_with_capture())
    table, driver = open_table(match, bot_delay=30.0)
    card, index = capture_pair(match)
    target = table.layout.zone("table").spots[index].rect
    start = hand_point(table, card)
    here = next(s.rect for s in table.layout.zone("hand0").spots if s.card == card)
    end = (start[0] + target[0] - here[0], start[1] + target[1] - here[1])
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    driver.frames(1)
    driver.post(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    driver.frames(1)
    lit = table.input.target_rects()
    assert target in lit, "the card it may capture lights up"
    others = [s.rect for s in table.layout.zone("table").spots if s.index != index
              and s.card.rank != card.rank]
    assert not any(r in lit for r in others), "cards of other numbers do not"
    assert table.layout.zone("table").slot not in lit or index == 0
    driver.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    driver.frames(2)
    assert match.log[-1].action == Capture(card, match.log[-1].action.target)
    assert match.log[-1].action.target.rank == card.rank


def test_a_selected_card_plays_on_a_clicked_lit_target(table_app, open_table):
    """Click a card, then click where it goes: no drag needed."""
    match = pairs(seed_with_capture())
    table, driver = open_table(match, bot_delay=30.0)
    card, index = capture_pair(match)
    driver.click(hand_point(table, card))
    target = table.layout.zone("table").spots[index].rect
    assert target in table.input.target_rects()
    driver.click(centre(target))
    assert match.log[-1].seat == 0 and match.log[-1].action == Capture(card, match.state.piles[0][-1])


def test_a_card_dropped_on_its_cell_marks_the_board_with_a_token(table_app, open_table):
    match = pairs()
    table, driver = open_table(match, bot_delay=30.0)
    card = match.state.hands[0][0]
    cell = table.layout.zone(f"cell{card.rank}").slot
    start = hand_point(table, card)
    here = next(s.rect for s in table.layout.zone("hand0").spots if s.card == card)
    driver.drag(start, (start[0] + cell[0] - here[0], start[1] + cell[1] - here[1]))
    driver.settle(table)
    assert match.log[-1].action == Mark(card, card.rank) and match.state.board[card.rank - 1] == 0
    zone = table.layout.zone(f"cell{card.rank}")
    assert zone.markers and zone.markers[0].seat == 0
    driver.frames(1)
    assert table_app.screen.get_at(centre(zone.markers[0].rect))[:3] == theme.seat_colour(0)
    counter = table.layout.zone("seat0").markers[0]
    assert counter.shape == "counter" and counter.text == "1"


@pytest.mark.parametrize("table_speed", ["fast"])
def test_a_capture_holds_its_beat_before_the_cards_go(table_app, open_table):
    match = pairs(seed_with_capture())
    table, driver = open_table(match, bot_delay=30.0)
    card, index = capture_pair(match)
    target = match.state.table[index]
    table.play(Capture(card, target))
    assert table.stages, "the engine's hold: the captured pair shows on the table first"
    assert card in [s.card for s in table.layout.zone("table").spots]
    driver.settle(table)
    assert not table.stages and card not in [s.card for s in table.layout.zone("table").spots]


@pytest.mark.parametrize("table_speed", ["fast"])
def test_each_beat_of_a_move_holds_its_own_picture(table_app, open_table):
    """The engine's snapshots of a move's beats: the card beside its target for the first beat, then the pair on
    the pile for the second, then the real state."""
    match = pairs(seed_with_capture())
    table, driver = open_table(match, bot_delay=30.0)
    card, index = capture_pair(match)
    target = match.state.table[index]
    table.play(Capture(card, target))
    assert len(table.stages) == 2
    assert card in [s.card for s in table.layout.zone("table").spots]
    for _ in range(200):
        if len(table.stages) < 2 and not table.animator.busy:
            break
        driver.frames(1)
    assert len(table.stages) == 1, "the second beat holds"
    assert card not in [s.card for s in table.layout.zone("table").spots]
    assert {card, target} <= {s.card for s in table.layout.zone("pile0").spots}
    driver.settle(table)
    assert not table.stages


def test_the_timer_makes_its_default_move(table_app, open_table):
    match = pairs(timer=10)
    table, driver = open_table(match, bot_delay=30.0)
    before = len(match.log)
    legal = match.state.legal_actions()
    driver.frames(round(9.5 * 60))
    assert len(match.log) == before and table.driver.time_left is not None
    assert table.clock_text()[0].startswith("1 s left") and table.clock_text()[1]
    driver.frames(60)
    assert match.log[before].seat == 0 and match.log[before].action == legal[0]
    assert table.message.startswith("Time is up")


def test_a_quiet_timer_is_a_beat_with_no_countdown_and_no_time_out(table_app, open_table):
    match = pairs(timer=1)
    table, driver = open_table(match, bot_delay=30.0)
    before = len(match.log)
    legal = match.state.legal_actions()
    driver.frames(30)
    assert len(match.log) == before and table.driver.time_left is not None
    assert "left" not in table.clock_text()[0] and not table.clock_text()[1]
    driver.frames(40)
    assert match.log[before].seat == 0 and match.log[before].action == legal[0]
    assert not table.message.startswith("Time is up") and table.driver.timeouts == {}


def test_faces_come_from_the_layouts_spec(table_app, open_table):
    match = pairs()
    table, driver = open_table(match, bot_delay=30.0)
    spot = table.layout.zone("hand0").spots[-1]  # the top card, drawn whole
    expected = table_app.art.face(spot.card, spot.rect[2:], GAME.layout.face(spot.card))
    drawn = table_app.screen.subsurface(spot.rect)
    probe = (spot.rect[2] // 2, spot.rect[3] // 2)
    assert drawn.get_at(probe)[:3] == expected.get_at(probe)[:3]
    french = table_app.art.face(spot.card, spot.rect[2:])
    assert pygame.image.tobytes(french, "RGBA") != pygame.image.tobytes(expected, "RGBA")


def test_a_big_hand_wraps_to_two_rows_in_a_small_window(table_app, open_table):
    pygame.display.set_mode((800, 560))
    table_app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=560, size=(800, 560)))
    match = pairs()
    table, driver = open_table(match, bot_delay=30.0)
    spots = table.layout.zone("hand0").spots
    assert len({s.rect[1] for s in spots}) == 2
    window = pygame.Rect(0, 0, 800, 560)
    assert all(window.contains(pygame.Rect(s.rect)) for s in spots)


def test_seat_panels_carry_named_marks(table_app, open_table):
    match = pairs()
    table, driver = open_table(match, bot_delay=30.0)
    seat0 = table.layout.zone("seat0")
    assert {"current", "dealer"} <= seat0.marks
    panel = table.sprites.panels["seat0"]
    assert panel.image.get_width() == seat0.slot[2]


def test_the_test_game_plays_to_its_end_through_the_table(table_home, monkeypatch):
    monkeypatch.setenv("CARDTABLE_BOT_MODE", "inline")
    assert "played to the end" in play_whole_game(GAME, (1280, 800), None)


def test_a_big_window_grows_the_toolbar_panels_and_text(table_app, open_table):
    from cardtable.core.seating import PANEL_W
    from cardtable.ui.theme import BUTTON_H

    match = pairs()
    table, driver = open_table(match, bot_delay=30.0)
    small = (table.buttons["menu"].rect.height, table.layout.zone("seat0").slot[2], table.panels.font.get_height())
    pygame.display.set_mode((1920, 1080))
    table_app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    driver.frames(2)
    assert table.ui_scale == 1.3
    big = (table.buttons["menu"].rect.height, table.layout.zone("seat0").slot[2], table.panels.font.get_height())
    assert small[0] == BUTTON_H and big[0] > BUTTON_H
    assert big[1] > small[1] and small[1] <= PANEL_W
    assert big[2] > small[2]
    assert table.buttons["menu"].rect.bottom <= table.context().area[1], "the toolbar stays above the table"


def test_a_marker_may_carry_a_colour_of_the_games_own(table_app, open_table):
    from tests.fixture_game.layout import CALLED

    match = pairs()
    table, driver = open_table(match, bot_delay=30.0)
    dot = next(m for m in table.layout.zone("cell1").markers if m.colour is not None)
    assert dot.seat is None and dot.colour == CALLED
    driver.frames(1)
    assert table_app.screen.get_at(centre(dot.rect))[:3] == CALLED


def other_number_on_the_table(match: Match) -> tuple[Card, int]:
    """A hand card and the index of the last table card, of another number (an illegal capture)."""
    last = len(match.state.table) - 1
    card = next(c for c in match.state.hands[0] if c.rank != match.state.table[last].rank)
    return card, last


def test_a_drop_where_the_move_is_illegal_says_the_engines_reason(table_app, open_table):
    """The table's top card is also where the table as a whole takes a drop, which means nothing here: the drop is
    read as the move it means there (a capture), and the engine says why it is illegal."""
    match = pairs()
    table, driver = open_table(match, bot_delay=30.0)
    card, index = other_number_on_the_table(match)
    target = table.layout.zone("table").spots[index].rect
    start = hand_point(table, card)
    here = next(s.rect for s in table.layout.zone("hand0").spots if s.card == card)
    before = len(match.log)
    driver.drag(start, (start[0] + target[0] - here[0], start[1] + target[1] - here[1]))
    assert len(match.log) == before
    assert table.message == "A card captures a table card of the same number." and table.message_error


def test_a_click_where_the_selection_may_not_go_says_why_and_lets_it_go(table_app, open_table):
    match = pairs()
    table, driver = open_table(match, bot_delay=30.0)
    card, index = other_number_on_the_table(match)
    driver.click(hand_point(table, card))
    target = table.layout.zone("table").spots[index].rect
    assert target not in table.input.target_rects()
    before = len(match.log)
    driver.click(centre(target))
    assert len(match.log) == before
    assert table.message == "A card captures a table card of the same number." and table.message_error
    assert table.input.selected == [], "the refused card is let go"


def test_a_drop_that_means_no_move_says_the_layouts_reason_and_goes_back(table_app, open_table):
    """A pile takes no card from the hand: the drop means no move, and the layout's reason is said."""
    match = pairs()
    table, driver = open_table(match, bot_delay=30.0)
    card = match.state.hands[0][0]
    start = hand_point(table, card)
    pile = table.layout.zone("pile1").slot
    here = next(s.rect for s in table.layout.zone("hand0").spots if s.card == card)
    before = len(match.log)
    driver.drag(start, (start[0] + pile[0] - here[0], start[1] + pile[1] - here[1]))
    assert len(match.log) == before and card in match.state.hands[0]
    assert table.message == "Won cards go to the piles by themselves." and table.message_error


def test_a_click_that_means_no_move_for_the_selection_says_why_and_lets_it_go(table_app, open_table):
    match = pairs()
    table, driver = open_table(match, bot_delay=30.0)
    card = match.state.hands[0][0]
    driver.click(hand_point(table, card))
    driver.click(centre(table.layout.zone("pile1").slot))
    assert table.message == "Won cards go to the piles by themselves." and table.message_error
    assert table.input.selected == [], "the refused card is let go"


def test_a_result_line_too_long_for_the_panel_wraps_rather_than_being_cut(table_home, open_table):
    """The result's summary (here long with long names, in a small window) goes on in the lines under it."""
    import random

    from cardtable.ui.table.result_panel import render_lines
    from cardtable.ui.theme import wrap_words as wrap
    from cardtable.ui.window import App

    names = ("Somebody with a really rather long name", "A bot with an even longer name than that one")
    match = Match(GAME, [Seat("human", names[0]), Seat("bot:normal", names[1])], {}, seed=3)
    rng = random.Random(3)
    while not match.state.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    app = App((800, 560))
    app.settings.animation_speed = "instant"
    table, driver = open_table(match, app=app)
    table.panels.show_result()
    summary = table.narrator.result(match.state.result())
    assert summary in table.panels.result_texts()
    font = table.fonts.get(16)
    parts = wrap(font, summary, 800 - 80)
    assert len(parts) >= 2 and " ".join(parts) == summary, "the summary is too long for one line here"
    image = render_lines(table.fonts, "Title", [summary], 800 - 80)
    one = render_lines(table.fonts, "Title", ["short"], 800 - 80)
    assert image.get_width() <= 800 - 80 and image.get_height() > one.get_height()
    panel = table.result_panel
    assert panel is not None and panel.rect.width <= 800 and panel.rect.height <= 560


def test_an_idle_table_asks_the_engine_nothing_and_a_drag_asks_each_target_once(table_app, open_table, monkeypatch):
    """The position is worked out once (no view or legal moves a frame), and a drag asks the layout what a drop
    means on each target once, however long the pointer travels."""
    match = pairs()
    table, driver = open_table(match, bot_delay=30.0)
    asked: Counter[str] = Counter()
    state_type = type(match.state)
    for name in ("view", "legal_actions"):
        real = getattr(state_type, name)
        monkeypatch.setattr(state_type, name,
                            lambda self, *args, _real=real, _name=name: (asked.update([_name]), _real(self, *args))[1])
    driver.frames(90)
    assert not asked, f"an idle table asked the engine {dict(asked)}"
    meant: Counter[tuple[str, int | None]] = Counter()
    layout_type = type(table.game_layout)
    real_drop = layout_type.drop_action
    monkeypatch.setattr(layout_type, "drop_action",
                        lambda self, view, picked, target: (meant.update([(target.zone, target.index)]),
                                                            real_drop(self, view, picked, target))[1])
    card = match.state.hands[0][0]
    start = hand_point(table, card)
    middle = centre(table.layout.zone("table").slot)
    driver.drag(start, middle, steps=40)
    assert meant and max(meant.values()) == 1, f"targets asked more than once a drag: {meant}"


@pytest.mark.parametrize("table_speed", ["fast"])
def test_undo_while_a_beat_holds_shows_the_position_taken_back_to_and_nothing_of_the_move(table_app, open_table):
    """The moment shown is reset by undo: no held picture, card or word of the move taken back stays."""
    match = pairs(seed_with_capture())
    table, driver = open_table(match, bot_delay=30.0)
    card, index = capture_pair(match)
    target = match.state.table[index]
    table.play(Capture(card, target))
    assert table.stages
    table.undo()
    driver.settle(table)
    assert not table.stages
    assert card in [s.card for s in table.layout.zone("hand0").spots]
    assert {card, target}.isdisjoint(s.card for s in table.layout.zone("pile0").spots)
    said = table.messages.all() + table.move_log.lines() + list(table.words.seat_notes.notes.values())
    assert not [text for text in said if "capture" in text.lower()], said
