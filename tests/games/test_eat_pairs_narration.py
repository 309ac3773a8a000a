"""Eat Pairs' words: every recorded event is of a declared kind and is said or deliberately silent, in the second
person for a seat called "You"; every refusal has its sentence; results, standings, hints and the table's status
line are said with the players' names, never "Seat N"; recording off changes nothing but the events; and the one
legality predicate agrees with the legal actions."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.core.cards import Card, standard_deck
from cardtable.core.engine import Event, IllegalAction, Result
from cardtable.core.layout import TableContext
from cardtable.core.words import N_, Names, Seated
from cardtable.games.eat_pairs import GAME
from cardtable.games.eat_pairs.layout import LAYOUT
from cardtable.games.eat_pairs.narration import NARRATION, SEATED_REFUSALS
from cardtable.games.eat_pairs.rules import (
    CLAIM,
    DRAW,
    MISS,
    PLAY,
    RULES,
    Claim,
    Draw,
    EatPairsState,
    Play,
)
from cardtable.games.plugin import Hint

OPTION_SETS: list[dict[str, Any]] = [{}, {"claim_by_hand": True}, {"deals": "3"},
                                     {"claim_by_hand": True, "deals": "per_player"}]
YOU = ("You", "Ann", "Bob", "Cy", "Dee", "Eve")
#: Wrong English a second-person sentence must never have.
WRONG = re.compile(r"\bYou (plays|draws|pairs|misses|opens|wins|is|lays|leads|has|deals|shares)\b|\byou (leads|wins)\b"
                   r"|\bYou's\b|\byou's\b")


def games(seeds: range = range(12)) -> Iterator[tuple[EatPairsState, list[Event]]]:
    """Seeded random games of every option set and player count: each position with the events of the move that
    made it."""
    for options in OPTION_SETS:
        for players in (2, 3, 4, 6):
            for seed in seeds:
                state = RULES.new_game(players, options, seed=seed)
                rng = random.Random(seed)
                yield state, state.deal(list(standard_deck())) if seed == 0 else []
                while not state.is_over():
                    events = state.apply(rng.choice(state.legal_actions()))
                    yield state, events


def test_every_event_is_of_a_declared_kind_and_said_or_silent() -> None:
    kinds = set(RULES.event_kinds)
    seen: set[str] = set()
    for state, events in games():
        you = Names.of(YOU[:state.n])
        numbered = Names.seats(state.n)
        for event in events:
            assert event.kind in kinds
            seen.add(event.kind)
            said = NARRATION.event(event, numbered)
            if event.kind in NARRATION.silent or (event.kind == "move" and event.dst != "waste"):
                assert said is None
                continue
            if event.kind == "win" and event.seat != event.value["winners"][0]:
                assert said is None  # the first winner's event says a shared win
                continue
            assert said is not None and said.text and "{" not in said.text, event
            spoken = NARRATION.event(event, you)
            assert spoken is not None and not WRONG.search(spoken.text), spoken.text
            assert "Seat " not in spoken.text, spoken.text
            if event.seat is not None and event.seat > 0 and event.kind != "paired_off":
                assert YOU[event.seat] in spoken.text, spoken.text
    assert seen == kinds - {"paired_off"}, kinds - seen  # a deal that pairs off at once is tested below


def test_the_second_person_forms() -> None:
    you = Names.of(YOU[:4])
    card = PLAY[standard_deck()[0]].card
    said = lambda event: NARRATION.event(event, you)  # noqa: E731
    assert said(Event("draw", (card,), "stock", "waste", 0)).text == f"You draw {card.label}."
    assert said(Event("draw", (card,), "stock", "waste", 1)).text == f"Ann draws {card.label}."
    assert said(Event("draw", (card,), "stock", "waste", 0)).note == f"draw {card.label}."
    assert said(Event("no_match", (card,), seat=0)).text.endswith("and you lead.")
    assert said(Event("move", (card,), "hand0", "waste", 0)).text == f"You open with {card.label}."
    assert said(Event("miss", (card,), seat=0)).text == f"You miss {card.label}."
    assert said(Event("paired_off", seat=0, value=(0,))).text == "You pair off every card."
    assert said(Event("paired_off", value=(1, 0))).text == "Ann and you pair off every card."
    assert said(Event("paired_off", value=(0, 2))).text == "You and Bob pair off every card."
    assert said(Event("dealer", seat=0, value={"deal": 1, "deals": 1})).text == "You deal."
    assert said(Event("dealer", seat=2, value={"deal": 2, "deals": 3})).text == "Deal 2 of 3: Bob deals."
    win = {"wins": 1, "winners": (0,), "how": "empty"}
    assert said(Event("win", seat=0, value=win)).text == "You win: no cards left."
    shared = {"wins": 1, "winners": (1, 0), "how": "stock"}
    assert said(Event("win", seat=1, value=shared)).text == "Ann and you share the win with the fewest cards."
    assert said(Event("win", seat=0, value=shared)) is None
    over = {"deals": 1, "winners": (0,), "how": "stock", "left": (1, 2, 3, 4)}
    assert said(Event("over", value=over)).text == ("The stock ran out: You win with the fewest cards (1). Cards left: "
                                                    "You 1, Ann 2, Bob 3, Cy 4.")
    session = {"deals": 3, "winners": (2,), "wins": (1, 0, 2, 0)}
    assert said(Event("over", value=session)).text == ("Bob wins the session with 2 wins in 3 deals. Wins: You 1, "
                                                       "Ann 0, Bob 2, Cy 0.")
    assert said(Event("round", value={"deal": 1, "deals": 3, "wins": (1, 0, 0, 0)})).text == (
        "After deal 1 of 3, wins: You 1, Ann 0, Bob 0, Cy 0.")


def test_the_game_end_says_the_result() -> None:
    """The "over" event says what the narration says of the result, in both persons."""
    for state, events in games(range(6)):
        for event in events:
            if event.kind == "over":
                for names in (Names.seats(state.n), Names.of(YOU[:state.n])):
                    assert NARRATION.event(event, names).text == NARRATION.result(state.result(), names)


def test_results_are_said_in_both_persons() -> None:
    you = Names.of(YOU[:4])
    one = lambda winners, **values: NARRATION.result(  # noqa: E731
        Result([1.0 if s in winners else 0.0 for s in range(4)], list(winners), scored=False,
               values={"deals": 1, "winners": winners, **values}), you)
    assert one((0,), how="empty", left=(0, 3, 4, 2)) == "You win: no cards left in hand."
    assert one((2,), how="empty", left=(1, 3, 0, 2)) == "Bob wins: no cards left in hand."
    assert one((0, 3), how="stock", left=(2, 3, 4, 2)) == (
        "The stock ran out: You and Cy share the win with the fewest cards (2). Cards left: You 2, Ann 3, Bob 4, "
        "Cy 2.")
    assert one((1,), how="stock", left=(2, 1, 4, 2)) == (
        "The stock ran out: Ann wins with the fewest cards (1). Cards left: You 2, Ann 1, Bob 4, Cy 2.")
    session = lambda winners, wins: NARRATION.result(  # noqa: E731
        Result([float(w) for w in wins], list(winners), values={"deals": 3, "winners": winners, "wins": wins}), you)
    assert session((0,), (2, 1, 0, 0)) == "You win the session with 2 wins in 3 deals. Wins: You 2, Ann 1, Bob 0, Cy 0."
    assert session((1, 2), (0, 1, 1, 1)) == (
        "Ann and Bob share the session with 1 win in 3 deals. Wins: You 0, Ann 1, Bob 1, Cy 1.")
    assert session((0, 2), (1, 0, 1, 0)).startswith("You and Bob share the session with 1 win in 3 deals.")


def test_every_result_is_said_without_seat_numbers() -> None:
    """Every position's result (mid-game standings or the end) says something, with no "Seat " in it when the
    names are given."""
    for state, _ in games(range(3)):
        result = state.result()
        assert not result.summary and result.values is not None
        for names in (Names.of(YOU[:state.n]), Names.of(("Zed", *YOU[1:state.n]))):
            text = NARRATION.result(result, names)
            assert text and "{" not in text and "Seat " not in text and not WRONG.search(text), text


def test_the_standings_while_the_game_is_played() -> None:
    you = Names.of(YOU[:4])
    state = RULES.new_game(4, {}, seed=3)
    counts = ", ".join(f"{YOU[s]} {len(state.hands[s])}" for s in range(4))
    assert NARRATION.result(state.result(), you) == f"Cards left: {counts}."
    state = RULES.new_game(4, {"deals": "3"}, seed=3)
    counts = ", ".join(f"{YOU[s]} {len(state.hands[s])}" for s in range(4))
    assert NARRATION.result(state.result(), you) == f"Deal 1 of 3. Cards left: {counts}."
    assert NARRATION.result(state.result(), Names.seats(4)).startswith("Deal 1 of 3. Cards left: Seat 1 ")


def test_every_hint_is_said_with_its_reason() -> None:
    """The hint of every position formats: the move's name, then why, its fields filled in."""
    kinds = set()
    for state, _ in games(range(3)):
        given = GAME.hint(state)
        if given is None:
            assert state.is_over()
            continue
        for names in (Names.of(YOU[:state.n]), Names.seats(state.n)):
            text = NARRATION.hint(given, names)
            assert text.startswith(NARRATION.action(given.action, names) + ": "), text
            assert "{" not in text and "Seat " not in text and not given.text, text
        kinds.add(type(given.action))
    assert kinds == {Play, Draw, Claim}
    names = Names.of(YOU[:3])
    hinted = Hint(PLAY[Card(12, "H")], why=N_("only one other {rank} is unseen, so it is the card least likely to "
                                              "be matched."), fields={"rank": 12, "ranks": 12, "count": 1})
    assert NARRATION.hint(hinted, names) == ("Play Q\u2665: only one other queen is unseen, so it is the card least "
                                             "likely to be matched.")
    hinted = Hint(PLAY[Card(1, "S")], why=N_("{count} other {ranks} are unseen, the fewest of any rank you hold, so "
                                             "it is the least likely to be matched."),
                  fields={"rank": 1, "ranks": 1, "count": 2})
    assert NARRATION.hint(hinted, names).startswith("Play A\u2660: 2 other aces are unseen")


