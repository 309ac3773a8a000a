"""Seeded random playouts of Klondike, checking the contract's invariants after every action.

Invariants (DESIGN.md "The rules core contract" and "Testing"):
- the 52 cards are conserved, none duplicated; foundations are suit runs from the Ace; every tableau pile's
  top card is face up and its face-up part is a run down in alternating colours;
- the legal set is never empty while the game runs, and every legal action applies without error;
- an illegal action raises IllegalAction with a reason and changes nothing;
- scores follow rules/klondike.md (standard and Vegas), and the move count counts moves;
- clone() is independent; determinize(0, rng) keeps the view and every face-up card, and permutes the
  hidden cards; the view never shows a face-down card;
- (seed, options, actions) replays to the same game, also through the actions' JSON.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core.cards import Card, standard_deck
from cardtable.core.engine import Action, Event, IllegalAction
from cardtable.core.words import Names
from cardtable.games import get_rules
from cardtable.games.klondike.narration import NARRATION
from cardtable.games.klondike.rules import (
    FOUNDATIONS,
    TABLEAU,
    AutoFinish,
    Draw,
    KlondikeState,
    Move,
    Recycle,
    Resign,
)

RULES = get_rules("klondike")
DECK = Counter(standard_deck())
OPTION_SETS = [
    {"draw": d, "passes": p, "scoring": s}
    for d, p, s in itertools.product((1, 3), ("unlimited", "limited"), ("standard", "vegas"))
]
PROBE_ZONES = ("stock", "waste", *TABLEAU, *FOUNDATIONS, "t7", "f4", "")

# A checked step costs about half a millisecond (legal_actions() dominates), so the budget (~20 s for this
# file) allows some 25 000 checked steps.
GAMES = 16  # each option set twice
MAX_ACTIONS = 300
KNOWN_WINS = (5001, 5006, 5016)


# ----- observation -----------------------------------------------------------------------------


def snapshot(state: KlondikeState) -> tuple:
    return (
        state.view(None),
        list(state.stock),
        list(state.waste),
        [list(p) for p in state.tableau],
        list(state.down),
        [list(f) for f in state.foundations],
        state.score,
        state.moves,
        state.recycles,
        state.turn,
        state.result(),
    )


def hidden_cards(state: KlondikeState) -> list[Card]:
    return state.stock + [c for i, p in enumerate(state.tableau) for c in p[: state.down[i]]]


def every_card(state: KlondikeState) -> list[Card]:
    return state.stock + state.waste + [c for p in state.tableau + state.foundations for c in p]


def cards_in(value: Any) -> set[Card]:
    """Every Card anywhere inside a view (plain data)."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


# ----- invariants ------------------------------------------------------------------------------


def check_position(state: KlondikeState) -> None:
    """Cards conserved, zones well formed, the view honest."""
    cards = every_card(state)
    assert Counter(cards) == DECK, "cards not conserved"
    assert len(set(cards)) == 52
    for f in state.foundations:
        if f:
            assert [c.rank for c in f] == list(range(1, len(f) + 1)), f
            assert len({c.suit for c in f}) == 1, f
    for i, pile in enumerate(state.tableau):
        d = state.down[i]
        assert 0 <= d <= max(len(pile) - 1, 0), (i, d, pile)  # the top card is always face up
        up = pile[d:]
        for lower, upper in zip(up, up[1:], strict=False):
            assert upper.rank == lower.rank - 1 and upper.colour != lower.colour, (i, up)

    view = state.view(0)
    assert view == state.view(None)  # one seat: the public view is the player's view
    assert view["stock"] == [None] * len(state.stock)
    assert view["waste"] == state.waste
    assert view["foundations"] == state.foundations
    for i, pile in enumerate(state.tableau):
        d = state.down[i]
        assert view["tableau"][i] == [None] * d + pile[d:]
    assert not cards_in(view) & set(hidden_cards(state)), "the view leaks a face-down card"
    assert view["score"] == state.score and view["moves"] == state.moves
    assert view["won"] == (sum(len(f) for f in state.foundations) == 52)
    assert view["over"] == (state.turn is None) == state.is_over()

    if state.options["scoring"] == "vegas":
        assert state.score == -52 + 5 * sum(len(f) for f in state.foundations)
    if state.turn is not None:
        assert state.turn == 0
        assert not view["won"]


def expected_standard_points(action: Action, events: list[Event]) -> int:
    """rules/klondike.md: waste→tableau 5, →foundation 10, turning a card 5, foundation→tableau −15."""
    points = 0
    for e in events:
        if e.kind == "move" and e.src != "stock" and e.dst != "stock":
            if e.dst in FOUNDATIONS:
                points += 10
            elif e.src == "waste":
                points += 5
            elif e.src in FOUNDATIONS:
                points -= 15
        elif e.kind == "flip":
            points += 5
    return points


