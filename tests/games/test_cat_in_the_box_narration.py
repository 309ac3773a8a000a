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


# ----- results, hints and the status line, said with the names ---------------------------------------------------


def scored(totals: tuple[int, ...], over: bool = True) -> CatState:
    """A three-seat game with one round scored as `totals`, over or not."""
    from cardtable.games.cat_in_the_box.rules import RoundRecord

    state = RULES.new_game(3, {"rounds": "per_player"}, seed=1)
    state.records = [RoundRecord(0, (1, 1, 1), (1, 1, 1), (0, 0, 0), None, totals)]
    if over:
        state.turn = None
    return state


def test_results_are_said_in_both_persons() -> None:
    result = scored((4, 6, 2)).result()
    assert not result.summary and result.values is not None
    assert NARRATION.result(result, names(3, 1)) == "You win with 6 points."
    assert NARRATION.result(result, names(3, 0)) == "Player 2 wins with 6 points."
    shared = scored((6, 6, 1)).result()
    assert NARRATION.result(shared, names(3, 1)) == "Player 1 and you share the victory with 6 points."
    assert NARRATION.result(shared, names(3, 0)) == "You and Player 2 share the victory with 6 points."
    assert NARRATION.result(shared, names(3, 2)) == "Player 1 and Player 2 share the victory with 6 points."


def test_the_standings_mid_game() -> None:
    state = scored((4, -1, 1), over=False)
    assert NARRATION.result(state.result(), names(3, 1)) == "After 1 round: Player 1 4, You -1, Player 3 1."
    fresh = RULES.new_game(3, {"rounds": "per_player"}, seed=1)
    assert NARRATION.result(fresh.result(), names(3, 1)) == "No round has been scored yet."


def test_the_end_of_a_played_game_is_said() -> None:
    for players, seed, options in GAMES[::3]:
        for state, action in playout(players, seed, options):
            state.apply(action)
        result = state.result()
        for you in range(players):
            text = NARRATION.result(result, names(players, you))
            assert "Seat " not in text and "{" not in text and text[0].isupper(), text
            assert ("You win" in text) == (result.winners == [you]), text
            assert ("you share" in text or "You and" in text or ", you " in text) == (
                you in result.winners and len(result.winners) > 1), text


def test_a_hint_says_its_reasons_with_the_names() -> None:
    from cardtable.games.plugin import Hint

    play = Play(Card(7, NUMBER_SUIT), "Y")
    hint = Hint(play, why="{why}.", fields={"reasons": ("you still need {need} tricks, and this should win the trick",
                                                        "the token joins your own for the bonus"), "need": 2})
    assert NARRATION.hint(hint, names(3, 0)) == ("Play 7 as yellow: you still need 2 tricks, and this should win the "
                                                 "trick; the token joins your own for the bonus.")
    hint = Hint(Predict(3), why="your cards look worth about {guess:.1f} tricks (high numbers win, red trumps).",
                fields={"guess": 2.75})
    assert NARRATION.hint(hint, names(3, 0)) == ("Predict 3: your cards look worth about 2.8 tricks (high numbers "
                                                 "win, red trumps).")


@pytest.mark.parametrize(("players", "seed", "options"), GAMES[::5])
def test_the_status_line_speaks_to_the_person_and_names_the_others(players: int, seed: int,
                                                                   options: dict[str, Any]) -> None:
    from cardtable.core.layout import TableContext
    from cardtable.games.cat_in_the_box.layout import LAYOUT

    named = tuple("You" if s == 0 else f"Player {s + 1}" for s in range(players))
    ctx = TableContext(1280, 800, (0, 0, 1280, 800), names=named, viewer=0)
    public = TableContext(1280, 800, (0, 0, 1280, 800), names=named, viewer=None)
    seen = set()
    for k, (state, action) in enumerate(playout(players, seed, options)):
        if k % 5:
            state.apply(action)
            continue
        turn = state.turn
        status = LAYOUT.status(state.view(0), ctx)
        shown = LAYOUT.status(state.view(None), public)
        for text in (status, shown):
            assert "Seat " not in text and "{" not in text and "You to" not in text, text
        if turn == 0:
            assert "Player" not in status.split(" \u00b7 ")[-1] and "Your turn to" in shown, (status, shown)
            seen.add("you")
        else:
            assert f"Player {turn + 1} to" in status and f"Player {turn + 1} to" in shown, status
            seen.add("other")
        state.apply(action)
    assert seen == {"you", "other"}
