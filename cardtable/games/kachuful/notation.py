"""A Kachuful position as text (see `cardtable.core.notation`), for tests to build the positions they need:

    kachuful 4
    options: hands=down_up trump=rotate bidding=sequential hook=True ...
    seed: 7
    round: 0
    phase: play
    turn: 2
    trump: S
    trump card: -
    hands: AS 10H | KD | QC 2C | 7H
    deck: 5D 6D ...
    bids: 1 0 2 -
    rebid: no
    leader: 1
    trick: 1:QS
    won: - | - | - | -
    voids: - | - | - | -
    last trick: -
    last winner: -
    history: -
    misdeals: 0 0 0 0

`trick` and `last trick` are `seat:card` plays in order; `history` the finished rounds, `;` between them, each
`<hand size> <dealer> <trump or -> <bids> <tricks>` with the bids and tricks joined by commas; `voids` the suits
each seat has shown out of this round (public: it played another suit to a lead).  The dealer and the hand size
come from the round; the tricks each seat took, the cards seen this round, the hands' card masks and the trick's
winning play so far come from the hands, the won cards and the trick.  Later deals come from the seed and the
round, as in play (the game keeps no generator between deals).
"""

from __future__ import annotations

from cardtable.core.cards import JOKER_SUIT, SUITS, Card
from cardtable.core.engine import State
from cardtable.core.notation import (
    EMPTY,
    Lines,
    NotationError,
    cards_from,
    cards_text,
    check_deck,
    number_from,
    options_text,
    read_lines,
    seats_text,
    write_lines,
)
from cardtable.games.kachuful.rules import CARD_BIT, RULES, SORT_RANK, KachufulState

KEYS = ("options", "seed", "round", "phase", "turn", "trump", "trump card", "hands", "deck", "bids", "rebid",
        "leader", "trick", "won", "voids", "last trick", "last winner", "history", "misdeals")
PHASES = ("bid", "play", "over")
VOID_SUITS = (*SUITS, JOKER_SUIT)
_VOID_BIT = {"S": 1, "H": 2, "D": 4, "C": 8, JOKER_SUIT: 16}


class KachufulNotation:
    """Kachuful's position text."""

    def to_text(self, state: State) -> str:
        assert isinstance(state, KachufulState)
        s = state
        history = " ; ".join(
            f"{size} {dealer} {trump or EMPTY} {','.join(map(str, bids))} {','.join(map(str, tricks))}"
            for size, dealer, trump, bids, tricks in s.history) or EMPTY
        values = [
            ("options", options_text(s.options)),
            ("seed", str(s.seed)),
            ("round", str(s.round)),
            ("phase", s.phase),
            ("turn", EMPTY if s.turn is None else str(s.turn)),
            ("trump", s.trump or EMPTY),
            ("trump card", s.trump_card.code if s.trump_card else EMPTY),
            ("hands", seats_text(s.hands)),
            ("deck", cards_text(s.deck)),
            ("bids", " ".join(EMPTY if b is None else str(b) for b in s.bids)),
            ("rebid", "yes" if s.rebid else "no"),
            ("leader", str(s.leader)),
            ("trick", _plays_text(s.trick)),
            ("won", seats_text(s.won)),
            ("voids", " | ".join("".join(x for x in VOID_SUITS if v & _VOID_BIT[x]) or EMPTY for v in s.voids)),
            ("last trick", _plays_text(s.last_trick)),
            ("last winner", EMPTY if s.last_winner is None else str(s.last_winner)),
            ("history", history),
            ("misdeals", " ".join(map(str, s.misdeals))),
        ]
        return write_lines(RULES.id, s.n, values)

    def from_text(self, text: str) -> KachufulState:
        lines = read_lines(text, RULES.id, RULES.players)
        lines.unused(KEYS)
        n = lines.players
        options = lines.rules_options("options", RULES)
        try:
            state = RULES.new_game(n, options, lines.number("seed", 0, 2**63 - 1))
        except ValueError as exc:  # options the players' count does not allow (hand sizes too big)
            raise NotationError(f"'options': {exc}") from None
        _place(state, lines)
        return state


