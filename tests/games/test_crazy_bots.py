"""Crazy bots: the rule bot keeps its wild cards for need, picks the colour it holds most of, and stops a player
about to win; it plays only legal moves under every option, wins more than its share against random bots, and the
difficulty levels find it; the timer's stand-in move is legal."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import RandomBot
from cardtable.core.cards import Card
from cardtable.games.crazy.bots import RuleBot, best_colour
from cardtable.games.crazy.rules import (
    CRAZY,
    DECK,
    DRAW,
    DRAW_FOUR,
    DRAW_TWO,
    REVERSE,
    RULES,
    SKIP,
    WILD,
    CrazyState,
    Play,
)

_LABELS = {"S": SKIP, "R": REVERSE, "D": DRAW_TWO}


def C(text: str) -> Card:  # noqa: N802 - reads like a card literal
    face, _, copy = text.partition("#")
    k = int(copy) if copy else 0
    if face in ("W", "W4"):
        return Card(CRAZY if face == "W" else DRAW_FOUR, WILD, k)
    label = face[1:]
    return Card(_LABELS[label] if label in _LABELS else int(label), face[0], k)


def position(hands: list[str], top: str = "R5", colour: str | None = None, turn: int = 0, **options) -> CrazyState:
    state = RULES.new_game(len(hands), options, seed=1)
    held = [[C(t) for t in h.split()] for h in hands]
    used = {c for h in held for c in h} | {C(top)}
    state.hands = held
    state.discard = [C(top)]
    state.draw = [c for c in DECK if c not in used]
    state.colour = colour or C(top).suit
    state.label = C(top).rank
    state.turn = turn
    return state


def choose(state: CrazyState, seat: int | None = None) -> Play:
    seat = state.turn if seat is None else seat
    action = RuleBot(1).choose(state, seat)
    assert action in state.legal_actions()
    return action  # type: ignore[return-value]


def test_the_bot_keeps_its_wild_cards_while_it_has_a_coloured_card() -> None:
    state = position(["W W4 R1 B2", "G1 G2 G3 G4 G6"])
    assert choose(state).card == C("R1")
    state = position(["W W4 B1 B2", "G1 G2 G3 G4 G6"])  # nothing coloured fits: a Crazy before a Draw Four
    action = choose(state)
    assert action.card == C("W") and action.colour == "B"


def test_the_bot_chooses_the_colour_it_holds_most_of() -> None:
    assert best_colour([C("R1"), C("G2"), C("G3"), C("W")]) == "G"
    assert best_colour([C("R9"), C("G2")]) == "R"  # a tie: the colour worth more
    assert best_colour([C("Y1"), C("B1")]) == "Y"  # still tied: red, yellow, green, blue
    state = position(["W B1 B2 Y3 G3", "G1 G2 G3#1 G4 G6"], top="R5")
    action = choose(state)
    assert action == Play(C("W"), "B")
    state = position(["W4 Y1 Y2 G3", "G1 G2 G4 G6 G7"], top="R5", choose_draw_four_colour=True)
    assert choose(state) == Play(C("W4"), "Y")


def test_the_bot_stays_in_the_colour_it_holds_most_of() -> None:
    state = position(["R1 B5 B2 B3", "G1 G2 G3 G4 G6"], top="R5")
    assert choose(state).card == C("B5")  # moves to blue, its longest colour


def test_the_bot_stops_a_player_about_to_win() -> None:
    state = position(["RD RS R1 W4", "G1 G2", "Y1 Y2 Y3"], top="R5")
    assert choose(state).card == C("RD")
    state = position(["RS R1 W4", "G1", "Y1 Y2 Y3"], top="R5")
    assert choose(state).card == C("RS")
    state = position(["R1 W4", "G1", "Y1 Y2 Y3"], top="R5")
    assert choose(state).card == C("W4")
    state = position(["RR R1", "G1", "Y1 Y2 Y3"], top="R5")
    assert choose(state).card == C("RR")
    # Against a player with many cards it keeps the Draw Four and sheds a coloured card.
    state = position(["R1 W4", "G1 G2 G3 G4", "Y1 Y2 Y3"], top="R5")
    assert choose(state).card == C("R1")


def test_forced_moves_are_made() -> None:
    state = position(["G1 B2", "R2 B3"], top="R5")
    assert choose(state) == DRAW
    state.draw.append(C("R9"))
    state.apply(DRAW)
    assert choose(state) == Play(C("R9"))


def test_the_bot_does_not_change_the_state_and_is_seeded() -> None:
    state = RULES.new_game(4, {}, seed=3)
    before = repr(state.view(None)), [list(h) for h in state.hands], list(state.draw)
    picks = [RuleBot(7).choose(state.determinize(0, random.Random(1)), 0) for _ in range(2)]
    assert picks[0] == picks[1]
    assert (repr(state.view(None)), [list(h) for h in state.hands], list(state.draw)) == before


@pytest.mark.parametrize("options", [{}, {"choose_draw_four_colour": True, "score_by_points": True}])
def test_the_bot_plays_legal_games_under_every_option(options: dict) -> None:
    for seed in range(30):
        players = 2 + seed % 9
        state = RULES.new_game(players, options, seed=seed)
        bots = [RuleBot(seed * 10 + s) for s in range(players)]
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.turn
            action = bots[seat].choose(state.determinize(seat, rng), seat)
            assert action in state.legal_actions()
            state.apply(action)
        assert state.result().winners


def test_the_rule_bot_wins_more_than_its_share_against_random_bots() -> None:
    games, players, wins = 600, 4, 0.0
    for g in range(games):
        seat = g % players
        bots = [RuleBot(g) if s == seat else RandomBot(g * 31 + s) for s in range(players)]
        state = RULES.new_game(players, {}, seed=20_000 + g)
        while state.turn is not None:
            turn = state.turn
            state.apply(bots[turn].choose(state, turn))
        winners = state.result().winners
        if seat in winners:
            wins += 1 / len(winners)
    assert wins / games > 0.28  # a random bot's share is 0.25
