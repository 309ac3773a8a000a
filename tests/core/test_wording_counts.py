"""Numbers and the person called You in the table's sentences."""

from cardtable.core.wording import counted
from cardtable.core.words import Names
from cardtable.games import get_game
from cardtable.ui.table.sentences import only_theirs, time_up, timed_out


def test_one_move_is_singular():
    assert counted(1, "move") == "1 move" and counted(2, "move") == "2 moves" and counted(0, "move") == "0 moves"


def test_a_time_out_speaks_to_the_person_called_you():
    kachuful = get_game("kachuful").rules
    state = kachuful.new_game(3, {}, 1)
    action = state.legal_actions()[0]
    words = get_game("kachuful").narration.action(action, Names.seats(3))
    text = time_up(Names.of(["You", "Ada", "Bo"]), 0, words)
    assert text.endswith(f"{words} was played for you."), text
    assert time_up(Names.of(["Ada", "You", "Bo"]), 0, words).endswith("was played for Ada.")
    assert timed_out(Names.of(["You", "Ada"]), 0, 3) == "You timed out 3 times in a row: a bot plays your seat now."
    assert only_theirs(Names.of(["You", "Ada"]), 1) == "Only Ada can take back their move."


def test_klondike_gave_up_after_one_move():
    klondike = get_game("klondike").rules
    state = klondike.new_game(1, {}, 1)
    state.apply(next(a for a in state.legal_actions() if "resign" not in type(a).__name__.lower()))
    state.resigned = True
    assert "after 1 move," in get_game("klondike").narration.result(state.result(), Names.seats(1))
