"""The registry: every game the app has, in menu order, and those still to come.

A new game is a package with `GAME = GamePlugin(...)` in its `__init__.py`, added to `GAMES` here (and removed
from `UPCOMING`).  Nothing else in the app names a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.engine import Rules
from cardtable.games import cat_in_the_box, cat_te, crazy, eat_pairs, eat_reds, kachuful, king_of_the_hill, klondike
from cardtable.games.plugin import GamePlugin

#: The built games, in the order the menu lists them.
GAMES: tuple[GamePlugin, ...] = (
    klondike.GAME, kachuful.GAME, crazy.GAME, cat_in_the_box.GAME, king_of_the_hill.GAME, cat_te.GAME,
    eat_reds.GAME, eat_pairs.GAME,
)


@dataclass(frozen=True)
class CatalogueEntry:
    """A game as the menu lists it; `game` is None while the game is not built yet."""

    id: str
    title: str
    blurb: str
    game: GamePlugin | None = None

    @property
    def rules(self) -> Rules | None:
        return self.game.rules if self.game is not None else None


UPCOMING: tuple[CatalogueEntry, ...] = ()

CATALOGUE: tuple[CatalogueEntry, ...] = (
    *(CatalogueEntry(g.id, g.title, g.blurb, g) for g in GAMES),
    *UPCOMING,
)

PLUGINS: dict[str, GamePlugin] = {g.id: g for g in GAMES}
#: game id -> Rules, for everything that needs only the rules engine (the contract in DESIGN.md).
REGISTRY: dict[str, Rules] = {g.id: g.rules for g in GAMES}


def get_game(game_id: str) -> GamePlugin:
    """A built game; KeyError naming the id and the games there are otherwise."""
    try:
        return PLUGINS[game_id]
    except KeyError:
        raise KeyError(f"no such game: {game_id!r} (built: {', '.join(sorted(PLUGINS))})") from None


def get_rules(game_id: str) -> Rules:
    """The rules of a built game; KeyError naming the id otherwise."""
    return get_game(game_id).rules
