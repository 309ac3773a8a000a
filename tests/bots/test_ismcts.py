"""The ISMCTS bot: legal, deterministic for a seed, blind to everything but `determinize`, within its budget."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import make_hard_bot
from cardtable.bots.ismcts import ISMCTSBot, SearchHooks, default_reward
from cardtable.bots.rollouts import RolloutBot
from cardtable.core.engine import Action, Result, State
from cardtable.games import REGISTRY, GamePlugin, get_game, get_rules
from cardtable.games.kachuful import bots as kachuful_bots
from cardtable.games.kachuful.rules import KachufulState
from tests.bots.conftest import Sealed

MULTI = sorted(g for g in REGISTRY if REGISTRY[g].players.stop - 1 > 1)


def quick(game_id: str, seed: int, iterations: int = 40) -> ISMCTSBot | RolloutBot:
    """The game's hard bot (a tree search, or rollouts where the game chose them) on a small budget."""
    bot = make_hard_bot(get_game(game_id), seed, iterations=iterations, time_limit=None)
    assert isinstance(bot, ISMCTSBot | RolloutBot)
    return bot


def players_for(game_id: str) -> int:
    rules = get_rules(game_id)
    return rules.players.start if game_id == "klondike" else max(rules.players.start, min(4, rules.players.stop - 1))


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_legal_actions_through_a_game(game_id: str) -> None:
    rules = get_rules(game_id)
    state = rules.new_game(players_for(game_id), {}, seed=5)
    bot = quick(game_id, 1, iterations=15)
    rng = random.Random(2)
    for _ in range(25):
        if state.turn is None:
            break
        seat = state.turn
        action = bot.choose(state.determinize(seat, rng), seat)
        assert action in state.legal_actions()
        state.apply(action)


@pytest.mark.parametrize("game_id", MULTI)
def test_the_bot_sees_the_state_only_through_determinize(game_id: str) -> None:
    """Wrapped so that reading anything but turn, legal actions and determinizations raises (over as many games
    as it takes to meet two decisions: in some games most moves are forced)."""
    rules = get_rules(game_id)
    rng = random.Random(3)
    checked = 0
    for seed in range(8, 40):
        state = rules.new_game(players_for(game_id), {}, seed=seed)
        for step in range(40):
            if state.turn is None or checked >= 2:
                break
            seat = state.turn
            if len(state.legal_actions()) > 1 and step % 3 == 0:
                bot = quick(game_id, step, iterations=30)
                assert bot.choose(Sealed(state), seat) in state.legal_actions()  # type: ignore[abstract]
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked >= 2


def test_hidden_cards_do_not_change_the_decision() -> None:
    """Two deals that differ only in cards the seat cannot see, and determinize the same way (a canonical
    determinizer, so the samples match): the same seed makes the same decision."""
    rules = get_rules("kachuful")
    state = rules.new_game(4, {}, seed=21)
    for _ in range(6):  # the four bids and two cards
        state.apply(state.legal_actions()[0])
    seat = state.turn
    assert seat is not None
    other = state.determinize(seat, random.Random(77))
    assert other.view(seat) == state.view(seat) and other.hands != state.hands

    class Canonical(Sealed):
        def determinize(self, seat: int | None, rng: random.Random) -> State:
            inner = self._inner.clone()
            others = [s for s in range(inner.n) if s != seat]
            pool = sorted(c for s in others for c in inner.hands[s]) + sorted(inner.deck)
            for s in others:  # the same hidden cards, dealt from a canonical order: no trace of the real deal
                inner.hands[s], pool = pool[: len(inner.hands[s])], pool[len(inner.hands[s]):]
            inner.deck = pool
            return inner.determinize(seat, rng)

    a = quick("kachuful", 9, iterations=60).choose(Canonical(state), seat)  # type: ignore[abstract]
    b = quick("kachuful", 9, iterations=60).choose(Canonical(other), seat)  # type: ignore[abstract]
    assert a == b


@pytest.mark.parametrize("game_id", MULTI)
def test_deterministic_for_a_seed_with_an_iteration_budget(game_id: str) -> None:
    rules = get_rules(game_id)

    def decisions(seed: int) -> list[Action]:
        state = rules.new_game(players_for(game_id), {}, seed=13)
        bot = quick(game_id, seed, iterations=50)
        rng = random.Random(4)
        chosen = []
        for _ in range(4):
            if state.turn is None:
                break
            seat = state.turn
            action = bot.choose(state.determinize(seat, rng), seat)
            chosen.append(action)
            state.apply(action)
        return chosen

    assert decisions(3) == decisions(3)


