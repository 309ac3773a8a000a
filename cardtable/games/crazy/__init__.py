"""Crazy (the Uno family): shed your cards by matching the colour or the label of the discard pile."""

from cardtable.bots.ismcts import SearchHooks
from cardtable.games.crazy import bots
from cardtable.games.crazy.layout import LAYOUT
from cardtable.games.crazy.rules import RULES
from cardtable.games.plugin import GamePlugin

GAME = GamePlugin(
    rules=RULES,
    layout=LAYOUT,
    rule_bot=bots.RuleBot,
    search=SearchHooks(settings=tuple(sorted(bots.search_settings().items()))),
)
