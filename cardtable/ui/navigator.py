"""The one place scenes are made: a scene asks for the next one by what it is, and never imports another scene.

The navigator also remembers what the menu showed (the game picked, each game's form), so the menu comes back as
it was left when a table, a replay or the settings return to it.  A scene left only for a moment (a table while its
rules are read) is kept by the scene that covers it and shown again by `reopen`, its game still under way.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.games import get_game
from cardtable.storage import last_game_path

if TYPE_CHECKING:  # the session comes with the first table or replay (the menu needs none of it)
    from cardtable.net.connection import Connection
    from cardtable.net.hosting import Hosting
    from cardtable.session.match import Match, Seat
    from cardtable.ui.window import App, Scene


class Navigator:
    """Switches the app's scene."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.menu_memory: dict[str, Any] = {}  # the menu's picked game and forms, kept between visits
        self.hosting: Hosting | None = None  # the table this computer hosts, while it does

    def menu(self, message: str = "") -> None:
        from cardtable.ui.menu import MenuScene
        from cardtable.ui.menu_memory import game_of

        self.stop_hosting()
        game = game_of(self.app.scene)  # back from a table (or a replay): the menu shows that table's game
        if game is not None:
            self.menu_memory["game"] = game
        self.app.show(MenuScene(self.app, message))

    def table(self, match: Match) -> None:
        """The table for `match` (an exception while opening it reaches the caller: the menu reports it)."""
        from cardtable.ui.table import TableScene

        self.app.show(TableScene(self.app, match))

    def new_table(self, game_id: str) -> None:
        """A new table of `game_id` with the options and seats the menu's form would start it with (`--table`);
        KeyError for a game there is none of."""
        from cardtable.session.match import Match
        from cardtable.session.saves import Autosave
        from cardtable.ui.menu_memory import restore_form

        game = get_game(game_id)
        form = restore_form(game.rules, self.app.settings.last_forms.get(game.id))
        saver = Autosave.for_game(game.id) if self.app.instance.claim() else None
        self.table(Match(game, form.seats(), dict(form.options), saver=saver, save_now=False))  # saved by the table

    # ----- play across computers ---------------------------------------------------------------
    def join(self) -> None:
        """The screen that finds or takes the address of a hosted table."""
        from cardtable.ui.net_join import JoinScene

        self.app.show(JoinScene(self.app))

    def host(self, game_id: str, seats: list[Seat], options: dict[str, Any]) -> str | None:
        """Host a table of `game_id` with the new-table form's seats (every person's seat open to join, the first
        one this computer's) and show its lobby; a sentence for the person if it cannot be hosted."""
        from cardtable.net.hosting import Hosting

        self.stop_hosting()
        hosting = Hosting(get_game(game_id), seats, options)
        try:
            hosting.start()
        except OSError as exc:
            hosting.close()
            return f"The table could not be hosted: {exc.strerror or exc}"
        self.hosting = hosting
        assert hosting.connection is not None
        self.lobby(hosting.connection, hosting)
        return None

    def host_again(self, code: str) -> str | None:
        """Take up again a table this computer hosted and did not finish (its file kept), and show it: the lobby,
        or the table once its first position arrives; a sentence for the person if it cannot be."""
        from cardtable.net.hosting import Hosting
        from cardtable.session.match import SaveError

        self.stop_hosting()
        try:
            hosting = Hosting.again(code)
            hosting.start()
        except SaveError as exc:
            return exc.message
        except (OSError, ValueError) as exc:
            return f"The table could not be hosted again: {exc}"
        self.hosting = hosting
        assert hosting.connection is not None
        self.lobby(hosting.connection, hosting)
        return None

    def lobby(self, connection: Connection, hosting: Hosting | None = None) -> None:
        """The lobby of a hosted table, until its game starts."""
        from cardtable.ui.net_lobby import LobbyScene

        self.app.show(LobbyScene(self.app, connection, hosting))

    def remote_table(self, connection: Connection, hosting: Hosting | None = None) -> None:
        """The table of a hosted game that has started, played through `connection`."""
        from cardtable.net.remote_match import RemoteDriver, RemoteMatch
        from cardtable.ui.table import TableScene

        match = RemoteMatch(connection.client, connection.send, link=lambda: (connection.status, connection.drops))
        self.app.show(TableScene(self.app, match, RemoteDriver(match)))

    def stop_hosting(self) -> None:
        """This computer stops hosting (back at the menu, or quitting): its table is kept if unfinished."""
        hosting, self.hosting = self.hosting, None
        if hosting is not None:
            hosting.close()

    def replay(self, match: Match, back_to: Scene | None = None) -> None:
        """The replay of `match`; leaving it shows `back_to` again (the statistics it was opened from), else the
        menu."""
        from cardtable.ui.replay import ReplayScene

        self.app.show(ReplayScene(self.app, match, back_to))

    def replay_last(self, game_id: str, back_to: Scene | None = None) -> str | None:
        """The replay of the last finished game of `game_id`; a sentence for the person if there is none to open."""
        return self.replay_file(last_game_path(game_id), back_to=back_to)

    def replay_file(self, path: Path, game_id: str | None = None, back_to: Scene | None = None) -> str | None:
        """The replay of the finished game saved at `path` (of `game_id`, if given), left for `back_to` (see
        `replay`); a sentence for the person if it cannot be opened (a damaged file is kept aside, and the sentence
        says where)."""
        from cardtable.session.match import SaveError
        from cardtable.session.saves import load_match

        try:
            match = load_match(path, get_game, game_id=game_id)
        except SaveError as exc:
            return exc.message
        except FileNotFoundError:
            return "There is no finished game to replay."
        self.replay(match, back_to)
        return None

    def settings(self) -> None:
        from cardtable.ui.settings_scene import SettingsScene

        self.app.show(SettingsScene(self.app))

    def statistics(self) -> None:
        from cardtable.ui.stats_scene import StatsScene

        self.app.show(StatsScene(self.app))

    def rules(self, game_id: str, back_to: Scene | None = None) -> None:
        """The rules of `game_id`; leaving them shows `back_to` again (the table they were opened from), or else
        the menu."""
        from cardtable.ui.rules_scene import RulesScene

        self.app.show(RulesScene(self.app, game_id, back_to))

    def reopen(self, scene: Scene) -> None:
        """Show again a scene that was left for a moment, as it was, fitted to the window as it is now."""
        self.app.show(scene)
        if scene.ui_scale != self.app.ui_scale or tuple(scene.ui.window_resolution) != self.app.size:
            self.app.refit()  # the window changed size while the scene was away
