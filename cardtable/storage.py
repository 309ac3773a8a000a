"""Where cardtable keeps its files (platformdirs), and atomic reads/writes of JSON.

`CARDTABLE_HOME` in the environment puts everything under one folder instead
(tests and the self-test use it so they never touch a person's real files).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from cardtable.core.seat_kinds import SEAT_KINDS
from cardtable.files.reader import Unreadable, read_json_file
from cardtable.files.values import number_in

APP_NAME = "cardtable"


def _home() -> Path | None:
    value = os.environ.get("CARDTABLE_HOME")
    return Path(value) if value else None


def config_dir() -> Path:
    home = _home()
    return home / "config" if home else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    home = _home()
    return home / "data" if home else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def log_dir() -> Path:
    home = _home()
    return home / "log" if home else Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_path(game_id: str) -> Path:
    """The autosave of the unfinished game of `game_id`."""
    return saves_dir() / f"autosave-{game_id}.json"


def last_game_path(game_id: str) -> Path:
    """The most recently finished game of `game_id`, kept for replay."""
    return saves_dir() / f"last-{game_id}.json"


def finished_dir(game_id: str) -> Path:
    """The folder of the finished games of `game_id` kept for replay (the newest `KEPT_FINISHED`)."""
    return data_dir() / "finished" / game_id


def hosted_dir() -> Path:
    """The folder of the tables this computer hosts for other computers (`cardtable.net.keeper`)."""
    return data_dir() / "hosted"


def hosted_path(code: str) -> Path:
    """The file of the hosted table whose code is `code` (letters and digits only: never a path)."""
    if not (0 < len(code) <= 16 and code.isascii() and code.isalnum()):
        raise ValueError(f"not a table code: {code[:20]!r}")
    return hosted_dir() / f"table-{code.upper()}.json"


#: Finished games kept for replay per game (`finished_dir`): the statistics' history holds the last 20 of the game
#: and of each person, so a person's older rows can be replayed too.
KEPT_FINISHED = 50
KEPT_NAME_LIMIT = 64


def kept_name_ok(name: object) -> bool:
    """Whether `name` can be a kept finished game's file name: a plain name ending in .json, never a path (no
    separator, no ".."), as the statistics name it (an untrusted value when read back)."""
    return (isinstance(name, str) and 5 < len(name) <= KEPT_NAME_LIMIT and name.endswith(".json")
            and ".." not in name and all(ch.isascii() and (ch.isalnum() or ch in "-_.") for ch in name))


#: Files the app leaves beside its own while writing (`<name>.<random>.tmp`); a crash may leave one behind.
TEMPORARY_SUFFIX = ".tmp"
SMALL_FILE_BYTES = 1 << 20  # settings and statistics are a few kilobytes


def write_json_atomic(path: Path, data: Any, indent: int | None = 1) -> None:
    """Write JSON to a temporary file beside `path`, then rename it over `path` (OSError when it cannot)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=TEMPORARY_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=indent, allow_nan=False)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_json(path: Path, max_bytes: int = SMALL_FILE_BYTES, constants: bool = False) -> Any:
    """Parse a JSON file through the hardened reader: `Unreadable` (a ValueError) with a reason, or
    FileNotFoundError.  `constants`: NaN and Infinity are read as floats, for a caller checking field by field."""
    return read_json_file(path, max_bytes, constants=constants)


def keep_aside(path: Path) -> Path:
    """Rename a bad file to `<name>.corrupt-<time>` beside it (never delete it); returns the new path."""
    target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        n += 1
    os.replace(path, target)
    return target


ANIMATION_SECONDS = {"slow": 0.45, "normal": 0.25, "fast": 0.12, "instant": 0.0}
MAX_BOT_DELAY = 5.0
#: How much bigger than the layout's own size the table's cards are drawn, by `Settings.card_size`.
CARD_SIZES = {"small": 0.85, "normal": 1.0, "large": 1.2}
#: The sound's volumes, quietest first (`Settings.volume`; `cardtable.ui.sound` says how loud each is).
VOLUME_LEVELS = ("off", "low", "medium", "high")
#: Bounds of a remembered window size (each side) and position (each coordinate, either sign), in pixels.
MIN_WINDOW_SIDE, MAX_WINDOW_SIDE = 200, 16384


def _valid_setting(name: str, value: Any) -> bool:
    """Whether a stored value can be used for the setting `name` (bool is not taken for a number)."""
    if name == "animation_speed":
        return isinstance(value, str) and value in ANIMATION_SECONDS
    if name == "card_back":  # the art falls back to its default design for a name it does not know
        return isinstance(value, str) and 0 < len(value) <= 32 and value.isidentifier()
    if name == "fullscreen":
        return type(value) is bool
    if name == "bot_delay":
        return number_in(value, 0, MAX_BOT_DELAY)
    if name in BOOLEAN_SETTINGS:
        return type(value) is bool
    if name == "volume":
        return isinstance(value, str) and value in VOLUME_LEVELS
    if name == "card_size":
        return isinstance(value, str) and value in CARD_SIZES
    if name == "window_size":
        return _int_pair(value, MIN_WINDOW_SIDE, MAX_WINDOW_SIDE)
    if name == "window_position":
        return _int_pair(value, -MAX_WINDOW_SIDE, MAX_WINDOW_SIDE)
    if name == "last_game":  # the menu opens on it only if it is a game the app has
        return value == "" or _short_id(value)
    return False


def _int_pair(value: Any, low: int, high: int) -> bool:
    """A list of two ints (never bools) from `low` to `high`."""
    return (isinstance(value, list) and len(value) == 2
            and all(type(v) is int and low <= v <= high for v in value))


