"""Klondike rules, one test (or a few) per rule of shared/rules/klondike.md.

Every test's docstring quotes the rule text it traces, and `test_every_rule_is_traced` checks that every
rule sentence (bar the excluded UI-only ones) is quoted by some test here.

Positions are read from the game's position text (`position`).  Conventions of the state: the last card of
`stock`, `waste`, a foundation or a tableau pile is its top; `down[i]` face-down cards lie at the bottom of
tableau pile i.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from cardtable.core.cards import Card, standard_deck
from cardtable.core.engine import Action, Event, IllegalAction
from cardtable.core.notation import cards_text, options_text
from cardtable.core.words import Names
from cardtable.games import get_rules
from cardtable.games.klondike.narration import NARRATION
from cardtable.games.klondike.notation import NOTATION
from cardtable.games.klondike.rules import (
    FOUNDATIONS,
    TABLEAU,
    AutoFinish,
    Draw,
    KlondikeState,
    Move,
    Recycle,
    Resign,
)
from tests.rule_trace import traces, untraced_rules

RULES = get_rules("klondike")
ZONES = ("stock", "waste", *TABLEAU, *FOUNDATIONS)
SUIT_OF_FOUNDATION = ("S", "H", "D", "C")  # the order the helpers below fill foundations in

# ----- helpers ---------------------------------------------------------------------------------


def new(seed: int = 1, **options: Any) -> KlondikeState:
    return RULES.new_game(1, options, seed=seed)


def cards(text: str) -> list[Card]:
    """'AS 10H QD' -> cards, bottom first."""
    return [Card.from_code(c) for c in text.split()]


def C(code: str) -> Card:  # noqa: N802 - reads like a card literal
    return Card.from_code(code)


def suit_run(suit: str, top: int) -> str:
    """'AS 2S ... <top>S' (empty for top 0)."""
    labels = {1: "A", 11: "J", 12: "Q", 13: "K"}
    return " ".join(f"{labels.get(r, r)}{suit}" for r in range(1, top + 1))


def dead_position() -> KlondikeState:
    """Nothing to do but give up: empty stock and waste, a 2 on a face-down card, no aces home."""
    return position(tableau=["3H 2S"], down=[1])


def position(seed: int = 1, options: dict[str, Any] | None = None, *, stock: str = "", waste: str = "",
             foundations: Sequence[str] = (), tableau: Sequence[str] = (), down: Sequence[int] = ()) -> KlondikeState:
    """A deal read from its position text: these zones (bottom first; omitted foundations and piles are empty,
    omitted `down` counts 0), no move made yet; the cards named nowhere are out of play."""
    piles = [cards(t) for t in tableau] + [[] for _ in range(7 - len(tableau))]
    downs = list(down) + [0] * (7 - len(down))
    homes = [cards(f) for f in foundations] + [[] for _ in range(4 - len(foundations))]
    named = {c for pile in [cards(stock), cards(waste), *homes, *piles] for c in pile}
    return NOTATION.from_text("\n".join([
        "klondike 1",
        f"options: {options_text(RULES.validate_options(options))}",
        f"seed: {seed}",
        "phase: play",
        f"stock: {stock or '-'}",
        f"waste: {waste or '-'}",
        *(f"{zone}: {cards_text(home)}" for zone, home in zip(FOUNDATIONS, homes, strict=True)),
        *(f"{zone}: {cards_text(pile[:d])} / {cards_text(pile[d:])}" if d else f"{zone}: {cards_text(pile)}"
          for zone, pile, d in zip(TABLEAU, piles, downs, strict=True)),
        "recycles: 0",
        "moves: 0",
        "standard_score: 0",
        f"out: {cards_text(c for c in standard_deck() if c not in named)}",
    ]))


def snapshot(state: KlondikeState) -> tuple:
    """Everything observable about a state, copied."""
    return (
        repr(state.view(None)),
        repr(state.view(0)),
        list(state.stock),
        list(state.waste),
        [list(p) for p in state.tableau],
        list(state.down),
        [list(f) for f in state.foundations],
        state.score,
        state.moves,
        state.recycles,
        state.turn,
        state.is_over(),
        state.result(),
    )


def assert_illegal(state: KlondikeState, action: Any, *words: str, legal: list[Action] | None = None) -> str:
    """`action` raises IllegalAction with a readable reason (containing `words`) and changes nothing."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.reason in NARRATION.refusals or info.value.reason == "empty_source", info.value.reason
    reason = NARRATION.refusal(info.value, Names.seats(1))
    assert len(reason.split()) >= 3, reason  # a sentence, not a code
    for word in words:
        assert word.lower() in reason.lower(), (word, reason)
    assert snapshot(state) == before, f"{action!r} changed the state"
    assert action not in (state.legal_actions() if legal is None else legal)
    return reason


def play(state: KlondikeState, action: Action) -> list[Event]:
    assert action in state.legal_actions(), f"{action!r} not offered"
    events = state.apply(action)
    assert isinstance(events, list) and all(isinstance(e, Event) for e in events)
    return events


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def score_change(events: Iterable[Event]) -> int:
    return sum(e.value for e in events if e.kind == "score")


def all_cards(state: KlondikeState) -> list[Card]:
    piles = state.tableau + state.foundations
    return state.stock + state.waste + [c for p in piles for c in p]


