"""Klondike's position text (see `core.notation`): every zone's cards, and the counters.

    klondike 1
    options: draw=1 passes=unlimited scoring=standard winnable=False
    seed: 1
    phase: play
    stock: 5D 9C (the top card last)
    waste: KD 6C (the top card last)
    f0: AS 2S
    f1: AH
    f2: -
    f3: -
    t0: 3C / 9S 8H 7C
    t1: 4D / 10H
    t2: -
    t3: 9D
    ...
    recycles: 0
    moves: 12
    standard_score: 35
    out: ...

A tableau pile is written bottom first, its face-down cards, then `/`, then its face-up cards (no `/`: every card
face up).  `phase` is play, won (all 52 cards home) or resigned.  `recycles` counts the times the waste was turned
over; `standard_score` is the standard score (the Vegas score follows from the foundations); `out` the cards in no
zone (a position may leave cards out of play; a game's own positions never do).  A foundation's cards are of one
suit, each the next of the one below; a position may start one above its Ace (a test's foundation shown by its
top card alone).  The seed deals the cards and
nothing after: a position read back holds no chance at all, so its play goes on exactly as the game it was
written from.
"""

from __future__ import annotations

from cardtable.core.cards import Card, standard_deck
from cardtable.core.engine import State
from cardtable.core.notation import (
    EMPTY,
    Lines,
    NotationError,
    cards_from,
    cards_text,
    check_deck,
    options_text,
    read_lines,
    write_lines,
)
from cardtable.games.klondike.rules import BUILDS_ON, FOUNDATIONS, NEXT_HOME, RULES, TABLEAU, KlondikeState

PHASES = ("play", "won", "resigned")
KEYS = ("options", "seed", "phase", "stock", "waste", *FOUNDATIONS, *TABLEAU, "recycles", "moves", "standard_score",
        "out")
DOWN = " / "
DECK = tuple(standard_deck())
_DECK_SET = frozenset(DECK)


class KlondikeNotation:
    """`to_text` and `from_text` of a Klondike position."""

    def to_text(self, state: State) -> str:
        assert isinstance(state, KlondikeState)
        phase = "play" if state.turn is not None else "won" if state.won else "resigned"
        seen = set(state.stock + state.waste + [c for pile in state.foundations + state.tableau for c in pile])
        return write_lines(RULES.id, 1, [
            ("options", options_text(state.options)),
            ("seed", str(state.seed)),
            ("phase", phase),
            ("stock", cards_text(state.stock)),
            ("waste", cards_text(state.waste)),
            *((zone, cards_text(pile)) for zone, pile in zip(FOUNDATIONS, state.foundations, strict=True)),
            *((zone, _pile_text(pile, down)) for zone, pile, down in zip(TABLEAU, state.tableau, state.down,
                                                                         strict=True)),
            ("recycles", str(state.recycles)),
            ("moves", str(state.moves)),
            ("standard_score", str(state.standard_score)),
            ("out", cards_text(c for c in DECK if c not in seen)),
        ])

    def from_text(self, text: str) -> KlondikeState:
        lines = read_lines(text, RULES.id, RULES.players)
        lines.unused(KEYS)
        state = KlondikeState(lines.options("options", RULES.options), lines.number("seed", 0, 2**63))
        phase = lines.choice("phase", PHASES)
        state.stock = lines.cards("stock")
        state.waste = lines.cards("waste")
        state.foundations = [_foundation(lines, zone) for zone in FOUNDATIONS]
        piles = [_pile(lines, zone) for zone in TABLEAU]
        state.tableau = [pile for pile, _ in piles]
        state.down = [down for _, down in piles]
        _check_cards(state, lines.cards("out"))
        limit = state.pass_limit
        state.recycles = lines.number("recycles", 0, 10**9 if limit is None else limit - 1)
        state.moves = lines.number("moves", 0, 10**9)
        state.standard_score = lines.number("standard_score", -10**9, 10**9)
        if state.won != (phase == "won"):
            raise NotationError("'phase: won' when all 52 cards are home, and only then")
        state.resigned = phase == "resigned"
        state.turn = 0 if phase == "play" else None
        return state


def _pile_text(pile: list[Card], down: int) -> str:
    if not down:
        return cards_text(pile)
    return cards_text(pile[:down]) + DOWN + cards_text(pile[down:])


def _foundation(lines: Lines, zone: str) -> list[Card]:
    """A foundation: cards of one suit, each the next of the one below (a game's own start with the Ace)."""
    pile = lines.cards(zone)
    if any(pile[k + 1] not in NEXT_HOME.get(pile[k], ()) for k in range(len(pile) - 1)):
        raise NotationError(f"{zone!r} is built up by suit, not {cards_text(pile)}")
    return pile


def _pile(lines: Lines, zone: str) -> tuple[list[Card], int]:
    """A tableau pile and how many of its cards lie face down: the face-up cards build down in alternating
    colours, and a pile with cards has one face up."""
    down_text, slash, up_text = lines.take(zone).rpartition("/")
    if not slash:
        down_text = EMPTY
    down = cards_from(down_text.strip(), zone)
    up = cards_from(up_text.strip(), zone)
    if down and not up:
        raise NotationError(f"{zone!r}: the top card of a pile is face up")
    if any(up[k + 1] not in BUILDS_ON.get(up[k], ()) for k in range(len(up) - 1)):
        raise NotationError(f"{zone!r}: the face-up cards {cards_text(up)} do not build down in alternating colours")
    return down + up, len(down)


def _check_cards(state: KlondikeState, out: list[Card]) -> None:
    """Every card of the deck once: in a zone, or out."""
    everywhere = state.stock + state.waste + [c for pile in state.foundations + state.tableau for c in pile]
    check_deck(everywhere + out, DECK, "out")


NOTATION = KlondikeNotation()
