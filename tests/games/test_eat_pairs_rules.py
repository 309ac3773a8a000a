"""Eat Pairs rules, one test (or a few) per rule of shared/rules/eat-pairs.md.

Every test's docstring quotes the rule text it traces, and `test_every_rule_is_traced` checks that every rule
sentence of the rules file is quoted by some test here (markdown emphasis and code marks left out).

Positions are built from hands given as card codes ("7S 7H QD", seat 0 first) through `lay_out`, which lays the
initial pairs and opens the deal as a real deal does, or read from the game's position text: `drawing` (the lead
player to draw) and `rewritten` (a position's text with some lines written anew).  Stocks are given top card
first.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest

from cardtable.core.cards import Card, standard_deck
from cardtable.core.engine import Action, Event, IllegalAction
from cardtable.core.notation import cards_text, options_text, seats_text
from cardtable.core.words import Names
from cardtable.games.eat_pairs.narration import NARRATION
from cardtable.games.eat_pairs.notation import NOTATION
from cardtable.games.eat_pairs.rules import (
    CLAIM,
    CLAIM_SECONDS,
    DECK,
    DRAW,
    LAND_HOLD,
    MISS,
    PAIR_HOLD,
    PLAY,
    RULES,
    Claim,
    Draw,
    EatPairsState,
    Miss,
    Play,
    initial_pairs,
    sample_hands,
    timeout_action,
)
from tests.rule_trace import traces, untraced_rules

# ----- helpers ---------------------------------------------------------------------------------


def cards(codes: str) -> list[Card]:
    return [Card.from_code(code) for code in codes.split()]


def C(code: str) -> Card:
    return Card.from_code(code)


def new(players: int = 4, seed: int = 1, **options: Any) -> EatPairsState:
    return RULES.new_game(players, options, seed=seed)


def laid_out(hands: list[str], stock: str = "KS KH KD", **options: Any) -> EatPairsState:
    """A deal started from these dealt hands and this stock (top card first), seat 0 dealing."""
    state = new(len(hands), **options)
    state.lay_out([cards(h) for h in hands], list(reversed(cards(stock))))
    return state


def drawing(hands: list[str], lead: int, stock: str = "KS KH KD", waste: str = "", **options: Any
            ) -> EatPairsState:
    """The draw phase: `lead` to draw from this stock, with these hands (with no pairs among them), read from its
    position text; the cards named nowhere are out of play."""
    n = len(hands)
    named = {c for text in (*hands, stock, waste) for c in cards(text)}
    none = " | ".join("-" for _ in hands)
    return NOTATION.from_text("\n".join([
        f"eat_pairs {n}",
        f"options: {options_text(RULES.validate_options(options))}",
        "seed: 1",
        "records: -",
        "phase: draw",
        f"turn: {lead}",
        f"lead: {lead}",
        "live_from: -",
        f"hands: {seats_text(cards(h) for h in hands)}",
        f"pairs: {none}",
        f"waste: {cards_text(cards(waste))}",
        f"stock: {cards_text(reversed(cards(stock)))}",
        f"lacks: {none}",
        f"known: {none}",
        "last_pair: -",
        f"out: {cards_text(c for c in DECK if c not in named)}",
    ]))


def rewritten(state: EatPairsState, **values: str) -> EatPairsState:
    """`state` read back from its position text with these keys' values written anew."""
    rows = [row.partition(":") for row in NOTATION.to_text(state).splitlines()]
    return NOTATION.from_text("\n".join(f"{key}: {values[key]}" if key in values else key + colon + value
                                         for key, colon, value in rows))


def hand(state: EatPairsState, seat: int) -> list[Card]:
    return list(state.hands[seat].values())


def refused(state: EatPairsState, action: Action) -> str:
    """The refusal of `action`, as the narration says it (the state unchanged)."""
    before = state.view(None)
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert state.view(None) == before
    return NARRATION.refusal(caught.value, Names.seats(state.n))


def status(state: EatPairsState, seat: int | None) -> str:
    """The status line of `seat`'s view, as the narration says it, seats called by number."""
    return NARRATION.status(state.view(seat), Names.seats(state.n))


def summary(state: EatPairsState) -> str:
    """The result of `state` as the narration says it, seats called by number."""
    return NARRATION.result(state.result(), Names.seats(state.n))


def said(event: Event, players: int = 4) -> str:
    """What the narration says of `event`, seats called by number ("" for nothing)."""
    words = NARRATION.event(event, Names.seats(players))
    return words.text if words is not None else ""


def play_out(state: EatPairsState, rng: random.Random, limit: int = 2000) -> int:
    """Random legal moves to the end; the number of actions."""
    count = 0
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
        count += 1
        assert count < limit
    return count


# ----- cards and players -----------------------------------------------------------------------