def test_the_layout_status_names_the_players() -> None:
    """The table's status line (the layout's) for a seat called "You" and for the others, in seeded positions: the
    second person for the person, names for the others, and never "Seat "."""
    checked = 0
    for state, _ in games(range(2)):
        n = state.n
        for names in (YOU[:n], ("Zed", *YOU[1:n])):
            for seat in (0, 1):
                ctx = TableContext(1280, 800, (0, 40, 1280, 720), names, seat)
                status = LAYOUT.build(state.view(seat), ctx).status
                assert status and "Seat " not in status and "{" not in status and not WRONG.search(status), status
                if state.turn is not None and state.beat is None:
                    if names[0] == "You" and state.dealer == 0:
                        assert "You deal" in status, status
                    elif state.dealer != 0 or names[0] != "You":
                        assert f"{names[state.dealer]} deal" in status, status
                    if state.turn == 0 and names[0] == "You" and state.phase == "draw":
                        assert "Click the stock" in status if seat == 0 else "You draw" in status, status
                    checked += 1
    assert checked > 100


def test_a_deal_that_pairs_off_at_once_is_said() -> None:
    state = RULES.new_game(2, {}, seed=1)
    events = state.lay_out([[c for c in standard_deck() if c.rank in (2, 5, 9, 13) and c.suit in "SH"],
                            [c for c in standard_deck() if c.suit == "C"][:7]], [])
    kinds = [e.kind for e in events]
    assert "paired_off" in kinds
    said = [NARRATION.event(e, Names.of(("You", "Ann"))) for e in events]
    assert "You pair off every card." in [s.text for s in said if s is not None]


