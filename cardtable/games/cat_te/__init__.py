"""Cat Te (Six Cards): a trick game for 2 to 6 players where the last trick wins the round (rules in `rules.py`)."""

from cardtable.bots.ismcts import SearchHooks
from cardtable.core.cards import Card
from cardtable.games.cat_te import bots
from cardtable.games.cat_te.layout import LAYOUT
from cardtable.games.cat_te.narration import NARRATION
from cardtable.games.cat_te.rules import RULES
from cardtable.games.plugin import GamePlugin, Showcase

GAME = GamePlugin(
    rules=RULES,
    layout=LAYOUT,
    narration=NARRATION,
    rule_bot=bots.RuleBot,
    hint=bots.hint,
    search=SearchHooks(reward=bots.search_reward, done=bots.search_done, rollout=bots.rule_rollout,
                       candidates=bots.candidates, world=bots.keeping_world,
                       settings=tuple(sorted(bots.search_settings().items()))),
    arena_counts=bots.arena_counts,
    showcase=Showcase("fan", (Card(9, "S"), Card(12, "H"), Card(4, "C"), Card(13, "D"), Card(1, "S"), Card(10, "H"))),
    self_test_options=(("chips", 50), ("ante", 20)),
)
