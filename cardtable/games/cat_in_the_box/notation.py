"""Cat in the Box's position text (`core.notation`).

Keys, in order (seats' lists separated by `|`, `-` for none):

    options: rounds=1 red_lead=free voluntary_void=off
    seed: 7                 the game's seed (see below)
    round: 0                rounds scored so far (one `record` line each)
    start: 0                the round's start player
    phase: discard          discard, predict, play or over
    turn: 0                 the seat to act (`-` when over)
    hands: 1:N 3:N#2 .. | .. each seat's hand (read in any order, kept sorted)
    discards: 4:N | - | ..  each seat's hidden discard
    predictions: 2 - - -    each seat's prediction
    available: RBYG | RBG   each seat's colours still available (its X covered)
    board: 3R=0 5B=1 2G=o   the tokens, space=owner (`o`: an observer token; in a 2-player game exactly those
                            its revealed cards place; in another game none, unless a test blocks a space so)
    revealed: 2:N 4:N 5:N   the 2-player centre cards turned up
    out: ..                 the cards left over
    won: .. | ..            the cards of each seat's tricks this round (its tricks: their number / players)
    leader: 0               the seat that leads (led) the trick on the table
    trick: 3:N=R 7:N#2=B    the trick on the table, card=colour, from the leader on (cards: number:N#copy)
    last lead: 2            the seat that led the last trick gathered (or interrupted), `-` for none
    last trick: 3:N=R 7:N=B that trick
    last winner: 1          its winner (`-`: none, or a paradox)
    paradox: -              the seat that caused this round's paradox
    interrupted: -          the cards of the trick the paradox interrupted
    cannot hold: - | 3 5    per seat, the numbers it showed it cannot hold (written, not derived: for `determinize`)
    record 1: start 0, predictions 1 2 3, tricks 2 3 4, bonus 0 3 0, paradox -

Derived, not written: the free spaces, whether red is on the board, the led colour, each seat's tricks (from its
won cards) and each record's scores.  Every card of the deck is in exactly one place.

The generator: after `from_text` it is `random.Random(seed)` that has dealt every round dealt so far (`round` + 1,
or `round` once the game is over), so it is the generator of the game with that seed at that point, and the next
deal is the one that game would make.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.core.cards import Card
from cardtable.core.notation import (
    EMPTY,
    SEATS,
    Lines,
    NotationError,
    cards_from,
    cards_text,
    check_deck,
    number_from,
    numbers_text,
    read_lines,
    seat_text,
    write_lines,
)
from cardtable.games.cat_in_the_box.rules import (
    COLOURS,
    DECKS,
    OBSERVER,
    OBSERVER_COLOURS,
    RED,
    RULES,
    CatState,
    RoundRecord,
    deck,
)

GAME = "cat_in_the_box"
PHASES = ("discard", "predict", "play", "over")
OBSERVER_TOKEN = "o"
_KEYS = ("options", "seed", "round", "start", "phase", "turn", "hands", "discards", "predictions", "available",
         "board", "revealed", "out", "won", "leader", "trick", "last lead", "last trick", "last winner", "paradox",
         "interrupted", "cannot hold")



def _owner(owner: int) -> str:
    return OBSERVER_TOKEN if owner == OBSERVER else str(owner)



def _plays(plays: list[tuple[int, Card, str]]) -> str:
    return " ".join(f"{card.code}={colour}" for _, card, colour in plays) or EMPTY


def options_text(options: dict[str, Any]) -> str:
    return " ".join(f"{name}={value}" for name, value in options.items())


class CatNotation:
    """Cat in the Box's `to_text` and `from_text` (see the module docstring)."""

    def to_text(self, state: Any) -> str:
        s: CatState = state
        n = s.n
        options = {"rounds": "per_player" if s.rounds > 1 else "1",
                   "red_lead": "broken" if s.red_broken_rule else "free",
                   "voluntary_void": "on" if s.voluntary_void else "off"}
        last_lead = s.last_trick[0][0] if s.last_trick else None
        board = sorted(s.board, key=lambda space: (space[0], COLOURS.index(space[1])))
        values = [
            ("options", options_text(options)),
            ("seed", str(s.seed)),
            ("round", str(s.round)),
            ("start", str(s.start)),
            ("phase", s.phase),
            ("turn", seat_text(s.turn)),
            ("hands", SEATS.join(cards_text(h) for h in s.hands)),
            ("discards", SEATS.join(EMPTY if d is None else d.code for d in s.discards)),
            ("predictions", " ".join(seat_text(p) for p in s.predictions)),
            ("available", SEATS.join("".join(c for c in COLOURS if c in a) or EMPTY for a in s.available)),
            ("board", " ".join(f"{number}{colour}={_owner(s.board[number, colour])}" for number, colour in board)
             or EMPTY),
            ("revealed", cards_text(s.revealed)),
            ("out", cards_text(s.out)),
            ("won", SEATS.join(cards_text(w) for w in s.won)),
            ("leader", str(s.leader)),
            ("trick", _plays(s.trick)),
            ("last lead", seat_text(last_lead)),
            ("last trick", _plays(s.last_trick)),
            ("last winner", seat_text(s.last_winner)),
            ("paradox", seat_text(s.paradox)),
            ("interrupted", cards_text(s.interrupted)),
            ("cannot hold", SEATS.join(numbers_text(sorted(c)) for c in s.cannot_hold)),
        ]
        for k, r in enumerate(s.records, start=1):
            values.append((f"record {k}", f"start {r.start}, predictions {numbers_text(r.predictions)}, tricks "
                                          f"{numbers_text(r.tricks)}, bonus {numbers_text(r.bonus)}, paradox "
                                          f"{seat_text(r.paradox)}"))
        return write_lines(GAME, n, values)

    def from_text(self, text: str) -> CatState:
        lines = read_lines(text, GAME, RULES.players)
        return _Reader(lines).state


