"""Kachuful rules, one test (or a few) per rule of shared/rules/kachuful.md, plus seed 004's §7 edge cases.

Every test's docstring quotes the rule text it traces, and `test_every_rule_is_traced` checks that every rule
sentence of the rules file is quoted by some test here (markdown emphasis and code marks left out).

Positions are built by dealing a game and then setting its round directly (`position`): hands given as card
codes, seat 0 first; the rest of the deck goes to the undealt deck so that the cards stay conserved.
"""

from __future__ import annotations

import inspect
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardtable.core.cards import Card, deck_with_jokers, standard_deck
from cardtable.core.engine import Action, Event, IllegalAction, Result
from cardtable.core.words import Names
from cardtable.games.kachuful import GAME
from cardtable.games.kachuful import rules as kachuful
from cardtable.games.kachuful.bots import timeout_action
from cardtable.games.kachuful.narration import KachufulNarration
from cardtable.games.kachuful.notation import NOTATION
from cardtable.games.kachuful.rules import (
    BID,
    REFUSAL_CODES,
    ROUND_HOLD,
    RULES,
    TRICK_HOLD,
    Bid,
    KachufulState,
    Play,
    forbidden_bid,
    hand_sequence,
    max_hand,
    round_points,
)
from tests.games.conftest import kachuful_finished, kachuful_position
from tests.rule_trace import traces, untraced_rules

# ----- helpers ---------------------------------------------------------------------------------


def new(players: int = 4, seed: int = 1, **options: Any) -> KachufulState:
    return RULES.new_game(players, options, seed=seed)


def C(code: str) -> Card:  # noqa: N802 - reads like a card literal
    return Card.from_code(code)


def cards(text: str) -> list[Card]:
    return [Card.from_code(c) for c in text.split()]


def snapshot(state: KachufulState) -> tuple:
    """Everything observable about a state, copied."""
    return (
        repr(state.view(None)),
        tuple(repr(state.view(s)) for s in range(state.n)),
        [list(h) for h in state.hands],
        list(state.deck),
        state.trump, state.trump_card, state.phase, state.turn, state.leader, state.led, state.rebid,
        list(state.bids), list(state.tricks), [list(w) for w in state.won], list(state.trick),
        list(state.history), list(state.voids), state.round, state.dealer,
        state.result(),
    )