# ----- Layout ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 12345, 2**31 - 1])
@traces("klondike:deck")
def test_one_52_card_deck(seed: int) -> None:
    """One 52-card deck."""
    state = new(seed)
    assert Counter(all_cards(state)) == Counter(standard_deck())


@pytest.mark.parametrize("draw", [1, 3])
@traces("klondike:deal.piles", "klondike:deal.face_up", "klondike:deal.stock")
def test_deal_shape(draw: int) -> None:
    """Seven tableau piles: pile k (1–7) gets k cards, the top one face up. The rest is the stock."""
    state = new(7, draw=draw)
    view = state.view(0)
    assert len(state.tableau) == 7
    for k in range(1, 8):
        pile = state.tableau[k - 1]
        assert len(pile) == k
        assert state.down[k - 1] == k - 1
        shown = view["tableau"][k - 1]
        assert shown[:-1] == [None] * (k - 1)  # the rest face down
        assert shown[-1] == pile[-1]  # the top one face up
    assert len(state.stock) == 24 == 52 - sum(range(1, 8))
    assert state.waste == []
    assert state.foundations == [[], [], [], []]
    assert view["stock"] == [None] * 24
    assert state.turn == 0 and not state.is_over()
    assert state.moves == 0 and state.score == 0


@traces("klondike:deck")
def test_deal_is_reproducible_from_the_seed() -> None:
    """One 52-card deck. (Chance comes from the state's own Random(seed): DESIGN.md.)"""
    assert snapshot(new(99)) == snapshot(new(99))
    assert new(99).stock == new(99).stock
    assert new(99).tableau != new(100).tableau or new(99).stock != new(100).stock


# ----- Foundations -----------------------------------------------------------------------------


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
@pytest.mark.parametrize("foundation", FOUNDATIONS)
@traces("klondike:foundation.build")
def test_any_empty_foundation_takes_an_ace(suit: str, foundation: str) -> None:
    """Four foundations, built up by suit from A to K."""
    state = position(waste=f"A{suit}", tableau=["KC"])
    events = play(state, Move("waste", foundation))
    assert state.foundations[int(foundation[1])] == [C(f"A{suit}")]
    assert events[0] == Event("move", (C(f"A{suit}"),), "waste", foundation)


@traces("klondike:foundation.build")
def test_ace_from_the_tableau_to_a_foundation_while_others_are_in_use() -> None:
    """Four foundations, built up by suit from A to K."""
    state = position(foundations=["AS 2S", "AH"], tableau=["AD"])
    assert_illegal(state, Move("t0", "f0"), "foundation")
    assert_illegal(state, Move("t0", "f1"), "foundation")
    play(state, Move("t0", "f2"))
    assert state.foundations[2] == [C("AD")]


@pytest.mark.parametrize("card", ["2S", "KH", "10D"])
@traces("klondike:foundation.build")
def test_empty_foundation_refuses_anything_but_an_ace(card: str) -> None:
    """Four foundations, built up by suit from A to K."""
    state = position(waste=card)
    assert_illegal(state, Move("waste", "f0"), "ace")


@pytest.mark.parametrize(
    ("top", "card", "legal"),
    [
        ("AS", "2S", True),
        ("9H", "10H", True),
        ("QD", "KD", True),
        ("AS", "2C", False),  # same colour, other suit
        ("AS", "2H", False),  # other suit
        ("AS", "3S", False),  # skips a rank
        ("3S", "2S", False),  # builds up, not down
        ("5C", "6S", False),
        ("KD", "AD", False),  # no wrap-around
    ],
)
@traces("klondike:foundation.build")
def test_foundations_build_up_by_suit(top: str, card: str, legal: bool) -> None:
    """Four foundations, built up by suit from A to K."""
    for src in ("waste", "t3"):
        zones = {"waste": card} if src == "waste" else {"tableau": ["", "", "", card]}
        state = position(foundations=[top], **zones)
        if legal:
            play(state, Move(src, "f0"))
            assert state.foundations[0] == cards(f"{top} {card}")
        else:
            assert_illegal(state, Move(src, "f0"), "foundation")


@traces("klondike:foundation.build")
def test_a_foundation_builds_from_ace_to_king() -> None:
    """Four foundations, built up by suit from A to K."""
    run = suit_run("C", 13).split()
    state = position(waste=" ".join(reversed(run)), tableau=["KH"])
    for expected in run:
        assert state.waste[-1] == C(expected)
        play(state, Move("waste", "f1"))
    assert state.foundations[1] == cards(suit_run("C", 13))
    assert len(state.foundations[1]) == 13


@traces("klondike:foundation.one")
def test_only_one_card_at_a_time_goes_to_a_foundation() -> None:
    """Four foundations, built up by suit from A to K."""
    state = position(tableau=["2H AS"], foundations=["", "AH"])
    assert_illegal(state, Move("t0", "f1", 2), "one card")


@traces("klondike:foundation.one")
def test_cards_do_not_move_between_foundations() -> None:
    """Four foundations, built up by suit from A to K."""
    state = position(foundations=["AS", "", "", ""], tableau=["KH"])
    assert_illegal(state, Move("f0", "f1"), "between foundations")
    moves = [m for m in state.legal_actions() if isinstance(m, Move) and m.src == "f0"]
    assert all(m.dst in TABLEAU for m in moves)


