"""Match: a game with its seats, action log, undo/redo, and its save as JSON data.

The log is the truth: loading a save replays its actions through `apply`, so a tampered or
corrupt file cannot produce an impossible position.  Scores are derived from the state the
log produces, never stored.  Files are not this module's business: a match is given a `saver`
(see `cardtable.session.saves`) and calls it after every change.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.core.engine import Action, Event, IllegalAction, State, new_seed
from cardtable.games.plugin import GamePlugin

#: Writes a match where it is kept (after every change); raises OSError when it cannot.
Saver = Callable[["Match"], None]
#: Finds a game by its id (the registry's `get_game`); KeyError for an unknown id.
GameLookup = Callable[[str], GamePlugin]

SAVE_FORMAT = 1
SEAT_KINDS = ("human", "bot:easy", "bot:normal", "bot:hard")


class SaveError(Exception):
    """A save that cannot be used; `kept_at` is where the bad file was moved aside."""

    def __init__(self, message: str, kept_at: Path | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.kept_at = kept_at


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: kind is "human" or "bot:<level>".  `handed_over`: a person's seat that a bot took over
    (after time-outs); the game still counts in the person's statistics."""

    kind: str
    name: str
    handed_over: bool = False

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def is_person(self) -> bool:
        """A person sits here, or sat here until a bot took over."""
        return self.is_human or self.handed_over

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "name": self.name}
        if self.handed_over:
            data["handed_over"] = True
        return data


@dataclass(frozen=True)
class LogEntry:
    """One applied action and the seat that made it."""

    seat: int
    action: Action


