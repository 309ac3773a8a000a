"""What the host's window (or `cardtable serve`) shows of a hosted table, copied out so that it can be read on
another thread than the one the table runs on: who sits where and who is there, whether the game has started or
ended, and for the host's own seat its view and its moves; and the server's counts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.engine import Action
from cardtable.net.host import HOST, OPEN, HostTable


@dataclass
class ServerStats:
    """Counts since the start: messages received and sent, bytes sent, connections now open, connections cut off
    for not reading, and exceptions contained."""

    received: int = 0
    sent: int = 0
    bytes_sent: int = 0
    connections: int = 0
    cut_off: int = 0
    errors: int = 0


@dataclass(frozen=True)
class SeatInfo:
    """A seat: its name; `who` is "open" (waiting for a person), "person" (joined over the network), "host" (the
    person at the host's computer) or "bot"; `present`: a person who joined is connected now; `bot_plays`: a bot
    plays the seat (a bot's seat, or a person's that was handed over)."""

    name: str
    who: str
    present: bool
    bot_plays: bool


@dataclass(frozen=True)
class TableInfo:
    """A hosted table at one moment.  `moves` counts the actions played (it changes whenever the game does);
    `view` and `legal` are the asked seat's (legal: None unless that seat is to act; a game's own lazy sequence
    where the moves are too many to list); `winners` once over;
    `save_error` when the table could not be written to disk."""

    code: str
    name: str
    game: str
    started: bool
    over: bool
    seats: tuple[SeatInfo, ...]
    moves: int
    turn: int | None
    view: Any = None
    legal: Sequence[Action] | None = None
    winners: tuple[int, ...] = ()
    save_error: str | None = None

    @property
    def open_seats(self) -> int:
        return sum(1 for seat in self.seats if seat.who == "open")


def table_info(table: HostTable, seat: int | None, save_error: str | None) -> TableInfo:
    """A snapshot of `table` (call it where the table runs, or under its lock)."""
    match = table.match
    seats = []
    for i, planned in enumerate(table.plan):
        guest = table.guest_at(i)
        if guest is not None:
            who = "person"
        elif planned.kind in (OPEN, HOST):
            who = "host" if planned.kind == HOST else ("bot" if match is not None else "open")
        else:
            who = "bot"
        name = match.seats[i].name if match is not None else (guest.name if guest else planned.name)
        bot = match is not None and not match.seats[i].is_human
        seats.append(SeatInfo(name, who, guest is not None and guest.connection is not None, bot))
    if match is None:
        return TableInfo(table.code, table.name, table.game.rules.id, False, False, tuple(seats), 0, None,
                         save_error=save_error)
    state = match.state
    view = state.view(seat) if seat is not None else None
    legal = None
    if seat is not None and state.turn == seat and not state.is_over():
        found = state.legal_actions()
        legal = list(found) if type(found) is list else found  # a lazy sequence (a burial's choices) stays lazy
    winners = tuple(state.result().winners) if state.is_over() else ()
    return TableInfo(table.code, table.name, table.game.rules.id, True, state.is_over(), tuple(seats),
                     len(match.log), state.turn, view, legal, winners, save_error)
