"""Eat Pairs (Siku): lay your pairs, match the cards that land on the waste, and be the first with an empty hand."""

from cardtable.bots.ismcts import SearchHooks
from cardtable.core.cards import Card
from cardtable.games.eat_pairs import bots
from cardtable.games.eat_pairs.layout import LAYOUT
from cardtable.games.eat_pairs.narration import NARRATION
from cardtable.games.eat_pairs.rules import RULES
from cardtable.games.plugin import GamePlugin, Showcase

GAME = GamePlugin(
    rules=RULES,
    layout=LAYOUT,
    rule_bot=bots.RuleBot,
    hint=bots.hint,
    search=SearchHooks(reward=bots.search_reward, done=bots.search_done, rollout=bots.search_rollout,
                       candidates=bots.search_candidates,
                       settings=tuple(sorted(bots.search_settings().items()))),
    showcase=Showcase("fan", (Card(7, "S"), Card(7, "H"), Card(12, "D"), Card(12, "C"), Card(1, "S"))),
    narration=NARRATION,
)
