"""The Kachuful table, driven headless through real posted mouse and keyboard events.

Bids are clicks on the choice panel's buttons, cards are drags from the hand to the trick (`UIDriver.perform`),
bots play through the table's own bot loop.  Positions are reached by playing (a few set-up moves go through
`Match.apply` before the table opens); the match state is what every test checks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pygame
import pytest

from cardtable import stats
from cardtable.core.cards import Card
from cardtable.core.layout import Zone
from cardtable.core.words import Names
from cardtable.games import get_game
from cardtable.games.kachuful.rules import BID, PLAY, Bid, Play
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
    drag_to_pile,
    fast,
    find_moves,
    hand_faces,
    human_to_act,
    inside,
    lift,
    new_match,
    overlaps,
    resize,
    run_until,
    seats,
    shows_sheet,
    until_human,
    wait,
)

SHOTS = Path("/tmp")
BOTS = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


# --------------------------------------------------------------------------- set-up


def kachuful(options: dict | None = None, humans: Sequence[str] = ("You",), players: int = 4,
             seed: int = 5) -> Match:
    """A Kachuful match autosaving where the app keeps its autosave; seat 0 deals the first round."""
    opts = {"hands": "3,2,1", **(options or {})}
    return new_match("kachuful", seats(humans, players, BOTS), opts, seed, saver=Autosave.for_game("kachuful"))


def shot(app: App, name: str) -> None:
    pygame.image.save(app.screen, str(SHOTS / f"kach_{name}.png"))


def panel_note(table: TableScene) -> str:
    """The choice panel's note (it may wrap over several lines)."""
    from pygame_gui.elements import UILabel

    lines = [e.text for e in table.choice_panel.get_container().elements
             if isinstance(e, UILabel) and "#muted" in (e.object_ids or [])]
    return " ".join(lines)


def human_move(table: TableScene, driver: UIDriver, rng: random.Random) -> None:
    """The person at the screen makes a random legal move with the mouse; checks that exactly it was applied."""
    legal = table.state.legal_actions()
    action = rng.choice(legal)
    seat = table.state.turn
    before = len(table.match.log)
    if isinstance(action, Bid):
        name = next(n for n, a in table.action_buttons.items() if a == action)
        assert name.startswith("choice:")
        assert table.buttons[name].is_enabled
    driver.perform(table, action)
    assert len(table.match.log) == before + 1, f"{action!r} was not played"
    entry = table.match.log[before]
    assert (entry.seat, entry.action) == (seat, action)


def snapshot(table: TableScene) -> tuple:
    s = table.state
    return (len(table.match.log), [list(h) for h in s.hands], list(s.bids), list(s.trick), s.turn, s.phase,
            list(s.tricks))


# --------------------------------------------------------------------------- a whole game


def test_a_whole_game_with_the_mouse_ends_with_the_standings(table_app, open_table):
    match = kachuful({"hands": "3,2,1"})
    table, driver = open_table(match)
    rng = random.Random(1)
    moves = 0
    shots = set()
    while not match.state.is_over():
        until_human(table, driver)
        if match.state.is_over():
            break
        assert table.human_turn and table.viewer == 0
        phase = match.state.phase
        if phase == "bid":
            assert table.choice_panel is not None and table.choice_panel.visible
            if "bidding" not in shots:
                shot(table_app, "bidding")
                shots.add("bidding")
        else:
            assert table.choice_panel is None
            if match.state.trick and "mid_trick" not in shots:
                shot(table_app, "mid_trick")
                shots.add("mid_trick")
        human_move(table, driver, rng)
        moves += 1
    driver.settle(table)
    # 3 bids and 3 + 2 + 1 cards are the person's.
    assert moves == 3 + 6
    assert [e.seat for e in match.log].count(0) == 9
    assert table.result_panel is not None and table.result_panel.visible
    shot(table_app, "result")
    result = match.state.result()
    texts = table.panels.result_texts()
    for i, seat in enumerate(match.seats):
        star = "\u2605 " if i in result.winners else ""
        assert f"{star}{seat.name}: {result.scores[i]:g}" in texts
    assert any(t.startswith("Time ") for t in texts)
    assert table.narrator.result(result) in texts, "the summary names the players"
    assert not any("Seat " in t for t in texts), texts
    for seat, score in zip(match.seats, result.scores, strict=True):
        assert sum(f"{seat.name} {score:g}" in t or f"{seat.name}: {score:g}" in t for t in texts) == 1, \
            f"{seat.name}'s score is listed once: {texts}"
    assert result.scores == match.state.totals()
    record = stats.load("kachuful")
    assert record.played == 1
    assert record.won == (1 if 0 in result.winners else 0)
    assert not autosave_path("kachuful").exists(), "a finished game leaves no autosave"
    kept = load_match(last_game_path("kachuful"), get_game)
    assert kept.log == match.log and kept.state.is_over()


# --------------------------------------------------------------------------- bidding


def dealer_to_bid(hook: bool) -> Match:
    """Round 1 (3 cards): the others have bid 1, 0, 1; the person, the dealer, bids last."""
    match = kachuful({"hook": hook})
    for amount in (1, 0, 1):
        match.apply(Bid(amount))
    assert match.state.turn == 0 and match.state.dealer == 0
    return match


