"""Tests of cardtable.core.cards: the Card type, its text codes and the deck builders."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.core.cards import (
    ACE,
    ALTERNATING_SUITS,
    JOKER_SUIT,
    KING,
    RANKS,
    RED_SUITS,
    SUITS,
    Card,
    alternating_suits,
    custom_deck,
    deck_with_jokers,
    hand_order,
    multi_deck,
    shuffled,
    standard_deck,
)

# ----- strategies ------------------------------------------------------------------------------

copies = st.integers(min_value=0, max_value=500)
standard_cards = st.builds(Card, st.sampled_from(RANKS), st.sampled_from(SUITS), copies)
jokers = st.builds(Card, st.just(0), st.just(JOKER_SUIT), copies)
# Custom decks (Crazy's colours, Cat in the Box's colourless numbers): any int rank, a suit name
# that is neither the joker suit nor contains the copy separator '#'.
custom_suits = st.text(alphabet=st.characters(blacklist_characters="#"), max_size=8).filter(
    lambda s: s != JOKER_SUIT
)
custom_cards = st.builds(Card, st.integers(min_value=-1000, max_value=1000), custom_suits, copies)
any_card = st.one_of(standard_cards, jokers, custom_cards)


# ----- Card ------------------------------------------------------------------------------------


def test_card_is_immutable() -> None:
    card = Card(12, "H")
    with pytest.raises(AttributeError):
        card.rank = 13  # type: ignore[misc]
    with pytest.raises(AttributeError):
        card.suit = "S"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        card.copy = 1  # type: ignore[misc]
    assert card == Card(12, "H", 0)


def test_card_is_hashable_and_copies_are_distinct() -> None:
    a, b, a_again = Card(1, "S"), Card(1, "S", 1), Card(1, "S", 0)
    assert len({a, b, a_again}) == 2
    assert {a: "x"}[a_again] == "x"
    assert a != b
    assert a.face == b.face == (1, "S")


def test_card_properties() -> None:
    assert Card(12, "H").code == "QH"
    assert Card(10, "S").code == "10S"
    assert Card(1, "D", 1).code == "AD#1"
    assert Card(0, JOKER_SUIT).code == "JK"
    assert Card(0, JOKER_SUIT, 3).code == "JK#3"
    assert Card(7, "red").code == "7:red"
    assert Card(12, "H").label == "Q\u2665"
    assert Card(0, JOKER_SUIT).label == "Black joker" and Card(0, JOKER_SUIT, 1).label == "Red joker"
    assert not Card(0, JOKER_SUIT, 2).is_red and Card(0, JOKER_SUIT, 3).colour == "red"
    assert Card(0, JOKER_SUIT).is_joker and not Card(1, "S").is_joker
    for suit, red in (("S", False), ("H", True), ("D", True), ("C", False)):
        assert Card(5, suit).is_red is red
        assert Card(5, suit).colour == ("red" if red else "black")


@given(any_card)
def test_code_round_trip(card: Card) -> None:
    assert Card.from_code(card.code) == card


def test_code_round_trip_every_card_of_every_builder() -> None:
    for deck in (standard_deck(), deck_with_jokers(3), multi_deck(3, jokers_per_deck=2)):
        for card in deck:
            assert Card.from_code(card.code) == card


def test_from_code_refuses_t_for_ten() -> None:
    # One spelling per card: a ten is "10S", never "TS".
    with pytest.raises(ValueError):
        Card.from_code("TS")


@pytest.mark.parametrize(
    "code",
    [
        "", "X", "QX", "1S", "11S", "14S", "0S", "ZZ", "Q", "H", "QHH", "qh", "J", "K", "JK#x", "QH#-1",
        "QH#1#2", "QH#1.5", "QH##", ":S", "x:S", "5.5:S", "QH#", "JK#",
    ],
)
def test_from_code_rejects_garbage(code: str) -> None:
    with pytest.raises(ValueError):
        Card.from_code(code)


@pytest.mark.parametrize("value", [None, 12, b"QH", ["QH"], ("Q", "H")])
def test_from_code_rejects_non_strings(value: object) -> None:
    with pytest.raises(ValueError):
        Card.from_code(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("code", ["QH#0", "QH#01", " 5:S", "5 :S", "1_0:S", "+5:S", "QH#\u0663"])
def test_from_code_rejects_non_canonical_aliases(code: str) -> None:
    with pytest.raises(ValueError):
        Card.from_code(code)


# ----- deck builders ---------------------------------------------------------------------------


def test_standard_deck_is_52_unique_cards() -> None:
    deck = standard_deck()
    assert len(deck) == 52 == len(set(deck))
    assert {c.suit for c in deck} == set(SUITS)
    assert Counter(c.suit for c in deck) == {s: 13 for s in SUITS}
    assert {c.rank for c in deck} == set(range(ACE, KING + 1))
    assert all(c.copy == 0 and not c.is_joker for c in deck)


def test_standard_deck_returns_a_fresh_list() -> None:
    deck = standard_deck()
    deck.pop()
    assert len(standard_deck()) == 52


@pytest.mark.parametrize("n", [0, 1, 2, 4])
def test_deck_with_jokers(n: int) -> None:
    deck = deck_with_jokers(n)
    assert len(deck) == 52 + n == len(set(deck))
    js = [c for c in deck if c.is_joker]
    assert len(js) == n
    assert sorted(c.copy for c in js) == list(range(n))
    assert all(c.rank == 0 and c.suit == JOKER_SUIT for c in js)


def test_deck_with_jokers_default_is_two() -> None:
    assert sum(c.is_joker for c in deck_with_jokers()) == 2


def test_multi_deck_two_decks_is_104_distinct_cards() -> None:
    deck = multi_deck(2)
    assert len(deck) == 104 == len(set(deck))
    faces = Counter(c.face for c in deck)
    assert len(faces) == 52 and set(faces.values()) == {2}
    assert {c.copy for c in deck} == {0, 1}
    assert multi_deck() == deck  # two decks is the default


def test_multi_deck_with_jokers_all_distinct() -> None:
    deck = multi_deck(3, jokers_per_deck=2)
    assert len(deck) == 3 * 54 == len(set(deck))
    assert sum(c.is_joker for c in deck) == 6


def test_custom_deck_gives_distinct_copies_for_repeated_faces() -> None:
    faces = [(1, "red"), (1, "red"), (2, "blue"), (1, "red"), (2, "blue"), (5, "S")]
    deck = custom_deck(faces)
    assert len(deck) == len(faces) == len(set(deck))
    assert [c.face for c in deck] == faces
    assert [c.copy for c in deck] == [0, 1, 0, 2, 1, 0]


@given(st.lists(st.tuples(st.integers(-5, 20), st.sampled_from(["S", "H", "red", "blue", ""])), max_size=60))
def test_custom_deck_property(faces: list[tuple[int, str]]) -> None:
    deck = custom_deck(faces)
    assert len(set(deck)) == len(deck) == len(faces)
    assert [c.face for c in deck] == faces
    for card in deck:
        assert Card.from_code(card.code) == card


def test_shuffled_is_a_seeded_permutation_and_leaves_input_alone() -> None:
    deck = standard_deck()
    before = list(deck)
    a = shuffled(deck, random.Random(7))
    b = shuffled(deck, random.Random(7))
    assert deck == before
    assert a == b
    assert Counter(a) == Counter(deck)
    assert a != deck  # 1 in 52! chance of a false failure



def test_alternating_suits_and_hand_order() -> None:
    assert alternating_suits() == {"S": 0, "H": 1, "C": 2, "D": 3}
    assert alternating_suits("J") == {"J": 0, "S": 1, "H": 2, "C": 3, "D": 4}
    colours = ["red" if s in RED_SUITS else "black" for s in ALTERNATING_SUITS]
    assert all(a != b for a, b in zip(colours, colours[1:], strict=False))
    suits = alternating_suits()
    order = hand_order(standard_deck(), lambda c: (suits[c.suit], -c.rank))
    hand = sorted(Card.from_code(c) for c in ("2D", "KS", "3H", "AS", "9C"))
    assert [c.code for c in sorted(hand, key=order.__getitem__)] == ["KS", "AS", "3H", "9C", "2D"]
