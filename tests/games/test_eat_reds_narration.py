"""Eat Reds' words apart from its rules: every recorded event is of a declared kind and is said (or deliberately
not), a seat called "You" is spoken to in the second person, every refusal has its sentence, recording changes
nothing of the game, and the one legality test agrees with the legal moves."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from cardtable.core.cards import Card
from cardtable.core.engine import Action, Event, IllegalAction, Result, Snapshot
from cardtable.core.layout import TableContext
from cardtable.core.words import N_, Names, Said, Seated
from cardtable.games.eat_reds import GAME
from cardtable.games.eat_reds.layout import game_status
from cardtable.games.eat_reds.narration import NARRATION, Reason
from cardtable.games.eat_reds.rules import (
    DECK,
    EVENT_KINDS,
    RULES,
    STOCK,
    Capture,
    Discard,
    EatRedsState,
    TakeWithStock,
)
from cardtable.games.plugin import Hint

YOU_AND_OTHERS = ("You", "Ann", "Bo", "Cy")
OTHERS = ("Ann", "Bo", "Cy", "Di")
#: Events the table says nothing of: the cards' flight says it (a hand dealt, cards gathered, the shuffle).
SILENT = {("deal", None), ("shuffle", None), ("move", "stock")}


def C(code: str) -> Card:
    return Card.from_code(code)


def playouts(seeds: range, rounds: int = 2) -> Iterator[tuple[EatRedsState, list[Event]]]:
    """Seeded random games for 2 to 4 players: each position after a move, with the move's events."""
    for seed in seeds:
        for players in (2, 3, 4):
            state = RULES.new_game(players, {"rounds": rounds}, seed=seed)
            rng = random.Random(seed)
            while not state.is_over():
                events = state.apply(rng.choice(state.legal_actions()))
                yield state, events


def silent(event: Event) -> bool:
    return (event.kind, event.dst if event.kind == "move" else None) in SILENT


def test_every_event_is_of_a_declared_kind_and_said_or_deliberately_silent() -> None:
    assert GAME.narration is NARRATION and RULES.event_kinds == EVENT_KINDS
    seen: set[str] = set()
    for state, events in playouts(range(40)):
        names = Names.seats(state.n)
        for event in events:
            assert event.kind in EVENT_KINDS
            said = NARRATION.event(event, names)
            if silent(event):
                assert said is None, event
            else:
                assert said is not None and said.text and "{" not in said.text, event
            seen.add(event.kind)
    assert seen >= set(EVENT_KINDS) - {"trio", "stock_out"}, set(EVENT_KINDS) - seen


def test_the_rare_events_are_said() -> None:
    names = Names.seats(2)
    assert NARRATION.event(Event("trio", value=13), names).text == (  # type: ignore[union-attr]
        "The layout holds three kings: the fourth captures all three.")
    assert NARRATION.event(Event("stock_out"), names).text == (  # type: ignore[union-attr]
        "The stock is used up: from now on a turn is the play alone.")
    dealer = Event("capture", (C("5H"), C("10S"), C("JD"), C("KC")), "layout", "won1", 1, value=25)
    assert NARRATION.event(dealer, names).text == (  # type: ignore[union-attr]
        "The layout is all 5s, 10s and face cards: Seat 2 captures all four as the dealer, and four new cards "
        "are turned.")