# ----- Tableau ---------------------------------------------------------------------------------

ALTERNATING = [
    ("6H", "7S", True),
    ("6D", "7C", True),
    ("6S", "7H", True),
    ("6C", "7D", True),
    ("QH", "KS", True),
    ("AD", "2C", True),
    ("6S", "7S", False),  # same suit
    ("6C", "7S", False),  # same colour
    ("6H", "7D", False),  # same colour, red
    ("5H", "7S", False),  # two ranks down
    ("8H", "7S", False),  # up, not down
    ("7H", "7S", False),  # same rank
    ("KH", "AS", False),  # nothing goes on an ace
]


@pytest.mark.parametrize(("card", "onto", "legal"), ALTERNATING)
@pytest.mark.parametrize("src", ["waste", "t1", "f2"])
@traces("klondike:pile.build")
def test_tableau_builds_down_in_alternating_colours(card: str, onto: str, legal: bool, src: str) -> None:
    """Tableau piles build down in alternating colours"""
    zones: dict[str, Any] = {"tableau": [onto]}
    if src == "waste":
        zones["waste"] = card
    elif src == "t1":
        zones["tableau"] = [onto, card]
    else:
        zones["foundations"] = ["", "", suit_run(card[-1], C(card).rank)]
    state = position(**zones)
    if legal:
        play(state, Move(src, "t0"))
        assert state.tableau[0] == cards(f"{onto} {card}")
    else:
        reason = assert_illegal(state, Move(src, "t0"), "alternating")
        assert C(card).label in reason and C(onto).label in reason


@traces("klondike:pile.run")
def test_any_face_up_run_moves_as_a_unit() -> None:
    """any face-up run moves as a unit"""
    state = position(tableau=["3C 9S 8H 7C", "4D 10H"], down=[1, 1])
    events = play(state, Move("t0", "t1", 3))
    assert state.tableau[1] == cards("4D 10H 9S 8H 7C")  # order kept
    assert state.tableau[0] == cards("3C")
    assert events[0] == Event("move", tuple(cards("9S 8H 7C")), "t0", "t1")


@traces("klondike:pile.run")
def test_part_of_a_face_up_run_moves_as_a_unit() -> None:
    """any face-up run moves as a unit"""
    state = position(tableau=["3C 9S 8H 7C", "4D 10H", "9D", "9C"], down=[1, 1])
    assert_illegal(state, Move("t0", "t1", 2), "alternating")  # 8H on 10H
    assert_illegal(state, Move("t0", "t2", 2), "alternating")  # 8H on 9D
    play(state, Move("t0", "t3", 2))
    assert state.tableau[3] == cards("9C 8H 7C")
    assert state.tableau[0] == cards("3C 9S")
    assert state.down[0] == 1  # 9S is still face up on its face-down card


@traces("klondike:pile.run")
def test_a_run_whose_head_is_face_down_cannot_move() -> None:
    """any face-up run moves as a unit"""
    state = position(tableau=["3C 9S 8H 7C", "4D 10H", "4H"], down=[1, 1])
    assert_illegal(state, Move("t0", "t2", 4), "face down")
    assert_illegal(state, Move("t1", "t0", 2), "face down")


@traces("klondike:pile.run")
def test_legal_actions_offer_every_run_length() -> None:
    """any face-up run moves as a unit"""
    state = position(tableau=["3C 9S 8H 7C", "4D 10H", "", "8D", "8S"], down=[1, 1])
    legal = state.legal_actions()
    assert Move("t0", "t1", 3) in legal  # 9S 8H 7C onto 10H
    assert Move("t0", "t3", 1) in legal  # 7C onto 8D
    assert Move("t0", "t1", 2) not in legal  # 8H 7C onto 10H
    assert Move("t0", "t1", 4) not in legal  # the 3C is face down
    assert Move("t4", "t0", 1) not in legal  # 8S onto 7C


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
@traces("klondike:pile.run")
def test_too_many_cards_cannot_move(count: int) -> None:
    """any face-up run moves as a unit"""
    state = position(tableau=["KS", "5D 4C"], down=[0, 1])
    why = {1: "alternating", 2: "face down"}.get(count, "not that many")
    assert_illegal(state, Move("t1", "t0", count), why)


@pytest.mark.parametrize("src", ["waste", "t0", "f0"])
@traces("klondike:pile.empty")
def test_a_king_goes_to_an_empty_pile(src: str) -> None:
    """only a K (or a run headed by a K) goes to an empty pile."""
    zones = {
        "waste": {"waste": "KH"},
        "t0": {"tableau": ["5C KH"], "down": [1]},
        "f0": {"foundations": [suit_run("H", 13)]},
    }[src]
    state = position(**zones)
    for empty in TABLEAU[1:]:
        assert Move(src, empty) in state.legal_actions()
    play(state, Move(src, "t4"))
    assert state.tableau[4] == [C("KH")]


