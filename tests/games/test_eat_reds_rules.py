"""Eat Reds rules, one test (or a few) per rule of shared/rules/eat-reds.md.

Every test's docstring quotes the rule text it traces: `test_every_rule_is_traced` checks that every rule sentence
(bullets, steps and paragraphs) is quoted by some test here or by the table's tests (markdown emphasis left out).

Positions are built two ways: `position` reads the hands, layout and stock from the game's position text (the
stock is given top card first); `rigged` deals a real game from a chosen deck order, for the rules of the deal itself.
Cards are written as codes ("7H", "10S", "AD").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardtable.core.cards import Card
from cardtable.core.engine import Action, Event, IllegalAction
from cardtable.core.notation import cards_text, options_text, seats_text
from cardtable.core.words import Names
from cardtable.games.eat_reds.narration import NARRATION
from cardtable.games.eat_reds.notation import NOTATION
from cardtable.games.eat_reds.rules import (
    DECK,
    RED_TOTAL,
    RULES,
    SPECIAL_RANKS,
    TURN_HOLD,
    Capture,
    Discard,
    EatRedsState,
    TakeWithStock,
    captures,
    card_points,
    pairs,
    pip,
    points_of,
)
from tests.rule_trace import traces, untraced_rules

# ----- helpers ---------------------------------------------------------------------------------


def result_said(state: EatRedsState) -> str:
    """The result (or the standings) as the table says it, the seats called by number."""
    return NARRATION.result(state.result(), Names.seats(state.n))


def C(code: str) -> Card:
    return Card.from_code(code)


def cards(codes: str | Sequence[str]) -> list[Card]:
    return [C(code) for code in (codes.split() if isinstance(codes, str) else codes)]


def position(hands: Sequence[str], layout: str = "", stock: str = "", turn: int = 1, trio: int | None = None,
             won: Sequence[str] | None = None, **options: Any) -> EatRedsState:
    """A game in its first deal with these hands (one string per seat), layout and stock (top card first), `turn`
    to play, read from its position text; the cards named nowhere are out of play."""
    piles = [*hands, layout, stock, *(won or [])]
    named = {c for text in piles for c in cards(text)}
    return NOTATION.from_text("\n".join([
        f"eat_reds {len(hands)}",
        f"options: {options_text(RULES.validate_options(options))}",
        "seed: 1",
        "history: -",
        "phase: play",
        f"turn: {turn}",
        f"hands: {seats_text(cards(h) for h in hands)}",
        f"stock: {cards_text(cards(stock)[::-1])}",
        f"layout: {cards_text(cards(layout))}",
        "turned: -",
        f"trio: {'-' if trio is None else trio}",
        f"won: {seats_text(cards(w) for w in won) if won is not None else ' | '.join('-' for _ in hands)}",
        "dealer_layouts: 0",
        f"out: {cards_text(c for c in DECK if c not in named)}",
    ]))


def deck_order(players: int, hands: Sequence[str], layouts: Sequence[str], stock: str = "") -> list[Card]:
    """The shuffled deck that deals these hands (seat by seat, filled up with spare cards), these layouts (the
    first turned first) and this stock (top card first) for the first deal (dealer seat 0)."""
    each = 24 // players
    named = [c for text in (*hands, *layouts, stock) for c in cards(text)]
    assert len(set(named)) == len(named)
    spare = [c for c in DECK if c not in named]
    full = [cards(h) for h in hands] + [[] for _ in range(players - len(hands))]
    for hand in full:
        while len(hand) < each:
            hand.append(spare.pop())
    order: list[Card] = [DECK[0]] * 24
    for k in range(players):
        seat = (1 + k) % players
        for i, card in enumerate(full[seat]):
            order[k + players * i] = card
    tail = cards(stock)[::-1]
    for layout in reversed(layouts):
        tail += cards(layout)[::-1]
    return order + spare + tail


def rigged(monkeypatch: pytest.MonkeyPatch, hands: Sequence[str], layouts: Sequence[str], stock: str = "",
           players: int = 2, **options: Any) -> EatRedsState:
    """A real game dealt from `deck_order` (every deal of it)."""
    order = deck_order(players, hands, layouts, stock)
    monkeypatch.setattr(EatRedsState, "_shuffled", lambda self: list(order))
    return RULES.new_game(players, options, seed=1)


def legal_for(state: EatRedsState, code: str) -> set:
    card = C(code)
    return {a for a in state.legal_actions() if getattr(a, "card", None) == card}


def all_cards(state: EatRedsState) -> list[Card]:
    return state.every_card()


def refuses(state: EatRedsState, action: Action, words: str) -> None:
    """`action` is refused, and the narration's sentence for the refusal says `words`."""
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    said = NARRATION.refusal(refused.value, Names.seats(state.n))
    assert words in said, said


