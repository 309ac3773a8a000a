"""A playthrough of every game under each of its option choices, as golden text: for each move, the seat to act,
how many moves it had, the move taken, its time limit and its events, and every tenth move the public cards on the
table.  A change of what any option does shows as a diff of its own file.

Each option choice other than the default gets one playthrough, with the other options at their defaults (and an
option that matters only with another's value played with that value; a choice the rules refuse in that company
gets a file saying so).  Choices that only tell at a game's end (how many rounds) play their first moves like the
default's.  After a deliberate change, write the files
again with `CARDTABLE_GOLDEN=write python -m pytest tests/timeline` and read the diff before committing it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from cardtable.games import REGISTRY
from tests.timeline.conftest import event_line, public_cards, seeded_game

PLAYTHROUGHS = Path(__file__).parent / "playthroughs"
SEED, MOVES = 3, 120


def option_sets(game_id: str) -> list[tuple[str, dict[str, Any]]]:
    """(file name, options) for each non-default choice of each option the game declares."""
    rules = REGISTRY[game_id]
    sets = []
    for option in rules.options:
        for choice in option.choices:
            if choice == option.default or option.custom and choice == option.custom:
                continue
            chosen = {option.name: choice}
            if option.when:  # an option that matters only with another's value: that value too
                chosen[option.when[0]] = option.when[1][0]
            sets.append((f"{option.name}={choice}", chosen))
    return sets


def playthrough(game_id: str, options: dict[str, Any]) -> str:
    rules = REGISTRY[game_id]
    chosen = rules.validate_options(options)
    lines = [f"# {game_id}, seed {SEED}, options {json.dumps(chosen, sort_keys=True)}: the first {MOVES} moves of "
             "random legal play"]
    for n, (state, action) in enumerate(seeded_game(game_id, SEED, MOVES, options), start=1):
        limit = state.time_limit()
        timed = f" time={limit.seconds:g}" if limit is not None else ""
        legal = len(state.legal_actions())
        lines.append(f"{n} seat={state.turn} legal={legal}{timed} {json.dumps(action.to_json(), sort_keys=True)}")
        lines.extend(f"  {event_line(ev)}" for ev in state.apply(action))
        if n % 10 == 0:
            lines.append("  table: " + " ".join(public_cards(state.view(None))))
    return "\n".join(lines) + "\n"


CASES = [(game_id, name, options) for game_id in sorted(REGISTRY) for name, options in option_sets(game_id)]


@pytest.mark.parametrize(("game", "name", "options"), CASES, ids=[f"{g}-{n}" for g, n, _ in CASES])
def test_the_playthrough_under_each_option_choice_is_as_recorded(game: str, name: str,
                                                                  options: dict[str, Any]) -> None:
    path = PLAYTHROUGHS / game / f"{name}.txt"
    try:
        made = playthrough(game, options)
    except ValueError as refused:  # a choice the rules refuse with the other defaults
        made = f"# refused: {refused}\n"
    if os.environ.get("CARDTABLE_GOLDEN") == "write":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(made, encoding="utf-8")
    assert path.exists(), f"no playthrough for {game} {name}: write it with CARDTABLE_GOLDEN=write"
    assert made == path.read_text(encoding="utf-8"), f"{game} with {name} plays differently: see its diff"


def test_every_option_choice_has_a_playthrough_and_no_file_is_left_over() -> None:
    wanted = {PLAYTHROUGHS / g / f"{n}.txt" for g, n, _ in CASES}
    present = set(PLAYTHROUGHS.glob("*/*.txt"))
    assert present == wanted
