"""Cat Te's position text (`core.notation`).

Keys, in order (seats' lists separated by `|`, `-` for none; seats' flags and numbers separated by spaces):

    options: region=khmer instant_wins=True must_beat=True chips=100 ante=5 side_pot=False rounds=0
    seed: 7                  the session's seed: round k is dealt from it and k
    region: laos             the table's region now
    round: 1                 rounds dealt so far
    dealer: 0                the round's dealer
    phase: play              play, between or over
    turn: 0                  the seat to act (`-` when over)
    chips: 95 95 95 95       each seat's chips
    pot: 20                  the main pot
    side pot: 0              the side pot (0 when it is off)
    out: -                   the seats out of the session
    hands: 9S 4C .. | ..     each seat's hand (a seat not dealt in: none), read in any order and kept sorted
    played: 9S 4C~ | ..      each seat's played pile, one card per trick (`~`: folded, face down)
    deck: ..                 the undealt cards
    trick: 2                 the trick being played (1-6)
    leader: 0                the seat that leads it
    trick winners: 1         the winners of this round's tricks
    eliminated: -            the seats eliminated this round
    limits: - | 1:H:9        per seat, what must-beat showed: pile index:suit:highest strength it may still hold
    side card: -             the side pot's turned card
    side claim: -            the seat that claimed the side pot this round
    side amount: 0           what it took
    instant: -               an instant win: the seat and its kind (`2 four of a kind`)
    record 1: dealer 0, region khmer, seats 0 1 2 3, winner 2, how last trick, hand -, pot 20, double 0,
              eliminated -, tricks 1 2 3 0, side card -, side claim -, side amount 0, chips 95 115 95 95

Derived, not written: who was dealt in, the turn order, the trick on the table (the piles' entries of this trick,
from the leader on), the led suit and the best card, whether the fifth trick is face down, the tricks won, the
last trick and its winner, the side pot's holder and the round's winner.  Every card of the deck is in exactly
one place.  The chips are not checked against the chips the seats started with: a test may give a seat any
number.

The generator: the state keeps no generator, each round is dealt from `seed` and the round's number, so after
`from_text` the next deal is the one the session with that seed would make.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.core.cards import SUITS, Card
from cardtable.core.notation import (
    EMPTY,
    SEATS,
    Lines,
    NotationError,
    cards_from,
    cards_text,
    known_cards,
    number_from,
    numbers_text,
    options_text,
    read_lines,
    seat_text,
    write_lines,
)
from cardtable.games.cat_te import REGIONS
from cardtable.games.cat_te.rules import (
    _DECK,
    _SORT_KEY,
    FACE_DOWN_TRICK,
    FOUR_OF_A_KIND,
    LAST_TRICK,
    LOW_HAND,
    ONE_SUIT,
    RULES,
    STRENGTH,
    CatTeState,
    RoundRecord,
    claim_card,
)

GAME = "cat_te"
PHASES = ("play", "between", "over")
KINDS = (FOUR_OF_A_KIND, ONE_SUIT, LOW_HAND)
HOWS = ("instant", "sweep", "last trick")
FOLDED = "~"
CHIPS = 10**9  # the most chips a seat or a pot may hold in a position (a test may give a seat any number)
_KEYS = ("options", "seed", "region", "round", "dealer", "phase", "turn", "chips", "pot", "side pot", "out", "hands",
         "played", "deck", "trick", "leader", "trick winners", "eliminated", "limits", "side card", "side claim",
         "side amount", "instant")
_RECORD = ("dealer", "region", "seats", "winner", "how", "hand", "pot", "double", "eliminated", "tricks", "side card",
           "side claim", "side amount", "chips")


_DECK_SET = frozenset(_DECK)





def _flags(flags: list[bool]) -> str:
    return numbers_text(s for s, flag in enumerate(flags) if flag)


def _card(card: Card | None) -> str:
    return EMPTY if card is None else card.code


class CatTeNotation:
    """Cat Te's `to_text` and `from_text` (see the module docstring)."""

    def to_text(self, state: Any) -> str:
        s: CatTeState = state
        values = [
            ("options", options_text(s.options)),
            ("seed", str(s.seed)),
            ("region", s.region),
            ("round", str(s.round)),
            ("dealer", str(s.dealer)),
            ("phase", s.phase),
            ("turn", seat_text(s.turn)),
            ("chips", numbers_text(s.chips)),
            ("pot", str(s.pot)),
            ("side pot", str(s.side_pot)),
            ("out", _flags(s.out)),
            ("hands", SEATS.join(cards_text(h) for h in s.hands)),
            ("played", SEATS.join(" ".join(c.code + ("" if up else FOLDED) for c, up in pile) or EMPTY
                                  for pile in s.piles)),
            ("deck", cards_text(s.deck)),
            ("trick", str(s.trick_no)),
            ("leader", str(s.leader)),
            ("trick winners", numbers_text(s.trick_winners)),
            ("eliminated", _flags(s.eliminated)),
            ("limits", SEATS.join(" ".join(f"{at}:{suit}:{top}" for at, suit, top in limits) or EMPTY
                                  for limits in s.limits)),
            ("side card", _card(s.side_card)),
            ("side claim", seat_text(s.side_claim)),
            ("side amount", str(s.side_amount)),
            ("instant", EMPTY if s.instant is None else f"{s.instant[0]} {s.instant[1]}"),
        ]
        for k, r in enumerate(s.records, start=1):
            values.append((f"record {k}", ", ".join([
                f"dealer {r.dealer}", f"region {r.region}", f"seats {numbers_text(r.seats)}", f"winner {r.winner}",
                f"how {r.how}", f"hand {r.hand or EMPTY}", f"pot {r.pot}", f"double {r.double}",
                f"eliminated {numbers_text(r.eliminated)}", f"tricks {numbers_text(r.tricks)}",
                f"side card {_card(r.side_card)}", f"side claim {seat_text(r.side_claim)}",
                f"side amount {r.side_amount}", f"chips {numbers_text(r.chips)}"])))
        return write_lines(GAME, s.n, values)

    def from_text(self, text: str) -> CatTeState:
        return _Reader(read_lines(text, GAME, RULES.players)).state


