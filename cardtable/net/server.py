"""The host's transport: hosted tables served over WebSockets from a thread of their own.

`TableServer` runs an asyncio loop in a background thread (so no frame of the host's window waits on the network)
and serves one or more `HostTable`s: a connection is routed to the table whose code its hello names, each
connection gets its own id, and every table's clock is driven from the loop (`update` every `TICK` seconds with the
time measured).  Everything a client sends is contained: a message is size-capped by the WebSocket itself
(`protocol.MAX_CLIENT_MESSAGE`), rate-limited, checked, and any exception inside handling it is logged and kept
from the loop.  A client that does not read has a bounded queue and is cut off when it fills; wrong codes are
counted per remote address across connections (`limits.FailedCodes`).

Tables are kept on disk by `cardtable.net.keeper` after every change; a table's messages wait for the change they
follow to be written (see there why).  The host's own app calls `start_table`, `act` and `snapshot` from its thread.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from cardtable.core.engine import Action, Event
from cardtable.net import protocol
from cardtable.net.host import BAD_IN_A_ROW, WRONG_CODES, HostTable, same_code
from cardtable.net.keeper import Gate, Keeper, read_table
from cardtable.net.limits import Bucket, FailedCodes
from cardtable.net.pace import TICK, advance
from cardtable.net.protocol import ProtocolError, message
from cardtable.net.snapshot import ServerStats, TableInfo, table_info
from cardtable.storage import hosted_path

log = logging.getLogger(__name__)

#: Messages, and bytes, that may wait for one connection: past either, it is closed (it does not read).
MAX_QUEUED = 512
MAX_QUEUED_BYTES = 16 << 20
#: Seconds a closing handshake may take before the connection is dropped.
CLOSE_TIMEOUT = 2.0
#: A port people can open in a firewall once (`cardtable serve` and the host's window use it unless told otherwise).
DEFAULT_PORT = 47143
#: Contained errors logged with their traceback (after these, every thousandth).
LOGGED_ERRORS = 20


@dataclass
class _Hosted:
    table: HostTable
    path: Path | None
    lock: threading.Lock = field(default_factory=threading.Lock)
    put: int = 0  # the generation of the newest change handed to the keeper
    gate: Gate[tuple[int, dict[str, Any], bool]] = field(default_factory=Gate)
    save_error: str | None = None


@dataclass
class _Peer:
    conn: int
    ws: ServerConnection
    address: str
    bucket: Bucket
    queue: asyncio.Queue[tuple[str, bool]] = field(default_factory=asyncio.Queue)
    queued_bytes: int = 0
    hosted: _Hosted | None = None  # the table its hello named
    seated: bool = False
    wrong: int = 0
    bad: int = 0
    closing: bool = False


class TableServer:
    """Serves hosted tables on `address`:`port` (0: any free port) until `stop()`; wss:// when given `tls`.
    `keep`: tables are saved to `storage.hosted_path(code)` after every change."""

    def __init__(self, address: str = "127.0.0.1", port: int = DEFAULT_PORT, *, tls: ssl.SSLContext | None = None,
                 keep: bool = True, tick: float = TICK, codes: FailedCodes | None = None) -> None:
        self.host, self.port, self.tls, self.keep, self.tick = address, port, tls, keep, tick
        self.stats = ServerStats()
        self._codes = codes or FailedCodes()
        self._tables: dict[str, _Hosted] = {}
        self._registry = threading.Lock()  # guards _tables between the loop and the app's thread
        self._peers: dict[int, _Peer] = {}
        self._ids = itertools.count(1)
        self._keeper = Keeper(self._on_written)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self.bound: tuple[str, int] | None = None

    # ----- tables --------------------------------------------------------------------------------
    def add(self, table: HostTable) -> str:
        """Serve `table` (saved from now on if the server keeps tables); its code."""
        hosted = _Hosted(table, hosted_path(table.code) if self.keep else None)
        with self._registry:
            if table.code in self._tables:
                raise ValueError(f"a table with the code {table.code} is already served")
            self._tables[table.code] = hosted
        if hosted.path is not None:
            path = hosted.path

            def store(data: dict[str, Any]) -> None:
                hosted.put = self._keeper.put(path, data)

            with hosted.lock:
                table.store = store
                store(table.to_json())
        return table.code

    def resume(self, code: str, **table_options: Any) -> str:
        """Serve the table saved under `code` again (`HostTable.from_json` with `table_options`); its guests
        are away until they rejoin.  SaveError for a damaged file (moved aside), FileNotFoundError for none."""
        return self.add(read_table(hosted_path(code), **table_options))

    def codes(self) -> list[str]:
        with self._registry:
            return list(self._tables)

    def _hosted(self, code: str | None) -> _Hosted:
        with self._registry:
            if code is None and len(self._tables) == 1:
                return next(iter(self._tables.values()))
            if code is None or code not in self._tables:
                raise KeyError(f"no table {code!r} is served here")
            return self._tables[code]

    # ----- the host's own app (any thread) -------------------------------------------------------
    def start_table(self, code: str | None = None) -> None:
        """Start the game of the table (of the only table without a code): open seats go to bots."""
        self._from_app(self._hosted(code), lambda table: table.start())

    def act(self, seat: int, action: Action, code: str | None = None) -> list[Event]:
        """Play the host's person's action at `seat`; IllegalAction as the engine says (nothing changes)."""
        events: list[Event] = []
        self._from_app(self._hosted(code), lambda table: events.extend(table.act(seat, action)))
        return events

    def snapshot(self, code: str | None = None, seat: int | None = None) -> TableInfo:
        """What the host's window shows of a table (with `seat`'s view and moves, for the host's own seat)."""
        hosted = self._hosted(code)
        with hosted.lock:
            return table_info(hosted.table, seat, hosted.save_error)

    def _from_app(self, hosted: _Hosted, call: Callable[[HostTable], None]) -> None:
        with hosted.lock:
            try:
                call(hosted.table)
            finally:
                out, generation = hosted.table.take_outbox(), hosted.put
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._dispatch, hosted, out, generation)
            except RuntimeError:  # the loop closed meanwhile: nobody is connected to tell
                pass

    # ----- running -------------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> tuple[str, int]:
        """Start listening in a background thread; the address and port bound (OSError if it cannot bind)."""
        if self._thread is not None:
            raise RuntimeError("the server was started already")
        self._thread = threading.Thread(target=self._run, name="cardtable-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the server did not start listening")
        if self._failure is not None:
            raise self._failure
        assert self.bound is not None
        return self.bound

    def stop(self, timeout: float = 10.0) -> None:
        """Close every connection, stop the thread and write every table; a finished table's file is removed."""
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stopping.set)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(timeout)
        self._keeper.close()
        with self._registry:
            finished = [h for h in self._tables.values() if h.table.over and h.path and h.save_error is None]
        for hosted in finished:
            assert hosted.path is not None
            hosted.path.unlink(missing_ok=True)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # noqa: BLE001 - reported to start(), or logged once running
            if not self._ready.is_set():
                self._failure = exc
                self._ready.set()
            else:
                log.exception("the table server stopped")

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        with self._registry:  # writes that finished before the loop ran could not tell it
            tables = [h for h in self._tables.values() if h.path is not None]
        for hosted in tables:
            assert hosted.path is not None
            self._written(hosted.path, self._keeper.written(hosted.path), hosted.save_error)
        async with serve(self._handle, self.host, self.port, ssl=self.tls, max_size=protocol.MAX_CLIENT_MESSAGE,
                         max_queue=16, close_timeout=CLOSE_TIMEOUT, ping_interval=20, ping_timeout=20) as server:
            address = next(iter(server.sockets)).getsockname()
            self.bound = (str(address[0]), int(address[1]))
            self._ready.set()
            ticks = asyncio.create_task(self._ticks())
            await self._stopping.wait()
            ticks.cancel()

    async def _ticks(self) -> None:
        last = time.monotonic()
        while True:
            await asyncio.sleep(self.tick)
            now = time.monotonic()
            dt, last = max(0.0, now - last), now
            with self._registry:
                tables = list(self._tables.values())
            for hosted in tables:
                try:
                    self._call(hosted, partial(advance, dt=dt))
                except Exception:  # noqa: BLE001 - the clocks of every table go on
                    self._contain("a table's clock")

    # ----- connections ---------------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        remote = ws.remote_address
        peer = _Peer(next(self._ids), ws, str(remote[0]) if remote else "?", Bucket(last=time.monotonic()))
        self._peers[peer.conn] = peer
        self.stats.connections += 1
        sender = asyncio.create_task(self._send_loop(peer))
        try:
            async for text in ws:
                self._receive(peer, text)
        except ConnectionClosed:
            pass
        except Exception:  # noqa: BLE001 - nothing a client does may stop the server
            self._contain("reading a connection")
        finally:
            self._peers.pop(peer.conn, None)
            self.stats.connections -= 1
            if peer.hosted is not None:
                self._call(peer.hosted, lambda table: table.disconnected(peer.conn))
            sender.cancel()  # the connection is closed: nothing more can be sent on it
            await asyncio.gather(sender, return_exceptions=True)

    async def _send_loop(self, peer: _Peer) -> None:
        try:
            while True:
                text, close = await peer.queue.get()
                peer.queued_bytes -= len(text)
                await peer.ws.send(text)
                self.stats.sent += 1
                self.stats.bytes_sent += len(text)
                if close:
                    await peer.ws.close()
                    return
        except ConnectionClosed:
            pass

    def _receive(self, peer: _Peer, text: str | bytes) -> None:
        self.stats.received += 1
        if peer.closing:  # its last answer is on the way: the rest is not read
            return
        if peer.seated and peer.hosted is not None:
            self._call(peer.hosted, lambda table: table.receive(peer.conn, text))
            return
        try:
            self._before_seat(peer, text)
        except Exception:  # noqa: BLE001
            self._contain("a message before a seat")

    def _before_seat(self, peer: _Peer, text: str | bytes) -> None:
        """A message of a connection without a seat: a hello is routed to the table whose code it names."""
        now = time.monotonic()
        if not peer.bucket.take(now):
            if not peer.bucket.warned:
                peer.bucket.warned = True
                self._refuse(peer, "too_frequent", "too many messages; wait a moment")
            return
        try:
            data = protocol.client_message(text)
        except ProtocolError as exc:
            self._refuse(peer, exc.reason, str(exc))
            return
        kind = data["type"]
        if kind == "hello":
            self._hello(peer, data["code"], text, now)
        elif kind == "ping":
            self._deliver(peer.conn, message("pong", **({"id": data["id"]} if "id" in data else {})), False)
        elif kind == "leave":
            self._deliver(peer.conn, message("bye", reason="left"), True)
        else:
            self._refuse(peer, "not_seated", "say hello with the table's code first")

    def _hello(self, peer: _Peer, code: str, text: str | bytes, now: float) -> None:
        if self._codes.locked(peer.address, now):
            self._refuse(peer, "locked_out", "too many wrong codes from this address; try again later", True)
            return
        with self._registry:
            hosted = next((h for h in self._tables.values() if same_code(code, h.table.code)), None)
        if hosted is None:
            peer.wrong += 1
            locked = self._codes.failed(peer.address, now)
            self._refuse(peer, "wrong_code", "that is not this table's code", peer.wrong >= WRONG_CODES or locked)
            return
        peer.bad = 0
        if peer.hosted is not hosted:
            if peer.hosted is not None:
                self._call(peer.hosted, lambda table: table.disconnected(peer.conn))
            peer.hosted = hosted
            self._call(hosted, lambda table: table.connected(peer.conn))
        self._call(hosted, lambda table: table.receive(peer.conn, text))

    def _refuse(self, peer: _Peer, reason: str, text: str, close: bool = False) -> None:
        peer.bad += 1
        self._deliver(peer.conn, message("refused", reason=reason, text=text), close or peer.bad >= BAD_IN_A_ROW)

    # ----- tables' messages ----------------------------------------------------------------------
    def _call(self, hosted: _Hosted, call: Callable[[HostTable], None]) -> None:
        """Call the table (on the loop's thread) and send what it says; an exception is logged and contained."""
        with hosted.lock:
            try:
                call(hosted.table)
            except Exception:  # noqa: BLE001 - a bug a message found: logged, and the table goes on
                self._contain("a hosted table")
            try:
                out = hosted.table.take_outbox()
            except Exception:  # noqa: BLE001
                out = []
            generation = hosted.put
        self._dispatch(hosted, out, generation)

    def _dispatch(self, hosted: _Hosted, out: list[tuple[int, dict[str, Any], bool]], generation: int) -> None:
        for conn, data, close in out:
            if data.get("type") == "welcome":
                peer = self._peers.get(conn)
                if peer is not None and peer.hosted is hosted:
                    peer.seated = True
            if hosted.path is None or not hosted.gate.hold(generation, (conn, data, close)):
                self._deliver(conn, data, close)

    def _on_written(self, path: Path, generation: int, error: str | None) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._written, path, generation, error)

    def _written(self, path: Path, generation: int, error: str | None) -> None:
        with self._registry:
            hosted = next((h for h in self._tables.values() if h.path == path), None)
        if hosted is None:
            return
        hosted.save_error = error
        for conn, data, close in hosted.gate.release(generation):
            self._deliver(conn, data, close)

    def _deliver(self, conn: int, data: dict[str, Any], close: bool) -> None:
        peer = self._peers.get(conn)
        if peer is None or peer.closing:
            return
        try:
            text = protocol.encode(data)
        except (TypeError, ValueError):  # a message the table made that JSON cannot carry: a bug, contained
            self._contain("a message to send")
            return
        if peer.queue.qsize() >= MAX_QUEUED or peer.queued_bytes + len(text) > MAX_QUEUED_BYTES:
            self.stats.cut_off += 1
            peer.closing = True
            peer.ws.transport.abort()  # it does not read: its messages are dropped, never waited for
            return
        peer.queued_bytes += len(text)
        peer.queue.put_nowait((text, close))
        peer.closing = close

    def _contain(self, where: str) -> None:
        self.stats.errors += 1
        if self.stats.errors <= LOGGED_ERRORS or self.stats.errors % 1000 == 0:
            log.exception("contained an error in %s (%d so far)", where, self.stats.errors)

