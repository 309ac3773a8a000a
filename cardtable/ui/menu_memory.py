"""The menu's memory across tables and restarts: the game a table was of (and, in the settings, the game last played
at a table, where the menu opens after a restart), and each game's last new-table form.

A form is kept in the settings file (`Settings.last_forms`, shape-checked when read) and checked again against the
game's rules when it is restored: an option the game does not have, a value it does not take, a player count out of
its range, an unknown seat kind or an unreadable name is dropped (the form's default stays), never raised.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from cardtable.core.engine import Rules
from cardtable.games.info import GameInfo
from cardtable.storage import clean_last_forms
from cardtable.ui.menu_form import NAME_LIMIT, SEAT_KIND_CHOICES, TableForm

if TYPE_CHECKING:
    from cardtable.ui.window import App, Scene

log = logging.getLogger("cardtable")

KINDS = tuple(kind for _, kind in SEAT_KIND_CHOICES)
#: The menu's memory holds this key while what it remembered in the settings is not written yet.
UNWRITTEN = "unwritten"


def game_of(scene: Scene | None) -> str | None:
    """The id of the game a scene shows a match of (a table, a replay), or None."""
    match = getattr(scene, "match", None)
    rules = getattr(match, "rules", None)
    game_id = getattr(rules, "id", None)
    return game_id if isinstance(game_id, str) else None


def form_to_json(form: TableForm) -> dict[str, Any]:
    """What is kept of a form in the settings file."""
    return {"options": dict(form.options), "players": form.players, "kinds": list(form.kinds[:form.players]),
            "names": [" ".join(n.split())[:NAME_LIMIT] for n in form.names[:form.players]]}


def restore_form(rules: Rules | GameInfo, data: Any) -> TableForm:
    """The game's form with what of `data` (an untrusted stored form) suits its rules; defaults for the rest."""
    form = TableForm.for_rules(rules)
    clean = clean_last_forms({rules.id: data}).get(rules.id, {}) if rules.id.isidentifier() else {}
    for name, value in clean.get("options", {}).items():
        try:
            form.options.update({name: rules.validate_options({name: value})[name]})
        except ValueError:
            log.info("a remembered option of %s is dropped: %r = %r", rules.id, name, value)
    players: Any = clean.get("players")  # stored data: a count only if it is one of the game's
    if players in rules.players:
        form.resize(players)
    multi = rules.players.stop - 1 > 1  # a game for one has no seat menus: its seat stays the person's
    for seat, kind in enumerate(clean.get("kinds", [])[:form.players] if multi else []):
        known = next((k for k in KINDS if k == kind), None)  # stored data: a seat kind only if it is one
        if known is not None:
            form.kinds[seat] = known
    for seat, name in enumerate(clean.get("names", [])[:form.players]):
        if isinstance(name, str) and name.strip() and name.isprintable() and len(name) <= NAME_LIMIT:
            form.names[seat] = name
    return form


def remember_game(app: App, game_id: str, write: bool = True) -> None:
    """Keep `game_id` as the game last played, for the menu to open on after a restart (`write`: see `remember`)."""
    if app.settings.last_game == game_id:
        return
    app.settings.last_game = game_id
    _keep(app, write, f"the last game played ({game_id})")


def remember(app: App, game_id: str, form: TableForm, write: bool = True) -> None:
    """Keep `form` as the last form of `game_id` in the settings, and write them if that changed something.
    `write=False`: written later, by `write_remembered` (the table being opened writes them in a frame of its own)."""
    data = form_to_json(form)
    if app.settings.last_forms.get(game_id) == data:
        return
    app.settings.last_forms[game_id] = data
    _keep(app, write, f"the menu's form of {game_id}")


def write_remembered(app: App) -> None:
    """Write the settings if what the menu remembered is not written yet (one write for all of it)."""
    if app.navigator.menu_memory.pop(UNWRITTEN, False):
        _keep(app, True, "what the menu remembered")


def _keep(app: App, write: bool, what: str) -> None:
    """Write the settings now (`write`), or note that they are still to be written."""
    if not write:
        app.navigator.menu_memory[UNWRITTEN] = True
        return
    app.navigator.menu_memory.pop(UNWRITTEN, None)
    try:
        app.settings.save()
    except (OSError, ValueError):  # what is remembered still holds until the app quits
        log.warning("%s could not be saved", what, exc_info=True)
