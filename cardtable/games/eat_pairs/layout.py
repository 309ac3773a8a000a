"""Eat Pairs on the table: one column per seat, in seat order, under the waste and the stock.

Along the top: the move log on the left, the waste in the centre (its last cards spread, the card just landed on
the right) and the stock on the right with a counter of its cards.  Below, a column per seat: its panel (name,
cards in hand and pairs, wins in a session; the dealer's button, a crown over the lead player, a gold frame for
the seat to act), its pile of pairs (the last pair on top, both cards showing) and its hand as a tableau pile
(face up for the seat at the screen, face down with its count for the others).

Gestures: the dealer's opening card is dragged onto the waste, or selected with a click (a green border) and
played with the Play button or a click on the lit waste; the lead player's draw is a click on the stock; a claim
("claim matches by hand") is a click on the matching card (or a drag onto the waste) before the timer runs out,
whose default is the miss (the rules' time limit).  The table holds the engine's snapshot of every card that
lands on the waste, every pair laid and the end of a deal for its beat; the status line then tells the beat (the
view's `beat`, in the narration's words).  The table's move log lies on the left of the top band.  Pure: no
pygame.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core.engine import Action
from cardtable.core.layout import (
    BaseLayout,
    Choice,
    Gesture,
    Marker,
    Picked,
    Rect,
    ScoreSheet,
    Spot,
    TableContext,
    TableLayout,
    Target,
    Zone,
)
from cardtable.core.seating import panel_size
from cardtable.core.words import N_, Names, tr
from cardtable.games.eat_pairs.narration import NARRATION
from cardtable.games.eat_pairs.rules import CLAIM, DRAW, PLAY

MARGIN = 10
MAX_CARD_W = 118  # at scale 1
OWN_STEP, OTHER_STEP = 0.26, 0.12  # a hand's fan step, in card heights: face up (the index shows), face down
HAND_ROOM = 6  # cards of a hand fanned at full step (a longer hand fans closer)
WASTE_SHOWN = 5  # the waste's last cards spread; the rest lie squared under them
STAR = "\u2605 "


class EatPairsLayout(BaseLayout):
    """Eat Pairs' `cardtable.core.layout.GameLayout`."""

    def build(self, view: Mapping[str, Any], ctx: TableContext) -> TableLayout:
        n = view["players"]
        scale = ctx.scale
        width = ctx.width
        top, height = ctx.area[1], ctx.area[3]
        bottom = top + height
        col_w = (width - 2 * MARGIN) / n
        lines = 3 if view["deals"] > 1 else 2
        panel_h = int((31 + 21 * lines) * scale)
        crown = int(24 * scale)
        log_h = int(100 * scale)
        message_h = int(36 * scale)  # under the waste: where the table's announcements show
        # Rows: the top band (the log; the waste and the stock over the announcements), the panels, the piles of
        # pairs, the hands (room for HAND_ROOM cards fanned; a longer hand fans closer).
        spare = height - panel_h - crown - 32
        rows = 3 + OWN_STEP * (HAND_ROOM - 1)  # in card heights: the waste, a pile of pairs, a hand
        ch = (spare - message_h) / rows
        if ch + message_h < log_h:  # a short window: the log sets the band's height
            ch = (spare - log_h) / (rows - 1)
        fits = min(ch / 1.4, (col_w - 8) / 1.45)
        cw = ctx.cards(max(30, min(fits, MAX_CARD_W * scale)), fits)
        ch = int(cw * 1.4)
        band_y = top + 6
        band_h = max(ch + message_h, log_h)
        panel_y = band_y + band_h + crown
        pairs_y = panel_y + panel_h + 6
        hand_y = pairs_y + ch + 10
        zones: list[Zone] = []

        # The top band: the waste in the centre, the stock on the right, the table's move log on the left.
        waste_zone = self._waste(view, width, band_y, cw, ch)
        stock_zone = self._stock(view, width, band_y, cw, ch, scale)
        log_rect = (MARGIN, band_y, max(60, waste_zone.slot[0] - 16 - MARGIN), band_h)
        zones += [waste_zone, stock_zone]

        me = view["seat"]
        legal = view.get("legal") if me is not None and view["turn"] == me else None
        for s in range(n):
            cx = int(MARGIN + col_w * (s + 0.5))
            pw = int(min(panel_size(scale)[0], col_w - 8))
            zones.append(self._panel(view, s, (cx - pw // 2, panel_y, pw, panel_h), ctx.name(s)))
            zones.append(self._pairs(view, s, cx, pairs_y, cw, ch))
            zones.append(self._hand(view, s, me, legal, cx, hand_y, bottom - 4, cw, ch))
        status = NARRATION.status(view, Names.of(ctx.name(s) for s in range(n)))
        return TableLayout(zones, (cw, ch), status=status, deal_from="stock",
                           message_at=(width // 2, band_y + band_h), move_log=log_rect)

    # ----- the zones ------------------------------------------------------------------------------------
    @staticmethod
    def _waste(view: Mapping[str, Any], width: int, y: int, cw: int, ch: int) -> Zone:
        waste = view["waste"]
        step = int(cw * 0.3)
        span = cw + step * (WASTE_SHOWN - 1)
        x0 = width // 2 - span // 2
        first = max(0, len(waste) - WASTE_SHOWN)
        spots = [Spot(c, True, (x0 + step * max(0, i - first), y, cw, ch), i) for i, c in enumerate(waste)]
        drop = (x0 - 6, y - 6, span + 12, ch + 12)
        return Zone("waste", "spread", (x0, y, cw, ch), spots, label=tr(N_("Waste")), drop=drop)

    @staticmethod
    def _stock(view: Mapping[str, Any], width: int, y: int, cw: int, ch: int, scale: float) -> Zone:
        count = view["stock"]
        x = width - MARGIN - 4 - cw
        spots = [Spot(None, False, (x - min(i // 8, 3), y + min(i // 8, 3), cw, ch), i) for i in range(count)]
        draw = bool(view.get("legal") and view["legal"]["draw"] and view["turn"] == view["seat"])
        d = int(min(cw * 0.6, 40 * scale))
        counter = Marker((x + (cw - d) // 2, y + ch - int(d * 0.75) - 6, d, int(d * 0.75)), None, str(count),
                         "counter", (235, 228, 205))
        return Zone("stock", "stack", (x, y, cw, ch), spots, label=tr(N_("Empty")),
                    playable=frozenset({count - 1}) if draw and count else frozenset(), markers=(counter,))

    @staticmethod
    def _panel(view: Mapping[str, Any], seat: int, rect: Rect, name: str) -> Zone:
        count, pairs = view["counts"][seat], len(view["pairs"][seat]) // 2
        if view["phase"] == "over" and view["deals"] > 1:  # a session's end: its winners, by wins
            won = view["wins"][seat] == max(view["wins"])
        else:  # a deal's winners (also while the end of a deal is held)
            won = seat in view["winners"]
        cards = tr(N_("1 card") if count == 1 else N_("{count} cards")).format(count=count)
        piled = tr(N_("1 pair") if pairs == 1 else N_("{count} pairs")).format(count=pairs)
        lines = [f"{STAR if won else ''}{name}", f"{cards} \u00b7 {piled}"]
        if view["deals"] > 1:
            wins = view["wins"][seat]
            lines.append(tr(N_("1 win") if wins == 1 else N_("{count} wins")).format(count=wins))
        marks = set()
        if view["turn"] == seat:
            marks.add("current")
        if view["dealer"] == seat:
            marks.add("dealer")
        if view["lead"] == seat and view["phase"] != "over":
            marks.add("crown")  # the lead player
        return Zone(f"seat{seat}", "seat", rect, lines=tuple(lines), marks=frozenset(marks), seat=seat)

    @staticmethod
    def _pairs(view: Mapping[str, Any], seat: int, cx: int, y: int, cw: int, ch: int) -> Zone:
        """The pile of pairs: squared, a little deeper every pair, the last pair on top with both cards showing."""
        pile = view["pairs"][seat]
        x0 = cx - int(cw * 1.3) // 2
        last = len(pile) - 2
        spots = []
        for i, card in enumerate(pile):
            depth = min(i // 2, 4)
            shift = int(cw * 0.3) if i % 2 and i >= last else 0
            spots.append(Spot(card, True, (x0 + depth + shift, y + depth, cw, ch), i))
        return Zone(f"pairs{seat}", "stack", (x0, y, cw, ch), spots, label=tr(N_("Pairs")))

    @staticmethod
    def _hand(view: Mapping[str, Any], seat: int, me: int | None, legal: Mapping[str, Any] | None, cx: int,
              y: int, bottom: int, cw: int, ch: int) -> Zone:
        """A hand as a tableau pile: face up for the seat at the screen, face down for the others."""
        hand = view["hands"][seat]
        face_up = seat == me
        step = ch * (OWN_STEP if face_up else OTHER_STEP)
        if len(hand) > 1:
            step = min(step, (bottom - y - ch) / (len(hand) - 1))
        x = cx - cw // 2
        spots = [Spot(c if face_up else None, face_up and c is not None, (x, int(y + i * step), cw, ch), i)
                 for i, c in enumerate(hand)]
        playable: frozenset[int] = frozenset()
        select = 0
        if face_up and legal is not None:
            if legal["open"]:
                playable, select = frozenset(range(len(hand))), 1
            elif legal["claim"] is not None:
                playable = frozenset(i for i, c in enumerate(hand) if c == legal["claim"])
        return Zone(f"hand{seat}", "hand", (x, y, cw, ch), spots, playable=playable, select=select)

    # ----- gestures -------------------------------------------------------------------------------------
    @staticmethod
    def _card(view: Mapping[str, Any], picked: Sequence[Picked]) -> Any:
        me = view["seat"]
        if me is None or len(picked) != 1 or picked[0].zone != f"hand{me}":
            return None
        hand = view["hands"][me]
        index = picked[0].index
        return hand[index] if 0 <= index < len(hand) else None

    def drop_action(self, view: Mapping[str, Any], picked: Sequence[Picked], target: Target) -> Gesture:
        card = self._card(view, picked)
        if card is None or target.zone != "waste":
            return None
        return CLAIM[card] if view["phase"] == "claim" else PLAY[card]

    def click_action(self, view: Mapping[str, Any], legal: Sequence[Action], target: Target) -> Gesture:
        if target.zone == "stock":
            return DRAW
        if target.index is None or target.zone != f"hand{view['seat']}":
            return None
        return self.drop_action(view, [Picked(target.zone, target.index)], Target("waste"))

    def drop_refusal(self, view: Mapping[str, Any], picked: Sequence[Picked], target: Target) -> str | None:
        if self._card(view, picked) is not None and target.zone.startswith("pairs"):
            return tr(N_("Pairs are laid by themselves: a card goes onto the waste."))
        return None

    def can_pick(self, view: Mapping[str, Any], zone: str, index: int) -> bool:
        me = view["seat"]
        return me is not None and zone == f"hand{me}" and view["turn"] == me and view["phase"] in ("open", "claim")

    def selection_actions(self, view: Mapping[str, Any], picked: Sequence[Picked],
                          legal: Sequence[Action]) -> Sequence[Choice]:
        """Play, enabled only for the dealer's opening card once it is selected."""
        play = tr(N_("Play"))
        if view["phase"] != "open":
            return (Choice(play, None, tr(N_("Only the dealer plays a card from hand, once, to open the deal."))),)
        card = self._card(view, picked)
        if card is None:
            return (Choice(play, None, tr(N_("Select the card to open with (a click on it)."))),)
        return (Choice(play, PLAY[card]),)

    # ----- words ----------------------------------------------------------------------------------------
    def score_sheet(self, view: Mapping[str, Any], ctx: TableContext) -> ScoreSheet | None:
        """A session's deals: who dealt, how each ended, the cards each seat had left (the winners starred)."""
        if view["deals"] < 2:
            return None
        n = view["players"]
        headers = (tr(N_("Deal")), tr(N_("Dealer")), tr(N_("End")), *(ctx.name(s) for s in range(n)))
        rows = []
        for k, record in enumerate(view["records"]):
            how = tr(N_("hand emptied")) if record["how"] == "empty" else tr(N_("stock out"))
            cells = [f"{STAR if s in record['winners'] else ''}{record['left'][s]}" for s in range(n)]
            rows.append((str(k + 1), ctx.name(record["dealer"]), how, *cells))
        if view["turn"] is not None:
            rows.append((tr(N_("{number} (now)")).format(number=view["deal"] + 1), ctx.name(view["dealer"]), "",
                         *(str(c) for c in view["counts"])))
        rows.append((tr(N_("Wins")), "", "", *(str(w) for w in view["wins"])))
        return ScoreSheet(headers, tuple(rows))


LAYOUT = EatPairsLayout()