def check_step(
    before: KlondikeState, after: KlondikeState, action: Action, events: list[Event]
) -> None:
    """What one applied action did, against the rules."""
    kinds = [e.kind for e in events]
    moved = [e for e in events if e.kind == "move"]
    delta = after.score - before.score
    assert sum(e.value for e in events if e.kind == "score") == delta
    assert kinds.count("score") <= 1
    if after.options["scoring"] == "standard":
        assert delta == expected_standard_points(action, events), (action, events)
    if isinstance(action, (Draw, Recycle, Move)):
        assert after.moves == before.moves + 1
        assert len(moved) == 1
    if isinstance(action, Draw):
        n = min(after.options["draw"], len(before.stock))
        assert after.waste == before.waste + before.stock[::-1][:n]
        assert after.stock == before.stock[: len(before.stock) - n]
    elif isinstance(action, Recycle):
        assert before.stock == [] and after.waste == []
        assert after.stock == before.waste[::-1]
        assert after.recycles == before.recycles + 1
    elif isinstance(action, Move):
        assert moved[0].cards == tuple(before.pile(action.src)[-action.count:])
        assert (moved[0].src, moved[0].dst) == (action.src, action.dst)
        flips = [e for e in events if e.kind == "flip"]
        if action.src in TABLEAU:
            i = int(action.src[1:])
            left = len(before.tableau[i]) - action.count
            turns = left > 0 and before.down[i] == left
            assert len(flips) == int(turns)
            if turns:
                assert flips[0].cards == (after.tableau[i][-1],) and after.down[i] == before.down[i] - 1
        else:
            assert flips == []
    elif isinstance(action, AutoFinish):
        assert after.turn is None and "win" in kinds
        assert after.moves == before.moves + 1, "an auto-finish is one move, however many cards it plays"
        assert all(e.dst in FOUNDATIONS for e in moved)
    if "win" in kinds:
        assert after.turn is None and after.result().winners == [0]
        assert all(len(f) == 13 for f in after.foundations)
    if after.turn is None:
        assert after.legal_actions() == []


def check_illegal_probe(state: KlondikeState, legal: list[Action], rng: random.Random) -> None:
    """A random Move is either legal, or refused with a reason and no change."""
    count = rng.choice((-1, 0, 1, 1, 1, 2, 3, 5, 13, 14))
    move = Move(rng.choice(PROBE_ZONES), rng.choice(PROBE_ZONES), count)
    if move in legal:
        state.clone().apply(move)
        return
    before = snapshot(state)
    try:
        state.apply(move)
    except IllegalAction as err:
        assert len(NARRATION.refusal(err, Names.seats(1)).split()) >= 3  # a sentence, not a code
    else:
        raise AssertionError(f"{move!r} is not in legal_actions() but apply() accepted it")
    assert snapshot(state) == before, f"illegal {move!r} changed the state"


def check_clone(state: KlondikeState, legal: list[Action], rng: random.Random) -> None:
    before = snapshot(state)
    other = state.clone()
    assert snapshot(other) == before
    other.apply(rng.choice(legal))
    other.stock.append(Card(0, "J"))
    other.waste.clear()
    other.tableau[0].append(Card(0, "J", 1))
    other.down[1] += 1
    other.foundations[2].append(Card(0, "J", 2))
    assert snapshot(state) == before, "mutating a clone changed the original"


def check_determinize(state: KlondikeState, legal: list[Action], rng: random.Random, full: bool) -> None:
    before = snapshot(state)
    det = state.determinize(0, rng)
    assert det.view(0) == state.view(0)
    assert det.waste == state.waste and det.foundations == state.foundations and det.down == state.down
    for i, pile in enumerate(state.tableau):
        assert det.tableau[i][state.down[i]:] == pile[state.down[i]:]  # face-up cards kept in place
    assert Counter(hidden_cards(det)) == Counter(hidden_cards(state))  # hidden cards only permuted
    assert Counter(every_card(det)) == DECK
    assert det.score == state.score and det.moves == state.moves and det.turn == state.turn
    if full:
        # Legality depends only on what the player sees.
        assert det.legal_actions() == legal
        det.apply(rng.choice(legal))
    assert snapshot(state) == before, "determinize changed the original"


def _priority(state: KlondikeState, action: Action) -> int:
    """How much an action helps: auto-finish, to a foundation, turning a card up, from the waste, dealing."""
    if isinstance(action, AutoFinish):
        return 5
    if isinstance(action, Move):
        if action.dst in FOUNDATIONS:
            return 4
        if action.src in TABLEAU:
            i = int(action.src[1:])
            turns_a_card = action.count == len(state.tableau[i]) - state.down[i] and state.down[i] > 0
            return 3 if turns_a_card else 0
        return 2 if action.src == "waste" else -1
    return 1  # Draw, Recycle


