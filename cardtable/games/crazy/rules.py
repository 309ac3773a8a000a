"""Crazy (the Uno family): pure rules (see shared rules/crazy.md; source seed 002).

Cards: `Card(rank, suit, copy)`.  Coloured cards have suit "R", "Y", "G" or "B" (red, yellow, green, blue) and
rank 0-9 for numbers, 10 Skip, 11 Reverse, 12 Draw Two; wild cards have suit "W" and rank 13 (Crazy) or 14
(Crazy Draw Four).  Repeated faces are told apart by `copy` (0-1 for coloured cards, 0-3 for wild cards), so
codes read "5:R", "5:R#1", "13:W#2".

Seats are 0..n-1.  Seat 0 plays first and play goes in increasing seat order ("clockwise", direction +1) until a
Reverse flips it (-1, "anticlockwise").  The rules hold no words: `narration.py` says the events, refusals,
actions, status and results.

Zones (for events and the table): hand0..hand{n-1}, draw (the draw pile, face down, its top is the list's end),
discard (face up, its top is the list's end).

Decisions taken where rules/crazy.md leaves room (each one is tested):
- A wild card carries its colour in the action: `Play(card, colour)`; a Crazy Draw Four under the default random
  colour rule is `Play(card, None)` and the colour comes from the state's own generator.
- A player who cannot play makes the `Draw` action.  A playable drawn card must be played at once: it is then the
  only legal move (`Play` of that card, with a colour choice if it is a Crazy); an unplayable one is kept and the
  turn passes within the same action.
- Penalties (Draw Two, Crazy Draw Four) are drawn at once when the card is played; the victim has no decision.
- A Reverse with two players flips the direction (the table shows it) and also skips the other player, so the
  same player plays again.
- The discard pile is shuffled into a new draw pile when a card must be drawn from an empty draw pile (not before).
- A turn, for the 2,000-turn safety rule, is one seat's go: a play, a draw kept, or a draw then its play.  Turns
  lost to a Skip or a penalty are not turns taken.  The game ends when the 2,000th turn ends with no winner.
- Scores (option "score by points"): the winner scores the points of the cards in the hands of the seats that did
  not win (after a final penalty has been drawn).  A shared win (safety rule) gives every winner that total.
  Without the option, each winner scores 1 and everyone else 0.
- Draws are told to the table as Event("draw", src="draw", dst="hand{s}", seat=s, value=count) with no cards:
  events reach a table that shows one seat's view, so the drawn faces stay hidden (the drawer sees them in
  view(seat)["hands"]).  What the draw means for the drawer follows as its own event ("keep", "must_play",
  "cannot_draw", or "penalty" with the count asked, the count got and whether the turn is lost).
- `apply(action, record=False)` (searches, bots) builds no event at all; `refusal(action)` is the one test of
  legality, which `apply` makes and whose code and fields the narration words.
- No event holds a beat: every move shows as the state it leaves (the colour box and the counts change as the
  move's cards land).
- `determinize(seat)` deals every card hidden from `seat` (the others' hands and the draw pile) anew, keeping the
  hand sizes, and gives the clone a new seed (future shuffles and random colours unknown).  While a seat must
  play the card it drew, everybody knows that card is playable and the rest of that hand is not; the resampled
  hand keeps that.  Older inferences (what a seat lacked when it drew) are not used.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from cardtable.core.cards import Card, custom_deck
from cardtable.core.engine import Action, Event, IllegalAction, Result, Rules, State, TimeLimit, new_seed
from cardtable.core.words import Seated
from cardtable.games.crazy import INFO

COLOURS: tuple[str, ...] = ("R", "Y", "G", "B")
WILD = "W"
SKIP, REVERSE, DRAW_TWO, CRAZY, DRAW_FOUR = 10, 11, 12, 13, 14
HAND_SIZE = 7
MAX_TURNS = 2000
PLAYERS = INFO.players
ACTION_POINTS = 20
WILD_POINTS = 50
CLOCKWISE, ANTICLOCKWISE = 1, -1

#: What the engine records.  "draw" is the cards' flight alone (value: how many); what the draw means for the
#: drawer comes as its own event: "keep", "must_play", "cannot_draw" or "penalty".
EventKind = Literal[
    "deal", "turn_up", "first", "move", "colour", "random_colour", "skip", "reverse", "draw", "keep", "must_play",
    "cannot_draw", "penalty", "shuffle", "turn_limit", "win", "over",
]
EVENT_KINDS: tuple[str, ...] = get_args(EventKind)


def deck_faces() -> list[tuple[int, str]]:
    """The 112 faces: per colour two of each number 0-9, two Skip, two Reverse, two Draw Two; then the wild cards."""
    faces = [(rank, colour) for colour in COLOURS for rank in range(13) for _ in range(2)]
    return faces + [(CRAZY, WILD)] * 4 + [(DRAW_FOUR, WILD)] * 4


DECK: tuple[Card, ...] = tuple(custom_deck(deck_faces()))
DECK_SET = frozenset(DECK)


def shuffled_pack(seed: int) -> list[Card]:
    """The 112 cards shuffled by the game's seed, the top of the pack first."""
    key = random.Random(seed).random
    return sorted(DECK, key=lambda _: key())  # sorting by independent uniform keys is a uniform shuffle


