"""The registry-wide property suite: every registered game (and the table's test game) through the contract only.

Hypothesis draws a game: a player count from `rules.players`, a choice for each declared option (combinations the
rules refuse are skipped), a seed, and a playout as a list of choice indices (each picks `legal[i % len(legal)]`).
Properties, checked after every move of the playout:

- the cards are conserved: `every_card()` is the same multiset from the deal to the end of the game, across the
  deals of later rounds too (every game deals the same deck again, so the whole game is one multiset);
- a clone is independent: a move on it changes nothing the original shows or allows, and the other way round;
- `determinize(seat)` keeps `view(seat)`, whose turn it is, the legal moves of the seat to act and the cards;
- views hide what they must: two deals built by `determinize(seat)` differ only in cards hidden from `seat` and
  look the same to it, while some other seat (or, with one seat, the order of the cards) tells them apart;
- every legal action survives a JSON round trip;
- (seed, actions) replays to the same game for every seat;
- `apply(record=False)` and `apply(record=True)` leave the same state.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cardtable.core.engine import Action, Rules, State
from cardtable.games import REGISTRY
from tests.fixture_game.rules import RULES as FIXTURE_RULES

RULES: dict[str, Rules] = {**REGISTRY, FIXTURE_RULES.id: FIXTURE_RULES}
GAMES = sorted(RULES)
#: Moves a drawn playout makes at most (the conservation test plays on to the game's end, up to `WHOLE_GAME`).
PLAYOUT = 80
WHOLE_GAME = 600
#: Legal actions round-tripped per position at most (King of the Hill's burials are millions).
JSON_SAMPLE = 60
#: Second deals tried per seat for one that another seat tells apart from the first.
TRIES = 6

PROPERTY = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass(frozen=True)
class Drawn:
    """A game Hypothesis drew: its rules, players, options, seed and the playout's choice indices."""

    rules: Rules
    players: int
    options: dict[str, Any]
    seed: int
    choices: tuple[int, ...]

    def new(self) -> State:
        return self.rules.new_game(self.players, self.options, seed=self.seed)

    def seats(self) -> list[int | None]:
        return [None, *range(self.players)]


@st.composite
def drawn_games(draw: st.DrawFn, rules: Rules) -> Drawn:
    players = draw(st.sampled_from(list(rules.players)))
    options = {option.name: draw(st.sampled_from(option.choices)) for option in rules.options}
    seed = draw(st.integers(0, 2**31 - 1))
    try:
        rules.new_game(players, options, seed=seed)
    except ValueError:
        assume(False)  # a combination the rules refuse
    length = draw(st.integers(0, PLAYOUT))
    choices = draw(st.lists(st.integers(0, 2**32), min_size=length, max_size=length))
    return Drawn(rules, players, options, seed, tuple(choices))


def moves(game: Drawn, state: State, whole: bool = False) -> Iterator[Action]:
    """The playout's moves from `state` (each one is for the caller to apply): the drawn choices, then, with
    `whole`, random ones from the seed to the game's end or `WHOLE_GAME` moves."""
    rng = random.Random(game.seed)
    for step in range(WHOLE_GAME if whole else len(game.choices)):
        if state.turn is None:
            return
        legal = state.legal_actions()
        assert len(legal) > 0, "no legal action while a seat is to act"
        index = game.choices[step] if step < len(game.choices) else rng.randrange(len(legal))
        yield legal[index % len(legal)]


def positions(game: Drawn, state: State) -> Iterator[State]:
    """`state` at the start and after each move of the playout (played without recording)."""
    yield state
    for action in moves(game, state):
        state.apply(action, record=False)
        yield state


def sample(legal: list[Action]) -> list[Action]:
    """All the legal actions, or an even spread of `JSON_SAMPLE` of them when there are more."""
    if len(legal) <= JSON_SAMPLE:
        return list(legal)
    step = len(legal) // JSON_SAMPLE
    return [legal[i * step] for i in range(JSON_SAMPLE)] + [legal[len(legal) - 1]]


def fingerprint(game: Drawn, state: State) -> tuple[Any, ...]:
    """What the contract shows of a state: the turn, every seat's view, the cards in order, the result and the
    legal moves."""
    return (state.turn, [state.view(s) for s in game.seats()], state.every_card(), state.result(),
            state.legal_actions())


