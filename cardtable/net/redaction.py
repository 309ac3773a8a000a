"""What of a move each seat may see.

The views are the privacy contract (`State.view(seat)` never shows another seat's hidden card, a contract test
holds every game to it).  Events carry the cards they move, so a card dealt to one hand would reach every client;
here a card of an event is shown to a seat only when that seat sees it in its view before the move, after it, or at
one of the move's beats (a snapshot).  Anything else goes out as None: a card face-down to that seat.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from cardtable.core.cards import Card
from cardtable.core.engine import Event
from cardtable.net.wire import event_to_wire


def cards_in(view: Any) -> Iterator[Card]:
    """Every card a view shows, at any depth."""
    stack = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            yield item
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())


def seen_cards(views: Iterable[Any]) -> frozenset[Card]:
    """The cards any of `views` shows."""
    return frozenset(card for view in views for card in cards_in(view))


def events_for_seat(events: Sequence[Event], seat: int, before: Any, after: Any) -> list[dict[str, Any]]:
    """A move's events as `seat` may receive them (wire form): `before` and `after` are its views around the move."""
    beats = [event.snapshot.view(seat) for event in events if event.snapshot is not None]
    seen = seen_cards([before, after, *beats])
    return [event_to_wire(event, seen.__contains__, seat) for event in events]
