"""Cat Te (Six Cards), a trick game for 2 to 6 players where the last trick wins the round: what the menu shows
(`INFO`); the game itself is built in `game.py`."""

from cardtable.core.cards import Card
from cardtable.core.engine import Option
from cardtable.games.info import GameInfo, Showcase

REGIONS = ("khmer", "laos", "vietnamese")
REGION_NAMES = {"khmer": "Khmer", "laos": "Laos", "vietnamese": "Vietnamese"}
ROUND_CHOICES = (0, 1, 5, 10, 20)

INFO = GameInfo(
    id="cat_te",
    title="Cat Te (Six Cards)",
    players=range(2, 7),
    options=(
        Option("region", "Region", REGIONS, "khmer", tuple(REGION_NAMES[r] for r in REGIONS)),
        Option("instant_wins", "Instant wins", (True, False), True,
               ("On: four of a kind, six of one suit, six low cards", "Off")),
        Option("must_beat", "Must beat", (True, False), True,
               ("On: a card following suit must beat the best if it can", "Off: the traditional rule")),
        Option("chips", "Starting chips", (50, 100, 200, 500), 100),
        Option("ante", "Ante", (1, 2, 5, 10, 20), 5),
        Option("side_pot", "Side pot", (False, True), False, ("Off", "On: 1 chip a round, claimed by a card")),
        Option("rounds", "Session", ROUND_CHOICES, 0,
               tuple("Until the players stop" if k == 0 else f"{k} round{'s' if k > 1 else ''}"
                     for k in ROUND_CHOICES)),
    ),
    blurb="Win the last trick with six cards.",
    showcase=Showcase("fan", (Card(9, "S"), Card(12, "H"), Card(4, "C"), Card(13, "D"), Card(1, "S"), Card(10, "H"))),
    module=f"{__name__}.game",
)

__getattr__ = INFO.package_attribute  # GAME, the whole game, is loaded on first use
