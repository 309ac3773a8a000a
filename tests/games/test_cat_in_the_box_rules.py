"""Cat in the Box rules, one test (or a few) per rule of shared/rules/cat-in-the-box.md.

Every test's docstring quotes the rule text it traces, and `test_every_rule_is_traced` checks that every rule
sentence of the rules file is quoted by some test here (markdown emphasis and code marks left out).

Positions are built from position text (`cardtable.games.cat_in_the_box.notation`): `position` writes the text of
a trick phase from hands given as numbers, seat 0 first (the cards no hand holds are the discards and the cards
out of play), and `changed` rewrites some lines of a state's text.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from cardtable.core.cards import Card
from cardtable.core.engine import IllegalAction
from cardtable.core.words import Names
from cardtable.games.cat_in_the_box.narration import NARRATION
from cardtable.games.cat_in_the_box.notation import NOTATION
from cardtable.games.cat_in_the_box.rules import (
    COLOURS,
    COPIES,
    DECKS,
    OBSERVER,
    PARADOX,
    RULES,
    CatState,
    Discard,
    Paradox,
    Play,
    Predict,
    largest_group,
    round_scores,
)
from tests.rule_trace import traces, untraced_rules

# ----- helpers ---------------------------------------------------------------------------------

COLOURS_TEXT = "".join(COLOURS)


def new(players: int = 4, seed: int = 1, **options: Any) -> CatState:
    return RULES.new_game(players, options, seed=seed)


def prepared(players: int = 4, seed: int = 1, predictions: list[int] | None = None, **options: Any) -> CatState:
    """A game past its discards and predictions (each seat discards its first card, predicts 2 or as given)."""
    state = new(players, seed, **options)
    while state.phase == "discard":
        state.apply(state.legal_actions()[0])
    for k in range(players):
        state.apply(Predict((predictions or [2] * players)[k]))
    return state


def position(hands: list[list[int]], board: dict[tuple[int, str], int] | None = None, leader: int = 0,
             available: list[str] | None = None, predictions: list[int] | None = None,
             won: list[list[int]] | None = None, **options: Any) -> CatState:
    """The trick phase of a game of 3 to 5 players with these hands (numbers) and board, `leader` to lead; every
    colour available unless `available` gives a seat's colours as a string ("RBY"); each seat predicted 2 unless
    `predictions` says otherwise and has won the tricks of `won` (numbers)."""
    players = len(hands)
    left = Counter({number: COPIES for number in range(1, DECKS[players][0] + 1)})

    def take(numbers: list[int]) -> str:
        codes = []
        for number in numbers:
            copy = COPIES - left[number]
            left[number] -= 1
            codes.append(Card(number, "N", copy).code)
        return " ".join(codes) or "-"

    chosen = RULES.validate_options(options)
    hand_text = " | ".join(take(sorted(hand)) for hand in hands)
    won_text = " | ".join(take(w) for w in won or [[]] * players)
    rest = sorted(left.elements())
    tokens = " ".join(f"{n}{c}={'o' if owner == OBSERVER else owner}" for (n, c), owner in (board or {}).items())
    return NOTATION.from_text(f"""
        cat_in_the_box {players}
        options: {" ".join(f"{name}={value}" for name, value in chosen.items())}
        seed: 1
        round: 0
        start: 0
        phase: play
        turn: {leader}
        hands: {hand_text}
        discards: {" | ".join(take([n]) for n in rest[:players])}
        predictions: {" ".join(str(p) for p in predictions or [2] * players)}
        available: {" | ".join(available or [COLOURS_TEXT] * players)}
        board: {tokens or "-"}
        revealed: -
        out: {take(rest[players:])}
        won: {won_text}
        leader: {leader}
        trick: -
        last lead: -
        last trick: -
        last winner: -
        paradox: -
        interrupted: -
        cannot hold: {" | ".join(["-"] * players)}
    """)


def line(state: CatState, key: str) -> str:
    """The value of `key`'s line in `state`'s position text."""
    return next(row.partition(": ")[2] for row in NOTATION.to_text(state).splitlines() if row.startswith(f"{key}:"))


def changed(state: CatState, **lines: str) -> CatState:
    """`state` read back from its position text with some lines given anew (a key's spaces written `_`)."""
    rows = []
    for row in NOTATION.to_text(state).splitlines():
        key = row.partition(":")[0].replace(" ", "_")
        rows.append(f"{row.partition(':')[0]}: {lines.pop(key)}" if key in lines else row)
    rows += [f"{key.replace('_', ' ')}: {value}" for key, value in lines.items()]
    return NOTATION.from_text("\n".join(rows))


def play(state: CatState, number: int, colour: str) -> list:
    seat = state.turn
    card = next(c for c in state.hands[seat] if c.rank == number)
    return state.apply(Play(card, colour))


@contextmanager
def refused(state: CatState, text: str) -> Iterator[None]:
    """The move made inside is refused, and the narration's reason (seats by number) says `text`."""
    with pytest.raises(IllegalAction) as caught:
        yield
    said = NARRATION.refusal(caught.value, Names.seats(state.n))
    assert text in said, said


def numbers(state: CatState, seat: int) -> list[int]:
    return [c.rank for c in state.hands[seat]]


def plays(state: CatState) -> set[tuple[int, str]]:
    return {(a.card.rank, a.colour) for a in state.legal_actions() if isinstance(a, Play)}


# ----- components ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "top", "each", "left"), [(5, 9, 9, 0), (4, 8, 10, 0), (3, 7, 11, 2),
                                                              (2, 5, 10, 5)])
