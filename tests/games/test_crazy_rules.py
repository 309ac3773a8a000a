"""Crazy rules, one test (or a few) per rule of shared/rules/crazy.md, plus the decisions its docstring records.

Every test's docstring quotes the rule text it traces, and `test_every_rule_is_traced` checks that every rule
sentence of the rules file is quoted by some test here (markdown emphasis and code marks left out).

Positions are read from the game's position text (`position`, `from_text`): hands given in a short card
notation, seat 0 first; the rest of the deck goes to the draw pile (or the discard pile) so that the 112 cards
stay conserved.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardtable.core.cards import Card
from cardtable.core.engine import Action, Event, IllegalAction
from cardtable.core.notation import cards_text, options_text, seats_text
from cardtable.core.words import Names
from cardtable.games.crazy import rules as crazy
from cardtable.games.crazy.narration import COLOUR_NAMES, NARRATION, card_name
from cardtable.games.crazy.notation import NOTATION
from cardtable.games.crazy.rules import (
    COLOURS,
    CRAZY,
    DECK,
    DRAW,
    DRAW_FOUR,
    DRAW_TWO,
    MAX_TURNS,
    REVERSE,
    RULES,
    SKIP,
    WILD,
    CrazyState,
    Draw,
    Play,
    card_points,
    shuffled_pack,
)
from tests.rule_trace import traces, untraced_rules

# ----- helpers ---------------------------------------------------------------------------------

_LABELS = {"S": SKIP, "R": REVERSE, "D": DRAW_TWO}


def C(text: str) -> Card:  # noqa: N802 - reads like a card literal
    """Short card notation: 'R5' red 5, 'GS' green Skip, 'BR' blue Reverse, 'YD' yellow Draw Two, 'W' Crazy,
    'W4' Crazy Draw Four; '#1' picks the second copy."""
    face, _, copy = text.partition("#")
    k = int(copy) if copy else 0
    if face == "W":
        return Card(CRAZY, WILD, k)
    if face == "W4":
        return Card(DRAW_FOUR, WILD, k)
    colour, label = face[0], face[1:]
    assert colour in COLOURS, text
    rank = _LABELS[label] if label in _LABELS else int(label)
    return Card(rank, colour, k)


def cards(text: str) -> list[Card]:
    return [C(t) for t in text.split()]


def new(players: int = 4, seed: int = 1, **options: Any) -> CrazyState:
    return RULES.new_game(players, options, seed=seed)


def position(
    hands: list[str],
    top: str = "R5",
    colour: str | None = None,
    draw: str = "",
    discard: str = "",
    rest: str = "draw",
    turn: int = 0,
    direction: int = 1,
    seed: int = 1,
    turns: int = 0,
    **options: Any,
) -> CrazyState:
    """A game with the given hands (seat 0 first) and discard top (colour: the current colour, for a wild top),
    read from its position text.

    `draw` lists the next cards of the draw pile, the first drawn first; `discard` the cards beneath the top,
    bottom first.  Every other card goes to the bottom of the draw pile (rest="draw") or beneath the discard
    pile (rest="discard").  `turns`: the turns already taken."""
    held = [cards(h) for h in hands]
    top_card = C(top)
    upcoming = cards(draw)
    under = cards(discard)
    used = [c for h in held for c in h] + [top_card] + upcoming + under
    assert len(set(used)) == len(used), "a card is used twice"
    others = [c for c in DECK if c not in set(used)]
    if rest == "draw":
        draw_pile, discard_pile = others + upcoming[::-1], under + [top_card]
    else:
        draw_pile, discard_pile = upcoming[::-1], others + under + [top_card]
    return from_text(
        f"crazy {len(hands)}",
        f"options: {options_text(RULES.validate_options(options))}",
        f"seed: {seed}",
        f"turn: {turn}",
        f"direction: {'clockwise' if direction == 1 else 'anticlockwise'}",
        f"hands: {seats_text(held)}",
        f"draw: {cards_text(draw_pile)}",
        f"discard: {cards_text(discard_pile)}",
        f"colour: {colour if colour is not None else top_card.suit}",
        f"colour_from: {'chosen' if top_card.suit == WILD else 'card'}",
        f"turns: {turns}",
    )


def from_text(*lines: str) -> CrazyState:
    """A position from its text's lines; the keys left out are those of a game under way: no chance event
    yet, no drawn card to play, no winner."""
    given = {line.partition(":")[0] for line in lines}
    usual = {"chance": "0", "drawn": "-", "winners": "-", "safety_end": "no", "turns": "0"}
    text = "\n".join([*lines, *(f"{key}: {value}" for key, value in usual.items() if key not in given)])
    state = NOTATION.from_text(text)
    assert Counter(state.every_card()) == Counter(DECK)
    return state


def snapshot(state: CrazyState) -> tuple:
    """Everything observable about a state, copied."""
    return (
        repr(state.view(None)),
        tuple(repr(state.view(s)) for s in range(state.n)),
        [list(h) for h in state.hands], list(state.draw), list(state.discard),
        state.colour, state.label, state.colour_from, state.direction, state.drawn, state.turn, state.turns,
        state.chance, state.seed, list(state.winners), state.safety_end, state.result(),
    )


NAMES = Names.seats(10)


def said(event: Event) -> str:
    """What the narration says of `event`, the seats called "Seat N" ("" for nothing)."""
    words = NARRATION.event(event, NAMES)
    return words.text if words is not None else ""


def status(state: CrazyState, seat: int | None) -> str:
    """The status line the narration words for `seat`'s view."""
    return NARRATION.status(state.view(seat), NAMES)


