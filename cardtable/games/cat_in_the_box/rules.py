"""Cat in the Box: pure rules (see shared rules/cat-in-the-box.md and seed 000).

The cards are numbers only; a card's colour is what its player declares when playing it, by putting a token on
the research board's space (number, colour).  A declaration is legal only if that space is empty and the colour is
still available to the player (the X of that colour on their player board is covered).  Red is trump.

Seats are 0..n-1 and clockwise is +1.  The engine records what happens as data; `narration.py` says it.

A round: deal (from the state's own seeded generator), the 2-player observer tokens, one hidden discard per seat
(one seat at a time, from the start player clockwise), one public prediction per seat (1 to 4, from the start
player clockwise), then tricks until every player holds one card, or until a paradox: a player to act with no legal
declaration for any card in hand.  The engine then offers exactly one action, `Paradox`, so the paradox is a
logged move; the trick phase ends at once and the interrupted trick is won by no one.

Cards of one number are alike, so a hand offers one action per number and declaration: the first copy of the
number in the (sorted) hand; `apply` refuses another copy (a table maps a card picked up to the first copy).

Zones (for events and the table): hand0.., discard0.. (each seat's hidden discard), trick, won0.. (tricks won
this round), centre (the 2-player centre pile), out (the cards left over).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal, get_args

from cardtable.core.cards import Card
from cardtable.core.dealing import deal
from cardtable.core.engine import Action, Event, IllegalAction, Result, Rules, Snapshot, State, new_seed
from cardtable.core.tricks import best_index, contention
from cardtable.core.words import Seated
from cardtable.games.cat_in_the_box import INFO, NUMBER_SUIT

#: The colours in the board's column order (red is trump; green and red are not neighbours).
COLOURS = ("R", "B", "Y", "G")
#: Per led colour: the board's colours in the order a follower's declarations are listed (the led one first).
_FOLLOW_ORDER = {led: (led, *(c for c in COLOURS if c != led)) for led in COLOURS}
RED = "R"
COPIES = 5
#: Per player count: the highest number in play, and the cards dealt to each player.
DECKS = {5: (9, 9), 4: (8, 10), 3: (7, 11), 2: (5, 10)}
PREDICTIONS = (1, 2, 3, 4)
OBSERVER = -1  # the owner of an observer token (2 players)
REVEALED = 3  # centre cards revealed in a 2-player game
#: For the 2-player observers: the colour a number's first, second and third reveal covers.
OBSERVER_COLOURS = ("G", "Y", "B")
TRICK_HOLD = 1.5
ROUND_HOLD = 0.5

#: The kinds of event the game records.  "move": a card discarded (hand -> discard) or played (hand -> trick, the
#: value its colour); "predict": a prediction (the value); "trick": a trick gathered by its winner (trick -> won),
#: or the trick a paradox interrupted (trick -> out, no seat); "paradox": the seat that has no legal declaration;
#: "score": a round's scores (per seat); "deal": the next round's deal (its number and start player); "over": the
#: game's end (the totals and the winners).
EventKind = Literal["move", "predict", "trick", "paradox", "score", "deal", "over"]


def card_number(card: Card) -> int:
    return card.rank


# ----- actions ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Discard(Action):
    """Put one card face down out of play (hidden from everyone else)."""

    card: Card


@dataclass(frozen=True)
class Predict(Action):
    """Predict the number of tricks the seat will win this round (1 to 4)."""

    amount: int


@dataclass(frozen=True)
class Play(Action):
    """Play a card and declare its colour: the seat's token goes on the research board space (number, colour)."""

    card: Card
    colour: str


@dataclass(frozen=True)
class Paradox(Action):
    """No card in hand has a legal declaration: the paradox ends the trick phase."""


PARADOX = Paradox()
_ALL_CARDS = tuple(Card(n, NUMBER_SUIT, c) for n in range(1, 10) for c in range(COPIES))
# Shared action objects: legal_actions allocates no actions, and `in` matches on identity first.
PLAY: dict[tuple[Card, str], Play] = {(card, colour): Play(card, colour) for card in _ALL_CARDS for colour in COLOURS}
_PLAY_AS = {colour: {card: PLAY[(card, colour)] for card in _ALL_CARDS} for colour in COLOURS}
DISCARD: dict[Card, Discard] = {card: Discard(card) for card in _ALL_CARDS}
PREDICT: dict[int, Predict] = {k: Predict(k) for k in PREDICTIONS}
_PREDICT_ALL = [PREDICT[k] for k in PREDICTIONS]
_DECKS = {players: tuple(c for c in _ALL_CARDS if c.rank <= top) for players, (top, _) in DECKS.items()}
# A play is a board space (number, declared colour); per led colour, how strongly each space contends for the trick
# (red is trump).  A space holds one token, so two plays never tie.
_SPACES = tuple((n, colour) for n in range(1, 10) for colour in COLOURS)
_TRICK_KEY = {led: contention(_SPACES, led, RED, suit_of=lambda space: space[1], rank_of=lambda space: space[0])
              for led in COLOURS}