def test_a_seat_called_you_is_spoken_to_in_the_second_person() -> None:
    wrong = re.compile(r"\bYou (plays|captures|turns|deals|wins|chooses|is)\b|\byou (chooses|is)\b")
    you_said: set[str] = set()
    for state, events in playouts(range(25)):
        names = Names.of(YOU_AND_OTHERS[:state.n])
        for event in events:
            said = NARRATION.event(event, names)
            if said is None:
                continue
            assert not wrong.search(said.text), said.text
            assert not wrong.search(said.note), said.note
            if event.seat == 0:
                you_said.add(event.kind)
    assert {"capture", "turn", "move"} <= you_said
    names = Names.of(YOU_AND_OTHERS[:2])
    play = Event("move", (C("4D"),), "hand0", "layout", 0)
    assert NARRATION.event(play, names) == Said("You play 4♦ to the layout.", "play 4♦ to the layout.")
    take = Event("capture", (C("3D"), C("7H")), "hand0", "won0", 0, value=10)
    assert NARRATION.event(take, names).text == "You capture 7♥ with 3♦ (10 points)."  # type: ignore[union-attr]
    stock = Event("capture", (C("JS"), C("JC")), "turned", "won0", 0, value=0)
    assert NARRATION.event(stock, names).text == "J♠ from the stock captures J♣ for you."  # type: ignore[union-attr]
    choose = Event("choose", (C("3H"),), seat=0, value=2)
    assert NARRATION.event(choose, names).text == "3♥ can capture 2 cards: you choose which."  # type: ignore[union-attr]
    deal = Event("new_deal", seat=0, value={"deal": 2, "rounds": 3, "each": 12})
    assert NARRATION.event(deal, names).text == "Deal 2 of 3: You deal 12 cards each."  # type: ignore[union-attr]
    over = Event("over", value={"scores": (120, 90), "winners": (0,), "captured": 210, "left": 0})
    assert NARRATION.event(over, names).text == (  # type: ignore[union-attr]
        "You win with 120 points. You 120, Ann 90. The reds: 210 captured + 0 left in the layout = 210.")
    shared = Event("over", value={"scores": (105, 105), "winners": (0, 1), "captured": 200, "left": 10})
    assert NARRATION.event(shared, names).text.startswith(  # type: ignore[union-attr]
        "You and Ann share the win with 105 points.")
    refused = IllegalAction("not_in_hand", player=Seated(0), card=C("9C"))
    assert NARRATION.refusal(refused, names) == "It is your turn, and 9♣ is not in your hand."
    assert NARRATION.refusal(refused, Names.seats(2)) == "It is Seat 1's turn, and 9♣ is not in their hand."


def test_the_result_is_said_to_the_winner_and_of_them() -> None:
    won = Result([120.0, 90.0], [0], values={"scores": (120, 90), "over": True, "captured": 205, "left": 5})
    assert NARRATION.result(won, Names.of(YOU_AND_OTHERS[:2])) == (
        "You win with 120 points. You 120, Ann 90. The reds: 205 captured + 5 left in the layout = 210.")
    assert NARRATION.result(won, Names.of(("Ann", "You"))) == (
        "Ann wins with 120 points. Ann 120, You 90. The reds: 205 captured + 5 left in the layout = 210.")
    assert NARRATION.result(won, Names.seats(2)).startswith("Seat 1 wins with 120 points. Seat 1 120, Seat 2 90.")
    shared = Result([105.0, 105.0, 0.0], [0, 2], values={"scores": (105, 0, 105), "over": True, "captured": 210,
                                                          "left": 0})
    assert NARRATION.result(shared, Names.of(("Ann", "Bo", "You"))).startswith(
        "Ann and you share the win with 105 points. Ann 105, You 105, Bo 0.")
    for state, _ in playouts(range(3), rounds=1):
        if state.is_over():
            result = state.result()
            assert not result.summary and result.winners
            for you in range(state.n):
                names = Names.of(["You" if s == you else OTHERS[s] for s in range(state.n)])
                text = NARRATION.result(result, names)
                assert "Seat" not in text and "{" not in text
                assert text.startswith("You win") == (result.winners == [you]), text