def card_points(card: Card) -> int:
    """Numbers at face value, Draw Two / Skip / Reverse 20, wild cards 50."""
    if card.suit == WILD:
        return WILD_POINTS
    return card.rank if card.rank < SKIP else ACTION_POINTS


def is_wild(card: Card) -> bool:
    return card.suit == WILD


def playable(card: Card, colour: str, label: int) -> bool:
    """A card is playable when it matches the current colour or the current label, or is a wild card."""
    return card[1] == colour or card[0] == label or card[1] == WILD


# ----- actions ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Play(Action):
    """Play a card from the hand onto the discard pile.

    `colour` ("R", "Y", "G", "B") is the colour chosen for a Crazy, or for a Crazy Draw Four when the table
    option lets the player choose; it is None for every other card (and for a Crazy Draw Four's random colour).
    """

    card: Card
    colour: str | None = None


@dataclass(frozen=True)
class Draw(Action):
    """Draw one card from the draw pile (only for a player who cannot play)."""


DRAW = Draw()


def _plays(card: Card, choose_draw_four: bool) -> tuple[Play, ...]:
    if card.suit != WILD or (card.rank == DRAW_FOUR and not choose_draw_four):
        return (Play(card),)
    return tuple(Play(card, c) for c in COLOURS)


# Shared action instances: legal_actions allocates only its list.
_PLAYS_RANDOM_D4: dict[Card, tuple[Play, ...]] = {c: _plays(c, False) for c in DECK}
_PLAYS_CHOOSE_D4: dict[Card, tuple[Play, ...]] = {c: _plays(c, True) for c in DECK}
_COLOUR_ORDER = {c: i for i, c in enumerate(COLOURS + (WILD,))}
SORT_KEY: dict[Card, tuple[int, int, int]] = {c: (_COLOUR_ORDER[c.suit], c.rank, c.copy) for c in DECK}


# ----- the state ----------------------------------------------------------------------------------------


