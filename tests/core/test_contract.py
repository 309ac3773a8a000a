"""The DESIGN.md contract, checked the same way for every registered game.

Everything here goes through the contract only (no game internals), as tools outside the UI do.
"""

from __future__ import annotations

import random

import pytest

from cardtable.core.engine import Action, IllegalAction, Option, Result, State
from cardtable.games import REGISTRY, get_rules

GAMES = sorted(REGISTRY)


def playout(state: State, rng: random.Random, limit: int) -> list[Action]:
    actions = []
    while state.turn is not None and len(actions) < limit:
        legal = state.legal_actions()
        assert legal, "legal_actions() is empty while turn is not None"
        action = rng.choice(legal)
        state.apply(action)
        actions.append(action)
    return actions


@pytest.mark.parametrize("game_id", GAMES)
def test_metadata(game_id: str) -> None:
    rules = get_rules(game_id)
    assert rules.id == game_id and rules.title
    assert isinstance(rules.players, range) and len(rules.players) >= 1
    assert all(isinstance(o, Option) and o.default in o.choices for o in rules.options)
    with pytest.raises(ValueError, match="no_such_option"):
        rules.new_game(rules.players.start, {"no_such_option": 1}, seed=1)
    with pytest.raises(ValueError):
        rules.new_game(rules.players.stop, {}, seed=1)


@pytest.mark.parametrize("game_id", GAMES)
def test_seeded_games_reproduce_and_keep_the_contract(game_id: str) -> None:
    rules = get_rules(game_id)
    for players in rules.players:
        for seed in range(3):
            state = rules.new_game(players, {}, seed=seed)
            twin = rules.new_game(players, {}, seed=seed)
            assert state.view(None) == twin.view(None)
            actions = playout(state, random.Random(seed), 400)
            for action in actions:
                rebuilt = rules.action_from_json(action.to_json())
                assert rebuilt == action
                twin.apply(rebuilt)
            assert state.view(None) == twin.view(None)
            for seat in range(players):
                assert state.view(seat) == twin.view(seat)
            result = state.result()
            assert isinstance(result, Result) and len(result.scores) == players
            assert all(0 <= w < players for w in result.winners)
            assert state.is_over() == (state.turn is None)


@pytest.mark.parametrize("game_id", GAMES)
def test_clone_determinize_and_illegal_actions(game_id: str) -> None:
    rules = get_rules(game_id)
    players = rules.usual_players
    state = rules.new_game(players, {}, seed=11)
    rng = random.Random(5)
    foreign: list[Action] = []
    for step in range(120):
        if state.turn is None:
            break
        legal = state.legal_actions()
        seat = state.turn
        # clone is independent
        copy = state.clone()
        copy.apply(rng.choice(copy.legal_actions()))
        assert state.legal_actions() == legal
        # determinize keeps what `seat` sees
        sample = state.determinize(seat, random.Random(step))
        assert sample.view(seat) == state.view(seat)
        assert sample.turn == seat and sample.legal_actions() == legal
        # an action that is not legal now is refused with a reason, and nothing changes
        for other in foreign[-5:]:
            if other in legal:
                continue
            before = (state.view(None), [state.view(s) for s in range(players)], state.turn)
            with pytest.raises(IllegalAction) as refused:
                state.apply(other)
            assert refused.value.reason
            assert (state.view(None), [state.view(s) for s in range(players)], state.turn) == before
        action = rng.choice(legal)
        foreign.append(action)
        state.apply(action)
