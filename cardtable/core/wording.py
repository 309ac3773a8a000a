"""Plain English names of seats for logs, tools and tests ("Seat 1", "Seat 1, Seat 2 and Seat 4") and counts
("3 moves").  What the app shows a person is said by the games' narrations (`core.narration`, `core.words`)."""

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


YOU = "You"  # the name of the seat the table speaks to in the second person


def counted(n: int, noun: str) -> str:
    """"1 move", "3 moves": a number and its noun (a plain "s" plural)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"

