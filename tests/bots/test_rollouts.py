"""Rollouts on common worlds (`cardtable.bots.rollouts`): every candidate is played out in the same sampled worlds,
so a move that is better in every world is found however large the luck of the world; and the bot stays within the
contract (legal moves, a seed's decisions repeatable, the state given never touched or read past `determinize`)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

import pytest

from cardtable.bots import make_hard_bot
from cardtable.bots.ismcts import SearchHooks, make_sampler
from cardtable.bots.rollouts import RolloutBot
from cardtable.core.engine import Action, Result, State
from cardtable.games import get_game, get_rules
from tests.bots.conftest import Sealed


@dataclass(frozen=True)
class Bet(Action):
    """Take the world's prize, plus `extra`."""

    extra: float


class Lottery(State):
    """One move, then over: the seat wins a prize it cannot see (drawn anew by each determinization, anywhere in
    [0, 1)), plus the move's small extra.  The prize's luck is a thousand times the difference between the moves."""

    def __init__(self, prize: float = 0.5) -> None:
        self.turn: int | None = 0
        self.prize = prize
        self.taken = 0.0

    def legal_actions(self) -> list[Action]:
        return [Bet(0.0), Bet(0.001), Bet(0.0005)] if self.turn is not None else []

    def apply(self, action: Action, record: bool = True) -> list[Any]:
        assert isinstance(action, Bet) and self.turn is not None
        self.taken, self.turn = self.prize + action.extra, None
        return []

    def result(self) -> Result:
        return Result(scores=[self.taken], winners=[0])

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"taken": self.taken}

    def clone(self) -> Lottery:
        other = type(self)(self.prize)
        other.turn, other.taken = self.turn, self.taken
        return other

    def determinize(self, seat: int | None, rng: random.Random) -> Lottery:
        other = self.clone()
        other.prize = rng.random()
        return other


def lottery_bot(seed: int, iterations: int = 6, **settings: Any) -> RolloutBot:
    hooks = SearchHooks(reward=lambda state, root: [state.taken],  # type: ignore[attr-defined]
                        rollout=lambda state, rng: state.legal_actions()[0])
    return RolloutBot(seed, iterations=iterations, hooks=hooks, **settings)


@pytest.mark.parametrize("seed", range(20))
def test_a_move_better_in_every_world_wins_however_lucky_the_worlds(seed: int) -> None:
    """Two worlds per move: unpaired, the prizes (spread over [0, 1)) would decide; paired, the extra does."""
    bot = lottery_bot(seed)
    assert bot.choose(Lottery(), 0) == Bet(0.001)
    assert bot.last_iterations == 6 and list(bot.last_moves) == Lottery().legal_actions()
    low, high, middle = bot.last_values
    assert high - low == pytest.approx(0.001) and middle - low == pytest.approx(0.0005)


def test_candidates_narrow_the_moves_and_equal_moves_keep_their_order() -> None:
    hooks = SearchHooks(reward=lambda state, root: [round(state.taken, 2)],  # type: ignore[attr-defined]
                        rollout=lambda state, rng: state.legal_actions()[0],
                        candidates=lambda state, seat: [Bet(0.0005), Bet(0.0)])
    bot = RolloutBot(1, iterations=10, hooks=hooks)
    assert bot.choose(Lottery(), 0) == Bet(0.0005)  # rounded, every move earns the same: the first candidate
    assert list(bot.last_moves) == [Bet(0.0005), Bet(0.0)] and bot.last_iterations == 10


def test_a_single_legal_move_or_candidate_is_played_without_playouts() -> None:
    hooks = SearchHooks(rollout=lambda state, rng: state.legal_actions()[0],
                        candidates=lambda state, seat: [Bet(0.0)])
    bot = RolloutBot(1, iterations=50, hooks=hooks)
    assert bot.choose(Lottery(), 0) == Bet(0.0) and bot.last_iterations == 0


def test_candidates_behind_in_every_world_leave_the_race_early() -> None:
    """After the first 25 worlds the two lesser bets are behind by a constant: they drop out, and the budget of
    3,000 playouts is not spent."""
    bot = lottery_bot(4, iterations=3000)
    assert bot.choose(Lottery(), 0) == Bet(0.001)
    assert bot.last_iterations == 3 * 25


def test_a_candidate_equal_to_the_leader_in_every_world_leaves_the_race() -> None:
    hooks = SearchHooks(reward=lambda state, root: [round(state.taken, 2)],  # type: ignore[attr-defined]
                        rollout=lambda state, rng: state.legal_actions()[0],
                        candidates=lambda state, seat: [Bet(0.0005), Bet(0.0)])
    bot = RolloutBot(1, iterations=1000, hooks=hooks)
    assert bot.choose(Lottery(), 0) == Bet(0.0005) and bot.last_iterations == 2 * 25


