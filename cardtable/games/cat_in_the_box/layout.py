"""Cat in the Box on the table: the research board in the middle, the trick beside it, the seats down both sides.

The research board is a grid of cells (rows: the numbers, columns: red, blue, yellow, green), each column a tinted
panel under a header in its colour; the led colour's column is framed in gold.  Tokens on the board are in the
players' own colours (not the board's four: a red token must never read as a red declaration); observer tokens
are dark chips.  Each seat panel shows the player's token, the prediction and tricks won, and the player board: a
square per colour, crossed out once that colour is no longer available.  A card is played by dropping it on an empty
space (the space is the declaration), or by clicking it and then a lit space.

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
    Colour,
    FaceSpec,
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
from cardtable.core.seating import hand_row
from cardtable.core.words import N_, Names, tr
from cardtable.games.cat_in_the_box.narration import colour_word
from cardtable.games.cat_in_the_box.rules import (
    COLOURS,
    OBSERVER,
    PARADOX,
    PREDICT,
    PREDICTIONS,
    Discard,
    Paradox,
    Play,
    Predict,
    largest_group_spaces,
)

#: The board's colours: headers, colour tags on played cards, the squares of a player board.
BOARD_COLOURS: dict[str, Colour] = {"R": (214, 50, 50), "B": (45, 110, 225), "Y": (238, 196, 40), "G": (40, 165, 80)}
#: A column's background: its colour, darkened, so that the tokens on it stand out.
COLUMN_TINTS: dict[str, Colour] = {"R": (120, 44, 44), "B": (38, 62, 120), "Y": (118, 98, 28), "G": (26, 104, 60)}
#: The players' token colours: none of them is a board colour.
PLAYER_COLOURS: tuple[Colour, ...] = ((170, 95, 230), (250, 140, 40), (40, 210, 220), (250, 120, 190), (245, 245, 240))
OBSERVER_COLOUR: Colour = (52, 52, 58)
#: A colour the player has declared void: its square greyed out under a cross.
VOID_COLOUR: Colour = (92, 92, 98)
CREAM: Colour = (250, 243, 226)
OVAL: Colour = (238, 224, 196)
INK: Colour = (44, 38, 52)
CROSS = "\u00d7"
STAR = "\u2605"  # on the tokens of a group that scored its largest-group bonus


def bonus_spaces(view: Mapping[str, Any]) -> set[tuple[int, str]]:
    """At the end of the game, the spaces of the largest groups that scored a bonus in the last round."""
    if view["phase"] != "over" or not view["records"]:
        return set()
    bonus = view["records"][-1]["bonus"]
    return {space for seat, extra in enumerate(bonus) if extra
            for space in largest_group_spaces(view["board"], seat)}


def player_colour(seat: int) -> Colour:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def cat_face(card: Card) -> FaceSpec:
    """A cat card: a number and nothing else, dark on cream (a card has no colour until it is played)."""
    number = str(card.rank)
    return FaceSpec(CREAM, number, centre_fill=INK, corner=number, oval=(OVAL,), ink=INK)


def cell_id(number: int, colour: str) -> str:
    return f"cell{number}{colour}"


def parse_cell(zone_id: str) -> tuple[int, str] | None:
    """(number, colour) of a board cell's zone id, or None."""
    if not zone_id.startswith("cell") or len(zone_id) < 6 or zone_id[-1] not in COLOURS:
        return None
    try:
        return int(zone_id[4:-1]), zone_id[-1]
    except ValueError:
        return None


def _may_see_hand(view: Mapping[str, Any]) -> bool:
    return view["seat"] is not None and view["turn"] == view["seat"]


