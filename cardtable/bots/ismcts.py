"""Information-Set Monte Carlo Tree Search: one bot that plays every game through the rules contract.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE
Transactions on Computational Intelligence and AI in Games, 2012).  The tree belongs to the deciding seat; its
edges are actions, whoever makes them.  Each iteration:

1. samples a world the seat cannot tell from the real one: `state.determinize(seat, rng)` (the only way this
   module ever learns anything hidden: it never looks at a state's fields, only at the contract);
2. descends the tree through the actions legal in that world, choosing among the children available there by
   UCB1 with availability counts (a child's exploration term uses how often it was *available*, not how often its
   parent was visited), each seat maximising its own reward (or, with `opponent_model`, the other seats playing
   the rollout policy: a model of sensible players, where letting them search lets them exploit the sampled
   world, which they could not see either);
3. adds one child for an untried action, then plays the world out with a rollout policy (uniformly random, or the
   game's cheap policy) until the game ends or the game's search horizon is reached;
4. scores the end position with one reward in [0, 1] per seat and adds it to every edge of the path, each edge
   counting the reward of the seat that chose it.

Every simulated move goes through the engine's fast transition, `apply(action, record=False)` (no events), for
a game whose `apply` takes `record` (`transition`).

The answer is the most visited action at the root.  With a budget in iterations the choice is a function of the
bot's seed and the position only.  `time_limit` is a safety net counted in the CPU time of the searching thread
(`search_clock`), not on the wall clock: other programs keeping the processor busy slow the search down but never
cut it short, so the choice stays the budget's; only a search that really runs away (a hang) is stopped.

Games tune the search through optional functions they declare in their `GamePlugin.search` (a `SearchHooks`):

- `reward(state, root) -> list[float]`: one reward in [0, 1] per seat for a position reached in a playout
  (`root` is the determinized root, for what the reward compares against).  Default: `default_reward`.
- `done(state, root) -> bool`: end playouts early (a round's end in a game of many rounds).
- `rollout(state, rng) -> Action`: a cheap playout policy.  It is only ever given determinized states.  The policy
  may also offer `rollout.play_out(world, root, rng, limit, apply) -> list[float] | None`: the whole playout at
  once, for a game that can make it faster than move by move (`apply` is the world's transition, the world is used
  up): the rewards that playing `world` out by the policy (to `done`, the end, or `limit` moves) and scoring it by
  `reward` would give, or None to have the search play it out move by move.
- `weight(world, seat) -> float`: how likely a determinization is given what everybody did in public
  (their announcements), up to a constant.  With it, each search first draws `particles` determinizations, weighs
  them, and each playout starts from a copy of one drawn by weight: the sampled worlds then agree with the other
  seats' behaviour, not just with the cards seen.  It is only ever given determinized states.
- `world(state, seat, rng) -> State`: a determinization for `seat` that also models how the other seats play
  (for instance, that they keep their best cards and fold the others), used instead of `state.determinize` for
  every sampled world.  Where `weight` can only prefer some of the worlds drawn, this draws the likely ones.
- `candidates(state, seat) -> Sequence[Action] | None`: the moves worth searching for the seat to act, a
  non-empty subset of its legal moves, for a game whose legal moves are too many to try each (millions of ways to
  lay cards aside) or include equivalent ones; None: every legal move.  Used at the root (the search reads it from a
  determinization, so it must depend only on what the seat sees there) and at every decision inside the tree; the
  search never iterates the legal moves of a decision the hook answers.  A single candidate is played without
  searching.  It is only ever given determinized states.
- `settings`: keyword arguments for `ISMCTSBot` (iterations, exploration, ...), as sorted pairs.
"""

from __future__ import annotations

import bisect
import inspect
import itertools
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.engine import Action, State

Reward = Callable[[State, State], list[float]]
Done = Callable[[State, State], bool]
Rollout = Callable[[State, random.Random], Action]
Weight = Callable[[State, int], float]

#: The clock of a search's safety net: CPU seconds of the thread that searches (a busy machine does not advance it).
search_clock: Callable[[], float] = time.thread_time
World = Callable[[State, int, random.Random], State]
Candidates = Callable[[State, int], Sequence[Action] | None]


def default_reward(state: State, root: State) -> list[float]:
    """Win/loss once the game is over (a shared win is shared), otherwise the scores scaled to [0, 1] among seats.

    A game with one seat scores 1 for a win and 0 otherwise.
    """
    result = state.result()
    scores = result.scores
    n = len(scores)
    if result.winners:
        share = 1.0 / len(result.winners)
        out = [0.0] * n
        for w in result.winners:
            out[w] = share
        return out
    if n < 2:
        return [0.0] * n
    lo, hi = min(scores), max(scores)
    if hi == lo:
        return [0.5] * n
    span = hi - lo
    return [(s - lo) / span for s in scores]


