"""The host's rules for people: joining with the code, seats, turns, refusals, dropping out and coming back, the
host closed and opened again, and the check of a game whose deal was changed."""

from __future__ import annotations

import json
import random

from cardtable.games import get_game
from cardtable.net.host import GRACE, WAIT_FOR_DROPPED, HostTable
from cardtable.net.protocol import message
from tests.net.conftest import Link, Peer, inline, make_table


def last(peer: Peer) -> dict:
    return json.loads(peer.received[-1])


def test_joining_needs_the_code_and_fills_the_open_seats_in_order() -> None:
    table = make_table("kachuful", 2)
    link = Link(table)
    stranger = link.join("Eve", code="WRONG123")
    assert last(stranger)["reason"] == "wrong_code" and stranger.client.seat is None
    ada = link.join("Ada", code="test code")  # case and spaces do not matter
    bo = link.join("Bo")
    assert (ada.client.seat, bo.client.seat) == (0, 1)
    assert last(link.join("Cy"))["reason"] == "full"
    assert [s["who"] for s in ada.client.seats] == ["person", "person", "bot", "bot"]
    assert ada.client.commitment == table.commitment and len(table.code) >= 6


def test_wrong_codes_close_the_connection_after_a_few_tries() -> None:
    link = Link(make_table("kachuful", 1))
    peer = link.connect()
    for _ in range(5):
        link.send(peer, message("hello", code="NOPE", name="Eve"))
    assert peer.closed


def test_an_open_seat_nobody_took_is_played_by_a_bot() -> None:
    table = make_table("kachuful", 2)
    link = Link(table)
    link.join("Ada")
    table.start()
    assert [s.kind for s in table.match.seats] == ["human", "bot:normal", "bot:easy", "bot:easy"]


def test_a_client_acts_only_for_its_own_seat_and_only_with_legal_moves() -> None:
    table = make_table("kachuful", 4)
    link = Link(table)
    peers = [link.join(f"P{i}") for i in range(4)]
    table.start()
    link.flush()
    turn = table.match.state.turn
    mover, other = peers[turn], peers[(turn + 1) % 4]
    legal = mover.client.position.legal
    link.send(other, other.client.act(legal[0]))
    assert last(other)["reason"] == "not_your_turn" and len(table.match.log) == 0
    bid = table.match.rules.action_from_json({"type": "Bid", "amount": 99})
    link.send(mover, mover.client.act(bid))
    refused = last(mover)
    assert refused["reason"] == "illegal" and refused["rule"] and len(table.match.log) == 0
    stale = message("act", action=legal[0].to_json(), at=5)
    link.send(mover, stale)
    assert last(mover)["reason"] == "stale"
    link.send(mover, mover.client.act(legal[0]))
    assert len(table.match.log) == 1
    assert all(p.client.position.n == 1 for p in peers)


def test_a_dropped_person_keeps_the_seat_a_bot_plays_meanwhile_and_they_rejoin() -> None:
    table = make_table("kachuful", 2)
    link = Link(table)
    ada, bo = link.join("Ada"), link.join("Bo")
    table.start()
    link.flush()
    rng = random.Random(1)
    while table.match.state.turn != 0:  # play until it is Ada's turn
        link.play_step(rng)
    link.drop(ada)
    assert any(json.loads(t)["type"] == "seat" and json.loads(t)["status"] == "away" for t in bo.received)
    for _ in range(int(WAIT_FOR_DROPPED / 0.1) + 5):
        link.play_step(rng, people=False)
        if table.match.state.turn != 0:
            break
    assert table.match.state.turn != 0, "a bot plays the turn of a person who is away"
    assert table.match.seats[0].handed_over
    link.connect(ada)
    link.send(ada, ada.client.hello("TESTCODE", "Ada"))
    assert ada.client.seat == 0 and ada.client.position.n == len(table.match.log)
    assert not table.match.seats[0].handed_over and table.match.seats[0].is_human
    link.play(rng)
    assert ada.client.verdict.ok and bo.client.verdict.ok, ada.client.verdict.problems


