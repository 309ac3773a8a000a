"""Seeded random playouts of Cat Te sessions for 2 to 6 players and several option sets, checking invariants after
every action: cards conserved, chips conserved (the pots included), each trick won by the highest face-up card of
the led suit (so never by a folded card), every round ending with one winner paid as the rules say, eliminated seats
never acting again in the round, the views hiding what they must, and the determinized worlds consistent with what
the seat to act has seen."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardtable.core.cards import standard_deck
from cardtable.games.cat_te.rules import (
    DEAL_AGAIN,
    RULES,
    STOP,
    STRENGTH,
    CatTeState,
    DealAgain,
)

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"region": "laos"},
    {"region": "vietnamese", "must_beat": False},
    {"side_pot": True, "instant_wins": False},
    {"region": "laos", "side_pot": True, "chips": 50, "ante": 20},
]
DECK = Counter(standard_deck())
SEEDS = 10
MAX_ACTIONS = 4000


def all_cards(state: CatTeState) -> Counter:
    found = [c for h in state.hands for c in h] + [c for p in state.piles for c, _ in p] + list(state.deck)
    if state.side_card is not None:
        found.append(state.side_card)
    return Counter(found)


def trick_winner(trick: tuple) -> int:
    """The rules' trick winner, written again from the rule text: the highest face-up card of the led suit."""
    led = trick[0][1].suit
    best = max((STRENGTH[c], s) for s, c, up in trick if up and c.suit == led)
    return best[1]


def limits_hold(state: CatTeState) -> bool:
    """Every card a seat held when must-beat showed a limit keeps to it (its hand and its later pile cards)."""
    for s in range(state.n):
        for at, suit, top in state.limits[s]:
            later = [c for c, _ in state.piles[s][at + 1:]] + state.hands[s]
            if any(c.suit == suit and STRENGTH[c] > top for c in later):
                return False
    return True


def check_view(state: CatTeState, seat: int) -> None:
    view = state.view(seat)
    for s, hand in enumerate(view["hands"]):
        if s != seat and (state.instant is None or state.instant[0] != s):
            assert all(c is None for c in hand)
    for s, pile in enumerate(view["played"]):
        for entry, (card, up) in zip(pile, state.piles[s], strict=True):
            if s != seat and not up:
                assert entry["card"] is None
            if entry["card"] is not None:
                assert entry["card"] == card


def check_world(state: CatTeState, seat: int, rng: random.Random) -> None:
    world = state.determinize(seat, rng)
    assert world.hands[seat] == state.hands[seat]
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert all_cards(world) == DECK
    assert world.legal_actions() == state.legal_actions()
    assert limits_hold(world)
    seen = state.view(seat)["played"]
    for s in range(state.n):
        for entry, truth, other in zip(seen[s], state.piles[s], world.piles[s], strict=True):
            if entry["card"] is not None:  # what the seat sees stays as it is
                assert other == truth


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or
                         "defaults")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts_keep_every_invariant(players: int, options: dict[str, Any]) -> None:
    start = RULES.validate_options(options)
    total = players * start["chips"]
    for seed in range(SEEDS):
        state = RULES.new_game(players, options, seed=seed)
        rng = random.Random(seed)
        actions = 0
        out_at: dict[int, int] = {}
        while not state.is_over() and actions < MAX_ACTIONS:
            legal = state.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            seat = state.turn
            assert seat is not None and not state.out[seat]
            assert all(state.reason(a) is None for a in legal)
            if state.phase == "between":
                assert legal == [DEAL_AGAIN, STOP] and seat == state.dealer == state.round_winner
                action = DEAL_AGAIN if rng.random() < 0.85 else STOP
            else:
                assert state.dealt[seat] and not state.eliminated[seat]
                action = rng.choice(legal)
                if actions % 3 == 0:
                    check_world(state, seat, random.Random(actions))
                    check_view(state, seat)
            chips_before = list(state.chips)
            pot_before = state.pot
            rounds_before = len(state.records)
            tricks_before = len(state.trick_winners) if not isinstance(action, DealAgain) else 0
            state.apply(action)
            actions += 1
            assert sum(state.chips) + state.pot + state.side_pot == total
            assert min(state.chips) >= 0
            assert all_cards(state) == DECK
            assert limits_hold(state)
            if len(state.trick_winners) > tricks_before:
                assert state.last_winner == trick_winner(state.last_trick)
                assert state.trick_winners[-1] == state.last_winner
            if isinstance(action, DealAgain):
                out_at = {}
            for s in range(players):
                if state.eliminated[s]:
                    out_at.setdefault(s, len(state.piles[s]))
                    assert out_at[s] == 4 and len(state.piles[s]) == 4 and len(state.hands[s]) == 2
            if len(state.records) > rounds_before:
                check_round(state, chips_before, pot_before, isinstance(action, DealAgain))
        assert state.is_over() or actions == MAX_ACTIONS
        if state.is_over():
            result = state.result()
            assert result.scores == [float(c - start["chips"]) for c in state.chips]
            assert result.winners == [s for s in range(players) if state.chips[s] == max(state.chips)]


def check_round(state: CatTeState, chips_before: list[int], pot_before: int, dealt_now: bool) -> None:
    """A round just ended: one winner, paid the pot (and a sweep's double), dealing next."""
    record = state.records[-1]
    winner = record.winner
    assert winner in record.seats and state.dealer == winner and state.pot == 0
    assert state.phase in ("between", "over")
    assert not state.eliminated[winner]
    if record.how == "instant":
        assert state.instant == (winner, record.hand) and not state.trick_winners
        return
    assert not dealt_now
    if record.how == "sweep":
        assert record.region != "khmer" and state.trick_winners == [winner] * 4
    else:
        assert record.how == "last trick" and len(state.trick_winners) == 6
        assert state.trick_winners[-1] == winner
        if record.region != "khmer":
            survivors = {s for s in record.seats if s in state.trick_winners[:4]}
            assert set(record.eliminated) == set(record.seats) - survivors
            assert set(state.trick_winners[4:]) <= survivors
    others = [s for s in record.seats if s != winner]
    double = sum(min(state.ante, chips_before[s]) for s in others) if (
        record.how == "sweep" and len(record.seats) >= 4) else 0
    assert record.double == double and record.pot == pot_before
    assert state.chips[winner] - chips_before[winner] == pot_before + double
