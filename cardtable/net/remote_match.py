"""A match whose moves a host decides, for the generic table: the state is what the host last showed this seat (its
own view, the public view of the others, the moves it may make), each move the host sends is played on the table
like any other (its events, with the cards this seat may not see face down), and a person's own action goes to the
host (`propose`) rather than to an engine here.  `RemoteDriver` hands the table those moves, one at a time.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.core.cards import Card
from cardtable.core.engine import Action, Event, IllegalAction, Result, Snapshot, State, TimeLimit
from cardtable.core.seat_kinds import REMOTE
from cardtable.core.words import Names
from cardtable.net.client import ClientTable, Position
from cardtable.net.wire import from_wire
from cardtable.session.match import LogEntry, Match, Seat
from cardtable.session.turns import Move, SeatNews, TimedOut, TurnDriver

#: Sends a message to the host (the transport's).
Send = Callable[[dict[str, Any]], object]


@dataclass(frozen=True)
class Received(Action):
    """The move that led to the host's position `n` (this seat does not know what another seat chose)."""

    n: int


class Unlisted(list[Action]):
    """The moves of a position with too many to list (a burial): it lists none and holds every one (the host
    decides)."""

    def __contains__(self, item: object) -> bool:
        return isinstance(item, Action)


class ReceivedSnapshot(Snapshot):
    """A beat of a move as the host showed it to this seat."""

    __slots__ = ("_view",)

    def __init__(self, view: dict[str, Any]) -> None:  # noqa: D107 - no state here: the view is all there is
        self._view = view

    def view(self, seat: int | None) -> dict[str, Any]:
        return self._view


class RemoteState(State):
    """The game as the host last showed this seat."""

    def __init__(self, position: Position, seat: int, players: int, final: Result | None = None) -> None:
        self.position = position
        self.seat = seat
        self.players = players
        self.turn = position.turn
        self.final = final  # the result of the replayed game, once it has ended and been checked

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.position.view if seat == self.seat else self.position.public

    def legal_actions(self) -> list[Action]:
        if not self.position.mine:
            return []
        return Unlisted() if self.position.legal is None else list(self.position.legal)

    def apply(self, action: Action, record: bool = True) -> list[Event]:
        """A preview (on a copy): refused when this seat may not move or the host's list lacks `action`; nothing
        changes here (the host's answer does)."""
        if self.position.over:
            raise IllegalAction("game_over")
        if not self.position.mine:
            raise IllegalAction("not_your_turn")
        if action not in self.legal_actions():
            raise IllegalAction("not_allowed")
        return []

    def is_over(self) -> bool:
        return self.position.over

    def time_limit(self) -> TimeLimit | None:
        seconds = self.position.time
        return None if seconds is None else TimeLimit(seconds, _decided_by_host)

    def result(self) -> Result:
        if self.final is not None:
            return self.final
        scores = self.position.public.get("scores")
        if isinstance(scores, list) and len(scores) == self.players and all(
                isinstance(x, (int, float)) for x in scores):
            return Result([float(x) for x in scores], [])
        return Result([0.0] * self.players, [], scored=False)

    def clone(self) -> RemoteState:
        return copy.copy(self)

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        raise NotImplementedError("a hosted game's hidden cards are the host's")


def _decided_by_host(rng: random.Random) -> Action:
    raise IllegalAction("not_your_turn")  # never asked: the host plays a person's time-out


def _event(data: dict[str, Any]) -> Event:
    """An event as received (cards this seat may not see are None), its beat's picture as received."""
    cards: tuple[Card, ...] = tuple(data.get("cards") or ())
    snapshot = data.get("snapshot")
    return Event(str(data["kind"]), cards, data.get("src"), data.get("dst"), data.get("seat"),
                 value=data.get("value"), hold=float(data.get("hold", 0.0)),
                 snapshot=ReceivedSnapshot(snapshot) if isinstance(snapshot, dict) else None)


