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
from cardtable.net.protocol import PROTOCOL_VERSION
from cardtable.net.server import DEFAULT_PORT, TableServer
from cardtable.session.match import Seat

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
        self.game = game
        people = [s.name for s in seats if s.is_human]
        self.person = people[0] if people else "Host"
        self.open_seats = max(0, len(people) - 1)
        self.table = HostTable(game, seat_plan(seats), options, name=name or f"{self.person}'s {game.title}",
                               **table_options)
        self.code = self.table.code
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
        self.connection = Connection("127.0.0.1", self.port, self.code, self.person)
        self.connection.start()
        if self.lan:
            threading.Thread(target=self._announce, name="cardtable-announce", daemon=True).start()

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
