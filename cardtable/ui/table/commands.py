"""What the table's buttons and keys do."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from cardtable.core.cues import ILLEGAL
from cardtable.ui.table.sentences import hosted_only
from cardtable.ui.table.summary import BUTTON as SUMMARY_BUTTON

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene


def event_received(scene: TableScene, event: pygame.event.Event) -> None:
    """Route one event: the deal-number dialog's Enter, a button, a question answered yes, a key, the pointer."""
    if scene.deals.searching:  # the deal is not shown yet: only Esc (back to the menu) means something
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            scene.to_menu()
        return
    if scene.last_trick.handle(event):  # L held, or a press on a won pile: the last play
        return
    if scene.focus.handle(event):  # Tab, the arrows, and Enter or Space while the keyboard's focus shows
        return
    if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and scene.deals.owns(event.ui_element):
        scene.deals.submit()
    elif event.type == pygame_gui.UI_BUTTON_PRESSED and scene.curtain_for is not None:
        pass  # the curtain covers the toolbar: a click on a button nobody sees does nothing
    elif event.type == pygame_gui.UI_BUTTON_PRESSED:
        name = next((n for n, b in scene.buttons.items() if b is event.ui_element), None)
        if name is not None:
            button_pressed(scene, name)
    elif event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is scene.confirm:
        then = scene.panels.answered()
        if then is not None:
            then()
    elif event.type == pygame.KEYDOWN:
        key_pressed(scene, event)
    elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) in (1, 3):
        scene.input.press(event.pos, getattr(event, "button", 1))
    elif event.type == pygame.MOUSEMOTION:
        scene.input.motion(event.pos)
    elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
        scene.input.release(event.pos)


def button_pressed(scene: TableScene, name: str) -> None:
    """A toolbar, panel or action button named `name` was pressed."""
    if scene.match.decided_elsewhere and name in HOSTS_BUTTONS:  # the host's work at a hosted table
        scene.say(hosted_only(name))
    elif name in ("menu", "result_menu"):
        scene.to_menu()
    elif name == SUMMARY_BUTTON:
        scene.summaries.close()
    elif name == "new":
        ask_before_new_game(scene)
    elif name == "result_new":
        scene.new_game()
    elif name == "undo":
        scene.undo()
    elif name == "redo":
        scene.redo()
    elif name == "hint":
        scene.show_hint()
    elif name == "deal":
        scene.deals.toggle_menu()
    elif name.startswith("deal:"):
        scene.deals.pressed(name)
    elif scene.handover.pressed(name):  # "Take my seat back"
        pass
    elif name in ("scores", "result_scores"):
        scene.open_score_sheet()
    elif name == "result_table":
        scene.panels.see_table()
    elif name == "show_result":
        scene.panels.show_result_again()
    elif name.startswith("pick:") and name not in scene.action_buttons:
        scene.panels.close_chooser()
    elif name in scene.panels.groups and scene.human_turn:  # a first step: its actions are offered next
        scene.panels.open_chooser(scene.panels.groups[name])
    elif name in scene.panels.early:
        scene.pace.choose_early(scene.panels.early[name])
    elif name in scene.action_buttons and scene.human_turn:
        action = scene.action_buttons[name]
        question = scene.game_layout.confirm_text(action)
        if question:
            scene.panels.ask(question, lambda: scene.play(action))
        else:
            scene.play(action)


def greyed_pressed(scene: TableScene, pos: tuple[int, int]) -> bool:
    """A press on a greyed game button (pygame-gui takes it and sends nothing): the table says why the button is
    greyed.  False if there is no greyed button at `pos`."""
    reason = scene.panels.greyed_at(pos)
    if reason is None:
        return False
    if reason and scene.human_turn:
        scene.say(reason, error=True)
        scene.app.sounds.play(ILLEGAL)
    return True


def ask_before_new_game(scene: TableScene) -> None:
    """A new game at once, unless one is under way: then the person is asked first (it counts as a loss)."""
    if scene.match.log and not scene.state.is_over() and scene.people:
        scene.panels.ask("Start a new game? This one counts as a loss.", scene.new_game)
    else:
        scene.new_game()


#: What a hosted table leaves to its host: buttons, and the keys that mean them.
HOSTS_BUTTONS = ("new", "result_new", "hint", "deal")
HOSTS_KEYS = {pygame.K_h: "hint", pygame.K_n: "new", pygame.K_d: "deal", pygame.K_r: "deal"}


def key_pressed(scene: TableScene, event: pygame.event.Event) -> None:
    """The keys: Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, H hint, A plays every safe move (in games that have
    them), S score sheet (open or close), N new game, D the deal menu, R restart this deal, F1 the game's rules (the
    table waits behind them, its game under way), Esc (let go of a drag or a selection, close a chooser or the deal
    menu, else the menu), Enter or Space lifts the curtain (after its beat).  While the deal-number dialog is open,
    keys type into it (Esc closes it)."""
    if scene.confirm is not None and scene.confirm.alive():  # a question is open: keys wait for the answer
        if event.key == pygame.K_ESCAPE:
            scene.panels.dismiss()
        return
    if scene.deals.dialog is not None:
        if event.key == pygame.K_ESCAPE:
            scene.deals.close()
        return
    ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
    if scene.match.decided_elsewhere and not ctrl and event.key in HOSTS_KEYS:
        button_pressed(scene, HOSTS_KEYS[event.key])
    elif scene.summaries.open and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        scene.summaries.close()  # the summary between deals: go on
    elif event.key == pygame.K_F1:
        if scene.drag is not None:
            scene.input.cancel()  # the card goes home: the button's release will not come back to the table
        scene.app.navigator.rules(scene.match.game_id, back_to=scene)
    elif event.key == pygame.K_z and ctrl and event.mod & pygame.KMOD_SHIFT:
        scene.redo()
    elif event.key == pygame.K_z and ctrl:
        scene.undo()
    elif event.key == pygame.K_y and ctrl:
        scene.redo()
    elif event.key == pygame.K_h and not ctrl:
        scene.show_hint()
    elif event.key == pygame.K_a and not ctrl:
        scene.safe_play.request()
    elif event.key == pygame.K_s and not ctrl and scene.sheet is not None:
        scene.panels.toggle_score_sheet()
    elif event.key == pygame.K_n and not ctrl:
        ask_before_new_game(scene)
    elif event.key == pygame.K_d and not ctrl:
        scene.deals.toggle_menu()
    elif event.key == pygame.K_r and not ctrl:
        scene.deals.restart()
    elif event.key == pygame.K_ESCAPE:
        if scene.input.cancel() or scene.deals.close():
            return
        if scene.chooser is not None:  # Esc closes an open chooser, as Cancel does
            scene.panels.close_chooser()
        else:
            scene.to_menu()
    elif event.key in (pygame.K_RETURN, pygame.K_SPACE) and scene.curtain_for is not None:
        scene.curtain.key()
