"""The hard bot's choices are pinned: the playout policy's card and bid, the worlds' weights, the playouts' rewards
and whole seeded searches, over seeded positions of every table size and deck, give the digests below (taken from
the code before its hot path was rewritten for speed: a faster search must still play the same moves)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from typing import Any

from cardtable.bots import make_bot
from cardtable.games.kachuful import GAME
from cardtable.games.kachuful.bots import policy_play, rollout_action, world_weight
from cardtable.games.kachuful.rules import RULES, KachufulState

OPTION_SETS: list[tuple[int, dict[str, Any]]] = [
    (4, {"hands": "7", "trump": "turn_up"}),
    (3, {"jokers": True, "trump": "turn_up", "hands": "8"}),
    (5, {"trump": "rotate_no_trump", "hands": "5,6"}),
    (4, {"jokers": True, "trump": "rotate_no_trump", "hands": "5,6,7,8,9"}),
    (7, {"trump": "random", "hands": "7"}),
    (6, {"bidding": "simultaneous", "hands": "6", "scoring": "penalty"}),
]


def positions(seeds: int) -> Iterator[KachufulState]:
    """Every position of seeded random games (a few rounds of each option set), and a determinization of it for
    the seat to act."""
    for seed in range(seeds):
        for players, options in OPTION_SETS:
            state = RULES.new_game(players, options, seed=seed)
            rng = random.Random(seed)
            sampler = random.Random(-1 - seed)
            for _ in range(60):
                if state.turn is None:
                    break
                yield state
                yield state.determinize(state.turn, sampler)
                legal = state.legal_actions()
                state.apply(legal[int(rng.random() * len(legal))], record=False)


def policy_digest(seeds: int) -> tuple[str, int]:
    """The policy's move, the world's weight for the seat to act and a playout's rewards, at every position."""
    digest = hashlib.sha256()
    count = 0
    for state in positions(seeds):
        seat = state.turn
        assert seat is not None
        move = policy_play(state) if state.phase == "play" else rollout_action(state, random.Random(0))
        digest.update(repr((move, world_weight(state, seat))).encode())
        world = state.clone()
        rewards = rollout_action.play_out(world, state, random.Random(0), 400, world.apply)
        digest.update(repr(rewards).encode())
        count += 1
    return digest.hexdigest(), count


def search_digest(seeds: int) -> str:
    """The hard bot's move and playouts made, in seeded searches of a few hundred playouts."""
    digest = hashlib.sha256()
    for seed in range(seeds):
        for players, options in OPTION_SETS[:4]:
            state = RULES.new_game(players, options, seed=seed)
            rng = random.Random(seed)
            for _ in range(rng.randrange(0, 3 * players)):
                legal = state.legal_actions()
                state.apply(legal[int(rng.random() * len(legal))], record=False)
            seat = state.turn
            assert seat is not None
            bot = make_bot(GAME, "hard", seed=seed)
            bot.iterations = 300  # type: ignore[attr-defined]
            bot.time_limit = None  # type: ignore[attr-defined]
            move = bot.choose(state.determinize(seat, random.Random(seed)), seat)
            digest.update(repr((move, bot.last_iterations)).encode())  # type: ignore[attr-defined]
    return digest.hexdigest()


POLICY = ("3e0df8063abdb6cb0cf46540982d558ae1c56b32097b898487cd7cfaf3dd1bda", 6650)
SEARCH = "a41443bf6b26398c616efecbc32da35819db35a6bcd30c51288ba6265bfecfde"


def test_the_playout_policy_chooses_as_it_always_did() -> None:
    assert policy_digest(12) == POLICY


def test_the_hard_bot_searches_as_it_always_did() -> None:
    assert search_digest(3) == SEARCH