def choose(state: KlondikeState, legal: list[Action], rng: random.Random, greedy: float) -> Action:
    """A random legal action, never Resign unless it is all there is; with probability `greedy`, a random
    one among the most helpful."""
    options = [a for a in legal if not isinstance(a, Resign)]
    if not options:
        return Resign()
    if rng.random() < greedy:
        ranked = [(_priority(state, a), a) for a in options]
        best = max(p for p, _ in ranked)
        options = [a for p, a in ranked if p == best]
    return rng.choice(options)


def replay(options: dict[str, Any], seed: int, actions: list[Action], through_json: bool) -> KlondikeState:
    state = RULES.new_game(1, options, seed=seed)
    for action in actions:
        if through_json:
            action = RULES.action_from_json(action.to_json())
        state.apply(action)
    return state


def playout(
    seed: int, options: dict[str, Any], picks: list[int] | None = None, *, greedy: float = 0.0,
    max_actions: int = MAX_ACTIONS, policy_seed: int | None = None,
) -> tuple[KlondikeState, list[Action]]:
    """Play one game, checking every invariant after every action; `picks` (if given) index the legal list,
    else actions are drawn by `choose` from Random(policy_seed)."""
    rng = random.Random(seed * 7919 + 1)  # for the checks
    policy = random.Random(seed if policy_seed is None else policy_seed)
    state = RULES.new_game(1, options, seed=seed)
    check_position(state)
    actions: list[Action] = []
    steps = len(picks) if picks is not None else max_actions
    for step in range(steps):
        if state.turn is None:
            break
        legal = state.legal_actions()
        assert legal, "legal_actions() is empty while the game runs"
        assert len(set(legal)) == len(legal)
        assert Resign() in legal
        assert all(isinstance(a, Action) for a in legal)

        check_illegal_probe(state, legal, rng)
        check_clone(state, legal, rng)
        check_determinize(state, legal, rng, full=step % 8 == 0)

        if picks is not None:
            usable = [a for a in legal if not isinstance(a, Resign)] or legal
            action = usable[picks[step] % len(usable)]
        else:
            action = choose(state, legal, policy, greedy)
        before = state.clone()
        events = state.apply(action)
        actions.append(action)
        check_position(state)
        check_step(before, state, action, events)

    # Reproducibility: (seed, options, actions) gives the same game, also through the actions' JSON.
    assert snapshot(replay(options, seed, actions, through_json=False)) == snapshot(state)
    assert snapshot(replay(options, seed, actions, through_json=True)) == snapshot(state)

    if state.turn is not None:  # give up at the end
        assert Resign() in state.legal_actions()
        events = state.apply(Resign())
        assert [e.kind for e in events] == ["over"]
        assert state.is_over() and state.result().winners == []
        check_position(state)
    else:
        assert state.result().winners == ([0] if state.view(0)["won"] else [])
    return state, actions


# ----- tests -----------------------------------------------------------------------------------


def test_seeded_random_playouts() -> None:
    for game in range(GAMES):
        options = OPTION_SETS[game % len(OPTION_SETS)]
        # Half the games are uniformly random; the other half lean towards progress so that late-game
        # positions (empty piles, auto-finish, wins) are reached too.
        greedy = 0.0 if game % 2 == 0 else 0.9
        playout(1000 + game, options, greedy=greedy)


def test_playouts_reach_the_late_game() -> None:
    """Fully checked playouts of deals the progress-leaning policy wins, auto-finish included.

    KNOWN_WINS were found by that policy when these tests were written; should a change to the deal or to
    the order of legal_actions() make them lose, the search goes on through further seeds.
    """
    wins = auto_finishes = 0
    for seed in (*KNOWN_WINS, *range(5100, 5160)):
        if wins >= 3 and auto_finishes >= 1:
            break
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        if seed not in KNOWN_WINS and not _wins_unchecked(seed, options):
            continue
        state, actions = playout(seed, options, greedy=0.95, policy_seed=seed)
        if state.result().winners == [0]:
            wins += 1
            auto_finishes += any(isinstance(a, AutoFinish) for a in actions)
    assert wins >= 3 and auto_finishes >= 1, (wins, auto_finishes)


def _wins_unchecked(seed: int, options: dict[str, Any]) -> bool:
    state = RULES.new_game(1, options, seed=seed)
    policy = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if state.turn is None:
            break
        state.apply(choose(state, state.legal_actions(), policy, 0.95))
    return state.result().winners == [0]


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**31 - 1),
    options=st.sampled_from(OPTION_SETS),
    picks=st.lists(st.integers(min_value=0, max_value=10**6), min_size=30, max_size=200),
)
def test_invariants_hold_for_any_seed_and_action_sequence(seed: int, options: dict, picks: list[int]) -> None:
    playout(seed, options, picks)
