"""The person's hint: the game's own, or what its normal bot would play, or its solver's winning line; and the cards
to light for it, for a few seconds.

With a solver the hint never waits for it: the next step of a winning line the table knows comes at once; else
the game's own hint comes at once, saying the solver is still looking, and stays lit until the solver's answer
replaces it (its winning line's first step) or confirms it (no line found in time)."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.bots import make_bot
from cardtable.core.layout import Rect, Spot, Zone
from cardtable.core.words import N_
from cardtable.games.plugin import GamePlugin, Hint, Verdict
from cardtable.ui import theme
from cardtable.ui.table.analysis import LOOKING_TEXT
from cardtable.ui.table.gestures import find_click, find_drag, find_selection
from cardtable.ui.table.input import target_area

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene

Mark = tuple[Rect, theme.Colour]
SHOWN_SECONDS = 2.5  # how long a hint's marks stay lit
PULSE_SECONDS = 0.8  # one beat of the hint frame's pulse
DASH = 9  # the hint frame's dash and gap, in pixels (at the reference scale)
LOOKING_SUFFIX = " \u00b7 looking for a winning line\u2026"


class TableHints:
    """The hints of one table: what was last hinted, and its marks while they are lit."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.marks: list[Mark] = []
        self.time_left = 0.0
        self.shown: Hint | None = None  # the last hint given
        self._said = ""  # the message of the hint that waits for the solver

    def request(self) -> None:
        """The person asks (H): the next step of a winning line the table knows; else the game's hint at once and,
        where the game has a solver, its winning line a moment later (see `cardtable.ui.table.analysis`)."""
        scene = self.scene
        if not scene.human_turn:
            return
        known = scene.analysis.known_step()
        if known is not None:
            self.show(known)
        elif scene.analysis.ask_hint():
            self.usual(looking=True)
        else:
            self.usual()

    def usual(self, looking: bool = False) -> None:
        """The game's own hint (or its normal bot's move); `looking`: said as the solver's answer is awaited."""
        scene = self.scene
        hint = hint_for(scene.match.game, scene.state, scene.match.seed + len(scene.match.log))
        if hint is None:
            scene.say(LOOKING_TEXT if looking else "No useful move: undo, or start a new game.")
        else:
            self.show(hint, LOOKING_SUFFIX if looking else "")
        self._said = scene.messages.text if looking else ""

    def solved(self, verdict: Verdict) -> None:
        """The solver's answer to the hint: its winning line's first step, or the game's own hint."""
        self._said = ""
        if verdict.outcome == "won" and verdict.hint is not None:
            self.show(verdict.hint)
        else:
            self.usual()

    @property
    def waiting(self) -> bool:
        """A hint is shown while the solver still looks for a winning line."""
        return bool(self._said) and self.scene.analysis.hint_pending

    def show(self, hint: Hint, suffix: str = "") -> None:
        """Say `hint` and light its gesture."""
        self.shown, self._said = hint, ""
        self.scene.say(f"Hint: {self.scene.narrator.hint(hint)}{suffix}")
        self.marks = hint_marks(self.scene, hint)
        self.time_left = SHOWN_SECONDS

    def clear(self) -> None:
        self.marks = []
        self._said = ""

    @property
    def lit(self) -> Hint | None:
        """The hint whose marks are lit now, or None."""
        return self.shown if self.marks else None

    def draw(self, surface: pygame.Surface) -> None:
        """Each mark as a dashed orange frame that pulses, so a hint never passes for a selection (green, solid)
        or a target (blue, solid): thicker round the cards to move, thinner round where they go."""
        if not self.marks:
            return
        scale = self.scene.ui_scale
        beat = 0.5 + 0.5 * math.cos(2 * math.pi * (SHOWN_SECONDS - self.time_left) / PULSE_SECONDS)
        colour = tuple(int(c * (0.65 + 0.35 * beat)) for c in theme.HINT)
        for rect, kind in self.marks:
            width = max(2, round((4 if kind == theme.PICKED else 3) * scale))
            gap = width + 1 + round(2 * beat)
            frame = pygame.Rect(rect).inflate(2 * gap, 2 * gap)
            dashed_frame(surface, frame, colour, width, max(4, round(DASH * scale)))

    def update(self, dt: float) -> None:
        if self.waiting:  # said and lit until the solver answers
            self.scene.messages.keep(self._said)
            return
        if self.time_left > 0:
            self.time_left -= dt
            if self.time_left <= 0:
                self.marks = []


