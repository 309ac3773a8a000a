"""Every game's position text (`core.notation`) round-trips: a position written and read back is the same position
(every seat's view, the legal moves, the same text again), at every point of seeded games; bad text is refused
with a NotationError, never another exception."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from cardtable.core.engine import Action, usual_player_count
from cardtable.core.notation import NotationError, cards_from, number_from, read_lines
from cardtable.games import REGISTRY, get_game

GAMES = sorted(REGISTRY)
WITH_NOTATION = [g for g in GAMES if get_game(g).notation is not None]


@pytest.mark.parametrize("game_id", WITH_NOTATION)
def test_a_position_written_and_read_back_is_the_same_position(game_id: str) -> None:
    game = get_game(game_id)
    notation = game.notation
    assert notation is not None
    rules = game.rules
    for seed in range(3):
        players = usual_player_count(rules.players, rules.default_players)
        state = rules.new_game(players, {}, seed)
        rng = random.Random(seed)
        for _ in range(150):
            text = notation.to_text(state)
            again = notation.from_text(text)
            assert notation.to_text(again) == text
            for seat in [None, *range(players)]:
                assert again.view(seat) == state.view(seat), (seat, text)
            legal = state.legal_actions()
            assert again.turn == state.turn and same_moves(again.legal_actions(), legal)
            if state.is_over():
                break
            state.apply(rng.choice(legal), record=False)


def same_moves(mine: Sequence[Action], theirs: Sequence[Action]) -> bool:
    """Two lists of legal moves are the same; a long lazy one (King of the Hill's burials, millions) is compared by
    its length and a sample, not listed."""
    if len(mine) != len(theirs):
        return False
    if len(theirs) <= 1000:
        return list(mine) == list(theirs)
    return all(mine[k] == theirs[k] for k in range(0, len(theirs), len(theirs) // 97))


@pytest.mark.parametrize("game_id", WITH_NOTATION)
def test_bad_position_text_is_refused_with_a_notation_error(game_id: str) -> None:
    notation = get_game(game_id).notation
    assert notation is not None
    rules = get_game(game_id).rules
    text = notation.to_text(rules.new_game(usual_player_count(rules.players, rules.default_players), {}, 1))
    rng = random.Random(4)
    lines = text.splitlines()
    broken = ["", "nonsense", text.replace(game_id, "other", 1), text + "extra: 1\n"]
    for _ in range(60):
        damaged = list(lines)
        row = rng.randrange(1, len(damaged))
        key, _, value = damaged[row].partition(":")
        damaged[row] = key + ":" + rng.choice([" ", " ZZ", " 99999", " -1", value[::-1], value + " QH QH"])
        broken.append("\n".join(damaged))
    for bad in broken:
        try:
            notation.from_text(bad)
        except NotationError:
            pass


def test_which_games_have_a_position_text() -> None:
    assert set(WITH_NOTATION) <= set(GAMES)


def test_the_shared_readers_check_what_they_read() -> None:
    lines = read_lines("# a comment\ncrazy 3\n\nhands: QH | - | 10S JK#1\nturn: 2\n", "crazy", range(2, 11))
    assert lines.players == 3 and lines.number("turn", 0, 2) == 2
    assert [len(h) for h in lines.seats_cards("hands")] == [1, 0, 2]
    for bad, game in (("crazy 1\n", "crazy"), ("klondike 1\n", "crazy"), ("crazy 3\nturn 2\n", "crazy"),
                      ("crazy 3\nturn: 1\nturn: 2\n", "crazy")):
        with pytest.raises(NotationError):
            read_lines(bad, game, range(2, 11))
    with pytest.raises(NotationError):
        cards_from("QH ZZ", "hand")
    for bad in ("x", "1.5", "１", "+", "99", "12345678901234"):
        with pytest.raises(NotationError):
            number_from(bad, "turn", 0, 10)
