"""Klondike positions and cards for the table tests of tests/ui (Klondike is the table's solitaire: several
test modules play it)."""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.core.cards import Card
from cardtable.core.layout import Spot, Zone
from cardtable.games import get_game
from cardtable.games.klondike.hint import hint
from cardtable.session.match import Match, Seat
from cardtable.session.saves import Autosave
from cardtable.ui.driver import visible_point
from cardtable.ui.selftest import winnable_seed
from cardtable.ui.table import TableScene


def c(code: str) -> Card:
    return Card.from_code(code)


def cards(codes: Iterable[str]) -> list[Card]:
    return [c(x) for x in codes]


# A hand-made middle game (top of every list is its last card):
#   stock 4H 5H | waste 7S 6D | foundations AS - - -
#   t0 [5C 8D] KS QH JC   t1 [2C] QD   t2 empty   t3 [3C] JD 10S 9H   t4 [4C] QS   t5 AH   t6 [6C] 2S
# ([...] = face down).  JC fits on QD; the JD-run fits on QS; the KS-run fits on the empty t2; 2S goes on AS;
# AH goes to a foundation (or on 2S); 6D and the QH-run have nowhere to go; JD on QD is red on red.
POSITION = {
    "stock": ["4H", "5H"],
    "waste": ["7S", "6D"],
    "foundations": [["AS"], [], [], []],
    "tableau": [
        (["5C", "8D"], ["KS", "QH", "JC"]),
        (["2C"], ["QD"]),
        ([], []),
        (["3C"], ["JD", "10S", "9H"]),
        (["4C"], ["QS"]),
        ([], ["AH"]),
        (["6C"], ["2S"]),
    ],
}

# Stock and waste empty and every card face up: each pile K-Q-J, the rest on the foundations.
ENDGAME = {
    "stock": [],
    "waste": [],
    "foundations": [[f"{r}{s}" for r in ("A", *map(str, range(2, 11)))] for s in "SHDC"],
    "tableau": [
        ([], ["KS", "QH", "JS"]),
        ([], ["KH", "QS", "JH"]),
        ([], ["KD", "QC", "JD"]),
        ([], ["KC", "QD", "JC"]),
        ([], []),
        ([], []),
        ([], []),
    ],
}


def klondike(tmp_path, options: dict | None = None, seed: int = 7, position: dict | None = None) -> Match:
    """A one-seat Klondike match autosaving to tmp_path; `position` replaces the dealt cards."""
    match = Match(get_game("klondike"), [Seat("human", "You")], options or {}, seed,
                  saver=Autosave(tmp_path / "autosave-klondike.json", tmp_path / "last-klondike.json"))
    if position is not None:
        s = match.state
        s.stock = cards(position["stock"])
        s.waste = cards(position["waste"])
        s.foundations = [cards(f) for f in position["foundations"]]
        s.tableau = [cards(down) + cards(up) for down, up in position["tableau"]]
        s.down = [len(down) for down, _up in position["tableau"]]
    return match


def find(table: TableScene, card: Card) -> tuple[Zone, int]:
    """The zone holding `card` face up and the card's position in it."""
    for zone in table.layout.zones:
        for i, spot in enumerate(zone.spots):
            if spot.card == card:
                return zone, i
    raise AssertionError(f"{card.label} is not shown face up on the table")


def spot_of(table: TableScene, card: Card) -> Spot:
    zone, i = find(table, card)
    return zone.spots[i]


def point_on(table: TableScene, card: Card) -> tuple[int, int]:
    """A point on the visible part of `card`."""
    zone, i = find(table, card)
    nxt = zone.spots[i + 1].rect if i + 1 < len(zone.spots) else None
    return visible_point(zone.spots[i].rect, nxt)


def finished_klondike(seed: int | None = None) -> Match:
    """A Klondike game won by following the hint from a winnable deal (`seed`: one the hint wins, as 0 and 2; by
    default the first), saved as the last game (for a replay)."""
    match = Match(get_game("klondike"), [Seat("human", "You")], {}, winnable_seed() if seed is None else seed,
                  saver=Autosave.for_game("klondike"))
    while not match.state.is_over():
        match.apply(hint(match.state))
    return match
