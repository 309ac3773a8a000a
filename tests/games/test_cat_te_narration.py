"""Cat Te's timeline and words: the recorded events are data of the declared kinds, each said by the narration (or
deliberately left unsaid), to someone else and to the person themselves; every refusal has its sentence; the fast
transition gives the same game as the recording one; one predicate decides legality; the beats' snapshots show no
more than each seat may see."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from cardtable.core.cards import standard_deck
from cardtable.core.engine import Action, Event, IllegalAction, Result
from cardtable.core.layout import TableContext
from cardtable.core.words import N_, Names, Seated
from cardtable.games.cat_te import GAME
from cardtable.games.cat_te.narration import Reason
from cardtable.games.cat_te.rules import (
    CLAIM,
    DEAL_AGAIN,
    FACE_DOWN_TRICK,
    REGIONS,
    RULES,
    STOP,
    CatTeState,
    ChooseRegion,
    Fold,
    Play,
)
from cardtable.games.plugin import Hint

NARRATION = GAME.narration
#: Kinds the table says nothing of: the cards' flights say it.
SILENT = {"deal", "shuffle"}
OPTIONS = ({}, {"region": "laos", "side_pot": True}, {"region": "vietnamese", "must_beat": False, "side_pot": True},
           {"chips": 50, "ante": 20, "region": "laos"}, {"rounds": 1, "instant_wins": True})
#: A wrong verb after "you": the third person kept for the person ("You plays", "you is").
WRONG_YOU = re.compile(r"\b[Yy]ou (is|has|[a-z]+s)\b")


def games(seeds: range = range(12)) -> Iterator[tuple[CatTeState, Action]]:
    """The positions of seeded random sessions (every table option set above, 2 to 6 players), each with the
    action taken there; the caller applies it."""
    for seed in seeds:
        rng = random.Random(seed)
        options = OPTIONS[seed % len(OPTIONS)]
        state = RULES.new_game(2 + seed % 5, options, seed=seed)
        for _ in range(300):
            if state.is_over():
                break
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if action == STOP and len(legal) > 1 and rng.random() < 0.8:
                action = DEAL_AGAIN  # longer sessions: more rounds, more seats out of chips
            yield state, action


def you_names(players: int, you: int) -> Names:
    return Names.of(["You" if s == you else f"Player {s + 1}" for s in range(players)])


def test_every_event_is_of_a_declared_kind_and_said_or_deliberately_silent() -> None:
    kinds = set(RULES.event_kinds)
    seen: set[str] = set()
    for state, action in games():
        for event in state.apply(action):
            assert event.kind in kinds
            seen.add(event.kind)
            for names in (Names.seats(state.n), *(you_names(state.n, s) for s in range(state.n))):
                said = NARRATION.event(event, names)
                if event.kind in SILENT or (event.kind == "move" and not (event.dst or "").startswith(
                        ("played", "side"))):
                    assert said is None, event
                    continue
                assert said is not None and said.text and "{" not in said.text, event
                assert not WRONG_YOU.search(said.text) and not WRONG_YOU.search(said.note), said
                if names.is_you(event.seat):
                    assert said.text.startswith("You ") or event.kind in ("region", "flip"), said
    assert seen == kinds - {"instant"} or seen == kinds, kinds - seen


def test_the_sentences_of_a_played_card_a_fold_and_a_trick() -> None:
    you = Names.of(["You", "Ada", "Bo"])
    card = standard_deck()[0]
    play = Event("move", (card,), "hand0", "played0", 0, value="up")
    assert NARRATION.event(play, you).text == f"You play {card.label}."
    assert NARRATION.event(play, you).note == f"play {card.label}."
    assert NARRATION.event(play, Names.seats(3)).text == f"Seat 1 plays {card.label}."
    fold = Event("move", (card,), "hand1", "played1", 1, value="down")
    assert NARRATION.event(fold, you).text == "Ada folds." and card.label not in NARRATION.event(fold, you).text
    hidden = Event("move", (card,), "hand0", "played0", 0, value="hidden")
    assert NARRATION.event(hidden, you).text == "You play a card face down."
    trick = Event("trick", (card,), seat=0, value=3, hold=1.0)
    assert NARRATION.event(trick, you).text == f"You win trick 3 with {card.label}."
    out = Event("out", seat=0, value="eliminated")
    assert NARRATION.event(out, you).text == "You won none of the first four tricks and are eliminated."
    win = Event("win", seat=0, value={"how": "sweep", "pot": 20, "double": 15, "players": 4})
    assert NARRATION.event(win, you).text == ("You won all four tricks and win the round and the pot of 20. Sweep with "
                                              "4 players: the others pay 15 more.")
    over = Event("over", value={"winners": (1, 0), "chips": 150})
    assert NARRATION.event(over, you).text == "Ada and you share the win with 150 chips."
    assert NARRATION.event(Event("over", value={"winners": (0, 1), "chips": 150}), you).text == \
        "You and Ada share the win with 150 chips."


def test_the_result_is_said_to_the_winner_and_of_them() -> None:
    over = RULES.new_game(3, {}, seed=3)
    while not over.is_over():
        legal = over.legal_actions()
        over.apply(STOP if STOP in legal else legal[0], record=False)
    result = over.result()
    assert not result.summary and result.winners
    (winner,) = result.winners
    top = max(over.chips)
    assert NARRATION.result(result, you_names(3, winner)) == f"You win with {top} chips."
    assert NARRATION.result(result, Names.seats(3)) == f"Seat {winner + 1} wins with {top} chips."
    other = (winner + 1) % 3
    assert NARRATION.result(result, you_names(3, other)) == f"Player {winner + 1} wins with {top} chips."
    shared = Result([10.0, 10.0, -20.0], [0, 1], values={"rounds": 2, "chips": (110, 110, 80), "net": (10, 10, -20),
                                                          "over": True})
    assert NARRATION.result(shared, Names.of(["Ada", "You", "Bo"])) == "Ada and you share the win with 110 chips."
    assert NARRATION.result(shared, Names.of(["You", "Ada", "Bo"])) == "You and Ada share the win with 110 chips."


def test_the_standings_of_a_session_in_progress() -> None:
    state = RULES.new_game(3, {}, seed=4)
    assert NARRATION.result(state.result(), Names.seats(3)) == \
        "After 0 rounds: Seat 1 95 (-5), Seat 2 95 (-5), Seat 3 95 (-5)."  # the antes are in the pot
    while not state.records:
        state.apply(state.legal_actions()[0], record=False)
    result = state.result()
    assert not result.winners and not result.summary
    text = NARRATION.result(result, Names.of(["You", "Ada", "Bo"]))
    assert text.startswith("After 1 round: ") and "Seat" not in text
    leader = max(range(3), key=lambda s: state.chips[s])
    name = ("You", "Ada", "Bo")[leader]
    assert text.startswith(f"After 1 round: {name} {state.chips[leader]} ({state.net()[leader]:+d})")


def test_a_hint_says_its_reasons_with_the_names() -> None:
    threat = Reason(N_("{player} has won the first three tricks: win this one or they sweep"), player=Seated(2))
    kept = Reason(N_("you keep {cards} for the last tricks"), cards=tuple(standard_deck()[:2]))
    made = Hint(Play(standard_deck()[12]), why=N_("{reasons}."), fields={"reasons": (threat, kept)})
    assert NARRATION.hint(made, Names.of(["You", "Ada", "Bo"])) == \
        "Play K\u2660: Bo has won the first three tricks: win this one or they sweep; you keep A\u2660 and 2\u2660 " \
        "for the last tricks."
    suit = Hint(Play(standard_deck()[0]), why=N_("{reasons}."),
                fields={"reasons": (Reason(N_("the sixth trick wins the round, and no higher {suit} is out"),
                                           suit="S"),)})
    assert NARRATION.hint(suit, Names.seats(3)) == \
        "Play A\u2660: the sixth trick wins the round, and no higher spade \u2660 is out."
    for k, (state, action) in enumerate(games(range(6))):
        if k % 4 == 0 and state.turn is not None:
            advice = GAME.hint(state)  # type: ignore[misc]
            assert advice is not None and not advice.text
            for names in (Names.seats(state.n), you_names(state.n, state.turn)):
                text = NARRATION.hint(advice, names)
                assert text.endswith(".") and "{" not in text and not WRONG_YOU.search(text), text
        state.apply(action, record=False)


def test_the_status_speaks_to_the_person_and_names_the_others() -> None:
    others = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")
    checked = set()
    for k, (state, action) in enumerate(games(range(10))):
        if k % 3 == 0:
            for you in range(state.n):
                names = tuple("You" if s == you else others[s] for s in range(state.n))
                for viewer in (you, None):
                    ctx = TableContext(1280, 800, (0, 40, 1280, 720), names, viewer)
                    status = GAME.layout.status(state.view(viewer), ctx)
                    assert status and "Seat " not in status and "{" not in status, status
                    assert not WRONG_YOU.search(status) and "You to " not in status, status
                    turn = state.turn
                    if turn is not None and turn != you:
                        assert others[turn] in status, status
                        checked.add("other")
                    elif turn == you and viewer == you:
                        assert not any(other in status.split(" \u00b7 ")[-1] for other in others), status
                        checked.add("you")
        state.apply(action, record=False)
    assert checked == {"other", "you"}


@dataclass(frozen=True)
class Elsewhere(Action):
    """An action of no Cat Te table."""


def candidates(state: CatTeState) -> list[Action]:
    """Every action of the game that could be tried now (legal or not)."""
    return [*(Play(c) for c in standard_deck()), *(Fold(c) for c in standard_deck()),
            *(ChooseRegion(r) for r in REGIONS), CLAIM, DEAL_AGAIN, STOP]


def test_one_predicate_decides_legality_and_every_refusal_is_said() -> None:
    codes: set[str] = set()
    for k, (state, action) in enumerate(games(range(8))):
        if k % 5 == 0:
            legal = state.legal_actions()
            assert len(set(legal)) == len(legal)
            for tried in candidates(state):
                refusal = state.refusal(tried)
                assert (tried in legal) == (refusal is None), (tried, refusal)
                if refusal is not None:
                    codes.add(refusal.reason)
                    said(refusal, state)
                    before = state.view(None)
                    with pytest.raises(IllegalAction) as raised:
                        state.clone().apply(tried, record=False)
                    assert raised.value.reason == refusal.reason and state.view(None) == before
        state.apply(action, record=False)
    over = RULES.new_game(2, {}, seed=3)
    while not over.is_over():
        legal = over.legal_actions()
        over.apply(STOP if STOP in legal else legal[0], record=False)
    extra = [over.refusal(DEAL_AGAIN), RULES.new_game(3, {}, seed=1).refusal(ChooseRegion("mars")),
             RULES.new_game(3, {}, seed=1).refusal(Play((1, "S"))),  # type: ignore[arg-type]
             RULES.new_game(3, {}, seed=1).refusal(Elsewhere())]
    for refusal in extra:
        assert refusal is not None
        codes.add(refusal.reason)
        said(refusal, over)
    assert codes == set(NARRATION.refusals), set(NARRATION.refusals) ^ codes


def said(refusal: IllegalAction, state: CatTeState) -> None:
    """The refusal's sentence, to someone else and to the person: formatted, in the right person."""
    assert refusal.reason in NARRATION.refusals
    for names in (Names.seats(state.n), *(you_names(state.n, s) for s in range(state.n))):
        text = NARRATION.refusal(refusal, names)
        assert text and "{" not in text and not WRONG_YOU.search(text), text


