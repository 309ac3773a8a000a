"""What the table's buttons and keys do."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene


def button_pressed(scene: TableScene, name: str) -> None:
    """A toolbar, panel or action button named `name` was pressed."""
    if name in ("menu", "result_menu"):
        scene.to_menu()
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
    elif name in ("scores", "result_scores"):
        scene.open_score_sheet()
    elif name.startswith("pick:") and name not in scene.action_buttons:
        scene.panels.close_chooser()
    elif name in scene.panels.groups and scene.human_turn:  # a first step: its actions are offered next
        scene.panels.open_chooser(scene.panels.groups[name])
    elif name in scene.action_buttons and scene.human_turn:
        action = scene.action_buttons[name]
        question = scene.game_layout.confirm_text(action)
        if question:
            scene.panels.ask(question, lambda: scene.play(action))
        else:
            scene.play(action)


def ask_before_new_game(scene: TableScene) -> None:
    """A new game at once, unless one is under way: then the person is asked first (it counts as a loss)."""
    if scene.match.log and not scene.state.is_over() and scene.people:
        scene.panels.ask("Start a new game? This one counts as a loss.", scene.new_game)
    else:
        scene.new_game()


def key_pressed(scene: TableScene, event: pygame.event.Event) -> None:
    """The keys: Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, H hint, S score sheet (open or close), N new game, Esc
    (let go of a drag or a selection, close a chooser, else the menu), Enter or Space lifts the curtain."""
    if scene.confirm is not None and scene.confirm.alive():  # a question is open: keys wait for the answer
        if event.key == pygame.K_ESCAPE:
            scene.panels.dismiss()
        return
    ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
    if event.key == pygame.K_z and ctrl and event.mod & pygame.KMOD_SHIFT:
        scene.redo()
    elif event.key == pygame.K_z and ctrl:
        scene.undo()
    elif event.key == pygame.K_y and ctrl:
        scene.redo()
    elif event.key == pygame.K_h and not ctrl:
        scene.show_hint()
    elif event.key == pygame.K_s and not ctrl and scene.sheet is not None:
        scene.panels.toggle_score_sheet()
    elif event.key == pygame.K_n and not ctrl:
        ask_before_new_game(scene)
    elif event.key == pygame.K_ESCAPE:
        if scene.input.cancel():
            return
        if scene.chooser is not None:  # Esc closes an open chooser, as Cancel does
            scene.panels.close_chooser()
        else:
            scene.to_menu()
    elif event.key in (pygame.K_RETURN, pygame.K_SPACE) and scene.curtain_for is not None:
        scene.lift_curtain()
