"""Helpers of the tests over real sockets (the loopback address only): a served table, its connected clients, and
bounded waits (polls every few milliseconds, each with a deadline)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from cardtable.net.connection import SEATED, Connection
from cardtable.net.host import HostTable
from cardtable.net.server import TableServer

LOOPBACK = "127.0.0.1"
#: Seconds any wait of these tests may last.
WAIT = 20.0
POLL = 0.005
#: Seconds after which a move that changed nothing is sent again (test players move faster than people may).
RESEND = 0.5

#: Shorter games where a game's default is long (the rules are the same; the test is of the transport).
SHORT = {"king_of_the_hill": {"rounds": 1}, "kachuful": {"hands": "down"}, "cat_te": {"rounds": 1}}


def wait_for(condition: Callable[[], Any], what: str, timeout: float = WAIT) -> Any:
    """Poll `condition` until it is true (its value), failing after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(POLL)
    pytest.fail(f"timed out waiting for {what}")


@contextmanager
def served(*tables: HostTable, keep: bool = True, **options: Any) -> Iterator[TableServer]:
    """A server on the loopback address (any free port) serving `tables`, stopped afterwards."""
    server = TableServer(LOOPBACK, 0, keep=keep, tick=0.01, **options)
    for table in tables:
        server.add(table)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def join(server: TableServer, count: int, code: str = "TESTCODE", **options: Any) -> list[Connection]:
    """`count` clients seated at the table of `code`."""
    assert server.bound is not None
    host, port = server.bound
    assert host == LOOPBACK
    connections = [Connection(host, port, code, f"Player {i}", **options) for i in range(count)]
    for connection in connections:
        connection.start()
    wait_for(lambda: all(c.status == SEATED for c in connections), "every client to be seated")
    return connections


def close_all(connections: list[Connection]) -> None:
    for connection in connections:
        connection.close()


class Players:
    """Plays a random legal move for each client whose turn it is (once per position)."""

    def __init__(self, server: TableServer, connections: list[Connection], seed: int = 3, code: str | None = None):
        self.server, self.connections, self.code = server, connections, code
        self.rng = random.Random(seed)
        self.sent: dict[int, int] = {}
        self.when: dict[int, float] = {}

    def step(self) -> None:
        for i, connection in enumerate(self.connections):
            if any(update.kind == "welcome" for update in connection.updates()):
                self.sent.pop(i, None)  # a move sent just before a drop may never have arrived
            position = connection.client.position
            if position is None or not position.mine or position.over:
                continue
            if self.sent.get(i) == position.n and time.monotonic() - self.when[i] < RESEND:
                continue  # sent; a move dropped by the host's rate limit is sent again after a while
            legal = position.legal
            if legal is None:  # too many to list: the host's own list for this seat
                legal = self.server.snapshot(self.code, connection.client.seat).legal or []
            if legal and connection.send_action(legal[self.rng.randrange(len(legal))]):
                self.sent[i], self.when[i] = position.n, time.monotonic()

    def until(self, condition: Callable[[], Any], what: str, timeout: float = WAIT) -> Any:
        """Play until `condition` is true (its value)."""
        def playing() -> Any:
            self.step()
            return condition()

        return wait_for(playing, what, timeout)

    def finish(self, timeout: float = WAIT) -> None:
        """Play until every client has checked the ended game."""
        self.until(lambda: all(c.client.verdict is not None for c in self.connections), "the game's end", timeout)
