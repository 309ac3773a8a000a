"""Every game's recorded events of a seeded game, as a golden file: kinds, seats, cards, zones, values and the
public cards of every beat's snapshot, so that any change of a game's timeline shows as a diff.

After a deliberate change, write the files again with `CARDTABLE_GOLDEN=write python -m pytest tests/timeline`
and read the diff before committing it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.timeline.conftest import event_line, seeded_game

GOLDEN = Path(__file__).parent / "golden"
SEED, MOVES = 7, 160


def timeline(game_id: str) -> str:
    lines = [f"# {game_id}, seed {SEED}, the first {MOVES} moves of random legal play"]
    for n, (state, action) in enumerate(seeded_game(game_id, SEED, MOVES), start=1):
        lines.append(f"{n} seat={state.turn} {json.dumps(action.to_json(), sort_keys=True)}")
        lines.extend(f"  {event_line(ev)}" for ev in state.apply(action))
    return "\n".join(lines) + "\n"


def test_the_events_of_a_seeded_game_are_as_recorded(game_id: str) -> None:
    path = GOLDEN / f"{game_id}.txt"
    made = timeline(game_id)
    if os.environ.get("CARDTABLE_GOLDEN") == "write":
        path.write_text(made, encoding="utf-8")
    assert path.exists(), f"no golden file for {game_id}: write it with CARDTABLE_GOLDEN=write"
    assert made == path.read_text(encoding="utf-8"), f"{game_id}'s timeline changed: see the diff of {path.name}"