class Match:
    """A game in progress: state, seats, log, undo/redo stacks; `saver` keeps it after every change."""

    def __init__(
        self,
        game: GamePlugin,
        seats: Sequence[Seat],
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        saver: Saver | None = None,
    ) -> None:
        self.game = game
        self.rules = game.rules
        self.seats = list(seats)
        self.options = self.rules.validate_options(options)
        self.seed = new_seed() if seed is None else seed
        self.state: State = self.rules.new_game(len(self.seats), self.options, self.seed)
        self.log: list[LogEntry] = []
        self._redo: list[list[LogEntry]] = []
        self.elapsed = 0.0  # seconds of play, counted by the table
        self.saver = saver
        self.undo_allowed = True
        self.save_error: str | None = None

    @property
    def game_id(self) -> str:
        return self.rules.id

    # ----- playing -------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply the action for the seat whose turn it is; IllegalAction leaves everything as it was."""
        seat = self.state.turn
        if seat is None:
            raise IllegalAction("The game is over.")
        events = self.state.apply(action)
        self.log.append(LogEntry(seat, action))
        self._redo.clear()
        self.autosave()
        return events

    def can_undo(self) -> bool:
        return self.undo_allowed and not self.state.is_over() and self._undo_point() is not None

    def can_redo(self) -> bool:
        return bool(self._redo) and not self.state.is_over()

    def _undo_point(self) -> int | None:
        """Index in the log of the last human decision (everything from there is undone)."""
        for i in range(len(self.log) - 1, -1, -1):
            if self.seats[self.log[i].seat].is_human:
                return i
        return None

    def last_human_seat(self) -> int | None:
        """The seat of the decision an undo would take back (None: nothing to undo)."""
        cut = self._undo_point()
        return None if cut is None else self.log[cut].seat

    def undo(self) -> bool:
        """Go back to before the last human decision (and the bot moves after it)."""
        if not self.can_undo():
            return False
        cut = self._undo_point()
        assert cut is not None
        self._redo.append(self.log[cut:])
        self._rebuild(self.log[:cut])
        self.autosave()
        return True

    def redo(self) -> bool:
        """Re-apply what the last undo took back."""
        if not self.can_redo():
            return False
        group = self._redo.pop()
        for entry in group:
            self.state.apply(entry.action)
            self.log.append(entry)
        self.autosave()
        return True

    def _rebuild(self, entries: Sequence[LogEntry]) -> None:
        state = self.rules.new_game(len(self.seats), self.options, self.seed)
        for entry in entries:
            state.apply(entry.action)
        self.state = state
        self.log = list(entries)

    # ----- saving --------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "game": self.game_id,
            "rules_version": self.rules.version,
            "players": len(self.seats),
            "options": self.options,
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "actions": [[e.seat, e.action.to_json()] for e in self.log],
            "elapsed": round(self.elapsed, 3),
        }

    @classmethod
    def from_json(cls, data: Any, lookup: GameLookup, saver: Saver | None = None) -> Match:
        """Rebuild a match by replaying its log; SaveError with a clear message if it does not add up."""
        try:
            return cls._from_json(data, lookup, saver)
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, IllegalAction) as exc:
            raise SaveError(f"The saved game is damaged: {exc}") from exc

    @classmethod
    def _from_json(cls, data: Any, lookup: GameLookup, saver: Saver | None) -> Match:
        if not isinstance(data, dict):
            raise SaveError("The saved game is damaged: it is not a saved game.")
        # type(...) is int: bool is an int subclass (True == 1), and a tampered file must not swap them.
        if type(data.get("format")) is not int or data["format"] != SAVE_FORMAT:
            raise SaveError(f"The saved game has format {data.get('format')!r}; this version reads {SAVE_FORMAT}.")
        missing = [k for k in ("game", "players", "options", "seed", "seats", "actions") if k not in data]
        if missing:
            raise ValueError(f"it lacks {', '.join(missing)}")
        try:
            game = lookup(str(data["game"]))
        except KeyError as exc:
            raise ValueError(exc.args[0]) from None  # a KeyError's str() would wrap the message in quotes
        rules = game.rules
        if type(data.get("rules_version")) is not int or data["rules_version"] != rules.version:
            raise SaveError(
                f"The saved game was made with {rules.title} rules version {data.get('rules_version')!r};"
                f" this version has {rules.version}."
            )
        seats_data = data["seats"]
        players = data["players"]
        if not isinstance(seats_data, list) or type(players) is not int or len(seats_data) != players:
            raise ValueError("the seats do not match the number of players")
        seats = []
        for s in seats_data:
            if (not isinstance(s, dict) or s.get("kind") not in SEAT_KINDS or not isinstance(s.get("name"), str)
                    or not isinstance(s.get("handed_over", False), bool)):
                raise ValueError(f"bad seat {s!r}")
            seats.append(Seat(s["kind"], s["name"], s.get("handed_over", False)))
        seed = data["seed"]
        if type(seed) is not int:
            raise ValueError(f"bad seed {seed!r}")
        if not isinstance(data["options"], dict):
            raise ValueError(f"bad options {data['options']!r}")
        match = cls(game, seats, data["options"], seed)
        entries = data["actions"]
        if not isinstance(entries, list):
            raise ValueError("the action log is not a list")
        for n, item in enumerate(entries, 1):
            if not isinstance(item, list) or len(item) != 2:
                raise ValueError(f"log entry {n} is malformed")
            seat, action_data = item
            action = rules.action_from_json(action_data)
            if type(seat) is not int or seat != match.state.turn:
                raise ValueError(f"log entry {n} is played by seat {seat!r}, but it was seat {match.state.turn}'s turn")
            try:
                match.state.apply(action)
            except IllegalAction as exc:
                raise SaveError(f"The saved game is damaged: move {n} is not legal ({exc.reason})") from exc
            match.log.append(LogEntry(seat, action))
        elapsed = data.get("elapsed", 0.0)
        valid = type(elapsed) in (int, float) and math.isfinite(elapsed) and elapsed >= 0  # not bool, inf, nan
        match.elapsed = float(elapsed) if valid else 0.0
        match.saver = saver
        return match

    def autosave(self) -> None:
        """Hand the match to its saver (if any).

        A disk error never interrupts play: it is kept in `save_error` for the table to show,
        and the previous save stays intact (the saver's writes are atomic).
        """
        if self.saver is None:
            return
        try:
            self.saver(self)
        except OSError as exc:
            self.save_error = f"The game could not be saved: {exc.strerror or exc}"
        else:
            self.save_error = None
