"""The whole of Kachuful: `GAME`, loaded when the game is first played or looked up (`INFO` in the package is
what the menu shows before that)."""

from cardtable.bots.ismcts import SearchHooks
from cardtable.games.kachuful import bots
from cardtable.games.kachuful.layout import LAYOUT
from cardtable.games.kachuful.narration import KachufulNarration
from cardtable.games.kachuful.notation import NOTATION
from cardtable.games.kachuful.rules import RULES
from cardtable.games.plugin import GamePlugin

GAME = GamePlugin(
    rules=RULES,
    layout=LAYOUT,
    rule_bot=bots.RuleBot,
    search=SearchHooks(reward=bots.search_reward, done=bots.search_done, rollout=bots.rollout_action,
                       weight=bots.world_weight, settings=tuple(sorted(bots.search_settings().items()))),
    arena_counts=bots.arena_counts,
    narration=KachufulNarration(),
    notation=NOTATION,
    self_test_options=(("hands", "3,2,1"),),
)