@traces("kachuful:table.bid", "kachuful:table.play", "kachuful:table.shows")
def test_the_table_shows_trump_round_bids_tricks_the_turn_the_bid_panel_legal_cards_and_the_sheet(open_table):
    """Trump suit, round number and hand size, bids and tricks won next to each seat, whose turn it is, a bid panel
    (0…hand size, with the forbidden bid disabled and explained), legal cards highlighted, and the score sheet at
    any time."""
    match = dealer_to_bid(hook=True)
    table, driver = open_table(match)
    assert sorted(n for n in table.buttons if n.startswith("choice:")) == [f"choice:{k}" for k in range(4)]
    assert not table.buttons["choice:1"].is_enabled and table.buttons["choice:1"].tool_tip_text, "the forbidden bid"
    driver.click_widget(table.buttons["choice:0"])
    until_human(table, driver)
    state = match.state
    assert state.phase == "play" and state.turn == 0
    status = table.status_text()
    assert "Round 1 of 3" in status and "3 cards" in status and ("Trump" in status or "No trump" in status)
    for seat in range(4):
        panel = table.layout.zone(f"seat{seat}")
        assert f"bid {state.bids[seat]} \u00b7 won {state.tricks[seat]}" in panel.lines
        assert ("current" in panel.marks) == (seat == 0), "whose turn it is"
    hand = table.layout.zone("hand0")
    legal = set(table.view()["legal"]["cards"])
    assert legal and {s.index for s in hand.spots if s.card in legal} == set(hand.playable)
    assert table.buttons["scores"].visible, "the score sheet at any time"


@traces("kachuful:table.bid", "kachuful:option.hook")
def test_the_forbidden_bid_is_disabled_and_explained(table_app, open_table):
    match = dealer_to_bid(hook=True)
    table, driver = open_table(match)
    view = table.view()
    assert view["legal"]["forbidden_bid"] == 1
    reason = table.narrator.refusal(match.state.reason(BID[1]))
    assert "may not bid 1" in reason, "the panel explains with the engine's own refusal"
    assert table.choice_panel is not None
    assert sorted(n for n in table.buttons if n.startswith("choice:")) == [f"choice:{k}" for k in range(4)]
    forbidden = table.buttons["choice:1"]
    assert not forbidden.is_enabled
    assert "choice:1" not in table.action_buttons
    assert forbidden.tool_tip_text == reason
    assert panel_note(table) == reason, "the panel's note says why"
    for k in (0, 2, 3):
        assert table.buttons[f"choice:{k}"].is_enabled
        assert table.action_buttons[f"choice:{k}"] == BID[k]
    shot(table_app, "forbidden_bid")
    before = snapshot(table)
    driver.click_widget(forbidden)
    driver.settle(table)
    assert snapshot(table) == before, "a click on the forbidden bid changes nothing"
    assert table.choice_panel is not None and table.human_turn
    driver.click_widget(table.buttons["choice:2"])
    assert match.state.bids == [2, 1, 0, 1]
    assert match.state.phase == "play"


@traces("kachuful:table.bid", "kachuful:option.hook.off")
def test_without_the_hook_every_bid_is_open(open_table):
    match = dealer_to_bid(hook=False)
    table, driver = open_table(match)
    assert table.view()["legal"]["forbidden_bid"] is None
    for k in range(4):
        assert table.buttons[f"choice:{k}"].is_enabled
        assert table.action_buttons[f"choice:{k}"] == BID[k]
    assert panel_note(table) == "Bids so far total 2 of 3 tricks"
    driver.click_widget(table.buttons["choice:1"])
    assert match.state.bids == [1, 1, 0, 1], "the bid that makes the total is allowed"


# --------------------------------------------------------------------------- playing cards


def mixed_hand_seed() -> tuple[int, Card]:
    """A seed whose first trick reaches the person (4th to play) with a suit led they hold and another suit too.

    Returns the seed and the led suit's lead card; the set-up moves are bids of 0 and the first legal cards."""
    for seed in range(1, 500):
        match = kachuful(seed=seed)
        state = match.state
        mine = state.hands[0]
        lead = next((c for c in state.hands[1] if any(m.suit == c.suit for m in mine)
                     and any(m.suit != c.suit for m in mine)), None)
        if lead is not None:
            return seed, lead
    raise AssertionError("no seed gives a mixed hand")


def to_fourth_card(seed: int, lead: Card) -> Match:
    match = kachuful(seed=seed)
    for _ in range(3):
        match.apply(Bid(0))
    match.apply(match.state.legal_actions()[-1])  # the dealer (the person) bids: anything legal
    match.apply(Play(lead))
    match.apply(match.state.legal_actions()[0])
    match.apply(match.state.legal_actions()[0])
    assert match.state.turn == 0 and len(match.state.trick) == 3
    return match


