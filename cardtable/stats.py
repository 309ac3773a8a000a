"""Statistics across sessions, per game and per variant: played, won, win rate, best time, best score, streaks, a
running total of the scores, and the last games.

`statistics.json` is shared by every copy of the app on the data folder: each `record` reads, adds and writes under
a lock, so two copies add up.  A damaged file is kept aside with a word to the person, never silently replaced.

The file is one JSON object of records (`GameStats`) by key: the game id for the game as a whole, and
"<game id>:<variant>" for each variant played (`key`; the variant as `GamePlugin.variant` spells it,
"draw=3,scoring=vegas").  In pass-and-play each person's results are kept under their seat's name too:
"<game id>@<name>" and "<game id>:<variant>@<name>" (`person_name` says which names are kept).
A record holds its counts, `total_score`, `history` (the last `HISTORY` games, oldest
first: `PastGame`) and `before_last` (its counts before the last game, so a restarted deal replaces that game's
count).  A file written before variants holds only game ids with counts: it reads as each game's whole record.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from cardtable.files.locks import FileLock
from cardtable.files.reader import Unreadable
from cardtable.files.values import number_in, whole_in
from cardtable.storage import data_dir, keep_aside, kept_aside_sentence, kept_name_ok, read_json, write_json_atomic

HISTORY = 20  # the last games a record keeps
WHEN = "%Y-%m-%d %H:%M"  # how a game's date and time are written


def now() -> str:
    """The local date and time, as a game in the history keeps it."""
    from datetime import datetime  # here: the menu's first frame reads no date

    return datetime.now().strftime(WHEN)


@dataclass(frozen=True)
class PastGame:
    """One game in a record's history: when it ended, won or not, its length, the person's score (None: not
    scored), its deal (the match's seed) and variant.  `by_bot`: a bot finished it for the person, who had timed
    out (it counts as played, with the seat's result, like any other game).  `kept`: the name of its copy among the
    finished games kept for replay (`cardtable.session.finished`; "": none, as for a game given up or counted before
    games were kept)."""

    when: str
    won: bool
    seconds: float
    score: int | None = None
    deal: int | None = None
    variant: str = ""
    by_bot: bool = False
    kept: str = ""


#: The counts of a record: what `before_last` keeps.
COUNTS = ("played", "won", "best_time", "best_score", "current_streak", "longest_streak", "total_score")


@dataclass
class GameStats:
    """One game's (or one variant's) record for the person at this computer."""

    played: int = 0
    won: int = 0
    best_time: float | None = None  # seconds, fastest win
    best_score: int | None = None
    current_streak: int = 0
    longest_streak: int = 0
    total_score: int = 0  # every score counted, added up: a running total where the game's scores carry over
    history: list[PastGame] = field(default_factory=list)
    before_last: dict[str, Any] | None = None  # the counts before the last game in `history` was counted

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def counts(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in COUNTS}

    def record(self, won: bool, seconds: float, score: int | None = None, *, deal: int | None = None,
               variant: str = "", restarted: bool = False, when: str | None = None, by_bot: bool = False,
               kept: str = "") -> None:
        """Count one finished (or abandoned) game.

        `restarted`: the game replays the deal counted last (the same `deal` and `variant`), which counts once: its
        count is replaced by this one, unless the deal was won (a won deal's count stands).
        """
        replaced = self._replaced(deal, variant, restarted)
        if replaced is not None:
            if replaced.won:
                return
            for name, value in (self.before_last or {}).items():
                setattr(self, name, value)
            self.history.pop()
        self.before_last = self.counts()
        self.history = [*self.history, PastGame(when or now(), won, round(seconds, 1), score, deal, variant, by_bot,
                                                  kept)]
        del self.history[:-HISTORY]
        if score is not None:
            self.total_score += score
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

    def _replaced(self, deal: int | None, variant: str, restarted: bool) -> PastGame | None:
        """The last game counted, when a restarted game of `deal` replays it (and so replaces its count)."""
        last = self.history[-1] if self.history else None
        if (restarted and deal is not None and last is not None and (last.deal, last.variant) == (deal, variant)
                and self.before_last is not None):
            return last
        return None

    def total_with(self, score: int, *, deal: int | None = None, variant: str = "", restarted: bool = False) -> int:
        """The running total as it would stand with a game of `score` counted now (see `record`): the total shown
        while a game is played."""
        replaced = self._replaced(deal, variant, restarted)
        if replaced is None:
            return self.total_score + score
        if replaced.won:
            return self.total_score
        return int((self.before_last or {}).get("total_score", 0)) + score

    def lines(self, timed: bool = True, total: str | None = None) -> list[str]:
        """Readable lines for the menu and the win screen; `timed`: a game played alone against the clock, whose
        best time means something; `total`: the name of the running total to show ("Vegas total")."""
        best = "—" if self.best_time is None else format_time(self.best_time)
        return [
            f"Played {self.played}, won {self.won} ({self.win_rate:.0%})",
            *([f"Best time {best}"] if timed else []),
            f"Streak {self.current_streak} (longest {self.longest_streak})",
            *([f"{total}: {self.total_score}"] if total else []),
        ]


def format_time(seconds: float) -> str:
    """m:ss (or h:mm:ss)."""
    s = int(seconds)
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


MAX_GAMES = 256  # records kept per file: games, variants and people; a bound on a hostile file (and on its size)
MAX_COUNT = 10**9
MAX_TOTAL = 10**15  # a running total: a billion games of a thousand points each way
MAX_DEAL = 2**63  # deals are numbered by the match's seed, 0 <= seed < 2**63
MAX_KEY = 160  # characters of a record's key


NAME_MAX = 16  # characters of a person's name, as a seat's name is capped in the menu


def person_name(name: object) -> str:
    """A seat's name as its records are kept under: spaces collapsed, at most `NAME_MAX` characters; "" for one
    that cannot be kept (not text, empty, or with a character that is not printable)."""
    if not isinstance(name, str):
        return ""
    clean = " ".join(name.split())[:NAME_MAX]
    return clean if clean.isprintable() else ""


def key(game_id: str, variant: str = "", name: str = "") -> str:
    """The key of the record of `game_id` as a whole (`variant` ""), or of one of its variants; with `name` (as
    `person_name` keeps it), that person's."""
    whole = f"{game_id}:{variant}" if variant else game_id
    return f"{whole}@{name}" if name else whole


def of_game(record_key: str, game_id: str) -> bool:
    """Whether the record under `record_key` is the game's own or one of its variants', or a person's of them."""
    return record_key == game_id or record_key.startswith((f"{game_id}:", f"{game_id}@"))


def _name_of(record_key: str) -> str | None:
    """The person's name in a record's key ("" for a record of everyone), or None if that name cannot be one.
    Neither game ids nor variants hold "@": the name is whatever follows the first."""
    if "@" not in record_key:
        return ""
    name = record_key.partition("@")[2]
    return name if name and person_name(name) == name else None


def people(records: Iterable[str], game_id: str) -> list[str]:
    """The names with a record of `game_id`, in alphabetical order."""
    found = {_name_of(k) for k in records if of_game(k, game_id)}
    return sorted((n for n in found if n), key=str.casefold)


def _encode(records: dict[str, GameStats]) -> dict[str, Any]:
    out = {k: asdict(v) for k, v in records.items()}
    for record in out.values():  # "by_bot" and "kept" only where they say something: other games stored as before
        for game in record["history"]:
            for name in ("by_bot", "kept"):
                if not game[name]:
                    del game[name]
    return out


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
        write_json_atomic(path, _encode(records))
    except OSError as exc:
        return StatsFile(records, f"Part of the statistics is damaged ({damage}), and the file could not be"
                                  f" repaired ({exc.strerror or exc}).")
    return StatsFile(records, f"Part of the statistics was damaged ({damage}). The file was kept as {kept.name};"
                              " the rest was kept.")


def _decode(data: dict[Any, Any]) -> tuple[dict[str, GameStats], str | None]:
    """The records that can be used, and what was wrong with the others (None: nothing)."""
    out: dict[str, GameStats] = {}
    damage: list[str] = []
    if len(data) > MAX_GAMES:
        damage.append(f"more than {MAX_GAMES} games")
    for record_key, record in list(data.items())[:MAX_GAMES]:
        if not isinstance(record, dict) or len(record_key) > MAX_KEY:
            damage.append(f"the record of {record_key[:20]!r} is not a record")
            continue
        if _name_of(record_key) is None:
            damage.append(f"the record of {record_key[:20]!r} is not under a name")
            continue
        stats, damaged = _decode_record(record)
        if damaged:
            damage.append(f"the record of {record_key[:20]!r} has impossible values")
        out[record_key] = stats
    return out, "; ".join(damage[:2]) + ("; and more" if len(damage) > 2 else "") if damage else None


def _decode_record(record: dict[Any, Any]) -> tuple[GameStats, bool]:
    """A stored record as far as it can be used, and whether any of it could not."""
    # a field of the wrong type or out of range falls back to its default rather than crash `record`
    good = {k: v for k, v in record.items() if k in COUNTS and _fits(k, v)}
    stats = GameStats(**good)
    damaged = len(good) < len(record.keys() - {"history", "before_last"})
    if not _consistent(stats):
        return GameStats(played=stats.played, won=min(stats.won, stats.played)), True
    stored = record.get("history", [])
    games = stored if isinstance(stored, list) else []
    history = [game for game in map(_past_game, games) if game is not None][-HISTORY:]
    damaged |= len(history) < len(games) or not isinstance(stored, list)
    if len(history) <= stats.played and sum(g.won for g in history) <= stats.won:
        stats.history = history
    else:
        damaged = True
    before = record.get("before_last")
    if before is not None:
        stats.before_last = _before_last(before, stats)
        damaged |= stats.before_last is None
    return stats, damaged


PAST_GAME_FIELDS = {"when", "won", "seconds", "score", "deal", "variant", "by_bot", "kept"}


def _past_game(data: Any) -> PastGame | None:
    """A game of a stored history, or None if it is not one."""
    if not isinstance(data, dict) or not {"when", "won", "seconds"} <= data.keys() <= PAST_GAME_FIELDS:
        return None
    when, won, seconds = data["when"], data["won"], data["seconds"]
    score, deal, variant = data.get("score"), data.get("deal"), data.get("variant", "")
    by_bot, kept = data.get("by_bot", False), data.get("kept", "")
    if not (isinstance(when, str) and _is_when(when) and type(won) is bool and type(by_bot) is bool
            and (kept == "" or kept_name_ok(kept))  # a file name, never a path (no separator, no "..")
            and number_in(seconds, 0, MAX_COUNT)
            and (score is None or whole_in(score, -MAX_COUNT, MAX_COUNT))
            and (deal is None or whole_in(deal, 0, MAX_DEAL - 1))
            and isinstance(variant, str) and len(variant) <= MAX_KEY):
        return None
    return PastGame(when, won, seconds, score, deal, variant, by_bot, kept)


def _is_when(text: str) -> bool:
    from datetime import datetime

    try:
        datetime.strptime(text, WHEN)
    except ValueError:
        return False
    return len(text) <= 32


def _before_last(data: Any, stats: GameStats) -> dict[str, Any] | None:
    """The stored counts before the record's last game, or None if they could not have been."""
    if not (isinstance(data, dict) and data.keys() == set(COUNTS) and all(_fits(k, v) for k, v in data.items())):
        return None
    before = GameStats(**data)
    if not (_consistent(before) and stats.history and before.played == stats.played - 1 and before.won <= stats.won):
        return None
    return before.counts()


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
    if name == "total_score":
        return whole_in(value, -MAX_TOTAL, MAX_TOTAL)
    return whole_in(value, 0, MAX_COUNT)


def load(game_id: str, variant: str = "") -> GameStats:
    """The record of `game_id` as a whole, or of one of its variants."""
    return load_all().get(key(game_id, variant), GameStats())


@dataclass(frozen=True)
class PersonResult:
    """One person's result in a pass-and-play game: their seat's name, won or not, their score (None: not
    scored), and whether a bot finished the game for them."""

    name: str
    won: bool
    score: int | None = None
    by_bot: bool = False


def record(game_id: str, won: bool, seconds: float, score: int | None = None, *, variant: str = "",
           deal: int | None = None, restarted: bool = False, people: Sequence[PersonResult] = (),
           by_bot: bool = False, kept: str = "") -> Recorded:
    """Count a game of `game_id` for the game as a whole and for its `variant` (if it has variants), and save it,
    merged under a lock with whatever another copy of the app wrote meanwhile.  `deal` (the match's seed) and
    `restarted`: see `GameStats.record`.  `people`: each person's own result in pass-and-play, counted under
    their name too (a name `person_name` cannot keep, or one seen twice, is not).  `by_bot`: a bot finished the
    game for the person (see `PastGame`); `kept`: the name of its copy kept for replay (see `PastGame`).
    `Recorded.stats` is the variant's record.  Never raises for the disk:
    a failure is `Recorded.problem`."""
    variants = ["", *([variant] if variant else [])]
    counted: list[tuple[str, bool, int | None, bool]] = [(key(game_id, v), won, score, by_bot) for v in variants]
    names: set[str] = set()
    for person in people:
        name = person_name(person.name)
        if name and name not in names:
            names.add(name)
            counted += [(key(game_id, v, name), person.won, person.score, person.by_bot) for v in variants]
    when = now()

    def count(records: dict[str, GameStats]) -> GameStats:
        for k, result, points, bot in counted:
            if "@" in k and k not in records and len(records) >= MAX_GAMES:
                continue  # a file that holds as many records as it may: a new person's are not kept
            records.setdefault(k, GameStats()).record(result, seconds, points, deal=deal, variant=variant,
                                                      restarted=restarted, when=when, by_bot=bot, kept=kept)
        return records[counted[len(variants) - 1][0]]

    try:
        with _lock():
            found = _read_unlocked()
            stats = count(found.records)
            write_json_atomic(_path(), _encode(found.records))
    except OSError as exc:
        fallback = count(load_all())
        return Recorded(fallback, f"This game could not be added to the statistics ({exc.strerror or exc}).")
    return Recorded(stats, found.problem)


def reset(game_id: str) -> str | None:
    """Forget every record of `game_id` (the game's own and its variants'); other games' stay.  A sentence for the
    person if the file could not be written, or was damaged (and kept aside)."""
    try:
        with _lock():
            found = _read_unlocked()
            kept = {k: v for k, v in found.records.items() if not of_game(k, game_id)}
            write_json_atomic(_path(), _encode(kept))
    except OSError as exc:
        return f"The statistics could not be reset ({exc.strerror or exc})."
    return found.problem
