"""A focus the keys move over what is on screen: Tab and Shift+Tab go through it in order, the arrow keys to the
nearest thing in their direction, and Enter or Space acts on it.  It is drawn, as a thick outline, only once one of
those keys has been pressed, so people who play with the mouse never see it; a mouse press hides it again.

The screens say what may take the focus (`Item`s, in their order); this module moves it and draws it.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import pygame
import pygame_gui

if TYPE_CHECKING:  # the layouts' module, imported with a game's layout
    from cardtable.core.layout import Rect


#: The focus's outline: magenta, apart from the blue of what is legal, the green of what is picked and the gold of
#: the seat to act, and edged in near-black so that it shows on a light card or button as on the felt.
FOCUS = (255, 60, 220)
EDGE = (25, 10, 25)
DIRECTIONS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
NAVIGATION = (pygame.K_TAB, *DIRECTIONS)
ACTIVATION = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

Key = TypeVar("Key", bound=Hashable, covariant=True)


@dataclass(frozen=True)
class Item(Generic[Key]):
    """Something the focus may rest on: its `key` (stable while it stays on screen; a screen chooses its kind),
    where it is, and the pygame-gui widget Enter acts on when it is one (a button, a drop-down or a text field, see
    `act`)."""

    key: Key
    rect: Rect
    button: Any = None


AnyItem = TypeVar("AnyItem", bound=Item[Hashable])  # a screen's own items, given back as they are


def usable(button: Any) -> bool:
    """Whether a pygame-gui button is on screen and may be pressed."""
    return bool(button.alive() and button.visible and button.is_enabled)


def press(button: Any) -> None:
    """Press a pygame-gui button as a click does: its event goes through the widgets and then the scene."""
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button,
                                         ui_object_id=button.most_specific_combined_id, mouse_button=1))


def choose(menu: Any, step: int = 1) -> None:
    """Pick the drop-down's option `step` places on from the picked one (round the end), as a click in its open list
    does: the drop-down shows it, and its change event goes through the widgets and then the scene."""
    options = menu.options_list
    ids = [option[1] for option in options]
    here = ids.index(menu.selected_option[1]) if menu.selected_option[1] in ids else 0
    choice = options[(here + step) % len(options)]
    menu.selected_option = choice
    for state in menu.menu_states.values():
        state.selected_option = choice
    closed = menu.menu_states["closed"]
    if menu.current_state is closed:  # shown again with the new choice
        closed.finish()
        closed.start(should_rebuild=False)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=choice[0],
                                         selected_option_id=choice[1], ui_element=menu,
                                         ui_object_id=menu.most_specific_combined_id))


def act(widget: Any, backward: bool = False) -> None:
    """What Enter or Space does to a focused widget: press a button, pick a drop-down's next option (the one before
    with Shift), or give a text field the keys until Tab, Enter or Esc."""
    if isinstance(widget, pygame_gui.elements.UIDropDownMenu):
        choose(widget, -1 if backward else 1)
    elif isinstance(widget, pygame_gui.elements.UITextEntryLine):
        widget.ui_manager.set_focus_set(widget)
    else:
        press(widget)


def typing(widgets: Sequence[Any]) -> Any:
    """The text field of `widgets` that has the keys, if one has."""
    return next((w for w in widgets if isinstance(w, pygame_gui.elements.UITextEntryLine) and w.alive()
                 and w.is_focused), None)


def centre(rect: Rect) -> tuple[float, float]:
    return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2


def toward(items: Sequence[AnyItem], rect: Rect, direction: tuple[int, int]) -> AnyItem | None:
    """The item nearest `rect` in `direction` (straight ahead counts more than sideways), of those within a cone
    around it; None if there is none."""
    cx, cy = centre(rect)
    best: tuple[float, AnyItem] | None = None
    for item in items:
        x, y = centre(item.rect)
        ahead = (x - cx) * direction[0] + (y - cy) * direction[1]
        aside = abs((x - cx) * direction[1]) + abs((y - cy) * direction[0])
        if ahead < 1 or aside > 2 * ahead:
            continue
        score = ahead + 2 * aside
        if best is None or score < best[0]:
            best = (score, item)
    return None if best is None else best[1]


def draw_focus(surface: pygame.Surface, rect: Rect, scale: float = 1.0) -> None:
    """The focus's outline around `rect`, clear of the blue and green outlines drawn just outside a card."""
    width = max(3, round(4 * scale))
    box = pygame.Rect(rect).inflate(2 * width + 10, 2 * width + 10).clip(surface.get_rect().inflate(-2, -2))
    pygame.draw.rect(surface, EDGE, box.inflate(4, 4), 2, border_radius=8)
    pygame.draw.rect(surface, FOCUS, box, width, border_radius=7)
    pygame.draw.rect(surface, EDGE, box.inflate(-2 * width, -2 * width), 1, border_radius=5)


