"""Eat Pairs (Siku), lay your pairs, match the cards that land on the waste, and be the first with an empty hand:
what the menu shows (`INFO`); the game itself is built in `game.py`."""

from cardtable.core.cards import Card
from cardtable.core.engine import Option
from cardtable.games.info import GameInfo, Showcase

CLAIM_SECONDS = 5
DEALS = ("1", "3", "5", "per_player")

INFO = GameInfo(
    id="eat_pairs",
    title="Eat Pairs (Siku)",
    players=range(2, 7),
    options=(
        Option("claim_by_hand", "Claim matches by hand", (False, True), False,
               ("Off: matching is automatic",
                f"On: click your matching card within {CLAIM_SECONDS} seconds, or miss it")),
        Option("deals", "Deals", DEALS, "1", ("One deal", "3 deals", "5 deals", "One deal per player")),
    ),
    blurb="Pair the cards that land on the waste; the first with an empty hand wins.",
    showcase=Showcase("fan", (Card(7, "S"), Card(7, "H"), Card(12, "D"), Card(12, "C"), Card(1, "S"))),
    module=f"{__name__}.game",
)

__getattr__ = INFO.package_attribute  # GAME, the whole game, is loaded on first use
