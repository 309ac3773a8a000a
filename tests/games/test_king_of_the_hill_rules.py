"""King of the Hill rules, one test (or a few) per rule of shared/rules/king-of-the-hill.md.

Every test's docstring quotes the rule text it traces, and `test_every_rule_is_traced` checks that every rule
sentence of the rules file is quoted by some test here (markdown emphasis and code marks left out).

Cards are written as codes: "5H" is the first copy of the 5 of hearts and "5H'" the second; "BJ" and "BJ'" are
the black jokers, "RJ" and "RJ'" the red ones.  Positions are built from position text
(`cardtable.games.king_of_the_hill.notation`): deals are rigged (`rigged`) by writing the deck in the order it is
dealt, each seat given the cards it receives first, and letting the engine deal from it; trick positions
(`position`) write the hands, trump, KotH, called card and dead hand of a round in play; `changed` rewrites some
lines of a state's text.
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from cardtable.core.cards import JOKER_SUIT, SUITS, Card
from cardtable.core.engine import Event, IllegalAction
from cardtable.core.words import Names
from cardtable.games.king_of_the_hill import GAME
from cardtable.games.king_of_the_hill.rules import (
    ACE,
    CALL_NONE,
    DECK,
    FACES,
    PASS,
    RULES,
    TOTAL_POINTS,
    TRUMP,
    Burials,
    Bury,
    Call,
    ChooseTrump,
    Declare,
    KingState,
    Pass,
    Play,
    card_points,
    card_rank,
    challenge_score,
    default_action,
    face_of,
    identical,
    next_koth,
    order_for,
    outcome,
    rank_label,
    timeout_action,
    timer_seconds,
)
from tests.rule_trace import traces, untraced_rules

# ----- helpers ---------------------------------------------------------------------------------


def C(code: str) -> Card:  # noqa: N802 - reads like a card literal
    second = code.endswith("'")
    base = code.rstrip("'")
    if base in ("BJ", "RJ"):
        return Card(0, JOKER_SUIT, (base == "RJ") + 2 * second)
    card = Card.from_code(base)
    return Card(card.rank, card.suit, int(second))


def cards(text: str) -> list[Card]:
    return [C(c) for c in text.split()]


def play(state: KingState, text: str) -> list[Event]:
    return state.apply(Play(tuple(cards(text))))


NAMES = Names.seats(5)


def said(event: Event) -> str:
    """What the table says of `event` ("" for nothing)."""
    words = GAME.narration.event(event, NAMES)
    return words.text if words is not None else ""


@contextmanager
def refused(words: str) -> Iterator[None]:
    """The block's move is refused, and the refusal, as the table says it, has `words` (a regular expression)."""
    with pytest.raises(IllegalAction) as caught:
        yield
    reason = GAME.narration.refusal(caught.value, NAMES)
    assert re.search(words, reason), reason


def plays(state: KingState) -> set[tuple[Card, ...]]:
    return {a.cards for a in state.legal_actions()}


def as_plays(*texts: str) -> set[tuple[Card, ...]]:
    return {Play(tuple(cards(t))).cards for t in texts}


def deal_order(first: list[str], start: int, trump_rank: int) -> list[Card]:
    """The 108 cards in dealing order: seat s's k-th card is the k-th of first[s] where given, else a card of no
    trump rank; the trump-rank cards nobody is given are among the last 8."""
    given = [cards(h) for h in first]
    used = {c for h in given for c in h}
    filler = iter([c for c in DECK if c not in used and (c.rank != trump_rank or c.suit == JOKER_SUIT)])
    order = []
    for i in range(100):
        seat, k = (start + i) % 5, i // 5
        order.append(given[seat][k] if k < len(given[seat]) else next(filler))
    order += list(filler) + [c for c in DECK if c not in used and c.rank == trump_rank and c.suit != JOKER_SUIT]
    assert len(order) == 108 and len(set(order)) == 108
    return order


def text_of(*codes: Card) -> str:
    return " ".join(c.code for c in codes) or "-"


def rigged(first: list[str], start: int = 0, round_: int = 0, koth: int | None = None,
           ranks: list[int] | None = None, seed: int = 0, events: list[Event] | None = None,
           **options: Any) -> KingState:
    """A round dealt in a known order (see `deal_order`), stopped at its first decision: the position before its
    first card, the deck written in dealing order, then the engine's deal.  A later round (`round_` above 0) is
    dealt from `koth`, at the KotH's rank (its one record: the round before, which nobody won, led by the seat
    before `koth`)."""
    ranks = list(ranks or [2] * 5)
    rank = 2 if round_ == 0 else min(ranks[koth], ACE)  # type: ignore[index]
    first_seat = start if round_ == 0 else koth
    order = deal_order(first, first_seat, card_rank(rank))  # type: ignore[arg-type]
    chosen = RULES.validate_options(options)
    records = []
    if round_:
        assert koth is not None
        zero = text_of(*[c for c in DECK if card_points(c) == 0][:8])
        points = " ".join("80" if s == koth else "0" for s in range(5))
        records = [f"record {k}: koth {(koth - 1) % 5}, teammate -, called -, rank 2, trump S, points {points}, "
                   f"dead {zero}, last winner {(koth - 1) % 5}, ranks before {' '.join(map(str, ranks))}"
                   for k in range(1, round_ + 1)]
    state = GAME.notation.from_text("\n".join([
        "king_of_the_hill 5",
        f"options: {' '.join(f'{name}={value}' for name, value in chosen.items())}",
        f"seed: {seed}",
        f"round: {round_}",
        f"ranks: {' '.join(map(str, ranks))}",
        f"start: {first_seat}",
        f"koth: {'-' if koth is None else koth}",
        f"rank: {rank}",
        "trump: -",
        "phase: declare",
        f"turn: {first_seat}",
        f"deck: {text_of(*order[::-1])}",
        "final choices: -",
        "hands: - | - | - | - | -",
        "declarations: -",
        "dead: -",
        "call: -",
        "teammate: -",
        "koth played called: 0",
        "points: 0 0 0 0 0",
        "won: - | - | - | - | -",
        f"leader: {first_seat}",
        "trick: -",
        "last lead: -",
        "last trick: -",
        "voids: - | - | - | - | -",
        "no pair: - | - | - | - | -",
        *records,
    ]))
    state._deal([] if events is None else events)
    return state


def position(hands: list[str], trump: str = "S", rank: int = 2, koth: int = 0, leader: int | None = None,
             called: str | None = None, dead: str = "", teammate: int | None = None,
             points: list[int] | None = None, ranks: list[int] | None = None, phase: str = "play",
             **options: Any) -> KingState:
    """The trick phase of a round with these hands (seat 0 first), trump rank and suit, KotH, called card, dead
    hand (or 8 cards of no points) and points won, with `leader` (default: the KotH) to lead; the cards no hand
    holds are the won cards of the seat before the KotH.  `phase` "call": the KotH about to call; "bury": about to
bury (the hands hold every card)."""
    held = [cards(h) for h in hands]
    buried = cards(dead)
    used = [c for h in held for c in h] + buried
    assert len(set(used)) == len(used)
    rest = [c for c in DECK if c not in set(used)]
    if not buried and phase == "play":
        buried = [c for c in rest if card_points(c) == 0][:8]
        rest = [c for c in rest if c not in buried]
    chosen = RULES.validate_options(options)
    won = ["-"] * 5
    won[(koth - 1) % 5] = text_of(*rest)
    call = "-" if phase in ("bury", "call") else "none" if called is None else Call(C(called)).card.code  # type: ignore[union-attr]
    lead = koth if leader is None else leader
    return GAME.notation.from_text("\n".join([
        "king_of_the_hill 5",
        f"options: {' '.join(f'{name}={value}' for name, value in chosen.items())}",
        "seed: 1",
        "round: 0",
        f"ranks: {' '.join(map(str, ranks or [2] * 5))}",
        f"start: {koth}",
        f"koth: {koth}",
        f"rank: {rank}",
        f"trump: {trump}",
        f"phase: {phase}",
        f"turn: {lead}",
        "deck: -",
        "final choices: 5",
        f"hands: {' | '.join(text_of(*h) for h in held)}",
        "declarations: -",
        f"dead: {text_of(*buried)}",
        f"call: {call}",
        f"teammate: {'-' if teammate is None else teammate}",
        "koth played called: 0",
        f"points: {' '.join(map(str, points or [0] * 5))}",
        f"won: {' | '.join(won)}",
        f"leader: {lead}",
        "trick: -",
        "last lead: -",
        "last trick: -",
        "voids: - | - | - | - | -",
        "no pair: - | - | - | - | -",
    ]))