def said(event: Event, players: int = 2) -> str:
    """What the narration says of `event`."""
    found = NARRATION.event(event, Names.seats(players))
    return found.text if found is not None else ""


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def shown(value: Any) -> set[Card]:
    """Every card anywhere in a view."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        return set().union(*map(shown, value)) if value else set()
    return set()


# ----- cards and players -------------------------------------------------------------------------


@traces("eat_reds:players", "eat_reds:deck")
def test_a_standard_deck_for_two_to_four_players() -> None:
    """Standard 52-card deck. 2 to 4 players (default 2)."""
    assert RULES.players == range(2, 5)
    state = RULES.new_game(seed=3)
    assert state.n == 2
    assert sorted(all_cards(state)) == sorted(DECK) and len(set(DECK)) == 52
    for players in (1, 5):
        with pytest.raises(ValueError, match="2-4 players"):
            RULES.new_game(players, seed=1)


@traces("eat_reds:pips", "eat_reds:pips.rank")
def test_pip_values() -> None:
    """Pip value: A = 1, 2–9 face value. 10, J, Q and K have no pip sum: they pair only with the same rank."""
    assert [pip(C(code)) for code in ("AH", "2S", "5D", "9C")] == [1, 2, 5, 9]
    assert [pip(C(code)) for code in ("10H", "JS", "QD", "KC")] == [None] * 4
    assert pairs(C("AH"), C("9S")) and not pairs(C("AH"), C("10S"))
    assert not pairs(C("KS"), C("QS")) and not pairs(C("10D"), C("JD")) and pairs(C("10D"), C("10C"))
    state = position(["10H 3S", "4C"], "KD QC JS 5C")
    assert state.legal_actions() == [Discard(C("4C"))]  # 4 + 6 only: no 6 on the layout


@pytest.mark.parametrize(("players", "each"), [(2, 12), (3, 8), (4, 6)])
@traces("eat_reds:deal.hands", "eat_reds:deal.stock", "eat_reds:deal.layout")
def test_the_deal(players: int, each: int) -> None:
    """Deal 24 ÷ players cards to each (2: 12, 3: 8, 4: 6). The rest is the face-down stock. Turn four stock cards
    face up as the layout (the table)."""
    for seed in range(20):
        state = RULES.new_game(players, seed=seed)
        assert [len(h) for h in state.hands] == [each] * players
        captured = 4 * len(state.dealer_captures)
        assert len(state.layout) == 4
        assert len(state.stock) == 52 - 24 - 4 - captured
        view = state.view(0)
        assert view["stock"] == len(state.stock) and view["layout"] == state.layout  # the stock only as a count
        assert view["hands"][0] == state.hands[0]
    assert RULES.new_game(players, seed=1).hands != RULES.new_game(players, seed=2).hands  # shuffled


@traces("eat_reds:deal.hands", "eat_reds:option.rounds.dealer")
def test_the_deal_goes_one_card_at_a_time_from_the_dealers_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dealer deals one card at a time, starting at their left; the next deal's dealer starts at theirs."""
    order = list(DECK)
    monkeypatch.setattr(EatRedsState, "_shuffled", lambda self: list(order))
    state = RULES.new_game(3, {"rounds": 2}, seed=1)
    assert state.dealer == 0
    for k, seat in enumerate((1, 2, 0)):  # card k of each round of the deal goes to the k-th seat from the left
        assert sorted(state.hands[seat]) == sorted(order[k:24:3])
    rng = random.Random(1)
    while state.deal == 0:
        state.apply(rng.choice(state.legal_actions()))
    assert state.dealer == 1
    for k, seat in enumerate((2, 0, 1)):
        assert sorted(state.hands[seat]) == sorted(order[k:24:3])


@traces("eat_reds:turn.no-draw")
def test_no_drawing_into_the_hand() -> None:
    """There is no drawing into the hand: the cards dealt are all a player will hold."""
    state = RULES.new_game(3, seed=7)
    dealt = [set(h) for h in state.hands]
    rng = random.Random(7)
    while not state.is_over():
        sizes = [len(h) for h in state.hands]
        state.apply(rng.choice(state.legal_actions()))
        if state.turn is not None:
            assert all(set(h) <= d for h, d in zip(state.hands, dealt, strict=True))
            assert all(len(h) <= s for h, s in zip(state.hands, sizes, strict=True))


# ----- capturing ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("played", "target"), [("AH", "9S"), ("9S", "AH"), ("2D", "8C"), ("8C", "2D"),
                                                ("3H", "7D"), ("7D", "3H"), ("4S", "6H"), ("6H", "4S"),
                                                ("5C", "5D")])
@traces("eat_reds:pips", "eat_reds:capture.ten", "eat_reds:capture.won")
def test_every_pair_to_ten_captures(played: str, target: str) -> None:
    """A card captures a layout card when their pips sum to ten (A+9, 2+8, 3+7, 4+6, 5+5), or when both are the
    same rank among 10, J, Q, K. Captured pairs go to the capturing player's won pile, face up (they stay
    visible)."""
    state = position(["JC", played], target + " QS")
    assert state.legal_actions() == [Capture(C(played), C(target))]
    events = state.apply(Capture(C(played), C(target)))
    assert state.won[1] == [C(played), C(target)]
    assert state.layout == [C("QS")]
    assert events[0].kind == "capture" and events[0].cards == (C(played), C(target))
    assert events[0].dst == "won1" and events[0].value == card_points(C(played)) + card_points(C(target))
    assert state.view(0)["won"][1] == [C(played), C(target)]  # face up: every seat sees them
    assert state.view(None)["won"][1] == [C(played), C(target)]