def test_a_refusal_speaks_to_the_person() -> None:
    you = Names.of(["You", "Ada", "Bo", "Cy"])
    state = RULES.new_game(4, {}, seed=2)
    while state.turn != 0 or not state.trick or state.legal_plays() == state.hands[0]:
        state.apply(state.legal_actions()[0], record=False)
    wrong = next(c for c in state.hands[0] if Play(c) not in state.legal_actions())
    text = NARRATION.refusal(state.refusal(Play(wrong)), you)
    assert text.startswith(("You hold no", "Must beat:", wrong.label)) and "You holds" not in text
    if text.startswith("Must beat"):
        assert "and you hold a higher" in text


@pytest.mark.parametrize("seed", range(8))
def test_recording_on_and_off_give_the_same_game(seed: int) -> None:
    fast = None
    for state, action in games(range(seed, seed + 1)):
        if fast is None:
            fast = state.clone()
        assert fast.apply(action, record=False) == []
        state.apply(action)
        assert fast.turn == state.turn and fast.legal_actions() == state.legal_actions()
        for seat in (None, *range(state.n)):
            assert fast.view(seat) == state.view(seat)


def played_truth(state: CatTeState) -> dict[tuple[int, int], tuple[Any, bool]]:
    return {(s, i): entry for s, pile in enumerate(state.piles) for i, entry in enumerate(pile)}


