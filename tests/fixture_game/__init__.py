"""The table's test game: a plugin like any game's, registered only for the tests that load it."""

from cardtable.games.plugin import GamePlugin
from tests.fixture_game.layout import LAYOUT
from tests.fixture_game.narration import PairsNarration
from tests.fixture_game.rules import RULES

GAME = GamePlugin(rules=RULES, layout=LAYOUT, narration=PairsNarration())
