"""The search's fast paths compute what the slow ones do: the engine's transition without a record, Kachuful's
playout policy on numbered cards (`_Sim`, `fast_card`, the estimates) and whole playouts at once."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from cardtable.bots.ismcts import ISMCTSBot, transition
from cardtable.bots.rollouts import RolloutBot
from cardtable.core.engine import Action
from cardtable.games import get_game
from cardtable.games.kachuful import bots as kb
from cardtable.games.kachuful.rules import BID, PLAY, RULES, KachufulState

OPTION_SETS: list[dict[str, Any]] = [
    {"hands": "7", "trump": "turn_up"},
    {"jokers": True},
    {"trump": "rotate_no_trump"},
    {"jokers": True, "trump": "rotate_no_trump", "scoring": "penalty", "penalty_factor": 2},
    {"bidding": "simultaneous", "jokers": True, "trump": "rotate_no_trump", "hands": "up"},
]


class _Recording:
    def __init__(self) -> None:
        self.calls: list[tuple[Action, bool]] = []

    def apply(self, action: Action, record: bool = True) -> list:
        self.calls.append((action, record))
        return []


class _Plain:
    def __init__(self) -> None:
        self.calls: list[Action] = []

    def apply(self, action: Action) -> list:
        self.calls.append(action)
        return []


def test_the_search_applies_moves_without_a_record_where_the_engine_can() -> None:
    fast, plain = _Recording(), _Plain()
    transition(fast)(BID[1])  # type: ignore[arg-type]
    transition(plain)(BID[2])  # type: ignore[arg-type]
    assert fast.calls == [(BID[1], False)]
    assert plain.calls == [BID[2]]


def _old_policy(state: KachufulState, rng: random.Random) -> Action:
    """The playout policy as it was: everything worked out from the state's fields with Card sets."""
    seat = state.turn
    assert seat is not None
    if state.phase == "bid":
        higher_unseen, q = kb._seen_from_fields(state, seat)
        estimate = kb._expected_tricks(state.hands[seat], state.trump, state.jokers, state.n, state.hand_size,
                                       higher_unseen, q)
        return BID[kb._nearest(estimate, state.legal_bids())]
    return PLAY[kb.rule_card(state, seat)]


def _worlds(options: dict[str, Any], players: int, seeds: range):
    """Determinized worlds along seeded random games (the first rounds), for the seat to act."""
    for seed in seeds:
        state = RULES.new_game(players, options, seed=seed)
        rng = random.Random(seed)
        while state.turn is not None and state.round < 2:
            yield state.determinize(state.turn, rng), rng
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_kachuful_numbered_policy_and_estimates_are_the_rule_bots(options: dict[str, Any]) -> None:
    compared = 0
    for players in (3, 4, 6):
        for world, rng in _worlds(options, players, range(4)):
            seat = world.turn
            for s in range(players):
                higher_unseen, q = kb._seen_from_fields(world, s)
                old = kb._expected_tricks(world.hands[s], world.trump, world.jokers, world.n, world.hand_size,
                                          higher_unseen, q)
                assert kb.quick_estimate(world, s) == old
            expected = _old_policy(world, rng)
            assert kb.rollout_action(world, rng) == expected
            sim = kb.rollout_action.simulator(world)
            assert kb.rollout_action(sim, rng) == expected
            assert sim.legal_actions() == world.legal_actions()
            if world.phase == "play":
                assert kb.fast_card(world, seat) == kb.rule_card(world, seat)
                compared += 1
    assert compared > 100


@pytest.mark.parametrize("options", OPTION_SETS)
def test_kachuful_whole_playouts_score_as_move_by_move_ones(options: dict[str, Any]) -> None:
    for players in (3, 4, 5):
        for world, rng in _worlds(options, players, range(3)):
            slow, fast = world.clone(), world.clone()
            while slow.turn is not None and not kb.search_done(slow, world):
                slow.apply(_old_policy(slow, rng))
            expected = kb.search_reward(slow, world)
            assert kb.rollout_action.play_out(fast, world, rng, 400, fast.apply) == expected
            sim = kb.rollout_action.simulator(world.clone())
            assert kb.rollout_action.play_out(sim, world, rng, 400, sim.apply) == expected
            assert kb.rollout_action.play_out(world.clone(), world, rng, 3, world.apply) is None


def test_kachuful_stand_in_moves_as_the_engine_does() -> None:
    rng = random.Random(5)
    for seed in range(40):
        options = {"jokers": seed % 2 == 0, "trump": "turn_up" if seed % 3 else "rotate_no_trump",
                   "hook": seed % 5 != 0}
        state = RULES.new_game(3 + seed % 4, options, seed=seed)
        for _ in range(seed % 6):  # from the bids, or from the play
            state.apply(rng.choice(state.legal_actions()))
        sim = kb.rollout_action.simulator(state.clone())
        assert sim is not state and type(sim) is not KachufulState
        copy = sim.clone()
        while state.round == 0:
            assert sim.turn == state.turn
            assert sim.legal_actions() == state.legal_actions()
            action = rng.choice(state.legal_actions())
            state.apply(action)
            sim.apply(action, record=False)
        assert sim.turn is None and sim.round == 1
        assert (sim.bids, sim.tricks) == (list(state.history[0][3]), list(state.history[0][4]))
        assert copy.turn is not None and copy.left > 0  # clones are independent
    simultaneous = RULES.new_game(4, {"bidding": "simultaneous"}, seed=1)
    assert kb.rollout_action.simulator(simultaneous) is simultaneous  # hidden bids: the engine's own state


def test_the_search_with_the_fast_paths_builds_the_same_tree() -> None:
    """The hard bot's Kachuful search with the stand-in and whole playouts, and with neither (a plain function
    as the policy): the same statistics everywhere at the root."""
    game = get_game("kachuful")
    hooks = game.search
    slow_hooks = dataclasses.replace(hooks, rollout=lambda state, rng: kb.rollout_action(state, rng))
    settings = dict(hooks.settings)
    settings.update(iterations=150, time_limit=None, particles=32)
    for seed in range(4):
        state = RULES.new_game(4, {"hands": "7", "trump": "turn_up"}, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 16)):
            state.apply(rng.choice(state.legal_actions()))
        trees = []
        for h in (hooks, slow_hooks):
            bot = ISMCTSBot(seed, hooks=h, **settings)
            root = bot.search(state.determinize(state.turn, random.Random(seed)), state.turn)
            trees.append(sorted((repr(a), c.visits, c.avail, round(c.total, 9)) for a, c in root.children.items()))
        assert trees[0] == trees[1]


def test_rollouts_with_the_fast_paths_value_the_moves_alike() -> None:
    hooks = get_game("kachuful").search
    slow_hooks = dataclasses.replace(hooks, rollout=lambda state, rng: kb.rollout_action(state, rng))
    for seed in range(4):
        state = RULES.new_game(4, {"hands": "7", "trump": "turn_up"}, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 16)):
            state.apply(rng.choice(state.legal_actions()))
        found = []
        for h in (hooks, slow_hooks):
            bot = RolloutBot(seed, iterations=120, particles=32, hooks=h)
            choice = bot.choose(state.determinize(state.turn, random.Random(seed)), state.turn)
            found.append((choice, bot.last_values, bot.last_iterations))
        assert found[0] == found[1]
