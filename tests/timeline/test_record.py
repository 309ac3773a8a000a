"""The two speeds of one transition: a game replayed with recording off ends in exactly the state it reaches with
recording on, move by move, and the fast transition returns no events."""

from __future__ import annotations

import pytest

from cardtable.games import REGISTRY
from tests.timeline.conftest import records, seeded_game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_recording_on_and_off_give_the_same_game(game_id: str, seed: int) -> None:
    rules = REGISTRY[game_id]
    fast = rules.new_game(rules.usual_players, {}, seed=seed)
    if not records(fast):
        pytest.skip(f"{game_id} has one speed yet")
    players = len(fast.result().scores)
    for state, action in seeded_game(game_id, seed, 400):
        assert fast.apply(action, record=False) == []
        state.apply(action, record=True)
        assert fast.turn == state.turn
        assert fast.view(None) == state.view(None)
        for seat in range(players):
            assert fast.view(seat) == state.view(seat)
        assert fast.legal_actions() == state.legal_actions()
