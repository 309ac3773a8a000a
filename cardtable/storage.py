"""Where cardtable keeps its files (platformdirs), and atomic reads/writes of JSON.

`CARDTABLE_HOME` in the environment puts everything under one folder instead
(tests and the self-test use it so they never touch a person's real files).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

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


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON to a temporary file beside `path`, then rename it over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_json(path: Path) -> Any:
    """Parse a JSON file; OSError / ValueError on trouble."""
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def keep_aside(path: Path) -> Path:
    """Rename a bad file to `<name>.corrupt-<time>` beside it (never delete it); returns the new path."""
    target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        n += 1
    os.replace(path, target)
    return target


@dataclass
class Settings:
    """The person's preferences (Settings screen)."""

    animation_speed: str = "normal"  # "slow", "normal", "fast", "instant"
    card_back: str = "blue"
    fullscreen: bool = False
    bot_delay: float = 0.6  # seconds a bot waits so a person can follow

    @classmethod
    def load(cls) -> Settings:
        """Settings from disk; a missing or unreadable file gives the defaults."""
        try:
            data = read_json(config_dir() / "settings.json")
        except (OSError, ValueError):
            return cls()
        if not isinstance(data, dict):
            return cls()
        defaults = cls()
        kwargs = {}
        for f in fields(cls):
            value = data.get(f.name, getattr(defaults, f.name))
            kwargs[f.name] = value if isinstance(value, type(getattr(defaults, f.name))) else getattr(defaults, f.name)
        return cls(**kwargs)

    def save(self) -> None:
        write_json_atomic(config_dir() / "settings.json", asdict(self))


ANIMATION_SECONDS = {"slow": 0.45, "normal": 0.25, "fast": 0.12, "instant": 0.0}