# Sets of numbers as bit masks (bit n: number n): the free spaces of a colour, the numbers of a hand.
_NUMBERS_IN = tuple(tuple(n for n in range(1, 10) if mask >> n & 1) for mask in range(1 << 10))


def deck(players: int) -> list[Card]:
    """The cat cards for `players`: five copies of each number from 1 to the deck's top."""
    return list(_DECKS[players])


# ----- the research board --------------------------------------------------------------------------------


def largest_group(board: Mapping[tuple[int, str], int], seat: int) -> int:
    """The size of `seat`'s largest group of orthogonally connected tokens: rows are neighbours when their numbers
    differ by one, columns in the board's order (red, blue, yellow, green, no wrap-around)."""
    return len(largest_group_spaces(board, seat))


def largest_group_spaces(board: Mapping[tuple[int, str], int], seat: int) -> set[tuple[int, str]]:
    """The spaces of `seat`'s largest group of orthogonally connected tokens (see `largest_group`)."""
    mine = {space for space, owner in board.items() if owner == seat}
    best: set[tuple[int, str]] = set()
    seen: set[tuple[int, str]] = set()
    for start in mine:
        if start in seen:
            continue
        seen.add(start)
        stack, group = [start], set()
        while stack:
            number, colour = space = stack.pop()
            group.add(space)
            column = COLOURS.index(colour)
            near = [(number - 1, colour), (number + 1, colour)]
            near += [(number, COLOURS[c]) for c in (column - 1, column + 1) if 0 <= c < len(COLOURS)]
            for other in near:
                if other in mine and other not in seen:
                    seen.add(other)
                    stack.append(other)
        if len(group) > len(best):
            best = group
    return best


@dataclass(frozen=True)
class RoundRecord:
    """What a finished round leaves behind: predictions, tricks won, who caused a paradox, and each seat's score."""

    start: int
    predictions: tuple[int, ...]
    tricks: tuple[int, ...]
    bonus: tuple[int, ...]
    paradox: int | None
    scores: tuple[int, ...]


