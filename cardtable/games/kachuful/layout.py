"""Kachuful on the table: seats around an ellipse, the viewer's hand at the bottom, the trick in the middle.

Pure: turns `view(seat)` and the table's context (free area, names) into zones, and gestures into actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core.cards import SUIT_SYMBOLS, Card
from cardtable.core.engine import Action
from cardtable.core.layout import (
    BaseLayout,
    Choice,
    ChoicePanel,
    LastTrick,
    Marker,
    Picked,
    Rect,
    ScoreSheet,
    Spot,
    TableContext,
    TableLayout,
    Target,
    TrickPlay,
    Zone,
)
from cardtable.core.seating import hand_row, panel_size, seat_ring, small_fan, toward_centre
from cardtable.core.words import N_, Names, tr
from cardtable.games.kachuful.narration import KachufulNarration, cards_count, suit_words
from cardtable.games.kachuful.rules import BID, Bid, Play


def trump_text(view: Mapping[str, Any]) -> str:
    trump = view["trump"]
    if trump is None:
        return tr(N_("No trump"))
    if trump == "J":
        return tr(N_("Trumps: jokers"))
    return tr(N_("Trumps {suit}")).format(suit=SUIT_SYMBOLS[trump])


def round_text(view: Mapping[str, Any]) -> str:
    """ "Round 2 of 15 · 7 cards · Trumps ♥"."""
    return tr(N_("Round {round} of {rounds} \u00b7 {cards} \u00b7 {trump}")).format(
        round=view["round"] + 1, rounds=view["rounds"], cards=cards_count(view["hand_size"]), trump=trump_text(view))


TRUMP_COLOURS = {"H": (196, 34, 40), "D": (196, 34, 40), "S": (24, 24, 30), "C": (24, 24, 30)}


def trump_badge(view: Mapping[str, Any], rect: Rect) -> Marker:
    """The round's trump as a badge beside the deck, in `rect`: its suit on the suit's colour, "Jokers" when the
    jokers alone are trumps, "No trump" for a round without (a turned-up trump card shows itself instead)."""
    trump = view["trump"]
    if trump is None:
        return Marker(rect, text=tr(N_("No trump")), shape="counter", colour=(70, 84, 76))
    if trump == "J":
        return Marker(rect, text=tr(N_("Jokers")), shape="counter", colour=(120, 60, 150))
    return Marker(rect, text=trump_text(view), shape="counter", colour=TRUMP_COLOURS[trump])


class KachufulLayout(BaseLayout):
    """Kachuful's `cardtable.core.layout.GameLayout`."""

    def build(self, view: Mapping[str, Any], ctx: TableContext) -> TableLayout:
        n = view["players"]
        me = ctx.bottom_seat
        width = ctx.width
        top, bottom = ctx.area[1], ctx.area[1] + ctx.area[3]
        normal = max(40, min(width / 11.5, ctx.area[3] / 5.4, 118 * ctx.scale))
        cw = ctx.cards(normal, min(width / 9.6, ctx.area[3] / 4.6))
        ch = int(cw * 1.4)
        zones: list[Zone] = []
        hand_y = bottom - ch - 10
        panel_w, panel_h = panel_size(ctx.scale)
        panel_y = bottom - panel_h - 10
        small = (int(normal * 0.5), int(normal * 0.7))  # face down beside the panels: not the person's card size
        deck_y = panel_y - 14 - small[1]
        ring = seat_ring(n, me, width, top + 4, min(hand_y - 10, deck_y - 8), small, ctx.scale)
        sw, sh = ring.small_card

        # The viewer's hand, along the bottom, clear of the viewer's panel.
        hand = view["hands"][me]
        rects = hand_row(len(hand), width, hand_y, (cw, ch), 16 + panel_w + 10)
        spots = [Spot(c, c is not None, r, i) for i, (c, r) in enumerate(zip(hand, rects, strict=True))]
        playable: frozenset[int] = frozenset()
        legal = view.get("legal")
        if legal and view["phase"] == "play" and view["seat"] == view["turn"]:
            ok = set(legal["cards"])
            playable = frozenset(i for i, c in enumerate(hand) if c in ok)
        zones.append(Zone(f"hand{me}", "hand", rects[0] if rects else (width // 2, hand_y, cw, ch), spots,
                          playable=playable))

        for s in range(n):
            place = ring.places[s]
            if s == me:
                panel = (16, panel_y, panel_w, panel_h)
                won_at = (width - 16 - sw - 12, hand_y + ch - sh)
            else:
                panel = place.panel
                right_side = panel[0] + panel[2] / 2 > width / 2
                won_at = (panel[0] - sw - 10, panel[1] + 4) if right_side else (panel[0] + panel[2] + 8, panel[1] + 4)
                fan = small_fan(len(view["hands"][s]), place, (sw, sh))
                zones.append(Zone(f"hand{s}", "hand", fan[0] if fan else (*place.hand_at, sw, sh),
                                  [Spot(c, False, r, i) for i, (c, r) in enumerate(zip(view["hands"][s], fan,
                                                                                       strict=True))]))
            zones.append(self._seat_panel(view, s, panel, ctx.name(s)))
            won = self._won_cards(view, s)
            zones.append(Zone(f"won{s}", "pile", (int(won_at[0]), int(won_at[1]), sw, sh),
                              [Spot(c, False, (int(won_at[0]) + min(i, 6), int(won_at[1]) - min(i, 6), sw, sh), i)
                               for i, c in enumerate(won)]))

        # The trick, in the open middle of the table: each card lies towards the seat that played it.
        shown = view["trick"] or (view["last_trick"] if self._show_last_trick(view) else [])
        mx, my, mw, mh = ring.middle
        tw = max(30, min(int(cw * 0.8), int(mh * 0.46 / 1.4)))
        card = (tw, int(tw * 1.4))
        trick_spots = [Spot(c, True, toward_centre(ring, ring.places[s], card), i) for i, (s, c) in enumerate(shown)]
        centre = (mx + mw // 2, my + mh // 2)
        # The whole middle of the table takes a card played to the trick.
        zones.append(Zone("trick", "trick", (centre[0] - card[0] // 2, centre[1] - card[1] // 2, *card), trick_spots,
                          drop=ring.middle))

        # The deck and the turned-up trump card, above the viewer's panel; the round's facts in the top bar.
        deck = [Spot(None, False, (16 + min(i // 6, 3), deck_y - min(i // 6, 3), sw, sh), i)
                for i in range(view["deck"])]
        zones.append(Zone("deck", "pile", (16, deck_y, sw, sh), deck))
        trump_card: Card | None = view["trump_card"]
        tx = 16 + sw + 14
        bh = int(40 * ctx.scale)  # the badge: big enough to read at a glance, level with the deck's foot
        badge = (tx, deck_y + sh - bh, int(bh * 2.7), bh)
        zones.append(Zone("trump", "pile", (tx, deck_y, sw, sh),
                          [Spot(trump_card, True, (tx, deck_y, sw, sh), 0)] if trump_card is not None else [],
                          markers=() if trump_card is not None else (trump_badge(view, badge),)))
        if width >= 940:
            info_w, info_h = int(280 * ctx.scale), int(36 * ctx.scale)
            zones.append(Zone("info", "seat", (width - 16 - info_w, 8, info_w, info_h), lines=(round_text(view),)))
        return TableLayout(zones, (cw, ch), status=self.status(view, ctx), choice_centre=centre,
                           message_at=(width // 2, hand_y - 14),
                           last_trick_at=tuple(f"{kind}{s}" for s in range(n) for kind in ("won", "seat")))

    def last_trick(self, view: Mapping[str, Any]) -> LastTrick | None:
        if not view["last_trick"]:
            return None
        return LastTrick(tuple(TrickPlay(s, (c,)) for s, c in view["last_trick"]), view["last_winner"])

    @staticmethod
    def _show_last_trick(view: Mapping[str, Any]) -> bool:
        """The finished trick stays in the middle until the next lead, and at the end of the game."""
        return bool(view["last_trick"]) and (view["phase"] in ("play", "over"))

    def _won_cards(self, view: Mapping[str, Any], seat: int) -> list[Card]:
        won = list(view["won"][seat])
        if self._show_last_trick(view) and not view["trick"] and view["last_winner"] == seat:
            shown = {c for _, c in view["last_trick"]}
            won = [c for c in won if c not in shown]
        return won

    @staticmethod
    def _seat_panel(view: Mapping[str, Any], seat: int, rect: Rect, name: str) -> Zone:
        bid = view["bids"][seat]
        if bid is None:  # short: whole in a small panel
            bid_text = tr(N_("bid hidden")) if view["has_bid"][seat] else tr(N_("no bid"))
        else:
            bid_text = tr(N_("bid {amount}")).format(amount=bid)
        lines = (name, tr(N_("{bid} \u00b7 won {won}")).format(bid=bid_text, won=view["tricks"][seat]),
                 tr(N_("score {total}")).format(total=view["totals"][seat]))
        marks = set()
        if view["turn"] == seat:
            marks.add("current")
        if view["dealer"] == seat:
            marks.add("dealer")
        if view["trick"] and view["trick"][0][0] == seat:
            marks.add("crown")  # the trick's leader
        return Zone(f"seat{seat}", "seat", rect, lines=lines, marks=frozenset(marks), seat=seat)

    # ----- gestures ---------------------------------------------------------------------------------
    def drop_action(self, view: Mapping[str, Any], picked: Sequence[Picked], target: Target) -> Action | None:
        me = view["seat"]
        src, index = picked[0].zone, picked[0].index
        if me is None or src != f"hand{me}" or target.zone != "trick":
            return None
        hand = view["hands"][me]
        if not 0 <= index < len(hand) or hand[index] is None:
            return None
        return Play(hand[index])

    def click_action(self, view: Mapping[str, Any], legal: Sequence[Action], target: Target) -> Action | None:
        if target.index is None:
            return None
        return self.drop_action(view, [Picked(target.zone, target.index)], Target("trick"))

    def can_pick(self, view: Mapping[str, Any], zone: str, index: int) -> bool:
        me = view["seat"]
        return me is not None and zone == f"hand{me}" and view["phase"] == "play"

    def is_button(self, action: Action) -> bool:
        return isinstance(action, Bid)

    def choice_panel(self, view: Mapping[str, Any], legal: Sequence[Action], ctx: TableContext) -> ChoicePanel | None:
        if view["phase"] != "bid" or not any(isinstance(a, Bid) for a in legal):
            return None
        allowed = set(legal)
        no = view["forbidden_bid"]
        reason = KachufulNarration.forbidden(no, view["hand_size"], view["rebid"]) if no is not None else ""
        choices = tuple(
            Choice(str(k), BID[k] if BID[k] in allowed else None, reason if BID[k] not in allowed else "")
            for k in range(view["hand_size"] + 1)
        )
        title = tr(N_("Change your bid")) if view["rebid"] else tr(N_("Your bid"))
        others = [b for s, b in enumerate(view["bids"]) if s != view["seat"] and b is not None]
        note = reason if any(c.action is None for c in choices) else (
            tr(N_("Bids so far total {total} of {tricks} tricks")).format(total=sum(others), tricks=view["hand_size"])
            if others else tr(N_("You bid first")))
        if view.get("bids_hidden"):  # simultaneous bidding: nothing to add up yet
            note = tr(N_("Every bid stays hidden until all have bid"))
        return ChoicePanel(title, choices, note)

    def score_sheet(self, view: Mapping[str, Any], ctx: TableContext) -> ScoreSheet | None:
        headers = (tr(N_("Round")), tr(N_("Cards")), tr(N_("Trump")), *(ctx.name(s) for s in range(view["players"])))
        rows = []
        for row in view["sheet"]:
            trump = row["trump"]
            trump_cell = "—" if trump is None else (tr(N_("Jokers")) if trump == "J" else SUIT_SYMBOLS[trump])
            cells = [f"{b}/{t}  {p:+d}" for b, t, p in zip(row["bids"], row["tricks"], row["points"], strict=True)]
            rows.append((str(row["round"]), str(row["hand_size"]), trump_cell, *cells))
        if view["phase"] in ("bid", "play"):  # the round being played: its bids and the tricks so far
            trump = view["trump"]
            trump_cell = "—" if trump is None else (tr(N_("Jokers")) if trump == "J" else SUIT_SYMBOLS[trump])
            cells = [f"{'?' if b is None else b}/{t}" for b, t in zip(view["bids"], view["tricks"], strict=True)]
            now = tr(N_("{round} (now)")).format(round=view["round"] + 1)
            rows.append((now, str(view["hand_size"]), trump_cell, *cells))
        rows.append((tr(N_("Total")), "", "", *(str(t) for t in view["totals"])))
        return ScoreSheet(headers, tuple(rows))

    def status(self, view: Mapping[str, Any], ctx: TableContext) -> str:
        """The round's facts, then whose turn it is: to the person in the second person, another by name."""
        turn, me = view["turn"], view["seat"]
        names = Names.of(ctx.names)
        head = round_text(view)
        if turn is None:  # the game is over, or a beat is held (a full trick before it is gathered)
            return tr(N_("{head} \u00b7 Game over")).format(head=head) if view["phase"] == "over" else head
        leading = view["led_suit"] is None
        if turn != me:
            if names.is_you(turn):  # the person's turn, their hand not shown (behind a curtain)
                template = (N_("{head} \u00b7 Your turn to bid") if view["phase"] == "bid" else
                            N_("{head} \u00b7 Your turn to lead") if leading else N_("{head} \u00b7 Your turn to play"))
                return tr(template).format(head=head)
            template = (N_("{head} \u00b7 {player} to bid") if view["phase"] == "bid" else
                        N_("{head} \u00b7 {player} to lead") if leading else N_("{head} \u00b7 {player} to play"))
            return tr(template).format(head=head, player=names(turn))
        if view["phase"] == "bid":
            if view["rebid"]:
                return tr(N_("{head} \u00b7 You are the dealer: change your bid so the bids do not total {tricks}")
                          ).format(head=head, tricks=view["hand_size"])
            return tr(N_("{head} \u00b7 Your bid: how many tricks will you take?")).format(head=head)
        if leading:
            return tr(N_("{head} \u00b7 Your lead: play any card")).format(head=head)
        led = view["led_suit"]
        suit = tr(N_("a joker")) if led == "J" else suit_words(led)
        return tr(N_("{head} \u00b7 Your turn: follow {suit} if you can")).format(head=head, suit=suit)

LAYOUT = KachufulLayout()
