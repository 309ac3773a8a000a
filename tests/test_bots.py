"""Tests of cardtable.bots: difficulty levels and the random bot on Klondike states."""

from __future__ import annotations

import random
import sys
import types
from pathlib import Path

import pytest

from cardtable.bots import LEVELS, RandomBot, make_bot
from cardtable.core.engine import State
from cardtable.games import get_rules

KLONDIKE = get_rules("klondike")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def no_klondike_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make `cardtable.games.klondike.bots` unimportable, whatever the tree holds."""
    monkeypatch.setitem(sys.modules, "cardtable.games.klondike.bots", None)


class FakeRuleBot:
    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, state: State, seat: int):  # pragma: no cover - never called
        raise AssertionError


@pytest.fixture
def klondike_rule_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("cardtable.games.klondike.bots")
    module.RuleBot = FakeRuleBot  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cardtable.games.klondike.bots", module)


def test_levels() -> None:
    assert LEVELS == ("easy", "normal", "hard")


@pytest.mark.parametrize("level", ["expert", "", "Easy", "bot:easy", None])
def test_unknown_level_is_a_value_error(level: str) -> None:
    with pytest.raises(ValueError, match="level"):
        make_bot("klondike", level)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_without_a_rule_bot_is_random(level: str, no_klondike_bots: None) -> None:
    bot = make_bot("klondike", level, seed=3)
    assert isinstance(bot, RandomBot)
    assert bot.choose(KLONDIKE.new_game(1, {}, seed=1), 0) in KLONDIKE.new_game(1, {}, seed=1).legal_actions()


def test_unknown_game_gets_a_random_bot() -> None:
    assert isinstance(make_bot("no_such_game", "hard"), RandomBot)


def test_normal_and_hard_use_the_games_rule_bot(klondike_rule_bot: None) -> None:
    easy = make_bot("klondike", "easy", seed=1)
    normal = make_bot("klondike", "normal", seed=2)
    hard = make_bot("klondike", "hard", seed=3)
    assert isinstance(easy, RandomBot)
    assert isinstance(normal, FakeRuleBot) and normal.seed == 2
    assert isinstance(hard, FakeRuleBot) and hard.seed == 3


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
        bot = make_bot("klondike", "easy", seed=seed)
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