@traces("kachuful:record.refused", "kachuful:trick.follow")
def test_an_illegal_card_is_refused_with_the_engine_reason(table_app, open_table):
    seed, lead = mixed_hand_seed()
    match = to_fourth_card(seed, lead)
    table, driver = open_table(match)
    view = table.view()
    hand = table.layout.zone("hand0")
    legal = view["legal"]["cards"]
    assert legal and all(c.suit == lead.suit for c in legal)
    assert hand.playable == frozenset(i for i, s in enumerate(hand.spots) if s.card in legal)
    assert set(table.state.legal_actions()) == {PLAY[c] for c in legal}
    # Legal cards are outlined blue on the screen, the others are not.
    for spot in hand.spots:
        x, y = spot.rect[0] + 4, spot.rect[1] - 2
        lit = table_app.screen.get_at((x, y))[:3] == BLUE
        assert lit == (spot.index in hand.playable), spot.card.label
    shot(table_app, "legal_cards")
    wrong = next(c for c in match.state.hands[0] if c.suit != lead.suit)
    before = snapshot(table)
    drag_to_pile(table, driver, wrong, "trick")
    driver.settle(table)
    assert snapshot(table) == before
    assert table.message == table.narrator.refusal(match.state.reason(Play(wrong)))
    assert table.message_error
    assert f"{wrong.label} does not follow suit" in table.message
    assert "Seat 1" not in table.message and "you hold" in table.message and "so you must" in table.message
    right = legal[0]
    drag_to_pile(table, driver, right, "trick")
    assert match.log[-1].action == Play(right)


# --------------------------------------------------------------------------- pass-and-play