@traces("cat_in_the_box:cards", "cat_in_the_box:deck", "cat_in_the_box:deal")
def test_the_deck_per_player_count(players: int, top: int, each: int, left: int) -> None:
    """Cat cards: numbers only, no colour.  Five copies of each number. | players | numbers | cards | dealt each |
    left over (face down, out of play) | | --- | --- | --- | --- | --- | | 5 | 1–9 | 45 | 9 | 0 | | 4 | 1–8 | 40 |
    10 | 0 | | 3 | 1–7 | 35 | 11 | 2 | | 2 | 1–5 | 25 | 10 | 5 (the centre pile, see 2 players) | (The 3-player
    deck is 1–7 by the product owner's correction, not the 1–6 of the seed's first table.)
    Shuffle, deal equally (table above)."""
    state = new(players)
    everything = [c for h in state.hands for c in h] + state.out + state.revealed
    assert len(everything) == 5 * top and len(set(everything)) == 5 * top
    assert Counter(c.rank for c in everything) == {n: 5 for n in range(1, top + 1)}
    assert {c.suit for c in everything} == {"N"}  # no colour
    assert [len(h) for h in state.hands] == [each] * players
    assert len(state.out) + len(state.revealed) == left
    assert new(players, seed=2).hands != state.hands  # shuffled


@traces("cat_in_the_box:colours", "cat_in_the_box:win")
def test_colours_and_red_trump() -> None:
    """Colours: red, blue, yellow, green.  Red is trump; the other three are equal."""
    assert COLOURS == ("R", "B", "Y", "G")
    state = position([[5, 1], [6, 2], [7, 3]])
    play(state, 5, "R")  # red led: the highest red wins
    play(state, 6, "R")
    play(state, 7, "R")
    assert state.last_winner == 2


@traces("cat_in_the_box:win", "cat_in_the_box:follow.cannot")
def test_a_low_red_beats_the_led_colour() -> None:
    """Winner: the highest red card wins if any red was declared"""
    state = position([[5, 1], [6, 2], [1, 3]], board={(1, "B"): OBSERVER, (3, "B"): OBSERVER})
    play(state, 5, "B")
    play(state, 6, "B")
    play(state, 1, "R")  # 1 and 3 blue are taken: seat 2 cannot follow and trumps
    assert state.last_winner == 2
    assert state.tricks == [0, 0, 1]


