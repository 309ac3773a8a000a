"""A new game's autosave made at its first save (`AutosaveLater`): nothing is written until the table saves the game,
and then it is the game's autosave as `Autosave.for_game` makes it (the journal appended to, compacted, released)."""

from __future__ import annotations

import pytest

from cardtable.games import get_game
from cardtable.session.later import AutosaveLater
from cardtable.session.match import Match, Seat
from cardtable.session.saves import Autosave, load_match
from cardtable.storage import autosave_path


@pytest.fixture(autouse=True)
def home(table_home):
    """Files under a private home (CARDTABLE_HOME)."""


def test_a_new_game_saved_later_is_written_at_its_first_save_and_then_as_any_autosave() -> None:
    saver = AutosaveLater("klondike")
    match = Match(get_game("klondike"), [Seat("human", "You")], {}, seed=5, saver=saver, save_now=False)
    assert match.save_due and not saver.path.exists() and saver.path == autosave_path("klondike")
    match.autosave()  # the table's first step
    assert not match.save_due and match.save_error is None and saver.path.exists()
    assert isinstance(saver.saver, Autosave)
    for _ in range(3):
        match.apply(match.state.legal_actions()[0])
    assert load_match(saver.path, get_game).state.view(0) == match.state.view(0)
    match.close()  # written whole
    assert load_match(saver.path, get_game).log == match.log
