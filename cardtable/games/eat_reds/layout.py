"""Eat Reds on the table: the layout spread in the middle, the stock beside it, every won pile face up.

The other seats sit in a row along the top (to the viewer's left first, the way play goes), each with its panel
(name, running score, cards in hand), its face-down hand and its won pile fanned face up under them with its points
on a counter; the viewer's panel, hand and won pile run along the bottom.  In the middle the stock (its count on a
counter) and the turned stock card sit at the left, the layout's cards in rows beside them.

Gestures: a hand card dropped on a layout card captures that card (for the starting three of a kind, a drop on any
of the three is the one capture the engine names by the first); a card that cannot capture is dropped anywhere on
the layout area; a click on a hand card selects it (its targets light up) and a click on a lit place plays it.  A
turned card with several targets waits in its place: the targets are outlined, and a click on one (or dragging
the turned card onto it) chooses.

Pure: turns `view(seat)` and the table's context (free area, names) into zones, and gestures into actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core.cards import Card
from cardtable.core.engine import Action, Event
from cardtable.core.layout import (
    BaseLayout,
    Gesture,
    Marker,
    Picked,
    Rect,
    ScoreSheet,
    Spot,
    Summary,
    TableContext,
    TableLayout,
    Target,
    Zone,
)
from cardtable.core.seating import hand_row, panel_size
from cardtable.core.words import N_, Names, card_words, tr
from cardtable.games.eat_reds.narration import NARRATION
from cardtable.games.eat_reds.rules import (
    DEALT,
    PLAY,
    STOCK,
    Capture,
    Discard,
    TakeWithStock,
    partner_rank,
)

GAP = 8
#: The counters' colours: the points a won pile is worth (red: the reds are what count), the stock's count.
POINTS_COLOUR = (196, 40, 48)
STOCK_COLOUR = (236, 230, 212)


def fan_rows(count: int, box: Rect, card: tuple[int, int], max_rows: int = 3) -> list[Rect]:
    """Face-up cards fanned left to right in `box`, in as few rows as keep each card's corner in sight (up to
    `max_rows`, as the box's height allows); later rows lower, each covering the lower part of the one above."""
    x, y, w, h = box
    cw, ch = card
    if count == 0:
        return []
    rows_fit = max(1, min(max_rows, 1 + int((h - ch) // max(1, ch * 0.42))))
    rows = 1
    while rows < rows_fit and (w - cw) / max(1, -(-count // rows) - 1) < cw * 0.42:
        rows += 1
    per_row = -(-count // rows)
    step = min(cw * 0.5, (w - cw) / max(1, per_row - 1))
    drop = min(ch * 0.55, (h - ch) / max(1, rows - 1)) if rows > 1 else 0
    return [(int(x + (i % per_row) * step), int(y + (i // per_row) * drop), cw, ch) for i in range(count)]


def spread_rows(count: int, box: Rect, card: tuple[int, int],
                min_width: int = 30) -> tuple[list[Rect], tuple[int, int]]:
    """The layout's cards in rows across `box`, centred, the cards shrunk until the rows fit; also the size used.
    The size is worked out for at least eight cards, so that it stays put while the layout is small."""
    x, y, w, h = box
    cw, ch = card
    wanted = max(count, 8)
    while True:
        per_row = max(1, (w + GAP) // (cw + GAP))
        rows = -(-wanted // per_row)
        if rows * ch + (rows - 1) * GAP <= h or cw <= min_width:
            break
        cw = max(min_width, int(cw * 0.92))
        ch = int(cw * 1.4)
    per_row = max(1, (w + GAP) // (cw + GAP))
    rows = max(1, -(-count // per_row))
    top = y + max(0, (h - (rows * ch + (rows - 1) * GAP)) // 2)
    rects = []
    for i in range(count):
        r, c = divmod(i, per_row)
        in_row = min(per_row, count - r * per_row)
        left = x + (w - (in_row * cw + (in_row - 1) * GAP)) // 2
        rects.append((left + c * (cw + GAP), top + r * (ch + GAP), cw, ch))
    return rects, (cw, ch)


def _plural(count: int, one: str, many: str) -> str:
    """`count` with its word, as the template for one or for many says it ("{count} card")."""
    return tr(one if count == 1 else many).format(count=count)


class EatRedsLayout(BaseLayout):
    """Eat Reds' `cardtable.core.layout.GameLayout`."""

    def build(self, view: Mapping[str, Any], ctx: TableContext) -> TableLayout:
        n = view["players"]
        me = ctx.bottom_seat
        s = ctx.scale
        width = ctx.width
        top, bottom = ctx.area[1] + 6, ctx.area[1] + ctx.area[3]
        cw = ctx.cards(max(40, min(width / 13, (bottom - top) / 5.8, 96 * s)), min(width / 11, (bottom - top) / 4.9))
        ch = int(cw * 1.4)
        pw = min(panel_size(s)[0], int(width * 0.22))
        ph = int(92 * s)  # three lines, and the last move under them
        # The won piles' cards: as big as the height left over allows (the layout keeps room for two rows).
        spare = (bottom - top) - (ph + 6) - (2 * ch + GAP + int(34 * s) + 10) - (ch + 8)
        sh = int(max(ch * 0.5, min(ch * 0.7, spare / 1.5)))
        small = (int(sh / 1.4), sh)
        counter = (int(36 * s), int(22 * s))
        zones: list[Zone] = []

        # The viewer along the bottom: panel, hand, won pile.
        hand_y = bottom - ch - 8
        clear = 12 + pw + 12
        hand = view["hands"][me]
        longest = hand_row(DEALT // n, width, hand_y, (cw, ch), clear)
        hand_right = longest[-1][0] + cw if longest else width // 2
        rects = hand_row(len(hand), width, hand_y, (cw, ch), clear)
        mine = self._may_play(view, me)
        zones.append(Zone(f"hand{me}", "hand", rects[0] if rects else (width // 2 - cw // 2, hand_y, cw, ch),
                          [Spot(c, c is not None, r, i) for i, (c, r) in enumerate(zip(hand, rects, strict=True))],
                          select=1 if mine and view["phase"] == PLAY else 0))
        won_x = hand_right + 16
        zones.append(self._won(view, me, (won_x, hand_y, width - 12 - won_x, bottom - 4 - hand_y), small, counter))
        zones.append(self._panel(view, me, (12, bottom - ph - 8, pw, ph), ctx))

        # The others in a row along the top: panel and face-down hand, the won pile under them.
        others = [(me + k) % n for k in range(1, n)]
        room = width - 24 - 16 * (len(others) - 1)
        block_w = int(min(room / len(others), 520 * s))
        left = (width - (block_w * len(others) + 16 * (len(others) - 1))) // 2
        won_h = int(small[1] * 1.5)
        for k, seat in enumerate(others):
            bx = left + k * (block_w + 16)
            opw = min(pw, int(block_w * 0.5))
            zones.append(self._panel(view, seat, (bx, top, opw, ph), ctx))
            zones.append(self._hidden_hand(view, seat, (bx + opw + GAP, top, block_w - opw - GAP, ph), small))
            zones.append(self._won(view, seat, (bx, top + ph + 6, block_w, won_h), small, counter))

        # The middle: the stock and the turned card at the left, the layout's rows beside them, the last moves at
        # the right.
        my0 = top + ph + 6 + won_h + 10
        my1 = hand_y - int(34 * s)  # room for what is announced, above the hand
        sy = my0 + max(0, (my1 - my0 - ch - counter[1] - 4) // 2)
        side = 2 * cw + 34  # the stock and the turned card
        log_w = min(int(200 * s), width // 5)
        box_w = min(width - 24 - side - log_w - 16, 10 * (cw + GAP) - GAP)
        sx = 12 + (width - 24 - side - box_w - log_w - 16) // 2
        zones.append(self._stock(view, (sx, sy, cw, ch), counter))
        turned_x = sx + cw + 14
        turned = view["turned"]
        zones.append(Zone("turned", "pile", (turned_x, sy, cw, ch),
                          [Spot(turned, True, (turned_x, sy, cw, ch), 0)] if turned is not None else [],
                          select=1 if mine and view["phase"] == STOCK else 0))
        lx = turned_x + cw + 20
        box = (lx, my0, box_w, my1 - my0)
        zones.append(self._layout_zone(view, box, (cw, ch), mine))
        return TableLayout(zones, (cw, ch), status=self.status(view, ctx), deal_from="stock",
                           choice_centre=(lx + box[2] // 2, my0 + box[3] // 2), message_at=(width // 2, hand_y - 8),
                           move_log=(lx + box_w + 16, my0, log_w, my1 - my0))

    # ----- the parts --------------------------------------------------------------------------------
    @staticmethod
    def _may_play(view: Mapping[str, Any], seat: int) -> bool:
        return view["seat"] == seat and view["turn"] == seat and view.get("legal") is not None

    @staticmethod
    def _panel(view: Mapping[str, Any], seat: int, rect: Rect, ctx: TableContext) -> Zone:
        """A seat's panel: name, running score, cards in hand; framed on its turn, the dealer's button, a crown
        for the winners."""
        count = view["counts"][seat]
        lines = (ctx.name(seat), tr(N_("Score {score}")).format(score=view["standings"][seat]),
                 _plural(count, N_("{count} card in hand"), N_("{count} cards in hand")))
        marks = set()
        if view["turn"] == seat:
            marks.add("current")
        if view["dealer"] == seat:
            marks.add("dealer")
        if view["turn"] is None and seat in view["winners"]:
            marks.add("crown")
        return Zone(f"seat{seat}", "seat", rect, lines=lines, marks=frozenset(marks), seat=seat)

    @staticmethod
    def _hidden_hand(view: Mapping[str, Any], seat: int, box: Rect, small: tuple[int, int]) -> Zone:
        """Another seat's hand, face down, fanned beside its panel."""
        count = len(view["hands"][seat])
        x, y, w, h = box
        step = min(small[0] * 0.45, (w - small[0]) / max(1, count - 1)) if count > 1 else 0
        cy = y + max(0, (h - small[1]) // 2)
        rects = [(int(x + i * step), cy, *small) for i in range(count)]
        cards = view["hands"][seat]
        return Zone(f"hand{seat}", "hand", (x, cy, *small),
                    [Spot(c, c is not None, r, i) for i, (c, r) in enumerate(zip(cards, rects, strict=True))])

    @staticmethod
    def _won(view: Mapping[str, Any], seat: int, box: Rect, small: tuple[int, int], counter: tuple[int, int]) -> Zone:
        """A seat's won pile fanned face up in `box`, the points it is worth on a counter at its left."""
        x, y, w, h = box
        points = view["points"][seat]
        marker = Marker((x, y + (small[1] - counter[1]) // 2, *counter), text=str(points), shape="counter",
                        colour=POINTS_COLOUR)
        fan_x = x + counter[0] + 6
        pile = view["won"][seat]
        rects = fan_rows(len(pile), (fan_x, y, max(small[0], w - counter[0] - 6), h), small)
        return Zone(f"won{seat}", "pile", (fan_x, y, *small),
                    [Spot(c, True, r, i) for i, (c, r) in enumerate(zip(pile, rects, strict=True))],
                    markers=(marker,))

    @staticmethod
    def _stock(view: Mapping[str, Any], rect: Rect, counter: tuple[int, int]) -> Zone:
        """The face-down stock, squared up, its count on a counter under it."""
        x, y, cw, ch = rect
        count = view["stock"]
        spots = [Spot(None, False, (x + min(i // 8, 3), y - min(i // 8, 3), cw, ch), i) for i in range(count)]
        cx = x + (cw - counter[0] * 2) // 2
        marker = Marker((cx, y + ch + 4, counter[0] * 2, counter[1]), text=tr(N_("Stock {count}")).format(count=count),
                        shape="counter", colour=STOCK_COLOUR)
        return Zone("stock", "stack", rect, spots, label=tr(N_("Stock")), markers=(marker,))

    def _layout_zone(self, view: Mapping[str, Any], box: Rect, card: tuple[int, int], mine: bool) -> Zone:
        """The layout's cards in rows; the whole area takes a card played to it.  While the turned card waits
        for its target, the targets are outlined."""
        cards = view["layout"]
        rects, _ = spread_rows(len(cards), box, card)
        playable: frozenset[int] = frozenset()
        if mine and view["phase"] == STOCK:
            targets = {t for _c, t, _taken in view["legal"]["captures"]}
            playable = frozenset(i for i, c in enumerate(cards) if c in targets)
        slot = rects[0] if rects else (box[0] + (box[2] - card[0]) // 2, box[1] + (box[3] - card[1]) // 2, *card)
        return Zone("layout", "spread", slot, [Spot(c, True, r, i) for i, (c, r) in enumerate(zip(cards, rects,
                                                                                                     strict=True))],
                    label=tr(N_("Layout")), playable=playable, drop=box)

    # ----- gestures ----------------------------------------------------------------------------------
    @staticmethod
    def _held_card(view: Mapping[str, Any], picked: Sequence[Picked]) -> tuple[str, Card] | None:
        """("hand", card) or ("turned", card): the one card picked, from the viewer's hand or the turned card."""
        if len(picked) != 1 or view["seat"] is None:
            return None
        p = picked[0]
        if p.zone == "turned" and p.index == 0 and view["turned"] is not None:
            return "turned", view["turned"]
        hand = view["hands"][view["seat"]]
        if p.zone == f"hand{view['seat']}" and 0 <= p.index < len(hand) and hand[p.index] is not None:
            return "hand", hand[p.index]
        return None

    @staticmethod
    def _layout_card(view: Mapping[str, Any], target: Target) -> Card | None:
        cards = view["layout"]
        if target.zone != "layout" or target.index is None or not 0 <= target.index < len(cards):
            return None
        return cards[target.index]

    def drop_action(self, view: Mapping[str, Any], picked: Sequence[Picked], target: Target) -> Gesture:
        held = self._held_card(view, picked)
        if held is None or target.zone != "layout":
            return None
        where, card = held
        aimed = self._layout_card(view, target)
        if where == "turned":
            return TakeWithStock(aimed) if aimed is not None else None
        if aimed is None:
            return Discard(card)
        trio = view["trio"]
        if trio is not None and aimed.rank == trio == partner_rank(card.rank):
            # The fourth of a starting three of a kind takes all three: the move is made on the first of them.
            aimed = next(c for c in view["layout"] if c.rank == trio)
        return Capture(card, aimed)

    def click_action(self, view: Mapping[str, Any], legal: Sequence[Action], target: Target) -> Gesture:
        """While the turned card waits for its target, a click on a layout card chooses it."""
        if view["phase"] != STOCK or view["turned"] is None:
            return None
        aimed = self._layout_card(view, target)
        return TakeWithStock(aimed) if aimed is not None else None

    def drop_refusal(self, view: Mapping[str, Any], picked: Sequence[Picked], target: Target) -> str | None:
        held = self._held_card(view, picked)
        if held is None:
            return None
        if target.zone.startswith("won") or target.zone == "stock":
            return tr(N_("Play the card to the layout: captured cards go to the won pile by themselves."))
        return None

    def can_pick(self, view: Mapping[str, Any], zone: str, index: int) -> bool:
        me = view["seat"]
        if me is None or not self._may_play(view, me):
            return False
        if view["phase"] == STOCK:
            return zone == "turned"
        return zone == f"hand{me}"

    def score_sheet(self, view: Mapping[str, Any], ctx: TableContext) -> ScoreSheet:
        """A row per deal: its dealer, each seat's points (and running total), the points left in the layout, and
        the reds' check (captured + left = 210)."""
        n = view["players"]
        headers = (tr(N_("Deal")), tr(N_("Dealer")), *(ctx.name(s) for s in range(n)), tr(N_("Left in layout")),
                   tr(N_("Reds")))
        running = view["rounds"] > 1
        rows = []
        for row in view["sheet"]:
            cells = [f"{p} ({t})" if running else str(p) for p, t in zip(row["points"], row["totals"], strict=True)]
            captured, left = sum(row["points"]), row["left_points"]
            rows.append((str(row["deal"]), ctx.name(row["dealer"]), *cells, str(left),
                         f"{captured} + {left} = {captured + left}"))
        if view["turn"] is not None:
            now = [f"{p} ({t})" if running else str(p)
                   for p, t in zip(view["points"], view["standings"], strict=True)]
            rows.append((tr(N_("{deal} (now)")).format(deal=view["deal"] + 1), ctx.name(view["dealer"]), *now,
                         str(view["layout_points"]), ""))
        rows.append((tr(N_("Total")), "", *(str(t) for t in view["standings"]), "", ""))
        return ScoreSheet(headers, tuple(rows))

    def deal_summary(self, before: Mapping[str, Any], events: Sequence[Event],
                     ctx: TableContext) -> tuple[int, Summary] | None:
        """After a deal that another follows: each seat's red cards captured, their points and the running total,
        and the points left in the layout (from the engine's picture of the deal's end)."""
        at = next((i for i, ev in enumerate(events) if ev.kind == "score"), None)
        if at is None or events[at].snapshot is None or any(ev.kind == "over" for ev in events):
            return None
        end = events[at].snapshot.view(None)  # type: ignore[union-attr]
        points, totals = end["points"], end["totals"]
        lines = []
        for seat in sorted(range(len(points)), key=lambda s: -points[s]):
            reds = sum(1 for c in end["won"][seat] if c.is_red)
            total = tr(N_(" \u00b7 total {total}")).format(total=totals[seat]) if end["rounds"] > 1 else ""
            lines.append(tr(N_("{name}: {reds} captured, {points}{total}")).format(
                name=ctx.name(seat), reds=_plural(reds, N_("{count} red card"), N_("{count} red cards")),
                points=_plural(points[seat], N_("{count} point"), N_("{count} points")), total=total))
        left = _plural(end["layout_points"], N_("{count} point"), N_("{count} points"))
        lines.append(tr(N_("Left in the layout: {points}")).format(points=left))
        return at, Summary(tr(N_("Deal {deal} of {rounds} is over")).format(deal=end["deal"] + 1,
                                                                            rounds=end["rounds"]), tuple(lines))

    @staticmethod
    def status(view: Mapping[str, Any], ctx: TableContext) -> str:
        status = game_status(view, Names.of(ctx.names))
        stock = tr(N_("Stock {count} \u00b7 {status}")).format(count=view["stock"], status=status)
        if view["rounds"] <= 1:
            return stock
        return tr(N_("Deal {deal} of {rounds} \u00b7 {rest}")).format(deal=view["deal"] + 1, rounds=view["rounds"],
                                                                     rest=stock)


def game_status(view: Mapping[str, Any], names: Names) -> str:
    """What the game says of the moment `view` shows: a held beat, the decision to make, or the result, with the
    players' `names` (the person as "you")."""
    beat, turn, seat = view["beat"], view["turn"], view["seat"]
    if beat == "turned":
        return tr(N_("Turned from the stock: {card}.")).format(card=card_words(view["turned"]))
    if beat == "layout":
        if names.is_you(view["dealer"]):
            return tr(N_("The layout is all 5s, 10s and face cards: you capture all four as the dealer."))
        return tr(N_("The layout is all 5s, 10s and face cards: {dealer} captures all four as the dealer.")).format(
            dealer=names(view["dealer"]))
    if beat == "deal_end":
        row = view["sheet"][-1]
        parts = tr(N_(", ")).join(tr(N_("{name} {points}")).format(name=names(s), points=p)
                                  for s, p in enumerate(row["points"]))
        if not row["left"]:
            return tr(N_("Deal {deal}: {parts}.")).format(deal=row["deal"], parts=parts)
        return tr(N_("Deal {deal}: {parts}; {left} left in the layout.")).format(
            deal=row["deal"], parts=parts, left=_plural(row["left_points"], N_("{count} point"), N_("{count} points")))
    if turn is None:
        sheet, scores = view["sheet"], view["standings"]
        winners = tuple(s for s, p in enumerate(scores) if p == max(scores))
        return NARRATION.over({"scores": scores, "winners": winners,
                               "captured": sum(sum(row["points"]) for row in sheet),
                               "left": sum(row["left_points"] for row in sheet)}, names).text
    yours = turn == seat or names.is_you(turn)
    if view["phase"] == STOCK:
        turned = card_words(view["turned"])
        if yours:
            return tr(N_("The turned {card} can capture several cards: choose which.")).format(card=turned)
        return tr(N_("{player} chooses which card the turned {card} captures.")).format(player=names(turn),
                                                                                      card=turned)
    if not yours:
        return tr(N_("{player} to play.")).format(player=names(turn))
    if not view["stock"]:
        return tr(N_("Your turn: play a card (the stock is used up, so no card is turned)."))
    return tr(N_("Your turn: play a card. A card that can capture must capture."))


LAYOUT = EatRedsLayout()