def assert_illegal(state: KachufulState, action: Any, *words: str) -> str:
    """`action` raises IllegalAction with a readable reason (containing `words`) and changes nothing."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.reason in REFUSAL_CODES
    reason = refusal(info.value, state.n)
    assert isinstance(reason, str) and len(reason.split()) >= 4, reason
    for word in words:
        assert word.lower() in reason.lower(), (word, reason)
    assert snapshot(state) == before, f"{action!r} changed the state"
    assert action not in state.legal_actions()
    again = state.reason(action)
    assert again is not None and (again.reason, again.fields) == (info.value.reason, info.value.fields)
    return reason


def refusal(error: IllegalAction, players: int) -> str:
    """A refusal as the narration says it, the seats called by number."""
    return GAME.narration.refusal(error, Names.seats(players))


def text(event: Event, players: int = 4) -> str:
    """What the narration says of `event` ("" for nothing), the seats called by number."""
    said = GAME.narration.event(event, Names.seats(players))
    return said.text if said is not None else ""


def play(state: KachufulState, *codes: str) -> list[Event]:
    """Play cards in turn order, each checked to be offered."""
    events: list[Event] = []
    for code in codes:
        action = Play(C(code))
        assert action in state.legal_actions(), f"{code} not offered to seat {state.turn}: {state.legal_actions()}"
        events += state.apply(action)
    return events


def bid(state: KachufulState, *amounts: int) -> list[Event]:
    events: list[Event] = []
    for amount in amounts:
        assert Bid(amount) in state.legal_actions(), (amount, state.legal_actions())
        events += state.apply(Bid(amount))
    return events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def play_out(state: KachufulState, rng: random.Random, until_round: int | None = None) -> list[Action]:
    """Random legal actions until the game ends (or the given round starts)."""
    actions: list[Action] = []
    while state.turn is not None and (until_round is None or state.round < until_round):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
    return actions


# ----- cards and players -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@traces("kachuful:players", "kachuful:deck")
def test_three_to_seven_players(players: int) -> None:
    """3 to 7 players (default 4), standard 52-card deck, A high."""
    state = new(players)
    assert len(state.hands) == players
    assert Counter(state.every_card()) == Counter(standard_deck())
    assert RULES.players == range(3, 8)


@pytest.mark.parametrize("players", [0, 1, 2, 8, 9])
@traces("kachuful:players")
def test_other_player_counts_are_refused(players: int) -> None:
    """3 to 7 players (default 4), standard 52-card deck, A high."""
    with pytest.raises(ValueError, match="3-7 players"):
        new(players)


@traces("kachuful:players")
def test_four_players_by_default() -> None:
    """3 to 7 players (default 4), standard 52-card deck, A high."""
    assert RULES.new_game(options={}, seed=3).n == 4
    assert inspect.signature(RULES.new_game).parameters["players"].default == 4


@traces("kachuful:ace-high", "kachuful:trick.winner")
def test_ace_is_high() -> None:
    """3 to 7 players (default 4), standard 52-card deck, A high."""
    state = kachuful_position(["AH 2C", "KH 3C", "2H 4C"], trump="S", dealer=2, bids=[0, 0, 1])
    events = play(state, "AH", "KH", "2H")
    trick = [e for e in events if e.kind == "trick"][0]
    assert trick.seat == 0 and trick.dst == "won0"


@traces("kachuful:deck", "kachuful:option.jokers")
def test_no_jokers_by_default() -> None:
    """Jokers only with the joker option."""
    for players in range(3, 8):
        state = new(players)
        assert not any(c.is_joker for c in state.every_card())
        assert len(state.every_card()) == 52


# ----- table options -------------------------------------------------------------------------------


@traces("kachuful:option.hands", "kachuful:option.factors")
def test_options_are_declared_with_their_defaults() -> None:
    """hand-size sequence: down and up 8→1→8 (default) | down 8→1 | up 1→8 | custom list."""
    options = {o.name: o for o in RULES.options}
    assert {n: o.default for n, o in options.items()} == {
        "hands": "down_up", "trump": "rotate", "bidding": "sequential", "hook": True, "scoring": "standard",
        "penalty_factor": 1, "multiplier": 10, "jokers": False, "tie_break": "highest_round", "turn_timer": 0,
    }
    for o in RULES.options:
        assert o.default in o.choices
        assert not o.labels or len(o.labels) == len(o.choices)
    with pytest.raises(ValueError, match="unknown option"):
        new(4, colour="blue")
    with pytest.raises(ValueError, match="cannot be"):
        new(4, trump="hearts")


@pytest.mark.parametrize(("hands", "expected"), [
    ("down_up", [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8]),
    ("down", [8, 7, 6, 5, 4, 3, 2, 1]),
    ("up", [1, 2, 3, 4, 5, 6, 7, 8]),
    ("5,3,1", [5, 3, 1]),
    (" 2, 2 ,2", [2, 2, 2]),
])
@traces("kachuful:rounds", "kachuful:option.hands", "kachuful:option.hands.custom")
def test_hand_size_sequences(hands: str, expected: list[int]) -> None:
    """hand-size sequence: down and up 8→1→8 (default) | down 8→1 | up 1→8 | custom list."""
    state = new(4, hands=hands)
    assert state.view(0)["sequence"] == expected
    assert state.hand_size == expected[0]
    seen = []
    rng = random.Random(2)
    while state.turn is not None:
        seen.append(state.hand_size)
        assert all(len(h) == state.hand_size for h in state.hands)
        play_out(state, rng, until_round=state.round + 1)
    assert seen == expected
    assert [row["hand_size"] for row in state.score_sheet()] == expected


@traces("kachuful:option.hands.custom")
def test_custom_sequence_is_stored_in_canonical_form() -> None:
    """hand-size sequence: down and up 8→1→8 (default) | down 8→1 | up 1→8 | custom list."""
    assert RULES.validate_options({"hands": " 3 ,2,1"})["hands"] == "3,2,1"
    for bad in ("", "a,b", "3,,1", "3;2", "-1", "0", "2.5", ",".join(["1"] * 101)):
        with pytest.raises(ValueError):
            RULES.validate_options({"hands": bad})
    with pytest.raises(ValueError):
        RULES.validate_options({"hands": 5})


@pytest.mark.parametrize(("players", "cap"), [(3, 17), (4, 13), (5, 10), (6, 8), (7, 7)])
@traces("kachuful:hands.cap")
def test_the_largest_hand_is_capped(players: int, cap: int) -> None:
    """The largest hand is capped at ⌊52 ÷ players⌋ (7 players: 7)"""
    assert max_hand(players) == cap == 52 // players
    assert max(hand_sequence("down_up", players)) == min(8, cap)
    assert hand_sequence(str(cap), players) == (cap,)
    state = new(players, hands=f"{cap},1")
    assert all(len(h) == cap for h in state.hands)


@traces("kachuful:hands.cap", "kachuful:option.hands")
def test_seven_players_play_seven_to_one_to_seven() -> None:
    """The largest hand is capped at ⌊52 ÷ players⌋ (7 players: 7)"""
    assert hand_sequence("down_up", 7) == (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)
    assert hand_sequence("down", 7) == (7, 6, 5, 4, 3, 2, 1)
    assert hand_sequence("up", 7) == (1, 2, 3, 4, 5, 6, 7)
    assert new(7).hand_size == 7


@pytest.mark.parametrize(("players", "hands"), [(7, "8"), (6, "1,9,1"), (4, "14"), (5, "11,10"), (3, "18")])
@traces("kachuful:option.hands.too-large")
def test_a_sequence_that_needs_more_is_rejected(players: int, hands: str) -> None:
    """a sequence that needs more is rejected at table creation with a message."""
    with pytest.raises(ValueError) as info:
        new(players, hands=hands)
    message = str(info.value)
    assert f"{players} players" in message and str(max_hand(players)) in message
    assert "too large" in message


@traces("kachuful:option.trump.rotate")
def test_rotating_trump() -> None:
    """trump: rotate spades, diamonds, clubs, hearts, then repeat (default) | turn up the first undealt card (no trump when none is left) | rotate with no-trump rounds (spades, diamonds, clubs, hearts, none) | random."""  # noqa: E501
    state = new(4, hands="1,1,1,1,1,1,1,1,1")
    trumps = []
    rng = random.Random(1)
    while state.turn is not None:
        trumps.append(state.trump)
        assert state.trump_card is None
        play_out(state, rng, until_round=state.round + 1)
    assert trumps == ["S", "D", "C", "H", "S", "D", "C", "H", "S"]
    assert [row["trump"] for row in state.score_sheet()] == trumps


@traces("kachuful:option.trump.no-trump")
def test_rotating_trump_with_no_trump_rounds() -> None:
    """rotate with no-trump rounds (spades, diamonds, clubs, hearts, none)"""
    state = new(3, hands="2,2,2,2,2,2,2", trump="rotate_no_trump")
    trumps = []
    rng = random.Random(1)
    while state.turn is not None:
        trumps.append(state.trump)
        play_out(state, rng, until_round=state.round + 1)
    assert trumps == ["S", "D", "C", "H", None, "S", "D"]


@traces("kachuful:trick.winner", "kachuful:option.trump.no-trump")
def test_no_trump_round_highest_of_the_led_suit_wins() -> None:
    """rotate with no-trump rounds (spades, diamonds, clubs, hearts, none)"""
    state = kachuful_position(["2S 9H", "AD KS", "QS 3C"], trump=None, dealer=2, bids=[0, 1, 0])
    events = play(state, "2S", "KS", "QS")
    assert [e.seat for e in events if e.kind == "trick"] == [1]
    assert state.view(0)["trump"] is None


@traces("kachuful:option.trump.turn-up")
def test_turn_up_trump() -> None:
    """turn up the first undealt card (no trump when none is left)"""
    for seed in range(20):
        state = new(5, seed, trump="turn_up")
        ordered, _ = state._shuffled(0)
        first_undealt = ordered[5 * state.hand_size]
        assert state.trump_card == first_undealt
        assert state.trump == first_undealt.suit
        assert state.trump_card not in state.deck
        view = state.view(None)
        assert view["trump_card"] == first_undealt and view["trump"] == first_undealt.suit
        assert view["deck"] == 52 - 5 * 8 - 1


@traces("kachuful:option.trump.turn-up")
def test_turn_up_with_no_card_left_means_no_trump() -> None:
    """turn up the first undealt card (no trump when none is left)"""
    state = new(4, hands="13", trump="turn_up")
    assert state.deck == [] and state.trump_card is None and state.trump is None
    assert state.view(0)["trump"] is None and state.view(0)["trump_card"] is None


@traces("kachuful:option.trump.turn-up")
def test_turned_up_joker_means_no_trump_suit() -> None:
    """turn up the first undealt card (no trump when none is left)"""
    for seed in range(400):
        state = new(4, seed, trump="turn_up", jokers=True, hands="1")
        if state.trump_card is not None and state.trump_card.is_joker:
            assert state.trump is None
            assert state.trump_suit == "J"  # only the other joker trumps
            break
    else:
        pytest.fail("no joker turned up in 400 deals")


@traces("kachuful:option.trump.random")
def test_random_trump_is_seeded_and_uses_every_suit() -> None:
    """random."""
    seen = Counter()
    for seed in range(60):
        a = new(4, seed, trump="random", hands="1")
        b = new(4, seed, trump="random", hands="1")
        assert a.trump == b.trump and a.trump in ("S", "H", "D", "C")
        seen[a.trump] += 1
    assert set(seen) == {"S", "H", "D", "C"}


@traces("kachuful:option.trump.random")
def test_random_trump_is_drawn_again_every_round() -> None:
    """Random suit: each round's trump is one of the four suits, drawn afresh (never a round without trump)."""
    state = new(3, 5, trump="random", hands=",".join(["1"] * 24))
    trumps = []
    rng = random.Random(5)
    while state.turn is not None:
        trumps.append(state.trump)
        play_out(state, rng, until_round=state.round + 1)
    assert set(trumps) == {"S", "H", "D", "C"}
    assert [row["trump"] for row in state.score_sheet()] == trumps


@traces("kachuful:bid.order", "kachuful:option.bidding.sequential")
def test_sequential_bidding_goes_clockwise_from_the_dealers_left() -> None:
    """bidding: sequential clockwise from the dealer's left (default) | simultaneous (every bid is hidden until all have bid"""  # noqa: E501
    state = new(5, hands="3,3")
    assert state.dealer == 0
    order = []
    while state.phase == "bid":
        order.append(state.turn)
        events = state.apply(Bid(0) if Bid(0) in state.legal_actions() else Bid(1))
        assert events[0].kind == "bid" and events[0].value is not None
        # sequential bids are public at once
        assert state.view((order[-1] + 1) % 5)["bids"][order[-1]] == events[0].value
    assert order == [1, 2, 3, 4, 0]


