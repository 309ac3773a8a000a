"""Finding tables on the LAN: a host advertises its table over mDNS / DNS-SD (zeroconf), and a browser lists the
tables it hears.

The table code is never advertised: joining needs it, and the person types it in.  Everything heard from the
network is untrusted, so `table_from_service` reads an advertisement defensively: an oversized TXT record, a
missing or malformed key, text that is not UTF-8, an absurd number or an unusable address leaves the table out,
and a name's control characters are dropped.  An unknown game id or another protocol version is kept (the UI
says what it means).

The service is `_cardtable._tcp.local.`; its SRV record gives the port, its A records the addresses, and its TXT
record these keys (ASCII digits for the numbers, UTF-8 for the name):

    txtvers   1 (this layout)
    name      the table's name, printable, at most 40 characters
    game      the game's id: lowercase letters, digits, "_" and "-", at most 40
    players   players at the table, 1 to 16
    open      seats still open, 0 to players
    proto     the protocol version the host speaks

By default both sides use every IPv4 interface; pass `interfaces=["127.0.0.1"]` to stay on this computer.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import secrets
import threading
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from types import TracebackType

from zeroconf import InterfaceChoice, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

log = logging.getLogger(__name__)

SERVICE_TYPE = "_cardtable._tcp.local."
TXT_VERSION = "1"  # the layout of the TXT record (DNS-SD's "txtvers"), not the protocol's version

MAX_NAME = 40  # characters of a table's name
MAX_MARKS = 4  # combining marks in a row: a Khmer cluster needs a few, a name piled with hundreds draws off its line
MAX_SEATS = 16
MAX_PROTOCOL = 65535
MAX_TXT_BYTES = 512  # a whole TXT record heard; ours is at most about 250 bytes
MAX_ADDRESSES = 8  # addresses one table may advertise, and that the browser looks through
MAX_TABLES = 64  # tables one browser lists, so a flood of advertisements stays bounded
LOOKUP_TIMEOUT_MS = 2000  # waiting for a table's records after its name was heard

_GAME_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
_COUNT = re.compile(rb"[0-9]{1,5}")
_JOINERS = frozenset("\u200c\u200d")  # format characters that scripts and emoji need
_INSTANCE_BYTES = 48  # of a DNS label's 63, leaving room for the random suffix and a rename's " (2)"


def clean_table_name(text: str) -> str:
    """A table's name as it may be shown: control, format (but the joiners), private-use and unassigned characters
    dropped, combining marks past `MAX_MARKS` in a row dropped, any run of spaces or line breaks made one space, at
    most `MAX_NAME` characters.  "" when nothing is left."""
    kept: list[str] = []
    marks = 0
    for ch in text[: MAX_NAME * 8]:
        category = unicodedata.category(ch)
        marks = marks + 1 if category[0] == "M" else 0
        if ch.isspace() or category[0] == "Z":
            kept.append(" ")
        elif (category[0] != "C" or ch in _JOINERS) and marks <= MAX_MARKS:
            kept.append(ch)
    return " ".join("".join(kept).split())[:MAX_NAME].rstrip()


def _usable_address(text: str) -> str | None:
    """`text` as an address a client can connect to, or None (unspecified, multicast, broadcast, reserved, or a
    link-local IPv6 address without its interface)."""
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if address.is_unspecified or address.is_multicast:
        return None
    if isinstance(address, ipaddress.IPv4Address) and address.is_reserved:  # 240/4, the broadcast address among them
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.is_link_local and not address.scope_id:
        return None
    return str(address)


@dataclass(frozen=True)
class TableAd:
    """What a host tells the LAN of its table: its name (printable, at most `MAX_NAME` characters; see
    `clean_table_name`), the game's id, the players, the seats still open, the protocol version it speaks, and the
    port and addresses to connect to.  Never the table code.  Raises ValueError when a field is out of bounds."""

    name: str
    game: str
    players: int
    open_seats: int
    protocol: int
    port: int
    addresses: tuple[str, ...]

    def __post_init__(self) -> None:
        problem = self._problem()
        if problem:
            raise ValueError(f"cannot advertise this table: {problem}")

    def _problem(self) -> str:
        if not self.name or clean_table_name(self.name) != self.name:
            return f"the name {self.name!r} is empty or not printable (see clean_table_name)"
        if not _GAME_ID.fullmatch(self.game):
            return f"the game id {self.game!r} is not lowercase letters, digits, '_' or '-'"
        counts = (self.players, self.open_seats, self.protocol, self.port)
        if any(type(n) is not int for n in counts):
            return "players, open seats, protocol and port are whole numbers"
        if not 1 <= self.players <= MAX_SEATS or not 0 <= self.open_seats <= self.players:
            return f"{self.players} players with {self.open_seats} open seats"
        if not 0 <= self.protocol <= MAX_PROTOCOL:
            return f"protocol version {self.protocol}"
        if not 1 <= self.port <= 65535:
            return f"port {self.port}"
        if not isinstance(self.addresses, tuple) or not 1 <= len(self.addresses) <= MAX_ADDRESSES:
            return f"addresses {self.addresses!r} (a tuple of 1 to {MAX_ADDRESSES})"
        bad = [a for a in self.addresses if not isinstance(a, str) or _usable_address(a) != a]
        if bad:
            return f"unusable addresses {bad}"
        return ""

    def properties(self) -> dict[str, str]:
        """The TXT record's keys and values."""
        return {"txtvers": TXT_VERSION, "name": self.name, "game": self.game, "players": str(self.players),
                "open": str(self.open_seats), "proto": str(self.protocol)}


