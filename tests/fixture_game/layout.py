"""Pairs and Board on the table: the generic pieces it needs, declared as data.

The person's hand selects pairs (`select=2`, a "Play pair" button, or a drop on their own pile) and may wrap to two
rows; table cards are targets one by one (capture that card); the board's six cells are targets with the seats'
tokens on them; the seat panels carry named marks and a counter of tokens; the call shows card faces (and the odd
numbers as a first step, their faces in a chooser next); the "Play pair" button is the table's to disable; cards
are colourless numbers (`FaceSpec`); the called number's cell carries a dot of the game's own colour.  A capture's
two beats are the engine's snapshots, and the turn timer is the rules' (`time_limit`).
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
    Marker,
    Picked,
    Spot,
    TableContext,
    TableLayout,
    Target,
    Zone,
)
from cardtable.core.seating import hand_rows, panel_size
from tests.fixture_game.rules import NUMBERS, SUIT, Call, Capture, Mark, Pair, Pass

PAPER = (250, 248, 240)
INK = (40, 40, 48)
CALLED = (250, 120, 200)


class PairsLayout(BaseLayout):
    def build(self, view: Mapping[str, Any], ctx: TableContext) -> TableLayout:
        me = ctx.bottom_seat
        other = 1 - me
        x0, top, width, height = ctx.area
        bottom = top + height
        cw = int(max(36, min(width / 14, height / 5.5, 96 * ctx.scale)))
        panel_w, panel_h = panel_size(ctx.scale)
        card = (cw, int(cw * 1.4))
        zones: list[Zone] = []
        hand = view["hands"][me]
        rects = hand_rows(len(hand), ctx.width, bottom - card[1] - 8, card, 16 + panel_w + 10, min_show=0.55)
        mine = view["seat"] == me and view["turn"] == me and view["called"] is not None
        zones.append(Zone(f"hand{me}", "hand", rects[0] if rects else (ctx.width // 2, bottom - card[1], *card),
                          [Spot(c, c is not None, r, i) for i, (c, r) in enumerate(zip(hand, rects, strict=True))],
                          select=2 if mine else 0))
        small = (cw // 2, int(cw * 0.7))
        theirs = view["hands"][other]
        zones.append(Zone(f"hand{other}", "hand", (ctx.width // 2, top + 8, *small),
                          [Spot(None, False, (ctx.width // 2 - 60 + 10 * i, top + 8, *small), i)
                           for i in range(len(theirs))]))
        # The table's cards in a row across the middle, the board's cells under them.
        mid_y = top + height // 2 - card[1]
        table = view["table"]
        tx = ctx.width // 2 - (len(table) * (cw + 10)) // 2
        zones.append(Zone("table", "spread", (tx, mid_y, *card),
                          [Spot(c, True, (tx + i * (cw + 10), mid_y, *card), i) for i, c in enumerate(table)]))
        cell = int(cw * 0.8)
        bx = ctx.width // 2 - (len(NUMBERS) * (cell + 8)) // 2
        by = mid_y + card[1] + 16
        for n in NUMBERS:
            rect = (bx + (n - 1) * (cell + 8), by, cell, cell)
            owner = view["board"][n - 1]
            markers = (Marker((rect[0] + cell // 4, rect[1] + cell // 4, cell // 2, cell // 2), owner),) \
                if owner is not None else ()
            if n == view["called"]:  # the called number: a dot in a colour of the game's own, not a seat's
                markers += (Marker((rect[0] + 3, rect[1] + 3, cell // 4, cell // 4), colour=CALLED),)
            zones.append(Zone(f"cell{n}", "cell", rect, label=str(n), markers=markers))
        for s in (0, 1):
            pile = view["piles"][s]
            px = ctx.width - 16 - small[0] - 20
            py = bottom - small[1] - 8 if s == me else top + 8
            zones.append(Zone(f"pile{s}", "pile", (px, py, *small),
                              [Spot(c, False, (px, py - min(i, 8), *small), i) for i, c in enumerate(pile)]))
            panel = (16, bottom - panel_h - 8) if s == me else (16, top + 8)
            tokens = view["board"].count(s)
            marks = {"current"} if view["turn"] == s else set()
            if s == 0:
                marks.add("dealer")
            if view["turn"] is None and not view["hands"][s]:
                marks.add("out")
            counter = Marker((panel[0] + panel_w - 34, panel[1] + panel_h - 30, 26, 22), s, str(tokens), "counter")
            zones.append(Zone(f"seat{s}", "seat", (*panel, panel_w, panel_h), seat=s, marks=frozenset(marks),
                              lines=(ctx.name(s), f"score {view['scores'][s]:g}"), markers=(counter,)))
        status = "Call a number" if view["called"] is None else f"Called {view['called']}"
        return TableLayout(zones, card, status=status, message_at=(ctx.width // 2, mid_y - 12))

    # ----- gestures ----------------------------------------------------------------------------------
    def _cards(self, view: Mapping[str, Any], picked: Sequence[Picked]) -> list[Card]:
        me = view["seat"]
        hand = view["hands"][me] if me is not None else []
        mine = sorted(p.index for p in picked if p.zone == f"hand{me}" and 0 <= p.index < len(hand))
        return [hand[i] for i in mine]

    def drop_action(self, view: Mapping[str, Any], picked: Sequence[Picked], target: Target) -> Gesture:
        cards = self._cards(view, picked)
        if len(cards) == 2 and target.zone == f"pile{view['seat']}":  # a selected pair dropped on one's own pile
            return Pair(*cards)
        if len(cards) != 1:
            return None
        card = cards[0]
        if target.zone == "table" and target.index is not None and target.index < len(view["table"]):
            return Capture(card, view["table"][target.index])
        if target.zone.startswith("cell"):
            return Mark(card, int(target.zone[4:]))
        return None

    def drop_refusal(self, view: Mapping[str, Any], picked: Sequence[Picked], target: Target) -> str | None:
        if target.zone.startswith("pile") and self._cards(view, picked):
            return "Won cards go to the piles by themselves."
        return None

    def can_pick(self, view: Mapping[str, Any], zone: str, index: int) -> bool:
        return view["seat"] is not None and zone == f"hand{view['seat']}" and view["called"] is not None

    def selection_actions(self, view: Mapping[str, Any], picked: Sequence[Picked],
                          legal: Sequence[Action]) -> Sequence[Choice]:
        cards = self._cards(view, picked)
        if len(cards) == 2:  # the table disables it, with the engine's reason, when it is not a pair
            return (Choice("Play pair", Pair(*cards)),)
        return (Choice("Play pair", None, "Select two cards of the same number"),)

    def is_button(self, action: Action) -> bool:
        return isinstance(action, Pass)

    def choice_panel(self, view: Mapping[str, Any], legal: Sequence[Action], ctx: TableContext) -> ChoicePanel | None:
        calls = [a for a in legal if isinstance(a, Call)]
        if not calls:
            return None
        odd = tuple(Call(n) for n in NUMBERS if n % 2)  # a first step: its calls are offered next
        return ChoicePanel("Call a number", (*(Choice(str(a.number), a, card=Card(a.number, SUIT)) for a in calls),
                                             Choice("Odd", None, group=odd)), "Its cards count double")

    def chooser(self, actions: Sequence[Action]) -> ChoicePanel | None:
        if not all(isinstance(a, Call) for a in actions):
            return None
        return ChoicePanel("Call an odd number",
                           tuple(Choice(str(a.number), a, card=Card(a.number, SUIT)) for a in actions
                                 if isinstance(a, Call)))

    def face(self, card: Card) -> FaceSpec:
        return FaceSpec(PAPER, str(card.rank), centre_fill=INK, corner=str(card.rank), ink=INK)


LAYOUT = PairsLayout()