@traces("kachuful:option.bidding.simultaneous")
def test_simultaneous_bids_are_hidden_until_all_have_bid() -> None:
    """bidding: sequential clockwise from the dealer's left (default) | simultaneous (every bid is hidden until all have bid"""  # noqa: E501
    state = new(4, bidding="simultaneous", hook=False, hands="3")
    made = {1: 2, 2: 0, 3: 3}
    for seat, amount in made.items():
        assert state.turn == seat
        events = state.apply(Bid(amount))
        assert events[0] == Event("bid", seat=seat, value=None)
        assert text(events[0]) == f"Seat {seat + 1} has bid."
        for viewer in range(4):
            view = state.view(viewer)
            assert view["bids_hidden"] is True
            assert view["has_bid"] == [s in made and s <= seat for s in range(4)]
            for s in range(4):
                assert view["bids"][s] == (made.get(s) if s == viewer and s <= seat else None)
        assert state.view(None)["bids"] == [None] * 4
    events = state.apply(Bid(1))  # the dealer, last
    reveal = [e for e in events if e.kind == "reveal"]
    assert reveal and reveal[0].value == (1, 2, 0, 3)
    assert state.view(None)["bids"] == [1, 2, 0, 3] and not state.view(None)["bids_hidden"]
    assert state.phase == "play"


@traces("kachuful:option.bidding.simultaneous")
def test_simultaneous_bids_are_collected_one_seat_at_a_time() -> None:
    """in software each seat bids in turn without seeing the others')."""
    state = new(3, bidding="simultaneous", hands="2")
    assert state.turn == 1
    state.apply(Bid(2))
    # Seat 2 bids without seeing seat 1's bid, and every bid is open to it (no hook before the reveal).
    view = state.view(2)
    assert view["bids"][1] is None and view["legal"]["bids"] == [0, 1, 2]
    assert view["legal"]["forbidden_bid"] is None
    state.apply(Bid(0))
    assert state.turn == 0 and state.view(0)["legal"]["bids"] == [0, 1, 2]


def test_determinize_resamples_hidden_simultaneous_bids() -> None:
    """in software each seat bids in turn without seeing the others')."""
    state = new(4, bidding="simultaneous", hands="5")
    state.apply(Bid(4))
    state.apply(Bid(5))
    rng = random.Random(3)
    seen = set()
    for _ in range(40):
        d = state.determinize(3, rng)
        assert d.view(3) == state.view(3)
        assert d.bids[3] is None and d.bids[0] is None
        assert all(0 <= d.bids[s] <= 5 for s in (1, 2))
        seen.add((d.bids[1], d.bids[2]))
        own = state.determinize(1, rng)
        assert own.bids[1] == 4  # a seat's own bid is not hidden from it
    assert len(seen) > 5  # resampled, not copied


# ----- the hook --------------------------------------------------------------------------------------


@traces("kachuful:option.hook")
def test_hook_is_on_by_default() -> None:
    """last-bidder restriction ("hook"): on (default) | off."""
    state = kachuful_position(["AS 2S 3S", "4S 5S 6S", "7S 8S 9S", "10S JS QS"], dealer=3)
    bid(state, 1, 1, 0)
    assert state.turn == 3 == state.dealer
    assert state.legal_bids() == [0, 2, 3]
    assert Bid(1) not in state.legal_actions()


@traces("kachuful:option.hook.off")
def test_hook_off_allows_every_bid() -> None:
    """last-bidder restriction ("hook"): on (default) | off."""
    state = kachuful_position(["AS 2S 3S", "4S 5S 6S", "7S 8S 9S", "10S JS QS"], dealer=3, hook=False)
    bid(state, 1, 1, 0)
    assert state.legal_bids() == [0, 1, 2, 3]
    bid(state, 1)
    assert state.phase == "play" and sum(state.bids) == 3


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
@traces("kachuful:option.hook")
def test_the_dealer_may_not_make_the_bids_total_the_tricks(dealer: int) -> None:
    """When on, the dealer may not make the bids total the number of tricks in the round."""
    state = kachuful_position(["AS 2S 3S", "4S 5S 6S", "7S 8S 9S", "10S JS QS"], dealer=dealer)
    bid(state, 0, 2, 0)
    assert state.turn == dealer
    reason = assert_illegal(state, Bid(1), "dealer", "1", "total 3")
    assert "last-bidder" in reason
    view = state.view(dealer)
    assert view["legal"]["forbidden_bid"] == 1 and view["legal"]["bids"] == [0, 2, 3]
    assert KachufulNarration.forbidden(view["forbidden_bid"], view["hand_size"], view["rebid"]) == reason
    assert state.view(None)["forbidden_bid"] == 1  # public: every bid so far is public
    bid(state, 3)
    assert state.bids[dealer] == 3


@traces("kachuful:option.hook")
def test_only_the_dealer_is_restricted() -> None:
    """When on, the dealer may not make the bids total the number of tricks in the round."""
    state = kachuful_position(["AS 2S", "4S 5S", "7S 8S", "10S JS"], dealer=0)
    # Seats 1..3 bid first: each may bid anything, even totals that reach the number of tricks.
    for amount in (2, 0, 0):
        assert state.legal_bids() == [0, 1, 2]
        assert state.view(state.turn)["legal"]["forbidden_bid"] is None
        bid(state, amount)
    assert state.turn == 0 and state.legal_bids() == [1, 2]


@traces("kachuful:option.hook")
def test_nothing_is_forbidden_when_the_others_already_bid_more_than_the_tricks() -> None:
    """When on, the dealer may not make the bids total the number of tricks in the round."""
    state = kachuful_position(["AS 2S", "4S 5S", "7S 8S", "10S JS"], dealer=0)
    bid(state, 2, 1, 0)
    assert forbidden_bid([2, 1, 0], 2) is None
    assert state.legal_bids() == [0, 1, 2]


@pytest.mark.parametrize(("others", "forbidden"), [((0, 0), 1), ((1, 0), 0), ((1, 1), None)])
@traces("kachuful:option.hook")
def test_hook_in_a_one_card_round(others: tuple[int, int], forbidden: int | None) -> None:
    """When on, the dealer may not make the bids total the number of tricks in the round."""
    state = kachuful_position(["AS", "4S", "7S"], dealer=2)
    bid(state, *others)
    assert state.legal_bids() == [b for b in (0, 1) if b != forbidden]
    assert state.legal_actions()  # the dealer always has a bid left


@traces("kachuful:option.hook.simultaneous")
def test_hook_with_simultaneous_bids_makes_the_dealer_change() -> None:
    """When on, the dealer may not make the bids total the number of tricks in the round."""
    state = kachuful_position(["AS 2S 3S", "4S 5S 6S", "7S 8S 9S", "10S JS QS"], dealer=3, bidding="simultaneous")
    bid(state, 1, 1, 0)
    assert state.legal_bids() == [0, 1, 2, 3]  # hidden bids: the hook waits for the reveal
    events = state.apply(Bid(1))  # the total is 3
    assert kinds(events) == ["bid", "reveal", "hook"]
    assert text(events[1]) == "The bids: Seat 1 1, Seat 2 1, Seat 3 0, Seat 4 1."
    assert text(events[-1]) == ("The bids total 3, the number of tricks: Seat 4, the dealer, must change their "
                                "bid.")
    assert state.phase == "bid" and state.rebid and state.turn == 3
    view = state.view(0)
    assert view["bids"] == [1, 1, 0, 1] and not view["bids_hidden"] and view["rebid"]
    reason = assert_illegal(state, Bid(1), "must change")
    view = state.view(3)
    assert KachufulNarration.forbidden(view["forbidden_bid"], view["hand_size"], view["rebid"]) == reason
    assert state.legal_bids() == [0, 2, 3]
    events = bid(state, 2)
    assert events[0].kind == "rebid" and events[0].value == 2
    assert text(events[0]) == "Seat 4 changes their bid to 2."
    assert state.phase == "play" and state.bids == [1, 1, 0, 2]