@dataclass(frozen=True)
class FoundTable:
    """A table heard on the LAN, checked: its name (printable, at most `MAX_NAME` characters), game id (possibly one
    this app does not know), players, open seats, the protocol version it speaks (possibly not ours), and the
    address and port to connect to."""

    name: str
    game: str
    players: int
    open_seats: int
    protocol: int
    address: str
    port: int


def _lowered_keys(properties: Mapping[bytes, bytes | None]) -> dict[bytes, bytes | None]:
    """DNS-SD keys ignore case; the first of a key's spellings wins, as the first of a repeated key does."""
    keys: dict[bytes, bytes | None] = {}
    for key, value in islice(properties.items(), 64):
        if isinstance(key, bytes):
            keys.setdefault(key.lower(), value)
    return keys


def _count(value: bytes | None, low: int, high: int) -> int | None:
    if not isinstance(value, bytes) or not _COUNT.fullmatch(value):
        return None
    number = int(value)
    return number if low <= number <= high else None


def _text(value: bytes | None) -> str | None:
    if not isinstance(value, bytes):
        return None
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _pick_address(addresses: Iterable[str]) -> str | None:
    """The first usable IPv4 address, else the first usable IPv6 one."""
    usable = [a for a in (_usable_address(str(text)) for text in islice(addresses, MAX_ADDRESSES)) if a]
    return next((a for a in usable if ":" not in a), usable[0] if usable else None)


def table_from_properties(properties: Mapping[bytes, bytes | None], addresses: Iterable[str],
                          port: int | None) -> FoundTable | None:
    """The table an advertisement's TXT `properties`, `addresses` and `port` describe, or None when any of it is
    missing or unusable.  Pure; never raises for what the network may send."""
    try:
        keys = _lowered_keys(properties)
        raw_name = _text(keys.get(b"name"))
        name = clean_table_name(raw_name) if raw_name is not None else ""
        game = _text(keys.get(b"game"))
        players = _count(keys.get(b"players"), 1, MAX_SEATS)
        open_seats = _count(keys.get(b"open"), 0, players or 0)
        protocol = _count(keys.get(b"proto"), 0, MAX_PROTOCOL)
        address = _pick_address(addresses)
        if (not name or game is None or not _GAME_ID.fullmatch(game) or players is None or open_seats is None
                or protocol is None or address is None or type(port) is not int or not 1 <= port <= 65535):
            return None
        return FoundTable(name, game, players, open_seats, protocol, address, port)
    except Exception:  # what a hostile peer sends must never reach the browser's thread as an error
        log.debug("unreadable table advertisement", exc_info=True)
        return None


def table_from_service(info: ServiceInfo) -> FoundTable | None:
    """The table a resolved zeroconf service describes, or None (a TXT record over `MAX_TXT_BYTES`, or see
    `table_from_properties`).  Never raises for what the network may send."""
    try:
        if len(info.text) > MAX_TXT_BYTES:
            return None
        return table_from_properties(info.properties, info.parsed_scoped_addresses(), info.port)
    except Exception:
        log.debug("unreadable table service", exc_info=True)
        return None


def lan_addresses() -> tuple[str, ...]:
    """This computer's IPv4 addresses for a `TableAd` (at most `MAX_ADDRESSES`): those other computers can reach,
    or the loopback address when there are none."""
    import ifaddr  # zeroconf's own dependency

    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and _usable_address(ip.ip) and not ipaddress.ip_address(ip.ip).is_loopback:
                found.append(ip.ip)
    return tuple(dict.fromkeys(found))[:MAX_ADDRESSES] or ("127.0.0.1",)


def _interface_choice(interfaces: Sequence[str] | None) -> InterfaceChoice | list[str | int]:
    """Every IPv4 interface for None; else the given addresses, checked."""
    if interfaces is None:
        return InterfaceChoice.All
    chosen: list[str | int] = [str(ipaddress.ip_address(i)) for i in interfaces]
    if not chosen:
        raise ValueError("no interfaces to use (None means all of them)")
    return chosen


def _service_info(ad: TableAd, name: str, server: str) -> ServiceInfo:
    return ServiceInfo(SERVICE_TYPE, name, port=ad.port, properties=ad.properties(), server=server,
                       addresses=list(ad.addresses))


def _instance_label(name: str, token: str) -> str:
    """A DNS-SD instance label for other mDNS browsers: the name's start (whole characters within
    `_INSTANCE_BYTES`), without dots, and a random suffix so two tables of one name do not collide."""
    base = name.replace(".", " ").replace("\\", " ").encode()[:_INSTANCE_BYTES]
    return f"{base.decode('utf-8', 'ignore').strip() or 'cardtable'} {token}"