def changed(state: KingState, **lines: str) -> KingState:
    """`state` read back from its position text with some lines given anew (a key's spaces written `_`)."""
    rows = []
    for row in GAME.notation.to_text(state).splitlines():
        key = row.partition(":")[0].replace(" ", "_")
        rows.append(f"{row.partition(':')[0]}: {lines.pop(key)}" if key in lines else row)
    assert not lines, lines
    return GAME.notation.from_text("\n".join(rows))


def call_position(hand: str, dead: str, koth: int = 0) -> KingState:
    """The KotH (`koth`) about to call, holding `hand` with `dead` buried."""
    hands = [""] * 5
    hands[koth] = hand
    return position(hands, koth=koth, dead=dead, phase="call")


def pass_until(state: KingState, done: Any) -> list[int]:
    """Pass every declaration choice until `done(state)`; the seats that passed, in order."""
    seats = []
    while state.phase == "declare" and not done(state):
        seats.append(state.turn)
        state.apply(PASS)
    return seats


# ----- cards and order -------------------------------------------------------------------------


@traces("king_of_the_hill:deck", "king_of_the_hill:identical")
def test_the_double_deck() -> None:
    """Two 54-card decks shuffled together: 108 cards, two identical copies of every card, jokers included
    (black joker ~B, red joker ~R). Ranks 2–10, J, Q, K, A."""
    assert len(DECK) == 108 and len(set(DECK)) == 108
    faces = Counter(face_of(c) for c in DECK)
    assert len(faces) == 54 and set(faces.values()) == {2}
    assert {r for r, s, _ in faces if s != JOKER_SUIT} == set(range(1, 14))
    jokers = [c for c in DECK if c.suit == JOKER_SUIT]
    assert sorted(face_of(c)[2] for c in jokers) == [0, 0, 1, 1]  # two black, two red
    assert identical(C("RJ"), C("RJ'")) and not identical(C("RJ"), C("BJ"))
    assert identical(C("QH"), C("QH'")) and C("QH") != C("QH'")  # identical, yet two cards
    state = RULES.new_game(5, seed=3)
    assert Counter(c for h in state.hands for c in h) + Counter(state.stack) == Counter(DECK)
    assert RULES.new_game(5, seed=4).hands != state.hands  # shuffled


@traces("king_of_the_hill:players", "king_of_the_hill:turns")
def test_five_players_in_seat_order() -> None:
    """Exactly 5 players, seated in a fixed order; play goes counter-clockwise, i.e. always in the same turn
    order: seat order (seat 1 after seat 0, seat 0 after seat 4)."""
    assert RULES.players == range(5, 6)
    for players in (4, 6):
        with pytest.raises(ValueError, match="5"):
            RULES.new_game(players, seed=1)
    state = position(["3C 4C", "5C 6C", "7C 8C", "9C 10C", "JC QC"], leader=3)
    turns = []
    for hand in ("9C", "JC", "3C", "5C", "7C"):
        turns.append(state.turn)
        play(state, hand)
    assert turns == [3, 4, 0, 1, 2]


@pytest.mark.parametrize("suit", SUITS)
@pytest.mark.parametrize("rank", range(2, 15))
@traces("king_of_the_hill:trump.order")
def test_the_trump_group_under_every_trump_rank_and_suit(rank: int, suit: str) -> None:
    """Each round has a trump rank and a trump suit. The trump group holds, from high to low: red joker, black
    joker, trump-rank card of the trump suit, trump-rank cards of the other three suits (equal to each other),
    then the trump suit's remaining cards A down to 2."""
    r = card_rank(rank)
    order = order_for(r, suit)
    trumps = sorted((c for c in DECK if order.suit_of[c] == TRUMP), key=lambda c: -order.strength[c])
    tiers: list[set[tuple[int, str, int]]] = []
    last = None
    for c in trumps:
        if order.strength[c] != last:
            tiers.append(set())
            last = order.strength[c]
        tiers[-1].add(face_of(c))
    expected = [{(0, JOKER_SUIT, 1)}, {(0, JOKER_SUIT, 0)}, {(r, suit, 0)}, {(r, s, 0) for s in SUITS if s != suit}]
    expected += [{(card_rank(v), suit, 0)} for v in range(14, 1, -1) if v != rank]
    assert tiers == expected
    assert len(trumps) == 36


@pytest.mark.parametrize(("rank", "suit"), [(2, "S"), (7, "H"), (14, "D"), (11, "C")])
@traces("king_of_the_hill:suits")
def test_plain_suits_leave_the_trump_rank_out(rank: int, suit: str) -> None:
    """Every other card belongs to its plain suit, ranked A high down to 2 (the trump rank left out)."""
    order = order_for(card_rank(rank), suit)
    for plain in SUITS:
        if plain == suit:
            continue
        mine = sorted((c for c in DECK if order.suit_of[c] == plain), key=lambda c: -order.strength[c])
        assert [c.rank for c in mine[::2]] == [card_rank(v) for v in range(14, 1, -1) if v != rank]
        assert all(c.suit == plain for c in mine)
        assert all(order.strength[a] == order.strength[b] for a, b in zip(mine[::2], mine[1::2], strict=True))


@traces("king_of_the_hill:trump.order", "king_of_the_hill:win.single")
def test_the_order_in_play() -> None:
    """The trump group holds, from high to low: red joker, black joker, trump-rank card of the trump suit,
    trump-rank cards of the other three suits (equal to each other), then the trump suit's remaining cards A down
    to 2. (Played out: each card beats the one below it, a low trump beats a plain ace.)"""
    ladder = ["RJ", "BJ", "7H", "7C", "AH", "3H", "AS"]  # trump hearts, rank 7
    for high, low in zip(ladder, ladder[1:], strict=False):
        state = position([low + " 4D", "4S 5D", "5S 6D", high + " 8D", "6S 9D"], trump="H", rank=7)
        play(state, low)
        play(state, "4S")
        play(state, "5S")
        play(state, high)
        play(state, "6S")
        assert state.last_winner == 3, (high, low)


