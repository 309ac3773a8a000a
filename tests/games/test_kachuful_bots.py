"""Kachuful bots: the rule bot bids from its hand and plays to make its bid; it beats random play at making
bids exactly; the difficulty levels find it; the timer's stand-in moves are legal."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import RandomBot
from cardtable.core.cards import Card
from cardtable.games.kachuful.bots import RuleBot, estimate_tricks, rule_card, timeout_action
from cardtable.games.kachuful.rules import RULES, Bid, Play
from tests.games.conftest import kachuful_position


def C(code: str) -> Card:  # noqa: N802 - reads like a card literal
    return Card.from_code(code)


def exact_rate(kinds: list[str], games: int, players: int, hands: str = "down") -> list[float]:
    made = [0] * players
    rounds = 0
    for g in range(games):
        state = RULES.new_game(players, {"hands": hands}, seed=500 + g)
        bots = [RuleBot(g * 10 + s) if k == "rule" else RandomBot(g * 10 + s) for s, k in enumerate(kinds)]
        rng = random.Random(g)
        while not state.is_over():
            seat = state.turn
            action = bots[seat].choose(state.determinize(seat, rng), seat)
            assert action in state.legal_actions()
            state.apply(action)
        for row in state.score_sheet():
            rounds += 1
            for s in range(players):
                made[s] += row["bids"][s] == row["tricks"][s]
    return [m / rounds for m in made]


def test_strong_hands_bid_high_and_weak_hands_bid_low() -> None:
    strong = kachuful_position(["AS KS QS JS AH", "2H 3H 4H 5H 6H", "2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D"], dealer=3)
    assert estimate_tricks(strong.view(0), 0) >= 4
    assert RuleBot(1).choose(strong.determinize(0, random.Random(1)), 0) in (Bid(4), Bid(5))
    weak = kachuful_position(["2H 3C 4D 5H 3D", "AS KS QS JS AH", "AC KC QC JC AD", "KH QH KD QD 10S"], dealer=3)
    assert estimate_tricks(weak.view(0), 0) < 1
    assert RuleBot(1).choose(weak.determinize(0, random.Random(1)), 0) == Bid(0)


def test_the_bot_never_makes_a_forbidden_bid() -> None:
    state = kachuful_position(["AS 2S 3S", "4S 5S 6S", "7S 8S 9S", "10S JS QS"], dealer=3)
    for amount in (1, 1, 0):
        state.apply(Bid(amount))
    for seed in range(5):
        choice = RuleBot(seed).choose(state.determinize(3, random.Random(seed)), 3)
        assert choice in state.legal_actions() and choice != Bid(1)


def test_with_its_bid_made_the_bot_ducks() -> None:
    """Bid 0: under the led ace it plays its highest card that still loses."""
    state = kachuful_position(["AH 5C", "QH KH", "2D 3D"], trump="S", dealer=2)
    for amount in (1, 0, 0):
        state.apply(Bid(amount))
    state.apply(Play(C("AH")))
    assert RuleBot(1).choose(state.determinize(1, random.Random(1)), 1) == Play(C("KH"))


def test_wanting_a_trick_the_bot_wins_cheaply_when_last() -> None:
    state = kachuful_position(["5H 2C", "9H 3C", "10H AH"], trump="S", dealer=2)
    for amount in (0, 0, 1):
        state.apply(Bid(amount))
    state.apply(Play(C("5H")))
    state.apply(Play(C("9H")))
    assert RuleBot(1).choose(state.determinize(2, random.Random(1)), 2) == Play(C("10H"))


def test_with_its_bid_made_and_no_way_to_lose_it_wins_high() -> None:
    state = kachuful_position(["5H 2C", "9H 3C", "10H AH"], trump="S", dealer=2)
    for amount in (0, 1, 0):
        state.apply(Bid(amount))
    state.apply(Play(C("5H")))
    state.apply(Play(C("9H")))
    assert RuleBot(1).choose(state.determinize(2, random.Random(1)), 2) == Play(C("AH"))


def test_the_bot_does_not_change_the_state_and_is_seeded() -> None:
    state = RULES.new_game(4, {}, seed=3)
    before = repr(state.view(None)), [list(h) for h in state.hands]
    a = [RuleBot(7).choose(state.determinize(1, random.Random(2)), 1) for _ in range(2)]
    assert a[0] == a[1]
    assert (repr(state.view(None)), [list(h) for h in state.hands]) == before


@pytest.mark.parametrize("options", [
    {"bidding": "simultaneous", "jokers": True, "trump": "turn_up", "hands": "4,2,1"},
    {"trump": "rotate_no_trump", "scoring": "penalty", "hands": "3,3,3,3,3"},
    {"scoring": "multiplier", "hands": "2,5"},
])
def test_the_bot_plays_legal_games_under_every_option(options: dict) -> None:
    for players in (3, 5, 7):
        state = RULES.new_game(players, options, seed=players)
        bots = [RuleBot(s) for s in range(players)]
        rng = random.Random(players)
        while not state.is_over():
            seat = state.turn
            action = bots[seat].choose(state.determinize(seat, rng), seat)
            assert action in state.legal_actions(), (action, state.legal_actions())
            state.apply(action)


def test_the_rule_bot_makes_its_bid_more_often_than_random() -> None:
    """Two rule bots against two random bots, 4 players, rounds of 8 down to 1 cards."""
    rates = exact_rate(["rule", "random", "rule", "random"], games=3, players=4)
    rule = (rates[0] + rates[2]) / 2
    rand = (rates[1] + rates[3]) / 2
    assert rule > 0.4 and rule > rand + 0.15, rates


def test_timeout_action_is_always_legal() -> None:
    rng = random.Random(3)
    for options in ({}, {"bidding": "simultaneous", "jokers": True}):
        state = RULES.new_game(5, {**options, "hands": "3,1"}, seed=9)
        while not state.is_over():
            action = timeout_action(state, state.turn, rng)
            assert action in state.legal_actions()
            state.apply(action)


@pytest.mark.parametrize("options", [{}, {"jokers": True}, {"trump": "rotate_no_trump"}, {"jokers": True,
                                                                                       "trump": "rotate_no_trump"}])
def test_the_fast_playout_card_is_the_rule_bots_card(options: dict) -> None:
    """`rule_card` reads the state's fields (for playouts) and must choose what `RuleBot.play` chooses from the view."""
    bot = RuleBot(1)
    compared = 0
    for seed in range(40):
        state = RULES.new_game(4, options, seed=seed)
        rng = random.Random(seed)
        while state.turn is not None and compared < 4000:
            seat = state.turn
            legal = state.legal_cards()
            if len(legal) > 1:
                assert rule_card(state, seat) == bot.play(state.view(seat), seat, legal)
                compared += 1
            state.apply(rng.choice(state.legal_actions()))
    assert compared > 1000
