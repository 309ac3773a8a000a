"""Klondike on the table: zones from a view, and which action a gesture means (pure)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core.engine import Action
from cardtable.core.layout import BaseLayout, Picked, Spot, TableContext, TableLayout, Target, Zone
from cardtable.core.words import N_, tr
from cardtable.games.klondike.rules import FOUNDATIONS, TABLEAU, AutoFinish, Draw, Move, Recycle, Resign

MAX_CARD_WIDTH = 150
CARD_RATIO = 1.4


def _pile(view: Mapping[str, Any], zone: str) -> list[Any]:
    if zone in ("stock", "waste"):
        return view[zone]
    if zone in TABLEAU:
        return view["tableau"][int(zone[1:])]
    if zone in FOUNDATIONS:
        return view["foundations"][int(zone[1:])]
    return []


class KlondikeLayout(BaseLayout):
    """Klondike's `cardtable.core.layout.GameLayout`: the stock, waste and foundations in a row, the tableau below."""

    def build(self, view: Mapping[str, Any], ctx: TableContext) -> TableLayout:
        width = ctx.width
        area_top, area_h = ctx.area[1], ctx.area[3]
        margin = max(8, width // 60)
        across = (width - 2 * margin) / (7 + 6 * 0.14)  # seven columns side by side
        cw = int(min(across, area_h / (CARD_RATIO * 3.7)))
        cw = ctx.cards(max(24, min(cw, MAX_CARD_WIDTH)), across)
        ch = int(cw * CARD_RATIO)
        gap = (width - 2 * margin - 7 * cw) / 6
        left = margin
        if gap > cw * 0.4:  # very wide window: keep the columns together in the middle
            gap = cw * 0.4
            left = int((width - 7 * cw - 6 * gap) / 2)

        def col(i: int) -> int:
            return int(left + i * (cw + gap))

        top = area_top + int(ch * 0.08)
        zones: list[Zone] = []

        stock = view["stock"]
        zones.append(Zone("stock", "stack", (col(0), top, cw, ch), self._stack(stock, col(0), top, cw, ch, False),
                          label="\u21bb" if view["passes_left"] != 0 else ""))

        waste = view["waste"]
        fan = 3 if view["draw"] == 3 else 1
        shown = min(fan, len(waste))
        step = int(cw * 0.24)
        spots = []
        for i, card in enumerate(waste):
            k = i - (len(waste) - shown)
            x = col(1) + (step * k if k > 0 else 0)
            spots.append(Spot(card, True, (x, top, cw, ch), i))
        zones.append(Zone("waste", "spread", (col(1), top, cw, ch), spots))

        for i, f in enumerate(FOUNDATIONS):
            x = col(3 + i)
            zones.append(Zone(f, "stack", (x, top, cw, ch), self._stack(view["foundations"][i], x, top, cw, ch, True),
                              label="A"))

        row2 = top + ch + int(ch * 0.16)
        bottom = area_top + area_h - 6
        for i, t in enumerate(TABLEAU):
            x = col(i)
            pile = view["tableau"][i]
            zones.append(Zone(t, "fan", (x, row2, cw, ch), self._fan(pile, x, row2, cw, ch, bottom), label="K"))

        return TableLayout(zones, (cw, ch), status=self.status(view), deal_from="stock", celebration="cascade")

    @staticmethod
    def _stack(cards: Sequence[Any], x: int, y: int, cw: int, ch: int, face_up: bool) -> list[Spot]:
        # A slight offset every few cards gives a squared pile some depth.
        return [Spot(c, face_up, (x + min(i // 8, 3), y + min(i // 8, 3), cw, ch), i) for i, c in enumerate(cards)]

    @staticmethod
    def _fan(pile: Sequence[Any], x: int, y: int, cw: int, ch: int, bottom: int) -> list[Spot]:
        down = sum(1 for c in pile if c is None)
        up = len(pile) - down
        down_step, up_step = ch * 0.11, ch * 0.27
        room = bottom - y - ch
        need = down * down_step + max(0, up - 1) * up_step
        if need > room and need > 0:
            scale = max(room, 0) / need
            down_step *= scale
            up_step *= scale
        spots = []
        offset = 0.0
        for i, card in enumerate(pile):
            spots.append(Spot(card, card is not None, (x, int(y + offset), cw, ch), i))
            offset += down_step if card is None else up_step
        return spots

    def drop_action(self, view: Mapping[str, Any], picked: Sequence[Picked], target: Target) -> Action | None:
        src, index, dst = picked[0].zone, picked[0].index, target.zone
        if dst == src or dst not in TABLEAU + FOUNDATIONS:
            return None
        pile = _pile(view, src)
        if not 0 <= index < len(pile):
            return None
        count = len(pile) - index if src in TABLEAU else 1
        if src not in TABLEAU and index != len(pile) - 1:
            return None
        return Move(src, dst, count)

    def click_action(self, view: Mapping[str, Any], legal: Sequence[Action], target: Target) -> Action | None:
        zone, index = target.zone, target.index
        if zone == "stock":
            return Draw() if view["stock"] else Recycle()
        if index is None:
            return None
        pile = _pile(view, zone)
        count = len(pile) - index
        moves = [a for a in legal if isinstance(a, Move) and a.src == zone and a.count == count]

        def preference(m: Move) -> int:
            if m.dst in FOUNDATIONS:
                return 0
            return 1 if _pile(view, m.dst) else 2

        moves.sort(key=preference)
        return moves[0] if moves else None

    def can_pick(self, view: Mapping[str, Any], zone: str, index: int) -> bool:
        pile = _pile(view, zone)
        if not 0 <= index < len(pile) or pile[index] is None:
            return False
        if zone in TABLEAU:
            return True
        return zone in ("waste",) + FOUNDATIONS and index == len(pile) - 1

    def is_button(self, action: Action) -> bool:
        return isinstance(action, (AutoFinish, Resign))

    def confirm_text(self, action: Action) -> str | None:
        """A question to ask before a button's action, or None to play it at once."""
        return tr(N_("Give up this deal? It counts as a loss.")) if isinstance(action, Resign) else None

    def status(self, view: Mapping[str, Any]) -> str:
        if view["won"]:
            return tr(N_("Won! Every card is home."))
        if view["over"]:
            return tr(N_("Game over. Start a new deal."))
        parts = [tr(N_("Draw {count}")).format(count=view["draw"]), tr(N_("Score {score}")).format(score=view["score"]),
                 tr(N_("Moves {moves}")).format(moves=view["moves"])]
        if view["passes_left"] is not None:
            parts.append(tr(N_("Redeals left {count}")).format(count=view["passes_left"]))
        if not view["stock"] and view["waste"]:
            hint = N_("Stock empty: click it to turn the waste over") if view["passes_left"] != 0 else \
                N_("No redeals left")
        else:
            hint = N_("Build the foundations up by suit from Ace to King")
        return tr(N_("{parts} \u2014 {hint}")).format(parts=tr(N_(" \u00b7 ")).join(parts), hint=tr(hint))


LAYOUT = KlondikeLayout()
