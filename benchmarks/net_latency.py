"""Latency of a move over the network: from a client sending its action to every one of four clients holding the
new position (applied by its connection), over the loopback address.

    python3 benchmarks/net_latency.py [--game crazy] [--games 3] [--no-keep]

Four `Connection` clients sit at one table served by a `TableServer` in this process (its own thread), and play
random legal moves; each client's table stamps the moment it applied each position.  By default the server keeps
the table on disk and holds each move's messages until the move is written (`cardtable.net.keeper`); `--no-keep`
measures without the disk.  Prints p50, p95 and the max.  Target: p95 under 50 ms.  Not a test: numbers only.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from typing import Any

from cardtable.games import get_game
from cardtable.net.client import ClientTable
from cardtable.net.connection import SEATED, Connection
from cardtable.net.host import OPEN, HostTable, SeatPlan
from cardtable.net.server import TableServer

TARGET_P95 = 0.050
LOOPBACK = "127.0.0.1"
GAME_SECONDS = 120.0  # a game that takes longer is stopped
THINK = 0.05  # seconds a client waits before it acts


class StampedTable(ClientTable):
    """A client's table that notes when it applied each position."""

    def __init__(self) -> None:
        super().__init__(get_game)
        self.stamps: dict[int, float] = {}

    def receive(self, text: str | bytes) -> str:
        kind = super().receive(text)
        if kind == "position" and self.position is not None:
            self.stamps.setdefault(self.position.n, time.perf_counter())
        return kind


def one_game(game_id: str, seed: int, keep: bool) -> list[float]:
    """Seconds from each action sent to the last of the four clients holding its position."""
    plan = [SeatPlan(OPEN, f"Seat {i + 1}") for i in range(4)]
    table = HostTable(get_game(game_id), plan, seed=seed, bot_delay=0.0)
    server = TableServer(LOOPBACK, 0, keep=keep)
    server.add(table)
    host, port = server.start()
    tables = [StampedTable() for _ in range(4)]
    connections = [Connection(host, port, table.code, f"P{i}", client=t) for i, t in enumerate(tables)]
    samples: list[float] = []
    try:
        for connection in connections:
            connection.start()
        wait(lambda: all(c.status == SEATED for c in connections), 10.0)
        server.start_table()
        rng = random.Random(seed)
        sent: dict[int, float] = {}  # position n acted on: when
        deadline = time.monotonic() + GAME_SECONDS
        while time.monotonic() < deadline and not all(t.ended for t in tables):
            for connection, client in zip(connections, tables, strict=True):
                connection.updates()
                position = client.position
                if position is None or not position.mine or position.over or position.n in sent:
                    continue
                if time.perf_counter() - client.stamps.get(position.n, 0.0) < THINK:
                    continue  # a person's pace: the host limits how often a connection may speak
                legal = position.legal or []
                if legal:
                    sent[position.n] = time.perf_counter()
                    connection.send_action(legal[rng.randrange(len(legal))])
            time.sleep(0.0005)
        for n, at in sent.items():
            stamps = [t.stamps.get(n + 1) for t in tables]
            if all(s is not None for s in stamps):
                samples.append(max(s for s in stamps if s is not None) - at)
    finally:
        for connection in connections:
            connection.close()
        server.stop()
    return samples


def wait(condition: Any, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the clients were not seated")
        time.sleep(0.005)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="crazy")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--no-keep", action="store_true", help="do not keep the table on disk")
    args = parser.parse_args()
    os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="cardtable-bench-")
    samples: list[float] = []
    for seed in range(args.games):
        samples += one_game(args.game, seed + 1, not args.no_keep)
    if not samples:
        print("no moves measured")
        return
    p95 = percentile(samples, 0.95)
    print(f"{args.game}, 4 clients, {'no disk' if args.no_keep else 'kept on disk'}: {len(samples)} moves")
    print(f"  p50 {statistics.median(samples) * 1000:.1f} ms   p95 {p95 * 1000:.1f} ms   "
          f"max {max(samples) * 1000:.1f} ms   (target p95 < {TARGET_P95 * 1000:.0f} ms: "
          f"{'met' if p95 < TARGET_P95 else 'MISSED'})")


if __name__ == "__main__":
    main()