@traces("klondike:pile.empty")
def test_a_run_headed_by_a_king_goes_to_an_empty_pile() -> None:
    """only a K (or a run headed by a K) goes to an empty pile."""
    state = position(tableau=["5C KH QS JD"], down=[1])
    assert_illegal(state, Move("t0", "t5", 2), "King")  # headed by the Q
    assert_illegal(state, Move("t0", "t5", 1), "King")
    play(state, Move("t0", "t5", 3))
    assert state.tableau[5] == cards("KH QS JD")


@pytest.mark.parametrize(("src", "zones"), [
    ("waste", {"waste": "QC"}),
    ("t0", {"tableau": ["QC"]}),
    ("f0", {"foundations": [suit_run("C", 12)]}),
    ("waste", {"waste": "AC"}),
])
@traces("klondike:pile.empty")
def test_only_a_king_goes_to_an_empty_pile(src: str, zones: dict) -> None:
    """only a K (or a run headed by a K) goes to an empty pile."""
    state = position(**zones)
    assert_illegal(state, Move(src, "t6"), "King")


# ----- Turning up ------------------------------------------------------------------------------


@traces("klondike:pile.turn_up")
def test_a_face_down_card_left_on_top_turns_up() -> None:
    """A face-down card left on top turns up."""
    state = position(tableau=["2D 5C 6H", "7S"], down=[2])
    assert state.view(0)["tableau"][0] == [None, None, C("6H")]
    events = play(state, Move("t0", "t1"))
    assert state.down[0] == 1
    assert state.view(0)["tableau"][0] == [None, C("5C")]
    flips = [e for e in events if e.kind == "flip"]
    assert flips == [Event("flip", (C("5C"),), "t0")]
    assert kinds(events).index("move") < kinds(events).index("flip")


@traces("klondike:pile.turn_up")
def test_a_card_turns_up_after_a_move_to_a_foundation() -> None:
    """A face-down card left on top turns up."""
    state = position(tableau=["5C AH"], down=[1])
    events = play(state, Move("t0", "f0"))
    assert state.down[0] == 0 and state.tableau[0] == [C("5C")]
    assert Event("flip", (C("5C"),), "t0") in events


@traces("klondike:pile.turn_up")
def test_a_card_turns_up_after_a_run_leaves() -> None:
    """A face-down card left on top turns up."""
    state = position(tableau=["2S 3D 9S 8H", "10D"], down=[2])
    events = play(state, Move("t0", "t1", 2))
    assert state.down[0] == 1
    assert state.view(0)["tableau"][0] == [None, C("3D")]
    assert [e.cards for e in events if e.kind == "flip"] == [(C("3D"),)]


@traces("klondike:pile.turn_up")
def test_no_card_turns_up_when_face_up_cards_remain_or_the_pile_empties() -> None:
    """A face-down card left on top turns up."""
    state = position(tableau=["5C 9S 8H", "9C", "AH"], down=[1])
    events = play(state, Move("t0", "t1"))
    assert "flip" not in kinds(events) and state.down[0] == 1
    events = play(state, Move("t2", "f0"))
    assert "flip" not in kinds(events) and state.tableau[2] == [] and state.down[2] == 0


@traces("klondike:pile.turn_up")
def test_the_last_face_down_card_turns_up() -> None:
    """A face-down card left on top turns up."""
    state = position(tableau=["JC QD", "KS"], down=[1])
    events = play(state, Move("t0", "t1"))
    assert state.down[0] == 0 and state.view(0)["tableau"][0] == [C("JC")]
    assert "flip" in kinds(events)


# ----- Stock and waste -------------------------------------------------------------------------


@traces("klondike:stock.draw", "klondike:option.draw")
def test_draw_one_is_the_default() -> None:
    """Stock to waste: draw 1 (default) or draw 3 (table option)."""
    state = new(3)
    assert state.view(0)["draw"] == 1
    top = state.stock[-1]
    events = play(state, Draw())
    assert state.waste == [top]
    assert len(state.stock) == 23
    assert events[0] == Event("move", (top,), "stock", "waste")
    assert state.view(0)["waste"] == [top]
    assert state.view(0)["stock"] == [None] * 23


@traces("klondike:stock.draw", "klondike:option.draw")
def test_draw_three() -> None:
    """Stock to waste: draw 1 (default) or draw 3 (table option)."""
    state = new(3, draw=3)
    assert state.view(0)["draw"] == 3
    first, second, third = state.stock[-1], state.stock[-2], state.stock[-3]
    events = play(state, Draw())
    # The three are turned over as a packet: the third card lands on top, and only it can be played.
    assert state.waste == [first, second, third]
    assert len(state.stock) == 21
    assert events[0].kind == "move" and set(events[0].cards) == {first, second, third}
    assert (events[0].src, events[0].dst) == ("stock", "waste")
    assert Move("waste", "t0", 2) not in state.legal_actions()
    assert_illegal(state, Move("waste", "t0", 2))


@pytest.mark.parametrize("left", [1, 2])
@traces("klondike:option.draw")
def test_draw_three_with_fewer_than_three_left(left: int) -> None:
    """Stock to waste: draw 1 (default) or draw 3 (table option)."""
    state = position(options={"draw": 3}, stock={1: "2C", 2: "2C 3D"}[left], waste="KD", tableau=["2S"])
    stock = list(state.stock)
    play(state, Draw())
    assert state.stock == []
    assert state.waste == [C("KD"), *reversed(stock)]


