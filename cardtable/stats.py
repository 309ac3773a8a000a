"""Statistics across sessions, per game: played, won, win rate, best time, streaks."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields

from cardtable.storage import data_dir, read_json, write_json_atomic


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


def _path():
    return data_dir() / "statistics.json"


def load_all() -> dict[str, GameStats]:
    """Every game's statistics; an unreadable file gives empty records (it is not overwritten until a game ends)."""
    try:
        data = read_json(_path())
    except (OSError, ValueError):
        return {}
    out: dict[str, GameStats] = {}
    if not isinstance(data, dict):
        return out
    names = {f.name for f in fields(GameStats)}
    for game_id, record in data.items():
        if isinstance(record, dict):
            # a field of the wrong type (hand-edited file) falls back to its default rather than crash `record`
            out[game_id] = GameStats(**{k: v for k, v in record.items() if k in names and _fits(k, v)})
    return out


def _fits(name: str, value: object) -> bool:
    """Whether a stored value has the type of its GameStats field (bool is not taken for an int)."""
    if name == "best_time":
        return value is None or (type(value) in (int, float) and math.isfinite(value) and value >= 0)
    if name == "best_score":
        return value is None or type(value) is int
    return type(value) is int and value >= 0


def load(game_id: str) -> GameStats:
    return load_all().get(game_id, GameStats())


def record(game_id: str, won: bool, seconds: float, score: int | None = None) -> GameStats:
    """Count a game for `game_id` and save; returns the updated record."""
    everything = load_all()
    stats = everything.setdefault(game_id, GameStats())
    stats.record(won, seconds, score)
    write_json_atomic(_path(), {k: asdict(v) for k, v in everything.items()})
    return stats
