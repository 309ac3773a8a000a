"""Keyboard play at the table: a focus over what the person may act on, moved by Tab, Shift+Tab and the arrow keys.

With nothing picked, the focus goes over the cards the person may pick up (`GameLayout.can_pick`) or click (its
`click_action` is legal), the places a click acts on, and the enabled buttons.  Enter or Space on a card picks it up
as the selection (outlined green, the places it may go lit blue; in a zone that selects, it selects or unselects as
a click does), or clicks it when it cannot be picked up; on a button it presses it.  With cards picked, the focus
goes only over where they may be put (the lit targets) and the buttons; Enter puts them there as a click on a lit
target does.  Esc lets go of them (commands.py).  Nothing of this is drawn before the first navigation key.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.core.layout import Picked, Rect, Target, Zone, candidates
from cardtable.ui.keyfocus import ACTIVATION, FocusRing, Item, press, usable
from cardtable.ui.table.gestures import picked_from
from cardtable.ui.table.input import drop_area, target_area

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene

#: Buttons of a panel that waits for an answer (a chooser, a choice, the result, the deal menu, a question): they
#: come first, and the focus goes to them when they open.
MODAL = ("confirm:", "pick:", "choice:", "result_", "deal:")
GAME_BUTTONS = ("action:", "select:")

#: What the focus rests on at a table, by its key: ("button", name), ("card", zone, index), ("zone", zone) or
#: ("target", zone, index or None).
TableItem = Item[tuple[str, str] | tuple[str, str, int | None]]


def visible_part(zone: Zone, k: int) -> Rect:
    """The part of card `k` of `zone` that the next card does not cover (a fan's strip, a hand's edge)."""
    x, y, w, h = zone.spots[k].rect
    if k + 1 < len(zone.spots):
        nx, ny = zone.spots[k + 1].rect[:2]
        if y < ny < y + h and abs(nx - x) < w:
            h = ny - y
        elif x < nx < x + w and abs(ny - y) < h:
            w = nx - x
    return x, y, w, h


class TableFocus:
    """The keyboard's focus at one table: what it may rest on now, moving it, acting on it, drawing it."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.ring = FocusRing()
        self._held: tuple[Hashable, int] | None = None  # the card last picked up, and the move it was picked at
        self._made_for: tuple[Any, ...] | None = None
        self._items: list[TableItem] = []
        self._modal: Hashable | None = None
        self._before_modal: Hashable | None = None  # where the focus was when a panel asking for an answer opened

    @property
    def anchor(self) -> Hashable | None:
        """Where the focus goes back to when its own item has gone: the card picked up at this move (let go), else
        where it was before a panel that asked for an answer."""
        if self._held is None or self._held[1] != len(self.scene.match.log):
            return self._before_modal
        return self._held[0]

    # ----- what the focus may rest on ----------------------------------------------------------------
    def items(self) -> list[TableItem]:
        """Everything the focus may rest on now, in Tab order (worked out again only when the table changed)."""
        s = self.scene
        made_for = (s.layout, tuple(s.input.selected), s.human_turn, s.result_panel, s.confirm, len(s.match.log),
                    s.state.turn, tuple((n, b, b.alive(), b.visible, b.is_enabled) for n, b in s.buttons.items()))
        if made_for != self._made_for:
            self._made_for, self._items = made_for, self._build()
            modal = next((i for i in self._items if i.key[0] == "button" and i.key[1].startswith(MODAL)), None)
            if modal is not None and modal.key != self._modal:
                if self._modal is None:
                    self._before_modal = self.ring.key
                self.ring.focus(modal)  # a panel that asks for an answer has just opened
            self._modal = None if modal is None else modal.key
        return self._items

    def _build(self) -> list[TableItem]:
        s = self.scene
        confirm = s.confirm
        if confirm is not None and confirm.alive():  # a question: only its answers
            named = (("confirm:no", confirm.cancel_button), ("confirm:yes", confirm.confirm_button))  # harmless first
            return [Item(("button", n), tuple(b.rect), b) for n, b in named if usable(b)]
        buttons = [Item(("button", n), tuple(b.rect), b) for n, b in s.buttons.items() if usable(b)]
        places: list[TableItem] = []
        if s.human_turn and s.result_panel is None:
            places = self._targets() if s.input.selected else self._cards()
        return ([b for b in buttons if b.key[1].startswith(MODAL)] + places
                + [b for b in buttons if b.key[1].startswith(GAME_BUTTONS)]
                + [b for b in buttons if not b.key[1].startswith(MODAL + GAME_BUTTONS)])

    def _cards(self) -> list[TableItem]:
        """The cards the person may pick up or click, and the places a click acts on (one per move: a pile whose
        every card deals is one place)."""
        s = self.scene
        game, view, legal = s.game_layout, s.view(), s.legal()

        def clicks(target: Target) -> tuple[Any, ...]:
            return tuple(a for a in candidates(game.click_action(view, legal, target)) if a in legal)

        items: list[TableItem] = []
        for zone in s.layout.zones:
            clicked: dict[tuple[Any, ...], TableItem] = {}
            for k, spot in enumerate(zone.spots):
                key = ("card", zone.id, spot.index)
                if game.can_pick(view, zone.id, spot.index) or spot.index in zone.playable:
                    items.append(Item(key, visible_part(zone, k)))
                elif moves := clicks(Target(zone.id, spot.index)):
                    clicked[moves] = Item(key, visible_part(zone, k))  # the topmost card of those that do it
            items += clicked.values()
            moves = clicks(Target(zone.id))
            if moves and moves not in clicked:
                items.append(Item(("zone", zone.id), drop_area(zone)))
        return items

    def _targets(self) -> list[TableItem]:
        """Where the picked cards may go (the lit targets) and nothing that cannot take them; in a zone that
        selects, its other cards (to add to the selection) and those chosen (to take out of it)."""
        s = self.scene
        game, view, picked = s.game_layout, s.view(), s.input.selected
        items: list[TableItem] = [Item(("target", t.zone, t.index), target_area(z, t))
                                  for z, t, _ in s.input.selection_targets()]
        for zone in s.layout.zones:
            if zone.select and zone.id in {p.zone for p in picked}:
                for k, spot in enumerate(zone.spots):
                    chosen = Picked(zone.id, spot.index) in picked
                    if chosen and spot.index == picked[0].index or not chosen and game.can_pick(view, zone.id,
                                                                                                  spot.index):
                        items.append(Item(("card", zone.id, spot.index), visible_part(zone, k)))
        return items

    # ----- the keys ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Tab, Shift+Tab and the arrows move the focus (the first shows it); Enter or Space acts on it while it
        shows.  A mouse press hides it.  True if the event was used."""
        s = self.scene
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.ring.shown = False
            return False
        if event.type != pygame.KEYDOWN or s.curtain_for is not None or s.deals.dialog is not None or \
                event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            return False
        items = self.items()
        if event.key in ACTIVATION:
            here = self.ring.current(items, self.anchor) if self.ring.shown else None
            if here is None:
                return False
            self._act(here)
            return True
        return self.ring.navigate(items, event, self.anchor)

    def _act(self, item: TableItem) -> None:
        """Enter or Space on `item`."""
        s = self.scene
        kind, zone_id, *rest = item.key
        if kind == "button":
            press(item.button)
            return
        s.finish_animations()
        if item.key not in [i.key for i in self.items()]:  # what was moving has landed, and the table moved on
            return
        index = rest[0] if rest else None
        if kind != "card":
            s.input.click(zone_id, index)
            return
        assert index is not None  # a card's key has its index
        zone = s.layout.zone(zone_id)
        chosen = Picked(zone_id, index) in s.input.selected
        if chosen and not zone.select:
            s.input.clear_selection()  # Enter on the card held: let go of it
        elif zone.select or s.input.selected or not s.game_layout.can_pick(s.view(), zone_id, index):
            s.input.click(zone_id, index)
        else:
            s.input.pick(picked_from(zone, index))
        if s.input.selected and not chosen:
            self._held = (item.key, len(s.match.log))
            if zone.select <= 1:  # one card held: the focus goes on to the first place it may go
                target = next((i for i in self.items() if i.key[0] == "target"), None)
                if target is not None:
                    self.ring.focus(target)

    def draw(self, surface: pygame.Surface) -> None:
        """The focus's outline, once a navigation key has shown it."""
        if self.ring.shown and not self.scene.deals.searching and self.scene.curtain_for is None:
            self.ring.draw(surface, self.items(), self.scene.ui_scale, self.anchor)
