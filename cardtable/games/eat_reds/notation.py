"""Eat Reds' position text (see `core.notation`): the current deal's cards where they lie, and the deals before.

    eat_reds 2
    options: rounds=3
    seed: 1
    history: 95 80 left 5H 9D
    phase: play
    turn: 0
    hands: 2C 7S KH | 4D 9C
    stock: 6H JC (the top card last)
    layout: 7H 3S 10D (in the order the cards came)
    turned: -
    trio: -
    won: AH 9H | 10H JH
    dealer_layouts: 0
    out: ...

`history` is the finished deals, `;` between them: each seat's points, then `left` and the cards left in its
layout; the deal in play is the next one, and its dealer follows (deal k is dealt by seat k mod players).
`phase` is play, stock (the `turned` stock card waits for its seat to choose its target) or over (`turn: -`).
`trio` is the rank of the starting layout's three of a kind still in it (`-`: none); `dealer_layouts` how many
starting layouts of 5s, 10s and face cards the dealer took (the first cards of the dealer's won pile); `out` the
cards in none of these places (a position may leave cards out of play; a game's own positions never do).  Each
seat's points this deal are its won pile's.  Each deal is shuffled by a generator made of the seed and the deal's
number, so the deals after a position read back are the ones the game it was written from would have dealt.
"""

from __future__ import annotations

from cardtable.core.cards import Card
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
from cardtable.games.eat_reds.rules import (
    DEALT,
    DECK,
    LAYOUT_CARDS,
    OVER,
    PLAY,
    PLAYERS,
    RED_TOTAL,
    RULES,
    SPECIAL_RANKS,
    STOCK,
    DealRecord,
    EatRedsState,
    partner_rank,
    points_of,
)

KEYS = ("options", "seed", "history", "phase", "turn", "hands", "stock", "layout", "turned", "trio", "won",
        "dealer_layouts", "out")
LEFT = " left "
DEALS = " ; "
_DECK_SET = frozenset(DECK)


class EatRedsNotation:
    """`to_text` and `from_text` of an Eat Reds position."""

    def to_text(self, state: State) -> str:
        assert isinstance(state, EatRedsState)
        history = DEALS.join(" ".join(map(str, r.points)) + LEFT + cards_text(r.left) for r in state.history)
        seen = set(state.every_card())
        return write_lines(RULES.id, state.n, [
            ("options", options_text(state.options)),
            ("seed", str(state.seed)),
            ("history", history or EMPTY),
            ("phase", state.phase),
            ("turn", EMPTY if state.turn is None else str(state.turn)),
            ("hands", seats_text(state.hands)),
            ("stock", cards_text(state.stock)),
            ("layout", cards_text(state.layout)),
            ("turned", EMPTY if state.turned is None else state.turned.code),
            ("trio", EMPTY if state.trio is None else str(state.trio)),
            ("won", seats_text(state.won)),
            ("dealer_layouts", str(len(state.dealer_captures))),
            ("out", cards_text(c for c in DECK if c not in seen)),
        ])

    def from_text(self, text: str) -> EatRedsState:
        lines = read_lines(text, RULES.id, PLAYERS)
        lines.unused(KEYS)
        n = lines.players
        state = EatRedsState.__new__(EatRedsState)
        state.n = n
        state.options = lines.options("options", RULES.options)
        state.rounds = state.options["rounds"]
        state.seed = lines.number("seed", 0, 2**63)
        state.held = ""
        state.history = _history(lines, n, state.rounds)
        state.deal = len(state.history)
        state.dealer = min(state.deal, state.rounds - 1) % n
        state.phase = lines.choice("phase", (PLAY, STOCK, OVER))
        state.turn = lines.seat_or_none("turn")
        state.hands = lines.seats_cards("hands")
        state.stock = lines.cards("stock")
        state.layout = lines.cards("layout")
        turned = lines.cards("turned")
        if len(turned) > 1:
            raise NotationError("'turned' is one card or '-'")
        state.turned = turned[0] if turned else None
        state.won = lines.seats_cards("won")
        _check_cards(state, lines.cards("out"))
        state.points = [points_of(w) for w in state.won]
        state.by_rank = [[] for _ in range(14)]
        for card in state.layout:
            state.by_rank[card.rank].append(card)
        trio = lines.take("trio")
        state.trio = None if trio == EMPTY else number_from(trio, "trio", 1, 13)
        _check_trio(state)
        state.dealer_captures = _dealer_captures(state, lines.number("dealer_layouts", 0, DEALT))
        _check_turn(state)
        return state