def refusals(state: EatPairsState) -> list[Any]:
    """Candidate actions, legal or not, at `state`."""
    deck = standard_deck()
    return [DRAW, MISS, *(PLAY[c] for c in deck[::5]), *(CLAIM[c] for c in deck[::7]),
            *(PLAY[c] for hand in state.hands for c in hand.values()),
            *(CLAIM[c] for hand in state.hands for c in hand.values())]


def test_every_refusal_has_its_sentence_in_both_persons() -> None:
    codes: set[str] = set()
    for state, _ in games(range(2)):
        for action in refusals(state):
            error = state.refusal(action)
            if error is None:
                continue
            codes.add(error.reason)
            for names in (Names.seats(state.n), Names.of(YOU[:state.n])):
                text = NARRATION.refusal(error, names)
                assert text and "{" not in text and text != error.reason
                assert not WRONG.search(text), text
            if error.fields.get("player") == Seated(0):
                assert "You's" not in NARRATION.refusal(error, Names.of(YOU[:state.n]))
    assert codes >= {"not_in_hand", "opening_only_draw", "dealer_opens_first", "nothing_to_claim"}
    assert codes <= set(NARRATION.refusals)
    assert set(SEATED_REFUSALS) <= set(NARRATION.refusals)
    over = RULES.new_game(2, {}, seed=1)
    while not over.is_over():
        over.apply(over.legal_actions()[0])
    assert NARRATION.refusal(over.refusal(DRAW), Names.seats(2)) == "The game is over."
    fresh = RULES.new_game(2, {}, seed=2)
    assert "not an Eat Pairs action" in NARRATION.refusal(fresh.refusal(Event("move")), Names.seats(2))  # type: ignore


