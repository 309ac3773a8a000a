"""Plain helpers shared by the table tests in tests/ui (their fixtures are in conftest.py).

Reaching a position by seeded playouts and building the match; finding, clicking and dragging the person's cards at
the screen; running frames until the table gets somewhere; the pass-and-play curtain.  Every helper works for any
game: a game's own helpers stay in its test module.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TypeVar, cast

import pygame
import pytest

from cardtable.core.cards import Card
from cardtable.core.engine import Action, Rules, State
from cardtable.core.layout import Rect, Spot, Zone
from cardtable.core.words import Names
from cardtable.games import get_game
from cardtable.session.match import Match, Saver, Seat
from cardtable.ui import theme
from cardtable.ui.driver import DT, UIDriver, visible_point
from cardtable.ui.table import TableScene
from cardtable.ui.table.input import DOUBLE_CLICK_SECONDS
from cardtable.ui.window import App

S = TypeVar("S", bound=State)

SIZES = ((800, 560), (1280, 800), (1920, 1080))  # the window sizes a table is checked at: small, default, large
fast = pytest.mark.parametrize("table_speed", ["fast"])  # the table animates (at its fast speed) instead of jumping


# --------------------------------------------------------------------------- positions and matches


def random_move(state: State, rng: random.Random) -> Action:
    """A legal move picked by `rng` (the playouts' default policy)."""
    return rng.choice(state.legal_actions())


def find_moves(rules: Rules, players: int, wanted: Callable[[S], bool], options: dict | None = None, *,
               seeds: Iterable[int] = range(3000), policy: Callable[[S, random.Random], Action] = random_move,
               deal: Callable[[S], bool] | None = None, most: int | None = None) -> tuple[int, list[Action]]:
    """The first seed, and the moves from its deal, of a playout that reaches a position `wanted`.

    A playout's moves come from `policy` with a generator seeded like the deal; `deal` screens a deal (cheaply) before
    any move; a playout ends with the game, or after `most` moves.
    """
    for seed in seeds:
        state = cast(S, rules.new_game(players, options or {}, seed))
        if deal is not None and not deal(state):
            continue
        rng = random.Random(seed)
        moves: list[Action] = []
        while True:
            if wanted(state):
                return seed, moves
            if state.is_over() or (most is not None and len(moves) >= most):
                break
            action = policy(state, rng)
            state.apply(action)
            moves.append(action)
    raise AssertionError("no playout reaches such a position")


def state_at(rules: Rules, players: int, wanted: Callable[[S], bool], options: dict | None = None, *,
             policy: Callable[[S, random.Random], Action] = random_move, most: int | None = None) -> S:
    """The position `wanted` that `find_moves` reaches, played afresh from its seed's deal."""
    seed, moves = find_moves(rules, players, wanted, options, policy=policy, most=most)
    state = cast(S, rules.new_game(players, options or {}, seed))
    for action in moves:
        state.apply(action)
    return state


def seats(humans: Sequence[str], players: int, bots: Sequence[str], level: str = "normal") -> list[Seat]:
    """`humans` at the first seats, then `players` in all with bots of `level` named from `bots` in order."""
    return [Seat("human", name) for name in humans] + [Seat(f"bot:{level}", bots[i])
                                                       for i in range(players - len(humans))]


def new_match(game: str, people: Sequence[Seat], options: dict | None = None, seed: int = 1,
              moves: Iterable[Action] = (), saver: Saver | None = None) -> Match:
    """A match of the game `game` (its id) with `moves` already played, each through `Match.apply`."""
    match = Match(get_game(game), people, options or {}, seed, saver=saver)
    for action in moves:
        match.apply(action)
    return match


def seat_notes_due(match: Match) -> dict[int, str]:
    """What each seat's panel should say it did last: its last announced move since the last deal (an event of kind
    "deal"), as the table says it without the seat's name (the verb agreeing with it: "play" under You); worked out
    by replaying the match's log afresh."""
    state = match.rules.new_game(len(match.seats), match.options, match.seed)
    names = Names.of(seat.name for seat in match.seats)
    notes: dict[int, str] = {}
    for entry in match.log:
        for event in state.apply(entry.action):
            if event.kind == "deal":
                notes.clear()
            if event.seat is None or event.kind == "win":
                continue
            said = match.game.narration.event(event, names)
            if said is not None and said.text and said.note:
                notes[event.seat] = said.note
    return notes


# --------------------------------------------------------------------------- the screen and gestures


def centre(rect: Sequence[int]) -> tuple[int, int]:
    """The middle of an (x, y, w, h) rectangle."""
    return rect[0] + rect[2] // 2, rect[1] + rect[3] // 2


def overlaps(a: Sequence[int], b: Sequence[int]) -> bool:
    """Whether two (x, y, w, h) rectangles share any pixel."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def inside(rect: Sequence[int], size: tuple[int, int]) -> bool:
    """Whether an (x, y, w, h) rectangle lies wholly within a window of `size`."""
    x, y, w, h = rect
    return x >= 0 and y >= 0 and x + w <= size[0] and y + h <= size[1]


def hand_zone(table: TableScene) -> Zone:
    """The hand of the person at the screen."""
    return table.layout.zone(f"hand{table.viewer}")


def spot_of(table: TableScene, card: Card) -> Spot:
    """The spot of `card` in the hand at the screen."""
    return next(s for s in hand_zone(table).spots if s.card == card)


def card_rect(table: TableScene, card: Card) -> Rect:
    """Where `card` lies in the hand at the screen."""
    return spot_of(table, card).rect


def card_point(table: TableScene, card: Card) -> tuple[int, int]:
    """A point of `card` in the hand at the screen that the next card of the fan does not cover."""
    spots = hand_zone(table).spots
    i = next(k for k, s in enumerate(spots) if s.card == card)
    return visible_point(spots[i].rect, spots[i + 1].rect if i + 1 < len(spots) else None)


def click_anew(table: TableScene, driver: UIDriver, point: tuple[int, int]) -> None:
    """Click `point` once the double-click time since the table's last click is over (the same place may have been
    clicked just before)."""
    if table.last_click is not None:
        gap = DOUBLE_CLICK_SECONDS + 0.05 - (table.clock - table.last_click[0])
        if gap > 0:
            driver.frames(math.ceil(gap / DT))
    driver.click(point)


def click_button(driver: UIDriver, table: TableScene, name: str) -> None:
    """Click a table button by name (looked up afresh: the table rebuilds its buttons after every change)."""
    button = table.buttons[name]
    assert button.is_enabled, f"the {name!r} button is disabled"
    driver.click_widget(button)


def click_card(table: TableScene, driver: UIDriver, card: Card) -> None:
    """Click `card` in the hand at the screen (after the double-click time)."""
    click_anew(table, driver, card_point(table, card))


def right_click(driver: UIDriver, point: tuple[int, int]) -> None:
    """Press and release the right mouse button (3) at `point`."""
    driver.post(pygame.MOUSEBUTTONDOWN, pos=point, button=3)
    driver.frames(1)
    driver.post(pygame.MOUSEBUTTONUP, pos=point, button=3)
    driver.frames(1)


def drop_at(table: TableScene, driver: UIDriver, card: Card, at: tuple[int, int]) -> None:
    """Drag `card` from the hand at the screen so that its centre lands on `at`."""
    start = card_point(table, card)
    cx, cy = centre(card_rect(table, card))
    driver.drag(start, (start[0] + at[0] - cx, start[1] + at[1] - cy))


def drag_onto(table: TableScene, driver: UIDriver, card: Card, area: Sequence[int]) -> None:
    """Drag `card` from the hand at the screen so that it lies centred on the rectangle `area`."""
    drop_at(table, driver, card, centre(area))


def drag_to_pile(table: TableScene, driver: UIDriver, card: Card, zone_id: str) -> None:
    """Drag `card` from the hand at the screen onto the pile `zone_id` (its corner 10 px below the pile's top card,
    or below the empty pile's place), whether or not that is legal."""
    start = card_point(table, card)
    here = card_rect(table, card)
    pile = table.layout.zone(zone_id)
    target = pile.spots[-1].rect if pile.spots else pile.slot
    driver.drag(start, (start[0] + target[0] - here[0], start[1] + target[1] - here[1] + 10))


def face_up(table: TableScene) -> set[Card]:
    """Every card the table shows face up."""
    return {s.card for z in table.layout.zones for s in z.spots if s.face_up and s.card is not None}


def hand_faces(table: TableScene) -> dict[str, list[Card | None]]:
    """The face-up cards of each hand zone, by zone id."""
    return {z.id: [s.card for s in z.spots if s.face_up] for z in table.layout.zones if z.id.startswith("hand")}


def assert_inside_window(table: TableScene) -> None:
    """Every zone's place and every card of the table lie inside the window."""
    size = table.app.size
    for zone in table.layout.zones:
        assert inside(zone.slot, size), f"{zone.id} at {zone.slot} is outside the {size} window"
        for spot in zone.spots:
            assert inside(spot.rect, size), f"a card of {zone.id} at {spot.rect} is outside the {size} window"


def resize(app: App, driver: UIDriver, size: tuple[int, int]) -> None:
    """Resize the window to `size` (the dummy driver's surface first, then VIDEORESIZE) and let the table redo."""
    pygame.display.set_mode(size)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    driver.frames(2)
    assert app.size == size


def sheet_image(window) -> pygame.Surface:
    """The image an open score sheet window shows."""
    from pygame_gui.elements import UIImage

    images = [e for e in window.get_container().elements if isinstance(e, UIImage)]
    assert len(images) == 1
    return images[0].image


def shows_sheet(table: TableScene, sheet) -> bool:
    """Whether the open score sheet window shows `sheet` (drawn as the window draws it)."""
    from cardtable.ui.scoresheet import render_sheet

    drawn = sheet_image(table.sheet_window)
    expected = render_sheet(sheet, table.font, table.bold).premul_alpha()  # as UIImage keeps it
    return drawn.get_size() == expected.get_size() and \
        pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(expected, "RGBA")


# --------------------------------------------------------------------------- running frames


def wait(driver: UIDriver, done: Callable[[], bool], seconds: float = 10.0) -> None:
    """Run frames until `done()`, for at most `seconds` of wall-clock time (bots may think in a worker)."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "the table did not get there in time"
        driver.frames(1)


def run_until(driver: UIDriver, done: Callable[[], bool], frames: int = 20_000) -> None:
    """Run frames until `done()`, at most `frames` of them (counted in frames, never in wall-clock time)."""
    for _ in range(frames):
        if done():
            return
        driver.frames(1)
    raise AssertionError("the table did not get there")


def finish_loading(app: App, frames: int = 2) -> None:
    """Let a save the menu is opening on its own thread finish (a bounded join: the thread's work, not a clock the
    test waits on), then run `frames` so the menu opens its table or says why it cannot."""
    loading = getattr(app.scene, "loading", None)
    if loading is not None:
        loading.thread.join(timeout=60)
        assert not loading.thread.is_alive(), "the save was still loading after a minute"
    for _ in range(frames):
        app.step(DT)


def human_to_act(table: TableScene) -> bool:
    """A person is to act at a table at rest, or the game is over."""
    turn = table.state.turn
    return turn is None or (table.match.seats[turn].is_human and table.settled)


def until_human(table: TableScene, driver: UIDriver, seconds: float = 10.0) -> None:
    """Let the bots play until a person is to act (or the game is over) and the table is at rest."""
    wait(driver, lambda: human_to_act(table), seconds)
    driver.settle(table)


# --------------------------------------------------------------------------- the pass-and-play curtain


def assert_curtain_colour(app: App, points: Iterable[tuple[int, int]]) -> None:
    """The screen shows the curtain's colour (give or take 6 a channel) at every one of `points`."""
    for x, y in points:
        colour = app.screen.get_at((x, y))[:3]
        assert all(abs(a - b) <= 6 for a, b in zip(colour, theme.CURTAIN, strict=True)), (x, y, colour)


def assert_curtain(table: TableScene, driver: UIDriver, hidden: Collection[Card] = ()) -> None:
    """The curtain is up: no card of a hand (nor of `hidden`) is in the picture, and the screen is the curtain
    (outside its words and button)."""
    assert table.curtain_for is not None and not table.human_turn
    secret = {c for h in table.state.hands for c in h} | set(hidden)
    assert not face_up(table) & secret
    driver.frames(1)
    w, h = table.app.size
    words = pygame.Rect(table.curtain.words or (0, 0, 0, 0))
    assert_curtain_colour(table.app, [(x, y) for x in range(10, w - 10, w // 9) for y in range(10, h - 10, h // 7)
                                      if not words.collidepoint(x, y)])


def assert_curtain_for(table: TableScene, name: str) -> None:
    """The curtain is up for the person `name`, and no card of any hand is face up in the layout."""
    assert table.curtain_for is not None
    assert table.match.seats[table.curtain_for].name == name
    assert not table.human_turn
    assert all(not faces for faces in hand_faces(table).values()), hand_faces(table)
    held = {c for h in table.state.hands for c in h}
    assert not face_up(table) & held, "no card of any hand is in the picture under the curtain"


def curtain_button(table: TableScene, driver: UIDriver) -> tuple[int, int]:
    """The middle of the curtain's button, once its beat has passed (frames run until then)."""
    run_until(driver, lambda: table.curtain.ready and table.curtain.button is not None, 600)
    driver.frames(1)
    assert table.curtain.button is not None
    return centre(table.curtain.button)


def lift(table: TableScene, driver: UIDriver) -> None:
    """The person the curtain is up for clicks its button, once it takes input."""
    driver.click(curtain_button(table, driver))
    assert table.curtain_for is None, "a click on the curtain's button lifts it"