@traces("klondike:stock.draw")
def test_draw_from_an_empty_stock_is_illegal() -> None:
    """Stock to waste: draw 1 (default) or draw 3 (table option)."""
    state = position(waste="5H", tableau=["2S"])
    assert_illegal(state, Draw(), "stock", "turn the waste over")
    state = dead_position()
    assert_illegal(state, Draw(), "stock")


def _empty_the_stock(state: KlondikeState) -> list[Card]:
    """Draw until the stock is empty; the waste's top after each draw."""
    tops = []
    while state.stock:
        play(state, Draw())
        tops.append(state.waste[-1])
    return tops


@pytest.mark.parametrize("draw", [1, 3])
@traces("klondike:stock.turn_over")
def test_recycling_the_waste_keeps_the_order(draw: int) -> None:
    """When the stock is empty the waste turns over to form it again: unlimited (default), or the limit set by
    the table option (draw 1: 1 pass; draw 3: 3 passes, "Vegas")."""
    state = new(21, draw=draw)
    first_pass = _empty_the_stock(state)
    waste = list(state.waste)
    assert len(first_pass) == 24 // draw and len(waste) == 24
    events = play(state, Recycle())
    assert state.waste == [] and len(state.stock) == 24
    assert state.view(0)["stock"] == [None] * 24
    assert events[0].kind == "move" and (events[0].src, events[0].dst) == ("waste", "stock")
    assert Counter(events[0].cards) == Counter(waste)
    second_pass = _empty_the_stock(state)
    assert second_pass == first_pass
    assert state.waste == waste


@traces("klondike:stock.turn_over")
def test_recycle_is_illegal_while_the_stock_has_cards_or_the_waste_is_empty() -> None:
    """When the stock is empty the waste turns over to form it again: unlimited (default), or the limit set by
    the table option (draw 1: 1 pass; draw 3: 3 passes, "Vegas")."""
    assert_illegal(new(4), Recycle(), "stock")
    state = dead_position()
    assert_illegal(state, Recycle(), "waste")


@pytest.mark.parametrize("draw", [1, 3])
@traces("klondike:option.passes")
def test_unlimited_passes_by_default(draw: int) -> None:
    """When the stock is empty the waste turns over to form it again: unlimited (default), or the limit set by
    the table option (draw 1: 1 pass; draw 3: 3 passes, "Vegas")."""
    state = new(8, draw=draw)
    assert state.options["passes"] == "unlimited"
    assert state.view(0)["passes_left"] is None
    for _ in range(6):
        _empty_the_stock(state)
        play(state, Recycle())
        assert state.view(0)["passes_left"] is None
    assert len(state.stock) == 24


@traces("klondike:option.passes")
def test_limited_draw_one_allows_one_pass() -> None:
    """When the stock is empty the waste turns over to form it again: unlimited (default), or the limit set by
    the table option (draw 1: 1 pass; draw 3: 3 passes, "Vegas")."""
    state = new(8, draw=1, passes="limited")
    assert state.view(0)["passes_left"] == 0
    _empty_the_stock(state)
    assert Recycle() not in state.legal_actions()
    reason = assert_illegal(state, Recycle(), "pass")
    assert "1 pass" in reason
    assert state.legal_actions()  # still something to do (at least give up)


@traces("klondike:option.passes")
def test_limited_draw_three_allows_three_passes() -> None:
    """When the stock is empty the waste turns over to form it again: unlimited (default), or the limit set by
    the table option (draw 1: 1 pass; draw 3: 3 passes, "Vegas")."""
    state = new(8, draw=3, passes="limited")
    for passes_left in (2, 1):
        assert state.view(0)["passes_left"] == passes_left
        _empty_the_stock(state)
        play(state, Recycle())
    assert state.view(0)["passes_left"] == 0
    _empty_the_stock(state)  # the third pass
    assert Recycle() not in state.legal_actions()
    reason = assert_illegal(state, Recycle(), "passes")
    assert "3" in reason


# ----- Foundation back to the tableau ----------------------------------------------------------


@traces("klondike:foundation.back")
def test_a_foundation_top_card_may_move_back_to_the_tableau() -> None:
    """A foundation's top card may move back to the tableau."""
    state = position(foundations=[suit_run("S", 4)], tableau=["5H"])
    events = play(state, Move("f0", "t0"))
    assert state.foundations[0] == cards(suit_run("S", 3))
    assert state.tableau[0] == cards("5H 4S")
    assert events[0] == Event("move", (C("4S"),), "f0", "t0")


@traces("klondike:foundation.back")
def test_only_the_foundation_top_card_moves_back_and_it_must_fit() -> None:
    """A foundation's top card may move back to the tableau."""
    state = position(foundations=[suit_run("S", 4)], tableau=["5H", "5S", "6D"])
    assert_illegal(state, Move("f0", "t2", 2), "top card")
    assert_illegal(state, Move("f0", "t1"), "alternating")
    assert_illegal(state, Move("f1", "t0"), "empty")


# ----- Winning ---------------------------------------------------------------------------------


def _one_card_from_a_win(src: str = "t0") -> KlondikeState:
    fnd = [suit_run(s, 13) for s in SUIT_OF_FOUNDATION]
    fnd[1] = suit_run("H", 12)
    if src == "waste":
        return position(foundations=fnd, waste="KH")
    return position(foundations=fnd, tableau=["KH"])


