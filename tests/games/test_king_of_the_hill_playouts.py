"""Seeded random playouts of King of the Hill under several option sets, checking invariants after every action:
the 108 cards conserved, the hand sizes, 200 points in each finished round, ranks that only rise, one KotH per
round, the teammate being the first other seat to play the called card, the outcome as the table gives it, and
determinized worlds that keep the seat's view and respect what play revealed (voids, missing pairs, the cards
shown in declarations, the called card).  The expectations are computed here from the rule text, beside the
engine, not read from it."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardtable.core.cards import JOKER_SUIT, Card
from cardtable.games.king_of_the_hill.rules import (
    ACE,
    DECK,
    RULES,
    Burials,
    Call,
    KingState,
    Play,
    face_of,
)

OPTION_SETS: list[tuple[dict[str, Any], range]] = [
    ({"rounds": 1}, range(12)),
    ({"rounds": 3}, range(4)),
    ({"rounds": 2, "timers": True}, range(3)),
    ({}, range(2)),
]


def suit_of(card: Card, rank: int, trump: str) -> str:
    """The card's suit for following: "T" for the trump group (jokers, the trump rank, the trump suit)."""
    if card.suit == JOKER_SUIT or card.rank == rank or card.suit == trump:
        return "T"
    return card.suit


def expected_outcome(challenge: int) -> tuple[str | None, int]:
    if challenge == 0:
        return "defenders", 3
    if challenge <= 40:
        return "defenders", 2
    if challenge <= 79:
        return "defenders", 1
    if challenge <= 119:
        return None, 0
    if challenge <= 159:
        return "challengers", 1
    if challenge <= 199:
        return "challengers", 2
    return "challengers", 3


def everything(state: KingState) -> Counter:
    cards = [c for h in state.hands for c in h] + state.stack + state.dead
    cards += [c for _, played in state.trick for c in played] + [c for w in state.won for c in w]
    return Counter(cards)


class Seen:
    """What the table has seen of the round in progress: voids, missing pairs, shown cards, the called card."""

    def __init__(self) -> None:
        self.voids: list[set[str]] = [set() for _ in range(5)]
        self.no_pair: list[set[str]] = [set() for _ in range(5)]
        self.shown: dict[Card, int] = {}
        self.called: Card | None = None
        self.koth_played_called = 0
        self.teammate: int | None = None
        self.led: str | None = None
        self.led_count = 0
        self.played_in_trick = 0


def check_world(state: KingState, world: KingState, seat: int, seen: Seen) -> None:
    assert world.view(seat) == state.view(seat)
    assert world.hands[seat] == state.hands[seat]
    assert everything(world) == Counter(DECK)
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands] and len(world.dead) == len(state.dead)
    if seat == state.turn:
        assert world.legal_actions() == state.legal_actions()
    if seat == state.koth:
        assert world.dead == state.dead
    rank, trump = state.trump_rank, state.trump_suit
    for s in range(5):
        for hand in (world.hands[s], state.hands[s]):  # the world fits what was seen, as the truth does
            suits = [suit_of(c, rank, trump) for c in hand]  # type: ignore[arg-type]
            assert not set(suits) & seen.voids[s]
            faces = [face_of(c) for c, suit in zip(hand, suits, strict=True) if suit in seen.no_pair[s]]
            assert len(faces) == len(set(faces))
    for card, declarer in seen.shown.items():
        if any(card in played for _, played in state.trick) or any(card in w for w in state.won):
            continue
        assert card in world.hands[declarer] or (declarer == state.koth and card in world.dead)
    if seen.called is not None and state.dead:
        face = face_of(seen.called)
        held = sum(1 for c in world.hands[state.koth] + world.dead if face_of(c) == face)  # type: ignore[index]
        assert held + seen.koth_played_called <= 1


def check_sizes(state: KingState) -> None:
    sizes = [len(h) for h in state.hands]
    phase = state.phase
    if phase == "declare" or phase == "trump":
        assert sum(sizes) + len(state.stack) == 108 and max(sizes) - min(sizes) <= 1
        assert phase == "declare" or sizes == [20] * 5
    elif phase == "bury":
        assert sorted(sizes) == [20, 20, 20, 20, 28] and sizes[state.koth] == 28  # type: ignore[index]
    elif phase == "call":
        assert sizes == [20] * 5 and len(state.dead) == 8
    elif phase == "play":
        played = {s for s, _ in state.trick}
        waiting = {sizes[s] for s in range(5) if s not in played}
        assert len(waiting) == 1
        assert all(sizes[s] == next(iter(waiting)) - state.led_count for s in played)