def test_the_standings_of_a_game_in_progress() -> None:
    state = RULES.new_game(3, {"rounds": 3}, seed=5)
    rng = random.Random(5)
    for _ in range(20):
        state.apply(rng.choice(state.legal_actions()))
    result = state.result()
    assert not result.winners and not result.summary
    scores = state.standings()
    leader = max(range(3), key=lambda s: scores[s])
    text = NARRATION.result(result, Names.of(YOU_AND_OTHERS[:3]))
    assert text.startswith(f"Deal 1 of 3: {YOU_AND_OTHERS[leader]} {scores[leader]}") and "Seat" not in text
    assert NARRATION.result(result, Names.seats(3)).startswith("Deal 1 of 3: Seat ")


def test_a_hint_says_its_reasons_with_the_names() -> None:
    made = Hint(Capture(C("9C"), C("AH")), why=N_("{reasons}."), fields={"reasons": (
        Reason(N_("it wins {count} points"), count=20), Reason(N_("taking {card} instead would leave the next player "
                                                                  "more"), card=C("5H")))})
    assert NARRATION.hint(made, Names.of(YOU_AND_OTHERS[:2])) == \
        "Capture A\u2665 with 9\u2663: it wins 20 points; taking 5\u2665 instead would leave the next player more."
    for k, (state, _) in enumerate(playouts(range(2))):
        if k % 5 == 0 and state.turn is not None:
            advice = GAME.hint(state)  # type: ignore[misc]
            assert advice is not None and not advice.text
            for names in (Names.seats(state.n), Names.of(YOU_AND_OTHERS[:state.n])):
                text = NARRATION.hint(advice, names)
                assert text.endswith(".") and "{" not in text and "Seat" not in text, text


def test_the_status_speaks_to_the_person_and_names_the_others() -> None:
    wrong = re.compile(r"\b[Yy]ou (is|has|[a-z]+s)\b")
    checked = set()
    for k, (state, events) in enumerate(playouts(range(4))):
        snapshots = [e.snapshot for e in events if e.snapshot is not None]
        if k % 3 and not snapshots:
            continue
        for you in range(state.n):
            names = tuple("You" if s == you else OTHERS[s] for s in range(state.n))
            ctx = TableContext(1280, 800, (0, 40, 1280, 720), names, you)
            for view in (state.view(you), *(snap.view(you) for snap in snapshots)):
                status = GAME.layout.status(view, ctx)  # type: ignore[union-attr]
                assert status and "Seat " not in status and "{" not in status and not wrong.search(status), status
                turn = view["turn"]
                if turn is not None and turn != you:
                    assert names[turn] in status, status
                    checked.add("other")
                elif turn == you:
                    assert status.split(" \u00b7 ")[-1].startswith(("Your turn", "The turned")), status
                    checked.add("you" if view["phase"] != STOCK else "you choose")
                elif view["phase"] == "over":
                    checked.add("over")
    assert checked == {"other", "you", "you choose", "over"}, checked


ONE_OF_EACH = {
    "game_over": {},
    "not_a_move": {"action": "Pass()"},
    "no_turned_card": {},
    "choose_turned_first": {"card": C("3H")},
    "not_in_hand": {"player": Seated(1), "card": C("9C")},
    "must_capture": {"card": C("3D"), "targets": (C("7H"), C("7S"))},
    "not_on_layout": {"target": C("8H")},
    "rank_only": {"card": C("JS"), "target": C("QD")},
    "turned_rank_only": {"card": C("JS"), "target": C("QD")},
    "not_ten": {"card": C("3H"), "target": C("6D"), "total": 9},
    "turned_not_ten": {"card": C("3H"), "target": C("6D"), "total": 9},
    "trio_at_once": {"rank": 13, "first": C("KH")},
}


def test_every_refusal_code_has_a_sentence() -> None:
    assert set(NARRATION.refusals) == set(ONE_OF_EACH)
    for names in (Names.seats(2), Names.of(YOU_AND_OTHERS[:2])):
        for code, fields in ONE_OF_EACH.items():
            text = NARRATION.refusal(IllegalAction(code, **fields), names)
            assert text and "{" not in text and code not in text, (code, text)
    assert NARRATION.refusal(IllegalAction("trio_at_once", rank=13, first=C("KH")), Names.seats(2)) == (
        "The fourth of the three kings captures all three at once: that move is made on K♥.")