@traces("cat_in_the_box:colours", "cat_in_the_box:win", "cat_in_the_box:lead")
def test_the_other_colours_are_equal() -> None:
    """the other three are equal.  otherwise the highest card of the led colour. (Two cards can never tie: each
    number/colour space is used once.) The winner leads the next trick."""
    state = position([[5, 1, 4], [6, 2, 4], [7, 3, 4]], available=["RBYG", "RBYG", "RY"])
    play(state, 5, "B")
    play(state, 6, "B")
    play(state, 7, "Y")  # blue uncovered for seat 2: it cannot follow, and yellow does not win
    assert state.last_winner == 1
    assert state.leader == state.turn == 1


@traces("cat_in_the_box:board", "cat_in_the_box:board.space", "cat_in_the_box:score.group")
def test_research_board_rows_and_columns() -> None:
    """Research board: one row per number in play, one column per colour, the columns in the order red, blue,
    yellow, green (green and red are not neighbours: no wrap-around).  Each space holds at most one token."""
    state = position([[5, 1], [5, 2], [5, 3]])
    play(state, 5, "R")
    assert (5, "R") in state.board
    assert (5, "R") not in plays(state)  # the space is used
    with refused(state, "taken"):
        play(state, 5, "R")
    # green and red are not neighbours
    assert largest_group({(3, "R"): 0, (3, "G"): 0}, 0) == 1
    assert largest_group({(3, "R"): 0, (3, "B"): 0}, 0) == 2


@traces("cat_in_the_box:colours.open")
def test_player_board_covers_every_colour_at_setup() -> None:
    """Player board: one X space per colour.  At setup each X is covered by one of the player's tokens.
    A covered X means the colour is still available to that player"""
    state = new(4)
    assert all(a == set(COLOURS) for a in state.available)
    assert state.view(0)["available"] == [list(COLOURS)] * 4


@traces("cat_in_the_box:colours.closed", "cat_in_the_box:follow.close")
def test_an_uncovered_x_stays_uncovered_for_the_round() -> None:
    """an uncovered X means the player has declared they have no more of that colour, for the rest of the round."""
    state = position([[5, 4, 6, 7], [6, 2, 5, 7], [1, 3, 4, 7]],
                     board={(1, "B"): OBSERVER, (3, "B"): OBSERVER, (4, "B"): OBSERVER, (7, "B"): OBSERVER})
    play(state, 5, "B")
    play(state, 6, "B")
    play(state, 1, "R")  # seat 2 holds no number with a free blue space
    assert "B" not in state.available[2]
    board = " ".join(token for token in line(state, "board").split() if "B=" not in token)
    state = changed(state, board=board)  # even were every blue space empty again, seat 2 could not declare blue
    rng = random.Random(1)
    while not state.is_over():
        seat, action = state.turn, rng.choice(state.legal_actions())
        assert not (seat == 2 and isinstance(action, Play) and action.colour == "B")
        state.apply(action)


@traces("cat_in_the_box:tokens")
def test_tokens_are_never_a_limit() -> None:
    """Tokens: each player has tokens in their seat colour: enough for every declaration, so tokens are never a
    limit. "Cannot place a token on the research board" in the seed means every space the player could use is
    taken."""
    state = prepared(2)
    rng = random.Random(3)
    placed = Counter()
    while state.phase == "play":
        action = rng.choice(state.legal_actions())
        seat = state.turn
        state.apply(action)
        if isinstance(action, Play):
            placed[seat] += 1
    assert sum(placed.values()) == sum(1 for owner in state.board.values() if owner != OBSERVER)


# ----- set-up ---------------------------------------------------------------------------------


