"""A client's transport: a WebSocket to a host, run in a thread of its own, feeding a `ClientTable`.

The host's messages are applied on the connection's thread, not the window's: reading a position (its view and
events) takes a few milliseconds, and the end of a long game replays the whole game to check it, which would stall
frames.  Each message applied is queued as an `Update`; the window drains `updates()` each frame, which never waits,
and reads the positions it is handed (a `Position` is replaced, never changed, so it can be read on any thread).

After a drop the connection says hello again with its seat's token (a bounded number of attempts, waiting longer
each time); a refusal that cannot change (a wrong code, a full table), a goodbye, or a finished game ends it.
"""

from __future__ import annotations

import asyncio
import logging
import ssl
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from cardtable.core.engine import Action
from cardtable.games import get_game
from cardtable.games.plugin import GamePlugin
from cardtable.net import protocol
from cardtable.net.client import ClientTable, Position
from cardtable.net.protocol import ProtocolError, message

log = logging.getLogger(__name__)

CONNECTING, SEATED, LOST, CLOSED = "connecting", "seated", "lost", "closed"
#: Attempts to connect again after a drop (the count starts again once seated), and the waits between them:
#: `BACKOFF` seconds, doubled each time up to `MAX_BACKOFF`: some five minutes in all, long enough for a host whose
#: app was closed or crashed to open it again and host the table again.
ATTEMPTS = 64
BACKOFF = 0.25
MAX_BACKOFF = 5.0
OPEN_TIMEOUT = 5.0
#: Refusals of a hello that trying again cannot change.
LEFT, OVER = "left the table", "the game is over"
FINAL_REFUSALS = frozenset({"wrong_code", "bad_name", "started", "full", "unknown_token", "locked_out", "version"})


@dataclass(frozen=True)
class Update:
    """One message the host sent, as applied: its type, the new position (for a "position"), and the message
    itself for a "refused", "seat", "over" or "bye"."""

    kind: str
    position: Position | None = None
    detail: dict[str, Any] | None = None


def url(address: str, port: int, tls: bool = False) -> str:
    """The WebSocket address of a host (an IPv6 address in brackets)."""
    host = f"[{address}]" if ":" in address else address
    return f"{'wss' if tls else 'ws'}://{host}:{port}/"


