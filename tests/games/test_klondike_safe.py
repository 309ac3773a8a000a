"""Klondike's safe moves (`cardtable.games.klondike.safe`): the usual rule from its definition, on hand-built
positions, and seeded random play: every safe move is legal, and playing them keeps the position valid.

The rule: a card is safe on its foundation when both foundations of the other colour reach at least its rank - 1
and the other foundation of its own colour at least its rank - 2 (an Ace always).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.core.cards import SUITS, Card
from cardtable.games import get_game
from cardtable.games.klondike.rules import FOUNDATIONS, KlondikeState, Move, Resign
from cardtable.games.klondike.safe import heights, is_safe, safe_moves
from tests.games.conftest import arrange
from tests.games.test_klondike_playouts import check_position
from tests.games.test_klondike_rules import C, new, suit_run


def position(**zones: Any) -> KlondikeState:
    """A dealt game with its zones set directly (`arrange`): the safe-move rule is also tried on positions no
    game reaches (a face-down top card), which the position text refuses."""
    return arrange(new(), **zones)


def found(**tops: int) -> dict[str, int]:
    """Foundation heights by suit ('S', 'H', 'D', 'C'), 0 where not given."""
    return {s: tops.get(s, 0) for s in SUITS}


def foundations(**tops: int) -> list[str]:
    """The foundations of `position` with each suit built up to its height (in SUITS order)."""
    return [suit_run(s, tops.get(s, 0)) for s in SUITS]


def assert_legal(state: KlondikeState, moves: list) -> None:
    legal = state.legal_actions()
    assert all(m in legal for m in moves), [m for m in moves if m not in legal]


# ----- the rule ----------------------------------------------------------------------------------


@pytest.mark.parametrize("suit", SUITS)
def test_an_ace_is_always_safe(suit: str) -> None:
    assert is_safe(Card(1, suit), found())


@pytest.mark.parametrize(
    ("card", "tops", "safe"),
    [
        # A Two: both Aces of the other colour home.
        ("2H", {"H": 1, "S": 1, "C": 1}, True),
        ("2H", {"H": 1, "S": 1}, False),
        ("2S", {"S": 1, "H": 1, "D": 1}, True),
        ("2S", {"S": 1, "D": 1}, False),
        # A Five of hearts: black foundations at 4 or more, diamonds at 3 or more.
        ("5H", {"H": 4, "S": 4, "C": 4, "D": 3}, True),
        ("5H", {"H": 4, "S": 13, "C": 9, "D": 3}, True),
        ("5H", {"H": 4, "S": 4, "C": 3, "D": 3}, False),
        ("5H", {"H": 4, "S": 4, "C": 4, "D": 2}, False),
        # A King: the other colour's Queens home, the other suit of its colour at the Jack.
        ("KC", {"C": 12, "H": 12, "D": 12, "S": 11}, True),
        ("KC", {"C": 12, "H": 12, "D": 11, "S": 11}, False),
        ("KC", {"C": 12, "H": 12, "D": 12, "S": 10}, False),
    ],
)
def test_the_rule(card: str, tops: dict[str, int], safe: bool) -> None:
    assert is_safe(C(card), found(**tops)) is safe


def test_heights_read_the_foundations_whatever_their_order() -> None:
    state = position(foundations=["", suit_run("D", 3), suit_run("S", 1), suit_run("H", 12)])
    assert heights(state) == found(D=3, S=1, H=12)


# ----- the moves ---------------------------------------------------------------------------------


def test_aces_on_the_tableau_and_the_waste_go_home_lowest_first() -> None:
    state = position(waste="9C AD", tableau=["5S AH", "2H", "KC"], down=[1])
    moves = safe_moves(state)
    assert {(m.src, m.count) for m in moves} == {("t0", 1), ("waste", 1)}
    assert all(m.dst in FOUNDATIONS for m in moves)
    assert len({m.dst for m in moves}) == 1, "each Ace to the first empty foundation (one at a time)"
    assert_legal(state, moves)


def test_a_safe_card_that_is_next_goes_to_its_own_foundation() -> None:
    state = position(foundations=foundations(S=2, H=1, D=2, C=2), tableau=["3D", "2S", "3S"])
    assert safe_moves(state) == [Move("t0", "f2")], "3S is next too, but the 2H is still out and could need it"
    assert_legal(state, safe_moves(state))


def test_several_safe_cards_whatever_the_order_of_the_foundations() -> None:
    state = position(foundations=foundations(S=2, H=2, D=2, C=2)[::-1], waste="3C", tableau=["4D", "3S"])
    # The foundations are clubs, diamonds, hearts, spades: each card goes to its suit's.
    assert safe_moves(state) == [Move("waste", "f0"), Move("t1", "f3")], "4D needs the black Threes home"
    assert_legal(state, safe_moves(state))


@pytest.mark.parametrize(
    ("tops", "tableau", "why"),
    [
        ({"S": 1, "H": 1}, ["2S"], "the Ace of diamonds is out and could need the 2S"),
        ({"S": 2, "H": 2, "D": 2, "C": 1}, ["4S"], "not next on its foundation (the 3S is not home)"),
        ({"S": 3, "H": 2, "D": 3, "C": 3}, ["4S"], "the 3H is out and could need the 4S"),
        ({"S": 3, "H": 3, "D": 3, "C": 1}, ["4S"], "the 2C is out: it could need the 3H that could need the 4S"),
    ],
)
def test_cards_that_are_not_safe_stay(tops: dict[str, int], tableau: list[str], why: str) -> None:
    state = position(foundations=foundations(**tops), tableau=tableau)
    assert safe_moves(state) == [], why


def test_a_face_down_top_or_an_empty_waste_offers_nothing() -> None:
    state = position(tableau=["AH"], down=[1])
    assert safe_moves(state) == []


def test_nothing_is_safe_once_the_game_is_over() -> None:
    state = position(tableau=["AH"])
    state.turn = None
    assert safe_moves(state) == []


def test_klondike_declares_its_safe_moves() -> None:
    assert get_game("klondike").safe_moves is safe_moves
    assert get_game("crazy").safe_moves is None


# ----- random play ---------------------------------------------------------------------------------


def safe_by_definition(state: KlondikeState, move: Move) -> bool:
    """No card that could ever lie on the moved card in the tableau is still out (the other colour's rank - 1),
    nor a card of its colour two below (which such a card could need)."""
    card = state.pile(move.src)[-1]
    home = {c for f in state.foundations for c in f}
    lower = [Card(card.rank - 1, s) for s in SUITS if Card(1, s).colour != card.colour]
    two_lower = [Card(card.rank - 2, s) for s in SUITS if s != card.suit and Card(1, s).colour == card.colour]
    return all(c in home for c in lower if c.rank >= 1) and all(c in home for c in two_lower if c.rank >= 1)


@pytest.mark.parametrize("seed", range(40))
def test_random_play_with_every_safe_move_keeps_the_position_valid(seed: int) -> None:
    rng = random.Random(seed)
    state = new(seed, draw=rng.choice((1, 3)))
    for _ in range(250):
        if state.is_over():
            break
        while moves := safe_moves(state):
            assert_legal(state, moves)
            for move in moves:
                assert safe_by_definition(state, move), move
            state.apply(moves[0])
            check_position(state)
        state.apply(rng.choice([a for a in state.legal_actions() if not isinstance(a, Resign)]))
        check_position(state)