@pytest.mark.parametrize("rank", ["10", "J", "Q", "K"])
@traces("eat_reds:pips.rank", "eat_reds:capture.rank")
def test_tens_and_face_cards_match_by_rank(rank: str) -> None:
    """A card captures a layout card when both are the same rank among 10, J, Q, K."""
    others = [r for r in ("10", "J", "Q", "K") if r != rank]
    state = position(["2C", rank + "H"], f"{rank}S {others[0]}S {others[1]}D")
    assert state.legal_actions() == [Capture(C(rank + "H"), C(rank + "S"))]
    state.apply(Capture(C(rank + "H"), C(rank + "S")))
    assert state.won[1] == [C(rank + "H"), C(rank + "S")] and state.points[1] == 10


@pytest.mark.parametrize(("played", "target"), [("3H", "6D"), ("JS", "QD"), ("10C", "KH"), ("5S", "10D"),
                                                ("AH", "AD")])
@traces("eat_reds:capture.ten", "eat_reds:capture.rank")
def test_cards_that_do_not_pair_cannot_capture(played: str, target: str) -> None:
    """A card captures a layout card when their pips sum to ten (A+9, 2+8, 3+7, 4+6, 5+5), or when both are the
    same rank among 10, J, Q, K. (Any other pair is refused, with the reason.)"""
    state = position(["2C", played], target)
    assert state.legal_actions() == [Discard(C(played))]
    refuses(state, Capture(C(played), C(target)), "cannot capture")


# ----- the special layout rules -----------------------------------------------------------------------


@traces("eat_reds:layout.trio")
def test_the_fourth_card_captures_the_three_of_a_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    """If the initial layout holds three cards of one rank among 5, 10, J, Q, K, then the fourth card of that rank,
    whenever it is played or turned, captures all three. Three of a kind means exactly three; the fourth card then
    captures all three at once (it cannot take just one)."""
    state = rigged(monkeypatch, ["2S", "KD 6C"], ["KH KS KC 3D"], stock="2C")
    assert state.trio == 13 and state.view(None)["trio"] == 13
    assert state.turn == 1
    assert legal_for(state, "KD") == {Capture(C("KD"), C("KH"))}
    for other in ("KS", "KC"):
        refuses(state, Capture(C("KD"), C(other)), "all three at once")
    mine = [entry for entry in state.view(1)["legal"]["captures"] if entry[0] == C("KD")]
    assert mine == [(C("KD"), C("KH"), (C("KH"), C("KS"), C("KC")))]  # the table lights all three
    events = state.apply(Capture(C("KD"), C("KH")))
    assert events[0].cards == (C("KD"), C("KH"), C("KS"), C("KC")) and events[0].value == 20
    assert state.won[1] == cards("KD KH KS KC")
    assert state.layout == cards("3D 2C")  # the turned 2♣ cannot capture: it joins the layout
    assert state.trio is None


@traces("eat_reds:layout.trio")
def test_the_turned_fourth_card_captures_the_three_of_a_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    """If the initial layout holds three cards of one rank among 5, 10, J, Q, K, then the fourth card of that rank,
    whenever it is played or turned, captures all three."""
    state = rigged(monkeypatch, ["2S", "4C"], ["5H 5S 5C 2D"], stock="5D")
    assert state.trio == 5
    events = state.apply(Discard(C("4C")))
    assert kinds(events) == ["move", "turn", "capture"]
    assert events[2].cards == tuple(cards("5D 5H 5S 5C")) and events[2].src == "turned"
    assert state.won[1] == cards("5D 5H 5S 5C") and state.points[1] == 10
    assert state.layout == cards("2D 4C") and state.turn == 0


