"""The two speeds of one transition: a game replayed with recording off ends in exactly the state it reaches with
recording on, move by move, and the fast transition returns no events; what is recorded is of the game's declared
kinds, and every held beat carries the engine's picture of it."""

from __future__ import annotations

import pytest

from cardtable.games import REGISTRY
from tests.timeline.conftest import seeded_game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_recording_on_and_off_give_the_same_game(game_id: str, seed: int) -> None:
    rules = REGISTRY[game_id]
    fast = rules.new_game(rules.usual_players, {}, seed=seed)
    players = len(fast.result().scores)
    for state, action in seeded_game(game_id, seed, 400):
        assert fast.apply(action, record=False) == []
        state.apply(action, record=True)
        assert fast.turn == state.turn
        assert fast.view(None) == state.view(None)
        for seat in range(players):
            assert fast.view(seat) == state.view(seat)
        assert fast.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("seed", [4, 5])
def test_every_recorded_event_is_of_a_declared_kind_and_every_beat_has_its_picture(game_id: str, seed: int) -> None:
    rules = REGISTRY[game_id]
    kinds = set(rules.event_kinds)
    assert kinds, f"{game_id} declares the kinds of its events"
    for state, action in seeded_game(game_id, seed, 600):
        for event in state.apply(action):
            assert event.kind in kinds, f"{game_id} recorded an undeclared kind {event.kind!r}"
            assert (event.hold > 0) == (event.snapshot is not None), \
                f"{game_id}'s {event.kind}: a held beat carries the engine's picture of it, and only a held beat"
