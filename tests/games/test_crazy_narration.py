"""Crazy's words apart from its rules: every recorded event kind is declared and either said or deliberately
silent, the person called "You" is spoken to in the second person, every refusal code has a template that formats,
the two speeds of `apply` give the same game, and `refusal` (the one test of legality) agrees with
`legal_actions`."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from cardtable.core.cards import Card
from cardtable.core.engine import Event, IllegalAction
from cardtable.core.layout import TableContext
from cardtable.core.words import N_, Names, Seated
from cardtable.games.crazy import GAME
from cardtable.games.crazy.narration import NARRATION, CrazyNarration
from cardtable.games.crazy.rules import (
    COLOURS,
    CRAZY,
    DECK,
    DRAW,
    DRAW_FOUR,
    EVENT_KINDS,
    RULES,
    WILD,
    CrazyState,
    Play,
)
from cardtable.games.plugin import Hint

OPTION_SETS: list[dict[str, Any]] = [{}, {"choose_draw_four_colour": True, "score_by_points": True}]
#: Wrong second-person verbs: "You plays", "You wins", "You is", "You draws" ...
WRONG_YOU = re.compile(r"\b[Yy]ou (is|has|was|wins|plays|draws|keeps|loses|shares|cannots)\b|\btheir turn\b.*\bYou\b")


def you_first(players: int) -> Names:
    return Names.of(("You", *(f"P{s}" for s in range(1, players))))


def playout(seed: int, players: int, options: dict[str, Any]) -> tuple[CrazyState, list[list[Event]]]:
    """A seeded random game with recording on: the state at its end and each move's events (the deal's first)."""
    state = CrazyState(players, RULES.validate_options(options), seed)
    moves = [state.deal()]
    rng = random.Random(seed)
    while not state.is_over():
        moves.append(state.apply(rng.choice(state.legal_actions())))
    return state, moves


def games() -> list[tuple[CrazyState, list[list[Event]]]]:
    return [playout(seed, 2 + seed % 9, OPTION_SETS[seed % 2]) for seed in range(60)]


def test_the_plugin_uses_this_narration_and_declares_the_event_kinds() -> None:
    assert GAME.narration is NARRATION and isinstance(NARRATION, CrazyNarration)
    assert RULES.event_kinds == EVENT_KINDS
    said = set(NARRATION.lines) | NARRATION.silent | {"turn_up", "penalty", "win", "over"}
    assert said == set(EVENT_KINDS), "every kind is said or deliberately silent, and nothing else is"


def test_every_recorded_event_is_declared_and_said_or_deliberately_silent() -> None:
    seen: Counter[str] = Counter()
    for state, moves in games():
        for names in (Names.seats(state.n), you_first(state.n)):
            for events in moves:
                for event in events:
                    assert event.kind in EVENT_KINDS
                    seen[event.kind] += 1
                    said = NARRATION.event(event, names)
                    if event.kind in NARRATION.silent or (event.kind == "deal" and event.seat != 0):
                        assert said is None
                        continue
                    assert said is not None and said.text and "{" not in said.text, event
                    assert not WRONG_YOU.search(said.text), said.text
                    assert not WRONG_YOU.search(said.note), said.note
    assert {"deal", "turn_up", "first", "move", "colour", "random_colour", "skip", "reverse", "draw", "keep",
            "must_play", "penalty", "win", "over"} <= set(seen), seen


@pytest.mark.parametrize(("kind", "seat", "value", "other", "you", "you_note"), [
    ("move", 0, None, "Seat 1 plays red 5.", "You play red 5.", "play red 5."),
    ("skip", 0, None, "Seat 1 is skipped.", "You are skipped.", "are skipped."),
    ("keep", 0, None, "Seat 1 draws a card and keeps it.", "You draw a card and keep it.",
     "draw a card and keep it."),
    ("must_play", 0, None, "Seat 1 draws a card that can be played, and must play it.",
     "You draw a card that can be played, and must play it.", "draw a card that can be played, and must play it."),
    ("penalty", 0, {"count": 2, "got": 2, "loses": True}, "Seat 1 draws 2 cards and loses their turn.",
     "You draw 2 cards and lose your turn.", "draw 2 cards and lose your turn."),
    ("penalty", 0, {"count": 4, "got": 4, "loses": False}, "Seat 1 draws 4 cards.", "You draw 4 cards.",
     "draw 4 cards."),
    ("penalty", 0, {"count": 2, "got": 1, "loses": True},
     "Seat 1 must draw 2 cards, but only 1 is left to draw. Seat 1 loses their turn.",
     "You must draw 2 cards, but only 1 is left to draw. You lose your turn.", "draw 1 of 2 cards and lose your turn."),
    ("penalty", 0, {"count": 4, "got": 3, "loses": False}, "Seat 1 must draw 4 cards, but only 3 are left to draw.",
     "You must draw 4 cards, but only 3 are left to draw.", "draw 3 of 4 cards."),
    ("cannot_draw", 0, None, "Seat 1 cannot draw: no cards are left to draw. The turn passes.",
     "You cannot draw: no cards are left to draw. The turn passes.",
     "cannot draw: no cards are left to draw. The turn passes."),
    ("colour", 0, "G", "Seat 1 chose green.", "You chose green.", "chose green."),
    ("first", 0, None, "Seat 1 plays first.", "You play first.", "play first."),
    ("win", 0, {"points": 0, "shared": False}, "Seat 1 wins!", "You win!", "win!"),
    ("win", 0, {"points": 8, "shared": True}, "Seat 1 shares the win!", "You share the win!", "share the win!"),
])
def test_sentences_about_others_and_to_the_person(kind: str, seat: int, value: Any, other: str, you: str,
                                                   you_note: str) -> None:
    event = Event(kind, (Card(5, "R"),) if kind == "move" else (), seat=seat, value=value)
    said = NARRATION.event(event, Names.seats(3))
    assert said is not None and said.text == other and said.note
    assert other.endswith(said.note) or kind == "penalty"  # a short penalty's note says it shortly
    said = NARRATION.event(event, you_first(3))
    assert said is not None and (said.text, said.note) == (you, you_note)


def test_sentences_without_a_subject() -> None:
    names = you_first(3)
    assert NARRATION.event(Event("reverse", seat=0, value=-1), names).text == "Play goes anticlockwise."
    assert NARRATION.event(Event("random_colour", seat=0, value="B"), names).text == (
        "The colour is now blue (chosen at random).")
    assert NARRATION.event(Event("turn_up", (Card(10, "G"),), "draw", "discard"), names).text == (
        "Green Skip is turned up: not a number card, so another is turned up.")
    assert NARRATION.event(Event("turn_up", (Card(3, "Y"),), "draw", "discard"), names).text == (
        "Yellow 3 is turned up.")
    assert NARRATION.event(Event("turn_limit", value=2000), names).text == (
        "2,000 turns without a winner: the fewest cards wins.")
    assert NARRATION.event(Event("deal", seat=0, value=7), names).text == "7 cards are dealt to each player."
    assert NARRATION.event(Event("deal", seat=1, value=7), names) is None
    assert NARRATION.event(Event("draw", (), "draw", "hand0", 0, value=2), names) is None


def test_the_summary_speaks_to_the_person() -> None:
    outcome = {"over": True, "winners": (0,), "turns": 40, "left": (0, 3, 5), "turn_limit": None, "points": 21}
    assert NARRATION.summary(outcome, Names.seats(3)) == (
        "Seat 1 wins, out of cards after 40 turns. Cards left: Seat 1 0, Seat 2 3, Seat 3 5. 21 points to Seat 1.")
    assert NARRATION.summary(outcome, you_first(3)) == (
        "You win, out of cards after 40 turns. Cards left: You 0, P1 3, P2 5. 21 points to you.")
    shared = {**outcome, "winners": (0, 2), "turn_limit": 2000, "left": (1, 3, 1), "points": 8}
    assert NARRATION.summary(shared, you_first(3)) == (
        "No winner after 2,000 turns: you and P2 share the win with the fewest cards (1). "
        "Cards left: You 1, P1 3, P2 1. 8 points to each winner.")


def test_results_are_said_in_both_persons() -> None:
    wins = set()
    for state, _ in games()[:24]:
        result = state.result()
        assert not result.summary, "the engine writes no English"
        n, winners = state.n, result.winners
        you, others = NARRATION.result(result, you_first(n)), NARRATION.result(result, Names.seats(n))
        assert "Seat" not in you and not WRONG_YOU.search(you), you
        if len(winners) == 1 and not state.safety_end:
            w = winners[0]
            assert others.startswith(f"Seat {w + 1} wins, out of cards after {state.turns} turns."), others
            assert you.startswith("You win, out of cards" if w == 0 else f"P{w} wins, out of cards"), you
            wins.add(w == 0)
            if state.score_points:
                assert you.endswith(" to you.") == (w == 0), you
    assert wins == {True, False}


def test_the_standings_mid_game() -> None:
    state = RULES.new_game(3, {}, seed=5)
    rng = random.Random(5)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()), record=False)
    left = ", ".join(f"{name} {len(hand)}" for name, hand in zip(("You", "P1", "P2"), state.hands, strict=True))
    assert NARRATION.result(state.result(), you_first(3)) == f"Turn {state.turns + 1}. Cards left: {left}."


def test_a_hints_reason_is_said_with_the_names() -> None:
    hint = Hint(Play(Card(5, "R")), why=N_("{player} holds one card: {card} stops nobody"),
                fields={"player": Seated(2), "card": Card(5, "R")})
    assert NARRATION.hint(hint, you_first(3)) == "Play red 5: P2 holds one card: red 5 stops nobody"
    hint = Hint(DRAW, why=N_("{player} cannot play"), fields={"player": Seated(0)})
    assert NARRATION.hint(hint, you_first(3)) == "Draw a card: you cannot play"
    assert NARRATION.hint(hint, Names.seats(3)) == "Draw a card: Seat 1 cannot play"


def test_the_status_speaks_to_you_and_names_the_others() -> None:
    names = ("You", "Ada", "Bo", "Cy")
    seen = set()
    for seed in range(4):
        state = RULES.new_game(2 + seed % 3, OPTION_SETS[seed % 2], seed=seed)
        rng = random.Random(seed)
        while True:
            for seat in (0, 1, None):
                ctx = TableContext(1280, 800, (0, 40, 1280, 720), names[:state.n], seat)
                status = GAME.layout.build(state.view(seat), ctx).status
                assert status and "Seat " not in status and "{" not in status, status
                assert not WRONG_YOU.search(status), status
                if state.turn is None:
                    continue
                if state.turn in (0, seat):  # the person's turn, or the seat at the screen's
                    assert re.search(r"\u00b7 (You|Your) ", status), status
                    seen.add("you")
                else:
                    assert f"\u00b7 {names[state.turn]} " in status, status
                    seen.add("other")
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()), record=False)
    assert seen == {"you", "other"}


# ----- refusals -----------------------------------------------------------------------------------


def refusals() -> list[IllegalAction]:
    """One refusal of every code the rules give, found by asking `refusal` about odd actions in real games."""
    found: dict[str, IllegalAction] = {}
    for seed in range(40):
        state = RULES.new_game(2 + seed % 9, OPTION_SETS[seed % 2], seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            turn = state.turn
            probes = [DRAW, Play(rng.choice(DECK)), Play(rng.choice(DECK), rng.choice(COLOURS)), "draw",
                      Play(("R", 1))]  # type: ignore[arg-type]
            probes += [Play(c, "X") for c in state.hands[turn] if c.suit == WILD]
            for probe in probes:
                error = state.refusal(probe)  # type: ignore[arg-type]
                if error is not None:
                    found.setdefault(error.reason, error)
            state.apply(rng.choice(state.legal_actions()), record=False)
        found.setdefault("game_over", state.refusal(DRAW))  # type: ignore[arg-type]
    return list(found.values())


def test_every_refusal_code_has_a_template_that_formats() -> None:
    errors = refusals()
    assert {e.reason for e in errors} == set(NARRATION.refusals), "every code is reached and has its words"
    for error in errors:
        for names in (Names.seats(10), Names.of(("You",) * 10)):
            text = NARRATION.refusal(error, names)
            assert text and "{" not in text and len(text.split()) >= 4, (error.reason, text)
            assert not WRONG_YOU.search(text), text
            assert "their hand" not in text or not names.is_you(0), text
    assert set(NARRATION.you_refusals) <= set(NARRATION.refusals)


def test_refusals_to_the_person_are_written_out() -> None:
    you = you_first(2)
    card = Card(5, "R")
    assert NARRATION.refusal(IllegalAction("can_play", seat=Seated(0), card=card), you) == (
        "You can play red 5, so you must play a card: only a player who cannot play draws.")
    assert NARRATION.refusal(IllegalAction("can_play", seat=Seated(1), card=card), you) == (
        "P1 can play red 5, so they must play a card: only a player who cannot play draws.")
    assert NARRATION.refusal(IllegalAction("must_play_drawn", seat=Seated(0), card=Card(CRAZY, WILD)), you) == (
        "You drew Crazy, which can be played: you must play it now.")
    assert NARRATION.refusal(IllegalAction("no_match", card=Card(9, "G"), colour="R", label=5), you) == (
        "Green 9 matches neither the colour (red) nor the label (5) of the discard pile, and it is not a wild card.")
    assert NARRATION.refusal(IllegalAction("not_in_hand", seat=Seated(0), card="('R', 1)"), you) == (
        "It is your turn, and ('R', 1) is not in your hand.")


def test_actions_are_named_by_the_narration() -> None:
    names = Names.seats(4)
    assert NARRATION.action(Play(Card(5, "R")), names) == "Play red 5"
    assert NARRATION.action(Play(Card(CRAZY, WILD), "G"), names) == "Play Crazy: choose green"
    assert NARRATION.action(Play(Card(DRAW_FOUR, WILD)), names) == "Play Crazy Draw Four (random colour)"
    assert NARRATION.action(DRAW, names) == "Draw a card"


# ----- the two speeds and the one predicate ---------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_recording_off_gives_the_same_game_and_no_events(seed: int) -> None:
    players, options = 2 + seed, OPTION_SETS[seed % 2]
    slow = RULES.new_game(players, options, seed=seed)
    fast = RULES.new_game(players, options, seed=seed)
    rng = random.Random(seed)
    while not slow.is_over():
        action = rng.choice(slow.legal_actions())
        assert slow.apply(action)
        assert fast.apply(action, record=False) == []
        assert fast.view(None) == slow.view(None) and fast.hands == slow.hands and fast.draw == slow.draw
        assert (fast.chance, fast.turns, fast.colour, fast.drawn) == (slow.chance, slow.turns, slow.colour, slow.drawn)
    assert fast.result() == slow.result()


def candidates(state: CrazyState) -> list[Any]:
    """Every action that might be played now: each card of the deck with and without each colour, and a draw."""
    return [DRAW] + [Play(c, colour) for c in DECK for colour in (None, *COLOURS)]


@pytest.mark.parametrize("seed", range(6))
def test_refusal_agrees_with_legal_actions(seed: int) -> None:
    """For random positions, an action is legal exactly when `refusal` lets it pass."""
    options = OPTION_SETS[seed % 2]
    state = RULES.new_game(2 + seed, options, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over() and steps < 120:
        legal = state.legal_actions()
        passing = [a for a in candidates(state) if state.refusal(a) is None]
        assert Counter(passing) == Counter(legal), "legal_actions offers exactly what refusal lets pass"
        state.apply(rng.choice(legal), record=False)
        steps += 1
    if state.is_over():
        assert all(state.refusal(a) is not None for a in candidates(state))
