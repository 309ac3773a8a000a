"""Statistics across sessions, per game: played, won, win rate, best time, streaks.

`statistics.json` is shared by every copy of the app on the data folder: each `record` reads, adds and writes under
a lock, so two copies add up.  A damaged file is kept aside with a word to the person, never silently replaced.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from cardtable.files.locks import FileLock
from cardtable.files.reader import Unreadable
from cardtable.files.values import number_in, whole_in
from cardtable.storage import data_dir, keep_aside, kept_aside_sentence, read_json, write_json_atomic


@dataclass
class GameStats:
    """One game's record for the person at this computer."""

    played: int = 0
    won: int = 0
    best_time: float | None = None  # seconds, fastest win
    best_score: int | None = None
    current_streak: int = 0
    longest_streak: int = 0

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def record(self, won: bool, seconds: float, score: int | None = None) -> None:
        """Count one finished (or abandoned) game."""
        self.played += 1
        if won:
            self.won += 1
            self.current_streak += 1
            self.longest_streak = max(self.longest_streak, self.current_streak)
            if self.best_time is None or seconds < self.best_time:
                self.best_time = round(seconds, 1)
        else:
            self.current_streak = 0
        if score is not None and (self.best_score is None or score > self.best_score):
            self.best_score = score

    def lines(self, timed: bool = True) -> list[str]:
        """Readable lines for the menu and the win screen; `timed`: a game played alone against the clock, whose
        best time means something."""
        best = "—" if self.best_time is None else format_time(self.best_time)
        return [
            f"Played {self.played}, won {self.won} ({self.win_rate:.0%})",
            *([f"Best time {best}"] if timed else []),
            f"Streak {self.current_streak} (longest {self.longest_streak})",
        ]


def format_time(seconds: float) -> str:
    """m:ss (or h:mm:ss)."""
    s = int(seconds)
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


MAX_GAMES = 256  # records kept per file: far more games than the app has, and a bound on a hostile file
MAX_COUNT = 10**9


def _path() -> Path:
    return data_dir() / "statistics.json"


def _lock() -> FileLock:
    return FileLock(data_dir() / "statistics.lock")


@dataclass(frozen=True)
class StatsFile:
    """What `read_all` found: every game's record, and a sentence for the person if the file could not be used
    (it was kept aside, never replaced without a copy)."""

    records: dict[str, GameStats]
    problem: str | None = None


@dataclass(frozen=True)
class Recorded:
    """What `record` did: the game's updated record, and a sentence for the person if something went wrong (the
    file was damaged and kept aside, or the new record could not be written)."""

    stats: GameStats
    problem: str | None = None


def read_all() -> StatsFile:
    """Every game's statistics.  A file that cannot be used is kept aside and `problem` says so."""
    try:
        with _lock():
            return _read_unlocked()
    except OSError as exc:  # no lock to be had: read without it, and keep nothing aside
        try:
            data = read_json(_path(), constants=True)
            return StatsFile(_decode(data)[0] if isinstance(data, dict) else {})
        except (OSError, ValueError):
            return StatsFile({}, f"The statistics could not be read ({exc.strerror or exc}).")


def _read_unlocked() -> StatsFile:
    path = _path()
    try:
        data = read_json(path, constants=True)
    except FileNotFoundError:
        return StatsFile({})
    except Unreadable as exc:
        return StatsFile({}, kept_aside_sentence("statistics", path, exc.reason))
    if not isinstance(data, dict):
        return StatsFile({}, kept_aside_sentence("statistics", path, "it does not hold statistics"))
    records, damage = _decode(data)
    if damage is None:
        return StatsFile(records)
    # What could be read is kept; the file as it was is kept aside, never overwritten without a copy.
    try:
        kept = keep_aside(path)
        write_json_atomic(path, {k: asdict(v) for k, v in records.items()})
    except OSError as exc:
        return StatsFile(records, f"Part of the statistics is damaged ({damage}), and the file could not be"
                                  f" repaired ({exc.strerror or exc}).")
    return StatsFile(records, f"Part of the statistics was damaged ({damage}). The file was kept as {kept.name};"
                              " the rest was kept.")


def _decode(data: dict[Any, Any]) -> tuple[dict[str, GameStats], str | None]:
    """The records that can be used, and what was wrong with the others (None: nothing)."""
    out: dict[str, GameStats] = {}
    damage: list[str] = []
    names = {f.name for f in fields(GameStats)}
    if len(data) > MAX_GAMES:
        damage.append(f"more than {MAX_GAMES} games")
    for game_id, record in list(data.items())[:MAX_GAMES]:
        if not isinstance(record, dict) or len(game_id) > 64:
            damage.append(f"the record of {game_id[:20]!r} is not a record")
            continue
        # a field of the wrong type or out of range falls back to its default rather than crash `record`
        good = {k: v for k, v in record.items() if k in names and _fits(k, v)}
        stats = GameStats(**good)
        if len(good) < len(record) or not _consistent(stats):
            damage.append(f"the record of {game_id[:20]!r} has impossible values")
            if not _consistent(stats):
                stats = GameStats(played=stats.played, won=min(stats.won, stats.played))
        out[game_id] = stats
    return out, "; ".join(damage[:2]) + ("; and more" if len(damage) > 2 else "") if damage else None


def _consistent(stats: GameStats) -> bool:
    return (stats.won <= stats.played and stats.current_streak <= stats.longest_streak <= stats.won
            and (stats.best_time is None or stats.won > 0))


def load_all() -> dict[str, GameStats]:
    """Every game's statistics (see `read_all`)."""
    return read_all().records


def _fits(name: str, value: object) -> bool:
    """Whether a stored value has the type of its GameStats field (bool is not taken for an int)."""
    if name == "best_time":
        return value is None or number_in(value, 0, MAX_COUNT)
    if name == "best_score":
        return value is None or whole_in(value, -MAX_COUNT, MAX_COUNT)
    return whole_in(value, 0, MAX_COUNT)


def load(game_id: str) -> GameStats:
    return load_all().get(game_id, GameStats())


def record(game_id: str, won: bool, seconds: float, score: int | None = None) -> Recorded:
    """Count a game for `game_id` and save it, merged under a lock with whatever another copy of the app wrote
    meanwhile.  Never raises for the disk: a failure is `Recorded.problem`."""
    try:
        with _lock():
            found = _read_unlocked()
            stats = found.records.setdefault(game_id, GameStats())
            stats.record(won, seconds, score)
            write_json_atomic(_path(), {k: asdict(v) for k, v in found.records.items()})
    except OSError as exc:
        fallback = load(game_id)
        fallback.record(won, seconds, score)
        return Recorded(fallback, f"This game could not be added to the statistics ({exc.strerror or exc}).")
    return Recorded(stats, found.problem)
