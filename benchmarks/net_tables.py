"""One server, many tables at once: messages a second and the server's CPU, over the loopback address.

    python3 benchmarks/net_tables.py [--tables 20] [--game crazy] [--bot-delay 0.1] [--seconds 60]

The server runs in a process of its own (so that its CPU time is its own): `--tables` tables of the game's usual
size, two seats open for clients and easy bots in the others (deciding inline, in the server's process: their
thinking is counted).  This process plays two clients per table on one asyncio loop, each a `ClientTable` making
random legal moves after a short pause (a person's pace; the host limits how often a connection speaks).  It
prints the games finished, the moves, the messages the server received and sent a second, the bytes sent, and the
server's CPU as a share of one core.  Not a test: numbers only.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import tempfile
import time
from typing import Any

from websockets.asyncio.client import connect

from cardtable.net.connection import url

LOOPBACK = "127.0.0.1"
THINK = 0.1  # seconds a client waits before it acts


def serve(tables: int, game_id: str, bot_delay: float, ready: Any, stop: Any, report: Any, go: Any) -> None:
    """The server's process: serve the tables, start them when the clients are seated (`go`), until told to stop;
    then report its counts and CPU time."""
    os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="cardtable-bench-")
    from cardtable.bots.worker import think
    from cardtable.games import get_game
    from cardtable.net.host import OPEN, HostTable, SeatPlan
    from cardtable.net.server import TableServer

    def inline(bot: Any, state: Any, seat: int) -> Any:
        return think(bot, state, seat, "inline")

    server = TableServer(LOOPBACK, 0)
    hosted = []
    for i in range(tables):
        game = get_game(game_id)
        seats = game.rules.usual_players
        plan = [SeatPlan(OPEN if j < 2 else "bot:easy", f"Seat {j + 1}") for j in range(seats)]
        hosted.append(HostTable(game, plan, seed=i + 1, bot_delay=bot_delay, thinker=inline))
    codes = [server.add(table) for table in hosted]
    _, port = server.start()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    ready.put((port, codes))
    go.wait()
    for code in codes:
        server.start_table(code)
    stop.wait()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    report.put({"cpu": cpu, "wall": wall, "received": server.stats.received, "sent": server.stats.sent,
                "bytes": server.stats.bytes_sent, "errors": server.stats.errors,
                "moves": sum(len(t.match.log) for t in hosted if t.match), "over": sum(t.over for t in hosted)})
    server.stop()


async def player(port: int, code: str, name: str, seed: int, deadline: float) -> bool:
    """One client: join, start nothing, play random legal moves until the game ends; whether it checked out."""
    from cardtable.games import get_game
    from cardtable.net.client import ClientTable
    from cardtable.net.protocol import MAX_HOST_MESSAGE, encode

    client = ClientTable(get_game)
    rng = random.Random(seed)
    async with connect(url(LOOPBACK, port), max_size=MAX_HOST_MESSAGE) as ws:
        await ws.send(encode(client.hello(code, name)))
        while client.verdict is None and time.monotonic() < deadline:
            try:
                text = await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                break
            kind = client.receive(text)
            position = client.position
            if kind == "position" and position and position.mine and not position.over and position.legal:
                await asyncio.sleep(THINK)
                await ws.send(encode(client.act(position.legal[rng.randrange(len(position.legal))])))
    return client.verdict is not None and client.verdict.ok


async def play_all(port: int, codes: list[str], seconds: float, start: Any) -> list[bool]:
    deadline = time.monotonic() + seconds
    tasks = [asyncio.create_task(player(port, code, f"P{j}", i * 2 + j, deadline))
             for i, code in enumerate(codes) for j in range(2)]
    await asyncio.sleep(1.0)  # everyone seated: the host starts its tables
    start()
    return list(await asyncio.gather(*tasks))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--game", default="crazy")
    parser.add_argument("--bot-delay", type=float, default=0.1)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    context = multiprocessing.get_context("spawn")
    ready, report, stop, go = context.Queue(), context.Queue(), context.Event(), context.Event()
    process = context.Process(target=serve, args=(args.tables, args.game, args.bot_delay, ready, stop,
                                                            report, go))
    process.start()
    port, codes = ready.get(timeout=60)
    started = time.perf_counter()
    results = asyncio.run(play_all(port, codes, args.seconds, go.set))
    wall = time.perf_counter() - started
    stop.set()
    counts = report.get(timeout=60)
    process.join(30)
    print(f"{args.tables} tables of {args.game} (2 clients each, easy bots in the other seats, bot delay "
          f"{args.bot_delay} s), "
          f"{wall:.1f} s")
    print(f"  games finished {counts['over']}/{args.tables}, clients whose replay checked out "
          f"{sum(results)}/{len(results)}, moves {counts['moves']} ({counts['moves'] / wall:.0f}/s)")
    print(f"  messages received {counts['received'] / wall:.0f}/s, sent {counts['sent'] / wall:.0f}/s, "
          f"{counts['bytes'] / wall / 1024:.0f} KiB/s sent; errors contained {counts['errors']}")
    print(f"  server CPU {counts['cpu']:.1f} s over {counts['wall']:.1f} s: "
          f"{100 * counts['cpu'] / counts['wall']:.0f}% of one core")


if __name__ == "__main__":
    main()