@traces("eat_reds:layout.trio.exact")
def test_exactly_three_of_a_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three of a kind means exactly three. (Two of a rank are no three of a kind: a third card takes one of them,
    as its player chooses; three of a rank other than 5, 10, J, Q, K are plain cards too.)"""
    state = rigged(monkeypatch, ["2S", "QD"], ["QH QS 9C 3D"])
    assert state.trio is None
    assert legal_for(state, "QD") == {Capture(C("QD"), C("QH")), Capture(C("QD"), C("QS"))}
    monkeypatch.undo()
    state = rigged(monkeypatch, ["2S", "3C"], ["7H 7S 7D 4D"])
    assert state.trio is None
    assert legal_for(state, "3C") == {Capture(C("3C"), C(t)) for t in ("7H", "7S", "7D")}


@pytest.mark.parametrize("special", [["5H", "10D", "JC", "KS"], ["QH", "QS", "QD", "QC"], ["5H", "5S", "5D", "5C"],
                                     ["10H", "10S", "KD", "JC"]])
@traces("eat_reds:layout.dealer", "eat_reds:layout.dealer.score")
def test_a_layout_of_5s_10s_and_face_cards_goes_to_the_dealer(monkeypatch: pytest.MonkeyPatch,
                                                              special: list[str]) -> None:
    """If the initial four layout cards are all 5s, 10s or face cards, the dealer captures all four before the first
    turn and four new layout cards are turned"""
    state = rigged(monkeypatch, [], [" ".join(special), "2C 3D 4S 9H"])
    assert state.dealer == 0 and state.turn == 1
    assert state.won[0] == cards(special) and state.points[0] == points_of(cards(special))
    assert state.dealer_captures == [tuple(cards(special))]
    assert state.layout == cards("2C 3D 4S 9H")
    assert len(state.stock) == 52 - 24 - 8
    assert state.view(1)["dealer_captures"] == [cards(special)]


@traces("eat_reds:layout.dealer.again")
def test_the_dealer_captures_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """if those are again all 5s, 10s or face cards, the dealer captures again."""
    state = rigged(monkeypatch, [], ["5H 10D JC KS", "QH QS 5D 10C", "KH KD 2S 8C"], players=3)
    assert state.won[0] == cards("5H 10D JC KS QH QS 5D 10C")
    assert len(state.dealer_captures) == 2
    assert state.layout == cards("KH KD 2S 8C") and len(state.stock) == 52 - 24 - 12
    assert state.trio is None


@traces("eat_reds:layout.order")
def test_the_dealer_rule_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """This rule is applied first; the three-of-a-kind rule is then judged on the final starting layout."""
    state = rigged(monkeypatch, [], ["KH KS KC QD", "5H 5S 5C 8D"])
    assert state.won[0] == cards("KH KS KC QD")  # three kings and a queen: all face cards, the dealer's
    assert state.trio == 5  # the three 5s of the final layout
    monkeypatch.undo()
    state = rigged(monkeypatch, [], ["KH KS KC 2D"])
    assert state.won[0] == [] and state.trio == 13


@traces("eat_reds:layout.trio.lost")
def test_the_fourth_card_may_already_be_the_dealers(monkeypatch: pytest.MonkeyPatch) -> None:
    """the three-of-a-kind rule is then judged on the final starting layout. (When the dealer's capture took the
    fourth card, the three stay in the layout to the end, scored by no one.)"""
    state = rigged(monkeypatch, [], ["KH QS JC 10C", "KS KD KC 8D"])
    assert state.trio == 13 and C("KH") in state.won[0]
    rng = random.Random(1)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    assert {C("KS"), C("KD"), C("KC")} <= set(state.layout)
    assert state.history[-1].left_points >= 10


@traces("eat_reds:layout.pair")
def test_a_starting_pair_to_ten_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    """A starting layout that holds two cards summing to ten stays as it is: only played or turned cards capture."""
    state = rigged(monkeypatch, [], ["3H 7S 2C 8D"])
    assert state.layout == cards("3H 7S 2C 8D")
    assert state.won == [[], []] and state.dealer_captures == []


# ----- a turn -----------------------------------------------------------------------------------


@traces("eat_reds:deal.dealer", "eat_reds:deal.first", "eat_reds:option.rounds.dealer")
def test_who_deals_and_who_plays() -> None:
    """Seat 0 deals the first deal (with the rounds option the deal passes to the next seat each deal). The player
    to the dealer's left (the next seat) plays first; turns pass to the left (seat numbers increasing)."""
    state = RULES.new_game(3, {"rounds": 4}, seed=2)
    assert state.dealer == 0 and state.turn == 1
    rng = random.Random(2)
    seen_turns: list[int] = []
    dealers = [state.dealer]
    while not state.is_over():
        seat, deal = state.turn, state.deal
        if not seen_turns or seen_turns[-1] != seat:
            seen_turns.append(seat)
        state.apply(rng.choice(state.legal_actions()))
        if state.deal != deal and state.turn is not None:
            dealers.append(state.dealer)
            assert state.turn == (state.dealer + 1) % 3
    assert dealers == [0, 1, 2, 0]
    assert [r.dealer for r in state.history] == [0, 1, 2, 0]
    assert seen_turns[:6] == [1, 2, 0, 1, 2, 0]


@traces("eat_reds:turn.play")
def test_play_a_card_from_hand() -> None:
    """Play a card from hand."""
    state = position(["9C", "4C 2H"], "7H")
    refuses(state, Discard(C("9C")), "not in their hand")
    refuses(state, Capture(C("3D"), C("7H")), "not in their hand")
    refuses(state, Capture(C("2H"), C("8H")), "not on the layout")
    assert state.layout == [C("7H")] and state.hands[1] == cards("4C 2H")  # nothing changed
    assert state.legal_actions() == [Discard(C("4C")), Discard(C("2H"))]


@traces("eat_reds:turn.must")
def test_a_card_that_can_capture_must_capture() -> None:
    """If it can capture, it must capture. (Another card that cannot capture may still be played: it joins the
    layout.)"""
    state = position(["9C", "3D 4C"], "7H 2S")
    assert state.legal_actions() == [Capture(C("3D"), C("7H")), Discard(C("4C"))]
    refuses(state, Discard(C("3D")), "3♦ can capture 7♥, so it must capture")
    state.apply(Discard(C("4C")))
    assert C("4C") in state.layout and C("7H") in state.layout