def check_round(state: KingState, seen: Seen, ranks_before: list[int], koth: int) -> None:
    record = state.records[-1]
    assert sum(record.points) + record.dead_points == 200
    assert record.koth == koth and record.teammate == seen.teammate and record.called == seen.called
    assert list(record.ranks_before) == ranks_before
    defenders = {koth} | ({seen.teammate} if seen.teammate is not None else set())
    challenge = sum(p for s, p in enumerate(record.points) if s not in defenders)
    if record.last_winner not in defenders:
        challenge += 2 * record.dead_points
    assert record.challenge == challenge
    side, by = expected_outcome(challenge)
    risers = sorted(defenders) if side == "defenders" else sorted(set(range(5)) - defenders) if side else []
    assert list(record.risers) == risers and record.by == by
    assert list(record.ranks_after) == [r + (by if s in risers else 0) for s, r in enumerate(ranks_before)]
    if challenge < 80:
        assert record.next_koth == (koth if seen.teammate is None else seen.teammate)
    else:
        nxt = (koth + 1) % 5
        while nxt in defenders:
            nxt = (nxt + 1) % 5
        assert record.next_koth == nxt


def note_play(state: KingState, seat: int, cards: tuple[Card, ...], seen: Seen) -> None:
    """Update what the table saw from `seat` playing `cards` (before the engine applies them)."""
    rank, trump = state.trump_rank, state.trump_suit
    suits = [suit_of(c, rank, trump) for c in cards]  # type: ignore[arg-type]
    if not state.trick:
        seen.led, seen.led_count = suits[0], len(cards)
    else:
        following = suits.count(seen.led)  # type: ignore[arg-type]
        if following < len(cards):
            seen.voids[seat].add(seen.led)  # type: ignore[arg-type]
        elif len(cards) == 2 and face_of(cards[0]) != face_of(cards[1]):
            seen.no_pair[seat].add(seen.led)  # type: ignore[arg-type]
    if seen.called is not None and seen.teammate is None:
        copies = sum(1 for c in cards if face_of(c) == face_of(seen.called))
        if copies and seat == state.koth:
            seen.koth_played_called += copies
        elif copies:
            seen.teammate = seat


@pytest.mark.parametrize(("options", "seeds"), OPTION_SETS,
                         ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()) or "until A"
                         if isinstance(v, dict) else f"{len(v)} seeds")
def test_random_playouts_keep_every_invariant(options: dict[str, Any], seeds: range) -> None:
    for seed in seeds:
        state = RULES.new_game(5, options, seed=seed)
        rng = random.Random(seed)
        seen = Seen()
        round_koth: int | None = None
        ranks_before = list(state.ranks)
        steps = 0
        while not state.is_over():
            seat = state.turn
            assert seat is not None
            legal = state.legal_actions()
            assert len(legal) > 0
            if not isinstance(legal, Burials):
                assert len(set(legal)) == len(legal)
            assert everything(state) == Counter(DECK)
            check_sizes(state)
            if state.koth is not None:
                assert round_koth in (None, state.koth)
                round_koth = state.koth
            if steps % 3 == 0 or state.phase != "play":
                for observer in (seat, (seat + 2) % 5):
                    check_world(state, state.determinize(observer, random.Random(steps)), observer, seen)
            action = legal[int(rng.random() * len(legal))]
            rounds_done = len(state.records)
            declarations = len(state.declarations)
            if isinstance(action, Play):
                note_play(state, seat, action.cards, seen)
            elif isinstance(action, Call):
                seen.called = action.card
            state.apply(action)
            steps += 1
            for declarer, _, _, shown in state.declarations[declarations:]:
                for card in shown:
                    seen.shown[card] = declarer
            if len(state.records) > rounds_done:
                assert round_koth is not None
                check_round(state, seen, ranks_before, round_koth)
                assert all(a >= b for a, b in zip(state.ranks, ranks_before, strict=True))
                ranks_before = list(state.ranks)
                seen, round_koth = Seen(), None
                if not state.is_over():
                    assert state.koth == state.records[-1].next_koth == state.start
                    assert state.trump_rank == (1 if state.ranks[state.koth] >= ACE else state.ranks[state.koth])
            elif state.teammate is not None or seen.teammate is not None:
                assert state.teammate == seen.teammate
        result = state.result()
        rounds = options.get("rounds", 0)
        if rounds:
            assert len(state.records) == rounds
            assert result.winners == [s for s in range(5) if state.ranks[s] == max(state.ranks)]
        else:
            assert result.winners == [s for s in range(5) if state.ranks[s] > ACE] != []
            assert all(r <= ACE for r in state.records[-1].ranks_before)
        assert result.scores == [float(r) for r in state.ranks]


def test_seeded_games_reproduce() -> None:
    """The same seed and the same actions give the same game."""
    for seed in range(3):
        a = RULES.new_game(5, {"rounds": 1}, seed=seed)
        b = RULES.new_game(5, {"rounds": 1}, seed=seed)
        rng = random.Random(seed)
        while not a.is_over():
            legal = a.legal_actions()
            action = legal[int(rng.random() * len(legal))]
            a.apply(action)
            b.apply(RULES.action_from_json(action.to_json()))
            assert a.view(None) == b.view(None)
        assert [a.view(s) for s in range(5)] == [b.view(s) for s in range(5)]