class _Reader:
    """Reads one position text into a state, checking it as it goes."""

    def __init__(self, lines: Lines) -> None:
        self.lines = lines
        n = self.n = lines.players
        options = lines.rules_options("options", RULES)
        rounds = n if options["rounds"] == "per_player" else 1
        s = self.state = CatState.__new__(CatState)
        s.n, s.rounds = n, rounds
        s.red_broken_rule = options["red_lead"] == "broken"
        s.voluntary_void = options["voluntary_void"] == "on"
        s.seed = lines.number("seed", 0, 2**63)
        s.round = lines.number("round", 0, rounds)
        s.start = lines.number("start", 0, n - 1)
        s.phase = lines.choice("phase", PHASES)
        s.turn = lines.seat_or_none("turn")
        if (s.phase == "over") != (s.round == rounds) or (s.phase == "over") != (s.turn is None):
            raise NotationError("the game is over (phase over, no turn) exactly when every round is scored")
        s._plays = None
        top = DECKS[n][0]
        s.hands = [sorted(hand) for hand in lines.seats_cards("hands")]
        s.discards = [self._one(part, "discards") for part in self._seats("discards")]
        s.predictions = [None if p == EMPTY else self._number(p, "predictions", 1, 4)
                         for p in self._spaced("predictions")]
        s.available = [self._colours(part) for part in self._seats("available")]
        s.revealed = lines.cards("revealed")
        s.out = lines.cards("out")
        s.won = lines.seats_cards("won")
        s.leader = lines.number("leader", 0, n - 1)
        s.trick = self._plays("trick", s.leader)
        last_lead = lines.seat_or_none("last lead")
        s.last_trick = [] if last_lead is None else self._plays("last trick", last_lead)
        if last_lead is None and lines.take("last trick") != EMPTY:
            raise NotationError("'last trick' needs its 'last lead'")
        s.last_winner = lines.seat_or_none("last winner")
        s.paradox = lines.seat_or_none("paradox")
        s.interrupted = lines.cards("interrupted")
        s.cannot_hold = [set() if part == EMPTY else {self._number(x, "cannot hold", 1, top) for x in part.split()}
                         for part in self._seats("cannot hold")]
        s.records = self._records()
        self._board(top)
        self._check_cards()
        self._check_play()
        s.tricks = [len(w) // n for w in s.won]
        s.led = s.trick[0][2] if s.trick else None
        s.rng = random.Random(s.seed)
        cards = deck(n)
        for _ in range(s.round + (s.phase != "over")):
            s.rng.shuffle(cards)

    # ----- small readers ------------------------------------------------------------------------------
    def _seats(self, key: str) -> list[str]:
        parts = [part.strip() for part in self.lines.take(key).split("|")]
        if len(parts) != self.n:
            raise NotationError(f"{key!r} has {len(parts)} seats for {self.n} players")
        return parts

    def _spaced(self, key: str) -> list[str]:
        parts = self.lines.take(key).split()
        if len(parts) != self.n:
            raise NotationError(f"{key!r} has {len(parts)} values for {self.n} players")
        return parts

    @staticmethod
    def _number(value: str, key: str, low: int, high: int) -> int:
        return number_from(value, key, low, high)

    def _one(self, value: str, key: str) -> Card | None:
        cards = cards_from(value, key)
        if len(cards) > 1:
            raise NotationError(f"{key!r}: one card per seat at most, not {value!r}")
        return cards[0] if cards else None

    @staticmethod
    def _colours(value: str) -> set[str]:
        if value == EMPTY:
            return set()
        if any(c not in COLOURS for c in value) or len(set(value)) != len(value):
            raise NotationError(f"'available': {value!r} is not a set of the colours {''.join(COLOURS)}")
        return set(value)

    def _plays(self, key: str, first: int) -> list[tuple[int, Card, str]]:
        value = self.lines.take(key)
        if value == EMPTY:
            return []
        plays = []
        for k, part in enumerate(value.split()):
            code, equals, colour = part.partition("=")
            if not equals or colour not in COLOURS:
                raise NotationError(f"{key!r}: {part!r} is not card=colour ({', '.join(COLOURS)})")
            plays.append(((first + k) % self.n, cards_from(code, key)[0], colour))
        if len(plays) > self.n:
            raise NotationError(f"{key!r} has more plays than players")
        return plays

    def _records(self) -> list[RoundRecord]:
        lines, n = self.lines, self.n
        records = []
        for k in range(1, self.state.round + 1):
            key = f"record {k}"
            fields: dict[str, str] = {}
            for part in lines.take(key).split(","):
                name, _, value = part.strip().partition(" ")
                fields[name] = value.strip()
            if set(fields) != {"start", "predictions", "tricks", "bonus", "paradox"}:
                raise NotationError(f"{key!r} must give start, predictions, tricks, bonus and paradox")
            start = self._number(fields["start"], key, 0, n - 1)
            predictions, tricks, bonus = (tuple(self._number(x, key, 0, 99) for x in fields[name].split())
                                          for name in ("predictions", "tricks", "bonus"))
            if not len(predictions) == len(tricks) == len(bonus) == n:
                raise NotationError(f"{key!r}: one prediction, trick count and bonus per seat")
            paradox = None if fields["paradox"] == EMPTY else self._number(fields["paradox"], key, 0, n - 1)
            scores = tuple(-t if s == paradox else t + b for s, (t, b) in enumerate(zip(tricks, bonus, strict=True)))
            records.append(RoundRecord(start, predictions, tricks, bonus, paradox, scores))
        lines.unused([*_KEYS, *(f"record {k}" for k in range(1, self.state.round + 1))])
        return records

    def _board(self, top: int) -> None:
        s = self.state
        s.board = {}
        if s.revealed and self.n != 2:
            raise NotationError("only a 2-player game turns up centre cards")
        value = self.lines.take("board")
        for part in [] if value == EMPTY else value.split():
            space, equals, owner = part.partition("=")
            number, colour = space[:-1], space[-1:]
            if not equals or colour not in COLOURS or not number.isdecimal():
                raise NotationError(f"'board': {part!r} is not number+colour=owner, like 3R=0 or 2G=o")
            place = (self._number(number, "board", 1, top), colour)
            if place in s.board:
                raise NotationError(f"'board': the space {space} holds two tokens")
            s.board[place] = OBSERVER if owner == OBSERVER_TOKEN else self._number(owner, "board", 0, self.n - 1)
        if self.n == 2:
            observers: dict[tuple[int, str], int] = {}
            for card in s.revealed:
                free = next((c for c in OBSERVER_COLOURS if (card.rank, c) not in observers), None)
                if free is None:
                    raise NotationError(f"'revealed': no observer space left for {card.code}")
                observers[card.rank, free] = OBSERVER
            if observers != {space: owner for space, owner in s.board.items() if owner == OBSERVER}:
                raise NotationError("'board': the observer tokens are those the revealed cards place")
        for seat, card, colour in s.trick:
            if s.board.get((card.rank, colour)) != seat:
                raise NotationError(f"'trick': {card.code}={colour} has no token of seat {seat} on the board")
        all_numbers = (1 << (top + 1)) - 2
        s.free = {colour: all_numbers & ~sum(1 << number for number, c in s.board if c == colour)
                  for colour in COLOURS}
        s.red_on_board = any(colour == RED for _, colour in s.board)

    def _check_cards(self) -> None:
        s, n = self.state, self.n
        places = [*(c for h in s.hands for c in h), *(d for d in s.discards if d is not None), *s.revealed, *s.out,
                  *(c for w in s.won for c in w), *(c for _, c, _ in s.trick), *s.interrupted]
        check_deck(places, deck(n))
        if (len(s.revealed) != 3) if n == 2 else s.revealed:
            raise NotationError("a 2-player game turns up 3 centre cards, no other game any")
        for w in s.won:
            if len(w) % n:
                raise NotationError(f"'won' holds whole tricks of {n} cards")
        for _, card, _ in s.last_trick:
            if card not in s.interrupted and all(card not in w for w in s.won):
                raise NotationError(f"'last trick': {card.code} is neither won nor interrupted")

    def _check_play(self) -> None:
        s, n = self.state, self.n
        if s.paradox is not None and s.trick:
            raise NotationError("a paradox ends the trick phase: no trick is on the table")
        if s.phase in ("discard", "predict") and (s.trick or any(s.won) or s.board.keys() - {
                space for space, owner in s.board.items() if owner == OBSERVER}):
            raise NotationError(f"no card is played in the {s.phase} phase")
        if s.phase == "discard":
            if any(p is not None for p in s.predictions):
                raise NotationError("no prediction is made before every seat has discarded")
        elif s.phase in ("predict", "play") and any(d is None for d in s.discards):
            raise NotationError(f"every seat has discarded in the {s.phase} phase")
        if s.phase == "play" and any(p is None for p in s.predictions):
            raise NotationError("every seat has predicted in the play phase")
        if s.trick and s.turn != (s.leader + len(s.trick)) % n:
            raise NotationError("the seat to act is the next after the trick's last play")
        if s.phase == "play" and not s.trick and s.turn != s.leader:
            raise NotationError("with no trick on the table the leader is to act")


NOTATION = CatNotation()
