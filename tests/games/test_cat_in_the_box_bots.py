"""Cat in the Box bots: the rule bot plays legal games under every option and predicts 1 to 4; it keeps itself out
of a paradox and builds its group of tokens in hand-built positions; a determinization keeps what the seat has seen
(and what a failure to follow revealed); the hint and the search hooks give legal moves."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import make_hard_bot
from cardtable.bots.ismcts import SearchHooks
from cardtable.core.cards import Card
from cardtable.core.words import Names
from cardtable.games.cat_in_the_box import bots
from cardtable.games.cat_in_the_box.narration import NARRATION
from cardtable.games.cat_in_the_box.rules import (
    COLOURS,
    COPIES,
    DECKS,
    NUMBER_SUIT,
    RULES,
    CatState,
    Play,
    Predict,
)
from cardtable.games.plugin import GamePlugin, Hint

OPTIONS = [
    {},
    {"rounds": "per_player"},
    {"red_lead": "broken"},
    {"voluntary_void": "on"},
    {"rounds": "per_player", "red_lead": "broken", "voluntary_void": "on"},
]

SEATS = Names.seats(5)


def plugin() -> GamePlugin:
    """The game as the hard bot sees it: the rules and this module's hooks."""
    return GamePlugin(rules=RULES, layout=None, rule_bot=bots.RuleBot, hint=bots.hint,
                      search=SearchHooks(reward=bots.search_reward, done=bots.search_done,
                                         rollout=bots.search_rollout, weight=bots.world_weight,
                                         settings=tuple(sorted(bots.search_settings().items()))))


def position(players: int, hands: list[list[int]], board: dict[tuple[int, str], int], *, turn: int,
             trick: list[tuple[int, int, str]] = (), predictions: list[int], tricks: list[int],
             available: list[str] | None = None, discards: dict[int, int] | None = None,
             **options: str) -> CatState:
    """A play-phase position: `hands` as numbers per seat, `board` as {(number, colour): seat} (the trick's tokens
    are added from `trick`, as (seat, number, colour)); `discards` {seat: number}; every other card is a discard or
    out of play."""
    state = RULES.new_game(players, options, seed=1)
    pool = {n: [Card(n, NUMBER_SUIT, c) for c in range(COPIES)] for n in range(1, DECKS[players][0] + 1)}
    state.hands = [sorted(pool[n].pop() for n in hand) for hand in hands]
    state.board = dict(board)
    state.trick = []
    for seat, number, colour in trick:
        state.board[(number, colour)] = seat
        state.trick.append((seat, pool[number].pop(), colour))
    for number, _ in board:
        pool[number].pop()
    chosen = {s: pool[n].pop() for s, n in (discards or {}).items()}
    rest = [c for cards in pool.values() for c in cards]
    state.discards = [chosen[s] if s in chosen else rest.pop() for s in range(players)]
    state.out = rest
    state.free = {c: sum(1 << n for n in range(1, DECKS[players][0] + 1) if (n, c) not in state.board)
                  for c in COLOURS}
    state.red_on_board = any(c == "R" for _, c in state.board)
    state.available = [set(available or COLOURS) if s == turn else set(COLOURS) for s in range(players)]
    state.predictions = list(predictions)
    state.tricks = list(tricks)
    state.phase = "play"
    state.led = trick[0][2] if trick else None
    state.leader = trick[0][0] if trick else turn
    state.turn = turn
    state._plays = None
    return state


def play_through(players: int, options: dict, seed: int, make_bot) -> CatState:
    state = RULES.new_game(players, options, seed=seed)
    table = [make_bot(seed * 10 + s) for s in range(players)]
    rng = random.Random(seed)
    while state.turn is not None:
        seat = state.turn
        legal = state.legal_actions()
        action = table[seat].choose(state.determinize(seat, rng), seat)
        assert action in legal, (action, legal)
        if isinstance(action, Predict):
            assert action.amount in (1, 2, 3, 4)
        state.apply(action)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", OPTIONS)