def round_scores(predictions: Sequence[int], tricks: Sequence[int], board: Mapping[tuple[int, str], int],
                 paradox: int | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(bonus, score) per seat: a trick is a point; an exact prediction adds the largest group, unless the seat
    caused the paradox, which scores minus one per trick won and no bonus."""
    bonus, scores = [], []
    for seat, (predicted, won) in enumerate(zip(predictions, tricks, strict=True)):
        if seat == paradox:
            bonus.append(0)
            scores.append(-won)
            continue
        extra = largest_group(board, seat) if predicted == won else 0
        bonus.append(extra)
        scores.append(won + extra)
    return tuple(bonus), tuple(scores)


# ----- the state ---------------------------------------------------------------------------------------


class CatState(State):
    """A game of Cat in the Box in progress (see the module docstring)."""

    def __init__(self, players: int, options: Mapping[str, Any], seed: int) -> None:
        self.n = players
        self.rounds = players if options["rounds"] == "per_player" else 1
        self.red_broken_rule = options["red_lead"] == "broken"
        self.voluntary_void = options["voluntary_void"] == "on"
        self.seed = seed  # the generator's seed (the position text's `seed`)
        self.rng = random.Random(seed)
        self.records: list[RoundRecord] = []
        self.round = 0
        self.turn: int | None = 0
        self._plays: list[Play] | None = None  # the legal plays of the seat to act, once asked for
        self._deal(start=0)

    # ----- a round's set-up ---------------------------------------------------------------------------
    def _deal(self, start: int) -> None:
        n = self.n
        self.start = start
        cards = deck(n)
        self.rng.shuffle(cards)
        each = DECKS[n][1]
        self.hands: list[list[Card]] = [sorted(cards[s * each:(s + 1) * each]) for s in range(n)]
        rest = cards[n * each:]
        self.board: dict[tuple[int, str], int] = {}
        all_numbers = (1 << (DECKS[n][0] + 1)) - 2
        self.free = dict.fromkeys(COLOURS, all_numbers)  # per colour: the numbers whose space is empty
        self.revealed: list[Card] = []
        self.out: list[Card] = []
        if n == 2:
            self.revealed, self.out = rest[:REVEALED], rest[REVEALED:]
            for card in self.revealed:
                for colour in OBSERVER_COLOURS:
                    if (card.rank, colour) not in self.board:
                        self.board[(card.rank, colour)] = OBSERVER
                        self.free[colour] &= ~(1 << card.rank)
                        break
        else:
            self.out = rest
        self.red_on_board = False
        self.available: list[set[str]] = [set(COLOURS) for _ in range(n)]
        self.discards: list[Card | None] = [None] * n
        self.predictions: list[int | None] = [None] * n
        self.tricks = [0] * n
        self.won: list[list[Card]] = [[] for _ in range(n)]
        self.trick: list[tuple[int, Card, str]] = []
        self.leader = start
        self.led: str | None = None
        self.last_trick: list[tuple[int, Card, str]] = []
        self.last_winner: int | None = None
        self.paradox: int | None = None
        self.interrupted: list[Card] = []  # the cards of the trick a paradox interrupted (won by no one)
        #: Per seat: numbers the seat cannot hold, learnt when it could not follow (for `determinize`).
        self.cannot_hold: list[set[int]] = [set() for _ in range(n)]
        self.phase = "discard"
        self.turn = start

    # ----- queries ------------------------------------------------------------------------------------
    @property
    def red_is_broken(self) -> bool:
        """Whether a red token is on the board (whoever placed it)."""
        return self.red_on_board

    def _firsts(self, seat: int) -> list[Card]:
        """The first copy of each number in `seat`'s sorted hand."""
        out: list[Card] = []
        last = -1
        for card in self.hands[seat]:
            if card.rank != last:
                out.append(card)
                last = card.rank
        return out

    def _held(self, seat: int) -> tuple[int, dict[int, Card]]:
        """The numbers of `seat`'s hand as a bit mask, and the first copy of each."""
        firsts: dict[int, Card] = {}
        held = 0
        for card in self.hands[seat]:
            if card.rank not in firsts:
                firsts[card.rank] = card
                held |= 1 << card.rank
        return held, firsts

    def _colour_open(self, seat: int, colour: str, held: int) -> bool:
        """The rule of a declaration's colour: whether `seat`, holding the numbers `held` (a bit mask), may declare
        `colour` now (on an empty space of a number it holds).  The one encoding of the play rules: `legal_plays`
        lists the empty spaces of the open colours, `refusal` says which rule closed a colour."""
        available = self.available[seat]
        if colour not in available:
            return False
        led = self.led
        if led is None:
            if colour == RED and self.red_broken_rule and not self.red_on_board:
                free = self.free  # red may be led only when the seat has nothing else to lead
                return not any(held & free[c] for c in available if c != RED)
            return True
        if colour == led or self.voluntary_void or led not in available:
            return True
        return not held & self.free[led]  # could not follow: no number of the hand has a free led space

    def can_follow(self, seat: int) -> bool:
        """Whether `seat` holds a card with a legal declaration of the led colour."""
        led = self.led
        if led is None or led not in self.available[seat]:
            return False
        return bool(self._held(seat)[0] & self.free[led])

    def legal_plays(self, seat: int) -> list[Play]:
        """The legal card-and-colour declarations of `seat` now (empty: a paradox); do not change the list."""
        if seat == self.turn:
            if self._plays is None:
                self._plays = self._find_plays(seat)
            return self._plays
        return self._find_plays(seat)

    def _find_plays(self, seat: int) -> list[Play]:
        held, firsts = self._held(seat)
        led = self.led
        free = self.free
        out: list[Play] = []
        for colour in COLOURS if led is None else _FOLLOW_ORDER[led]:
            if self._colour_open(seat, colour, held):
                play_as = _PLAY_AS[colour]
                out += [play_as[firsts[n]] for n in _NUMBERS_IN[held & free[colour]]]
        return out

    def legal_actions(self) -> list[Action]:
        seat = self.turn
        if seat is None:
            return []
        if self.phase == "discard":
            return [DISCARD[card] for card in self._firsts(seat)]
        if self.phase == "predict":
            return list(_PREDICT_ALL)
        plays: list[Action] = list(self.legal_plays(seat))
        return plays or [PARADOX]

    # ----- refusals -----------------------------------------------------------------------------------
    def refusal(self, action: Action) -> IllegalAction | None:
        """Why the seat to act may not make `action` now (a reason code and its particulars), or None if it may:
        the one legality check of `apply`, and the reason the table gives."""
        seat = self.turn
        if seat is None:
            return IllegalAction("game_over")
        phase = self.phase
        if phase == "discard":
            if not isinstance(action, Discard):
                return IllegalAction("discard_first")
            return self._card_refusal(seat, action.card)
        if phase == "predict":
            if not isinstance(action, Predict):
                return IllegalAction("predict_now")
            if type(action.amount) is not int or action.amount not in PREDICTIONS:
                return IllegalAction("prediction_range")
            return None
        if isinstance(action, Paradox):
            return IllegalAction("no_paradox", player=Seated(seat)) if self.legal_plays(seat) else None
        if not isinstance(action, Play):
            return IllegalAction("play_now")
        colour = action.colour
        if colour not in COLOURS:
            return IllegalAction("no_colour", given=colour)
        wrong = self._card_refusal(seat, action.card)
        if wrong is not None:
            return wrong
        number = action.card.rank
        if not self.free[colour] >> number & 1:
            return IllegalAction("taken", number=number, colour=colour)
        if colour not in self.available[seat]:
            return IllegalAction("unavailable", player=Seated(seat), colour=colour)
        if not self._colour_open(seat, colour, self._held(seat)[0]):
            if self.led is None:
                return IllegalAction("red_not_broken")
            return IllegalAction("must_follow", player=Seated(seat), colour=self.led)
        return None

    def _card_refusal(self, seat: int, card: Any) -> IllegalAction | None:
        """Why `card` is not a card `seat` may move: cards of one number are alike, so the move is made with the
        first copy of the number in the hand (the one `legal_actions` offers)."""
        if not isinstance(card, Card):
            return IllegalAction("not_a_card")
        for held in self.hands[seat]:
            if held.rank == card.rank and held.suit == card.suit:
                return None if held == card else IllegalAction("first_copy", number=card.rank)
        return IllegalAction("not_held", player=Seated(seat), number=card.rank)

    # ----- playing ------------------------------------------------------------------------------------
    def apply(self, action: Action, record: bool = True) -> list[Event]:
        error = self.refusal(action)
        if error is not None:
            raise error
        seat: int = self.turn  # type: ignore[assignment]
        phase = self.phase
        if phase == "discard":
            events = self._discard(seat, action, record)  # type: ignore[arg-type]
        elif phase == "predict":
            events = self._predict(seat, action, record)  # type: ignore[arg-type]
        elif isinstance(action, Paradox):
            events = self._paradox(seat, record)
        else:
            events = self._play(seat, action, record)  # type: ignore[arg-type]
        self._plays = None
        return events

    def _snapshot(self) -> Snapshot:
        """The state as the table shows it during a beat: no one to act."""
        turn, self.turn = self.turn, None
        snapshot = Snapshot(self)
        self.turn = turn
        return snapshot

    def _discard(self, seat: int, action: Discard, record: bool) -> list[Event]:
        card = action.card
        self.hands[seat].remove(card)
        self.discards[seat] = card
        if all(d is not None for d in self.discards):
            self.phase = "predict"
            self.turn = self.start
        else:
            self.turn = (seat + 1) % self.n
        return [Event("move", (card,), f"hand{seat}", f"discard{seat}", seat)] if record else []

    def _predict(self, seat: int, action: Predict, record: bool) -> list[Event]:
        self.predictions[seat] = action.amount
        if all(p is not None for p in self.predictions):
            self.phase = "play"
            self.turn = self.leader = self.start
        else:
            self.turn = (seat + 1) % self.n
        return [Event("predict", seat=seat, value=action.amount)] if record else []

    def _play(self, seat: int, action: Play, record: bool) -> list[Event]:
        card, colour = action.card, action.colour
        led = self.led
        if led is None:
            self.led = colour
        elif colour != led and led in self.available[seat]:
            if not self.voluntary_void:  # could not follow: no number of this hand has a free led space
                self.cannot_hold[seat] |= {n for n in range(1, DECKS[self.n][0] + 1) if (n, led) not in self.board}
            self.available[seat].discard(led)
        self.hands[seat].remove(card)
        self.board[(card.rank, colour)] = seat
        self.free[colour] &= ~(1 << card.rank)
        if colour == RED:
            self.red_on_board = True
        self.trick.append((seat, card, colour))
        if len(self.trick) < self.n:
            self.turn = (seat + 1) % self.n
            return [Event("move", (card,), f"hand{seat}", "trick", seat, value=colour)] if record else []
        if not record:
            self._end_trick(False)
            return []
        played = Event("move", (card,), f"hand{seat}", "trick", seat, value=colour, hold=TRICK_HOLD,
                       snapshot=self._snapshot())  # the full trick on the table, every token on the board
        return [played, *self._end_trick(True)]

    def trick_winner(self) -> int:
        """The seat winning the current trick: the highest red if any red was declared, else the highest card of
        the led colour."""
        assert self.led is not None
        key = _TRICK_KEY[self.led]
        return self.trick[best_index([key[card.rank, colour] for _, card, colour in self.trick])][0]

    def _end_trick(self, record: bool) -> list[Event]:
        winner = self.trick_winner()
        cards = tuple(card for _, card, _ in self.trick)
        self.tricks[winner] += 1
        self.won[winner].extend(cards)
        self.last_trick, self.last_winner = self.trick, winner
        self.trick, self.led = [], None
        events = [Event("trick", cards, "trick", f"won{winner}", winner)] if record else []
        if all(len(hand) == 1 for hand in self.hands):
            return events + self._end_round(record)
        self.leader = self.turn = winner
        return events

    def _paradox(self, seat: int, record: bool) -> list[Event]:
        self.paradox = seat
        # The beat of the paradox: the interrupted trick still on the table.
        events = [Event("paradox", seat=seat, hold=TRICK_HOLD, snapshot=self._snapshot())] if record else []
        cards = tuple(card for _, card, _ in self.trick)
        self.interrupted = list(cards)
        self.last_trick, self.last_winner = self.trick, None
        self.trick, self.led = [], None
        if cards and record:
            events.append(Event("trick", cards, "trick", "out"))
        return events + self._end_round(record)

    def _end_round(self, record: bool) -> list[Event]:
        predictions = tuple(p or 0 for p in self.predictions)
        bonus, scores = round_scores(predictions, self.tricks, self.board, self.paradox)
        self.records.append(RoundRecord(self.start, predictions, tuple(self.tricks), bonus, self.paradox, scores))
        # The round's end: its board and tricks as they were scored.
        events = [Event("score", value=scores, hold=ROUND_HOLD, snapshot=self._snapshot())] if record else []
        self.round += 1
        if self.round >= self.rounds:
            self.phase = "over"
            self.turn = None
            if record:
                result = self.result()
                events.append(Event("over", value={"totals": tuple(self.totals()), "winners": tuple(result.winners)}))
            return events
        self._deal(start=(self.start + 1) % self.n)
        if record:
            events.append(Event("deal", value={"round": self.round + 1, "start": self.start}))
        return events

    # ----- results ------------------------------------------------------------------------------------
    def totals(self) -> list[int]:
        return [sum(r.scores[s] for r in self.records) for s in range(self.n)]

    def result(self) -> Result:
        """The totals as scores; `values`: the totals, the rounds scored and whether the game is over (the
        narration says it)."""
        totals = self.totals()
        values = {"totals": tuple(totals), "rounds": len(self.records), "over": self.turn is None}
        if not self.records:
            return Result([0.0] * self.n, [], values=values)
        best = max(totals)
        winners = [s for s in range(self.n) if totals[s] == best]
        if len(winners) > 1 and self.rounds > 1:  # the highest score in the final round, then shared
            final = self.records[-1].scores
            top = max(final[s] for s in winners)
            winners = [s for s in winners if final[s] == top]
        return Result([float(t) for t in totals], winners, values=values)

    # ----- views --------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.n
        legal: list[Play] = []
        if seat is not None and seat == self.turn and self.phase == "play":
            legal = self.legal_plays(seat)
        return {
            "players": n,
            "seat": seat,
            "phase": self.phase,
            "turn": self.turn,
            "round": min(self.round, self.rounds - 1),
            "rounds": self.rounds,
            "start": self.start,
            "top": DECKS[n][0],
            "hands": [list(h) if s == seat else [None] * len(h) for s, h in enumerate(self.hands)],
            "discarded": [d is not None for d in self.discards],
            "my_discard": self.discards[seat] if seat is not None else None,
            "predictions": list(self.predictions),
            "available": [[c for c in COLOURS if c in a] for a in self.available],
            "tricks": list(self.tricks),
            "won": [len(w) for w in self.won],
            "board": dict(self.board),
            "trick": list(self.trick),
            "leader": self.leader,
            "led": self.led,
            "last_trick": list(self.last_trick),
            "last_winner": self.last_winner,
            "revealed": list(self.revealed),
            "paradox": self.paradox,
            "red_broken": self.red_is_broken,
            "red_lead_rule": self.red_broken_rule,
            "voluntary_void": self.voluntary_void,
            "legal_plays": [(p.card, p.colour) for p in legal],
            "records": [asdict(r) for r in self.records],
            "totals": self.totals(),
        }

    def every_card(self) -> list[Card]:
        """Every card of the round's deck: hands, discards, the revealed and the unused cards, won tricks, the
        trick on the table and one a paradox interrupted (each round deals the same deck again)."""
        cards = [c for hand in self.hands for c in hand]
        cards += [d for d in self.discards if d is not None]
        cards += self.revealed + self.out + [c for pile in self.won for c in pile]
        cards += [c for _, c, _ in self.trick] + self.interrupted
        return cards

    def clone(self) -> CatState:
        other = CatState.__new__(CatState)  # every field is set below: no deal is made
        other.n, other.rounds = self.n, self.rounds
        other.red_broken_rule, other.voluntary_void = self.red_broken_rule, self.voluntary_void
        other.seed = self.seed
        other.rng = random.Random(0)  # seeded, not from the system's entropy: its state is replaced at once
        other.rng.setstate(self.rng.getstate())
        other.records = list(self.records)
        other.round, other.turn, other.start, other.phase = self.round, self.turn, self.start, self.phase
        other._plays = None
        other.hands = [list(h) for h in self.hands]
        other.board = dict(self.board)
        other.free = dict(self.free)
        other.revealed = list(self.revealed)
        other.out = list(self.out)
        other.red_on_board = self.red_on_board
        other.available = [set(a) for a in self.available]
        other.discards = list(self.discards)
        other.predictions = list(self.predictions)
        other.tricks = list(self.tricks)
        other.won = [list(w) for w in self.won]
        other.trick = list(self.trick)
        other.leader, other.led = self.leader, self.led
        other.last_trick, other.last_winner = list(self.last_trick), self.last_winner
        other.paradox = self.paradox
        other.interrupted = list(self.interrupted)
        other.cannot_hold = [set(c) for c in self.cannot_hold]
        return other

    def determinize(self, seat: int | None, rng: random.Random) -> CatState:
        """A clone where every card `seat` cannot see (the others' hands and discards, the cards out of play) is
        dealt again at random, so that a seat that could not follow holds none of the numbers it could have
        followed with; the future rounds' deals are reseeded."""
        other = self.clone()
        other.rng = random.Random(rng.randrange(2**63))
        if self.turn is None:
            return other
        others = [s for s in range(self.n) if s != seat]
        hidden = [s for s in others if self.discards[s] is not None]
        pool = [c for s in others for c in self.hands[s]]
        pool += [d for s in hidden if (d := self.discards[s]) is not None]
        pool += self.out
        # Slots: the others' hands, their discards (one card each), the cards out of play.
        sizes = [len(self.hands[s]) for s in others] + [1] * len(hidden) + [len(self.out)]
        masks = None
        if any(self.cannot_hold[s] for s in others):
            full = (1 << len(sizes)) - 1
            by_number = {r: full & ~sum(1 << k for k, s in enumerate(others) if r in self.cannot_hold[s])
                         for r in {c.rank for c in pool}}
            masks = [by_number[c.rank] for c in pool]
        dealt = deal(pool, sizes, rng, masks)
        if dealt is None:  # cannot happen with a consistent record; keep the real cards rather than fail
            return other
        for k, s in enumerate(others):
            other.hands[s] = sorted(dealt[k])
        for k, s in enumerate(hidden, start=len(others)):
            other.discards[s] = dealt[k][0]
        other.out = dealt[-1]
        return other


# ----- the rules ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CatRules(Rules):
    """Cat in the Box for 2 to 5 players."""

    def new_game(self, players: int, options: Mapping[str, Any] | None = None, seed: int | None = None) -> CatState:
        self.check_players(players)
        chosen = self.validate_options(options)
        return CatState(players, chosen, new_seed() if seed is None else seed)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        action = super().action_from_json(data)
        if isinstance(action, (Discard, Play)) and (action.card.suit != NUMBER_SUIT or
                                                    not 1 <= action.card.rank <= 9):
            raise ValueError(f"not a cat card: {action.card.code}")
        return action


RULES = CatRules(
    **INFO.metadata(),
    action_types=(Discard, Predict, Play, Paradox),
    event_kinds=get_args(EventKind),
)
