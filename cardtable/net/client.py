"""A client's side of a hosted table, pure: it reads the host's messages (checking each, as a host might be
hostile too), keeps what its seat may see and what it may do now, and makes the messages it sends.  The transport
(`cardtable.net.connection`) carries the text; the table on screen reads `position`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardtable.core.engine import Action
from cardtable.games.plugin import GamePlugin
from cardtable.net import protocol
from cardtable.net.protocol import ProtocolError, message
from cardtable.net.verify import Verdict, verify
from cardtable.net.wire import WireError, from_wire

#: Positions a client keeps for the check at the end (a longer game is checked on its last ones).
KEEP_POSITIONS = 20_000


@dataclass
class Position:
    """The game as this seat sees it after move `n`: the view (cards as `Card`s), whose turn it is, whether this
    seat is to act (`mine`), the moves it may make (None: too many to list; the host decides each), its time limit,
    and the events of the move that led here."""

    n: int
    view: dict[str, Any]
    turn: int | None
    mine: bool
    legal: list[Action] | None
    time: float | None
    over: bool
    by: int | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    public: dict[str, Any] = field(default_factory=dict)  # what every seat may see (the view of a seat not ours)


class ClientTable:
    """What a client knows of its table.  `lookup` finds a game by id (the registry's `get_game`)."""

    def __init__(self, lookup: Callable[[str], GamePlugin]) -> None:
        self.lookup = lookup
        self.game: GamePlugin | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.table = ""
        self.players = 0
        self.options: dict[str, Any] = {}
        self.commitment = ""
        self.seats: list[dict[str, Any]] = []
        self.started = False
        self.position: Position | None = None
        self.refusals: list[dict[str, Any]] = []
        self.notices: list[dict[str, Any]] = []
        self.ended: dict[str, Any] | None = None
        self.verdict: Verdict | None = None
        self.closed_because: str | None = None
        self._views: dict[int, Any] = {}
        self._events: dict[int, Any] = {}
        #: Every position received, in order, for a table that shows each move (it takes them from the left).
        self.arrived: deque[Position] = deque(maxlen=KEEP_POSITIONS)

    # ----- what the client sends -----------------------------------------------------------------
    def hello(self, code: str, name: str) -> dict[str, Any]:
        """Join (or, holding a token from an earlier welcome, rejoin) a table."""
        fields: dict[str, Any] = {"code": code, "name": name}
        if self.token is not None:
            fields["token"] = self.token
        return message("hello", **fields)

    def act(self, action: Action) -> dict[str, Any]:
        """An intended action on the position shown."""
        return message("act", action=action.to_json(), at=self.position.n if self.position else 0)

    # ----- what the host sends -------------------------------------------------------------------
    def receive(self, text: str | bytes) -> str:
        """Take one message from the host; returns its type.  ProtocolError for one that cannot be taken (the
        client's state is as it was)."""
        data = protocol.host_message(text)
        kind = data["type"]
        try:
            handler = getattr(self, f"_on_{kind}")
            handler(data)
        except (KeyError, TypeError, ValueError, WireError) as exc:
            raise ProtocolError("fields", f"a {kind} message that cannot be read ({exc})") from None
        return str(kind)

    def _on_welcome(self, data: dict[str, Any]) -> None:
        game = self.lookup(_str(data["game"]))
        if data["rules_version"] != game.rules.version:
            raise ValueError(f"the host plays {game.rules.title} rules version {data['rules_version']}")
        seat, players = _int(data["seat"]), _int(data["players"])
        if players not in game.rules.players or not 0 <= seat < players:
            raise ValueError("a seat that the game does not have")
        options = game.rules.validate_options(from_wire(data["options"]))
        self.game, self.seat, self.players, self.options = game, seat, players, dict(options)
        self.token, self.table = _str(data["token"]), _str(data["table"])
        self.commitment = _str(data["commitment"])
        self._on_lobby(data)

    def _on_lobby(self, data: dict[str, Any]) -> None:
        seats = data["seats"]
        if not isinstance(seats, list) or len(seats) != self.players or not all(isinstance(s, dict) for s in seats):
            raise ValueError("seats that do not match the table")
        self.seats, self.started = seats, bool(data["started"])

    def _on_position(self, data: dict[str, Any]) -> None:
        if self.game is None:
            raise ValueError("a position before the welcome")
        view = data["view"]
        if not isinstance(view, dict) or not isinstance(data["events"], list):
            raise ValueError("a position without a view")
        n, by, turn = _int(data["n"]), data["by"], data["turn"]
        if turn is not None:
            turn = _int(turn)
        listed = data["legal"]
        legal = None if listed is None else [self.game.rules.action_from_json(a) for a in listed]
        time = data["time"]
        if time is not None and not isinstance(time, (int, float)):
            raise ValueError("a time limit that is not a number")
        public = data.get("public", view)
        if not isinstance(public, dict):
            raise ValueError("a position without a public view")
        self.position = Position(n, from_wire(view), turn, bool(data["mine"]), legal, time, bool(data["over"]), by,
                                 from_wire(data["events"]), from_wire(public))
        self.arrived.append(self.position)
        self.started = True
        if len(self._views) < KEEP_POSITIONS:
            self._views[n] = view
            if by is not None:
                self._events[n] = data["events"]

    def _on_refused(self, data: dict[str, Any]) -> None:
        self.refusals.append(data)

    def _on_seat(self, data: dict[str, Any]) -> None:
        self.notices.append(data)
        if "seats" in data:
            self._on_lobby({"seats": data["seats"], "started": self.started})

    def _on_pong(self, data: dict[str, Any]) -> None:
        pass

    def _on_bye(self, data: dict[str, Any]) -> None:
        self.closed_because = _str(data.get("reason", "closed"))

    def _on_over(self, data: dict[str, Any]) -> None:
        if self.game is None or self.seat is None:
            raise ValueError("an end before the welcome")
        seed, nonce, actions = _int(data["seed"]), _str(data["nonce"]), data["actions"]
        if not isinstance(actions, list):
            raise ValueError("a log that is not a list")
        # The verdict first: the table (on another thread) takes `ended` as the sign that the check is done.
        self.verdict = verify(self.game.rules, self.players, self.options, self.commitment, seed, nonce, actions,
                              self.seat, self._views, self._events)
        self.ended = data


def _int(value: Any) -> int:
    if type(value) is not int:
        raise ValueError(f"not a whole number: {str(value)[:20]}")
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise ValueError("not a short text")
    return value
