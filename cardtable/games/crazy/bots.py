"""Crazy bots: a rule-based player, and the move made for a seat whose time ran out.

`RuleBot` reads only `state.view(seat)` and `state.legal_actions()` (the state it gets is a determinization
anyway), so it cannot cheat.  Its rules, in order:

- A forced move (one legal action: a draw, or the card just drawn) is made at once.
- Against a player about to win (the next seat to play holds `THREAT` cards or fewer), an action card that stops
  them comes first: Draw Two, then Skip (or Reverse with two players), then Crazy Draw Four, then Reverse.
- Otherwise it keeps its wild cards for when it needs them: a coloured card is played whenever it has one, and a
  wild card only when nothing else can be played (a Crazy before a Crazy Draw Four, unless the next seat is
  threatening).
- Among coloured cards it prefers to stay in (or move to) the colour it holds most of, then to shed the card worth
  the most points.
- The colour it chooses for a wild card is the one it holds most of (ties: the one whose cards are worth most,
  then red, yellow, green, blue).
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.core.cards import Card
from cardtable.core.engine import Action, State
from cardtable.games.crazy.rules import (
    COLOURS,
    CRAZY,
    DRAW_FOUR,
    DRAW_TWO,
    REVERSE,
    SKIP,
    WILD,
    Draw,
    Play,
    card_points,
)

THREAT = 2  # a seat with this many cards or fewer is about to win


def colour_counts(hand: list[Card]) -> dict[str, int]:
    counts = dict.fromkeys(COLOURS, 0)
    for c in hand:
        if c.suit != WILD:
            counts[c.suit] += 1
    return counts


def best_colour(hand: list[Card]) -> str:
    """The colour the hand holds most of (ties: the one worth most points, then the order red, yellow, green, blue)."""
    counts = colour_counts(hand)
    worth = dict.fromkeys(COLOURS, 0)
    for c in hand:
        if c.suit != WILD:
            worth[c.suit] += card_points(c)
    return max(COLOURS, key=lambda col: (counts[col], worth[col], -COLOURS.index(col)))


def _stopper_rank(card: Card, players: int) -> int | None:
    """How well a card stops the next player (lower is better), or None if it does not."""
    if card.suit == WILD:
        return 2 if card.rank == DRAW_FOUR else None
    if card.rank == DRAW_TWO:
        return 0
    if card.rank == SKIP or (card.rank == REVERSE and players == 2):
        return 1
    if card.rank == REVERSE:
        return 3  # play turns away from them, for now
    return None


class RuleBot:
    """Plays coloured cards first, keeps wild cards for need, and attacks a player about to win."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        return self.pick(view, seat, legal)

    def pick(self, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return next(a for a in legal if isinstance(a, Draw))
        hand: list[Card] = list(view["hands"][seat])
        n = view["players"]
        nxt = (seat + view["direction"]) % n
        threatened = view["counts"][nxt] <= THREAT
        cards = list(dict.fromkeys(a.card for a in plays))  # each playable card once, in hand order

        card: Card | None = None
        if threatened:
            stoppers = [(r, i, c) for i, c in enumerate(cards) if (r := _stopper_rank(c, n)) is not None]
            if stoppers:
                card = min(stoppers)[2]
        if card is None:
            coloured = [c for c in cards if c.suit != WILD]
            if coloured:
                card = self._best_coloured(hand, coloured)
            else:
                crazy = [c for c in cards if c.rank == CRAZY]
                card = (crazy or cards)[0]  # keep a Crazy Draw Four for a player about to win
        options = [a for a in plays if a.card == card]
        if len(options) == 1:
            return options[0]
        rest = [c for c in hand if c != card]
        colour = best_colour(rest) if rest else self.rng.choice(COLOURS)
        return next(a for a in options if a.colour == colour)

    @staticmethod
    def _best_coloured(hand: list[Card], cards: list[Card]) -> Card:
        counts = colour_counts(hand)

        def key(c: Card) -> tuple[int, int]:
            # Stay in the colour held most (counting what is left after this card), then shed points.
            return (counts[c.suit] - 1, card_points(c))

        return max(cards, key=key)


def search_settings() -> dict[str, Any]:
    """How the hard bot searches Crazy: the rule bot is cheap, so playouts are played between sensible players."""
    return {"rule_rollouts": True}
