"""Crazy on the table: seats around the edge, the draw and discard piles in the middle, the colour unmistakable.

Pure: turns `view(seat)` and the table's context (free area, names) into zones, and gestures into actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core.cards import Card
from cardtable.core.engine import Action
from cardtable.core.layout import (
    BaseLayout,
    Choice,
    ChoicePanel,
    FaceSpec,
    Gesture,
    Picked,
    Spot,
    TableContext,
    TableLayout,
    Target,
    Zone,
)
from cardtable.core.seating import hand_row, panel_size, seat_ring, small_fan
from cardtable.core.words import N_, Names, tr
from cardtable.games.crazy.narration import NARRATION, colour_name, direction_name
from cardtable.games.crazy.rules import COLOURS, DRAW, DRAW_FOUR, DRAW_TWO, REVERSE, SKIP, Play

#: The colours of the four suits, for the tinted "current colour" panel (a shade darker than the cards).
TINTS = {"R": (200, 40, 45), "Y": (225, 180, 20), "G": (40, 150, 70), "B": (30, 100, 200)}
#: The cards' colours: saturated, and dark enough for white symbols.
CARD_COLOURS = {"R": (216, 36, 48), "Y": (246, 190, 18), "G": (38, 160, 74), "B": (24, 104, 204)}
WILD_FIELD = (26, 26, 30)
OVAL_WHITE = (253, 252, 247)
#: The wild oval's quadrants, clockwise from the bottom right: green, yellow, red, blue.
WILD_OVAL = tuple(CARD_COLOURS[c] for c in "GYRB")
SYMBOLS = {SKIP: "skip", REVERSE: "reverse", DRAW_TWO: "+2", DRAW_FOUR: "+4"}


def crazy_face(card: Card) -> FaceSpec:
    """A Crazy card: its colour's field with a tilted white oval and the label; wild cards black with the
    four-colour oval."""
    if card.suit not in CARD_COLOURS:  # a wild card
        if card.rank == DRAW_FOUR:
            return FaceSpec(WILD_FIELD, "+4", corner="+4", oval=WILD_OVAL)
        return FaceSpec(WILD_FIELD, corner="wild", oval=WILD_OVAL)
    colour = CARD_COLOURS[card.suit]
    symbol = SYMBOLS.get(card.rank, str(card.rank))
    return FaceSpec(colour, symbol, centre_fill=colour, corner=symbol, oval=(OVAL_WHITE,))
ARROW_SIGNS = {1: "\u21bb", -1: "\u21ba"}


def arrow(direction: int) -> str:
    """The direction of play with its arrow: "↻ clockwise"."""
    return f"{ARROW_SIGNS[direction]} {direction_name(direction)}"


class CrazyLayout(BaseLayout):
    """Crazy's `cardtable.core.layout.GameLayout`."""

    def build(self, view: Mapping[str, Any], ctx: TableContext) -> TableLayout:
        n = view["players"]
        me = ctx.bottom_seat
        width = ctx.width
        top, bottom = ctx.area[1], ctx.area[1] + ctx.area[3]
        cw = ctx.cards(max(40, min(width / 12, ctx.area[3] / 5.4, 112 * ctx.scale)),
                       min(width / 10, ctx.area[3] / 4.6))
        ch = int(cw * 1.4)
        hand_y = bottom - ch - 10
        panel_w, panel_h = panel_size(ctx.scale)
        panel_y = bottom - panel_h - 10
        ring = seat_ring(n, me, width, top + 4, hand_y - 10, (int(cw * 0.5), int(cw * 0.7)), ctx.scale)
        small = ring.small_card
        zones: list[Zone] = []

        hand = view["hands"][me]
        rects = hand_row(len(hand), width, hand_y, (cw, ch), 16 + panel_w + 10)
        playable: frozenset[int] = frozenset()
        legal = view.get("legal")
        if legal and view["turn"] == view["seat"]:
            ok = set(legal["cards"])
            playable = frozenset(i for i, c in enumerate(hand) if c in ok)
        zones.append(Zone(f"hand{me}", "hand", rects[0] if rects else (width // 2, hand_y, cw, ch),
                          [Spot(c, c is not None, r, i) for i, (c, r) in enumerate(zip(hand, rects, strict=True))],
                          playable=playable))

        for s in range(n):
            place = ring.places[s]
            panel = (16, panel_y, panel_w, panel_h) if s == me else place.panel
            if s != me:
                fan = small_fan(len(view["hands"][s]), place, small)
                zones.append(Zone(f"hand{s}", "hand", fan[0] if fan else (*place.hand_at, *small),
                                  [Spot(None, False, r, i) for i, r in enumerate(fan)]))
            zones.append(self._seat_panel(view, s, panel, ctx.name(s)))

        # The middle: draw pile, discard pile, and the current colour and direction beside them.
        mx, my, mw, mh = ring.middle
        pw = max(36, min(cw, int(mh / 1.4) - 8))
        pile = (pw, int(pw * 1.4))
        cy = my + mh // 2 - pile[1] // 2
        draw_x = mx + mw // 2 - pile[0] - 18
        discard_x = mx + mw // 2 + 18
        info_x = discard_x + pile[0] + pile[0] // 2 + 16
        info_w = min(int(190 * ctx.scale), max(120, mx + mw - info_x))
        # A narrow middle: slide the piles and the panel left so the panel stays clear of the seats on the right.
        shift = max(0, min(info_x + info_w - (mx + mw), draw_x - mx))
        draw_x, discard_x, info_x = draw_x - shift, discard_x - shift, info_x - shift
        draw = [Spot(None, False, (draw_x + min(i // 10, 4), cy - min(i // 10, 4), *pile), i)
                for i in range(view["draw_pile"])]
        can_draw = bool(legal and legal["draw"] and view["turn"] == view["seat"])
        zones.append(Zone("draw", "stack", (draw_x, cy, *pile), draw, label=tr(N_("Draw")),
                          playable=frozenset({len(draw) - 1}) if can_draw and draw else frozenset()))
        discard = view["discard"]
        shown = 4
        spots = []
        for i, card in enumerate(discard):
            k = max(0, i - (len(discard) - shown))
            spots.append(Spot(card, True, (discard_x + k * pile[0] // 6, cy + (k % 2) * 3, *pile), i))
        zones.append(Zone("discard", "pile", (discard_x, cy, *pile), spots))
        colour = view["colour"]
        info_h = int(80 * ctx.scale)
        zones.append(Zone("colour", "seat", (info_x, cy + pile[1] // 2 - info_h // 2, info_w, info_h), lines=(
            tr(N_("Colour: {colour}")).format(colour=colour_name(colour)),
            arrow(view["direction"]),
            tr(N_("Draw pile {count}")).format(count=view["draw_pile"]),
        ), tint=TINTS[colour]))
        # The last moves in the bottom right corner, as wide as a panel: the hand's row always ends short of it.
        log = (width - 16 - panel_w, hand_y, panel_w, bottom - 10 - hand_y)
        status = self.status(view, Names.of(ctx.names))
        return TableLayout(zones, (cw, ch), status=status, choice_centre=(mx + mw // 2, my + mh // 2),
                           message_at=(width // 2, hand_y - 14), move_log=log)

    @staticmethod
    def _seat_panel(view: Mapping[str, Any], seat: int, rect: tuple[int, int, int, int], name: str) -> Zone:
        count = view["counts"][seat]
        cards = tr(N_("1 card left!")) if count == 1 else tr(N_("{count} cards")).format(count=count)
        lines = [name, cards]
        if view["score_by_points"]:
            lines.append(tr(N_("score {points}")).format(points=view["scores"][seat]))
        elif view["turn"] is None and seat in view["winners"]:
            lines.append(tr(N_("winner")))
        marks = {"current"} if view["turn"] == seat else set()
        return Zone(f"seat{seat}", "seat", rect, lines=tuple(lines), marks=frozenset(marks), seat=seat)

    # ----- gestures ---------------------------------------------------------------------------------
    def drop_action(self, view: Mapping[str, Any], picked: Sequence[Picked], target: Target) -> Gesture:
        me = view["seat"]
        src, index = picked[0].zone, picked[0].index
        if me is None or src != f"hand{me}" or target.zone != "discard":
            return None
        hand = view["hands"][me]
        if not 0 <= index < len(hand) or hand[index] is None:
            return None
        card = hand[index]
        # A wild card may carry a colour: every variant is offered, the table keeps the legal ones.
        return [Play(card)] + [Play(card, c) for c in COLOURS]

    def click_action(self, view: Mapping[str, Any], legal: Sequence[Action], target: Target) -> Gesture:
        if target.zone == "draw":
            return DRAW
        if target.index is None:
            return None
        return self.drop_action(view, [Picked(target.zone, target.index)], Target("discard"))

    def can_pick(self, view: Mapping[str, Any], zone: str, index: int) -> bool:
        me = view["seat"]
        return me is not None and zone == f"hand{me}" and view["turn"] == me

    def face(self, card: Card) -> FaceSpec:
        return crazy_face(card)

    def chooser(self, actions: Sequence[Action]) -> ChoicePanel | None:
        """The colour chooser shown when a wild card is dropped."""
        plays = [(a, a.colour) for a in actions if isinstance(a, Play) and a.colour is not None]
        if not plays:
            return None
        return ChoicePanel(tr(N_("Choose a colour")), tuple(
            Choice(colour_name(colour).capitalize(), a, style=f"colour_{colour}") for a, colour in plays))

    @staticmethod
    def status(view: Mapping[str, Any], names: Names) -> str:
        """The status line: the colour, then the narration's status for the seat whose view it is."""
        return tr(N_("Colour {colour} \u00b7 {status}")).format(colour=colour_name(view["colour"]),
                                                               status=NARRATION.status(view, names))


LAYOUT = CrazyLayout()
