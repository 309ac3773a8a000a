"""The robustness suite: damaged files and hostile conditions, built by the tests themselves, for every game.

Every test runs in a private home (never the person's files) with bots deciding inline.  `saved_game` makes a real
unfinished game of any registered game and returns its save as JSON data, for a test to damage.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardtable.games import GAMES, get_game
from cardtable.session.match import Match, Seat

GAME_IDS = [g.id for g in GAMES]


@pytest.fixture(autouse=True)
def robust_home(table_home: Path, bots_inline: None) -> Path:
    return table_home


def seats_for(game_id: str) -> list[Seat]:
    """A person and enough bots for the game's smallest table."""
    players = get_game(game_id).rules.players
    count = max(players.start, min(2, players.stop - 1))
    return [Seat("human", "You")] + [Seat("bot:normal", f"Bot {i}") for i in range(1, count)]


def play_some(game_id: str, moves: int = 12, seed: int = 5) -> Match:
    """A match of `game_id` a few seeded random legal moves in (never over)."""
    match = Match(get_game(game_id), seats_for(game_id), {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = match.state.legal_actions()
        if isinstance(legal, list):
            rng.shuffle(legal)
        else:  # a lazy sequence of very many moves (every way to bury 8 cards of 28): a few of them, at random
            legal = [legal[i] for i in rng.sample(range(len(legal)), min(len(legal), 64))]
        for action in legal:  # never the move that ends the game (a solitaire's "give up")
            trial = match.state.clone()
            trial.apply(action)
            if not trial.is_over():
                match.apply(action)
                break
    return match


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test that takes `game_id` runs for every registered game."""
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", GAME_IDS)


@pytest.fixture
def some_match() -> Callable[..., Match]:
    """`some_match(game_id, moves=12, seed=5)`: a match a few seeded random legal moves in (see `play_some`)."""
    return play_some


@pytest.fixture
def saved_game() -> Callable[[str], dict[str, Any]]:
    """`saved_game(game_id)`: the save data (the match's JSON) of an unfinished game."""
    return lambda game_id: json.loads(json.dumps(play_some(game_id).to_json()))
