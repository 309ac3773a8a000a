"""The whole of Eat Reds: `GAME`, loaded when the game is first played or looked up (`INFO` in the package is
what the menu shows before that)."""

from cardtable.bots.ismcts import SearchHooks
from cardtable.games.eat_reds import INFO, bots
from cardtable.games.eat_reds.layout import LAYOUT
from cardtable.games.eat_reds.narration import NARRATION
from cardtable.games.eat_reds.notation import NOTATION
from cardtable.games.eat_reds.rules import RULES
from cardtable.games.plugin import GamePlugin

GAME = GamePlugin(
    rules=RULES,
    layout=LAYOUT,
    narration=NARRATION,
    rule_bot=bots.RuleBot,
    hint=bots.hint,
    search=SearchHooks(reward=bots.search_reward, done=bots.search_done, rollout=bots.search_rollout,
                       candidates=bots.search_candidates,
                       settings=tuple(sorted(bots.search_settings().items()))),
    arena_counts=bots.arena_counts,
    showcase=INFO.showcase,
    notation=NOTATION,
)