class CrazyState(State):
    """A game of Crazy in progress."""

    __slots__ = (
        "turn", "n", "options", "seed", "chance", "choose_draw_four", "score_points", "acts", "hands", "draw",
        "discard", "colour", "label", "colour_from", "direction", "drawn", "turns", "winners", "safety_end",
    )

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        self.n = players
        self.options = options
        self.seed = seed
        self.chance = 0  # chance events after the deal so far (each gets its own generator)
        self.choose_draw_four = bool(options["choose_draw_four_colour"])
        self.score_points = bool(options["score_by_points"])
        self.acts = _PLAYS_CHOOSE_D4 if self.choose_draw_four else _PLAYS_RANDOM_D4
        self.turn: int | None = 0
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.draw: list[Card] = []
        self.discard: list[Card] = []
        self.colour = COLOURS[0]
        self.label = 0
        self.colour_from = "card"  # "card", "chosen" (a Crazy or a chosen Draw Four colour) or "random"
        self.direction = CLOCKWISE
        self.drawn: Card | None = None  # a drawn card that must be played now
        self.turns = 0
        self.winners: list[int] = []
        self.safety_end = False

    # ----- set-up -------------------------------------------------------------------------------------
    def deal(self, record: bool = True) -> list[Event]:
        """Shuffle, deal 7 each one at a time from seat 0, then turn cards up until a number card shows."""
        cards = shuffled_pack(self.seed)
        n = self.n
        dealt = n * HAND_SIZE
        # The top of the pack is cards[0]: one card at a time, seat 0 first.
        self.hands = [cards[s:dealt:n] for s in range(n)]
        rest = cards[dealt:]
        rest.reverse()  # the draw pile's top is the list's end
        self.draw = rest
        events = [Event("deal", src="draw", dst=f"hand{s}", seat=s, value=HAND_SIZE) for s in range(n)] if record \
            else []
        while True:  # 42 or more cards are left and at most 32 are not numbers: a number card always comes
            card = rest.pop()
            self.discard.append(card)
            if record:
                events.append(Event("turn_up", (card,), "draw", "discard"))
            if card.rank < SKIP:
                break
        self.colour, self.label = card.suit, card.rank
        if record:
            events.append(Event("first", seat=0))
        return events

    # ----- derived facts --------------------------------------------------------------------------------
    @property
    def top(self) -> Card:
        return self.discard[-1]

    def next_seat(self, seat: int, steps: int = 1) -> int:
        return (seat + steps * self.direction) % self.n

    def every_card(self) -> list[Card]:
        cards = self.draw + self.discard
        for hand in self.hands:
            cards += hand
        return cards

    def playable_cards(self, seat: int | None = None) -> list[Card]:
        """The cards `seat` (default: the seat to act) may play now."""
        seat = self.turn if seat is None else seat
        if seat is None:
            return []
        if seat == self.turn and self.drawn is not None:
            return [self.drawn]
        colour, label = self.colour, self.label
        return [c for c in self.hands[seat] if c[1] == colour or c[0] == label or c[1] == WILD]

    # ----- legality -----------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action `refusal` lets pass, built from the shared action tables (a test holds the two equal)."""
        turn = self.turn
        if turn is None:
            return []
        acts = self.acts
        drawn = self.drawn
        if drawn is not None:
            return list(acts[drawn])
        colour, label = self.colour, self.label
        out: list[Action] = []
        for c in self.hands[turn]:
            if c[1] == colour or c[0] == label or c[1] == WILD:
                out += acts[c]
        return out or [DRAW]

    def refusal(self, action: Action) -> IllegalAction | None:
        """Why `action` is illegal now, as the IllegalAction to raise (a reason code and its particulars), or None
        if it is legal: the one test of legality, which `apply` makes and the table asks."""
        turn = self.turn
        if turn is None:
            return IllegalAction("game_over")
        cls = type(action)
        if cls is Play:
            card = action.card  # type: ignore[attr-defined]
            colour = action.colour  # type: ignore[attr-defined]
            if type(card) is not Card or card not in self.hands[turn]:
                known = type(card) is Card and card in DECK_SET
                return IllegalAction("not_in_hand", seat=Seated(turn), card=card if known else repr(card))
            drawn = self.drawn
            if drawn is not None and card != drawn:
                return IllegalAction("must_play_drawn", seat=Seated(turn), card=drawn)
            suit = card[1]
            if suit != WILD:
                if suit != self.colour and card[0] != self.label:
                    return IllegalAction("no_match", card=card, colour=self.colour, label=self.label)
                if colour is not None:
                    return IllegalAction("own_colour", card=card)
                return None
            if card[0] == DRAW_FOUR and not self.choose_draw_four:
                return None if colour is None else IllegalAction("random_colour", card=card)
            if colour not in COLOURS:
                return IllegalAction("choose_colour", card=card)
            return None
        if cls is Draw:
            drawn = self.drawn
            if drawn is not None:
                return IllegalAction("drew_already", seat=Seated(turn), card=drawn)
            colour, label = self.colour, self.label
            for c in self.hands[turn]:
                if c[1] == colour or c[0] == label or c[1] == WILD:
                    return IllegalAction("can_play", seat=Seated(turn), card=c)
            return None
        return IllegalAction("not_an_action", action=repr(action))

    # ----- applying -------------------------------------------------------------------------------------
    def apply(self, action: Action, record: bool = True) -> list[Event]:
        refused = self.refusal(action)
        if refused is not None:
            raise refused
        events: list[Event] | None = [] if record else None
        if type(action) is Draw:
            self._draw_turn(events)
        else:
            self._play(action.card, action.colour, events)  # type: ignore[attr-defined]
        return events if events is not None else []

    def _generator(self) -> random.Random:
        """A generator for the next chance event (a reshuffle or a random colour), from the seed."""
        self.chance += 1
        return random.Random(self.seed * 65536 + self.chance)

    def _take(self, seat: int, count: int, events: list[Event] | None, loses: bool) -> int:
        """`seat` draws up to `count` cards (reshuffling the discard pile when the draw pile runs out)."""
        hand = self.hands[seat]
        draw = self.draw
        got = batch = 0
        for _ in range(count):
            if not draw:
                if len(self.discard) < 2:
                    break
                if batch and events is not None:
                    events.append(Event("draw", (), "draw", f"hand{seat}", seat, value=batch))
                batch = 0
                self._reshuffle(events)
                draw = self.draw
            hand.append(draw.pop())
            got += 1
            batch += 1
        if events is not None:
            if batch:
                events.append(Event("draw", (), "draw", f"hand{seat}", seat, value=batch))
            events.append(Event("penalty", seat=seat, value={"count": count, "got": got, "loses": loses}))
        return got

    def _reshuffle(self, events: list[Event] | None) -> None:
        """The discard pile except its top card is shuffled into a new draw pile."""
        discard = self.discard
        top = discard.pop()
        if events is not None:
            # In the order they lay: the new order of the draw pile stays hidden.
            events.append(Event("shuffle", tuple(discard), "discard", "draw", value=len(discard)))
        self._generator().shuffle(discard)
        self.draw = discard
        self.discard = [top]

    def _draw_turn(self, events: list[Event] | None) -> None:
        seat = self.turn
        assert seat is not None
        draw = self.draw
        if not draw:
            if len(self.discard) < 2:
                if events is not None:
                    events.append(Event("cannot_draw", seat=seat))
                self._end_turn(seat, self.next_seat(seat), events)
                return
            self._reshuffle(events)
            draw = self.draw
        card = draw.pop()
        self.hands[seat].append(card)
        if events is not None:
            events.append(Event("draw", (), "draw", f"hand{seat}", seat, value=1))
        if card[1] == self.colour or card[0] == self.label or card[1] == WILD:
            self.drawn = card
            if events is not None:
                events.append(Event("must_play", seat=seat))
            return
        if events is not None:
            events.append(Event("keep", seat=seat))
        self._end_turn(seat, self.next_seat(seat), events)

    def _end_turn(self, seat: int, nxt: int, events: list[Event] | None) -> None:
        self.turns += 1
        if self.turns >= MAX_TURNS:
            self._safety_end(events)
        else:
            self.turn = nxt

    def _play(self, card: Card, colour: str | None, events: list[Event] | None) -> None:
        seat = self.turn
        assert seat is not None
        hand = self.hands[seat]
        hand.remove(card)
        self.discard.append(card)
        self.drawn = None
        if events is not None:
            events.append(Event("move", (card,), f"hand{seat}", "discard", seat))
        rank = card[0]
        if card[1] == WILD:
            if colour is None:
                colour = COLOURS[self._generator().randrange(4)]
                self.colour_from = "random"
                if events is not None:
                    events.append(Event("random_colour", seat=seat, value=colour))
            else:
                self.colour_from = "chosen"
                if events is not None:
                    events.append(Event("colour", seat=seat, value=colour))
        else:
            colour = card[1]
            self.colour_from = "card"
        self.colour = colour
        self.label = rank
        n = self.n
        d = self.direction
        nxt = (seat + d) % n
        if not hand:
            # The winner: a final Draw Two or Crazy Draw Four still makes the next player draw first.
            if rank == DRAW_TWO or rank == DRAW_FOUR:
                self._take(nxt, 2 if rank == DRAW_TWO else 4, events, False)
            self.turns += 1
            self._finish([seat], events)
        elif rank < SKIP or rank == CRAZY:
            self._end_turn(seat, nxt, events)
        elif rank == SKIP:
            if events is not None:
                events.append(Event("skip", seat=nxt))
            self._end_turn(seat, (nxt + d) % n, events)
        elif rank == REVERSE:
            d = self.direction = -d
            if events is not None:
                events.append(Event("reverse", seat=seat, value=d))
            if n == 2:  # a Skip with two players: the same player goes again
                if events is not None:
                    events.append(Event("skip", seat=nxt))
                self._end_turn(seat, seat, events)
            else:
                self._end_turn(seat, (seat + d) % n, events)
        else:  # Draw Two or Crazy Draw Four: the next player draws, cannot play them, and loses the turn
            self._take(nxt, 2 if rank == DRAW_TWO else 4, events, True)
            self._end_turn(seat, (nxt + d) % n, events)

    def _finish(self, winners: list[int], events: list[Event] | None) -> None:
        self.turn = None
        self.drawn = None
        self.winners = winners
        if events is not None:
            shared = len(winners) > 1
            for w in winners:
                events.append(Event("win", seat=w, value={"points": self.points_for(w), "shared": shared}))
            events.append(Event("over", value=self.outcome()))

    def _safety_end(self, events: list[Event] | None) -> None:
        """After 2,000 turns with no winner the game ends and the fewest cards wins (shared on a tie)."""
        self.safety_end = True
        fewest = min(len(h) for h in self.hands)
        if events is not None:
            events.append(Event("turn_limit", value=MAX_TURNS))
        self._finish([s for s in range(self.n) if len(self.hands[s]) == fewest], events)

    # ----- scores -------------------------------------------------------------------------------------
    def hand_points(self, seat: int) -> int:
        return sum(card_points(c) for c in self.hands[seat])

    def points_for(self, winner: int) -> int:
        """What a winner scores by points: the cards left in the hands of the seats that did not win."""
        return sum(self.hand_points(s) for s in range(self.n) if s not in self.winners)

    def scores(self) -> list[float]:  # whole numbers, typed as the Result's scores
        if self.turn is not None:
            return [0] * self.n
        if self.score_points:
            return [self.points_for(s) if s in self.winners else 0 for s in range(self.n)]
        return [1 if s in self.winners else 0 for s in range(self.n)]

    # ----- the rest of the contract ---------------------------------------------------------------------
    def outcome(self) -> dict[str, Any]:
        """The standings as data, for the summary the narration words: whether the game is over, its winners, the
        turns taken, each hand's count, the turn limit it ended on (None: a player went out) and the points each
        winner scores (None: a plain win)."""
        over = self.turn is None
        winners = tuple(self.winners)
        points = self.points_for(winners[0]) if over and winners and self.score_points else None
        return {"over": over, "winners": winners, "turns": self.turns, "left": tuple(len(h) for h in self.hands),
                "turn_limit": MAX_TURNS if self.safety_end else None, "points": points}

    def result(self) -> Result:
        values = self.outcome()  # the narration says it
        if self.turn is not None:
            return Result(scores=[0] * self.n, winners=[], values=values)
        return Result(scores=self.scores(), winners=list(self.winners), scored=self.score_points, values=values)

    def time_limit(self) -> TimeLimit | None:
        """Crazy puts no time limit on a decision."""
        return None

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.n
        mine = seat is not None and seat == self.turn
        legal: dict[str, Any] | None = None
        if mine:
            cards = sorted(self.playable_cards(), key=SORT_KEY.__getitem__)
            legal = {
                "cards": cards,
                "draw": self.drawn is None and not cards,
                "choose_colour": [c for c in cards if len(self.acts[c]) > 1],
            }
        winners = list(self.winners)
        return {
            "players": n,
            "seat": seat,
            "turn": self.turn,
            "direction": self.direction,
            "hands": [sorted(h, key=SORT_KEY.__getitem__) if s == seat else [None] * len(h)
                      for s, h in enumerate(self.hands)],
            "counts": [len(h) for h in self.hands],
            "discard": list(self.discard),
            "top": self.discard[-1],
            "colour": self.colour,
            "colour_from": self.colour_from,
            "label": self.label,
            "draw_pile": len(self.draw),
            "must_play_drawn": self.drawn is not None,
            "drawn": self.drawn if mine else None,
            "legal": legal,
            "turns": self.turns,
            "turn_limit": MAX_TURNS,
            "score_by_points": self.score_points,
            "hand_points": [self.hand_points(s) for s in range(n)] if self.turn is None else None,
            "scores": self.scores(),
            "winners": winners,
            "safety_end": self.safety_end,
            "outcome": self.outcome(),
            "options": dict(self.options),
        }

    def clone(self) -> CrazyState:
        o = CrazyState(self.n, self.options, self.seed)  # the table options' fields come with it
        o.turn = self.turn
        o.chance = self.chance
        o.hands = [h[:] for h in self.hands]
        o.draw = self.draw[:]
        o.discard = self.discard[:]
        o.colour = self.colour
        o.label = self.label
        o.colour_from = self.colour_from
        o.direction = self.direction
        o.drawn = self.drawn
        o.turns = self.turns
        o.winners = self.winners[:]
        o.safety_end = self.safety_end
        return o

    def determinize(self, seat: int | None, rng: random.Random) -> CrazyState:
        """A clone in which the cards hidden from `seat` (others' hands, the draw pile) are dealt anew; once the game
        is over, a plain clone (the view shows every hand's points then)."""
        o = self.clone()
        if self.turn is None:
            return o
        o.seed = rng.randrange(2**31)
        o.chance = 0
        others = [s for s in range(self.n) if s != seat]
        pool = [c for s in others for c in o.hands[s]] + o.draw
        rng.shuffle(pool)
        drawer = self.turn if self.drawn is not None and self.turn != seat else None
        if drawer is not None:
            # Everybody knows the drawer's new card is playable and the rest of the hand was not.
            colour, label = self.colour, self.label
            good = [c for c in pool if playable(c, colour, label)]
            bad = [c for c in pool if not playable(c, colour, label)]
            card = good.pop()
            keep = len(o.hands[drawer]) - 1
            hand, bad = bad[:keep], bad[keep:]
            o.hands[drawer] = hand + [card]
            o.drawn = card
            pool = good + bad
            rng.shuffle(pool)
            others.remove(drawer)
        for s in others:
            k = len(o.hands[s])
            o.hands[s], pool = pool[:k], pool[k:]
        o.draw = pool
        return o


# ----- the game -----------------------------------------------------------------------------------------


class CrazyRules(Rules):
    """Crazy's metadata and factory."""

    def new_game(
        self, players: int = 4, options: Mapping[str, Any] | None = None, seed: int | None = None
    ) -> CrazyState:
        self.check_players(players)
        chosen = self.validate_options(options)
        state = CrazyState(players, chosen, new_seed() if seed is None else seed)
        state.deal(record=False)
        return state


RULES = CrazyRules(
    **INFO.metadata(),
    action_types=(Play, Draw),
    event_kinds=EVENT_KINDS,
)
