"""Helpers shared by the games' tests: Klondike positions built by hand, Kachuful positions built from the game's
position text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.core.cards import Card
from cardtable.core.notation import options_text
from cardtable.games.kachuful.notation import NOTATION
from cardtable.games.kachuful.rules import RULES, Bid, KachufulState
from cardtable.games.klondike.rules import KlondikeState


def cards(text: str) -> list[Card]:
    """Cards from their codes ("AS 10H KD")."""
    return [Card.from_code(c) for c in text.split()]


def arrange(
    state: KlondikeState,
    *,
    stock: str = "",
    waste: str = "",
    foundations: Sequence[str] = (),
    tableau: Sequence[str] = (),
    down: Sequence[int] = (),
) -> KlondikeState:
    """Replace every zone of `state`; omitted foundations and piles are empty, omitted `down` counts 0."""
    state.stock = cards(stock)
    state.waste = cards(waste)
    state.foundations = [cards(f) for f in foundations] + [[] for _ in range(4 - len(foundations))]
    state.tableau = [cards(t) for t in tableau] + [[] for _ in range(7 - len(tableau))]
    state.down = list(down) + [0] * (7 - len(down))
    return state


def kachuful_position(
    hands: list[str],
    trump: str | None = "S",
    dealer: int | None = None,
    bids: list[int] | None = None,
    seed: int = 1,
    **options: Any,
) -> KachufulState:
    """The last round of a game (its hand sizes all the same) with the given hands (seat 0 first), trump and
    dealer, nothing turned up: bidding open, or over if `bids`.  Built from the game's position text."""
    n = len(hands)
    h = len(cards(hands[0]))
    assert all(len(cards(x)) == h for x in hands)
    dealer = 0 if dealer is None else dealer
    chosen = RULES.validate_options({"hands": ",".join([str(h)] * (dealer + 1))} | options)
    used = {c for x in hands for c in cards(x)}
    deck = " ".join(c.code for c in KachufulState(n, chosen, seed, (h,)).full_deck() if c not in used) or "-"
    first = (dealer + 1) % n
    empty = " | ".join(["-"] * n)
    state = NOTATION.from_text(f"""
        kachuful {n}
        options: {options_text(chosen)}
        seed: {seed}
        round: {dealer}
        phase: bid
        turn: {first}
        trump: {trump or "-"}
        trump card: -
        hands: {" | ".join(hands)}
        deck: {deck}
        bids: {" ".join(["-"] * n)}
        rebid: no
        leader: {first}
        trick: -
        won: {empty}
        voids: {empty}
        last trick: -
        last winner: -
        history: -
        misdeals: {" ".join(["0"] * n)}
    """)
    if bids is not None:
        for b in bids:
            state.apply(Bid(b))
        assert state.phase == "play"
    return state


def kachuful_finished(history: list[tuple], **options: Any) -> KachufulState:
    """A finished game of three whose rounds are `history` rows (bids, tricks), each round's hand the tricks it
    had, to test the end."""
    sizes = [sum(tricks) for _, tricks in history]
    chosen = RULES.validate_options({"hands": ",".join(map(str, sizes))} | options)
    deck = " ".join(c.code for c in KachufulState(3, chosen, 1, (1,)).full_deck())
    rounds = " ; ".join(f"{size} {i % 3} S {','.join(map(str, b))} {','.join(map(str, t))}"
                        for i, (size, (b, t)) in enumerate(zip(sizes, history, strict=True)))
    return NOTATION.from_text(f"""
        kachuful 3
        options: {options_text(chosen)}
        seed: 1
        round: {len(history)}
        phase: over
        turn: -
        trump: S
        trump card: -
        hands: - | - | -
        deck: {deck}
        bids: - - -
        rebid: no
        leader: 0
        trick: -
        won: - | - | -
        voids: - | - | -
        last trick: -
        last winner: -
        history: {rounds}
        misdeals: 0 0 0
    """)
