"""The shared trick-taking helpers, with the shapes of every trick game of the project:
Kachuful (trump suit, jokers as trumps), Cat Te (no trump, folded cards cannot win), King of the Hill
(a trump group with its own order, identical cards: the first played wins), Cat in the Box (declared colours).
"""

from __future__ import annotations

import random

import pytest

from cardtable.core.cards import Card, standard_deck
from cardtable.core.tricks import (
    CANNOT_WIN,
    ace_high,
    ace_low,
    beats,
    best_index,
    can_follow,
    contention,
    follow_suit,
    next_seat,
    printed_suit,
    seats_from,
    trick_winner,
    winning_face_up,
    winning_index,
    winning_play,
)


def C(code: str) -> Card:  # noqa: N802 - reads like a card literal
    return Card.from_code(code)


def cards(text: str) -> list[Card]:
    return [Card.from_code(c) for c in text.split()]


# ----- orders ------------------------------------------------------------------------------------


def test_ace_high_and_ace_low() -> None:
    assert [ace_high(C(c)) for c in ("2S", "10S", "KS", "AS")] == [2, 10, 13, 14]
    assert [ace_low(C(c)) for c in ("AS", "2S", "KS")] == [1, 2, 13]


# ----- following ---------------------------------------------------------------------------------


def test_follow_suit_keeps_the_led_suit_when_held() -> None:
    hand = cards("AS 2H 9H KD")
    assert follow_suit(hand, "H") == cards("2H 9H")
    assert can_follow(hand, "H") and not can_follow(hand, "C")


def test_follow_suit_allows_anything_without_the_led_suit_or_when_leading() -> None:
    hand = cards("AS 2H KD")
    assert follow_suit(hand, "C") == hand
    assert follow_suit(hand, None) == hand
    assert follow_suit(hand, "C") is not hand  # a new list: the caller may change it
    assert not can_follow(hand, None)
    assert follow_suit([], "S") == []


def test_follow_suit_with_an_effective_suit() -> None:
    """Kachuful: a joker belongs to the trump suit; King of the Hill: the trump group is one suit."""
    joker = Card(0, "J", 0)
    hand = [joker, *cards("2H 3C")]
    as_spade = lambda c: "S" if c.is_joker else c.suit  # noqa: E731
    assert follow_suit(hand, "S", as_spade) == [joker]
    assert follow_suit(hand, "S") == hand  # by printed suit the joker is no spade
    trump_rank = 2

    def koth_suit(c: Card) -> str:  # trump suit hearts, trump rank 2: every 2 and every heart is "trump"
        return "T" if c.suit == "H" or c.rank == trump_rank else c.suit

    hand = cards("2S 5C KC")
    assert follow_suit(hand, "T", koth_suit) == cards("2S")
    assert follow_suit(hand, "S", koth_suit) == hand  # the 2S is not a spade here


# ----- winning -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("played", "trump", "winner"), [
    ("2H AH KH", None, 1),  # highest of the led suit
    ("2H AC KD", None, 0),  # off-suit cards cannot win
    ("2H AC 3S", "S", 2),  # a trump beats the led suit
    ("2H 3S AS", "S", 2),  # the highest trump
    ("5S 2S AH", "S", 0),  # trump led
    ("KD QD", "H", 0),
])
def test_winner_with_a_trump_suit(played: str, trump: str | None, winner: int) -> None:
    assert winning_index(cards(played), trump=trump) == winner
    plays = [(seat, c) for seat, c in zip((3, 0, 1), cards(played), strict=False)]
    assert trick_winner(plays, trump=trump) == plays[winner][0]


def test_led_suit_defaults_to_the_first_card_and_can_be_given() -> None:
    assert winning_index(cards("2H AC KD")) == 0
    # Cat in the Box: the declared colour is the led suit, whatever the printed card says.
    assert winning_index(cards("2H AC KD"), led="D") == 2


def test_custom_rank_order() -> None:
    order = {11: 20, 9: 19}  # jack and nine on top, as some games rank them
    rank = lambda c: order.get(c.rank, ace_high(c))  # noqa: E731
    assert winning_index(cards("AS 9S JS"), rank_of=rank) == 2
    assert winning_index(cards("AS 9S KS"), rank_of=rank) == 1
    assert winning_index(cards("AS 2S"), rank_of=ace_low) == 1


def test_ties_go_to_the_card_played_first() -> None:
    """King of the Hill: between identical cards the one played first wins (two decks)."""
    first, second = Card(12, "H", 0), Card(12, "H", 1)
    assert winning_index([C("2H"), first, second]) == 1
    assert winning_index([C("2H"), second, first]) == 1
    jokers = [Card(0, "J", 1), Card(0, "J", 0)]
    joker_rank = lambda c: 15 if c.is_joker else ace_high(c)  # noqa: E731
    joker_suit = lambda c: "S" if c.is_joker else c.suit  # noqa: E731
    assert winning_index([C("AS"), *jokers], trump="S", suit_of=joker_suit, rank_of=joker_rank) == 1