def _history(lines: Lines, n: int, rounds: int) -> list[DealRecord]:
    value = lines.take("history")
    records = []
    for k, part in enumerate([] if value == EMPTY else value.split(";")):
        points, left_word, left = f" {part.strip()} ".partition(LEFT)
        if not left_word:
            raise NotationError(f"'history': a deal is 'points... left cards', not {part.strip()!r}")
        scores = tuple(number_from(p, "history", 0, RED_TOTAL) for p in points.split())
        cards = cards_from(left.strip(), "history")
        if not set(cards) <= _DECK_SET:
            raise NotationError(f"'history': deal {k + 1} left cards not of the 52-card deck")
        if len(scores) != n:
            raise NotationError(f"'history': deal {k + 1} has {len(scores)} seats' points for {n} players")
        if sum(scores) + points_of(cards) > RED_TOTAL or len(set(cards)) != len(cards):
            raise NotationError(f"'history': deal {k + 1} has more points or cards than the deck")
        records.append(DealRecord(k % n, scores, tuple(cards)))
    if len(records) > rounds:
        raise NotationError(f"'history' has {len(records)} deals of a game of {rounds}")
    return records


def _check_cards(state: EatRedsState, out: list[Card]) -> None:
    """Every card of the deck once: in a hand, the stock, the layout, turned, a won pile, or out."""
    check_deck(state.every_card() + out, DECK, "out")
    each = DEALT // state.n
    if any(len(hand) > each for hand in state.hands):
        raise NotationError(f"a hand holds at most the {each} cards dealt to it")


def _check_trio(state: EatRedsState) -> None:
    trio = state.trio
    if trio is not None and (trio not in SPECIAL_RANKS or len(state.by_rank[trio]) != 3):
        raise NotationError(f"'trio' {trio} is the rank of three 5s, 10s or face cards in the layout")


def _dealer_captures(state: EatRedsState, count: int) -> list[tuple[Card, ...]]:
    """The starting layouts the dealer took: the first cards of the dealer's won pile, four at a time."""
    pile = state.won[state.dealer]
    taken = pile[:count * LAYOUT_CARDS]
    if len(taken) < count * LAYOUT_CARDS or any(c.rank not in SPECIAL_RANKS for c in taken):
        raise NotationError(f"'dealer_layouts' {count}: the dealer's won pile does not start with {count} "
                            "layouts of 5s, 10s and face cards")
    return [tuple(taken[k:k + LAYOUT_CARDS]) for k in range(0, len(taken), LAYOUT_CARDS)]


def _check_turn(state: EatRedsState) -> None:
    """The phase, the turn and the turned card agree."""
    phase, turn, turned = state.phase, state.turn, state.turned
    if phase == OVER:
        if turn is not None or turned is not None or state.deal != state.rounds:
            raise NotationError("a game over has no turn, no turned card and every deal in 'history'")
        return
    if turn is None or state.deal >= state.rounds:
        raise NotationError(f"a game in phase {phase} has a seat to act and a deal still to finish")
    if phase == PLAY:
        if turned is not None or not state.hands[turn]:
            raise NotationError("in phase play nothing is turned and the seat to act holds a card")
    elif turned is None or len(state.by_rank[partner_rank(turned.rank)]) < 2 or \
            partner_rank(turned.rank) == state.trio:
        raise NotationError("in phase stock the turned card has several layout cards to choose from")


NOTATION = EatRedsNotation()
