"""King of the Hill, a five-player, two-deck trick-taking game of the "Finding Friends" family: what the menu shows
(`INFO`); the game itself is built in `game.py`."""

from cardtable.core.cards import JOKER_SUIT, Card
from cardtable.core.engine import Option
from cardtable.games.info import GameInfo, Showcase

ROUND_CHOICES = (0, 1, 2, 3, 5, 10, 20)

INFO = GameInfo(
    id="king_of_the_hill",
    title="King of the Hill",
    players=range(5, 6),
    options=(
        Option("rounds", "Game length", ROUND_CHOICES, 0,
               ("Until a rank passes A", *(f"{k} round{'s' if k > 1 else ''}" for k in ROUND_CHOICES[1:]))),
        Option("timers", "Timers", (False, True), False,
               ("Off", "On: 10 s to play, 60 s to bury, 15 s to call, 5 s to choose trump")),
    ),
    blurb="Five players, two decks: declare trump, bury the dead hand, call a secret partner.",
    showcase=Showcase("fan", (Card(0, JOKER_SUIT, 1), Card(0, JOKER_SUIT, 0), Card(2, "H"), Card(2, "H", 1),
                              Card(1, "H"))),
    module=f"{__name__}.game",
)

__getattr__ = INFO.package_attribute  # GAME, the whole game, is loaded on first use
