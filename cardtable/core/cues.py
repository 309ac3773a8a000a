"""Which sound an engine event calls for, by the event's kind and zones alone (no game is named).

The table plays the cue (`cardtable.ui.sound`); the names live here because telling a trick won from a card played
needs the trick games' shared words, which the UI's modules keep out of.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.core.engine import Event

DEAL = "deal"  # cards dealt, drawn or shuffled
PLAY = "play"  # a card played or moved
TAKE = "take"  # a trick won, cards captured
WIN = "win"  # a person won the game
ILLEGAL = "illegal"  # a move the rules refuse
CUES = (DEAL, PLAY, TAKE, WIN, ILLEGAL)

_DEALING = frozenset({"deal", "draw", "shuffle"})
_TAKING = frozenset({"trick", "capture"})
_PLAYING = frozenset({"move", "flip", "turn"})
#: The zone the trick games play into: cards leaving it are a trick gathered by its winner.
_TRICK_ZONE = "trick"


def event_cue(event: Event) -> str | None:
    """The cue for one event, or None for one that makes no sound (a message, a score, the game's end)."""
    if event.kind in _DEALING:
        return DEAL
    if event.kind in _TAKING or (event.kind == "move" and event.src == _TRICK_ZONE and event.cards):
        return TAKE
    if event.kind in _PLAYING and event.cards:
        return PLAY
    return None


def events_cues(events: Iterable[Event]) -> list[str]:
    """The cues of events shown together, each once, in the order they first come (a deal round the table is one
    deal, not one per seat)."""
    cues: list[str] = []
    for event in events:
        cue = event_cue(event)
        if cue is not None and cue not in cues:
            cues.append(cue)
    return cues
