"""The table's pace: each event said (and noted on its seat's panel) when the table has shown it, the moves the
table makes for a person without asking them, the moves a person chooses ahead of their turn, and the decisions
taken at the deal's pace (bots without their beat).  What differs between games comes from the layout's hooks
(`answer_for`, `early_actions`, `brisk`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.engine import Action, Event
from cardtable.core.wording import seat_name
from cardtable.ui.table.move_log import logged

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene


class TablePace:
    """What `scene` says when, and the moves it makes or keeps for a person."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.words: list[tuple[float, int, Event]] = []  # events to say when the table shows them: (clock, move)
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
        self._brisk = scene.game_layout.brisk(state.view(None))
        self._answer = None
        if turn is not None and scene.match.seats[turn].is_human:
            present = turn == scene.viewer and len(scene.humans) == 1  # alone at the screen
            self._answer = scene.game_layout.answer_for(state.view(turn), state.legal_actions(), present)

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
        return [a for a in scene.game_layout.early_actions(scene.state.view(scene.viewer)) if a != self.early]

    def choose_early(self, action: Action) -> None:
        """The person chose `action` ahead of their turn: it is made when their turn comes, if still legal."""
        self.early = action
        self.scene.say(f"{action.describe()}: made as soon as it is your turn.")
        self.scene.panels.build()

    def act(self, ready: bool) -> bool:
        """Make, when the table is `ready`, the move chosen ahead for the person whose turn it is, or the move the
        table makes for them without asking; True if the turn was theirs to take (the driver has nothing to do)."""
        scene = self.scene
        early, turn = self.early, scene.state.turn
        if early is not None and turn is not None and turn == scene.viewer and scene.match.seats[turn].is_human:
            if ready:
                self.early = None
                if early in scene.state.legal_actions():
                    scene.play(early)
                else:
                    reason = scene.state.reason(early)
                    scene.say(scene.named(f"{early.describe()} no longer stands: {reason}"), error=True)
            return True
        answer = self.answer()
        if answer is None:
            return False
        if ready:
            scene.play(answer)
        return True

    # ----- words when shown -----------------------------------------------------------------------------
    def say(self, events: list[Event], moment: int | None = None) -> None:
        """Say what `events` tell now, at `moment` (the move they belong to; default: the last), and note on each
        seat's panel what it did last."""
        scene = self.scene
        moment = len(scene.match.log) if moment is None else moment
        for ev in events:
            if logged(ev):
                lasting = scene.game_layout.key_moment(ev)
                scene.messages.announce(scene.named(ev.text), moment, lasting)
                scene.move_log.add(scene.named(ev.text), moment)
                if ev.seat is not None and ev.text.startswith(f"{seat_name(ev.seat)} ") and not lasting:
                    # What each seat did last stays on its panel ("plays red 7."), so no move passes unseen.
                    scene.last_moves[ev.seat] = ev.text[len(seat_name(ev.seat)) + 1:]

    def say_when_shown(self, events: list[Event], times: list[float]) -> None:
        """Say each event when the table has shown it: `times` are the seconds from now at which each one has (its
        cards landed)."""
        scene = self.scene
        moment = len(scene.match.log)
        for ev, at in zip(events, times, strict=True):
            if at <= 0 and not self.words:
                self.say([ev], moment)
            else:
                self.words.append((scene.clock + at, moment, ev))

    def say_due(self, everything: bool = False) -> None:
        """Say the events the table has shown by now (`everything`: all that wait); once all are said, the
        person's buttons and choices are made."""
        if not self.words:
            return
        scene = self.scene
        while self.words and (everything or self.words[0][0] <= scene.clock):
            _, moment, ev = self.words.pop(0)
            self.say([ev], moment)
        if not scene.behind:
            scene.panels.build()
