"""What a game's `layout.py` gives the generic table: zones of cards with rectangles.

Pure data (no pygame): rectangles are (x, y, w, h) tuples in window pixels.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardtable.core.cards import Card
from cardtable.core.engine import Action

Rect = tuple[int, int, int, int]
#: What a gesture means: one action, several (the table lets the player choose among the legal ones), or nothing.
Gesture = Action | Sequence[Action] | None


def candidates(gesture: Gesture) -> list[Action]:
    """The actions a gesture may mean, as a list."""
    if gesture is None:
        return []
    if isinstance(gesture, Action):
        return [gesture]
    return list(gesture)


@dataclass(frozen=True)
class Spot:
    """One card on the table: what it is (None when face down and unknown) and where."""

    card: Card | None
    face_up: bool
    rect: Rect
    index: int


@dataclass
class Zone:
    """A place on the table.

    kind: "stack" (cards squared up), "fan" (spread down), "spread" (spread across),
    "pile", "hand", "trick", "seat".  `slot` is where an empty zone is drawn and where a
    card dropped on it lands; `label` is drawn on an empty slot.

    A "seat" zone is a panel: `lines` of text (name, bid, tricks...) drawn in `slot`, framed
    gold when `marks` has "current"; "leader" puts a crown on it, "thinking" a cue.
    A zone with `playable` lists the indices of its cards to outline blue (legal to play).
    """

    id: str
    kind: str
    slot: Rect
    spots: list[Spot] = field(default_factory=list)
    label: str = ""
    lines: tuple[str, ...] = ()
    marks: frozenset[str] = frozenset()
    playable: frozenset[int] = frozenset()
    tint: tuple[int, int, int] | None = None  # a seat panel's background colour (e.g. Crazy's current colour)

    def bounds(self) -> Rect:
        """The smallest rectangle holding the slot and every card."""
        rects = [self.slot] + [s.rect for s in self.spots]
        x0 = min(r[0] for r in rects)
        y0 = min(r[1] for r in rects)
        x1 = max(r[0] + r[2] for r in rects)
        y1 = max(r[1] + r[3] for r in rects)
        return (x0, y0, x1 - x0, y1 - y0)


@dataclass(frozen=True)
class Choice:
    """A button of a choice panel (a bid, a colour...); `action` None means shown but disabled, for `reason`."""

    label: str
    action: Action | None
    reason: str = ""
    style: str = ""  # a theme style for the button, e.g. "colour_R" for a red colour choice


@dataclass(frozen=True)
class ChoicePanel:
    """A row of choices the table shows in the middle, with a title (e.g. "Your bid")."""

    title: str
    choices: tuple[Choice, ...]
    note: str = ""  # e.g. why a choice is disabled


@dataclass(frozen=True)
class ScoreSheet:
    """A table of text: the heading row and one row per round (and a totals row)."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass
class TableLayout:
    """Everything the table draws for one view at one window size.

    `info` carries extras: "status" (status bar text), "deal_from" (the zone a new deal flies out of).
    """

    zones: list[Zone]
    card_size: tuple[int, int]
    info: dict[str, Any] = field(default_factory=dict)

    def zone(self, zone_id: str) -> Zone:
        for z in self.zones:
            if z.id == zone_id:
                return z
        raise KeyError(zone_id)


class GameLayout(Protocol):
    """What each game's layout module provides (see klondike/layout.py)."""

    def build(self, view: Mapping[str, Any], width: int, height: int) -> TableLayout:
        """Zones and card rectangles for `view` in a window of this size."""

    def drop_action(self, view: Mapping[str, Any], src: str, index: int, dst: str) -> Gesture:
        """The action(s) meant by dragging card `index` of zone `src` onto zone `dst` (legal or not)."""

    def click_action(self, view: Mapping[str, Any], legal: Sequence[Action], zone: str, index: int | None) -> Gesture:
        """The action(s) meant by clicking card `index` of `zone` (None: the empty zone)."""

    def can_pick(self, view: Mapping[str, Any], zone: str, index: int) -> bool:
        """Whether card `index` of `zone` may be picked up to drag."""

    def is_button(self, action: Action) -> bool:
        """Whether `action` is shown as a button rather than made with a card gesture."""

    def confirm_text(self, action: Action) -> str | None:
        """A question to ask before a button's action (e.g. giving up), or None."""

    def choice_panel(self, view: Mapping[str, Any], legal: Sequence[Action]) -> ChoicePanel | None:
        """Choices to show as a panel of buttons now (bids...), or None."""

    def score_sheet(self, view: Mapping[str, Any]) -> ScoreSheet | None:
        """The score sheet (every round per player), or None for games without one."""

    def status(self, view: Mapping[str, Any]) -> str:
        """The status bar text: the phase and what to do next."""
