"""The authority of a hosted table: it runs the engine, the match and the bots, and decides every message.

`HostTable` is pure Python on the clock it is given, as the table's `TurnDriver` is: the transport
(`cardtable.net.server`) hands it each connection's messages (`receive`), its losses (`disconnected`) and the time
(`update(dt)`), and sends what it queues (`take_outbox`).  Tests drive it the same way with no network at all.

A connection speaks for at most one seat, the one it joined; a client names an action, never a seat.  Every
message is checked (`cardtable.net.protocol`) and every action by the engine; a refusal carries its reason and
changes nothing.  Each seat receives its own view and the public events of each move (`cardtable.net.redaction`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from cardtable.bots.worker import think
from cardtable.core.engine import Action, Event, IllegalAction
from cardtable.core.seat_kinds import BOT_KINDS, DEFAULT_BOT, SeatKind
from cardtable.games.plugin import GamePlugin
from cardtable.net import protocol
from cardtable.net.commitment import commitment, new_nonce, new_seed
from cardtable.net.limits import Bucket
from cardtable.net.protocol import ProtocolError, message
from cardtable.net.redaction import events_for_seat, seen_cards
from cardtable.net.wire import to_wire
from cardtable.session.match import Match, SaveWith, Seat
from cardtable.session.turns import Think, TurnDriver

#: Letters of a table code: no 0/O, 1/I/L, so that one read aloud is typed right.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
#: Seconds a dropped person's turn waits for them before a bot plays it.
WAIT_FOR_DROPPED = 15.0
#: Seconds after which a person who dropped is said to be gone: a bot plays their seat until they come back.
GRACE = 120.0
#: Wrong codes a connection may try before it is closed.
WRONG_CODES = 5
#: Messages a connection may get wrong in a row (malformed, refused) before it is closed.
BAD_IN_A_ROW = 200
#: Most legal moves a position lists (see `_listed`).
MAX_LISTED = 2000
#: Seat kinds of a plan besides the bot levels: a seat left open for a person who joins, the host's own seat.
OPEN, HOST = "open", "host"

#: One message to send: (connection, message, close the connection after it).
Outgoing = tuple[int, dict[str, Any], bool]


def new_code() -> str:
    """A fresh table code (8 letters and digits, about 40 bits)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def same_code(typed: str, code: str) -> bool:
    """Whether a typed code is the table's (spaces and case aside)."""
    cleaned = "".join(typed.split()).upper()
    return secrets.compare_digest(cleaned.encode(), code.encode())


@dataclass(frozen=True)
class SeatPlan:
    """A seat of a table being hosted: `kind` is "open" (for a person who joins), "host" (the person at the host's
    computer) or "bot:<level>"; `name` the seat's name until somebody sits down."""

    kind: str
    name: str


@dataclass
class Guest:
    """A person who joined over the network: their seat, name and secret token (to rejoin), and their connection
    (None while they are away)."""

    seat: int
    name: str
    token: str
    connection: int | None
    away_for: float = 0.0  # seconds since the connection was lost
    gone: bool = False  # away longer than the grace period


@dataclass
class _Connection:
    bucket: Bucket = field(default_factory=Bucket)
    guest: Guest | None = None
    wrong_codes: int = 0
    bad: int = 0


