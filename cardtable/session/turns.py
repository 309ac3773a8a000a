"""Whose turn it is and who acts for whom: bots, turn timers, time-outs and hand-over, and who may undo.

The `TurnDriver` is pure Python and runs on the time it is given (`update(dt, ready)`), so the table drives it
every frame and tests drive it with whatever clock they like.  It never applies a move itself: it hands the table
a `Move` (a bot's choice, or the default a timer made for a person), and the table plays it like any other.

A bot's decision that does not answer within `ANSWER_CAP` seconds of the driver's clock (a hung or stopped worker)
is abandoned, and the game's rule bot (or a random legal move) makes the move in this process instead.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.bots import HARD_TIME_LIMIT, make_bot
from cardtable.bots.worker import Thinking, think
from cardtable.core.engine import Action, IllegalAction, TimeLimit
from cardtable.core.seat_kinds import DEFAULT_BOT
from cardtable.session.match import Match, Seat

#: How a decision leaves the calling thread (`cardtable.bots.worker.think`): tests may decide inline.
Think = Callable[[Any, Any, int], Thinking[Action]]

#: Seconds a decision may take before it is abandoned (a hung worker).  The hard bot's net counts its own CPU time,
#: and a busy machine stretches that on the wall clock (measured here: up to ten times, with other programs running),
#: so the cap leaves room for the whole net at that rate and for starting the worker process: a decision the search
#: finishes is never abandoned for the load, and only a real hang is.
ANSWER_CAP = HARD_TIME_LIMIT * 10 + 10.0
TOO_SLOW = "A bot took too long to decide; a simpler bot made its move."


@dataclass(frozen=True)
class Move:
    """A move the driver made for a seat: by its bot, or by the clock for a person whose time ran out."""

    seat: int
    action: Action
    by_clock: bool = False
    note: str = ""  # why it is not the seat's own choice (a bot that failed), for the table to say


@dataclass(frozen=True)
class SeatNews:
    """What became of a seat, for the table to say: "away", "back", "bot" (a bot plays it now) or "gone"; and, at
    the end of a hosted game, whether it "checks_out" or "does_not_check_out" for the seat that checked it."""

    seat: int
    status: str


@dataclass(frozen=True)
class TimedOut:
    """What a time-out led to: the seat, and whether it now goes to a bot for the rest of the game."""

    seat: int
    in_a_row: int
    handed_over: bool



class TurnDriver:
    """Acts for the bots and for the clock of one match.

    bot_delay: seconds a bot waits before it moves, so that a person can follow.  A bot's decision is reproducible:
    the bot is seeded from the match's seed and its seat, the world it sees from the seed and the log's length.
    With `bots` False nobody acts for the bot seats (a replay).
    """

    def __init__(self, match: Match, bot_delay: float = 0.6, thinker: Think = think, bots: bool = True) -> None:
        self.match = match
        self.bot_delay = bot_delay
        self.thinker = thinker
        self.bots = {i: self._bot(seat, i) for i, seat in enumerate(match.seats) if not seat.is_human and bots}
        self.job: Thinking[Action] | None = None
        self.waited = 0.0
        self.thought = 0.0  # seconds the decision in progress has taken
        self.timer: TimeLimit | None = None  # the clock of the decision on the table
        self.time_left: float | None = None  # seconds left on a person's turn timer
        self._clock_for: tuple[int, int] | None = None  # the decision (log length, seat) the clock is running for
        self.timeouts: dict[int, int] = {}  # time-outs in a row per seat

    def _bot(self, seat: Seat, index: int) -> Any:
        level = seat.kind.split(":", 1)[1]
        return make_bot(self.match.game, level, seed=self.match.seed + index)

    # ----- who sits where ----------------------------------------------------------------------------
    @property
    def people(self) -> list[int]:
        """The seats where a person sits now."""
        return [i for i, s in enumerate(self.match.seats) if s.is_human]

    @property
    def thinking_seat(self) -> int | None:
        """The bot seat whose decision is in progress (or about to be: its beat before it moves)."""
        turn = self.match.state.turn
        return turn if turn in self.bots else None

    @property
    def busy(self) -> bool:
        """A bot's decision is on its way."""
        return self.job is not None

    # ----- every frame -------------------------------------------------------------------------------
    def update(self, dt: float, ready: bool, timer: TimeLimit | None = None) -> Move | None:
        """Advance by `dt` seconds.  `ready`: the table is at rest (no animation, no curtain, no question open).

        `timer` is the rules' time limit on the decision on the table (None: no clock).  Returns a move to play now,
        if the bot to act has decided or a person's time has run out.
        """
        turn = self.match.state.turn
        if turn is None:
            self.time_left = None
            return None
        if turn in self.bots:
            self.time_left = None
            return self._run_bot(turn, dt, ready)
        return self._run_clock(turn, dt, ready, timer)

    def _run_bot(self, seat: int, dt: float, ready: bool) -> Move | None:
        if self.job is None:
            if not ready:
                return None
            self.waited += dt
            if self.waited < self.bot_delay:
                return None
            self.thought = 0.0
            self.job = self.thinker(self.bots[seat], self._world(seat), seat)
            return None
        if not self.job.done():
            self.thought += dt
            if self.thought < ANSWER_CAP:
                return None
            job, self.job = self.job, None
            self.waited = 0.0
            job.abandon()
            return self._fallback(seat)
        job, self.job = self.job, None
        self.waited = 0.0
        legal = self.match.state.legal_actions()
        try:
            action = job.result()
        except Exception as exc:  # noqa: BLE001 - a bot's failure is a bug: the game goes on with a legal move
            return Move(seat, legal[0], note=f"A bot failed ({exc}); a legal move was made for it.")
        if action not in legal:  # a bot's illegal choice is a bug too
            return Move(seat, legal[0], note="A bot chose a move that is not legal; a legal move was made for it.")
        return Move(seat, action)

    def _seed(self) -> int:
        """The seed of the decision on the table: a bot's choice is the same however often it is asked."""
        return self.match.seed * 1000 + len(self.match.log)

    def _world(self, seat: int) -> Any:
        """What the bot at `seat` may see: a determinization of the real state."""
        return self.match.state.determinize(seat, random.Random(self._seed()))

    def _fallback(self, seat: int) -> Move:
        """The move of a bot that did not answer: the game's rule bot decides here, or a random legal move."""
        legal = self.match.state.legal_actions()
        action = None
        rule_bot = self.match.game.rule_bot
        if rule_bot is not None:
            try:
                action = rule_bot(self._seed()).choose(self._world(seat), seat)
            except Exception:  # noqa: BLE001 - a random move will do
                action = None
        if action not in legal:
            action = random.Random(self._seed()).choice(legal)
        return Move(seat, action, note=TOO_SLOW)

    def _run_clock(self, seat: int, dt: float, ready: bool, timer: TimeLimit | None) -> Move | None:
        if timer is None:
            self.timer = self.time_left = self._clock_for = None
            return None
        decision = (len(self.match.log), seat)
        if decision != self._clock_for:  # a new decision: its clock starts from the full time
            self._clock_for, self.timer, self.time_left = decision, timer, float(timer.seconds)
        if not ready or self.time_left is None:
            return None
        self.time_left -= dt
        if self.time_left > 0:
            return None
        self.time_left = None
        rng = random.Random(self.match.seed + len(self.match.log))
        legal = self.match.state.legal_actions()
        action = timer.default(rng)
        return Move(seat, action if action in legal else legal[0], by_clock=True)

    # ----- after a move ------------------------------------------------------------------------------
    def moved(self, move: Move | None = None, seat: int | None = None) -> TimedOut | None:
        """Note that a move was played (the driver's `move`, or a person's own move at `seat`).

        A time-out is counted; a move in time starts the count again.  Returns what a time-out led to: after the
        timer's `hand_over_after` time-outs in a row, a bot takes the seat for the rest of the game.
        """
        limit = self.timer.hand_over_after if self.timer is not None else None
        quiet = self.timer is not None and self.timer.quiet
        self.timer = self.time_left = self._clock_for = None
        if move is not None and move.by_clock and quiet:  # a beat that passed: not a time-out
            return None
        if move is None or not move.by_clock:
            if seat is not None:
                self.timeouts.pop(seat, None)
            return None
        count = self.timeouts[move.seat] = self.timeouts.get(move.seat, 0) + 1
        handed = limit is not None and count >= limit
        if handed:
            self.hand_to_bot(move.seat)
        return TimedOut(move.seat, count, handed)

    def hand_to_bot(self, seat: int) -> None:
        """From now on a bot plays `seat` (kept in the save; the game still counts for the person)."""
        old = self.match.seats[seat]
        self.match.seats[seat] = Seat(DEFAULT_BOT, old.name, handed_over=True)
        self.bots[seat] = self._bot(self.match.seats[seat], seat)
        self.match.autosave()

    def take_back(self, seat: int) -> bool:
        """The person whose seat a bot took over sits there again (kept in the save); False if no bot had it."""
        old = self.match.seats[seat]
        if not old.handed_over:
            return False
        if self.match.state.turn == seat:
            self.cancel()  # the bot's decision in progress is not the person's
        self.match.seats[seat] = Seat("human", old.name)
        self.bots.pop(seat, None)
        self.timeouts.pop(seat, None)
        self.match.autosave()
        return True

    def news(self) -> list[IllegalAction | SeatNews]:
        """What the table should say that no move of its own led to (a host's refusal, a seat's news): none here."""
        return []

    @property
    def shown_time_left(self) -> float | None:
        """The seconds left on a person's timer, for the status bar (None: no timer, or a quiet one)."""
        return None if self.timer is not None and self.timer.quiet else self.time_left

    def cancel(self) -> None:
        """Drop a decision in progress (after an undo, a new game, leaving the table)."""
        if self.job is not None:
            self.job.cancel()
        self.job = None
        self.waited = self.thought = 0.0
        self.timer = self.time_left = self._clock_for = None

    # ----- undo ----------------------------------------------------------------------------------------
    def undo_refused(self, viewer: int | None) -> int | None:
        """The person whose move undo would take back, when it is not the one at the screen (None: undo may go
        on).  With several people at one computer, each may take back only their own move."""
        last = self.match.last_human_seat()
        if len(self.people) > 1 and last is not None and last != viewer:
            return last
        return None