@traces("king_of_the_hill:trump.one-suit")
def test_following_treats_the_trump_group_as_one_suit() -> None:
    """For following, the whole trump group is one suit."""
    # Trump spades, rank 2: a joker led asks for any trump, the off-suit 2s and the trump suit included.
    state = position(["BJ 3C", "2D 9D", "4S 8H", "AC KC", "2H 5C"])
    play(state, "BJ")
    assert plays(state) == as_plays("2D")  # 2♦ is a trump: it must follow
    play(state, "2D")
    assert plays(state) == as_plays("4S")
    play(state, "4S")
    assert plays(state) == as_plays("AC", "KC")  # no trump at all: anything
    play(state, "AC")
    assert plays(state) == as_plays("2H")
    # A plain heart led: the 2♥ (a trump) does not follow hearts.
    state = position(["5H 3C", "2H 9D", "4S 8D", "AC KC", "6C 5C"])
    play(state, "5H")
    assert plays(state) == as_plays("2H", "9D")


@traces("king_of_the_hill:identical", "king_of_the_hill:pair")
def test_identical_cards_and_pairs() -> None:
    """Identical cards have the same rank and suit. A pair is two identical cards (a joker pair is two jokers of
    one colour)."""
    state = position(["RJ BJ 2D 2H 5C 5C' 9H", "3C 3C' 4C 4D 5D 6D 7D", "8C 9C 10C JC QC KC AC",
                      "3H 4H 5H 6H 7H 8H 10H", "3D 8D 9D 10D JD QD KD"])
    pairs = {p for p in plays(state) if len(p) == 2}
    assert pairs == as_plays("5C 5C'")  # 2♦ 2♥ are equal in the order, and the jokers differ in colour: no pair
    state = position(["RJ RJ' BJ 3C", "3S 4S 5S 6S", "3D 4D 5D 6D", "3H 4H 5H 6H", "7D 8D 9D 10D"])
    assert {p for p in plays(state) if len(p) == 2} == as_plays("RJ RJ'")
    with refused("identical pair"):
        play(state, "RJ BJ")


@traces("king_of_the_hill:points")
def test_points() -> None:
    """Points: every 5 is worth 5, every 10 and every K is worth 10. 200 points in all."""
    assert card_points(C("5H")) == 5 and card_points(C("10S'")) == 10 and card_points(C("KD")) == 10
    assert card_points(C("QH")) == 0 and card_points(C("AH")) == 0 and card_points(C("RJ")) == 0
    assert sum(card_points(c) for c in DECK) == TOTAL_POINTS == 200


# ----- a game ----------------------------------------------------------------------------------


@traces("king_of_the_hill:ranks")
def test_ranks() -> None:
    """Every player starts at rank 2. Ranks climb 2, 3, …, 10, J, Q, K, A."""
    state = RULES.new_game(5, seed=1)
    assert state.ranks == [2] * 5 and state.view(0)["rank_labels"] == ["2"] * 5
    labels = [rank_label(v) for v in range(2, 15)]
    assert labels == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    assert [card_rank(v) for v in (2, 10, 11, 13, 14)] == [2, 10, 11, 13, 1]
    assert rank_label(15) == "A+1"


def last_trick(koth: int = 0, teammate: int | None = None, **kw: Any) -> KingState:
    """The last trick of a round, the KotH to lead the ace of clubs and win it; no card of it scores."""
    hands = ["3C"] * 5
    hands[koth] = "AC"
    for k, s in enumerate(x for x in range(5) if x != koth):
        hands[s] = ["3C", "4C", "6C", "7C"][k]
    return position(hands, koth=koth, teammate=teammate, **kw)


def finish(state: KingState) -> None:
    """Play the last trick of `last_trick`: every seat plays its one card."""
    for _ in range(5):
        state.apply(state.legal_actions()[0])


@traces("king_of_the_hill:end")
def test_the_game_ends_when_a_rank_passes_ace() -> None:
    """The game ends at the end of the round in which a player's rank goes past A; everyone who passed A in that
    round wins."""
    state = last_trick(koth=1, teammate=4, ranks=[13, 14, 2, 2, 14])
    finish(state)  # challenge 0: both defenders go up 3
    assert state.is_over() and state.phase == "over"
    assert state.ranks == [13, 17, 2, 2, 17]
    result = state.result()
    assert result.winners == [1, 4] and result.scores == [13.0, 17.0, 2.0, 2.0, 17.0]
    assert "Seat 2 and Seat 5 pass A" in GAME.narration.result(result, NAMES)
    state = last_trick(koth=1, ranks=[14, 2, 14, 2, 2], points=[100, 0, 100, 0, 0])
    finish(state)  # challenge 200: every non-defender goes up 3
    assert state.is_over() and state.result().winners == [0, 2]
    state = last_trick(koth=1, ranks=[13, 11, 2, 2, 2])
    finish(state)  # the KotH reaches A without passing it: the game goes on
    assert not state.is_over() and state.ranks[1] == 14 and state.round == 1


@traces("king_of_the_hill:option.rounds", "king_of_the_hill:option.rounds.past-ace")
def test_a_fixed_number_of_rounds() -> None:
    """Table option: a fixed number of rounds instead, highest rank winning (ties shared)."""
    option = {o.name: o for o in RULES.options}["rounds"]
    assert option.default == 0 and 1 in option.choices
    state = last_trick(koth=2, teammate=3, rounds=1)
    finish(state)
    assert state.is_over() and state.result().winners == [2, 3]  # both went up 3: a shared win
    state = last_trick(koth=0, rounds=1, points=[0, 0, 0, 0, 90])
    finish(state)  # 80-119: nobody goes up, everyone shares the win
    assert state.is_over() and state.result().winners == [0, 1, 2, 3, 4]
    state = last_trick(koth=1, teammate=4, ranks=[13, 14, 2, 2, 14], rounds=2)
    finish(state)  # past A, but the rounds are what ends this game
    assert not state.is_over() and state.ranks[1] == 17
    assert state.koth == 4 and state.trump_rank == 1 and state.view(None)["trump_rank_label"] == "A"
    with pytest.raises(ValueError, match="rounds"):
        RULES.new_game(5, {"rounds": 4}, seed=1)


# ----- a round: trump rank, deal, declarations ---------------------------------------------------


@traces("king_of_the_hill:trump.rank")
def test_the_trump_rank() -> None:
    """Trump rank: first round 2; later rounds the rank of the King of the Hill (the KotH, decided by the last
    round)."""
    assert RULES.new_game(5, seed=9).trump_rank == 2
    state = last_trick(koth=0, teammate=1, ranks=[5, 7, 2, 9, 2])
    finish(state)  # challenge 0: the defenders go up 3 and the teammate is the next KotH
    assert state.ranks == [8, 10, 2, 9, 2] and state.koth == 1
    assert state.trump_rank == 10 and state.view(None)["trump_rank_label"] == "10"


@traces("king_of_the_hill:deal", "king_of_the_hill:deal.start")
def test_the_deal_in_the_first_round() -> None:
    """Deal: one card at a time to each player in turn, starting with the round's starting player (in the first
    round a seat drawn from the game's seed"""
    starts = {RULES.new_game(5, seed=s).start for s in range(30)}
    assert len(starts) >= 4
    assert RULES.new_game(5, seed=12).start == RULES.new_game(5, seed=12).start
    events: list[Event] = []
    state = rigged([""] * 5, start=3, events=events)
    deals = [e.seat for e in events if e.kind == "deal"]
    assert deals == [(3 + i) % 5 for i in range(100)]
    assert state.phase == "bury" and sorted(len(h) for h in state.hands) == [20, 20, 20, 20, 28]


@traces("king_of_the_hill:deal", "king_of_the_hill:deal.start")
def test_the_deal_in_later_rounds() -> None:
    """in later rounds the KotH), until everyone has 20. 8 cards remain."""
    events: list[Event] = []
    state = rigged([""] * 5, round_=1, koth=2, ranks=[2, 2, 4, 2, 2], events=events)
    assert [e.seat for e in events if e.kind == "deal"][:6] == [2, 3, 4, 0, 1, 2]
    assert state.phase == "trump"  # nobody could declare: the KotH chooses, and the last 8 wait for them
    assert [len(h) for h in state.hands] == [20] * 5 and len(state.stack) == 8
    assert state.view(0)["deck"] == 8


