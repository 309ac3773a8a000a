"""Klondike solitaire: what the menu shows (`INFO`); the game itself is built in `game.py`."""

from cardtable.core.cards import Card
from cardtable.core.engine import Option
from cardtable.games.info import GameInfo, Showcase

INFO = GameInfo(
    id="klondike",
    title="Klondike",
    players=range(1, 2),
    options=(
        Option("draw", "Draw", (1, 3), 1, ("Draw 1", "Draw 3")),
        Option(
            "passes", "Passes through the stock", ("unlimited", "limited"), "unlimited",
            ("Unlimited", "Limited (1 with draw 1, 3 with draw 3)"),
        ),
        Option("scoring", "Scoring", ("standard", "vegas"), "standard", ("Standard", "Vegas")),
        Option("winnable", "Deals", (False, True), False, ("Any deal", "Winnable deals only")),
    ),
    blurb="Solitaire: build four foundations up by suit from Ace to King.",
    showcase=Showcase("run", (Card(13, "S"), Card(12, "H"), Card(11, "C"), Card(10, "D"), Card(9, "S"))),
    variant_options=("draw", "scoring"),
    running_totals=(("scoring", "vegas"),),
    module=f"{__name__}.game",
)

__getattr__ = INFO.package_attribute  # GAME, the whole game, is loaded on first use
