"""Seeded random playouts of Kachuful for 3-7 players, checking the contract's invariants after every action.

Invariants (DESIGN.md "The rules core contract" and "Testing", rules/kachuful.md):
- the cards are conserved (52, or 54 with jokers), none duplicated; every hand has the same size at a trick's start;
- the legal set is never empty while the game runs, and only the seat to act has one; every legal action applies;
- illegal actions (a card not held, a card that does not follow suit, a bid out of range or forbidden, a bid
  while cards are played, a card while bids are made) raise IllegalAction with a reason and change nothing;
- the view never shows a card hidden from its seat, nor a hidden bid; it agrees with the state;
- scores are those of the scoring option, derived from each round's bids and tricks;
- clone() is independent; determinize(seat) keeps view(seat) and only reshuffles the cards hidden from that seat
  (and it respects the suits each seat has shown out of);
- (seed, options, actions) replays to the same game, also through the actions' JSON.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core.cards import Card, deck_with_jokers
from cardtable.core.engine import Action, IllegalAction
from cardtable.core.tricks import contention, winning_play
from cardtable.core.words import Names
from cardtable.games.kachuful import GAME
from cardtable.games.kachuful.rules import CARD_BIT, REFUSAL_CODES, RULES, Bid, KachufulState, Play, round_points

ALL_CARDS = deck_with_jokers(2)
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"trump": "turn_up", "jokers": True, "scoring": "penalty", "penalty_factor": 2},
    {"trump": "rotate_no_trump", "bidding": "simultaneous", "scoring": "multiplier"},
    {"trump": "random", "hook": False, "tie_break": "shared", "hands": "down"},
    {"bidding": "simultaneous", "jokers": True, "trump": "rotate_no_trump", "hands": "up"},
    {"trump": "turn_up", "hands": "3,1,2", "multiplier": 5, "scoring": "multiplier"},
]
_BIT = {"S": 1, "H": 2, "D": 4, "C": 8, "J": 16}


# ----- observation -----------------------------------------------------------------------------


def snapshot(state: KachufulState) -> tuple:
    return (
        repr([state.view(s) for s in [None, *range(state.n)]]),
        [list(h) for h in state.hands], list(state.deck), state.trump, state.trump_card, state.phase,
        state.turn, state.leader, state.led, state.rebid, list(state.bids), list(state.tricks),
        [list(w) for w in state.won], list(state.trick), list(state.history), list(state.voids),
        state.round, state.dealer, state.seed, state.result(),
    )


_ATOMS = (str, int, float, bool, type(None))


def cards_in(value: Any) -> set[Card]:
    """Every Card anywhere inside a view, checking on the way that the view is plain data
    (dicts with string keys, lists, tuples, str, int, bool, None and Cards)."""
    found: set[Card] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        t = type(v)
        if t is Card:
            found.add(v)
        elif t in _ATOMS:
            continue
        elif t is dict:
            assert all(type(k) is str for k in v), v
            stack.extend(v.values())
        elif t is list or t is tuple:
            stack.extend(v)
        else:
            raise AssertionError(f"not plain data in a view: {v!r}")
    return found


def hidden_from(state: KachufulState, seat: int | None) -> set[Card]:
    hidden = set(state.deck)
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden |= set(hand)
    return hidden


# ----- invariants ------------------------------------------------------------------------------


def check_position(state: KachufulState, views: bool = True) -> None:
    n = state.n
    everything = state.every_card()
    assert Counter(everything) == Counter(state.full_deck()), "cards not conserved"
    assert len(set(everything)) == len(everything)
    assert state.held == [sum(CARD_BIT[c] for c in h) for h in state.hands], "the hands' bit sets disagree"
    if state.trick:  # the winning play so far, as the engine keeps it
        table = contention(state.full_deck(), state.led, state.trump_suit, suit_of=state.suit_of,
                           rank_of=state.strength)
        assert state.trick[state.taker] == winning_play(state.trick, table)
        assert state.top == table[state.trick[state.taker][1]]
        assert state.led_cards == sum(CARD_BIT[c] for c in ALL_CARDS if state.suit_of(c) == state.led)
    else:
        assert state.led is None and state.led_cards == 0
    if state.turn is None:
        assert state.is_over() and state.phase == "over" and state.legal_actions() == []
        assert len(state.history) == len(state.sequence)
    else:
        assert state.legal_actions(), "no legal action while the game runs"
        played = len(state.trick)
        sizes = [len(h) for h in state.hands]
        for k in range(n):  # the seats that already played to this trick hold one card fewer
            seat = (state.leader + k) % n
            assert sizes[seat] == state.hand_size - sum(state.tricks) - (1 if k < played else 0)
        if state.phase == "bid":
            assert sum(state.tricks) == 0 and not state.trick
            assert sizes == [state.hand_size] * n
        else:
            assert all(b is not None for b in state.bids)
            assert state.turn == (state.leader + played) % n
        assert state.dealer == state.round % n
        assert state.hand_size == state.sequence[state.round]
    if not views:
        return

    public = state.view(None)
    assert not cards_in(public) & hidden_from(state, None), "the public view leaks a card"
    for seat in range(n):
        view = state.view(seat)
        assert not cards_in(view) & hidden_from(state, seat), f"view({seat}) leaks a card"
        assert view["hands"][seat] == state.hands[seat]
        assert [len(h) for h in view["hands"]] == [len(h) for h in state.hands]
        assert view["trick"] == state.trick and view["tricks"] == state.tricks
        assert view["turn"] == state.turn and view["phase"] == state.phase and view["dealer"] == state.dealer
        if view["bids_hidden"]:
            assert all(b is None for s, b in enumerate(view["bids"]) if s != seat)
        else:
            assert view["bids"] == state.bids
        if seat == state.turn:
            assert view["legal"]["cards"] == state.legal_cards()
            assert view["legal"]["bids"] == state.legal_bids()
        else:
            assert view["legal"] is None
    hidden_bids = state.simultaneous and state.phase == "bid" and not state.rebid and None in state.bids
    assert public["bids_hidden"] == hidden_bids
    if hidden_bids:
        assert public["bids"] == [None] * n

    # Scores: derived from the rounds, as the scoring option says.
    o = state.options
    totals = [0] * n
    for row in public["sheet"]:
        assert sum(row["tricks"]) == row["hand_size"]
        for s in range(n):
            b, t = row["bids"][s], row["tricks"][s]
            assert row["points"][s] == round_points(b, t, o["scoring"], o["penalty_factor"], o["multiplier"])
            totals[s] += row["points"][s]
        assert row["totals"] == totals
    assert state.result().scores == totals == public["totals"]
    result = state.result()
    if state.turn is None:
        top = max(totals)
        assert result.winners and all(totals[w] == top for w in result.winners)
        if o["tie_break"] == "shared":
            assert result.winners == [s for s in range(n) if totals[s] == top]
    else:
        assert result.winners == []


def check_illegal(state: KachufulState, rng: random.Random) -> None:
    """A few illegal actions of each kind: rejected with a reason, nothing changed."""
    if state.turn is None:
        return
    legal = state.legal_actions()
    probes: list[Action] = []
    held = set(state.hands[state.turn])
    if state.phase == "play":
        probes.append(Bid(0))  # bidding while cards are played
        probes.append(Play(rng.choice([c for c in ALL_CARDS if c not in held])))  # not held (maybe another's)
        probes += [Play(c) for c in state.hands[state.turn] if Play(c) not in legal][:2]  # not following suit
    else:
        probes.append(Play(rng.choice(ALL_CARDS)))  # a card during the bidding
        probes.append(Bid(state.hand_size + 1))
        probes.append(Bid(-1))
        no = state.forbidden()
        if no is not None:
            probes.append(Bid(no))
    before = snapshot(state)
    for action in probes:
        assert action not in legal
        with pytest.raises(IllegalAction) as info:
            state.apply(action)
        assert info.value.reason in REFUSAL_CODES
        assert len(GAME.narration.refusal(info.value, Names.seats(state.n)).split()) >= 4
    assert snapshot(state) == before


def check_clone_and_determinize(state: KachufulState, rng: random.Random) -> None:
    before = snapshot(state)
    twin = state.clone()
    assert snapshot(twin) == before
    if twin.turn is not None:
        twin.apply(rng.choice(twin.legal_actions()))
        assert snapshot(state) == before, "playing on a clone changed the original"
    for seat in [None, *range(state.n)]:
        d = state.determinize(seat, rng)
        assert snapshot(state) == before, "determinize changed the original"
        assert d.view(seat) == state.view(seat), "determinize changed what the seat sees"
        assert Counter(d.every_card()) == Counter(state.every_card())
        assert sorted(hidden_from(d, seat)) == sorted(hidden_from(state, seat))
        for s in range(state.n):
            assert len(d.hands[s]) == len(state.hands[s])
            if s == seat:
                assert d.hands[s] == state.hands[s]
            elif state.voids[s]:  # no seat gets back a suit it has shown out of
                assert not any(_BIT[d.suit_of(c)] & state.voids[s] for c in d.hands[s])
        assert len(d.deck) == len(state.deck) and d.trump_card == state.trump_card
        assert d.held == [sum(CARD_BIT[c] for c in h) for h in d.hands]
        assert d.legal_actions() == state.legal_actions() or seat != state.turn
        if d.turn is not None:  # a determinization plays on
            d.apply(rng.choice(d.legal_actions()))


# ----- playouts --------------------------------------------------------------------------------


def playout(seed: int, players: int, options: dict[str, Any], picks: list[int] | None = None,
            deep_every: int = 7) -> tuple[KachufulState, list[Action]]:
    state = RULES.new_game(players, options, seed=seed)
    policy = random.Random(seed)
    actions: list[Action] = []
    step = 0
    check_position(state)
    while state.turn is not None:
        legal = state.legal_actions()
        if picks is not None:
            if step >= len(picks):
                break
            action = legal[picks[step] % len(legal)]
        else:
            action = policy.choice(legal)
        if step % deep_every == 0:
            check_illegal(state, policy)
            check_clone_and_determinize(state, policy)
        events = state.apply(action)
        assert events and events[0].kind in ("bid", "rebid", "move")
        actions.append(action)
        step += 1
        check_position(state, views=step % 3 == 0 or state.turn is None)

    replayed = RULES.new_game(players, options, seed=seed)
    for action in actions:
        replayed.apply(RULES.action_from_json(action.to_json()))
    assert snapshot(replayed) == snapshot(state)
    return state, actions


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_full_games_for_every_table_size(players: int) -> None:
    for k, options in enumerate(OPTION_SETS):
        state, actions = playout(100 * players + k, players, options)
        assert state.is_over()
        expected_actions = sum(h * players + players for h in state.sequence)
        rebids = len(actions) - expected_actions
        assert rebids >= 0 and (rebids == 0 or options.get("bidding") == "simultaneous")


def test_the_rebid_happens_in_playouts() -> None:
    """Simultaneous bids with the hook: sometimes the dealer has to change their bid."""
    rebids = 0
    for seed in range(40):
        state = RULES.new_game(3, {"bidding": "simultaneous", "hands": "2,1"}, seed=seed)
        rng = random.Random(seed)
        while state.turn is not None:
            if state.rebid:
                rebids += 1
                bids = state.bids
                assert sum(bids) == state.hand_size
                assert Bid(bids[state.dealer]) not in state.legal_actions()
            state.apply(rng.choice(state.legal_actions()))
    assert rebids > 3


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**31 - 1),
    players=st.integers(min_value=3, max_value=7),
    options=st.sampled_from(OPTION_SETS),
    picks=st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=60),
)
def test_invariants_hold_for_any_seed_and_action_sequence(seed: int, players: int, options: dict,
                                                          picks: list[int]) -> None:
    playout(seed, players, options, picks, deep_every=3)
