"""King of the Hill's position text (`core.notation`).  Its two decks are told apart by copy: `QH` and `QH#1`; the
black jokers are `JK` and `JK#2`, the red ones `JK#1` and `JK#3`.

Keys, in order (seats' lists separated by `|`, `-` for none):

    options: rounds=0 timers=False
    seed: 7                    the game's seed: each round's chance is drawn from it and the round's number
    round: 0                   rounds scored so far (one `record` line each)
    ranks: 2 2 2 2 2           each seat's rank (2..14, A is 14; past A: 15 ..)
    start: 3                   the round's starting seat
    koth: -                    the King of the Hill (`-` in the first round until the deal decides)
    rank: 2                    the round's trump rank (a rank value, as `ranks`)
    trump: -                   the trump suit (`-` until it is known)
    phase: declare             declare, trump, bury, call, play or over
    turn: 3                    the seat to act (`-` when over)
    deck: ..                   the undealt cards, dealt from the end
    final choices: -           after the deal: how many seats have had their last choice (`-`: the deal goes on)
    hands: .. | ..             each seat's hand (during the deal: in the order dealt)
    declarations: 0 2H, 3 2S 2S#1   each declaration: its seat and the cards it showed
    dead: ..                   the dead hand
    call: -                    the call: `-` not made yet, `none`, or the card called
    teammate: -                the KotH's teammate, once revealed
    koth played called: 0      copies of the called card the KotH has played
    points: 0 10 0 25 0        each seat's points won this round (written: the engine keeps them beside the cards
                               won, and a test may give them apart from the cards)
    won: .. | ..               each seat's cards won this round
    leader: 3                  the seat that leads (led) the trick on the table
    trick: 5H 5H#1, 6H 9H      the trick on the table, one play (one card or two) per seat from the leader on
    last lead: -               the seat that led the last trick gathered
    last trick: -              that trick
    voids: - | H T             per seat, the effective suits it showed it has none of (`T`: the trump group)
    no pair: - | S             per seat, the effective suits it showed it holds no pair of
    record 1: koth 0, teammate 2, called AH, rank 2, trump H, points 0 40 0 30 20, dead .., last winner 2, ...

Derived, not written: the card order, the trump rank's `Card.rank`, the standing declaration (the last), the
trump-rank cards each seat holds (counted from the hands: only the deal uses them), the next seat dealt to, the
led suit and count, the last trick's winner, and each record's dead points, challenge score and
outcome.  The voids and no-pair knowledge is written.  Every one of the 108 cards is in exactly one place.

The generator: the state keeps no generator, each round's chance comes from `seed` and the round's number, so after
`from_text` the rest of the deal and the next rounds are those of the game with that seed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.core.cards import JOKER_SUIT, SUITS, Card
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
from cardtable.games.king_of_the_hill.rules import (
    _FACE,
    _FACE_CARD,
    _SUIT_BIT,
    DECK,
    FIRST_RANK,
    HAND_SIZE,
    KITTY,
    PLAYERS,
    RULES,
    KingState,
    RoundRecord,
    card_rank,
    challenge_score,
    next_koth,
    order_for,
    outcome,
    points_of,
    winning_seat,
)

GAME = "king_of_the_hill"
PHASES = ("declare", "trump", "bury", "call", "play", "over")
NONE = "none"
TOP_RANK = 99
TOP_POINTS = 10**6
_KEYS = ("options", "seed", "round", "ranks", "start", "koth", "rank", "trump", "phase", "turn", "deck",
         "final choices", "hands", "declarations", "dead", "call", "teammate", "koth played called", "points", "won",
         "leader", "trick", "last lead", "last trick", "voids", "no pair")
_RECORD = ("koth", "teammate", "called", "rank", "trump", "points", "dead", "last winner", "ranks before")
_BIT_SUITS = tuple(_SUIT_BIT)


_DECK_SET = frozenset(DECK)





def _plays(plays: Any) -> str:
    return ", ".join(cards_text(cards) for _, cards in plays) or EMPTY


def _bits(bits: int) -> str:
    return " ".join(s for s in _BIT_SUITS if bits & _SUIT_BIT[s]) or EMPTY


class KingNotation:
    """King of the Hill's `to_text` and `from_text` (see the module docstring)."""

    def to_text(self, state: Any) -> str:
        s: KingState = state
        call = EMPTY if not s.call_made else NONE if s.called is None else s.called.code
        values = [
            ("options", options_text(s.options)),
            ("seed", str(s.seed)),
            ("round", str(s.round)),
            ("ranks", numbers_text(s.ranks)),
            ("start", str(s.start)),
            ("koth", seat_text(s.koth)),
            ("rank", str(s.rank_value)),
            ("trump", s.trump_suit or EMPTY),
            ("phase", s.phase),
            ("turn", seat_text(s.turn)),
            ("deck", cards_text(s.stack)),
            ("final choices", seat_text(s.final)),
            ("hands", SEATS.join(cards_text(h) for h in s.hands)),
            ("declarations", ", ".join(f"{seat} {cards_text(shown)}" for seat, _, _, shown in s.declarations)
             or EMPTY),
            ("dead", cards_text(s.dead)),
            ("call", call),
            ("teammate", seat_text(s.teammate)),
            ("koth played called", str(s.koth_played_called)),
            ("points", numbers_text(s.points)),
            ("won", SEATS.join(cards_text(w) for w in s.won)),
            ("leader", str(s.leader)),
            ("trick", _plays(s.trick)),
            ("last lead", seat_text(s.last_trick[0][0] if s.last_trick else None)),
            ("last trick", _plays(s.last_trick)),
            ("voids", SEATS.join(_bits(b) for b in s.voids)),
            ("no pair", SEATS.join(_bits(b) for b in s.nopair)),
        ]
        for k, r in enumerate(s.records, start=1):
            values.append((f"record {k}", ", ".join([
                f"koth {r.koth}", f"teammate {seat_text(r.teammate)}", f"called {r.called.code if r.called else EMPTY}",
                f"rank {r.trump_rank}", f"trump {r.trump_suit}", f"points {numbers_text(r.points)}",
                f"dead {cards_text(r.dead)}", f"last winner {r.last_winner}",
                f"ranks before {numbers_text(r.ranks_before)}"])))
        return write_lines(GAME, PLAYERS, values)

    def from_text(self, text: str) -> KingState:
        return _Reader(read_lines(text, GAME, RULES.players)).state


