"""The generic table playing a hosted game: a `RemoteMatch` linked in memory to a host (bots in the other seats), the
person's moves made with the table's own gestures and sent to the host, every move shown as the host sends it, and
the client's check of the whole game at its end."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from cardtable.core.engine import Action
from cardtable.net.remote_match import RemoteDriver, RemoteMatch, Unlisted
from cardtable.ui.driver import UIDriver
from cardtable.ui.table import TableScene
from tests.net.conftest import Link, Peer, make_table
from tests.ui.table_helpers import card_point

#: Frames a test game may take.
MAX_FRAMES = 20_000


def remote_table(app: Any, game_id: str, seed: int = 5, **kwargs: Any) -> tuple[Link, Peer, TableScene, UIDriver]:
    """A host with one open seat (bots in the others), this computer's client in it, and its table on screen."""
    host = make_table(game_id, 1, seed=seed, bots="bot:normal", **kwargs)
    link = Link(host)
    peer = link.join("You")
    host.start()
    link.flush()
    match = RemoteMatch(peer.client, lambda data: link.send(peer, data))
    app.settings.bot_delay = 0.0
    table = TableScene(app, match, RemoteDriver(match))
    app.show(table)
    driver = UIDriver(app)
    driver.frames(2)
    driver.settle(table)
    return link, peer, table, driver


def step(link: Link, driver: UIDriver) -> None:
    """The host's clock runs 0.1 s (its bots move), then the table's frame."""
    link.table.update(0.1)
    link.flush()
    driver.frames(1)


def play_to_end(link: Link, peer: Peer, table: TableScene, driver: UIDriver, rng: random.Random,
                pick: Any = None) -> int:
    """Play the person's moves through the table's gestures until the game is over; returns the moves made."""
    made = 0
    for _ in range(MAX_FRAMES):
        if table.match.state.is_over() and peer.client.ended is not None:
            return made
        if table.human_turn and table.settled and not table.match.awaiting:
            legal = table.legal()
            action = pick(table) if pick is not None else legal[rng.randrange(len(legal))]
            driver.perform(table, action)
            made += 1
        step(link, driver)
    pytest.fail("the hosted game did not end")


@pytest.mark.parametrize("game_id", ["kachuful", "crazy"])
def test_a_hosted_game_is_played_to_its_end_on_the_table(table_app: Any, game_id: str) -> None:
    link, peer, table, driver = remote_table(table_app, game_id)
    made = play_to_end(link, peer, table, driver, random.Random(2))
    assert made > 0
    verdict = peer.client.verdict
    assert verdict is not None and verdict.ok, verdict and verdict.problems
    host_log = link.table.match.log
    assert len(table.match.log) == len(host_log)
    assert [e.action for e in table.match.log if e.seat == 0] == [e.action for e in host_log if e.seat == 0]
    assert table.state.result().winners == link.table.match.state.result().winners
    driver.settle(table)
    assert table.match.seed == link.table.seed  # revealed at the end
    assert "Deal #0" not in table.clock_text()[0]
    step(link, driver)
    assert any("The game checks out" in text for text in table.announcements()), "the end says it checks out"


def test_an_illegal_move_is_refused_by_the_host_in_words(table_app: Any) -> None:
    link, peer, table, driver = remote_table(table_app, "crazy")
    for _ in range(2000):
        if table.human_turn and table.settled:
            break
        step(link, driver)
    assert table.human_turn
    hand = table.view()["hands"][peer.client.seat]
    legal = set(table.legal())
    illegal = next((a for a in _all_plays(hand) if a not in legal), None)
    if illegal is None:
        pytest.skip("every card of this hand may be played")
    before = len(peer.client.refusals)
    sent = []
    propose = table.match.propose

    def held(action: Action) -> None:  # what the table does until the host's answer is read
        sent.append(action)
        propose(action)
        assert table.match.awaiting and not table.human_turn

    table.match.propose = held  # type: ignore[method-assign]
    driver.click(card_point(table, illegal.card))  # a click on a card that may not be played now
    driver.frames(1)
    assert sent == [illegal]
    assert len(peer.client.refusals) == before + 1
    assert table.messages.error and table.messages.text
    assert table.messages.text != "That move is not allowed now."  # the game's own words for the rule
    assert not table.match.awaiting and table.human_turn
    assert len(table.match.log) == len(link.table.match.log)


def _all_plays(hand: Any) -> list[Action]:
    """Every play of a card of `hand` (most are illegal when the top card does not match)."""
    from cardtable.games.crazy.rules import Play

    return [Play(card) for card in hand or []]


def test_a_countdown_is_the_hosts_seconds_counted_here_and_the_host_plays_the_time_out(table_app: Any) -> None:
    link, peer, table, driver = remote_table(table_app, "kachuful", options={"turn_timer": 15})
    for _ in range(2000):
        if table.human_turn and table.settled:
            break
        step(link, driver)
    assert peer.client.position.time == 15
    shown = table.driver.shown_time_left
    assert shown is not None and 14 <= shown <= 15
    assert "s left" in table.clock_text()[0]
    n = len(table.match.log)
    for _ in range(200):  # 20 s of the host's clock, a few frames of the table's: the host plays the time-out
        step(link, driver)
        if len(table.match.log) > n:
            break
    assert len(table.match.log) > n
    assert table.match.log[n].seat == peer.client.seat


def test_a_burial_with_too_many_moves_to_list_is_left_to_the_host(table_app: Any) -> None:
    link, peer, table, driver = remote_table(table_app, "king_of_the_hill")

    def first_listed(table: TableScene) -> Action:
        legal = table.legal()
        if isinstance(legal, Unlisted):  # the host's own list for this seat: its turn
            return link.table.match.state.legal_actions()[0]
        return legal[0]

    burials = []
    original = table.match.propose

    def propose(action: Action) -> None:
        if isinstance(table.legal(), Unlisted):
            burials.append(action)
        original(action)

    table.match.propose = propose  # type: ignore[method-assign]
    play_to_end(link, peer, table, driver, random.Random(1), pick=first_listed)
    assert burials, "no burial came to the person"
    verdict = peer.client.verdict
    assert verdict is not None and verdict.ok, verdict and verdict.problems


def test_the_hosts_work_is_left_to_it_and_the_score_sheet_opens(table_app: Any) -> None:
    link, peer, table, driver = remote_table(table_app, "kachuful")
    for name in ("hint", "new", "deal"):
        table.panels.buttons[name].enable()
        driver.click_widget(table.panels.buttons[name])
        assert table.messages.text, name
        assert table.match.decided_elsewhere and table.app.scene is table
    driver.key(pygame.K_s)
    driver.frames(2)
    assert table.sheet is not None


def test_a_seat_away_and_back_is_said(table_app: Any) -> None:
    host = make_table("crazy", 2, seed=3, bots="bot:normal")
    link = Link(host)
    peer, other = link.join("You"), link.join("Zed")
    host.start()
    link.flush()
    match = RemoteMatch(peer.client, lambda data: link.send(peer, data))
    table = TableScene(table_app, match, RemoteDriver(match))
    table_app.show(table)
    driver = UIDriver(table_app)
    driver.frames(2)
    link.drop(other)
    driver.frames(1)
    assert "Zed has lost the connection" in table.messages.text
    assert [s.kind for s in match.seats][:2] == ["human", "remote"]
