"""The games: a package per game, each declaring a `GamePlugin`; `registry` lists them.

    from cardtable.games import REGISTRY, get_rules, get_game
"""

from cardtable.games.plugin import GamePlugin
from cardtable.games.registry import CATALOGUE, GAMES, REGISTRY, CatalogueEntry, get_game, get_rules

__all__ = ["CATALOGUE", "GAMES", "REGISTRY", "CatalogueEntry", "GamePlugin", "get_game", "get_rules"]