@traces("kachuful:option.hook.simultaneous")
def test_hook_with_simultaneous_bids_that_do_not_total_the_tricks() -> None:
    """When on, the dealer may not make the bids total the number of tricks in the round."""
    state = kachuful_position(["AS 2S 3S", "4S 5S 6S", "7S 8S 9S", "10S JS QS"], dealer=3, bidding="simultaneous")
    bid(state, 1, 1, 0, 0)
    assert state.phase == "play" and not state.rebid


# ----- scoring ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("bid_", "won", "points"), [(0, 0, 10), (3, 3, 13), (8, 8, 18), (2, 1, 0), (0, 4, 0)])
@traces("kachuful:option.scoring.standard")
def test_standard_scoring(bid_: int, won: int, points: int) -> None:
    """scoring: standard (exact: 10 + bid, miss: 0"""
    assert round_points(bid_, won, "standard") == points


@pytest.mark.parametrize(("bid_", "won", "factor", "points"), [
    (2, 2, 1, 12), (0, 0, 5, 10), (3, 1, 1, -2), (1, 4, 1, -3), (0, 2, 2, -4), (5, 3, 10, -20),
])
@traces("kachuful:option.scoring.penalty")
def test_penalty_scoring(bid_: int, won: int, factor: int, points: int) -> None:
    """default) | penalty (exact: 10 + bid, miss: −|won − bid| × factor, factor default 1) | multiplier (exact: bid × multiplier, default 10"""  # noqa: E501
    assert round_points(bid_, won, "penalty", factor) == points


@pytest.mark.parametrize(("bid_", "won", "mult", "points"), [
    (3, 3, 10, 30), (1, 1, 5, 5), (0, 0, 10, 0), (2, 3, 10, 0),
])
@traces("kachuful:option.scoring.multiplier")
def test_multiplier_scoring(bid_: int, won: int, mult: int, points: int) -> None:
    """miss 0)."""
    assert round_points(bid_, won, "multiplier", multiplier=mult) == points


@traces("kachuful:score", "kachuful:option.scoring.standard", "kachuful:option.scoring.penalty",
        "kachuful:option.scoring.multiplier")
def test_worked_example_under_each_scoring_model() -> None:
    """Score by the scoring option."""
    expected = {
        # bids (0, 2, 1, 1) won (1, 1, 1, 0)
        "standard": [0, 0, 11, 0],
        "penalty": [-1, -1, 11, -1],
        "multiplier": [0, 0, 10, 0],
    }
    for scoring, points in expected.items():
        state = kachuful_position(["AH 2C 3D", "KH AC 4D", "QH 3C AD", "JH 4C 2D"], dealer=3, scoring=scoring)
        bid(state, 0, 2, 1, 1)
        play(state, "AH", "KH", "QH", "JH")  # seat 0 leads, its ace wins
        play(state, "3D", "4D", "AD", "2D")  # seat 0 leads diamonds, seat 2's ace wins
        events = play(state, "3C", "4C", "2C", "AC")  # seat 2 leads clubs, seat 1's ace wins
        assert state.is_over()
        row = state.score_sheet()[0]
        assert row["bids"] == [0, 2, 1, 1] and row["tricks"] == [1, 1, 1, 0]
        assert row["points"] == points == row["totals"]
        assert state.result().scores == points
        round_event = [e for e in events if e.kind == "round"][0]
        assert round_event.value["points"] == tuple(points)
        assert [(e.seat, e.value) for e in events if e.kind == "score"] == [
            (s, p) for s, p in enumerate(points) if p
        ]


@traces("kachuful:score")
def test_the_end_of_round_message_lists_who_made_their_bid() -> None:
    """Score by the scoring option (the table announces who made their bids, and each seat's bid, tricks won and
    points)."""
    state = kachuful_position(["AH", "2C", "3D", "4H"], dealer=3)  # the fourth round: seat 4 deals it
    bid(state, 1, 0, 0, 1)  # the dealer may not bid 0: the bids would total the one trick
    events = play(state, "AH", "2C", "3D", "4H")
    assert [text(e) for e in events if e.kind == "round"] == [
        "Round 4: Seat 1, Seat 2 and Seat 3 made their bids. Bid/won/points: Seat 1 1/1 +11, Seat 2 0/0 +10, "
        "Seat 3 0/0 +10, Seat 4 1/0 0."]


@traces("kachuful:option.factors")
def test_penalty_factor_and_multiplier_options() -> None:
    """default) | penalty (exact: 10 + bid, miss: −|won − bid| × factor, factor default 1) | multiplier (exact: bid × multiplier, default 10"""  # noqa: E501
    state = new(4, scoring="penalty", penalty_factor=3, hands="2")
    rng = random.Random(5)
    play_out(state, rng)
    row = state.score_sheet()[0]
    for b, t, p in zip(row["bids"], row["tricks"], row["points"], strict=True):
        assert p == (10 + b if b == t else -3 * abs(b - t))
    state = new(4, scoring="multiplier", multiplier=20, hands="2")
    play_out(state, rng)
    row = state.score_sheet()[0]
    for b, t, p in zip(row["bids"], row["tricks"], row["points"], strict=True):
        assert p == (20 * b if b == t else 0)


# ----- jokers ------------------------------------------------------------------------------------------


@traces("kachuful:option.jokers")
def test_jokers_option_adds_two_jokers() -> None:
    """jokers: off (default) | on: two jokers are added"""
    state = new(4, jokers=True)
    assert Counter(state.every_card()) == Counter(deck_with_jokers(2))
    rng = random.Random(1)
    play_out(state, rng)
    assert Counter(state.every_card()) == Counter(deck_with_jokers(2))


@traces("kachuful:option.jokers.trump")
def test_a_joker_is_the_highest_trump() -> None:
    """a joker is the highest trump, the first one played beats the second."""
    state = kachuful_position(["AS 2H", "JK 3H", "KS 4H"], trump="S", dealer=2, bids=[1, 0, 0], jokers=True)
    events = play(state, "AS", "JK", "KS")  # trump led: the joker is a trump, above the ace
    assert [e.seat for e in events if e.kind == "trick"] == [1]


@traces("kachuful:option.jokers.trump")
def test_a_joker_trumps_a_plain_lead_and_follows_as_trump() -> None:
    """a joker is the highest trump, the first one played beats the second."""
    state = kachuful_position(["AH 2H", "JK 3H", "KS 2C"], trump="S", dealer=2, jokers=True, bids=[1, 0, 0])
    # Seat 1 holds hearts: it must follow hearts and cannot play its joker (the joker is a spade now).
    play(state, "AH")
    assert_illegal(state, Play(C("JK")), "follow suit")
    state = kachuful_position(["AS 2H", "JK 3H", "KS 2C"], trump="S", dealer=2, jokers=True, bids=[1, 0, 0])
    play(state, "AS")  # trump led: the joker is the only trump seat 1 has, so it must play it
    assert state.legal_cards() == [C("JK")]
    state = kachuful_position(["AH 2H", "JK 3C", "KS 2C"], trump="S", dealer=2, jokers=True, bids=[1, 0, 0])
    events = play(state, "AH", "JK", "KS")  # seat 1 has no hearts: its joker trumps and beats the king
    assert [e.seat for e in events if e.kind == "trick"] == [1]


