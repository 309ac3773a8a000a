"""Eat Reds (Chinese Ten), a fishing game where cards pair to ten, or by rank among 10, J, Q and K, to capture the
reds from the layout: what the menu shows (`INFO`); the game itself is built in `game.py`."""

from cardtable.core.cards import Card
from cardtable.core.engine import Option
from cardtable.games.info import GameInfo, Showcase

ROUND_CHOICES = (1, 2, 3, 4, 5, 6, 8, 10)

INFO = GameInfo(
    id="eat_reds",
    title="Eat Reds (Chinese Ten)",
    players=range(2, 5),
    default_players=2,
    options=(
        Option("rounds", "Rounds", ROUND_CHOICES, 1,
               tuple(f"{k} deal{'s' if k > 1 else ''}" + (" (running total)" if k > 1 else "") for k in ROUND_CHOICES)),
    ),
    blurb="Pair cards to ten and capture the reds.",
    showcase=Showcase("fan", (Card(1, "H"), Card(9, "D"), Card(3, "S"), Card(7, "H"), Card(13, "D"))),
    module=f"{__name__}.game",
)

__getattr__ = INFO.package_attribute  # GAME, the whole game, is loaded on first use