@traces("eat_pairs:players")
def test_the_deck_and_the_players() -> None:
    """Standard 52-card deck, 2 to 6 players (default 4)."""
    assert RULES.players == range(2, 7)
    assert len(RULES.new_game(seed=1).hands) == 4
    for players in (1, 7):
        with pytest.raises(ValueError, match="2-6 players"):
            RULES.new_game(players, seed=1)
    for players in range(2, 7):
        state = new(players)
        assert sorted(state.every_card()) == sorted(standard_deck())
        assert state.view(0)["players"] == players


@traces("eat_pairs:dealer")
def test_seat_0_deals_the_first_deal() -> None:
    """Seat 0 is the dealer."""
    for seed in range(20):
        state = new(seed=seed)
        assert state.dealer == 0 and state.view(None)["dealer"] == 0
        if not state.is_over():
            assert state.turn == 0 and state.phase == "open"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@traces("eat_pairs:turns", "eat_pairs:deal", "eat_pairs:stock")
def test_the_deal_one_card_at_a_time_from_the_dealers_left(players: int) -> None:
    """Deal 7 cards to each player and 8 to the dealer, one at a time (animated), in seat order from the dealer's
    left (seat 1), the dealer's eighth card last.
    The rest is the face-down stock."""
    pack = standard_deck()
    random.Random(players).shuffle(pack)
    state = new(players)
    events = state.deal(pack)
    for seat in range(players):
        first = (seat - 1) % players  # seat 1 gets the top card, the dealer the n-th
        dealt = pack[first:7 * players:players] + ([pack[7 * players]] if seat == 0 else [])
        assert len(dealt) == (8 if seat == 0 else 7)
        assert Counter(hand(state, seat) + state.pairs[seat]) == Counter(dealt)
    rest = pack[7 * players + 1:]
    assert state.stock[::-1] == rest  # the next card of the pack is the top of the stock
    deals = [e for e in events if e.kind == "deal"]
    assert [e.dst for e in deals] == [f"hand{(1 + k) % players}" for k in range(players)]
    assert [e.value for e in deals] == [7] * (players - 1) + [8]
    assert all(e.cards == () for e in deals)  # the faces stay hidden
    view = state.view(1)
    assert view["stock"] == len(rest)  # a count: the stock is face down
    assert all(c is None for s in range(players) if s != 1 for c in view["hands"][s])


@traces("eat_pairs:deal")
def test_a_later_deal_starts_from_its_dealers_left() -> None:
    """Deal 7 cards to each player and 8 to the dealer, one at a time (animated), in seat order from the dealer's
    left (seat 1), the dealer's eighth card last."""
    pack = standard_deck()
    # The third deal of three is seat 2's: the first two are in the records.
    state = rewritten(new(3, deals="3"), records="1 / 6 0 8 / empty ; 0 / 0 6 7 / empty", turn="2")
    assert state.dealer == 2
    events = state.deal(pack)
    assert [e.dst for e in events if e.kind == "deal"] == ["hand0", "hand1", "hand2"]
    assert C("AS") in hand(state, 0) + state.pairs[0]  # the top card goes to the dealer's left
    assert Counter(hand(state, 2) + state.pairs[2]) == Counter(pack[2:21:3] + [pack[21]])


# ----- initial pairs -----------------------------------------------------------------------------


@traces("eat_pairs:pairs.initial", "eat_pairs:pairs.three", "eat_pairs:pairs.four")
def test_initial_pairs_of_two_three_and_four() -> None:
    """After the deal every player lays down pairs face up on their own pile of pairs: a pair of one rank is laid;
    of three of a kind two are laid and one is kept; four of a kind are laid as two pairs.  This is automatic."""
    kept, pairs = initial_pairs(cards("7H 2S 7S 9C 9D 9H QC QS QH QD"))
    assert pairs == [(C("7S"), C("7H")), (C("9H"), C("9D")), (C("QS"), C("QH")), (C("QD"), C("QC"))]
    assert kept == [C("2S"), C("9C")]  # of three, the last in suit order (spades, hearts, diamonds, clubs) is kept
    state = laid_out(["2S 3S 4S 5S 6S 8S 10S 4H", "7S 7H 9C 9D 9H JS AS", "QC QS QH QD KC AH 3C"])
    assert state.pairs[1] == cards("7S 7H 9H 9D")
    assert hand(state, 1) == cards("AS 9C JS")
    assert state.pairs[2] == cards("QS QH QD QC")
    assert hand(state, 2) == cards("AH 3C KC")
    assert state.pairs[0] == cards("4S 4H")
    assert state.phase == "open" and state.turn == 0  # no action was needed for any of it
    for seed in range(30):  # and in real deals: at most one card of a rank stays in a hand
        state = new(seed=seed)
        for seat in range(4):
            ranks = [c.rank for c in hand(state, seat)]
            assert len(ranks) == len(set(ranks))
            pile = state.pairs[seat]
            assert all(pile[i].rank == pile[i + 1].rank for i in range(0, len(pile), 2))


