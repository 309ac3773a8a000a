"""The Crazy (Uno-family) table, driven headless through real posted mouse events.

Cards are drags (or clicks) from the hand to the discard pile, a draw is a click on the draw pile, a wild card's
colour is a click on the chooser's buttons; bots play through the table's own bot loop.  Positions are reached by
choosing seeds (the engine deals from the seed) and by playing; the match state is what every test checks.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame
import pytest

from cardtable import stats
from cardtable.bots import make_bot
from cardtable.core.engine import Action
from cardtable.core.layout import Zone
from cardtable.games import get_game
from cardtable.games.crazy.layout import TINTS, arrow
from cardtable.games.crazy.narration import COLOUR_NAMES
from cardtable.games.crazy.rules import (
    COLOURS,
    CRAZY,
    DRAW,
    DRAW_FOUR,
    DRAW_TWO,
    REVERSE,
    RULES,
    SKIP,
    CrazyState,
    Play,
)
from cardtable.session.match import Match, Seat
from cardtable.session.saves import Autosave, load_match
from cardtable.storage import autosave_path, last_game_path
from cardtable.ui.driver import DT, UIDriver
from cardtable.ui.table import TableScene
from cardtable.ui.theme import LEGAL as BLUE
from cardtable.ui.window import App
from tests.rule_trace import traces
from tests.ui.table_helpers import (
    assert_curtain_colour,
    assert_curtain_for,
    assert_inside_window,
    card_point,
    click_card,
    drag_to_pile,
    hand_faces,
    hand_zone,
    human_to_act,
    inside,
    lift,
    new_match,
    overlaps,
    resize,
    seat_notes_due,
    seats,
    spot_of,
    until_human,
    wait,
)

SHOTS = Path("/tmp")
BOTS = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")
SMALL = (800, 560)


# --------------------------------------------------------------------------- set-up


def crazy(options: dict | None = None, humans: Sequence[str] = ("You",), players: int = 4, seed: int = 5,
          people: list[Seat] | None = None) -> Match:
    """A Crazy match autosaving where the app keeps its autosave; seat 0 plays first."""
    return new_match("crazy", people or seats(humans, players, BOTS), options, seed, saver=Autosave.for_game("crazy"))


def seed_where(test: Callable[[CrazyState], bool], players: int = 4, options: dict | None = None) -> int:
    """The first seed whose deal passes `test` (the engine deals from the seed alone)."""
    for seed in range(1, 3000):
        if test(RULES.new_game(players, options or {}, seed)):
            return seed
    raise AssertionError("no seed deals such a position")


def shot(app: App, name: str) -> None:
    pygame.image.save(app.screen, str(SHOTS / f"crazy_{name}.png"))


def snapshot(table: TableScene) -> tuple:
    s = table.state
    return (len(table.match.log), [list(h) for h in s.hands], list(s.draw), list(s.discard), s.colour, s.label,
            s.direction, s.turn, s.drawn, s.turns)


# --------------------------------------------------------------------------- gestures


def click_draw(table: TableScene, driver: UIDriver) -> None:
    pile = table.layout.zone("draw")
    x, y, w, h = pile.spots[-1].rect if pile.spots else pile.slot
    driver.click((x + w // 2, y + h // 2))


def picks(table: TableScene) -> list[str]:
    """The chooser's buttons, in order."""
    return sorted((n for n in table.buttons if n.startswith("pick:")), key=lambda n: int(n[5:]))


def pick(table: TableScene, driver: UIDriver, colour: str) -> None:
    """Click the chooser's button for `colour`."""
    name = next(n for n in picks(table) if getattr(table.action_buttons.get(n), "colour", None) == colour)
    driver.click_widget(table.buttons[name])


