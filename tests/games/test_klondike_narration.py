"""Klondike's words and its two speeds: every event a game records is of a declared kind and is said or deliberately
left unsaid, the person at the screen is spoken to as "you", every refusal has a sentence, recording changes nothing
of the game, and one predicate decides legality (legal_actions offers exactly what it accepts, and the solver's own
moves are what it accepts)."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.core.engine import Action, Event, IllegalAction
from cardtable.core.words import Names
from cardtable.games import get_game
from cardtable.games.klondike import solver
from cardtable.games.klondike.narration import NARRATION
from cardtable.games.klondike.rules import (
    FOUNDATIONS,
    RULES,
    TABLEAU,
    AutoFinish,
    Draw,
    KlondikeState,
    Move,
    Recycle,
    Resign,
)
from tests.games.conftest import arrange

OPTIONS = [
    {},
    {"draw": 3},
    {"draw": 1, "passes": "limited"},
    {"draw": 3, "passes": "limited", "scoring": "vegas"},
]
YOU = Names.of(["You"])
SEAT = Names.seats(1)
#: The kinds the table says nothing of: a card's flight, a card turning and the score in the status line say them.
SILENT = {"flip", "score"}
ZONES = ("stock", "waste", *TABLEAU, *FOUNDATIONS, "nowhere")
#: Every refusal code of the rules.
CODES = {
    "game_over", "not_an_action", "count_not_whole", "wrong_zones", "same_zone", "not_that_many", "empty_source",
    "face_down", "top_card_only", "one_to_foundation", "between_foundations", "ace_first", "foundation_by_suit",
    "king_only", "alternating", "stock_empty", "stock_empty_turn_waste", "stock_not_empty", "nothing_to_turn",
    "no_more_passes", "cannot_auto_finish",
}


def playout(options: dict[str, Any], seed: int, moves: int = 250) -> Iterator[tuple[KlondikeState, Action]]:
    """The positions of a seeded game of random legal moves (giving up only at its end), each with its action."""
    state = RULES.new_game(1, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            return
        legal = [a for a in state.legal_actions() if not isinstance(a, Resign)] or [Resign()]
        yield state, rng.choice(legal)


def won_game(seed: int = 3) -> list[Event]:
    """The events of a deal the solver wins, played to the end."""
    state = RULES.new_game(1, {}, seed=seed)
    line = solver.solve(state, time_limit=None, node_limit=50_000).line
    assert line, "the deal is won"
    return [event for action in line for event in state.apply(action)]


def candidates(state: KlondikeState) -> list[Action]:
    """Every action of the game's kinds on the table's zones, legal or not."""
    moves: list[Action] = [Move(src, dst, count) for src in ZONES for dst in ZONES for count in range(0, 15)]
    return [Draw(), Recycle(), AutoFinish(), Resign(), *moves]


# ----- events and their words ------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_every_recorded_event_is_declared_and_said_or_deliberately_silent(options: dict[str, Any]) -> None:
    events: list[Event] = []
    for seed in range(4):
        for state, action in playout(options, seed):
            events += state.apply(action)
        if not state.is_over():
            events += state.apply(Resign())
    events += won_game()
    kinds = {e.kind for e in events}
    assert kinds == set(RULES.event_kinds), "every kind shows up in these games"
    for event in events:
        said = NARRATION.event(event, SEAT)
        if event.kind in SILENT or (event.kind == "move" and (event.src, event.dst) != ("waste", "stock")):
            assert said is None, event
        else:
            assert said is not None and said.text, event


def test_the_end_of_a_game_is_said_to_you() -> None:
    events = won_game()
    win = next(e for e in events if e.kind == "win")
    assert NARRATION.event(win, YOU).text == f"You won in {win.value} moves!"
    assert NARRATION.event(win, Names(("Ada",))).text == f"Ada won in {win.value} moves!"
    state = RULES.new_game(1, {}, seed=1)
    (over,) = state.apply(Resign())
    assert NARRATION.event(over, YOU).text == "You gave up this deal."
    assert NARRATION.event(over, SEAT).text == "Seat 1 gave up this deal."


def test_the_waste_turning_over_is_said() -> None:
    state = arrange(RULES.new_game(1, {}, seed=1), waste="7S 6D")
    (turn,) = [e for e in state.apply(Recycle()) if e.kind == "move"]
    assert NARRATION.event(turn, YOU).text == "The waste turns over."


def test_no_sentence_says_you_in_the_third_person() -> None:
    events: list[Event] = won_game()
    for state, action in playout({}, 5):
        events += state.apply(action)
    events += RULES.new_game(1, {}, seed=2).apply(Resign())
    for event in events:
        said = NARRATION.event(event, YOU)
        if said is not None:
            assert not re.search(r"\bYou (is|was|wins|gives|plays|has)\b", said.text), said.text
            assert "Seat" not in said.text and "{" not in said.text


# ----- refusals ----------------------------------------------------------------------------------


def refused_codes() -> dict[str, str]:
    """Each refusal code met on random positions and on a few built ones, with its sentence."""
    found: dict[str, str] = {}

    def probe(state: KlondikeState, action: Any) -> None:
        try:
            state.clone().apply(action)
        except IllegalAction as error:
            found.setdefault(error.reason, NARRATION.refusal(error, SEAT))

    rng = random.Random(7)
    for options in OPTIONS:
        for state, action in playout(options, 1, 120):
            for _ in range(12):
                probe(state, Move(rng.choice(ZONES), rng.choice(ZONES), rng.choice((True, 0, 1, 1, 2, 3, 9, 30))))
            for other in (Draw(), Recycle(), AutoFinish(), Action(), None):
                probe(state, other)
            state.apply(action)
    limited = arrange(RULES.new_game(1, {"passes": "limited"}, seed=1), waste="7S 6D")
    probe(limited, Recycle())
    finished = RULES.new_game(1, {}, seed=1)
    finished.apply(Resign())
    probe(finished, Draw())
    on_ace = arrange(RULES.new_game(1, {}, seed=1), tableau=["AH", "5C"])
    probe(on_ace, Move("t1", "t0"))
    probe(on_ace, Move("t1", "t4"))  # not a King to an empty pile
    probe(on_ace, Draw())  # the stock and the waste are empty
    probe(on_ace, Recycle())
    return found


def test_every_refusal_has_a_sentence() -> None:
    found = refused_codes()
    assert set(found) == CODES
    for code, text in found.items():
        assert text and text != code and "{" not in text and len(text.split()) >= 3, (code, text)
    assert set(NARRATION.refusals) >= CODES - {"empty_source"}


def test_refusals_name_the_cards_and_the_rule() -> None:
    state = arrange(RULES.new_game(1, {}, seed=1), waste="9H", foundations=["AS"], tableau=["QD", "", "AH", "KS"])
    cases = {
        Move("waste", "t0"): "Piles build down in alternating colours: 9♥ cannot go on Q♦ (it needs a black J).",
        Move("t3", "f0"): "Foundations build up by suit: K♠ cannot go on A♠.",
        Move("waste", "f1"): "A foundation starts with an Ace, not a 9.",
        Move("t1", "t0"): "Pile 2 is empty.",
        Move("f1", "t0"): "The foundation is empty.",
    }
    for action, words in cases.items():
        error = state.refusal(action)
        assert error is not None and NARRATION.refusal(error, YOU) == words
    limited = arrange(RULES.new_game(1, {"draw": 3, "passes": "limited"}, seed=1), waste="7S")
    limited.recycles = 2
    error = limited.refusal(Recycle())
    assert NARRATION.refusal(error, YOU) == "No more passes through the stock: this game allows 3 passes."


def test_actions_are_named_for_buttons_and_logs() -> None:
    names = {
        Draw(): "Deal from the stock",
        Recycle(): "Turn the waste over",
        AutoFinish(): "Auto-finish",
        Resign(): "Give up",
        Move("waste", "f2"): "Move card from the waste to the foundation",
        Move("t0", "t6", 3): "Move 3 cards from pile 1 to pile 7",
    }
    for action, words in names.items():
        assert get_game("klondike").narration.action(action, YOU) == words


# ----- two speeds, one predicate ---------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_recording_off_plays_the_same_game(options: dict[str, Any]) -> None:
    for seed in range(3):
        fast = RULES.new_game(1, options, seed=seed)
        for state, action in playout(options, seed):
            assert fast.apply(action, record=False) == []
            assert state.apply(action)  # every recorded move says something
            assert fast.view(0) == state.view(0) and fast.legal_actions() == state.legal_actions()
            assert fast.score == state.score and fast.turn == state.turn


@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_legal_actions_are_what_the_predicate_accepts(options: dict[str, Any]) -> None:
    for state, action in playout(options, 11, 160):
        legal = state.legal_actions()
        accepted = [a for a in candidates(state) if state.refused(a) is None]
        assert set(legal) == set(accepted) and len(legal) == len(set(legal))
        for candidate in candidates(state)[:40]:
            assert (state.refusal(candidate) is None) == (candidate in legal)
        state.apply(action)


def test_auto_finish_is_offered_exactly_when_the_predicate_allows_it() -> None:
    state = arrange(RULES.new_game(1, {}, seed=1), foundations=["AS 2S", "AH", "AD", "AC"], tableau=["KS QH 3S"],
                    down=[1])
    assert AutoFinish() not in state.legal_actions() and state.refused(AutoFinish()) == "cannot_auto_finish"
    state = arrange(RULES.new_game(1, {}, seed=1), foundations=["AS 2S", "AH"], tableau=["3S", "2H"])
    assert AutoFinish() in state.legal_actions() and state.refused(AutoFinish()) is None


@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_the_solvers_moves_are_legal_by_the_predicate(options: dict[str, Any]) -> None:
    """The solver's own move generator (a compact position of its own) offers only moves the predicate accepts,
    and its idea of each move's result is the engine's."""
    tried = 0
    for state, action in playout(options, 21, 150):
        if state.is_over():
            break
        pos = solver._position(state)
        search = solver._Search(state, None, None, time.process_time)
        for move, _ in search.moves(pos, solver._NONE):
            steps = search.steps(pos, move) if move[0] == solver._CHAIN else [move]
            game = state.clone()
            solver._to_actions(game, steps, pos)  # raises at a step the predicate refuses
            after = pos
            for step in steps:
                after = search.play(after, step)
            mine = solver._position(game)
            assert (mine[0], mine[1], mine[2], mine[3]) == (after[0], after[1], after[2], after[3]), move
            tried += 1
        state.apply(action)
    assert tried > 50
