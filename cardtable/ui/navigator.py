"""The one place scenes are made: a scene asks for the next one by what it is, and never imports another scene.

The navigator also remembers what the menu showed (the game picked, each game's form), so the menu comes back as
it was left when a table, a replay or the settings return to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.session.match import Match

if TYPE_CHECKING:
    from cardtable.ui.window import App


class Navigator:
    """Switches the app's scene."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.menu_memory: dict[str, Any] = {}  # the menu's picked game and forms, kept between visits

    def menu(self, message: str = "") -> None:
        from cardtable.ui.menu import MenuScene

        self.app.show(MenuScene(self.app, message))

    def table(self, match: Match) -> None:
        """The table for `match` (an exception while opening it reaches the caller: the menu reports it)."""
        from cardtable.ui.table import TableScene

        self.app.show(TableScene(self.app, match))

    def replay(self, match: Match) -> None:
        from cardtable.ui.replay import ReplayScene

        self.app.show(ReplayScene(self.app, match))

    def settings(self) -> None:
        from cardtable.ui.settings_scene import SettingsScene

        self.app.show(SettingsScene(self.app))
