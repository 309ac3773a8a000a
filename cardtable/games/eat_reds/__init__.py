"""Eat Reds (Chinese Ten): a fishing game where cards pair to ten, or by rank among 10, J, Q and K, to capture the
reds from the layout."""

from cardtable.bots.ismcts import SearchHooks
from cardtable.core.cards import Card
from cardtable.games.eat_reds import bots
from cardtable.games.eat_reds.layout import LAYOUT
from cardtable.games.eat_reds.narration import NARRATION
from cardtable.games.eat_reds.rules import RULES
from cardtable.games.plugin import GamePlugin, Showcase

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
    showcase=Showcase("fan", (Card(1, "H"), Card(9, "D"), Card(3, "S"), Card(7, "H"), Card(13, "D"))),
)
