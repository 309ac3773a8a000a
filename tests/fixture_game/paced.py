"""Pairs and Board with the table's pace hooks switched on, for the tests of those hooks only (the plain fixture game
the other tests load is unchanged).

What each hook does here is chosen by the test that builds the layout:

- `brisk`: the moves after the call are taken at the deal's pace (a bot without its beat);
- `answer_for`: the test's own `answer(view, legal, present)` (the move made for the person without asking);
- `early_actions`: while it is not their turn, the person may mark ahead each empty cell they hold a card for;
- `key_moment`: the call is a key moment of the game;
- `deal_summary`: a mark ends a "deal" here, and the table pauses after it;
- `score_sheet`: each seat's score, as the moment on screen has it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardtable.core.engine import Action, Event
from cardtable.core.layout import ScoreSheet, Summary, TableContext
from cardtable.games.plugin import GamePlugin
from tests.fixture_game import GAME
from tests.fixture_game.layout import PairsLayout
from tests.fixture_game.rules import Mark

Answer = Callable[[Mapping[str, Any], Sequence[Action], bool], Action | None]


class PacedLayout(PairsLayout):
    """The fixture's layout with the hooks the keyword arguments ask for (every one off by default)."""

    def __init__(self, *, brisk: bool = False, answer: Answer | None = None, early: bool = False,
                 key_call: bool = False, pause_after_mark: bool = False, sheet: bool = False) -> None:
        self.brisk_play, self.answer, self.early = brisk, answer, early
        self.key_call, self.pause_after_mark, self.sheet = key_call, pause_after_mark, sheet

    def score_sheet(self, view: Mapping[str, Any], ctx: TableContext) -> ScoreSheet | None:
        if not self.sheet:
            return None
        return ScoreSheet(("Player", "Score"), tuple((ctx.name(s), f"{view['scores'][s]:g}") for s in (0, 1)))

    def brisk(self, view: Mapping[str, Any]) -> bool:
        return self.brisk_play and view["called"] is not None

    def answer_for(self, view: Mapping[str, Any], legal: Sequence[Action], present: bool) -> Action | None:
        return self.answer(view, legal, present) if self.answer is not None else None

    def early_actions(self, view: Mapping[str, Any]) -> Sequence[Action]:
        me = view["seat"]
        if not self.early or me is None or view["called"] is None:
            return ()
        cells = {c.rank: c for c in reversed(view["hands"][me]) if c is not None and view["board"][c.rank - 1] is None}
        return [Mark(card, n) for n, card in sorted(cells.items())]

    def key_moment(self, event: Event) -> bool:
        return self.key_call and event.kind == "call"

    def deal_summary(self, before: Mapping[str, Any], events: Sequence[Event],
                     ctx: TableContext) -> tuple[int, Summary] | None:
        at = next((i for i, ev in enumerate(events) if ev.dst and ev.dst.startswith("cell")), None)
        if not self.pause_after_mark or at is None or any(ev.kind == "over" for ev in events):
            return None
        return at, Summary("A cell is marked", tuple(f"{ctx.name(s)}: {before['board'].count(s)} tokens before it"
                                                     for s in (0, 1)))


def paced(**hooks: Any) -> GamePlugin:
    """The fixture game with `PacedLayout(**hooks)`."""
    return dataclasses.replace(GAME, layout=PacedLayout(**hooks))
