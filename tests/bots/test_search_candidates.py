"""Games with too many legal moves to list: the search's `candidates` hook, and the bots and the turn driver that
pick from the legal moves by indexing, never by going through them all.

Proven on the fixture game made "crowded": its legal moves are a sequence that may be measured, indexed and asked
whether it holds a move, but that fails the test if anything iterates it (as a game with millions of legal moves,
such as one where eight of 28 cards are laid aside, would hang)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from cardtable.bots import NoisyBot, RandomBot, make_hard_bot
from cardtable.bots.ismcts import ISMCTSBot, SearchHooks
from cardtable.core.engine import Action
from cardtable.games.plugin import GamePlugin
from cardtable.session.match import Match, Seat
from cardtable.session.turns import ANSWER_CAP, TOO_SLOW, TurnDriver
from tests.fixture_game import GAME as FIXTURE
from tests.fixture_game.rules import Call, PairsRules, PairsState


class NoIteration(Sequence[Action]):
    """Legal moves that may be measured, indexed and searched for one move, but not iterated."""

    def __init__(self, moves: Sequence[Action]) -> None:
        self._moves = list(moves)

    def __len__(self) -> int:
        return len(self._moves)

    def __getitem__(self, i: Any) -> Any:
        return self._moves[i]

    def __contains__(self, action: object) -> bool:
        return action in self._moves

    def __iter__(self) -> Any:
        raise AssertionError("the legal moves were iterated")


class CrowdedState(PairsState):
    """The fixture game with its legal moves as a `NoIteration`."""

    def legal_actions(self) -> NoIteration:  # type: ignore[override]
        return NoIteration(PairsState.legal_actions(self))

    def clone(self) -> CrowdedState:
        other = PairsState.clone(self)
        other.__class__ = CrowdedState
        return other  # type: ignore[return-value]


class CrowdedRules(PairsRules):
    def new_game(self, players: int = 2, options: Any = None, seed: int | None = None) -> CrowdedState:
        state = PairsRules.new_game(self, players, options, seed)
        state.__class__ = CrowdedState
        return state  # type: ignore[return-value]


RULES = CrowdedRules(**{f.name: getattr(FIXTURE.rules, f.name) for f in dataclasses.fields(FIXTURE.rules)})


def first_three(state: Any, seat: int) -> list[Action]:
    """The candidates of these tests: the first three legal moves (the hook may list them however it likes)."""
    return PairsState.legal_actions(state)[:3]


class Recorded:
    """A candidates hook that notes the seats it was asked for."""

    def __init__(self) -> None:
        self.seats: list[int] = []

    def __call__(self, state: Any, seat: int) -> list[Action]:
        self.seats.append(seat)
        return first_three(state, seat)


def crowded_game(**hooks: Any) -> GamePlugin:
    return GamePlugin(rules=RULES, layout=FIXTURE.layout, search=SearchHooks(**hooks))


def in_play(seed: int, moves: int = 3) -> CrowdedState:
    state = RULES.new_game(2, {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_the_crowded_game_fails_a_search_without_candidates() -> None:
    """The premise: the search iterates the legal moves of every decision unless the game lists candidates."""
    state = in_play(1)
    bot = make_hard_bot(crowded_game(), 1, iterations=20, time_limit=None)
    try:
        bot.choose(state.determinize(state.turn, random.Random(1)), state.turn)  # type: ignore[arg-type]
    except AssertionError as exc:
        assert "iterated" in str(exc)
    else:
        raise AssertionError("the search did not iterate the legal moves")


def test_the_search_tries_only_the_candidates_at_the_root_and_in_the_tree() -> None:
    hook = Recorded()
    for seed in range(4):
        state = in_play(seed)
        seat = state.turn
        assert seat is not None
        bot = make_hard_bot(crowded_game(candidates=hook), seed, iterations=60, time_limit=None)
        assert isinstance(bot, ISMCTSBot)
        world = state.determinize(seat, random.Random(seed))
        choice = bot.choose(world, seat)
        wanted = first_three(state, seat)
        assert choice in wanted and list(bot.last_moves) == wanted
        root = bot.search(world, seat)
        assert set(root.children) <= set(wanted) and len(root.children) == len(wanted)
    assert set(hook.seats) == {0, 1}, "the other seat's decisions in the tree are the hook's too"


def test_a_single_candidate_is_played_without_searching() -> None:
    state = RULES.new_game(2, {}, seed=3)
    game = crowded_game(candidates=lambda s, seat: [Call(4)])
    bot = make_hard_bot(game, 1, iterations=50, time_limit=None)
    assert bot.choose(state.determinize(0, random.Random(0)), 0) == Call(4)
    assert isinstance(bot, ISMCTSBot) and bot.last_iterations == 0


def test_no_candidates_means_every_legal_move() -> None:
    """A hook that answers None leaves a decision to the legal moves (here: a plain list, the fixture game)."""
    state = FIXTURE.rules.new_game(2, {}, seed=2)
    seen: list[int] = []

    def none(s: Any, seat: int) -> None:
        seen.append(seat)

    game = dataclasses.replace(FIXTURE, search=SearchHooks(candidates=none))
    bot = make_hard_bot(game, 1, iterations=40, time_limit=None)
    choice = bot.choose(state.determinize(0, random.Random(0)), 0)
    assert choice in state.legal_actions() and seen
    assert isinstance(bot, ISMCTSBot) and list(bot.last_moves) == state.legal_actions()
    plain = make_hard_bot(FIXTURE, 1, iterations=40, time_limit=None)
    assert plain.choose(state.determinize(0, random.Random(0)), 0) == choice


def test_random_and_noisy_bots_pick_by_index() -> None:
    for seed in range(5):
        state = in_play(seed)
        seat = state.turn
        assert seat is not None
        assert RandomBot(seed).choose(state, seat) in state.legal_actions()
        noisy = NoisyBot(RandomBot(seed), noise=1.0, seed=seed)
        assert noisy.choose(state, seat) in state.legal_actions()


def test_the_turn_driver_falls_back_to_a_legal_move_by_index() -> None:
    """A bot that never answers, in a game without a rule bot: the driver's random legal move."""

    class Hung:
        def __init__(self, *args: Any) -> None:
            pass

        def done(self) -> bool:
            return False

        def abandon(self) -> None:
            pass

        def cancel(self) -> None:
            pass

    match = Match(crowded_game(), [Seat("bot:normal", "Ann"), Seat("bot:normal", "Bob")], {}, seed=4)
    driver = TurnDriver(match, bot_delay=0.0, thinker=Hung)
    driver.update(0.0, True)
    move = driver.update(ANSWER_CAP + 0.1, True)
    assert move is not None and move.note == TOO_SLOW and move.action in match.state.legal_actions()