@traces("cat_in_the_box:discard", "cat_in_the_box:discard.hidden")
def test_discards_are_hidden_and_one_seat_at_a_time() -> None:
    """Discard: every player looks at their hand and puts one card face down out of play.  In software the
    discards are hidden choices made one seat at a time; no one sees another's discard. (5 players: 9 → 8
    cards.)"""
    state = new(5)
    assert state.phase == "discard" and state.turn == 0
    for seat in range(5):
        assert state.turn == seat
        assert all(isinstance(a, Discard) for a in state.legal_actions())
        card = state.hands[seat][-1]
        state.apply(next(a for a in state.legal_actions() if a.card.rank == card.rank))
        card = state.discards[seat]
        assert card is not None and card not in state.hands[seat]
        other = (seat + 1) % 5
        assert state.view(other)["my_discard"] != card  # only each seat's own discard is in its view
        assert card not in [c for h in state.view(other)["hands"] for c in h]
        assert state.view(seat)["my_discard"] == card
        assert state.view(None)["my_discard"] is None
        assert state.view(other)["discarded"][seat] is True
    assert [len(h) for h in state.hands] == [8] * 5
    assert state.phase == "predict"


@traces("cat_in_the_box:predict.order", "cat_in_the_box:predict.range", "cat_in_the_box:predict.public")
def test_predictions_in_order_one_to_four_and_public() -> None:
    """Prediction: starting with the start player and going clockwise, each player predicts how many tricks they
    will win.  Only 1, 2, 3 or 4 may be predicted (no 0, nothing above 4).  Predictions are public."""
    state = new(3)
    while state.phase == "discard":
        state.apply(state.legal_actions()[0])
    assert state.turn == 0
    assert state.legal_actions() == [Predict(1), Predict(2), Predict(3), Predict(4)]
    for bad in (0, 5, -1):
        with refused(state, "Only 1, 2, 3 or 4"):
            state.apply(Predict(bad))
    state.apply(Predict(3))
    assert state.turn == 1
    assert state.view(2)["predictions"] == [3, None, None]  # public
    state.apply(Predict(1))
    state.apply(Predict(4))
    assert state.phase == "play" and state.predictions == [3, 1, 4]


@traces("cat_in_the_box:start", "cat_in_the_box:lead")
def test_the_start_player_leads_the_first_trick() -> None:
    """The start player of the round leads the first trick.  In a one-round game the start player is seat 0
    unless the table says otherwise. "Clockwise" is the order of seat numbers (seat 1 after seat 0)"""
    state = prepared(4)
    assert state.start == 0 and state.turn == 0 and state.leader == 0
    state.apply(state.legal_actions()[0])
    assert state.turn == 1


@traces("cat_in_the_box:option.rounds", "cat_in_the_box:discard")
def test_one_per_player_rotates_the_start_player() -> None:
    """with the one per player option the start player moves to the next seat each round.
    rounds: 1 (default, the product owner's choice) | one per player (start player rotates; totals decide)."""
    assert RULES.validate_options({})["rounds"] == "1"
    state = new(3, rounds="per_player")
    rng = random.Random(1)
    starts = []
    while not state.is_over():
        if state.phase == "discard" and all(d is None for d in state.discards):
            starts.append(state.start)
            assert state.turn == state.start
        state.apply(rng.choice(state.legal_actions()))
    assert starts == [0, 1, 2]
    assert state.result().scores == [float(sum(r.scores[s] for r in state.records)) for s in range(3)]


# ----- tricks ---------------------------------------------------------------------------------


@traces("cat_in_the_box:trick.order")
def test_the_leader_plays_any_card_and_declares_a_colour() -> None:
    """The leader plays any card and declares a colour; each other player, clockwise, plays a card and declares a
    colour."""
    state = position([[5, 1], [6, 2], [7, 3]])
    assert plays(state) == {(n, c) for n in (5, 1) for c in COLOURS}
    play(state, 1, "G")
    assert state.led == "G" and state.turn == 1
    play(state, 6, "G")
    assert state.turn == 2


