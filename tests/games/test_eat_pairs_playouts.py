"""Seeded random playouts of Eat Pairs for 2 to 6 players and several option sets, checking invariants after every
action: the 52 cards conserved, every game ending within a bound, only pairs of one rank on the piles, at most one
card of a rank in a hand, each landed card matched by the first holder in its matching order (written again from
the rule text), the lead player the last to match, and the determinized worlds consistent with what the seat has
seen."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardtable.core.cards import standard_deck
from cardtable.games.eat_pairs.rules import RULES, Claim, Draw, EatPairsState, Miss, Play

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"claim_by_hand": True},
    {"deals": "3"},
    {"claim_by_hand": True, "deals": "per_player"},
]
DECK = Counter(standard_deck())


def expected_matcher(state: EatPairsState, action: Any) -> int | None:
    """Who pairs the card `action` lands, with automatic matching: the first seat after the one who played or
    drew it, round to that seat, holding a card of its rank (None: no one)."""
    if isinstance(action, Play):
        seat, card = state.dealer, action.card
    else:
        seat, card = state.lead, state.stock[-1]
    n = state.n
    for k in range(1, n + 1):
        s = (seat + k) % n
        if card.rank in state.hands[s] and not (s == seat and isinstance(action, Play)):
            return s
    return None


def check_beats(before: dict[str, Any], events: list[Any], after: dict[str, Any]) -> None:
    """Every held event of a move within a deal has its snapshot: nobody to act, the cards between the positions
    before and after it, the stock no fuller than before; the last one shows the cards as they lie after it."""
    held = [e for e in events if e.hold > 0]
    assert all(e.snapshot is not None for e in held)
    for event in held:
        view = event.snapshot.view(0)
        assert view["turn"] is None and view["legal"] is None and view["beat"] is not None
        assert after["stock"] <= view["stock"] <= before["stock"]
        assert view["hands"][0] == [c for c in before["hands"][0] if c in view["hands"][0]]
    if held and held[-1].kind == "move":  # a pair laid: the move's last beat shows where the cards now lie
        last = held[-1].snapshot.view(0)
        assert all(last[key] == after[key] for key in ("hands", "counts", "pairs", "waste", "stock"))


def check_invariants(state: EatPairsState) -> None:
    assert Counter(state.every_card()) == DECK
    for seat in range(state.n):
        pile = state.pairs[seat]
        assert len(pile) % 2 == 0
        assert all(pile[i].rank == pile[i + 1].rank for i in range(0, len(pile), 2))
        assert all(card.rank == rank for rank, card in state.hands[seat].items())
        assert not set(state.hands[seat]) & {r for r in range(1, 14) if state.lacks[seat] >> r & 1}
        assert {r for r in range(1, 14) if state.known[seat] >> r & 1} <= set(state.hands[seat])
    if state.last_pair is not None:
        assert state.lead == state.last_pair[0]  # the lead player is the last to match
    elif state.lead is not None:
        assert state.lead == state.dealer  # no match yet this deal
    if state.turn is not None:
        assert state.legal_actions()
        if state.phase == "draw":
            assert state.turn == state.lead and state.stock
        if state.phase == "open":
            assert state.turn == state.dealer and state.lead is None and not state.waste


def check_world(state: EatPairsState, seed: int) -> None:
    seat = state.turn
    world = state.determinize(seat, random.Random(seed))
    assert world.hands[seat] == state.hands[seat]
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert len(world.stock) == len(state.stock)
    assert Counter(world.every_card()) == DECK
    for other in range(state.n):
        ranks = set(world.hands[other])
        assert not ranks & {r for r in range(1, 14) if state.lacks[other] >> r & 1}
        assert {r for r in range(1, 14) if state.known[other] >> r & 1} <= ranks
    assert world.legal_actions() == state.legal_actions()  # the seat to act sees the same choices
    view = state.view(seat)
    assert all(c is None for s in range(state.n) if s != seat for c in view["hands"][s])


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or
                         "defaults")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts_keep_every_invariant(players: int, options: dict[str, Any]) -> None:
    claim = options.get("claim_by_hand", False)
    for seed in range(25):
        state = RULES.new_game(players, options, seed=seed)
        deals = state.deals
        bound = deals * (1 + 52 * 4)  # per deal: the opening, then per card landed a draw and at most 3 claims
        rng = random.Random(seed)
        actions = 0
        check_invariants(state)
        while not state.is_over():
            check_world(state, seed + actions)
            legal = state.legal_actions()
            assert len(set(legal)) == len(legal)
            action = rng.choice(legal)
            if not claim:
                assert isinstance(action, (Play, Draw))
            deal_before, stock_before = len(state.records), len(state.stock)
            matcher = expected_matcher(state, action) if isinstance(action, (Play, Draw)) else None
            lead_before = state.lead
            view_before = state.view(0)
            events = state.apply(action)
            actions += 1
            assert actions <= bound
            check_invariants(state)
            if len(state.records) > deal_before:
                record = state.records[-1]
                assert record.winners
                if record.how == "stock":
                    assert min(record.left) == record.left[record.winners[0]]
                    assert [s for s in range(players) if record.left[s] == min(record.left)] == list(record.winners)
                else:
                    assert all(record.left[w] == 0 for w in record.winners)
                continue
            check_beats(view_before, events, state.view(0))
            if isinstance(action, Draw):
                assert len(state.stock) == stock_before - 1
            if isinstance(action, (Play, Draw)) and not claim:
                expected_lead = (state.dealer if lead_before is None else lead_before) if matcher is None else matcher
                assert state.lead == expected_lead
            if isinstance(action, Claim):
                assert state.last_pair is not None and state.last_pair[1] == action.card
            if isinstance(action, Miss):
                assert state.phase in ("claim", "draw")
        result = state.result()
        assert result.winners
        if deals == 1:
            assert result.winners == list(state.records[-1].winners)
        else:
            assert len(state.records) == deals
            assert result.scores == [float(sum(s in r.winners for r in state.records)) for s in range(players)]
