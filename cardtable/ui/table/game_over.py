"""The end of a game at the table: the win's sound, the person's statistics and what they say, then the celebration
or the result panel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.core.cues import WIN
from cardtable.ui.celebration import Celebration
from cardtable.ui.table.records import count_result

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene


def game_over(scene: TableScene, celebrate: bool) -> None:
    """`scene`'s game has ended (`celebrate`: just now, by a move; else it was over when opened)."""
    scene.game_over_handled = True
    result = scene.state.result()
    human_won = any(w in scene.humans for w in result.winners)
    if celebrate and human_won:
        scene.app.sounds.play(WIN)
    people = scene.people
    if celebrate and people:  # a seat handed to a bot still counts for the person who sat there
        scene.say(count_result(scene.match, people), error=True)
        scene.status_line.running_total.forget()
    if celebrate and human_won and scene.animation_seconds > 0 and scene.layout.celebration == "cascade":
        scene.celebration = Celebration.cascade(scene.layout, scene.look(), scene.app.size, scene.match.seed)
    else:
        scene.result_due = True
