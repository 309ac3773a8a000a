"""Views, events, actions and refusals as JSON-safe data (the wire form), and cards back from it.

A card is `{"card": "QH"}` on the wire, as in saves; tuples become lists.  A client compares what it received with
its own replay in the wire form, so both sides go through `to_wire`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from cardtable.core.cards import Card
from cardtable.core.engine import Event
from cardtable.core.words import Seated

#: Deepest nesting the wire form holds (views are a few levels deep).
MAX_DEPTH = 24

#: The key of a mapping whose keys are not all text, sent as a list of [key, value] pairs.
PAIRS = "~pairs"
#: The key of an event named inside a view (a snapshot's view may tell which event its beat shows).
EVENT = "~event"
#: The key of a seat named in a refusal's fields (said as the seat's name, or "you").
SEATED = "~seated"
#: Whether a card may be shown to the seat a message is for (see `cardtable.net.redaction`).
Visible = Callable[[Card], bool]


class WireError(ValueError):
    """Data that has no wire form, or wire data that is not what it claims to be."""


def _everything(card: Card) -> bool:
    return True


def to_wire(value: Any, visible: Visible = _everything, depth: int = 0) -> Any:
    """`value` as JSON-safe data: cards as `{"card": code}` (None where `visible` says the seat may not see one),
    tuples as lists, a mapping with keys that are not all text as `{"~pairs": [[key, value], ...]}`; WireError for
    anything else (a float that is not finite, an object of another type)."""
    if depth > MAX_DEPTH:
        raise WireError("nested too deeply")
    if isinstance(value, Card):  # before tuple: a card is a named tuple
        return {"card": value.code} if visible(value) else None
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise WireError(f"not a finite number: {value!r}")
        return value
    if isinstance(value, (list, tuple)):
        return [to_wire(item, visible, depth + 1) for item in value]
    if isinstance(value, Seated):  # a seat named in a refusal's fields
        return {SEATED: value.seat}
    if isinstance(value, Event):  # a snapshot's view may name the event whose beat it shows
        return {EVENT: event_to_wire(value, visible, None, depth + 1)}
    if isinstance(value, Mapping):
        if not all(isinstance(key, str) for key in value):  # a board keyed by (rank, colour), say
            d = depth + 2
            return {PAIRS: [[to_wire(key, visible, d), to_wire(item, visible, d)] for key, item in value.items()]}
        return {key: to_wire(item, visible, depth + 1) for key, item in value.items()}
    raise WireError(f"no wire form for {type(value).__name__}")


def from_wire(value: Any, depth: int = 0) -> Any:
    """Wire data with its cards as `Card`s again (lists stay lists); WireError for a malformed card."""
    if depth > MAX_DEPTH:
        raise WireError("nested too deeply")
    if isinstance(value, list):
        return [from_wire(item, depth + 1) for item in value]
    if isinstance(value, dict):
        if set(value) == {"card"}:
            try:
                return Card.from_code(value["card"])
            except ValueError as exc:
                raise WireError(str(exc)) from None
        if set(value) == {SEATED}:
            if type(value[SEATED]) is not int:
                raise WireError("malformed seat")
            return Seated(value[SEATED])
        if set(value) == {EVENT}:
            return event_from_wire(value[EVENT], depth + 1)
        if set(value) == {PAIRS}:
            pairs = value[PAIRS]
            if not isinstance(pairs, list) or not all(isinstance(p, list) and len(p) == 2 for p in pairs):
                raise WireError("malformed pairs")
            return {_frozen(from_wire(key, depth + 2)): from_wire(item, depth + 2) for key, item in pairs}
        return {key: from_wire(item, depth + 1) for key, item in value.items()}
    return value


def _frozen(value: Any) -> Any:
    """A key again as the hashable value it was (lists back to tuples)."""
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, dict):
        raise WireError("a key that is a mapping")
    return value


def event_to_wire(event: Event, visible: Visible, snapshot_seat: int | None, depth: int = 0) -> dict[str, Any]:
    """One event as a seat receives it: the cards it may not see as None, its snapshot as that seat's view (none
    without a seat: an event named inside a view)."""
    data: dict[str, Any] = {"kind": event.kind, "cards": to_wire(event.cards, visible, depth + 1)}
    if event.seat is not None:
        data["seat"] = event.seat
    if event.src is not None:
        data["src"] = event.src
    if event.dst is not None:
        data["dst"] = event.dst
    if event.value is not None:
        data["value"] = to_wire(event.value, visible, depth + 1)
    if event.hold:
        data["hold"] = event.hold
    if event.snapshot is not None and snapshot_seat is not None:
        data["snapshot"] = to_wire(event.snapshot.view(snapshot_seat), depth=depth + 1)
    return data


def event_from_wire(data: Any, depth: int = 0) -> Event:
    """An event named inside a view, from its wire form (without a snapshot; a hidden card stays None)."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str) or not isinstance(data.get("cards"), list):
        raise WireError("malformed event")
    seat = data.get("seat")
    if seat is not None and type(seat) is not int:
        raise WireError("malformed event seat")
    src, dst, hold = data.get("src"), data.get("dst"), data.get("hold", 0.0)
    if not all(z is None or isinstance(z, str) for z in (src, dst)) or not isinstance(hold, (int, float)):
        raise WireError("malformed event")
    cards = tuple(from_wire(data["cards"], depth + 1))
    return Event(data["kind"], cards, src, dst, seat, value=from_wire(data.get("value"), depth + 1),
                 hold=float(hold))