@traces("kachuful:option.jokers.first")
def test_the_first_joker_played_beats_the_second() -> None:
    """a joker is the highest trump, the first one played beats the second."""
    for first, second in (("JK", "JK#1"), ("JK#1", "JK")):
        state = kachuful_position(["AS 2H", f"{first} 3H", f"{second} 4H"], trump="S", dealer=2, jokers=True,
                         bids=[1, 0, 0])
        events = play(state, "AS", first, second)
        assert [e.seat for e in events if e.kind == "trick"] == [1]


@traces("kachuful:option.jokers.no-trump")
def test_jokers_alone_are_trumps_without_a_trump_suit() -> None:
    """a joker is the highest trump, the first one played beats the second."""
    state = kachuful_position(["AH 2C", "JK 3C", "KH 4C"], trump=None, dealer=2, jokers=True, bids=[1, 0, 0])
    events = play(state, "AH", "JK", "KH")
    assert [e.seat for e in events if e.kind == "trick"] == [1]
    # A led joker asks for a joker; without one, any card.
    state = kachuful_position(["2C JK#1", "JK 3C", "KH 4C"], trump=None, dealer=2, jokers=True, bids=[1, 0, 0])
    play(state, "JK#1")
    assert state.led == "J" and state.legal_cards() == [C("JK")]
    play(state, "JK")
    assert sorted(state.legal_cards()) == sorted(cards("KH 4C"))
    events = play(state, "KH")
    assert [e.seat for e in events if e.kind == "trick"] == [0]


# ----- tie-break ---------------------------------------------------------------------------------------


def said(result: Result) -> str:
    """A result as the table says it, the seats called by number."""
    return GAME.narration.result(result, Names.seats(len(result.scores)))


@traces("kachuful:end.tie", "kachuful:option.tie-break.round")
def test_tie_break_highest_single_round_score() -> None:
    """tie-break: highest single-round score (default) | shared."""
    # Totals: seat 0: 10 + 10 = 20; seat 1: 0 + 20 = 20 (bid 10, made) ; seat 2: 10.
    state = kachuful_finished([((0, 1, 0), (0, 2, 0)), ((0, 10, 1), (0, 10, 0))])
    assert state.totals() == [20, 20, 10]
    result = state.result()
    assert result.winners == [1] and result.scores == [20, 20, 10]
    assert "highest single-round score" in said(result)


@traces("kachuful:end.tie", "kachuful:option.tie-break.shared")
def test_tie_break_shared() -> None:
    """tie-break: highest single-round score (default) | shared."""
    state = kachuful_finished([((0, 1, 0), (0, 2, 0)), ((0, 10, 1), (0, 10, 0))], tie_break="shared")
    result = state.result()
    assert result.winners == [0, 1] and "share" in said(result)


@traces("kachuful:end.tie", "kachuful:option.tie-break.round")
def test_tie_on_the_highest_round_too_is_shared() -> None:
    """When the sequence is done the highest total wins; ties by the tie-break option."""
    state = kachuful_finished([((0, 0, 1), (0, 0, 2)), ((1, 1, 0), (3, 0, 0))])
    assert state.totals() == [10, 10, 10]
    assert state.result().winners == [0, 1, 2]


@traces("kachuful:goal", "kachuful:end")
def test_the_highest_total_wins() -> None:
    """When the sequence is done the highest total wins; ties by the tie-break option."""
    state = kachuful_finished([((0, 1, 1), (0, 0, 1)), ((0, 0, 0), (1, 0, 0))])
    assert state.totals() == [10, 10, 21]
    result = state.result()
    assert result.winners == [2] and said(result).startswith("Seat 3 wins")
    playing = new(3, hands="2,1")
    assert playing.result().winners == [] and "After 0 of 2 rounds" in said(playing.result())


# ----- turn timer -----------------------------------------------------------------------------------------


@traces("kachuful:option.timer")
def test_turn_timer_option() -> None:
    """turn timer: off (default) | 15 / 30 / 60 s."""
    option = {o.name: o for o in RULES.options}["turn_timer"]
    assert option.choices == (0, 15, 30, 60) and option.default == 0
    assert option.choice_label(0) == "Off" and option.choice_label(30) == "30 s"
    assert new(4, turn_timer=15).view(0)["timer"] == 15
    with pytest.raises(ValueError):
        new(4, turn_timer=20)


@traces("kachuful:option.timer.move")
def test_time_out_bids_at_random() -> None:
    """On time-out the seat's action is made for it: a random legal bid, or its lowest legal card."""
    state = kachuful_position(["AS 2S 3S", "4S 5S 6S", "7S 8S 9S", "10S JS QS"], dealer=3)
    bid(state, 1, 1, 0)
    rng = random.Random(4)
    seen = {timeout_action(state, 3, rng) for _ in range(60)}
    assert seen == {Bid(0), Bid(2), Bid(3)}  # every legal bid, never the forbidden one


@traces("kachuful:option.timer.move")
def test_time_out_plays_the_lowest_legal_card() -> None:
    """On time-out the seat's action is made for it: a random legal bid, or its lowest legal card."""
    state = kachuful_position(["AH 9C", "KH 2H", "3S 2D"], trump="S", dealer=2, bids=[1, 0, 0])
    rng = random.Random(1)
    assert timeout_action(state, 0, rng) == Play(C("9C"))
    play(state, "AH")
    assert timeout_action(state, 1, rng) == Play(C("2H"))  # follows suit
    play(state, "2H")
    assert timeout_action(state, 2, rng) == Play(C("2D"))  # a plain card is lower than a trump
    state.apply(timeout_action(state, 2, rng))


def sleeping_table(options: dict[str, Any], sleepers: tuple[int, ...]):
    """A Kachuful match whose seats are all people, and a turn driver whose clock moves for the `sleepers`."""
    from cardtable.games import get_game
    from cardtable.session.match import Match, Seat
    from cardtable.session.turns import TurnDriver

    match = Match(get_game("kachuful"), [Seat("human", f"P{s}") for s in range(4)], options, seed=7)
    return match, TurnDriver(match, bot_delay=0.0, thinker=lambda bot, world, seat: _Decided(bot, world, seat))


class _Decided:
    """A bot's decision made at once (the turn driver's `thinker` for these tests)."""

    def __init__(self, bot: Any, world: Any, seat: int) -> None:
        self.action = bot.choose(world, seat)

    def done(self) -> bool:
        return True

    def result(self) -> Any:
        return self.action

    def cancel(self) -> None:
        pass


def run_turn(match: Any, driver: Any, sleepers: tuple[int, ...], rng: random.Random) -> Any:
    """One decision: a sleeper's clock runs out (16 s on a 15 s timer); an awake person plays at random; a bot
    decides.  Returns what the driver said about a time-out."""
    seat = match.state.turn
    legal = match.state.legal_actions()
    timer = match.state.time_limit()
    if seat in driver.bots:
        move = driver.update(0.0, True)
        move = move or driver.update(0.0, True)
    elif seat in sleepers:
        assert driver.update(14.9, True, timer) is None, "nothing is played before the time is up"
        move = driver.update(0.2, True, timer)
        assert move is not None and move.by_clock
    else:
        match.apply(rng.choice(legal))
        return driver.moved(seat=seat)
    match.apply(move.action)
    return driver.moved(move, seat)


@traces("kachuful:option.timer.bot")
def test_three_time_outs_in_a_row_hand_the_seat_to_a_bot() -> None:
    """A player timed out three times in a row is handed to a bot for the rest of the game."""
    match, driver = sleeping_table({"hands": "3,2", "turn_timer": 15}, sleepers=(1,))
    rng = random.Random(3)
    outs = []
    while 1 not in driver.bots:
        said = run_turn(match, driver, (1,), rng)
        if said is not None:
            outs.append((said.seat, said.in_a_row, said.handed_over))
    assert outs == [(1, 1, False), (1, 2, False), (1, 3, True)]
    assert match.seats[1].kind == "bot:normal" and match.seats[1].handed_over
    assert driver.people == [0, 2, 3]


