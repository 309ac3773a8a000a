"""Match: a game with its seats, action log, undo/redo, and its save as JSON data.

The log is the truth: loading a save replays its actions through `apply`, so a tampered or
corrupt file cannot produce an impossible position.  Scores are derived from the state the
log produces, never stored.  Files are not this module's business: a match is given a `saver`
(see `cardtable.session.saves`) and calls it after every change.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from cardtable.core.engine import Action, Event, IllegalAction, Rules, State, new_seed
from cardtable.core.seat_kinds import SEAT_KINDS, SeatKind
from cardtable.core.words import Names
from cardtable.files.values import number_in
from cardtable.session.checkpoints import Checkpoints

if TYPE_CHECKING:  # imported with the first game (it brings the bots' search hooks)
    from cardtable.games.plugin import GamePlugin



class Saver(Protocol):
    """Keeps a match where it is kept: called after every change, `compact` at a good moment to write the match in
    one piece, `release` when the table is done with it; each raises OSError when it cannot.  `game_id`: the game
    whose saves it keeps (None: any).  `cardtable.session.saves.Autosave` is the app's; `SaveWith` makes one of a
    function."""

    @property
    def game_id(self) -> str | None: ...

    def __call__(self, match: Match) -> None: ...

    def compact(self, match: Match) -> None: ...

    def release(self, match: Match) -> None: ...


class SaveWith:
    """A saver that writes every time with one function (`write(match)`), whatever the moment."""

    game_id: str | None = None

    def __init__(self, write: Callable[[Match], None]) -> None:
        self.write = write

    def __call__(self, match: Match) -> None:
        self.write(match)

    def compact(self, match: Match) -> None:
        self.write(match)

    def release(self, match: Match) -> None:
        self.write(match)

#: Finds a game by its id (the registry's `get_game`); KeyError for an unknown id.
GameLookup = Callable[[str], "GamePlugin"]

SAVE_FORMAT = 1
#: Longest seat name a save may hold (the menu allows 16 characters).
MAX_NAME_LENGTH = 32
#: Longest game id a save may name.
MAX_GAME_ID = 64
#: Seeds a save may hold: 0 <= seed < MAX_SEED.
MAX_SEED = 2**63
#: Longest proof (a winning line of actions) a save may hold; a longer one is dropped, the game kept.
MAX_PROOF = 4000
#: Seconds of play a save may claim (a larger or impossible value loads as 0).
MAX_ELAPSED = 10 * 365 * 24 * 3600.0
#: Moves replayed between two reports of a load's progress.
PROGRESS_EVERY = 500
#: An event kind that starts a new round (a deal): a good moment for the saver to write the match in one piece.
ROUND_START = "deal"

log = logging.getLogger(__name__)


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

    kind: SeatKind
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
    """A game in progress: state, seats, log, undo/redo stacks; `saver` keeps it after every change.

    A match given a saver is saved at once: a new game replaces the previous save before its first move.  With
    `save_now=False` that first save is left to whoever opens the match (`save_due`), which makes it before the first
    move can be made (the table, in one of the frames it is made over).

    `decided_elsewhere`: the moves are decided by a host at another computer (`cardtable.net.remote_match`): the
    table sends a person's action there (`propose`) and shows the moves the host sends back; `awaiting` while one is
    on its way.

    The deal is numbered by its seed ("Deal #seed").  `random_deal`: the seed was drawn for this match (not chosen,
    restarted or loaded), so the table may still look for a better one (winnable deals only).  `restarted`: the
    match replays the deal just left, so the statistics count the deal once.  `proof`: a winning line of actions
    from the deal's start, when a solver proved the deal winnable.
    """

    decided_elsewhere = False
    awaiting = False
    table_name = ""  # a hosted table's name, shown for its deal (whose number is the host's until the end)

    def __init__(
        self,
        game: GamePlugin,
        seats: Sequence[Seat],
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        saver: Saver | None = None,
        save_now: bool = True,
    ) -> None:
        self.game = game
        self.rules = game.rules
        self.seats = list(seats)
        self.options = self.rules.validate_options(options)
        self.random_deal = seed is None
        self.seed = new_seed() if seed is None else seed
        self.restarted = False
        self.proof: tuple[Action, ...] | None = None
        self.state: State = self._new_state()
        self.log: list[LogEntry] = []
        self._redo: list[list[LogEntry]] = []
        self._checkpoints = Checkpoints(self._new_state)
        self.elapsed = 0.0  # seconds of play, counted by the table
        self.saver = saver
        self.undo_allowed = True
        self.save_error: str | None = None
        self.load_notice = ""  # what loading it has to tell the person (moves a damaged journal lost)
        self.kept_as = ""  # the name its saver kept the finished game under for replay ("": not kept)
        self.save_due = False  # its first save is still to be made (see `save_now`)
        if save_now:
            self.autosave()
        else:
            self.save_due = saver is not None

    def _new_state(self) -> State:
        return self.rules.new_game(len(self.seats), self.options, self.seed)

    @property
    def game_id(self) -> str:
        return self.rules.id

    # ----- playing -------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply the action for the seat whose turn it is; IllegalAction leaves everything as it was."""
        seat = self.state.turn
        if seat is None:
            raise IllegalAction("game_over")
        events = self.state.apply(action)
        self._append(LogEntry(seat, action))
        self._redo.clear()
        self.autosave(compact=any(event.kind == ROUND_START for event in events))
        return events

    def propose(self, action: Action) -> None:
        """Send a person's `action` to where the moves are decided (only a match `decided_elsewhere` has one)."""
        raise NotImplementedError("the moves of this match are decided here")

    def _append(self, entry: LogEntry) -> None:
        """Log an action already applied to the state."""
        self.log.append(entry)
        self._checkpoints.note(len(self.log), self.state)

    def recent_events(self, count: int) -> list[tuple[int, list[Event]]]:
        """The events of the last `count` moves, each with the number of moves played after it, replayed on a copy
        (the match is not changed): what the table said of them, for a game opened again."""
        start = max(0, len(self.log) - count)
        state = self._checkpoints.state_at(self.log, start)
        return [(n, state.apply(entry.action)) for n, entry in enumerate(self.log[start:], start + 1)]

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
        self.state = self._checkpoints.rebuild(self.log, cut)
        self.log = self.log[:cut]
        self.autosave()
        return True

    def redo(self) -> bool:
        """Re-apply what the last undo took back."""
        if not self.can_redo():
            return False
        group = self._redo.pop()
        for entry in group:
            self.state.apply(entry.action, record=False)
            self._append(entry)
        self.autosave()
        return True

    # ----- saving --------------------------------------------------------------------------
    def save_header(self) -> dict[str, Any]:
        """Everything a save holds but the action log (see `to_json`)."""
        return {
            "format": SAVE_FORMAT,
            "game": self.game_id,
            "rules_version": self.rules.version,
            "players": len(self.seats),
            "options": self.options,
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "elapsed": round(self.elapsed, 3),
            **({"restarted": True} if self.restarted else {}),
            **({"proof": [a.to_json() for a in self.proof]} if self.proof is not None else {}),
        }

    def to_json(self) -> dict[str, Any]:
        """The match as save data: `actions` is the log as [seat, action] pairs, the truth a load replays."""
        data = self.save_header()
        data["actions"] = [[e.seat, e.action.to_json()] for e in self.log]
        return data

    @classmethod
    def from_json(cls, data: Any, lookup: GameLookup, saver: Saver | None = None,
                  progress: Callable[[int, int], None] | None = None) -> Match:
        """Rebuild a match by replaying its log; SaveError with a clear message if it does not add up.
        `progress(done, total)` is told how many moves were replayed, now and then.

        The saver is not called: the match is as it was saved.
        """
        try:
            match = cls._from_json(data, lookup, progress)
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, IllegalAction) as exc:
            raise SaveError(f"The saved game is damaged: {_short(str(exc), 200, quote=False)}") from exc
        match.saver = saver
        return match

    @classmethod
    def _from_json(cls, data: Any, lookup: GameLookup, progress: Callable[[int, int], None] | None) -> Match:
        if not isinstance(data, dict):
            raise SaveError("The saved game is damaged: it is not a saved game.")
        check_format(data.get("format"))
        missing = [k for k in ("game", "players", "options", "seed", "seats", "actions") if k not in data]
        if missing:
            raise ValueError(f"it lacks {', '.join(missing)}")
        game = find_game(data["game"], lookup)
        rules = game.rules
        if type(data.get("rules_version")) is not int or data["rules_version"] != rules.version:
            raise SaveError(
                f"The saved game was made with {rules.title} rules version {data.get('rules_version')!r};"
                f" this version has {rules.version}."
            )
        seats = seats_from_json(data["seats"], data["players"], rules)
        seed = data["seed"]
        if type(seed) is not int or not 0 <= seed < MAX_SEED:
            raise ValueError(f"bad seed {_short(seed)}")
        if not isinstance(data["options"], dict):
            raise ValueError(f"bad options {_short(data['options'])}")
        options = rules.validate_options(data["options"])  # a ValueError naming the option
        entries = data["actions"]
        if not isinstance(entries, list):
            raise ValueError("the action log is not a list")
        try:
            match = cls(game, seats, options, seed)
        except EXPECTED as exc:
            reason = _short(str(exc), 200, quote=False)
            raise SaveError(f"The saved game is damaged: it cannot be set up ({reason})") from exc
        except Exception as exc:  # noqa: BLE001 - see `game_fault`
            raise game_fault("the game could not be set up", exc) from exc
        total = len(entries)
        if progress is not None:
            progress(0, total)
        for n, item in enumerate(entries, 1):
            if progress is not None and n % PROGRESS_EVERY == 0:
                progress(n, total)
            try:
                match._replay(rules, n, item)
            except EXPECTED:
                raise
            except Exception as exc:  # noqa: BLE001 - see `game_fault`
                raise game_fault(f"move {n} cannot be replayed", exc) from exc
        elapsed = data.get("elapsed", 0.0)
        valid = number_in(elapsed, 0, MAX_ELAPSED)  # not bool, inf, nan, nor an int too big for a float
        match.elapsed = float(elapsed) if valid else 0.0
        match.restarted = data.get("restarted") is True
        match.proof = _proof_from_json(data.get("proof"), rules)
        return match

    def _replay(self, rules: Rules, n: int, item: Any) -> None:
        """Replay log entry `n` of a save (`[seat, action]`)."""
        if not isinstance(item, list) or len(item) != 2:
            raise ValueError(f"log entry {n} is malformed")
        seat, action_data = item
        try:
            action = rules.action_from_json(action_data)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"move {n} cannot be read ({_short(str(exc), 160, quote=False)})") from exc
        if type(seat) is not int or seat != self.state.turn:
            turn = self.state.turn
            raise ValueError(f"log entry {n} is played by seat {_short(seat)}, but it was seat {turn}'s turn")
        try:
            self.state.apply(action, record=False)
        except IllegalAction as exc:
            said = self.game.narration.refusal(exc, Names.seats(len(self.seats)))  # the game's words for it
            reason = _short(said, 200, quote=False)
            raise SaveError(f"The saved game is damaged: move {n} is not legal ({reason})") from exc
        self._append(LogEntry(seat, action))

    def autosave(self, compact: bool = False) -> None:
        """Hand the match to its saver (if any); `compact`: a good moment for it to write everything in one piece.

        A disk error never interrupts play: it is kept in `save_error` for the table to show,
        and the previous save stays intact (the saver's writes are atomic).
        """
        self._save("compact" if compact else None)

    def close(self) -> None:
        """The table is done with this match: its saver writes it in one piece, unless the saver has moved on to a
        newer match (after New).  Errors as in `autosave`."""
        self._save("release")

    def _save(self, how: str | None) -> None:
        saver = self.saver
        if saver is None:
            return
        self.save_due = False
        try:
            if how == "compact":
                saver.compact(self)
            elif how == "release":
                saver.release(self)
            else:
                saver(self)
        except OSError as exc:
            self.save_error = f"The game could not be saved: {exc.strerror or exc}"
        else:
            self.save_error = None


