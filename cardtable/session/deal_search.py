"""Looking for a deal a game's solver proves winnable, off the UI thread (the "winnable deals only" option).

Where the game ships deals already proved winnable for the match's variant (`WinnableDeals.proved`), one of them
is picked at once (`Listed`, a search already done).  Otherwise the search is a `DealChooser`, handed to
`cardtable.bots.worker.think` like a bot's decision: in a worker process when it can be, so the window never
stutters.  It tries the seed it was given, then seeds drawn from it, until the
game's solver finds a winning line; the deal shown is that seed's, numbered by it, and the line is its proof.

    job = start_search(game, match)          # None: the match needs no search
    ... every frame:  if job.done(): found = job.result()   # a FoundDeal
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.bots.worker import Thinking, think
from cardtable.core.engine import Action, Rules, State
from cardtable.games.plugin import GamePlugin, Solver

#: Deals tried before the search gives up and shows the last one unproved (at about 90% winnable, never reached).
MAX_TRIES = 200
SEED_RANGE = 2**31


@dataclass(frozen=True)
class FoundDeal:
    """What a search found: the deal's seed, and its winning line (None: no deal was proved, the seed is unproved);
    `tries`: the deals tried; `listed`: the seed was picked from the deals proved before (no line with it)."""

    seed: int
    proof: tuple[Action, ...] | None
    tries: int
    listed: bool = False

    @property
    def proved(self) -> bool:
        return self.listed or self.proof is not None


@dataclass(frozen=True)
class Listed:
    """A deal picked from those proved before: a search that is done at once (as `Thinking` answers)."""

    found: FoundDeal

    def done(self) -> bool:
        return True

    def result(self, timeout: float | None = None) -> FoundDeal:
        return self.found

    def cancel(self) -> None:
        """Nothing runs."""


@dataclass
class DealChooser:
    """The search for a winnable deal, as a worker runs it (`choose`, like a bot's decision)."""

    rules: Rules
    players: int
    options: dict[str, Any]
    solve: Solver
    seconds: float
    first_seed: int
    max_tries: int = MAX_TRIES

    def choose(self, state: State, seat: int) -> FoundDeal:
        """Try deals from `first_seed` on until one is proved winnable (`state` and `seat` are not used: the deals
        are made here)."""
        seeds = random.Random(self.first_seed)
        seed = self.first_seed
        for tries in range(1, self.max_tries + 1):
            verdict = self.solve(self.rules.new_game(self.players, self.options, seed), self.seconds)
            if verdict.outcome == "won":
                return FoundDeal(seed, tuple(verdict.line), tries)
            seed = seeds.randrange(SEED_RANGE)
        return FoundDeal(self.first_seed, None, self.max_tries)


def needs_search(game: GamePlugin, match: Any) -> bool:
    """Whether the table should look for a proved deal before showing `match`: the game offers winnable deals, the
    options ask for them, the deal was drawn at random for this match, and nothing has been played yet."""
    wanted = game.winnable_deals
    return (wanted is not None and game.solver is not None and wanted.wanted(match.options) and match.random_deal
            and match.proof is None and not match.log)


def listed_deal(game: GamePlugin, options: Mapping[str, Any], rng: random.Random, avoid: int | None = None
                ) -> int | None:
    """A deal proved winnable before, from the game's list for the variant `options` make, other than `avoid` (the
    deal just played) when the list has others; None when the options do not ask for one or the list is empty."""
    wanted = game.winnable_deals
    if wanted is None or wanted.proved is None or not wanted.wanted(options):
        return None
    proved = [seed for seed in wanted.proved(options) if seed != avoid] or list(wanted.proved(options))
    return rng.choice(proved) if proved else None


def start_search(game: GamePlugin, match: Any, mode: str = "auto") -> Thinking[FoundDeal] | Listed | None:
    """Start looking for a proved deal for `match` (see `needs_search`); None when it needs none."""
    if not needs_search(game, match):
        return None
    wanted, solver = game.winnable_deals, game.solver
    assert wanted is not None and solver is not None
    listed = listed_deal(game, match.options, random.Random(match.seed))
    if listed is not None:
        return Listed(FoundDeal(listed, None, 0, listed=True))
    chooser = DealChooser(game.rules, len(match.seats), dict(match.options), solver, wanted.seconds, match.seed)
    return think(chooser, match.state, 0, mode)
