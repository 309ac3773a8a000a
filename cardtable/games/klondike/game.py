"""The whole of Klondike: `GAME`, loaded when the game is first played or looked up (`INFO` in the package is
what the menu shows before that)."""

from cardtable.games.klondike import INFO
from cardtable.games.klondike.deals import solve_position
from cardtable.games.klondike.hint import describe, explain
from cardtable.games.klondike.layout import LAYOUT
from cardtable.games.klondike.narration import NARRATION
from cardtable.games.klondike.notation import NOTATION
from cardtable.games.klondike.proved import proved_deals
from cardtable.games.klondike.rules import RULES
from cardtable.games.klondike.safe import safe_moves
from cardtable.games.plugin import GamePlugin, Solitaire, WinnableDeals

GAME = GamePlugin(
    rules=RULES,
    layout=LAYOUT,
    hint=explain,
    solitaire=Solitaire(safe_moves=safe_moves, solver=solve_position, describe=describe,
                        winnable_deals=WinnableDeals("winnable", proved=proved_deals)),
    variant_options=INFO.variant_options,
    running_totals=INFO.running_totals,
    narration=NARRATION,
    notation=NOTATION,
    showcase=INFO.showcase,
)
