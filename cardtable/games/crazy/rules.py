"""Crazy (the Uno family): pure rules (see shared rules/crazy.md; source seed 002).

Cards: `Card(rank, suit, copy)`.  Coloured cards have suit "R", "Y", "G" or "B" (red, yellow, green, blue) and
rank 0-9 for numbers, 10 Skip, 11 Reverse, 12 Draw Two; wild cards have suit "W" and rank 13 (Crazy) or 14
(Crazy Draw Four).  Repeated faces are told apart by `copy` (0-1 for coloured cards, 0-3 for wild cards), so
codes read "5:R", "5:R#1", "13:W#2".

Seats are 0..n-1.  Seat 0 plays first and play goes in increasing seat order ("clockwise", direction +1) until a
Reverse flips it (-1, "anticlockwise").  Readable texts call seat s "Seat s+1".

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
  view(seat)["hands"]).
- `determinize(seat)` deals every card hidden from `seat` (the others' hands and the draw pile) anew, keeping the
  hand sizes, and gives the clone a new seed (future shuffles and random colours unknown).  While a seat must
  play the card it drew, everybody knows that card is playable and the rest of that hand is not; the resampled
  hand keeps that.  Older inferences (what a seat lacked when it drew) are not used.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.core.cards import Card, custom_deck
from cardtable.core.engine import Action, Event, IllegalAction, Option, Result, Rules, State, new_seed
from cardtable.core.wording import seat_list, seat_name

COLOURS: tuple[str, ...] = ("R", "Y", "G", "B")
COLOUR_NAMES: dict[str, str] = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
WILD = "W"
SKIP, REVERSE, DRAW_TWO, CRAZY, DRAW_FOUR = 10, 11, 12, 13, 14
LABEL_NAMES: dict[int, str] = {r: str(r) for r in range(10)} | {
    SKIP: "Skip", REVERSE: "Reverse", DRAW_TWO: "Draw Two", CRAZY: "Crazy", DRAW_FOUR: "Crazy Draw Four",
}
HAND_SIZE = 7
MAX_TURNS = 2000
PLAYERS = range(2, 11)
ACTION_POINTS = 20
WILD_POINTS = 50
CLOCKWISE, ANTICLOCKWISE = 1, -1


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


def card_name(card: Card) -> str:
    """'red 5', 'blue Skip', 'green Draw Two', 'Crazy', 'Crazy Draw Four'."""
    if card.suit == WILD:
        return LABEL_NAMES[card.rank]
    return f"{COLOUR_NAMES[card.suit]} {LABEL_NAMES[card.rank]}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


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


def direction_name(direction: int) -> str:
    return "clockwise" if direction == CLOCKWISE else "anticlockwise"


# ----- actions ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Play(Action):
    """Play a card from the hand onto the discard pile.

    `colour` ("R", "Y", "G", "B") is the colour chosen for a Crazy, or for a Crazy Draw Four when the table
    option lets the player choose; it is None for every other card (and for a Crazy Draw Four's random colour).
    """

    card: Card
    colour: str | None = None

    def describe(self) -> str:
        name = card_name(self.card)
        if self.colour is not None:
            return f"Play {name}: choose {COLOUR_NAMES.get(self.colour, self.colour)}"
        if self.card.rank == DRAW_FOUR and self.card.suit == WILD:
            return f"Play {name} (random colour)"
        return f"Play {name}"


@dataclass(frozen=True)
class Draw(Action):
    """Draw one card from the draw pile (only for a player who cannot play)."""

    def describe(self) -> str:
        return "Draw a card"


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
_MAX_SEATS = PLAYERS.stop - 1
# Events are immutable: the common ones are made once and shared.
_PLAY_EVENTS = tuple(
    {c: Event("move", (c,), f"hand{s}", "discard", s, f"{seat_name(s)} plays {card_name(c)}.") for c in DECK}
    for s in range(_MAX_SEATS)
)
_DRAW_KEEP = tuple(Event("draw", (), "draw", f"hand{s}", s, f"{seat_name(s)} draws a card and keeps it.", 1)
                   for s in range(_MAX_SEATS))
_DRAW_PLAY = tuple(Event("draw", (), "draw", f"hand{s}", s,
                         f"{seat_name(s)} draws a card that can be played, and must play it.", 1)
                   for s in range(_MAX_SEATS))
_DRAW_NONE = tuple(Event("draw", (), "draw", f"hand{s}", s,
                         f"{seat_name(s)} cannot draw: no cards are left to draw. The turn passes.", 0)
                   for s in range(_MAX_SEATS))


_SKIP_EVENTS = tuple(Event("skip", seat=s, text=f"{seat_name(s)} is skipped.") for s in range(_MAX_SEATS))
_REVERSE_EVENTS = tuple({d: Event("reverse", seat=s, value=d, text=f"Play goes {direction_name(d)}.")
                         for d in (CLOCKWISE, ANTICLOCKWISE)} for s in range(_MAX_SEATS))
_COLOUR_EVENTS = tuple({c: Event("colour", seat=s, value=c, text=f"{seat_name(s)} chose {COLOUR_NAMES[c]}.")
                        for c in COLOURS} for s in range(_MAX_SEATS))
_RANDOM_COLOUR_EVENTS = tuple(
    {c: Event("colour", seat=s, value=c, text=f"The colour is now {COLOUR_NAMES[c]} (chosen at random).")
     for c in COLOURS} for s in range(_MAX_SEATS))
_DEAL_EVENTS = {n: tuple(Event("deal", src="draw", dst=f"hand{s}", seat=s, value=HAND_SIZE,
                               text=f"{HAND_SIZE} cards are dealt to each player." if s == 0 else "")
                         for s in range(n)) for n in PLAYERS}
_TURN_UP_EVENTS = {c: Event("move", (c,), "draw", "discard", text=f"{_cap(card_name(c))} is turned up" + (
    "." if c.rank < SKIP else ": not a number card, so another is turned up.")) for c in DECK}
_FIRST_EVENT = Event("message", seat=0, text=f"{seat_name(0)} plays first.")


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
    def deal(self) -> list[Event]:
        """Shuffle, deal 7 each one at a time from seat 0, then turn cards up until a number card shows."""
        cards = shuffled_pack(self.seed)
        n = self.n
        dealt = n * HAND_SIZE
        # The top of the pack is cards[0]: one card at a time, seat 0 first.
        self.hands = [cards[s:dealt:n] for s in range(n)]
        rest = cards[dealt:]
        rest.reverse()  # the draw pile's top is the list's end
        self.draw = rest
        events = list(_DEAL_EVENTS[n])
        while True:  # 42 or more cards are left and at most 32 are not numbers: a number card always comes
            card = rest.pop()
            self.discard.append(card)
            events.append(_TURN_UP_EVENTS[card])
            if card.rank < SKIP:
                break
        self.colour, self.label = card.suit, card.rank
        events.append(_FIRST_EVENT)
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

    def reason(self, action: Action) -> str | None:
        """Why `action` is illegal now, or None if it is legal."""
        turn = self.turn
        if turn is None:
            return "The game is over."
        cls = type(action)
        who = seat_name(turn)
        if cls is Play:
            card = action.card  # type: ignore[attr-defined]
            colour = action.colour  # type: ignore[attr-defined]
            if type(card) is not Card or card not in self.hands[turn]:
                what = card_name(card) if type(card) is Card and card in DECK_SET else repr(card)
                return f"It is {who}'s turn, and {what} is not in their hand."
            drawn = self.drawn
            if drawn is not None and card != drawn:
                return f"{who} drew {card_name(drawn)}, which can be played: they must play it now."
            if not playable(card, self.colour, self.label):
                return (f"{_cap(card_name(card))} matches neither the colour ({COLOUR_NAMES[self.colour]}) nor the "
                        f"label ({LABEL_NAMES[self.label]}) of the discard pile, and it is not a wild card.")
            if card.suit != WILD:
                if colour is not None:
                    return f"{_cap(card_name(card))} keeps its own colour: no colour is chosen when it is played."
                return None
            if card.rank == DRAW_FOUR and not self.choose_draw_four:
                if colour is not None:
                    return ("At this table the colour after a Crazy Draw Four is chosen at random: "
                            "play it without choosing a colour.")
                return None
            if colour not in COLOURS:
                return f"Choose the new colour for {card_name(card)}: red, yellow, green or blue."
            return None
        if cls is Draw:
            if self.drawn is not None:
                return f"{who} has drawn already and must play {card_name(self.drawn)}, which can be played."
            can = self.playable_cards()
            if can:
                return (f"{who} can play {card_name(can[0])}, so they must play a card: "
                        f"only a player who cannot play draws.")
            return None
        return f"That is not a Crazy action: {action!r}."

    # ----- applying -------------------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        # Fast paths for the common legal moves (random playouts live here); anything else goes through reason().
        turn = self.turn
        if turn is not None and self.drawn is None:
            cls = type(action)
            if cls is Play:
                card = action.card  # type: ignore[attr-defined]
                if type(card) is Card and action.colour is None:  # type: ignore[attr-defined]
                    suit = card[1]
                    if suit != WILD and (suit == self.colour or card[0] == self.label) and card in self.hands[turn]:
                        return self._play(card, None)
            elif cls is Draw:
                colour, label = self.colour, self.label
                for c in self.hands[turn]:
                    if c[1] == colour or c[0] == label or c[1] == WILD:
                        break
                else:
                    return self._draw_turn()
        why = self.reason(action)
        if why is not None:
            raise IllegalAction(why)
        if type(action) is Draw:
            return self._draw_turn()
        return self._play(action.card, action.colour)  # type: ignore[attr-defined]

    def _generator(self) -> random.Random:
        """A generator for the next chance event (a reshuffle or a random colour), from the seed."""
        self.chance += 1
        return random.Random(self.seed * 65536 + self.chance)

    def _take(self, seat: int, count: int, events: list[Event], loses: bool) -> int:
        """`seat` draws up to `count` cards (reshuffling the discard pile when the draw pile runs out)."""
        hand = self.hands[seat]
        draw = self.draw
        got = batch = 0
        for _ in range(count):
            if not draw:
                if len(self.discard) < 2:
                    break
                if batch:
                    events.append(Event("draw", (), "draw", f"hand{seat}", seat, "", batch))
                    batch = 0
                self._reshuffle(events)
                draw = self.draw
            hand.append(draw.pop())
            got += 1
            batch += 1
        name = seat_name(seat)
        if got == count:
            text = f"{name} draws {count} cards" + (" and loses their turn." if loses else ".")
        else:
            text = (f"{name} must draw {count} cards, but only {got} {'is' if got == 1 else 'are'} left to draw."
                    + (f" {name} loses their turn." if loses else ""))
        events.append(Event("draw", (), "draw", f"hand{seat}", seat, text, batch))
        return got

    def _reshuffle(self, events: list[Event]) -> None:
        """The discard pile except its top card is shuffled into a new draw pile."""
        discard = self.discard
        top = discard.pop()
        moved = tuple(discard)  # in the order they lay: the new order of the draw pile stays hidden
        rng = self._generator()
        rng.shuffle(discard)
        self.draw = discard
        self.discard = [top]
        events.append(Event("shuffle", moved, "discard", "draw", value=len(moved),
                            text="The draw pile is empty: the discard pile is shuffled into a new draw pile."))

    def _draw_turn(self) -> list[Event]:
        seat = self.turn
        assert seat is not None
        draw = self.draw
        if draw:
            card = draw.pop()
            self.hands[seat].append(card)
            events = []
        else:
            events = []
            if len(self.discard) < 2:
                events.append(_DRAW_NONE[seat])
                self._end_turn(seat, self.next_seat(seat), events)
                return events
            self._reshuffle(events)
            card = self.draw.pop()
            self.hands[seat].append(card)
        if card[1] == self.colour or card[0] == self.label or card[1] == WILD:
            self.drawn = card
            events.append(_DRAW_PLAY[seat])
            return events
        events.append(_DRAW_KEEP[seat])
        self._end_turn(seat, self.next_seat(seat), events)
        return events

    def _end_turn(self, seat: int, nxt: int, events: list[Event]) -> None:
        self.turns += 1
        if self.turns >= MAX_TURNS:
            self._safety_end(events)
        else:
            self.turn = nxt

    def _play(self, card: Card, colour: str | None) -> list[Event]:
        seat = self.turn
        assert seat is not None
        hand = self.hands[seat]
        hand.remove(card)
        self.discard.append(card)
        self.drawn = None
        events = [_PLAY_EVENTS[seat][card]]
        rank = card[0]
        if card[1] == WILD:
            if colour is None:
                colour = COLOURS[self._generator().randrange(4)]
                self.colour_from = "random"
                events.append(_RANDOM_COLOUR_EVENTS[seat][colour])
            else:
                self.colour_from = "chosen"
                events.append(_COLOUR_EVENTS[seat][colour])
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
                k = 2 if rank == DRAW_TWO else 4
                self._take(nxt, k, events, False)
            self.turns += 1
            self._finish([seat], events)
            return events
        if rank < SKIP or rank == CRAZY:
            self._end_turn(seat, nxt, events)
        elif rank == SKIP:
            events.append(_SKIP_EVENTS[nxt])
            self._end_turn(seat, (nxt + d) % n, events)
        elif rank == REVERSE:
            d = self.direction = -d
            events.append(_REVERSE_EVENTS[seat][d])
            if n == 2:  # a Skip with two players: the same player goes again
                events.append(_SKIP_EVENTS[nxt])
                self._end_turn(seat, seat, events)
            else:
                self._end_turn(seat, (seat + d) % n, events)
        else:  # Draw Two or Crazy Draw Four: the next player draws, cannot play them, and loses the turn
            k = 2 if rank == DRAW_TWO else 4
            self._take(nxt, k, events, True)
            self._end_turn(seat, (nxt + d) % n, events)
        return events

    def _finish(self, winners: list[int], events: list[Event]) -> None:
        self.turn = None
        self.drawn = None
        self.winners = winners
        for w in winners:
            events.append(Event("win", seat=w, value=self.points_for(w),
                                text=f"{seat_name(w)} {'wins' if len(winners) == 1 else 'shares the win'}!"))
        events.append(Event("over", text=self.result().summary))

    def _safety_end(self, events: list[Event]) -> None:
        """After 2,000 turns with no winner the game ends and the fewest cards wins (shared on a tie)."""
        self.safety_end = True
        fewest = min(len(h) for h in self.hands)
        events.append(Event("message", text=f"{MAX_TURNS:,} turns without a winner: the fewest cards wins."))
        self._finish([s for s in range(self.n) if len(self.hands[s]) == fewest], events)

    # ----- scores -------------------------------------------------------------------------------------
    def hand_points(self, seat: int) -> int:
        return sum(card_points(c) for c in self.hands[seat])

    def points_for(self, winner: int) -> int:
        """What a winner scores by points: the cards left in the hands of the seats that did not win."""
        return sum(self.hand_points(s) for s in range(self.n) if s not in self.winners)

    def scores(self) -> list[int]:
        if self.turn is not None:
            return [0] * self.n
        if self.score_points:
            return [self.points_for(s) if s in self.winners else 0 for s in range(self.n)]
        return [1 if s in self.winners else 0 for s in range(self.n)]

    # ----- the rest of the contract ---------------------------------------------------------------------
    def result(self) -> Result:
        n = self.n
        left = ", ".join(f"{seat_name(s)} {len(self.hands[s])}" for s in range(n))
        if self.turn is not None:
            return Result(scores=[0] * n, winners=[], summary=f"Turn {self.turns + 1}. Cards left: {left}.")
        winners = list(self.winners)
        names = seat_list(winners)
        if self.safety_end:
            k = len(self.hands[winners[0]])
            verb = "wins" if len(winners) == 1 else "share the win"
            text = (f"No winner after {MAX_TURNS:,} turns: {names} {verb} with the fewest cards ({k}). "
                    f"Cards left: {left}.")
        else:
            text = f"{names} wins, out of cards after {self.turns} turns. Cards left: {left}."
        scores = self.scores()
        if self.score_points:
            text += f" {scores[winners[0]]} point{'s' if scores[winners[0]] != 1 else ''} to " + (
                "each winner." if len(winners) > 1 else f"{names}.")
        return Result(scores=scores, winners=winners, summary=text, scored=self.score_points)

    def status(self, seat: int | None) -> str:
        turn = self.turn
        if turn is None:
            return self.result().summary
        colour = COLOUR_NAMES[self.colour]
        label = LABEL_NAMES[self.label]
        match = f"{colour}" if self.label >= CRAZY else f"{colour} or {label}"
        if turn != seat:
            if self.drawn is not None:
                return f"{seat_name(turn)} must play the card they drew."
            return f"{seat_name(turn)} to play on {match}."
        if self.drawn is not None:
            return f"You drew {card_name(self.drawn)}: it can be played, so play it now."
        if self.drawn is None and not self.playable_cards(turn):
            return f"You cannot play on {match}: draw a card."
        return f"Your turn: play a card matching {match}, or a wild card."

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
            "colour_name": COLOUR_NAMES[self.colour],
            "colour_from": self.colour_from,
            "label": self.label,
            "label_name": LABEL_NAMES[self.label],
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
            "options": dict(self.options),
            "status": self.status(seat),
        }

    def clone(self) -> CrazyState:
        o = CrazyState.__new__(CrazyState)
        o.turn = self.turn
        o.n = self.n
        o.options = self.options
        o.seed = self.seed
        o.chance = self.chance
        o.choose_draw_four = self.choose_draw_four
        o.score_points = self.score_points
        o.acts = self.acts
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
        """A clone in which the cards hidden from `seat` (others' hands, the draw pile) are dealt anew."""
        o = self.clone()
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
        state.deal()
        return state


RULES = CrazyRules(
    id="crazy",
    title="Crazy",
    players=PLAYERS,
    options=(
        Option("choose_draw_four_colour", "Choose colour on Draw Four", (False, True), False,
               ("Off: the new colour is random", "On: the player chooses it")),
        Option("score_by_points", "Score by points", (False, True), False,
               ("Off: a plain win", "On: the winner scores the cards left in the other hands")),
    ),
    version=1,
    action_types=(Play, Draw),
    blurb="Shed your cards by matching colour or number.",
)
