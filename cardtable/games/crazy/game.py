"""The whole of Crazy: `GAME`, loaded when the game is first played or looked up (`INFO` in the package is
what the menu shows before that)."""

from cardtable.bots.ismcts import SearchHooks
from cardtable.games.crazy import INFO, bots
from cardtable.games.crazy.layout import LAYOUT
from cardtable.games.crazy.narration import NARRATION
from cardtable.games.crazy.notation import NOTATION
from cardtable.games.crazy.rules import RULES
from cardtable.games.plugin import GamePlugin

GAME = GamePlugin(
    rules=RULES,
    layout=LAYOUT,
    rule_bot=bots.RuleBot,
    search=SearchHooks(settings=tuple(sorted(bots.search_settings().items()))),
    showcase=INFO.showcase,
    narration=NARRATION,
    notation=NOTATION,
)