def test_a_person_away_past_the_grace_period_is_said_to_be_gone() -> None:
    table = make_table("kachuful", 2, bot_delay=1.0)  # bots a second a move: the game outlasts the grace period
    link = Link(table)
    ada, bo = link.join("Ada"), link.join("Bo")
    table.start()
    link.flush()
    link.drop(ada)
    rng = random.Random(2)
    for _ in range(int(GRACE / 0.1) + 5):
        link.play_step(rng)
    statuses = [json.loads(t).get("status") for t in bo.received if json.loads(t)["type"] == "seat"]
    assert statuses[:1] == ["away"] and "gone" in statuses and not table.over


def test_a_person_who_never_comes_back_is_finished_for_by_a_bot_and_the_end_says_so() -> None:
    table = make_table("kachuful", 2)
    link = Link(table)
    ada, bo = link.join("Ada"), link.join("Bo")
    table.start()
    link.flush()
    link.drop(ada)
    link.play(random.Random(3))
    assert bo.client.ended["bot_finished"] == [0] and bo.client.verdict.ok


def test_the_host_closed_and_opened_again_resumes_and_the_clients_rejoin() -> None:
    saved = []
    table = make_table("cat_te", 4, store=saved.append)
    link = Link(table)
    peers = [link.join(f"P{i}") for i in range(4)]
    table.start()
    link.flush()
    rng = random.Random(4)
    for _ in range(30):
        link.play_step(rng)
    moves = len(table.match.log)
    assert saved and saved[-1]["match"]["actions"] and moves
    again = HostTable.from_json(json.loads(json.dumps(saved[-1])), get_game, bot_delay=0.0, thinker=inline)
    assert len(again.match.log) == moves and again.commitment == table.commitment
    relink = Link(again)
    for peer in peers:
        relink.connect(peer)
        relink.send(peer, peer.client.hello("TESTCODE", "whoever"))
        assert peer.client.position.n == moves
    relink.play(rng)
    assert all(p.client.verdict.ok for p in peers), [p.client.verdict.problems for p in peers]


def test_a_changed_deal_or_log_does_not_check_out() -> None:
    table = make_table("kachuful", 1)
    link = Link(table)
    ada = link.join("Ada")
    table.start()
    link.flush()
    link.play(random.Random(5))
    ended = ada.client.ended
    from cardtable.net.verify import verify

    client = ada.client
    args = (client.game.rules, client.players, client.options)
    views, events = client._views, client._events
    good = verify(*args, client.commitment, ended["seed"], ended["nonce"], ended["actions"], 0, views, events)
    assert good.ok
    other_seed = verify(*args, client.commitment, ended["seed"] + 1, ended["nonce"], ended["actions"], 0, views, events)
    assert not other_seed.ok and "committed" in other_seed.problems[0]
    cut = verify(*args, client.commitment, ended["seed"], ended["nonce"], ended["actions"][:-3], 0, views, events)
    assert not cut.ok


def test_a_refusal_names_its_seats_and_cards_so_the_client_can_say_it() -> None:
    table = make_table("crazy", 4)
    link = Link(table)
    peers = [link.join(f"P{i}") for i in range(4)]
    table.start()
    link.flush()
    mover = peers[table.match.state.turn]
    hand = mover.client.position.view["hands"][mover.client.seat]
    unplayable = [c for c in hand if all(getattr(a, "card", None) != c for a in mover.client.position.legal)]
    play = next(a for a in mover.client.position.legal if hasattr(a, "card"))
    if not unplayable:
        return
    link.send(mover, mover.client.act(type(play)(unplayable[0], *[getattr(play, f) for f in play.__dataclass_fields__
                                                                  if f != "card"])))
    refused = last(mover)
    assert refused["reason"] == "illegal" and refused["rule"]
    from cardtable.core.engine import IllegalAction
    from cardtable.core.words import Names
    from cardtable.net.wire import from_wire

    said = mover.client.game.narration.refusal(IllegalAction(refused["rule"], **from_wire(refused["fields"])),
                                               Names.seats(4))
    assert said and "{" not in said
