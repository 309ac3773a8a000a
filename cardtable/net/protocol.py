"""The messages between a host and its clients: versioned JSON objects, each with `v` (the protocol version) and
`type`, checked on arrival (size, nesting, kind, fields) before anything acts on them.  docs/network-protocol.md
describes every message.

A client sends: `hello` (join or rejoin a table), `act` (an intended action), `ping`, `leave`.
A host sends: `welcome`, `lobby`, `position`, `refused`, `seat`, `over`, `pong`, `bye`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final, Literal

#: The protocol version: a peer speaking another is refused with a reason naming both.
PROTOCOL_VERSION: Final = 1
#: Longest message a host accepts (a client's messages are small: a name, a code, an action).
MAX_CLIENT_MESSAGE: Final = 8 * 1024
#: Longest message a client accepts (a view and a move's events; an ended game's whole log).
MAX_HOST_MESSAGE: Final = 4 * 1024 * 1024
#: Deepest nesting a message may have.
MAX_DEPTH: Final = 32
#: Longest name a person may give (as a seat name in a save).
MAX_NAME: Final = 32

ClientKind = Literal["hello", "act", "ping", "leave"]
HostKind = Literal["welcome", "lobby", "position", "refused", "seat", "over", "pong", "bye"]
CLIENT_KINDS: Final = frozenset({"hello", "act", "ping", "leave"})
HOST_KINDS: Final = frozenset({"welcome", "lobby", "position", "refused", "seat", "over", "pong", "bye"})

#: Fields each client message must have, and their JSON types (a hello's token is optional: a first join).
_CLIENT_FIELDS: Final[dict[str, dict[str, type | tuple[type, ...]]]] = {
    "hello": {"code": str, "name": str},
    "act": {"action": dict, "at": int},
    "ping": {},
    "leave": {},
}
_OPTIONAL: Final[dict[str, dict[str, type | tuple[type, ...]]]] = {
    "hello": {"token": str},
    "ping": {"id": int},
}


class ProtocolError(ValueError):
    """A message that is refused before anything acts on it; `reason` is a short key ("too_big", "malformed",
    "version", "unknown_kind", "fields") and the message says what was wrong."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def _reject_constant(name: str) -> Any:
    raise ProtocolError("malformed", f"{name} is not a number JSON allows")


def _depth_ok(value: Any) -> bool:
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return False
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return True


def parse(text: str | bytes, limit: int) -> dict[str, Any]:
    """A message's JSON object, checked for size, nesting and version; ProtocolError otherwise."""
    size = len(text.encode() if isinstance(text, str) else text)
    if size > limit:
        raise ProtocolError("too_big", f"the message has {size} bytes; at most {limit} are accepted")
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except ProtocolError:
        raise
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        raise ProtocolError("malformed", f"the message is not JSON ({type(exc).__name__})") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "the message is not a JSON object")
    if not _depth_ok(data):
        raise ProtocolError("malformed", f"the message is nested deeper than {MAX_DEPTH}")
    version = data.get("v")
    if type(version) is not int or version != PROTOCOL_VERSION:
        raise ProtocolError("version", f"protocol version {_short(version)}; this cardtable speaks {PROTOCOL_VERSION}")
    if not isinstance(data.get("type"), str):
        raise ProtocolError("malformed", "the message has no type")
    return data


def client_message(text: str | bytes) -> dict[str, Any]:
    """A client's message, checked (see `parse`), its kind known and its fields present with the right types."""
    data = parse(text, MAX_CLIENT_MESSAGE)
    kind = data["type"]
    if kind not in CLIENT_KINDS:
        raise ProtocolError("unknown_kind", f"unknown message type {_short(kind)}")
    needed = _CLIENT_FIELDS[kind]
    optional = _OPTIONAL.get(kind, {})
    for name, expected in needed.items():
        if not _is(data.get(name), expected):
            raise ProtocolError("fields", f"a {kind} message needs {name} ({_type_name(expected)})")
    for name, expected in optional.items():
        if name in data and not _is(data[name], expected):
            raise ProtocolError("fields", f"a {kind} message's {name} must be {_type_name(expected)}")
    extra = set(data) - {"v", "type"} - set(needed) - set(optional)
    if extra:
        raise ProtocolError("fields", f"a {kind} message has unknown fields {sorted(extra)[:5]}")
    return data


def host_message(text: str | bytes) -> dict[str, Any]:
    """A host's message, checked (see `parse`) and its kind known; its fields are checked where they are used."""
    data = parse(text, MAX_HOST_MESSAGE)
    if data["type"] not in HOST_KINDS:
        raise ProtocolError("unknown_kind", f"unknown message type {_short(data['type'])}")
    return data


def message(kind: str, **fields: Any) -> dict[str, Any]:
    """A message of `kind` with the protocol version."""
    return {"v": PROTOCOL_VERSION, "type": kind, **fields}


def encode(data: Mapping[str, Any]) -> str:
    """A message as compact JSON text."""
    return json.dumps(data, separators=(",", ":"), allow_nan=False)


def valid_name(name: str) -> bool:
    """A name a person may sit down with: 1 to MAX_NAME printable characters, not only spaces."""
    return 0 < len(name) <= MAX_NAME and name.isprintable() and bool(name.strip())


def _is(value: Any, expected: type | tuple[type, ...]) -> bool:
    # bool is an int subclass: a true "at" must not pass for position 1.
    return isinstance(value, expected) and not (isinstance(value, bool) and expected is int)


def _type_name(expected: type | tuple[type, ...]) -> str:
    names = {dict: "an object", int: "a whole number", str: "text", list: "a list"}
    if isinstance(expected, tuple):
        return " or ".join(names.get(t, t.__name__) for t in expected)
    return names.get(expected, expected.__name__)


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"