def assert_curtain_hides(table: TableScene, driver: UIDriver, name: str, area: Sequence[int]) -> None:
    """The curtain is up for `name`: no hand is drawn face up, and the screen over `area` is the curtain."""
    assert_curtain_for(table, name)
    driver.frames(1)
    x, y, w, h = area
    assert_curtain_colour(table.app, [(px, py) for px in range(x + 4, x + w - 4, max(1, (w - 8) // 12))
                                      for py in (y + 6, y + h // 2, y + h - 6)])


@traces("kachuful:table.pass")
def test_pass_and_play_shows_a_curtain_and_only_the_seat_at_the_screen_sees_its_hand(table_app, open_table):
    """The seed's network items (server, disconnection, client concurrency) describe an online service; here every
    seat is local."""
    match = kachuful(humans=("Pia", "Quin"))
    table, driver = open_table(match)
    rng = random.Random(3)
    # Round 1: Pia (seat 0) deals, so Quin (seat 1) bids first.
    assert match.state.turn == 1
    area = table.layout.zone("hand0").bounds()
    assert_curtain_hides(table, driver, "Quin", area)
    shot(table_app, "curtain")
    lift(table, driver)
    assert table.viewer == 1 and table.human_turn
    assert hand_faces(table) == {"hand1": match.state.hands[1], "hand0": [], "hand2": [], "hand3": []}
    area = table.layout.zone("hand1").bounds()
    human_move(table, driver, rng)
    # The bots bid; then it is Pia's turn, behind the curtain.
    wait(driver, lambda: table.curtain_for is not None)
    driver.settle(table)
    assert match.state.turn == 0 and table.curtain_for == 0
    assert_curtain_hides(table, driver, "Pia", area)
    lift(table, driver)
    assert table.viewer == 0
    assert hand_faces(table) == {"hand0": match.state.hands[0], "hand1": [], "hand2": [], "hand3": []}
    # The game goes on with the mouse, a curtain between every two turns of different people.
    while not match.state.is_over():
        wait(driver, lambda: human_to_act(table) or table.curtain_for is not None)
        driver.settle(table)
        if match.state.is_over():
            break
        if table.curtain_for is not None:
            seat = table.curtain_for
            assert seat == match.state.turn
            assert_curtain_hides(table, driver, match.seats[seat].name, table.layout.zone(f"hand{seat}").bounds())
            lift(table, driver)
        assert table.viewer == match.state.turn
        shown = {z: f for z, f in hand_faces(table).items() if f}
        assert shown == {f"hand{table.viewer}": match.state.hands[table.viewer]}
        human_move(table, driver, rng)
    assert table.result_panel is not None


@traces("kachuful:option.bidding.simultaneous")
def test_simultaneous_bids_stay_hidden_until_all_have_bid(table_app, open_table):
    match = kachuful({"bidding": "simultaneous"}, humans=("Pia", "Quin"))
    table, driver = open_table(match)
    lift(table, driver)
    driver.click_widget(table.buttons["choice:2"])
    assert match.state.bids[1] == 2
    assert table.layout.zone("seat1").lines[1].startswith("bid 2"), "Quin sees his own bid"
    wait(driver, lambda: table.curtain_for == 0)
    driver.settle(table)
    assert not any("bid 2" in line for z in table.layout.zones for line in z.lines), \
        "nobody's bid shows under the curtain"
    lift(table, driver)
    view = table.view()
    assert view["bids_hidden"] and view["bids"] == [None, None, None, None]
    for s in (1, 2, 3):
        assert table.layout.zone(f"seat{s}").lines[1] == "bid hidden \u00b7 won 0"
    assert table.layout.zone("seat0").lines[1] == "no bid \u00b7 won 0"
    assert panel_note(table) == "Every bid stays hidden until all have bid", "not 'You bid first' to the last"
    shot(table_app, "simultaneous")
    # Pia bids so that the total is not 3 (no change of bid is needed); every bid is then shown.
    others = sum(match.state.bids[1:])
    mine = 0 if others != 3 else 1
    driver.click_widget(table.buttons[f"choice:{mine}"])
    assert match.state.phase == "play"
    bids = match.state.bids
    wait(driver, lambda: human_to_act(table) or table.curtain_for is not None)
    if table.curtain_for is not None:
        lift(table, driver)
    for s in range(4):
        assert table.layout.zone(f"seat{s}").lines[1].startswith(f"bid {bids[s]} ")


# --------------------------------------------------------------------------- score sheet


def play_until(table: TableScene, driver: UIDriver, rng: random.Random, done) -> None:
    """The person plays random legal moves with the mouse (the bots theirs) until `done()` or the end."""
    while True:
        until_human(table, driver)
        if done() or table.state.is_over():
            return
        human_move(table, driver, rng)


def check_sheet(table: TableScene, rounds: int) -> None:
    """The open score sheet window shows `view["sheet"]`: a row per finished round and the totals."""
    window = table.sheet_window
    assert window is not None and window.alive() and window.visible
    assert inside(window.rect, table.app.size)
    view = table.view()
    assert len(view["sheet"]) == rounds
    sheet = table.game_layout.score_sheet(view, table.context())
    assert sheet.headers[3:] == tuple(s.name for s in table.match.seats)
    playing = not table.state.is_over()
    assert len(sheet.rows) == rounds + 1 + playing, "a row per finished round, the round being played, the totals"
    if playing:
        now = sheet.rows[-2]
        assert now[0] == f"{view['round'] + 1} (now)"
        assert now[3:] == tuple(f"{'?' if b is None else b}/{t}" for b, t in zip(view["bids"], view["tricks"],
                                                                                 strict=True))
    for row, cells in zip(view["sheet"], sheet.rows, strict=False):
        assert cells[0] == str(row["round"]) and cells[1] == str(row["hand_size"])
        assert cells[3:] == tuple(f"{b}/{t}  {p:+d}" for b, t, p in zip(row["bids"], row["tricks"], row["points"],
                                                                         strict=True))
    assert sheet.rows[-1] == ("Total", "", "", *(str(t) for t in view["totals"]))
    assert view["totals"] == table.state.totals()
    assert shows_sheet(table, sheet), "the window shows it"


@traces("kachuful:table.sheet")
def test_the_score_sheet_opens_mid_game_with_the_button_and_the_s_key_and_at_the_end(table_app, open_table):
    match = kachuful({"hands": "2,1,1"})
    table, driver = open_table(match)
    rng = random.Random(5)
    play_until(table, driver, rng, lambda: match.state.round == 1)
    assert not match.state.is_over()
    driver.click_widget(table.buttons["scores"])
    check_sheet(table, 1)
    shot(table_app, "score_sheet")
    table.sheet_window.kill()
    driver.frames(1)
    driver.key(pygame.K_s)
    check_sheet(table, 1)
    middle = table.layout.choice_centre
    assert not table.sheet_window.rect.collidepoint(middle), "the sheet leaves the middle of the table in view"
    driver.key(pygame.K_s)
    assert table.sheet_window is None, "S closes it again"
    play_until(table, driver, rng, lambda: False)
    driver.settle(table)
    assert table.result_panel is not None
    assert "Score sheet" in table.panels.result_texts()
    driver.click_widget(table.buttons["result_scores"])
    check_sheet(table, 3)
    shot(table_app, "result_score_sheet")


# --------------------------------------------------------------------------- the held full trick


def three_cards_played(seed: int = 5) -> Match:
    """Round 1, first trick: the bids are in and the three others have played; the person plays last."""
    match = kachuful(seed=seed)
    for _ in range(3):
        match.apply(Bid(1))
    match.apply(match.state.legal_actions()[0])
    for _ in range(3):
        match.apply(match.state.legal_actions()[0])
    assert match.state.turn == 0 and len(match.state.trick) == 3
    return match


@fast
def test_the_full_trick_is_held_then_gathered_to_its_winner(table_app, open_table):
    match = three_cards_played()
    table, driver = open_table(match, bot_delay=30.0)  # the winner does not lead at once
    played = [c for _, c in match.state.trick]
    card = match.state.legal_cards()[0]
    driver.perform(table, PLAY[card])
    assert match.log[-1].action == PLAY[card]
    winner = match.state.last_winner
    assert winner is not None and match.state.tricks[winner] == 1
    # The full trick is held on the table before it goes.
    assert table.stages, "the rest of the trick's events wait behind a held picture"
    trick = table.layout.zone("trick")
    assert [s.card for s in trick.spots] == [*played, card]
    assert all(s.face_up for s in trick.spots)
    driver.frames(3)
    assert table.stages and len(table.layout.zone("trick").spots) == 4
    assert "Game over" not in table.status_text(), "the held trick is not the end of the game"
    shot(table_app, "held_trick")
    driver.settle(table)
    assert table.settled and not table.stages
    # Until the next lead the trick stays in the middle; the winner's pile gets it then.
    assert match.state.trick == [] and match.state.turn == winner
    assert [s.card for s in table.layout.zone("trick").spots] == [*played, card]
    assert table.layout.zone(f"won{winner}").spots == []
    assert table.layout.zone(f"seat{winner}").lines[1].endswith("won 1")
    if match.seats[winner].is_human:
        driver.perform(table, match.state.legal_actions()[0])
    else:
        table_app.settings.bot_delay = 0.0
        wait(driver, lambda: len(match.state.trick) == 1)
        table_app.settings.bot_delay = 30.0  # the next seat waits: the lead alone is on the table
    driver.settle(table)
    assert len(match.state.trick) == 1
    lead = match.state.trick[0][1]
    assert [s.card for s in table.layout.zone("trick").spots] == [lead]
    pile = table.layout.zone(f"won{winner}").spots
    assert len(pile) == 4 and not any(s.face_up for s in pile)
    assert table.layout.zone(f"seat{winner}").lines[1].endswith("won 1")


@fast
def test_the_trick_and_the_round_are_announced_while_the_full_trick_is_held(table_app, open_table):
    """With animations on, the last card of a round holds the full trick; what it decided is said as soon as the
    card has landed in it, while the trick is held."""
    match = kachuful({"hands": "1,1"}, seed=2)
    for amount in (1, 1, 1, 0):  # Ann, Bob, Cy, then the person (the dealer)
        match.apply(BID[amount])
    for _ in range(3):
        match.apply(match.state.legal_actions()[0])
    table, driver = open_table(match, bot_delay=30.0)
    driver.perform(table, match.state.legal_actions()[0])
    assert table.stages, "the full trick is held"
    assert match.state.history[0][3:] == ((0, 1, 1, 1), (0, 1, 0, 0))  # the person and Ann made their bids
    run_until(driver, lambda: not table.animator.busy, 60)
    assert table.stages, "the full trick is still held"
    said = table.announcements()
    assert said[0].startswith("Ann wins the trick with ")
    assert said[1].startswith("Round 1: You and Ann made your bids. Bid/won/points: You 0/0 +10, Ann 1/1 +11, ")
    shot(table_app, "held_trick_said")
    wait(driver, lambda: table.message == said[1])
    assert table.message_time > 0


def notes_due(match: Match) -> dict[int, str]:
    """What each seat's panel should say it did last: its last note since the last deal, as the game's narration
    says it to the players of `match`; worked out by replaying the match's log afresh."""
    state = match.rules.new_game(len(match.seats), match.options, match.seed)
    names = Names.of(seat.name for seat in match.seats)
    notes: dict[int, str] = {}
    for entry in match.log:
        for event in state.apply(entry.action):
            if event.kind == "deal":
                notes.clear()
            said = match.game.narration.event(event, names)
            if event.seat is not None and said is not None and said.text and said.note:
                notes[event.seat] = said.note
    return notes


def test_a_new_round_starts_the_seats_notes_afresh(table_app, open_table):
    """No "has bid" or "wins the trick" of the last round stays on a panel once the next round is dealt."""
    match = kachuful({"hands": "1,1"}, seed=2)
    table, driver = open_table(match)
    while match.state.round == 0:
        until_human(table, driver)
        if match.state.round == 0:
            driver.perform(table, match.state.legal_actions()[0])
    until_human(table, driver)
    assert table.last_moves == notes_due(match)
    assert not table.seat_cue(table.layout.zone("seat0")), "the person has not acted in the new round yet"


# --------------------------------------------------------------------------- turn timer


def idle(driver: UIDriver, seconds: float) -> None:
    driver.frames(round(seconds / DT))


def time_out(table: TableScene, driver: UIDriver) -> None:
    """Sit still on the person's turn: nothing happens for 14.5 s, the move is made at 15 s."""
    from cardtable.games.kachuful.bots import timeout_action

    until_human(table, driver)
    assert table.human_turn
    before = len(table.match.log)
    legal = table.state.legal_actions()
    lowest = timeout_action(table.state, 0) if table.state.phase == "play" else None
    idle(driver, 14.5)
    assert len(table.match.log) == before, "nothing is played before the time is up"
    assert table.driver.time_left is not None and 0 < table.driver.time_left <= 0.6
    for _ in range(round(1.0 / DT)):
        driver.frames(1)
        if len(table.match.log) > before:
            break
    assert len(table.match.log) == before + 1, "the move is made when the time is up"
    entry = table.match.log[before]
    assert entry.seat == 0 and entry.action in legal
    if lowest is not None:
        assert entry.action == lowest, "on time-out the lowest legal card is played"


@traces("kachuful:option.timer.move", "kachuful:option.timer.bot", "kachuful:option.timer.back")
def test_the_turn_timer_moves_for_a_sleeper_and_three_time_outs_hand_the_seat_to_a_bot(table_app, open_table):
    """Their meaning carries over where it fits: a "disconnected" seat is a seat handed to a bot, and the engine is
    the single authority that every action passes through."""
    match = kachuful({"turn_timer": 15})
    table, driver = open_table(match)
    time_out(table, driver)
    bid = match.log[-1].action
    assert isinstance(bid, Bid)
    assert table.message == f"Time is up: {table.narrator.action(bid)} was played for you."
    assert table.driver.timeouts == {0: 1} and match.seats[0].kind == "human"
    time_out(table, driver)
    assert isinstance(match.log[-1].action, Play)
    assert table.message == f"Time is up: {table.narrator.action(match.log[-1].action)} was played for you."
    assert table.driver.timeouts == {0: 2} and match.seats[0].kind == "human"
    time_out(table, driver)
    assert match.seats[0].kind == "bot:normal"
    assert table.message == "You timed out 3 times in a row: a bot plays your seat now."
    assert 0 in table.driver.bots and table.humans == []
    saved = load_match(autosave_path("kachuful"), get_game)
    assert saved.seats[0] == Seat("bot:normal", "You", handed_over=True)
    assert saved.log == match.log
    # The person lets the bot play the seat: the game finishes on its own, and counts in the person's statistics,
    # marked as finished by a bot.
    driver.click_widget(table.confirm.cancel_button)
    wait(driver, lambda: match.state.is_over())
    driver.settle(table)
    assert table.result_panel is not None
    record = stats.load("kachuful")
    assert record.played == 1
    assert record.won == (0 in match.state.result().winners)
    assert record.history[-1].by_bot
    table.new_game()  # the next game is the person's again
    assert isinstance(table_app.scene, TableScene) and table_app.scene.match.seats[0] == Seat("human", "You")


def seat_panel(table: TableScene, seat: int) -> Zone:
    return next(z for z in table.layout.zones if z.kind == "seat" and z.seat == seat)


def handed_over(table: TableScene, driver: UIDriver) -> None:
    """Three time-outs in a row: a bot takes seat 0, and the table asks what the person wants."""
    for _ in range(3):
        time_out(table, driver)
    assert table.match.seats[0].handed_over and table.confirm is not None and table.confirm.alive()


@traces("kachuful:option.timer.back")
def test_a_seat_handed_to_a_bot_is_said_and_marked_and_the_person_takes_it_back(table_app, open_table,
                                                                                  reopen_autosave):
    match = kachuful({"turn_timer": 15})
    table, driver = open_table(match)
    handed_over(table, driver)
    # Said on the table, in a question that stays until it is answered: the game waits meanwhile.
    question = table.confirm.confirmation_text.html_text
    assert "You timed out 3 times in a row, so a bot plays for you now." in question
    assert "finished by a bot" in question
    assert table.confirm.confirm_button.text == "Take my seat back"
    assert table.confirm.cancel_button.text == "Let the bot play"
    moves = len(match.log)
    idle(driver, 5.0)
    assert len(match.log) == moves and table.confirm.alive(), "the bots wait for the answer"
    shot(table_app, "handed_over_question")
    driver.click_widget(table.confirm.cancel_button)
    # The seat's panel says a bot plays it for the person; the toolbar offers the seat back.
    assert seat_panel(table, 0).lines[0] == "Bot for you"
    for name in ("undo", "hint"):  # grey, and hovering says why
        assert not table.buttons[name].is_enabled and "take the seat back" in table.buttons[name].tool_tip_text
    button = table.buttons["seat_back:0"]
    assert button.text == "Take my seat back" and button.is_enabled
    # The bot bids for the person in the next round: the table says the bot did it, not "You bid".
    wait(driver, lambda: any(e.seat == 0 and isinstance(e.action, Bid) for e in match.log[moves:]) and table.settled)
    shot(table_app, "handed_over")
    assert any(text.startswith("Bot for you bids") for text in table.move_log.lines()), table.move_log.lines()
    assert not match.state.is_over()
    driver.click_widget(table.buttons["seat_back:0"])
    assert match.seats[0] == Seat("human", "You") and table.humans == [0] and 0 not in table.driver.bots
    assert seat_panel(table, 0).lines[0] == "You" and "seat_back:0" not in table.buttons
    assert "You play again" in table.message
    assert load_match(autosave_path("kachuful"), get_game).seats[0] == Seat("human", "You")
    resumed, again = reopen_autosave("kachuful")
    assert resumed.seats[0] == Seat("human", "You") and again.humans == [0] and "seat_back:0" not in again.buttons


def test_a_game_opened_again_with_the_seat_handed_over_keeps_the_bot_until_the_seat_is_taken_back(
        table_app, open_table, reopen_autosave):
    match = kachuful({"turn_timer": 15})
    table, driver = open_table(match)
    handed_over(table, driver)
    driver.click_widget(table.confirm.cancel_button)
    resumed, again = reopen_autosave("kachuful")
    driver = UIDriver(again.app)
    assert resumed.seats[0].handed_over and again.humans == []
    assert seat_panel(again, 0).lines[0] == "Bot for you"
    driver.click_widget(again.buttons["seat_back:0"])
    assert resumed.seats[0] == Seat("human", "You") and again.viewer == 0
    assert hand_faces(again)["hand0"] == list(resumed.state.hands[0]), "the person sees their hand again"


@traces("kachuful:option.timer.back")
def test_the_seat_is_taken_back_from_the_question(table_app, open_table):
    match = kachuful({"turn_timer": 15})
    table, driver = open_table(match)
    handed_over(table, driver)
    driver.click_widget(table.confirm.confirm_button)
    driver.frames(1)  # the dialog's answer comes a frame after its button's press
    assert match.seats[0] == Seat("human", "You") and table.confirm is None
    until_human(table, driver)
    assert table.human_turn and table.buttons["hint"].is_enabled


def pia_bids_then_quin(state) -> bool:
    """Pia (seat 0) is to bid, and Quin (seat 1) bids next whatever she bids."""
    if state.turn != 0 or state.phase != "bid":
        return False
    after = state.clone()
    after.apply(after.legal_actions()[0])
    return after.turn == 1


def test_in_pass_and_play_the_hand_over_is_said_once_the_next_curtain_is_lifted(table_app, open_table):
    """Pia's third time-out in a row; Quin bids next: the question waits behind Quin's curtain (where nobody would
    see it, and no click could reach the curtain's button), then shows on the table."""
    options = {"hands": "3,2,1", "turn_timer": 15}
    seed, moves = find_moves(get_game("kachuful").rules, 4, pia_bids_then_quin, options)
    match = new_match("kachuful", seats(("Pia", "Quin"), 4, BOTS), options, seed, moves)
    table, driver = open_table(match, bot_delay=30.0)
    if table.curtain_for == 0:
        lift(table, driver)
    assert table.human_turn and match.state.turn == 0
    table.driver.timeouts[0] = 2  # Pia has timed out twice in a row already; now she sits still again
    run_until(driver, lambda: match.seats[0].handed_over, round(16 / DT))
    assert table.curtain_for == 1 and table.confirm is None, "Quin's curtain first"
    assert not hand_faces(table)["hand1"], "Quin's hand stays hidden from Pia, who may still be at the screen"
    lift(table, driver)
    assert table.confirm is not None and table.confirm.alive()
    assert "Pia timed out 3 times in a row, so a bot plays for Pia now." in table.confirm.confirmation_text.html_text
    assert table.buttons["seat_back:0"].text == "Take my seat back (Pia)"


# --------------------------------------------------------------------------- resume


def picture(table: TableScene) -> list[tuple]:
    """What the table draws, as plain values."""
    return [(z.id, z.kind, z.slot, [(s.card, s.face_up, s.rect) for s in z.spots], z.lines, z.marks, z.playable)
            for z in table.layout.zones]


@traces("kachuful:record.save")
def test_a_new_app_resumes_the_autosaved_game_at_the_same_point(table_app, open_table, reopen_autosave):
    match = kachuful()
    table, driver = open_table(match)
    rng = random.Random(8)
    play_until(table, driver, rng, lambda: match.state.phase == "play")
    assert [e.seat for e in match.log].count(0) == 1, "the person has bid"
    until_human(table, driver)
    table_app.settings.bot_delay = 30.0  # the bots wait: the save is taken right after the person's card
    human_move(table, driver, rng)
    assert isinstance(match.log[-1].action, Play) and match.log[-1].seat == 0
    view, drawn, log = table.view(), picture(table), list(match.log)
    assert load_match(autosave_path("kachuful"), get_game).log == log
    resumed, again = reopen_autosave("kachuful")
    assert resumed.log == log
    assert again.viewer == 0
    assert again.view() == view
    assert picture(again) == drawn


# --------------------------------------------------------------------------- window size


SMALL = (800, 560)


def biggest_round(open_table, players: int) -> tuple[TableScene, UIDriver, Match]:
    """The largest hand the deck allows; the bots have bid and the person, the dealer, is to bid."""
    hand = 52 // players if players < 7 else 7
    match = kachuful({"hands": f"{hand},1"}, players=players)
    table, driver = open_table(match)
    until_human(table, driver)
    assert match.state.phase == "bid" and table.choice_panel is not None
    return table, driver, match


def seat_panels(table: TableScene) -> list[Zone]:
    return [z for z in table.layout.zones if z.kind == "seat"]


def check_inside(table: TableScene) -> None:
    assert_inside_window(table)
    hand = table.layout.zone(f"hand{table.viewer}").bounds()
    for panel in seat_panels(table):
        assert not overlaps(hand, panel.slot), f"the hand {hand} runs under {panel.id} {panel.slot}"


def check_bid_panel(table: TableScene) -> None:
    size = table.app.size
    box = table.choice_panel.rect
    assert inside(box, size), f"the bid panel {box} does not fit the {size} window"
    for name, button in table.buttons.items():
        if name.startswith("choice:"):
            assert box.contains(button.rect), f"{name} sticks out of the bid panel"
    hand = pygame.Rect(table.layout.zone(f"hand{table.viewer}").bounds())
    # The person bids looking at the hand: the panel may touch its top edge, not cover the cards' corners.
    assert not box.colliderect(hand) or box.bottom <= hand.top + 4, f"the bid panel {box} hides the hand {hand}"


@pytest.mark.parametrize("players", [3, 7])
def test_a_small_window_keeps_the_table_inside(table_app, players, open_table):
    table, driver, match = biggest_round(open_table, players)
    check_inside(table)
    check_bid_panel(table)
    if players == 7:
        shot(table_app, "seven_1280_bid")
    resize(table_app, driver, SMALL)
    if players == 7:
        shot(table_app, "seven_800_bid")
    check_inside(table)
    check_bid_panel(table)
    assert table.view()["legal"]["forbidden_bid"] is not None, "the long note is on the panel"
    # Bid with the mouse at this size; the cards of the trick, the piles and the hand stay inside too.
    driver.click_widget(table.buttons["choice:0"])
    assert match.state.bids[0] == 0 and match.state.phase == "play"
    until_human(table, driver)
    assert len(match.state.trick) == players - 1
    check_inside(table)
    if players == 7:
        shot(table_app, "seven_800_play")
    card = match.state.legal_cards()[0]
    driver.perform(table, PLAY[card])
    assert match.log[-1].action == PLAY[card]


@pytest.mark.parametrize("players", [3, 5, 7])
def test_seat_panels_do_not_overlap_in_a_small_window(table_app, players, open_table):
    table, driver, _ = biggest_round(open_table, players)
    resize(table_app, driver, SMALL)
    panels = [p for p in seat_panels(table) if p.id.startswith("seat")]
    assert len(panels) == players
    clashes = [(a.id, b.id) for i, a in enumerate(panels) for b in panels[i + 1:] if overlaps(a.slot, b.slot)]
    assert clashes == []
    # nor do the other seats' face-down hands cover anybody's panel
    hands = [z for z in table.layout.zones if z.id.startswith("hand") and z.id != f"hand{table.viewer}"]
    covered = [(h.id, p.id) for h in hands for p in panels for s in h.spots if overlaps(s.rect, p.slot)]
    assert covered == []


def test_in_pass_and_play_a_person_cannot_take_back_another_persons_move(table_app):
    table_app.settings.bot_delay = 0
    seats = [Seat("human", "Pia"), Seat("human", "Quin"), Seat("bot:normal", "Rex")]
    match = Match(get_game("kachuful"), seats, {"hands": "3,2,1"}, seed=4, saver=Autosave.for_game("kachuful"))
    table = TableScene(table_app, match)
    table_app.show(table)
    driver = UIDriver(table_app)
    for _ in range(400):
        driver.frames(1)
        if table.curtain_for is not None or (table.human_turn and table.settled):
            break
    if table.curtain_for is not None:
        table.lift_curtain()
    first = table.viewer
    driver.perform(table, match.state.legal_actions()[0])
    for _ in range(400):
        driver.frames(1)
        if table.curtain_for is not None and table.curtain_for != first:
            break
    assert table.curtain_for is not None and table.curtain_for != first
    table.lift_curtain()
    before = len(match.log)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert len(match.log) == before, "the next person cannot undo the previous person's move"
    assert table.message_error and seats[first].name in table.message


@traces("kachuful:table.play")
def test_the_whole_middle_of_the_table_takes_a_card_and_lights_up(open_table):
    """A card dropped anywhere in the middle is played, not only on the card played last; while it is dragged the
    whole area lights up."""
    seed, lead = mixed_hand_seed()
    match = to_fourth_card(seed, lead)
    table, driver = open_table(match)
    trick = table.layout.zone("trick")
    assert trick.drop is not None
    mx, my, mw, mh = trick.drop
    played = [s.rect for s in trick.spots]
    # A corner of the middle that no played card covers.
    aim = (mx + 12, my + mh - 12)
    assert not any(r[0] <= aim[0] <= r[0] + r[2] and r[1] <= aim[1] <= r[1] + r[3] for r in played)
    hand = table.layout.zone("hand0")
    spot = next(s for s in hand.spots if s.index in hand.playable)
    start = card_point(table, spot.card)
    offset = (start[0] - spot.rect[0], start[1] - spot.rect[1])
    end = (aim[0] + offset[0] - 4, aim[1] + offset[1] - spot.rect[3] + 4)
    before = len(match.log)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    driver.frames(1)
    driver.post(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    driver.frames(1)
    assert table.input.target_rects() == [trick.drop], "the whole middle is lit, once"
    driver.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    driver.frames(1)
    assert match.log[before].seat == 0 and match.log[before].action == PLAY[spot.card]


def test_an_open_score_sheet_follows_the_game_into_the_next_round(table_app, open_table):
    """Opened in round 1 and left open: after round 1 is scored it shows round 1's row, the round being played and
    the new totals, in the same place."""
    match = kachuful({"hands": "2,1,1"})
    table, driver = open_table(match)
    until_human(table, driver)
    driver.click_widget(table.buttons["scores"])
    check_sheet(table, 0)
    corner = table.sheet_window.rect.topright
    play_until(table, driver, random.Random(3), lambda: match.state.round == 1)
    assert table.sheet_window is not None and table.sheet_window.alive(), "the sheet stays open"
    check_sheet(table, 1)
    assert table.sheet_window.rect.topright == corner, "it stays where it was (its top right corner)"


def test_the_persons_panel_note_speaks_to_them(table_app, open_table):
    """The person called You bids with a click: their panel's note says "bid 1." (the table says "You bid 1."),
    never "bids 1." under the name You."""
    from cardtable.ui.table.panel_text import panel_texts

    table, driver = open_table(kachuful())
    until_human(table, driver)
    seat = table.viewer
    driver.perform(table, next(a for a in table.state.legal_actions() if isinstance(a, Bid)))
    said = [t for t in table.move_log.lines() if t.startswith("You ")][-1]
    zone = table.layout.zone(f"seat{seat}")
    note = table.seat_cue(zone)
    assert said.startswith("You bid ") and note == said[len("You "):], (said, note)
    texts = panel_texts(zone, table.fonts, table.ui_scale, note)
    assert any(t.line is None and t.text == note for t in texts), "the note is on the panel, whole"


@traces("kachuful:table.shows")
def test_the_trump_shows_as_a_badge_beside_the_deck(table_home):
    """At the smallest window with seven seats: the round's trump is a badge in its suit's colour beside the deck,
    clear of the panels and the hand; with the turn-up option the turned card shows it instead."""
    from cardtable.ui.driver import UIDriver

    for options, badge in (({}, "Trumps \u2660"), ({"trump": "turn_up"}, None)):
        app = App((800, 560))
        app.settings.animation_speed = "instant"
        table = TableScene(app, new_match("kachuful", seats(("You",), 7, BOTS), options, 5))
        app.show(table)
        driver = UIDriver(app)
        driver.frames(2)
        driver.settle(table)
        zone = table.layout.zone("trump")
        if badge is None:
            assert not zone.markers and zone.spots and zone.spots[0].card == table.state.trump_card
        else:
            assert [m.text for m in zone.markers] == [badge] and zone.markers[0].rect[3] >= 40
            rect = zone.markers[0].rect
            assert inside(rect, (800, 560))
            for other in table.layout.zones:
                if other.kind == "seat" or other.id == "hand0":
                    assert not any(overlaps(rect, r) for r in [other.slot, *(s.rect for s in other.spots)]), other.id
        pygame.quit()