@traces("kachuful:option.timer.bot")
def test_a_move_in_time_starts_the_count_again() -> None:
    """A player timed out three times in a row is handed to a bot for the rest of the game."""
    match, driver = sleeping_table({"hands": "3,2", "turn_timer": 15}, sleepers=(1,))
    rng = random.Random(4)
    while driver.timeouts.get(1, 0) < 2:
        run_turn(match, driver, (1,), rng)
    while match.state.turn != 1:
        run_turn(match, driver, (), rng)
    run_turn(match, driver, (), rng)  # seat 1 moves in time
    assert 1 not in driver.timeouts and 1 not in driver.bots


@traces("kachuful:option.timer.bot")
def test_a_timed_out_game_plays_to_the_end() -> None:
    """A player timed out three times in a row is handed to a bot for the rest of the game."""
    match, driver = sleeping_table({"hands": "3,2", "turn_timer": 15}, sleepers=(2,))
    rng = random.Random(7)
    while not match.state.is_over():
        run_turn(match, driver, (2,), rng)
    assert list(driver.bots) == [2]
    assert [s.handed_over for s in match.seats] == [False, False, True, False]


# ----- a round ---------------------------------------------------------------------------------------------


@traces("kachuful:deal", "kachuful:dealer")
def test_deal_one_card_at_a_time_from_the_dealers_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal the round's hand size to each player, one card at a time, starting at the dealer's left."""
    ordered = standard_deck()

    def unshuffled(self: KachufulState, attempt: int) -> tuple[list[Card], random.Random]:
        return list(ordered), random.Random(0)

    monkeypatch.setattr(KachufulState, "_shuffled", unshuffled)
    state = new(4, hands="3,3")
    assert state.dealer == 0
    # card k goes to seat (dealer + 1 + k) mod 4
    for seat in range(4):
        expected = [ordered[k] for k in range(12) if (1 + k) % 4 == seat]
        assert sorted(state.hands[seat]) == sorted(expected)
    assert state.deck == ordered[12:]
    rng = random.Random(1)
    events: list[Event] = []
    while state.round == 0:
        events += state.apply(rng.choice(state.legal_actions()))
    assert state.dealer == 1
    deals = [e for e in events if e.kind == "deal"]
    assert [(e.seat, e.src, e.dst, e.value) for e in deals] == [(s, "deck", f"hand{s}", 3) for s in (2, 3, 0, 1)]
    assert all(e.cards == () for e in deals)  # a deal event shows no hidden card
    for seat in range(4):
        expected = [ordered[k] for k in range(12) if (2 + k) % 4 == seat]
        assert sorted(state.hands[seat]) == sorted(expected)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@traces("kachuful:deal")
def test_deal_correctness(players: int) -> None:
    """Deal the round's hand size to each player, one card at a time, starting at the dealer's left."""
    for seed in range(5):
        state = new(players, seed, trump="turn_up", jokers=seed % 2 == 1)
        h = state.hand_size
        assert all(len(hand) == h for hand in state.hands)
        dealt = [c for hand in state.hands for c in hand]
        assert len(set(dealt)) == players * h
        assert Counter(state.every_card()) == Counter(state.full_deck())
        assert len(state.deck) == len(state.full_deck()) - players * h - 1
        assert state.misdeals == [0] * players


@traces("kachuful:dealer", "kachuful:bid.order")
def test_the_dealer_rotates_clockwise() -> None:
    """The dealer rotates clockwise every round."""
    state = new(3, hands="1,1,1,1,1")
    dealers, first_bidders = [], []
    rng = random.Random(1)
    while state.turn is not None:
        dealers.append(state.dealer)
        first_bidders.append(state.turn)
        assert state.view(None)["dealer"] == state.dealer
        play_out(state, rng, until_round=state.round + 1)
    assert dealers == [0, 1, 2, 0, 1]
    assert first_bidders == [1, 2, 0, 1, 2]
    assert [row["dealer"] for row in state.score_sheet()] == dealers


@traces("kachuful:trump")
def test_trump_is_set_by_the_option() -> None:
    """Set the trump by the trump option."""
    for mode in ("rotate", "turn_up", "rotate_no_trump", "random"):
        state = new(4, 9, trump=mode)
        events: list[Event] = []
        rng = random.Random(2)
        while state.round == 0:
            events += state.apply(rng.choice(state.legal_actions()))
        trump = [e for e in events if e.kind == "trump"]
        assert len(trump) == 1 and trump[0].value == state.trump
        assert trump[0].cards == ((state.trump_card,) if state.trump_card else ())
        assert text(trump[0]).endswith(("Trump: spades.", "Trump: hearts.", "Trump: diamonds.", "Trump: clubs.",
                                        "No trump this round."))


@traces("kachuful:bid.range")
def test_bids_from_zero_to_the_hand_size() -> None:
    """Bids, 0 to the hand size, per the bidding option and the hook."""
    state = new(4, hands="5")
    assert state.legal_bids() == [0, 1, 2, 3, 4, 5]
    assert state.legal_actions() == [BID[k] for k in range(6)]
    assert_illegal(state, Bid(6), "0 to 5")
    assert_illegal(state, Bid(-1), "0 to 5")
    with pytest.raises(IllegalAction) as info:  # a bool is not a number of tricks (True == 1)
        state.apply(Bid(True))
    assert "whole number" in refusal(info.value, 4)
    assert state.phase == "bid" and state.bids == [None] * 4
    assert_illegal(state, Bid("2"), "0 to 5")  # type: ignore[arg-type]


@traces("kachuful:trick.lead")
def test_the_player_left_of_the_dealer_leads_the_first_trick() -> None:
    """Tricks: the player to the dealer's left leads the first"""
    for dealer in range(4):
        state = kachuful_position(["2H 3H", "4H 5H", "6H 7H", "8H 9H"], trump="S", dealer=dealer, hook=False)
        bid(state, 0, 0, 0, 0)
        assert state.turn == state.leader == (dealer + 1) % 4
        assert state.view(0)["leader"] == (dealer + 1) % 4


@traces("kachuful:trick.follow")
def test_players_must_follow_the_led_suit() -> None:
    """players must follow the led suit if they can, otherwise may play any card"""
    state = kachuful_position(["AH 2C", "3H KC", "4D 5C"], trump="S", dealer=2, bids=[1, 0, 0])
    play(state, "AH")
    assert state.legal_cards() == [C("3H")]
    reason = assert_illegal(state, Play(C("KC")), "follow suit", "hearts")
    assert "K\u2663" in reason
    play(state, "3H")
    # Seat 2 has no heart: any card.
    assert sorted(state.legal_cards()) == sorted(cards("4D 5C"))
    play(state, "5C")
    assert state.voids[2] == 2  # showed out of hearts (public)


@traces("kachuful:trick.lead")
def test_the_leader_may_play_any_card() -> None:
    """players must follow the led suit if they can, otherwise may play any card"""
    state = kachuful_position(["AH 2C 3S", "3H KC 4S", "4D 5C 5S"], trump="S", dealer=2, bids=[1, 1, 0])
    assert sorted(state.legal_cards()) == sorted(cards("AH 2C 3S"))