@traces("eat_pairs:pairs.initial")
def test_initial_pairs_are_face_up_moves_in_the_log() -> None:
    """After the deal every player lays down pairs face up on their own pile of pairs"""
    state = new(seed=3)
    laid = [e for e in state.deal(standard_deck()) if e.kind == "lay"]
    assert laid and all(e.src == f"hand{e.seat}" and e.dst == f"pairs{e.seat}" for e in laid)
    assert state.view(1)["pairs"] == state.pairs  # face up: everyone sees every pile
    assert all(said(e).startswith(f"Seat {e.seat + 1} lays down ") for e in laid)


@traces("eat_pairs:deal.paired-off")
def test_a_dealer_whose_cards_all_pair_off_wins_at_once() -> None:
    """A dealer whose cards all pair off wins at once"""
    state = laid_out(["2S 2H 5S 5H 9C 9D KS KD", "3S 4S 6S 7S 8S 10S JS"])
    assert state.is_over() and state.result().winners == [0]
    assert state.hands[0] == {} and len(state.pairs[0]) == 8
    assert "no cards left" in summary(state)
    assert state.legal_actions() == []


@traces("eat_pairs:deal.one-card")
def test_a_dealer_left_with_one_card_plays_it_and_wins_at_once() -> None:
    """a dealer left with one card plays it as the opening card and wins at once."""
    state = new(2)
    events = state.lay_out([cards("2S 2H 5S 5H 9C 9D 7H"), cards("3S 4S 6S 7S 8S 10S JS")], cards("KS KH"))
    assert state.is_over() and state.result().winners == [0]
    assert state.waste == [C("7H")]  # played as the opening card, with no action
    assert hand(state, 1) == cards("3S 4S 6S 7S 8S 10S JS")  # it won at once: nobody matched it
    assert [e.kind for e in events][-3:] == ["move", "win", "over"]


# ----- the dealer's opening ----------------------------------------------------------------------


@traces("eat_pairs:opening")
def test_the_dealers_opening_is_one_card_from_hand() -> None:
    """Dealer's opening: the dealer plays exactly one card from hand face up to the waste (the only card ever
    played from a hand).
    This is the game's one real choice."""
    state = laid_out(["2S 3S 4S", "5S 6S 7S", "8S 9S 10S"])
    assert state.phase == "open" and state.turn == 0
    assert state.legal_actions() == [Play(c) for c in cards("2S 3S 4S")]
    assert "5♠ is not in Seat 1's hand" in refused(state, Play(C("5S")))
    assert "the dealer, first plays one card" in refused(state, DRAW)
    events = state.apply(PLAY[C("3S")])
    assert events[0] == Event("move", (C("3S"),), "hand0", "waste", 0, hold=LAND_HOLD, snapshot=events[0].snapshot)
    assert said(events[0], 3) == "Seat 1 opens with 3♠."
    assert state.waste == [C("3S")] and hand(state, 0) == cards("2S 4S")
    assert state.legal_actions() == [DRAW]
    assert "Only the dealer plays a card from hand, once" in refused(state, PLAY[C("2S")])
    for seed in range(40):  # one Play in a whole game, and it is the first action
        state = new(seed=seed)
        rng = random.Random(seed)
        kinds = []
        while not state.is_over():
            action = rng.choice(state.legal_actions())
            kinds.append(type(action))
            assert len(state.legal_actions()) == 1 or type(action) is Play  # the one real choice
            state.apply(action)
        assert kinds.count(Play) <= 1 and (not kinds or kinds[0] is Play)


@traces("eat_pairs:match.order", "eat_pairs:match.pair")
def test_the_opening_card_matched() -> None:
    """Matching: whenever a card lands face up on the waste, the players are checked in turn order, starting with
    the player after the one who played or drew it and ending with that player, for a card of the same rank."""
    state = laid_out(["2S 3S 4S", "5S 6S 7S", "8S 9S 3H", "10S JS 3D"])
    state.apply(PLAY[C("3S")])
    assert state.lead == 2 and state.turn == 2 and state.phase == "draw"
    assert state.pairs[2] == [C("3H"), C("3S")] and state.waste == []
    assert hand(state, 3) == cards("3D 10S JS")  # seat 3 comes after seat 2