def summary(state: CrazyState) -> str:
    """The result the narration says, the seats called "Seat N"."""
    return NARRATION.result(state.result(), NAMES)


def assert_illegal(state: CrazyState, action: Any, *words: str) -> str:
    """`action` raises IllegalAction whose reason the narration words readably (containing `words`), and changes
    nothing; `refusal` gives the same reason without playing."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    reason = NARRATION.refusal(info.value, NAMES)
    assert info.value.reason in NARRATION.refusals, info.value.reason
    assert isinstance(reason, str) and len(reason.split()) >= 4, reason
    for word in words:
        assert word.lower() in reason.lower(), (word, reason)
    assert snapshot(state) == before, f"{action!r} changed the state"
    assert action not in state.legal_actions()
    again = state.refusal(action)
    assert again is not None and (again.reason, again.fields) == (info.value.reason, info.value.fields)
    return reason


def act(state: CrazyState, action: Action) -> list[Event]:
    assert action in state.legal_actions(), f"{action} not offered to seat {state.turn}: {state.legal_actions()}"
    return state.apply(action)


def play(state: CrazyState, text: str, colour: str | None = None) -> list[Event]:
    return act(state, Play(C(text), colour))


def texts(events: list[Event]) -> str:
    return " ".join(t for e in events if (t := said(e)))


def legal_cards(state: CrazyState) -> set[Card]:
    return {a.card for a in state.legal_actions() if isinstance(a, Play)}


# ----- cards -----------------------------------------------------------------------------------


@traces("crazy:cards.colours", "crazy:cards.wild")
def test_the_deck_has_112_cards_in_four_colours_and_eight_wild_cards() -> None:
    """Four colours: red, yellow, green, blue.
    Per colour: two of each number 0–9, two Draw Two, two Skip, two Reverse (26 per colour, 104 in all).
    Eight wild cards with no colour: four Crazy and four Crazy Draw Four."""
    assert len(DECK) == 112 and len(set(DECK)) == 112
    assert crazy.COLOURS == ("R", "Y", "G", "B")
    assert [COLOUR_NAMES[c] for c in COLOURS] == ["red", "yellow", "green", "blue"]
    faces = Counter(c.face for c in DECK)
    for colour in COLOURS:
        in_colour = [c for c in DECK if c.suit == colour]
        assert len(in_colour) == 26
        for rank in range(10):
            assert faces[(rank, colour)] == 2
        for rank in (DRAW_TWO, SKIP, REVERSE):
            assert faces[(rank, colour)] == 2
    assert sum(1 for c in DECK if c.suit in COLOURS) == 104
    assert faces[(CRAZY, WILD)] == 4 and faces[(DRAW_FOUR, WILD)] == 4
    assert sum(1 for c in DECK if c.suit == WILD) == 8
    # Copies tell repeated faces apart, and every card's code round-trips.
    assert {c.copy for c in DECK if c.suit == WILD} == {0, 1, 2, 3}
    for card in DECK:
        assert Card.from_code(card.code) == card
    assert C("R5#1").code == "5:R#1" and C("W4#3").code == "14:W#3"


@traces("crazy:points.values")
def test_card_names_and_points() -> None:
    """The names the texts use; points as in "numbers at face value, Draw Two / Skip / Reverse 20, wild cards 50"."""
    assert card_name(C("R5")) == "red 5"
    assert card_name(C("GS")) == "green Skip"
    assert card_name(C("BR")) == "blue Reverse"
    assert card_name(C("YD")) == "yellow Draw Two"
    assert card_name(C("W")) == "Crazy"
    assert card_name(C("W4")) == "Crazy Draw Four"
    assert [card_points(C(t)) for t in ("R0", "R7", "B9", "GS", "YR", "RD", "W", "W4")] == [0, 7, 9, 20, 20, 20, 50, 50]
    assert sum(card_points(c) for c in DECK) == 4 * 2 * 45 + 4 * 6 * 20 + 8 * 50


def test_actions_round_trip_through_json() -> None:
    """Every action of every card, with and without a colour, rebuilds from its JSON."""
    actions: list[Action] = [DRAW, Draw()]
    for card in DECK:
        actions.append(Play(card))
        actions += [Play(card, c) for c in COLOURS]
    for action in actions:
        rebuilt = RULES.action_from_json(action.to_json())
        assert rebuilt == action and type(rebuilt) is type(action)
    assert Play(C("R5")).to_json() == {"type": "Play", "card": {"card": "5:R"}, "colour": None}
    assert Play(C("W#2"), "B").to_json() == {"type": "Play", "card": {"card": "13:W#2"}, "colour": "B"}
    for bad in ({"type": "Play", "card": {"card": "5:R"}, "colour": 3},
                {"type": "Play", "card": {"card": "5:R#0"}, "colour": None},
                {"type": "Play", "card": {"card": "5:R"}},
                {"type": "Pass"},
                {"type": "Draw", "count": 2}):
        with pytest.raises(ValueError):
            RULES.action_from_json(bad)
    assert Play(C("R5")).describe() == "Play(card=5:R, colour=None)", "for developers; people read the narration's"


# ----- players and setup -----------------------------------------------------------------------


@traces("crazy:players")
def test_two_to_ten_players() -> None:
    """2 to 10 players (default 4)."""
    assert RULES.players == range(2, 11)
    assert RULES.new_game(seed=1).n == 4
    for n in range(2, 11):
        state = new(n)
        assert len(state.hands) == n and state.turn == 0
    for n in (0, 1, 11):
        with pytest.raises(ValueError, match="2-10 players"):
            new(n)


@traces("crazy:option.draw-four", "crazy:option.points")
def test_options_are_declared_and_checked() -> None:
    """Table option "choose colour on Draw Four" and table option "score by points", off by default."""
    names = {o.name: o for o in RULES.options}
    assert set(names) == {"choose_draw_four_colour", "score_by_points"}
    assert names["choose_draw_four_colour"].label == "Choose colour on Draw Four"
    assert names["score_by_points"].label == "Score by points"
    for opt in names.values():
        assert opt.choices == (False, True) and opt.default is False and len(opt.labels) == 2
    assert new().options == {"choose_draw_four_colour": False, "score_by_points": False}
    with pytest.raises(ValueError, match="unknown option"):
        new(4, 1, jokers=True)
    with pytest.raises(ValueError, match="cannot be"):
        new(4, 1, score_by_points=1)


@traces("crazy:turn.order")
def test_seat_0_plays_first_and_play_goes_up_the_seats() -> None:
    """Seat 0 plays first; play goes in increasing seat order until a Reverse."""
    assert all(new(n, seed).turn == 0 for n in range(2, 11) for seed in range(5))
    state = position(["R1 R7", "R2 B2", "R3 B3", "R4 B4", "R6 B6"], top="R5")
    order = []
    for text in ("R1", "R2", "R3", "R4", "R6", "R7"):
        order.append(state.turn)
        play(state, text)
    assert order == [0, 1, 2, 3, 4, 0]
    assert state.direction == 1 and state.view(None)["direction"] == 1


@traces("crazy:deal")
def test_the_deal_gives_seven_cards_one_at_a_time() -> None:
    """Deal 7 cards to each player, one at a time.
    The rest is the draw pile."""
    for n in (2, 4, 7, 10):
        state = new(n, seed=40 + n)
        pack = shuffled_pack(40 + n)
        for s in range(n):
            assert state.hands[s] == pack[s: 7 * n: n]  # one at a time, seat 0 first
        turned = len(state.discard)
        rest = pack[7 * n:]
        assert state.discard == rest[:turned]
        assert state.draw == rest[turned:][::-1]  # the draw pile's top is the list's end
        assert len(state.draw) == 112 - 7 * n - turned
        assert Counter(state.every_card()) == Counter(DECK)
    state = CrazyState(3, RULES.validate_options({}), 5)
    events = state.deal()
    deals = [e for e in events if e.kind == "deal"]
    assert [(e.src, e.dst, e.value, e.cards) for e in deals] == [("draw", f"hand{s}", 7, ()) for s in range(3)]


@traces("crazy:deal.first-card")
def test_the_opening_discard_is_turned_until_a_number_card() -> None:
    """Turn the top card of the draw pile onto the discard pile.
    While it is not a number card, turn the next one onto it.
    The current colour and label are those of the top (number) card."""
    runs = 0
    for seed in range(300):
        state = CrazyState(4, RULES.validate_options({}), seed)
        events = state.deal()
        *under, top = state.discard
        assert top.rank < 10 and top.suit in COLOURS
        assert all(c.rank >= 10 for c in under)
        assert state.colour == top.suit and state.label == top.rank and state.colour_from == "card"
        moves = [e for e in events if e.kind == "turn_up"]
        assert [e.cards[0] for e in moves] == state.discard
        assert all(e.src == "draw" and e.dst == "discard" for e in moves)
        if under:
            runs += 1
            assert "not a number card" in said(moves[0])
        assert said(moves[-1]) == f"{card_name(top)[0].upper()}{card_name(top)[1:]} is turned up."
    assert runs > 50  # about 29% of deals turn a special card first


# ----- a turn ----------------------------------------------------------------------------------


@traces("crazy:match")
def test_playable_cards_match_colour_or_label_or_are_wild() -> None:
    """A card is playable when it matches the current colour or the current label, or is a wild card."""
    state = position(["R1 B5 G9 Y2 W W4 RS", "B1"], top="R5")
    assert legal_cards(state) == set(cards("R1 B5 W W4 RS"))
    assert_illegal(state, Play(C("G9")), "green 9", "matches neither", "red", "5")
    # A label match across colours: a Skip on a Skip.
    state = position(["GS B2", "B1"], top="RS")
    assert legal_cards(state) == {C("GS")}
    # After a Crazy only the chosen colour (or a wild card) matches: no card has a wild card's label.
    state = position(["R5 B5 W", "B1"], top="W#1", colour="B")
    assert legal_cards(state) == set(cards("B5 W"))
    assert state.view(0)["legal"]["cards"] == cards("B5 W")


@traces("crazy:must-play")
def test_a_player_who_can_play_must_play() -> None:
    """A player who can play must play (any playable card: the choice is theirs)."""
    state = position(["R1 R2 B5 G9", "B1"], top="R5")
    assert Draw() not in state.legal_actions()
    assert_illegal(state, DRAW, "must play", "only a player who cannot play draws")
    assert set(state.legal_actions()) == {Play(C("R1")), Play(C("R2")), Play(C("B5"))}
    for choice in ("R1", "R2", "B5"):  # any of them
        twin = state.clone()
        twin.apply(Play(C(choice)))
        assert twin.discard[-1] == C(choice) and twin.turn == 1
    assert state.view(0)["legal"] == {"cards": cards("R1 R2 B5"), "draw": False, "choose_colour": []}


@traces("crazy:draw", "crazy:draw.keep", "crazy:safety.turns")
def test_a_player_who_cannot_play_draws_one_card_and_keeps_an_unplayable_one() -> None:
    """A player who cannot play draws one card.
    otherwise they keep it and the turn passes."""
    state = position(["G1 B2", "B1", "B3"], top="R5", draw="Y7 R9")
    assert state.legal_actions() == [DRAW]
    assert state.view(0)["legal"] == {"cards": [], "draw": True, "choose_colour": []}
    assert status(state, 0) == "You cannot play on red or 5: draw a card."
    events = act(state, DRAW)
    assert state.hands[0] == cards("G1 B2 Y7")
    assert state.turn == 1 and state.turns == 1 and state.drawn is None
    assert [(e.kind, e.src, e.dst, e.seat, e.value, e.cards) for e in events] == [
        ("draw", "draw", "hand0", 0, 1, ()), ("keep", None, None, 0, None, ())]
    assert said(events[0]) == "" and said(events[1]) == "Seat 1 draws a card and keeps it."
    assert_illegal(state, Play(C("Y7")), "not in their hand")  # it is Seat 2's turn now


@traces("crazy:draw.playable", "crazy:safety.turns")
def test_a_playable_drawn_card_must_be_played_at_once() -> None:
    """If it is playable they must play it at once"""
    state = position(["G1 B2", "B1", "B3"], top="R5", draw="R9 Y7")
    events = act(state, DRAW)
    assert [e.kind for e in events] == ["draw", "must_play"]
    assert said(events[1]) == "Seat 1 draws a card that can be played, and must play it."
    assert state.turn == 0 and state.drawn == C("R9") and state.turns == 0
    assert state.legal_actions() == [Play(C("R9"))]
    view = state.view(0)
    assert view["drawn"] == C("R9") and view["must_play_drawn"] and view["legal"]["cards"] == [C("R9")]
    assert status(state, 0) == "You drew red 9: it can be played, so play it now."
    other = state.view(1)
    assert other["drawn"] is None and other["must_play_drawn"] and other["legal"] is None
    assert status(state, 1) == "Seat 1 must play the card they drew."
    assert_illegal(state, DRAW, "has drawn already", "must play red 9")
    assert_illegal(state, Play(C("G1")), "must play it now")
    play(state, "R9")
    assert state.turn == 1 and state.turns == 1 and state.drawn is None and state.discard[-1] == C("R9")


@traces("crazy:draw.playable")
def test_a_drawn_wild_card_is_played_with_its_colour_choice() -> None:
    """The drawn card must be played at once: a drawn Crazy still lets the player choose its colour."""
    state = position(["G1 B2", "B1", "B3"], top="R5", draw="W Y7")
    act(state, DRAW)
    assert state.legal_actions() == [Play(C("W"), c) for c in COLOURS]
    assert state.view(0)["legal"]["choose_colour"] == [C("W")]
    assert_illegal(state, Play(C("W")), "choose the new colour")
    play(state, "W", "G")
    assert state.colour == "G" and state.turn == 1
    state = position(["G1 B2", "B1", "B3"], top="R5", draw="W4 Y7")
    act(state, DRAW)
    assert state.legal_actions() == [Play(C("W4"))]


@traces("crazy:reverse", "crazy:turn.order")
def test_reverse_flips_the_direction() -> None:
    """Reverse: direction flips."""
    state = position(["RR B1 B8", "R2 B2", "R3 B3 G3", "R4 B4 RR#1", "R6 R8 B6"], top="R5")
    events = play(state, "RR")
    assert state.direction == -1 and state.turn == 4
    assert [e.kind for e in events] == ["move", "reverse"] and events[1].value == -1
    assert said(events[1]) == "Play goes anticlockwise."
    assert state.view(2)["direction"] == -1
    play(state, "R6")
    assert state.turn == 3
    events = play(state, "RR#1")  # a second Reverse flips it back
    assert state.direction == 1 and state.turn == 4 and said(events[1]) == "Play goes clockwise."
    play(state, "R8")
    assert state.turn == 0


@traces("crazy:reverse.two")
def test_reverse_with_two_players_is_a_skip() -> None:
    """With two players it acts as a Skip."""
    state = position(["RR R1 B8", "R2 B2"], top="R5")
    events = play(state, "RR")
    assert state.turn == 0 and state.turns == 1  # the other player lost their turn
    assert state.direction == -1  # the arrow still flips; with two players the order is the same
    assert [e.kind for e in events] == ["move", "reverse", "skip"]
    assert events[-1].seat == 1 and said(events[-1]) == "Seat 2 is skipped."
    play(state, "R1")
    assert state.turn == 1


@traces("crazy:skip", "crazy:safety.turns")
def test_skip_makes_the_next_player_lose_their_turn() -> None:
    """Skip: the next player loses their turn."""
    state = position(["RS B1", "R2 B2", "R3 B3", "R4 B4"], top="R5")
    events = play(state, "RS")
    assert state.turn == 2 and state.turns == 1
    assert [e.kind for e in events] == ["move", "skip"] and events[1].seat == 1
    assert texts(events) == "Seat 1 plays red Skip. Seat 2 is skipped."
    # Anticlockwise, the skipped player is the one before.
    state = position(["RS B1", "R2 B2", "R3 B3", "R4 B4"], top="R5", direction=-1)
    play(state, "RS")
    assert state.turn == 2
    # With two players a Skip gives the same player another turn.
    state = position(["RS B1", "R2 B2"], top="R5")
    play(state, "RS")
    assert state.turn == 0


@traces("crazy:draw-two", "crazy:safety.turns")
def test_draw_two_makes_the_next_player_draw_two_and_lose_their_turn() -> None:
    """Draw Two: the next player draws two cards, cannot play either, and loses their turn."""
    state = position(["RD B1", "R2 B2", "R3 B3", "R4 B4"], top="R5", draw="R7 R8 G1")
    events = play(state, "RD")
    assert state.hands[1] == cards("R2 B2 R7 R8")  # both playable on red, yet not played
    assert state.turn == 2 and state.turns == 1
    assert [(e.kind, e.dst, e.value, e.cards) for e in events] == [
        ("move", "discard", None, (C("RD"),)), ("draw", "hand1", 2, ()),
        ("penalty", None, {"count": 2, "got": 2, "loses": True}, ())]
    assert events[-1].seat == 1 and said(events[-1]) == "Seat 2 draws 2 cards and loses their turn."
    assert state.colour == "R" and state.label == DRAW_TWO
    # Anticlockwise the victim is the seat before.
    state = position(["RD B1", "R2 B2", "R3 B3", "R4 B4"], top="R5", direction=-1)
    play(state, "RD")
    assert len(state.hands[3]) == 4 and state.turn == 2


@traces("crazy:crazy", "crazy:match")
def test_crazy_lets_its_player_choose_the_colour() -> None:
    """Crazy: the player who played it chooses the new colour."""
    state = position(["W B1", "R2 G2 Y7", "R3 B3"], top="R5")
    assert [a for a in state.legal_actions() if a.card == C("W")] == [Play(C("W"), c) for c in COLOURS]
    assert state.view(0)["legal"]["choose_colour"] == [C("W")]
    assert_illegal(state, Play(C("W")), "choose the new colour", "red, yellow, green or blue")
    assert_illegal(state, Play(C("W"), "P"), "choose the new colour")
    events = play(state, "W", "G")
    assert state.colour == "G" and state.label == CRAZY and state.colour_from == "chosen"
    assert [e.kind for e in events] == ["move", "colour"] and events[1].value == "G"
    assert said(events[1]) == "Seat 1 chose green."
    view = state.view(1)
    assert view["colour"] == "G" and view["top"] == C("W")
    assert view["legal"]["cards"] == [C("G2")]
    assert status(state, 1) == "Your turn: play a card matching green, or a wild card."
    assert state.turn == 1
    assert_illegal(state, Play(C("R2")), "matches neither", "green")


@traces("crazy:draw-four")
def test_crazy_draw_four_gets_a_random_colour_and_the_next_player_draws_four() -> None:
    """Crazy Draw Four: the new colour is chosen at random (the seed's rule); the next player draws four, cannot
    play them, and loses their turn."""
    state = position(["W4 B1", "R2 B2", "R3 B3", "R4 B4"], top="R5", draw="R6 R7 R8 R9 G1")
    assert [a for a in state.legal_actions() if a.card == C("W4")] == [Play(C("W4"))]
    assert_illegal(state, Play(C("W4"), "B"), "chosen at random")
    events = play(state, "W4")
    assert state.hands[1] == cards("R2 B2 R6 R7 R8 R9")
    assert state.turn == 2 and state.turns == 1
    assert state.colour in COLOURS and state.colour_from == "random" and state.label == DRAW_FOUR
    assert [e.kind for e in events] == ["move", "random_colour", "draw", "penalty"]
    assert said(events[1]).endswith("(chosen at random).") and events[1].value == state.colour
    assert events[2].value == 4 and said(events[3]) == "Seat 2 draws 4 cards and loses their turn."
    # The colour comes from the game's seed: reproducible, and every colour happens.
    seen = set()
    for seed in range(40):
        colours = []
        for _ in range(2):
            s = position(["W4 B1", "R2 B2"], top="R5", seed=seed)
            s.apply(Play(C("W4")))
            colours.append(s.colour)
        assert colours[0] == colours[1]
        seen.add(colours[0])
    assert seen == set(COLOURS)


@traces("crazy:draw-four", "crazy:option.draw-four")
def test_the_table_option_lets_the_player_choose_the_draw_four_colour() -> None:
    """Table option "choose colour on Draw Four" lets the player choose instead."""
    state = position(["W4 B1", "R2 B2", "R3 B3"], top="R5", choose_draw_four_colour=True)
    assert [a for a in state.legal_actions() if a.card == C("W4")] == [Play(C("W4"), c) for c in COLOURS]
    assert_illegal(state, Play(C("W4")), "choose the new colour")
    events = play(state, "W4", "Y")
    assert state.colour == "Y" and state.colour_from == "chosen" and said(events[1]) == "Seat 1 chose yellow."
    assert len(state.hands[1]) == 6 and state.turn == 2


def test_a_coloured_card_takes_no_colour_choice() -> None:
    """A coloured card keeps its colour: choosing one for it is refused."""
    state = position(["R1 B1", "R2 B2"], top="R5")
    assert_illegal(state, Play(C("R1"), "B"), "keeps its own colour")


# ----- the draw pile ---------------------------------------------------------------------------


@traces("crazy:reshuffle")
def test_an_empty_draw_pile_is_remade_from_the_discard_pile() -> None:
    """When the draw pile is empty, the discard pile except its top card is shuffled into a new draw pile."""
    state = position(["G1 B2", "B1 Y1", "B3"], top="R5", draw="", discard="R0 R1 R2", rest="discard")
    under = state.discard[:-1]
    assert state.draw == [] and state.view(None)["draw_pile"] == 0  # not remade before it is needed
    events = act(state, DRAW)
    assert state.discard == [C("R5")]  # the top card stays
    assert len(state.hands[0]) == 3 and len(state.draw) == len(under) - 1
    assert Counter(state.draw + [state.hands[0][-1]]) == Counter(under)  # nothing lost, nothing duplicated
    assert Counter(state.every_card()) == Counter(DECK)
    assert [e.kind for e in events][:2] == ["shuffle", "draw"]
    assert said(events[0]) == "The draw pile is empty: the discard pile is shuffled into a new draw pile."
    shuffle = events[0]
    assert (shuffle.src, shuffle.dst, shuffle.value) == ("discard", "draw", len(under))
    assert shuffle.cards == tuple(under)  # the order they lay in: the new order stays hidden
    assert state.draw != under[:-1] or len(under) < 3  # shuffled
    assert state.chance == 1


@traces("crazy:reshuffle")
def test_a_penalty_remakes_the_draw_pile_in_the_middle() -> None:
    """When the draw pile is empty, the discard pile except its top card is shuffled into a new draw pile:
    also in the middle of a Draw Four."""
    state = position(["W4 B1", "R2 B2", "R3"], top="R5", draw="G1 G2", discard="Y0 Y1 Y2", rest="discard")
    events = play(state, "W4")
    kinds = [(e.kind, e.value) for e in events]
    assert kinds[0][0] == "move" and kinds[1][0] == "random_colour"
    shuffles = [e for e in events if e.kind == "shuffle"]
    assert len(shuffles) == 1 and shuffles[0].cards[-1] == C("R5")
    draws = [e for e in events if e.kind == "draw"]
    assert [e.value for e in draws] == [2, 2] and [said(e) for e in draws] == ["", ""]
    assert [e.kind for e in events][-2:] == ["draw", "penalty"]
    assert said(events[-1]) == "Seat 2 draws 4 cards and loses their turn."
    assert len(state.hands[1]) == 6 and state.discard == [C("W4")]
    assert Counter(state.every_card()) == Counter(DECK)


@traces("crazy:exhausted")
def test_with_both_piles_exhausted_a_draw_gets_nothing() -> None:
    """If both are exhausted, a player who must draw simply draws nothing and the turn passes."""
    pool = [c for c in DECK if c != C("R5")]
    # Every card is in a hand: seat 0 holds no red and no 5 and no wild card.
    seat0 = [c for c in pool if c.suit in "GB" and c.rank != 5][:20]
    rest = [c for c in pool if c not in seat0 and c != C("RD")]
    hands = [seat0, [C("RD")] + rest[:49], rest[49:]]
    state = from_text("crazy 3", "options: -", "seed: 1", "turn: 0", "direction: clockwise",
                      f"hands: {seats_text(hands)}", "draw: -", "discard: 5:R", "colour: R", "colour_from: card")
    assert Counter(state.every_card()) == Counter(DECK)
    assert state.legal_actions() == [DRAW]
    events = act(state, DRAW)
    assert len(state.hands[0]) == 20 and state.turn == 1 and state.turns == 1
    assert [e.kind for e in events] == ["cannot_draw"] and "no cards are left" in said(events[0])
    # A penalty with too few cards left: the victim draws what there is (here the red 5 under the Draw Two,
    # reshuffled) and still loses the turn.
    before = len(state.hands[2])
    events = play(state, "RD")
    assert state.hands[2][-1] == C("R5") and len(state.hands[2]) == before + 1 and state.turn == 0
    assert [e.kind for e in events] == ["move", "shuffle", "draw", "penalty"]
    assert events[-2].value == 1 and said(events[-1]) == (
        "Seat 3 must draw 2 cards, but only 1 is left to draw. Seat 3 loses their turn.")
    assert state.draw == [] and state.discard == [C("RD")]
    assert Counter(state.every_card()) == Counter(DECK)


# ----- the end ---------------------------------------------------------------------------------


@traces("crazy:win", "crazy:win.penalty")
def test_playing_the_last_card_wins_at_once() -> None:
    """A player who plays their last card wins at once, except that a final Draw Two or Crazy Draw Four still
    makes the next player draw first."""
    state = position(["R1", "R2 B2", "R3 B3"], top="R5")
    events = play(state, "R1")
    assert state.turn is None and state.is_over() and state.legal_actions() == []
    assert state.winners == [0] and state.result().winners == [0]
    assert [e.kind for e in events] == ["move", "win", "over"]
    assert events[1].seat == 0 and said(events[1]) == "Seat 1 wins!"
    assert_illegal(state, Play(C("R2")), "game is over")
    assert_illegal(state, DRAW, "game is over")
    # A final Skip or Reverse changes nothing more.
    state = position(["RR", "R2 B2", "R3 B3"], top="R5")
    play(state, "RR")
    assert state.is_over() and state.direction == 1
    # A final Draw Two: the next player draws first.
    state = position(["RD", "R2 B2", "R3 B3"], top="R5", draw="G1 G2 G3")
    events = play(state, "RD")
    assert state.is_over() and state.hands[1] == cards("R2 B2 G1 G2")
    assert [e.kind for e in events] == ["move", "draw", "penalty", "win", "over"]
    assert said(events[2]) == "Seat 2 draws 2 cards."
    assert said(events[-1]) == summary(state)
    # A final Crazy Draw Four too (anticlockwise here).
    state = position(["W4", "R2 B2", "R3 B3"], top="R5", draw="G1 G2 G3 G4", direction=-1)
    play(state, "W4")
    assert state.is_over() and state.hands[2] == cards("R3 B3 G1 G2 G3 G4") and len(state.hands[1]) == 2


@traces("crazy:option.points", "crazy:points.values", "crazy:points.counted")
def test_scores_by_points_and_plain_wins() -> None:
    """Scores for the results screen (table option "score by points", off by default): the winner scores the cards
    left in the other hands — numbers at face value, Draw Two / Skip / Reverse 20, wild cards 50."""
    hands = ["R1", "R2 B9 GS", "W W4 YD R0"]
    state = position(hands, top="R5", score_by_points=True)
    assert state.result().scores == [0, 0, 0] and state.result().winners == []
    play(state, "R1")
    result = state.result()
    assert result.winners == [0]
    assert result.scores == [2 + 9 + 20 + 50 + 50 + 20 + 0, 0, 0]
    assert "151 points to Seat 1" in summary(state)
    assert state.view(1)["scores"] == result.scores and state.view(1)["hand_points"] == [0, 31, 120]
    # Off by default: a plain win.
    state = position(hands, top="R5")
    play(state, "R1")
    assert state.result().scores == [1, 0, 0] and "points" not in summary(state)
    # The cards a final Draw Two makes the next player draw count.
    state = position(["RD", "R2", "B3"], top="R5", draw="G7 G8", score_by_points=True)
    play(state, "RD")
    assert state.result().scores == [2 + 7 + 8 + 3, 0, 0]


@traces("crazy:safety", "crazy:safety.turns", "crazy:points.counted")
def test_the_safety_rule_ends_endless_games() -> None:
    """Safety rule for endless games: after 2,000 turns with no winner the game ends and the fewest cards wins
    (shared on a tie)."""
    assert MAX_TURNS == 2000
    state = position(["R1 R2", "R3 B3 G3", "R4 B4"], top="R5", turns=MAX_TURNS - 2)
    play(state, "R1")
    assert state.turn == 1 and not state.is_over()
    assert state.view(1)["turns"] == MAX_TURNS - 1 and state.view(1)["turn_limit"] == MAX_TURNS
    events = play(state, "R3")
    assert state.is_over() and state.turns == MAX_TURNS and state.safety_end
    counts = [len(h) for h in state.hands]
    assert counts == [1, 2, 2]
    assert state.result().winners == [0]
    assert "No winner after 2,000 turns" in summary(state)
    assert [e.kind for e in events][-2:] == ["win", "over"]
    # Shared on a tie: each winner scores the cards of the seats that did not win.
    state = position(["R1 R2", "R3 G3", "G4 Y4"], top="R5", score_by_points=True, turns=MAX_TURNS - 2)
    play(state, "R1")
    play(state, "R3")
    assert state.is_over() and state.result().winners == [0, 1]
    assert "Seat 1 and Seat 2 share the win with the fewest cards (1)" in summary(state)
    assert state.result().scores == [8, 8, 0]
    # A draw kept is a turn too.
    state = position(["B1 B2", "G3", "G4"], top="R5", draw="Y9", turns=MAX_TURNS - 1)
    act(state, DRAW)
    assert state.is_over() and state.result().winners == [1, 2]
    # A win on the last turn is a win, not a safety end.
    state = position(["R1", "B3 G3", "G4 Y4"], top="R5", turns=MAX_TURNS - 1)
    play(state, "R1")
    assert state.is_over() and not state.safety_end and state.winners == [0]


# ----- contract details --------------------------------------------------------------------------


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    """Cards not held (by anyone, or by another seat), foreign actions and garbage are refused unchanged."""
    state = position(["R1 B1", "R2 B2", "R3 B3"], top="R5")
    assert_illegal(state, Play(C("R2")), "Seat 1's turn", "red 2 is not in their hand")
    assert_illegal(state, Play(C("G7")), "not in their hand")
    assert_illegal(state, Play(("R", 1)), "not in their hand")  # type: ignore[arg-type]
    assert_illegal(state, Play(Card(99, "R")), "not in their hand")
    assert_illegal(state, "draw", "not a Crazy action")
    from cardtable.games.klondike.rules import Draw as KlondikeDraw

    assert_illegal(state, KlondikeDraw(), "not a Crazy action")


def test_views_show_only_what_a_seat_may_see() -> None:
    """view(seat): own hand sorted, the others as counts; the discard pile and the colour are public."""
    state = position(["R1 W B1 RS", "R2 B2", "R3 B3 G3"], top="R5", draw="G7")
    view = state.view(0)
    assert view["hands"][0] == cards("R1 RS B1 W")  # red, yellow, green, blue, wild; then by label
    assert view["hands"][1] == [None, None] and view["hands"][2] == [None] * 3
    assert view["counts"] == [4, 2, 3]
    assert view["discard"] == state.discard and view["top"] == C("R5")
    assert view["colour"] == "R" and view["label"] == 5
    assert view["draw_pile"] == len(state.draw) and view["turn"] == 0 and view["seat"] == 0
    assert view["legal"] == {"cards": cards("R1 RS W"), "draw": False, "choose_colour": [C("W")]}
    assert view["winners"] == [] and view["scores"] == [0, 0, 0] and view["hand_points"] is None
    assert status(state, 0) == "Your turn: play a card matching red or 5, or a wild card."
    public = state.view(None)
    assert all(all(c is None for c in h) for h in public["hands"]) and public["legal"] is None
    assert status(state, None) == "Seat 1 to play on red or 5."
    assert set(view) == {
        "players", "seat", "turn", "direction", "hands", "counts", "discard", "top", "colour",
        "colour_from", "label", "draw_pile", "must_play_drawn", "drawn", "legal", "turns",
        "turn_limit", "score_by_points", "hand_points", "scores", "winners", "safety_end", "outcome", "options",
    }


def test_clone_is_independent_and_determinize_keeps_the_view() -> None:
    """clone() shares nothing mutable; determinize(seat) keeps view(seat) and deals only the hidden cards anew."""
    state = new(4, seed=9)
    twin = state.clone()
    twin.apply(twin.legal_actions()[0])
    assert snapshot(state) != snapshot(twin)
    assert len(state.every_card()) == 112
    rng = random.Random(3)
    for seat in (None, 0, 1, 2, 3):
        d = state.determinize(seat, rng)
        assert d.view(seat) == state.view(seat)
        hidden = Counter(state.draw + [c for s in range(4) if s != seat for c in state.hands[s]])
        assert Counter(d.draw + [c for s in range(4) if s != seat for c in d.hands[s]]) == hidden
        assert d.seed != state.seed and d.discard == state.discard


def test_determinize_keeps_a_drawn_card_playable() -> None:
    """While a seat must play the card it drew, everybody knows that card is playable and the rest of that hand
    is not: a determinization for another seat keeps both facts."""
    state = position(["G1 B2 Y3", "B1", "B3"], top="R5", draw="R9")
    act(state, DRAW)
    rng = random.Random(1)
    for _ in range(50):
        d = state.determinize(1, rng)
        assert d.view(1) == state.view(1)
        assert d.drawn in d.hands[0] and crazy.playable(d.drawn, "R", 5)
        assert not any(crazy.playable(c, "R", 5) for c in d.hands[0] if c != d.drawn)
        assert len(d.hands[0]) == 4 and Counter(d.every_card()) == Counter(DECK)
        assert d.legal_actions() and all(a.card == d.drawn for a in d.legal_actions())
    assert state.determinize(0, rng).legal_actions() == state.legal_actions()


def test_status_names_the_seat_to_play() -> None:
    """The status line says who plays and what matches; the table puts names in for "Seat N"."""
    state = position(["G1 B2", "B1", "B3"], top="YS", direction=-1)
    assert status(state, 1) == "Seat 1 to play on yellow or Skip."
    assert status(state, 0) == "You cannot play on yellow or Skip: draw a card."


# ----- traceability ----------------------------------------------------------------------------------------


def test_every_rule_is_traced() -> None:
    """Every rule sentence (and each clause between semicolons) of rules/crazy.md is quoted by a test."""
    untraced = untraced_rules(__name__, "crazy.md", at_least=25, also=("tests.ui.test_crazy_table",))
    if untraced is None:
        pytest.skip("the rules folder is not beside the repository")
    assert untraced == [], f"rules with no test quoting them: {untraced}"