@traces("eat_reds:turn.choose")
def test_the_player_chooses_the_target() -> None:
    """where several layout cards could be captured, the player chooses which (drop the card on it)."""
    state = position(["9C", "3D"], "7S 7H 2S")
    assert state.legal_actions() == [Capture(C("3D"), C("7S")), Capture(C("3D"), C("7H"))]
    view = state.view(1)
    assert view["legal"]["captures"] == [(C("3D"), C("7S"), (C("7S"),)), (C("3D"), C("7H"), (C("7H"),))]
    state.apply(Capture(C("3D"), C("7H")))
    assert state.won[1] == cards("3D 7H") and state.points[1] == 10
    assert state.layout == cards("7S 2S")


@traces("eat_reds:turn.layout")
def test_a_card_that_cannot_capture_joins_the_layout() -> None:
    """If it cannot, it joins the layout."""
    state = position(["9C", "4D"], "7S", stock="")
    events = state.apply(Discard(C("4D")))
    assert state.layout == cards("7S 4D") and state.won == [[], []]
    assert events[0].kind == "move" and events[0].src == "hand1" and events[0].dst == "layout"
    assert said(events[0]) == "Seat 2 plays 4♦ to the layout."


@traces("eat_reds:turn.stock")
def test_the_top_stock_card_is_turned_and_joins_the_layout() -> None:
    """Turn the top stock card. otherwise it joins the layout."""
    state = position(["9C 2C", "4D 2D"], "7S", stock="JH 5C")
    events = state.apply(Discard(C("4D")))
    assert kinds(events) == ["move", "turn", "move"]
    assert events[1].cards == (C("JH"),) and events[1].src == "stock" and events[1].dst == "turned"
    assert events[1].hold == TURN_HOLD > 0  # shown for a beat before it joins the layout
    assert events[2].src == "turned" and events[2].dst == "layout"
    assert state.layout == cards("7S 4D JH") and state.stock == [C("5C")] and state.turn == 0


@traces("eat_reds:turn.stock.capture")
def test_the_turned_card_captures() -> None:
    """If it can capture, it does (where there is a choice, the player whose turn it is chooses)"""
    state = position(["9C 2C", "4D 2D"], "7S 9H", stock="AH 5C")
    events = state.apply(Discard(C("4D")))
    assert kinds(events) == ["move", "turn", "capture"]
    assert events[2].cards == tuple(cards("AH 9H")) and events[2].value == 30 and events[2].dst == "won1"
    assert state.won[1] == cards("AH 9H") and state.points[1] == 30 and state.turn == 0


@traces("eat_reds:turn.stock.capture")
def test_the_player_chooses_the_turned_cards_target() -> None:
    """If it can capture, it does (where there is a choice, the player whose turn it is chooses)"""
    state = position(["9C 2C", "4D 2D"], "7S 7D", stock="3H 5C")
    events = state.apply(Discard(C("4D")))
    assert kinds(events) == ["move", "turn", "choose"]
    assert said(events[2]) == "3♥ can capture 2 cards: Seat 2 chooses which."
    assert state.phase == "stock" and state.turn == 1 and state.turned == C("3H")
    assert state.legal_actions() == [TakeWithStock(C("7S")), TakeWithStock(C("7D"))]
    view = state.view(1)
    assert view["turned"] == C("3H") and view["phase"] == "stock"
    assert view["legal"] == {"captures": [(C("3H"), C("7S"), (C("7S"),)), (C("3H"), C("7D"), (C("7D"),))],
                             "discards": []}
    assert state.view(0)["turned"] == C("3H") and state.view(0)["legal"] is None
    assert sorted(all_cards(state)) == sorted(cards("9C 2C 2D 7S 7D 4D 3H 5C"))
    refuses(state, Discard(C("2D")), "First choose which card the turned 3♥ captures")
    refuses(state, TakeWithStock(C("9S")), "not on the layout")
    events = state.apply(TakeWithStock(C("7D")))
    assert kinds(events) == ["capture"] and events[0].src == "turned"
    assert state.won[1] == cards("3H 7D") and state.layout == cards("7S 4D")
    assert state.phase == "play" and state.turn == 0 and state.turned is None
    refuses(state, TakeWithStock(C("7S")), "No turned stock card")


@traces("eat_reds:turn.stock.capture")
def test_the_turned_card_may_take_the_card_just_played() -> None:
    """Turn the top stock card. If it can capture, it does (where there is a choice, the player whose turn it is
    chooses)"""
    state = position(["9C", "4D 2D"], "KS", stock="6H")
    state.apply(Discard(C("4D")))
    assert state.won[1] == cards("6H 4D") and state.layout == cards("KS")


