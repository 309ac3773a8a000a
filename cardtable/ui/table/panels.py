"""The table's widgets: the toolbar, the game's action buttons, choice panels (a number, a colour...), the chooser for
a gesture that means several moves, the question before a move that needs one, the score sheet and the result."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UIPanel

from cardtable import stats
from cardtable.core.engine import Action, IllegalAction, State
from cardtable.core.layout import Choice, ChoicePanel
from cardtable.ui.confirm import ConfirmDialog
from cardtable.ui.scoresheet import open_score_window
from cardtable.ui.table.building import SceneBuild, in_parts
from cardtable.ui.table.choice_panel import choice_panel, choice_panel_parts, pack_rows
from cardtable.ui.table.records import record_lines
from cardtable.ui.table.result_panel import result_steps
from cardtable.ui.table.sentences import only_theirs
from cardtable.ui.theme import BUTTON_H

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene

CANCEL = "Cancel"
SEE_TABLE = "See the table"  # the result panel's button that puts it aside
RESULT = "Result"  # the button that brings it back
SHOW_RESULT = "show_result"
NARROW_WINDOW = 1000  # below this width the toolbar's buttons are as wide as their texts
TOOLBAR = (
    ("menu", "Menu", "Back to the menu (Esc); the game is kept"),
    ("new", "New", "Start a new game (N)"),
    ("undo", "Undo", "Take back your last move (Ctrl+Z)"),
    ("redo", "Redo", "Play the undone move again (Ctrl+Y)"),
    ("hint", "Hint", "Show a useful move (H)"),
    ("deal", "Deal", "Restart this deal, or choose a deal by its number (D)"),
)


TOOL_TIPS = {name: tip for name, _, tip in TOOLBAR}
__all__ = ["TablePanels", "pack_rows", "why_not"]


class TablePanels:
    """The widgets of one table, made from what the layout and the legal moves say."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.buttons: dict[str, UIButton] = {}
        self.action_buttons: dict[str, Action] = {}
        self.groups: dict[str, tuple[Action, ...]] = {}  # a first step's button -> the actions it offers next
        self.reasons: dict[str, str] = {}  # a greyed game button -> why it is greyed (said when it is pressed)
        self.early: dict[str, Action] = {}  # a button of a move chosen ahead of the person's turn -> that move
        self.choice_panel: UIPanel | None = None
        self.chooser: UIPanel | None = None
        self.result_panel: UIPanel | None = None
        self.confirm: ConfirmDialog | None = None
        self.pending_confirm: Callable[[], Any] | None = None  # what a "yes" does
        self.sheet_window: Any = None
        self.sheet_shown: Any = None  # the ScoreSheet the open window shows
        self.result_lines: list[str] = []  # the result's heading and lines, as shown
        self.result_build = SceneBuild(lambda: 0.0, lambda: 0)  # the result panel's making (`show_result`)
        self.making = SceneBuild(lambda: 0.0, lambda: 0)  # the person's widgets' making (`build`)
        self._result_for: tuple[Any, ...] | None = None  # what the result panel made (or being made) shows
        self.result_made: dict[str, Any] = {}  # its parts made so far
        self._window: tuple[Any, ...] | None = None  # the window the toolbar was made for
        self._dynamic: tuple[Any, ...] | None = None  # what the game's buttons and choice panel show
        self._tips: dict[str, str] = {}  # a toolbar button's tip other than its usual one: why it is grey
        self._tools: list[tuple[str, pygame.Rect, str, str]] = []  # the toolbar's buttons for that window
        self._tools_end = 0  # where the toolbar ends: the game's buttons wrap to a row below rather than cover it

    @property
    def font(self) -> pygame.font.Font:
        """The widgets' text font at the window's scale (to measure texts before laying them out)."""
        return self.scene.fonts.get(round(16 * self.scene.ui_scale))  # as the theme rounds it

    # ----- the toolbar and the game's buttons --------------------------------------------------------
    def build(self) -> None:
        """The toolbar, and the game's buttons and choice panel for the person to act, made over the next frames
        within each frame's budget (`SceneBuild`: a pygame-gui button takes about a millisecond to make), hidden
        until all are made.  Widgets are made only when what they show changed.  Nothing while the table is still
        being opened: its last steps build them (`build_parts`)."""
        scene = self.scene
        if not self.making.done:  # what was being made was for an older moment: it is made anew
            self._dynamic = None
        self.making = SceneBuild(scene.app.work_clock, lambda: scene.app.frame)
        self.making.add(in_parts(self.build_parts()))
        self.making.start()

    def build_parts(self) -> Iterator[None]:
        """`build`, pausing after each widget made (a table being opened makes one a step)."""
        scene = self.scene
        if not scene.ready:
            return
        s = scene.ui_scale
        bh = int(BUTTON_H * s)
        for tool in self.toolbar():
            if tool[0] not in self.buttons:
                self.make_tool(tool)
                yield
        panel, buttons, plain = None, [], 0
        if scene.human_turn and not scene.behind:  # once the table has shown what came before
            view = scene.view()
            legal = scene.legal()
            panel = scene.game_layout.choice_panel(view, legal, scene.context())
            if panel is not None:
                panel = ChoicePanel(panel.title, tuple(self.checked(c, legal) for c in panel.choices), panel.note)
            in_panel = {c.action for c in panel.choices if c.action is not None} if panel is not None else set()
            buttons = [Choice(scene.narrator.action(a), a)
                       for a in reversed(scene.game_layout.button_actions(view, legal)) if a not in in_panel]
            plain = len(buttons)
            buttons += [self.checked(c, legal) for c in
                        reversed(scene.game_layout.selection_actions(view, scene.input.selected, legal))]
        elif not scene.human_turn:  # moves chosen ahead of the turn, made when it comes
            buttons = [Choice(scene.narrator.action(a), a) for a in reversed(scene.pace.early_offer())]
            plain = -len(buttons)
        dynamic = (panel, tuple(buttons), plain)
        if dynamic != self._dynamic:
            self._dynamic = dynamic
            if self._clear_dynamic():
                yield
            if panel is not None:
                yield from choice_panel_parts(self, panel, hold=partial(setattr, self, "choice_panel"), shown=False)
            made = yield from self._button_parts(buttons, plain, bh)
            if self.choice_panel is not None and self.chooser is None:  # (a chooser open over it keeps it hidden)
                self.choice_panel.show()
            for button in made:
                button.show()
            scene.ui.get_sprite_group().update_visibility()  # all drawn this frame
        self.follow_score_sheet()
        self.scene.handover.place_buttons()
        self.refresh()

    def _button_parts(self, buttons: list[Choice], plain: int, bh: int
                      ) -> Generator[None, None, list[UIButton]]:
        """The game's buttons (hidden), a pause after each; returns them.  Laid right to left; rows that would
        cover the toolbar wrap below it, read in the game's order."""
        scene = self.scene
        s = scene.ui_scale
        widths = [max(int(110 * s), self.font.size(choice.label)[0] + 30) for choice in buttons]
        last = len(buttons) - 1
        row_of = {last - i: r for r, row in enumerate(pack_rows(widths[::-1], scene.app.size[0] - 10
                                                                 - self._tools_end)) for i in row}
        rights: dict[int, int] = {}
        made = []
        for k, choice in enumerate(buttons):
            width, top = widths[k], 8 + row_of[k] * (bh + 6)
            right = rights.get(row_of[k], scene.app.size[0] - 10) - width
            rights[row_of[k]] = right - 8
            name = f"action:{choice.label}" if k < plain else f"select:{choice.label}"
            if plain < 0:
                name = f"early:{choice.label}"
            button = UIButton(pygame.Rect(right, top, width, bh), choice.label, scene.ui,
                              tool_tip_text=choice.reason or None, visible=0)
            self.buttons[name] = button
            made.append(button)
            if choice.action is None:
                button.disable()
                self.reasons[name] = choice.reason
            elif plain < 0:
                self.early[name] = choice.action
            else:
                self.action_buttons[name] = choice.action
            yield
        return made

    def toolbar(self) -> list[tuple[str, pygame.Rect, str, str]]:
        """The toolbar's buttons for this window: name, place, text and tip.  A new window size or scale: the old
        buttons go, and everything is made anew."""
        scene = self.scene
        window = (scene.app.size, scene.ui_scale, id(scene.ui))
        if window == self._window:
            return self._tools
        s = scene.ui_scale
        bw, bh = int(84 * s), int(BUTTON_H * s)
        self._window, self._dynamic, self._tips = window, None, {}
        for name in [n for n in self.buttons if not n.startswith("result_")]:
            self.buttons.pop(name).kill()
        x = 10
        tools = list(TOOLBAR)
        if scene.sheet is not None:
            tools.append(("scores", "Scores", "The score sheet: each round's figures per player (S)"))
        narrow = scene.app.size[0] < NARROW_WINDOW  # room is left for the game's buttons at the right
        self._tools = []
        for name, text, tip in tools:
            w = max(int(56 * s), self.font.size(text)[0] + 24) if narrow else bw
            self._tools.append((name, pygame.Rect(x, 8, w, bh), text, tip))
            x += w + (6 if narrow else 8)
        self._tools_end = x
        return self._tools

    def make_tool(self, tool: tuple[str, pygame.Rect, str, str], shown: bool = True) -> None:
        """The toolbar's button `tool` (see `toolbar`), unless it is made already."""
        name, rect, text, tip = tool
        if name not in self.buttons:
            self.buttons[name] = UIButton(rect, text, self.scene.ui, tool_tip_text=tip, visible=int(shown))

    def toolbar_steps(self) -> list[Callable[[], None]]:
        """The toolbar made a button a step, hidden until `show_toolbar` (a table being opened)."""
        return [partial(self.make_tool, tool, shown=False) for tool in self.toolbar()]

    def show_toolbar(self) -> None:
        for name, *_ in self._tools:
            button = self.buttons.get(name)
            if button is not None and not button.visible:
                button.show()
        self.scene.ui.get_sprite_group().update_visibility()  # drawn this frame
    def greyed_at(self, pos: tuple[int, int]) -> str | None:
        """Why the greyed game button under `pos` is greyed ("" if it has no reason); None: no such button."""
        for name, reason in self.reasons.items():
            button = self.buttons.get(name)
            if button is not None and button.visible and button.alive() and button.rect.collidepoint(pos):
                return reason
        return None

    def checked(self, choice: Choice, legal: Sequence[Action]) -> Choice:
        """`choice` as offered now: disabled, with the engine's reason, when its action is not legal."""
        if choice.action is None or choice.action in legal:
            return choice
        refused = why_not(self.scene.state, choice.action)
        reason = self.scene.narrator.refusal(refused) if refused is not None else ""
        return Choice(choice.label, None, reason, choice.style, choice.card)

    def _clear_dynamic(self) -> bool:
        """Remove the game's buttons, its choice panel and an open chooser; True if there were any."""
        had = self.chooser is not None or self.choice_panel is not None
        self.close_chooser()
        if self.choice_panel is not None:
            self.choice_panel.kill()
            self.choice_panel = None
        for name in [n for n in self.buttons if n.startswith(("action:", "select:", "choice:", "early:"))]:
            self.buttons.pop(name).kill()
            self.action_buttons.pop(name, None)
            self.groups.pop(name, None)
            self.reasons.pop(name, None)
            self.early.pop(name, None)
            had = True
        return had

    def refresh(self) -> None:
        """Undo, redo and hint are usable only when they would do something."""
        scene = self.scene
        going = not scene.state.is_over()
        toggles = {
            "undo": going and scene.match.can_undo(),
            "redo": going and scene.match.can_redo(),
            "hint": going and scene.human_turn and not scene.match.decided_elsewhere,
        }
        refused = scene.driver.undo_refused(scene.viewer) if toggles["undo"] else None
        if refused is not None:  # pass-and-play: the last move is another person's (the tip says whose)
            toggles["undo"] = False
        tips = {"undo": only_theirs(scene.narrator.names(), refused) if refused is not None else None, "hint": None}
        if going and scene.handover.handed() and not scene.humans:  # why they are grey while a bot plays
            tips = {"undo": "A bot plays the seat now: take the seat back to undo.",
                    "hint": "A bot plays the seat now: take the seat back for hints."}
        for name, tip in tips.items():
            tip = tip or TOOL_TIPS[name]
            if self._tips.get(name, TOOL_TIPS[name]) != tip:
                self._tips[name] = tip
                self.buttons[name].set_tooltip(tip)
        for name, enabled in toggles.items():
            if enabled:
                self.buttons[name].enable()
            else:
                self.buttons[name].disable()

    # ----- the chooser -------------------------------------------------------------------------------
    def open_chooser(self, actions: Sequence[Action]) -> None:
        """A small panel to pick one of several actions a gesture could mean (e.g. a wild card's colour)."""
        self.close_chooser()
        panel = self.scene.game_layout.chooser(actions)
        if panel is None:
            panel = ChoicePanel("Which one?", tuple(Choice(self.scene.narrator.action(a), a) for a in actions))
        legal = self.scene.legal()
        choices = tuple(self.checked(c, legal) for c in panel.choices)
        panel = ChoicePanel(panel.title, (*choices, Choice(CANCEL, None, "")), panel.note)
        if self.choice_panel is not None:  # a second step (see `Choice.group`) shows in place of the first
            self.choice_panel.hide()
        self.chooser = choice_panel(self, panel, prefix="pick", cancel=CANCEL)

    def close_chooser(self) -> None:
        if self.chooser is not None:
            self.chooser.kill()
            self.chooser = None
            if self.choice_panel is not None and self.making.done:  # (a panel being made shows once whole)
                self.choice_panel.show()
            for name in [n for n in self.buttons if n.startswith("pick:")]:
                self.buttons.pop(name)
                self.action_buttons.pop(name, None)
                self.reasons.pop(name, None)

    # ----- a question before a move ------------------------------------------------------------------
    def ask(self, question: str, then: Callable[[], Any], **words: str) -> None:
        """Ask `question`; a "yes" does `then`.  `words`: the dialog's own title, yes and no, if given."""
        self.pending_confirm = then
        self.confirm = ConfirmDialog(self.scene.ui, question, scale=self.scene.ui_scale, on_no=self._answered_no,
                                     **words)

    def _answered_no(self) -> None:
        self.confirm = self.pending_confirm = None

    def answered(self) -> Callable[[], Any] | None:
        """The question was answered yes: what it was about."""
        action, self.pending_confirm, self.confirm = self.pending_confirm, None, None
        return action

    def dismiss(self) -> bool:
        """Close an open question (Esc); False if none was open."""
        if self.confirm is None or not self.confirm.alive():
            return False
        self.confirm.kill()
        self.confirm = self.pending_confirm = None
        return True

    # ----- the score sheet and the result -------------------------------------------------------------
    def open_score_sheet(self) -> None:
        """Show the score sheet in a window (also at the end of the game)."""
        scene = self.scene
        sheet = scene.game_layout.score_sheet(scene.shown_view(), scene.context())
        if sheet is None:
            return
        at = None
        if self.sheet_window is not None and self.sheet_window.alive():
            at = self.sheet_window.rect.topright if self.sheet_shown is not None else None
            self.sheet_window.kill()
        self.sheet_window = open_score_window(scene.ui, scene.app.size, sheet, scene.font, scene.bold, at)
        self.sheet_shown = sheet

    def follow_score_sheet(self) -> None:
        """An open score sheet shows the position as it is now: made again, where it was, when its figures
        changed (a round scored, a choice made, a move taken back)."""
        if self.sheet_window is None or not self.sheet_window.alive():
            return
        scene = self.scene
        if scene.game_layout.score_sheet(scene.shown_view(), scene.context()) != self.sheet_shown:
            self.open_score_sheet()

    def toggle_score_sheet(self) -> None:
        """The score sheet's key opens it, and closes it again."""
        if self.sheet_window is not None and self.sheet_window.alive():
            self.sheet_window.kill()
            self.sheet_window = None
        else:
            self.open_score_sheet()

    def show_result(self) -> None:
        """The end of the game: who won, the summary, each seat's score (when scores mean points), the time and
        the person's record, with New game, Score sheet and Menu.  Its text is one image: quick to open.  It is made
        over a few frames (`SceneBuild`), hidden until whole; the same result again shows the panel already made."""
        scene = self.scene
        if SHOW_RESULT in self.buttons:
            self.buttons.pop(SHOW_RESULT).kill()
        result = scene.state.result()
        seats = scene.match.seats
        humans = scene.humans
        won = any(x in humans for x in result.winners)
        if len(seats) == 1:
            title = "You won!" if won else "Game over"
        elif len(humans) == 1:
            title = "You won!" if won else f"{', '.join(seats[w].name for w in result.winners)} won"
        else:
            title = f"{' and '.join(seats[w].name for w in result.winners) or 'Nobody'} won"
        lines = [scene.narrator.result(result)]
        if len(seats) > 1 and result.scored:
            order = sorted(range(len(seats)), key=lambda i: -result.scores[i])
            star = "\u2605 "
            lines += [f"{star if i in result.winners else ''}{seats[i].name}: {result.scores[i]:g}" for i in order]
        lines.append(f"Time {stats.format_time(scene.match.elapsed)}")
        if scene.people:
            lines += record_lines(scene.match, timed=len(seats) == 1, running_total=scene.app.settings.running_total)
        names = [("result_new", "New game"), ("result_table", SEE_TABLE), ("result_menu", "Menu")]
        if scene.sheet is not None:
            names.insert(1, ("result_scores", "Score sheet"))
        made_for = (title, tuple(lines), tuple(names), scene.app.size, scene.ui_scale, id(scene.ui))
        if made_for == self._result_for and self.result_panel is not None and self.result_panel.alive():
            self.result_panel.show()
            return
        if made_for == self._result_for and not self.result_build.done:
            return  # being made
        for box in (self.result_panel, self.result_made.get("box")):
            if box is not None:
                box.kill()
        self.result_panel = None
        self._result_for = made_for
        self.result_lines = [title, *lines]
        self.result_build = SceneBuild(scene.app.work_clock, lambda: scene.app.frame)
        self.result_build.add(*result_steps(self, title, lines, names))
        self.result_build.start()  # the next frames make it (once the table is made)

    @property
    def result_shown(self) -> bool:
        """The result panel is open and not put aside to see the table."""
        return self.result_panel is not None and self.result_panel.visible

    def see_table(self) -> None:
        """Put the result aside to see the final table (undimmed); a button at the top right brings it back."""
        scene = self.scene
        if self.result_panel is None:
            return
        self.result_panel.hide()
        s, sw = scene.ui_scale, scene.app.size[0]
        w = max(int(110 * s), self.font.size(RESULT)[0] + 30)
        self.buttons[SHOW_RESULT] = UIButton(pygame.Rect(sw - 10 - w, 8, w, int(BUTTON_H * s)), RESULT, scene.ui,
                                             tool_tip_text="Show the result again")

    def show_result_again(self) -> None:
        if self.result_panel is not None:
            self.result_panel.show()
        if SHOW_RESULT in self.buttons:
            self.buttons.pop(SHOW_RESULT).kill()

    def result_texts(self) -> list[str]:
        """What the result panel says: its heading, its lines, then its buttons."""
        if self.result_panel is None:
            return []
        buttons = [b.text for n, b in self.buttons.items() if n.startswith("result_")]
        return [*self.result_lines, *buttons]


def why_not(state: State, action: Action) -> IllegalAction | None:
    """The engine's refusal of `action` now (tried on a copy of the state); None if it is legal."""
    try:
        state.clone().apply(action, record=False)
    except IllegalAction as exc:
        return exc
    return None

