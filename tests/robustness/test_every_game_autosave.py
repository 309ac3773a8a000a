"""Every registered game round-trips through its autosave: snapshot, journal (moves, undos, redos, the match
written whole now and then) and load give back the same game, and a resumed game saves on where it was."""

from __future__ import annotations

import random

import pytest

from cardtable.games import get_game
from cardtable.session import saves
from cardtable.session.match import Match, Seat
from cardtable.session.saves import Autosave, load_match
from cardtable.storage import autosave_path, last_game_path


def seats_for(game_id: str) -> list[Seat]:
    """A person and bots: three seats where the game allows them (undo then takes bot moves back too)."""
    players = get_game(game_id).rules.players
    count = min(max(players.start, 3), players.stop - 1)
    return [Seat("human", "You")] + [Seat("bot:easy", f"Bot {i}") for i in range(1, count)]


def same(a: Match, b: Match) -> None:
    assert a.log == b.log
    assert a.seats == b.seats
    assert a.state.view(None) == b.state.view(None)
    for seat in range(len(a.seats)):
        assert a.state.view(seat) == b.state.view(seat)
    assert a.state.legal_actions() == b.state.legal_actions()


MAY_LOOK_THROUGH = 500  # legal moves tried one by one; more (every way to bury 8 cards of 28) are never all tried


def step(match: Match, rng: random.Random, may_end: bool) -> None:
    """A seeded move, undo or redo; a move that ends the game (a solitaire's "give up") only if `may_end`."""
    roll = rng.random()
    if roll < 0.1 and match.can_undo():
        match.undo()
    elif roll < 0.15 and match.can_redo():
        match.redo()
    else:
        legal = match.state.legal_actions()
        if not may_end and len(legal) <= MAY_LOOK_THROUGH:
            legal = [a for a in legal if not ends(match, a)] or legal
        match.apply(rng.choice(legal))
    assert match.save_error is None


def ends(match: Match, action: object) -> bool:
    trial = match.state.clone()
    trial.apply(action)
    return trial.is_over()


@pytest.mark.parametrize("seed", [1, 2])
def test_every_game_round_trips_through_its_autosave(game_id: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves, "COMPACT_AFTER", 17)
    game = get_game(game_id)
    path = autosave_path(game_id)
    match = Match(game, seats_for(game_id), {}, seed, saver=Autosave.for_game(game_id))
    rng = random.Random(seed)
    for n in range(400):
        if match.state.is_over():
            break
        step(match, rng, may_end=n > 250)
        if match.state.is_over():
            break
        if n % 23 == 0:
            same(load_match(path, get_game), match)
        if n == 20:  # quit and resume: the resumed game saves on into the same files
            match.close()
            match = load_match(path, get_game, saver=Autosave.for_game(game_id))
    if match.state.is_over():
        assert not path.exists() and not path.with_suffix(".journal").exists()
        same(load_match(last_game_path(game_id), get_game), match)
    else:
        same(load_match(path, get_game), match)
        match.close()
        same(load_match(path, get_game), match)