def test_the_beats_carry_snapshots_that_hide_what_each_seat_may_not_see() -> None:
    flips = 0
    for state, action in games(range(20)):
        events = state.apply(action)
        truth = played_truth(state)
        for event in events:
            assert (event.hold > 0) == (event.snapshot is not None), event
            if event.snapshot is None:
                continue
            assert event.kind in ("trick", "flip", "win", "instant")
            for seat in (None, *range(state.n)):
                view = event.snapshot.view(seat)
                assert view["turn"] is None and view["legal"] is None, "nobody acts during a beat"
                for s, pile in enumerate(view["played"]):
                    for i, entry in enumerate(pile):
                        card, up = truth[(s, i)]
                        assert entry["card"] in (None, card)
                        if s != seat and (not up or (event.kind == "flip" and i == FACE_DOWN_TRICK - 1
                                                     and s != view["leader"])):
                            assert entry["card"] is None, (event.kind, seat, s, i)
                for s, hand in enumerate(view["hands"]):
                    if s != seat and (view["instant"] or {}).get("seat") != s:
                        assert all(c is None for c in hand)
            if event.kind == "flip":  # the fifth trick complete, still face down: not even play or fold shows
                flips += 1
                for seat in (None, *range(state.n)):
                    view = event.snapshot.view(seat)
                    for s, pile in enumerate(view["played"]):
                        if s not in (seat, view["leader"]) and len(pile) == FACE_DOWN_TRICK:
                            assert pile[-1] == {"card": None, "face_up": False, "trick": FACE_DOWN_TRICK,
                                                "folded": None}
    assert flips > 0


def test_the_layout_draws_every_beat() -> None:
    names = ("You", "Ada", "Bo", "Cy", "Di", "Ed")
    for state, action in games(range(6)):
        for event in state.apply(action):
            if event.snapshot is not None:
                for seat in (None, 0):
                    view = event.snapshot.view(seat)
                    ctx = TableContext(1280, 800, (0, 40, 1280, 720), names[:state.n], seat)
                    layout = GAME.layout.build(view, ctx)
                    assert layout.status and all(len(z.spots) <= 52 for z in layout.zones)


def test_a_clone_copies_every_field_and_shares_nothing_mutable() -> None:
    for state, action in games(range(3)):
        state.apply(action, record=False)
        copy = state.clone()
        for name in CatTeState.__slots__:
            mine, theirs = getattr(state, name), getattr(copy, name)
            assert mine == theirs, name
            if isinstance(mine, list):
                assert mine is not theirs, name
