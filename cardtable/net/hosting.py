"""A table hosted from the app's own window: the server in the background, the table announced on the LAN, and the
host's own seat taken over the loopback address like anybody else's, so that the host plays through the same
client as every other player.  Pure of pygame: the lobby and the table only read it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from typing import Any

from cardtable.games.plugin import GamePlugin
from cardtable.net.connection import Connection
from cardtable.net.discovery import Advertisement, TableAd, advertise, lan_addresses
from cardtable.net.host import OPEN, HostTable, SeatPlan
from cardtable.net.keeper import read_table
from cardtable.net.protocol import PROTOCOL_VERSION
from cardtable.net.server import DEFAULT_PORT, TableServer
from cardtable.session.match import Seat
from cardtable.storage import hosted_dir, hosted_path

log = logging.getLogger(__name__)

#: Where a hosted table listens: every IPv4 address of this computer.
EVERY_ADDRESS = "0.0.0.0"  # noqa: S104 - a host is meant to be reached from the LAN


def seat_plan(seats: Sequence[Seat]) -> list[SeatPlan]:
    """The new-table form's seats as a hosted table's: every person's seat open (the host joins the first one
    first), the bots as they are."""
    return [SeatPlan(OPEN if seat.is_human else seat.kind, seat.name) for seat in seats]


class Hosting:
    """A table this computer hosts, and this computer's own seat at it.  `start()` listens (on `port`, or on any
    free port when that one is taken), joins the host's person to the first open seat and announces the table on
    the LAN (unless `lan` is False); `close()` ends all three."""

    def __init__(self, game: GamePlugin, seats: Sequence[Seat], options: dict[str, Any], *, name: str = "",
                 address: str = EVERY_ADDRESS, port: int = DEFAULT_PORT, lan: bool = True, keep: bool = True,
                 **table_options: Any) -> None:
        people = [s.name for s in seats if s.is_human]
        person = people[0] if people else "Host"
        table = HostTable(game, seat_plan(seats), options, name=name or f"{person}'s {game.title}", **table_options)
        self._take(table, address=address, port=port, lan=lan, keep=keep)

    def _take(self, table: HostTable, *, address: str = EVERY_ADDRESS, port: int = DEFAULT_PORT, lan: bool = True,
              keep: bool = True) -> None:
        self.table, self.game, self.code = table, table.game, table.code
        home = table.guest_at(table.home_seat) if table.home_seat is not None else None
        first = next(iter(table.open_seats()), None)
        self.person = home.name if home is not None else table.plan[first].name if first is not None else "Host"
        self.open_seats = max(0, len(table.open_seats()) - (0 if home is not None else 1))
        self.server = TableServer(address, port, keep=keep)
        self.address, self.port, self.lan = address, port, lan
        self.connection: Connection | None = None
        self.advertisement: Advertisement | None = None
        self.problem: str | None = None  # why the table is not announced on the LAN, for the lobby to say
        self._closed = False

    def start(self) -> None:
        """Listen, sit the host's person down, announce the table (in the background); OSError when no port can be
        had."""
        self.server.add(self.table)
        try:
            _, self.port = self.server.start()
        except OSError:
            self.server = TableServer(self.address, 0, keep=self.server.keep)
            self.server.add(self.table)
            _, self.port = self.server.start()
        self.table.port = self.port
        self.connection = Connection("127.0.0.1", self.port, self.code, self.person)
        home = self.table.home_seat
        if home is None:  # a new table: the host's person takes the first open seat, and it is remembered as theirs
            self.table.home_seat = next(iter(self.table.open_seats()), None)
        else:  # a table taken up again: the host's person sits down again with their token
            guest = self.table.guest_at(home)
            self.connection.client.token = guest.token if guest is not None else None
        self.connection.start()
        if self.lan:
            threading.Thread(target=self._announce, name="cardtable-announce", daemon=True).start()

    @classmethod
    def again(cls, code: str, **kwargs: Any) -> Hosting:
        """A table this computer hosted and did not finish (the app was closed or crashed), taken up again from its
        file: SaveError for a damaged one (moved aside), FileNotFoundError for none."""
        table = read_table(hosted_path(code))
        hosting = cls.__new__(cls)
        if table.port is not None:
            kwargs.setdefault("port", table.port)
        hosting._take(table, **kwargs)
        return hosting

    def _announce(self) -> None:
        ad = TableAd(self.table.name, self.game.id, len(self.table.plan), self.open_seats, PROTOCOL_VERSION,
                     self.port, tuple(lan_addresses()))
        try:
            advertisement = advertise(ad)
        except Exception as exc:  # noqa: BLE001 - the LAN is a help: people can still type the address in
            log.warning("the table could not be announced on the LAN: %s", exc)
            self.problem = "The table could not be announced on this network; give the others its address."
            return
        if self._closed:
            advertisement.close()
        else:
            self.advertisement = advertisement

    def addresses(self) -> list[str]:
        """Where the others reach this table: this computer's LAN addresses with the port."""
        return [f"{address}:{self.port}" for address in lan_addresses()]

    def start_game(self) -> None:
        """Start the game: the seats nobody took are played by bots."""
        self.server.start_table(self.code)

    def close(self) -> None:
        """Stop hosting: the connection, the announcement and the server (the table is kept if unfinished)."""
        self._closed = True
        if self.connection is not None:
            self.connection.close(timeout=2.0)
        if self.advertisement is not None:
            threading.Thread(target=self.advertisement.close, daemon=True).start()
        self.server.stop(timeout=5.0)


def hosted_here() -> list[str]:
    """The codes of tables this computer hosted and did not finish (their files are kept), newest first."""
    try:
        files = sorted(hosted_dir().glob("table-*.json"), key=lambda f: f.stat().st_mtime, reverse=True)
    except OSError:
        return []
    return [f.stem[len("table-"):] for f in files if f.stem[len("table-"):].isalnum()]