@dataclass(frozen=True)
class SearchHooks:
    """What a game tells the search: how to score a playout's end, where to stop it, and how to play it out."""

    reward: Reward = default_reward
    done: Done | None = None
    rollout: Rollout | None = None
    weight: Weight | None = None
    world: World | None = None
    candidates: Candidates | None = None
    settings: tuple[tuple[str, Any], ...] = ()


_RECORDS: dict[type, str] = {}  # per state class: how its apply takes `record` ("" when it does not)


def transition(state: State) -> Callable[[Action], Any]:
    """`state.apply` recording nothing, for a game whose `apply` takes `record` (looked up once per state class);
    plain `state.apply` otherwise."""
    cls = type(state)
    fast = _RECORDS.get(cls)
    if fast is None:
        try:
            parameters = list(inspect.signature(cls.apply).parameters.values())
        except (TypeError, ValueError):  # no signature to read: the plain call
            parameters = []
        record = next((p for p in parameters if p.name == "record"), None)
        if record is None:
            fast = ""
        elif parameters.index(record) == 2 and record.kind is record.POSITIONAL_OR_KEYWORD:  # (self, action, record)
            fast = "positional"
        else:
            fast = "keyword"
        _RECORDS[cls] = fast
    apply = state.apply
    # Closures, not partials: a partial with a keyword costs several times the call (and a keyword the call more).
    if fast == "positional":
        def quiet(action: Action) -> Any:
            return apply(action, False)
    elif fast == "keyword":
        def quiet(action: Action) -> Any:
            return apply(action, record=False)
    else:
        return apply
    return quiet


class _Node:
    """An edge of the tree and the position after it: who chose `action`, and that seat's statistics."""

    __slots__ = ("action", "seat", "children", "by_id", "visits", "avail", "total")

    def __init__(self, action: Action | None, seat: int | None) -> None:
        self.action = action
        self.seat = seat  # the seat that chose `action` (its reward is the one counted here)
        self.children: dict[Action, _Node] = {}
        # The children again, by the identity of their action: found without hashing the action when a game
        # hands out the same action objects (a child keeps its action alive, so an id found here is that object).
        self.by_id: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0

    def add(self, action: Action, seat: int) -> _Node:
        child = self.children[action] = self.by_id[id(action)] = _Node(action, seat)
        return child