@pytest.mark.parametrize(("plays", "trump", "winner"), [
    (("2H", "AH", "KH"), "S", 1),  # highest of the led suit
    (("2H", "AH", "2S"), "S", 2),  # any trump beats the led suit
    (("2H", "3S", "AS"), "S", 2),  # the highest trump
    (("3S", "2S", "AH"), "S", 0),  # trump led: highest trump
    (("2H", "AC", "KD"), "S", 0),  # off-suit cards cannot win
    (("2H", "AC", "KD"), "C", 1),  # ... unless trump
    (("10H", "JH", "9H"), None, 1),  # no trump
])
@traces("kachuful:trick.winner")
def test_trick_winner(plays: tuple[str, str, str], trump: str | None, winner: int) -> None:
    """the highest trump wins, else the highest card of the led suit"""
    others = ["4D", "5D", "6D"]
    hands = [f"{plays[s]} {others[s]}" for s in range(3)]
    state = kachuful_position(hands, trump=trump, dealer=2, hook=False, bids=[0, 0, 0])
    events = play(state, *plays)  # the hands are built so that every play follows suit or shows out
    trick = [e for e in events if e.kind == "trick"][0]
    assert trick.seat == winner and trick.dst == f"won{winner}"
    assert trick.cards == tuple(C(p) for p in plays)
    assert text(trick, 3) == f"Seat {winner + 1} wins the trick with {C(plays[winner]).label}."
    assert state.tricks[winner] == 1 and state.won[winner] == [C(p) for p in plays]


@traces("kachuful:trick.next")
def test_the_winner_leads_the_next_trick() -> None:
    """the winner leads the next."""
    state = kachuful_position(["2H 2C", "AH 3C", "KH 4C"], trump="S", dealer=2, bids=[0, 1, 0])
    play(state, "2H", "AH", "KH")
    assert state.turn == state.leader == 1
    assert state.view(0)["last_trick"] == [(0, C("2H")), (1, C("AH")), (2, C("KH"))]
    assert state.view(0)["last_winner"] == 1
    play(state, "3C", "4C", "2C")
    assert state.is_over()


@traces("kachuful:trick.lead")
def test_events_of_a_trick() -> None:
    """the winner leads the next."""
    state = kachuful_position(["2H 2C", "AH 3C", "KH 4C"], trump="S", dealer=2, bids=[0, 1, 0])
    events = play(state, "2H", "AH", "KH")
    assert events[:2] == [Event("move", (C(c),), f"hand{s}", "trick", s) for s, c in enumerate(("2H", "AH"))]
    # The last card holds the full trick in view for a beat before it is gathered: the engine's snapshot of it.
    held = events[2]
    assert (held.kind, held.cards, held.src, held.dst, held.seat, held.hold) == (
        "move", (C("KH"),), "hand2", "trick", 2, TRICK_HOLD)
    assert held.snapshot is not None
    for viewer in (None, 0, 1, 2):
        seen = held.snapshot.view(viewer)
        assert seen["trick"] == [(0, C("2H")), (1, C("AH")), (2, C("KH"))]
        assert seen["turn"] is None and seen["legal"] is None and seen["winners"] == []
        assert seen["hands"][2] == ([C("4C")] if viewer == 2 else [None])
    assert events[3].kind == "trick" and events[3].src == "trick" and events[3].value == {"won": 1, "card": C("AH")}
    assert events[3].hold == 0.0 and events[3].snapshot is None, "the round goes on: no beat before the next lead"


def test_the_last_trick_of_a_round_holds_a_beat_before_the_cards_go_back() -> None:
    state = kachuful_position(["2H", "AH", "KH"], trump="S", dealer=2, bids=[0, 0, 0])
    events = play(state, "2H", "AH", "KH")
    trick = next(e for e in events if e.kind == "trick")
    assert trick.hold == ROUND_HOLD > 0
    # The beat shows the trick taken, its winner's count, and nobody to act, before the round is scored.
    assert trick.snapshot is not None
    seen = trick.snapshot.view(0)
    assert seen["trick"] == [] and seen["last_trick"] == [(0, C("2H")), (1, C("AH")), (2, C("KH"))]
    assert seen["tricks"] == [0, 1, 0] and seen["turn"] is None and seen["sheet"] == [] and seen["phase"] == "play"


# ----- record, replay, recovery ------------------------------------------------------------------------------


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Kachuful in the registry (the table engineer registers it for real) and a private home."""
    from cardtable import games

    monkeypatch.setitem(games.REGISTRY, "kachuful", RULES)
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


def _bots_match(seed: int, autosave: Path | None = None, steps: int | None = None, **options: Any):
    from cardtable.games import get_game
    from cardtable.session.match import Match, Seat
    from cardtable.session.saves import Autosave

    saver = Autosave(autosave, autosave.with_name("last.json")) if autosave is not None else None
    match = Match(get_game("kachuful"), [Seat("human", "Ann"), Seat("bot:easy", "B"), Seat("bot:easy", "C")],
                  {"hands": "3,2,1", **options}, seed=seed, saver=saver)
    rng = random.Random(seed)
    n = 0
    while not match.state.is_over() and (steps is None or n < steps):
        match.apply(rng.choice(match.state.legal_actions()))
        n += 1
    return match


@traces("kachuful:record.save")
def test_every_action_goes_into_the_log(registered: Path) -> None:
    """Every action (deal seed, bid, card) goes into the game's event log."""
    match = _bots_match(11)
    data = match.to_json()
    assert data["seed"] == 11 and data["options"]["hands"] == "3,2,1"
    types = Counter(a["type"] for _, a in data["actions"])
    assert types == {"Bid": 3 * 3, "Play": 3 * (3 + 2 + 1)}
    assert data["actions"][0] == [1, {"type": "Bid", "amount": data["actions"][0][1]["amount"]}]
    play_json = next(a for _, a in data["actions"] if a["type"] == "Play")
    assert RULES.action_from_json(play_json) == Play(Card.from_code(play_json["card"]["card"]))


@traces("kachuful:record.sheet")
def test_scores_are_recomputed_from_the_log(registered: Path) -> None:
    """The scores shown are recomputed from the log, never kept separately"""
    from cardtable.games import get_game
    from cardtable.session.match import Match

    match = _bots_match(12, scoring="penalty")
    state = match.state
    assert not any("score" in name or "total" in name for name in KachufulState.__slots__)
    again = Match.from_json(match.to_json(), get_game).state
    assert again.score_sheet() == state.score_sheet() and again.result() == state.result()
    # The totals follow the record of the rounds: change a round's tricks and they change with it.
    h, dealer, trump, bids, tricks = state.history[0]
    moved = list(tricks)  # one trick taken by another seat: the round's tricks still add up to its hand
    giver = moved.index(max(moved))
    moved[giver] -= 1
    moved[(giver + 1) % 3] += 1
    text = NOTATION.to_text(state)
    first = f"{h} {dealer} {trump or '-'} {','.join(map(str, bids))} {','.join(map(str, tricks))}"
    changed = f"{h} {dealer} {trump or '-'} {','.join(map(str, bids))} {','.join(map(str, moved))}"
    assert f"history: {first}" in text
    state = NOTATION.from_text(text.replace(f"history: {first}", f"history: {changed}", 1))
    assert state.score_sheet()[0]["points"] == [round_points(b, t, "penalty") for b, t in zip(bids, moved,
                                                                                               strict=True)]
    assert state.totals() == [sum(r["points"][s] for r in state.score_sheet()) for s in range(3)]


