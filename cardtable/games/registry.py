"""The registry: every game the app has, in menu order, and those still to come.

A new game is a package with `INFO = GameInfo(...)` in its `__init__.py` (what the menu shows) and
`GAME = GamePlugin(...)` in its `game.py` (the whole game), its `INFO` added to `INFOS` here (and removed from
`UPCOMING`).  Nothing else in the app names a game.

Only the `INFO`s are imported with the registry: a game's rules, layout, bots and words are imported when the game
is first asked for (`get_game`).  `GAMES`, `PLUGINS` and `REGISTRY` load every game, the first time one of them is
used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.engine import Rules
from cardtable.games import cat_in_the_box, cat_te, crazy, eat_pairs, eat_reds, kachuful, king_of_the_hill, klondike
from cardtable.games.info import GameInfo

if TYPE_CHECKING:  # the whole games' module, with the bots' search: loaded with the first game
    from cardtable.games.plugin import GamePlugin

    # Made on first use, by `__getattr__` below.
    GAMES: tuple[GamePlugin, ...]
    PLUGINS: dict[str, GamePlugin]
    REGISTRY: dict[str, Rules]

#: The built games, in the order the menu lists them.
INFOS: tuple[GameInfo, ...] = (
    klondike.INFO, kachuful.INFO, crazy.INFO, cat_in_the_box.INFO, king_of_the_hill.INFO, cat_te.INFO,
    eat_reds.INFO, eat_pairs.INFO,
)
_BY_ID: dict[str, GameInfo] = {i.id: i for i in INFOS}


class CatalogueEntry:
    """A game as the menu lists it: `info` (what the menu shows) and `game` (the whole game, loaded when asked
    for), both None while the game is not built yet.  Made from a `GameInfo` or from a whole `GamePlugin`."""

    def __init__(self, id: str, title: str, blurb: str, game: GameInfo | GamePlugin | None = None) -> None:
        self.id, self.title, self.blurb = id, title, blurb
        self._source = game

    def __repr__(self) -> str:
        return f"CatalogueEntry({self.id!r}, {self.title!r})"

    @property
    def built(self) -> bool:
        return self._source is not None

    @property
    def info(self) -> GameInfo | None:
        source = self._source
        return source if source is None or isinstance(source, GameInfo) else info_of(source)

    @property
    def game(self) -> GamePlugin | None:
        source = self._source
        return source.load() if isinstance(source, GameInfo) else source

    @property
    def rules(self) -> Rules | None:
        game = self.game
        return game.rules if game is not None else None


def info_of(game: GamePlugin) -> GameInfo:
    """What the menu shows of a whole game (one made for a test, say), read from its rules."""
    rules = game.rules
    info = _BY_ID.get(rules.id)
    return GameInfo(rules.id, rules.title, rules.players, info.module if info else "", rules.options, rules.blurb,
                    rules.version, rules.default_players, game.showcase, game.variant_options, game.running_totals)


UPCOMING: tuple[CatalogueEntry, ...] = ()

CATALOGUE: tuple[CatalogueEntry, ...] = (
    *(CatalogueEntry(i.id, i.title, i.blurb, i) for i in INFOS),
    *UPCOMING,
)


def get_info(game_id: str) -> GameInfo:
    """What the menu shows of a built game, without loading it; KeyError naming the id otherwise."""
    try:
        return _BY_ID[game_id]
    except KeyError:
        raise KeyError(f"no such game: {game_id!r} (built: {', '.join(sorted(_BY_ID))})") from None


def get_game(game_id: str) -> GamePlugin:
    """A built game, loaded the first time it is asked for; KeyError naming the id and the games there are
    otherwise."""
    return get_info(game_id).load()


def get_rules(game_id: str) -> Rules:
    """The rules of a built game; KeyError naming the id otherwise."""
    return get_game(game_id).rules


def __getattr__(name: str) -> Any:
    """`GAMES` (every game, in menu order), `PLUGINS` (game id -> game) and `REGISTRY` (game id -> Rules, for
    everything that needs only the rules engine: the contract in DESIGN.md), each made the first time it is used."""
    if name == "GAMES":
        value: Any = tuple(i.load() for i in INFOS)
    elif name == "PLUGINS":
        value = {i.id: i.load() for i in INFOS}
    elif name == "REGISTRY":
        value = {i.id: i.load().rules for i in INFOS}
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # made once
    return value