def _proof_from_json(data: Any, rules: Rules) -> tuple[Action, ...] | None:
    """A save's proof (None when it has none).  A proof only helps (the hint, the deal kept): one that cannot be
    read is dropped, with a line in the log, and the game loads without it."""
    if data is None:
        return None
    try:
        if not isinstance(data, list) or len(data) > MAX_PROOF:
            raise ValueError(f"not a list of at most {MAX_PROOF} moves")
        return tuple(rules.action_from_json(item) for item in data)
    except (KeyError, TypeError, ValueError) as exc:
        log.warning("a save's proof was dropped: %s", _short(str(exc), 200, quote=False))
        return None


def check_format(version: Any) -> None:
    """SaveError unless `version` is the save format this version reads."""
    # type(...) is int: bool is an int subclass (True == 1), and a tampered file must not swap them.
    if type(version) is int and version == SAVE_FORMAT:
        return
    if type(version) is int and version > SAVE_FORMAT:
        raise SaveError(f"The saved game has format {version}, from a newer cardtable; this version reads"
                        f" format {SAVE_FORMAT}.")
    raise SaveError(f"The saved game has an unknown format ({_short(version)}); this version reads format"
                    f" {SAVE_FORMAT}.")


def find_game(game_id: Any, lookup: GameLookup) -> GamePlugin:
    """The game a save is of; SaveError naming it when this version does not have it."""
    if not isinstance(game_id, str) or not game_id or len(game_id) > MAX_GAME_ID or not game_id.isprintable():
        raise SaveError(f"The saved game names no game this version knows ({_short(game_id)}).")
    try:
        return lookup(game_id)
    except KeyError:
        raise SaveError(f"The saved game is of a game this version does not have: {game_id}.") from None


