"""Seeded random playouts of Crazy for 2-10 players, checking the contract's invariants after every action.

Invariants (DESIGN.md "The rules core contract" and "Testing", rules/crazy.md):
- the 112 cards are conserved at every step, none lost or duplicated (draw pile + discard pile + hands);
- the discard pile is never empty, and the current colour and label agree with its top card (a wild card's
  colour is one of the four colours);
- the legal set is never empty while the game runs; every legal action applies; a Draw is offered exactly
  when nothing can be played; after a playable draw only that card may be played;
- illegal actions (a card not held, a card that does not match, a draw when a card can be played, a wrong
  colour choice) raise IllegalAction with a reason and change nothing;
- the view never shows a card hidden from its seat and agrees with the state;
- clone() is independent; determinize(seat) keeps view(seat) and only reshuffles the cards hidden from that seat;
- (seed, options, actions) replays to the same game, also through the actions' JSON;
- a finished game has winners: an empty hand, or the fewest cards after 2,000 turns.

The default run plays 4,500 full games (500 per table size) in a few seconds; CRAZY_PLAYOUTS=N plays N per table
size instead.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core.cards import Card
from cardtable.core.engine import Action, IllegalAction
from cardtable.core.words import Names
from cardtable.games.crazy.narration import NARRATION
from cardtable.games.crazy.rules import (
    COLOURS,
    DECK,
    DECK_SET,
    DRAW,
    MAX_TURNS,
    RULES,
    WILD,
    CrazyState,
    Draw,
    Play,
    card_points,
    playable,
)

GAMES_PER_SIZE = int(os.environ.get("CRAZY_PLAYOUTS", "500"))
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"choose_draw_four_colour": True},
    {"score_by_points": True},
    {"choose_draw_four_colour": True, "score_by_points": True},
]
DECK_COUNTER = Counter(DECK)


# ----- observation -----------------------------------------------------------------------------


def snapshot(state: CrazyState) -> tuple:
    return (
        repr([state.view(s) for s in [None, *range(state.n)]]),
        [list(h) for h in state.hands], list(state.draw), list(state.discard), state.colour, state.label,
        state.colour_from, state.direction, state.drawn, state.turn, state.turns, state.chance, state.seed,
        list(state.winners), state.safety_end, state.result(),
    )


_ATOMS = (str, int, float, bool, type(None))


def cards_in(value: Any) -> list[Card]:
    """Every Card anywhere inside a view, checking on the way that the view is plain data."""
    found: list[Card] = []
    stack = [value]
    while stack:
        v = stack.pop()
        t = type(v)
        if t is Card:
            found.append(v)
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


def hidden_from(state: CrazyState, seat: int | None) -> list[Card]:
    hidden = list(state.draw)
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden += hand
    return hidden


# ----- invariants ------------------------------------------------------------------------------


def check_cheap(state: CrazyState) -> None:
    """What every step must keep (fast enough for every action of every game)."""
    everything = state.every_card()
    assert len(everything) == 112 and len(set(everything)) == 112, "cards not conserved"
    assert state.discard, "the discard pile is never empty"
    top = state.discard[-1]
    assert state.label == top.rank
    assert state.colour in COLOURS
    if top.suit != WILD:
        assert state.colour == top.suit
    if state.turn is None:
        assert state.winners and state.legal_actions() == []
        if state.safety_end:
            assert state.turns == MAX_TURNS
            fewest = min(len(h) for h in state.hands)
            assert state.winners == [s for s in range(state.n) if len(state.hands[s]) == fewest]
        else:
            assert len(state.winners) == 1 and state.hands[state.winners[0]] == []
            assert state.turns <= MAX_TURNS
    else:
        assert not state.winners and state.turns < MAX_TURNS
        assert all(state.hands[s] for s in range(state.n)), "a player with no cards has won"
        legal = state.legal_actions()
        assert legal, "no legal action while the game runs"
        hand = state.hands[state.turn]
        can = [c for c in hand if playable(c, state.colour, state.label)]
        if state.drawn is not None:
            assert state.drawn in can and {a.card for a in legal} == {state.drawn}  # type: ignore[attr-defined]
        elif can:
            assert {a.card for a in legal} == set(can)  # type: ignore[attr-defined]
        else:
            assert legal == [DRAW]


def check_views(state: CrazyState) -> None:
    n = state.n
    for seat in [None, *range(n)]:
        view = state.view(seat)
        shown = cards_in(view)
        assert not set(shown) & set(hidden_from(state, seat)), f"view({seat}) leaks a card"
        assert view["counts"] == [len(h) for h in state.hands]
        assert [len(h) for h in view["hands"]] == view["counts"]
        if seat is not None:
            assert Counter(view["hands"][seat]) == Counter(state.hands[seat])
        assert view["discard"] == state.discard and view["top"] == state.discard[-1]
        assert view["colour"] == state.colour and view["direction"] == state.direction
        assert view["turn"] == state.turn and view["draw_pile"] == len(state.draw)
        assert view["must_play_drawn"] == (state.drawn is not None)
        if seat is not None and seat == state.turn:
            legal = state.legal_actions()
            assert set(view["legal"]["cards"]) == {a.card for a in legal if isinstance(a, Play)}
            assert view["legal"]["draw"] == (legal == [DRAW])
            assert view["drawn"] == state.drawn
        else:
            assert view["legal"] is None and view["drawn"] is None
        assert NARRATION.status(view, Names.seats(n))
    result = state.result()
    assert len(result.scores) == n
    if state.turn is None:
        w = result.winners
        if state.options["score_by_points"]:
            lost = sum(card_points(c) for s in range(n) if s not in w for c in state.hands[s])
            assert result.scores == [lost if s in w else 0 for s in range(n)]
        else:
            assert result.scores == [1 if s in w else 0 for s in range(n)]
    else:
        assert result.winners == [] and result.scores == [0] * n


def check_illegal(state: CrazyState, rng: random.Random) -> None:
    """A few illegal actions of each kind: rejected with a reason, nothing changed."""
    if state.turn is None:
        return
    legal = state.legal_actions()
    hand = state.hands[state.turn]
    probes: list[Action] = [Play(rng.choice([c for c in DECK if c not in hand]))]  # not held (maybe another's)
    probes += [Play(c) for c in hand if Play(c) not in legal and c.suit != WILD][:2]  # not matching
    if DRAW not in legal:
        probes.append(DRAW)  # drawing while a card can be played
    for a in legal:
        if not isinstance(a, Play):
            break
        card = a.card
        if card.suit != WILD:
            probes.append(Play(card, rng.choice(COLOURS)))  # a colour for a coloured card
        elif a.colour is None:
            probes.append(Play(card, "R"))  # a colour for a random Draw Four
        else:
            probes.append(Play(card))  # a wild card without its colour
            probes.append(Play(card, "X"))
        break
    before = snapshot(state)
    for action in probes:
        assert action not in legal
        with pytest.raises(IllegalAction) as info:
            state.apply(action)
        assert len(NARRATION.refusal(info.value, Names.seats(state.n)).split()) >= 4
    assert snapshot(state) == before


def check_clone_and_determinize(state: CrazyState, rng: random.Random) -> None:
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
        assert Counter(d.every_card()) == DECK_COUNTER
        assert Counter(hidden_from(d, seat)) == Counter(hidden_from(state, seat))
        assert d.discard == state.discard and len(d.draw) == len(state.draw)
        for s in range(state.n):
            assert len(d.hands[s]) == len(state.hands[s])
            if s == seat:
                assert d.hands[s] == state.hands[s]
        if seat == state.turn:
            assert d.legal_actions() == state.legal_actions()
        if d.turn is not None:  # a determinization plays on
            d.apply(rng.choice(d.legal_actions()))
            check_cheap(d)


# ----- playouts --------------------------------------------------------------------------------


def playout(seed: int, players: int, options: dict[str, Any], picks: list[int] | None = None,
            deep_every: int = 0) -> tuple[CrazyState, list[Action]]:
    """A seeded random game; with `deep_every` the views, illegal actions, clones and determinizations are
    checked every that many steps, and the game is replayed from its seed and actions at the end."""
    state = RULES.new_game(players, options, seed=seed)
    policy = random.Random(seed)
    actions: list[Action] = []
    step = 0
    check_cheap(state)
    if deep_every:
        check_views(state)
    while state.turn is not None:
        legal = state.legal_actions()
        if picks is not None:
            if step >= len(picks):
                break
            action = legal[picks[step] % len(legal)]
        else:
            action = policy.choice(legal)
        if deep_every and step % deep_every == 0:
            check_illegal(state, policy)
            check_clone_and_determinize(state, policy)
            check_views(state)
        seat = state.turn
        events = state.apply(action)
        assert events and events[0].kind in ("move", "draw", "shuffle", "cannot_draw")
        assert all(e.cards == () for e in events if e.kind == "draw"), "a draw event shows cards"
        actions.append(action)
        step += 1
        check_cheap(state)
        if type(action) is Draw and state.drawn is None and state.turn is not None:
            assert state.turn != seat  # the drawn card was kept: the turn passed
    if deep_every:
        check_views(state)
        replayed = RULES.new_game(players, options, seed=seed)
        for action in actions:
            replayed.apply(RULES.action_from_json(action.to_json()))
        assert snapshot(replayed) == snapshot(state)
    return state, actions


@pytest.mark.parametrize("players", range(2, 11))
def test_thousands_of_random_games(players: int) -> None:
    """Every game ends (a winner or the safety rule), every step keeps the invariants."""
    ends = Counter()
    for k in range(GAMES_PER_SIZE):
        state, actions = playout(10_000 * players + k, players, OPTION_SETS[k % len(OPTION_SETS)])
        assert state.is_over()
        ends["safety" if state.safety_end else "win"] += 1
    assert ends["win"] >= GAMES_PER_SIZE * 0.9


@pytest.mark.parametrize("players", [2, 3, 4, 7, 10])
def test_deep_checks_on_whole_games(players: int) -> None:
    """Views, illegal actions, clones, determinizations and replay, checked along whole games."""
    for k in range(12):
        state, _ = playout(500 + 100 * players + k, players, OPTION_SETS[k % len(OPTION_SETS)], deep_every=5)
        assert state.is_over()


def test_reshuffles_happen_and_conserve_the_cards() -> None:
    """Long games run the draw pile out: the discard pile (top kept) becomes the new draw pile."""
    reshuffles = 0
    for seed in range(60):
        state = RULES.new_game(10, {}, seed=seed)
        rng = random.Random(seed)
        while state.turn is not None:
            events = state.apply(rng.choice(state.legal_actions()))
            shuffles = [e for e in events if e.kind == "shuffle"]
            for e in shuffles:
                reshuffles += 1
                assert (e.src, e.dst, e.value) == ("discard", "draw", len(e.cards)) and len(set(e.cards)) == e.value
            if len(shuffles) == 1:
                assert state.discard[0] not in shuffles[0].cards  # the top card stayed on the discard pile
            check_cheap(state)
    assert reshuffles > 20


def test_the_same_seed_and_actions_reproduce_the_game() -> None:
    """(game, players, options, seed, actions) reproduces a game exactly; another seed deals differently."""
    state, actions = playout(77, 5, {"choose_draw_four_colour": True}, deep_every=50)
    again = RULES.new_game(5, {"choose_draw_four_colour": True}, seed=77)
    for a in actions:
        again.apply(a)
    assert snapshot(again) == snapshot(state)
    assert RULES.new_game(5, {}, seed=78).hands != RULES.new_game(5, {}, seed=77).hands


@settings(max_examples=100, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**31 - 1),
    players=st.integers(min_value=2, max_value=10),
    options=st.sampled_from(OPTION_SETS),
    picks=st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=80),
)
def test_invariants_hold_for_any_seed_and_action_sequence(seed: int, players: int, options: dict,
                                                          picks: list[int]) -> None:
    playout(seed, players, options, picks, deep_every=4)


def test_the_deck_set_is_the_deck() -> None:
    """DECK_SET is the deck as a set (used to name cards in reasons)."""
    assert DECK_SET == set(DECK)
