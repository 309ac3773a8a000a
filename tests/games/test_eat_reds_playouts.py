"""Seeded random playouts of Eat Reds for 2 to 4 players and the rounds option, checking invariants after every
action: the 52 cards conserved, the must-capture rule respected, the running scores equal to the won piles, every
game ending with the hands and the stock used up, and the reds worth 210 in every deal (captured plus left in the
layout), also when the dealer's captures empty the stock early."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.core.cards import Card
from cardtable.games.eat_reds.rules import (
    DECK,
    RED_TOTAL,
    RULES,
    SPECIAL_RANKS,
    Capture,
    Discard,
    EatRedsState,
    TakeWithStock,
    pairs,
    points_of,
)

OPTION_SETS: list[dict[str, Any]] = [{}, {"rounds": 2}, {"rounds": 4}]
SORTED_DECK = sorted(DECK)


def check_legal(state: EatRedsState) -> None:
    """The legal moves are exactly what the rules allow: a card that can capture only captures."""
    legal = state.legal_actions()
    seat = state.turn
    assert seat is not None and legal and len(set(legal)) == len(legal)
    if state.phase == "stock":
        turned = state.turned
        assert turned is not None
        assert all(isinstance(a, TakeWithStock) for a in legal) and len(legal) >= 2
        assert {a.target for a in legal} == {t for t in state.layout if pairs(turned, t)}
        return
    assert state.turned is None
    for card in state.hands[seat]:
        mine = [a for a in legal if a.card == card]
        can = [t for t in state.layout if pairs(card, t)]
        if not can:
            assert mine == [Discard(card)]
        elif state.trio is not None and card.rank == state.trio:
            assert mine == [Capture(card, can[0])] and len(can) == 3
        else:
            assert {a.target for a in mine} == set(can) and all(isinstance(a, Capture) for a in mine)


def check_state(state: EatRedsState) -> None:
    assert sorted(state.every_card()) == SORTED_DECK
    assert state.points == [points_of(w) for w in state.won]
    assert len({len(h) for h in state.hands}) <= 2  # hands shrink evenly, turn by turn
    dealt = 4 * len(state.dealer_captures)
    assert len(state.stock) == max(0, sum(len(h) for h in state.hands) - dealt)


def play_out(state: EatRedsState, rng: random.Random, check_worlds: bool = False) -> int:
    """Play random moves to the end, checking every invariant; the number of actions."""
    players = state.n
    actions = 0
    deals = 0
    while not state.is_over():
        check_legal(state)
        seat = state.turn
        legal = state.legal_actions()
        if check_worlds and actions % 7 == 0:
            world = state.determinize(seat, random.Random(actions))
            assert world.view(seat) == state.view(seat) and world.legal_actions() == legal
            assert sorted(world.every_card()) == SORTED_DECK
        action = rng.choice(legal)
        phase, before = state.phase, len(state.history)
        state.apply(action)
        actions += 1
        assert actions < 200 * state.rounds, "the game does not end"
        if len(state.history) > before:
            deals += 1
            record = state.history[-1]
            assert sum(record.points) + record.left_points == RED_TOTAL
        if not state.is_over():
            check_state(state)
            if phase == "play" and state.phase == "play" and len(state.history) == before:
                assert state.turn == (seat + 1) % players
            if state.phase == "stock":
                assert state.turn == seat
    assert deals == state.rounds == len(state.history)
    assert not any(state.hands) and not state.stock and state.turned is None
    assert sorted(state.every_card()) == SORTED_DECK
    last = state.history[-1]
    assert sum(points_of(w) for w in state.won) + points_of(state.layout) == RED_TOTAL
    assert tuple(state.layout) == last.left
    result = state.result()
    totals = [sum(r.points[s] for r in state.history) for s in range(players)]
    assert result.scores == [float(t) for t in totals]
    assert result.winners == [s for s in range(players) if totals[s] == max(totals)]
    return actions


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or
                         "defaults")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_invariant(players: int, options: dict[str, Any]) -> None:
    for seed in range(20):
        state = RULES.new_game(players, options, seed=seed)
        play_out(state, random.Random(seed), check_worlds=seed < 3)


@pytest.mark.parametrize("captures", [1, 2, 3, 5])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_end_when_the_dealer_empties_the_stock_early(monkeypatch: pytest.MonkeyPatch, players: int,
                                                           captures: int) -> None:
    """Decks stacked so the dealer captures the starting layout `captures` times or more: the stock runs out that
    many times four turns early, and every game still ends with the 52 cards and the 210 points of reds."""

    def stacked(self: EatRedsState) -> list[Card]:
        order = list(DECK)
        random.Random(self.seed * 256 + self.deal).shuffle(order)
        special = [c for c in order if c.rank in SPECIAL_RANKS][:4 * captures]
        rest = [c for c in order if c not in special]
        return rest + special  # the stock's top is the end: the first layouts are all 5s, 10s and face cards

    monkeypatch.setattr(EatRedsState, "_shuffled", stacked)
    for seed in range(6):
        state = RULES.new_game(players, {"rounds": 2}, seed=seed)
        assert len(state.dealer_captures) >= captures
        assert len(state.stock) == 24 - 4 * len(state.dealer_captures)
        play_out(state, random.Random(seed))

