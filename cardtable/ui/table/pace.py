"""When the table next changes by itself, for the main loop's sleep (`Scene.next_change`).

A table waiting for the person draws nothing: it wakes for the clock's next second, a message or a hint's marks
going, a turn timer's next second; while something moves (cards, the celebration) it is drawn every frame, and while
an answer is on its way from the bots' worker (a bot's move, the solver, a winnable deal) it looks for it a few times
a second, which also moves the "thinking" dots on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.ui.table.curtain import BEAT as CURTAIN_BEAT

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene

POLL_SECONDS = 0.1  # how often a table waiting for the worker looks for its answer
SOONEST = 0.005  # a change due now, but not something moving: the next frame after a short sleep
PULSE_FRAME = 1 / 20  # a lit hint's pulse is drawn at 20 frames a second


def next_change(scene: TableScene) -> float | None:
    """Seconds until `scene` shows something new with no input (0: it moves now; None: not until the person acts)."""
    if scene.choreography.busy or scene.celebration is not None or scene.result_due or scene.safe_play.pending:
        return 0.0
    if not (scene.panels.making.done and scene.panels.result_build.done):  # widgets being made, a few a frame
        return SOONEST
    soon: list[float] = []
    over = scene.state.is_over()
    if scene.deals.searching or scene.analysis.job is not None or (scene.driver.thinking_seat is not None
                                                                   and not over):
        soon.append(POLL_SECONDS)
    if scene.pace.answer() is not None or (scene.pace.early is not None and scene.state.turn == scene.viewer):
        soon.append(SOONEST)  # the table makes a move for the person (one made for them, or chosen ahead)
    message = scene.messages.next_change()
    if message is not None:
        soon.append(message)
    if scene.hints.time_left > 0:  # lit for a moment, and pulsing meanwhile: drawn at a low frame rate
        soon.append(min(scene.hints.time_left, PULSE_FRAME))
    if scene.curtain_for is not None and not scene.curtain.ready:  # its button lights up when its beat is over
        soon.append(scene.curtain.shown_at + CURTAIN_BEAT - scene.clock)
    left = scene.driver.time_left  # a person's turn timer: its next second, or its end
    if left is not None:
        soon.append(left % 1.0)
    if not over and scene.curtain_for is None and not scene.asking:  # the status bar clock: its next second
        soon.append(1.0 - scene.match.elapsed % 1.0)
    return max(SOONEST, min(soon)) if soon else None