def test_the_rule_bot_plays_legal_games_and_predicts_one_to_four(players: int, options: dict) -> None:
    for seed in range(2):
        state = play_through(players, options, seed, bots.RuleBot)
        for record in state.records:
            assert all(p in (1, 2, 3, 4) for p in record.predictions)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_playout_policy_plays_legal_games(players: int) -> None:
    for options in OPTIONS:
        for seed in range(10):
            state = RULES.new_game(players, options, seed=seed)
            rng = random.Random(seed)
            while state.turn is not None:
                action = bots.rollout_action(state, rng)
                assert action in state.legal_actions()
                state.apply(action)


def test_the_rule_bot_does_not_change_the_state_and_is_seeded() -> None:
    state = RULES.new_game(4, {}, seed=3)
    for _ in range(8):  # discards and predictions
        state.apply(bots.rollout_action(state, random.Random(0)))
    before = repr(state.view(None)), [list(h) for h in state.hands]
    a = [bots.RuleBot(7).choose(state.determinize(0, random.Random(2)), 0) for _ in range(2)]
    assert a[0] == a[1]
    assert (repr(state.view(None)), [list(h) for h in state.hands]) == before


def test_the_rule_bot_discards_a_duplicate() -> None:
    state = RULES.new_game(4, {}, seed=1)
    state.hands[0] = sorted([Card(n, NUMBER_SUIT, c) for n, c in
                             [(1, 0), (2, 0), (3, 0), (4, 0), (4, 1), (4, 2), (6, 0), (7, 0), (8, 0), (5, 0)]])
    action = bots.RuleBot(1).choose(state.determinize(0, random.Random(1)), 0)
    assert action.card.rank == 4


def test_the_rule_bot_predicts_more_with_high_cards() -> None:
    state = RULES.new_game(4, {}, seed=2)
    for _ in range(4):
        state.apply(bots.rollout_action(state, random.Random(0)))
    high = [8, 8, 8, 8, 7, 7, 7, 6, 6]
    low = [1, 1, 1, 1, 2, 2, 2, 3, 3]
    assert bots.expected_tricks(high, 4) > bots.expected_tricks(low, 4)
    assert bots.prediction_for(low, 4) == 1
    assert bots.prediction_for(high, 4) >= 3


def test_the_rule_bot_avoids_a_certain_paradox_when_it_can() -> None:
    """Voluntary void: Seat 2 may decline to follow yellow with its 6, but then its X of yellow is uncovered and its
    other cards (6s) have no free space left but yellow: it would cause the paradox at its next turn."""
    board = {(6, c): 0 for c in ("R", "B", "G")}
    board |= {(3, c): 1 for c in ("R", "B", "Y")}
    state = position(4, [[1, 2], [4, 4], [3, 6, 6], [7, 8]], board, turn=2, trick=[(1, 5, "Y")],
                     predictions=[1, 1, 1, 1], tricks=[0, 0, 0, 0], voluntary_void="on")
    legal = state.legal_actions()
    assert Play(state.hands[2][0], "G") in legal  # the 3 as green: declining to follow
    assert Play(state.hands[2][1], "Y") in legal
    for seed in range(5):
        choice = bots.RuleBot(seed).choose(state.determinize(2, random.Random(seed)), 2)
        assert choice == Play(state.hands[2][1], "Y")


