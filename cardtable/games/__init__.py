"""The games: a package per game, each declaring a light `GameInfo` and, in its `game.py`, the whole `GamePlugin`;
`registry` lists them.

    from cardtable.games import REGISTRY, get_rules, get_game
"""

from typing import TYPE_CHECKING, Any

from cardtable.games import registry
from cardtable.games.info import GameInfo
from cardtable.games.registry import CATALOGUE, INFOS, CatalogueEntry, get_game, get_info, get_rules

if TYPE_CHECKING:  # made on first use, by `__getattr__` below
    from cardtable.games.plugin import GamePlugin
    from cardtable.games.registry import GAMES, REGISTRY

__all__ = ["CATALOGUE", "GAMES", "INFOS", "REGISTRY", "CatalogueEntry", "GameInfo", "GamePlugin", "get_game",
           "get_info", "get_rules"]


def __getattr__(name: str) -> Any:
    """`GAMES` and `REGISTRY`: every game loaded, the first time they are used (see `registry`); `GamePlugin`,
    whose module comes with the first game loaded."""
    if name in ("GAMES", "REGISTRY", "GamePlugin"):
        if name == "GamePlugin":
            from cardtable.games import plugin

            value: Any = plugin.GamePlugin
        else:
            value = getattr(registry, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