@traces("eat_pairs:opening.unmatched")
def test_the_opening_card_unmatched_leaves_the_dealer_leading() -> None:
    """After the dealer's opening card, if no one matched, the dealer is the lead player."""
    state = laid_out(["2S 3S 4S", "5S 6S 7S", "8S 9S 10S"])
    assert state.lead is None
    events = state.apply(PLAY[C("2S")])
    assert state.lead == 0 and state.turn == 0 and state.phase == "draw"
    assert state.waste == [C("2S")]
    assert said(events[-1], 3) == "No one matches 2♠: it stays on the waste, and Seat 1 leads."


# ----- matching ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@traces("eat_pairs:turns", "eat_pairs:match.order", "eat_pairs:match.pair")
def test_the_matching_order_for_every_seat_that_draws(players: int) -> None:
    """Matching: whenever a card lands face up on the waste, the players are checked in turn order, starting with
    the player after the one who played or drew it and ending with that player, for a card of the same rank.
    The first who has one pairs it with the waste card onto their pile of pairs and becomes the lead player.
    Turn order is seat order."""
    matching = cards("7H 7D 7C")
    fillers = cards("AS 2S 3S 4S 5S 6S")
    for drawer in range(players):
        for k in (1, 2, 3):
            for holders in itertools.combinations(range(players), k):
                hands = [f"{fillers[s].code} {'8' + 'SHDC'[s % 4] if s < 4 else '9' + 'SHDC'[s % 4]}"
                         for s in range(players)]
                for card, s in zip(matching, holders, strict=False):
                    hands[s] += f" {card.code}"
                state = drawing(hands, drawer, stock="7S KS KH")
                state.apply(DRAW)
                order = [(drawer + j) % players for j in range(1, players + 1)]
                first = next(s for s in order if s in holders)
                assert state.lead == first and state.turn == first
                mine = matching[holders.index(first)]
                assert state.pairs[first][-2:] == [mine, C("7S")]
                assert mine not in hand(state, first)
                for s in holders:
                    if s != first:
                        assert C("7S").rank in state.hands[s]  # later seats keep theirs
                assert state.waste == []


@traces("eat_pairs:match.order")
def test_a_drawer_can_match_its_own_card_last() -> None:
    """starting with the player after the one who played or drew it and ending with that player"""
    state = drawing(["2S 5H", "3S 4S", "6S 8S"], lead=0, stock="5S KS KH")
    state.apply(DRAW)
    assert state.lead == 0 and state.pairs[0] == [C("5H"), C("5S")]


@traces("eat_pairs:match.pair")
def test_a_pair_is_shown_with_beats() -> None:
    """The first who has one pairs it with the waste card onto their pile of pairs and becomes the lead player."""
    state = drawing(["2S 5H", "3S 4S", "6S 8S"], lead=1, stock="5S KS KH")
    events = state.apply(DRAW)
    assert [(e.kind, e.src, e.dst) for e in events] == [
        ("draw", "stock", "waste"), ("pair", "hand0", "pairs0"), ("move", "waste", "pairs0")]
    assert events[0].hold == LAND_HOLD and events[-1].hold == PAIR_HOLD
    assert [said(e, 3) for e in events] == ["Seat 2 draws 5♠.", "Seat 1 pairs 5♠ with 5♥ and leads.", ""]
    landed = events[0].snapshot.view(1)  # the picture held for the first beat: the card on the waste
    assert landed["waste"] == [C("5S")] and landed["stock"] == 2 and landed["counts"] == [2, 2, 2]
    assert landed["turn"] is None and landed["legal"] is None and landed["beat"].kind == "draw"
    assert landed["hands"][1] == hand(state, 1) and landed["hands"][0] == [None, None]
    paired = events[-1].snapshot.view(1)  # then the pair on the pile, its seat leading
    now = state.view(1)
    for key in ("waste", "stock", "pairs", "counts", "hands", "lead", "last_pair"):
        assert paired[key] == now[key]
    assert paired["turn"] is None and paired["beat"] == events[1]
    assert now["last_pair"] == (0, C("5H"), C("5S"))


@traces("eat_pairs:match.top-only")
def test_only_the_card_just_landed_can_be_matched() -> None:
    """Only the card that has just landed can be matched: cards under it on the waste are dead."""
    state = drawing(["2S 9H", "3S 4S", "6S 8S"], lead=1, stock="5D KS KH", waste="9S")
    state.apply(DRAW)
    assert state.waste == cards("9S 5D")  # seat 0 holds a 9, but the 9♠ below is dead
    assert C("9H") in hand(state, 0)
    assert state.lead == 1 and state.legal_actions() == [DRAW]


@traces("eat_pairs:match.none")
def test_no_match_stacks_on_the_waste_and_keeps_the_lead() -> None:
    """With no match, the card stays on the waste (unmatched cards may stack) and the lead player stays the same."""
    state = drawing(["2S 9H", "3S 4S", "6S 8S"], lead=2, stock="5D 7C KS KH")
    state.apply(DRAW)
    state.apply(DRAW)
    assert state.waste == cards("5D 7C")
    assert state.lead == 2 and state.turn == 2
    assert state.view(0)["waste"] == cards("5D 7C")