@traces("eat_reds:turn.stock.empty")
def test_an_empty_stock_leaves_the_play_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the stock is empty (after the dealer's capture it runs out four turns early), the turn is the play
    alone."""
    state = position(["9C 2C", "4D 2D"], "KS", stock="")
    events = state.apply(Discard(C("4D")))
    assert kinds(events) == ["move"] and state.turn == 0
    state = rigged(monkeypatch, [], ["5H 10D JC KS", "2C 3D 4S 9H"])
    rng = random.Random(4)
    turned = []
    plays = 0
    while not state.is_over():
        events = state.apply(rng.choice(state.legal_actions()))
        plays += sum(1 for e in events if e.src in ("hand0", "hand1"))
        turned += [e for e in events if e.kind == "turn"]
    assert plays == 24
    assert len(turned) == 20  # four turns early


@traces("eat_reds:turn.stock.empty")
def test_the_stock_runs_out_with_the_hands() -> None:
    """When the stock is empty (after the dealer's capture it runs out four turns early), the turn is the play
    alone. (Without a dealer's capture the last card of the stock is turned on the last turn.)"""
    for players in (2, 3, 4):
        for seed in range(30):
            state = RULES.new_game(players, seed=seed)
            early = 4 * len(state.dealer_captures)
            rng = random.Random(seed)
            turns = 0
            while not state.is_over():
                before = len(state.stock)
                hands = sum(len(h) for h in state.hands)
                events = state.apply(rng.choice(state.legal_actions()))
                if any(e.kind == "turn" for e in events):
                    turns += 1
                    assert before > 0
                if any(e.src and e.src.startswith("hand") for e in events):
                    assert (before == 0) == (hands <= early)
            assert turns == 24 - early


# ----- end and scoring --------------------------------------------------------------------------


def ending() -> EatRedsState:
    """The last two turns of a deal: everything else is already in the won piles."""
    hands = ["4C", "3D"]
    layout = "7H 2H"
    rest = [c for c in DECK if c not in cards("4C 3D 7H 2H")]
    won = [" ".join(c.code for c in rest[:30]), " ".join(c.code for c in rest[30:])]
    return position(hands, layout, turn=0, won=won)


@traces("eat_reds:end", "eat_reds:end.layout")
def test_the_end_of_the_game() -> None:
    """The game ends when the hands and the stock are used up. Cards still in the layout then are scored by no one
    (the results screen shows them)."""
    state = ending()
    state.apply(Discard(C("4C")))
    assert not state.is_over() and state.turn == 1
    events = state.apply(Capture(C("3D"), C("7H")))
    assert state.is_over() and state.turn is None and state.phase == "over"
    assert state.legal_actions() == []
    assert kinds(events)[-2:] == ["score", "over"]
    assert state.layout == cards("2H 4C")
    view = state.view(None)
    assert view["layout"] == cards("2H 4C") and view["layout_points"] == 2
    assert view["sheet"][0]["left"] == cards("2H 4C") and view["sheet"][0]["left_points"] == 2
    assert "2 left in the layout" in result_said(state)
    refuses(state, Discard(C("4C")), "The game is over")


@traces("eat_reds:deck", "eat_reds:end")
def test_every_game_ends_with_all_52_cards() -> None:
    """The game ends when the hands and the stock are used up."""
    for players in (2, 3, 4):
        for seed in range(40):
            state = RULES.new_game(players, seed=seed)
            rng = random.Random(seed)
            for _ in range(200):
                if state.is_over():
                    break
                state.apply(rng.choice(state.legal_actions()))
            assert state.is_over()
            assert sorted(all_cards(state)) == sorted(DECK)
            assert not state.stock and not any(state.hands)


@traces("eat_reds:goal", "eat_reds:points.black")
def test_card_points() -> None:
    """Each player counts their won pile: black cards: 0 red aces: 20 each red K, Q, J, 10 and 9: 10 each other red
    cards: their pip value"""
    for card in DECK:
        if not card.is_red:
            assert card_points(card) == 0
        elif card.rank == 1:
            assert card_points(card) == 20
        elif card.rank >= 9:
            assert card_points(card) == 10
        else:
            assert card_points(card) == card.rank
    assert [card_points(C(code)) for code in ("AS", "KC", "9S")] == [0, 0, 0]
    assert [card_points(C(code)) for code in ("AH", "AD", "KH", "QD", "JH", "10D", "9H", "8D", "2H")] == [
        20, 20, 10, 10, 10, 10, 10, 8, 2]


@traces("eat_reds:points.black")
def test_black_cards() -> None:
    """black cards: 0"""
    assert all(card_points(c) == 0 for c in DECK if c.suit in "SC")


@traces("eat_reds:points.aces")
def test_red_aces() -> None:
    """red aces: 20 each"""
    assert card_points(C("AH")) == card_points(C("AD")) == 20


@traces("eat_reds:points.high")
def test_red_nines_to_kings() -> None:
    """red K, Q, J, 10 and 9: 10 each"""
    assert {card_points(C(f"{r}{s}")) for r in ("K", "Q", "J", "10", "9") for s in "HD"} == {10}


@traces("eat_reds:points.low")
def test_other_reds() -> None:
    """other red cards: their pip value"""
    assert [card_points(C(f"{r}H")) for r in range(2, 9)] == list(range(2, 9))


@traces("eat_reds:points.total")
def test_the_reds_are_worth_210() -> None:
    """The 26 red cards are worth 210 points in all (aces 40, red 9–K 100, red 2–8 70), which the results screen can
    check against what was captured plus what was left in the layout."""
    reds = [c for c in DECK if c.is_red]
    assert len(reds) == 26 and points_of(reds) == RED_TOTAL == 210
    assert points_of([c for c in reds if c.rank == 1]) == 40
    assert points_of([c for c in reds if c.rank >= 9]) == 100
    assert points_of([c for c in reds if 2 <= c.rank <= 8]) == 70
    state = ending()
    state.apply(Discard(C("4C")))
    state.apply(Capture(C("3D"), C("7H")))
    view = state.view(0)
    assert sum(view["points"]) + view["layout_points"] == view["red_total"] == 210
    record = view["sheet"][0]
    assert sum(record["points"]) + record["left_points"] == 210
    assert "208 captured + 2 left in the layout = 210" in result_said(state)


@traces("eat_reds:goal", "eat_reds:end.win")
def test_highest_total_wins() -> None:
    """Highest total wins (ties shared)."""
    state = ending()
    state.apply(Discard(C("4C")))
    state.apply(Capture(C("3D"), C("7H")))
    scores = [points_of(w) for w in state.won]
    result = state.result()
    assert result.scores == [float(s) for s in scores] and scores[0] != scores[1]
    assert result.winners == [scores.index(max(scores))]
    ahead = position(["3C", "3S"], "7H 7D", turn=0, won=["AH 2H", "AD"])
    ahead.apply(Capture(C("3C"), C("7H")))
    ahead.apply(Capture(C("3S"), C("7D")))
    assert ahead.points == [29, 27] and ahead.result().winners == [0]
    tied = position(["3C", "3S"], "7H 7D", turn=0, won=["AH", "AD"])
    tied.apply(Capture(C("3C"), C("7H")))
    tied.apply(Capture(C("3S"), C("7D")))
    assert tied.points == [27, 27] and tied.result().winners == [0, 1]
    assert "share the win" in result_said(tied)


@traces("eat_reds:option.rounds", "eat_reds:option.rounds.total")
def test_rounds_with_a_running_total() -> None:
    """Table option "rounds": play several deals with a running total (default 1)."""
    option = next(o for o in RULES.options if o.name == "rounds")
    assert option.default == 1 and 3 in option.choices
    assert RULES.new_game(2, seed=1).rounds == 1
    with pytest.raises(ValueError, match="rounds"):
        RULES.new_game(2, {"rounds": 7}, seed=1)
    state = RULES.new_game(3, {"rounds": 3}, seed=5)
    rng = random.Random(5)
    while not state.is_over():
        deal = state.deal
        events = state.apply(rng.choice(state.legal_actions()))
        if state.deal != deal and not state.is_over():
            assert "score" in kinds(events) and "shuffle" in kinds(events)
            assert sorted(all_cards(state)) == sorted(DECK)  # every card back for the new deal
            assert [len(h) for h in state.hands] == [8] * 3
            assert sum(len(w) for w in state.won) == 4 * len(state.dealer_captures)  # only a dealer's capture
            assert state.standings() == [t + p for t, p in zip(state.totals(), state.points, strict=True)]
    sheet = state.score_sheet()
    assert [row["deal"] for row in sheet] == [1, 2, 3]
    running = [0, 0, 0]
    for row in sheet:
        running = [t + p for t, p in zip(running, row["points"], strict=True)]
        assert row["totals"] == running
        assert sum(row["points"]) + row["left_points"] == 210
    assert state.result().scores == [float(t) for t in running]
    assert state.result().winners == [s for s in range(3) if running[s] == max(running)]
    assert "630" in result_said(state)  # three deals' reds


# ----- what the table shows ----------------------------------------------------------------------


@traces("eat_reds:deal.stock", "eat_reds:table.shows")
def test_what_the_table_shows() -> None:
    """Layout cards spread in the centre, the stock with its count, each player's won pile (fanned, face up, with a
    running score), hands (opponents face down). A card that can capture highlights its possible targets when
    picked up."""
    state = position(["9C 8S", "3D 4C AH"], "7H 7S 9D", stock="5C 6C", won=["2H", ""])
    view = state.view(1)
    assert view["layout"] == cards("7H 7S 9D")
    assert view["stock"] == 2 and not {C("5C"), C("6C")} & shown(view)  # the count only, never the cards
    assert view["won"] == [[C("2H")], []] and view["points"] == [2, 0]
    assert view["hands"] == [[None, None], cards("3D 4C AH")] and view["counts"] == [2, 3]
    assert view["legal"]["captures"] == [(C("3D"), C("7H"), (C("7H"),)), (C("3D"), C("7S"), (C("7S"),)),
                                         (C("AH"), C("9D"), (C("9D"),))]
    assert view["legal"]["discards"] == [C("4C")]
    assert view["turn"] == 1 and view["phase"] == "play" and view["beat"] == ""
    public = state.view(None)
    assert public["hands"] == [[None, None], [None, None, None]] and public["legal"] is None


# ----- the contract ------------------------------------------------------------------------------


@traces("eat_reds:turn.play", "eat_reds:turn.must")
def test_illegal_actions_change_nothing() -> None:
    """Play a card from hand. If it can capture, it must capture (a refused move leaves the game as it was)."""
    state = position(["9C", "3D 4C"], "7H", stock="2S")
    before = (state.view(None), state.view(1), list(state.stock))
    for action in (Discard(C("3D")), Capture(C("4C"), C("7H")), TakeWithStock(C("7H")), Capture(C("3D"), C("7S")),
                   Discard(C("9C"))):
        with pytest.raises(IllegalAction) as refused:
            state.apply(action)
        assert refused.value.reason
    assert (state.view(None), state.view(1), list(state.stock)) == before


def test_actions_describe_themselves_and_round_trip() -> None:
    """Captured pairs go to the capturing player's won pile (each move says what it does, and is saved and
    loaded as it was)."""
    said = NARRATION.action
    assert said(Capture(C("3D"), C("7H")), Names.seats(2)) == "Capture 7♥ with 3♦"
    assert said(Discard(C("4C")), Names.seats(2)) == "Play 4♣ to the layout"
    assert said(TakeWithStock(C("7S")), Names.seats(2)) == "Take 7♠ with the turned card"
    for action in (Capture(C("3D"), C("7H")), Discard(C("10C")), TakeWithStock(C("AS"))):
        assert RULES.action_from_json(action.to_json()) == action
    with pytest.raises(ValueError, match="52-card deck"):
        RULES.action_from_json({"type": "Discard", "card": {"card": "5:N"}})
    with pytest.raises(ValueError):
        RULES.action_from_json({"type": "Discard", "card": {"card": "JK"}})


def test_clone_and_determinize() -> None:
    """The rest is the face-down stock. (A seat's sampled world keeps what it sees: its hand, the layout, the won
    piles and the counts; the other hands and the stock order are dealt anew.)"""
    state = RULES.new_game(3, seed=9)
    rng = random.Random(9)
    for _ in range(5):
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert copy.view(None) != state.view(None)
    seat = state.turn
    hidden = sorted(c for s in range(3) if s != seat for c in state.hands[s]) + sorted(state.stock)
    changed = False
    for k in range(10):
        world = state.determinize(seat, random.Random(k))
        assert world.view(seat) == state.view(seat)
        assert world.legal_actions() == state.legal_actions()
        assert sorted(all_cards(world)) == sorted(DECK)
        world_hidden = sorted(c for s in range(3) if s != seat for c in world.hands[s]) + sorted(world.stock)
        assert sorted(world_hidden) == sorted(hidden)
        changed |= world.stock != state.stock
        while not world.is_over():
            world.apply(world.legal_actions()[0])
    assert changed


@traces("eat_reds:deal.hands")
def test_seeded_games_reproduce() -> None:
    """Deal 24 ÷ players cards to each (2: 12, 3: 8, 4: 6). (The same seed deals the same game.)"""
    for players in (2, 3, 4):
        a = RULES.new_game(players, {"rounds": 2}, seed=42)
        b = RULES.new_game(players, {"rounds": 2}, seed=42)
        rng = random.Random(1)
        while not a.is_over():
            action = rng.choice(a.legal_actions())
            assert a.apply(action) == b.apply(RULES.action_from_json(action.to_json()))
        assert a.view(None) == b.view(None) and a.result() == b.result()


@traces("eat_reds:capture.ten", "eat_reds:capture.rank")
def test_helpers_agree_with_the_state() -> None:
    """A card captures a layout card when their pips sum to ten (A+9, 2+8, 3+7, 4+6, 5+5), or when both are the
    same rank among 10, J, Q, K. (The pure `captures` helper, for layouts and bots, gives the state's moves.)"""
    layout = cards("7H 7S KD 5C")
    assert captures(C("3D"), layout) == [(C("7H"), (C("7H"),)), (C("7S"), (C("7S"),))]
    assert captures(C("KS"), layout) == [(C("KD"), (C("KD"),))]
    assert captures(C("9S"), layout) == []
    trio = cards("KD KH KC 2S")
    assert captures(C("KS"), trio, 13) == [(C("KD"), (C("KD"), C("KH"), C("KC")))]
    assert SPECIAL_RANKS == {5, 10, 11, 12, 13}


# ----- traceability ------------------------------------------------------------------------------


def test_every_rule_is_traced() -> None:
    """Every rule sentence (and each clause between semicolons) of rules/eat-reds.md is quoted by a test."""
    untraced = untraced_rules(__name__, "eat-reds.md", at_least=20, also=("tests.ui.test_eat_reds_table",))
    if untraced is None:
        pytest.skip("the rules folder is not beside the repository")
    assert untraced == [], f"rules with no test quoting them: {untraced}"
