"""Cat Te on the table: the seats in a row, each with its hand and its played pile; the person's hand below.

Each seat has a column, in seat order from the left: its panel (name, tricks, chips; the gold frame for the seat to
act, the crown over the trick's leader, greyed when eliminated or out of chips), its face-down hand, and its played
pile, one card per trick stacked downwards (trick i is the i-th card), face up or face down, for the whole round.
The winner of each trick has a gold dot on its card; a player's own face-down cards carry their name for them.

Along the bottom: the deck, the side pot's turned card and the pot (chips) on the left, the person's hand in the
middle and the fold area on the right.  A card is played by a drag onto one's own played pile, folded by a drag
onto the fold area, or selected with a click and then played with the Play or Fold button (or a click on the lit
pile or fold area).  The region, before the round's first card, and the side pot's claim are choices; so are Deal
again and Stop between rounds.

Pure: turns `view(seat)` and the table's context (free area, names) into zones, and gestures into actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.cards import SUIT_SYMBOLS, Card
from cardtable.core.engine import Action
from cardtable.core.layout import (
    BaseLayout,
    Choice,
    ChoicePanel,
    Colour,
    Gesture,
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
from cardtable.core.words import N_, Names, tr
from cardtable.games.cat_te.narration import HAND_WORDS, REGION_WORDS, SUITS, session_won
from cardtable.games.cat_te.rules import (
    CLAIM,
    DEAL_AGAIN,
    HAND,
    LAST_TRICK,
    REGION,
    STOP,
    Fold,
    Play,
)

CHIP: Colour = (232, 196, 92)  # a chip: the pot's and each seat's
WON: Colour = (250, 214, 80)  # the dot on the card that won its trick
NOTE: Colour = (246, 240, 222)  # a player's own face-down card: its name, on a light tag
DECK_SIZE = 52
CROWN = 24  # room above a panel for the leader's crown (as the table draws it)
HOW = {"last trick": N_("last trick"), "sweep": N_("sweep"), "instant": N_("instant win")}
#: How a round was won, as the note under its title says it.
HOW_NOTE = {"instant": N_("with {hand}: {chips} chips"), "sweep": N_("with all four tricks: {chips} chips"),
            "last trick": N_("with the last trick: {chips} chips")}


@dataclass(frozen=True)
class Geometry:
    """Sizes and places shared by the parts of one layout."""

    n: int
    me: int
    scale: float
    columns: list[int]  # the left edge of each seat's column
    col_w: int
    panel_y: int
    panel_h: int
    fan_y: int
    pile_y: int
    small: tuple[int, int]  # a card on a played pile
    fan_card: tuple[int, int]  # a card of another seat's hand
    step: int  # how far each trick's card lies below the one before
    card: tuple[int, int]  # a card of the person's hand
    hand_y: int
    margin: int
    left_w: int  # the bottom left: deck, side card, pot (and a choice panel over them)

    def pile_x(self, seat: int) -> int:
        return self.columns[seat] + (self.col_w - self.small[0]) // 2

    def pile_rect(self, seat: int, index: int) -> Rect:
        return (self.pile_x(seat), self.pile_y + index * self.step, *self.small)

    @property
    def pile_h(self) -> int:
        return self.small[1] + (HAND - 1) * self.step


def geometry(view: Mapping[str, Any], ctx: TableContext) -> Geometry:
    """Card sizes that fit the window: the panels, the small hands and full played piles above the hand."""
    n = view["players"]
    s = ctx.scale
    width = ctx.width
    top, height = ctx.area[1], ctx.area[3]
    margin = int(8 * s)
    col_w = int(min((width - 2 * margin) / n, 300 * s))
    x0 = (width - n * col_w) // 2
    panel_h = int(72 * s)
    panel_y = top + CROWN
    # Heights: the crown, a panel, a small hand (0.75 of a pile card), a pile (1.4 + 5 x 0.42 of its width), the
    # person's hand (1.6 times as wide), and the gaps between them.
    fixed = CROWN + panel_h + int(6 * s) + int(8 * s) + int(12 * s) + margin
    sw = (height - fixed) / (0.75 * 1.4 + 1.4 + 5 * 0.42 + 1.6 * 1.4)
    fits = min(sw, (col_w - margin) / 2.3)
    sw = ctx.cards(max(26, min(fits, 84 * s)), fits)
    small = (sw, int(sw * 1.4))
    fan_card = (int(sw * 0.75), int(sw * 0.75 * 1.4))
    step = int(sw * 0.42)
    cw = int(sw * 1.6)
    card = (cw, int(cw * 1.4))
    hand_y = top + height - card[1] - margin
    fan_y = panel_y + panel_h + int(6 * s)
    pile_y = fan_y + fan_card[1] + int(8 * s)
    spare = hand_y - int(12 * s) - (pile_y + small[1] + (HAND - 1) * step)
    if spare > 0:  # a tall window: a third of the free room goes above the piles
        pile_y += spare // 3
    gap = int(10 * s)
    left_w = sw + gap + (sw + gap if view["side_pot"] is not None else 0) + int(170 * s)
    return Geometry(n, ctx.bottom_seat, s, [x0 + k * col_w for k in range(n)], col_w, panel_y, panel_h, fan_y,
                    pile_y, small, fan_card, step, card, hand_y, margin, left_w)


def _my_turn(view: Mapping[str, Any]) -> bool:
    return view["seat"] is not None and view["turn"] == view["seat"] and view["phase"] == "play"


def _fitting(texts: Sequence[str], room: int, scale: float) -> str:
    """The first of `texts` (longest first) that fits in `room` pixels of a panel's line."""
    return next((t for t in texts if len(t) * 9 * scale <= room), texts[-1])