@traces("eat_pairs:draw")
def test_the_lead_player_draws_the_top_stock_card() -> None:
    """The lead player draws the top stock card onto the waste (a click on the stock), and matching is checked
    again."""
    state = drawing(["2S 9H", "3S 4S", "6S 8S"], lead=1, stock="4H 5D KS")
    assert state.legal_actions() == [DRAW] and state.turn == 1
    view = state.view(1)
    assert view["legal"] == {"open": [], "draw": True, "claim": None, "miss": False}
    assert view["stock"] == 3 and view["lead"] == 1
    assert "Click the stock to draw (3 cards left)" in status(state, 1)
    assert "Seat 1 deals, Seat 2 leads." in status(state, 1)
    assert state.view(0)["legal"] is None
    state.apply(DRAW)  # the 4♥: matched again, by seat 1 (the drawer, last)
    assert state.pairs[1] == [C("4S"), C("4H")] and state.lead == 1 and state.stock == [C("KS"), C("5D")]
    state.apply(DRAW)
    assert state.waste == [C("5D")]


# ----- the end -----------------------------------------------------------------------------------


@traces("eat_pairs:end.empty")
def test_the_first_player_with_no_cards_wins_at_once() -> None:
    """The first player with no cards in hand wins at once."""
    state = drawing(["2S 9H", "3S", "6S 8S"], lead=0, stock="3D KS KH")
    events = state.apply(DRAW)
    assert state.is_over() and state.turn is None and state.phase == "over"
    assert state.result().winners == [1] and state.result().scores == [0.0, 1.0, 0.0]
    assert state.stock == cards("KH KS")  # the rest of the stock is never drawn
    assert [e.kind for e in events][-2:] == ["win", "over"]
    assert summary(state) == "Seat 2 wins: no cards left in hand."
    assert not state.result().scored
    assert "The game is over" in refused(state, DRAW)


@traces("eat_pairs:end.stock", "eat_pairs:end.last-card")
def test_the_stock_running_out_fewest_cards_wins() -> None:
    """If the stock runs out before anyone empties their hand (the last drawn card is matched first, as any card),
    the player with the fewest cards in hand wins (ties shared)."""
    state = drawing(["2S 9H 4D", "3S 4S 5C", "6S 8S 7C"], lead=0, stock="3D")
    state.apply(DRAW)  # the last card is matched first: seat 1 then has the fewest cards
    assert state.is_over() and state.pairs[1] == [C("3S"), C("3D")]
    assert state.result().winners == [1]
    assert "The stock ran out: Seat 2 wins with the fewest cards (2)" in summary(state)


@traces("eat_pairs:end.stock")
def test_the_stock_running_out_with_a_tie() -> None:
    """If the stock runs out before anyone empties their hand (the last drawn card is matched first, as any card),
    the player with the fewest cards in hand wins (ties shared)."""
    state = drawing(["2S 9H", "3S 4S 5C", "6S 8S"], lead=1, stock="JD")
    events = state.apply(DRAW)
    assert state.is_over() and state.waste == [C("JD")]
    assert state.result().winners == [0, 2] and state.result().scores == [1.0, 0.0, 1.0]
    assert "Seat 1 and Seat 3 share the win with the fewest cards (2)" in summary(state)
    assert [e.kind for e in events].count("win") == 2


@traces("eat_pairs:end.last-card")
def test_the_last_card_emptying_a_hand_is_a_win_by_an_empty_hand() -> None:
    """If the stock runs out before anyone empties their hand (the last drawn card is matched first, as any card)"""
    state = drawing(["2S 9H", "3S", "6S 8S"], lead=0, stock="3D")
    state.apply(DRAW)
    assert state.result().winners == [1] and state.records[-1].how == "empty"


def test_every_game_ends() -> None:
    """If the stock runs out before anyone empties their hand (the last drawn card is matched first, as any card),
    the player with the fewest cards in hand wins (ties shared)."""
    for players in range(2, 7):
        for claim in (False, True):
            for seed in range(30):
                state = new(players, seed, claim_by_hand=claim)
                assert play_out(state, random.Random(seed)) <= 2 * 52
                result = state.result()
                assert result.winners and state.legal_actions() == []


# ----- claim matches by hand ---------------------------------------------------------------------


