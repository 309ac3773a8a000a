"""A person's seat that a bot took over after their time-outs: said on the table, marked on the seat's panel, and
given back with "Take my seat back" (kept in the autosave, so a game opened again keeps it).

When the bot takes the seat the table stops and says so in a question that waits for an answer (take the seat back
now, or let the bot play).  While a bot plays for a person, the seat's panel names it "Bot for <name>" and a toolbar
button gives the seat back.  A game the bot finishes counts for the person, marked as finished by a bot
(`cardtable.ui.table.records`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from cardtable.ui.table.panels import TOOLBAR
from cardtable.ui.table.sentences import bot_for, handed_over, plays_again

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene

PREFIX = "seat_back:"  # a take-back button's name: this, then the seat
TAKE_BACK = "Take my seat back"
LET_IT_PLAY = "Let the bot play"
COUNTS = "If the bot finishes the game, it counts as played, marked \"finished by a bot\"."


class HandOver:
    """The table's side of a seat handed to a bot: the question, the panels' names and the take-back buttons."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self._shown: tuple = ()  # what the take-back buttons were made for
        self._waiting: tuple[int, int] | None = None  # a question held while the curtain is up (seat, time-outs)

    def handed(self) -> list[int]:
        """The seats a bot plays for a person now (none once the game is over)."""
        if self.scene.state.is_over():
            return []
        return [i for i, seat in enumerate(self.scene.match.seats) if seat.handed_over]

    def names(self) -> tuple[str, ...]:
        """The seats' names as their panels show them: a handed-over seat's says a bot plays it for its person."""
        return tuple(bot_for(s.name) if s.handed_over else s.name for s in self.scene.match.seats)

    def taken(self, seat: int, in_a_row: int) -> None:
        """A bot has just taken `seat` after `in_a_row` time-outs: the table waits for the person's answer (once
        the pass-and-play curtain, if it is up, is lifted: nothing moves behind it, and a question under it would
        go unseen)."""
        scene = self.scene
        scene.panels.build()  # its take-back button (the layout, built after the move, already names the bot)
        if scene.curtain_for is not None:
            self._waiting = (seat, in_a_row)
            return
        self._ask(seat, in_a_row)

    def curtain_lifted(self) -> None:
        """The curtain is down: a question that waited for it is asked now."""
        if self._waiting is not None:
            seat, in_a_row = self._waiting
            self._waiting = None
            if self.scene.match.seats[seat].handed_over:
                self._ask(seat, in_a_row)

    def _ask(self, seat: int, in_a_row: int) -> None:
        scene = self.scene
        said = handed_over(scene.narrator.people(), seat, in_a_row)  # the person, not the bot, is spoken to
        scene.panels.ask(f"{said} {COUNTS}", lambda: self.give_back(seat),
                         title=bot_for(scene.match.seats[seat].name), yes=TAKE_BACK, no=LET_IT_PLAY)

    def give_back(self, seat: int) -> None:
        """The person sits at `seat` again."""
        scene = self.scene
        if not scene.driver.take_back(seat):
            return
        scene.hints.clear()
        if scene.viewer is None and len(scene.humans) == 1:  # opened again with no person seated: now there is
            scene.viewer = seat
        scene.curtain.check()
        scene.set_layout(scene.build_layout())
        scene.panels.build()
        scene.say(plays_again(scene.narrator.names(), seat))

    def pressed(self, name: str) -> bool:
        """A take-back button was pressed (True), or `name` is not one."""
        if not name.startswith(PREFIX):
            return False
        self.give_back(int(name[len(PREFIX):]))
        return True

    def place_buttons(self) -> None:
        """One "Take my seat back" button per handed-over seat, after the toolbar (made again only when needed)."""
        panels, scene = self.scene.panels, self.scene
        seats = self.handed()
        shown = (tuple(seats), panels._window)
        if shown == self._shown and all(f"{PREFIX}{i}" in panels.buttons for i in seats):
            return
        self._shown = shown
        for name in [n for n in panels.buttons if n.startswith(PREFIX)]:
            panels.buttons.pop(name).kill()
        tools = [panels.buttons[n] for n, _, _ in TOOLBAR if n in panels.buttons]
        tools += [panels.buttons["scores"]] if "scores" in panels.buttons else []
        x = max((b.rect.right for b in tools), default=10) + 8
        several = sum(s.is_person for s in scene.match.seats) > 1
        for i in seats:
            text = f"{TAKE_BACK} ({scene.match.seats[i].name})" if several else TAKE_BACK
            w = panels.font.size(text)[0] + 24
            rect = pygame.Rect(x, 8, w, tools[0].rect.height if tools else 36)
            panels.buttons[f"{PREFIX}{i}"] = UIButton(rect, text, scene.ui,
                                                      tool_tip_text="A person sits here again; the bot stops")
            x += w + 8
