"""The registry of games: game id -> Rules, plus the catalogue shown in the menu."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.engine import Rules
from cardtable.games.crazy.rules import RULES as CRAZY
from cardtable.games.kachuful.rules import RULES as KACHUFUL
from cardtable.games.klondike.rules import RULES as KLONDIKE


@dataclass(frozen=True)
class CatalogueEntry:
    """A game as the menu lists it; `rules` is None while the game is not built yet."""

    id: str
    title: str
    blurb: str
    rules: Rules | None = None


CATALOGUE: tuple[CatalogueEntry, ...] = (
    CatalogueEntry(KLONDIKE.id, KLONDIKE.title, KLONDIKE.blurb, KLONDIKE),
    CatalogueEntry(KACHUFUL.id, KACHUFUL.title, KACHUFUL.blurb, KACHUFUL),
    CatalogueEntry(CRAZY.id, CRAZY.title, CRAZY.blurb, CRAZY),
    CatalogueEntry("cat_in_the_box", "Cat in the Box", "Quantum trick-taking: suits are declared as you play."),
    CatalogueEntry("king_of_the_hill", "King of the Hill", "Five players, two decks, one king."),
    CatalogueEntry("cat_te", "Cat Te (Six Cards)", "Win the last trick with six cards."),
    CatalogueEntry("eat_reds", "Eat Reds (Chinese Ten)", "Pair cards to ten and capture the reds."),
    CatalogueEntry("eat_pairs", "Eat Pairs (Siku)", "Capture cards in pairs."),
)

REGISTRY: dict[str, Rules] = {e.id: e.rules for e in CATALOGUE if e.rules is not None}


def get_rules(game_id: str) -> Rules:
    """The rules of a built game; KeyError naming the id otherwise."""
    try:
        return REGISTRY[game_id]
    except KeyError:
        raise KeyError(f"no such game: {game_id!r} (built: {', '.join(sorted(REGISTRY))})") from None
