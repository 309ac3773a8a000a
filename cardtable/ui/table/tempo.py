"""The table's tempo: the moves the table makes for a person without asking them, the moves a person chooses ahead
of their turn, and the decisions taken at the deal's pace (bots without their beat).  What differs between games
comes from the layout's hooks (`answer_for`, `early_actions`, `brisk`).  It runs the turn driver every frame (bots
and turn timers)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.engine import Action
from cardtable.ui.table.panels import why_not

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene


class TablePace:
    """The moves `scene` makes or keeps for a person, and the pace of the decision on the table."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.early: Action | None = None  # a move the person chose ahead of their turn, made when it comes
        self._position: tuple[Any, ...] = ()  # the position the answer and the pace were worked out for
        self._answer: Action | None = None
        self._brisk = False

    # ----- what the position asks ----------------------------------------------------------------------
    def _work_out(self) -> None:
        """The answer for the person to act (`GameLayout.answer_for`) and the pace, once per position."""
        scene = self.scene
        log, state = scene.match.log, scene.state
        turn = state.turn
        key = (len(log), id(log[-1]) if log else None, turn, scene.viewer, len(scene.humans))
        if key == self._position:
            return
        self._position = key
        self._brisk = scene.game_layout.brisk(scene.position.view(None))
        self._answer = None
        if turn is not None and scene.match.seats[turn].is_human:
            present = turn == scene.viewer and len(scene.humans) == 1  # alone at the screen
            self._answer = scene.game_layout.answer_for(scene.position.view(turn), scene.legal(), present)

    def answer(self) -> Action | None:
        """The move the table makes at once for the person to act, without asking them (None: they are asked)."""
        self._work_out()
        return self._answer

    def brisk(self) -> bool:
        """The decision on the table is taken at the deal's pace (`GameLayout.brisk`)."""
        self._work_out()
        return self._brisk

    # ----- moves chosen ahead ---------------------------------------------------------------------------
    def early_offer(self) -> list[Action]:
        """Moves the person alone at the screen may choose ahead of their turn (`GameLayout.early_actions`), but
        the one already chosen."""
        scene = self.scene
        if len(scene.humans) != 1 or scene.viewer is None or scene.curtain_for is not None or scene.human_turn:
            return []
        return [a for a in scene.game_layout.early_actions(scene.position.view(scene.viewer)) if a != self.early]

    def choose_early(self, action: Action) -> None:
        """The person chose `action` ahead of their turn: it is made when their turn comes, if still legal."""
        self.early = action
        self.scene.say(f"{self.scene.narrator.action(action)}: made as soon as it is your turn.")
        self.scene.panels.build()

    def act(self, ready: bool) -> bool:
        """Make, when the table is `ready`, the move chosen ahead for the person whose turn it is, or the move the
        table makes for them without asking; True if the turn was theirs to take (the driver has nothing to do)."""
        scene = self.scene
        early, turn = self.early, scene.state.turn
        if early is not None and turn is not None and turn == scene.viewer and scene.match.seats[turn].is_human:
            if ready:
                self.early = None
                if early in scene.legal():
                    scene.play(early)
                else:
                    refused = why_not(scene.state, early)
                    reason = scene.narrator.refusal(refused) if refused is not None else ""
                    scene.say(f"{scene.narrator.action(early)} no longer stands: {reason}", error=True)
            return True
        answer = self.answer()
        if answer is None:
            return False
        if ready:
            scene.play(answer)
        return True

    # ----- every frame ----------------------------------------------------------------------------------
    def drive(self, dt: float) -> None:
        """Bots and turn timers: the driver says when a move is due; it is played like a person's."""
        scene = self.scene
        brisk = self.brisk()
        at_rest = not scene.choreography.busy or (brisk and scene.choreography.under_way)
        ready = at_rest and scene.curtain_for is None and scene.confirm is None and not scene.summaries.open
        if self.act(ready):  # a move chosen ahead, or made for the person without asking them
            return
        timer = scene.position.time_limit() if scene.human_turn else None
        # The setting may change during the game; at the deal's pace a bot has no beat.
        scene.driver.bot_delay = 0.0 if brisk else scene.app.settings.bot_delay
        move = scene.driver.update(dt, ready, timer)
        if move is not None:
            scene.play(move.action, move=move)
