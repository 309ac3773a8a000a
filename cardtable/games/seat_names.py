"""How the engines' texts name seats: "Seat 3", and lists of them ("Seat 1, Seat 2 and Seat 4").

The table puts the players' names in their place (`cardtable.ui.wording`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def seat_name(seat: int) -> str:
    """A seat (from 0) as texts name it: "Seat 1" for seat 0."""
    return f"Seat {seat + 1}"


def and_list(words: Sequence[str]) -> str:
    """Words as an English list: "A", "A and B", "A, B and C" ("" for none)."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def seat_list(seats: Iterable[int]) -> str:
    """Seats as an English list: "Seat 1", "Seat 1 and Seat 2", "Seat 1, Seat 2 and Seat 3"."""
    return and_list([seat_name(s) for s in seats])