class _Reader:
    """Reads one position text into a state, checking it as it goes."""

    def __init__(self, lines: Lines) -> None:
        self.lines = lines
        n = self.n = lines.players
        options = lines.rules_options("options", RULES)
        s = self.state = CatTeState(n, options, lines.number("seed", 0, 2**63))
        s.region = lines.choice("region", REGIONS)
        s.elimination = s.region != "khmer"
        s.round = lines.number("round", 1, 10**6)
        s.dealer = lines.number("dealer", 0, n - 1)
        s.phase = lines.choice("phase", PHASES)
        s.turn = lines.seat_or_none("turn")
        if (s.turn is None) != (s.phase == "over"):
            raise NotationError("no seat is to act exactly when the session is over")
        total = CHIPS
        s.chips = self._per_seat("chips", 0, total)
        s.pot = lines.number("pot", 0, total)
        s.side_pot = lines.number("side pot", 0, total)
        if s.side_pot and not s.side_on:
            raise NotationError("a side pot without the side pot option")
        s.out = self._flags("out")
        s.hands = [sorted(known_cards(h, _DECK_SET, "hands"), key=_SORT_KEY.__getitem__)
                   for h in lines.seats_cards("hands")]
        s.piles = [self._pile(part) for part in self._seats("played")]
        s.deck = known_cards(lines.cards("deck"), _DECK_SET, "deck")
        s.trick_no = lines.number("trick", 1, LAST_TRICK)
        s.leader = lines.number("leader", 0, n - 1)
        s.trick_winners = lines.numbers("trick winners", 0, n - 1)
        s.eliminated = self._flags("eliminated")
        s.limits = [self._limits(part) for part in self._seats("limits")]
        side = known_cards(cards_from(lines.take("side card"), "side card"), _DECK_SET, "side card")
        if len(side) > 1 or (side and not s.side_on):
            raise NotationError("'side card': one card, and only with the side pot option")
        s.side_card = side[0] if side else None
        s.side_claim = lines.seat_or_none("side claim")
        s.side_amount = lines.number("side amount", 0, total)
        s.instant = self._instant()
        s.records = self._records()
        lines.unused([*_KEYS, *(f"record {k}" for k in range(1, len(s.records) + 1))])
        self._derive()
        self._check()

    # ----- small readers ------------------------------------------------------------------------------
    def _seats(self, key: str) -> list[str]:
        parts = [part.strip() for part in self.lines.take(key).split("|")]
        if len(parts) != self.n:
            raise NotationError(f"{key!r} has {len(parts)} seats for {self.n} players")
        return parts

    def _per_seat(self, key: str, low: int, high: int) -> list[int]:
        values = self.lines.numbers(key, low, high)
        if len(values) != self.n:
            raise NotationError(f"{key!r} has {len(values)} numbers for {self.n} players")
        return values

    def _flags(self, key: str) -> list[bool]:
        seats = self.lines.numbers(key, 0, self.n - 1)
        if len(set(seats)) != len(seats):
            raise NotationError(f"{key!r} names a seat twice")
        return [s in seats for s in range(self.n)]

    @staticmethod
    def _pile(value: str) -> list[tuple[Card, bool]]:
        if value == EMPTY:
            return []
        pile = []
        for code in value.split():
            up = not code.endswith(FOLDED)
            cards = known_cards(cards_from(code if up else code[:-1], "played"), _DECK_SET, "played")
            if len(cards) != 1:
                raise NotationError(f"'played': {code!r} is not a card")
            pile.append((cards[0], up))
        if len(pile) > LAST_TRICK:
            raise NotationError(f"'played': at most {LAST_TRICK} cards a seat, not {len(pile)}")
        return pile

    def _limits(self, value: str) -> list[tuple[int, str, int]]:
        if value == EMPTY:
            return []
        limits = []
        for part in value.split():
            bits = part.split(":")
            if len(bits) != 3 or bits[1] not in SUITS:
                raise NotationError(f"'limits': {part!r} is not index:suit:strength, like 1:H:9")
            limits.append((number_from(bits[0], "limits", 0, LAST_TRICK - 1), bits[1],
                           number_from(bits[2], "limits", 1, 14)))
        return limits

    def _instant(self) -> tuple[int, str] | None:
        value = self.lines.take("instant")
        if value == EMPTY:
            return None
        seat, _, kind = value.partition(" ")
        if kind not in KINDS:
            raise NotationError(f"'instant': a seat and one of {', '.join(KINDS)}, not {value!r}")
        return number_from(seat, "instant", 0, self.n - 1), kind

    def _records(self) -> list[RoundRecord]:
        n = self.n
        records = []
        k = 1
        while f"record {k}" in self.lines.values:
            key = f"record {k}"
            fields: dict[str, str] = {}
            for part in self.lines.take(key).split(","):
                words = part.split()
                cut = 2 if words[:1] == ["side"] else 1
                fields[" ".join(words[:cut])] = " ".join(words[cut:])
            if set(fields) != set(_RECORD):
                raise NotationError(f"{key!r} must give {', '.join(_RECORD)}")

            def seats(name: str, key: str = key, fields: dict[str, str] = fields) -> tuple[int, ...]:
                value = fields[name]
                return () if value == EMPTY else tuple(number_from(x, key, 0, n - 1) for x in value.split())

            def number(name: str, high: int, key: str = key, fields: dict[str, str] = fields) -> int:
                return number_from(fields[name], key, 0, high)

            total = CHIPS
            tricks, chips = (tuple(number_from(x, key, 0, total) for x in fields[name].split())
                             for name in ("tricks", "chips"))
            side = known_cards(cards_from(fields["side card"], key), _DECK_SET, key)
            claim = seats("side claim")
            if (fields["region"] not in REGIONS or fields["how"] not in HOWS or len(tricks) != n or len(chips) != n
                    or len(side) > 1 or len(claim) > 1 or fields["hand"] not in (EMPTY, *KINDS)):
                raise NotationError(f"{key!r}: a field is not what a round's record holds")
            records.append(RoundRecord(
                number=k, dealer=number("dealer", n - 1), region=fields["region"], seats=seats("seats"),
                winner=number("winner", n - 1), how=fields["how"],
                hand=None if fields["hand"] == EMPTY else fields["hand"], pot=number("pot", total),
                double=number("double", total), eliminated=seats("eliminated"), tricks=tricks,
                side_card=side[0] if side else None, side_claim=claim[0] if claim else None,
                side_amount=number("side amount", total), chips=chips))
            k += 1
        return records

    # ----- what follows from the rest --------------------------------------------------------------------
    def _derive(self) -> None:
        s, n = self.state, self.n
        s.dealt = [bool(s.hands[x] or s.piles[x]) for x in range(n)]
        s._link()
        s.won = [s.trick_winners.count(x) for x in range(n)]
        s.face_down = s.elimination and s.trick_no == FACE_DOWN_TRICK and s.phase == "play"
        order = [(s.leader + k) % n for k in range(n)]
        s.trick = []
        if s.phase == "play":
            index = s.trick_no - 1
            s.trick = [(x, *s.piles[x][index]) for x in order if len(s.piles[x]) > index]
        s.led = s.trick[0][1].suit if s.trick else None
        s.best = 0
        if s.trick and not s.trick[0][2]:
            raise NotationError("the leader's card lies face up")
        if s.trick:
            s.best = STRENGTH[s.trick[0][1]]
            if not s.face_down:
                s.best = max(STRENGTH[c] for _, c, up in s.trick if up and c.suit == s.led)
        s.last_trick, s.last_winner = (), None
        if s.trick_winners:
            index = len(s.trick_winners) - 1
            first = s.trick_winners[index - 1] if index else s.dealer
            s.last_trick = tuple((x, *s.piles[x][index]) for x in [(first + k) % n for k in range(n)]
                                 if len(s.piles[x]) > index)
            s.last_winner = s.trick_winners[-1]
        s.side_holder = None
        if s.side_card is not None:
            wanted = claim_card(s.side_card)
            s.side_holder = next((x for x in range(n) if wanted in s.hands[x]
                                  or any(c == wanted for c, _ in s.piles[x])), None)
        s.round_winner = s.records[-1].winner if s.phase != "play" and s.records else None

    def _check(self) -> None:
        s, n = self.state, self.n
        places = [*(c for h in s.hands for c in h), *(c for p in s.piles for c, _ in p), *s.deck]
        if s.side_card is not None:
            places.append(s.side_card)
        counts = Counter(places)
        for card, count in counts.items():
            if count > 1:
                raise NotationError(f"{card.code} is in the position {count} times; the deck has it once")
        missing = [c.code for c in _DECK if c not in counts]
        if missing:
            raise NotationError(f"cards missing from the position: {' '.join(missing)}")
        if s.phase != "play" and not s.records:
            raise NotationError(f"the phase {s.phase} follows a finished round: a record is missing")
        if len(s.records) not in (s.round, s.round - 1) or (len(s.records) == s.round) == (s.phase == "play"):
            raise NotationError("a round's record is written once the round is over")
        dealt = [x for x in range(n) if s.dealt[x]]
        if len(dealt) < 2 or s.phase != "over" and any(s.out[x] for x in dealt):
            raise NotationError("two seats or more, none out of the session, are dealt in")
        for x in dealt:
            if len(s.hands[x]) + len(s.piles[x]) != 6:
                raise NotationError(f"seat {x} holds and has played {len(s.hands[x]) + len(s.piles[x])} cards, "
                                    f"not 6")
        if len(s.trick_winners) > s.trick_no or any(s.eliminated[x] and not s.dealt[x] for x in range(n)):
            raise NotationError("more tricks won than played, or a seat eliminated that was not dealt in")
        if s.phase == "play":
            if len(s.trick_winners) != s.trick_no - 1 or s.instant is not None:
                raise NotationError("in play the tricks won are the tricks before this one, and no instant win")
            for x in dealt:
                if s.eliminated[x]:
                    continue
                want = s.trick_no - 1 + any(seat == x for seat, _, _ in s.trick)
                if len(s.piles[x]) != want:
                    raise NotationError(f"seat {x} has played {len(s.piles[x])} cards, not {want}")
            if s.turn != s.leader and (not s.trick or s.turn != s.next_of[s.trick[-1][0]]):
                raise NotationError("the seat to act is the leader, or the next after the trick's last card")
            if not s.dealt[s.leader] or s.eliminated[s.leader] or (s.turn is not None and s.next_of[s.turn] < 0):
                raise NotationError("the leader and the seat to act play this round")


NOTATION = CatTeNotation()
