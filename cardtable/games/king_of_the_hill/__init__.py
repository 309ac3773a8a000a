"""King of the Hill: a five-player, two-deck trick-taking game of the "Finding Friends" family."""

from cardtable.bots.ismcts import SearchHooks
from cardtable.core.cards import JOKER_SUIT, Card
from cardtable.games.king_of_the_hill import bots
from cardtable.games.king_of_the_hill.layout import LAYOUT
from cardtable.games.king_of_the_hill.narration import NARRATION
from cardtable.games.king_of_the_hill.rules import RULES
from cardtable.games.plugin import GamePlugin, Showcase

GAME = GamePlugin(
    rules=RULES,
    layout=LAYOUT,
    narration=NARRATION,
    rule_bot=bots.RuleBot,
    hint=bots.hint,
    search=SearchHooks(reward=bots.search_reward, done=bots.search_done, rollout=bots.search_rollout,
                       weight=bots.world_weight, candidates=bots.search_candidates,
                       settings=tuple(sorted(bots.search_settings().items()))),
    arena_counts=bots.arena_counts,
    showcase=Showcase("fan", (Card(0, JOKER_SUIT, 1), Card(0, JOKER_SUIT, 0), Card(2, "H"), Card(2, "H", 1),
                              Card(1, "H"))),
    self_test_options=(("rounds", 1),),
)