def test_the_rule_bot_keeps_the_card_whose_spaces_nobody_else_can_take() -> None:
    """Seat 0 cannot follow the red 8 and loses the trick whatever it plays; its 2, 5 and 7 have one free space
    each.  Every other 7 has been seen, so no one else can take the 7's space: shedding the 7 (its usual choice with
    its prediction made) would leave the 2 and the 5, whose spaces the others may take before its next turn."""
    free = {(2, "Y"), (5, "B"), (7, "G"), (1, "Y"), (1, "G"), (3, "Y"), (3, "G"), (4, "Y"), (4, "B"), (6, "Y"),
            (8, "G"), (8, "Y")}
    owner = iter([1, 2, 3] * 12)
    board = {(n, c): next(owner) for n in range(1, 9) for c in COLOURS if (n, c) not in free and (n, c) != (8, "R")}
    state = position(4, [[2, 5, 7], [1, 2, 3], [4, 5, 6], [1, 8]], board, turn=0, trick=[(3, 8, "R")],
                     predictions=[1, 1, 1, 1], tricks=[1, 0, 0, 0], discards={0: 7})
    assert bots.unseen_counts(state, 0)[7] == 0
    assert {(a.card.rank, a.colour) for a in state.legal_actions()} == {(2, "Y"), (5, "B"), (7, "G")}
    for seed in range(5):
        choice = bots.RuleBot(seed).choose(state.determinize(0, random.Random(seed)), 0)
        assert choice.card.rank != 7, choice


def test_the_rule_bot_puts_its_token_next_to_its_own_when_otherwise_equal() -> None:
    """Seat 0 cannot follow yellow, and loses the trick to the red 8 whatever it plays (it has made its
    prediction): it declares its 5 green, next to its own token on (4, green), rather than blue."""
    board = {(5, "Y"): 2, (7, "Y"): 2, (5, "R"): 1, (4, "G"): 0, (1, "B"): 3}
    state = position(4, [[5, 5, 5], [1, 2, 3], [1, 2, 3], [1, 2, 3]], board, turn=0,
                     trick=[(2, 6, "Y"), (3, 8, "R")], predictions=[1, 1, 1, 1], tricks=[1, 0, 0, 0])
    assert {(a.card.rank, a.colour) for a in state.legal_actions()} == {(5, "B"), (5, "G")}
    for seed in range(5):
        choice = bots.RuleBot(seed).choose(state.determinize(0, random.Random(seed)), 0)
        assert (choice.card.rank, choice.colour) == (5, "G")


def test_determinize_keeps_what_the_seat_has_seen() -> None:
    """Its own hand and discard stay, every hand keeps its size, the board stays, and a seat that could not follow
    gets no card of a number whose led-colour space was free then (the engine's guarantee, tested here too)."""
    checked = 0
    for seed in range(40):
        state = RULES.new_game(4, {}, seed=seed)
        rng = random.Random(seed)
        banned: list[set[int]] = [set() for _ in range(4)]
        while state.turn is not None and state.phase != "over":
            seat = state.turn
            action = bots.rollout_action(state, rng)
            if isinstance(action, Play) and state.led is not None and action.colour != state.led:
                banned[seat] |= {n for n in range(1, 9) if (n, state.led) not in state.board}
            state.apply(action)
            if state.turn is None or state.phase != "play":
                continue
            viewer = state.turn
            for k in range(3):
                world = state.determinize(viewer, random.Random(seed * 100 + k))
                assert world.hands[viewer] == state.hands[viewer]
                assert world.discards[viewer] == state.discards[viewer]
                assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
                assert world.board == state.board and world.trick == state.trick
                everything = sorted([c for h in world.hands for c in h] + list(world.discards) + world.out
                                    + [c for w in world.won for c in w] + [c for _, c, _ in world.trick])
                assert everything == sorted([c for h in state.hands for c in h] + list(state.discards) + state.out
                                            + [c for w in state.won for c in w] + [c for _, c, _ in state.trick])
                for other in range(4):
                    if other != viewer and banned[other]:
                        checked += 1
                        assert not {c.rank for c in world.hands[other]} & banned[other]
    assert checked > 0


