"""The generic table: draws a game's zones, turns gestures into actions, animates events.

Everything game-specific comes from the game's `layout.py` (zones, gesture -> action) and
the rules contract; this scene knows no game.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel
from pygame_gui.windows import UIConfirmationDialog

from cardtable import stats
from cardtable.bots.worker import warm_up
from cardtable.core.engine import Action, Event, IllegalAction
from cardtable.core.layout import (
    Choice,
    ChoicePanel,
    GameLayout,
    Gesture,
    Spot,
    TableContext,
    TableLayout,
    Zone,
    candidates,
)
from cardtable.core.wording import name_seats
from cardtable.resources import asset_path
from cardtable.session.match import Match, Seat
from cardtable.session.turns import Move, TimedOut, TurnDriver
from cardtable.storage import ANIMATION_SECONDS
from cardtable.ui.anim import Animator, Flight, Rect
from cardtable.ui.celebration import Celebration
from cardtable.ui.scoresheet import open_score_window
from cardtable.ui.window import App, Scene

BLUE = (70, 150, 255)
GREEN = (60, 220, 100)
GOLD = (240, 200, 80)
DRAG_THRESHOLD = 5
MESSAGE_SECONDS = 4.0
HINT_SECONDS = 2.5
DOUBLE_CLICK_SECONDS = 0.4
SLOTTED = ("stack", "fan", "spread")  # zones that show an empty place for cards ("pile" does not)
MESSAGE_QUEUE = 3  # announcements waiting at most; older ones are dropped
MESSAGE_MIN_SECONDS = 1.3  # an announcement stays at least this long when others wait
TOOLBAR_H = 52  # the buttons along the top
STATUS_H = 34  # the status bar along the bottom (and a margin above it)
NORMAL_SECONDS = ANIMATION_SECONDS["normal"]  # the speed `Event.hold` is given at


def spot_key(zone: Zone, spot: Spot) -> Hashable:
    """Cards are followed by identity; an unknown face-down card by its place."""
    return spot.card if spot.card is not None else ("hidden", zone.id, spot.index)


def _overlap(a: Rect, b: Rect) -> int:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0


@dataclass
class Drag:
    """A press on a card that may become a drag."""

    zone: str
    index: int | None
    press: tuple[int, int]
    spots: list[Spot]  # the cards that move with the pointer (empty for clicks on empty zones)
    pickable: bool
    dragging: bool = False
    offset: tuple[int, int] = (0, 0)
    targets: dict[str, Action] | None = None

    def rects(self, pos: tuple[int, int]) -> list[Rect]:
        dx, dy = pos[0] - self.press[0], pos[1] - self.press[1]
        return [(s.rect[0] + dx, s.rect[1] + dy, s.rect[2], s.rect[3]) for s in self.spots]


class TableScene(Scene):
    """One match on the table."""

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.game_layout: GameLayout = match.game.layout
        self.hint_fn = match.game.hint
        self.animator = Animator()
        self.drag: Drag | None = None
        self.pointer = (0, 0)
        self.clock = 0.0  # seconds since the scene opened (for double clicks)
        self.last_click: tuple[float, tuple[int, int]] | None = None
        self.message = ""
        self.message_error = False
        self.message_time = 0.0
        self.message_queue: list[str] = []
        self.hint_marks: list[tuple[Rect, tuple[int, int, int]]] = []
        self.hint_time = 0.0
        self.celebration: Celebration | None = None
        self.result_panel: UIPanel | None = None
        self.confirm: UIConfirmationDialog | None = None
        self.pending_confirm: Action | None = None
        self.buttons: dict[str, UIButton] = {}
        self.action_buttons: dict[str, Action] = {}
        self.choice_panel: UIPanel | None = None
        self.chooser: UIPanel | None = None  # several actions for one gesture: pick one
        self.sheet = None
        self.sheet_window = None
        self.stages: list[tuple[list[Event], float]] = []  # events still to animate after a held picture, and
        # how long that picture is held
        self.stage_wait = 0.0
        self.driver = self._make_driver()
        self.viewer: int | None = self.humans[0] if self.humans else None
        if self.driver.bots:
            warm_up()  # the bots' worker process starts while the deal is dealt
        self.curtain_for: int | None = None
        self.game_over_handled = match.state.is_over()
        self.font = pygame.font.Font(str(asset_path("fonts", "DejaVuSans.ttf")), 16)
        self.bold = pygame.font.Font(str(asset_path("fonts", "DejaVuSans-Bold.ttf")), 17)
        self.big = pygame.font.Font(str(asset_path("fonts", "DejaVuSans-Bold.ttf")), 44)  # the curtain's title
        self._check_curtain()  # first: nothing (hand, bid panel) is built for a seat behind the curtain
        self.layout = self._build_layout()
        self._build_buttons()
        if not match.log and not match.state.is_over():
            self._animate_deal()
        if match.state.is_over():
            self.game_over_handled = False
            self._on_game_over(celebrate=False)

    # ----- derived ---------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    def view(self) -> dict[str, Any]:
        """What the seat at the screen may see.

        While the pass-and-play curtain is up nobody is at the screen: the public view (no hand face up)."""
        return self.state.view(None if self.curtain_for is not None else self.viewer)

    def context(self) -> TableContext:
        """The free area of the window and the players' names, for the layout."""
        w, h = self.app.size
        return TableContext(w, h, (0, TOOLBAR_H, w, h - TOOLBAR_H - STATUS_H),
                            tuple(seat.name for seat in self.match.seats),
                            None if self.curtain_for is not None else self.viewer)

    def _build_layout(self, view: dict[str, Any] | None = None) -> TableLayout:
        return self.game_layout.build(self.view() if view is None else view, self.context())

    def _make_driver(self) -> TurnDriver:
        return TurnDriver(self.match, self.app.settings.bot_delay)

    @property
    def humans(self) -> list[int]:
        """The seats where a person sits now."""
        return self.driver.people

    @property
    def people(self) -> list[int]:
        """Seats where a person sits, or sat until a bot took over: whose games count in the statistics."""
        return [i for i, s in enumerate(self.match.seats) if s.is_person]

    @property
    def human_turn(self) -> bool:
        turn = self.state.turn
        return turn is not None and self.match.seats[turn].is_human and self.curtain_for is None

    @property
    def animation_seconds(self) -> float:
        return ANIMATION_SECONDS.get(self.app.settings.animation_speed, 0.25)

    # ----- widgets ---------------------------------------------------------------------------
    def _build_buttons(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}
        self.action_buttons = {}
        x = 10
        for name, text, tip in (
            ("menu", "Menu", "Back to the menu (Esc); the game is kept"),
            ("new", "New", "Start a new game (N)"),
            ("undo", "Undo", "Take back your last move (Ctrl+Z)"),
            ("redo", "Redo", "Play the undone move again (Ctrl+Y)"),
            ("hint", "Hint", "Show a useful move (H)"),
        ):
            self.buttons[name] = UIButton(pygame.Rect(x, 8, 84, 36), text, self.ui, tool_tip_text=tip)
            x += 92
        view = self.view()
        self.sheet = self.game_layout.score_sheet(view, self.context())
        if self.sheet is not None:
            self.buttons["scores"] = UIButton(pygame.Rect(x, 8, 84, 36), "Scores", self.ui,
                                              tool_tip_text="The score sheet: each round's bids, tricks, points (S)")
        if self.choice_panel is not None:
            self.choice_panel.kill()
            self.choice_panel = None
        if self.chooser is not None:
            self.chooser.kill()
            self.chooser = None
        right = self.app.size[0] - 10
        if self.human_turn:
            legal = self.state.legal_actions()
            panel = self.game_layout.choice_panel(view, legal, self.context())
            in_panel = set()
            if panel is not None:
                in_panel = {c.action for c in panel.choices if c.action is not None}
                self.choice_panel = self._build_choice_panel(panel)
            for action in reversed(legal):
                if not self.game_layout.is_button(action) or action in in_panel:
                    continue
                text = action.describe()
                width = max(110, self.font.size(text)[0] + 30)
                right -= width
                name = f"action:{text}"
                self.buttons[name] = UIButton(pygame.Rect(right, 8, width, 36), text, self.ui)
                self.action_buttons[name] = action
                right -= 8
        self._refresh_button_states()

    def _build_choice_panel(self, panel: ChoicePanel, prefix: str = "choice", cancel: str = "") -> UIPanel:
        """A centred panel of choice buttons (bids...); disabled ones carry their reason.
        A choice labelled `cancel` with no action closes the panel instead of being disabled."""
        sw, sh = self.app.size
        per_row = max(1, min(len(panel.choices), (sw - 120) // 62))
        rows = (len(panel.choices) + per_row - 1) // per_row
        widths = [max(52, self.font.size(c.label)[0] + 24) for c in panel.choices]
        row_w = max(sum(widths[r * per_row:(r + 1) * per_row]) + 8 * (per_row - 1) for r in range(rows))
        # A long note (the reason a choice is disabled) wraps to the buttons' width rather than widen the panel
        # past the window or over the seats.
        notes = self._wrap(panel.note, min(sw - 68, max(row_w, 380))) if panel.note else []
        w = max(row_w + 40, self.font.size(panel.title)[0] + 40, 260,
                *(self.font.size(line)[0] + 40 for line in notes))
        h = 60 + rows * 50 + 28 * len(notes)
        centre = self.layout.choice_centre or (sw // 2, sh // 2)
        box = UIPanel(pygame.Rect(centre[0] - w // 2, centre[1] - h // 2, w, h), manager=self.ui)
        UILabel(pygame.Rect(16, 8, w - 32, 30), panel.title, self.ui, container=box, object_id="#heading")
        for i, choice in enumerate(panel.choices):
            r, k = divmod(i, per_row)
            row = widths[r * per_row:(r + 1) * per_row]
            x0 = (w - (sum(row) + 8 * (len(row) - 1))) // 2 - 3
            x = x0 + sum(row[:k]) + 8 * k
            name = f"{prefix}:{i}"
            button = UIButton(pygame.Rect(x, 46 + r * 50, widths[i], 42), choice.label, self.ui, container=box,
                              tool_tip_text=choice.reason or None,
                              object_id=f"#{choice.style}" if choice.style else None)
            self.buttons[name] = button
            if choice.action is not None:
                self.action_buttons[name] = choice.action
            elif not (cancel and choice.label == cancel):
                button.disable()
        for j, line in enumerate(notes):
            UILabel(pygame.Rect(16, h - 38 - 28 * (len(notes) - 1 - j), w - 32, 26), line, self.ui, container=box,
                    object_id="#muted")
        return box

    def _wrap(self, text: str, width: int) -> list[str]:
        """`text` in lines no wider than `width` pixels (a single long word stays whole)."""
        lines: list[str] = []
        for word in text.split():
            if lines and self.font.size(f"{lines[-1]} {word}")[0] <= width:
                lines[-1] += f" {word}"
            else:
                lines.append(word)
        return lines

    def open_score_sheet(self) -> None:
        """Show the score sheet in a window (also at the end of the game)."""
        sheet = self.game_layout.score_sheet(self.view(), self.context())
        if sheet is None:
            return
        if self.sheet_window is not None and self.sheet_window.alive():
            self.sheet_window.kill()
        self.sheet_window = open_score_window(self.ui, self.app.size, sheet, self.font, self.bold)

    def _refresh_button_states(self) -> None:
        idle = not self.state.is_over()
        toggles = {
            "undo": idle and self.match.can_undo(),
            "redo": idle and self.match.can_redo(),
            "hint": idle and self.human_turn and self.hint_fn is not None,
        }
        for name, enabled in toggles.items():
            if enabled:
                self.buttons[name].enable()
            else:
                self.buttons[name].disable()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.animator.clear()
        self.drag = None
        self.layout = self._build_layout()
        self._build_buttons()
        if self.result_panel is not None:
            self._show_result_panel()
        if self.celebration is not None:
            self.celebration = None
            self._show_result_panel()

    # ----- messages --------------------------------------------------------------------------
    def named(self, text: str) -> str:
        """Engines call seats "Seat N" (from 1); the table puts the players' names in
        (and speaks to a player called "You" in the second person: "You are skipped")."""
        return name_seats(text, [seat.name for seat in self.match.seats])

    def say(self, text: str, error: bool = False) -> None:
        """Show `text` now (an answer to what the person just did), in place of any announcement."""
        self.message, self.message_error = text, error
        self.message_time = MESSAGE_SECONDS
        self.message_queue.clear()

    def announce(self, text: str) -> None:
        """Show what happened at the table; announcements queue up so each one is seen for a moment."""
        if not self.message or self.message_time <= 0:
            self.say(text)
            return
        self.message_queue.append(text)
        del self.message_queue[:-MESSAGE_QUEUE]

    def announcements(self) -> list[str]:
        """The announcement on screen and those waiting."""
        return ([self.message] if self.message and self.message_time > 0 else []) + self.message_queue

    # ----- playing ---------------------------------------------------------------------------
    def play(self, action: Action, from_rects: dict[Hashable, Rect] | None = None, move: Move | None = None) -> bool:
        """Apply `action` through the match; on IllegalAction show the engine's reason.  `move`: the turn
        driver's, when a bot or the clock made it."""
        old_layout = self.layout
        old_view = self.view()
        seat = self.state.turn
        try:
            events = self.match.apply(action)
        except IllegalAction as exc:
            self.say(self.named(exc.reason), error=True)
            return False
        timed_out = self.driver.moved(move, seat)
        self.hint_marks = []
        self._finish_stages()
        held = next((i for i, e in enumerate(events) if e.hold > 0), None)
        mid = None
        if held is not None and self.animation_seconds > 0:
            mid = self.game_layout.held_view(old_view, events[:held + 1])
        if mid is not None:
            # Said now, while the held picture shows what they tell (who wins the trick, the round's end).
            self._announce(events)
            # Hold the picture after the held event (the full trick) for its beat; then the rest plays out.
            mid_layout = self._build_layout(mid)
            self.layout = mid_layout
            self._animate(old_layout, mid_layout, events[:held + 1], from_rects or {})
            self.stages.append((events[held + 1:], self._beat(events[held].hold)))
            old_layout, events, from_rects = mid_layout, [], {}
            self.stage_wait = 0.0
        self._after_change(old_layout, events, from_rects or {})
        if timed_out is not None:
            self._say_timed_out(timed_out, action)
        elif move is not None and move.note:
            self.say(move.note, error=True)
        return True

    def _say_timed_out(self, timed_out: TimedOut, action: Action) -> None:
        name = self.match.seats[timed_out.seat].name
        if timed_out.handed_over:
            self._build_buttons()
            self.say(f"{name} timed out {timed_out.in_a_row} times in a row: a bot plays that seat now.")
        else:
            self.say(f"Time is up: {action.describe()} was played for {name}.")

    def _announce(self, events: list[Event]) -> None:
        for ev in events:
            if ev.text and ev.kind not in ("win",):
                self.announce(self.named(ev.text))

    def _finish_stages(self) -> None:
        """Skip any held in-between picture: jump to the real state."""
        if self.stages:
            self.stages.clear()
            self.animator.clear()
            self.layout = self._build_layout()

    def _beat(self, hold: float) -> float:
        """An event's hold (given at normal speed) at the chosen animation speed."""
        return hold * self.animation_seconds / NORMAL_SECONDS

    def _run_stages(self, dt: float) -> None:
        if not self.stages or self.animator.busy:
            return
        self.stage_wait += dt
        events, pause = self.stages[0]
        if self.stage_wait < pause:
            return
        self.stages.pop(0)
        self.stage_wait = 0.0
        old = self.layout
        self.layout = self._build_layout()
        self._animate(old, self.layout, events, {})

    def _after_change(self, old: TableLayout, events: list[Event], from_rects: dict[Hashable, Rect]) -> None:
        self.turn_left = None
        self._check_curtain()
        if not self.stages:
            self.layout = self._build_layout()
            self._animate(old, self.layout, events, from_rects)
        self._build_buttons()
        self._announce(events)
        if self.match.save_error:
            self.say(self.match.save_error, error=True)
        if self.state.is_over() and not self.game_over_handled:
            self._on_game_over(celebrate=True)

    def _animate(
        self, old: TableLayout, new: TableLayout, events: list[Event], from_rects: dict[Hashable, Rect]
    ) -> None:
        duration = self.animation_seconds
        if duration <= 0:
            self.animator.clear()
            return
        before: dict[Hashable, tuple[Rect, bool]] = {}
        for zone in old.zones:
            for spot in zone.spots:
                before[spot_key(zone, spot)] = (spot.rect, spot.face_up)
        for key, rect in from_rects.items():
            if key in before:
                before[key] = (rect, before[key][1])
        after: dict[Hashable, tuple[Zone, Spot]] = {}
        for zone in new.zones:
            for spot in zone.spots:
                after[spot_key(zone, spot)] = (zone, spot)

        handled: set[Hashable] = set()
        deals: list[tuple[Event, float]] = []
        move_events = [e for e in events if e.cards and e.src and e.dst]
        sequence_gap = duration * 0.45 if len(move_events) > 1 else 0.0
        delay = 0.0
        for ev in events:
            if ev.cards and ev.src and ev.dst:
                hidden_slots = self._hidden_spots(new, ev.dst)
                for j, card in enumerate(ev.cards):
                    if card in after:
                        zone, spot = after[card]
                    elif hidden_slots:
                        zone, spot = hidden_slots.pop()
                    else:
                        continue
                    key = spot_key(zone, spot)
                    if card in before:
                        start, start_up = before[card]
                    else:
                        start, start_up = self._zone_top(old, ev.src), False
                    self.animator.add(Flight(key, spot.card if spot.face_up else None, start, spot.rect,
                                             start_up, spot.face_up, duration, delay + 0.04 * j))
                    handled.add(key)
                delay += sequence_gap
            elif ev.kind == "flip":
                for card in ev.cards:
                    if card in after:
                        zone, spot = after[card]
                        self.animator.add(Flight(card, card, spot.rect, spot.rect, False, True,
                                                 duration * 0.8, delay + duration * 0.5))
                        handled.add(card)
            elif ev.kind in ("deal", "draw") and ev.dst:
                deals.append((ev, delay))
            delay += self._beat(ev.hold)  # the engine's beat: what follows waits
        # Dealt cards leave the source one at a time, round the table, like a real deal.
        gap = duration * 0.15
        for k, (ev, base) in enumerate(deals):
            try:
                zone = new.zone(ev.dst or "")
            except KeyError:
                continue
            start = self._zone_top(old, ev.src)
            for j, spot in enumerate(zone.spots):
                key = spot_key(zone, spot)
                if key in handled or key in before:
                    continue
                self.animator.add(Flight(key, spot.card, start, spot.rect, False, spot.face_up, duration,
                                         base + (j * len(deals) + k) * gap))
                handled.add(key)
        # Anything else that moved (a fan closing up, an undo) slides to its new place.
        for key, (_zone, spot) in after.items():
            if key in handled or key not in before:
                continue
            start, start_up = before[key]
            if start != spot.rect or start_up != spot.face_up:
                self.animator.add(Flight(key, spot.card, start, spot.rect, start_up, spot.face_up, duration * 0.7))

    def _animate_deal(self) -> None:
        """Cards fly from the layout's `deal_from` zone to their places, round by round, then turn up."""
        source = self.layout.deal_from
        duration = self.animation_seconds
        if source is None or duration <= 0:
            return
        origin = self._zone_top(self.layout, source)
        dealt = [(spot.index, n, zone, spot) for n, zone in enumerate(self.layout.zones) if zone.id != source
                 for spot in zone.spots]
        dealt.sort(key=lambda t: (t[0], t[1]))
        gap = duration * 0.18
        for k, (_, _, zone, spot) in enumerate(dealt):
            self.animator.add(Flight(spot_key(zone, spot), spot.card, origin, spot.rect, False, spot.face_up,
                                     duration, k * gap))

    @staticmethod
    def _hidden_spots(layout: TableLayout, zone_id: str | None) -> list[tuple[Zone, Spot]]:
        try:
            zone = layout.zone(zone_id or "")
        except KeyError:
            return []
        return [(zone, s) for s in zone.spots if s.card is None]

    @staticmethod
    def _zone_top(layout: TableLayout, zone_id: str | None) -> Rect:
        try:
            zone = layout.zone(zone_id or "")
        except KeyError:
            return (0, 0, *layout.card_size)
        return zone.spots[-1].rect if zone.spots else zone.slot

    def undo(self) -> None:
        self._finish_stages()
        old = self.layout
        refused = self.driver.undo_refused(self.viewer)
        if refused:
            self.say(refused, error=True)
            return
        if self.match.undo():
            self.driver.cancel()
            self.hint_marks = []
            self._after_change(old, [], {})
        else:
            self.say("Nothing to undo.")

    def redo(self) -> None:
        self._finish_stages()
        old = self.layout
        if self.match.redo():
            self.hint_marks = []
            self._after_change(old, [], {})
        else:
            self.say("Nothing to redo.")

    def show_hint(self) -> None:
        if self.hint_fn is None or not self.human_turn:
            return
        action = self.hint_fn(self.state)
        if action is None:
            self.say("No useful move: undo, or start a new game.")
            return
        self.say(f"Hint: {action.describe()}")
        self.hint_marks = []
        for zone_id, colour in ((getattr(action, "src", None), GREEN), (getattr(action, "dst", None), BLUE)):
            if zone_id is None:
                continue
            rect = self._hint_rect(zone_id, getattr(action, "count", 1) if colour == GREEN else 1)
            if rect:
                self.hint_marks.append((rect, colour))
        if not self.hint_marks:  # e.g. "deal from the stock": light the zone clicked for it
            for zone in self.layout.zones:
                if self.game_layout.click_action(self.view(), [action], zone.id, None) == action:
                    self.hint_marks.append((self._zone_top(self.layout, zone.id), GREEN))
                    break
        self.hint_time = HINT_SECONDS

    def _hint_rect(self, zone_id: str, count: int) -> Rect | None:
        try:
            zone = self.layout.zone(zone_id)
        except KeyError:
            return None
        if not zone.spots:
            return zone.slot
        return zone.spots[max(0, len(zone.spots) - count)].rect

    def new_game(self) -> None:
        m = self.match
        if not m.state.is_over() and m.log:
            stats.record(m.game_id, won=False, seconds=m.elapsed, score=None)
        seats = [Seat("human", s.name) if s.handed_over else s for s in m.seats]  # the person is back
        fresh = Match(m.game, seats, m.options, saver=m.saver)
        fresh.autosave()
        self.app.show(TableScene(self.app, fresh))

    def to_menu(self) -> None:
        from cardtable.ui.menu import MenuScene

        self.app.show(MenuScene(self.app))

    def on_exit(self) -> None:
        self.driver.cancel()
        if not self.match.state.is_over() and self.match.log:
            self.match.autosave()

    # ----- game over -------------------------------------------------------------------------
    def _on_game_over(self, celebrate: bool) -> None:
        self.game_over_handled = True
        result = self.state.result()
        human_won = any(w in self.humans for w in result.winners)
        people = self.people
        if celebrate and people:  # a seat handed to a bot still counts for the person who sat there
            score = result.scores[people[0]]
            stats.record(self.match.game_id, won=any(w in people for w in result.winners),
                         seconds=self.match.elapsed, score=int(score) if float(score).is_integer() else None)
        if celebrate and human_won and self.animation_seconds > 0:
            self._start_celebration()
        else:
            self._show_result_panel()

    def _start_celebration(self) -> None:
        launches = []
        cw, ch = self.layout.card_size
        zones = [z for z in self.layout.zones if z.spots and z.spots[-1].card is not None]
        # Top cards first, round-robin over the piles, as the classic cascade does.
        columns = [list(z.spots) for z in zones]
        while any(columns):
            for col in columns:
                if col:
                    spot = col.pop()
                    launches.append((spot.card, self.app.art.face(spot.card, (cw, ch)), (spot.rect[0], spot.rect[1])))
        self.celebration = Celebration(self.app.size, launches, seed=self.match.seed)

    def _show_result_panel(self) -> None:
        if self.result_panel is not None:
            self.result_panel.kill()
        result = self.state.result()
        seats = self.match.seats
        won = any(x in self.humans for x in result.winners)
        if len(seats) == 1:
            title = "You won!" if won else "Game over"
        elif len(self.humans) == 1:
            title = "You won!" if won else f"{', '.join(seats[w].name for w in result.winners)} won"
        else:
            title = f"{' and '.join(seats[w].name for w in result.winners) or 'Nobody'} won"
        lines = [self.named(result.summary)]
        if len(seats) > 1:
            order = sorted(range(len(seats)), key=lambda i: -result.scores[i])
            star = "\u2605 "
            lines += [f"{star if i in result.winners else ''}{seats[i].name}: {result.scores[i]:g}" for i in order]
        lines.append(f"Time {stats.format_time(self.match.elapsed)}")
        if self.people:
            lines += stats.load(self.match.game_id).lines()
        w = max(460, max(self.font.size(line)[0] for line in lines) + 60)
        h = 140 + 30 * len(lines)
        sw, sh = self.app.size
        h = min(h, sh - 20)
        panel = UIPanel(pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h), manager=self.ui)
        UILabel(pygame.Rect(20, 14, w - 40, 40), title, self.ui, container=panel, object_id="#heading")
        for i, line in enumerate(lines):
            UILabel(pygame.Rect(20, 60 + i * 30, w - 40, 28), line, self.ui, container=panel)
        names = [("result_new", "New game"), ("result_menu", "Menu")]
        if self.game_layout.score_sheet(self.view(), self.context()) is not None:
            names.insert(1, ("result_scores", "Score sheet"))
        bw = (w - 40 - 16 * (len(names) - 1)) // len(names)
        for k, (name, text) in enumerate(names):
            self.buttons[name] = UIButton(pygame.Rect(20 + k * (bw + 16), h - 62, bw, 40), text, self.ui,
                                          container=panel)
        self.result_panel = panel

    # ----- pass-and-play and bots -----------------------------------------------------------
    def _check_curtain(self) -> None:
        turn = self.state.turn
        if turn is None or len(self.humans) < 2:
            if turn is not None and self.match.seats[turn].is_human:
                self.viewer = turn
            return
        if self.match.seats[turn].is_human and turn != self.viewer:
            self.curtain_for = turn

    def lift_curtain(self) -> None:
        if self.curtain_for is not None:
            self.viewer = self.curtain_for
            self.curtain_for = None
            self.layout = self._build_layout()
            self.animator.clear()
            self._build_buttons()

    def _run_driver(self, dt: float) -> None:
        """Bots and turn timers: the driver says when a move is due; it is played like a person's."""
        ready = not self.animator.busy and not self.stages and self.curtain_for is None and self.confirm is None
        timer = None
        if self.human_turn:
            timer = self.game_layout.timer(self.view(), self.state.legal_actions())
        self.driver.bot_delay = self.app.settings.bot_delay  # the setting may change during the game
        move = self.driver.update(dt, ready, timer)
        if move is not None:
            self.play(move.action, move=move)

    # ----- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
        elif event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            action, self.pending_confirm, self.confirm = self.pending_confirm, None, None
            if action is not None:
                self.play(action)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self._release(event.pos)

    def _button(self, element: Any) -> None:
        name = next((n for n, b in self.buttons.items() if b is element), None)
        if name is None:
            return
        if name == "menu" or name == "result_menu":
            self.to_menu()
        elif name == "new" or name == "result_new":
            self.new_game()
        elif name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name == "hint":
            self.show_hint()
        elif name in ("scores", "result_scores"):
            self.open_score_sheet()
        elif name.startswith("pick:") and name not in self.action_buttons:
            self.close_chooser()
        elif name in self.action_buttons and self.human_turn:
            action = self.action_buttons[name]
            question = self.game_layout.confirm_text(action)
            if question:
                self.pending_confirm = action
                w, h = 400, 170
                sw, sh = self.app.size
                self.confirm = UIConfirmationDialog(pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h), question,
                                                    self.ui, window_title="Are you sure?")
            else:
                self.play(action)

    def _key(self, event: pygame.event.Event) -> None:
        if self.confirm is not None and self.confirm.alive():  # a question is open: keys wait for the answer
            if event.key == pygame.K_ESCAPE:
                self.confirm.kill()
                self.confirm = self.pending_confirm = None
            return
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key == pygame.K_z and ctrl and event.mod & pygame.KMOD_SHIFT:
            self.redo()
        elif event.key == pygame.K_z and ctrl:
            self.undo()
        elif event.key == pygame.K_y and ctrl:
            self.redo()
        elif event.key == pygame.K_h and not ctrl:
            self.show_hint()
        elif event.key == pygame.K_s and not ctrl and self.sheet is not None:
            self.open_score_sheet()
        elif event.key == pygame.K_n and not ctrl:
            self.new_game()
        elif event.key == pygame.K_ESCAPE:
            if self.drag is not None:
                self._cancel_drag()
            elif self.chooser is not None:  # Esc closes an open chooser, as Cancel does
                self.close_chooser()
            else:
                self.to_menu()
        elif event.key in (pygame.K_RETURN, pygame.K_SPACE) and self.curtain_for is not None:
            self.lift_curtain()

    def hit(self, pos: tuple[int, int]) -> tuple[str, int | None] | None:
        """The zone and card under `pos` (topmost first); index None for an empty slot."""
        for zone in reversed(self.layout.zones):
            for spot in reversed(zone.spots):
                if pygame.Rect(spot.rect).collidepoint(pos):
                    return zone.id, spot.index
        for zone in reversed(self.layout.zones):
            if pygame.Rect(zone.slot).collidepoint(pos):
                return zone.id, None
        return None

    def _press(self, pos: tuple[int, int]) -> None:
        self.pointer = pos
        if self.curtain_for is not None:
            self.lift_curtain()
            return
        if self.celebration is not None:
            self.celebration = None
            self._show_result_panel()
            return
        if not self.human_turn or self.result_panel is not None:
            return
        if self.animator.busy or self.stages:
            self._finish_stages()
            self._finish_animations()
        found = self.hit(pos)
        if found is None:
            return
        zone_id, index = found
        view = self.view()
        zone = self.layout.zone(zone_id)
        pickable = index is not None and self.game_layout.can_pick(view, zone_id, index)
        spots = [s for s in zone.spots if index is not None and s.index >= index] if pickable else []
        if zone.kind != "fan" and pickable:
            spots = spots[:1] if zone.kind in ("stack", "pile", "hand") else spots
        self.drag = Drag(zone_id, index, pos, spots, pickable)

    def _motion(self, pos: tuple[int, int]) -> None:
        self.pointer = pos
        d = self.drag
        if d is None or d.dragging:
            return
        if abs(pos[0] - d.press[0]) > DRAG_THRESHOLD or abs(pos[1] - d.press[1]) > DRAG_THRESHOLD:
            d.dragging = True  # a press that travels is never a click, even on something that cannot move
            d.targets = self._targets(d) if d.pickable else {}

    def _targets(self, d: Drag) -> dict[str, list[Action]]:
        view = self.view()
        legal = self.state.legal_actions()
        out = {}
        for zone in self.layout.zones:
            ok = [a for a in candidates(self.game_layout.drop_action(view, d.zone, d.index or 0, zone.id))
                  if a in legal]
            if ok:
                out[zone.id] = ok
        return out

    def perform(self, gesture: Gesture, from_rects: dict[Hashable, Rect] | None = None) -> bool:
        """Play what a gesture means: one legal action at once, a chooser when several match,
        and the engine's reason when none is legal.  True if an action was played."""
        options = candidates(gesture)
        if not options:
            return False
        legal = self.state.legal_actions()
        ok = [a for a in options if a in legal]
        if len(ok) == 1:
            return self.play(ok[0], from_rects)
        if len(ok) > 1:
            self.open_chooser(ok)
            return False
        return self.play(options[0], from_rects)

    def open_chooser(self, actions: list[Action]) -> None:
        """A small panel to pick one of several actions a gesture could mean (e.g. a wild card's colour)."""
        self.close_chooser()
        panel = self.game_layout.chooser(actions)
        if panel is None:
            panel = ChoicePanel("Which one?", tuple(Choice(a.describe(), a) for a in actions))
        panel = ChoicePanel(panel.title, (*panel.choices, Choice("Cancel", None, "")), panel.note)
        self.chooser = self._build_choice_panel(panel, prefix="pick", cancel="Cancel")

    def close_chooser(self) -> None:
        if self.chooser is not None:
            self.chooser.kill()
            self.chooser = None
            for name in [n for n in self.buttons if n.startswith("pick:")]:
                self.buttons.pop(name)
                self.action_buttons.pop(name, None)

    def _release(self, pos: tuple[int, int]) -> None:
        d, self.drag = self.drag, None
        self.pointer = pos
        if d is None:
            return
        if not d.dragging:
            self._click(d)
            return
        if not d.pickable:
            return
        rects = d.rects(pos)
        head = rects[0]
        best: tuple[int, int, str] | None = None
        for zone in self.layout.zones:
            if zone.id == d.zone:
                continue
            area = _overlap(head, self._drop_area(zone))
            if area <= 0:
                continue
            legal_first = 1 if d.targets and zone.id in d.targets else 0
            candidate = (legal_first, area, zone.id)
            if best is None or candidate > best:
                best = candidate
        gesture: Gesture = None
        if best is not None:
            gesture = self.game_layout.drop_action(self.view(), d.zone, d.index or 0, best[2])
        from_rects = {spot_key(self.layout.zone(d.zone), s): r for s, r in zip(d.spots, rects, strict=True)}
        if not self.perform(gesture, from_rects):
            self._fly_home(d, rects)

    def _drop_area(self, zone: Zone) -> Rect:
        if zone.kind == "fan":
            return zone.bounds()
        return zone.spots[-1].rect if zone.spots else zone.slot

    def _fly_home(self, d: Drag, rects: list[Rect]) -> None:
        duration = self.animation_seconds
        zone = self.layout.zone(d.zone)
        for spot, rect in zip(d.spots, rects, strict=True):
            self.animator.add(Flight(spot_key(zone, spot), spot.card, rect, spot.rect, spot.face_up, spot.face_up,
                                     duration))

    def _cancel_drag(self) -> None:
        if self.drag is not None and self.drag.dragging:
            self._fly_home(self.drag, self.drag.rects(self.pointer))
        self.drag = None

    def _click(self, d: Drag) -> None:
        # The second click of a double click on a card just sent away is the same request, not a new one
        # (clicks on the stock and other unpickable things repeat freely).
        last = self.last_click
        self.last_click = (self.clock, d.press) if d.pickable else None
        if last is not None and self.clock - last[0] < DOUBLE_CLICK_SECONDS and \
                abs(last[1][0] - d.press[0]) <= DRAG_THRESHOLD and abs(last[1][1] - d.press[1]) <= DRAG_THRESHOLD:
            self.last_click = None
            return
        view = self.view()
        gesture = self.game_layout.click_action(view, self.state.legal_actions(), d.zone, d.index)
        if not candidates(gesture):
            if d.pickable:
                self.say("That card has nowhere to go.", error=True)
            return
        self.perform(gesture)

    def _finish_animations(self) -> None:
        self.animator.clear()

    # ----- frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.animator.update(dt)
        if self.message_time > 0:
            self.message_time -= dt
            if self.message_queue and self.message_time < MESSAGE_SECONDS - MESSAGE_MIN_SECONDS:
                self.message, self.message_error = self.message_queue.pop(0), False
                self.message_time = MESSAGE_SECONDS
        if self.hint_time > 0:
            self.hint_time -= dt
            if self.hint_time <= 0:
                self.hint_marks = []
        if not self.state.is_over() and self.curtain_for is None:
            self.match.elapsed += dt
        if self.celebration is not None:
            self.celebration.update(dt)
            if self.celebration.done:
                self.celebration = None
                self._show_result_panel()
        self._run_stages(dt)
        self._run_driver(dt)

    @property
    def settled(self) -> bool:
        """No animation, bot or celebration in progress (tests and the self-test wait for this)."""
        return (not self.animator.busy and not self.stages and self.celebration is None
                and not self.driver.busy)

    def draw(self, surface: pygame.Surface) -> None:
        art = self.app.art
        back = self.app.settings.card_back
        flying = self.animator.flying()
        if self.celebration is not None:
            flying |= self.celebration.launched
        dragged = {spot_key(self.layout.zone(self.drag.zone), s) for s in self.drag.spots} \
            if self.drag is not None and self.drag.dragging else set()
        for zone in self.layout.zones:
            if zone.kind == "seat":
                self._draw_seat(surface, zone)
                continue
            if zone.kind in SLOTTED:
                surface.blit(art.slot(zone.slot[2:], zone.label), zone.slot[:2])
            for spot in zone.spots:
                key = spot_key(zone, spot)
                if key in flying or key in dragged:
                    continue
                self._blit_card(surface, spot.card, spot.face_up, spot.rect, back)
                if spot.index in zone.playable and self.human_turn and self.drag is None:
                    self._outline(surface, spot.rect, BLUE)
        if self.drag is not None and self.drag.dragging:
            targets = self.drag.targets or {}
            for zone_id in targets:
                zone = self.layout.zone(zone_id)
                self._outline(surface, zone.spots[-1].rect if zone.spots else zone.slot, BLUE)
        for rect, colour in self.hint_marks:
            self._outline(surface, rect, colour)
        for flight in self.animator.ordered():
            rect, face_up, squash = flight.frame()
            if squash < 1.0:
                w = max(1, int(rect[2] * squash))
                rect = (rect[0] + (rect[2] - w) // 2, rect[1], w, rect[3])
            self._blit_card(surface, flight.card, face_up, rect, back,
                            exact=flight.start[2:] == flight.end[2:] and squash == 1.0)
        if self.drag is not None and self.drag.dragging and self.drag.spots:
            rects = self.drag.rects(self.pointer)
            self._outline(surface, rects[0], GREEN)
            for spot, rect in zip(self.drag.spots, rects, strict=True):
                self._blit_card(surface, spot.card, spot.face_up, rect, back)
        self._draw_status(surface)
        if self.celebration is not None:
            self.celebration.draw(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn above the widgets: the pass-and-play curtain."""
        if self.curtain_for is None:
            return
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((8, 30, 18, 250))
        surface.blit(shade, (0, 0))
        name = self.match.seats[self.curtain_for].name
        text = self.big.render(f"Pass to {name}", True, GOLD)
        sub = self.font.render("Click anywhere when only they can see the screen.", True, (230, 230, 220))
        cx, cy = surface.get_width() // 2, surface.get_height() // 2
        surface.blit(text, text.get_rect(center=(cx, cy - 20)))
        surface.blit(sub, sub.get_rect(center=(cx, cy + 30)))

    def _draw_seat(self, surface: pygame.Surface, zone: Zone) -> None:
        """A seat panel: name and figures; gold frame for the seat to act, a crown for the trick leader."""
        rect = pygame.Rect(zone.slot)
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        panel.fill((*zone.tint, 235) if zone.tint else (8, 36, 20, 200))
        surface.blit(panel, rect.topleft)
        current = "current" in zone.marks
        if zone.tint:  # dark ink on a light tint, light ink on a dark one
            r, g, b = zone.tint
            ink = (20, 20, 20) if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (255, 255, 255)
        pygame.draw.rect(surface, GOLD if current else (120, 140, 120), rect, 3 if current else 1, border_radius=8)
        y = rect.y + 6
        for i, line in enumerate(zone.lines):
            font = self.bold if i == 0 else self.font
            text = font.render(line, True, ink if zone.tint else GOLD if i == 0 else (235, 235, 225))
            if text.get_width() > rect.w - 12:
                text = pygame.transform.smoothscale(
                    text, (rect.w - 12, max(1, text.get_height() * (rect.w - 12) // text.get_width())))
            surface.blit(text, (rect.x + 8, y))
            y += text.get_height() + 2
        seat = zone.seat
        if seat is not None and seat == self.driver.thinking_seat:
            cue = self.font.render("thinking" + "." * (1 + int(self.clock * 3) % 3), True, (250, 240, 200))
            surface.blit(cue, (rect.right - cue.get_width() - 8, rect.bottom - cue.get_height() - 4))
        if "crown" in zone.marks:
            self._draw_crown(surface, (rect.centerx, rect.y - 4))
        if "dealer" in zone.marks:
            d = self.bold.render("D", True, (30, 30, 30))
            spot = pygame.Rect(0, 0, 22, 22)
            spot.topright = (rect.right - 6, rect.y + 6)
            pygame.draw.ellipse(surface, (240, 236, 222), spot)
            surface.blit(d, d.get_rect(center=spot.center))

    @staticmethod
    def _draw_crown(surface: pygame.Surface, bottom_centre: tuple[int, int]) -> None:
        x, y = bottom_centre
        points = [(x - 14, y), (x - 16, y - 16), (x - 7, y - 8), (x, y - 20), (x + 7, y - 8), (x + 16, y - 16),
                  (x + 14, y)]
        pygame.draw.polygon(surface, GOLD, points)
        pygame.draw.polygon(surface, (120, 90, 20), points, 1)

    def _blit_card(
        self, surface: pygame.Surface, card: Any, face_up: bool, rect: Rect, back: str, exact: bool = True
    ) -> None:
        """Draw a card; cards at rest use art cached at their size, cards in flight scale on the way."""
        size = (rect[2], rect[3])
        if exact or size == self.layout.card_size:
            image = self._card_image(card, face_up, size, back)
        else:
            image = pygame.transform.smoothscale(self._card_image(card, face_up, self.layout.card_size, back), size)
        surface.blit(image, rect[:2])

    def _card_image(self, card: Any, face_up: bool, size: tuple[int, int], back: str) -> pygame.Surface:
        if face_up and card is not None:
            return self.app.art.face(card, size)
        return self.app.art.back(back, size)

    def _outline(self, surface: pygame.Surface, rect: Rect, colour: tuple[int, int, int]) -> None:
        width = 3
        image = self.app.art.outline((rect[2], rect[3]), colour, width)
        surface.blit(image, (rect[0] - width, rect[1] - width))

    def status_text(self) -> str:
        """The status bar: whose turn it is (in multiplayer games) and the game's own status."""
        status = self.named(self.layout.status)
        turn = self.state.turn
        if turn is None or len(self.match.seats) < 2:
            return status
        if turn == self.driver.thinking_seat:
            return f"{self.match.seats[turn].name} is thinking\u2026 \u00b7 {status}"
        return status

    def _draw_status(self, surface: pygame.Surface) -> None:
        sw, sh = surface.get_size()
        bar = pygame.Rect(0, sh - 30, sw, 30)
        pygame.draw.rect(surface, (10, 48, 28), bar)
        pygame.draw.line(surface, (201, 167, 74), bar.topleft, bar.topright, 1)
        status = self.status_text()
        clock_text = stats.format_time(self.match.elapsed)
        left = self.driver.time_left
        if left is not None:
            clock_text = f"{int(left) + 1} s left \u00b7 " + clock_text
        clock = self.bold.render(clock_text, True, (255, 150, 120) if (left or 99) < 6 else GOLD)
        room = sw - clock.get_width() - 40
        if self.font.size(status)[0] > room:  # a narrow window: cut the text rather than overlap the clock
            while status and self.font.size(status + "\u2026")[0] > room:
                status = status[:-1]
            status += "\u2026"
        text = self.font.render(status, True, (235, 235, 225))
        surface.blit(text, (12, bar.y + (bar.h - text.get_height()) // 2))
        surface.blit(clock, (sw - clock.get_width() - 14, bar.y + (bar.h - clock.get_height()) // 2))
        if self.message_time > 0 and self.message and self.result_panel is None:
            colour = (255, 190, 180) if self.message_error else (250, 240, 200)
            msg = self.bold.render(self.message, True, colour)
            box = msg.get_rect(midbottom=self.layout.message_at or (sw // 2, bar.y - 10)).inflate(24, 12)
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            panel.fill((90, 20, 20, 215) if self.message_error else (10, 40, 24, 215))
            surface.blit(panel, box.topleft)
            pygame.draw.rect(surface, colour, box, 1, border_radius=6)
            surface.blit(msg, msg.get_rect(center=box.center))
