"""The generic table scene: one match, drawn from the game's layout, played with the mouse and the keys.

It wires the parts together: the match and its turn driver (bots, timers), the layout and the sprites, the
animations of each move's events, the pointer input, the widgets and the messages.  It knows no game: everything
game-specific comes from the game's plugin (its layout and hint) and the rules contract.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import Any

import pygame

from cardtable.core.cues import ILLEGAL
from cardtable.core.engine import Action, Event, IllegalAction
from cardtable.core.layout import (
    GameLayout,
    Gesture,
    Rect,
    TableContext,
    TableLayout,
    Zone,
    candidates,
)
from cardtable.session.match import Match
from cardtable.session.turns import Move, TurnDriver
from cardtable.storage import ANIMATION_SECONDS
from cardtable.ui.celebration import Celebration
from cardtable.ui.table.analysis import TableAnalysis
from cardtable.ui.table.animate import Animator, Choreography, deal_flights
from cardtable.ui.table.building import SceneBuild
from cardtable.ui.table.commands import event_received, greyed_pressed
from cardtable.ui.table.curtain import Curtain
from cardtable.ui.table.deals import TableDeals
from cardtable.ui.table.focus import TableFocus
from cardtable.ui.table.game_over import game_over
from cardtable.ui.table.handover import HandOver
from cardtable.ui.table.hints import TableHints
from cardtable.ui.table.input import TableInput
from cardtable.ui.table.last_trick import LastTrickView
from cardtable.ui.table.messages import Messages
from cardtable.ui.table.move_log import MoveLog
from cardtable.ui.table.narrator import TableNarrator
from cardtable.ui.table.opening import art_steps, opening_steps
from cardtable.ui.table.pace import next_change
from cardtable.ui.table.painting import draw_table
from cardtable.ui.table.panels import TablePanels
from cardtable.ui.table.position import Position
from cardtable.ui.table.safe_play import SafePlay
from cardtable.ui.table.scene_parts import SceneAliases, SceneMoment
from cardtable.ui.table.sentences import only_theirs, time_up
from cardtable.ui.table.sentences import timed_out as timed_out_words
from cardtable.ui.table.sprites import TableSprites
from cardtable.ui.table.status_line import StatusLine
from cardtable.ui.table.summary import DealSummaries
from cardtable.ui.table.tempo import TablePace
from cardtable.ui.table.view import (
    CardLook,
    table_context,
)
from cardtable.ui.table.words import TableWords
from cardtable.ui.theme import Fonts
from cardtable.ui.window import App, Scene

NORMAL_SECONDS = ANIMATION_SECONDS["normal"]  # the speed `Event.hold` is given at
AHEAD_BUDGET = 0.002  # seconds of a frame spent on drawing ahead what the next frames show


class TableScene(SceneAliases, SceneMoment, Scene):
    """One match on the table."""

    def __init__(self, app: App, match: Match, driver: TurnDriver | None = None) -> None:
        super().__init__(app)
        self.building = SceneBuild(app.work_clock, lambda: app.frame)  # what is left to make of the table
        self.match = match
        self.position = Position(match)  # the views and legal moves of the position, asked once
        self.game_layout: GameLayout = match.game.layout
        self.fonts = Fonts()
        self.font, self.bold = self.fonts.get(16), self.fonts.get(17, bold=True)
        self.sprites = TableSprites()
        self.choreography = Choreography(self, NORMAL_SECONDS, app.sounds.events)
        self.input = TableInput(self)
        self.safe_play = SafePlay(self)
        self.messages = Messages()
        self.panels = TablePanels(self)
        self.handover = HandOver(self)
        self.narrator = TableNarrator(self)  # the game's words, with the players' names
        self.deals = TableDeals(self)
        self.focus = TableFocus(self)
        self.analysis = TableAnalysis(self)
        self.status_line = StatusLine(self)
        self.clock = 0.0  # seconds since the scene opened (for double clicks and the thinking cue)
        self.hints = TableHints(self)
        self.summaries = DealSummaries(self)  # the pause between deals
        self.pace = TablePace(self)  # moves made for a person without asking, or chosen ahead
        self.move_log, self.last_trick = MoveLog(), LastTrickView(self)
        self.words = TableWords(self)  # the toasts, the log and the seats' notes, said when a move has landed
        self.celebration: Celebration | None = None
        self.result_due = False  # the result panel opens at the start of the next frame
        self.ahead: SceneBuild  # what the next frames will show, drawn ahead (`set_layout`)
        self.seats_shown = False  # while it is made: whether the seats' panels are all ready to show
        self.driver = driver or self._make_driver()  # a hosted game's comes with it
        self.viewer: int | None = self.humans[0] if self.humans else None
        if len(self.people) > 1 and match.log and not match.state.is_over():
            self.viewer = None  # a game opened again: nobody is known to be at the screen, so the curtain is up
        self.curtain_for: int | None = None
        self.curtain = Curtain(self)
        self.game_over_handled = match.state.is_over()
        self.curtain.check()  # first: nothing (hand, choice panel) is built for a seat behind the curtain
        self.set_layout(self.build_layout())
        self._moment = self.layout  # the layout the open score sheet was last made for
        self.building.add(*opening_steps(self))
        self.building.start()  # the next frames make it
        if match.log:  # a game opened again: what was said of its last moves, and what each seat did last
            self.words.recall()
        if not match.log and not match.state.is_over():  # (its sound: `opening_steps`)
            for flight in deal_flights(self.layout, self.animation_seconds):
                self.choreography.animator.add(flight)
        if match.state.is_over():  # a finished game; or a new one over before its first move: that one counts
            if match.save_due:
                match.autosave()  # kept for replay (`Match.kept_as`) before it is counted
            self.game_over_handled = False
            game_over(self, celebrate=not match.log)
        self.say(app.take_notices(), error=True)
        self.deals.start_search()
        if not self.deals.searching:
            self.analysis.position_changed()

    @property
    def ready(self) -> bool:
        """The table is made whole (see `SceneBuild`)."""
        return self.building.done

    def _make_driver(self) -> TurnDriver:
        return TurnDriver(self.match, self.app.settings.bot_delay)

    # ----- what the table shows ----------------------------------------------------------------------
    state = property(lambda self: self.match.state)

    def view(self) -> dict[str, Any]:
        """What the seat at the screen may see.

        While the pass-and-play curtain is up nobody is at the screen: the public view (no hand face up)."""
        return self.position.view(None if self.curtain_for is not None else self.viewer)

    def legal(self) -> list[Action]:
        """The legal moves of the position on the table."""
        return self.position.legal()

    def context(self) -> TableContext:
        """The free area of the window and the players' names, for the layout."""
        return table_context(self.app.size, self.handover.names(),
                             None if self.curtain_for is not None else self.viewer, self.ui_scale,
                             self.app.settings.card_size)

    def build_layout(self, view: dict[str, Any] | None = None) -> TableLayout:
        """The layout of what the seat at the screen sees now (or of `view`)."""
        view = self.view() if view is None else view
        layout = self.game_layout.build(view, self.context())
        layout.view = view
        return layout

    def drawn_at(self) -> dict[Hashable, tuple[Rect, bool]]:
        """Where each card is drawn now (where the next animation starts from)."""
        return self.sprites.rects()

    @property
    def animator(self) -> Animator:
        return self.choreography.animator

    @property
    def stages(self) -> list[tuple[list[Event], float, Any]]:
        return self.choreography.stages

    def set_layout(self, layout: TableLayout) -> None:
        """Show `layout`: every sprite follows it.  What it shows that is not drawn yet (a card's face turned up,
        where a message may go) is made over the next frames, before the cards flying there show it."""
        self.layout = layout
        self.sprites.retarget(layout, self.app.art.slot)
        self.ahead = SceneBuild(self.app.work_clock, lambda: self.app.frame, AHEAD_BUDGET)
        self.ahead.add(*art_steps(self, layout), partial(self.status_line.avoid, layout))

    def look(self) -> CardLook:
        return CardLook(self.app.art, self.app.settings.card_back, self.game_layout.face)

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
        return (turn is not None and self.match.seats[turn].is_human and self.curtain_for is None
                and not self.match.awaiting
                and not self.summaries.open and self.pace.answer() is None)

    # The table has not yet shown all of the last move (a held picture, cards still to land before their words are
    # said): the person's buttons and choices wait for it.
    behind = property(lambda self: self.words.showing_from is not None or bool(self.choreography.stages))

    @property
    def animation_seconds(self) -> float:
        return ANIMATION_SECONDS.get(self.app.settings.animation_speed, 0.25)

    @property
    def settled(self) -> bool:
        """No animation, bot, safe move or celebration in progress (tests and the self-test wait for this)."""
        return not (not self.ready or self.choreography.busy or self.celebration or self.driver.busy or self.result_due
                    or not self.panels.result_build.done or not self.panels.making.done
                    or self.safe_play.pending or self.summaries.open or self.summaries.due is not None)

    def hit(self, pos: tuple[int, int]) -> tuple[str, int | None] | None:
        return self.input.hit(pos)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.building.finish()  # (its images were made for the old size, but it is whole)
        self.finish_animations()  # held pictures were made for the old size
        self.input.forget()
        self.set_layout(self.build_layout())
        self.panels.build()
        self.summaries.build()
        if self.result_panel is not None or not self.panels.result_build.done:
            self.panels.show_result()
        if self.celebration is not None:
            self.end_celebration()

    # ----- messages ----------------------------------------------------------------------------------
    def say(self, text: str | None, error: bool = False) -> None:
        """Show `text` now (an answer to what the person just did), in place of any announcement; None: nothing."""
        if text:
            self.messages.say(text, error)

    def announce(self, text: str, moment: int | None = None) -> None:
        """Show what happened at the table after move number `moment` (default: the last one played); a newer
        move's news replaces an older move's, news of one move queues for a beat each."""
        self.messages.announce(text, len(self.match.log) if moment is None else moment)

    def announcements(self) -> list[str]:
        """The announcement on screen and those waiting."""
        return self.messages.all()

    # ----- playing -----------------------------------------------------------------------------------
    def play(self, action: Action, from_rects: dict[Hashable, Rect] | None = None, move: Move | None = None) -> bool:
        """Apply `action` through the match; on IllegalAction show the engine's reason.  `move`: the turn
        driver's, when a bot or the clock made it.  A person's action in a match decided elsewhere goes there; the
        table shows the answer when it comes (False now)."""
        if move is None and self.match.decided_elsewhere:
            self.finish_animations()
            self.match.propose(action)
            self.input.forget()
            self.panels.close_chooser()
            self.panels.build()
            return False
        old_layout = self.layout
        old_view = self.view()
        seat = self.state.turn
        brisk = self.pace.brisk()
        before = self.drawn_at()
        before.update({k: (r, before[k][1]) for k, r in (from_rects or {}).items() if k in before})
        try:
            events = self.match.apply(action)
        except IllegalAction as exc:
            self.say(self.narrator.refusal(exc), error=True)
            self.app.sounds.play(ILLEGAL)
            return False
        self.safe_play.played(seat, events)
        self.messages.clear_error()
        self.input.forget()  # what was selected, or offered, belonged to the old position
        self.panels.close_chooser()
        timed_out = self.driver.moved(move, seat)
        self.hints.clear()
        if not (brisk and self.choreography.under_way):  # at the deal's pace the cards in flight fly on
            self.choreography.finish()
        holds = self.held_pictures(old_view, events) if self.animation_seconds > 0 else []
        if self.humans:  # bots alone need no pause between deals
            self.summaries.played(old_view, events, holds)
        if holds:
            # Hold each picture after its held event (all the cards played) for its beat; then the rest plays out.
            # The words are said once the first picture is reached, while it shows what they tell (who took the
            # cards, the round's end).
            self.words.showing_from = old_layout
            self.choreography.hold(before, old_layout, [(i, self.build_layout(v)) for i, v in holds], events)
            moment, said = len(self.match.log), events
            self.choreography.when_landed(lambda: self.words.landed(said, moment))
            old_layout, events, before = self.layout, [], self.drawn_at()
        self._after_change(before, old_layout, events)
        if timed_out is not None:
            if timed_out.handed_over:
                self.handover.taken(timed_out.seat, timed_out.in_a_row)
            people = self.narrator.people()
            self.say(timed_out_words(people, timed_out.seat, timed_out.in_a_row) if timed_out.handed_over
                     else time_up(people, timed_out.seat, self.narrator.action(action)))
        elif move is not None and move.note:
            self.say(move.note, error=True)
        return True

    def perform(self, gesture: Gesture, from_rects: dict[Hashable, Rect] | None = None) -> bool:
        """Play what a gesture means: one legal action at once, a chooser when several match,
        and the engine's reason when none is legal.  True if an action was played."""
        options = candidates(gesture)
        if not options:
            return False
        legal = self.legal()
        ok = [a for a in options if a in legal]
        if len(ok) == 1:
            return self.play(ok[0], from_rects)
        if len(ok) > 1:
            self.panels.open_chooser(ok)
            return False
        return self.play(options[0], from_rects)

    def _after_change(self, before: dict[Hashable, tuple[Rect, bool]], old: TableLayout,
                      events: list[Event]) -> None:
        self.curtain.check()
        if not self.stages:
            self.words.wait_for_cards(old)  # until the cards land, the panels and words are those of the last moment
            self.choreography.animate(before, old, self.build_layout(), events)
        moment = len(self.match.log)
        self.choreography.when_landed(lambda: self.words.landed(events, moment))  # at once if nothing flies
        self.panels.build()  # the person's buttons and choices once the move is shown (`behind`)
        if self.match.save_error:
            self.say(self.match.save_error, error=True)
        if self.state.is_over() and not self.game_over_handled:
            game_over(self, celebrate=True)
        self.analysis.position_changed()

    def finish_animations(self) -> None:
        """A person acts: whatever is still moving lands at once."""
        self.choreography.finish()

    def undo(self) -> None:
        self.finish_animations()
        self.summaries.close()
        refused = self.driver.undo_refused(self.viewer)
        if refused is not None:
            self.say(only_theirs(self.narrator.names(), refused), error=True)
            return
        before, old = self.drawn_at(), self.layout
        if self.match.undo():
            self.driver.cancel()
            self.pace.early = None
            self.hints.clear()
            self.words.recall()
            self._after_change(before, old, [])
        else:
            self.say("Nothing to undo.")

    def redo(self) -> None:
        self.finish_animations()
        before, old = self.drawn_at(), self.layout
        if self.match.redo():
            self.hints.clear()
            self.words.recall()
            self._after_change(before, old, [])
        else:
            self.say("Nothing to redo.")

    def show_hint(self) -> None:
        """The hint (H): see `TableHints.request`."""
        self.hints.request()

    def new_game(self) -> None:
        """A new random deal."""
        self.deals.start_match(None)

    def to_menu(self) -> None:
        self.app.navigator.menu()

    def on_exit(self) -> None:
        if self.match.save_due:  # left before it was made: a new game still takes the old one's place
            self.match.autosave()
        self.deals.cancel_search()
        self.analysis.cancel()
        self.driver.cancel()
        if not self.match.state.is_over() and self.match.log:
            self.match.close()  # written whole; nothing if New has given the saver to a newer match

    def open_score_sheet(self) -> None:
        self.panels.open_score_sheet()

    # ----- game over ---------------------------------------------------------------------------------
    def end_celebration(self) -> None:
        self.celebration = None
        self.result_due = True

    # ----- pass-and-play -----------------------------------------------------------------------------
    def lift_curtain(self) -> None:
        self.curtain.lift()

    # ----- bots and timers ---------------------------------------------------------------------------
    # ----- input -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.ready:  # the table being opened takes no input
            event_received(self, event)

    def widget_pressed(self, event: pygame.event.Event) -> None:
        if getattr(event, "button", 1) == 1 and self.ready:
            greyed_pressed(self, event.pos)

    # ----- frame -------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if not self.ready:  # being opened: nothing moves meanwhile
            self.building.run()
            return
        if not self.ahead.done:  # (first: not in the frame a move was played in, which made the new layout)
            self.ahead.run()
        self.clock += dt
        if self.deals.searching:
            self.deals.update(dt)
            return
        self.analysis.update()
        behind = self.behind
        self.summaries.advance(dt)  # the animation, and the summary between deals (the held pictures wait for it)
        if behind and not self.behind:  # the last move is shown whole: the person's buttons now
            self.panels.build()
        if self.shown_layout is not self._moment:  # another moment shows: an open score sheet follows it
            self._moment = self.shown_layout
            self.panels.follow_score_sheet()
        self.messages.update(dt)
        self.hints.update(dt)
        if not self.state.is_over() and self.curtain_for is None and not self.asking:
            self.match.elapsed += dt
        if self.result_due:  # opened a frame after the last move's, so neither frame is a long one
            self.result_due = False
            self.panels.show_result()
        elif not self.panels.result_build.done:
            self.panels.result_build.run()
        if not self.panels.making.done:  # the person's buttons (before a move here starts them again)
            self.panels.making.run()
        if self.celebration is not None:
            self.celebration.update(dt)
            if self.celebration.done:
                self.end_celebration()
        self.safe_play.update()
        self.pace.drive(dt)
        for news in self.driver.news():  # a host's refusal, a seat's news
            self.say(self.narrator.news(news), error=isinstance(news, IllegalAction))
            if isinstance(news, IllegalAction):
                self.app.sounds.play(ILLEGAL)

    def draw(self, surface: pygame.Surface) -> None:
        draw_table(self, surface)

    def seat_cue(self, zone: Zone) -> str:
        """A bot's panel says it is thinking while its move is on its way (not while the last move's cards still
        fly: the bot waits for them); otherwise what the seat did last."""
        if zone.seat is None:
            return ""
        if zone.seat == self.driver.thinking_seat and not self.choreography.busy:
            return "thinking" + "." * (1 + int(self.clock * 3) % 3)
        return self.words.seat_notes.get(zone.seat)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn above the widgets: the last round of play, the keyboard's focus, the pass-and-play curtain."""
        if not self.ready:
            return
        self.last_trick.draw(surface)
        self.focus.draw(surface)
        if self.curtain_for is not None:
            self.curtain.draw(surface, self.fonts, self.match.seats[self.curtain_for].name, self.ui_scale)
        if self.deals.searching:
            self.deals.draw_cue(surface)

    def next_change(self) -> float | None:
        """See `cardtable.ui.table.pace`."""
        return next_change(self) if self.ready else 0.0

    @property
    def asking(self) -> bool:
        """A question waits for the person's answer (a confirmation, the deal menu or the deal-number dialog): the
        game's clock stands still meanwhile."""
        return (self.confirm is not None and self.confirm.alive()) or self.deals.open

    def status_text(self) -> str:
        """The status bar's left side (`StatusLine.status_text`)."""
        return self.status_line.status_text()

    def clock_text(self) -> tuple[str, bool]:
        """The status bar's clock (`StatusLine.clock_text`)."""
        return self.status_line.clock_text()