def test_cards_that_cannot_win_are_skipped() -> None:
    """Cat Te: a folded (face-down) card can never win, and the led suit comes from the face-up lead."""
    played = cards("5H AH KH 2C")
    folded = {1}
    assert winning_index(played, can_win=lambda i, c: i not in folded) == 2
    # Every card folded but the lead.
    assert winning_index(played, can_win=lambda i, c: i == 0) == 0
    assert winning_index(played, can_win=lambda i, c: False) is None
    assert trick_winner([(0, C("5H"))], can_win=lambda i, c: False) is None
    # The first card that can win sets the led suit when none is given.
    assert winning_index(cards("AS 3D 9D"), can_win=lambda i, c: i != 0) == 2


def test_winning_index_of_an_empty_trick() -> None:
    assert winning_index([]) is None


def test_beats_agrees_with_winning_index() -> None:
    rng = random.Random(5)
    deck = standard_deck()
    for _ in range(2000):
        trick = rng.sample(deck, rng.randint(2, 5))
        trump = rng.choice(["S", "H", "D", "C", None])
        led = trick[0].suit
        best = trick[winning_index(trick[:-1], led, trump)]
        expected = winning_index(trick, led, trump) == len(trick) - 1
        assert beats(trick[-1], best, led, trump) == expected, (trick, trump)


def test_beats() -> None:
    assert beats(C("AH"), C("KH"), "H")
    assert not beats(C("QH"), C("KH"), "H")
    assert not beats(C("AC"), C("2H"), "H")  # off suit
    assert beats(C("2S"), C("AH"), "H", "S")  # trumps
    assert not beats(C("2S"), C("3S"), "H", "S")
    assert not beats(C("AH"), C("2S"), "H", "S")  # the led suit does not beat a trump
    assert not beats(Card(12, "H", 1), Card(12, "H", 0), "H")  # identical: the earlier stays


def test_seats() -> None:
    assert next_seat(3, 4) == 0 and next_seat(0, 5, 2) == 2 and next_seat(0, 5, -1) == 4
    assert seats_from(2, 4) == [2, 3, 0, 1]


# ----- the table-driven evaluator ----------------------------------------------------------------------


def test_contention_puts_trumps_above_the_led_suit_and_the_rest_out() -> None:
    table = contention(standard_deck(), "H", "S", suit_of=printed_suit, rank_of=ace_high)
    assert table[C("2S")] > table[C("AH")] > table[C("2H")] > CANNOT_WIN
    assert table[C("AS")] > table[C("2S")]
    assert table[C("AC")] == table[C("KD")] == CANNOT_WIN
    no_trump = contention(standard_deck(), "H", suit_of=printed_suit, rank_of=ace_high)
    assert no_trump[C("AS")] == CANNOT_WIN and no_trump[C("AH")] == 14


def test_winning_play_ties_go_to_the_first_played() -> None:
    first, second = Card(12, "H", 0), Card(12, "H", 1)
    table = contention([C("2H"), first, second], "H", suit_of=printed_suit, rank_of=ace_high)
    assert winning_play([(2, C("2H")), (3, second), (0, first)], table) == (3, second)
    assert winning_play([(2, C("2H")), (3, first), (0, second)], table) == (3, first)
    assert best_index([5, 9, CANNOT_WIN, 9]) == 1
    assert best_index([CANNOT_WIN, CANNOT_WIN]) == 0  # none can win: the first play


def test_winning_face_up_skips_the_folds() -> None:
    """Cat Te: a card folded face down cannot win, however high."""
    table = contention(standard_deck(), "H", suit_of=printed_suit, rank_of=ace_high)
    trick = [(1, C("5H"), True), (2, C("AH"), False), (3, C("9H"), True), (0, C("KH"), False)]
    assert winning_face_up(trick, table) == (3, C("9H"), True)
    assert winning_face_up(trick[:2], table) == trick[0]


def test_winning_play_agrees_with_winning_index() -> None:
    rng = random.Random(7)
    deck = standard_deck()
    tables = {(t, led): contention(deck, led, t, suit_of=printed_suit, rank_of=ace_high)
              for t in ("S", "H", "D", "C", None) for led in ("S", "H", "D", "C")}
    for _ in range(2000):
        trick = rng.sample(deck, rng.randint(1, 6))
        trump = rng.choice(["S", "H", "D", "C", None])
        plays = list(enumerate(trick))
        table = tables[trump, trick[0].suit]
        assert winning_play(plays, table) == plays[winning_index(trick, trump=trump) or 0]
        assert best_index([table[c] for c in trick]) == winning_index(trick, trump=trump)