@traces("king_of_the_hill:declare")
def test_a_single_declares() -> None:
    """Declaring trump during the deal: showing a trump-rank card declares its suit as the trump suit."""
    events: list[Event] = []
    state = rigged(["2H", "", "", "", ""], events=events)
    assert state.phase == "declare" and state.turn == 0
    assert state.legal_actions() == [Declare("H", False), PASS]
    events = state.apply(Declare("H", False))
    shown = [e for e in events if e.kind == "declare"]
    assert shown and shown[0].cards == (C("2H"),) and "hearts" in said(shown[0])
    assert state.view(3)["declarations"] == [(0, "H", False, (C("2H"),))]  # shown to everyone
    assert state.phase == "bury" and state.trump_suit == "H" and state.koth == 0


@traces("king_of_the_hill:declare.overturn")
def test_only_a_pair_overturns() -> None:
    """Once a suit is declared, it can only be overturned by a pair (two identical cards) of the trump rank, of
    any suit, which makes that suit trump"""
    state = rigged(["2H", "2S 2S'", "2D", "", ""])
    state.apply(Declare("H", False))
    assert state.turn == 1  # seat 1's first 2♠ and seat 2's 2♦ could not overturn: nobody was asked
    assert state.legal_actions() == [Declare("S", True), PASS]
    with refused("only a pair of the trump rank can overturn"):
        state.apply(Declare("S", False))
    events = state.apply(Declare("S", True))
    assert any("overturns" in said(e) for e in events)
    assert state.trump_suit == "S" and state.koth == 1 and state.phase == "bury"


@traces("king_of_the_hill:declare.pair")
def test_a_pair_stands_and_may_come_first() -> None:
    """a pair declaration stands for the rest of the deal, and a first declaration may be a pair."""
    state = rigged(["2H 2H'", "2S 2S'", "", "", ""])
    assert pass_until(state, lambda s: s.turn == 0 and len(s.hands[0]) == 2) == [0, 1]
    assert state.legal_actions() == [Declare("H", False), Declare("H", True), PASS]
    state.apply(Declare("H", True))
    assert state.phase == "bury"  # seat 1's pair of 2♠ came next: the pair stood, nobody was asked again
    assert state.trump_suit == "H" and state.koth == 0


@traces("king_of_the_hill:declare.strengthen")
def test_strengthening_a_single() -> None:
    """A player may strengthen their own single into a pair of the same suit."""
    state = rigged(["2H 2H'", "", "", "", ""])
    state.apply(Declare("H", False))
    assert state.turn == 0 and state.legal_actions() == [Declare("H", True), PASS]
    events = state.apply(Declare("H", True))
    assert any("strengthens" in said(e) for e in events)
    assert state.declaration == (0, "H", True) and len(state.declarations) == 2
    # Reading: the declarer may also overturn their own single with a pair of another suit.
    state = rigged(["2H 2S 2S'", "", "", "", ""])
    state.apply(Declare("H", False))
    assert state.legal_actions() == [Declare("S", True), PASS]
    state.apply(Declare("S", True))
    assert state.trump_suit == "S"


@traces("king_of_the_hill:declare.jokers")
def test_jokers_never_declare() -> None:
    """Jokers never declare."""
    state = rigged(["BJ BJ' RJ RJ'", "", "", "", ""])
    assert state.phase == "bury"  # no choice was ever offered
    state = rigged(["RJ 2C", "", "", "", ""])
    assert state.turn == 0 and all(a.suit != JOKER_SUIT for a in state.legal_actions() if isinstance(a, Declare))
    with refused("Jokers never declare"):
        state.apply(Declare(JOKER_SUIT, False))


@traces("king_of_the_hill:declare.choice")
def test_the_deal_is_turn_based() -> None:
    """In the engine the deal is turn-based: each time a player receives a card and holds a declaration that would
    stand, they choose declare or pass"""
    state = rigged(["", "", "2C", "", ""])
    asked = []
    while state.phase == "declare":
        asked.append((state.turn, len(state.hands[2]), state.final is not None))
        assert state.legal_actions() == [Declare("C", False), PASS]
        state.apply(PASS)
    assert asked[:20] == [(2, k, False) for k in range(1, 21)]  # on each of its 20 cards
    assert asked[20:] == [(2, 20, True)]  # and once more after the deal


@traces("king_of_the_hill:declare.last-chance")
def test_one_more_choice_after_the_deal() -> None:
    """after the last card every player, in turn from the round's starting player, gets one more such choice."""
    state = rigged(["", "2H", "", "2S", ""], start=2)
    pass_until(state, lambda s: s.final is not None)
    assert pass_until(state, lambda s: False) == [3, 1]  # from seat 2: seats 3 and 1 hold a declaration
    state = rigged(["", "2H", "", "2S", ""], start=2)
    pass_until(state, lambda s: s.final is not None)
    assert state.turn == 3
    state.apply(Declare("S", False))
    assert state.phase == "bury" and state.koth == 3  # seat 1's single could no longer stand


@traces("king_of_the_hill:no-declaration.first")
def test_no_declaration_in_the_first_round() -> None:
    """If no one declared: - first round: a random suit becomes trump and a random player becomes KotH"""
    drawn = set()
    for seed in range(40):
        events: list[Event] = []
        state = rigged([""] * 5, seed=seed, events=events)
        assert state.phase == "bury" and state.turn == state.koth
        assert state.trump_suit in SUITS and len(state.hands[state.koth]) == 28
        assert any(e.kind == "koth" and "random" in said(e) for e in events)
        drawn.add((state.trump_suit, state.koth))
    assert len({s for s, _ in drawn}) == 4 and len({k for _, k in drawn}) == 5


@traces("king_of_the_hill:no-declaration.later", "king_of_the_hill:option.timers.out")
def test_no_declaration_in_later_rounds() -> None:
    """- later rounds: the KotH chooses the trump suit (with the timer on: a random suit after 5 seconds)."""
    state = rigged([""] * 5, round_=1, koth=3, ranks=[2, 2, 2, 7, 2], timers=True)
    assert state.phase == "trump" and state.turn == 3 and state.trump_rank == 7
    assert state.legal_actions() == [ChooseTrump(s) for s in SUITS]
    view = state.view(3)
    assert timer_seconds(view) == 5
    chosen = {timeout_action(view, state.legal_actions(), random.Random(k)) for k in range(40)}
    assert chosen == {ChooseTrump(s) for s in SUITS}
    with refused("four suits"):
        state.apply(ChooseTrump(JOKER_SUIT))
    state.apply(ChooseTrump("D"))
    assert state.trump_suit == "D" and state.phase == "bury" and len(state.hands[3]) == 28


@traces("king_of_the_hill:king.declarer", "king_of_the_hill:king.kept")
def test_the_declarer_is_koth_in_the_first_round_only() -> None:
    """In the first round, when someone did declare, the player whose declaration stands is the KotH."""
    state = rigged(["", "", "", "", "2D"], start=0)
    assert state.turn == 4
    state.apply(Declare("D", False))
    assert state.koth == 4 and state.start == 0 and state.turn == 4 and state.phase == "bury"
    state = rigged(["", "", "", "", "5D"], round_=1, koth=2, ranks=[2, 2, 5, 2, 2])
    assert state.turn == 4
    state.apply(Declare("D", False))
    assert state.koth == 2 and state.trump_suit == "D" and state.turn == 2  # later rounds keep their KotH