@traces("eat_pairs:option.claim", "eat_pairs:match.pair")
def test_claim_by_hand_is_off_by_default() -> None:
    """Matching is automatic (table option "claim matches by hand" makes a human click their matching card within
    a few seconds, or miss it"""
    assert RULES.validate_options({})["claim_by_hand"] is False
    state = drawing(["2S 9H", "3S 4S", "6S 8S"], lead=1, stock="9D KS KH")
    state.apply(DRAW)
    assert state.pairs[0] == [C("9H"), C("9D")]  # no decision: automatic
    assert state.time_limit() is None


@traces("eat_pairs:option.claim")
def test_claim_by_hand_claimed() -> None:
    """Matching is automatic (table option "claim matches by hand" makes a human click their matching card within
    a few seconds, or miss it"""
    state = drawing(["2S 9H", "3S 4S", "6S 8S"], lead=1, stock="9D KS KH", claim_by_hand=True)
    events = state.apply(DRAW)
    assert state.phase == "claim" and state.turn == 0 and state.live == C("9D")
    assert events[-1].kind == "offer" and events[-1].seat == 0 and events[-1].cards == (C("9D"),)
    assert state.legal_actions() == [CLAIM[C("9H")], MISS]
    view = state.view(0)
    assert view["legal"] == {"open": [], "draw": False, "claim": C("9H"), "miss": True}
    assert view["live"] == C("9D") and view["matching_order"] == [2, 0, 1] and view["passed"] == [2]
    limit = state.time_limit()
    assert limit is not None and limit.seconds == CLAIM_SECONDS and limit.default(random.Random(1)) == MISS
    assert f"click your 9 within {CLAIM_SECONDS} seconds" in status(state, 0)
    assert "Seat 1 may claim 9♦" in status(state, 1)
    assert "claim it or miss it" in refused(state, DRAW)
    assert "2♠ does not match 9♦" in refused(state, Claim(C("2S")))
    assert "9♣ is not in Seat 1's hand" in refused(state, Claim(C("9C")))
    state.apply(CLAIM[C("9H")])
    assert state.pairs[0] == [C("9H"), C("9D")] and state.lead == 0 and state.phase == "draw"


@traces("eat_pairs:option.claim", "eat_pairs:option.claim.miss")
def test_claim_by_hand_missed_passes_the_card_on() -> None:
    """a missed claim passes the card on to the next player in the matching order)."""
    state = drawing(["2S 9H", "3S 9C", "6S 8S", "10S JS"], lead=2, stock="9D KS KH", claim_by_hand=True)
    state.apply(DRAW)
    assert state.turn == 0  # seat 3 holds no 9: passed over without a decision
    limit = state.time_limit()
    assert limit is not None and limit.default(random.Random(1)) == MISS  # the time limit's default
    assert timeout_action(state, state.legal_actions(), random.Random(1)) == MISS
    events = state.apply(MISS)
    assert said(events[0]) == "Seat 1 misses 9♦." and (events[-1].kind, events[-1].seat) == ("offer", 1)
    assert state.turn == 1 and state.phase == "claim" and state.view(1)["passed"] == [3, 0]
    state.apply(MISS)
    assert state.waste == [C("9D")] and state.lead == 2 and state.turn == 2 and state.phase == "draw"
    assert C("9H") in hand(state, 0) and C("9C") in hand(state, 1)  # missed: kept
    assert "There is no card to claim now" in refused(state, MISS)


@traces("eat_pairs:opening.unmatched", "eat_pairs:option.claim")
def test_claim_by_hand_for_the_opening_card() -> None:
    """Matching is automatic (table option "claim matches by hand" makes a human click their matching card within
    a few seconds, or miss it"""
    state = laid_out(["2S 3S 4S", "5S 6S 3H", "8S 9S 10S"], claim_by_hand=True)
    state.apply(PLAY[C("3S")])
    assert state.phase == "claim" and state.turn == 1
    state.apply(MISS)
    assert state.lead == 0 and state.turn == 0 and state.phase == "draw"  # no one matched: the dealer leads


@traces("eat_pairs:end.empty")
def test_a_claim_of_the_last_card_wins() -> None:
    """The first player with no cards in hand wins at once."""
    state = drawing(["2S 9H", "9S", "6S 8S"], lead=2, stock="9D KS", claim_by_hand=True)
    state.apply(DRAW)
    state.apply(MISS)
    assert state.turn == 1
    state.apply(Claim(C("9S")))
    assert state.is_over() and state.result().winners == [1]


# ----- views, hidden information and the contract -----------------------------------------------------


@traces("eat_pairs:stock")
def test_views_hide_other_hands_and_the_stock_order() -> None:
    """The rest is the face-down stock."""
    state = new(4, seed=7)
    for seat in (0, 1, 2, 3, None):
        view = state.view(seat)
        for s in range(4):
            if s == seat:
                assert view["hands"][s] == hand(state, s)
            else:
                assert view["hands"][s] == [None] * len(state.hands[s])
        assert view["stock"] == len(state.stock)
        shown = {c for h in view["hands"] for c in h if c is not None}
        assert not shown & set(state.stock)
        assert view["counts"] == [len(h) for h in state.hands]


