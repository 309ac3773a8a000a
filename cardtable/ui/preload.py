"""The modules a table needs, imported while the menu waits for the person, a few each frame (each frame spending at
most `FRAME_BUDGET` on them, and one module at least), so that the click that opens the first table imports none of
them (some 100 ms at once otherwise).

They are listed dependencies first, so that each import brings little with it; a module that is already imported
costs nothing, and one that is not in the list is imported by the table as before.  The start-up tests check that
the list still holds everything the table imports.
"""

from __future__ import annotations

import gc
import importlib
import logging
import sys
from collections.abc import Callable
from functools import partial

FRAME_BUDGET = 0.002  # seconds of a menu frame spent on importing (a module may take longer: it is never cut)

#: What opening a table imports that the menu has not, dependencies first (as `python -X importtime` lists them); the
#: saving modules first, which every new game needs (a table opened before they are all imported imports the rest in
#: its first steps: `import_steps`).
MODULES = (
    "cardtable.session.checkpoints", "cardtable.session.match", "cardtable.session.atomic", "datetime",
    "cardtable.session.finished", "cardtable.session.save_text", "cardtable.session.journal",
    "cardtable.session.saves", "multiprocessing.process", "pickle", "socket", "multiprocessing.reduction",
    "multiprocessing.context", "multiprocessing", "concurrent.futures._base", "concurrent.futures",
    "multiprocessing.util", "multiprocessing.connection", "cardtable.bots.worker", "cardtable.session.turns",
    "cardtable.ui.celebration", "cardtable.ui.table.analysis", "cardtable.ui.table.sprites",
    "cardtable.ui.table.animate", "cardtable.ui.table.building", "cardtable.ui.table.result_panel",
    "cardtable.ui.table.summary", "cardtable.ui.table.commands", "cardtable.ui.table.move_log",
    "cardtable.ui.table.curtain", "cardtable.session.deal_search", "cardtable.ui.table.records",
    "cardtable.ui.table.deals", "cardtable.ui.table.gestures", "cardtable.ui.table.input", "cardtable.ui.table.focus",
    "cardtable.ui.table.game_over", "cardtable.ui.scoresheet", "cardtable.ui.table.free_space",
    "cardtable.ui.table.sentences", "cardtable.ui.table.panels", "cardtable.ui.table.handover",
    "cardtable.ui.table.hints", "cardtable.ui.table.fit_text", "cardtable.ui.table.last_trick",
    "cardtable.ui.table.messages", "cardtable.ui.table.narrator", "cardtable.ui.table.panel_text",
    "cardtable.ui.table.view", "cardtable.ui.table.opening", "cardtable.ui.table.pace", "cardtable.ui.table.painting",
    "cardtable.ui.table.position", "cardtable.ui.table.safe_play", "cardtable.ui.table.scene_parts",
    "cardtable.ui.table.status_line", "cardtable.ui.table.tempo", "cardtable.ui.table.seat_notes",
    "cardtable.ui.table.words", "cardtable.ui.table.scene",
)

log = logging.getLogger("cardtable")


class Preload:
    """The modules of `MODULES` not imported yet, imported a few a frame."""

    def __init__(self, modules: tuple[str, ...] = MODULES) -> None:
        self.left = [name for name in modules if name not in sys.modules]

    @property
    def done(self) -> bool:
        while self.left and self.left[0] in sys.modules:  # imported meanwhile (with another module)
            self.left.pop(0)
        return not self.left

    def run(self, clock: Callable[[], float], budget: float = FRAME_BUDGET) -> None:
        """Import modules until this frame's `budget` (seconds on `clock`) is spent, one at least."""
        deadline = clock() + budget
        while not self.done:
            name = self.left.pop(0)
            try:
                importlib.import_module(name)
            except ImportError:  # gone or renamed: the table imports what it needs itself
                log.warning("a module to import ahead of the table is missing: %s", name)
            if clock() >= deadline:
                return


def settle_memory() -> None:
    """Once the app's modules are all imported: set everything alive now (modules, classes, the theme, the menu's
    fonts) aside from the garbage collector, so that its full passes during play look only at what a table makes;
    a full pass over the whole app took some 80 ms of one frame.  Done once; what is set aside lives as long as the
    app anyway."""
    global _settled
    if not _settled:
        _settled = True
        gc.freeze()


_settled = False


def import_steps() -> list[Callable[[], object]]:
    """A step for each module of `MODULES` not imported yet (a table opened before the menu imported them all)."""
    return [partial(importlib.import_module, name) for name in Preload().left]