# ----- the dead hand and the call --------------------------------------------------------------


@traces("king_of_the_hill:bury")
def test_the_koth_buries_eight() -> None:
    """The KotH adds the 8 remaining cards to their hand, then buries any 8 cards face down as the dead hand."""
    state = rigged(["2H", "", "", "", ""])
    state.apply(Declare("H", False))
    assert state.phase == "bury" and state.turn == 0 and len(state.hands[0]) == 28 and not state.stack
    legal = state.legal_actions()
    assert isinstance(legal, Burials) and len(legal) == math.comb(28, 8) == 3_108_105
    assert legal == state.legal_actions() and legal[0] in legal and legal[-1] in legal
    assert legal.index(legal[123_456]) == 123_456 and legal[5:7] == [legal[5], legal[6]]
    buried = tuple(state.hands[0][-8:])
    assert Bury(buried) in legal and Bury(buried[::-1]) == Bury(buried)  # one action, in any order
    with refused("exactly 8"):
        state.apply(Bury(buried[:7]))
    with refused("twice"):
        state.apply(Bury(buried[:7] + buried[:1]))
    foreign = state.hands[1][0]
    with refused("not in Seat 1's hand"):
        state.apply(Bury(buried[:7] + (foreign,)))
    events = state.apply(Bury(buried))
    assert any(e.src == "hand0" and e.dst == "dead" and len(e.cards) == 8 for e in events)
    assert sorted(state.dead) == sorted(buried) and len(state.hands[0]) == 20
    assert state.view(0)["dead"] == list(Bury(buried).cards)
    assert state.view(1)["dead"] == [None] * 8 and state.view(None)["dead"] == [None] * 8
    assert state.phase == "call" and state.turn == 0


@pytest.mark.parametrize(("held", "size"), [(8, 8), (10, 8), (9, 3), (12, 5)])
def test_burials_list_every_burial_once(held: int, size: int) -> None:
    """The KotH adds the 8 remaining cards to their hand, then buries any 8 cards face down as the dead hand.
    (Every burial is one legal action: the lazy list holds each set of cards once, in a fixed order.)"""
    hand = list(DECK[3:3 + held])
    burials = Burials(hand[::-1], size)
    every = list(burials)
    assert len(every) == len(burials) == math.comb(held, size) == len(set(every))
    assert [burials[i] for i in range(len(burials))] == every
    assert all(burials.index(b) == i for i, b in enumerate(every))
    assert all(b in burials for b in every) and burials.count(every[0]) == 1
    assert Bury(tuple(DECK[:size])) not in burials and Play((hand[0],)) not in burials
    with pytest.raises(IndexError):
        burials[len(burials)]


@traces("king_of_the_hill:call")
def test_the_call() -> None:
    """The KotH calls one card (any rank and suit, jokers included), or calls none and plays alone."""
    state = call_position("3C 4C 5C", "6C 7C 8C 9C 10C JC QC KC")
    legal = state.legal_actions()
    assert Call(C("RJ")) in legal and Call(C("BJ")) in legal and CALL_NONE in legal
    assert len(legal) == 55  # every face (nothing held twice) and none
    assert Call(C("AH'")) == Call(C("AH")) and Call(C("RJ'")) == Call(C("RJ"))  # a call names a face
    state.apply(CALL_NONE)
    assert state.phase == "play" and state.called is None and state.defenders() == [0]


@traces("king_of_the_hill:teammate")
def test_the_teammate_is_revealed() -> None:
    """The first time a player other than the KotH plays a copy of the called card, that player becomes the KotH's
    teammate (a defender) and the table announces it."""
    state = position(["KH 3C", "4H 4C", "AH 5C", "AH' 6C", "5H 7C"], called="AH")
    play(state, "KH")
    play(state, "4H")
    events = play(state, "AH")
    assert state.teammate == 2 and state.defenders() == [0, 2]
    assert any(e.kind == "teammate" and e.seat == 2 and "teammate" in said(e) for e in events)
    assert state.view(4)["teammate"] == 2
    play(state, "AH'")  # the other copy changes nothing
    assert state.teammate == 2


@traces("king_of_the_hill:call.both-copies")
def test_a_card_held_twice_cannot_be_called() -> None:
    """A card of which the KotH holds both copies (both in hand, both in the dead hand, or one in each) cannot be
    called."""
    state = call_position("AH AH' QD 3C", "KS KS' QD' 4C 5C 6C 7C 8C")
    legal = state.legal_actions()
    for face in ("AH", "KS", "QD"):
        assert Call(C(face)) not in legal
        with refused("both copies"):
            state.apply(Call(C(face)))
    assert Call(C("3C")) in legal and Call(C("4C")) in legal and len(legal) == 55 - 3


@traces("king_of_the_hill:teammate")
def test_the_called_card_reveals_however_it_is_played() -> None:
    """The first time a player other than the KotH plays a copy of the called card, that player becomes the KotH's
    teammate. (Led, played in a pair, or played beside another card to follow a pair.)"""
    led = position(["3C 4C", "5C 6C", "7C 8C", "AH 9C", "10C JC"], called="AH", leader=3)
    play(led, "AH")
    assert led.teammate == 3 and led.defenders() == [0, 3]
    paired = position(["3D 3D' 4C", "9D 9D' 5C", "6D 7D 8C", "10D JD 9C", "QD KD 10C"], called="9D")
    play(paired, "3D 3D'")
    play(paired, "9D 9D'")
    assert paired.teammate == 1
    filled = position(["3C 3C' 4C", "5C AH 6D", "6C 7C 8D", "8C 9C 9D", "10C JC 10D"], called="AH")
    play(filled, "3C 3C'")
    assert Play(tuple(cards("5C AH"))).cards in plays(filled)  # one club: it, and any other card
    play(filled, "5C AH")
    assert filled.teammate == 1


@traces("king_of_the_hill:teammate.kings-copy")
def test_the_koth_playing_the_called_card() -> None:
    """If the KotH holds one copy and plays it, nothing happens; the other copy is in another player's hand, and
    whoever plays it first becomes the teammate."""
    state = position(["QS 3C", "4S 4C", "5S 5C", "QS' 6C", "6S 7C"], called="QS")
    events = play(state, "QS")
    assert state.teammate is None and not any(e.kind == "teammate" for e in events)
    play(state, "4S")
    play(state, "5S")
    play(state, "QS'")
    assert state.teammate == 3
    # The KotH's copy in the dead hand: the other copy still finds the teammate.
    state = position(["KH 3C", "4H 4C", "QS 5C", "6H 6C", "5H 7C"], called="QS", dead="QS' 8C 9C 10C JC 2C 3D 4D")
    play(state, "KH")
    play(state, "4H")
    play(state, "QS")  # seat 2 has no heart
    assert state.teammate == 2


# ----- tricks ----------------------------------------------------------------------------------


@traces("king_of_the_hill:lead", "king_of_the_hill:lead.cards")
def test_who_leads() -> None:
    """Tricks: the KotH leads the first trick, each trick's winner leads the next. - The leader plays a single card
    or a pair."""
    state = rigged(["", "", "2C", "", ""])
    state.apply(Declare("C", False))
    state.apply(state.legal_actions()[0])  # bury
    state.apply(CALL_NONE)
    assert state.phase == "play" and state.turn == state.leader == state.koth == 2
    state = position(["AH AH' 3C", "4H 5H 6H", "7H 8H 9H", "10H JH QH", "3D 4D 5D"], leader=1)
    assert plays(state) == as_plays("4H", "5H", "6H")
    state = changed(state, turn="0", leader="0")
    assert plays(state) == as_plays("AH", "AH'", "3C", "AH AH'")
    play(state, "AH")
    for hand in ("4H", "7H", "10H", "3D"):
        play(state, hand)
    assert state.last_winner == 0 and state.turn == state.leader == 0
    play(state, "3C")
    for hand in ("5H", "8H", "JH", "4D"):
        play(state, hand)
    assert state.last_winner == 0  # nobody followed clubs or trumped