@pytest.mark.parametrize("src", ["t0", "waste"])
@traces("klondike:win")
def test_won_when_all_52_cards_are_on_the_foundations(src: str) -> None:
    """Won when all 52 cards are on the foundations."""
    state = _one_card_from_a_win(src)
    assert state.turn == 0 and not state.is_over() and not state.view(0)["won"]
    assert state.result().winners == []
    events = play(state, Move(src, "f1"))
    assert "win" in kinds(events)
    assert state.turn is None and state.is_over()
    result = state.result()
    assert result.winners == [0]
    assert result.scores == [state.score]
    said = NARRATION.result(result, Names.of(["You"]))
    moves = "1 move" if state.moves == 1 else f"{state.moves} moves"
    assert said == f"Won in {moves}, score {state.score}.", said
    view = state.view(0)
    assert view["won"] and view["over"]
    assert sum(len(f) for f in view["foundations"]) == 52
    assert state.legal_actions() == []
    for action in (Draw(), Resign(), AutoFinish(), Move("f1", "t0")):
        assert_illegal(state, action, "over")


@traces("klondike:win")
def test_not_won_before_all_52_are_home() -> None:
    """Won when all 52 cards are on the foundations."""
    fnd = [suit_run(s, 13) for s in SUIT_OF_FOUNDATION]
    fnd[0], fnd[1] = suit_run("S", 12), suit_run("H", 12)
    state = position(foundations=fnd, tableau=["KH", "KS"])
    play(state, Move("t0", "f1"))
    assert state.turn == 0 and state.result().winners == []


# ----- Hint ------------------------------------------------------------------------------------


@traces("klondike:table.hint")
def test_hint_shows_a_useful_move() -> None:
    """Hint: shows a useful move (and says so when there is none)."""
    hint = pytest.importorskip("cardtable.games.klondike.hint").hint
    state = position(waste="AS", tableau=["2D"])
    shown = hint(state)
    assert shown in state.legal_actions()
    assert isinstance(shown, Move) and shown.src == "waste" and shown.dst in FOUNDATIONS
    state = new(5)
    shown = hint(state)
    assert shown is None or shown in state.legal_actions()


@traces("klondike:table.hint")
def test_hint_says_so_when_there_is_none() -> None:
    """Hint: shows a useful move (and says so when there is none)."""
    hint = pytest.importorskip("cardtable.games.klondike.hint").hint
    state = dead_position()
    assert hint(state) is None


# ----- Auto-finish -----------------------------------------------------------------------------


def _ready_to_finish(spoil: str = "", **options: Any) -> KlondikeState:
    """All 52 cards: 38 home and four face-up runs on the tableau; `spoil`: the first pile's top card is in the
    "stock" or the "waste" instead, or its bottom card is "face-down"."""
    fnd = [suit_run("S", 9), suit_run("H", 9), suit_run("D", 10), suit_run("C", 10)]
    piles = ["KS QH JS 10H", "KH QS JH 10S", "KD QC JD", "KC QD JC"]
    zones: dict[str, Any] = {}
    if spoil in ("stock", "waste"):
        piles[0], zones[spoil] = "KS QH JS", "10H"
    elif spoil == "face-down":
        zones["down"] = [1]
    return position(options=options, foundations=fnd, tableau=piles, **zones)


@pytest.mark.parametrize("scoring", ["standard", "vegas"])
@traces("klondike:table.auto_finish")
def test_auto_finish_plays_the_rest_home_and_wins(scoring: str) -> None:
    """Auto-finish: when the stock and waste are empty and every card is face up, one button (or
    automatically) plays the rest to the foundations, animated."""
    state = _ready_to_finish(scoring=scoring)
    assert Counter(all_cards(state)) == Counter(standard_deck())
    score, moves = state.score, state.moves
    events = play(state, AutoFinish())
    moved = [e for e in events if e.kind == "move"]
    assert len(moved) == 14  # one event per card, so the table can animate each
    assert all(e.dst in FOUNDATIONS and e.src in TABLEAU and len(e.cards) == 1 for e in moved)
    assert all(len(f) == 13 for f in state.foundations)
    assert all(f == cards(suit_run(f[0].suit, 13)) for f in state.foundations)
    assert "win" in kinds(events)
    assert state.turn is None and state.result().winners == [0]
    assert state.moves == moves + 1  # one move of the player's (the replay steps it as one)
    assert state.score == score + (14 * 10 if scoring == "standard" else 14 * 5)
    assert score_change(events) == state.score - score


@pytest.mark.parametrize("spoil", ["stock", "waste", "face-down"])  # a card in the stock, in the waste, face down
@traces("klondike:table.auto_finish")
def test_auto_finish_needs_empty_stock_and_waste_and_every_card_face_up(spoil: str) -> None:
    """Auto-finish: when the stock and waste are empty and every card is face up, one button (or
    automatically) plays the rest to the foundations, animated."""
    state = _ready_to_finish()
    assert AutoFinish() in state.legal_actions()
    state = _ready_to_finish(spoil)
    assert AutoFinish() not in state.legal_actions()
    assert_illegal(state, AutoFinish(), "auto-finish")


