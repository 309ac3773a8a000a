"""Cat in the Box, trick-taking where each card's colour is declared as it is played, on a shared board: what the
menu shows (`INFO`); the game itself is built in `game.py`."""

from cardtable.core.cards import Card
from cardtable.core.engine import Option
from cardtable.games.info import GameInfo, Showcase

NUMBER_SUIT = "N"  # cat cards have no colour: a suit that is none of the French ones

INFO = GameInfo(
    id="cat_in_the_box",
    title="Cat in the Box",
    players=range(2, 6),
    options=(
        Option("rounds", "Rounds", ("1", "per_player"), "1", ("1", "One per player")),
        Option("red_lead", "Red lead", ("free", "broken"), "free", ("Free", "Red must be broken")),
        Option("voluntary_void", "Voluntary void", ("off", "on"), "off", ("Off", "On")),
    ),
    blurb="Declare each card's colour on a shared board; predict your tricks and avoid the paradox.",
    showcase=Showcase("fan", tuple(Card(n, NUMBER_SUIT) for n in (2, 4, 5, 7, 9))),
    module=f"{__name__}.game",
)

__getattr__ = INFO.package_attribute  # GAME, the whole game, is loaded on first use
