"""Shared helpers of the network tests: a hosted table and its clients linked in memory (every message goes through
its JSON text, as on the wire), and a loop that plays a game to its end, bounded in steps."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from cardtable.bots.worker import think
from cardtable.core.engine import usual_player_count
from cardtable.games import get_game
from cardtable.net.client import ClientTable
from cardtable.net.host import HOST, OPEN, HostTable, SeatPlan
from cardtable.net.protocol import encode

#: Steps of the host's clock a test game may take (each 0.1 s).
MAX_STEPS = 40_000


def inline(bot: Any, state: Any, seat: int) -> Any:
    """Bots decide at once, in the test's own thread."""
    return think(bot, state, seat, "inline")


def seat_count(game_id: str) -> int:
    rules = get_game(game_id).rules
    return usual_player_count(rules.players, None)


def make_table(game_id: str, people: int, seed: int = 7, bots: str = "bot:easy", host_seat: bool = False,
               bot_delay: float = 0.0, short: bool = False, **kwargs: Any) -> HostTable:
    """A table of `game_id` at its usual size: the first `people` seats open, a host seat if asked, bots elsewhere;
    `short`: with the options the game gives for a short whole game (`GamePlugin.self_test_options`)."""
    if short:
        kwargs["options"] = dict(get_game(game_id).self_test_options)
    count = seat_count(game_id)
    plan = [SeatPlan(OPEN, f"Seat {i + 1}") if i < people else SeatPlan(bots, f"Bot {i + 1}") for i in range(count)]
    if host_seat:
        plan[-1] = SeatPlan(HOST, "Host")
    return HostTable(get_game(game_id), plan, seed=seed, bot_delay=bot_delay, thinker=inline, code="TESTCODE", **kwargs)


@dataclass
class Peer:
    """A client of the in-memory link: its connection number, its table, every message text it received."""

    conn: int
    client: ClientTable = field(default_factory=lambda: ClientTable(get_game))
    received: list[str] = field(default_factory=list)
    closed: bool = False


class Link:
    """A host and its peers joined in memory."""

    def __init__(self, table: HostTable) -> None:
        self.table = table
        self.peers: dict[int, Peer] = {}
        self._next = 1

    def connect(self, peer: Peer | None = None) -> Peer:
        if peer is None:
            peer = Peer(self._next)
        else:
            peer.conn, peer.closed = self._next, False
        self._next += 1
        self.peers[peer.conn] = peer
        self.table.connected(peer.conn)
        return peer

    def send(self, peer: Peer, data: dict[str, Any] | str) -> None:
        self.table.receive(peer.conn, data if isinstance(data, str) else encode(data))
        self.flush()

    def drop(self, peer: Peer) -> None:
        peer.closed = True
        self.peers.pop(peer.conn, None)
        self.table.disconnected(peer.conn)
        self.flush()

    def flush(self) -> None:
        for conn, data, close in self.table.take_outbox():
            peer = self.peers.get(conn)
            if peer is None:
                continue
            text = encode(data)
            peer.received.append(text)
            peer.client.receive(text)
            if close:
                self.drop(peer)

    def join(self, name: str, code: str = "TESTCODE") -> Peer:
        peer = self.connect()
        self.send(peer, peer.client.hello(code, name))
        return peer

    def play(self, rng: random.Random, steps: int = MAX_STEPS) -> None:
        """Run the host's clock and let every peer whose turn it is play a random legal move, until the game is
        over; fails after `steps` steps."""
        for _ in range(steps):
            if self.table.over:
                return
            self.play_step(rng)
        pytest.fail(f"the game did not end in {steps} steps")

    def play_step(self, rng: random.Random, people: bool = True) -> None:
        """Each peer whose turn it is plays (unless not `people`), then the host's clock runs 0.1 s."""
        for peer in list(self.peers.values()) if people else []:
            position = peer.client.position
            if position is not None and position.mine and position.n == len(self.table.match.log):
                # a list too long to send (a burial) is the host's list for this seat: its turn
                legal = position.legal if position.legal is not None else self.table.match.state.legal_actions()
                self.send(peer, peer.client.act(legal[rng.randrange(len(legal))]))
        self.table.update(0.1)
        self.flush()
