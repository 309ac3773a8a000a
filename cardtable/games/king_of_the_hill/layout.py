"""King of the Hill on the table: five seats round the middle, the person's hand along the bottom.

The person's panel is at the bottom left with their won cards (and, as King of the Hill, the dead hand) above it;
the hand runs along the bottom, sorted by the round's card order (in two rows while it holds 28 cards to bury).
The four other seats sit round the table (panel: name, rank, points won; a crown over the King of the Hill; the
defenders' panels tinted once the teammate is known), each with its face-down hand, won cards and, for the King
of the Hill, the dead hand.  The middle holds the deck during the deal, then the trick (a pair lies as two
overlapping cards towards the seat that played it).  The top left corner says the round, the trump rank and suit,
the call (the called card drawn small) and the teammate; the top right corner shows the last round's score and
its dead hand, face up, until the next one is buried.

Gestures: cards are selected with clicks (two to play, eight to bury) and played with the Play button, by a click
on the lit trick, or by dragging them (one card, or the selection) onto the trick; eight selected cards are buried
with the Bury button or by dropping them on the dead hand's place.  Declaring, choosing the trump suit and calling
are choice panels (a call: a suit, then one of its cards, shown as faces).

The deal's pace: the deal runs on (bots pass without their beat) and stops, with no clock, whenever the person
gets a card of the trump rank that lets them declare (a new suit, or a pair), and after the last card, when every
seat that may still declare chooses in turn; at the person's other stops the table passes for them.  Meanwhile
each declaration the person could make is a button: pressed, it is made at their next stop (at most four cards
later) if it still stands then.  In
pass-and-play nobody is called to the screen during the deal: each person with a declaration chooses after the last
card, behind their curtain, in turn.

Pure: turns `view(seat)` and the table's context into zones, and gestures into actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core.cards import ALTERNATING_SUITS, JOKER_SUIT, SUIT_NAMES, SUIT_SYMBOLS, Card
from cardtable.core.engine import Action, Event
from cardtable.core.layout import (
    BaseLayout,
    Choice,
    ChoicePanel,
    Colour,
    Gesture,
    LastTrick,
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
from cardtable.core.seating import Ring, panel_size, seat_ring
from cardtable.core.words import N_, Names, tr
from cardtable.games.king_of_the_hill.narration import NARRATION, card_text, suit_words
from cardtable.games.king_of_the_hill.rules import (
    CALL,
    CALL_NONE,
    CHOOSE,
    DECLARE,
    FACES,
    HAND_SIZE,
    KITTY,
    PASS,
    PLAY,
    Call,
    Declare,
    identical,
    order_for,
    play_two,
    rank_label,
)
from cardtable.games.king_of_the_hill.rules import Bury as BuryAction

CROWN_ROOM = 24  # the room the table keeps over a seat panel for its crown

#: The defenders' panels (the King of the Hill and the revealed teammate).
DEFENDER_TINT: Colour = (96, 72, 24)
SUIT_ORDER = ALTERNATING_SUITS  # as a sorted hand shows them
_PICTURE_COPY = 4  # a card's picture (the called card, the last dead hand) has a copy number no real card has


def picture(card: Card, shift: int = 0) -> Card:
    """A stand-in for `card` to draw beside the play: the same face (a joker keeps its colour) under a copy number
    no card of the two decks has, so the table never takes it for the real card (which may be in a hand)."""
    return Card(card.rank, card.suit, card.copy + _PICTURE_COPY * (1 + shift))


def suit_label(suit: str) -> str:
    return f"{SUIT_SYMBOLS[suit]} {suit_words(suit).capitalize()}"


def trump_card(view: Mapping[str, Any]) -> str:
    """"5♥", or the rank alone ("5") while no suit is trump."""
    rank, suit = view["trump_rank_label"], view["trump_suit"]
    return f"{rank}{SUIT_SYMBOLS[suit]}" if suit else rank


def trump_text(view: Mapping[str, Any]) -> str:
    """"Trump 5♥", "Trump rank 5" (no suit yet)."""
    template = N_("Trump {card}") if view["trump_suit"] else N_("Trump rank {card}")
    return tr(template).format(card=trump_card(view))


def called_card(view: Mapping[str, Any]) -> str:
    """The card called ("A♠", "none (alone)")."""
    card = view["called"]
    return tr(N_("none (alone)")) if card is None else card_text(card)


def called_text(view: Mapping[str, Any]) -> str:
    if not view["call_made"]:
        return tr(N_("No call yet"))
    return tr(N_("Called: {card}")).format(card=called_card(view))


class KingLayout(BaseLayout):
    """King of the Hill's `cardtable.core.layout.GameLayout`."""

    def build(self, view: Mapping[str, Any], ctx: TableContext) -> TableLayout:
        n = view["players"]
        me = ctx.bottom_seat
        s = ctx.scale
        width = ctx.width
        top, bottom = ctx.area[1], ctx.area[1] + ctx.area[3]
        cw = ctx.cards(max(40, min(width / 13, ctx.area[3] / 5.6, 90 * s)), min(width / 11, ctx.area[3] / 4.7))
        ch = int(cw * 1.4)
        pw, ph = panel_size(s)
        pw = min(pw, int(width * 0.23))
        small = (max(20, int(cw * 0.45)), max(28, int(cw * 0.63)))
        my_panel = (12, bottom - ph - 6, pw, ph)
        hand_y = bottom - ch - 6
        two_rows_top = hand_y - int(ch * 0.45)
        crown = max(CROWN_ROOM, int(22 * s))  # room for the crown over a panel
        piles_y = my_panel[1] - crown - 4 - small[1]
        ring_bottom = min(piles_y - 8, two_rows_top - 8)
        ring = seat_ring(n, me, width, top + crown, ring_bottom, small, s)
        small = ring.small_card
        zones: list[Zone] = []

        # The person: the hand along the bottom, right of the panel; won cards and dead hand above the panel.
        mine = self._hand(view, me, (my_panel[0] + pw + 12, width - 12), hand_y, (cw, ch))
        zones.append(mine)
        hand_top = min([spot.rect[1] for spot in mine.spots], default=hand_y)  # announcements go just above it
        zones.append(self._won(view, me, (my_panel[0] + 4, piles_y), small))
        zones.append(self._seat_panel(view, me, my_panel, ctx))
        dead_at = {me: (my_panel[0] + 4 + small[0] + 14, piles_y)}

        # The others round the table, each with its face-down hand, won cards and (the King of the Hill) dead hand.
        for seat in range(n):
            if seat == me:
                continue
            place = ring.places[seat]
            panel = place.panel
            # Under the panel: the face-down hand, then the won cards and the dead hand at the row's end.
            x, y = place.hand_at
            piles = 2 * small[0] + 12
            theirs = view["hands"][seat]
            step = min(small[0] * 0.3, (panel[2] - piles - small[0]) / max(1, len(theirs) - 1))
            zones.append(Zone(f"hand{seat}", "hand", (x, y, *small),
                              [Spot(c, False, (int(x + i * step), y, *small), i) for i, c in enumerate(theirs)]))
            end = panel[0] + panel[2] - small[0]
            zones.append(self._won(view, seat, (end - small[0] - 6, y), small))
            dead_at[seat] = (end, y)
            zones.append(self._seat_panel(view, seat, panel, ctx))

        middle = ring.middle
        tw = max(30, min(int(cw * 0.8), int(middle[3] * 0.36 / 1.4)))
        card = (tw, int(tw * 1.4))
        cx, cy = middle[0] + middle[2] // 2, middle[1] + middle[3] // 2
        burying = view["phase"] == "bury" and view["turn"] == me and view["seat"] == me
        if burying:  # the place to drop the eight cards to bury: a card's size, in the middle
            zones.append(Zone("dead", "stack", (cx - cw // 2, cy - ch // 2, cw, ch), label=tr(N_("Dead hand"))))
        else:
            zones.extend(self._dead(view, dead_at, small))
        corners = self._corners(ring, top, width, s)
        zones.extend(self._info(view, corners[0], small, ctx))
        zones.extend(self._last_round(view, corners[1], small, ctx))
        deck = view["deck"]
        deck_y = middle[1] + 8  # the deck at the top of the middle: a panel to declare goes below it
        zones.append(Zone("deck", "pile", (cx - tw // 2, deck_y, *card),
                          [Spot(None, False, (cx - tw // 2 + min(i // 8, 4), deck_y - min(i // 8, 4), *card), i)
                           for i in range(deck)]))
        zones.append(self._trick(view, ring, card))
        centre = (cx, cy + middle[3] // 8)
        return TableLayout(zones, (cw, ch), status=self.status(view, ctx), deal_from="deck", choice_centre=centre,
                           message_at=(width // 2 + pw // 2, hand_top - 6),
                           last_trick_at=tuple(f"{kind}{s}" for s in range(n) for kind in ("won", "seat")))

    def last_trick(self, view: Mapping[str, Any]) -> LastTrick | None:
        """The last trick, a pair as its two cards."""
        if not view["last_trick"]:
            return None
        return LastTrick(tuple(TrickPlay(s, tuple(cards)) for s, cards in view["last_trick"]), view["last_winner"])

    # ----- the parts ----------------------------------------------------------------------------------
    @staticmethod
    def _hand(view: Mapping[str, Any], me: int, span: tuple[int, int], y: int, card: tuple[int, int]) -> Zone:
        """The person's hand: one row, or two (the first half above) while it holds more than a hand's cards."""
        cw, ch = card
        hand = view["hands"][me]
        rows = 2 if len(hand) > HAND_SIZE else 1
        per_row = -(-len(hand) // rows) if hand else 0
        left, right = span
        rects: list[Rect] = []
        for r in range(rows):
            count = min(per_row, len(hand) - r * per_row)
            step = min(cw * 0.75, (right - left - cw) / max(1, count - 1)) if count > 1 else 0
            x0 = left + (right - left - (cw + step * (count - 1))) / 2
            ry = y - (rows - 1 - r) * int(ch * 0.45)
            rects += [(int(x0 + i * step), ry, cw, ch) for i in range(count)]
        mine = view["seat"] == me and view["turn"] == me
        phase = view["phase"]
        select = {"play": 2, "bury": KITTY}.get(phase, 0) if mine else 0
        playable = frozenset(playable_cards(view)) if mine and phase == "play" else frozenset()
        slot = rects[0] if rects else (span[0], y, cw, ch)
        return Zone(f"hand{me}", "hand", slot,
                    [Spot(c, c is not None, r, i) for i, (c, r) in enumerate(zip(hand, rects, strict=True))],
                    playable=frozenset(i for i, c in enumerate(hand) if c in playable), select=select)

    @staticmethod
    def _won(view: Mapping[str, Any], seat: int, at: tuple[float, float], small: tuple[int, int]) -> Zone:
        x, y = int(at[0]), int(at[1])
        won = view["won"][seat]
        return Zone(f"won{seat}", "pile", (x, y, *small),
                    [Spot(c, False, (x + min(i // 10, 5), y - min(i // 10, 5), *small), i)
                     for i, c in enumerate(won)])

    @staticmethod
    def _dead(view: Mapping[str, Any], dead_at: Mapping[int, tuple[int, int]], small: tuple[int, int]) -> list[Zone]:
        """The dead hand, face down by the King of the Hill (who knows its cards) once it is buried."""
        koth = view["koth"]
        if koth is None or view["phase"] not in ("call", "play"):
            return []
        x, y = dead_at[koth]
        spots = [Spot(c, False, (x + min(i, 4), y - min(i, 4), *small), i) for i, c in enumerate(view["dead"])]
        return [Zone("dead", "pile", (x, y, *small), spots)]

    def _seat_panel(self, view: Mapping[str, Any], seat: int, rect: Rect, ctx: TableContext) -> Zone:
        lines = [ctx.name(seat), tr(N_("rank {rank} \u00b7 {points} pts")).format(rank=view["rank_labels"][seat],
                                                                             points=view["points"][seat])]
        koth, teammate = view["koth"], view["teammate"]
        role = ""
        if seat == koth:
            role = tr(N_("King"))
        elif seat == teammate:
            role = tr(N_("teammate"))
        declaration = view["declaration"]
        if declaration is not None and declaration[0] == seat and view["phase"] == "declare":
            template = N_("declares {card} pair") if declaration[2] else N_("declares {card}")
            role = tr(template).format(card=f"{view['trump_rank_label']}{SUIT_SYMBOLS[declaration[1]]}")
        if role:  # beside the name: the panel's foot is for what the seat did last
            lines[0] = f"{lines[0]} \u00b7 {role}"
        marks = set()
        if view["turn"] == seat:
            marks.add("current")
        if seat == koth:
            marks.add("crown")
        tint = DEFENDER_TINT if teammate is not None and seat in (koth, teammate) else None
        return Zone(f"seat{seat}", "seat", rect, lines=tuple(lines), marks=frozenset(marks), seat=seat, tint=tint)

    @staticmethod
    def _corners(ring: Ring, top: int, width: int, s: float) -> tuple[Rect, Rect]:
        """The free top corners of the table (between the toolbar, the top seats and the side seats)."""
        panels = [p.panel for p in ring.places.values() if p.panel[1] > 0]
        y = top + 6
        upper = [p for p in panels if p[1] < y + 40 * s]  # the seats along the top
        sides = [p for p in panels if p not in upper]
        bottom = min([p[1] - 26 * s for p in sides], default=y + 150 * s)
        left_end = min([p[0] for p in upper], default=width // 2) - 12
        right_start = max([p[0] + p[2] for p in upper], default=width // 2) + 12
        w = int(min(250 * s, left_end - 12, width - 12 - right_start))
        h = int(bottom - y)
        return (12, y, w, h), (width - 12 - w, y, w, h)

    def _info(self, view: Mapping[str, Any], corner: Rect, small: tuple[int, int], ctx: TableContext) -> list[Zone]:
        """The round's facts in the top left corner: round, trump, the call (its card drawn small), the teammate."""
        s = ctx.scale
        rounds = view["rounds"]
        phase = view["phase"]
        number = view["round"] + 1
        head = tr(N_("Round {number} of {rounds}") if rounds else N_("Round {number}")).format(number=number,
                                                                                                rounds=rounds)
        if phase == "over":
            head = tr(N_("Game over"))
        lines = [head, trump_text(view), called_text(view)]
        teammate = view["teammate"]
        if teammate is not None:
            lines.append(tr(N_("Teammate: {player}")).format(player=ctx.name(teammate)))
        x, y, w, _ = corner
        h = int((12 + 21 * len(lines)) * s)
        zones = [Zone("info", "seat", (x, y, w, h), lines=tuple(lines))]
        called = view["called"]
        if called is not None and phase != "over":
            at = (x + w - small[0] - 8, y + 8)
            zones.append(Zone("called", "pile", (*at, *small), [Spot(picture(called, 1), True, (*at, *small), 0)]))
        return zones

    def _last_round(self, view: Mapping[str, Any], corner: Rect, small: tuple[int, int],
                    ctx: TableContext) -> list[Zone]:
        """The round just played, in the top right corner until the next dead hand is buried: its score and its
        dead hand face up."""
        records = view["records"]
        if not records or view["phase"] not in ("declare", "trump", "scored", "over"):
            return []
        last = records[-1]
        s = ctx.scale
        lines = (tr(N_("Round {number}: score {challenge}")).format(number=last["round"] + 1,
                                                                   challenge=last["challenge"]),
                 tr(N_("Dead hand of {player}: {points} pts")).format(player=ctx.name(last["koth"]),
                                                                      points=last["dead_points"]))
        x, y, w, _ = corner
        top = y + int((12 + 21 * len(lines)) * s)
        sw, sh = small
        step = min(sw + 4, (w - 16 - sw) / max(1, len(last["dead"]) - 1))
        cards = [Spot(picture(c), True, (int(x + 8 + i * step), top, sw, sh), i) for i, c in enumerate(last["dead"])]
        panel = Zone("last_round", "seat", (x, y, w, top - y + sh + 8), lines=lines)
        return [panel, Zone("last_dead", "pile", (x + 8, top, sw, sh), cards)]

    @staticmethod
    def _trick(view: Mapping[str, Any], ring: Ring, card: tuple[int, int]) -> Zone:
        """The trick: each play towards the seat that made it, a pair as two overlapping cards."""
        spots: list[Spot] = []
        tw, th = card
        shift = int(tw * 0.45)
        mx, my, mw, mh = ring.middle
        cx, cy = mx + mw / 2, my + mh / 2
        reach_x, reach_y = max(0.0, mw / 2 - (tw + shift) / 2 - 6), max(0.0, mh / 2 - th / 2 - 4)
        for seat, cards in view["trick"]:
            tx, ty = ring.places[seat].toward
            x = int(cx + tx * reach_x * 0.8 - (tw + shift * (len(cards) - 1)) / 2)
            y = int(cy + ty * reach_y - th / 2)
            for k, c in enumerate(cards):
                spots.append(Spot(c, True, (x + k * shift, y, tw, th), len(spots)))
        return Zone("trick", "trick", ring.middle, spots, drop=ring.middle)

    # ----- gestures -----------------------------------------------------------------------------------
    @staticmethod
    def _picked_cards(view: Mapping[str, Any], picked: Sequence[Picked]) -> list[Card]:
        me = view["seat"]
        if me is None:
            return []
        hand = view["hands"][me]
        indices = sorted({p.index for p in picked if p.zone == f"hand{me}" and 0 <= p.index < len(hand)})
        return [hand[i] for i in indices if hand[i] is not None]

    def drop_action(self, view: Mapping[str, Any], picked: Sequence[Picked], target: Target) -> Gesture:
        cards = self._picked_cards(view, picked)
        if not cards:
            return None
        phase = view["phase"]
        if phase == "play" and target.zone == "trick" and len(cards) <= 2:
            return PLAY[cards[0]] if len(cards) == 1 else play_two(*cards)
        if phase == "bury" and target.zone == "dead":
            return BuryAction(tuple(cards))
        return None

    def drop_refusal(self, view: Mapping[str, Any], picked: Sequence[Picked], target: Target) -> str | None:
        if view["phase"] == "bury" and target.zone == "trick" and self._picked_cards(view, picked):
            return tr(N_("Select the {count} cards to bury, then press Bury (or drop them on your dead hand's "
                         "place).")).format(count=KITTY)
        return None

    def can_pick(self, view: Mapping[str, Any], zone: str, index: int) -> bool:
        me = view["seat"]
        return (me is not None and zone == f"hand{me}" and view["turn"] == me
                and view["phase"] in ("play", "bury"))

    def selection_actions(self, view: Mapping[str, Any], picked: Sequence[Picked],
                          legal: Sequence[Action]) -> Sequence[Choice]:
        me, phase = view["seat"], view["phase"]
        if me is None or view["turn"] != me:
            return ()
        cards = self._picked_cards(view, picked)
        if phase == "bury":
            label = tr(N_("Bury ({chosen} of {count})")).format(chosen=len(cards), count=KITTY)
            if not cards:
                hint = tr(N_("Click the {count} cards to bury: they go face down as the dead hand")).format(count=KITTY)
                return (Choice(label, None, hint),)
            return (Choice(label, BuryAction(tuple(cards))),)
        if phase != "play":
            return ()
        if not cards:
            return (Choice(tr(N_("Play")), None, tr(N_("Select a card, or two identical cards, to play"))),)
        if len(cards) == 1:
            return (Choice(tr(N_("Play")), PLAY[cards[0]]),)
        label = tr(N_("Play pair")) if identical(*cards) else tr(N_("Play both"))
        return (Choice(label, play_two(*cards)),)

    def button_actions(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Sequence[Action]:
        """None: every decision is a choice panel or a selection (and the burials are far too many to look at)."""
        return ()

    def choice_panel(self, view: Mapping[str, Any], legal: Sequence[Action], ctx: TableContext) -> ChoicePanel | None:
        phase = view["phase"]
        if view["seat"] is None or view["turn"] != view["seat"]:
            return None
        if phase == "declare":
            return self._declare_panel(view, legal, ctx)
        if phase == "trump":
            return ChoicePanel(tr(N_("Choose the trump suit")),
                               tuple(Choice(suit_label(s), CHOOSE[s]) for s in SUIT_ORDER),
                               tr(N_("Nobody declared: the King of the Hill chooses.")))
        if phase == "call":
            groups = tuple(Choice(suit_label(s), None, group=tuple(CALL[c] for c in _faces_of(s)))
                           for s in SUIT_ORDER)
            jokers = tuple(Choice(card_text(c).capitalize(), CALL[c], card=c) for c in _faces_of(JOKER_SUIT))
            return ChoicePanel(tr(N_("Call a card")), (*groups, *jokers, Choice(tr(N_("Call none")), CALL_NONE)),
                               tr(N_("Whoever else plays it first is your teammate.")))
        return None

    @staticmethod
    def _declare_panel(view: Mapping[str, Any], legal: Sequence[Action], ctx: TableContext) -> ChoicePanel:
        rank = view["trump_rank_label"]
        choices = []
        for action in legal:
            if isinstance(action, Declare):
                shown = f"{rank}{SUIT_SYMBOLS[action.suit]}"
                template = N_("{suit} (pair {card} {card})") if action.pair else N_("{suit} ({card})")
                choices.append(Choice(tr(template).format(suit=suit_words(action.suit).capitalize(), card=shown),
                                      action))
        choices.append(Choice(tr(N_("Pass")), PASS))
        declaration = view["declaration"]
        if declaration is None:
            if view["deck"] > KITTY:
                note = tr(N_("Showing a card of the trump rank makes its suit trump. The deal waits for you."))
            else:
                note = tr(N_("Showing a card of the trump rank makes its suit trump. The deal is over: your last "
                             "chance."))
        else:
            seat, suit, _ = declaration
            if seat == view["seat"]:
                template = N_("You declared {suit}: only a pair of the trump rank overturns it.")
            else:
                template = N_("{player} declared {suit}: only a pair of the trump rank overturns it.")
            note = tr(template).format(player=ctx.name(seat), suit=suit_words(suit))
        return ChoicePanel(tr(N_("Declare the trump suit?")), tuple(choices), note)

    def chooser(self, actions: Sequence[Action]) -> ChoicePanel | None:
        """A suit's cards to call, as faces (the second step of the call)."""
        calls = [a for a in actions if isinstance(a, Call) and a.card is not None]
        if not calls or len(calls) != len(actions):
            return None
        suit = calls[0].card.suit  # type: ignore[union-attr]
        title = tr(N_("Call a card of {suit}")).format(suit=suit_words(suit)) if suit in SUIT_NAMES else tr(
            N_("Call a card"))
        return ChoicePanel(title,
                           tuple(Choice(card_text(a.card), a, card=a.card) for a in calls if a.card is not None),
                           tr(N_("You may not call a card you hold both copies of.")))

    def brisk(self, view: Mapping[str, Any]) -> bool:
        """The deal's stops are taken at the deal's pace."""
        return view["phase"] == "declare"

    def answer_for(self, view: Mapping[str, Any], legal: Sequence[Action], present: bool) -> Action | None:
        """While the deal goes on, a pass for a person whose stop brings nothing new (the card just dealt is not of
        the trump rank) or who is not alone at the screen; the choices after the last card are always asked."""
        if view["phase"] != "declare" or PASS not in legal or view["deck"] <= KITTY:
            return None
        card = view.get("dealt_last")
        new = present and card is not None and card.rank == view["trump_rank"] and card.suit != JOKER_SUIT
        return None if new else PASS

    def early_actions(self, view: Mapping[str, Any]) -> Sequence[Action]:
        """While the deal goes to the others, the declarations the person holds that would stand (as the engine
        offers them when the deal comes to them)."""
        me = view["seat"]
        declaration = view["declaration"]
        if view["phase"] != "declare" or me is None or view["deck"] <= KITTY or (declaration and declaration[2]):
            return ()
        rank = view["trump_rank"]
        held = [c.suit for c in view["hands"][me] if c is not None and c.rank == rank and c.suit != JOKER_SUIT]
        suits = [s for s in SUIT_ORDER if s in held]
        singles = [DECLARE[s, False] for s in suits] if declaration is None else []
        return [*singles, *(DECLARE[s, True] for s in suits if held.count(s) == 2)]

    def key_moment(self, event: Event) -> bool:
        """The teammate revealed."""
        return event.kind == "teammate"

    # ----- words --------------------------------------------------------------------------------------
    def score_sheet(self, view: Mapping[str, Any], ctx: TableContext) -> ScoreSheet:
        n = view["players"]
        headers = (*(tr(h) for h in (N_("Round"), N_("Trump"), N_("King"), N_("Called"), N_("Teammate"),
                                     N_("Score"))), *(ctx.name(s) for s in range(n)))
        rows = []
        for record in view["records"]:
            called = record["called"]
            teammate = record["teammate"]
            ranks = [f"{rank_label(b)}\u2192{rank_label(a)}" if a != b else rank_label(a)
                     for b, a in zip(record["ranks_before"], record["ranks_after"], strict=True)]
            rows.append((str(record["round"] + 1), f"{rank_label(record['trump_rank'])}"
                         f"{SUIT_SYMBOLS[record['trump_suit']]}", ctx.name(record["koth"]),
                         tr(N_("none")) if called is None else card_text(called),
                         "\u2014" if teammate is None else ctx.name(teammate), str(record["challenge"]), *ranks))
        if view["phase"] not in ("scored", "over"):  # the round being played
            koth = view["koth"]
            called = called_card(view) if view["call_made"] else "\u2014"
            teammate = view["teammate"]
            trump = trump_card(view) if view["trump_suit"] else tr(N_("rank {rank}")).format(
                rank=view["trump_rank_label"])
            rows.append((tr(N_("{number} (now)")).format(number=view["round"] + 1), trump,
                         "\u2014" if koth is None else ctx.name(koth), called,
                         "\u2014" if teammate is None else ctx.name(teammate), "", *view["rank_labels"]))
        rows.append((tr(N_("Rank")), "", "", "", "", "", *view["rank_labels"]))
        return ScoreSheet(headers, tuple(rows))

    def status(self, view: Mapping[str, Any], ctx: TableContext) -> str:
        parts = [trump_text(view)]
        if view["call_made"]:
            parts.append(called_text(view))
        said = status_words(view, ctx)
        return " \u00b7 ".join([*parts, said] if said else parts)


#: What the seat to act does, said to the person (their own turn) and of another seat, per phase.
_TURN_WORDS = {
    "declare": (N_("You: declare the trump suit, or pass."), N_("{player} may declare.")),
    "trump": (N_("You: choose the trump suit."), N_("{player} chooses the trump suit.")),
    "bury": (N_("Select {count} cards to bury, then press Bury (or drop them on the dead hand)"),
             N_("{player} buries {count} cards.")),
    "call": (N_("You: call a card, or none."), N_("{player} calls a card.")),
    "lead": (N_("You: lead a card or a pair."), N_("{player} to lead.")),
    "follow": (N_("You: play a card, following {suit} if you can."), N_("{player} to play.")),
    "follow_pair": (N_("You: play two cards, following {suit} if you can."), N_("{player} to play.")),
}


def status_words(view: Mapping[str, Any], ctx: TableContext) -> str:
    """What is happening, in a sentence, for the seat the view is for ("" during a beat with nobody to act): the
    person's own turn (or a seat called "You") said to them."""
    turn, phase = view["turn"], view["phase"]
    names = Names.of(ctx.name(s) for s in range(view["players"]))
    if turn is None:
        if phase != "over":
            return ""
        return NARRATION.outcome(view["winners"], view["ranks"], bool(view["rounds"]), names)
    if phase == "play":
        phase = "lead" if view["led_suit"] is None else "follow" if view["led_count"] == 1 else "follow_pair"
    mine, theirs = _TURN_WORDS[phase]
    template = mine if turn == view["seat"] or names.is_you(turn) else theirs
    return tr(template).format(player=names(turn), count=KITTY, suit=suit_words(view["led_suit"]))


def _faces_of(suit: str) -> list[Card]:
    """The faces of a suit to call, A high to 2 (the jokers: red, then black)."""
    cards = [c for c in FACES if c.suit == suit]
    return sorted(cards, key=lambda c: -(14 if c.rank == 1 else c.rank) if suit != JOKER_SUIT else -c.copy)


def playable_cards(view: Mapping[str, Any]) -> set[Card]:
    """The cards of the person's hand that some legal play uses (outlined on the table)."""
    hand = [c for c in view["hands"][view["seat"]] if c is not None]
    if not view["trick"]:
        return set(hand)
    suit_of = order_for(view["trump_rank"], view["trump_suit"]).suit_of
    mine = [c for c in hand if suit_of[c] == view["led_suit"]]
    if view["led_count"] == 1:
        return set(mine or hand)
    if len(mine) < 2:  # the led suit's card, if any, and any other
        return set(hand)
    paired = {c for c in mine for d in mine if c != d and identical(c, d)}
    return paired or set(mine)


LAYOUT = KingLayout()
