"""Crazy (the Uno family): shed your cards by matching the colour or the label of the discard pile."""

from cardtable.bots.ismcts import SearchHooks
from cardtable.core.cards import Card
from cardtable.games.crazy import bots
from cardtable.games.crazy.layout import LAYOUT
from cardtable.games.crazy.narration import NARRATION
from cardtable.games.crazy.rules import CRAZY, REVERSE, RULES, SKIP, WILD
from cardtable.games.plugin import GamePlugin, Showcase

GAME = GamePlugin(
    rules=RULES,
    layout=LAYOUT,
    rule_bot=bots.RuleBot,
    search=SearchHooks(settings=tuple(sorted(bots.search_settings().items()))),
    showcase=Showcase("fan", (Card(7, "R"), Card(SKIP, "Y"), Card(3, "G"), Card(REVERSE, "B"), Card(CRAZY, WILD))),
    narration=NARRATION,
)
