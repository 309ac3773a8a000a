"""Monte Carlo rollouts on common worlds: a bot that improves on a game's playout policy by trying each move.

For each of a number of determinizations (the cards the seat cannot see, dealt at random by `state.determinize`, or
as the game's `world` hook deals them), every candidate move is made and the position is played out by the game's
playout policy (`SearchHooks.rollout`, for every seat, the deciding one included) to the search horizon
(`SearchHooks.done`) or the end; the move whose playouts earn the seat the most reward (`SearchHooks.reward`) on
average is played.

Every move is played out in the *same* worlds, so the comparison is paired: the luck of the sampled cards, which
is far larger than the difference between two moves in a game of chance, is the same on both sides and cancels.
With a playout policy that is deterministic in a world (a rule bot), two moves differ only by what they change.
Candidates race (successive elimination): every `check` worlds, a candidate whose paired difference from the
leader is below zero by `z` standard errors, or that has earned exactly what the leader has in every world so far,
is dropped; the decision ends when one is left or the budget is spent.  Clear decisions are made in a few dozen
worlds and the budget goes to the close ones.

This is policy improvement by rollouts (Tesauro and Galperin, "On-line Policy Improvement using Monte-Carlo Search",
NIPS 1996): against players of the policy's strength it chooses at least as well as the policy, up to the noise
of the sample, and better where looking at the consequences beats the policy's rules of thumb.

A game opts in with the search setting `method="rollouts"` (`cardtable.bots.make_hard_bot`); it uses the same
hooks as `cardtable.bots.ismcts` (`candidates`, `world`, `weight` and `particles`, `reward`, `done`, `rollout`,
with the policy's `play_out` when it has one), of which `rollout` is required.  Simulated moves
go through the engine's fast transition (`ismcts.transition`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.bots import ismcts
from cardtable.bots.ismcts import SearchHooks, make_sampler, transition
from cardtable.core.engine import Action, State


def paired(first: Sequence[float], second: Sequence[float]) -> tuple[float, float]:
    """The mean of `first` minus `second`, world by world, and its standard error (0 for a single world)."""
    diffs = [a - b for a, b in zip(first, second, strict=True)]
    worlds = len(diffs)
    gap = sum(diffs) / worlds
    if worlds < 2:
        return gap, 0.0
    return gap, math.sqrt(sum((d - gap) ** 2 for d in diffs) / (worlds - 1) / worlds)


class RolloutBot:
    """Chooses the candidate move whose playouts by the game's policy, in determinizations shared by every
    candidate, earn the seat the most (see the module docstring).  iterations: playouts per decision, shared out
    evenly (each candidate is played in iterations // candidates worlds, at least one); time_limit: CPU seconds
    of the searching thread per decision at most, a safety net (`ismcts.search_clock`; checked after each world;
    None for no limit); max_rollout: actions per playout before it is
    scored as it stands; particles: determinizations weighed up front when the game has a `weight` hook;
    check, z: the race (see the module docstring); keep: when set, the policy's own move stays unless the best
    leads it by that many standard errors (`_kept`)."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int = 1000,
        time_limit: float | None = None,
        max_rollout: int = 400,
        particles: int = 256,
        check: int = 25,
        z: float = 3.0,
        keep: float | None = None,
        hooks: SearchHooks,
    ) -> None:
        if hooks.rollout is None:
            raise ValueError("rollouts need the game's playout policy (SearchHooks.rollout)")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.max_rollout = max_rollout
        self.particles = particles
        self.check = check
        self.z = z
        self.keep = keep
        self.hooks = hooks
        self.last_iterations = 0  # playouts made for the last decision (for tools and tests)
        self.last_moves: Sequence[Action] = ()  # the candidates compared for the last decision
        self.last_values: list[float] = []  # their average rewards, in the same order

    def choose(self, state: State, seat: int) -> Action:
        """The move for `seat` in `state` (a determinization: never the real state)."""
        legal = state.legal_actions()
        self.last_iterations = 0
        self.last_values = []
        if len(legal) == 1:
            self.last_moves = legal
            return legal[0]
        rng = self.rng
        origin = state.determinize(seat, rng)
        candidates = self.hooks.candidates
        found = candidates(origin, seat) if candidates is not None else None
        moves = self.last_moves = list(found) if found is not None else legal
        if len(moves) == 1:
            return moves[0]
        sample = make_sampler(state, seat, rng, self.hooks.weight, self.particles, self.hooks.world)
        clock = ismcts.search_clock
        deadline = None if self.time_limit is None else clock() + self.time_limit
        rewards: list[list[float]] = [[] for _ in moves]  # per candidate, per world
        alive = list(range(len(moves)))
        budget = self.iterations
        made = 0
        while len(alive) > 1 and made + len(alive) <= max(budget, len(alive)):
            world = sample()
            for k, i in enumerate(alive):
                sim = world.clone() if k < len(alive) - 1 else world
                apply = transition(sim)
                apply(moves[i])
                rewards[i].append(self._play_out(sim, origin, rng, apply)[seat])
            made += len(alive)
            if deadline is not None and clock() > deadline:
                break
            if len(rewards[alive[0]]) % self.check == 0:
                alive = self._survivors(alive, rewards)
        self.last_iterations = made
        self.last_values = [sum(r) / len(r) for r in rewards]
        best = max(alive, key=lambda i: (sum(rewards[i]) / len(rewards[i]), -i))  # equal: the policy's order
        if self.keep is not None:
            best = self._kept(self.keep, best, alive, moves, rewards, origin, rng)
        return moves[best]

    def _kept(self, keep: float, best: int, alive: list[int], moves: Sequence[Action], rewards: list[list[float]],
              origin: State, rng: random.Random) -> int:
        """`best`, or the policy's own move when that is still in the race and `best` leads it by less than `keep`
        standard errors of their paired difference: the best average of several close candidates is partly luck
        (the winner's curse), and the policy's move is the safer of two that the playouts cannot tell apart."""
        policy = self.hooks.rollout(origin.clone(), rng)  # type: ignore[misc]
        if policy not in moves:
            return best
        own = moves.index(policy)
        if own == best or own not in alive:
            return best
        gap, error = paired(rewards[best], rewards[own])
        return best if gap > keep * error else own

    def _survivors(self, alive: list[int], rewards: list[list[float]]) -> list[int]:
        """The candidates still in the race: not behind the leader (over the worlds all of them were played in)
        by `z` standard errors of the paired difference, and not equal to it in every world.  (Every candidate
        still in the race has been played in every world so far.)"""
        worlds = len(rewards[alive[0]])
        means = {i: sum(rewards[i]) / worlds for i in alive}
        leader = max(alive, key=lambda i: (means[i], -i))
        kept = [leader]
        for i in alive:
            if i == leader:
                continue
            gap, error = paired(rewards[leader], rewards[i])
            if error == 0.0 and gap == 0.0:
                continue  # the same in every world: the same move, as far as the playouts can tell
            if gap > self.z * error:
                continue
            kept.append(i)
        return sorted(kept)

    def _play_out(self, world: State, origin: State, rng: random.Random, apply: Callable[[Action], Any]
                  ) -> list[float]:
        hooks = self.hooks
        rollout, done = hooks.rollout, hooks.done
        assert rollout is not None
        play_out = getattr(rollout, "play_out", None)
        if play_out is not None:
            rewards: list[float] | None = play_out(world, origin, rng, self.max_rollout, apply)
            if rewards is not None:
                return rewards
        steps = 0
        while world.turn is not None and steps < self.max_rollout and not (done is not None and done(world, origin)):
            apply(rollout(world, rng))
            steps += 1
        return hooks.reward(world, origin)