class ISMCTSBot:
    """Single-observer ISMCTS over `state.determinize(seat, rng)`.

    iterations: playouts per decision (the deterministic budget; the search also stops once no other root action
    can catch up with the most visited one); time_limit: CPU seconds of the searching thread per decision at most,
    a safety net (checked every few playouts; None for no limit; see the module docstring); exploration: the UCB1
    constant for rewards in [0, 1]; max_rollout: actions per playout before it is scored as it stands;
    opponent_model: the other seats move by the rollout policy inside the tree too; particles: determinizations
    weighed up front when the game has a `weight` hook; world_reuse: playouts
    made in a row from each sampled world (the tree sends them along different branches, so the moves compared at
    the root are tried in mostly the same worlds: paired comparisons, much less noisy when a game's playouts hardly
    depend on chance once the cards are dealt).  `hooks` tune the search for a game (see the module docstring).
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int = 2000,
        time_limit: float | None = 1.0,
        exploration: float = 0.7,
        max_rollout: int = 400,
        opponent_model: bool = False,
        particles: int = 256,
        world_reuse: int = 1,
        hooks: SearchHooks | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.max_rollout = max_rollout
        self.opponent_model = opponent_model
        self.particles = particles
        self.world_reuse = world_reuse
        self.hooks = hooks or SearchHooks()
        self.last_iterations = 0  # playouts made for the last decision (for tools and tests)
        self.last_moves: Sequence[Action] = ()  # the root's moves searched for the last decision

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(state, seat)
        return max(self.last_moves, key=lambda a: _visits(root, a))

    def moves(self, state: State, seat: int) -> Sequence[Action]:
        """The moves searched for `seat` to act in `state` (a determinization): the game's candidates, or every
        legal move."""
        candidates = self.hooks.candidates
        if candidates is not None:
            found = candidates(state, seat)
            if found is not None:
                return found
        return state.legal_actions()

    def search(self, state: State, seat: int) -> _Node:
        """Build the tree for `seat` from `state` within the budget; the root node.  The moves searched at the
        root are kept in `last_moves`."""
        rng = self.rng
        root = _Node(None, None)
        # The hooks compare playouts with the position searched from; they get a determinization of it, so
        # nothing but `determinize` (and the seat's own legal actions) is ever asked of the state given.
        origin = state.determinize(seat, rng)
        clock = search_clock
        deadline = None if self.time_limit is None else clock() + self.time_limit
        root_actions = self.last_moves = (state.legal_actions() if self.hooks.candidates is None
                                          else self.moves(origin, seat))
        made = 0
        if len(root_actions) > 1:
            sample = make_sampler(state, seat, rng, self.hooks.weight, self.particles, self.hooks.world)
            budget = self.iterations
            reuse = max(1, self.world_reuse)
            world, left = origin, 0
            while made < budget:
                if not left:
                    world, left = sample(), reuse
                left -= 1
                self._playout(world.clone() if left else world, root, [], seat, origin, rng)
                made += 1
                if made % 8 == 0:
                    if deadline is not None and clock() > deadline:
                        break
                    if made % 64 == 0 and _settled(root, budget - made, len(root_actions)):
                        break
        self.last_iterations = made
        return root

    def _playout(self, world: State, node: _Node, path: list[_Node], seat: int, origin: State,
                 rng: random.Random) -> None:
        """One iteration from `node` in `world`: select and expand, play out, and back the rewards up `path`."""
        hooks = self.hooks
        done, rollout, candidates = hooks.done, hooks.rollout, hooks.candidates
        c = self.exploration
        log, sqrt = math.log, math.sqrt
        model = self.opponent_model and rollout is not None
        apply = transition(world)
        # Selection and expansion: down the tree through actions legal in this world.
        while world.turn is not None and (done is None or not done(world, origin)):
            mover = world.turn
            if model and mover != seat:
                # The other seats move by the playout policy (a model of them); the tree still tells their
                # moves apart, so the seat's later decisions are searched for what it will have seen.
                action = rollout(world, rng)  # type: ignore[misc]
                apply(action)
                child = node.by_id.get(id(action)) or node.children.get(action)
                if child is None:
                    child = node.add(action, mover)
                path.append(child)
                node = child
                continue
            legal = world.legal_actions() if candidates is None else self.moves(world, mover)
            children, by_id = node.children, node.by_id
            found: list[_Node] = []  # the children of the legal actions tried already, in their order
            untried: list[Action] = []
            for a in legal:
                child = by_id.get(id(a)) or children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    found.append(child)
            if untried:
                for child in found:
                    child.avail += 1
                action = rng.choice(untried)
                child = node.add(action, mover)
                apply(action)
                path.append(child)
                break
            best = None
            best_value = -1.0
            for child in found:
                child.avail += 1
                value = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                if value > best_value:
                    best, best_value = child, value
            assert best is not None
            apply(best.action)  # type: ignore[arg-type]
            path.append(best)
            node = best
        play_out = getattr(rollout, "play_out", None)
        rewards = None if play_out is None else play_out(world, origin, rng, self.max_rollout, apply)
        if rewards is None:
            rewards = self._play_moves(world, origin, rng, apply)
        for child in path:
            child.visits += 1
            child.total += rewards[child.seat]  # type: ignore[index]

    def _play_moves(self, world: State, origin: State, rng: random.Random, apply: Callable[[Action], Any]
                    ) -> list[float]:
        """Play `world` out move by move (the rollout policy, or uniformly random) and score it."""
        hooks = self.hooks
        done, rollout = hooks.done, hooks.rollout
        steps = 0
        max_rollout = self.max_rollout
        rand = rng.random
        while world.turn is not None and steps < max_rollout and not (done is not None and done(world, origin)):
            if rollout is not None:
                apply(rollout(world, rng))
            else:  # uniformly random: one float draw is cheaper than rng.choice
                legal = world.legal_actions()
                apply(legal[int(rand() * len(legal))])
            steps += 1
        return hooks.reward(world, origin)


def make_sampler(state: State, seat: int, rng: random.Random, weight: Weight | None, particles: int,
                 world: World | None = None) -> Callable[[], State]:
    """Where each playout starts: a fresh determinization of `state` for `seat` (by the game's `world` hook when
    it has one), or (with a `weight` hook) a copy of one of `particles` determinizations drawn up front, picked by
    weight."""
    def draw() -> State:
        return world(state, seat, rng) if world is not None else state.determinize(seat, rng)

    if weight is None or particles < 1:
        return draw
    pool = [draw() for _ in range(particles)]
    cumulative = list(itertools.accumulate(weight(w, seat) for w in pool))
    total = cumulative[-1]

    def pick(i: int) -> State:
        return pool[i].clone()

    if not total > 0:  # nothing fits (or a weight is NaN): every world alike
        return lambda: pick(rng.choice(range(len(pool))))
    last = len(pool) - 1
    return lambda: pick(min(last, bisect.bisect(cumulative, rng.random() * total)))


def _visits(root: _Node, action: Action) -> tuple[int, float]:
    child = root.children.get(action)
    if child is None or not child.visits:
        return (0, 0.0)
    return (child.visits, child.total / child.visits)


def _settled(root: _Node, left: int, width: int) -> bool:
    """True when no other root action can catch up with the most visited one in the playouts left."""
    if len(root.children) < width:
        return False
    counts = sorted((c.visits for c in root.children.values()), reverse=True)
    return len(counts) > 1 and counts[0] - counts[1] > left