@traces("klondike:table.auto_finish")
def test_auto_finish_is_not_offered_at_the_deal() -> None:
    """Auto-finish: when the stock and waste are empty and every card is face up, one button (or
    automatically) plays the rest to the foundations, animated."""
    state = new(2)
    assert AutoFinish() not in state.legal_actions()
    assert_illegal(state, AutoFinish())


# ----- Scoring ---------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("zones", "move", "points"),
    [
        ({"waste": "6H", "tableau": ["7S"]}, Move("waste", "t0"), 5),  # waste→tableau 5
        ({"waste": "KH", "tableau": ["", "5C"]}, Move("waste", "t0"), 5),  # to an empty pile too
        ({"waste": "AH"}, Move("waste", "f0"), 10),  # →foundation 10, from the waste
        ({"tableau": ["AH"]}, Move("t0", "f0"), 10),  # →foundation 10, from the tableau
        ({"tableau": ["9C 6H", "7S"], "down": [1]}, Move("t0", "t1"), 5),  # turning a card 5
        ({"tableau": ["9C AH"], "down": [1]}, Move("t0", "f0"), 15),  # →foundation and turning a card
        ({"foundations": ["AS 2S 3S"], "tableau": ["4H"]}, Move("f0", "t0"), -15),  # foundation→tableau −15
        ({"tableau": ["7C 6H", "7S"], "down": [0]}, Move("t0", "t1"), 0),  # tableau→tableau, nothing
        ({"tableau": ["KH", ""]}, Move("t0", "t1"), 0),
    ],
)
@traces("klondike:score.standard")
def test_standard_scoring(zones: dict, move: Move, points: int) -> None:
    """Scoring (table option): standard (waste→tableau 5, →foundation 10, turning a card 5,
    foundation→tableau −15) or Vegas (−52 per deal, +5 per card on a foundation), plus a game timer and a
    move count."""
    piles = list(zones.get("tableau", []))
    state = position(**{**zones, "tableau": piles + [""] * (6 - len(piles)) + ["AD"]})
    play(state, Move("t6", "f3"))  # +10 first, so that every change below is seen from a positive score
    before = state.score
    assert before == 10
    events = play(state, move)
    assert state.score - before == points
    assert state.view(0)["score"] == state.score
    if points:
        assert [e.value for e in events if e.kind == "score"] == [points]
    else:
        assert "score" not in kinds(events)


@traces("klondike:score.standard", "klondike:option.scoring")
def test_standard_scoring_is_the_default_and_starts_at_zero() -> None:
    """Scoring (table option): standard (waste→tableau 5, →foundation 10, turning a card 5,
    foundation→tableau −15) or Vegas (−52 per deal, +5 per card on a foundation), plus a game timer and a
    move count."""
    state = new(6)
    assert state.options["scoring"] == "standard"
    assert state.score == 0 and state.view(0)["score"] == 0 and state.view(0)["scoring"] == "standard"
    events = play(state, Draw())
    assert state.score == 0 and "score" not in kinds(events)


@pytest.mark.parametrize("draw", [1, 3])
@traces("klondike:score.standard")
def test_drawing_and_recycling_score_nothing(draw: int) -> None:
    """Scoring (table option): standard (waste→tableau 5, →foundation 10, turning a card 5,
    foundation→tableau −15) or Vegas (−52 per deal, +5 per card on a foundation), plus a game timer and a
    move count."""
    for scoring in ("standard", "vegas"):
        state = new(6, draw=draw, scoring=scoring)
        before = state.score
        _empty_the_stock(state)
        play(state, Recycle())
        assert state.score == before


@traces("klondike:score.vegas", "klondike:option.scoring")
def test_vegas_costs_52_per_deal() -> None:
    """Scoring (table option): standard (waste→tableau 5, →foundation 10, turning a card 5,
    foundation→tableau −15) or Vegas (−52 per deal, +5 per card on a foundation), plus a game timer and a
    move count."""
    state = new(6, scoring="vegas")
    assert state.score == -52
    assert state.view(0)["score"] == -52 and state.view(0)["scoring"] == "vegas"
    assert state.result().scores == [-52]


@traces("klondike:score.vegas")
def test_vegas_pays_5_per_card_on_a_foundation_and_takes_it_back() -> None:
    """Scoring (table option): standard (waste→tableau 5, →foundation 10, turning a card 5,
    foundation→tableau −15) or Vegas (−52 per deal, +5 per card on a foundation), plus a game timer and a
    move count."""
    state = position(
        options={"scoring": "vegas"}, waste="2S AS", tableau=["9C AH", "7S", "3D"], down=[1]
    )
    assert state.score == -52
    events = play(state, Move("waste", "f0"))
    assert state.score == -47 and score_change(events) == 5
    events = play(state, Move("t0", "f1"))  # turns 9C up too: nothing for that in Vegas
    assert state.score == -42 and score_change(events) == 5
    play(state, Move("waste", "f0"))
    assert state.score == -37
    events = play(state, Move("f0", "t2"))  # 2S leaves the foundation
    assert state.score == -42 and score_change(events) == -5


