"""The King of the Hill table, driven headless through real posted mouse events.

Cards are selected with clicks (two to play, eight to bury) and played with the selection's button, by a click on
the lit trick or by a drag; declaring, choosing the trump suit and calling are choice panels (a call: a suit, then
one of its faces); while the person may declare, the deal goes on by itself after a quiet beat.  Positions are
reached by applying seeded random moves to the match before the table opens; the match state is what every test
checks.  The table's clock is the driver's frames: no test waits on the wall clock but for bots in the loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pygame
import pytest

from cardtable.core.cards import SUIT_SYMBOLS, Card
from cardtable.core.layout import Rect, TableContext
from cardtable.games.king_of_the_hill.layout import (
    DEFENDER_TINT,
    LAYOUT,
    called_text,
    picture,
    trump_text,
)
from cardtable.games.king_of_the_hill.narration import card_text
from cardtable.games.king_of_the_hill.rules import (
    CALL_NONE,
    CHOOSE,
    PASS,
    PLAY,
    RULES,
    Bury,
    Call,
    ChooseTrump,
    Declare,
    KingState,
    Play,
    face_of,
    identical,
    play_two,
)
from cardtable.session.match import Match
from cardtable.ui import theme
from cardtable.ui.driver import UIDriver
from cardtable.ui.table import TableScene
from cardtable.ui.table.view import CROWN_ROOM, table_context
from tests.rule_trace import traces
from tests.ui.table_helpers import (
    SIZES,
    assert_curtain,
    card_rect,
    click_anew,
    find_moves,
    hand_zone,
    inside,
    lift,
    new_match,
    overlaps,
    random_move,
    resize,
    run_until,
    seats,
    state_at,
    wait,
)

NAMES = ("You", "Ann", "Bob", "Cy", "Dee")
SUIT_WORDS = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
SECONDS = 60.0  # the most wall-clock time a wait lets the table take (bots may think in a worker)
Policy = Callable[[KingState, random.Random], object]


# --------------------------------------------------------------------------- set-up


def never_declare(state: KingState, rng: random.Random):
    """Random moves, but nobody declares (so a later round's King of the Hill chooses the trump suit)."""
    return PASS if state.phase == "declare" else rng.choice(state.legal_actions())


def koth_match(wanted: Callable[[KingState], bool], options: dict | None = None, policy: Policy = random_move,
               humans: Sequence[str] = ("You",)) -> Match:
    """A match at the first position `wanted` of seeded playouts (moves from `policy`)."""
    seed, moves = find_moves(RULES, 5, wanted, options, policy=policy)
    return new_match("king_of_the_hill", seats(humans, 5, NAMES[len(humans):]), options, seed, moves)


def mine(phase: str) -> Callable[[KingState], bool]:
    return lambda s: s.phase == phase and s.turn == 0


def asked(state: KingState) -> bool:
    """Seat 0 is asked to declare: the card just dealt to it is of the trump rank, or the deal is over."""
    if not mine("declare")(state):
        return False
    card = state.hands[0][-1]
    return state.final is not None or (card.rank == state.trump_rank and card.suit != "J")


def pairs_of(hand: Sequence[Card]) -> list[tuple[Card, Card]]:
    """Neighbours of a sorted hand (identical cards are neighbours)."""
    return list(zip(hand, hand[1:], strict=False))


def leads_with_a_pair(state: KingState) -> bool:
    hand = state.hands[0]
    return mine("play")(state) and not state.trick and any(identical(a, b) for a, b in pairs_of(hand))


def card_point(table: TableScene, card: Card) -> tuple[int, int]:
    """A point of `card` in the hand at the screen that no later card covers."""
    zone = hand_zone(table)
    i = next(k for k, s in enumerate(zone.spots) if s.card == card)
    return UIDriver._visible(table, zone.id, zone.spots[i].index)


def click_card(table: TableScene, driver: UIDriver, card: Card) -> None:
    """Click `card`, after the double-click time (the same place may have been clicked just before)."""
    click_anew(table, driver, card_point(table, card))


def empty_middle_point(table: TableScene) -> tuple[int, int]:
    """A point of the trick's area (the middle of the table) that no card covers."""
    x, y, w, h = table.layout.zone("trick").slot
    cards = [s.rect for z in table.layout.zones for s in z.spots]
    points = [(px, py) for py in range(y + 4, y + h - 4, 6) for px in range(x + 4, x + w - 4, 6)]
    points.sort(key=lambda p: abs(p[0] - x - w // 2) + abs(p[1] - y - h // 2))  # nearest the middle first
    return next(p for p in points if not any(r[0] <= p[0] < r[0] + r[2] and r[1] <= p[1] < r[1] + r[3]
                                             for r in cards))


def drag_onto_trick(table: TableScene, driver: UIDriver, card: Card) -> None:
    """Drag `card` (and the selection, if it is selected) into the middle of the table."""
    start = card_point(table, card)
    target = empty_middle_point(table)
    here = card_rect(table, card)
    driver.drag(start, (start[0] + target[0] - here[0] - here[2] // 2, start[1] + target[1] - here[1] - here[3] // 2))


def select_button(table: TableScene) -> tuple[str, object]:
    name = next(n for n in table.buttons if n.startswith("select:"))
    return name, table.buttons[name]


def face_up(table: TableScene) -> set[Card]:
    """The real cards shown face up (not the small pictures of the called card and of a dead hand)."""
    return {s.card for z in table.layout.zones for s in z.spots if s.face_up and s.card is not None
            and s.card.copy < 4}


def union(a: Rect, b: Rect) -> Rect:
    x, y = min(a[0], b[0]), min(a[1], b[1])
    return x, y, max(a[0] + a[2], b[0] + b[2]) - x, max(a[1] + a[3], b[1] + b[3]) - y


# --------------------------------------------------------------------------- playing cards


@traces("king_of_the_hill:table.hand", "king_of_the_hill:table.seats", "king_of_the_hill:table.corner")
def test_the_table_shows_the_seats_the_sorted_hand_trump_king_call_teammate_points_ranks_and_trick(open_table):
    """Five seats around the table, the human's hand sorted by trump order then suit (it can hold 28 cards while
    burying), trump rank and suit, the KotH (crown), the called card, the revealed teammate, points won per player,
    each player's rank, and the current trick."""
    match = koth_match(lambda s: mine("play")(s) and s.trick and s.teammate is not None and s.called is not None)
    table, driver = open_table(match, bot_delay=30.0)
    state, layout = match.state, table.layout
    view = state.view(0)
    assert [z.id for z in layout.zones if z.kind == "seat" and z.id.startswith("seat")] == \
        [f"seat{s}" for s in range(5)]
    hand = [s.card for s in hand_zone(table).spots]
    ordered = list(hand)
    state.order.sort(ordered)
    assert hand == ordered == state.hands[0], "sorted by trump order, then suit"
    info = " ".join(layout.zone("info").lines)
    assert info.startswith(f"Round {state.round + 1}")
    assert trump_text(view) in info and trump_text(view) in table.status_text()
    assert trump_text(view) == f"Trump {view['trump_rank_label']}{SUIT_SYMBOLS[state.trump_suit]}"
    assert called_text(view) in info and f"Teammate: {NAMES[state.teammate]}" in info
    for seat in range(5):
        panel = layout.zone(f"seat{seat}")
        assert ("crown" in panel.marks) == (seat == state.koth)
        assert f"rank {view['rank_labels'][seat]} \u00b7 {state.points[seat]} pts" in panel.lines
    assert [s.card for s in layout.zone("trick").spots] == [c for _, cards in state.trick for c in cards]


@traces("king_of_the_hill:table.play")
def test_a_pair_is_selected_and_played_with_its_button(table_app, open_table):
    """Pairs are played by selecting two cards and dropping or pressing Play."""
    match = koth_match(leads_with_a_pair)
    table, driver = open_table(match, bot_delay=30.0)
    hand = match.state.hands[0]
    a, b = next((x, y) for x, y in pairs_of(hand) if identical(x, y))
    name, button = select_button(table)
    assert name == "select:Play" and not button.is_enabled, "nothing selected: the button waits"
    click_card(table, driver, a)
    click_card(table, driver, b)
    assert sorted(match.state.hands[0][p.index] for p in table.input.selected) == sorted([a, b])
    name, button = select_button(table)
    assert name == "select:Play pair" and button.is_enabled
    driver.click_widget(button)
    assert match.log[-1].seat == 0 and match.log[-1].action == play_two(a, b)
    assert match.state.trick == [(0, play_two(a, b).cards)]
    spots = table.layout.zone("trick").spots
    assert sorted(s.card for s in spots) == sorted([a, b]) and spots[0].rect[1] == spots[1].rect[1], \
        "the pair lies side by side in the trick"


@traces("king_of_the_hill:table.play")
def test_a_selected_pair_is_dropped_on_the_trick(table_app, open_table):
    match = koth_match(leads_with_a_pair)
    table, driver = open_table(match, bot_delay=30.0)
    hand = match.state.hands[0]
    a, b = next((x, y) for x, y in pairs_of(hand) if identical(x, y))
    click_card(table, driver, a)
    click_card(table, driver, b)
    drag_onto_trick(table, driver, b)
    driver.settle(table)
    assert match.log[-1].seat == 0 and match.log[-1].action == play_two(a, b)


def test_two_cards_that_may_not_go_together_disable_play_with_the_engines_reason(table_app, open_table):
    match = koth_match(leads_with_a_pair)
    table, driver = open_table(match, bot_delay=30.0)
    hand = match.state.hands[0]
    a = hand[0]
    b = next(c for c in hand if not identical(a, c))
    click_card(table, driver, a)
    click_card(table, driver, b)
    name, button = select_button(table)
    assert name == "select:Play both" and not button.is_enabled
    assert button.tool_tip_text == table.narrator.refusal(match.state.why_not(play_two(a, b)))
    assert "identical pair" in button.tool_tip_text


@traces("king_of_the_hill:table.play")
def test_a_single_card_is_dragged_onto_the_trick(table_app, open_table):
    match = koth_match(mine("play"))
    table, driver = open_table(match, bot_delay=30.0)
    play = next(a for a in match.state.legal_actions() if len(a.cards) == 1)
    before = len(match.log)
    drag_onto_trick(table, driver, play.cards[0])
    driver.settle(table)
    assert len(match.log) > before and match.log[before].seat == 0 and match.log[before].action == play


@traces("king_of_the_hill:table.play")
def test_a_single_card_is_clicked_then_the_lit_trick_is_clicked(table_app, open_table):
    match = koth_match(lambda s: mine("play")(s) and bool(s.trick) and s.led_count == 1)
    table, driver = open_table(match, bot_delay=30.0)
    legal = match.state.legal_actions()
    card = legal[-1].cards[0]
    click_card(table, driver, card)
    assert len(table.input.selected) == 1, "the click selects the card"
    assert table.input.target_rects() == [table.layout.zone("trick").drop], "the trick's area lights up"
    playable = {hand_zone(table).spots[i].card for i in hand_zone(table).playable}
    assert playable == {a.cards[0] for a in legal}, "the cards it may play are outlined"
    before = len(match.log)
    driver.click(empty_middle_point(table))
    assert match.log[before].seat == 0 and match.log[before].action == PLAY[card]
    assert table.input.selected == []


def test_a_card_that_does_not_follow_says_the_engines_reason(table_app, open_table):
    def must_follow(s: KingState) -> bool:
        if not (mine("play")(s) and s.trick and s.led_count == 1):
            return False
        return len(s.legal_actions()) < len(s.hands[0])

    match = koth_match(must_follow)
    table, driver = open_table(match, bot_delay=30.0)
    card = next(c for c in match.state.hands[0] if PLAY[c] not in match.state.legal_actions())
    before = len(match.log)
    drag_onto_trick(table, driver, card)
    driver.settle(table)
    assert len(match.log) == before
    assert table.message == table.narrator.refusal(match.state.why_not(PLAY[card])) and table.message_error
    assert "does not follow" in table.message


@pytest.mark.parametrize("table_speed", ["fast"])
def test_a_completed_trick_holds_its_beat_with_every_play(table_app, open_table):
    match = koth_match(lambda s: mine("play")(s) and len(s.trick) == 4)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    played = sum(len(cards) for _, cards in state.trick)
    action = state.legal_actions()[0]
    table.play(action)
    assert table.stages, "the engine's hold: the full trick shows before it is gathered"
    cards = [s.card for s in table.layout.zone("trick").spots]
    assert len(cards) == played + len(action.cards) and set(action.cards) <= set(cards)
    while table.animator.busy:  # the words come as the last card lands, while the trick is held
        driver.frames(1)
    assert table.stages
    assert any("wins the trick" in text for text in table.announcements())
    driver.settle(table)
    assert not table.stages and not table.layout.zone("trick").spots


@traces("king_of_the_hill:teammate")
def test_the_teammate_is_announced_when_the_called_card_is_played(table_app, open_table):
    match = koth_match(reveals)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    action = next(a for a in state.legal_actions() if any(face_of(c) == face_of(state.called) for c in a.cards))
    driver.perform(table, action)
    assert state.teammate == 0
    assert any("teammate" in text for text in table.announcements()), table.announcements()
    panel = table.layout.zone("seat0")
    assert panel.tint == DEFENDER_TINT and table.layout.zone(f"seat{state.koth}").tint == DEFENDER_TINT
    assert "Teammate: You" in table.layout.zone("info").lines


def reveals(s: KingState) -> bool:
    """Seat 0, not the King of the Hill, may play a copy of the called card before the teammate is known."""
    return (mine("play")(s) and s.koth != 0 and s.called is not None and s.teammate is None
            and any(face_of(c) == face_of(s.called) for a in s.legal_actions() for c in a.cards))


@pytest.mark.parametrize("table_speed", ["fast"])
def test_the_teammate_reveal_is_shown_whole_and_stays_while_the_play_goes_on(table_app, open_table):
    """The key moment stays on screen, whole, while the bots play on (it used to give way after 1.3 s and to be cut
    on the seat panel: "plays the called A♠: Seat…"); the panel keeps the play and says "teammate"."""
    match = koth_match(reveals)
    table, driver = open_table(match, bot_delay=0.0)
    state = match.state
    action = next(a for a in state.legal_actions() if any(face_of(c) == face_of(state.called) for c in a.cards))
    driver.perform(table, action)
    assert state.teammate == 0
    reveal = f"You play the called {card_text(state.called)}: you are the King of the Hill's teammate."
    run_until(driver, lambda: table.message == reveal, frames=180)
    start, moves = table.clock, len(match.log)
    run_until(driver, lambda: table.message != reveal or table.clock - start > 5.5, frames=600)
    assert table.message == reveal, "the reveal stays at least 5.5 s"
    assert len(match.log) > moves, "while the bots play on"
    for size in ((800, 560), (1920, 1080)):
        resize(table_app, driver, size)
        assert table.message == reveal and inside(table.status_line.bar.message_box, size), "shown whole"
    panel = table.layout.zone("seat0")
    assert "teammate" in panel.lines[0] and panel.tint == DEFENDER_TINT
    assert table.seat_cue(panel).startswith("play") and "teammate" not in table.seat_cue(panel), \
        "the panel's note is the play, whole"


@pytest.mark.parametrize("table_speed", ["normal"])
def test_a_seats_note_changes_when_its_card_lands(table_app, open_table):
    match = koth_match(lambda s: s.phase == "play" and s.turn == 1 and len(s.trick) < 4)
    table, driver = open_table(match, bot_delay=0.3)
    old = table.last_moves.get(1)
    moves = len(match.log)
    run_until(driver, lambda: len(match.log) > moves, frames=600)
    played = match.log[moves].action
    assert match.log[moves].seat == 1 and table.animator.flying() >= set(played.cards), "its card is on its way"
    assert table.last_moves.get(1) == old, "the note waits for the card"
    run_until(driver, lambda: not set(played.cards) & table.animator.flying(), frames=120)
    driver.frames(1)
    assert table.seat_cue(table.layout.zone("seat1")).startswith("plays "), "and changes as it lands"


def test_a_seat_note_too_long_for_its_panel_is_cut_between_words(table_app):
    from cardtable.ui.table.fit_text import shorten
    from cardtable.ui.theme import Fonts

    font = Fonts().get(13)
    text = "plays the called A♠: Seat 3 is the King of the Hill's teammate."
    cut = shorten(font, text, font.size(text)[0] // 2, whole_words=True)
    assert cut.endswith("…") and text.startswith(cut[:-1]) and text[len(cut) - 1] in " :"
    assert font.size(cut)[0] <= font.size(text)[0] // 2
    assert shorten(font, text, 10_000, whole_words=True) == text
    assert shorten(font, text, 5, whole_words=True) == ""


@traces("king_of_the_hill:table.hint")
def test_the_hint_suggests_a_legal_play_and_lights_its_cards(table_app, open_table):
    match = koth_match(mine("play"))
    table, driver = open_table(match, bot_delay=30.0)
    before = len(match.log)
    driver.key(pygame.K_h)
    hint = table.shown_hint
    assert hint is not None and hint.action in match.state.legal_actions()
    assert table.hint_marks and table.message.startswith("Hint: ")
    assert len(match.log) == before and match.state.turn == 0, "a hint plays nothing"


# --------------------------------------------------------------------------- burying


@traces("king_of_the_hill:table.bury")
def test_eight_selected_cards_are_buried_with_the_bury_button(table_app, open_table):
    match = koth_match(mine("bury"))
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    assert len(state.hands[0]) == 28
    spots = hand_zone(table).spots
    assert len({s.rect[1] for s in spots}) == 2, "28 cards lie in two rows"
    assert hand_zone(table).select == 8
    name, button = select_button(table)
    assert name == "select:Bury (0 of 8)" and not button.is_enabled
    chosen = [s.card for s in spots[-8:]]
    for card in chosen[:3]:
        click_card(table, driver, card)
    name, button = select_button(table)
    assert name == "select:Bury (3 of 8)" and not button.is_enabled
    assert button.tool_tip_text == table.narrator.refusal(state.why_not(Bury(tuple(chosen[:3])))) \
        == "Bury exactly 8 cards, not 3."
    for card in chosen[3:]:
        click_card(table, driver, card)
    name, button = select_button(table)
    assert name == "select:Bury (8 of 8)" and button.is_enabled
    driver.click_widget(button)
    assert match.log[-1].seat == 0 and match.log[-1].action == Bury(tuple(chosen))
    assert sorted(state.dead) == sorted(chosen) and state.phase == "call" and len(state.hands[0]) == 20
    dead = table.layout.zone("dead")
    assert [s.card for s in dead.spots] == state.dead and not any(s.face_up for s in dead.spots), \
        "the dead hand lies face down by the King of the Hill"
    assert len({s.rect[1] for s in hand_zone(table).spots}) == 1, "20 cards: one row again"


@traces("king_of_the_hill:table.bury")
def test_eight_selected_cards_dropped_on_the_dead_hand_are_buried(table_app, open_table):
    match = koth_match(mine("bury"))
    table, driver = open_table(match, bot_delay=30.0)
    chosen = [s.card for s in hand_zone(table).spots[:8]]
    for card in chosen:
        click_card(table, driver, card)
    dead = table.layout.zone("dead").slot
    assert dead in table.input.target_rects(), "the dead hand's place lights up"
    start, here = card_point(table, chosen[-1]), card_rect(table, chosen[-1])  # the card under the pointer
    driver.drag(start, (start[0] + dead[0] - here[0], start[1] + dead[1] - here[1]))
    driver.settle(table)
    assert match.log[-1].action == Bury(tuple(chosen)) and match.state.phase == "call"


def test_a_ninth_card_to_bury_is_refused_with_the_reason(table_app, open_table):
    """The selection stays at the eight cards chosen (it used to drop the first one silently) and the table says
    how to choose another."""
    match = koth_match(mine("bury"))
    table, driver = open_table(match, bot_delay=30.0)
    spots = hand_zone(table).spots
    chosen, ninth = [s.card for s in spots[:8]], spots[8].card
    for card in chosen:
        click_card(table, driver, card)
    click_card(table, driver, ninth)
    hand = match.state.hands[0]
    assert sorted(hand[p.index] for p in table.input.selected) == sorted(chosen), "the eight stay selected"
    assert table.message_error and "8 cards are selected already" in table.message
    name, button = select_button(table)
    assert name == "select:Bury (8 of 8)" and button.is_enabled
    click_card(table, driver, chosen[0])  # put one back: now the ninth may be chosen
    click_card(table, driver, ninth)
    assert sorted(hand[p.index] for p in table.input.selected) == sorted([*chosen[1:], ninth])


def test_the_held_beats_are_drawn_from_the_engines_snapshots():
    """A full trick before it is gathered, the round's last trick gathered, and the round scored with its dead hand
    face up in the corner: each beat's picture is the engine's snapshot, built like any view."""
    state = RULES.new_game(5, {"rounds": 1}, seed=4)
    rng = random.Random(4)
    ctx = table_context((1280, 800), NAMES, 0, theme.ui_scale((1280, 800)))
    held = []
    while not state.is_over():
        legal = state.legal_actions()
        held += [e for e in state.apply(legal[rng.randrange(len(legal))]) if e.hold]
    assert held and all(e.snapshot is not None for e in held)
    for event in held:
        drawn = LAYOUT.build(event.snapshot.view(0), ctx)  # type: ignore[union-attr]
        trick = [s.card for s in drawn.zone("trick").spots]
        if event.kind == "move":
            assert len(trick) >= 5 and set(event.cards) <= set(trick), "the whole trick, the last play in it"
        else:
            assert not trick
        if event.kind == "flip":
            corner = drawn.zone("last_dead")
            assert [s.card for s in corner.spots] == [picture(c) for c in event.cards]
            assert all(s.face_up for s in corner.spots), "the dead hand turned up"
    assert [e.kind for e in held[-3:]] == ["move", "trick", "flip"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@traces("king_of_the_hill:table.hand")
def test_the_28_card_hand_lies_in_two_rows_inside_the_window(size: tuple[int, int]):
    state = state_at(RULES, 5, mine("bury"))
    layout = LAYOUT.build(state.view(0), table_context(size, NAMES, 0, theme.ui_scale(size)))
    spots = layout.zone("hand0").spots
    rows = sorted({s.rect[1] for s in spots})
    assert len(rows) == 2 and [sum(1 for s in spots if s.rect[1] == y) for y in rows] == [14, 14]
    assert all(s.rect[0] >= 0 and s.rect[0] + s.rect[2] <= size[0] and s.rect[1] + s.rect[3] <= size[1]
               for s in spots)
    upper = [s.rect for s in spots if s.rect[1] == rows[0]]
    step = upper[1][0] - upper[0][0]
    assert step >= 0.35 * upper[0][2] and rows[1] - rows[0] >= 0.4 * upper[0][3], "each card's corner shows"


# --------------------------------------------------------------------------- declaring, trump, the call


@traces("king_of_the_hill:table.declare")
def test_a_declaration_is_a_button_of_the_panel(table_app, open_table):
    match = koth_match(asked)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    offered = {a for n, a in table.action_buttons.items() if n.startswith("choice:")}
    assert offered == set(state.legal_actions()) and PASS in offered
    declare = next(a for a in offered if isinstance(a, Declare))
    name = next(n for n, a in table.action_buttons.items() if a == declare)
    assert SUIT_WORDS[declare.suit] in table.buttons[name].text
    before = len(match.log)
    driver.click_widget(table.buttons[name])
    assert match.log[before].seat == 0 and match.log[before].action == declare
    assert state.declarations[-1][:3] == (0, declare.suit, declare.pair)


@pytest.mark.parametrize("timers", [False, True], ids=["timers off", "timers on"])
def test_a_new_declaration_waits_for_the_person_however_long(table_app, open_table, timers):
    """A person never loses a declaration because they were not quick: the deal stops, with no clock, when the card
    just dealt to them lets them declare, timers off or on."""
    match = koth_match(asked, {"timers": timers})
    table, driver = open_table(match, bot_delay=0.0)
    before = len(match.log)
    for _ in range(120):  # two minutes of the table's clock, a second a frame
        table_app.step(1.0)
    assert len(match.log) == before and match.state.turn == 0, "nobody passed for the person"
    assert table.choice_panel is not None and table.choice_panel.visible
    assert "left" not in table.clock_text()[0], "no countdown on a declaration"
    declare = next(a for a in match.state.legal_actions() if isinstance(a, Declare))
    driver.perform(table, declare)
    assert match.log[before].seat == 0 and match.log[before].action == declare


def open_at_the_deal(app, seed: int) -> tuple[Match, TableScene, UIDriver]:
    """A new game of `seed` opened on `app` as the menu opens it (the deal starts flying, bots wait their usual
    0.6 s beat); the table is not settled."""
    app.settings.bot_delay = 0.6
    match = new_match("king_of_the_hill", seats(("You",), 5, NAMES[1:]), {}, seed)
    table = TableScene(app, match)
    app.show(table)
    return match, table, UIDriver(app)


def deal_on(table: TableScene, driver: UIDriver, declare: bool, watch: Callable[[], None] = lambda: None) -> None:
    """Run frames until the deal is over and shown whole; the person answers each time they are asked (the first
    declaration offered, or a pass) with a click.  `watch` runs after every frame."""
    match = table.match
    for _ in range(60 * 120):
        if match.state.phase != "declare" and not (table.behind or table.choreography.busy):
            return
        if table.human_turn and not table.behind and match.state.phase == "declare":
            offered = [a for a in match.state.legal_actions() if isinstance(a, Declare)]
            driver.perform(table, offered[0] if declare and offered else PASS)
        driver.frames(1)
        watch()
    raise AssertionError("the deal did not end in two minutes of the table's clock")


#: The seed of a first round in which the person, declaring when first asked, is King of the Hill (the bots' choices
#: are seeded), and one in which a bot is.
PERSON_KING, BOT_KING = 3, 2


@pytest.mark.parametrize("table_speed", ["normal"])
@pytest.mark.parametrize("seed", [PERSON_KING, BOT_KING])
def test_the_whole_deal_at_normal_speed_takes_under_eight_seconds(table_app, seed):
    """100 cards leave the deck one every 37.5 ms at normal speed (3.75 s); the stops where a bot may declare take
    no beat, so the deal, the last eight cards and the person's click when asked fit in 8 s (it took 50-60 s)."""
    match, table, driver = open_at_the_deal(table_app, seed)
    deal_on(table, driver, declare=seed == PERSON_KING)
    assert match.state.phase in ("bury", "trump") and len(match.state.hands[match.state.koth]) == 28
    assert table.clock < 8.0, f"the deal took {table.clock:.1f} s of the table's clock"


@pytest.mark.parametrize("table_speed", ["normal"])
@pytest.mark.parametrize("seed", [PERSON_KING, BOT_KING])
def test_no_king_nor_burying_before_the_hand_is_dealt_on_the_table(table_app, seed):
    """"Ann is King of the Hill", "Ann takes the last 8 cards" and the panel to bury wait until every card of the
    person's hand has landed (they came while it was half dealt)."""
    match, table, driver = open_at_the_deal(table_app, seed)
    seen: dict[str, int] = {}

    def landed() -> int:
        """The person's cards on the table that are not on their way from the deck (a card sliding along the
        hand as it is sorted again is there)."""
        arriving = {f.key for f in table.animator.flights if not f.start_face_up}
        return sum(1 for spot in hand_zone(table).spots if spot.card not in arriving)

    def watch() -> None:
        said = " ".join(table.announcements())
        for words in ("King of the Hill", "the last 8 cards"):
            if words in said and words not in seen:
                seen[words] = landed()
        if any(n.startswith("select:Bury") for n in table.buttons):
            seen.setdefault("bury", landed())
        if "bury" in table.status_text().lower() and "buries" not in table.status_text():
            seen.setdefault("status", landed())

    deal_on(table, driver, declare=seed == PERSON_KING, watch=watch)
    king = match.state.koth
    assert (king == 0) == (seed == PERSON_KING) and match.state.phase == "bury"
    assert seen["King of the Hill"] >= 20, f"said with {seen['King of the Hill']} of 20 cards on the table"
    assert seen["the last 8 cards"] == len(match.state.hands[0]), seen
    if king == 0:
        assert seen["bury"] == 28, f"asked to bury with {seen['bury']} of 28 cards shown"
        assert seen["status"] == 28, f"the status bar asked to bury with {seen['status']} of 28 cards shown"
        assert table.layout.zone("hand0").select == 8 and len(hand_zone(table).spots) == 28


@pytest.mark.parametrize("table_speed", ["normal"])
def test_a_declaration_passed_once_stays_a_button_while_the_deal_goes_on(table_app):
    """After a pass the person's declaration stays live as a button while the deal runs to the others; pressed, it
    is made at their next stop."""
    match, table, driver = open_at_the_deal(table_app, 14)  # a deal in which nobody declares for a while
    run_until(driver, lambda: table.human_turn and not table.behind, frames=600)
    offered = next(a for a in match.state.legal_actions() if isinstance(a, Declare))
    driver.perform(table, PASS)
    passed = len(match.log)
    run_until(driver, lambda: any(n.startswith("early:") for n in table.buttons), frames=120)
    name = next(n for n in table.buttons if n.startswith("early:"))
    assert table.buttons[name].text == table.narrator.action(offered) and table.buttons[name].is_enabled
    run_until(driver, lambda: sum(e.seat == 0 for e in match.log[passed:]) >= 2, frames=600)
    assert not match.state.declarations and name in table.buttons, \
        "the deal goes on (the person's stops pass at its pace), and the button stays"
    assert table.buttons[name].is_enabled
    driver.click_widget(table.buttons[name])
    run_until(driver, lambda: len(match.state.declarations) > 0, frames=600)
    assert match.state.declarations[0][:3] == (0, offered.suit, False), "made at the person's next stop"
    assert not any(n.startswith("early:") for n in table.buttons)


@traces("king_of_the_hill:option.timers")
def test_timers_give_each_decision_its_limit_but_declaring_none():
    options = {"timers": True}
    for phase, seconds in (("bury", 60), ("call", 15), ("play", 10)):
        state = state_at(RULES, 5, mine(phase), options)
        timer = state.time_limit()
        assert timer is not None and timer.seconds == seconds and not timer.quiet
        assert timer.default(random.Random(1)) in state.legal_actions()
    state = state_at(RULES, 5, asked, options)
    assert state.time_limit() is None, "the rules give declaring no limit"
    state = state_at(RULES, 5, mine("play"))
    assert state.time_limit() is None, "timers off: no limit"


@traces("king_of_the_hill:option.timers.bots")
def test_bots_never_wait_on_a_timer(table_app, open_table):
    """With timers on, the bots' plays run no clock (none is shown, none makes a move), while the person's play
    shows its 10 seconds."""
    match = koth_match(lambda s: s.phase == "play" and s.turn == 1 and not s.trick, {"timers": True})
    state, before, shown = match.state, len(match.log), []
    assert state.time_limit() is not None and state.time_limit().seconds == 10, "the rules give the play a limit"
    table, driver = open_table(match, bot_delay=0.0)

    def back_to_the_person() -> bool:
        if state.turn != 0:
            shown.append(table.clock_text()[0])
            assert table.driver.timer is None, "no clock runs on a bot's turn"
        return state.turn == 0 and table.settled

    wait(driver, back_to_the_person, SECONDS)
    assert [e.seat for e in match.log[before:]] == [1, 2, 3, 4]
    assert shown and not any("left" in text for text in shown)
    driver.frames(2)
    assert table.clock_text()[0].startswith("10 s left"), "the person's play has its clock"


def test_the_king_of_the_hill_chooses_the_trump_suit_from_a_panel(table_app, open_table):
    match = koth_match(mine("trump"), policy=never_declare)
    table, driver = open_table(match, bot_delay=30.0)
    choices = {table.buttons[n].text: a for n, a in table.action_buttons.items() if n.startswith("choice:")}
    assert sorted(choices.values(), key=str) == sorted(CHOOSE.values(), key=str)
    assert "\u2665 Hearts" in choices
    driver.click_widget(table.buttons[next(n for n, a in table.action_buttons.items() if a == CHOOSE["H"])])
    assert match.log[-1].action == ChooseTrump("H") and match.state.trump_suit == "H"
    assert match.state.phase == "bury"


@traces("king_of_the_hill:table.call")
def test_a_card_is_called_from_a_chooser_of_faces(table_app, open_table):
    match = koth_match(mine("call"))
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    groups = {table.buttons[n].text: n for n in table.panels.groups}
    assert list(groups) == ["\u2660 Spades", "\u2665 Hearts", "\u2663 Clubs", "\u2666 Diamonds"]
    images = [e for e in table.choice_panel.get_container().elements if type(e).__name__ == "UIImage"]
    assert len(images) == 2, "the two jokers are faces at once"
    held = state.hands[0] + state.dead
    twice = [c for c in held if c.suit in SUIT_WORDS and sum(face_of(c) == face_of(d) for d in held) == 2]
    suit = twice[0].suit if twice else "S"
    driver.click_widget(table.buttons[next(n for k, n in groups.items() if k.endswith(SUIT_WORDS[suit]))])
    assert table.chooser is not None
    faces = [e for e in table.chooser.get_container().elements if type(e).__name__ == "UIImage"]
    assert len(faces) == 13, "every card of the suit, as a face"
    picks = {n: table.buttons[n] for n in table.buttons if n.startswith("pick:")}
    disabled = [b for b in picks.values() if not b.is_enabled]
    assert len(disabled) == len({face_of(c) for c in twice if c.suit == suit})
    assert all("both copies" in b.tool_tip_text for b in disabled), \
        "a card held twice is shown disabled, with the engine's reason"
    name, call = next((n, a) for n, a in table.action_buttons.items() if n.startswith("pick:"))
    driver.click_widget(table.buttons[name])
    assert match.log[-1].action == call and state.called == call.card and state.phase == "play"
    assert f"Called: {card_text(call.card)}" in table.layout.zone("info").lines
    assert [s.card for s in table.layout.zone("called").spots] == [picture(call.card, 1)], \
        "the called card is drawn small beside the round's facts"


@traces("king_of_the_hill:table.call")
def test_calling_none_is_a_button(table_app, open_table):
    match = koth_match(mine("call"))
    table, driver = open_table(match, bot_delay=30.0)
    name = next(n for n, a in table.action_buttons.items() if a == CALL_NONE)
    assert table.buttons[name].text == "Call none"
    driver.click_widget(table.buttons[name])
    assert match.log[-1].action == Call(None) and match.state.called is None and match.state.call_made
    assert "Called: none (alone)" in table.layout.zone("info").lines


# --------------------------------------------------------------------------- seats and the score sheet


@traces("king_of_the_hill:table.seats")
def test_the_crown_and_the_revealed_teammate_are_marked(table_app, open_table):
    match = koth_match(lambda s: mine("play")(s) and s.teammate is not None and s.teammate != s.koth)
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    for seat in range(5):
        panel = table.layout.zone(f"seat{seat}")
        assert ("crown" in panel.marks) == (seat == state.koth)
        assert (panel.tint == DEFENDER_TINT) == (seat in (state.koth, state.teammate))
        assert panel.lines[0].startswith(NAMES[seat])
        assert f"rank {state.view(0)['rank_labels'][seat]} \u00b7 {state.points[seat]} pts" in panel.lines
        assert ("current" in panel.marks) == (seat == state.turn)
    teammate = table.layout.zone(f"seat{state.teammate}")
    assert "teammate" in " ".join(teammate.lines)
    assert f"Teammate: {NAMES[state.teammate]}" in table.layout.zone("info").lines
    driver.frames(1)
    koth = table.layout.zone(f"seat{state.koth}").slot
    crown = (koth[0] + koth[2] // 2, koth[1] - 12)
    assert table_app.screen.get_at(crown)[:3] == theme.GOLD, "the crown is drawn over the King of the Hill"


@traces("king_of_the_hill:table.scores")
def test_the_score_sheet_has_a_row_per_round(table_app, open_table):
    match = koth_match(lambda s: s.round == 1 and asked(s), {"rounds": 2})
    table, driver = open_table(match, bot_delay=30.0)
    record = match.state.records[0]
    sheet = LAYOUT.score_sheet(table.view(), table.context())
    assert sheet.headers == ("Round", "Trump", "King", "Called", "Teammate", "Score", *NAMES)
    first = sheet.rows[0]
    assert first[0] == "1" and first[2] == NAMES[record.koth] and first[5] == str(record.challenge)
    assert first[4] == ("\u2014" if record.teammate is None else NAMES[record.teammate])
    for seat in range(5):
        before, after = record.ranks_before[seat], record.ranks_after[seat]
        assert first[6 + seat] == (f"{before}\u2192{after}" if before != after else str(after))
    assert sheet.rows[1][0] == "2 (now)" and sheet.rows[-1][0] == "Rank"
    # The last round's dead hand shows face up until the next one is buried.
    shown = table.layout.zone("last_dead").spots
    assert [s.card for s in shown] == [picture(c) for c in record.dead] and all(s.face_up for s in shown)
    driver.click_widget(table.buttons["scores"])
    assert table.sheet_window is not None and table.sheet_window.alive()


# --------------------------------------------------------------------------- pass and play, whole games


@traces("king_of_the_hill:table.pass-and-play")
def test_pass_and_play_keeps_every_hand_behind_the_curtain(table_app, open_table):
    match = koth_match(lambda s: s.phase == "declare" and s.turn in (0, 1), humans=("Pia", "Quin"))
    table, driver = open_table(match, bot_delay=0.0)
    state = match.state
    rng = random.Random(3)
    curtains = moves = 0
    while moves < 30 and not state.is_over():
        wait(driver, lambda: state.is_over() or table.curtain_for is not None or
             (table.human_turn and table.settled), SECONDS)
        if state.is_over():
            break
        if table.curtain_for is not None:
            assert_curtain(table, driver)
            curtains += 1
            lift(table, driver)
        seat = state.turn
        assert table.viewer == seat
        shown = face_up(table) - {c for _, cards in state.trick for c in cards}
        assert shown == set(state.hands[seat]), "only the hand of the person at the screen is face up"
        before = len(match.log)
        driver.perform(table, rng.choice(state.legal_actions()))
        assert len(match.log) > before and match.log[before].seat == seat, table.message
        moves += 1
    assert curtains >= 2


def test_pass_and_play_calls_nobody_during_the_deal_and_each_person_declares_after_it_untimed(table_app, open_table):
    """With two people at one screen nobody is called to it while the deal runs (each stop of theirs passes at the
    deal's pace); after the last card each person who may declare gets the curtain and then the choice, with no
    clock however long it takes."""
    match = new_match("king_of_the_hill", seats(("Pia", "Quin"), 5, NAMES[2:]), {}, 2)
    table, driver = open_table(match, bot_delay=0.0)
    run_until(driver, lambda: table.curtain_for is not None)
    state = match.state
    assert state.view(None)["deck"] == 8, "no curtain before the last card is dealt"
    assert any(e.seat in (0, 1) and e.action == PASS for e in match.log), "their stops in the deal passed"
    seat = table.curtain_for
    before = len(match.log)
    for _ in range(60):  # a minute of the table's clock, a second a frame: the curtain waits
        table_app.step(1.0)
    assert table.curtain_for == seat and len(match.log) == before
    lift(table, driver)
    assert table.choice_panel is not None and "left" not in table.clock_text()[0]
    for _ in range(60):
        table_app.step(1.0)
    assert len(match.log) == before and table.choice_panel is not None, "the choice waits too"
    declare = next(a for a in state.legal_actions() if isinstance(a, Declare))
    driver.perform(table, declare)
    assert match.log[before].seat == seat and match.log[before].action == declare


def test_a_whole_game_of_one_round_through_the_table_with_bots(table_app, open_table):
    """The person makes every move with a gesture: declare buttons, a selection to bury, a suit then a face to
    call (or none), drags, clicks and the Play button; the bots play the other four seats."""
    match = koth_match(lambda s: True, {"rounds": 1})
    table, driver = open_table(match, bot_delay=0.0)
    rng = random.Random(7)
    kinds = set()
    while not match.state.is_over():
        wait(driver, lambda: match.state.is_over() or (table.human_turn and table.settled), SECONDS)
        if match.state.is_over():
            break
        legal = match.state.legal_actions()
        action = rng.choice(legal)
        if match.state.phase == "play" and rng.random() < 0.5:  # pairs whenever they may be played
            action = next((a for a in legal if len(a.cards) == 2), action)
        before = len(match.log)
        driver.perform(table, action)
        assert len(match.log) > before and match.log[before].seat == 0, table.message
        assert match.log[before].action == action
        kinds.add(type(action).__name__)
    assert {"Bury", "Call", "Play"} <= kinds or match.state.records[0].koth != 0
    plays = [e for e in match.log if e.seat == 0 and isinstance(e.action, Play)]
    assert sum(len(e.action.cards) for e in plays) == 20, "every card of the person's hand went by a gesture"
    wait(driver, lambda: table.result_panel is not None, SECONDS)
    assert table.result_panel.visible and len(match.state.records) == 1
    assert table.layout.zone("info").lines[0] == "Game over"


# --------------------------------------------------------------------------- what the table looks like


def positions() -> dict[str, dict]:
    """Views of seat 0 in each phase, and one with a full trick of five pairs."""
    views = {
        "declare": state_at(RULES, 5, mine("declare")).view(0),
        "bury": state_at(RULES, 5, mine("bury")).view(0),
        "call": state_at(RULES, 5, mine("call")).view(0),
        "next round": state_at(RULES, 5, lambda s: s.round == 1 and s.turn == 0, {"rounds": 2}).view(0),
        "over": state_at(RULES, 5, lambda s: s.is_over(), {"rounds": 1}).view(0),
    }
    play = state_at(RULES, 5, lambda s: mine("play")(s) and s.teammate is not None and s.koth != 0)
    view = play.view(0)
    others = [c for h in play.hands[1:] for c in h]
    view["trick"] = [(seat, (others[2 * seat], others[2 * seat + 1])) for seat in range(5)]
    views["five pairs"] = view
    return views


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_zone_fits_and_seats_trick_and_hand_do_not_overlap(size: tuple[int, int]):
    ctx: TableContext = table_context(size, NAMES, 0, theme.ui_scale(size))
    top, bottom = ctx.area[1], ctx.area[1] + ctx.area[3]
    for name, view in positions().items():
        layout = LAYOUT.build(view, ctx)
        for zone in layout.zones:
            x, y, w, h = zone.bounds()
            assert x >= 0 and y >= top and x + w <= size[0] and y + h <= bottom, (name, zone.id, zone.bounds())
        panels = [z for z in layout.zones if z.kind == "seat"]
        for z in panels:
            if z.id.startswith("seat"):
                assert z.slot[1] - CROWN_ROOM >= top, (name, z.id, "room for the crown")
        for i, a in enumerate(panels):
            for b in panels[i + 1:]:
                assert not overlaps(a.slot, b.slot), (name, a.id, b.id)
        cards = [(z.id, s.rect) for z in layout.zones if z.id.startswith(("hand", "trick", "won", "dead", "deck"))
                 for s in z.spots]
        for panel in panels:
            for zone_id, rect in cards:
                if zone_id not in ("called",):
                    assert not overlaps(panel.slot, rect), (name, panel.id, zone_id)
        trick = layout.zone("trick").spots
        hand = layout.zone("hand0").spots
        for a in trick:
            for b in hand:
                assert not overlaps(a.rect, b.rect), (name, "trick over the hand")
        if name == "five pairs":
            plays = [union(trick[2 * k].rect, trick[2 * k + 1].rect) for k in range(5)]
            for i, a in enumerate(plays):
                for b in plays[i + 1:]:
                    assert not overlaps(a, b), (size, "two seats' plays cover each other")
        assert layout.card_size[0] >= 40, "the hand's cards stay readable"


def test_the_red_joker_is_drawn_red_and_the_black_one_black(table_app):
    from cardtable.games.king_of_the_hill.rules import DECK

    black, red = (c for c in DECK if c.suit == "J" and c.copy in (0, 1))

    def red_pixels(card: Card) -> int:
        image = table_app.art.face(card, (90, 126))
        colours = [image.get_at((x, y)) for x in range(0, 90, 3) for y in range(0, 126, 3)]
        return sum(1 for c in colours if c[0] > 150 and c[1] < 90 and c[2] < 90)

    assert red_pixels(red) > 3 * max(1, red_pixels(black))
    assert picture(red).copy % 2 == 1 and picture(black).copy % 2 == 0, "a picture keeps the joker's colour"
