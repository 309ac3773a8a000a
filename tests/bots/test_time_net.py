"""The hard bot's safety net (`HARD_TIME_LIMIT`) counts the search's own CPU time: a busy machine, where the wall
clock runs far ahead of the search, never cuts the budget, so a seed and a position give the same choice; a search
that really runs away is still stopped.  The clocks are fakes: nothing here waits on time."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Iterator

import pytest

from cardtable.bots import HARD_TIME_LIMIT, make_hard_bot
from cardtable.bots import ismcts as ismcts_module
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.bots.rollouts import RolloutBot
from cardtable.core.engine import State
from cardtable.games import REGISTRY, get_game

MULTI = sorted(g for g in REGISTRY if REGISTRY[g].players.stop - 1 > 1)


def decision(game_id: str) -> tuple[State, int]:
    """A determinization for the seat to act at the first decision with a real choice of a seeded game."""
    rules = REGISTRY[game_id]
    state = rules.new_game(max(rules.players.start, min(4, rules.players.stop - 1)), {}, seed=11)
    rng = random.Random(3)
    while len(state.legal_actions()) < 2:
        state.apply(rng.choice(state.legal_actions()))
    seat = state.turn
    assert seat is not None
    return state.determinize(seat, random.Random(1)), seat


def ticking(step: float) -> Iterator[float]:
    """A clock that has moved on `step` seconds each time it is read."""
    return itertools.count(0.0, step)


def hard(game_id: str, iterations: int) -> ISMCTSBot | RolloutBot:
    """The game's hard bot as the table makes it (its safety net included), on a given budget."""
    bot = make_hard_bot(get_game(game_id), 3, iterations=iterations)
    assert isinstance(bot, ISMCTSBot | RolloutBot) and bot.time_limit == HARD_TIME_LIMIT
    return bot


@pytest.mark.parametrize("game_id", MULTI)
def test_a_busy_machine_leaves_the_choice_and_the_budget_alone(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state, seat = decision(game_id)
    calm = hard(game_id, 120)
    expected = calm.choose(state, seat)
    with monkeypatch.context() as busy:  # a machine so busy that at each look at the wall clock a second has gone
        for name in ("perf_counter", "monotonic", "time"):
            busy.setattr(time, name, ticking(1.0).__next__)
        bot = hard(game_id, 120)
        choice = bot.choose(state, seat)
    assert bot.last_iterations == calm.last_iterations, "the whole budget was searched"
    assert choice == expected


@pytest.mark.parametrize("game_id", ["kachuful", "eat_reds"])  # a tree search, and rollouts
def test_the_net_still_stops_a_search_that_runs_away(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state, seat = decision(game_id)
    monkeypatch.setattr(ismcts_module, "search_clock", ticking(1.0).__next__)  # a second of CPU per look
    bot = hard(game_id, 10**9)
    assert bot.choose(state, seat) in state.legal_actions()
    assert 0 < bot.last_iterations < 10_000
