"""Kachuful (Judgement), bid exactly the number of tricks you will take: what the menu shows (`INFO`); the game
itself is built in `game.py`."""

from cardtable.core.engine import Option
from cardtable.games.info import GameInfo

NAMED_SEQUENCES = ("down_up", "down", "up")
MAX_HAND = 8  # the top of the named sequences (capped by the deck for 7 players)


def hand_labels(players: int) -> tuple[str, ...]:
    """The named sequences as they are played by `players` (the largest hand capped by the deck: 7 for 7)."""
    top = min(MAX_HAND, 52 // players)
    return (f"Down and up ({top}\u21921\u2192{top})", f"Down ({top}\u21921)", f"Up (1\u2192{top})")


INFO = GameInfo(
    id="kachuful",
    title="Kachuful (Judgement)",
    players=range(3, 8),
    options=(
        Option("hands", "Hand sizes", NAMED_SEQUENCES, "down_up",
               ("Down and up (8\u21921\u21928)", "Down (8\u21921)", "Up (1\u21928)"), labels_for=hand_labels,
               custom="Custom list"),
        Option("trump", "Trump", ("rotate", "turn_up", "rotate_no_trump", "random"), "rotate",
               ("Rotate \u2660 \u2666 \u2663 \u2665", "Turn up the next card", "Rotate with no-trump rounds",
                "Random suit")),
        Option("bidding", "Bidding", ("sequential", "simultaneous"), "sequential",
               ("Sequential, from the dealer's left", "Simultaneous (hidden until all have bid)")),
        Option("hook", "Dealer's hook", (True, False), True,
               ("On: the dealer cannot make the bids total the tricks", "Off")),
        Option("scoring", "Scoring", ("standard", "penalty", "multiplier"), "standard",
               ("Standard: exact 10 + bid, miss 0", "Penalty: exact 10 + bid, miss minus the difference",
                "Multiplier: exact bid \u00d7 multiplier, miss 0")),
        Option("penalty_factor", "Penalty factor", (1, 2, 3, 5, 10), 1, when=("scoring", ("penalty",))),
        Option("multiplier", "Multiplier", (5, 10, 20), 10, when=("scoring", ("multiplier",))),
        Option("jokers", "Jokers", (False, True), False, ("Off", "On: two jokers, the highest trumps")),
        Option("tie_break", "Tie-break", ("highest_round", "shared"), "highest_round",
               ("Highest single-round score", "Shared victory")),
        Option("turn_timer", "Turn timer", (0, 15, 30, 60), 0, ("Off", "15 s", "30 s", "60 s")),
    ),
    blurb="Bid exactly the tricks you will take.",
    module=f"{__name__}.game",
)

__getattr__ = INFO.package_attribute  # GAME, the whole game, is loaded on first use