@traces("king_of_the_hill:lead.cards", "king_of_the_hill:follow.count")
def test_the_lead_sets_suit_and_type() -> None:
    """This sets the trick's suit (trump group or a plain suit) and type. - Each follower plays the same number of
    cards."""
    state = position(["AH AH' 3C", "4H 5H 6C", "7H 8H 9H", "10H JH QH", "3D 4D 5D"])
    play(state, "AH AH'")
    assert state.led_suit == "H" and state.led_count == 2
    assert all(len(p) == 2 for p in plays(state))
    with refused("A pair was led: play 2 cards"):
        play(state, "4H")
    state = position(["2D 3C", "4S 5H", "6S 7H", "8S 9H", "10S JH"])
    play(state, "2D")  # the trump rank's 2♦ leads trumps
    assert state.led_suit == TRUMP and state.led_count == 1
    with refused("play 1 card"):
        play(state, "4S 5H")


@traces("king_of_the_hill:follow.single")
def test_following_a_single() -> None:
    """To a single: a card of the led suit if they have one, else any card."""
    state = position(["KH 3C", "3H 4C", "4D 5D", "AH 6C", "7C 8C"])
    play(state, "KH")
    assert plays(state) == as_plays("3H")
    with refused("does not follow hearts"):
        play(state, "4C")
    play(state, "3H")
    assert plays(state) == as_plays("4D", "5D")  # no heart: any card
    play(state, "4D")
    assert state.voids[2]  # and now everyone knows


@traces("king_of_the_hill:follow.pair")
def test_following_a_pair_with_a_pair() -> None:
    """To a pair: a pair of the led suit if they have one"""
    state = position(["3H 3H' 3C", "5H 5H' 9H", "9D 9D' 5C", "6H 6H' 8H", "4D 5D 6D"])
    play(state, "3H 3H'")
    assert plays(state) == as_plays("5H 5H'")
    with refused("must play a pair of hearts"):
        play(state, "5H 9H")
    state = position(["3H 3H' 3C 3C' 3D'", "5H 5H' 9H 9H' 3D", "4D 5D 6D 7D 8D", "4C 5C 6C 7C 8C", "9C 10C JC QC KC"])
    play(state, "3H 3H'")
    assert plays(state) == as_plays("5H 5H'", "9H 9H'")


@traces("king_of_the_hill:follow.pair.without", "king_of_the_hill:win.single")
def test_following_a_pair_without_one() -> None:
    """otherwise as many cards of the led suit as they have (one or two), filled up with any cards. - Winner of a
    single-card trick: the highest trump if any trump was played, else the highest card of the led suit"""
    state = position(["3H 3H' 3C 4S", "5H 9H JH 4C", "5H' QC KD 8S", "QC' KC 7C 9S", "4D 5D 6D 10S"])
    play(state, "3H 3H'")
    assert plays(state) == as_plays("5H 9H", "5H JH", "9H JH")  # hearts but no pair: any two hearts
    with refused("as many hearts as they hold"):
        play(state, "5H 4C")
    play(state, "9H JH")
    assert state.nopair[1] and not state.voids[1]
    assert plays(state) == as_plays("5H' QC", "5H' KD", "5H' 8S")  # one heart: it, and any card
    play(state, "5H' KD")
    assert state.voids[2]
    assert plays(state) == as_plays("QC' KC", "QC' 7C", "QC' 9S", "KC 7C", "KC 9S", "7C 9S")  # none: any two
    # Winner of a single-card trick.
    state = position(["5H 3C", "9H 4C", "3S 5C", "AH 6C", "AD 7C"])
    for hand in ("5H", "9H", "3S", "AH", "AD"):
        play(state, hand)
    assert state.last_winner == 2  # the only trump
    state = position(["5H 3C", "9H 4C", "KH 5C", "AH 6C", "AD 7C"])
    for hand in ("5H", "9H", "KH", "AH", "AD"):
        play(state, hand)
    assert state.last_winner == 3  # no trump: the highest heart, not the higher-looking off-suit ace


@traces("king_of_the_hill:win.equal")
def test_equal_cards_first_played_wins() -> None:
    """between cards equal in the order (identical cards, or two off-suit trump-rank cards) the one played first
    wins."""
    state = position(["2H 3C", "2D 4C", "2C 5C", "AS 6C", "7H 7C"])
    for hand in ("2H", "2D", "2C", "AS", "7H"):
        play(state, hand)
    assert state.last_winner == 0  # three equal 2s beat the trump ace; the first of them wins
    state = position(["AC 3H", "AC' 4H", "KC 5H", "QC 6H", "JC 7H"])
    for hand in ("AC", "AC'", "KC", "QC", "JC"):
        play(state, hand)
    assert state.last_winner == 0
    state = position(["2H 3C", "2D 4C", "2S 5C", "AS 6C", "2H' 7C"])
    for hand in ("2H", "2D", "2S", "AS", "2H'"):
        play(state, hand)
    assert state.last_winner == 2  # the trump suit's 2 is above the others


@traces("king_of_the_hill:win.pair")
def test_pair_trick_only_pairs_win() -> None:
    """Of a pair trick: only a pair of the led suit or a trump pair can win"""
    state = position(["3C 3C' 8H", "AC KC 8H'", "5D 5D' 9H", "AS KS 10H", "6H 7H JH"])
    for hand in ("3C 3C'", "AC KC", "5D 5D'", "AS KS", "6H 7H"):
        play(state, hand)
    assert state.last_winner == 0  # two higher clubs, a plain pair of diamonds, two unpaired trumps: none wins


@traces("king_of_the_hill:win.pair.order")
def test_a_trump_pair_beats_a_plain_pair() -> None:
    """a trump pair beats a plain pair"""
    state = position(["3C 3C' 8H", "4D 5D 8H'", "AC AC' 9H", "6D 7D 10H", "3S 3S' JH"])
    for hand in ("3C 3C'", "4D 5D", "AC AC'", "6D 7D", "3S 3S'"):
        play(state, hand)
    assert state.last_winner == 4


@traces("king_of_the_hill:win.pair.order")
def test_the_higher_pair_wins() -> None:
    """the higher pair wins"""
    state = position(["3C 3C' 8H", "4C 4C' 8H'", "KC KC' 9H", "QC QC' 10H", "4D 5D JH"])
    for hand in ("3C 3C'", "4C 4C'", "KC KC'", "QC QC'", "4D 5D"):
        play(state, hand)
    assert state.last_winner == 2


@traces("king_of_the_hill:win.pair.order", "king_of_the_hill:trick.points")
def test_equal_pairs_and_points() -> None:
    """between equal pairs the first played wins. - The trick's points go to its winner."""
    state = position(["2D 2D' 8H", "2H 2H' 8H'", "KC KC' 9H", "5C 5C' 10H", "10D 10D' JH"])
    for hand in ("2D 2D'", "2H 2H'", "KC KC'", "5C 5C'", "10D 10D'"):
        play(state, hand)
    assert state.last_winner == 0  # two pairs of off-suit 2s: equal, the first played wins
    assert state.points == [50, 0, 0, 0, 0] and len(state.won[0]) == 10
    assert state.turn == 0


