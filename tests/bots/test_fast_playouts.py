"""The search's fast paths compute what the slow ones do: the engine's transition without a record, Kachuful's
playout policy on numbered cards (`policy_play`, the estimates) and whole playouts at once."""

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
from cardtable.games.kachuful.rules import BID, CARD_BIT, PLAY, RULES, KachufulState

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
            if world.phase == "play":
                assert kb.policy_play(world) == PLAY[kb.rule_card(world, seat)]
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
            assert kb.rollout_action.play_out(world.clone(), world, rng, 3, world.apply) is None


def test_kachuful_keeps_a_public_record_of_the_cards_seen_this_round() -> None:
    """`seen` (what the policy reads instead of gathering the played cards again) is exactly the cards played this
    round and the turned-up trump card, move by move, recorded or not, and after a determinization."""
    rng = random.Random(7)
    for seed in range(12):
        options = {"jokers": seed % 2 == 0, "trump": "turn_up" if seed % 3 else "rotate_no_trump", "hands": "up"}
        state = RULES.new_game(3 + seed % 4, options, seed=seed)
        while state.turn is not None and state.round < 3:
            played = [c for pile in state.won for c in pile] + [c for _, c in state.trick]
            if state.trump_card is not None:
                played.append(state.trump_card)
            assert state.seen == sum(CARD_BIT[c] for c in played)
            assert state.determinize(state.turn, rng).seen == state.seen
            state.apply(rng.choice(state.legal_actions()), record=seed % 2 == 0)


def test_the_search_with_the_fast_paths_builds_the_same_tree() -> None:
    """The hard bot's Kachuful search with whole playouts, and without (a plain function as the policy): the same
    statistics everywhere at the root."""
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