class _Reader:
    """Reads one position text into a state, checking it as it goes."""

    def __init__(self, lines: Lines) -> None:
        self.lines = lines
        n = PLAYERS
        options = lines.rules_options("options", RULES)
        s = self.state = KingState.__new__(KingState)
        s.n, s.options = n, options
        s.seed = lines.number("seed", 0, 2**63)
        s.fixed_rounds, s.timers = options["rounds"], options["timers"]
        s.round = lines.number("round", 0, 10**6)
        s.ranks = self._per_seat("ranks", FIRST_RANK, TOP_RANK)
        s.start = lines.number("start", 0, n - 1)
        s.koth = lines.seat_or_none("koth")
        s.rank_value = lines.number("rank", FIRST_RANK, TOP_RANK)
        s.trump_rank = card_rank(s.rank_value)
        s.trump_suit = None if lines.take("trump") == EMPTY else lines.choice("trump", SUITS)
        s.order = order_for(s.trump_rank, s.trump_suit)
        s.phase = lines.choice("phase", PHASES)
        s.turn = lines.seat_or_none("turn")
        s._legal = None
        s.stack = known_cards(lines.cards("deck"), _DECK_SET, "deck")
        final = lines.take("final choices")
        s.final = None if final == EMPTY else number_from(final, "final choices", 0, n)
        s.hands = [known_cards(h, _DECK_SET, "hands") for h in lines.seats_cards("hands")]
        s.declarations = self._declarations()
        s.declaration = s.declarations[-1][:3] if s.declarations else None
        s.dead = known_cards(lines.cards("dead"), _DECK_SET, "dead")
        call = lines.take("call")
        s.call_made = call != EMPTY
        s.called = None
        if call not in (EMPTY, NONE):
            cards = known_cards(cards_from(call, "call"), _DECK_SET, "call")
            card = cards[0] if len(cards) == 1 else None
            if card is None or card not in _FACE or _FACE_CARD[_FACE[card]] != card:
                raise NotationError(f"'call': {call!r} is not a card's face (copy 0; jokers JK or JK#1)")
            s.called = card
        s.teammate = lines.seat_or_none("teammate")
        s.koth_played_called = lines.number("koth played called", 0, 2)
        s.points = self._per_seat("points", 0, TOP_POINTS)
        s.won = [known_cards(w, _DECK_SET, "won") for w in lines.seats_cards("won")]
        s.leader = lines.number("leader", 0, n - 1)
        s.trick = self._plays("trick", s.leader)
        last = lines.seat_or_none("last lead")
        s.last_trick = tuple(self._plays("last trick", 0 if last is None else last))
        if (last is None) != (not s.last_trick):
            raise NotationError("'last trick' and its 'last lead' are given together")
        s.voids = [self._bits(part, "voids") for part in self._seats("voids")]
        s.nopair = [self._bits(part, "no pair") for part in self._seats("no pair")]
        s.records = self._records()
        lines.unused([*_KEYS, *(f"record {k}" for k in range(1, len(s.records) + 1))])
        self._derive()
        self._check()

    # ----- small readers ------------------------------------------------------------------------------
    def _seats(self, key: str) -> list[str]:
        parts = [part.strip() for part in self.lines.take(key).split("|")]
        if len(parts) != PLAYERS:
            raise NotationError(f"{key!r} has {len(parts)} seats for {PLAYERS} players")
        return parts

    def _per_seat(self, key: str, low: int, high: int) -> list[int]:
        values = self.lines.numbers(key, low, high)
        if len(values) != PLAYERS:
            raise NotationError(f"{key!r} has {len(values)} numbers for {PLAYERS} players")
        return values

    @staticmethod
    def _bits(value: str, key: str) -> int:
        if value == EMPTY:
            return 0
        bits = 0
        for suit in value.split():
            if suit not in _SUIT_BIT or bits & _SUIT_BIT[suit]:
                raise NotationError(f"{key!r}: {suit!r} is not one of {' '.join(_BIT_SUITS)} (each once)")
            bits |= _SUIT_BIT[suit]
        return bits

    def _plays(self, key: str, first: int) -> list[tuple[int, tuple[Card, ...]]]:
        value = self.lines.take(key)
        if value == EMPTY:
            return []
        plays = []
        for k, part in enumerate(value.split(",")):
            cards = known_cards(cards_from(part.strip(), key), _DECK_SET, key)
            if len(cards) not in (1, 2):
                raise NotationError(f"{key!r}: each play is one card or two, not {part.strip()!r}")
            plays.append(((first + k) % PLAYERS, tuple(sorted(cards, key=DECK.index))))
        if len(plays) > PLAYERS or len({len(cards) for _, cards in plays}) > 1:
            raise NotationError(f"{key!r}: at most one play a seat, all of the leader's number of cards")
        return plays

    def _declarations(self) -> list[tuple[int, str, bool, tuple[Card, ...]]]:
        value = self.lines.take("declarations")
        if value == EMPTY:
            return []
        out = []
        for part in value.split(","):
            seat, _, codes = part.strip().partition(" ")
            shown = tuple(known_cards(cards_from(codes, "declarations"), _DECK_SET, "declarations"))
            rank = self.state.trump_rank
            if not 1 <= len(shown) <= 2 or any(c.rank != rank or c.suit == JOKER_SUIT for c in shown) or (
                    len(shown) == 2 and shown[0].suit != shown[1].suit) or len(set(shown)) != len(shown):
                raise NotationError(f"'declarations': {part.strip()!r} is a seat and one or two cards of the trump "
                                    f"rank, of one suit")
            out.append((number_from(seat, "declarations", 0, PLAYERS - 1), shown[0].suit, len(shown) == 2, shown))
        return out

    def _records(self) -> list[RoundRecord]:
        s = self.state
        records = []
        for k in range(1, s.round + 1):
            key = f"record {k}"
            fields: dict[str, str] = {}
            for part in self.lines.take(key).split(","):
                words = part.split()
                cut = 2 if words[:1] in (["last"], ["ranks"]) else 1
                fields[" ".join(words[:cut])] = " ".join(words[cut:])
            if set(fields) != set(_RECORD):
                raise NotationError(f"{key!r} must give {', '.join(_RECORD)}")

            def numbers(name: str, low: int, high: int, key: str = key, fields: dict[str, str] = fields
                        ) -> tuple[int, ...]:
                values = tuple(number_from(x, key, low, high) for x in fields[name].split())
                if len(values) != PLAYERS:
                    raise NotationError(f"{key!r}: {name} has one number per seat")
                return values

            def seat(name: str, key: str = key, fields: dict[str, str] = fields) -> int | None:
                return None if fields[name] == EMPTY else number_from(fields[name], key, 0, PLAYERS - 1)

            koth, teammate, last_winner = seat("koth"), seat("teammate"), seat("last winner")
            called = known_cards(cards_from(fields["called"], key), _DECK_SET, key)
            dead = tuple(known_cards(cards_from(fields["dead"], key), _DECK_SET, key))
            if koth is None or last_winner is None or len(called) > 1 or len(dead) != KITTY or fields[
                    "trump"] not in SUITS or teammate == koth:
                raise NotationError(f"{key!r}: a field is not what a round's record holds")
            points = numbers("points", 0, TOP_POINTS)
            before = numbers("ranks before", FIRST_RANK, TOP_RANK)
            defenders = [koth] if teammate is None else sorted((koth, teammate))
            dead_points = points_of(dead)
            challenge = challenge_score(points, defenders, last_winner, dead_points)
            side, by = outcome(challenge)
            risers = tuple(defenders) if side == "defenders" else tuple(
                x for x in range(PLAYERS) if x not in defenders) if side == "challengers" else ()
            after = tuple(r + by if x in risers else r for x, r in enumerate(before))
            records.append(RoundRecord(k - 1, koth, teammate, called[0] if called else None,
                                       number_from(fields["rank"], key, FIRST_RANK, TOP_RANK), fields["trump"],
                                       points, dead, dead_points, last_winner, challenge, risers, by, before, after,
                                       next_koth(koth, teammate, challenge, PLAYERS)))
        return records

    # ----- what follows from the rest --------------------------------------------------------------------
    def _derive(self) -> None:
        s = self.state
        s.deal_to = (s.start + min(len(DECK) - len(s.stack), PLAYERS * HAND_SIZE)) % PLAYERS
        rank = s.trump_rank
        s.counts = [[0, 0, 0, 0] for _ in range(PLAYERS)]
        for seat, hand in enumerate(s.hands):
            for c in hand:
                if c.rank == rank and c.suit != JOKER_SUIT:
                    s.counts[seat][SUITS.index(c.suit)] += 1
        s.led_suit = s.order.suit_of[s.trick[0][1][0]] if s.trick else None
        s.led_count = len(s.trick[0][1]) if s.trick else 0
        s.last_winner = None
        if s.last_trick:
            s.last_winner = winning_seat(s.last_trick, s.order.contend[s.order.suit_of[s.last_trick[0][1][0]]])

    def _check(self) -> None:
        s = self.state
        places = [*s.stack, *(c for h in s.hands for c in h), *s.dead, *(c for w in s.won for c in w),
                  *(c for _, cards in s.trick for c in cards)]
        counts = Counter(places)
        for card, count in counts.items():
            if count > 1:
                raise NotationError(f"{card.code} is in the position {count} times; the two decks have it once "
                                    f"(its copies are {card.code.split('#')[0]} and {card.code.split('#')[0]}#1)")
            if card not in _FACE:
                raise NotationError(f"{card.code} is not a card of the two decks")
        missing = [c.code for c in DECK if c not in counts]
        if missing:
            raise NotationError(f"cards missing from the position: {' '.join(missing)}")
        over = s.phase == "over"
        if (s.turn is None) != over:
            raise NotationError("no seat is to act exactly when the game is over")
        if s.records and s.ranks != list(s.records[-1].ranks_after):
            raise NotationError("'ranks' are the ranks after the last record")
        if s.records and not over and s.koth != s.records[-1].next_koth:
            raise NotationError("the KotH is the one the last record names")
        if (s.koth is None) != (s.round == 0 and s.phase == "declare"):
            raise NotationError("the KotH is known once the first deal is over")
        if s.round and not over and s.rank_value != min(s.ranks[s.koth], 14):  # type: ignore[index]
            raise NotationError("the round's rank is the KotH's (A at most)")
        if (s.trump_suit is None) != (s.phase in ("declare", "trump")):
            raise NotationError("the trump suit is known from the burial on")
        dealing = s.phase == "declare"
        if dealing:
            if len(s.stack) < KITTY or sum(len(h) for h in s.hands) + len(s.stack) != len(DECK):
                raise NotationError("during the deal the cards are in the hands and the deck")
            if s.final is not None and len(s.stack) != KITTY:
                raise NotationError("'final choices' are given once the deal is over")
        elif s.stack and s.phase != "trump" or s.final is None and not over:
            raise NotationError("the deck is empty once the deal is over")
        if s.phase in ("declare", "trump", "bury") and (s.dead or s.call_made):
            raise NotationError(f"no dead hand and no call in the {s.phase} phase")
        if s.phase in ("play", "over") and (len(s.dead) != KITTY or not s.call_made):
            raise NotationError(f"the dead hand and the call are made in the {s.phase} phase")
        if s.phase == "play":
            sizes = {len(h) + any(seat == x for x, _ in s.trick) * s.led_count for seat, h in enumerate(s.hands)}
            if len(sizes) != 1 or s.turn != (s.leader + len(s.trick)) % PLAYERS:
                raise NotationError("every seat holds as many cards, counting its play to the trick, and the seat "
                                    "to act follows the trick's last play")
        for seat, _, _, shown in s.declarations:
            for card in shown:
                if dealing and card not in s.hands[seat]:
                    raise NotationError(f"'declarations': seat {seat} does not hold {card.code}")


NOTATION = KingNotation()