# ----- scoring and outcome ---------------------------------------------------------------------


@traces("king_of_the_hill:defenders")
def test_the_teammate_scores_for_the_defenders() -> None:
    """Scoring after the last trick: the defenders are the KotH and the teammate, if revealed (points the teammate
    won before being revealed count for the defenders)."""
    state = position(["3C 4D", "5C 6D", "7C 8D", "KC AH", "10C 9D"], called="AH")
    for hand in ("3C", "5C", "7C", "KC", "10C"):
        play(state, hand)
    assert state.points == [0, 0, 0, 25, 0] and state.teammate is None  # won before being revealed
    for hand in ("AH", "9D", "4D", "6D", "8D"):
        play(state, hand)
    record = state.records[-1]
    assert record.teammate == 3 and record.points == (0, 0, 0, 25, 0)
    assert record.challenge == 0 and record.risers == (0, 3) and record.by == 3 and record.next_koth == 3


@traces("king_of_the_hill:challenge")
def test_the_challenge_score() -> None:
    """The challenge score is the sum of points won by all non-defenders"""
    assert challenge_score([20, 15, 0, 35, 10], [0, 2], last_winner=0, dead_points=30) == 60
    state = last_trick(koth=0, teammate=2, points=[20, 15, 0, 35, 10])
    finish(state)
    assert state.records[-1].challenge == 60


@traces("king_of_the_hill:challenge.dead-hand")
def test_the_dead_hand_counts_twice_for_a_last_trick_lost() -> None:
    """if the last trick was won by a non-defender, twice the points in the dead hand are added."""
    dead = "5C 10D KH 2C 3C 4C 6C 7C"  # 25 points
    assert challenge_score([0, 30, 0, 0, 0], [0], last_winner=1, dead_points=25) == 80
    won = position(["AD", "3D", "4D", "6D", "7D"], points=[0, 30, 0, 0, 0], dead=dead)
    finish(won)
    lost = position(["3D", "AD", "4D", "6D", "7D"], points=[0, 30, 0, 0, 0], dead=dead)
    finish(lost)
    assert won.records[-1].challenge == 30 and won.records[-1].dead_points == 25
    assert lost.records[-1].challenge == 80 and lost.records[-1].last_winner == 1
    assert set(lost.records[-1].dead) == set(cards(dead))


OUTCOME_TABLE = [(0, "defenders", 3), (1, "defenders", 2), (40, "defenders", 2), (41, "defenders", 1),
                 (79, "defenders", 1), (80, None, 0), (119, None, 0), (120, "challengers", 1),
                 (159, "challengers", 1), (160, "challengers", 2), (199, "challengers", 2),
                 (200, "challengers", 3), (260, "challengers", 3)]


@pytest.mark.parametrize(("challenge", "side", "by"), OUTCOME_TABLE)
@pytest.mark.parametrize("teammate", [None, 3])
@traces("king_of_the_hill:outcome.defenders", "king_of_the_hill:outcome.nobody",
        "king_of_the_hill:outcome.challengers", "king_of_the_hill:next-king.defenders",
        "king_of_the_hill:next-king.challengers")
def test_every_row_of_the_outcome_table(challenge: int, side: str | None, by: int, teammate: int | None) -> None:
    """Outcome (thresholds from seed 001, steps 19–20): | challenge score | who goes up | by | next KotH | | --- |
    --- | --- | --- | | 0 | every defender | 3 | the teammate if there is one, else the KotH again | | 1–40 | every
    defender | 2 | same | | 41–79 | every defender | 1 | same | | 80–119 | nobody | 0 | the next player after the
    KotH, in turn order, who is not a defender | | 120–159 | every non-defender | 1 | same | | 160–199 | every
    non-defender | 2 | same | | 200 or more | every non-defender | 3 | same |"""
    assert outcome(challenge) == (side, by)
    koth = 2
    defenders = [koth] if teammate is None else [koth, teammate]
    points = [0] * 5
    points[next(s for s in range(5) if s not in defenders)] = challenge
    state = last_trick(koth=koth, teammate=teammate, points=points, ranks=[3, 4, 5, 6, 7])
    finish(state)
    record = state.records[-1]
    assert record.challenge == challenge
    risers = defenders if side == "defenders" else [s for s in range(5) if s not in defenders] if side else []
    assert list(record.risers) == sorted(risers) and record.by == by
    assert list(record.ranks_after) == [r + (by if s in risers else 0) for s, r in enumerate([3, 4, 5, 6, 7])]
    if challenge < 80:
        expected = koth if teammate is None else teammate
    else:
        expected = 4 if teammate == 3 else 3  # the next seat after the KotH that is not a defender
    assert record.next_koth == expected == state.koth == state.start
    assert next_koth(4, 0, 100) == 1 and next_koth(4, None, 100) == 0 and next_koth(4, 0, 79) == 0


# ----- determinize -----------------------------------------------------------------------------


def test_determinize_keeps_the_view_and_the_dead_hand_to_the_koth() -> None:
    """The KotH buries any 8 cards face down as the dead hand: only the KotH knows it, so a determinization for
    another seat deals it again, and one for the KotH keeps it."""
    state = rigged(["2H", "", "", "", ""])
    state.apply(Declare("H", False))
    state.apply(Bury(tuple(state.hands[0][-8:])))
    for seat in range(5):
        for k in range(5):
            world = state.determinize(seat, random.Random(k))
            assert world.view(seat) == state.view(seat) and world.hands[seat] == state.hands[seat]
            assert seat != 0 or world.dead == state.dead
    assert any(state.determinize(1, random.Random(k)).dead != state.dead for k in range(10))


def test_determinize_keeps_declared_cards_with_their_declarer() -> None:
    """Declaring trump during the deal: showing a trump-rank card declares its suit as the trump suit. (So the
    shown card stays with its declarer in every world another seat imagines.)"""
    state = rigged(["", "2H", "", "2S 2S'", ""])
    state.apply(Declare("H", False))
    assert state.turn == 3
    for k in range(20):
        world = state.determinize(3, random.Random(k))
        assert C("2H") in world.hands[1]
        assert world.view(3) == state.view(3) and world.legal_actions() == state.legal_actions()
    state.apply(PASS)
    pass_until(state, lambda s: False)
    assert state.koth == 1 and state.phase == "bury"
    burial = tuple([C("2H")] + [c for c in state.hands[1] if c != C("2H")][:7])
    state.apply(Bury(burial))
    places = set()
    for k in range(30):
        world = state.determinize(0, random.Random(k))
        assert C("2H") in world.hands[1] or C("2H") in world.dead
        places.add(C("2H") in world.dead)
    assert places == {True, False}


def test_determinize_respects_voids_and_missing_pairs() -> None:
    """To a single: a card of the led suit if they have one, else any card. (A seat that did not follow holds
    none of the led suit in any world.) To a pair: a pair of the led suit if they have one"""
    state = position(["AH 3C 4C 5C", "3D 4D 5D 6D", "KH 5H 6H 7H", "QH 8H 9H 10H", "JH 2H 6C 7C"],
                     dead="8C 9C 10C JC QC KC AC 3H")
    play(state, "AH")
    play(state, "3D")  # seat 1 shows out of hearts
    for k in range(30):
        world = state.determinize(0, random.Random(k))
        assert not any(world.order.suit_of[c] == "H" for c in world.hands[1])
    state = position(["3H 3H' 3C", "5H 9H 4D", "JH QH 4C", "KH 10H 5C", "7H 8H 6C"],
                     dead="6H 6H' 7H' 8H' 9H' JH' QH' KH'")
    play(state, "3H 3H'")
    play(state, "5H 9H")  # two hearts but no pair of hearts
    for k in range(30):
        world = state.determinize(0, random.Random(k))
        faces = [face_of(c) for c in world.hands[1] if world.order.suit_of[c] == "H"]
        assert len(faces) == len(set(faces))