class HostTable:
    """A table hosted for clients: the seat plan, who sits where, and once started the match, its bots and timers.

    `store(data)` is called with the table's save data (`to_json`) after every change; an OSError it raises is kept
    in `save_error` and never stops the game.  `thinker` is how bots decide (tests decide inline).
    """

    def __init__(
        self,
        game: GamePlugin,
        plan: Sequence[SeatPlan],
        options: Mapping[str, Any] | None = None,
        *,
        name: str = "",
        code: str | None = None,
        seed: int | None = None,
        nonce: str | None = None,
        bot_delay: float = 0.6,
        thinker: Think = think,
        store: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        if len(plan) not in game.rules.players:
            raise ValueError(f"{game.rules.title} is not for {len(plan)} players")
        for seat in plan:
            if seat.kind not in (OPEN, HOST, *BOT_KINDS):
                raise ValueError(f"unknown seat kind {seat.kind!r}")
        self.game = game
        self.plan = list(plan)
        self.options = game.rules.validate_options(options)
        self.name = name or game.rules.title
        self.code = code or new_code()
        self.seed = new_seed() if seed is None else seed
        self.nonce = nonce or new_nonce()
        self.commitment = commitment(self.seed, self.nonce)
        self.bot_delay = bot_delay
        self.thinker = thinker
        self.store = store
        self.save_error: str | None = None
        self.guests: list[Guest] = []
        #: The seat of the person at the hosting computer's own window (None: a headless host), so that the window
        #: opened again after a crash takes that seat back.
        self.home_seat: int | None = None
        #: The port the hosting window listened on (None: not known), so that a table taken up again listens
        #: where its players' apps look for it.
        self.port: int | None = None
        self.match: Match | None = None
        self.driver: TurnDriver | None = None
        self.now = 0.0
        self._connections: dict[int, _Connection] = {}
        self._outbox: list[Outgoing] = []
        self._over_sent = False

    # ----- the table's state ---------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def over(self) -> bool:
        return self.match is not None and self.match.state.is_over()

    def open_seats(self) -> list[int]:
        """Seats still waiting for a person (before the start)."""
        taken = {g.seat for g in self.guests}
        return [i for i, s in enumerate(self.plan) if s.kind == OPEN and i not in taken]

    def guest_at(self, seat: int) -> Guest | None:
        return next((g for g in self.guests if g.seat == seat), None)

    def take_outbox(self) -> list[Outgoing]:
        """The messages queued since the last call, in order."""
        out, self._outbox = self._outbox, []
        return out

    # ----- connections ---------------------------------------------------------------------------
    def connected(self, conn: int) -> None:
        """A new connection (it must say hello before anything else)."""
        self._connections[conn] = _Connection(Bucket(last=self.now))

    def disconnected(self, conn: int) -> None:
        """A connection was lost: its person keeps the seat (see `WAIT_FOR_DROPPED`, `GRACE`)."""
        state = self._connections.pop(conn, None)
        guest = state.guest if state else None
        if guest is None or guest.connection != conn:
            return
        guest.connection, guest.away_for = None, 0.0
        if not self.started:  # in the lobby a seat is only kept by being there
            self.guests.remove(guest)
            self._save()
            self._send_lobby()
            return
        self._tell_seat(guest.seat, "away")

    def receive(self, conn: int, text: str | bytes) -> None:
        """A message from a connection: acted on, or refused with a reason (nothing changes)."""
        state = self._connections.get(conn)
        if state is None:
            return
        if not state.bucket.take(self.now):
            if not state.bucket.warned:
                state.bucket.warned = True
                self._refuse(conn, "too_frequent", "too many messages; wait a moment")
            return
        try:
            data = protocol.client_message(text)
        except ProtocolError as exc:
            self._refuse(conn, exc.reason, str(exc))
            return
        bad = state.bad
        self._dispatch(conn, state, data)
        if state.bad == bad:  # a message that was taken: the count of bad ones in a row starts again
            state.bad = 0

    def _dispatch(self, conn: int, state: _Connection, data: dict[str, Any]) -> None:
        kind = data["type"]
        if kind == "ping":
            self._send(conn, message("pong", **({"id": data["id"]} if "id" in data else {})))
        elif kind == "hello":
            self._hello(conn, state, data)
        elif state.guest is None:
            self._refuse(conn, "not_seated", "say hello with the table's code first")
        elif kind == "leave":
            self._send(conn, message("bye", reason="left"), close=True)
            self.disconnected(conn)
        else:
            self._act(conn, state.guest, data)

    def _hello(self, conn: int, state: _Connection, data: dict[str, Any]) -> None:
        if state.guest is not None:
            self._refuse(conn, "already_seated", "this connection already holds a seat")
            return
        if not same_code(data["code"], self.code):
            state.wrong_codes += 1
            self._refuse(conn, "wrong_code", "that is not this table's code", close=state.wrong_codes >= WRONG_CODES)
            return
        token = data.get("token")
        if token is not None:
            self._rejoin(conn, state, token)
            return
        name = data["name"].strip()
        if not protocol.valid_name(name):
            self._refuse(conn, "bad_name", f"a name is 1 to {protocol.MAX_NAME} printable characters")
            return
        if self.started:
            self._refuse(conn, "started", "the game has started; only its players may rejoin")
            return
        free = self.open_seats()
        if not free:
            self._refuse(conn, "full", "every seat is taken")
            return
        guest = Guest(free[0], name, secrets.token_urlsafe(18), conn)
        self.guests.append(guest)
        state.guest = guest
        self._save()
        self._welcome(conn, guest)
        self._send_lobby()

    def _rejoin(self, conn: int, state: _Connection, token: str) -> None:
        guest = next((g for g in self.guests if secrets.compare_digest(g.token.encode(), token.encode())), None)
        if guest is None:
            self._refuse(conn, "unknown_token", "this table does not know that player")
            return
        if guest.connection is not None and guest.connection != conn:  # the same person from a new connection
            old = self._connections.get(guest.connection)
            if old is not None:
                old.guest = None
            self._send(guest.connection, message("bye", reason="replaced"), close=True)
        guest.connection, guest.away_for, guest.gone = conn, 0.0, False
        state.guest = guest
        if self.driver is not None and self.match is not None and self.match.seats[guest.seat].handed_over:
            self.driver.take_back(guest.seat)
        self._welcome(conn, guest)
        if self.started:
            self._tell_seat(guest.seat, "back")
        else:
            self._send_lobby()

    # ----- starting and playing ------------------------------------------------------------------
    def start(self) -> None:
        """Start the game: seats nobody took are played by bots (normal level)."""
        if self.started:
            return
        seats = []
        for i, planned in enumerate(self.plan):
            guest = self.guest_at(i)
            if guest is not None or planned.kind == HOST:
                seats.append(Seat("human", guest.name if guest else planned.name))
            elif planned.kind == OPEN:
                seats.append(Seat(DEFAULT_BOT, planned.name))
            else:
                seats.append(Seat(cast(SeatKind, planned.kind), planned.name))  # a bot kind: checked when made
        self.match = Match(self.game, seats, self.options, self.seed, saver=SaveWith(lambda _match: self._save()))
        self._save()
        self._begin()

    def _begin(self) -> None:
        assert self.match is not None
        self.driver = TurnDriver(self.match, self.bot_delay, self.thinker)
        self._send_lobby()
        for guest in self._present():
            self._send_position(guest, [], None, None)

    def act(self, seat: int, action: Action) -> list[Event]:
        """Play the host's own person's action at `seat` (the host's window); IllegalAction as the engine says."""
        if self.match is None or self.match.state.turn != seat or self.plan[seat].kind != HOST:
            raise IllegalAction("not_your_turn")
        return self._play(seat, action, None)

    def _act(self, conn: int, guest: Guest, data: dict[str, Any]) -> None:
        match = self.match
        if match is None:
            self._refuse(conn, "not_started", "the game has not started")
            return
        if match.state.is_over():
            self._refuse(conn, "game_over", "the game is over")
            return
        if data["at"] != len(match.log):
            self._refuse(conn, "stale", "the game has moved on", at=len(match.log))
            return
        if match.state.turn != guest.seat or match.seats[guest.seat].handed_over:
            self._refuse(conn, "not_your_turn", "it is not your turn")
            return
        try:
            action = match.rules.action_from_json(data["action"])
        except (ValueError, TypeError, KeyError) as exc:
            self._refuse(conn, "bad_action", f"not an action of this game ({str(exc)[:120]})")
            return
        try:
            self._play(guest.seat, action, None)
        except IllegalAction as exc:
            seen = seen_cards([match.state.view(guest.seat)])
            fields = to_wire(exc.fields, seen.__contains__)
            self._refuse(conn, "illegal", exc.reason, rule=exc.reason, fields=fields)

    def _play(self, seat: int, action: Action, move: Any) -> list[Event]:
        match, driver = self.match, self.driver
        assert match is not None and driver is not None
        present = self._present()
        before = {g.seat: match.state.view(g.seat) for g in present}
        events = match.apply(action)  # IllegalAction: nothing changed
        timed = driver.moved(move, seat=seat)
        for guest in present:
            self._send_position(guest, events, before[guest.seat], seat)
        if timed is not None and timed.handed_over:
            self._tell_seat(timed.seat, "bot")
        if match.state.is_over():
            self._send_over()
        return events

    def update(self, dt: float) -> None:
        """Advance the host's clock by `dt` seconds: people away, bots and time limits act."""
        self.now += dt
        match, driver = self.match, self.driver
        if match is None or driver is None or match.state.is_over():
            return
        for guest in self.guests:
            if guest.connection is not None:
                continue
            guest.away_for += dt
            waited = match.state.turn == guest.seat and guest.away_for >= WAIT_FOR_DROPPED
            if (waited or guest.away_for >= GRACE) and not match.seats[guest.seat].handed_over:
                driver.hand_to_bot(guest.seat)
                self._tell_seat(guest.seat, "bot")
            if guest.away_for >= GRACE and not guest.gone:
                guest.gone = True
                self._tell_seat(guest.seat, "gone")
        turn = match.state.turn
        timer = match.state.time_limit() if turn is not None and match.seats[turn].is_human else None
        move = driver.update(dt, ready=True, timer=timer)
        if move is not None:
            self._play(move.seat, move.action, move)

    # ----- what each seat is told ----------------------------------------------------------------
    def _present(self) -> list[Guest]:
        return [g for g in self.guests if g.connection is not None]

    def _seats_public(self) -> list[dict[str, Any]]:
        seats = []
        for i, planned in enumerate(self.plan):
            guest = self.guest_at(i)
            if self.match is not None:
                seat = self.match.seats[i]
                who = "person" if guest else ("host" if planned.kind == HOST else "bot")
                seats.append({"name": seat.name, "who": who, "bot": not seat.is_human,
                              "away": bool(guest and guest.connection is None)})
            else:
                who = "person" if guest else ("open" if planned.kind == OPEN else
                                              "host" if planned.kind == HOST else "bot")
                seats.append({"name": guest.name if guest else planned.name, "who": who})
        return seats

    def _welcome(self, conn: int, guest: Guest) -> None:
        self._send(conn, message(
            "welcome", seat=guest.seat, token=guest.token, table=self.name, game=self.game.rules.id,
            rules_version=self.game.rules.version, players=len(self.plan), options=to_wire(self.options),
            commitment=self.commitment, seats=self._seats_public(), started=self.started))
        if self.match is not None:
            self._send_position(guest, [], None, None)
            if self.match.state.is_over():
                self._send(conn, self._over_message())

    def _send_lobby(self) -> None:
        lobby = message("lobby", seats=self._seats_public(), started=self.started)
        for guest in self._present():
            assert guest.connection is not None
            self._send(guest.connection, lobby)

    def _tell_seat(self, seat: int, status: str) -> None:
        for guest in self._present():
            assert guest.connection is not None
            self._send(guest.connection, message("seat", seat=seat, status=status, seats=self._seats_public()))

    def _send_position(self, guest: Guest, events: Sequence[Event], before: Any, by: int | None) -> None:
        match = self.match
        assert match is not None and guest.connection is not None
        state = match.state
        view = state.view(guest.seat)
        wired = events_for_seat(events, guest.seat, before, view) if events else []
        mine = state.turn == guest.seat and not match.seats[guest.seat].handed_over
        limit = state.time_limit() if mine else None
        self._send(guest.connection, message(
            "position", n=len(match.log), by=by, events=wired, view=to_wire(view), public=to_wire(state.view(None)),
            turn=state.turn,
            mine=mine, legal=_listed(state.legal_actions()) if mine else [],
            time=None if limit is None or limit.quiet else limit.seconds, over=state.is_over()))

    def _over_message(self) -> dict[str, Any]:
        match = self.match
        assert match is not None
        result = match.state.result()
        handed = [i for i, s in enumerate(match.seats) if s.handed_over]
        return message("over", seed=self.seed, nonce=self.nonce,
                       actions=[[e.seat, e.action.to_json()] for e in match.log],
                       scores=to_wire(result.scores), winners=list(result.winners), bot_finished=handed)

    def _send_over(self) -> None:
        if self._over_sent:
            return
        self._over_sent = True
        over = self._over_message()
        for guest in self._present():
            assert guest.connection is not None
            self._send(guest.connection, over)

    def _send(self, conn: int, data: dict[str, Any], close: bool = False) -> None:
        self._outbox.append((conn, data, close))

    def _refuse(self, conn: int, reason: str, text: str, close: bool = False, **fields: Any) -> None:
        state = self._connections.get(conn)
        if state is not None:
            state.bad += 1
            close = close or state.bad >= BAD_IN_A_ROW
        self._send(conn, message("refused", reason=reason, text=text, **fields), close)

    # ----- keeping the table ---------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The table as save data: its plan, code, seed and nonce, its guests (with their tokens, so that they can
        rejoin after the host comes back) and the match."""
        return {
            "hosted": 1,
            "game": self.game.rules.id,
            "name": self.name,
            "code": self.code,
            "seed": self.seed,
            "nonce": self.nonce,
            "options": self.options,
            "plan": [[s.kind, s.name] for s in self.plan],
            "guests": [[g.seat, g.name, g.token] for g in self.guests],
            "home": self.home_seat,
            "port": self.port,
            "match": self.match.to_json() if self.match is not None else None,
        }

    def _save(self) -> None:
        if self.store is None:
            return
        try:
            self.store(self.to_json())
        except OSError as exc:
            self.save_error = f"The hosted game could not be saved: {exc.strerror or exc}"
        else:
            self.save_error = None

    @classmethod
    def from_json(cls, data: Any, lookup: Callable[[str], GamePlugin], **kwargs: Any) -> HostTable:
        """A hosted table again from its save data (after the host's app was closed or crashed): its guests are
        away until they rejoin with their tokens.  ValueError (or SaveError) naming what does not add up."""
        if not isinstance(data, dict) or data.get("hosted") != 1:
            raise ValueError("not a hosted table")
        game = lookup(_text(data.get("game"), "game", 64))
        plan_data = data.get("plan")
        if not isinstance(plan_data, list) or not all(isinstance(p, list) and len(p) == 2 for p in plan_data):
            raise ValueError("bad seat plan")
        plan = [SeatPlan(_text(kind, "seat kind", 16), _text(name, "seat name", protocol.MAX_NAME))
                for kind, name in plan_data]
        seed = data.get("seed")
        if type(seed) is not int or not 0 <= seed < 2**63:
            raise ValueError("bad seed")
        options = data.get("options")
        if not isinstance(options, dict):
            raise ValueError("bad options")
        table = cls(game, plan, options, name=_text(data.get("name"), "name", 64),
                    code=_text(data.get("code"), "code", 16), seed=seed, nonce=_text(data.get("nonce"), "nonce", 64),
                    **kwargs)
        guests = data.get("guests")
        if not isinstance(guests, list) or len(guests) > len(plan):
            raise ValueError("bad guests")
        for item in guests:
            if not isinstance(item, list) or len(item) != 3 or type(item[0]) is not int:
                raise ValueError("bad guest")
            seat, name, token = item[0], _text(item[1], "guest name", protocol.MAX_NAME), _text(item[2], "token", 64)
            if not 0 <= seat < len(plan) or plan[seat].kind != OPEN or table.guest_at(seat) is not None:
                raise ValueError(f"bad guest seat {seat}")
            table.guests.append(Guest(seat, name, token, None))
        home = data.get("home")
        if home is not None and (type(home) is not int or table.guest_at(home) is None):
            raise ValueError("bad home seat")
        table.home_seat = home
        port = data.get("port")
        table.port = port if type(port) is int and 0 < port < 65536 else None
        if data.get("match") is not None:
            match = Match.from_json(data["match"], lookup)
            if match.seed != seed or match.game_id != game.rules.id or len(match.seats) != len(plan):
                raise ValueError("the match is not this table's")
            match.saver = SaveWith(lambda _match: table._save())
            table.match = match
            table.driver = TurnDriver(match, table.bot_delay, table.thinker)
            table._over_sent = match.state.is_over()
        return table


def _listed(legal: Sequence[Action]) -> list[dict[str, Any]] | None:
    """The legal moves as a position lists them; None where they are too many to list (a choice of cards to bury
    from a hand of 33): the client then offers every move and the host's engine decides."""
    if type(legal) is not list or len(legal) > MAX_LISTED:
        return None
    return [action.to_json() for action in legal]


def _text(value: Any, what: str, limit: int) -> str:
    if not isinstance(value, str) or not value or len(value) > limit or not value.isprintable():
        raise ValueError(f"bad {what}")
    return value