class Advertisement:
    """A table advertised on the LAN until `close()` (also a context manager).  Owns its zeroconf instance and
    thread.  Creating it (probing the name) takes about 2 s and `close()` a fraction of one, so call both off the
    UI thread and off a running event loop (for example `await asyncio.to_thread(advertise, ad)`)."""

    def __init__(self, ad: TableAd, interfaces: Sequence[str] | None = None) -> None:
        token = secrets.token_hex(3)
        self._lock = threading.Lock()
        self._ad = ad
        self._closed = False
        self._info = _service_info(ad, f"{_instance_label(ad.name, token)}.{SERVICE_TYPE}",
                                   f"cardtable-{token}.local.")
        self._zc = Zeroconf(interfaces=_interface_choice(interfaces), use_asyncio=False)
        try:
            self._zc.register_service(self._info, allow_name_change=True)
        except BaseException:
            self._zc.close()
            raise

    @property
    def ad(self) -> TableAd:
        """What is advertised now."""
        return self._ad

    @property
    def service_name(self) -> str:
        """The DNS-SD service's full name (renamed by zeroconf if another had it)."""
        return self._info.name

    def update(self, ad: TableAd) -> None:
        """Advertise `ad` instead (seats taken or freed), under the same service name."""
        with self._lock:
            if self._closed:
                raise RuntimeError("the advertisement is closed")
            info = _service_info(ad, self._info.name, self._info.server or "")
            self._zc.update_service(info)
            self._info, self._ad = info, ad

    def close(self) -> None:
        """Withdraw the table (a goodbye, so browsers drop it at once) and stop zeroconf; safe to call twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        try:
            self._zc.unregister_service(self._info)
        except Exception:
            log.debug("withdrawing the table failed", exc_info=True)
        finally:
            self._zc.close()

    def __enter__(self) -> Advertisement:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def advertise(ad: TableAd, interfaces: Sequence[str] | None = None) -> Advertisement:
    """Advertise `ad` on the LAN (every IPv4 interface unless `interfaces` names addresses) until the returned
    advertisement is closed.  Blocks about 2 s: see `Advertisement`."""
    return Advertisement(ad, interfaces)


class _Tables:
    """The tables a browser has heard, by service name, and a sorted snapshot rebuilt on each change; thread-safe,
    and at most `MAX_TABLES` of them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tables: dict[str, FoundTable] = {}
        self._snapshot: tuple[FoundTable, ...] = ()

    def snapshot(self) -> tuple[FoundTable, ...]:
        """The tables by name, then address and port."""
        with self._lock:
            return self._snapshot

    def keep(self, name: str, table: FoundTable | None) -> None:
        """Remember `table` as the service `name`, or forget that service for None."""
        with self._lock:
            if table is None:
                if self._tables.pop(name, None) is None:
                    return
            elif name in self._tables or len(self._tables) < MAX_TABLES:
                self._tables[name] = table
            else:
                return
            self._snapshot = tuple(sorted(self._tables.values(),
                                          key=lambda t: (t.name.casefold(), t.name, t.address, t.port, t.game)))


class TableBrowser:
    """Listens for tables on the LAN (every IPv4 interface unless `interfaces` names addresses) until `close()`.
    `found()` is a cheap thread-safe snapshot for polling every frame; tables that go away leave it.  Raises
    OSError when the network cannot be listened to."""

    def __init__(self, interfaces: Sequence[str] | None = None) -> None:
        self._lock = threading.Lock()
        self._tables = _Tables()
        self._closed = False
        self._zc = Zeroconf(interfaces=_interface_choice(interfaces), use_asyncio=False)
        try:
            self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._on_change])
        except BaseException:
            self._zc.close()
            raise

    def found(self) -> list[FoundTable]:
        """The tables heard and not gone, by name, then address and port."""
        return list(self._tables.snapshot())

    def _on_change(self, zeroconf: Zeroconf, service_type: str, name: str,
                   state_change: ServiceStateChange) -> None:
        """zeroconf's callback, on the browser's own thread: never raises."""
        try:
            table = None
            if state_change is not ServiceStateChange.Removed and not self._closed:
                info = ServiceInfo(SERVICE_TYPE, name)
                if info.request(zeroconf, LOOKUP_TIMEOUT_MS):
                    table = table_from_service(info)
            self._tables.keep(name, table)
        except Exception:
            log.debug("a table's advertisement could not be read", exc_info=True)
            try:
                self._tables.keep(name, None)
            except Exception:  # a name that is not even text
                log.debug("a table could not be forgotten", exc_info=True)

    def close(self) -> None:
        """Stop listening (waits for a lookup in flight, at most `LOOKUP_TIMEOUT_MS`); safe to call twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        try:
            self._browser.cancel()
        finally:
            self._zc.close()

    def __enter__(self) -> TableBrowser:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