def test_determinize_respects_the_called_card() -> None:
    """A card of which the KotH holds both copies (both in hand, both in the dead hand, or one in each) cannot be
    called. (So no world gives the KotH both.)"""
    state = position(["3C 4C 5C", "6C 7C 8C", "9C 10C JC", "AH QC KC", "3D 4D 5D"], called="AH",
                     dead="AH' 6D 7D 8D 9D 10D JD QD")
    counts = Counter()
    for k in range(60):
        world = state.determinize(2, random.Random(k))
        held = sum(1 for c in world.hands[0] + world.dead if face_of(c) == face_of(C("AH")))
        assert held <= 1
        counts[held] += 1
    assert counts[1] > 0


# ----- timers, actions, reasons ----------------------------------------------------------------


@traces("king_of_the_hill:option.timers", "king_of_the_hill:option.timers.out")
def test_timers() -> None:
    """With timers on, the seed's limits apply: 10 s to play (then the legal play of the lowest cards in the card
    order is made for you), 60 s to bury (then random cards), 15 s to call (then no call), 5 s to choose the trump
    suit (then random). Bots never wait on a timer."""
    option = {o.name: o for o in RULES.options}["timers"]
    assert option.default is False
    state = position(["3C 5D 2S BJ", "4C 6C 7C 8C", "4D 6D 7D 8D", "4H 5H 6H 7H", "9H 10H JH QH"], trump="H")
    assert timer_seconds(state.view(0)) is None and state.view(0)["timer"] is None
    state = changed(state, options="rounds=0 timers=True")
    assert timer_seconds(state.view(0)) == 10 == state.view(0)["timer"]
    assert default_action(state, random.Random(1)) == Play((C("3C"),))  # the lowest card: a plain 3
    play(state, "BJ")
    assert default_action(state, random.Random(1)) == Play((C("4C"),))  # no trump: the lowest card
    pair = position(["3H 3H' 4S", "KC AC 4H", "AD KD 5H", "6H 7H 8H", "9H 10H JH"], trump="S", timers=True)
    play(pair, "3H 3H'")
    assert default_action(pair, random.Random(1)) == Play(tuple(cards("4H KC")))
    calling = call_position("3C 4C 5C", "6C 7C 8C 9C 10C JC QC KC")
    calling = changed(calling, options="rounds=0 timers=True")
    assert timer_seconds(calling.view(0)) == 15 and default_action(calling, random.Random(1)) == CALL_NONE
    burying = rigged(["2H", "", "", "", ""], timers=True)
    assert timer_seconds(burying.view(0)) is None  # declaring has no timer in the rules
    assert default_action(burying, random.Random(1)) == PASS
    burying.apply(Declare("H", False))
    assert timer_seconds(burying.view(0)) == 60
    burials = {default_action(burying, random.Random(k)) for k in range(5)}
    assert len(burials) == 5 and all(b in burying.legal_actions() for b in burials)
    limit = burying.time_limit()  # the state's own time limit, with its default move
    assert limit is not None and limit.seconds == 60 and limit.default(random.Random(1)) in burying.legal_actions()
    assert state.time_limit() is not None and state.time_limit().seconds == 10  # type: ignore[union-attr]
    assert rigged(["2H", "", "", "", ""], timers=True).time_limit() is None


def test_actions_round_trip_through_json() -> None:
    """The KotH adds the 8 remaining cards to their hand, then buries any 8 cards face down as the dead hand.
    (Each move, a burial of 8 or a pair played, is one action that a save keeps.)"""
    samples = [Declare("H", True), PASS, ChooseTrump("C"), Bury(tuple(cards("3C 4C 5C 6C 7C 8C 9C RJ'"))),
               Call(C("BJ")), CALL_NONE, Play((C("QH'"),)), Play(tuple(cards("5D 5D'")))]
    for action in samples:
        assert RULES.action_from_json(action.to_json()) == action
    said = GAME.narration.action
    names = Names.seats(5)
    assert said(Play(tuple(cards("5D 5D'"))), names) == "Play a pair of 5♦"
    assert said(Call(C("RJ")), names) == "Call red joker"
    assert said(Bury(tuple(cards("3C 4C 5C 6C 7C 8C 9C 10C"))), names) == "Bury 8 cards"  # never names hidden cards
    with pytest.raises(ValueError, match="two decks"):
        RULES.action_from_json({"type": "Play", "cards": [{"card": "QH#2"}]})
    with pytest.raises(ValueError):
        RULES.action_from_json({"type": "Declare", "suit": "H", "pair": 1})


def test_illegal_actions_say_why_and_change_nothing() -> None:
    """To a single: a card of the led suit if they have one, else any card. (A move that breaks a rule is refused
    with the rule, and the table stays as it was.)"""
    state = position(["KH 3C", "3H 4C", "4D 5D", "AH 6C", "7C 8C"])
    before = state.view(None)
    for action, words in [(Play((C("AS"),)), "not in Seat 1's hand"), (Play(tuple(cards("KH 3C"))), "identical"),
                          (PASS, "turn to play"), (Play(()), "one card")]:
        with refused(words):
            state.apply(action)
    assert state.view(None) == before
    over = last_trick(rounds=1)
    finish(over)
    with refused("over"):
        over.apply(PASS)
    assert over.legal_actions() == []


@traces("king_of_the_hill:table.hand")
def test_the_hand_is_sorted_by_trump_order_then_suit() -> None:
    """Trump rank: first round 2. (The table shows the hand sorted by trump order then suit.)"""
    others = ["3D 4D 5D 6D 7D 8D 9D 10D", "3D' 4D' 5D' 6D' 7D' 8D' 9D' 10D'", "3C' 4C 5C 6C 7C 8C 9C 10C",
              "3H' 4H' 5H' 6H' 7H' 8H' 9H' 10H'"]
    state = position(["3C AH 2D RJ 5S 2S KD 4H", *others], trump="S")
    assert state.view(0)["hands"][0] == cards("RJ 2S 2D 5S AH 4H 3C KD")
    assert state.view(1)["hands"][0] == [None] * 8


def test_every_call_face_once() -> None:
    """The KotH calls one card (any rank and suit, jokers included), or calls none and plays alone."""
    assert len(FACES) == 54 and len({face_of(c) for c in FACES}) == 54


def test_pass_and_declare_labels() -> None:
    """In the engine the deal is turn-based: each time a player receives a card and holds a declaration that would
    stand, they choose declare or pass"""
    said = GAME.narration.action
    names = Names.seats(5)
    assert said(Declare("H", False), names) == "Declare hearts"
    assert said(Declare("S", True), names) == "Declare spades with a pair"
    assert said(Pass(), names) == "Pass"


def test_every_rule_is_traced() -> None:
    """Every rule sentence (and each clause between semicolons) of rules/king-of-the-hill.md is quoted by a test."""
    untraced = untraced_rules(__name__, "king-of-the-hill.md", at_least=45,
                              also=("tests.ui.test_king_of_the_hill_table",))
    if untraced is None:
        pytest.skip("the rules folder is not beside the repository")
    assert untraced == [], f"rules with no test quoting them: {untraced}"