@traces("eat_pairs:table.status")
def test_the_view_holds_what_the_table_shows() -> None:
    """The hands along the bottom row (tableau piles; opponents face down with counts), each player's pairs above
    them (foundation piles), the waste in the centre top, the stock on the right with its count, and a status line
    naming the dealer, the lead player and what happens next.
    Play is enabled only for the dealer's opening card."""
    state = laid_out(["2S 3S 4S 4H", "5S 6S 3H", "8S 9S 10S"], stock="JS QS KS")
    view = state.view(1)
    assert view["hands"] == [[None, None], cards("3H 5S 6S"), [None] * 3] and view["counts"] == [2, 3, 3]
    assert view["pairs"] == [cards("4S 4H"), [], []]
    assert view["waste"] == [] and view["stock"] == 3
    assert view["dealer"] == 0 and view["lead"] is None
    assert status(state, 1) == "Seat 1 deals. Seat 1 plays one card to the waste."
    assert state.view(0)["legal"]["open"] == cards("2S 3S")  # Play: the dealer's opening card only
    state.apply(PLAY[C("3S")])
    view = state.view(1)
    assert view["waste"] == [] and view["pairs"][1] == cards("3H 3S") and view["lead"] == 1
    assert status(state, 1) == "Seat 1 deals, Seat 2 leads. Click the stock to draw (3 cards left)."
    assert status(state, 0) == "Seat 1 deals, Seat 2 leads. Seat 2 draws (3 cards left)."
    assert view["legal"]["open"] == [] and view["legal"]["draw"]
    play_out(state, random.Random(1))
    assert status(state, 0) == summary(state) and state.view(0)["winners"]


def test_determinize_respects_what_the_seat_has_seen() -> None:
    """Matching is automatic (table option "claim matches by hand" makes a human click their matching card within
    a few seconds, or miss it"""
    state = drawing(["2S 9H 4D", "3S 4S 5C", "6S 8S 7C"], lead=0, stock="QD JD KS QH KH JH QC 10D")
    state.apply(DRAW)  # no one matches the Q: every seat is known to hold none
    state.apply(DRAW)
    assert all(state.lacks[s] >> 12 & 1 and state.lacks[s] >> 11 & 1 for s in range(3))
    for k in range(200):
        world = state.determinize(0, random.Random(k))
        assert world.hands[0] == state.hands[0]
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert Counter(world.every_card()) == Counter(state.every_card())
        for s in (1, 2):
            ranks = [c.rank for c in hand(world, s)]
            assert 12 not in ranks and 11 not in ranks and len(set(ranks)) == len(ranks)
        assert world.waste == state.waste and world.pairs == state.pairs
        assert world.legal_actions() == state.legal_actions()
        public = state.determinize(None, random.Random(k))  # the public view: every hand is unknown
        for s in range(3):
            ranks = [c.rank for c in hand(public, s)]
            assert 12 not in ranks and 11 not in ranks and len(set(ranks)) == len(ranks)
        assert [len(h) for h in public.hands] == [len(h) for h in state.hands]


def test_determinize_keeps_a_missed_claim() -> None:
    """a missed claim passes the card on to the next player in the matching order)."""
    state = drawing(["2S 9H 4D", "3S 4S 5C", "6S 8S 7C"], lead=2, stock="9D KS 9C KH 10D", claim_by_hand=True)
    state.apply(DRAW)
    state.apply(MISS)  # seat 0 missed: everybody saw it had a 9
    nines = set()
    for k in range(100):
        world = state.determinize(1, random.Random(k))
        assert 9 in world.hands[0] and 9 not in world.hands[2]  # seat 2 was passed over
        assert world.hands[1] == state.hands[1]
        nines.add(world.hands[0][9])
    assert nines == {C("9H"), C("9C")}  # which 9 it holds is unknown to seat 1


def test_sample_hands_finds_a_deal_when_the_constraints_are_tight() -> None:
    """Matching: whenever a card lands face up on the waste, the players are checked in turn order, starting with
    the player after the one who played or drew it and ending with that player, for a card of the same rank."""
    pool = cards("2S 2H 3S 3H 4S 5S")
    lacks = [0, sum(1 << r for r in range(5, 14)), 0]  # seat 1 can only take 2, 3 or 4
    for k in range(100):
        dealt = sample_hands(pool, {1: 3, 2: 2}, lacks, [0, 0, 1 << 5], random.Random(k))
        assert dealt is not None
        hands, rest = dealt
        assert sorted(c.rank for c in hands[1]) == [2, 3, 4]
        assert 5 in [c.rank for c in hands[2]] and len(hands[2]) == 2 and len(rest) == 1
        assert sorted(hands[1] + hands[2] + rest) == sorted(pool)
    assert sample_hands(pool, {1: 4}, lacks, [0, 0, 0], random.Random(1)) is None


