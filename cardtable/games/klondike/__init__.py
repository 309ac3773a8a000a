"""Klondike solitaire."""

from cardtable.games.klondike.hint import explain
from cardtable.games.klondike.layout import LAYOUT
from cardtable.games.klondike.rules import RULES
from cardtable.games.plugin import GamePlugin

GAME = GamePlugin(rules=RULES, layout=LAYOUT, hint=explain)