class RemoteMatch(Match):
    """A hosted game as this computer plays it: `client` reads the host's messages, `send` carries this seat's."""

    decided_elsewhere = True

    def __init__(self, client: ClientTable, send: Send, link: Callable[[], tuple[str, int]] | None = None) -> None:
        # (no Match.__init__: no engine, no save here)
        assert client.game is not None and client.seat is not None and client.position is not None
        self.client, self.send = client, send
        #: The connection's state ("seated", "lost", ...) and how often it was lost, read each frame: losing the
        #: host, and finding it again, is said at the table.
        self.link = link
        self.game = client.game
        self.rules = client.game.rules
        self.seat = client.seat
        self.seats = self._seats()
        self.options = dict(client.options)
        self.random_deal = self.restarted = False
        self.seed = 0  # revealed at the end
        self.table_name = client.table
        self.proof = None
        self.log: list[LogEntry] = []
        self.elapsed = 0.0
        self.saver = None
        self.undo_allowed = False
        self.save_error = None
        self.load_notice = self.kept_as = ""
        self.awaiting = False
        self.save_due = False  # nothing is saved here: the host keeps the game
        self._sent: Action | None = None
        self._events: list[tuple[int, list[Event]]] = []
        self.state = RemoteState(client.position, self.seat, client.players)
        self.shown = client.position.n  # the host's move number the table shows
        self._log_to(self.shown)

    def _seats(self) -> list[Seat]:
        seats = []
        for i, seat in enumerate(self.client.seats):
            name = str(seat.get("name", f"Seat {i + 1}"))
            if i == self.seat:
                seats.append(Seat("human", Names.YOU,  # the person here is spoken to, as at a table of their own
                                   handed_over=bool(seat.get("bot")) and seat.get("who") == "person"))
            elif seat.get("bot"):
                seats.append(Seat("bot:normal", name))
            else:
                seats.append(Seat(REMOTE, name))
        return seats

    def _log_to(self, n: int, seat: int | None = None, action: Action | None = None) -> None:
        while len(self.log) < n:
            at = len(self.log) + 1
            self.log.append(LogEntry(seat if seat is not None else -1, action or Received(at)))

    # ----- the table's moves ---------------------------------------------------------------------------
    def propose(self, action: Action) -> None:
        """Send this seat's `action` to the host; the table waits for its answer."""
        self._sent, self.awaiting = action, True
        self.send(self.client.act(action))

    def refused(self) -> None:
        """The host refused the action sent: the table takes the person's input again."""
        self._sent, self.awaiting = None, False

    def apply(self, action: Action) -> list[Event]:
        """Show the host's next position (the driver's `Received` move); its events as the table animates them."""
        if not isinstance(action, Received):
            raise IllegalAction("not_your_turn")
        position = next((p for p in self.client.arrived if p.n == action.n), None)
        if position is None:
            raise IllegalAction("stale")
        while self.client.arrived and self.client.arrived[0].n <= action.n:
            self.client.arrived.popleft()
        own = position.by == self.seat and self._sent is not None
        self._log_to(position.n - 1)
        self._log_to(position.n, position.by, self._sent if own else action)
        if position.by == self.seat:
            self._sent, self.awaiting = None, False
        events = [_event(e) for e in position.events if isinstance(e, dict)]
        self.state = RemoteState(position, self.seat, len(self.seats), self._final() if position.over else None)
        self.shown = position.n
        self._events = [*self._events[-20:], (len(self.log), events)]
        return events

    def _final(self) -> Result | None:
        verdict, ended = self.client.verdict, self.client.ended
        if ended is None:
            return None
        seed = ended.get("seed")
        if isinstance(seed, int):
            self.seed = seed
        if verdict is not None and verdict.ok and verdict.state is not None:
            return verdict.state.result()
        scores, winners = ended.get("scores"), ended.get("winners")
        if isinstance(scores, list) and isinstance(winners, list):
            return Result([float(x) for x in from_wire(scores)], [int(w) for w in winners])
        return None

    def next_move(self) -> Move | None:
        """The host's next position not shown yet, as a move to play (an ending waits for the host's log)."""
        arrived = self.client.arrived
        while arrived and arrived[0].n <= self.shown:
            arrived.popleft()
        if not arrived:
            return None
        position = arrived[0]
        if position.over and self.client.ended is None:
            return None
        seat = position.by if position.by is not None else -1
        return Move(seat, Received(position.n))

    def recent_events(self, count: int) -> list[tuple[int, list[Event]]]:
        return self._events[-count:] if count > 0 else []

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def redo(self) -> bool:
        return False

    def last_human_seat(self) -> int | None:
        return None

    def autosave(self, compact: bool = False) -> None:
        pass

    def close(self) -> None:
        pass