def test_actions_round_trip_and_read_well() -> None:
    """Dealer's opening: the dealer plays exactly one card from hand face up to the waste (the only card ever
    played from a hand)."""
    for action in (Play(C("7S")), DRAW, Claim(C("10H")), MISS):
        assert RULES.action_from_json(action.to_json()) == action
    assert Play(C("7S")).to_json() == {"type": "Play", "card": {"card": "7S"}}
    assert [NARRATION.action(a, Names.seats(4)) for a in (Play(C("7S")), Draw(), Claim(C("10H")), Miss())] == [
        "Play 7♠", "Draw from the stock", "Claim with 10♥", "Miss"]
    with pytest.raises(ValueError, match="52-card deck"):
        RULES.action_from_json({"type": "Play", "card": {"card": "JK"}})
    with pytest.raises(ValueError):
        RULES.action_from_json({"type": "Steal"})
    assert "not an Eat Pairs action" in refused(new(), Event("move"))  # type: ignore[arg-type]


def test_a_game_replays_from_its_seed_and_actions() -> None:
    """Turn order is seat order."""
    state = new(5, seed=11, claim_by_hand=True)
    rng = random.Random(4)
    log = []
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        log.append(action.to_json())
        state.apply(action)
    again = new(5, seed=11, claim_by_hand=True)
    for data in log:
        again.apply(RULES.action_from_json(data))
    assert again.view(None) == state.view(None)


def test_clones_are_independent() -> None:
    """The lead player draws the top stock card onto the waste (a click on the stock), and matching is checked
    again."""
    state = new(4, seed=2)
    state.apply(state.legal_actions()[0])
    copy = state.clone()
    copy.apply(DRAW)
    assert len(copy.stock) == len(state.stock) - 1
    assert state.view(None) != copy.view(None)
    play_out(copy, random.Random(1))
    assert not state.is_over()


@traces("eat_pairs:players", "eat_pairs:option.deals")
def test_options_are_validated() -> None:
    """Standard 52-card deck, 2 to 6 players (default 4)."""
    with pytest.raises(ValueError, match="unknown option"):
        RULES.new_game(4, {"jokers": True}, seed=1)
    with pytest.raises(ValueError, match="cannot be"):
        RULES.new_game(4, {"deals": 3}, seed=1)
    assert {o.name: o.default for o in RULES.options} == {"claim_by_hand": False, "deals": "1"}


# ----- a session of several deals ----------------------------------------------------------------


@traces("eat_pairs:option.deals", "eat_pairs:option.deals.next", "eat_pairs:option.deals.wins")
def test_a_session_of_deals_counts_the_wins() -> None:
    """Seat 0 is the dealer."""
    state = new(3, seed=5, deals="per_player")
    assert state.deals == 3
    dealers = [state.dealer]
    rng = random.Random(5)
    while not state.is_over():
        before = len(state.records)
        events = state.apply(rng.choice(state.legal_actions()))
        if len(state.records) > before and not state.is_over():
            assert any(e.kind == "round" for e in events) and any(e.kind == "deal" for e in events)
            dealers.append(state.dealer)
            assert sorted(state.every_card()) == sorted(standard_deck())
    assert dealers == [0, 1, 2]  # the deal passes to the left
    assert [r.dealer for r in state.records] == [0, 1, 2]
    wins = [sum(s in r.winners for r in state.records) for s in range(3)]
    result = state.result()
    assert result.scores == [float(w) for w in wins] and result.scored
    assert result.winners == [s for s in range(3) if wins[s] == max(wins)]
    assert state.view(0)["wins"] == wins


@traces("eat_pairs:option.deals.wins")
def test_a_session_result_shares_a_tie() -> None:
    """the player with the fewest cards in hand wins (ties shared)."""
    state = new(2, seed=1, deals="3")
    play_out(state, random.Random(2))
    state = rewritten(state, records="0 / 0 3 / empty ; 1 / 2 0 / empty ; 0 1 / 2 2 / stock")
    assert state.wins == [2, 2]
    assert state.result().winners == [0, 1] and "share the session" in summary(state)


def test_every_rule_is_traced() -> None:
    """Every rule sentence (and each clause between semicolons) of rules/eat-pairs.md is quoted by a test."""
    untraced = untraced_rules(__name__, "eat-pairs.md", at_least=15, also=("tests.ui.test_eat_pairs_table",))
    if untraced is None:
        pytest.skip("the rules folder is not beside the repository")
    assert untraced == [], f"rules with no test quoting them: {untraced}"
