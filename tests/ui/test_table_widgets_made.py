"""The person's buttons and choice panel are made over a few frames, each spending at most a frame's budget on them
(`SceneBuild`), hidden until all are made and then shown together; a move made meanwhile leaves nothing half made
behind.  The work is measured on a clock of the test's own, which moves on a millisecond each time it is read."""

from __future__ import annotations

from cardtable.ui.driver import UIDriver
from cardtable.ui.table import TableScene
from tests.ui.table_helpers import new_match, seats


def bids_after_bots(app) -> tuple[TableScene, UIDriver]:
    """A Kachuful table where bots bid before the person, run until the frame that starts the person's bid panel."""
    seed = next(s for s in range(1, 50)
                if new_match("kachuful", seats(("You",), 4, ("Bea", "Cy", "Di")), seed=s).state.turn != 0)
    table = TableScene(app, new_match("kachuful", seats(("You",), 4, ("Bea", "Cy", "Di")), seed=seed))
    app.show(table)
    driver = UIDriver(app)
    for _ in range(600):
        driver.frames(1)
        if table.ready and table.human_turn and not table.behind:
            return table, driver
    raise AssertionError("the person's bid never came")


def choice_buttons(table: TableScene) -> list:
    return [b for name, b in table.buttons.items() if name.startswith("choice:")]


def test_the_bid_panel_is_made_over_frames_hidden_until_whole(staged_app):
    table, driver = bids_after_bots(staged_app)
    frames = 0
    while not table.panels.making.done:
        panel = table.panels.choice_panel
        assert panel is None or not panel.visible, "the panel shows once it is whole"
        assert not table.settled
        driver.frames(1)
        frames += 1
        assert frames < 100
    assert frames > 1, "more than one frame's budget of widgets"
    panel = table.panels.choice_panel
    assert panel is not None and panel.visible
    buttons = choice_buttons(table)
    assert buttons and all(b.visible and b.alive() for b in buttons)
    assert table.settled


def test_a_move_made_while_the_panel_is_made_leaves_nothing_half_made(staged_app):
    table, driver = bids_after_bots(staged_app)
    driver.frames(1)
    half = table.panels.choice_panel
    assert half is not None and not table.panels.making.done and not half.visible
    table.play(table.legal()[0])
    driver.settle(table)
    assert not half.alive(), "the panel being made was for the position before the move"
    assert table.panels.choice_panel is not half
    assert all(b.alive() for b in table.buttons.values())


def test_a_new_making_of_the_same_widgets_while_they_are_made_makes_them_whole(staged_app):
    table, driver = bids_after_bots(staged_app)
    driver.frames(1)
    assert not table.panels.making.done
    table.panels.build()  # (a selection changed, say, and back: the same widgets are wanted)
    driver.settle(table)
    panel = table.panels.choice_panel
    assert panel is not None and panel.visible and panel.alive()
    assert choice_buttons(table) and all(b.visible for b in choice_buttons(table))
    panels = [e for e in table.ui.get_sprite_group().sprites() if type(e).__name__ == "UIPanel"]
    assert panels == [panel], "no hidden panel is left behind"