def test_the_refusals_made_in_play_have_sentences() -> None:
    """Every code the engine raises over random positions and random candidate moves is one the narration says."""
    rng = random.Random(3)
    codes: set[str] = set()
    for state, _ in playouts(range(6), rounds=1):
        if state.is_over():
            action = Discard(DECK[0])
            codes.add(state.refusal(action).reason)  # type: ignore[union-attr]
            continue
        for action in (Discard(rng.choice(DECK)), Capture(rng.choice(DECK), rng.choice(DECK)),
                       TakeWithStock(rng.choice(DECK))):
            refused = state.refusal(action)
            if refused is not None:
                codes.add(refused.reason)
                assert "{" not in NARRATION.refusal(refused, Names.seats(state.n))
    assert codes <= set(NARRATION.refusals)
    assert {"game_over", "not_in_hand", "no_turned_card", "not_on_layout"} <= codes


def candidates() -> list[Action]:
    """Every move of the game's kinds with the cards of the deck."""
    return ([Discard(c) for c in DECK] + [TakeWithStock(t) for t in DECK]
            + [Capture(c, t) for c in DECK for t in DECK])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_legality_test_agrees_with_the_legal_moves(players: int) -> None:
    """On random positions (both phases) every candidate move is legal exactly when `refusal` passes it, and a
    refused move raises that refusal and changes nothing."""
    rng = random.Random(players)
    every = candidates()
    checked = 0
    for seed in range(4):
        state = RULES.new_game(players, seed=seed)
        while not state.is_over():
            if rng.random() < 0.3:
                legal = set(state.legal_actions())
                passed = {a for a in every if state.refusal(a) is None}
                assert passed == legal
                for action in rng.sample(every, 20):
                    if action in legal:
                        continue
                    before = state.view(None)
                    with pytest.raises(IllegalAction) as refused:
                        state.apply(action, record=False)
                    assert refused.value.reason == state.refusal(action).reason  # type: ignore[union-attr]
                    assert state.view(None) == before
                checked += 1
            state.apply(rng.choice(state.legal_actions()), record=False)
    assert checked > 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_recording_changes_nothing_of_the_game(players: int) -> None:
    """`apply(action, record=False)` makes no event and leaves the same game as recording does."""
    for seed in range(10):
        loud = RULES.new_game(players, {"rounds": 2}, seed=seed)
        quiet = loud.clone()
        rng = random.Random(seed)
        while not loud.is_over():
            action = rng.choice(loud.legal_actions())
            loud.apply(action)
            assert quiet.apply(action, record=False) == []
            assert loud.view(None) == quiet.view(None) and loud.view(0) == quiet.view(0)
            assert loud.result() == quiet.result()


def test_the_held_beats_carry_the_engines_snapshots() -> None:
    """The turned stock card is held with the table as it stands before the card captures or joins the layout;
    the deal's end with its last picture; nobody acts in either."""
    for state, events in playouts(range(5)):
        for event in events:
            assert (event.hold > 0) == (event.snapshot is not None)
            if event.snapshot is None:
                continue
            assert isinstance(event.snapshot, Snapshot)
            view = event.snapshot.view(None)
            assert view["turn"] is None and view["legal"] is None and view["winners"] == []
            if event.kind == "turn":
                assert view["turned"] == event.cards[0] and view["stock"] == event.value
                assert game_status(view, Names.seats(state.n)) == f"Turned from the stock: {event.cards[0].label}."
            elif event.kind == "score":
                assert view["counts"] == [0] * state.n and view["points"] == list(event.value["points"])
                assert game_status(view, Names.seats(state.n)).startswith(f"Deal {event.value['deal']}: ")
            else:
                assert event.kind == "move" and view["layout"] == list(event.cards)
