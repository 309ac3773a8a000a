"""The menu's questions: quitting, a notice the panel has no room for, and a new game where an unfinished game
of the one picked is saved (which the new one would replace)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from cardtable.storage import autosave_path
from cardtable.ui.confirm import ConfirmDialog
from cardtable.ui.widgets import BUTTON, text_width

if TYPE_CHECKING:
    from cardtable.ui.menu import MenuScene


def ask_quit(menu: MenuScene) -> None:
    """Ask before quitting; asked again (Esc twice), the question closes."""
    if menu.confirm_quit is not None and menu.confirm_quit.alive():
        menu.confirm_quit.kill()
        menu.confirm_quit = None
        return
    menu.confirm_quit = ConfirmDialog(menu.ui, "Quit cardtable? Unfinished games are saved.", title="Quit",
                                      yes="Quit", no="Cancel", scale=menu.ui_scale)


def ask_new_game(menu: MenuScene) -> None:
    """New game: at once, unless the game picked has an unfinished game saved; then the person is asked first."""
    if not autosave_path(menu.selected_game).exists():
        menu.new_game()
        return
    title = menu.entry.title.split(" (")[0]
    menu.confirm_new = ConfirmDialog(
        menu.ui, f"Start a new game of {title}? Your unfinished game of it is lost (Resume opens it).",
        title="New game", yes="New game", no="Cancel", scale=menu.ui_scale)


def open_notice(menu: MenuScene, text: str) -> None:
    """Say `text` in a box over the menu, with OK (a message the panel has no room for); closing it forgets the
    message."""
    def forget() -> None:
        menu.message = ""

    menu.notice = ConfirmDialog(menu.ui, text, title="Notice", yes="OK", no="Close", scale=menu.ui_scale,
                                on_no=forget)
    menu.notice.cancel_button.hide()


def host_online(menu: MenuScene) -> None:
    """Host the table the form shows for other computers, and open its lobby; or say why it cannot be."""
    menu._harvest()
    options, seats = menu.form_values()
    problem = menu.app.navigator.host(menu.selected_game, seats, options)
    if problem:
        menu.show_message(problem)


#: What hosting does, said on its button.
HOST_TIP = "Let people on other computers take the Human seats: they choose Join a table and type its code"


def host_button(menu: MenuScene, row: pygame.Rect | None) -> None:
    """The Host online button at the right end of `row`, the room right of the players' count (None: a game for
    one, or no room)."""
    width = text_width(menu.ui, "Host online", BUTTON) + 40
    if row is None or row.width < width:
        return
    rect = pygame.Rect(row.right - width, row.y, width, row.height)
    menu.buttons["host"] = UIButton(rect, "Host online", menu.ui, tool_tip_text=HOST_TIP)
