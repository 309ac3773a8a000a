"""Nothing a client sends can crash the host or change a game it has no right to change: more than 10,000
malformed and hostile messages over real sockets (loopback only), a client that does not read, wrong codes from many
connections, and an exception inside the table itself."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from cardtable.net import server as server_module
from cardtable.net.connection import SEATED, url
from cardtable.net.host import HostTable
from cardtable.net.limits import FailedCodes
from cardtable.net.protocol import encode, message
from tests.net.realnet import LOOPBACK, Players, close_all, join, served, wait_for
from tests.net.test_server import short_table

#: Hostile messages the flood sends (at least), and the seconds it may take.
FLOOD = 10_000
FLOOD_SECONDS = 20.0
PER_CONNECTION = 200


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


def hostile(rng: random.Random) -> str | bytes:
    """One malformed or hostile message (text or bytes), none bigger than the host accepts but a rare few."""
    pick = rng.randrange(16)
    if pick in (7, 8, 9) and rng.random() < 0.7:  # a hello that fails closes its connection: fewer of them
        pick = 3
    if pick == 0:
        return rng.randbytes(rng.randrange(1, 300))
    if pick == 1:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(1, 200)))
    if pick == 2:
        depth = rng.randrange(33, 4000)
        return "[" * depth + "]" * depth
    if pick == 3:
        return encode({"v": 1, "type": "ping", "id": 1, "x": json.loads("[" * 30 + "]" * 30)})
    if pick == 4:
        return encode({"v": rng.choice([0, 2, "1", True, None, 1.0, -1]), "type": "hello", "code": "X", "name": "Y"})
    if pick == 5:
        return encode({"v": 1, "type": rng.choice(["shutdown", "welcome", "over", "", 5, None, "__init__"])})
    if pick == 6:
        return encode({"v": 1, "type": "act", "action": rng.choice(["x", 5, [], None]), "at": rng.choice([True, "0"])})
    if pick == 7:
        return encode(message("hello", code="".join(rng.choices("ABCDEFGH2345", k=8)), name="Guesser"))
    if pick == 8:
        return encode(message("hello", code="TESTCODE", name="Thief", token=rng.randbytes(12).hex()))
    if pick == 9:
        return encode(message("hello", code="TESTCODE", name=rng.choice(["", " ", "\x00", "x" * 200, "\u202e"])))
    if pick == 10:
        return encode(message("act", action={"kind": "play", "card": "AS"}, at=0))
    if pick == 11:
        return '{"v":1,"type":"ping","id":NaN}'
    if pick == 12:
        return '{"v":1,"type":"act","action":{},"at":' + "9" * 5000 + "}"
    if pick == 13:
        return "x" * (server_module.protocol.MAX_CLIENT_MESSAGE + rng.randrange(1, 5000)) if rng.random() < 0.05 \
            else encode(message("ping", id=rng.randrange(1 << 40)))
    if pick == 14:
        return encode({"v": 1, "type": "leave", "extra": "field"})
    return encode({"v": 1, "type": "hello", "code": ["TESTCODE"], "name": {"a": 1}})


async def _one_connection(port: int, batch: list[str | bytes]) -> int:
    """Send a batch on one connection (reading whatever comes back); how many were sent before it closed."""
    sent = 0
    try:
        async with connect(url(LOOPBACK, port), open_timeout=5, close_timeout=1, max_size=None, compression=None) as ws:

            async def drain() -> None:
                async for _ in ws:
                    pass

            reader = asyncio.create_task(drain())  # read all along, so that the closing handshake is read too
            try:
                for item in batch:
                    await ws.send(item)
                    sent += 1
                await ws.close()
            finally:
                reader.cancel()
    except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError):
        pass
    return sent


async def _flood(port: int, rng: random.Random, received: Callable[[], int]) -> int:
    """Send hostile batches on new connections until the server has received `FLOOD` messages; how many were sent."""
    sent, deadline = 0, time.monotonic() + FLOOD_SECONDS
    for _ in range(FLOOD):  # bounded: each round sends a few batches
        if received() >= FLOOD or time.monotonic() > deadline:
            break
        batches = [[hostile(rng) for _ in range(PER_CONNECTION)] for _ in range(8)]
        sent += sum(await asyncio.gather(*(_one_connection(port, b) for b in batches)))
    return sent


def _state(table: HostTable) -> str:
    assert table.match is not None
    return json.dumps(table.match.to_json(), sort_keys=True)


def test_ten_thousand_hostile_messages_leave_the_server_running_and_the_game_unchanged() -> None:
    table = short_table("crazy", 2)
    with served(table) as server:
        connections = join(server, 2)
        try:
            server.start_table()
            players = Players(server, connections)
            players.until(lambda: server.snapshot().moves >= 5, "a few moves")
            # stop where a person is to act (nobody plays for them now): the game waits
            def still() -> object:  # a person to act, whose move was not sent: nothing changes the game now
                moves = server.snapshot().moves
                return next((c for i, c in enumerate(connections) if c.client.position and c.client.position.mine
                             and c.client.position.n == moves and players.sent.get(i) != moves), None)

            waiting = wait_for(still, "a person's turn")
            other = next(c for c in connections if c is not waiting)
            before, moves = _state(table), server.snapshot().moves
            legal = waiting.client.position.legal
            rng = random.Random(5)
            for i in range(150):  # the seated people misbehave too: out of turn, another's move, stale, garbage
                action = legal[rng.randrange(len(legal))].to_json()
                choices = [message("act", action=action, at=moves), message("act", action=action, at=moves - 1),
                           message("act", action={"kind": "nonsense", "x": i}, at=moves),
                           message("hello", code="TESTCODE", name="Again")]
                other.send(rng.choice(choices))
                waiting.send(rng.choice(choices[1:]))
            before_flood = server.stats.received
            sent = asyncio.run(_flood(server.bound[1], rng, lambda: server.stats.received - before_flood))
            assert sent >= FLOOD and server.stats.received - before_flood >= FLOOD
            assert server.running and server.stats.errors == 0
            assert _state(table) == before and server.snapshot().moves == moves
            # the wrong codes locked this address out: even the right code is refused for now
            locked = asyncio.run(_hello_reply(server.bound[1]))
            assert locked["reason"] == "locked_out"
            # the people still seated finish the game, and it checks out
            assert all(c.status == SEATED for c in connections)
            players.finish()
            assert all(c.client.verdict.ok for c in connections)
        finally:
            close_all(connections)


async def _hello_reply(port: int) -> dict:
    async with connect(url(LOOPBACK, port), open_timeout=5, close_timeout=1) as ws:
        await ws.send(encode(message("hello", code="TESTCODE", name="Late")))
        return json.loads(await asyncio.wait_for(ws.recv(), 5))


def test_wrong_codes_are_counted_per_address_across_connections() -> None:
    with served(short_table("crazy", 2), codes=FailedCodes(tries=6, window=60, lockout=60)) as server:
        port = server.bound[1]

        async def guesses() -> list[str]:
            reasons = []
            for i in range(8):  # a new connection for each guess: the count goes on
                async with connect(url(LOOPBACK, port), open_timeout=5, close_timeout=1) as ws:
                    await ws.send(encode(message("hello", code=f"GUESS{i:03d}", name="G")))
                    reasons.append(json.loads(await asyncio.wait_for(ws.recv(), 5))["reason"])
            return reasons

        reasons = asyncio.run(guesses())
        assert reasons == ["wrong_code"] * 6 + ["locked_out"] * 2


def test_failed_codes_unlock_after_the_lockout_and_forget_old_failures() -> None:
    codes = FailedCodes(tries=3, window=10, lockout=5)
    assert not codes.failed("a", 0) and not codes.failed("a", 1)
    assert not codes.failed("a", 20)  # the first two are out of the window
    assert not codes.failed("a", 21) and codes.failed("a", 22)
    assert codes.locked("a", 26) and not codes.locked("a", 27.5) and not codes.locked("b", 22)


def test_a_client_that_does_not_read_is_cut_off_and_never_holds_the_host_up(monkeypatch) -> None:
    monkeypatch.setattr(server_module, "MAX_QUEUED", 10)  # a reader that reads never has this many waiting
    table = short_table("crazy", 2)
    with served(table) as server:
        connections = join(server, 2)
        try:
            stuck = connections[1]
            peer = server._peers[table.guest_at(stuck.client.seat).connection]

            async def never(_text: str) -> None:  # a send that never completes: a reader that stopped reading
                await asyncio.Event().wait()

            peer.ws.send = never
            for i in range(30):  # each ping is answered: the answers pile up for a reader that does not read
                stuck.send(message("ping", id=i))
            wait_for(lambda: server.stats.cut_off >= 1, "the reader that does not read to be cut off")
            wait_for(lambda: peer.conn not in server._peers, "the server to let it go")
            # in the lobby a seat is kept only by being there: the client cut off joins afresh
            wait_for(lambda: stuck.status == SEATED and server.snapshot().open_seats == 0, "the client's rejoin")
            assert server.stats.cut_off == 1
            server.start_table()
            Players(server, connections).finish()
            assert server.running and server.stats.errors == 0
            assert all(c.client.verdict.ok for c in connections)
        finally:
            close_all(connections)


def test_an_exception_inside_the_table_is_logged_and_contained(monkeypatch, caplog) -> None:
    table = short_table("crazy", 2)
    calls = {"n": 0}
    real = HostTable.receive

    def broken(self: HostTable, conn: int, text: str | bytes) -> None:
        calls["n"] += 1
        if "boom" in (text if isinstance(text, str) else ""):
            raise RuntimeError("a bug a message found")
        real(self, conn, text)

    monkeypatch.setattr(HostTable, "receive", broken)
    with served(table) as server:
        connections = join(server, 2)
        try:
            for _ in range(3):
                assert connections[0].send(message("ping", id=7, boom=True))
            wait_for(lambda: "a bug a message found" in caplog.text, "the error to be logged")
            assert server.stats.errors >= 1
            server.start_table()
            Players(server, connections).finish()
            assert server.running and all(c.client.verdict.ok for c in connections)
        finally:
            close_all(connections)
