"""What a game declares about itself, once, for the whole app: `GAME = GamePlugin(...)` in its `game.py`.

The menu, the table, the bots, the arena, the self-test and the tests find every part of a game here (its rules,
its layout, its rule bot, its hint, its search hooks), never by importing a module by name.  The package's own
`INFO` (`cardtable.games.info.GameInfo`) says where this is, and what the menu needs before it is loaded.  Pure:
no pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardtable.bots.ismcts import SearchHooks
from cardtable.core.engine import Action, Option, Rules, State
from cardtable.core.narration import Narration
from cardtable.core.notation import Notation
from cardtable.games.info import Showcase, Variants

if TYPE_CHECKING:
    from cardtable.bots import Bot

#: A game's rule bot: built from a seed, then `choose(state, seat) -> Action`.
RuleBotFactory = Callable[[int | None], "Bot"]


@dataclass(frozen=True)
class Hint:
    """A move suggested to the person, and why: `why` is a sentence template marked `N_` with named `fields`
    (seats as `core.words.Seated`, cards), said after the move's name ("J♣ onto Q♦: it turns up a card"); `text`
    is an old English sentence, kept only while a game's hints do not give their reasons as templates."""

    action: Action
    text: str = ""
    why: str = ""
    fields: Mapping[str, Any] = field(default_factory=dict)


Hinter = Callable[[State], Hint | None]


ArenaCounts = Callable[[State], dict[str, list[tuple[int, int]]]]
SafeMoves = Callable[[State], list[Action]]


@dataclass(frozen=True)
class Verdict:
    """What a solitaire's solver found from a position: outcome "won" (`line`, the engine's actions, wins from
    there; `hint`, its first step in words), "lost" (proved: no line wins) or "unknown" (not decided within the
    time given)."""

    outcome: str
    line: tuple[Action, ...] = ()
    hint: Hint | None = None


#: A solitaire's solver: it sees the whole deal, as a proof needs, and answers within the seconds given.
Solver = Callable[[State, float], Verdict]


@dataclass(frozen=True)
class WinnableDeals:
    """A table option asking for deals the game's solver proved winnable before they are shown (Klondike's
    "winnable deals only"): the option's name, how long one deal may take before the next is tried, and the deals
    known to be winnable."""

    option: str
    seconds: float = 1.0
    #: Deal numbers already proved winnable for the variant the options make (empty: none known); the table
    #: picks one of them at once, and searches only when there is none.
    proved: Callable[[Mapping[str, Any]], Sequence[int]] | None = None

    def wanted(self, options: Mapping[str, Any]) -> bool:
        """Whether the table's `options` ask for proved deals."""
        return options.get(self.option) is True


@dataclass(frozen=True)
class Solitaire:
    """What a one-player game may add for its person: `safe_moves`, the moves that can never hurt (Klondike: cards
    no tableau card could need, played home), which the table plays on a right-click or the A key, or by itself
    after each of the person's moves when the setting asks (each must be legal); `solver` (`Solver`), whose winning
    line the hint follows and which tells when a position can no longer be won (a setting; both asked off the UI
    thread); `describe(state, action)`, a move in words with its cards named, for the hint's steps of a line the
    table already knows (None: the narration's name for the action); `winnable_deals`, a table option for deals
    the solver proved winnable, looked for off the UI thread (`cardtable.session.deal_search`) before a new random
    deal is shown."""

    safe_moves: SafeMoves | None = None
    solver: Solver | None = None
    describe: Callable[[State, Action], str] | None = None
    winnable_deals: WinnableDeals | None = None


@dataclass(frozen=True)
class GamePlugin(Variants):
    """One game: its pure rules engine and pure layout, plus what the generic parts may ask of it.

    rule_bot: the normal bots' player (easy adds noise); None plays at random.
    hint: the person's hint (the move and why); None falls back to the normal bot's choice.
    search: how the hard bot's search is tuned for this game (`cardtable.bots.ismcts`).
    arena_counts: per-round statistics the arena prints (Kachuful's exact bids).
    showcase: the cards the menu shows for the game.
    self_test_options: the options of the self-test's whole game, as (name, value) pairs, where the default game
    is too long for it (a fixed number of rounds).
    solitaire: what a one-player game adds (`Solitaire`: safe moves, a solver, winnable deals); None for the others.
    variant_options: the names of the options that make a variant with a record of its own (Klondike's draw and
    scoring): the statistics count each game for its variant and for the game as a whole.
    running_totals: option values, as (name, value) pairs, under which the person's score carries over from game to
    game (Klondike's Vegas dollars): such a variant keeps a running total of its scores, a game given up counted
    too (so its `state.result()` must answer before the game is over).
    """

    rules: Rules
    layout: Any  # a `cardtable.core.layout.GameLayout`
    rule_bot: RuleBotFactory | None = None
    hint: Hinter | None = None
    search: SearchHooks = field(default_factory=SearchHooks)
    arena_counts: ArenaCounts | None = None
    showcase: Showcase = field(default_factory=Showcase)
    self_test_options: tuple[tuple[str, Any], ...] = ()
    solitaire: Solitaire | None = None
    variant_options: tuple[str, ...] = ()
    running_totals: tuple[tuple[str, Any], ...] = ()
    #: The game's words: what its events, refusals and actions say (`core.narration`).
    narration: Narration = field(default_factory=Narration)
    #: A position as text and back (`core.notation`): how tests build the positions they need.
    notation: Notation | None = None

    @property
    def safe_moves(self) -> SafeMoves | None:
        """The solitaire's safe moves (None: the game has none)."""
        return self.solitaire.safe_moves if self.solitaire else None

    @property
    def solver(self) -> Solver | None:
        """The solitaire's solver (None: the game has none)."""
        return self.solitaire.solver if self.solitaire else None

    @property
    def describe(self) -> Callable[[State, Action], str] | None:
        """The solitaire's words for a move with its cards named (None: the narration's name for the action)."""
        return self.solitaire.describe if self.solitaire else None

    @property
    def winnable_deals(self) -> WinnableDeals | None:
        """The solitaire's option for proved-winnable deals (None: the game has none)."""
        return self.solitaire.winnable_deals if self.solitaire else None

    @property
    def id(self) -> str:
        return self.rules.id

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def blurb(self) -> str:
        return self.rules.blurb

    def _declared(self) -> tuple[Option, ...]:
        return self.rules.options