class RemoteDriver(TurnDriver):
    """The table's turn driver for a hosted game: the host's moves, one at a time when the table is ready; the
    host's seconds counted down here; the host's refusals and seat news for the table to say."""

    def __init__(self, match: RemoteMatch) -> None:  # no TurnDriver.__init__: no bot thinks here
        self.match = self.remote = match
        self.bot_delay = 0.0
        self.bots = {}
        self.job = None
        self.timer = None
        self.time_left = None
        self.timeouts = {}
        self._timed: int | None = None  # the host's move number the countdown runs for
        self._refusals = len(match.client.refusals)
        self._notices = len(match.client.notices)
        self._checked = False  # the end's check has been said
        self._lost = False  # the connection to the host is lost (and said so)
        self._drops = 0  # the losses said

    @property
    def people(self) -> list[int]:
        return [self.remote.seat]

    @property
    def thinking_seat(self) -> int | None:
        turn = self.match.state.turn
        return turn if turn is not None and self.match.seats[turn].kind.startswith("bot") else None

    @property
    def busy(self) -> bool:
        return False

    def update(self, dt: float, ready: bool, timer: TimeLimit | None = None) -> Move | None:
        if not self._clock() and ready and self.time_left is not None:
            self.time_left = max(0.0, self.time_left - dt)  # at 0 the host plays the time-out
        return self.remote.next_move() if ready else None

    def _clock(self) -> bool:
        """Start the countdown of a new position of this seat's (the host's seconds); True if it (re)started."""
        state = self.remote.state
        assert isinstance(state, RemoteState)
        seconds = state.position.time if state.position.mine else None
        if seconds is None:
            self.time_left = self._timed = None
            return True
        if self._timed != self.remote.shown:
            self._timed, self.time_left = self.remote.shown, float(seconds)
            return True
        return False

    def news(self) -> list[IllegalAction | SeatNews]:
        client = self.remote.client
        said: list[IllegalAction | SeatNews] = []
        for refused in client.refusals[self._refusals:]:
            self.remote.refused()
            fields = refused.get("fields")
            named = from_wire(fields) if isinstance(fields, dict) else {}
            said.append(IllegalAction(str(refused.get("rule") or refused.get("reason")), **named))
        for notice in client.notices[self._notices:]:
            seat, status = notice.get("seat"), notice.get("status")
            if isinstance(seat, int) and isinstance(status, str):
                said.append(SeatNews(seat, status))
        if len(client.notices) > self._notices:
            self.remote.seats = self.remote._seats()
        self._refusals, self._notices = len(client.refusals), len(client.notices)
        status, drops = self.remote.link() if self.remote.link is not None else ("seated", 0)
        if drops > self._drops:  # this computer lost the host (however briefly)
            self._drops, self._lost = drops, True
            said.append(SeatNews(self.remote.seat, "away"))
        if self._lost and status == "seated":  # and found it again
            self._lost = False
            said.append(SeatNews(self.remote.seat, "back"))
        verdict = client.verdict
        if verdict is not None and not self._checked and self.remote.state.is_over():
            self._checked = True  # said once the final position shows
            said.append(SeatNews(self.remote.seat, "checks_out" if verdict.ok else "does_not_check_out"))
        return said

    def moved(self, move: Move | None = None, seat: int | None = None) -> TimedOut | None:
        self._clock()  # the host's seconds of the position now shown
        return None

    @property
    def shown_time_left(self) -> float | None:
        return self.time_left

    def hand_to_bot(self, seat: int) -> None:
        pass

    def take_back(self, seat: int) -> bool:
        return False

    def cancel(self) -> None:
        pass

    def undo_refused(self, viewer: int | None) -> int | None:
        return None
