"""Difficulty levels (easy: noisy rule bot or random, normal: rule bot, hard: ISMCTS) for every registered game,
and the random bot."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from cardtable.bots import EASY_NOISE, LEVELS, NoisyBot, RandomBot, make_bot
from cardtable.bots.ismcts import ISMCTSBot, default_reward
from cardtable.bots.rollouts import RolloutBot
from cardtable.core.engine import State
from cardtable.games import REGISTRY, GamePlugin, get_game, get_rules

KLONDIKE = get_rules("klondike")
GAMES = sorted(REGISTRY)
#: Klondike as a game without a rule bot or search hooks (whatever the tree gives it).
BARE = GamePlugin(rules=KLONDIKE, layout=None)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


class FakeRuleBot:
    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, state: State, seat: int):  # pragma: no cover - never called
        raise AssertionError


def test_levels() -> None:
    assert LEVELS == ("easy", "normal", "hard")


@pytest.mark.parametrize("level", ["expert", "", "Easy", "bot:easy", None])
def test_unknown_level_is_a_value_error(level: str) -> None:
    with pytest.raises(ValueError, match="level"):
        make_bot(get_game("klondike"), level)


@pytest.mark.parametrize("game_id", GAMES)
def test_levels_map_for_every_registered_game(game_id: str) -> None:
    """easy: the rule bot with blunders (random without one); normal: the rule bot (random without one); hard:
    a search (ISMCTS, or rollouts where the game's settings say so).  Each plays a legal move of a new game."""
    game = get_game(game_id)
    rules = game.rules
    rule_bot = game.rule_bot
    easy, normal, hard = (make_bot(game, level, seed=4) for level in LEVELS)
    if rule_bot is None:
        assert isinstance(easy, RandomBot) and isinstance(normal, RandomBot)
    else:
        assert isinstance(easy, NoisyBot) and isinstance(easy.bot, rule_bot) and easy.noise == EASY_NOISE
        assert isinstance(normal, rule_bot)
    assert isinstance(hard, ISMCTSBot | RolloutBot)
    players = rules.players.start if game_id == "klondike" else max(rules.players.start, min(4, rules.players.stop - 1))
    state = rules.new_game(players, {}, seed=2)
    seat = state.turn
    assert seat is not None
    hard.iterations, hard.time_limit = 20, None  # a quick look is enough here
    for bot in (easy, normal, hard):
        assert bot.choose(state.determinize(seat, random.Random(1)), seat) in state.legal_actions()


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_every_level_but_hard_without_a_rule_bot_is_random(level: str) -> None:
    bot = make_bot(BARE, level, seed=3)
    assert isinstance(bot, RandomBot)
    assert bot.choose(KLONDIKE.new_game(1, {}, seed=1), 0) in KLONDIKE.new_game(1, {}, seed=1).legal_actions()


def test_hard_without_hooks_uses_the_default_reward() -> None:
    bot = make_bot(BARE, "hard", seed=3)
    assert isinstance(bot, ISMCTSBot)
    assert bot.hooks.reward is default_reward and bot.hooks.rollout is None and bot.hooks.done is None


def test_a_game_without_a_rule_bot_gets_a_random_bot_or_a_search() -> None:
    assert isinstance(make_bot(BARE, "normal"), RandomBot)
    assert isinstance(make_bot(BARE, "hard"), ISMCTSBot)


def test_easy_and_normal_use_the_games_rule_bot() -> None:
    game = dataclasses.replace(BARE, rule_bot=FakeRuleBot)
    easy = make_bot(game, "easy", seed=1)
    normal = make_bot(game, "normal", seed=2)
    hard = make_bot(game, "hard", seed=3)
    assert isinstance(easy, NoisyBot) and isinstance(easy.bot, FakeRuleBot)
    assert isinstance(normal, FakeRuleBot) and normal.seed == 2
    assert isinstance(hard, ISMCTSBot)


def test_noisy_bot_blunders_at_its_rate() -> None:
    class First:
        def choose(self, state: State, seat: int):
            return state.legal_actions()[0]

    state = get_rules("kachuful").new_game(4, {}, seed=1)
    legal = state.legal_actions()
    bot = NoisyBot(First(), 0.3, seed=5)
    picks = [bot.choose(state, state.turn) for _ in range(2000)]
    assert all(p in legal for p in picks)
    other = sum(p != legal[0] for p in picks) / len(picks)
    assert 0.3 * (1 - 1 / len(legal)) - 0.05 < other < 0.3 * (1 - 1 / len(legal)) + 0.05
    again = NoisyBot(First(), 0.3, seed=5)
    assert [again.choose(state, state.turn) for _ in range(2000)] == picks


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("draw", [1, 3])
def test_random_bot_plays_legal_klondike_actions(seed: int, draw: int) -> None:
    state = KLONDIKE.new_game(1, {"draw": draw}, seed=seed)
    bot = RandomBot(seed)
    rng = random.Random(seed)
    for _ in range(60):
        if state.is_over():
            break
        legal = state.legal_actions()
        action = bot.choose(state.clone(), 0)
        assert action in legal
        # bots see a determinization; what they pick there must be legal in the real game too
        seen = bot.choose(state.determinize(0, rng), 0)
        assert seen in legal
        state.apply(action)


def test_random_bot_does_not_change_the_state() -> None:
    state = KLONDIKE.new_game(1, {}, seed=9)
    before = state.view(0)
    RandomBot(0).choose(state, 0)
    assert state.view(0) == before


def test_random_bot_is_deterministic_for_a_seed() -> None:
    def playout(seed: int) -> list:
        state = KLONDIKE.new_game(1, {"draw": 3}, seed=11)
        bot = make_bot(get_game("klondike"), "easy", seed=seed)
        chosen = []
        for _ in range(40):
            if state.is_over():
                break
            action = bot.choose(state, 0)
            chosen.append(action)
            state.apply(action)
        return chosen

    assert playout(5) == playout(5)
    assert playout(6) == playout(6)
    state = KLONDIKE.new_game(1, {}, seed=4)
    a, b = RandomBot(8), RandomBot(8)
    assert [a.choose(state, 0) for _ in range(20)] == [b.choose(state, 0) for _ in range(20)]
