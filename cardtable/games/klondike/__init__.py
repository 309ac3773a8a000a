"""Klondike solitaire."""

from cardtable.core.cards import Card
from cardtable.games.klondike.hint import explain
from cardtable.games.klondike.layout import LAYOUT
from cardtable.games.klondike.rules import RULES
from cardtable.games.plugin import GamePlugin, Showcase

GAME = GamePlugin(
    rules=RULES,
    layout=LAYOUT,
    hint=explain,
    showcase=Showcase("run", (Card(13, "S"), Card(12, "H"), Card(11, "C"), Card(10, "D"), Card(9, "S"))),
)