def test_close_candidates_race_to_the_budget() -> None:
    """Differences hidden in the noise of each world keep both in the race until the budget is spent."""
    hooks = SearchHooks(reward=lambda state, root: [state.taken + random.random()],  # type: ignore[attr-defined]
                        rollout=lambda state, rng: state.legal_actions()[0],
                        candidates=lambda state, seat: [Bet(0.0005), Bet(0.0)])
    random.seed(3)
    bot = RolloutBot(1, iterations=200, hooks=hooks)
    bot.choose(Lottery(), 0)
    assert bot.last_iterations == 200


def test_a_playout_policy_is_required() -> None:
    with pytest.raises(ValueError, match="playout policy"):
        RolloutBot(1, hooks=SearchHooks())


def test_a_tiny_time_budget_stops_after_a_world() -> None:
    bot = lottery_bot(2, iterations=3 * 10**6, time_limit=0.0)
    assert bot.choose(Lottery(), 0) in Lottery().legal_actions() and bot.last_iterations == 3


def test_the_game_setting_chooses_the_method() -> None:
    game = get_game("kachuful")
    as_rollouts = replace(game, search=replace(game.search, settings=(("iterations", 30), ("method", "rollouts"))))
    bot = make_hard_bot(as_rollouts, 1)
    assert isinstance(bot, RolloutBot) and bot.iterations == 30
    with pytest.raises(ValueError, match="method"):
        make_hard_bot(game, 1, method="guess")


def test_eat_reds_plays_legal_repeatable_moves_and_sees_only_determinizations() -> None:
    """Through the contract only (the state given may be asked for its turn, legal moves and determinizations)."""
    rules = get_rules("eat_reds")

    def decisions(seed: int) -> list[Action]:
        state = rules.new_game(2, {}, seed=11)
        chosen = []
        bot = make_hard_bot(get_game("eat_reds"), seed, iterations=24, time_limit=None)
        assert isinstance(bot, RolloutBot)
        while state.turn is not None and len(chosen) < 10:
            seat = state.turn
            before = state.view(seat)
            action = bot.choose(Sealed(state), seat)  # type: ignore[abstract]
            assert action in state.legal_actions() and state.view(seat) == before
            chosen.append(action)
            state.apply(action)
        return chosen

    assert decisions(3) == decisions(3)


class NoisyLottery(Lottery):
    """The lottery with a second luck that differs between the moves in each world (up to 0.1, far more than the
    extras), so that the best average over a few worlds is partly luck."""

    def apply(self, action: Action, record: bool = True) -> list[Any]:
        assert isinstance(action, Bet) and self.turn is not None
        luck = random.Random(f"{self.prize}:{action.extra}").random() * 0.1
        self.taken, self.turn = self.prize + action.extra + luck, None
        return []


def test_keep_plays_the_policys_move_unless_another_is_clearly_better() -> None:
    """Over 30 seeds the best average of three moves that the playouts cannot tell apart is often not the policy's
    move (Bet(0.0), its first); with `keep` the policy's move is played unless another leads by `keep` standard
    errors, and where the gap is a sure one (the plain lottery) the better move is still played."""
    chosen = [lottery_bot(seed, iterations=30).choose(NoisyLottery(), 0) for seed in range(30)]
    kept = [lottery_bot(seed, iterations=30, keep=2.0).choose(NoisyLottery(), 0) for seed in range(30)]
    assert chosen.count(Bet(0.0)) < 20
    assert kept.count(Bet(0.0)) > chosen.count(Bet(0.0)) and kept.count(Bet(0.0)) >= 27
    assert lottery_bot(1, keep=2.0).choose(Lottery(), 0) == Bet(0.001)


def test_the_games_world_hook_deals_every_world_played_out() -> None:
    """A game's `world` hook replaces `determinize` for the worlds the playouts start from (here every world's
    prize is a quarter, so each move earns exactly a quarter plus its extra); ISMCTS samples through it too."""
    dealt: list[float] = []

    def quarter(state: State, seat: int, rng: random.Random) -> State:
        world = state.determinize(seat, rng)
        world.prize = 0.25  # type: ignore[attr-defined]
        dealt.append(world.prize)  # type: ignore[attr-defined]
        return world

    bot = lottery_bot(3, iterations=30)
    bot.hooks = replace(bot.hooks, world=quarter)
    assert bot.choose(Lottery(), 0) == Bet(0.001)
    assert bot.last_values == pytest.approx([0.25, 0.251, 0.2505]) and len(dealt) == 10
    sampler = make_sampler(Lottery(), 0, random.Random(1), None, 0, quarter)
    weighed = make_sampler(Lottery(), 0, random.Random(1), lambda world, seat: 1.0, 8, quarter)
    assert sampler().prize == weighed().prize == 0.25  # type: ignore[attr-defined]
    assert len(dealt) == 10 + 1 + 8