class FocusRing:
    """Where the focus is among a screen's items, and whether it is shown."""

    def __init__(self) -> None:
        self.shown = False
        self.key: Hashable | None = None
        self.rect: Rect | None = None  # where the focus last was, to find the nearest item when its own has gone

    def current(self, items: Sequence[AnyItem], fallback: Hashable | None = None) -> AnyItem | None:
        """The focused item; when it has gone, `fallback`'s item, else the nearest to where it was, else the first."""
        if not items:
            return None
        found = next((i for i in items if i.key == self.key), None)
        if found is None:
            found = next((i for i in items if i.key == fallback), None)
        if found is None and self.rect is not None:
            found = min(items, key=lambda i: _distance(i.rect, self.rect))  # type: ignore[arg-type]
        self.focus(found or items[0])
        return found or items[0]

    def focus(self, item: Item[Hashable]) -> None:
        self.key, self.rect = item.key, item.rect

    def navigate(self, items: Sequence[Item[Hashable]], event: pygame.event.Event, fallback: Hashable | None = None
                 ) -> bool:
        """Move the focus for a Tab, Shift+Tab or arrow key (the first one only shows it); False for other keys."""
        if event.key not in NAVIGATION or not items:
            return False
        here = self.current(items, fallback)
        if not self.shown or here is None:
            self.shown = True
            return True
        if event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.focus(items[(items.index(here) + step) % len(items)])
        else:
            there = toward([i for i in items if i is not here], here.rect, DIRECTIONS[event.key])
            if there is not None:
                self.focus(there)
        return True

    def draw(self, surface: pygame.Surface, items: Sequence[Item[Hashable]], scale: float = 1.0,
             fallback: Hashable | None = None) -> None:
        """The outline around the focused item, while the focus shows."""
        if self.shown:
            here = self.current(items, fallback)
            if here is not None:
                draw_focus(surface, here.rect, scale)


def _distance(a: Rect, b: Rect) -> float:
    (ax, ay), (bx, by) = centre(a), centre(b)
    return (ax - bx) ** 2 + (ay - by) ** 2


class ButtonFocus:
    """The focus over a screen's widgets (the menu): the keys move it, Enter or Space acts on the widget (`act`).
    While a question is open (a pygame-gui confirmation dialog), only its answers take the focus; while a text
    field has the keys, Tab leaves it for the next widget and Enter or Esc leaves it where it is."""

    def __init__(self, start: Hashable | None = None) -> None:
        self.ring = FocusRing()
        self.ring.key = start

    @staticmethod
    def items(buttons: Mapping[str, Any], question: Any = None) -> list[Item[str]]:
        """The usable widgets (in `buttons`, in Tab order), or the open question's answers."""
        if question is not None and question.alive():  # the harmless answer first
            buttons = {"question:no": question.cancel_button, "question:yes": question.confirm_button}
        return [Item(key, tuple(button.rect), button) for key, button in buttons.items() if usable(button)]

    def present(self, buttons: Mapping[str, Any], question: Any = None) -> list[Item[str]]:
        """`items`, with the focus moved to the harmless answer of a question that has just opened."""
        items = self.items(buttons, question)
        if items and str(items[0].key).startswith("question:") and self.ring.key not in [i.key for i in items]:
            self.ring.focus(items[0])
        return items

    def handle(self, event: pygame.event.Event, buttons: Mapping[str, Any], question: Any = None) -> bool:
        """Take a navigation key, or Enter or Space while the focus shows; True if the event was used.  A mouse
        press hides the focus."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.ring.shown = False
            return False
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in buttons.values():
            event.ui_element.ui_manager.set_focus_set(None)  # Enter, which the field itself takes, leaves it
            return True
        if event.type != pygame.KEYDOWN:
            return False
        field = typing(list(buttons.values()))
        if field is not None:
            if event.key not in (pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                return True  # the field's own key (the field has had it)
            field.ui_manager.set_focus_set(None)
            if event.key != pygame.K_TAB:
                return True
        items = self.present(buttons, question)
        if event.key in ACTIVATION and self.ring.shown:
            here = self.ring.current(items)
            if here is not None:
                act(here.button, bool(event.mod & pygame.KMOD_SHIFT))
                return True
            return False
        return self.ring.navigate(items, event)

    def draw(self, surface: pygame.Surface, buttons: Mapping[str, Any], question: Any = None,
             scale: float = 1.0) -> None:
        """The outline around the focused button, while the focus shows."""
        self.ring.draw(surface, self.present(buttons, question), scale)
