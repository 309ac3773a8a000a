"""The table's widgets: the toolbar, the game's action buttons, choice panels (a number, a colour...), the chooser for
a gesture that means several moves, the question before a move that needs one, the score sheet and the result."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel

from cardtable import stats
from cardtable.core.engine import Action, IllegalAction, State
from cardtable.core.layout import Choice, ChoicePanel
from cardtable.ui.confirm import ConfirmDialog
from cardtable.ui.scoresheet import open_score_window
from cardtable.ui.table.building import SceneBuild
from cardtable.ui.table.free_space import clear_place, own_hand_rects, zone_rects
from cardtable.ui.table.records import record_lines
from cardtable.ui.table.result_panel import result_steps
from cardtable.ui.table.sentences import only_theirs
from cardtable.ui.theme import BUTTON_H, wrap_words

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene

CANCEL = "Cancel"
SEE_TABLE = "See the table"  # the result panel's button that puts it aside
RESULT = "Result"  # the button that brings it back
SHOW_RESULT = "show_result"
CARD_CHOICE_W = 46  # a choice that shows a card face: the card's width
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
        """The toolbar, and the game's buttons and choice panel for the person to act.  Widgets are made only when
        what they show changed (a pygame-gui button takes about a millisecond to make).  Nothing while the table is
        still being opened: its last steps build them (`build_parts`)."""
        for _ in self.build_parts():
            pass

    def build_parts(self) -> Iterator[None]:
        """`build`, pausing after each widget made (a table being opened makes one a step)."""
        scene = self.scene
        if not scene.ready:
            return
        s = scene.ui_scale
        bh = int(BUTTON_H * s)
        for tool in self.toolbar():
            self.make_tool(tool)
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
            self._clear_dynamic()
            if panel is not None:
                self.choice_panel = yield from self._choice_panel_parts(panel)
            # Laid right to left; rows that would cover the toolbar wrap below it, read in the game's order.
            widths = [max(int(110 * s), self.font.size(choice.label)[0] + 30) for choice in buttons]
            last = len(buttons) - 1
            row_of = {last - i: r for r, row in enumerate(pack_rows(widths[::-1], scene.app.size[0] - 10
                                                                     - self._tools_end)) for i in row}
            rights: dict[int, int] = {}
            for k, choice in enumerate(buttons):
                width, top = widths[k], 8 + row_of[k] * (bh + 6)
                right = rights.get(row_of[k], scene.app.size[0] - 10) - width
                rights[row_of[k]] = right - 8
                name = f"action:{choice.label}" if k < plain else f"select:{choice.label}"
                if plain < 0:
                    name = f"early:{choice.label}"
                button = UIButton(pygame.Rect(right, top, width, bh), choice.label, scene.ui,
                                  tool_tip_text=choice.reason or None)
                self.buttons[name] = button
                if choice.action is None:
                    button.disable()
                    self.reasons[name] = choice.reason
                elif plain < 0:
                    self.early[name] = choice.action
                else:
                    self.action_buttons[name] = choice.action
                yield
        self.follow_score_sheet()
        self.scene.handover.place_buttons()
        self.refresh()

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

    def _clear_dynamic(self) -> None:
        """Remove the game's buttons, its choice panel and an open chooser."""
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

    def _choice_panel(self, panel: ChoicePanel, prefix: str = "choice", cancel: str = "") -> UIPanel:
        """A centred panel of choice buttons, in as many rows as the window needs; disabled ones carry their reason.
        A choice with a card shows that card's face.  A choice labelled `cancel` with no action closes the panel
        instead of being disabled."""
        parts = self._choice_panel_parts(panel, prefix, cancel)
        while True:
            try:
                next(parts)
            except StopIteration as done:
                return done.value

    def _choice_panel_parts(self, panel: ChoicePanel, prefix: str = "choice", cancel: str = ""
                            ) -> Generator[None, None, UIPanel]:
        """`_choice_panel`, pausing after each widget made; the panel shows once whole."""
        scene = self.scene
        font = self.font
        s = scene.ui_scale
        sw, sh = scene.app.size
        cards = any(c.card is not None for c in panel.choices)
        card_size = (int(CARD_CHOICE_W * s), int(CARD_CHOICE_W * 1.4 * s))
        cell_h = card_size[1] + 8 if cards else int(50 * s)
        widths = [card_size[0] if c.card is not None else max(int(52 * s), font.size(c.label)[0] + 24)
                  for c in panel.choices]
        rows_of = pack_rows(widths, sw - 72)
        rows = len(rows_of)
        row_w = max(sum(widths[i] for i in row) + 8 * (len(row) - 1) for row in rows_of)
        # A long note (why a choice is disabled) wraps to the buttons' width rather than widen the panel past the
        # window or over the seats.
        notes = wrap_words(font, panel.note, min(sw - 68, max(row_w, 380))) if panel.note else []
        title_w = scene.fonts.get(round(22 * s), bold=True).size(panel.title)[0]  # the heading's font, as themed
        w = max(row_w + 40, title_w + 40, 260, *(font.size(line)[0] + 40 for line in notes))
        top_h, line_h = int(46 * s), int(28 * s)
        h = min(sh - 20, top_h + 14 + rows * cell_h + line_h * len(notes))
        # Centred where the layout says, unless that covers the table's cards or panels: then the nearest free place.
        centre = scene.layout.choice_centre or (sw // 2, sh // 2)
        left, top = clear_place((w, h), centre, scene.context().area, zone_rects(scene.layout),
                                soft=own_hand_rects(scene.layout))
        left, top = max(4, min(left, sw - w - 4)), max(4, min(top, sh - h - 4))
        box = UIPanel(pygame.Rect(left, top, w, h), manager=scene.ui, visible=0)
        UILabel(pygame.Rect(16, 8, w - 32, top_h - 16), panel.title, scene.ui, container=box, object_id="#heading")
        yield
        look = scene.look()
        place = {i: (r, k) for r, row_of in enumerate(rows_of) for k, i in enumerate(row_of)}
        for i, choice in enumerate(panel.choices):
            r, k = place[i]
            row = [widths[j] for j in rows_of[r]]
            x0 = (w - (sum(row) + 8 * (len(row) - 1))) // 2 - 3
            rect = pygame.Rect(x0 + sum(row[:k]) + 8 * k, top_h + r * cell_h, widths[i], cell_h - 8)
            style = f"#{choice.style}" if choice.style else None
            if choice.card is not None:  # the face, with a see-through button over it
                UIImage(rect, look.image(choice.card, True, rect.size), scene.ui, container=box)
                style = "#card_choice"
            button = UIButton(rect, "" if choice.card is not None else choice.label, scene.ui, container=box,
                              tool_tip_text=choice.reason or (choice.label if choice.card is not None else None),
                              object_id=style)
            name = f"{prefix}:{i}"
            self.buttons[name] = button
            if choice.action is not None:
                self.action_buttons[name] = choice.action
            elif choice.group:
                self.groups[name] = choice.group
            elif not (cancel and choice.label == cancel):
                button.disable()
                self.reasons[name] = choice.reason
            yield
        for j, line in enumerate(notes):
            UILabel(pygame.Rect(16, h - 10 - line_h * (len(notes) - j), w - 32, line_h - 2), line, scene.ui,
                    container=box, object_id="#muted")
        box.show()
        scene.ui.get_sprite_group().update_visibility()  # drawn this frame
        return box

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
        self.chooser = self._choice_panel(panel, prefix="pick", cancel=CANCEL)

    def close_chooser(self) -> None:
        if self.chooser is not None:
            self.chooser.kill()
            self.chooser = None
            if self.choice_panel is not None:
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


def pack_rows(widths: list[int], room: int, gap: int = 8) -> list[list[int]]:
    """The indices of buttons `widths` wide in rows no wider than `room` (at least one a row), in order."""
    rows: list[list[int]] = [[]]
    used = 0
    for i, w in enumerate(widths):
        if rows[-1] and used + gap + w > room:
            rows.append([])
            used = 0
        used += (gap if rows[-1] else 0) + w
        rows[-1].append(i)
    return rows
