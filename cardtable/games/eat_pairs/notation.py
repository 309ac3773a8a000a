"""Eat Pairs' position text (see `core.notation`): the deal's cards where they lie, the claim under way, what
the table has shown of the hands, and the deals before.

    eat_pairs 3
    options: claim_by_hand=True deals=3
    seed: 1
    records: 0 / 0 3 5 / empty
    phase: claim
    turn: 2
    lead: 0
    live_from: 0
    hands: 2S 9H | 3S 4S | 6S 9C
    pairs: 7S 7H | - | 5D 5C
    waste: JD 9D (the top card last)
    stock: KS KH (the top card last)
    lacks: - | 9 | -
    known: - | - | 9
    last_pair: 2 5D 5C
    out: ...

`records` is the finished deals, `;` between them: the winners, the cards each seat had left, and how the deal
ended (empty: a hand emptied; stock: the stock ran out); the deal in play is the next one, dealt by seat (deal's
number mod players), and each seat's wins are the deals it won.  `phase` is open (the dealer plays the first
card), draw (`lead` draws), claim (`turn` may claim the waste's top card, which `live_from` played or drew) or over
(`turn: -`).  `lacks` and `known` are the ranks the table has shown a seat not to hold and to hold (what a bot's
guess of the hidden cards keeps to); `last_pair` the last pair made (seat, its card, the waste's card); `out` the
cards in none of these places (a position may leave cards out of play; a game's own positions never do).  Each
deal is shuffled by a generator made of the seed and the deal's number, so the deals after a position read back
are the ones the game it was written from would have dealt.
"""

from __future__ import annotations

from cardtable.core.cards import Card
from cardtable.core.engine import State
from cardtable.core.notation import (
    EMPTY,
    SEATS,
    Lines,
    NotationError,
    cards_text,
    check_deck,
    number_from,
    options_text,
    read_lines,
    seat_text,
    seats_text,
    write_lines,
)
from cardtable.games.eat_pairs.rules import (
    DEALER_HAND,
    DECK,
    PLAYERS,
    RULES,
    SORT_KEY,
    DealRecord,
    EatPairsState,
)

KEYS = ("options", "seed", "records", "phase", "turn", "lead", "live_from", "hands", "pairs", "waste", "stock",
        "lacks", "known", "last_pair", "out")
PHASES = ("open", "draw", "claim", "over")
HOW = ("empty", "stock")


class EatPairsNotation:
    """`to_text` and `from_text` of an Eat Pairs position."""

    def to_text(self, state: State) -> str:
        assert isinstance(state, EatPairsState)
        records = " ; ".join(f"{_seats(r.winners)} / {_seats(r.left)} / {r.how}" for r in state.records)
        last = state.last_pair
        seen = set(state.every_card())
        return write_lines(RULES.id, state.n, [
            ("options", options_text(state.options)),
            ("seed", str(state.seed)),
            ("records", records or EMPTY),
            ("phase", state.phase),
            ("turn", seat_text(state.turn)),
            ("lead", seat_text(state.lead)),
            ("live_from", seat_text(state.live_from)),
            ("hands", seats_text(h.values() for h in state.hands)),
            ("pairs", seats_text(state.pairs)),
            ("waste", cards_text(state.waste)),
            ("stock", cards_text(state.stock)),
            ("lacks", SEATS.join(_seats(_ranks(bits)) for bits in state.lacks)),
            ("known", SEATS.join(_seats(_ranks(bits)) for bits in state.known)),
            ("last_pair", EMPTY if last is None else f"{last[0]} {last[1].code} {last[2].code}"),
            ("out", cards_text(c for c in DECK if c not in seen)),
        ])

    def from_text(self, text: str) -> EatPairsState:
        lines = read_lines(text, RULES.id, PLAYERS)
        lines.unused(KEYS)
        n = lines.players
        state = EatPairsState(n, lines.options("options", RULES.options), lines.number("seed", 0, 2**63))
        state.records = _records(lines, n)
        if len(state.records) > state.deals:
            raise NotationError(f"'records' has {len(state.records)} deals of a game of {state.deals}")
        state.deal_no = len(state.records)
        state.dealer = min(state.deal_no, state.deals - 1) % n
        for record in state.records:
            for w in record.winners:
                state.wins[w] += 1
        state.phase = lines.choice("phase", PHASES)
        state.turn = lines.seat_or_none("turn")
        state.lead = lines.seat_or_none("lead")
        state.live_from = lines.seat_or_none("live_from")
        state.hands = [_hand(hand) for hand in lines.seats_cards("hands")]
        state.pairs = lines.seats_cards("pairs")
        state.waste = lines.cards("waste")
        state.stock = lines.cards("stock")
        _check_cards(state, lines.cards("out"))
        state.lacks = [_bits(ranks) for ranks in _seats_numbers(lines, "lacks", 1, 13)]
        state.known = [_bits(ranks) for ranks in _seats_numbers(lines, "known", 1, 13)]
        _check_shown(state)
        state.last_pair = _last_pair(lines, state)
        _check_phase(state)
        if state.phase == "over":
            state.winners = list(state.records[-1].winners)
        return state



def _seats(numbers: tuple[int, ...] | list[int]) -> str:
    return " ".join(map(str, numbers)) or EMPTY


def _ranks(bits: int) -> list[int]:
    return [r for r in range(1, 14) if bits >> r & 1]