@traces("cat_in_the_box:declare", "cat_in_the_box:declare.legal")
def test_a_declaration_needs_an_empty_space_and_an_available_colour() -> None:
    """A declaration of colour C for number N is legal only if 1. the research board space (N, C) is empty, and 2.
    C is still available to the player (its X on their board is covered).  The player's token goes on (N, C)."""
    state = position([[5, 1], [6, 2], [7, 3]], board={(5, "R"): 1}, available=["RBY", "RBYG", "RBYG"])
    legal = plays(state)
    assert (5, "R") not in legal  # taken
    assert (1, "G") not in legal and (5, "G") not in legal  # green uncovered for seat 0
    assert (5, "B") in legal
    with refused(state, "no longer available"):
        play(state, 1, "G")
    play(state, 5, "B")
    assert state.board[(5, "B")] == 0


@traces("cat_in_the_box:follow")
def test_followers_must_declare_the_led_colour_if_they_can() -> None:
    """Following: a follower must declare the led colour if they hold any card for which that declaration is
    legal."""
    state = position([[5, 1], [6, 2], [7, 3]], board={(2, "B"): OBSERVER})
    play(state, 5, "B")
    assert plays(state) == {(6, "B")}  # 2 blue is taken, 6 blue is free: 6 must be declared blue
    with refused(state, "must follow blue"):
        play(state, 2, "R")


@traces("cat_in_the_box:follow.cannot", "cat_in_the_box:follow.close")
def test_a_follower_who_cannot_follow_uncovers_the_led_colour() -> None:
    """If they cannot (no card of a free led-colour space, or the led colour already uncovered), they declare another
    colour, red included, and their X of the led colour is uncovered: they can never declare the led colour again
    this round."""
    state = position([[5, 1, 4], [6, 2, 4], [7, 3, 4]], board={(6, "B"): OBSERVER, (2, "B"): OBSERVER,
                                                               (4, "B"): OBSERVER})
    play(state, 5, "B")
    assert plays(state) == {(n, c) for n in (2, 4, 6) for c in "RYG"}  # red included
    play(state, 2, "R")
    assert "B" not in state.available[1]
    assert state.view(0)["available"][1] == ["R", "Y", "G"]
    # Later, with the led colour uncovered, the seat never declares blue again, even leading.
    trick = " ".join(card.code for _, card, _ in state.trick)
    state = changed(state, trick="-", leader="1", turn="1", out=f"{line(state, 'out')} {trick}")
    assert all(c != "B" for _, c in plays(state))


@traces("cat_in_the_box:follow.cannot")
def test_the_led_colour_already_uncovered_counts_as_cannot_follow() -> None:
    """If they cannot (no card of a free led-colour space, or the led colour already uncovered), they declare another
    colour, red included, and their X of the led colour is uncovered: they can never declare the led colour again
    this round."""
    state = position([[5, 1], [6, 2], [7, 3]], available=["RBYG", "RYG", "RBYG"])
    play(state, 5, "B")
    assert {c for _, c in plays(state)} == {"R", "Y", "G"}