class Connection:
    """A seat at a hosted table over the network.  `start()` connects in the background; `status` is
    "connecting", "seated", "lost" (trying again) or "closed", and `error` the last problem as text."""

    def __init__(self, address: str, port: int, code: str, name: str, *, client: ClientTable | None = None,
                 tls: ssl.SSLContext | None = None, lookup: Callable[[str], GamePlugin] = get_game,
                 attempts: int = ATTEMPTS, backoff: float = BACKOFF) -> None:
        self.address, self.port, self.code, self.name, self.tls = address, port, code, name, tls
        self.client = client or ClientTable(lookup)
        self.attempts, self.backoff = attempts, backoff
        self.status = CONNECTING
        self.error: str | None = None
        self.bad_messages = 0
        self.drops = 0  # times the connection was lost while seated (each followed by tries to sit down again)
        self._updates: deque[Update] = deque()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: ClientConnection | None = None
        self._outgoing: asyncio.Queue[tuple[str, bool]] | None = None  # (text, close after it)
        self._wake: asyncio.Event | None = None
        self._closing = False
        self._final: str | None = None  # why trying again is pointless
        self._started = threading.Event()
        self._thread: threading.Thread | None = None

    # ----- the window's side (any thread) --------------------------------------------------------
    def start(self) -> None:
        """Connect in a background thread (returns at once)."""
        if self._thread is not None:
            raise RuntimeError("the connection was started already")
        self._thread = threading.Thread(target=self._run, name="cardtable-connection", daemon=True)
        self._thread.start()
        self._started.wait(5.0)

    def updates(self) -> list[Update]:
        """The messages applied since the last call, in order (never waits)."""
        out = []
        while self._updates:
            out.append(self._updates.popleft())
        return out

    def send_action(self, action: Action) -> bool:
        """Send an intended action on the position shown; False when not seated now (nothing is sent)."""
        return self.status == SEATED and self._send(self.client.act(action))

    def send(self, data: dict[str, Any]) -> bool:
        """Send a message (a ping, say); False when not seated now."""
        return self._send(data)

    def leave(self) -> None:
        """Give up the seat (the host lets a bot play it) and close."""
        self._final = LEFT
        if not self._send(message("leave"), close=True):
            self._call(self._shutdown)

    def interrupt(self) -> None:
        """Cut the connection as a network fault would (no goodbye): it connects again with its token."""
        self._call(lambda: self._ws.transport.abort() if self._ws is not None else None)

    def close(self, timeout: float = 10.0) -> None:
        """Close the connection (the seat stays the person's until the host gives it away) and stop the thread."""
        self._closing = True
        self._call(self._shutdown)
        if self._thread is not None:
            self._thread.join(timeout)

    def _send(self, data: dict[str, Any], close: bool = False) -> bool:
        queue = self._outgoing
        if self.status != SEATED or queue is None:
            return False
        text = protocol.encode(data)
        return self._call(lambda: queue.put_nowait((text, close)))

    def _call(self, callback: Callable[[], Any]) -> bool:
        loop = self._loop
        if loop is None or loop.is_closed():
            return False
        try:
            loop.call_soon_threadsafe(callback)
        except RuntimeError:  # the loop closed meanwhile
            return False
        return True

    # ----- the connection's thread ---------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as exc:  # noqa: BLE001 - reported as the connection's error, never raised in a thread
            log.exception("the connection stopped")
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            self.status = CLOSED
            self._started.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._started.set()
        failures = 0
        while not self._closing and self._final is None:
            self.status = CONNECTING
            try:
                if await self._session():
                    failures = 0
            except (OSError, InvalidHandshake, InvalidURI, ConnectionClosed, TimeoutError) as exc:
                self.error = _describe(exc)
            if self._closing or self._final is not None:
                break
            if self.client.ended is not None:
                self._final = OVER
                break
            failures += 1
            if failures > self.attempts:
                self._final = f"gave up after {self.attempts} attempts to connect again ({self.error})"
                break
            self.status = LOST
            self.drops += 1
            delay = min(MAX_BACKOFF, self.backoff * 2 ** (failures - 1))
            try:
                await asyncio.wait_for(self._wake.wait(), delay)
            except TimeoutError:
                pass
        if self._final is not None and not self._closing and self._final not in (LEFT, OVER):
            self.error = self._final
        self.status = CLOSED

    async def _session(self) -> bool:
        """One connection, from hello to its end; whether it was seated."""
        seated = False
        async with connect(url(self.address, self.port, self.tls is not None), ssl=self.tls,
                           max_size=protocol.MAX_HOST_MESSAGE, open_timeout=OPEN_TIMEOUT, close_timeout=2.0,
                           ping_interval=20, ping_timeout=20) as ws:
            self._ws, self._outgoing = ws, asyncio.Queue()
            writer = asyncio.create_task(self._write(ws, self._outgoing))
            try:
                await ws.send(protocol.encode(self.client.hello(self.code, self.name)))
                async for text in ws:
                    kind = self._take(text)
                    if kind == "welcome":
                        seated = True
                        self.status, self.error = SEATED, None
                    if self._final is not None:
                        await ws.close()
                        break
            finally:
                self._ws, self._outgoing = None, None
                writer.cancel()
                await asyncio.gather(writer, return_exceptions=True)
        if self._final is None and not self._closing and self.error is None:
            self.error = "the host closed the connection"
        return seated

    async def _write(self, ws: ClientConnection, queue: asyncio.Queue[tuple[str, bool]]) -> None:
        while True:
            text, close = await queue.get()
            await ws.send(text)
            if close:
                await ws.close()
                return

    def _take(self, text: str | bytes) -> str | None:
        client = self.client
        try:
            kind = client.receive(text)
        except ProtocolError as exc:
            self.bad_messages += 1
            self.error = f"the host sent a message that cannot be read: {exc}"
            return None
        detail: dict[str, Any] | None = None
        if kind == "refused" and client.refusals:
            detail = client.refusals.pop()  # kept here, not in the table's list, which would only grow
            reason = detail.get("reason")
            if reason == "unknown_token" and not client.started and client.token is not None and self._outgoing:
                # a seat in the lobby is kept only by being there: after a drop, join afresh
                client.token = None
                self._outgoing.put_nowait((protocol.encode(client.hello(self.code, self.name)), False))
            elif self.status != SEATED and reason in FINAL_REFUSALS:
                self._final = str(detail.get("text", detail.get("reason")))[:200]
        elif kind == "seat" and client.notices:
            detail = client.notices.pop()
        elif kind == "over":
            detail = client.ended
        elif kind == "bye" and self._final is None:  # after a leave, its answer
            self._final = f"the host closed the seat ({client.closed_because})"
        self._updates.append(Update(kind, client.position if kind == "position" else None, detail))
        return kind

    def _shutdown(self) -> None:
        if self._wake is not None:
            self._wake.set()
        if self._ws is not None:
            asyncio.ensure_future(self._ws.close())


def _describe(exc: BaseException) -> str:
    if isinstance(exc, ConnectionClosed):
        return "the connection was lost"
    if isinstance(exc, TimeoutError):
        return "the host did not answer"
    if isinstance(exc, OSError):
        return f"cannot reach the host ({exc.strerror or exc})"
    return f"the host could not be joined ({exc})"
