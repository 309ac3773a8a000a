"""The whole of King of the Hill: `GAME`, loaded when the game is first played or looked up (`INFO` in the package is
what the menu shows before that)."""

from cardtable.bots.ismcts import SearchHooks
from cardtable.games.king_of_the_hill import INFO, bots
from cardtable.games.king_of_the_hill.layout import LAYOUT
from cardtable.games.king_of_the_hill.narration import NARRATION
from cardtable.games.king_of_the_hill.notation import NOTATION
from cardtable.games.king_of_the_hill.rules import RULES
from cardtable.games.plugin import GamePlugin

GAME = GamePlugin(
    rules=RULES,
    layout=LAYOUT,
    narration=NARRATION,
    notation=NOTATION,
    rule_bot=bots.RuleBot,
    hint=bots.hint,
    search=SearchHooks(reward=bots.search_reward, done=bots.search_done, rollout=bots.search_rollout,
                       weight=bots.world_weight, candidates=bots.search_candidates,
                       settings=tuple(sorted(bots.search_settings().items()))),
    arena_counts=bots.arena_counts,
    showcase=INFO.showcase,
    self_test_options=(("rounds", 1),),
)
