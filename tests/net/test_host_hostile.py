"""Ten thousand malformed or hostile messages leave the host running and its game as it was: each is refused
with a reason, and a connection that keeps at it is closed."""

from __future__ import annotations

import json
import random
from typing import Any

from cardtable.net.protocol import MAX_CLIENT_MESSAGE, PROTOCOL_VERSION, message
from tests.net.conftest import Link, Peer, make_table

MESSAGES = 10_000


def hostile(rng: random.Random, legal: list[dict[str, Any]]) -> str | bytes:
    """One message a broken or hostile client might send."""
    pick = rng.randrange(16)
    if pick == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if pick == 1:
        return "x" * (MAX_CLIENT_MESSAGE + rng.randrange(1, 100))
    if pick == 2:
        depth = rng.randrange(30, 2000)
        return '{"v":1,"type":"act","action":' + "[" * depth + "]" * depth + ',"at":0}'
    if pick == 3:
        return json.dumps({"v": rng.choice([0, 2, "1", True, None, 1.0]), "type": "act"})
    if pick == 4:
        return json.dumps(message(rng.choice(["act!", "welcome", "", "over", "__init__", "_act"])))
    if pick == 5:
        return json.dumps(message("act", action={"type": "Bid", "amount": rng.randrange(-5, 99)}, at=True))
    if pick == 6:
        return '{"v":1,"type":"act","action":{"type":"Bid","amount":NaN},"at":0}'
    if pick == 7:
        return json.dumps(message("act", action={"type": rng.choice(["Play", "Bid", "Nope"]), "x": 1}, at=0))
    if pick == 8:
        return json.dumps(message("act", action={"type": "Play", "card": {"card": rng.choice(["ZZ", "QH#0", 7])}},
                                  at=0))
    if pick == 9:
        return json.dumps(message("act", action=rng.choice(legal) if legal else {}, at=rng.randrange(-3, 3),
                                  seat=rng.randrange(4)))
    if pick == 10:
        return json.dumps(message("hello", code="TESTCODE", name=rng.choice(["", " ", "\x00bad", "n" * 99])))
    if pick == 11:
        return json.dumps(message("hello", code="TESTCODE", name="Eve", token=rng.choice(["", "x" * 20, "a"])))
    if pick == 12:
        return json.dumps(message("act", action={"type": "Bid", "amount": 10**400 if rng.random() < 0.1 else 2},
                                  at=10**30))
    if pick == 13:
        return json.dumps([message("ping")] * rng.randrange(1, 4))
    if pick == 14:
        return json.dumps(message("leave", extra={"a": 1}))
    return "\ufeff" + json.dumps(message("ping", id="one"))


def test_hostile_messages_change_nothing_and_the_host_runs_on() -> None:
    table = make_table("kachuful", 3, seed=12)
    link = Link(table)
    ada, bo, cy = (link.join(name) for name in ("Ada", "Bo", "Cy"))
    table.start()
    link.flush()
    turn = table.match.state.turn
    assert turn in (0, 1, 2)
    mover = (ada, bo, cy)[turn]
    legal = [a.to_json() for a in mover.client.position.legal]
    before = json.dumps(table.match.to_json())
    rng = random.Random(99)
    strangers: list[Peer] = []
    refused = 0
    for n in range(MESSAGES):
        table.now += 0.2  # the host's clock only (the bots and timers are not run): rate limits refill
        sender = rng.choice([bo if turn != 1 else cy, None])
        if sender is not None and sender.closed:  # closed for its noise: it comes back with its token
            link.connect(sender)
            link.send(sender, sender.client.hello("TESTCODE", "again"))
        if sender is None:  # a connection that never joined
            if not strangers or strangers[-1].closed or rng.random() < 0.05:
                strangers.append(link.connect())
            sender = strangers[-1]
        count = len(sender.received)
        text = hostile(rng, legal)
        table.receive(sender.conn, text)
        for conn, data, close in table.take_outbox():
            peer = link.peers.get(conn)
            if peer is not None:
                peer.received.append(json.dumps(data))
                if data["type"] == "refused":
                    assert data["reason"] and data["text"]
                    refused += 1
                if close:
                    link.drop(peer)
        assert len(sender.received) <= count + 2, f"message {n} was answered more than once"
    assert json.dumps(table.match.to_json()) == before
    assert refused > MESSAGES * 0.8
    # the table still plays: the person to move does
    link.send(mover, mover.client.act(mover.client.position.legal[0]))
    assert len(table.match.log) == 1


def test_a_flood_is_refused_once_and_then_dropped_until_the_rate_allows_again() -> None:
    table = make_table("kachuful", 1)
    link = Link(table)
    ada = link.join("Ada")
    before = len(ada.received)
    for _ in range(100):
        link.send(ada, message("ping"))
    answers = [json.loads(t) for t in ada.received[before:]]
    assert [a["reason"] for a in answers if a["type"] == "refused"] == ["too_frequent"]
    assert sum(a["type"] == "pong" for a in answers) < 25
    table.now += 5
    link.send(ada, message("ping"))
    assert json.loads(ada.received[-1])["type"] == "pong"
    assert PROTOCOL_VERSION == 1
