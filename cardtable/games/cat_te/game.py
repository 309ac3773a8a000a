"""The whole of Cat Te: `GAME`, loaded when the game is first played or looked up (`INFO` in the package is
what the menu shows before that)."""

from cardtable.bots.ismcts import SearchHooks
from cardtable.games.cat_te import INFO, bots
from cardtable.games.cat_te.layout import LAYOUT
from cardtable.games.cat_te.narration import NARRATION
from cardtable.games.cat_te.notation import NOTATION
from cardtable.games.cat_te.rules import RULES
from cardtable.games.plugin import GamePlugin

GAME = GamePlugin(
    rules=RULES,
    layout=LAYOUT,
    narration=NARRATION,
    notation=NOTATION,
    rule_bot=bots.RuleBot,
    hint=bots.hint,
    search=SearchHooks(reward=bots.search_reward, done=bots.search_done, rollout=bots.rule_rollout,
                       candidates=bots.candidates, world=bots.keeping_world,
                       settings=tuple(sorted(bots.search_settings().items()))),
    arena_counts=bots.arena_counts,
    showcase=INFO.showcase,
    self_test_options=(("chips", 50), ("ante", 20)),
)
