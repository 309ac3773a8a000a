"""Crazy (the Uno family), shed your cards by matching the colour or the label of the discard pile: what the menu
shows (`INFO`); the game itself is built in `game.py`."""

from cardtable.core.cards import Card
from cardtable.core.engine import Option
from cardtable.games.info import GameInfo, Showcase

# The cards of the showcase, as the rules name them (`rules.SKIP`, `rules.REVERSE`, `rules.CRAZY`, `rules.WILD`).
SKIP, REVERSE, CRAZY, WILD = 10, 11, 13, "W"

INFO = GameInfo(
    id="crazy",
    title="Crazy",
    players=range(2, 11),
    options=(
        Option("choose_draw_four_colour", "Choose colour on Draw Four", (False, True), False,
               ("Off: the new colour is random", "On: the player chooses it")),
        Option("score_by_points", "Score by points", (False, True), False,
               ("Off: a plain win", "On: the winner scores the cards left in the other hands")),
    ),
    blurb="Shed your cards by matching colour or number.",
    showcase=Showcase("fan", (Card(7, "R"), Card(SKIP, "Y"), Card(3, "G"), Card(REVERSE, "B"), Card(CRAZY, WILD))),
    module=f"{__name__}.game",
)

__getattr__ = INFO.package_attribute  # GAME, the whole game, is loaded on first use