def test_the_refusal_is_the_one_predicate_of_legality() -> None:
    """For random positions, an action is legal iff the predicate lets it through, and apply refuses with it."""
    for state, _ in games(range(4)):
        legal = set(state.legal_actions())
        for action in refusals(state):
            error = state.refusal(action)
            assert (error is None) == (action in legal), (action, error)
        for action in legal:
            assert state.refusal(action) is None
        if state.turn is not None:
            wrong = next((a for a in refusals(state) if a not in legal), None)
            if wrong is not None:
                with pytest.raises(IllegalAction) as caught:
                    state.clone().apply(wrong)
                assert caught.value.reason == state.refusal(wrong).reason


def test_recording_off_gives_the_same_game_and_no_events() -> None:
    for options in OPTION_SETS:
        for players in (2, 4, 6):
            for seed in range(5):
                fast = RULES.new_game(players, options, seed=seed)
                slow = RULES.new_game(players, options, seed=seed)
                rng = random.Random(seed)
                while not slow.is_over():
                    action = rng.choice(slow.legal_actions())
                    assert fast.apply(action, record=False) == []
                    slow.apply(action)
                    for seat in (None, *range(players)):
                        assert fast.view(seat) == slow.view(seat)
                    assert fast.legal_actions() == slow.legal_actions()


def test_the_time_limit_is_the_claims() -> None:
    for state, _ in games(range(3)):
        limit = state.time_limit()
        if state.turn is not None and state.phase == "claim":
            assert limit is not None and limit.default(random.Random(0)) == MISS
            assert isinstance(state.legal_actions()[0], Claim)
        else:
            assert limit is None


def test_actions_are_named() -> None:
    card = standard_deck()[10]
    names = Names.seats(2)
    assert NARRATION.action(Play(card), names) == f"Play {card.label}"
    assert NARRATION.action(Claim(card), names) == f"Claim with {card.label}"
    assert NARRATION.action(DRAW, names) == "Draw from the stock"
    assert NARRATION.action(MISS, names) == "Miss"


def test_the_status_line_in_both_persons() -> None:
    """Every position's status line, and every held beat's, says something, with no wrong second person."""
    for state, events in games(range(4)):
        you = Names.of(YOU[:state.n])
        views = [state.view(seat) for seat in (None, *range(state.n))]
        views += [e.snapshot.view(0) for e in events if e.snapshot is not None]
        for view in views:
            for names in (you, Names.seats(state.n)):
                text = NARRATION.status(view, names)
                assert text and "{" not in text and not WRONG.search(text), text
    state = RULES.new_game(4, {"deals": "3"}, seed=5)
    while state.lead is None:
        state.apply(state.legal_actions()[0])
    state.dealer, state.lead = 0, 0
    assert NARRATION.status(state.view(None), Names.of(YOU[:4])).startswith("Deal 1 of 3: You deal, you lead. ")
    state.lead = 1
    assert NARRATION.status(state.view(None), Names.of(YOU[:4])).startswith("Deal 1 of 3: You deal, Ann leads. ")
