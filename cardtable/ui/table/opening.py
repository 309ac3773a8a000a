"""What opening a table makes, a step at a time (`SceneBuild` runs them within each frame's budget): the new game's
first save (a write to disk, in a frame after the click's), the bots' worker started, each seat's panel, the
toolbar's buttons, the empty places, each card image the layout shows at its size, the outlines, the menu's settings
(another write, frames after the first), then the toolbar shown, the deal's sound (it may open the sound device) and
the person's buttons.  No move can be made before the last step: a new game is saved before its first move."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from cardtable.bots.worker import warm_up
from cardtable.core.cues import DEAL
from cardtable.core.layout import TableLayout
from cardtable.ui import theme
from cardtable.ui.menu_memory import write_remembered
from cardtable.ui.preload import import_steps
from cardtable.ui.table.building import in_parts
from cardtable.ui.table.fit_text import min_px
from cardtable.ui.table.sprites import OUTLINE_PX, SLOTTED
from cardtable.ui.table.view import place_panel

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene


def opening_steps(scene: TableScene) -> list[Callable[[], object]]:
    """The table's making, a step at a time: what the menu had no time to import, the first save, the bots' worker,
    the panels' fonts, each seat's panel, the toolbar's buttons, each card image the layout shows (at its size), then
    the person's buttons and the toolbar shown."""
    layout = scene.layout
    s = scene.ui_scale
    steps = import_steps()  # what the menu had no time to import (the saving modules first), a module a step
    steps.append(partial(first_save, scene))
    if scene.driver.bots:
        steps.append(warm_up)  # the bots' worker process starts while the table is made and the deal dealt
    steps += [  # each size the panels' text may take, loaded (their steps then measure)
        partial(scene.fonts.get, px, bold) for px in range(min_px(s), int(16 * s) + 2) for bold in (False, True)]
    steps += [partial(place_panel, scene.sprites, zone, scene.fonts, scene.seat_cue, scene.ui_scale)
              for zone in layout.zones if zone.markers or zone.kind == "seat"]
    steps.append(partial(setattr, scene, "seats_shown", True))
    steps += scene.panels.toolbar_steps()
    slots = {((z.slot[2], z.slot[3]), z.label) for z in layout.zones if z.kind in SLOTTED}
    steps += [in_parts(scene.app.art.slot_parts(size, label)) for size, label in slots]  # the empty places' images
    steps += [partial(getattr, slot, "image") for slot in scene.sprites.slots]  # (drawn: a look-up each)
    steps += art_steps(scene, layout)
    for colour in (theme.LEGAL, theme.PICKED):
        steps.append(partial(scene.app.art.outline, layout.card_size, colour, OUTLINE_PX))
    steps.append(partial(write_remembered, scene.app))  # (apart from the first save: one write to disk a frame)
    steps.append(partial(made, scene))
    return steps


def first_save(scene: TableScene) -> None:
    """A new game's first save, unless it was saved as it was made (`Match.save_due`); a write that fails is said."""
    match = scene.match
    if match.save_due:
        match.autosave()
        scene.say(match.save_error, error=True)


def art_steps(scene: TableScene, layout: TableLayout) -> list[Callable[[], object]]:
    """Drawing each card image `layout` shows (at its size, a face also at the layout's card size, which a card
    in flight is scaled from, as is a back), a step each in parts; what is drawn already costs a look-up."""
    look = scene.look()
    images = {(spot.card if spot.face_up else None, spot.face_up, (spot.rect[2], spot.rect[3]))
              for zone in layout.zones for spot in zone.spots}
    backs = {size for _, up, size in images if not up} | {layout.card_size}
    return [*(in_parts(look.image_parts(None, False, size)) for size in backs),
            *(in_parts(look.image_parts(card, True, size, layout.card_size)) for card, up, size in images if up)]


def made(scene: TableScene) -> Callable[[], object] | None:
    """The last step of the table's making: its toolbar shows, a new deal sounds (the dealt cards begin to fly), and
    the person's buttons are made (a step each)."""
    scene.panels.show_toolbar()
    if not scene.match.log and not scene.match.state.is_over():
        scene.app.sounds.play(DEAL)
    return in_parts(scene.panels.build_parts())
