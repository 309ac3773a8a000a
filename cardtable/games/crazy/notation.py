"""Crazy's position text (see `core.notation`): every card of the 112 once, where it lies, and the counters.

    crazy 3
    options: choose_draw_four_colour=False score_by_points=False
    seed: 7
    chance: 0
    turn: 1
    direction: clockwise
    hands: 5:R 13:W | 2:G 12:B#1 | 9:Y
    draw: 3:G 1:B ... (the top card last)
    discard: 4:R 7:R (the top card last)
    colour: R
    colour_from: card
    drawn: -
    turns: 12
    winners: -
    safety_end: no

`turn` is `-` once the game is over; `drawn` is the drawn card the seat to act must play (`-`: none); `colour` is
the colour to match (the top card's own unless the top is wild) and `colour_from` how it came (card, chosen or
random); the label to match is the top card's.  `chance` counts the chance events after the deal (reshuffles and
random colours): each one draws from a generator made of the seed and that count, so a position read back draws
exactly what the game it was written from would have drawn.
"""

from __future__ import annotations

from cardtable.core.cards import Card
from cardtable.core.engine import State
from cardtable.core.notation import (
    EMPTY,
    NotationError,
    cards_text,
    options_text,
    read_lines,
    seats_text,
    write_lines,
)
from cardtable.games.crazy.rules import (
    CLOCKWISE,
    COLOURS,
    DECK,
    DECK_SET,
    MAX_TURNS,
    PLAYERS,
    RULES,
    WILD,
    CrazyState,
    playable,
)

KEYS = ("options", "seed", "chance", "turn", "direction", "hands", "draw", "discard", "colour", "colour_from",
        "drawn", "turns", "winners", "safety_end")
DIRECTIONS = {"clockwise": 1, "anticlockwise": -1}
COLOUR_FROM = ("card", "chosen", "random")
YES_NO = ("yes", "no")


class CrazyNotation:
    """`to_text` and `from_text` of a Crazy position."""

    def to_text(self, state: State) -> str:
        assert isinstance(state, CrazyState)
        return write_lines(RULES.id, state.n, [
            ("options", options_text(state.options)),
            ("seed", str(state.seed)),
            ("chance", str(state.chance)),
            ("turn", EMPTY if state.turn is None else str(state.turn)),
            ("direction", "clockwise" if state.direction == CLOCKWISE else "anticlockwise"),
            ("hands", seats_text(state.hands)),
            ("draw", cards_text(state.draw)),
            ("discard", cards_text(state.discard)),
            ("colour", state.colour),
            ("colour_from", state.colour_from),
            ("drawn", EMPTY if state.drawn is None else state.drawn.code),
            ("turns", str(state.turns)),
            ("winners", " ".join(map(str, state.winners)) or EMPTY),
            ("safety_end", "yes" if state.safety_end else "no"),
        ])

    def from_text(self, text: str) -> CrazyState:
        lines = read_lines(text, RULES.id, PLAYERS)
        lines.unused(KEYS)
        n = lines.players
        state = CrazyState(n, lines.options("options", RULES.options), lines.number("seed", 0, 2**63))
        state.chance = lines.number("chance", 0, 10**9)
        state.turn = lines.seat_or_none("turn")
        state.direction = DIRECTIONS[lines.choice("direction", tuple(DIRECTIONS))]
        state.hands = lines.seats_cards("hands")
        state.draw = lines.cards("draw")
        state.discard = lines.cards("discard")
        _check_deck(state)
        top = state.discard[-1]
        state.label = top.rank
        state.colour = lines.choice("colour", COLOURS)
        state.colour_from = lines.choice("colour_from", COLOUR_FROM)
        if top.suit != WILD and (state.colour != top.suit or state.colour_from != "card"):
            raise NotationError(f"the top card {top.code} sets the colour: 'colour: {top.suit}', 'colour_from: card'")
        if top.suit == WILD and state.colour_from == "card":
            raise NotationError(f"the top card {top.code} is wild: its colour was chosen or random, not 'card'")
        state.drawn = _drawn(state, lines.cards("drawn"))
        state.turns = lines.number("turns", 0, MAX_TURNS)
        state.winners = lines.numbers("winners", 0, n - 1)
        state.safety_end = lines.choice("safety_end", YES_NO) == "yes"
        _check_end(state)
        return state


def _check_deck(state: CrazyState) -> None:
    """Every card of the deck once, in the hands and the piles; the discard pile never empty."""
    cards = state.every_card()
    seen: set[Card] = set()
    for card in cards:
        if card not in DECK_SET:
            raise NotationError(f"{card.code} is not a card of Crazy's deck")
        if card in seen:
            raise NotationError(f"{card.code} is there twice; the deck has one")
        seen.add(card)
    if len(cards) != len(DECK):
        missing = [c.code for c in DECK if c not in seen]
        raise NotationError(f"{len(missing)} cards are missing, e.g. {', '.join(missing[:5])}")
    if not state.discard:
        raise NotationError("the discard pile is never empty")


def _drawn(state: CrazyState, drawn: list[Card]) -> Card | None:
    if not drawn:
        return None
    card = drawn[0]
    if len(drawn) > 1 or state.turn is None or card not in state.hands[state.turn]:
        raise NotationError("'drawn' is one card of the hand of the seat to act, or '-'")
    if not playable(card, state.colour, state.label):
        raise NotationError(f"the drawn card {card.code} is not playable: it would have been kept")
    return card


def _check_end(state: CrazyState) -> None:
    """The turn, the turns, the winners and the safety end agree."""
    winners, n = state.winners, state.n
    if state.turn is not None:
        if winners or state.safety_end or state.turns >= MAX_TURNS:
            raise NotationError("a game with a seat to act has no winners, no safety end and fewer turns than "
                                f"{MAX_TURNS}")
        if not all(state.hands):
            raise NotationError("an empty hand ends the game: 'turn: -'")
        return
    if winners != sorted(set(winners)) or not winners:
        raise NotationError("'winners' are the winning seats, in order, once each")
    counts = [len(h) for h in state.hands]
    if state.safety_end:
        fewest = min(counts)
        if state.turns != MAX_TURNS or winners != [s for s in range(n) if counts[s] == fewest]:
            raise NotationError(f"a safety end comes after {MAX_TURNS} turns and the fewest cards win")
    elif len(winners) != 1 or counts[winners[0]] or counts.count(0) != 1:
        raise NotationError("a game won by going out has one winner, the one seat with no cards")


NOTATION = CrazyNotation()