#: Caps on the remembered new-table forms (`Settings.last_forms`): a stored value past them is dropped.
MAX_FORMS = 32
MAX_SEATS = 16
MAX_OPTIONS = 32
FORM_NAME_LIMIT = 16
FORM_SEAT_KINDS = SEAT_KINDS


def _short_id(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 32 and value.isidentifier()


def _option_value(value: Any) -> bool:
    """A plain option value: a bool, an int, a finite float or a short string (never a list or a dict)."""
    if type(value) in (bool, int):
        return type(value) is bool or abs(value) <= 10**9
    if type(value) is float:
        return number_in(value, -1e9, 1e9)
    return isinstance(value, str) and len(value) <= 64


def _seat_name(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= FORM_NAME_LIMIT and value.isprintable()


def clean_last_forms(value: Any) -> dict[str, dict[str, Any]]:
    """The usable part of stored `last_forms` (untrusted): per game id, its options, player count, seat kinds
    and names; anything of the wrong type or past the caps is dropped, never raised.  Whether the options suit the
    game is checked when the form is restored (`cardtable.ui.menu_memory`)."""
    out: dict[str, dict[str, Any]] = {}
    if not isinstance(value, dict):
        return out
    for game_id, form in list(value.items())[:MAX_FORMS]:
        if not _short_id(game_id) or not isinstance(form, dict):
            continue
        clean: dict[str, Any] = {}
        options = form.get("options")
        if isinstance(options, dict) and len(options) <= MAX_OPTIONS:
            clean["options"] = {k: v for k, v in options.items() if _short_id(k) and _option_value(v)}
        players = form.get("players")
        if type(players) is int and 1 <= players <= MAX_SEATS:
            clean["players"] = players
        kinds = form.get("kinds")
        if isinstance(kinds, list) and len(kinds) <= MAX_SEATS and all(k in FORM_SEAT_KINDS for k in kinds):
            clean["kinds"] = list(kinds)
        names = form.get("names")
        if isinstance(names, list) and len(names) <= MAX_SEATS and all(_seat_name(n) for n in names):
            clean["names"] = list(names)
        out[game_id] = clean
    return out


#: The settings that are a plain on or off.
BOOLEAN_SETTINGS = ("auto_play_safe", "running_total", "say_when_lost", "four_colour", "high_contrast",
                    "colour_marks")


@dataclass
class Settings:
    """The person's preferences (Settings screen)."""

    animation_speed: str = "normal"  # "slow", "normal", "fast", "instant"
    card_back: str = "blue"
    fullscreen: bool = False
    bot_delay: float = 0.6  # seconds a bot waits so a person can follow
    auto_play_safe: bool = False  # the table plays the person's safe moves (cards no other card can need) itself
    running_total: bool = False  # a scored variant's total carried from game to game (Klondike's Vegas dollars)
    say_when_lost: bool = False  # the table says when a solitaire position can no longer be won (a spoiler)
    card_size: str = "normal"  # "small", "normal", "large" (`CARD_SIZES`)
    four_colour: bool = False  # French faces in four colours: spades black, hearts red, diamonds blue, clubs green
    high_contrast: bool = False  # a darker table, stronger outlines and text
    colour_marks: bool = False  # coloured cards also carry their colour's letter (for colour-blind players)
    volume: str = "medium"  # how loud the table's sounds are: "off", "low", "medium", "high" (`VOLUME_LEVELS`)
    window_size: list[int] | None = None  # the window's last size [w, h] (None: the size the app is started with)
    window_position: list[int] | None = None  # the window's last top-left [x, y] (None: where the desktop puts it)
    last_forms: dict[str, dict[str, Any]] = field(default_factory=dict)  # the menu's last form per game id
    last_game: str = ""  # the id of the game last played at a table: the menu opens on it ("": the first game)

    @classmethod
    def load(cls) -> Settings:
        """The settings on disk (see `read`)."""
        return cls.read()[0]

    @classmethod
    def read(cls) -> tuple[Settings, str | None]:
        """Settings from disk, field by field: a value that is missing or cannot be used gives its default.  A file
        that cannot be read at all gives the defaults and is kept aside; the second value then says so."""
        path = config_dir() / "settings.json"
        settings = cls()
        try:
            data = read_json(path, 64 * 1024, constants=True)
        except FileNotFoundError:
            return settings, None
        except Unreadable as exc:
            return settings, kept_aside_sentence("settings", path, exc.reason)
        if not isinstance(data, dict):
            return settings, kept_aside_sentence("settings", path, "it does not hold settings")
        settings.last_forms = clean_last_forms(data.get("last_forms"))
        for f in fields(cls):
            value: Any = data.get(f.name)  # a JSON value, checked next
            if _valid_setting(f.name, value):
                setattr(settings, f.name, float(value) if f.name == "bot_delay" else value)
        return settings, None

    def save(self) -> None:
        """Write the settings (OSError when they cannot be written)."""
        write_json_atomic(config_dir() / "settings.json", asdict(self))


def kept_aside_sentence(what: str, path: Path, reason: str) -> str:
    """Move a file that cannot be used aside (`keep_aside`) and say so in a sentence for the person."""
    try:
        kept = keep_aside(path)
    except OSError:
        return f"The {what} file could not be read ({reason}) and could not be moved aside."
    return f"The {what} file could not be read ({reason}). It was kept as {kept.name}."


def instance_lock_path() -> Path:
    """The lock the copy of the app that keeps the saves holds (`cardtable.files.instance`)."""
    return data_dir() / "instance.lock"


def writable_folders() -> tuple[Path, ...]:
    """The folders the app writes its files into."""
    return config_dir(), data_dir(), saves_dir()
