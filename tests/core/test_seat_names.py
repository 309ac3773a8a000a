"""How the engines' texts name seats and lists of seats."""

from cardtable.core.wording import seat_list, seat_name


def test_a_seat_is_named_from_one() -> None:
    assert seat_name(0) == "Seat 1"
    assert seat_name(6) == "Seat 7"


def test_seats_are_listed_in_plain_english() -> None:
    assert seat_list([]) == ""
    assert seat_list([2]) == "Seat 3"
    assert seat_list([0, 1]) == "Seat 1 and Seat 2"
    assert seat_list([0, 1, 3]) == "Seat 1, Seat 2 and Seat 4"
    assert seat_list(iter((4, 2))) == "Seat 5 and Seat 3"  # any iterable, in the order given