def _place(s: KachufulState, lines: Lines) -> None:
    """Set the position the lines give on a new game `s` (its options and seed already chosen)."""
    n = s.n
    s.round = lines.number("round", 0, len(s.sequence))
    s.phase = lines.choice("phase", PHASES)
    if (s.phase == "over") != (s.round == len(s.sequence)):
        raise NotationError("the phase is 'over' exactly when every round has been played")
    s.dealer = min(s.round, len(s.sequence) - 1) % n
    s.hand_size = s.sequence[min(s.round, len(s.sequence) - 1)]
    s.turn = lines.seat_or_none("turn")
    if (s.turn is None) != (s.phase == "over"):
        raise NotationError("a seat is to act unless the game is over")
    trump = lines.take("trump")
    if trump != EMPTY and trump not in SUITS:
        raise NotationError(f"'trump' is {trump!r}; it may be a suit letter or -")
    s.trump = None if trump == EMPTY else trump
    card = lines.take("trump card")
    s.trump_card = None if card == EMPTY else _one_card(card, "trump card")
    s.hands = [sorted(hand, key=SORT_RANK.__getitem__) for hand in lines.seats_cards("hands")]
    s.deck = lines.cards("deck")
    s.bids = [None if b == EMPTY else number_from(b, "bids", 0, s.hand_size) for b in lines.take("bids").split()]
    if len(s.bids) != n:
        raise NotationError(f"'bids' has {len(s.bids)} bids for {n} players")
    s.rebid = lines.choice("rebid", ("yes", "no")) == "yes"
    s.leader = lines.number("leader", 0, n - 1)
    s.won = lines.seats_cards("won")
    if any(len(w) % n for w in s.won):
        raise NotationError(f"'won' holds a number of cards that is not whole tricks of {n}")
    s.tricks = [len(w) // n for w in s.won]
    s.voids = [_voids(part.strip()) for part in _seats(lines, "voids", n)]
    s.last_trick = tuple(_plays(lines.take("last trick"), "last trick", n))
    s.last_winner = lines.seat_or_none("last winner")
    s.history = _history(lines.take("history"), n)
    s.misdeals = lines.numbers("misdeals", 0, 10**6)
    if len(s.misdeals) != n:
        raise NotationError(f"'misdeals' has {len(s.misdeals)} counts for {n} players")
    trick = _plays(lines.take("trick"), "trick", n)
    if len(trick) >= n:
        raise NotationError("a full trick is gathered at once: the trick holds fewer cards than players")
    _check_cards(s, [card for _, card in trick])
    s.held = [sum(CARD_BIT[c] for c in hand) for hand in s.hands]
    s.seen = (CARD_BIT[s.trump_card] if s.trump_card else 0) | sum(CARD_BIT[c] for w in s.won for c in w)
    s.trick, s.led, s.led_cards, s.top, s.taker = [], None, 0, -1, 0
    for seat, played in trick:
        _replay_play(s, seat, played)
    if s.trick and s.turn is not None and s.turn != (s.trick[-1][0] + 1) % n:
        raise NotationError("the seat to act is not the next one after the trick's last card")


def _replay_play(s: KachufulState, seat: int, card: Card) -> None:
    """Put a card already played to the trick back on it, with what playing it told (the suit led, the winning
    play so far, a seat shown out of the suit led); the seat's voids line already says the latter."""
    hand, turn = s.hands[seat], s.turn
    hand.append(card)
    s.held[seat] |= CARD_BIT[card]
    s.turn = seat
    voids = s.voids[seat]
    s._play(card, None)  # the game's own code rebuilding its trick
    s.voids[seat] = voids
    s.turn = turn


def _one_card(value: str, key: str) -> Card:
    found = cards_from(value, key)
    if len(found) != 1:
        raise NotationError(f"{key!r} is one card, not {value!r}")
    return found[0]


def _plays_text(plays: object) -> str:
    return " ".join(f"{seat}:{card.code}" for seat, card in plays) or EMPTY  # type: ignore[attr-defined]


def _plays(value: str, key: str, n: int) -> list[tuple[int, Card]]:
    if value == EMPTY:
        return []
    plays = []
    for part in value.split():
        seat, colon, code = part.partition(":")
        if not colon:
            raise NotationError(f"{key!r}: a play is seat:card, not {part!r}")
        plays.append((number_from(seat, key, 0, n - 1), _one_card(code, key)))
    if len(plays) > n or len({seat for seat, _ in plays}) != len(plays):
        raise NotationError(f"{key!r}: each seat plays at most once to a trick")
    return plays


def _seats(lines: Lines, key: str, n: int) -> list[str]:
    parts = lines.take(key).split("|")
    if len(parts) != n:
        raise NotationError(f"{key!r} has {len(parts)} seats for {n} players")
    return parts


def _voids(value: str) -> int:
    if value == EMPTY:
        return 0
    if any(x not in VOID_SUITS for x in value) or len(set(value)) != len(value):
        raise NotationError(f"'voids': {value!r} is not suit letters")
    return sum(_VOID_BIT[x] for x in value)


def _history(value: str, n: int) -> list[tuple[int, int, str | None, tuple[int, ...], tuple[int, ...]]]:
    if value == EMPTY:
        return []
    rounds = []
    for part in value.split(";"):
        fields = part.split()
        if len(fields) != 5:
            raise NotationError(f"'history': a round is '<size> <dealer> <trump> <bids> <tricks>', not {part!r}")
        size = number_from(fields[0], "history", 1, 52)
        dealer = number_from(fields[1], "history", 0, n - 1)
        if fields[2] != EMPTY and fields[2] not in SUITS:
            raise NotationError(f"'history': {fields[2]!r} is not a trump suit")
        bids = tuple(number_from(b, "history", 0, size) for b in fields[3].split(","))
        tricks = tuple(number_from(t, "history", 0, size) for t in fields[4].split(","))
        if len(bids) != n or len(tricks) != n or sum(tricks) != size:
            raise NotationError(f"'history': the round {part.strip()!r} does not add up")
        rounds.append((size, dealer, None if fields[2] == EMPTY else fields[2], bids, tricks))
    return rounds


def _check_cards(s: KachufulState, trick: list[Card]) -> None:
    """Every card of the deck once: in a hand, the deck, the trump card, the trick or a won pile."""
    placed = [*s.deck, *(c for h in s.hands for c in h), *(c for w in s.won for c in w), *trick]
    check_deck(placed + ([s.trump_card] if s.trump_card is not None else []), s.full_deck())


NOTATION = KachufulNotation()