class CatLayout(BaseLayout):
    """Cat in the Box's `cardtable.core.layout.GameLayout`."""

    def build(self, view: Mapping[str, Any], ctx: TableContext) -> TableLayout:
        n = view["players"]
        me = ctx.bottom_seat
        width = ctx.width
        s = ctx.scale
        top, bottom = ctx.area[1] + 4, ctx.area[1] + ctx.area[3]
        cw = ctx.cards(max(38, min(width / 12.5, ctx.area[3] / 5.8, 100 * s)), min(width / 10.5, ctx.area[3] / 4.9))
        ch = int(cw * 1.4)
        hand_y = bottom - ch - 8
        pw = int(min(178 * s, width * 0.19))
        lines = 3 if view["rounds"] > 1 else 2
        ph = int((50 + 21 * lines) * s)  # the lines, the token and player board, the last move
        small = (max(18, int(cw * 0.42)), max(25, int(cw * 0.42 * 1.4)))
        zones: list[Zone] = []

        # The viewer: panel bottom left, hand along the bottom, discard and tricks won bottom right.
        my_panel = (12, bottom - ph - 6, pw, ph)
        hand = view["hands"][me]
        rects = hand_row(len(hand), width, hand_y, (cw, ch), 12 + pw + 12)
        playable: frozenset[int] = frozenset()
        if _may_see_hand(view) and view["seat"] == me:
            if view["phase"] == "discard":
                playable = frozenset(range(len(hand)))
            elif view["phase"] == "play":
                ranks = {card.rank for card, _ in view["legal_plays"]}
                playable = frozenset(i for i, c in enumerate(hand) if c is not None and c.rank in ranks)
        selects = 1 if view["phase"] == "play" and _may_see_hand(view) and view["seat"] == me else 0
        zones.append(Zone(f"hand{me}", "hand", rects[0] if rects else (width // 2 - cw // 2, hand_y, cw, ch),
                          [Spot(c, c is not None, r, i) for i, (c, r) in enumerate(zip(hand, rects, strict=True))],
                          playable=playable, select=selects))
        if view["phase"] == "discard":  # a place to drop the card to discard
            discard = (width - 12 - small[0] - 14 - cw, hand_y, cw, ch)
        else:  # the viewer's own discard stays in sight, small
            discard = (width - 12 - 2 * small[0] - 10, hand_y + ch - small[1], *small)
        mine = view["my_discard"] if view["seat"] == me else None
        shown = [Spot(mine, mine is not None, discard, 0)] if view["discarded"][me] else []
        zones.append(Zone(f"discard{me}", "stack" if view["phase"] == "discard" else "pile", discard, shown,
                          label="Discard"))
        zones.append(self._won(view, me, (width - 12 - small[0], hand_y + ch - small[1]), small))
        zones.append(self._seat_panel(view, me, my_panel, ctx))

        # The others, clockwise: up the left side, then down the right side.
        others = [(me + k) % n for k in range(1, n)]
        left_count = (len(others) + 1) // 2
        column_bottom = min(hand_y, my_panel[1]) - 8
        column_top = top + int(18 * s)  # room for the trick leader's crown under the toolbar
        block_h = ph + 4 + small[1]
        for k, seat in enumerate(others):
            on_left = k < left_count
            count = left_count if on_left else len(others) - left_count
            slot = (left_count - 1 - k) if on_left else (k - left_count)
            room = column_bottom - column_top
            step = max(block_h + 6, room // max(1, count)) if count > 1 else block_h
            if count > 1:
                step = min(step, (room - block_h) // (count - 1))
            by = column_top + slot * step
            bx = 12 if on_left else width - 12 - pw
            zones.extend(self._other(view, seat, (bx, by, pw, ph), small, ctx))

        # The middle: the research board, and beside it the facts of the round and the trick.
        mx0, mx1 = 12 + pw + 12, width - 12 - pw - 12
        my0, my1 = top, hand_y - 10
        rows = view["top"]
        head_h = int(26 * s)
        gap = max(2, int(3 * s))
        cell_h = int(min((my1 - my0 - head_h - 6) / rows - gap, 74 * s))
        board_share = 0.5 if n >= 4 else 0.55
        cell_w = int(min(cell_h * 1.35, ((mx1 - mx0) * board_share) / 4 - gap))
        cell_h = min(cell_h, int(cell_w * 1.1))
        board_w = 4 * (cell_w + gap) - gap
        board_h = head_h + 6 + rows * (cell_h + gap) - gap
        trick_step, tw = self._trick_size(n, cw, mx1 - mx0 - board_w - int(18 * s))
        trick_w = tw + trick_step * (n - 1)
        info_w = int(min(max(trick_w, 190 * s), mx1 - mx0 - board_w - 18 * s))
        right_w = max(trick_w, info_w)
        spare = (mx1 - mx0) - board_w - int(18 * s) - right_w
        bx0 = mx0 + max(0, spare // 2)
        by0 = my0 + max(0, (my1 - my0 - board_h) // 2)
        zones.extend(self._board(view, (bx0, by0), (cell_w, cell_h), head_h, gap, ctx))

        rx = bx0 + board_w + int(18 * s)
        info_lines = self._info_lines(view)
        info_h = int((12 + 21 * len(info_lines)) * s) + (small[1] + 6 if view["revealed"] else 0)
        info = (rx, by0, info_w, info_h)
        zones.append(Zone("info", "seat", info, lines=info_lines))
        th = int(tw * 1.4)
        tag_h = int(max(14, min(22 * s, tw * 0.36)))
        trick_x = rx + (right_w - trick_w) // 2
        trick_y = max(info[1] + info_h + int(18 * s), by0 + (board_h - th - tag_h) // 2)
        zones.append(self._trick(view, (trick_x, trick_y), (tw, th), trick_step, tag_h))
        if view["revealed"]:
            zones.append(self._revealed(view, (rx + 8, info[1] + info_h - small[1] - 8), small))
        # Choices (a prediction, the paradox) show under the trick, clear of the seats at the sides and of the hand.
        half = int(min(210 * s, (mx1 - mx0) // 2))
        below = (trick_y + th + tag_h + hand_y) // 2
        centre = (min(max(rx + right_w // 2, mx0 + half), mx1 - half), min(below, hand_y - int(80 * s)))
        return TableLayout(zones, (cw, ch), status=self.status(view, ctx), choice_centre=centre,
                           message_at=(centre[0], hand_y - 12),
                           last_trick_at=tuple(f"{kind}{s}" for s in range(n) for kind in ("won", "seat")))

    def last_trick(self, view: Mapping[str, Any]) -> LastTrick | None:
        """The last trick, each card with the colour it was played as; a trick the paradox interrupted is won by
        nobody."""
        if not view["last_trick"]:
            return None
        plays = tuple(TrickPlay(s, (c,), tr(N_("as {colour}")).format(colour=colour_word(colour)))
                      for s, c, colour in view["last_trick"])
        return LastTrick(plays, view["last_winner"])

    # ----- the parts --------------------------------------------------------------------------------
    @staticmethod
    def _trick_size(n: int, cw: int, room: int) -> tuple[int, int]:
        """(step, width) of the trick's cards: up to `cw` wide, overlapping when the room is short."""
        tw = int(max(26, min(cw * 0.9, room / (1 + 0.62 * (n - 1)))))
        step = int(min(tw + 6, (room - tw) / max(1, n - 1))) if n > 1 else 0
        return max(step, int(tw * 0.62)), tw

    def _board(self, view: Mapping[str, Any], at: tuple[int, int], cell: tuple[int, int], head_h: int, gap: int,
               ctx: TableContext) -> list[Zone]:
        x0, y0 = at
        cw, chh = cell
        rows = view["top"]
        board = view["board"]
        led = view["led"]
        zones: list[Zone] = []
        column_h = head_h + 6 + rows * (chh + gap) - gap
        for c, colour in enumerate(COLOURS):
            x = x0 + c * (cw + gap)
            marks = frozenset({"current"}) if led == colour else frozenset()
            zones.append(Zone(f"column{colour}", "seat", (x - 2, y0 - 2, cw + 4, column_h + 4),
                              tint=COLUMN_TINTS[colour], marks=marks))
            name = colour_word(colour).capitalize()
            if cw < 64 * ctx.scale:  # a narrow column, tinted in its colour: its initial heads it
                name = name[0]
            zones.append(Zone(f"head{colour}", "seat", (x, y0, cw, head_h), lines=(name,),
                              tint=BOARD_COLOURS[colour]))
        token = int(min(cw, chh) * 0.72)
        starred = bonus_spaces(view)
        for row in range(rows):
            number = row + 1
            y = y0 + head_h + 6 + row * (chh + gap)
            for c, colour in enumerate(COLOURS):
                rect = (x0 + c * (cw + gap), y, cw, chh)
                owner = board.get((number, colour))
                markers: tuple[Marker, ...] = ()
                if owner is not None:
                    disc = (rect[0] + (cw - token) // 2, rect[1] + (chh - token) // 2, token, token)
                    if owner == OBSERVER:
                        markers = (Marker(disc, None, "", "chip", OBSERVER_COLOUR),)
                    else:
                        star = STAR if (number, colour) in starred else ""
                        markers = (Marker(disc, owner, star, "token", player_colour(owner)),)
                zones.append(Zone(cell_id(number, colour), "cell", rect, label=str(number), markers=markers))
        return zones

    @staticmethod
    def _trick(view: Mapping[str, Any], at: tuple[int, int], card: tuple[int, int], step: int, tag_h: int) -> Zone:
        x, y = at
        tw, th = card
        spots, markers = [], []
        token = max(10, int(tw * 0.3))
        for i, (seat, played, colour) in enumerate(view["trick"]):
            rect = (x + i * step, y, tw, th)
            spots.append(Spot(played, True, rect, i))
            tag_w = min(tw, step) - 2
            markers.append(Marker((rect[0], y + th + 3, tag_w, tag_h), None, colour_word(colour).capitalize(),
                                  "counter", BOARD_COLOURS[colour]))
            markers.append(Marker((rect[0] + 3, y + th - token - 3, token, token), seat, "", "token",
                                  player_colour(seat)))
        return Zone("trick", "trick", (x, y, tw, th), spots, markers=tuple(markers))

    @staticmethod
    def _revealed(view: Mapping[str, Any], at: tuple[int, int], small: tuple[int, int]) -> Zone:
        x, y = at
        cards = view["revealed"]
        return Zone("centre", "spread", (x, y, *small),
                    [Spot(c, True, (x + i * (small[0] + 4), y, *small), i) for i, c in enumerate(cards)])

    def _other(self, view: Mapping[str, Any], seat: int, panel: Rect, small: tuple[int, int],
               ctx: TableContext) -> list[Zone]:
        """Another seat's block: its panel, and under it its face-down hand, its discard and its tricks."""
        x, y, pw, ph = panel
        sw, sh = small
        row_y = y + ph + 4
        won_x = x + pw - sw
        discard_x = won_x - sw - 8
        count = len(view["hands"][seat])
        room = max(sw, discard_x - 8 - x)
        fan = min(sw * 0.45, (room - sw) / max(1, count - 1)) if count > 1 else 0
        cards = view["hands"][seat]
        hand = [Spot(None, False, (int(x + i * fan), row_y, sw, sh), i) for i in range(len(cards))]
        zones = [Zone(f"hand{seat}", "hand", (x, row_y, sw, sh), hand)]
        if view["phase"] == "discard":  # face down: no one else sees it (it is gone once the discards are in)
            discard = [Spot(None, False, (discard_x, row_y, sw, sh), 0)] if view["discarded"][seat] else []
            zones.append(Zone(f"discard{seat}", "pile", (discard_x, row_y, sw, sh), discard))
        zones.append(self._won(view, seat, (won_x, row_y), small))
        zones.append(self._seat_panel(view, seat, panel, ctx))
        return zones

    @staticmethod
    def _won(view: Mapping[str, Any], seat: int, at: tuple[int, int], small: tuple[int, int]) -> Zone:
        x, y = at
        won = view["won"][seat]
        tricks = view["tricks"][seat]
        d = max(14, small[0] * 2 // 3)
        at = (x + (small[0] - d) // 2, y + (small[1] - d) // 2)
        counter = (Marker((*at, d, d), seat, str(tricks), "counter", (235, 228, 205)),) if tricks else ()
        return Zone(f"won{seat}", "pile", (x, y, *small),
                    [Spot(None, False, (x + min(i // 4, 4), y - min(i // 4, 4), *small), i) for i in range(won)],
                    markers=counter)

    @staticmethod
    def _seat_panel(view: Mapping[str, Any], seat: int, rect: Rect, ctx: TableContext) -> Zone:
        phase = view["phase"]
        prediction = view["predictions"][seat]
        won = view["tricks"][seat]
        if phase == "discard":
            doing = tr(N_("discarded")) if view["discarded"][seat] else tr(N_("to discard"))
        elif prediction is None:
            doing = tr(N_("to predict"))
        else:
            doing = tr(N_("predicts {prediction} \u00b7 won {won}")).format(prediction=prediction, won=won)
        lines = [ctx.name(seat), doing]
        if view["rounds"] > 1:
            lines.append(tr(N_("total {points}")).format(points=view["totals"][seat]))
        if view["paradox"] == seat:
            lines[1] = tr(N_("paradox! \u00b7 won {won}")).format(won=won)
        marks = set()
        if view["turn"] == seat:
            marks.add("current")
        if view["trick"] and view["trick"][0][0] == seat:
            marks.add("crown")  # the trick's leader
        x, y, w, h = rect
        s = ctx.scale
        # Under the lines: the player's token (as on the board), then the player board, a square per colour,
        # crossed out once the colour is no longer available.
        d = int(18 * s)
        row_y = y + int((8 + 21 * len(lines) + 4) * s)
        markers = [Marker((x + 8, row_y, d, d), seat, "", "token", player_colour(seat))]
        q, step = int(15 * s), int(20 * s)
        available = set(view["available"][seat])
        for i, colour in enumerate(COLOURS):
            square = (x + 8 + d + int(12 * s) + i * step, row_y + (d - q) // 2, q, q)
            if colour in available:
                markers.append(Marker(square, seat, "", "counter", BOARD_COLOURS[colour]))
            else:
                markers.append(Marker(square, seat, CROSS, "counter", _faded(BOARD_COLOURS[colour])))
        return Zone(f"seat{seat}", "seat", rect, lines=tuple(lines), marks=frozenset(marks), seat=seat,
                    markers=tuple(markers))

    @staticmethod
    def _info_lines(view: Mapping[str, Any]) -> tuple[str, ...]:
        led = view["led"]
        lines = [tr(N_("Red is trump"))]
        if view["phase"] == "play":
            lines.append(tr(N_("{Colour} led")).format(Colour=colour_word(led).capitalize()) if led else
                         tr(N_("Nothing led yet")))
        elif view["phase"] == "over":
            lines.append(tr(N_("Game over")))
            if bonus_spaces(view):
                lines.append(tr(N_("{star} the bonus groups")).format(star=STAR))
        else:
            lines.append(tr(N_("Discard, then predict")) if view["phase"] == "discard" else
                         tr(N_("Predict 1 to 4 tricks")))
        if view["rounds"] > 1:
            lines.append(tr(N_("Round {round} of {rounds}")).format(round=view["round"] + 1, rounds=view["rounds"]))
        if view["revealed"]:
            lines.append(tr(N_("Revealed (observer tokens):")))
        return tuple(lines)

    # ----- gestures ---------------------------------------------------------------------------------
    def _held(self, view: Mapping[str, Any], picked: Sequence[Picked]) -> Card | None:
        me = view["seat"]
        if me is None or len(picked) != 1 or picked[0].zone != f"hand{me}":
            return None
        hand = view["hands"][me]
        index = picked[0].index
        return hand[index] if 0 <= index < len(hand) else None

    def drop_action(self, view: Mapping[str, Any], picked: Sequence[Picked], target: Target) -> Gesture:
        card = self._held(view, picked)
        if card is None:
            return None
        # Cards of one number are alike, and the engine lists the first copy of each number: play that one.
        first = next(c for c in view["hands"][view["seat"]] if c is not None and c.rank == card.rank)
        if view["phase"] == "discard":
            return Discard(first) if target.zone == f"discard{view['seat']}" else None
        space = parse_cell(target.zone)
        if space is None or view["phase"] != "play" or space[0] != card.rank:
            return None  # a card declares a colour only on its own number's row
        return Play(first, space[1])

    def drop_refusal(self, view: Mapping[str, Any], picked: Sequence[Picked], target: Target) -> str | None:
        card = self._held(view, picked)
        space = parse_cell(target.zone)
        if card is None or space is None:
            return None
        if view["phase"] == "discard":
            return tr(N_("First discard a card: drop it on your discard space, or click it."))
        if view["phase"] == "play" and space[0] != card.rank:
            return tr(N_("A {number} goes in the {number} row: its colour is the column you drop it in.")).format(
                number=card.rank)
        return None

    def click_action(self, view: Mapping[str, Any], legal: Sequence[Action], target: Target) -> Gesture:
        me = view["seat"]
        if me is None or target.index is None or view["phase"] != "discard":
            return None
        return self.drop_action(view, [Picked(target.zone, target.index)], Target(f"discard{me}"))

    def can_pick(self, view: Mapping[str, Any], zone: str, index: int) -> bool:
        me = view["seat"]
        return me is not None and zone == f"hand{me}" and view["phase"] in ("discard", "play")

    def is_button(self, action: Action) -> bool:
        return isinstance(action, (Predict, Paradox))

    def choice_panel(self, view: Mapping[str, Any], legal: Sequence[Action], ctx: TableContext) -> ChoicePanel | None:
        if PARADOX in legal:
            return ChoicePanel(tr(N_("Paradox!")), (Choice(tr(N_("Paradox: no card can be declared")), PARADOX),),
                               tr(N_("The round ends: you score \u22121 per trick won.")))
        if not any(isinstance(a, Predict) for a in legal):
            return None
        made = [(s, p) for s, p in enumerate(view["predictions"]) if p is not None]
        if made:
            so_far = tr(N_(", ")).join(tr(N_("{name} {prediction}")).format(name=ctx.name(s), prediction=p)
                                       for s, p in made)
            note = tr(N_("So far: {predictions}")).format(predictions=so_far)
        else:
            note = tr(N_("You predict first."))
        return ChoicePanel(tr(N_("Your prediction")),
                           tuple(Choice(str(k), PREDICT[k] if PREDICT[k] in legal else None) for k in PREDICTIONS),
                           note)

    def score_sheet(self, view: Mapping[str, Any], ctx: TableContext) -> ScoreSheet | None:
        n = view["players"]
        headers = (tr(N_("Round")), *(ctx.name(s) for s in range(n)))
        rows = []
        for k, record in enumerate(view["records"]):
            cells = []
            for s in range(n):
                if record["paradox"] == s:
                    cells.append(tr(N_("{predicted}/{won} paradox {score:+d}")).format(
                        predicted=record["predictions"][s], won=record["tricks"][s], score=record["scores"][s]))
                else:
                    bonus = f" +{record['bonus'][s]}" if record["bonus"][s] else ""
                    cells.append(f"{record['predictions'][s]}/{record['tricks'][s]}{bonus} = {record['scores'][s]}")
            rows.append((str(k + 1), *cells))
        if view["phase"] != "over":
            cells = [f"{'?' if p is None else p}/{t}" for p, t in zip(view["predictions"], view["tricks"],
                                                                      strict=True)]
            rows.append((tr(N_("{round} (now)")).format(round=view["round"] + 1), *cells))
        rows.append((tr(N_("Total")), *(str(t) for t in view["totals"])))
        return ScoreSheet(headers, tuple(rows))

    def face(self, card: Card) -> FaceSpec:
        return cat_face(card)

    # ----- words ------------------------------------------------------------------------------------
    def status(self, view: Mapping[str, Any], ctx: TableContext) -> str:
        turn, me, phase = view["turn"], view["seat"], view["phase"]
        if view["rounds"] > 1:
            head = tr(N_("Round {round} of {rounds} \u00b7 red is trump")).format(round=view["round"] + 1,
                                                                               rounds=view["rounds"])
        else:
            head = tr(N_("Red is trump"))
        if turn is None:
            return tr(N_("{head} \u00b7 Game over")).format(head=head) if phase == "over" else head
        names = Names.of(ctx.name(s) for s in range(view["players"]))
        who = names(turn)
        mine = turn == me
        if not mine and names.is_you(turn):  # the person's turn, seen from no seat (their cards unseen)
            doing = _YOUR_TURN.get(phase, N_("Your turn to lead") if view["led"] is None else N_("Your turn to play"))
        elif phase == "discard":
            doing = N_("Click a card to discard it face down (no one else sees it)") if mine else N_("{who} to discard")
        elif phase == "predict":
            doing = N_("Predict how many tricks you will win: 1 to 4") if mine else N_("{who} to predict")
        elif not mine:
            doing = N_("{who} to lead") if view["led"] is None else N_("{who} to play")
        elif not view["legal_plays"]:
            doing = N_("Paradox: no card in your hand can be declared")
        elif view["led"] is None:
            doing = N_("Your lead: drop a card on an empty space; its column is the colour you declare")
        else:
            doing = N_("{Colour} led: declare {colour} if you can")
        led = colour_word(view["led"]) if view["led"] is not None else ""
        said = tr(doing).format(who=who, colour=led, Colour=led.capitalize())
        return tr(N_("{head} \u00b7 {doing}")).format(head=head, doing=said)


#: The person's turn in the phases before the play, said when the table shows no seat's cards.
_YOUR_TURN = {"discard": N_("Your turn to discard"), "predict": N_("Your turn to predict")}


def _faded(colour: Colour) -> Colour:
    """A board colour greyed out: a colour no longer available."""
    return tuple(int(c * 0.35 + g * 0.65) for c, g in zip(colour, VOID_COLOUR, strict=True))  # type: ignore[return-value]


LAYOUT = CatLayout()