@pytest.mark.parametrize("options", OPTIONS[:2])
def test_the_hint_is_a_legal_move_with_a_reason(options: dict) -> None:
    for players in (2, 4, 5):
        state = RULES.new_game(players, options, seed=players)
        rng = random.Random(players)
        phases = set()
        while state.turn is not None:
            advice = bots.hint(state)
            assert isinstance(advice, Hint)
            assert advice.action in state.legal_actions()
            said = NARRATION.hint(advice, SEATS)
            assert advice.why and not advice.text and len(said) > 15 and ":" in said and "{" not in said, said
            assert said.startswith(NARRATION.action(advice.action, SEATS) + ": ") and said.endswith("."), said
            phases.add(state.phase)
            state.apply(bots.rollout_action(state, rng))
        assert bots.hint(state) is None
        assert {"discard", "predict", "play"} <= phases


def test_the_search_hooks_score_the_round_searched() -> None:
    state = RULES.new_game(3, {"rounds": "per_player"}, seed=5)
    root = state.clone()
    rng = random.Random(1)
    while not bots.search_done(state, root):
        rewards = bots.search_reward(state, root)
        assert all(0.0 <= r <= 1.0 for r in rewards)
        state.apply(bots.rollout_action(state, rng))
    assert len(state.records) == 1 and state.turn is not None  # the next round has begun
    rewards = bots.search_reward(state, root)
    scores = state.records[0].scores
    assert all(0.0 <= r <= 1.0 for r in rewards)
    assert sorted(range(3), key=lambda s: rewards[s]) == sorted(range(3), key=lambda s: scores[s])


def test_the_plugin_wires_the_search_hooks() -> None:
    from cardtable.games.cat_in_the_box import GAME

    assert GAME.search == plugin().search


@pytest.mark.parametrize("options", OPTIONS)
def test_the_search_rollout_plays_legal_rounds(options: dict) -> None:
    for players in (2, 3, 4, 5):
        state = RULES.new_game(players, options, seed=players)
        rng = random.Random(players)
        while state.turn is not None:
            action = bots.search_rollout(state, rng)
            assert action in state.legal_actions()
            state.apply(action)


def test_the_world_weight_follows_predictions_and_discards() -> None:
    """A seat that predicted 4 more likely holds high numbers than low ones; a discard the rule bot's policy would
    not make weighs less; the seat's own cards are never weighed."""
    high = position(4, [[1, 2, 3, 4, 5], [8, 8, 7, 7, 6], [2, 3, 4, 5, 6], [3, 4, 5, 6, 7]], {}, turn=0,
                    predictions=[1, 4, 2, 2], tricks=[0, 0, 0, 0], discards={0: 1, 1: 7, 2: 4, 3: 5})
    low = position(4, [[1, 2, 3, 4, 5], [1, 1, 2, 2, 3], [2, 3, 4, 5, 6], [3, 4, 5, 6, 7]], {}, turn=0,
                   predictions=[1, 4, 2, 2], tricks=[0, 0, 0, 0], discards={0: 1, 1: 2, 2: 4, 3: 5})
    assert bots.world_weight(high, 0) > 2 * bots.world_weight(low, 0) > 0.0
    odd = high.clone()
    odd.discards[1] = Card(1, NUMBER_SUIT, 4)  # the rule bot would discard a 7 or an 8 from that hand, not its 1
    assert bots.world_weight(odd, 0) < bots.world_weight(high, 0)
    mine = high.clone()
    mine.hands[0] = sorted(Card(n, NUMBER_SUIT, 4) for n in (8, 8, 8, 8, 8))
    assert bots.world_weight(mine, 0) == bots.world_weight(high, 0)


def test_the_hard_bot_plays_a_legal_game() -> None:
    game = plugin()
    state = RULES.new_game(3, {}, seed=11)
    bots_ = [make_hard_bot(game, seed=s, iterations=20) for s in range(3)]
    rng = random.Random(3)
    while state.turn is not None:
        seat = state.turn
        action = bots_[seat].choose(state.determinize(seat, rng), seat)
        assert action in state.legal_actions()
        state.apply(action)
