"""Cat in the Box: trick-taking where each card's colour is declared as it is played, on a shared board."""

from cardtable.bots.ismcts import SearchHooks
from cardtable.core.cards import Card
from cardtable.games.cat_in_the_box import bots
from cardtable.games.cat_in_the_box.layout import LAYOUT
from cardtable.games.cat_in_the_box.narration import NARRATION
from cardtable.games.cat_in_the_box.rules import NUMBER_SUIT, RULES
from cardtable.games.plugin import GamePlugin, Showcase

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
    showcase=Showcase("fan", tuple(Card(n, NUMBER_SUIT) for n in (2, 4, 5, 7, 9))),
)
