"""Klondike solitaire."""

from cardtable.core.cards import Card
from cardtable.games.klondike.deals import solve_position
from cardtable.games.klondike.hint import describe, explain
from cardtable.games.klondike.layout import LAYOUT
from cardtable.games.klondike.narration import NARRATION
from cardtable.games.klondike.proved import proved_deals
from cardtable.games.klondike.rules import RULES
from cardtable.games.klondike.safe import safe_moves
from cardtable.games.plugin import GamePlugin, Showcase, WinnableDeals

GAME = GamePlugin(
    rules=RULES,
    layout=LAYOUT,
    hint=explain,
    describe=describe,
    safe_moves=safe_moves,
    solver=solve_position,
    winnable_deals=WinnableDeals("winnable", proved=proved_deals),
    variant_options=("draw", "scoring"),
    running_totals=(("scoring", "vegas"),),
    narration=NARRATION,
    showcase=Showcase("run", (Card(13, "S"), Card(12, "H"), Card(11, "C"), Card(10, "D"), Card(9, "S"))),
)
