"""Cat in the Box's words: every recorded event is of a declared kind and is said, to someone else and to "you";
every refusal has a sentence; recording changes nothing of the game; and the legal moves are exactly the moves the
rules' one check accepts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.core.cards import Card
from cardtable.core.engine import Action, IllegalAction
from cardtable.core.words import Names
from cardtable.games import get_game
from cardtable.games.cat_in_the_box.narration import NARRATION
from cardtable.games.cat_in_the_box.rules import (
    COLOURS,
    NUMBER_SUIT,
    PARADOX,
    PREDICTIONS,
    RULES,
    CatState,
    Discard,
    Play,
    Predict,
)

OPTIONS: list[dict[str, Any]] = [{}, {"rounds": "per_player", "red_lead": "broken", "voluntary_void": "on"},
                                 {"red_lead": "broken"}, {"voluntary_void": "on"}]
GAMES = [(players, seed, OPTIONS[seed % len(OPTIONS)]) for players in range(2, 6) for seed in range(4)]


def playout(players: int, seed: int, options: dict[str, Any]) -> Iterator[tuple[CatState, Action]]:
    """The positions of a seeded game of random legal moves, each with the move made there (the caller makes it)."""
    state = RULES.new_game(players, options, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        legal = state.legal_actions()
        yield state, legal[rng.randrange(len(legal))]


def names(players: int, you: int) -> Names:
    """The seats by name, the seat `you` called "You" (spoken to)."""
    return Names.of("You" if s == you else f"Player {s + 1}" for s in range(players))


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_every_event_is_of_a_declared_kind_and_is_said(players: int, seed: int, options: dict[str, Any]) -> None:
    assert get_game("cat_in_the_box").narration is NARRATION
    kinds = set(RULES.event_kinds)
    seen: set[str] = set()
    for state, action in playout(players, seed, options):
        for event in state.apply(action):
            assert event.kind in kinds
            seen.add(event.kind)
            for speaker in (Names.seats(players), names(players, 0), names(players, 1)):
                said = NARRATION.event(event, speaker)
                assert said is not None and said.text and "{" not in said.text, event
                for wrong in ("You plays", "You wins", "You is", "You has", "You discards", "You predicts",
                              "You holds", "You starts"):
                    assert wrong not in said.text, said.text
            if event.seat is not None and event.kind in ("move", "predict", "trick"):
                you = NARRATION.event(event, names(players, event.seat))
                assert you is not None and you.text.startswith("You ") and you.note
                assert not you.note.startswith(("discards", "predicts", "plays", "wins")), you.note
    assert {"move", "predict", "trick", "score"} <= seen


def test_the_sentences_to_you_and_of_others() -> None:
    state = RULES.new_game(3, {}, seed=5)
    you, ann = names(3, 0), Names.of(("Ann", "You", "Cy"))
    event = state.apply(state.legal_actions()[0])[0]
    assert NARRATION.event(event, you).text == "You discard a card."
    assert NARRATION.event(event, you).note == "discard a card."
    assert NARRATION.event(event, ann).text == "Ann discards a card."
    assert NARRATION.event(event, ann).note == "discards a card."
    while state.phase == "discard":
        state.apply(state.legal_actions()[0])
    event = state.apply(Predict(2))[0]
    assert (NARRATION.event(event, you).text, NARRATION.event(event, ann).text) == ("You predict 2.", "Ann predicts 2.")
    while state.phase == "predict":
        state.apply(Predict(1))
    play = state.legal_plays(0)[0]
    event = state.apply(play)[0]
    colour = {"R": "red", "B": "blue", "Y": "yellow", "G": "green"}[play.colour]
    assert NARRATION.event(event, you).text == f"You play {play.card.rank} as {colour}."
    assert NARRATION.event(event, ann).note == f"plays {play.card.rank} as {colour}."
    assert NARRATION.action(play, you) == f"Play {play.card.rank} as {colour}"
    assert NARRATION.action(PARADOX, you) == "Paradox"


def candidates(state: CatState) -> list[Action]:
    """Moves to try at a position: every number of every seat's hand, each copy, as each colour (and an unknown
    one), and every other kind of move."""
    cards = sorted({c for hand in state.hands for c in hand} | {Card(9, NUMBER_SUIT, 4)})
    out: list[Action] = [Play(c, colour) for c in cards for colour in (*COLOURS, "X")]
    out += [Discard(c) for c in cards] + [Predict(k) for k in (0, *PREDICTIONS, 5)]
    out += [PARADOX, Play("7", "R"), Discard("7")]  # type: ignore[arg-type]
    return out


def test_the_legal_moves_are_the_moves_the_one_check_accepts_and_every_refusal_is_said() -> None:
    codes: set[str] = set()
    for players, seed, options in GAMES:
        for state, action in playout(players, seed, options):
            legal = state.legal_actions()
            for candidate in candidates(state):
                refused = state.refusal(candidate)
                assert (candidate in legal) == (refused is None), (candidate, refused)
                if refused is None:
                    continue
                codes.add(refused.reason)
                for speaker in (Names.seats(players), names(players, state.turn)):
                    text = NARRATION.refusal(refused, speaker)
                    assert refused.reason in NARRATION.refusals and text and "{" not in text
                    for wrong in ("You has", "You holds", "You is", "to You"):
                        assert wrong not in text, text
            state.apply(action, record=False)
        refused = state.refusal(PARADOX)
        assert refused is not None
        codes.add(refused.reason)
    assert codes == set(NARRATION.refusals), set(NARRATION.refusals) - codes


def test_a_refused_move_changes_nothing_and_says_why() -> None:
    state = RULES.new_game(4, {}, seed=3)
    before = state.view(None)
    with pytest.raises(IllegalAction) as caught:
        state.apply(Predict(2))
    assert state.view(None) == before
    assert NARRATION.refusal(caught.value, names(4, 0)) == "Each player first discards one card."


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_recording_off_plays_the_same_game(players: int, seed: int, options: dict[str, Any]) -> None:
    fast = RULES.new_game(players, options, seed=seed)
    for state, action in playout(players, seed, options):
        assert fast.apply(action, record=False) == []
        assert state.apply(action)
        for seat in (None, *range(players)):
            assert fast.view(seat) == state.view(seat)
        assert fast.legal_actions() == state.legal_actions()
    assert fast.result() == state.result()


def test_a_held_beat_shows_the_full_trick_with_no_one_to_act() -> None:
    for state, action in playout(4, 2, {}):
        if isinstance(action, Play) and len(state.trick) == 3:
            break
        state.apply(action, record=False)
    events = state.apply(action)
    held = [e for e in events if e.hold]
    assert held[0].kind == "move" and held[0].snapshot is not None
    view = held[0].snapshot.view(0)
    assert [card for _, card, _ in view["trick"]][-1] == action.card and view["turn"] is None
    assert view["board"][(action.card.rank, action.colour)] == events[0].seat
    assert view["legal_plays"] == [] and not state.trick
