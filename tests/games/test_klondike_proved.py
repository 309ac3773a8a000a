"""The Klondike deals shipped as proved winnable (assets/klondike_winnable.json): every variant has some, and a
sample of them, drawn afresh each run, is proved again by the solver and its line replayed through the engine to a
won game.  The solver is deterministic without a time limit, so a listed deal's proof comes back as it was found
(each within the half second of CPU the list's script gave it)."""

from __future__ import annotations

import random

import pytest

from cardtable.games.klondike.proved import VARIANTS, proved_deals
from cardtable.games.klondike.rules import RULES
from cardtable.games.klondike.solver import solve
from cardtable.session.deal_search import SEED_RANGE

SAMPLE = 2  # deals per variant proved again (each run others: over many runs, much of the list)
NODE_LIMIT = 2_000_000  # far above what a half-second proof examines: only a wrong entry could reach it


def options(draw: int, passes: str) -> dict:
    return RULES.validate_options({"draw": draw, "passes": passes})


@pytest.mark.parametrize("draw, passes", VARIANTS)
def test_every_variant_has_proved_deals(draw: int, passes: str) -> None:
    deals = proved_deals(options(draw, passes))
    assert len(deals) >= 50 and len(set(deals)) == len(deals)
    assert all(0 <= seed < SEED_RANGE for seed in deals)
    assert proved_deals({**options(draw, passes), "scoring": "vegas"}) == deals, "the scoring changes nothing"


@pytest.mark.parametrize("draw, passes", VARIANTS)
def test_a_sample_of_the_proved_deals_is_proved_again(draw: int, passes: str) -> None:
    chosen = options(draw, passes)
    for seed in random.sample(proved_deals(chosen), SAMPLE):
        state = RULES.new_game(1, chosen, seed)
        solution = solve(state, time_limit=None, node_limit=NODE_LIMIT)
        assert solution.outcome == "won", f"deal {seed} (draw {draw}, {passes} passes) is not proved winnable"
        for action in solution.line:
            state.apply(action)
        assert state.won, f"deal {seed}: the solver's line does not win"
