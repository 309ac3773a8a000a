"""A table is made over its first frames, each spending at most a frame's budget on it (`SceneBuild`): the seats
first, then the cards and the buttons; meanwhile nothing moves and no input is taken.  The result panel is made the
same way, and the same result again shows the panel already made.  The work is measured on a clock of the test's
own, which moves on a millisecond each time it is read."""

from __future__ import annotations

import random

import pygame

from cardtable.storage import Settings, autosave_path
from cardtable.ui import theme
from cardtable.ui.driver import UIDriver
from cardtable.ui.table import TableScene
from cardtable.ui.table.building import SceneBuild, in_parts
from tests.ui.conftest import BUDGET, TICK, TickingClock
from tests.ui.table_helpers import centre, hand_zone, new_match, seats


def kachuful_table(app) -> TableScene:
    match = new_match("kachuful", seats(("You",), 4, ("Bea", "Cy", "Di")), seed=3)
    table = TableScene(app, match)
    app.show(table)
    return table


def felt(surface: pygame.Surface, point: tuple[int, int]) -> bool:
    return tuple(surface.get_at(point))[:3] == theme.FELT


def test_a_table_is_made_a_few_steps_a_frame_showing_no_half_made_table(staged_app):
    table = kachuful_table(staged_app)
    driver = UIDriver(staged_app)
    hand = [centre(spot.rect) for spot in hand_zone(table).spots]
    seat = next(z for z in table.layout.zones if z.kind == "seat")
    panel_point = (seat.slot[0] + 4, seat.slot[1] + seat.slot[3] // 2)
    assert not table.ready
    frames = 0
    seats_seen = False
    while not table.ready:
        left = len(table.building.steps)
        driver.frames(1)
        frames += 1
        # A frame's steps: those begun within its budget, one more at most (a step begun just before it ran out).
        assert left - len(table.building.steps) <= BUDGET / TICK + 1
        if table.ready:
            break
        screen = staged_app.screen
        assert all(felt(screen, point) for point in hand), "no card is drawn before all are ready"
        if any(b.visible for b in table.buttons.values()):  # the toolbar shows once it is whole, in the last step
            assert len(table.building.steps) == 1, "only the person's buttons are still being made (a part a step)"
        assert not table.match.log, "nothing moves while the table is made"
        if table.seats_shown:
            seats_seen = True
            assert not felt(screen, panel_point)
        else:
            assert felt(screen, panel_point), "the seats show once they are all ready"
        assert frames < 200
    assert frames > 2 and seats_seen
    driver.frames(1)
    assert not any(felt(staged_app.screen, point) for point in hand)
    assert table.buttons["menu"].visible and table.buttons["new"].visible


def test_a_table_being_made_takes_no_input_and_a_new_window_size_makes_it_whole(staged_app):
    table = kachuful_table(staged_app)
    driver = UIDriver(staged_app)
    driver.frames(1)
    assert not table.ready
    driver.key(pygame.K_ESCAPE)  # (to the menu, once the table is made)
    assert staged_app.scene is table
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
    driver.frames(1)
    assert table.ready and table.buttons["menu"].visible
    assert all(spot.rect[0] + spot.rect[2] <= 1000 for zone in table.layout.zones for spot in zone.spots)
    driver.settle(table)
    assert table.settled


def test_the_result_panel_is_made_over_frames_and_opened_again_as_made(staged_app):
    match = new_match("crazy", seats(("You",), 4, ("Bea", "Cy", "Di")), seed=3)
    rng = random.Random(1)
    while not match.state.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    table = TableScene(staged_app, match)
    staged_app.show(table)
    driver = UIDriver(staged_app)
    while not table.ready:
        driver.frames(1)
    made_over = 0
    while table.result_panel is None:
        assert not table.settled
        driver.frames(1)
        made_over += 1
        assert made_over < 50
    assert made_over > 1
    panel = table.result_panel
    assert panel.visible and table.panels.result_shown
    table.panels.show_result()
    assert table.result_panel is panel, "the same result shows the panel already made"
    table.panels.see_table()
    table.panels.show_result()
    assert table.result_panel is panel and panel.visible


def test_a_step_in_parts_does_one_part_a_step_and_the_making_frame_does_only_what_its_budget_leaves():
    frame = [0]
    done: list[str] = []

    def parts():
        for name in ("pattern", "frame", "edges"):
            done.append(name)
            yield

    made = SceneBuild(TickingClock(), lambda: frame[0], budget=0.0)
    made.add(in_parts(parts()), lambda: done.append("next"))
    assert not made.run() and done == [], "the frame it was made in has spent its budget on making it"
    for expected in (["pattern"], ["pattern", "frame"], ["pattern", "frame", "edges"]):
        frame[0] += 1
        made.run()
        assert done == expected, "one step a frame when the budget is spent"
    for _ in range(2):  # (the generator's end, then the next step)
        frame[0] += 1
        made.run()
    assert made.done and done[-1] == "next"


def test_the_faces_a_new_layout_shows_are_drawn_ahead_over_the_next_frames(staged_app, monkeypatch):
    table = kachuful_table(staged_app)
    driver = UIDriver(staged_app)
    driver.settle(table)
    drawn: list[object] = []

    def face_parts(card, size, spec=None):
        yield  # (a face is drawn in parts)
        drawn.append(card)
        return pygame.Surface(size)

    monkeypatch.setattr(staged_app.art, "face", lambda card, size, spec=None: drawn.append(card) or
                        pygame.Surface(size))
    monkeypatch.setattr(staged_app.art, "face_parts", face_parts)
    monkeypatch.setattr(staged_app.art, "_faces", {})
    table.set_layout(table.build_layout())
    assert not table.ahead.done and not drawn
    frames = 0
    while not table.ahead.done:
        driver.frames(1)
        frames += 1
        assert frames < 50
    assert set(drawn) >= {spot.card for zone in table.layout.zones for spot in zone.spots if spot.face_up}


# ----- the disk writes of a new game opened from the menu: in the frames the table is made over, never the click's
class Writes:
    """Counts the settings written and says whether the game's autosave is on disk."""

    def __init__(self, monkeypatch, game: str) -> None:
        self.settings = 0
        self.path = autosave_path(game)
        real = Settings.save

        def save(settings: Settings) -> None:
            self.settings += 1
            real(settings)

        monkeypatch.setattr(Settings, "save", save)


def menu_on(app, game: str):
    """The menu, opened and then showing `game`'s form."""
    app.navigator.menu()
    UIDriver(app).frames(2)
    menu = app.scene
    menu.select_game(game)
    UIDriver(app).frames(1)
    return menu


def test_a_new_games_first_save_and_the_settings_are_written_as_the_table_is_made_before_it_takes_a_move(
        staged_app, monkeypatch):
    menu = menu_on(staged_app, "kachuful")
    writes = Writes(monkeypatch, "kachuful")
    assert not writes.path.exists()
    menu.new_game()
    table = staged_app.scene
    assert isinstance(table, TableScene) and table.match.save_due
    assert not writes.path.exists() and writes.settings == 0, "the click's frame writes nothing"
    driver = UIDriver(staged_app)
    while not table.ready:
        assert not table.match.log
        driver.frames(1)
    assert writes.path.exists() and not table.match.save_due, "saved before the table takes a move"
    assert writes.settings == 1, "the form and the game played are written once"
    saved = Settings.load()
    assert saved.last_game == "kachuful" and "kachuful" in saved.last_forms
    driver.settle(table)
    assert writes.settings == 1


def test_a_new_game_whose_first_save_fails_says_so(staged_app, monkeypatch):
    import os

    menu = menu_on(staged_app, "klondike")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    menu.new_game()
    table = staged_app.scene
    driver = UIDriver(staged_app)
    while not table.ready:
        driver.frames(1)
    assert table.match.save_error and table.message_error
    assert "could not be saved" in table.message and "No space left" in table.message


def test_a_table_left_before_it_is_made_has_saved_its_new_game(staged_app, monkeypatch):
    menu = menu_on(staged_app, "klondike")
    writes = Writes(monkeypatch, "klondike")
    menu.new_game()
    table = staged_app.scene
    assert not table.ready and not writes.path.exists()
    staged_app.navigator.menu()
    assert writes.path.exists() and not table.match.save_due
