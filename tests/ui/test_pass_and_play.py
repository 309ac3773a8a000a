"""Pass-and-play on the real table: the curtain lifts only on a deliberate act (its button, or Enter or Space)
made after it showed, a game opened again opens behind it, and it tells what happened since the person's last
turn."""

from __future__ import annotations

import pygame

from cardtable.core.engine import Rules
from cardtable.games import get_rules
from cardtable.games.eat_pairs.rules import CLAIM_SECONDS, timeout_action
from cardtable.games.eat_pairs.rules import RULES as EAT_PAIRS
from cardtable.games.king_of_the_hill.rules import PASS
from cardtable.session.saves import Autosave
from cardtable.ui.driver import DT, UIDriver
from cardtable.ui.table import TableScene
from cardtable.ui.table.curtain import BEAT
from tests.ui.table_helpers import (
    assert_curtain,
    centre,
    curtain_button,
    face_up,
    find_moves,
    lift,
    new_match,
    run_until,
    seats,
)

BOTS = ("Ann", "Bob", "Cy", "Dee")


def hand_shown(table: TableScene) -> bool:
    """Some card of a hand is face up on the table."""
    return bool(face_up(table) & {c for h in table.state.hands for c in (h.values() if isinstance(h, dict) else h)})


def click_through(table: TableScene, driver: UIDriver) -> None:
    """The clicks of a person who was about to act when the curtain came up: the middle of the screen, then where
    its button is, both within the beat."""
    w, h = table.app.size
    driver.click((w // 2, h // 2))
    assert table.curtain_for is not None, "a click within the beat after the curtain showed does not lift it"
    driver.click(centre(table.curtain.button))
    assert table.clock - table.curtain.shown_at < BEAT, "the clicks came within the beat"
    assert table.curtain_for is not None, "a click within the beat after the curtain showed does not lift it"
    assert not hand_shown(table)


def test_a_click_as_a_person_passes_does_not_lift_the_next_curtain(table_app, open_table):
    """King of the Hill after the deal (where each person declares, untimed): Pia passes with a quick second click,
    which lands as the curtain for Quin comes up; it does not lift it."""
    match = new_match("king_of_the_hill", seats(("Pia", "Quin"), 5, BOTS), {}, 2)
    table, driver = open_table(match, bot_delay=0.0)
    run_until(driver, lambda: table.curtain_for is not None)
    first = table.curtain_for
    lift(table, driver)
    assert table.viewer == first and table.human_turn and PASS in match.state.legal_actions()
    driver.perform(table, PASS)
    run_until(driver, lambda: table.curtain_for is not None and table.curtain_for != first)
    other = table.curtain_for
    click_through(table, driver)
    # After the beat a click anywhere but the button still does nothing: only the button lifts it.
    run_until(driver, lambda: table.curtain.ready)
    w, h = table.app.size
    driver.click((w // 8, h // 2))
    assert table.curtain_for == other and not hand_shown(table)
    lift(table, driver)
    assert table.viewer == other and table.human_turn and hand_shown(table)


def claim_then_second_person(state) -> bool:
    """Seat 0 is to claim by hand, and seat 1 (the other person) moves right after a miss."""
    if state.turn != 0 or state.phase != "claim":
        return False
    after = state.clone()
    after.apply(timeout_action(after, after.legal_actions(), None))
    return after.turn == 1


def test_a_click_as_a_claim_runs_out_does_not_lift_the_next_curtain(table_app, open_table):
    options = {"claim_by_hand": True}
    seed, moves = find_moves(EAT_PAIRS, 2, claim_then_second_person, options,
                             policy=lambda s, rng: s.legal_actions()[0])
    match = new_match("eat_pairs", seats(("Pia", "Quin"), 2, ()), options, seed, moves)
    table, driver = open_table(match, bot_delay=30.0)
    if table.curtain_for == 0:
        lift(table, driver)
    assert table.viewer == 0 and table.human_turn
    run_until(driver, lambda: table.curtain_for is not None, int((CLAIM_SECONDS + 1) / DT))
    assert table.curtain_for == 1
    click_through(table, driver)
    # It says what happened since Quin's last turn, in the table's own words: Pia's miss among them.
    said = [text for moment, text in table.move_log.entries if moment > len(moves)]
    assert said and table.curtain.since[-len(said):] == said and not table.curtain.first_turn
    assert any("Pia" in text for text in said)
    driver.key(pygame.K_RETURN)  # Enter within the beat does not lift it either
    assert table.curtain_for == 1
    run_until(driver, lambda: table.curtain.ready)
    driver.key(pygame.K_RETURN)
    assert table.curtain_for is None and table.viewer == 1 and hand_shown(table)


def test_the_curtains_button_is_pressed_and_released_on_it(table_app, open_table):
    """A press elsewhere released on the button, or pressed on it and released elsewhere, does not lift it."""
    seed, moves = own_turn_again(get_rules("cat_te"), {})  # a game opened again: behind seat 0's curtain
    match = new_match("cat_te", seats(("Pia", "Quin"), 2, ()), {}, seed, moves)
    table, driver = open_table(match, bot_delay=30.0)
    assert table.curtain_for == 0
    on = curtain_button(table, driver)
    off = (10, table.app.size[1] // 2)
    for down, up in ((off, on), (on, off)):
        driver.post(pygame.MOUSEBUTTONDOWN, pos=down, button=1)
        driver.post(pygame.MOUSEBUTTONUP, pos=up, button=1)
        driver.frames(2)
        assert table.curtain_for == 0
    lift(table, driver)


def own_turn_again(rules: Rules, options: dict) -> tuple[int, list]:
    """A two-player deal and its first legal moves up to seat 0's turn after at least one move."""
    state = rules.new_game(2, options, 1)
    moves: list = []
    while not moves or state.turn != 0:
        action = state.legal_actions()[0]
        state.apply(action)
        moves.append(action)
    return 1, moves


def test_a_pass_and_play_game_opened_again_opens_behind_its_curtain(table_app, reopen_autosave):
    """Cat Te and Eat Pairs, seat 0 to move: Resume shows the curtain for seat 0, not seat 0's hand."""
    for game in ("cat_te", "eat_pairs"):
        seed, moves = own_turn_again(get_rules(game), {})
        new_match(game, seats(("Pia", "Quin"), 2, ()), {}, seed, moves, saver=Autosave.for_game(game))
        resumed, table = reopen_autosave(game)
        driver = UIDriver(table.app)
        assert resumed.log and resumed.state.turn == 0
        assert table.curtain_for == 0, f"{game}: Resume opens behind the curtain"
        assert_curtain(table, driver)
        lift(table, driver)
        assert table.viewer == 0 and hand_shown(table)


def then_quin(state) -> bool:
    """Pia (seat 0) is to move, and Quin (seat 1) moves next after her first legal move."""
    if state.turn != 0:
        return False
    after = state.clone()
    after.apply(after.legal_actions()[0])
    return after.turn == 1


def pia_moves_then_quin(open_table):
    """Eat Pairs between Pia and Quin: Pia makes her move at the screen, and Quin is next."""
    seed, moves = find_moves(EAT_PAIRS, 2, then_quin, policy=lambda s, rng: s.legal_actions()[0])
    match = new_match("eat_pairs", seats(("Pia", "Quin"), 2, ()), {}, seed, moves)
    table, driver = open_table(match, bot_delay=30.0)
    if table.curtain_for == 0:
        lift(table, driver)
    driver.perform(table, match.state.legal_actions()[0])
    return match, table, driver


def test_undo_is_grey_for_the_person_who_may_not_take_the_move_back(table_app, open_table):
    match, table, driver = pia_moves_then_quin(open_table)
    assert match.log[-1].seat == 0 and table.curtain_for == 1
    lift(table, driver)
    undo = table.buttons["undo"]
    assert not undo.is_enabled, "Quin may not take back Pia's move"
    assert undo.tool_tip_text == "Only Pia can take back their move."
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert table.message == "Only Pia can take back their move." and match.log[-1].seat == 0


def test_the_toolbar_under_the_curtain_takes_no_click(table_app, open_table):
    """The curtain covers the toolbar: a click where Undo or New is does nothing (nobody sees them)."""
    match, table, driver = pia_moves_then_quin(open_table)
    assert table.curtain_for == 1 and table.buttons["undo"].is_enabled
    played = list(match.log)
    run_until(driver, lambda: table.curtain.ready)
    for name in ("undo", "new"):
        driver.click_widget(table.buttons[name])
        driver.frames(1)
        assert match.log == played and table.curtain_for == 1 and table.confirm is None, name