def lit(table: TableScene, rect: Sequence[int]) -> bool:
    """Whether the card at `rect` has the blue "playable" outline on the screen: its left edge, which is drawn over
    the card before it in a fan and under the card after it."""
    return table.app.screen.get_at((rect[0] - 2, rect[1] + rect[3] // 2))[:3] == BLUE


def panel_colour(table: TableScene) -> str:
    """The colour ("R", "Y", "G", "B") the colour panel is painted in, read from the screen."""
    x, y, w, h = table.layout.zone("colour").slot
    rgb = table.app.screen.get_at((x + w - 3, y + h // 2))[:3]
    return min(TINTS, key=lambda c: math.dist(rgb, TINTS[c]))


def refused(table: TableScene, action: Action) -> str:
    """Why the engine refuses `action` now, as the game's narration words it with the table's names."""
    error = table.match.state.refusal(action)
    assert error is not None, f"{action} is legal"
    return table.narrator.refusal(error)


def check_colour_panel(table: TableScene, colour: str) -> None:
    zone = table.layout.zone("colour")
    assert zone.lines[0] == f"Colour: {COLOUR_NAMES[colour]}"
    assert zone.tint == TINTS[colour]
    table.app.step(DT)
    assert panel_colour(table) == colour, "the panel is painted in the current colour"


def check_playable(table: TableScene) -> None:
    """The hand's outlined cards are exactly the engine's playable cards; the draw pile is lit only to draw."""
    view = table.view()
    hand = hand_zone(table)
    legal = view["legal"]
    assert [s.card for s in hand.spots] == view["hands"][table.viewer]
    assert hand.playable == frozenset(i for i, s in enumerate(hand.spots) if s.card in legal["cards"])
    assert {s.card for s in hand.spots if s.index in hand.playable} == set(legal["cards"])
    draw = table.layout.zone("draw")
    assert draw.playable == (frozenset({len(draw.spots) - 1}) if legal["draw"] else frozenset())


# --------------------------------------------------------------------------- the layout's promises


def seat_panels(table: TableScene) -> list[Zone]:
    return [z for z in table.layout.zones if z.id.startswith("seat")]


def check_layout(table: TableScene) -> None:
    """Everything inside the window; the hand, the small hands, the piles and the colour panel clear of the seats."""
    assert_inside_window(table)
    panels = seat_panels(table)
    hand = hand_zone(table).bounds()
    for panel in panels:
        assert not overlaps(hand, panel.slot), f"the hand {hand} runs under {panel.id} {panel.slot}"
    colour = table.layout.zone("colour").slot
    draw, discard = table.layout.zone("draw").bounds(), table.layout.zone("discard").bounds()
    assert not overlaps(colour, draw) and not overlaps(colour, discard), "the colour panel covers a pile"
    small = [z for z in table.layout.zones if z.id.startswith("hand") and z.id != f"hand{table.viewer}"]
    for thing, rect in [("colour", colour), ("draw", draw), ("discard", discard), ("hand", hand)]:
        for panel in panels:
            assert not overlaps(rect, panel.slot), f"{thing} {rect} covers {panel.id} {panel.slot}"
        for other in small:
            assert not any(overlaps(rect, s.rect) for s in other.spots), f"{thing} {rect} covers {other.id}"


def check_seats_apart(table: TableScene) -> None:
    """No two seat panels overlap, and no face-down hand covers a seat panel (the seats' own geometry)."""
    panels = seat_panels(table)
    assert len(panels) == table.state.n
    clashes = [(a.id, b.id) for i, a in enumerate(panels) for b in panels[i + 1:] if overlaps(a.slot, b.slot)]
    assert clashes == [], f"seat panels overlap at {table.app.size}"
    small = [z for z in table.layout.zones if z.id.startswith("hand") and z.id != f"hand{table.viewer}"]
    covered = sorted({(h.id, p.id) for h in small for p in panels for s in h.spots if overlaps(s.rect, p.slot)})
    assert covered == [], f"a face-down hand covers a seat panel at {table.app.size}"


# --------------------------------------------------------------------------- a whole game


def human_move(table: TableScene, driver: UIDriver, rng: random.Random, moves: int) -> None:
    """The person at the screen plays with the mouse: a playable card if any (drag or click), else the draw pile.

    A wild card's colour is any; checks that exactly that action was applied."""
    check_playable(table)
    view = table.view()
    seat = table.state.turn
    before = len(table.match.log)
    cards = view["legal"]["cards"]
    if cards:
        card = rng.choice(cards)
        choices = [a for a in table.state.legal_actions() if a.card == card]
        if moves % 2:
            click_card(table, driver, card)
        else:
            drag_to_pile(table, driver, card, "discard")
        if len(choices) > 1:
            assert table.chooser is not None and len(table.match.log) == before, "a wild card waits for a colour"
            action = rng.choice(choices)
            pick(table, driver, action.colour)
        else:
            assert table.chooser is None
            action = choices[0]
    else:
        assert view["legal"]["draw"]
        click_draw(table, driver)
        action = DRAW
    # (the bots may have gone on)
    assert len(table.match.log) > before, f"{table.narrator.action(action)} was not played"
    entry = table.match.log[before]
    assert (entry.seat, entry.action) == (seat, action)


@traces("crazy:table.play", "crazy:win")
def test_a_game_against_three_bots_played_with_the_mouse_to_the_end(table_app, open_table):
    match = crazy(seed=25)  # when written: the person draws 6 times, plays a Crazy and wins (the "You won!" path)
    table, driver = open_table(match)
    assert table.viewer == 0 and table.human_turn
    check_layout(table)
    shot(table_app, "start")
    rng = random.Random(2)
    moves = 0
    while not match.state.is_over():
        until_human(table, driver)
        if match.state.is_over():
            break
        assert table.human_turn and table.viewer == 0
        check_layout(table)
        human_move(table, driver, rng, moves)
        moves += 1
        assert moves < 400, "the game does not end"
    driver.settle(table)
    assert [e.seat for e in match.log].count(0) == moves
    assert table.result_panel is not None and table.result_panel.visible
    shot(table_app, "result")
    result = match.state.result()
    assert len(result.winners) == 1 and len(match.state.hands[result.winners[0]]) == 0
    texts = table.panels.result_texts()
    assert texts[0] == ("You won!" if 0 in result.winners else f"{match.seats[result.winners[0]].name} won")
    assert not result.scored and not any(t.startswith(("\u2605", "You:")) for t in texts), \
        "a plain win lists no scores (they would only be 1 and 0)"
    assert not any(t.startswith("Best time") for t in texts), "a game against others has no best time"
    assert table.narrator.result(result) in texts, "the summary names the players"
    assert not any("Seat " in t for t in texts), texts
    assert any(t.startswith("Time ") for t in texts)
    record = stats.load("crazy")
    assert record.played == 1
    assert record.won == (1 if 0 in result.winners else 0)
    assert not autosave_path("crazy").exists(), "a finished game leaves no autosave"
    kept = load_match(last_game_path("crazy"), get_game)
    assert kept.log == match.log and kept.state.is_over()
    assert kept.state.result() == result


# --------------------------------------------------------------------------- wild cards


def has(rank: int) -> Callable[[CrazyState], bool]:
    return lambda s: any(c.rank == rank for c in s.hands[0])


@traces("crazy:table.colour", "crazy:table.counts", "crazy:table.play")
def test_the_table_shows_the_piles_the_colour_the_direction_the_counts_and_the_playable_cards(table_app, open_table):
    """Draw pile, discard pile with the current colour clearly shown (a wild card's chosen colour included), the
    direction of play, every player's card count, and the hand with playable cards highlighted."""
    match = crazy(seed=seed_where(has(CRAZY)))
    table, driver = open_table(match, bot_delay=30.0)
    state = match.state
    assert len(table.layout.zone("draw").spots) == len(state.draw)
    assert table.layout.zone("discard").spots[-1].card == state.discard[-1]
    check_colour_panel(table, state.colour)
    assert any("clockwise" in line for line in table.layout.zone("colour").lines), "the direction of play"
    for seat in range(state.n):
        count = len(state.hands[seat])
        assert f"{count} card{'s' if count != 1 else ''}" in table.layout.zone(f"seat{seat}").lines
    check_playable(table)
    card = next(c for c in state.hands[0] if c.rank == CRAZY)  # a wild card's chosen colour is shown too
    drag_to_pile(table, driver, card, "discard")
    driver.settle(table)
    chosen = next(c for c in "RYGB" if c != state.colour)
    pick(table, driver, chosen)
    driver.settle(table)
    check_colour_panel(table, chosen)


@traces("crazy:table.chooser", "crazy:table.colour", "crazy:crazy")
def test_a_crazy_card_opens_the_colour_chooser_cancel_and_green(table_app, open_table):
    """A wild card dropped on the discard pile opens a four-colour chooser."""
    match = crazy(seed=seed_where(has(CRAZY)))
    table, driver = open_table(match, bot_delay=30.0)  # the bots wait: the colour stays to be seen
    card = next(c for c in match.state.hands[0] if c.rank == CRAZY)
    home = spot_of(table, card).rect
    before = snapshot(table)
    drag_to_pile(table, driver, card, "discard")
    driver.settle(table)
    assert table.chooser is not None and table.chooser.visible
    names = picks(table)
    assert [table.buttons[n].text for n in names] == ["Red", "Yellow", "Green", "Blue", "Cancel"]
    assert [table.action_buttons.get(n) for n in names] == [*(Play(card, c) for c in COLOURS), None]
    assert all(table.buttons[n].is_enabled for n in names)
    assert inside(table.chooser.rect, table_app.size)
    assert snapshot(table) == before, "nothing is played until a colour is chosen"
    assert spot_of(table, card).rect == home and not table.animator.busy, "the card waits in the hand"
    shot(table_app, "chooser")
    # Cancel: the panel goes, the card stays home, the state is as it was.
    driver.click_widget(table.buttons[names[-1]])
    driver.settle(table)
    assert table.chooser is None and picks(table) == []
    assert snapshot(table) == before
    assert spot_of(table, card).rect == home
    assert card not in [s.card for s in table.layout.zone("discard").spots]
    assert table.human_turn
    # Again, and Green.
    drag_to_pile(table, driver, card, "discard")
    assert table.chooser is not None
    pick(table, driver, "G")
    driver.settle(table)
    assert (match.log[-1].seat, match.log[-1].action) == (0, Play(card, "G"))
    assert table.chooser is None and picks(table) == []
    assert match.state.colour == "G" and match.state.discard[-1] == card
    assert table.layout.zone("discard").spots[-1].card == card
    check_colour_panel(table, "G")
    assert "You chose green." in table.announcements()
    assert "green" in table.status_text().lower()
    shot(table_app, "after_wild")


@traces("crazy:table.chooser", "crazy:table.play")
def test_a_click_on_a_crazy_card_opens_the_chooser_too_and_esc_closes_it(table_app, open_table):
    match = crazy(seed=seed_where(has(CRAZY)))
    table, driver = open_table(match, bot_delay=30.0)
    card = next(c for c in match.state.hands[0] if c.rank == CRAZY)
    click_card(table, driver, card)
    assert table.chooser is not None and len(match.log) == 0
    driver.key(pygame.K_ESCAPE)
    assert table_app.scene is table, "Esc closes the chooser, not the table"
    assert table.chooser is None and picks(table) == [] and len(match.log) == 0
    click_card(table, driver, card)
    assert table.chooser is not None
    pick(table, driver, "Y")
    assert match.log[-1].action == Play(card, "Y")
    check_colour_panel(table, "Y")


@pytest.mark.parametrize("choose", [False, True])
@traces("crazy:table.chooser", "crazy:option.draw-four")
def test_a_crazy_draw_four_takes_a_random_colour_unless_the_table_lets_the_player_choose(table_app, choose, open_table):
    options = {"choose_draw_four_colour": choose}
    match = crazy(options, seed=seed_where(has(DRAW_FOUR), options=options))
    table, driver = open_table(match, bot_delay=30.0)
    card = next(c for c in match.state.hands[0] if c.rank == DRAW_FOUR)
    drag_to_pile(table, driver, card, "discard")
    if choose:
        assert table.chooser is not None and len(match.log) == 0
        pick(table, driver, "B")
        assert match.log[-1].action == Play(card, "B")
        assert match.state.colour_from == "chosen"
    else:
        assert table.chooser is None, "no chooser: the colour is random"
        assert match.log[-1].action == Play(card)
        assert match.state.colour_from == "random"
    driver.settle(table)
    colour = match.state.colour
    assert colour in COLOURS and (not choose or colour == "B")
    check_colour_panel(table, colour)
    assert match.state.turn == 2 and len(match.state.hands[1]) == 11
    assert table.layout.zone("seat1").lines[1] == "11 cards"
    assert "Ann draws 4 cards and loses their turn." in table.announcements()
    if not choose:
        shot(table_app, "after_draw_four")


# --------------------------------------------------------------------------- drawing


def cannot_play(s: CrazyState) -> bool:
    return s.legal_actions() == [DRAW]


def drawn_playable(s: CrazyState) -> bool:
    t = s.clone()
    t.apply(DRAW)
    return t.drawn is not None


@traces("crazy:table.draw", "crazy:must-play")
def test_the_draw_pile_refuses_a_player_who_can_play(open_table):
    match = crazy(seed=seed_where(lambda s: not cannot_play(s)))
    table, driver = open_table(match, bot_delay=30.0)
    check_playable(table)
    draw = table.layout.zone("draw")
    assert draw.playable == frozenset()
    assert not lit(table, draw.spots[-1].rect), "the draw pile is not offered"
    before = snapshot(table)
    click_draw(table, driver)
    driver.settle(table)
    assert snapshot(table) == before
    assert table.message == refused(table, DRAW) and table.message_error
    assert table.message.startswith("You can play ") and "Seat" not in table.message
    assert table.message.endswith(", so you must play a card: only a player who cannot play draws.")


@traces("crazy:table.hint", "crazy:table.undo")
def test_h_hints_a_play_and_undo_takes_back_the_persons_move_with_the_bots_replies(open_table):
    """H suggests a play and plays nothing; Ctrl+Z against bots takes back the person's last decision together with
    the bots' moves after it, and the person is to play again from the same cards."""
    match = crazy(seed=seed_where(lambda s: not cannot_play(s)))
    table, driver = open_table(match)
    until_human(table, driver)
    assert match.state.turn == 0 and not match.log
    before = match.state.view(0)
    driver.key(pygame.K_h)
    assert table.message.startswith("Hint: ") and not match.log, "a hint plays nothing"
    assert table.hint_marks, "the hinted card is lit"
    human_move(table, driver, random.Random(1), 0)
    until_human(table, driver)
    assert match.state.turn == 0 and not match.state.is_over()
    replies = [e.seat for e in match.log[1:]]
    assert match.log[0].seat == 0 and replies and 0 not in replies, "the person's move, then the bots'"
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.settle(table)
    assert match.log == [] and match.state.turn == 0 and table.human_turn
    assert match.state.view(0) == before


@pytest.mark.parametrize("keeps", [False, True], ids=["plays_it", "keeps_it"])
@traces("crazy:table.draw", "crazy:draw.playable", "crazy:draw.keep")
def test_a_player_who_cannot_play_clicks_the_lit_draw_pile(table_app, keeps, open_table):
    """Drawing is a click (or drag) on the draw pile, offered only when the player cannot play."""
    match = crazy(seed=seed_where(lambda s: cannot_play(s) and drawn_playable(s) != keeps))
    table, driver = open_table(match, bot_delay=30.0)
    check_playable(table)
    hand, draw = hand_zone(table), table.layout.zone("draw")
    assert hand.playable == frozenset()
    assert draw.playable == frozenset({len(draw.spots) - 1}), "the draw pile is the one thing to click"
    assert lit(table, draw.spots[-1].rect)
    assert not any(lit(table, s.rect) for s in hand.spots)
    assert "draw a card" in table.status_text()
    if not keeps:
        shot(table_app, "draw_highlighted")
    held = list(match.state.hands[0])
    click_draw(table, driver)
    driver.settle(table)
    assert (match.log[-1].seat, match.log[-1].action) == (0, DRAW)
    new = [c for c in match.state.hands[0] if c not in held]
    assert len(new) == 1 and len(match.state.hands[0]) == 8
    assert table.layout.zone("seat0").lines[1] == "8 cards"
    if keeps:
        assert match.state.turn == 1 and not table.human_turn
        assert "You draw a card and keep it." in table.announcements()
        return
    # The drawn card can be played: it must be, and it is the only card lit.
    drawn = new[0]
    assert match.state.turn == 0 and match.state.drawn == drawn and table.human_turn
    check_playable(table)
    assert table.view()["legal"]["cards"] == [drawn]
    assert hand_zone(table).playable == frozenset({spot_of(table, drawn).index})
    assert table.layout.zone("draw").playable == frozenset()
    before = snapshot(table)
    click_draw(table, driver)
    assert snapshot(table) == before
    assert table.message == refused(table, DRAW) and table.message_error
    assert table.message.startswith("You have drawn already and must play ")
    other = next(c for c in match.state.hands[0] if c != drawn)
    drag_to_pile(table, driver, other, "discard")
    driver.settle(table)
    assert snapshot(table) == before
    assert table.message == refused(table, Play(other)) and table.message_error
    assert table.message.startswith("You drew ") and table.message.endswith(": you must play it now.")
    drag_to_pile(table, driver, drawn, "discard")
    if table.chooser is not None:
        pick(table, driver, "R")
    assert match.log[-1].action.card == drawn and match.state.discard[-1] == drawn
    assert len(match.state.hands[0]) == 7


# --------------------------------------------------------------------------- an illegal card


def mixed_hand(s: CrazyState) -> bool:
    """Seat 0 holds a playable card and a coloured card that matches neither colour nor label."""
    legal = s.playable_cards(0)
    return bool(legal) and any(c not in legal for c in s.hands[0])


@traces("crazy:table.refused", "crazy:table.play")
def test_an_illegal_card_is_refused_with_the_engine_reason_and_goes_home(table_app, open_table):
    match = crazy(seed=seed_where(mixed_hand))
    table, driver = open_table(match, bot_delay=30.0)
    check_playable(table)
    hand = hand_zone(table)
    legal = table.view()["legal"]["cards"]
    for spot in hand.spots:
        assert lit(table, spot.rect) == (spot.card in legal), spot.card
    shot(table_app, "legal_cards")
    wrong = next(c for c in match.state.hands[0] if c not in legal)
    home = spot_of(table, wrong).rect
    before = snapshot(table)
    drag_to_pile(table, driver, wrong, "discard")
    driver.settle(table)
    assert snapshot(table) == before
    reason = refused(table, Play(wrong))
    assert "matches neither the colour" in reason
    assert table.message == reason and table.message_error
    assert spot_of(table, wrong).rect == home, "the card goes back to its place"
    click_card(table, driver, wrong)
    assert snapshot(table) == before, "a click on it is refused too"
    assert table.message == reason
    right = legal[0]
    drag_to_pile(table, driver, right, "discard")
    if table.chooser is not None:
        pick(table, driver, "R")
    assert match.log[-1].action.card == right


def test_dragging_a_card_of_the_hand_takes_only_that_card(table_app, open_table):
    match = crazy(seed=seed_where(mixed_hand))
    table, driver = open_table(match, bot_delay=30.0)
    hand = hand_zone(table)
    card = hand.spots[1].card
    start = card_point(table, card)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    driver.frames(1)
    driver.post(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1] - 120), rel=(0, 0), buttons=(1, 0, 0))
    driver.frames(1)
    assert table.drag is not None and table.drag.dragging
    assert [s.card for s in table.drag.spots] == [card], "the cards to its right stay in the hand"
    driver.key(pygame.K_ESCAPE)
    assert table.drag is None and table_app.scene is table


# --------------------------------------------------------------------------- announcements


def playable_rank(rank: int) -> Callable[[CrazyState], bool]:
    return lambda s: any(c.rank == rank for c in s.playable_cards(0))


@pytest.mark.parametrize(("rank", "players", "text", "turn", "direction"), [
    (SKIP, 4, "Ann is skipped.", 2, 1),
    (DRAW_TWO, 4, "Ann draws 2 cards and loses their turn.", 2, 1),
    (REVERSE, 4, "Play goes anticlockwise.", 3, -1),
    (REVERSE, 2, "Ann is skipped.", 0, -1),
], ids=["skip", "draw_two", "reverse", "reverse_two_players"])
def test_skips_reverses_and_draws_are_announced_with_names(open_table, rank, players, text, turn, direction):
    match = crazy(players=players, seed=seed_where(playable_rank(rank), players=players))
    table, driver = open_table(match, bot_delay=30.0)
    assert table.layout.zone("colour").lines[1] == arrow(1) == "\u21bb clockwise"
    card = next(c for c in match.state.playable_cards(0) if c.rank == rank)
    drag_to_pile(table, driver, card, "discard")
    driver.settle(table)
    assert match.log[-1].action == Play(card)
    assert match.state.turn == turn and match.state.direction == direction
    assert text in table.announcements() and not table.message_error
    assert not any("Seat" in line for line in table.announcements())
    assert table.layout.zone("colour").lines[1] == arrow(direction)
    assert ("anticlockwise" in table.layout.zone("colour").lines[1]) == (direction == -1)
    assert table.layout.zone(f"seat{turn}").marks == frozenset({"current"})
    if rank == DRAW_TWO:
        assert table.layout.zone("seat1").lines[1] == "9 cards"


def bot_opens_with(rank: int) -> Callable[[CrazyState], bool]:
    bot = make_bot(get_game("crazy"), "normal", seed=1)
    return lambda s: bot.choose(s.clone(), 0).card.rank == rank if s.legal_actions() != [DRAW] else False


@pytest.mark.parametrize(("rank", "text"), [(SKIP, "You are skipped."),
                                            (DRAW_TWO, "You draw 2 cards and lose your turn.")],
                         ids=["skip", "draw_two"])
def test_a_bot_s_skip_or_draw_two_on_the_person_is_announced_with_their_name(open_table, rank, text):
    people = [Seat("bot:normal", "Ann"), Seat("human", "You"), Seat("bot:normal", "Bob"), Seat("bot:normal", "Cy")]
    match = crazy(people=people, seed=seed_where(bot_opens_with(rank)))
    table, driver = open_table(match, bot_delay=0.25)  # Bob waits 15 frames: time to read
    wait(driver, lambda: len(match.log) == 1)
    assert match.log[0].action.card.rank == rank
    assert match.state.turn == 2
    assert text in table.announcements()  # the engine's sentence with the name put in, in the second person
    assert "You" in text and not any("Seat" in line for line in table.announcements())


# --------------------------------------------------------------------------- pass-and-play


def assert_curtain_hides(table: TableScene, driver: UIDriver, name: str) -> None:
    """The curtain is up for `name`: no hand is face up in the layout, and the screen is the curtain."""
    assert_curtain_for(table, name)
    assert table.view()["legal"] is None
    driver.frames(1)
    for zone in table.layout.zones:
        if zone.id.startswith("hand"):
            x, y, w, h = zone.bounds()
            assert_curtain_colour(table.app, ((x + 3, y + 3), (x + w // 2, y + h // 2), (x + w - 3, y + h - 3)))


@traces("crazy:table.pass")
def test_pass_and_play_two_people_and_a_bot_with_the_curtain(table_app, open_table):
    match = crazy(humans=("Pia", "Quin"), players=3, seed=8)
    table, driver = open_table(match)
    rng = random.Random(4)
    assert table.viewer == 0 and table.curtain_for is None, "Pia plays first: nobody to hide from"
    last = 0
    curtains = moves = 0
    while not match.state.is_over():
        wait(driver, lambda: human_to_act(table) or table.curtain_for is not None)
        driver.settle(table)
        if match.state.is_over():
            break
        seat = match.state.turn
        if table.curtain_for is not None:
            assert seat == table.curtain_for != last, "a curtain only when the other person is to play"
            assert_curtain_hides(table, driver, match.seats[seat].name)
            if curtains == 0:
                shot(table_app, "curtain")
            curtains += 1
            lift(table, driver)
        else:
            assert seat == last, "the same person plays again (a skip, a reverse, a drawn card): no curtain"
        assert table.viewer == seat and table.human_turn
        shown = {z: f for z, f in hand_faces(table).items() if f}
        assert shown == {f"hand{seat}": table.view()["hands"][seat]}
        human_move(table, driver, rng, moves)
        moves += 1
        last = seat
        assert moves < 400, "the game does not end"
    driver.settle(table)
    assert curtains >= 2
    assert table.result_panel is not None
    winner = match.state.result().winners[0]
    assert table.panels.result_texts()[0] == f"{match.seats[winner].name} won"
    assert stats.load("crazy").played == 1


# --------------------------------------------------------------------------- resume


def picture(table: TableScene) -> list[tuple]:
    """What the table draws, as plain values."""
    return [(z.id, z.kind, z.slot, [(s.card, s.face_up, s.rect) for s in z.spots], z.lines, z.marks, z.playable,
             z.tint) for z in table.layout.zones]


def test_a_new_app_resumes_the_autosaved_game_at_the_same_point(table_app, open_table, reopen_autosave):
    match = crazy(seed=21)
    table, driver = open_table(match)
    rng = random.Random(8)
    for moves in range(4):
        until_human(table, driver)
        human_move(table, driver, rng, moves)
    until_human(table, driver)
    table_app.settings.bot_delay = 30.0  # the bots wait: the save is taken right after the person's move
    human_move(table, driver, rng, 1)
    driver.settle(table)
    assert match.log[-1].seat == 0
    view, drawn, log = table.view(), picture(table), list(match.log)
    assert len(log) > 8
    assert load_match(autosave_path("crazy"), get_game).log == log
    said, notes = table.move_log.lines(), dict(table.last_moves)
    resumed, again = reopen_autosave("crazy")
    assert resumed.log == log
    assert said and again.move_log.lines() == said, "the log of the last moves is said again"
    assert notes and again.last_moves == notes == seat_notes_due(resumed), "so are the seats' notes"
    assert again.viewer == 0
    assert again.view() == view
    assert picture(again) == drawn


# --------------------------------------------------------------------------- window size


@pytest.mark.parametrize("players", [2, 4, 6, 7, 10])
def test_the_table_fits_the_window_at_both_sizes(table_app, players, open_table):
    match = crazy(players=players, seed=7)
    table, driver = open_table(match, bot_delay=30.0)
    assert len(seat_panels(table)) == players
    check_layout(table)
    check_playable(table)
    if players == 10:
        shot(table_app, "ten_1280")
    resize(table_app, driver, SMALL)
    check_layout(table)
    check_playable(table)
    if players == 10:
        shot(table_app, "ten_800")
    # The mouse still plays at this size.
    card = table.view()["legal"]["cards"][0] if table.view()["legal"]["cards"] else None
    if card is None:
        click_draw(table, driver)
        assert match.log[-1].action == DRAW
    else:
        drag_to_pile(table, driver, card, "discard")
        if table.chooser is not None:
            assert inside(table.chooser.rect, SMALL)
            pick(table, driver, "R")
        assert match.log[-1].action.card == card




@pytest.mark.parametrize(("players", "size"), [
    *((n, (1280, 800)) for n in (2, 4, 6, 7, 9, 10)),
    *((n, SMALL) for n in (2, 4, 6, 7)),
    (9, SMALL),
    (10, SMALL),
], ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v))
def test_seat_panels_do_not_overlap(table_app, players, size, open_table):
    match = crazy(players=players, seed=7)
    table, driver = open_table(match, bot_delay=30.0)
    if size != table_app.size:
        resize(table_app, driver, size)
    check_seats_apart(table)


def test_each_seat_panel_says_what_the_seat_did_last(open_table):
    """No bot move passes unseen: a seat's panel keeps its last move ("plays red 7.")."""
    match = crazy(seed=25)
    table, driver = open_table(match)
    until_human(table, driver)
    while not any(e.seat != 0 for e in match.log):  # the person moves until the bots have answered
        table.play(match.state.legal_actions()[0])
        until_human(table, driver)
    bots = {e.seat for e in match.log if e.seat != 0}
    assert bots
    for seat in bots:
        zone = table.layout.zone(f"seat{seat}")
        cue = table.seat_cue(zone)
        assert cue and not cue.startswith(match.seats[seat].name), cue
        assert cue.startswith(("plays", "draws", "is skipped", "chose")), cue


@pytest.mark.parametrize("table_speed", ["normal"])
def test_ten_bots_each_card_lands_then_its_words_and_colour_show_with_it(table_app, open_table):
    """A 10-seat bot game at normal speed, frame by frame on the test clock: while a card flies, the pile, the
    colour box, the log, the toast and the seat notes all still tell the move before; once it has landed, all of
    them tell that move.  No seat "thinks" while cards fly, nor after its move until it is its turn again."""
    people = [Seat("bot:normal", name) for name in (*BOTS, "Jo")]
    match = crazy(players=10, seed=11, people=people)
    table, driver = open_table(match, bot_delay=0.6)
    replay = get_game("crazy").rules.new_game(10, {}, match.seed)
    after = [(replay.discard[-1], replay.colour)]  # the top card and the colour after each move
    said: list[list[str]] = [[]]  # the texts of each move, as the table words them
    landed = 0
    while len(match.log) < 60 and not match.state.is_over():
        driver.frames(1)
        while len(after) <= len(match.log):
            events = replay.apply(match.log[len(after) - 1].action)
            after.append((replay.discard[-1], replay.colour))
            said.append([t for e in events if e.kind != "win" and (t := table.narrator.text(e))])
        if not table.move_log.entries:
            continue
        moment, line = table.move_log.entries[-1]
        colour = table.shown_layout.zone("colour").lines[0]
        assert colour == f"Colour: {COLOUR_NAMES[after[moment][1]]}", "the colour box tells the logged move"
        assert line in said[moment]
        if table.messages.showing and not table.message_error:
            assert table.message in said[moment], "the toast tells it too"
        if moment < len(match.log):  # the last move's cards are in the air: nothing has told it yet
            assert table.choreography.busy
        if not table.choreography.busy:
            assert moment == len(match.log), "once the cards have landed, the words tell the last move"
            top = table.layout.zone("discard").spots[-1].card
            assert top == after[moment][0], "the pile's top card is the logged move's"
            landed += 1
        for zone in table.layout.zones:
            if zone.kind == "seat" and zone.seat is not None and table.seat_cue(zone).startswith("thinking"):
                assert not table.choreography.busy and zone.seat == match.state.turn
    assert len(match.log) >= 60 and landed > 60


@pytest.mark.parametrize("size", [SMALL, (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_colour_chooser_covers_no_pile_and_no_other_player(table_app, open_table, size):
    """With 10 seats, a wild card dropped on the discard pile opens the chooser where it covers neither pile, the
    colour box, nor another player's panel or cards."""
    match = crazy(players=10, seed=seed_where(has(CRAZY), players=10))
    table, driver = open_table(match, bot_delay=30.0)
    if size != table_app.size:
        resize(table_app, driver, size)
    card = next(c for c in match.state.hands[0] if c.rank == CRAZY)
    drag_to_pile(table, driver, card, "discard")
    driver.settle(table)
    assert table.chooser is not None and inside(table.chooser.rect, size)
    for zone in table.layout.zones:
        if zone.id in ("draw", "discard", "colour") or (zone.id.startswith(("hand", "seat")) and not
                                                          zone.id.endswith("0")):
            area = zone.bounds() if zone.spots else zone.slot
            assert not overlaps(table.chooser.rect, area), f"the chooser covers {zone.id}"
