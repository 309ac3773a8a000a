"""The players' names in the engines' sentences, and the second person for a player called "You"."""

import pytest

from cardtable.core.wording import name_seats, second_person

NAMES = ["You", "Ann", "Bob"]


@pytest.mark.parametrize(("text", "said"), [
    ("Seat 2 draws 2 cards and loses their turn.", "Ann draws 2 cards and loses their turn."),
    ("Seat 1 draws 2 cards and loses their turn.", "You draw 2 cards and lose your turn."),
    ("Seat 1 must draw 4 cards, but only 1 is left to draw. Seat 1 loses their turn.",
     "You must draw 4 cards, but only 1 is left to draw. You lose your turn."),
    ("Seat 1 draws a card and keeps it.", "You draw a card and keep it."),
    # A first verb in the past or with "cannot" still makes the person the subject of the second.
    ("Seat 1 won none of the first four tricks and is eliminated.",
     "You won none of the first four tricks and are eliminated."),
    ("Seat 1 cannot pay the ante and leaves the session.", "You cannot pay the ante and leave the session."),
    ("Seat 1 won all four tricks and wins the round.", "You won all four tricks and win the round."),
    ("Seat 1 is skipped.", "You are skipped."),
    ("Seat 1 changes their bid to 3.", "You change your bid to 3."),
    ("It is Seat 1's turn, and the 7 of hearts is not in their hand.",
     "It is your turn, and the 7 of hearts is not in your hand."),
    ("Seat 1 wins the trick with the ace of spades.", "You win the trick with the ace of spades."),
    ("Round 2: Seat 1 made their bid.", "Round 2: You made your bid."),
    # Inside a sentence the person is "you", and a "they" that can only be them is "you" too.
    ("Diamonds were led and Seat 1 holds diamonds, so they must play one.",
     "Diamonds were led and you hold diamonds, so you must play one."),
    ("Only Seat 1 can take back their move.", "Only you can take back your move."),
    ("Only Seat 2 can take back their move.", "Only Ann can take back their move."),
    ("Seat 1 takes the last 8 cards and buries 8.", "You take the last 8 cards and bury 8."),
])
def test_a_sentence_about_one_seat(text: str, said: str) -> None:
    assert name_seats(text, NAMES) == said


@pytest.mark.parametrize(("text", "said"), [
    # A list of seats with the person in it is spoken to ("you" inside the list, "your" for "their").
    ("Round 2: Seat 1 and Seat 2 made their bids.", "Round 2: You and Ann made your bids."),
    ("Round 2: Seat 2, Seat 1 and Seat 3 made their bids.", "Round 2: Ann, you and Bob made your bids."),
    ("Seat 2 and Seat 3 share the win.", "Ann and Bob share the win."),
    ("Round 2: Seat 2 and Seat 3 made their bids.", "Round 2: Ann and Bob made their bids."),
    ("Seat 2 and Seat 9 share the win.", "Ann and Seat 9 share the win."),
    # Otherwise, with someone else in the sentence, "their" and a later verb need not be the person's.
    ("Seat 1 plays a 7 and Seat 3 draws.", "You play a 7 and Bob draws."),
    ("Seat 2 is skipped. Seat 1 keeps their cards.", "Ann is skipped. You keep your cards."),
])
def test_sentences_about_several_seats(text: str, said: str) -> None:
    assert name_seats(text, NAMES) == said


def test_seats_without_a_player_and_text_without_seats_are_left_as_they_are() -> None:
    assert name_seats("Seat 9 passes.", NAMES) == "Seat 9 passes."
    assert name_seats("The draw pile is empty.", NAMES) == "The draw pile is empty."
    assert name_seats("", NAMES) == ""


@pytest.mark.parametrize(("verb", "form"), [("draws", "draw"), ("is", "are"), ("has", "have"), ("was", "were"),
                                            ("catches", "catch"), ("passes", "pass"), ("wins", "win"),
                                            ("buries", "bury"), ("tries", "try"), ("dies", "die")])
def test_second_person(verb: str, form: str) -> None:
    assert second_person(verb) == form