def seats_from_json(seats_data: Any, players: Any, rules: Rules) -> list[Seat]:
    """The seats of a save, each checked (a name the table can draw); ValueError naming the first bad one."""
    if type(players) is not int or players not in rules.players:
        raise ValueError(f"{rules.title} is not for {_short(players)} players")
    if not isinstance(seats_data, list) or len(seats_data) != players:
        raise ValueError("the seats do not match the number of players")
    seats = []
    for n, s in enumerate(seats_data, 1):
        if (not isinstance(s, dict) or s.get("kind") not in SEAT_KINDS
                or not isinstance(s.get("handed_over", False), bool)):
            raise ValueError(f"bad seat {n} ({_short(s)})")
        name = s.get("name")
        if not isinstance(name, str) or not name:
            raise ValueError(f"bad seat {n}: it has no name")
        if len(name) > MAX_NAME_LENGTH:
            raise ValueError(f"bad seat {n}: its name is {len(name)} characters long (at most {MAX_NAME_LENGTH})")
        if not name.isprintable():
            raise ValueError(f"bad seat {n}: its name holds characters that cannot be shown")
        seats.append(Seat(s["kind"], name, s.get("handed_over", False)))
    return seats


#: What the game's code may raise on a save's data: the loader's checks turn each into a clear SaveError.
EXPECTED = (KeyError, TypeError, ValueError, IllegalAction, SaveError)


def game_fault(what: str, exc: Exception) -> SaveError:
    """The SaveError for an unexpected exception of the game's own code on a save's data: a fault of the game on
    data it did not expect, logged for a bug report, never a crash (a save must not be able to crash the app)."""
    log.error("replaying a save: %s", what, exc_info=exc)
    return SaveError(f"The saved game is damaged: {what} ({type(exc).__name__}).")


def _short(value: Any, limit: int = 40, quote: bool = True) -> str:
    """`repr(value)` (`str` without `quote`) cut to `limit` characters, for messages about untrusted data."""
    try:
        text = repr(value) if quote else str(value)
    except ValueError:  # an int too long to convert
        return "a number too long to show"
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"
