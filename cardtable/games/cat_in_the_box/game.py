"""The whole of Cat in the Box: `GAME`, loaded when the game is first played or looked up (`INFO` in the package is
what the menu shows before that)."""

from cardtable.bots.ismcts import SearchHooks
from cardtable.games.cat_in_the_box import INFO, bots
from cardtable.games.cat_in_the_box.layout import LAYOUT
from cardtable.games.cat_in_the_box.narration import NARRATION
from cardtable.games.cat_in_the_box.notation import NOTATION
from cardtable.games.cat_in_the_box.rules import RULES
from cardtable.games.plugin import GamePlugin

GAME = GamePlugin(
    rules=RULES,
    layout=LAYOUT,
    rule_bot=bots.RuleBot,
    hint=bots.hint,
    search=SearchHooks(reward=bots.search_reward, done=bots.search_done, rollout=bots.search_rollout,
                       weight=bots.world_weight,
                       settings=tuple(sorted(bots.search_settings().items()))),
    arena_counts=bots.arena_counts,
    narration=NARRATION,
    notation=NOTATION,
    showcase=INFO.showcase,
)