class CatTeLayout(BaseLayout):
    """Cat Te's `cardtable.core.layout.GameLayout`."""

    def build(self, view: Mapping[str, Any], ctx: TableContext) -> TableLayout:
        g = geometry(view, ctx)
        zones: list[Zone] = []
        for seat in range(g.n):
            zones.append(self._panel(view, seat, g, ctx))
            if seat != g.me:
                zones.append(self._fan(view, seat, g))
            zones.append(self._pile(view, seat, g))
        zones += self._bottom_left(view, g, ctx)
        fold = (ctx.width - g.margin - int(g.card[0] * 1.1), g.hand_y, int(g.card[0] * 1.1), g.card[1])
        if view["phase"] == "play":  # the fold area: a card dropped there is folded
            pad = int(6 * g.scale)
            zones.append(Zone("fold", "stack", fold, label=tr(N_("Fold")),
                              drop=(fold[0] - pad, fold[1] - pad, fold[2] + 2 * pad, fold[3] + 2 * pad)))
        zones.append(self._hand(view, g, fold[0]))
        return TableLayout(zones, g.card, status=self.status(view, ctx), deal_from="deck",
                           choice_centre=self._choice_centre(view, g, ctx),
                           message_at=(ctx.width // 2, g.hand_y - int(6 * g.scale)),
                           last_trick_at=tuple(f"seat{seat}" for seat in range(g.n)))

    def last_trick(self, view: Mapping[str, Any]) -> LastTrick | None:
        """The round's last trick: a folded card face down (its face shown to the one who folded it)."""
        if not view["last_trick"]:
            return None
        return LastTrick(tuple(TrickPlay(e["seat"], (e["card"],), "folded" if e["folded"] else "")
                               for e in view["last_trick"]), view["last_winner"])

    # ----- the seats' columns -----------------------------------------------------------------------
    @staticmethod
    def _panel(view: Mapping[str, Any], seat: int, g: Geometry, ctx: TableContext) -> Zone:
        """A seat's panel: its name, its tricks (or why it is out), and its chips on a counter."""
        x = g.columns[seat] + g.margin // 2
        w = g.col_w - g.margin
        d = int(min(26 * g.scale, w * 0.26))
        counter = (x + w - int(d * 1.4) - int(6 * g.scale), g.panel_y + int(24 * g.scale), int(d * 1.4), d)
        room = counter[0] - x - int(12 * g.scale)  # line 2 ends before the counter
        if view["out"][seat]:
            doing = _fitting((tr(N_("out of chips")), tr(N_("no chips")), tr(N_("out"))), room, g.scale)
        elif view["eliminated"][seat]:
            doing = _fitting((tr(N_("eliminated")), tr(N_("out"))), room, g.scale)
        elif not view["dealt"][seat]:
            doing = _fitting((tr(N_("not dealt in")), tr(N_("out"))), room, g.scale)
        else:
            won = view["tricks_won"][seat]
            doing = tr(N_("{count} trick") if won == 1 else N_("{count} tricks")).format(count=won)
        marks = set()
        if view["turn"] == seat:
            marks.add("current")
        if view["phase"] == "play" and view["leader"] == seat:
            marks.add("crown")
        if view["dealer"] == seat and view["phase"] != "over":
            marks.add("dealer")
        if view["out"][seat] or view["eliminated"][seat]:
            marks.add("out")
        chips = Marker(counter, None, str(view["chips"][seat]), "counter", CHIP)
        return Zone(f"seat{seat}", "seat", (x, g.panel_y, w, g.panel_h), lines=(ctx.name(seat), doing),
                    marks=frozenset(marks), seat=seat, markers=(chips,))

    @staticmethod
    def _fan(view: Mapping[str, Any], seat: int, g: Geometry) -> Zone:
        """Another seat's hand: small, face down, spread across its column; an instant winner's face up, in the
        place of its (empty) played pile."""
        hand = view["hands"][seat]
        if view["instant"] and view["instant"]["seat"] == seat and not view["played"][seat]:
            rects = [g.pile_rect(seat, i) for i in range(len(hand))]  # shown where all can read it
            return Zone(f"hand{seat}", "hand", rects[0], [Spot(c, c is not None, r, i) for i, (c, r) in
                                                          enumerate(zip(hand, rects, strict=True))])
        fw, fh = g.fan_card
        inner = g.col_w - g.margin
        step = min(fw * 0.55, (inner - fw) / max(1, len(hand) - 1)) if len(hand) > 1 else 0
        x0 = g.columns[seat] + (g.col_w - fw - step * max(0, len(hand) - 1)) / 2
        rects = [(int(x0 + i * step), g.fan_y, fw, fh) for i in range(len(hand))]
        return Zone(f"hand{seat}", "hand", rects[0] if rects else (int(x0), g.fan_y, fw, fh),
                    [Spot(c, c is not None, r, i) for i, (c, r) in enumerate(zip(hand, rects, strict=True))])

    @staticmethod
    def _pile(view: Mapping[str, Any], seat: int, g: Geometry) -> Zone:
        """A seat's played pile: trick i's card at row i, face up or down; the trick winners' cards dotted gold,
        the viewer's own face-down cards named on a tag."""
        entries = view["played"][seat]
        spots, markers = [], []
        sw = g.small[0]
        for i, entry in enumerate(entries):
            rect = g.pile_rect(seat, i)
            spots.append(Spot(entry["card"], entry["face_up"], rect, i))
            if not entry["face_up"] and entry["card"] is not None:  # one's own folded (or unturned) card
                tag = (rect[0] + 2, rect[1] + 2, int(sw * 0.62), max(12, g.step - 4))
                markers.append(Marker(tag, None, entry["card"].label, "counter", NOTE))
        for i, winner in enumerate(view["trick_winners"]):
            if winner == seat and i < len(entries):
                x, y = g.pile_rect(seat, i)[:2]
                d = max(8, min(g.step - 6, int(sw * 0.26)))
                markers.append(Marker((x + sw - d - 3, y + 3, d, d), None, "", "token", WON))
        count = len(entries)
        slot = g.pile_rect(seat, min(count, HAND - 1))
        mine = seat == g.me and view["seat"] == seat
        pad = int(6 * g.scale)
        drop = (g.pile_x(seat) - pad, g.pile_y - pad, sw + 2 * pad, g.pile_h + 2 * pad)
        if count:
            return Zone(f"played{seat}", "pile", slot, spots, markers=tuple(markers), seat=seat, drop=drop)
        if not view["dealt"][seat] or (view["instant"] or {}).get("seat") == seat:  # no slot: nothing to play to
            return Zone(f"played{seat}", "pile", slot, seat=seat)
        label = tr(N_("Play")) if mine and view["phase"] == "play" else ""
        return Zone(f"played{seat}", "stack", g.pile_rect(seat, 0), label=label, seat=seat, drop=drop)

    # ----- the bottom ------------------------------------------------------------------------------
    @staticmethod
    def _hand(view: Mapping[str, Any], g: Geometry, right: int) -> Zone:
        """The person's hand (the bottom seat's, face down behind the curtain), between the pot and the fold
        area; the cards it may play face up outlined blue."""
        hand = view["hands"][g.me]
        cw, ch = g.card
        left = g.margin + g.left_w + int(10 * g.scale)
        span = right - int(14 * g.scale) - left
        step = min(cw * 0.78, (span - cw) / max(1, len(hand) - 1)) if len(hand) > 1 else 0
        x0 = left + (span - cw - step * max(0, len(hand) - 1)) / 2
        rects = [(int(x0 + i * step), g.hand_y, cw, ch) for i in range(len(hand))]
        spots = [Spot(c, c is not None, r, i) for i, (c, r) in enumerate(zip(hand, rects, strict=True))]
        playable: frozenset[int] = frozenset()
        select = 0
        if _my_turn(view) and view["seat"] == g.me and view["legal"]:
            ok = set(view["legal"]["play"])
            playable = frozenset(i for i, c in enumerate(hand) if c in ok)
            select = 1
        return Zone(f"hand{g.me}", "hand", rects[0] if rects else (int(x0), g.hand_y, cw, ch), spots,
                    playable=playable, select=select, seat=g.me)

    @staticmethod
    def _bottom_left(view: Mapping[str, Any], g: Geometry, ctx: TableContext) -> list[Zone]:
        """The deck (the cards not in play), the side pot's turned card, and the pot with its chips."""
        sw, sh = g.small
        y = g.hand_y + g.card[1] - sh
        x = g.margin
        in_play = sum(len(h) for h in view["hands"]) + sum(len(p) for p in view["played"])
        side: Card | None = view["side_card"]
        left = DECK_SIZE - in_play - (1 if side is not None else 0)
        deck = [Spot(None, False, (x + min(i // 8, 3), y - min(i // 8, 3), sw, sh), i) for i in range(left)]
        zones = [Zone("deck", "pile", (x, y, sw, sh), deck)]
        x += sw + int(10 * g.scale)
        lines = [tr(N_("Pot {chips}")).format(chips=view["pot"])]
        if view["side_pot"] is not None:
            spots = [Spot(side, True, (x, y, sw, sh), 0)] if side is not None else []
            zones.append(Zone("side", "pile", (x, y, sw, sh), spots))
            x += sw + int(10 * g.scale)
            lines.append(tr(N_("Side pot {chips}")).format(chips=view["side_pot"]))
            target: Card | None = view["side_claim_card"]
            if view["side_claim"] is not None:
                lines.append(tr(N_("{player} took it ({card})")).format(player=ctx.name(view["side_claim"]),
                                                                       card=target.label) if target
                             else tr(N_("taken")))
            elif side is not None:
                lines.append(tr(N_("{card} may claim")).format(card=target.label) if target
                             else tr(N_("no claim (ace)")))
        w = g.margin + g.left_w - x
        h = int((14 + 21 * len(lines)) * g.scale)
        d = int(min(34 * g.scale, w * 0.3))
        panel = (x, g.hand_y + g.card[1] - h, w, h)
        chips = Marker((x + w - d - int(6 * g.scale), panel[1] + int(6 * g.scale), d, d), None, str(view["pot"]),
                       "chip", CHIP)
        zones.append(Zone("pot", "seat", panel, lines=tuple(lines), markers=(chips,)))
        return zones

    @staticmethod
    def _choice_centre(view: Mapping[str, Any], g: Geometry, ctx: TableContext) -> tuple[int, int]:
        """Where a choice shows: the region over the (still empty) piles, away from the person's own pile; the
        side pot's claim over the pot; Deal again (and Stop, in a session without a set length) over the hand."""
        legal = view.get("legal") or {}
        if legal.get("regions"):
            mine = g.columns[g.me] + g.col_w // 2
            x = ctx.width * 3 // 4 if mine < ctx.width // 2 else ctx.width // 4
            return x, g.pile_y + g.pile_h // 2
        if view["phase"] == "play":
            return g.margin + g.left_w // 2, g.hand_y + g.card[1] // 2
        return ctx.width // 2, g.hand_y + g.card[1] // 2

    # ----- gestures ---------------------------------------------------------------------------------
    @staticmethod
    def _card(view: Mapping[str, Any], picked: Sequence[Picked]) -> Card | None:
        me = view["seat"]
        if me is None or len(picked) != 1 or picked[0].zone != f"hand{me}":
            return None
        hand = view["hands"][me]
        index = picked[0].index
        return hand[index] if 0 <= index < len(hand) else None

    def drop_action(self, view: Mapping[str, Any], picked: Sequence[Picked], target: Target) -> Gesture:
        card = self._card(view, picked)
        if card is None or view["phase"] != "play":
            return None
        if target.zone == f"played{view['seat']}":
            return Play(card)
        if target.zone == "fold":
            return Fold(card)
        return None

    def drop_refusal(self, view: Mapping[str, Any], picked: Sequence[Picked], target: Target) -> str | None:
        if self._card(view, picked) is None or view["phase"] != "play":
            return None
        if target.zone.startswith(("played", "hand")) and target.zone[-1].isdigit() and \
                target.zone not in (f"played{view['seat']}", f"hand{view['seat']}"):
            return tr(N_("Play on your own pile (in your column), or drop the card on Fold to fold it."))
        return None

    def click_action(self, view: Mapping[str, Any], legal: Sequence[Action], target: Target) -> Gesture:
        if target.zone == "side" and CLAIM in legal:
            return CLAIM
        return None

    def can_pick(self, view: Mapping[str, Any], zone: str, index: int) -> bool:
        return _my_turn(view) and zone == f"hand{view['seat']}"

    def selection_actions(self, view: Mapping[str, Any], picked: Sequence[Picked],
                          legal: Sequence[Action]) -> Sequence[Choice]:
        if not _my_turn(view):
            return ()
        card = self._card(view, picked)
        if card is None:
            why = tr(N_("Click a card of your hand first"))
            return (Choice(tr(N_("Play")), None, why), Choice(tr(N_("Fold")), None, why))
        return (Choice(tr(N_("Play")), Play(card)), Choice(tr(N_("Fold")), Fold(card)))

    def choice_panel(self, view: Mapping[str, Any], legal: Sequence[Action], ctx: TableContext) -> ChoicePanel | None:
        claim = Choice(tr(N_("Claim the side pot ({chips})")).format(chips=view["side_pot"]), CLAIM) \
            if CLAIM in legal else None
        if view["phase"] == "between" and DEAL_AGAIN in legal:
            # A session of a set number of rounds ends by itself: nobody stops it half way.
            stop = () if view["rounds"] else (Choice(tr(N_("Stop")), STOP),)
            return ChoicePanel(self.round_title(view, ctx), (Choice(tr(N_("Deal again")), DEAL_AGAIN), *stop),
                               self.round_note(view))
        if any(a in legal for a in REGION.values()):
            choices = tuple(Choice(tr(REGION_WORDS[r]), REGION[r]) for r in view["regions"])
            return ChoicePanel(tr(N_("Region: {region}")).format(region=tr(REGION_WORDS[view["region"]])),
                               choices + ((claim,) if claim else ()),
                               tr(N_("You may change it until you play the first card.")))
        if claim is not None:
            turned = view["side_card"]
            return ChoicePanel(tr(N_("You hold the {card}")).format(card=view["side_claim_card"].label), (claim,),
                               tr(N_("one above the turned {card}")).format(card=turned.label) if turned else "")
        return None

    # ----- words ------------------------------------------------------------------------------------
    @staticmethod
    def round_title(view: Mapping[str, Any], ctx: TableContext) -> str:
        """Who won the last round."""
        row = view["sheet"][-1]
        title = N_("You won round {number}") if Names.of(ctx.names).is_you(row["winner"]) else \
            N_("{player} won round {number}")
        return tr(title).format(player=ctx.name(row["winner"]), number=row["number"])

    @staticmethod
    def round_note(view: Mapping[str, Any]) -> str:
        """How the last round was won, and what it paid."""
        row = view["sheet"][-1]
        hand = tr(HAND_WORDS[row["hand"]]) if row["hand"] else ""
        return tr(HOW_NOTE[row["how"]]).format(hand=hand, chips=row["pot"] + row["double"])

    def status(self, view: Mapping[str, Any], ctx: TableContext) -> str:
        """The status bar: the trick (1 to 6), the led suit, the region, and what to do now."""
        phase, turn, me = view["phase"], view["turn"], view["seat"]
        names = Names.of(ctx.names)
        if phase == "over":
            top = max(view["chips"])
            return session_won(tuple(s for s, c in enumerate(view["chips"]) if c == top), top, names)
        yours = turn is not None and (turn == me or names.is_you(turn))
        region = tr(REGION_WORDS[view["region"]])
        if view["rounds"] > 1:
            region += tr(N_(" \u00b7 Round {number} of {rounds}")).format(number=view["round"], rounds=view["rounds"])
        if phase == "between":
            head = f"{self.round_title(view, ctx)} {self.round_note(view)} \u00b7 {region}"
            if view["rounds"]:
                fields = {"player": ctx.name(turn), "number": view["round"] + 1, "rounds": view["rounds"]}
                todo = N_("Deal round {number} of {rounds}") if yours else \
                    N_("{player} to deal round {number} of {rounds}")
                return f"{head} \u00b7 {tr(todo).format(**fields)}"
            if yours:
                return f"{head} \u00b7 {tr(N_('Deal again, or stop the session'))}"
            return f"{head} \u00b7 {tr(N_('{player} to deal again or stop')).format(player=ctx.name(turn))}"
        led = view["led_suit"]
        trick = view["trick"]
        where = tr(N_("{suit} led")).format(suit=SUIT_SYMBOLS[led]) if led else tr(N_("nothing led"))
        head = tr(N_("Trick {number} of {last}")).format(number=trick, last=LAST_TRICK) + \
            f" \u00b7 {where} \u00b7 {region}"
        if turn is None:
            return head
        if turn != me:
            if names.is_you(turn):  # the person's turn, seen from another seat's view
                return f"{head} \u00b7 {tr(N_('Your turn') if led else N_('Your lead'))}"
            todo = N_("{player} to play") if led else N_("{player} to lead")
            return f"{head} \u00b7 {tr(todo).format(player=ctx.name(turn))}"
        suit = tr(SUITS[led]) if led else ""
        if led is None:
            todo = N_("Your lead: play a card face up")
        elif view["face_down_trick"]:
            todo = N_("Face down: follow {suit} or fold; all turn over together")
        elif trick == LAST_TRICK:
            todo = N_("Last trick: play your card face up, or fold it")
        elif not view["legal"]["play"]:
            todo = N_("No {suit}: fold a card (face down)")
        elif view["options"]["must_beat"]:
            todo = N_("Follow {suit} face up (beat the best if you can), or fold")
        else:
            todo = N_("Follow {suit} face up, or fold")
        return f"{head} \u00b7 {tr(todo).format(suit=suit)}"

    def score_sheet(self, view: Mapping[str, Any], ctx: TableContext) -> ScoreSheet | None:
        """A row per round: the region, the winner and how, the pot, and every seat's chips after it."""
        n = view["players"]
        side = view["side_pot"] is not None
        headers = (tr(N_("Round")), tr(N_("Region")), tr(N_("Winner")), tr(N_("How")), tr(N_("Pot")),
                   *((tr(N_("Side pot")),) if side else ()), *(ctx.name(s) for s in range(n)))
        rows = []
        for row in view["sheet"]:
            how = tr(HOW[row["how"]]) + (f" ({tr(HAND_WORDS[row['hand']])})" if row["hand"] else "")
            pot = f"{row['pot']}" + (f" +{row['double']}" if row["double"] else "")
            claim = (f"{ctx.name(row['side_claim'])} {row['side_amount']}" if row["side_claim"] is not None
                     else "\u2014",) if side else ()
            rows.append((str(row["number"]), tr(REGION_WORDS[row["region"]]), ctx.name(row["winner"]), how, pot, *claim,
                         *(str(c) for c in row["chips"])))
        # Each seat's result after the last round played: the ante already put in for the next round is not lost
        # yet (it is in the pot, still to be won).
        start = view["options"]["chips"]
        after = view["sheet"][-1]["chips"] if view["sheet"] else (start,) * n
        rows.append((tr(N_("Won or lost")), "", "", "", "", *(("",) if side else ()),
                     *(f"{c - start:+d}" for c in after)))
        return ScoreSheet(headers, tuple(rows))


LAYOUT = CatTeLayout()