def test_a_tiny_time_budget_returns_early() -> None:
    state = get_rules("kachuful").new_game(4, {}, seed=1)
    bot = make_hard_bot(get_game("kachuful"), 1, iterations=10**9, time_limit=0.01)
    assert bot.choose(state, state.turn) in state.legal_actions()
    assert 0 < bot.last_iterations < 10**6


def test_a_forced_move_is_made_without_searching() -> None:
    state = get_rules("kachuful").new_game(4, {"hands": "1"}, seed=1)
    while len(state.legal_actions()) > 1:
        state.apply(state.legal_actions()[0])
    bot = quick("kachuful", 1)
    assert bot.choose(state, state.turn) == state.legal_actions()[0] and bot.last_iterations == 0


def test_the_search_leaves_the_given_state_alone() -> None:
    state = get_rules("kachuful").new_game(4, {}, seed=6)
    before = [state.view(s) for s in range(4)]
    quick("kachuful", 2, iterations=80).choose(state, state.turn)
    assert [state.view(s) for s in range(4)] == before


# ----- rewards and hooks ------------------------------------------------------------------------------------


class _Fake:
    def __init__(self, scores: list[float], winners: list[int]) -> None:
        self._r = Result(scores, winners, "")

    def result(self) -> Result:
        return self._r


def test_default_reward_is_win_loss_then_scaled_scores() -> None:
    f = _Fake
    assert default_reward(f([3, 1, 0], [0]), None) == [1.0, 0.0, 0.0]  # type: ignore[arg-type]
    assert default_reward(f([3, 3, 0], [0, 1]), None) == [0.5, 0.5, 0.0]  # type: ignore[arg-type]
    assert default_reward(f([10, 5, 0], []), None) == [1.0, 0.5, 0.0]  # type: ignore[arg-type]
    assert default_reward(f([2, 2], []), None) == [0.5, 0.5]  # type: ignore[arg-type]
    assert default_reward(f([7], []), None) == [0.0]  # type: ignore[arg-type]
    assert default_reward(f([7], [0]), None) == [1.0]  # type: ignore[arg-type]


def test_games_declare_their_hooks() -> None:
    hooks = get_game("kachuful").search
    assert hooks.reward is kachuful_bots.search_reward
    assert hooks.done is kachuful_bots.search_done
    assert hooks.rollout is kachuful_bots.rollout_action
    assert hooks.weight is kachuful_bots.world_weight
    assert dict(hooks.settings) == kachuful_bots.search_settings()
    assert GamePlugin(rules=get_rules("klondike"), layout=None).search == SearchHooks()


@pytest.mark.parametrize("scoring", ["standard", "penalty", "multiplier"])
def test_kachuful_reward_is_the_rounds_points_scaled(scoring: str) -> None:
    rules = get_rules("kachuful")
    root = rules.new_game(4, {"scoring": scoring, "hands": "3,2"}, seed=4)
    state = root.clone()
    rng = random.Random(1)
    while state.round == root.round:
        assert not kachuful_bots.search_done(state, root)
        state.apply(rng.choice(state.legal_actions()))
    assert kachuful_bots.search_done(state, root)
    rewards = kachuful_bots.search_reward(state, root)
    points = state.round_points(0)
    assert all(0.0 <= r <= 1.0 for r in rewards)
    order = sorted(range(4), key=lambda s: points[s])
    assert [rewards[s] for s in order] == sorted(rewards)  # more points, more reward


def test_kachuful_rollout_policy_is_legal_and_estimates_like_the_rule_bot() -> None:
    rules = get_rules("kachuful")
    for seed in range(6):
        state = rules.new_game(4, {"jokers": seed % 2 == 1, "trump": "turn_up"}, seed=seed)
        assert isinstance(state, KachufulState)
        for seat in range(4):
            expected = kachuful_bots.estimate_tricks(state.view(seat), seat)
            assert kachuful_bots.quick_estimate(state, seat) == pytest.approx(expected)
        rng = random.Random(seed)
        while state.round == 0:
            action = kachuful_bots.rollout_action(state, rng)
            assert action in state.legal_actions()
            state.apply(action)