def prop(test: Any) -> Any:
    """Run `test(game)` on drawn games of each registered game."""

    @pytest.mark.parametrize("game_id", GAMES)
    def run(game_id: str) -> None:
        @PROPERTY
        @given(drawn_games(RULES[game_id]))
        def check(game: Drawn) -> None:
            test(game)

        check()

    run.__name__ = test.__name__
    run.__doc__ = test.__doc__
    return run


# ----- the properties ----------------------------------------------------------------------------------


@prop
def test_cards_are_conserved_to_the_end_of_the_game(game: Drawn) -> None:
    state = game.new()
    cards = Counter(state.every_card())
    assert cards, "every_card() lists no card"
    for action in moves(game, state, whole=True):
        state.apply(action, record=False)
        assert Counter(state.every_card()) == cards


@prop
def test_a_clone_is_independent(game: Drawn) -> None:
    state, twin = game.new(), game.new()
    for action in moves(game, state):
        moved, kept = state.clone(), state.clone()
        legal = moved.legal_actions()
        moved.apply(legal[(game.seed + len(legal)) % len(legal)], record=False)  # a move on the clone ...
        assert fingerprint(game, state) == fingerprint(game, twin)  # ... changes nothing in the original
        state.apply(action, record=False)
        twin.apply(action, record=False)
        kept.apply(action, record=False)  # the original's move changed nothing in the clone: it plays the same
        assert fingerprint(game, kept) == fingerprint(game, state)


@prop
def test_determinize_keeps_what_the_seat_knows(game: Drawn) -> None:
    for step, state in enumerate(positions(game, game.new())):
        if step % 3 and state.turn is not None:
            continue  # every third position (and the last): determinize is dearer than a move
        cards = Counter(state.every_card())
        legal = state.legal_actions()
        for seat in game.seats():
            world = state.determinize(seat, random.Random(step))
            assert world.view(seat) == state.view(seat)
            assert world.turn == state.turn
            assert Counter(world.every_card()) == cards
            if seat is not None and seat == state.turn:
                assert world.legal_actions() == legal
            if world.turn is not None:  # a world a search can play on
                world.apply(world.legal_actions()[0], record=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_views_hide_what_they_must(game_id: str) -> None:
    """Two deals that differ only in cards hidden from a seat (both from `determinize(seat)`) look the same to
    it; that they really differ is shown by another seat's view (counted over the examples, which must find
    some), or, for a game of one seat, by where the cards lie."""
    told_apart = Counter[str]()

    @PROPERTY
    @given(drawn_games(RULES[game_id]))
    def check(game: Drawn) -> None:
        *_, state = positions(game, game.new())
        for seat in game.seats()[1:]:
            first = state.determinize(seat, random.Random(0))
            for k in range(1, TRIES + 1):
                second = state.determinize(seat, random.Random(k))
                assert first.view(seat) == second.view(seat) == state.view(seat)
                assert first.view(None) == second.view(None)  # the public view sees no more than a seat
                if first.every_card() != second.every_card():
                    told_apart["cards"] += 1
                if any(first.view(other) != second.view(other) for other in range(game.players) if other != seat):
                    told_apart["seat"] += 1
                    break

    check()
    assert told_apart["seat" if RULES[game_id].players.start > 1 else "cards"], "no two deals told apart"


@prop
def test_every_action_survives_a_json_round_trip(game: Drawn) -> None:
    for state in positions(game, game.new()):
        for legal in sample(state.legal_actions()):
            data = json.loads(json.dumps(legal.to_json()))
            assert game.rules.action_from_json(data) == legal


@prop
def test_seed_and_actions_replay_the_game(game: Drawn) -> None:
    state = game.new()
    played = []
    for action in moves(game, state):
        state.apply(action)
        played.append(json.dumps(action.to_json()))
    replay = game.new()
    for data in played:
        replay.apply(game.rules.action_from_json(json.loads(data)))
    assert fingerprint(game, replay) == fingerprint(game, state)


@prop
def test_recording_or_not_leaves_the_same_state(game: Drawn) -> None:
    recorded, quiet = game.new(), game.new()
    for action in moves(game, recorded):
        recorded.apply(action, record=True)
        assert quiet.apply(action, record=False) == []
        assert fingerprint(game, quiet) == fingerprint(game, recorded)
