"""Seeded random playouts of Cat in the Box for 2 to 5 players and every option, checking invariants after every
action: cards conserved, each board space used at most once, an uncovered colour never declared again, the
determinized worlds consistent with what the seat has seen, and the scores as the rules specify them."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardtable.games.cat_in_the_box.rules import (
    COLOURS,
    DECKS,
    OBSERVER,
    RULES,
    CatState,
    Paradox,
    Play,
    largest_group,
)

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"rounds": "per_player"},
    {"red_lead": "broken"},
    {"voluntary_void": "on"},
    {"rounds": "per_player", "red_lead": "broken", "voluntary_void": "on"},
]


def all_cards(state: CatState) -> Counter:
    cards = [c for h in state.hands for c in h] + [c for w in state.won for c in w] + state.out + state.revealed
    cards += [d for d in state.discards if d is not None] + [c for _, c, _ in state.trick]
    cards += state.interrupted
    return Counter(cards)


def expected_scores(predictions, tricks, board, paradox) -> list[int]:
    """The rules' scoring, written again from the rule text."""
    out = []
    for seat, (p, t) in enumerate(zip(predictions, tricks, strict=True)):
        if seat == paradox:
            out.append(-t)
        elif p == t:
            out.append(t + largest_group(board, seat))
        else:
            out.append(t)
    return out


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or
                         "defaults")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_keep_every_invariant(players: int, options: dict[str, Any]) -> None:
    top = DECKS[players][0]
    for seed in range(25):
        state = RULES.new_game(players, options, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            assert all(not isinstance(a, Paradox) for a in legal) or legal == [Paradox()]
            seat = state.turn
            if state.phase == "play":
                assert (legal == [Paradox()]) == (not state.legal_plays(seat))
                world = state.determinize(seat, random.Random(seed))
                assert world.hands[seat] == state.hands[seat]
                assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
                for other in range(players):
                    assert not {c.rank for c in world.hands[other]} & state.cannot_hold[other]
                    assert not {c.rank for c in state.hands[other]} & state.cannot_hold[other]  # the truth fits
                assert world.legal_actions() == legal  # the seat to act sees the same choices
            action = rng.choice(legal)
            tokens_before = len(state.board)
            round_before = len(state.records)
            available_before = [set(a) for a in state.available]
            board_before = dict(state.board)
            state.apply(action)
            if isinstance(action, Play):
                assert action.colour in available_before[seat]  # never an uncovered colour
                assert (action.card.rank, action.colour) not in board_before  # each space once
                if len(state.records) == round_before:
                    assert len(state.board) == tokens_before + 1
                    assert state.board[(action.card.rank, action.colour)] == seat
            if len(state.records) > round_before:
                record = state.records[-1]
                board = board_before if not isinstance(action, Play) else {
                    **board_before, (action.card.rank, action.colour): seat}
                assert list(record.scores) == expected_scores(record.predictions, record.tricks, board,
                                                              record.paradox)
                assert all(1 <= p <= 4 for p in record.predictions)
            else:
                assert sum(all_cards(state).values()) == 5 * top
                assert all(count == 1 for count in all_cards(state).values())
                assert all(owner == OBSERVER or 0 <= owner < players for owner in state.board.values())
                assert all(c in COLOURS for _, c in state.board)
        result = state.result()
        totals = [sum(r.scores[s] for r in state.records) for s in range(players)]
        assert result.scores == [float(t) for t in totals]
        assert max(totals) in [totals[w] for w in result.winners]