@traces("klondike:score.vegas")
def test_vegas_win_scores_208() -> None:
    """Scoring (table option): standard (waste→tableau 5, →foundation 10, turning a card 5,
    foundation→tableau −15) or Vegas (−52 per deal, +5 per card on a foundation), plus a game timer and a
    move count."""
    state = _ready_to_finish(scoring="vegas")
    play(state, AutoFinish())
    assert state.score == -52 + 52 * 5 == state.result().scores[0]


@traces("klondike:clock")
def test_move_count() -> None:
    """Scoring (table option): standard (waste→tableau 5, →foundation 10, turning a card 5,
    foundation→tableau −15) or Vegas (−52 per deal, +5 per card on a foundation), plus a game timer and a
    move count."""
    state = position(stock="4D", waste="AS", tableau=["2S 6H", "7S"], down=[1])
    assert state.moves == 0 and state.view(0)["moves"] == 0
    play(state, Move("waste", "f0"))
    assert state.moves == 1
    play(state, Draw())
    assert state.moves == 2
    play(state, Recycle())
    assert state.moves == 3
    play(state, Move("t0", "t1"))
    assert state.moves == 4 and state.view(0)["moves"] == 4
    assert_illegal(state, Move("t1", "t0"))
    assert state.moves == 4
    play(state, Resign())
    assert state.moves == 4


# ----- Resign and the legal set ----------------------------------------------------------------


@pytest.mark.parametrize("when", ["deal", "dead", "late"])
@traces("klondike:give_up")
def test_resign_is_always_legal_and_ends_the_game_with_no_winners(when: str) -> None:
    """Giving up (Resign) is legal whenever the game runs and ends it with no winners: only "all 52 cards
    on the foundations" wins."""
    if when == "deal":
        state = new(10)
    elif when == "dead":
        state = dead_position()
    else:
        state = _one_card_from_a_win()
    assert Resign() in state.legal_actions()
    events = play(state, Resign())
    assert kinds(events) == ["over"]
    assert NARRATION.event(events[0], Names.of(["You"])).text == "You gave up this deal."
    assert state.turn is None and state.is_over()
    assert state.result().winners == []
    assert NARRATION.result(state.result(), Names.of(["You"])).startswith("Gave up after ")
    assert state.view(0)["over"] and not state.view(0)["won"]
    assert state.legal_actions() == []
    assert_illegal(state, Resign(), "over")


def test_legal_actions_never_empty_while_the_game_runs() -> None:
    """Contract (DESIGN.md): legal_actions() is never empty while turn is not None; a dead position still
    offers giving up."""
    state = dead_position()
    legal = state.legal_actions()
    assert legal == [Resign()]
    for seed in range(5):
        assert new(seed).legal_actions()


def _every_candidate() -> list[Any]:
    zones = (*ZONES, "t7", "f4", "bogus", "")
    out: list[Any] = [Draw(), Recycle(), AutoFinish(), Resign(), None, "Draw", Action()]
    out += [Move(s, d, n) for s in zones for d in zones for n in (-1, 0, 1, 2, 3, 13, 14)]
    return out


def _positions() -> list[KlondikeState]:
    states = [new(s, draw=d) for s, d in ((1, 1), (2, 3), (3, 1))]
    states.append(position(tableau=["3C 9S 8H 7C", "4D 10H", "", "9D", "KC QH"], down=[1, 1],
                           waste="KD 6C", foundations=["AS 2S", "AH"], stock="5D"))
    states.append(_ready_to_finish())
    states.append(_one_card_from_a_win("waste"))
    states.append(position(options={"passes": "limited"}, waste="QS", tableau=["2S"]))
    return states


@pytest.mark.parametrize("index", range(7))
def test_legal_actions_are_exactly_the_actions_apply_accepts(index: int) -> None:
    """Four foundations, built up by suit from A to K. Tableau piles build down in alternating colours; any
    face-up run moves as a unit; only a K (or a run headed by a K) goes to an empty pile."""
    state = _positions()[index]
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal), "duplicate legal actions"
    for action in legal:
        state.clone().apply(action)  # applies without error
    for action in _every_candidate():
        if action in legal:
            continue
        assert_illegal(state, action, legal=legal)


def test_actions_of_another_kind_are_illegal() -> None:
    """Contract (DESIGN.md): an illegal action raises IllegalAction(reason) and changes nothing."""
    state = new(1)
    assert_illegal(state, None, "not a klondike action")
    assert_illegal(state, Action(), "not a klondike action")
    assert_illegal(state, Move("stock", "t0"))  # the stock only deals
    assert_illegal(state, Move("t0", "waste"))
    assert_illegal(state, Move("t0", "stock"))
    assert_illegal(state, Move("t0", "t0"), "already there")


# ----- traceability ----------------------------------------------------------------------------

EXCLUDED_BULLETS = (
    "Drag and drop",  # UI, tested with the table
    "Undo and redo",  # Match, tested elsewhere
    "Statistics across sessions",  # storage, tested elsewhere
    "A win celebration",  # UI
)


def test_every_rule_is_traced() -> None:
    """Every rule sentence (and each clause between semicolons) of rules/klondike.md is quoted by a test."""
    untraced = untraced_rules(__name__, "klondike.md", EXCLUDED_BULLETS, at_least=15, also=("tests.ui.test_deals",))
    if untraced is None:
        pytest.skip("the rules folder is not beside the repository")
    assert untraced == [], f"rules with no test quoting them: {untraced}"