def hint_for(game: GamePlugin, state: Any, seed: int) -> Hint | None:
    """The game's hint; without one, the normal bot's choice for the seat to act (from what that seat may see)."""
    if game.hint is not None:
        return game.hint(state)
    seat = state.turn
    if seat is None:
        return None
    rng = random.Random(seed)
    action = make_bot(game, "normal", seed=seed).choose(state.determinize(seat, rng), seat)
    return Hint(action, why=N_("what a steady player would do here"))


def dashed_frame(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...], width: int, dash: int) -> None:
    """A frame of dashes `dash` long (with gaps as long) round `rect`, `width` thick, inside it."""
    x0, y0, x1, y1 = rect.left, rect.top, rect.right - width, rect.bottom - width
    for x in range(x0, x1 + 1, 2 * dash):
        length = min(dash, x1 + width - x)
        surface.fill(colour, (x, y0, length, width))
        surface.fill(colour, (x, y1, length, width))
    for y in range(y0, y1 + 1, 2 * dash):
        length = min(dash, y1 + width - y)
        surface.fill(colour, (x0, y, width, length))
        surface.fill(colour, (x1, y, width, length))


def seen_part(zone: Zone, spot: Spot) -> Rect:
    """The part of `spot` not hidden by the card laid over it next (a hand or pile fanned down or across): the
    frame of a hinted card goes round that card alone."""
    i = zone.spots.index(spot)
    x, y, w, h = spot.rect
    if i + 1 >= len(zone.spots):
        return spot.rect
    nx, ny, nw, nh = zone.spots[i + 1].rect
    if not (nx < x + w and x < nx + nw and ny < y + h and y < ny + nh):
        return spot.rect  # the next card lies apart
    if ny > y and nx <= x + w // 4:
        return (x, y, w, ny - y)
    if nx > x and ny <= y + h // 4:
        return (x, y, nx - x, h)
    return spot.rect


def hint_marks(scene: Any, hint: Hint) -> list[Mark]:
    """The gesture of the hinted move, lit: the cards to pick up in green, where they go in blue; or the card or
    place to click in green; or the cards to select together in green.  Nothing for a move made with a button."""
    view = scene.view()
    drag = find_drag(scene.layout, scene.game_layout, view, hint.action)
    if drag is not None:
        picked = [s.rect for s in drag.src.spots if s.index >= drag.index]
        if drag.src.kind != "fan":
            picked = [seen_part(drag.src, next(s for s in drag.src.spots if s.index == drag.index))]
        x0, y0 = min(r[0] for r in picked), min(r[1] for r in picked)
        x1, y1 = max(r[0] + r[2] for r in picked), max(r[1] + r[3] for r in picked)
        return [((x0, y0, x1 - x0, y1 - y0), theme.PICKED), (target_area(drag.dst, drag.target), theme.LEGAL)]
    click = find_click(scene.layout, scene.game_layout, view, scene.legal(), hint.action)
    if click is None:
        chosen = find_selection(scene.layout, hint.action)  # cards to select together (a pair): each in green
        if chosen is None:
            return []
        zone, indices = chosen
        return [(seen_part(zone, s), theme.PICKED) for s in zone.spots if s.index in indices]
    zone = click.zone
    if click.index is None:
        return [(zone.spots[-1].rect if zone.spots else zone.slot, theme.PICKED)]
    return [(seen_part(zone, next(s for s in zone.spots if s.index == click.index)), theme.PICKED)]
