"""The whole of Eat Pairs: `GAME`, loaded when the game is first played or looked up (`INFO` in the package is
what the menu shows before that)."""

from cardtable.bots.ismcts import SearchHooks
from cardtable.games.eat_pairs import INFO, bots
from cardtable.games.eat_pairs.layout import LAYOUT
from cardtable.games.eat_pairs.narration import NARRATION
from cardtable.games.eat_pairs.notation import NOTATION
from cardtable.games.eat_pairs.rules import RULES
from cardtable.games.plugin import GamePlugin

GAME = GamePlugin(
    rules=RULES,
    layout=LAYOUT,
    rule_bot=bots.RuleBot,
    hint=bots.hint,
    search=SearchHooks(reward=bots.search_reward, done=bots.search_done, rollout=bots.search_rollout,
                       candidates=bots.search_candidates,
                       settings=tuple(sorted(bots.search_settings().items()))),
    showcase=INFO.showcase,
    narration=NARRATION,
    notation=NOTATION,
)