def _bits(ranks: list[int]) -> int:
    return sum(1 << r for r in set(ranks))


def _seats_numbers(lines: Lines, key: str, low: int, high: int) -> list[list[int]]:
    """One list of whole numbers per seat, `|` between seats."""
    parts = lines.take(key).split("|")
    if len(parts) != lines.players:
        raise NotationError(f"{key!r} has {len(parts)} seats' numbers for {lines.players} players")
    return [[] if part.strip() == EMPTY else [number_from(w, key, low, high) for w in part.split()]
            for part in parts]


def _records(lines: Lines, n: int) -> list[DealRecord]:
    value = lines.take("records")
    records = []
    for k, part in enumerate([] if value == EMPTY else value.split(";")):
        fields = part.split("/")
        if len(fields) != 3:
            raise NotationError(f"'records': a deal is 'winners / cards left / how', not {part.strip()!r}")
        words = fields[0].split()
        winners = tuple(number_from(w, "records", 0, n - 1) for w in ([] if words == [EMPTY] else words))
        left = tuple(number_from(w, "records", 0, DEALER_HAND) for w in fields[1].split())
        how = fields[2].strip()
        if len(left) != n or how not in HOW:
            raise NotationError(f"'records': deal {k + 1} needs {n} counts of cards left and 'empty' or 'stock'")
        best = 0 if how == "empty" else min(left)
        if not winners or winners != tuple(s for s in range(n) if left[s] == best):
            raise NotationError(f"'records': the winners of deal {k + 1} are the seats left with {best} cards")
        records.append(DealRecord(k % n, winners, left, how))
    return records


def _hand(cards: list[Card]) -> dict[int, Card]:
    """A hand by rank (at most one card of a rank once the initial pairs are laid), low first."""
    hand = {c.rank: c for c in sorted(cards, key=lambda c: SORT_KEY.get(c, (c.rank, 0)))}
    if len(hand) != len(cards):
        raise NotationError("a hand holds at most one card of a rank (its pairs are laid)")
    return hand


def _check_cards(state: EatPairsState, out: list[Card]) -> None:
    """Every card of the deck once: in a hand, a pile of pairs, the waste, the stock, or out."""
    check_deck(state.every_card() + out, DECK, "out")
    if any(len(h) > DEALER_HAND for h in state.hands):
        raise NotationError(f"a hand holds at most the {DEALER_HAND} cards dealt to the dealer")
    for seat, pile in enumerate(state.pairs):
        if len(pile) % 2 or any(pile[k].rank != pile[k + 1].rank for k in range(0, len(pile), 2)):
            raise NotationError(f"seat {seat}'s pairs are two cards of a rank at a time")


def _check_shown(state: EatPairsState) -> None:
    """What the table showed of a hand is true of it."""
    for seat, hand in enumerate(state.hands):
        held = _bits(list(hand))
        if state.lacks[seat] & held or state.known[seat] & ~held:
            raise NotationError(f"seat {seat} holds a rank 'lacks' says it has not, or lacks one 'known' says it has")


def _last_pair(lines: Lines, state: EatPairsState) -> tuple[int, Card, Card] | None:
    value = lines.take("last_pair")
    if value == EMPTY:
        return None
    words = value.split()
    if len(words) != 3:
        raise NotationError("'last_pair' is a seat and its two cards, or '-'")
    seat = number_from(words[0], "last_pair", 0, state.n - 1)
    mine, card = _two_cards(words[1:])
    pile = state.pairs[seat]
    if mine.rank != card.rank or mine not in pile or card not in pile:
        raise NotationError(f"'last_pair': seat {seat}'s pairs hold no pair {mine.code} {card.code}")
    return seat, mine, card


def _two_cards(codes: list[str]) -> tuple[Card, Card]:
    try:
        return Card.from_code(codes[0]), Card.from_code(codes[1])
    except ValueError as exc:
        raise NotationError(f"'last_pair': {exc}") from None


def _check_phase(state: EatPairsState) -> None:
    """The phase, the seat to act, the lead player and the card being claimed agree."""
    phase, turn, lead, live_from = state.phase, state.turn, state.lead, state.live_from
    if phase == "over":
        if turn is not None or live_from is not None or state.deal_no != state.deals:
            raise NotationError("a game over has no turn, no claim and every deal in 'records'")
        return
    if turn is None or state.deal_no >= state.deals:
        raise NotationError(f"a game in phase {phase} has a seat to act and a deal still to finish")
    if not all(state.hands):
        raise NotationError("an empty hand ends the deal")
    if phase != "claim" and live_from is not None:
        raise NotationError("'live_from' is '-' unless a claim is open")
    if phase == "open":
        if turn != state.dealer or lead is not None or state.waste:
            raise NotationError(f"in phase open the dealer (seat {state.dealer}) plays to an empty waste, "
                                "with no lead player yet")
    elif phase == "draw":
        if turn != lead or not state.stock:
            raise NotationError("in phase draw the lead player draws from the stock")
    else:
        if live_from is None or not state.waste or state.waste[-1].rank not in state.hands[turn]:
            raise NotationError("in phase claim the seat to act holds the rank of the waste's top card, which "
                                "'live_from' played or drew")
        state.live = state.waste[-1]
        state.checked = (turn - live_from - 1) % state.n + 1  # its place in the matching order, from 1


NOTATION = EatPairsNotation()