@traces("kachuful:record.sheet")
def test_the_score_sheet_shows_every_round(registered: Path) -> None:
    """a score sheet shows every round's bid, tricks and points per player."""
    match = _bots_match(13)
    view = match.state.view(0)
    sheet = view["sheet"]
    assert [row["round"] for row in sheet] == [1, 2, 3]
    running = [0, 0, 0]
    for row in sheet:
        assert set(row) == {"round", "hand_size", "dealer", "trump", "bids", "tricks", "points", "totals"}
        assert sum(row["tricks"]) == row["hand_size"]
        assert row["points"] == [round_points(b, t) for b, t in zip(row["bids"], row["tricks"], strict=True)]
        running = [a + b for a, b in zip(running, row["points"], strict=True)]
        assert row["totals"] == running
    assert view["totals"] == running == match.state.result().scores
    # Mid-game, the sheet has the finished rounds only.
    partial = _bots_match(13, steps=3 + 9 + 1)
    assert len(partial.state.view(1)["sheet"]) == 1


@traces("kachuful:record.save")
def test_saved_after_every_action_and_resumed(registered: Path) -> None:
    """The game is saved after every action, so a crash or a closed window resumes at the same point."""
    from cardtable.games import get_game
    from cardtable.session.saves import load_match

    path = registered / "autosave.json"
    for steps in (1, 5, 12, 20):
        match = _bots_match(14, autosave=path, steps=steps)
        resumed = load_match(path, get_game)  # as after a crash: only the file is left
        assert len(resumed.log) == steps
        for seat in (None, 0, 1, 2):
            assert resumed.state.view(seat) == match.state.view(seat)
        assert resumed.state.legal_actions() == match.state.legal_actions()


@traces("kachuful:record.replay")
def test_a_game_is_replayed_step_by_step(registered: Path) -> None:
    """A finished (or saved) game can be replayed step by step from its log."""
    from cardtable.session.replay import Replay

    match = _bots_match(15)
    replay = Replay(match)
    states = [replay.state.view(None)]
    while replay.position < len(replay):
        replay.forward()
        states.append(replay.state.view(None))
    assert states[-1] == match.state.view(None)
    replay.seek(10)
    direct = RULES.new_game(3, match.options, seed=match.seed)
    for entry in match.log[:10]:
        direct.apply(entry.action)
    assert replay.state.view(0) == direct.view(0)
    assert replay.back() and replay.position == 9


@traces("kachuful:record.refused")
def test_illegal_actions_are_rejected_unchanged() -> None:
    """The engine rejects an illegal action (not following suit, a forbidden bid, a card not in hand, an action out of turn) with a clear message and leaves the state unchanged."""  # noqa: E501
    state = kachuful_position(["AH 2C 3D", "KH AC 4D", "QH 3C AD", "JH 4C 2D"], dealer=3)
    # out of turn: a card before the bidding is over
    assert_illegal(state, Play(C("AH")), "bidding is not over", "Seat 1")
    bid(state, 0, 2, 0)
    assert_illegal(state, Bid(1), "dealer may not bid 1")  # a forbidden bid
    bid(state, 2)
    assert_illegal(state, Bid(1), "bidding is over")  # out of turn: bidding again
    # a card not in hand (seat 0 to lead): one held by another seat, and one nobody holds
    r1 = assert_illegal(state, Play(C("KH")), "not in their hand", "Seat 1's turn")
    r2 = assert_illegal(state, Play(C("5S")), "not in their hand")
    assert r1.replace("K\u2665", "X") == r2.replace("5\u2660", "X")  # the reason does not tell who holds it
    play(state, "AH")
    assert_illegal(state, Play(C("AC")), "does not follow suit")  # not following suit
    assert_illegal(state, Play(C("AH")), "not in their hand")  # already played
    assert_illegal(state, Play(("K", "H")), "not in their hand")  # type: ignore[arg-type]
    assert_illegal(state, Action(), "not a kachuful action")
    assert_illegal(state, None, "not a kachuful action")


@traces("kachuful:record.refused")
def test_nothing_is_legal_after_the_end() -> None:
    """The engine rejects an illegal action (not following suit, a forbidden bid, a card not in hand, an action out of turn) with a clear message and leaves the state unchanged."""  # noqa: E501
    state = new(3, hands="1")
    play_out(state, random.Random(1))
    assert state.is_over() and state.turn is None and state.legal_actions() == []
    assert_illegal(state, Bid(0), "game is over")
    assert_illegal(state, Play(C("AS")), "game is over")


@traces("kachuful:record.seed")
def test_seeds_come_from_the_secure_source(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeds come from the operating system's secure random source"""
    monkeypatch.setattr(kachuful, "new_seed", lambda: 424242)
    state = RULES.new_game(4)
    assert state.seed == 424242
    import cardtable.core.engine as engine

    assert kachuful.new_seed is not engine.new_seed  # patched here; the real one uses SystemRandom
    assert "SystemRandom" in inspect.getsource(engine.new_seed)


@traces("kachuful:record.seed")
def test_the_seed_reproduces_the_deal() -> None:
    """the seed is recorded so a deal can be reproduced."""
    a, b, c = new(5, 77), new(5, 77), new(5, 78)
    assert a.hands == b.hands and a.deck == b.deck
    assert a.hands != c.hands
    rng_a, rng_b = random.Random(3), random.Random(3)
    play_out(a, rng_a)
    play_out(b, rng_b)
    assert a.score_sheet() == b.score_sheet()


# ----- seed 004 §7 edge cases ----------------------------------------------------------------------------


def test_a_misdeal_is_redealt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed §7.1: a misdeal detected before the first trick means the whole round is dealt again."""
    real = KachufulState._deal_cards
    calls = []

    def faulty(self: KachufulState, cards_: list[Card], first: int, hand_size: int) -> list[list[Card]]:
        hands = real(self, cards_, first, hand_size)
        calls.append(1)
        if len(calls) <= 2:
            hands[first] = hands[first][:-1]  # a card short
        return hands

    monkeypatch.setattr(KachufulState, "_deal_cards", faulty)
    state = new(4, 3, hands="4,4")
    assert len(calls) == 3 and state.misdeals == [2, 0, 0, 0]
    assert all(len(h) == 4 for h in state.hands)
    assert Counter(state.every_card()) == Counter(standard_deck())
    events: list[Event] = []
    calls.clear()
    rng = random.Random(1)
    while state.round == 0:
        events += state.apply(rng.choice(state.legal_actions()))
    assert state.misdeals == [2, 2, 0, 0]  # tracked per dealer
    assert [text(e) for e in events if e.kind == "misdeal"] == ["Misdeal by Seat 2: redeal."] * 2


def test_a_deck_that_cannot_be_dealt_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed §7.2: the hand size is validated against the player count."""
    monkeypatch.setattr(KachufulState, "_deal_cards", lambda self, c, f, h: [[] for _ in range(self.n)])
    with pytest.raises(RuntimeError):
        new(4)


@traces("kachuful:record.sheet")
def test_the_state_has_no_hidden_score_keeper() -> None:
    """Seed §7.7: the scorekeeper's error is fixed by recomputing from the event log."""
    state = new(3, 5, hands="2,2")
    actions = play_out(state, random.Random(5))
    replayed = new(3, 5, hands="2,2")
    for a in actions:
        replayed.apply(RULES.action_from_json(a.to_json()))
    assert replayed.score_sheet() == state.score_sheet()
    assert replayed.result() == state.result()


# ----- traceability ----------------------------------------------------------------------------------------


def test_every_rule_is_traced() -> None:
    """Every rule sentence (and each clause between semicolons) of rules/kachuful.md is quoted by a test."""
    untraced = untraced_rules(__name__, "kachuful.md", at_least=30, also=("tests.ui.test_kachuful_table",))
    if untraced is None:
        pytest.skip("the rules folder is not beside the repository")
    assert untraced == [], f"rules with no test quoting them: {untraced}"
