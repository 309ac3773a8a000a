"""The layout contract: what a game's `layout.py` gives the generic table, as plain data (no pygame).

A layout turns a view (`State.view(seat)`) and a `TableContext` (the free area of the window, the players' names,
who is looking) into a `TableLayout`: zones of cards with rectangles, seat panels, and the text of the status bar.
It also says what a gesture means: which action dropping a card on a target, or clicking one, stands for.
Rectangles are (x, y, w, h) tuples in window pixels.  `BaseLayout` gives every optional hook its default.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from cardtable.core.cards import Card
from cardtable.core.engine import Action, Event
from cardtable.core.wording import seat_name

Rect = tuple[int, int, int, int]
Colour = tuple[int, int, int]
View = Mapping[str, Any]
#: What a gesture means: one action, several (the table lets the player choose among the legal ones), or nothing.
Gesture = Action | Sequence[Action] | None

#: Seat panel marks the table knows how to draw, by what they show.
MARKS = frozenset({"current", "dealer", "crown", "out"})


def candidates(gesture: Gesture) -> list[Action]:
    """The actions a gesture may mean, as a list."""
    if gesture is None:
        return []
    if isinstance(gesture, Action):
        return [gesture]
    return list(gesture)


@dataclass(frozen=True)
class TableContext:
    """What the table tells a layout besides the view.

    area: the free part of the window, below the toolbar and above the status bar.  names: each seat's name.
    viewer: the seat at the screen (None: nobody, as behind the pass-and-play curtain).  scale: how much panels
    and text grow in a big window (1.0 up to 1280x800).  card_scale: the person's card size (0.85 small, 1.0
    normal, 1.2 large); `cards` applies it.
    """

    width: int
    height: int
    area: Rect
    names: tuple[str, ...] = ()
    viewer: int | None = None
    scale: float = 1.0
    card_scale: float = 1.0

    def cards(self, width: float, fits: float | None = None) -> int:
        """The width of the cards a layout made `width` wide for the normal card size, at the person's card size;
        never wider than `fits` (the widest that still fits its window)."""
        scaled = width * self.card_scale
        return int(scaled if fits is None else min(scaled, max(width, fits)))

    def name(self, seat: int) -> str:
        """The name of `seat` ("Seat N" when the table gave none)."""
        return self.names[seat] if 0 <= seat < len(self.names) else seat_name(seat)

    @property
    def bottom_seat(self) -> int:
        """The seat drawn at the bottom of a round table: the viewer, or the first seat for the public view."""
        return self.viewer if self.viewer is not None else 0


@dataclass(frozen=True)
class Spot:
    """One card on the table: what it is (None when face down and unknown) and where."""

    card: Card | None
    face_up: bool
    rect: Rect
    index: int


@dataclass(frozen=True)
class Picked:
    """A card a person picked up or selected: card `index` of zone `zone`."""

    zone: str
    index: int


@dataclass(frozen=True)
class Target:
    """Where a gesture points: card `index` of zone `zone` (that card: capture it), or the zone itself (None: its
    place, a grid cell, a pile)."""

    zone: str
    index: int | None = None


@dataclass(frozen=True)
class Marker:
    """A token the table draws: a disc in a seat's colour on a board cell or a player's board, a chip, a counter.

    shape: "token" (a disc), "chip" (a disc with a white rim) or "counter" (a rounded box); `text` on it (a number);
    `seat` gives its colour (None: a neutral one); `colour`, when given, is the colour instead (a game's own
    player colours, or what the marker stands for: a suit, a declared colour).
    """

    rect: Rect
    seat: int | None = None
    text: str = ""
    shape: str = "token"
    colour: Colour | None = None


@dataclass
class Zone:
    """A place on the table.

    kind: "stack" (cards squared up), "fan" (spread down), "spread" (spread across), "pile", "hand", "trick",
    "cell" (a square of a board: its slot is always drawn, with its label), "seat".  `slot` is where an empty zone
    is drawn and where a card dropped on it lands; `label` is drawn on an empty slot.

    A "seat" zone is a panel: `lines` of text (name, bid, tricks...) drawn in `slot`, for `seat`; its `marks`
    (see `MARKS`) frame it gold ("current"), put a crown over it ("crown": the trick's leader), a dealer button
    on it ("dealer") or grey it out ("out").  A zone's `playable` lists the indices of its cards to outline blue
    (legal to play).  `tint` is a panel's background colour.  `drop` is the area that takes a dropped card (and
    lights up while a legal one is dragged); by default a fan's whole extent, else its top card or its slot.
    `select`: how many of its cards a person may select with clicks (0: a click acts at once; 2: a pair...); what
    the selection may do is `GameLayout.selection_actions`.  `markers`: tokens, chips and counters drawn on it.
    """

    id: str
    kind: str
    slot: Rect
    spots: list[Spot] = field(default_factory=list)
    label: str = ""
    lines: tuple[str, ...] = ()
    marks: frozenset[str] = frozenset()
    playable: frozenset[int] = frozenset()
    tint: tuple[int, int, int] | None = None
    seat: int | None = None
    drop: Rect | None = None
    select: int = 0
    markers: tuple[Marker, ...] = ()

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
    """A button of a choice panel (a bid, a colour...); `action` None means shown but disabled, for `reason`.

    An action that is not legal now is shown disabled too, with the engine's reason.  A choice with a `group` (and
    no action) is a first step: pressing it offers the group's actions in the layout's `chooser` (a suit, then
    one of its cards), those not legal disabled with the engine's reason.
    """

    label: str
    action: Action | None
    reason: str = ""
    style: str = ""  # a theme style for the button, e.g. "colour_R" for a red colour choice
    card: Card | None = None  # a card face shown on the choice (calling a card)
    group: tuple[Action, ...] = ()


@dataclass(frozen=True)
class ChoicePanel:
    """A row of choices the table shows in the middle, with a title (e.g. "Your bid")."""

    title: str
    choices: tuple[Choice, ...]
    note: str = ""  # e.g. why a choice is disabled


@dataclass(frozen=True)
class Summary:
    """A pause between deals (`GameLayout.deal_summary`): a heading and lines (each seat's points), shown over the
    table until the person goes on; bots wait for it too."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class ScoreSheet:
    """A table of text: the heading row and one row per round (and a totals row)."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class TrickPlay:
    """One seat's part of a trick: its cards (None for a card that stayed face down) and a note ("as red",
    "folded")."""

    seat: int
    cards: tuple[Card | None, ...]
    note: str = ""


@dataclass(frozen=True)
class LastTrick:
    """The last completed trick as every seat saw it: the plays in order, and the seat that won it (None: nobody,
    such as a trick a round's end interrupted); `title` heads its panel."""

    plays: tuple[TrickPlay, ...]
    winner: int | None
    title: str = "Last trick"

    #: What the table says when asked for the last trick before one is complete.
    NONE_YET: ClassVar[str] = "No trick has been completed yet."


WHITE: Colour = (255, 255, 255)


@dataclass(frozen=True)
class FaceSpec:
    """How to draw a card that is not a French card, as data (a layout's `face(card)`); the table draws it.

    field: the face's colour inside its white margin.  centre: the symbol in the middle, filled with `centre_fill`
    and outlined in `ink`.  corner: the symbol in the top-left and bottom-right corners, white.  oval: the colours
    of a tilted oval behind the centre: none, one (a plain oval) or four (quadrants, clockwise from the bottom
    right, in a white rim).  A symbol is digits or short text ("7", "+2") or a name from the table's symbol
    library: "skip", "reverse", "cat", and "wild" (the four-colour oval, for a corner).
    """

    field: Colour
    centre: str = ""
    centre_fill: Colour = WHITE
    corner: str = ""
    oval: tuple[Colour, ...] = ()
    ink: Colour = (22, 22, 26)


@dataclass
class TableLayout:
    """Everything the table draws for one view at one window size.

    status: the status bar's text.  deal_from: the zone a new deal flies out of.  choice_centre: where a choice
    panel is centred (default: the middle of the window).  message_at: the bottom centre of announcements.
    celebration: how the person's win is celebrated before the result shows ("cascade": the cards bounce off
    the table; None: straight to the result).  last_trick_at: the zones (won piles, panels counting tricks) a
    press on which shows the last trick (`GameLayout.last_trick`).  move_log: where the table lists the last moves
    it announced (None: no log), clear of the cards.
    """

    zones: list[Zone]
    card_size: tuple[int, int]
    status: str = ""
    deal_from: str | None = None
    choice_centre: tuple[int, int] | None = None
    message_at: tuple[int, int] | None = None
    celebration: str | None = None
    last_trick_at: tuple[str, ...] = ()
    move_log: Rect | None = None
    #: The view the layout was built from (the table sets it): what the score sheet shows while this layout does.
    view: View | None = None

    def zone(self, zone_id: str) -> Zone:
        for z in self.zones:
            if z.id == zone_id:
                return z
        raise KeyError(zone_id)


class GameLayout(Protocol):
    """What each game's layout provides; `BaseLayout` implements every hook but `build` with its default."""

    def build(self, view: View, ctx: TableContext) -> TableLayout:
        """Zones and card rectangles for `view` in the context's free area."""

    def drop_action(self, view: View, picked: Sequence[Picked], target: Target) -> Gesture:
        """The action(s) meant by putting the `picked` cards (dragged, or selected and a target clicked) on
        `target` (legal or not)."""

    def click_action(self, view: View, legal: Sequence[Action], target: Target) -> Gesture:
        """The action(s) meant by clicking `target` (a card, or the zone itself) with nothing selected."""

    def drop_refusal(self, view: View, picked: Sequence[Picked], target: Target) -> str | None:
        """Why the `picked` cards cannot go on `target` when putting them there means no move at all (a card on
        another number's row), for the person; None to let them go back without a word."""

    def can_pick(self, view: View, zone: str, index: int) -> bool:
        """Whether card `index` of `zone` may be picked up to drag (or selected, in a zone that selects)."""

    def selection_actions(self, view: View, picked: Sequence[Picked], legal: Sequence[Action]) -> Sequence[Choice]:
        """The buttons the current selection makes usable (Play, Fold...): a choice without an action is shown
        disabled, with its reason."""

    def is_button(self, action: Action) -> bool:
        """Whether `action` is shown as a button rather than made with a card gesture."""

    def button_actions(self, view: View, legal: Sequence[Action]) -> Sequence[Action]:
        """The legal actions shown as buttons (by default those `is_button` picks out; a game whose legal moves
        are too many to look through, such as every way to bury eight cards of 28, lists them itself)."""

    def confirm_text(self, action: Action) -> str | None:
        """A question to ask before a button's action (e.g. giving up), or None."""

    def choice_panel(self, view: View, legal: Sequence[Action], ctx: TableContext) -> ChoicePanel | None:
        """Choices to show as a panel of buttons now (bids...), or None."""

    def chooser(self, actions: Sequence[Action]) -> ChoicePanel | None:
        """The panel offered when one gesture means several legal actions (a wild card's colour), or None for
        the table's plain "Which one?" list."""

    def score_sheet(self, view: View, ctx: TableContext) -> ScoreSheet | None:
        """The score sheet (every round per player), or None for games without one."""

    def deal_summary(self, before: View, events: Sequence[Event], ctx: TableContext) -> tuple[int, Summary] | None:
        """A summary to show when a move ends a deal and another follows: (the index in `events` of the event it
        follows, the summary); None for no pause (the default, and at the game's end: the result says it)."""

    def face(self, card: Card) -> FaceSpec | None:
        """How to draw `card` when it is not a French card (None: the standard face)."""

    def last_trick(self, view: View) -> LastTrick | None:
        """The last completed trick, shown on demand (the L key, a press on a zone of `TableLayout.last_trick_at`);
        None before one is complete, or in a game without tricks."""

    def brisk(self, view: View) -> bool:
        """Whether the decision `view` (the public view) shows is taken at the deal's pace: a bot acts without its
        beat as soon as every card in flight has left (a deal that stops wherever a seat may declare)."""

    def answer_for(self, view: View, legal: Sequence[Action], present: bool) -> Action | None:
        """A move the table makes for a person at once, without asking them (None: ask, with no clock but the
        rules' time limit).  `view` is theirs; `present`: they have the screen to themselves (the one person at the
        table; in pass-and-play each waits behind the curtain).  For example a pass at a stop in the deal that
        brings the person nothing new to declare."""

    def early_actions(self, view: View) -> Sequence[Action]:
        """Moves the person at the screen may choose before their turn comes (a declaration they
        hold while the deal goes to the others); the table makes the one chosen at their next decision if it is
        still legal then, and says why not otherwise."""

    def key_moment(self, event: Event) -> bool:
        """Whether `event` is a key moment of the game (a secret partner revealed): its announcement
        stays its whole time and is never dropped, and it leaves the seat's note of what it did as it was."""


class BaseLayout:
    """Every optional hook of `GameLayout` with its default; a game overrides what it needs (and `build`)."""

    def build(self, view: View, ctx: TableContext) -> TableLayout:
        raise NotImplementedError

    def drop_action(self, view: View, picked: Sequence[Picked], target: Target) -> Gesture:
        return None

    def click_action(self, view: View, legal: Sequence[Action], target: Target) -> Gesture:
        return None

    def drop_refusal(self, view: View, picked: Sequence[Picked], target: Target) -> str | None:
        return None

    def can_pick(self, view: View, zone: str, index: int) -> bool:
        return False

    def selection_actions(self, view: View, picked: Sequence[Picked], legal: Sequence[Action]) -> Sequence[Choice]:
        return ()

    def is_button(self, action: Action) -> bool:
        return False

    def button_actions(self, view: View, legal: Sequence[Action]) -> Sequence[Action]:
        return [a for a in legal if self.is_button(a)]

    def confirm_text(self, action: Action) -> str | None:
        return None

    def choice_panel(self, view: View, legal: Sequence[Action], ctx: TableContext) -> ChoicePanel | None:
        return None

    def chooser(self, actions: Sequence[Action]) -> ChoicePanel | None:
        return None

    def score_sheet(self, view: View, ctx: TableContext) -> ScoreSheet | None:
        return None

    def deal_summary(self, before: View, events: Sequence[Event], ctx: TableContext) -> tuple[int, Summary] | None:
        return None

    def face(self, card: Card) -> FaceSpec | None:
        return None

    def last_trick(self, view: View) -> LastTrick | None:
        return None

    def brisk(self, view: View) -> bool:
        return False

    def answer_for(self, view: View, legal: Sequence[Action], present: bool) -> Action | None:
        return None

    def key_moment(self, event: Event) -> bool:
        return False

    def early_actions(self, view: View) -> Sequence[Action]:
        return ()