@traces("cat_in_the_box:end")
def test_tricks_until_every_player_holds_one_card() -> None:
    """End: tricks are played until every player holds exactly one card (5 players: 7 tricks).  That last card is
    never played."""
    state = prepared(5)
    rng = random.Random(5)
    while state.phase == "play" and state.paradox is None:
        state.apply(rng.choice(state.legal_actions()))
    if state.paradox is None:
        record = state.records[-1]
        assert sum(record.tricks) == 7
    for seed in range(40):
        state = prepared(5, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            action = rng.choice(state.legal_actions())
            state.apply(action)
        record = state.records[-1]
        if record.paradox is None:
            assert sum(record.tricks) == 7
            assert all(len(h) == 1 for h in state.hands)  # the last card stays in hand


@traces("cat_in_the_box:win.notie", "cat_in_the_box:board.space")
def test_a_number_taken_in_the_led_colour_is_declared_with_another_card() -> None:
    """Two cards never tie: a number already declared in a colour cannot be declared in it again, so a follower
    holding the led card's number follows with another of its numbers."""
    state = position([[5, 1], [5, 2], [5, 3]])
    play(state, 5, "B")
    assert plays(state) == {(2, "B")}  # 5 blue is taken: no second blue 5 can tie the first
    play(state, 2, "B")
    assert plays(state) == {(3, "B")}
    play(state, 3, "B")
    assert state.last_winner == 0 and state.tricks == [1, 0, 0]


# ----- paradox --------------------------------------------------------------------------------


def paradox_position() -> CatState:
    """Seat 1 holds only numbers whose free spaces are all gone: a paradox when it must follow."""
    board = {(6, c): OBSERVER for c in COLOURS} | {(2, c): OBSERVER for c in COLOURS}
    return position([[5, 1], [6, 2], [7, 3]], board=board)


@traces("cat_in_the_box:paradox", "cat_in_the_box:paradox.nopass")
def test_a_paradox_is_the_one_action_offered() -> None:
    """It is never possible to pass.  A player to act with no legal declaration for any card in hand causes a
    paradox.  The engine offers exactly one action in that position, paradox (shown to the human as a button that
    says why), so the paradox is an explicit, logged move."""
    state = paradox_position()
    play(state, 5, "B")
    assert state.turn == 1
    assert state.legal_actions() == [PARADOX]
    with pytest.raises(IllegalAction):
        play(state, 6, "R")
    assert Paradox().to_json() == {"type": "Paradox"}
    assert RULES.action_from_json({"type": "Paradox"}) == PARADOX


@traces("cat_in_the_box:paradox.nopass")
def test_a_paradox_is_refused_while_a_declaration_is_legal() -> None:
    """It is never possible to pass."""
    state = position([[5, 1], [6, 2], [7, 3]])
    with refused(state, "there is no paradox"):
        state.apply(PARADOX)


@traces("cat_in_the_box:paradox.end")
def test_a_paradox_ends_the_trick_phase_and_the_trick_is_won_by_no_one() -> None:
    """The trick phase ends at once.  The interrupted trick is won by no one.
    Tokens placed in the trick a paradox interrupted stay on the board and count."""
    state = paradox_position()
    play(state, 5, "B")
    events = state.apply(PARADOX)
    assert state.is_over() and state.paradox == 1
    assert state.tricks == [0, 0, 0]
    assert state.board[(5, "B")] == 0  # stays
    assert any("won by no one" in said.text for e in events if (said := NARRATION.event(e, Names.seats(3))))
    record = state.records[-1]
    assert record.paradox == 1


@traces("cat_in_the_box:paradox")
def test_a_leader_can_cause_a_paradox() -> None:
    """A player to act with no legal declaration for any card in hand causes a paradox."""
    board = {(n, c): OBSERVER for n in (5, 1) for c in COLOURS}
    state = position([[5, 1], [6, 2], [7, 3]], board=board)
    assert state.legal_actions() == [PARADOX]


@traces("cat_in_the_box:paradox")
def test_a_paradox_by_uncovered_colours() -> None:
    """A player to act with no legal declaration for any card in hand causes a paradox."""
    state = position([[5, 1], [6, 2], [7, 3]], available=["RBYG", "B", "RBYG"], board={(6, "B"): 2, (2, "B"): 2})
    play(state, 5, "B")
    assert state.legal_actions() == [PARADOX]


# ----- scoring --------------------------------------------------------------------------------


@traces("cat_in_the_box:score.trick", "cat_in_the_box:score.bonus")
def test_each_trick_is_a_point_and_an_exact_prediction_adds_the_largest_group() -> None:
    """Each trick won is worth 1 point.  Bonus: a player who won exactly the number of tricks they predicted, and
    did not cause the paradox, adds the size of their largest group of orthogonally connected tokens on the research
    board (diagonals do not connect; rows are neighbours when their numbers differ by one, columns in the board's
    order)."""
    board = {(3, "R"): 0, (4, "R"): 0, (4, "B"): 0, (7, "G"): 0, (5, "Y"): 1}
    bonus, scores = round_scores([2, 1], [2, 3], board, None)
    assert bonus == (3, 0) and scores == (5, 3)


@pytest.mark.parametrize(("spaces", "size"), [
    ([(3, "R"), (4, "R"), (5, "R"), (5, "B")], 4),  # an L
    ([(3, "R"), (4, "B")], 1),  # a diagonal does not connect
    ([(1, "R"), (2, "R"), (7, "Y"), (7, "G"), (8, "G"), (9, "G")], 4),  # two groups: the larger counts
    ([(2, "G"), (2, "R")], 1),  # no wrap-around
    ([], 0),
])
@traces("cat_in_the_box:score.group")
def test_largest_group_on_hand_built_boards(spaces: list[tuple[int, str]], size: int) -> None:
    """diagonals do not connect; rows are neighbours when their numbers differ by one, columns in the board's
    order)."""
    assert largest_group(dict.fromkeys(spaces, 0), 0) == size


@traces("cat_in_the_box:score.group.own")
def test_observer_and_other_tokens_never_join_a_group() -> None:
    """Observer tokens and other players' tokens never join a group."""
    board = {(3, "R"): 0, (4, "R"): OBSERVER, (5, "R"): 0, (3, "B"): 1, (2, "B"): 0}
    assert largest_group(board, 0) == 1
    assert largest_group(board, 1) == 1
    assert largest_group(board, OBSERVER) == 1


@traces("cat_in_the_box:score.paradox.tokens")
def test_tokens_of_the_trick_a_paradox_stopped_count_for_the_bonus() -> None:
    """Tokens placed in the trick a paradox interrupted stay on the board and count."""
    board = {(6, c): OBSERVER for c in COLOURS} | {(2, c): OBSERVER for c in COLOURS} | {(4, "B"): 0}
    state = position([[5, 1], [6, 2], [7, 3]], board=board, predictions=[1, 2, 2], won=[[4, 4, 4], [], []])
    play(state, 5, "B")  # joins seat 0's blue 4
    state.apply(PARADOX)
    record = state.records[-1]
    assert record.tricks == (1, 0, 0) and record.bonus[0] == 2 and record.scores[0] == 3


@traces("cat_in_the_box:score.paradox")
def test_the_paradox_penalty() -> None:
    """Paradox penalty: the player who caused the paradox scores minus one per trick they won, and no bonus."""
    board = {(3, "R"): 1, (4, "R"): 1}
    bonus, scores = round_scores([2, 2, 1], [1, 2, 0], board, 1)
    assert bonus[1] == 0 and scores[1] == -2
    assert scores[0] == 1  # inexact: no bonus


@traces("cat_in_the_box:winner")
def test_highest_score_wins_and_ties_share() -> None:
    """Highest score wins.  Tie: shared victory (in a multi-round game: among the tied players, the highest score in
    the final round, then shared)."""
    # A record's scores are its tricks plus its bonus.
    state = changed(new(3), phase="over", turn="-", round="1",
                    record_1="start 0, predictions 1 1 1, tricks 1 1 1, bonus 3 3 1, paradox -")
    assert state.result().winners == [0, 1]
    assert NARRATION.result(state.result(), Names.seats(3)) == "Seat 1 and Seat 2 share the victory with 4 points."
    multi = changed(new(3, rounds="per_player"), round="2",
                    record_1="start 0, predictions 1 1 1, tricks 1 1 0, bonus 4 0 0, paradox -",
                    record_2="start 1, predictions 1 1 1, tricks 1 1 1, bonus 0 4 5, paradox -")
    assert multi.totals() == [6, 6, 6]
    assert multi.result().winners == [2]  # the highest score in the final round
    multi = changed(multi, record_1="start 0, predictions 1 1 1, tricks 1 1 0, bonus 1 1 0, paradox -",
                    record_2="start 1, predictions 1 1 1, tricks 1 1 1, bonus 2 2 0, paradox -")
    assert multi.result().winners == [0, 1]  # then shared


# ----- two players ----------------------------------------------------------------------------


@traces("cat_in_the_box:two.deal", "cat_in_the_box:two.reveal", "cat_in_the_box:two.neutral")
def test_two_players_deal_and_observers() -> None:
    """Deck 1–5 (25 cards), 10 cards each, 5 to the centre pile.  Before the discards, reveal 3 of the centre cards
    (the other 2 stay face down, out of play): for each revealed number, an observer token goes on the green space
    of that number; if a number is revealed a second time, the observer token goes on its yellow space as well (a
    third time: blue).  Observer tokens block spaces and belong to no one."""
    for seed in range(60):
        state = new(2, seed=seed)
        assert [len(h) for h in state.hands] == [10, 10]
        assert len(state.revealed) == 3 and len(state.out) == 2
        seen: Counter[int] = Counter()
        expected = {}
        for card in state.revealed:
            expected[(card.rank, ("G", "Y", "B")[seen[card.rank]])] = OBSERVER
            seen[card.rank] += 1
        assert state.board == expected
        assert state.phase == "discard"  # revealed before the discards


@traces("cat_in_the_box:two.block", "cat_in_the_box:two.play")
def test_two_players_observers_block_spaces() -> None:
    """Observer tokens block spaces and belong to no one.
    Then discard, predict and play as above (10 → 9 cards, 8 tricks)."""
    state = prepared(2, seed=4)
    blocked = [space for space, owner in state.board.items() if owner == OBSERVER]
    assert blocked and all(space not in plays(state) for space in blocked)
    assert [len(h) for h in state.hands] == [9, 9]
    rng = random.Random(2)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    record = state.records[-1]
    assert record.paradox is not None or sum(record.tricks) == 8


# ----- options --------------------------------------------------------------------------------


@traces("cat_in_the_box:option.red_lead")
def test_red_must_be_broken() -> None:
    """red lead: free (default) | red must be broken (the published rule: red may not be led until a red token is on
    the board, whoever placed it, unless the leader has no other legal declaration with any card in hand)."""
    assert RULES.validate_options({})["red_lead"] == "free"
    free = position([[5, 1], [6, 2], [7, 3]])
    assert (5, "R") in plays(free)
    broken = position([[5, 1], [6, 2], [7, 3]], red_lead="broken")
    assert all(c != "R" for _, c in plays(broken))
    with refused(broken, "Red may not be led"):
        play(broken, 5, "R")
    after = position([[5, 1], [6, 2], [7, 3]], board={(4, "R"): 2}, red_lead="broken")  # 3 players: 1 to 7
    assert (5, "R") in plays(after)
    only_red = position([[5, 1], [6, 2], [7, 3]], available=["R", "RBYG", "RBYG"], red_lead="broken")
    assert plays(only_red) == {(5, "R"), (1, "R")}


@traces("cat_in_the_box:option.void")
def test_voluntary_void() -> None:
    """voluntary void: off (default: follow if you can) | on (the published rule: a follower may choose not to
    follow, declaring any other legal colour, red included, and uncovering the led colour's X)."""
    assert RULES.validate_options({})["voluntary_void"] == "off"
    state = position([[5, 1], [6, 2], [7, 3]], voluntary_void="on")
    play(state, 5, "B")
    legal = plays(state)
    assert (6, "B") in legal and (6, "R") in legal and (2, "Y") in legal
    play(state, 6, "R")
    assert "B" not in state.available[1]
    assert state.cannot_hold[1] == set()  # a choice, not proof of a void


def test_every_rule_is_traced() -> None:
    """Every rule sentence (and each clause between semicolons) of rules/cat-in-the-box.md is quoted by a test."""
    untraced = untraced_rules(__name__, "cat-in-the-box.md", at_least=40, also=("tests.ui.test_cat_in_the_box_table",))
    if untraced is None:
        pytest.skip("the rules folder is not beside the repository")
    assert untraced == [], f"rules with no test quoting them: {untraced}"
