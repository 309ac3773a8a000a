"""King of the Hill's words: every event the engine records is said or deliberately silent, in the third person and
to the person ("You play ..."); every refusal has its sentence; recording on or off plays the same game; and the
refusal (`why_not`) agrees with `legal_actions` on every move it is asked about."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from cardtable.core.cards import JOKER_SUIT, SUITS, Card
from cardtable.core.engine import Action, Event, IllegalAction
from cardtable.core.words import Names
from cardtable.games.king_of_the_hill import GAME
from cardtable.games.king_of_the_hill.narration import REFUSALS, SILENT
from cardtable.games.king_of_the_hill.rules import (
    CALL,
    CALL_NONE,
    DECK,
    PASS,
    PLAY,
    RULES,
    Bury,
    ChooseTrump,
    Declare,
    KingState,
    play_two,
)

SEATS = Names.seats(5)
#: Seat 2 is the person at the screen.
YOU = Names.of(("Ann", "Bo", "You", "Cy", "Di"))
WRONG = re.compile(r"\bYou (plays|wins|is|holds|takes|buries|calls|leads|chooses|declares|strengthens|overturns|"
                   r"goes|passes)\b|\byou (is|holds|goes|passes|wins)\b")


def playout(seed: int, options: dict[str, object] | None = None, moves: int = 3000
            ) -> list[tuple[KingState, Action, list[Event]]]:
    """A seeded game of random legal moves: each position (before the move), the move and its events."""
    state = RULES.new_game(5, options or {"rounds": 2}, seed=seed)
    rng = random.Random(seed)
    out = []
    for _ in range(moves):
        if state.is_over():
            break
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        before = state.clone()
        out.append((before, action, state.apply(action)))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_every_event_is_of_a_declared_kind_and_said_or_silent(seed: int) -> None:
    kinds = set(RULES.event_kinds)
    seen = set()
    for _, _, events in playout(seed):
        for event in events:
            assert event.kind in kinds
            seen.add(event.kind)
            for names in (SEATS, YOU):
                said = GAME.narration.event(event, names)
                if event.kind in SILENT:
                    assert said is None
                    continue
                assert said is not None and said.text, event
                assert "{" not in said.text and "}" not in said.text
                assert not WRONG.search(said.text), said.text
                if names is YOU and event.seat == 2 and said.note:
                    assert not re.match(r"(plays|wins|buries|takes|calls|leads|chooses|declares) ", said.note)
    assert {"round", "deal", "trump", "move", "call", "trick", "flip", "score", "over"} <= seen


def test_the_person_is_spoken_to() -> None:
    for _, _, events in playout(1):
        for event in events:
            if event.seat != 2 or event.kind in SILENT:
                continue
            said = GAME.narration.event(event, YOU)
            assert said is not None
            if event.kind == "move" and event.dst == "trick":
                assert said.text.startswith("You play ") and said.note.startswith("play ")
            if event.kind == "trick":
                assert said.text.startswith("You win the trick")


def test_the_end_is_said_to_the_person() -> None:
    over = [e for _, _, events in playout(2, {"rounds": 1}) for e in events if e.kind == "over"]
    assert over
    winners = over[0].value["winners"]
    names = Names.of(tuple("You" if s == winners[0] else f"P{s}" for s in range(5)))
    text = GAME.narration.event(over[0], names).text  # type: ignore[union-attr]
    assert not WRONG.search(text) and ("You " in text or "you " in text), text


def test_recording_off_plays_the_same_game() -> None:
    for seed in range(3):
        fast = RULES.new_game(5, {"rounds": 1}, seed=seed)
        for before, action, _ in playout(seed, {"rounds": 1}):
            assert fast.view(None) == before.view(None)
            assert fast.apply(action, record=False) == []
        assert fast.is_over()


def test_held_beats_have_snapshots() -> None:
    """A full trick shows before it is gathered, and the round's end (its last trick, the dead hand turned up)."""
    held = [e for _, _, events in playout(3, {"rounds": 1}) for e in events if e.hold]
    assert held and all(e.snapshot is not None for e in held)
    full = [e for e in held if e.kind == "move"]
    assert len(full) >= 20
    for event in full:
        picture = event.snapshot.view(0)  # type: ignore[union-attr]
        assert len(picture["trick"]) == 5 and picture["turn"] is None
        assert event.cards == picture["trick"][-1][1]
    flips = [e for e in held if e.kind == "flip"]
    assert flips and flips[0].snapshot.view(1)["phase"] == "scored"  # type: ignore[union-attr]


def candidates(state: KingState) -> list[Action]:
    """Moves to ask about: legal ones and many that are not, of every kind."""
    seat = state.turn
    assert seat is not None
    hand = state.hands[seat]
    rng = random.Random(len(hand))
    out: list[Action] = [PASS, CALL_NONE, *CALL.values(), *(ChooseTrump(s) for s in (*SUITS, JOKER_SUIT))]
    out += [Declare(s, p) for s in (*SUITS, JOKER_SUIT, "X") for p in (False, True)]
    out += [PLAY[c] for c in DECK[::7]] + [PLAY[c] for c in hand]
    out += [play_two(a, b) for a, b in itertools.combinations(hand[:12], 2)]
    out += [play_two(hand[0], c) for c in DECK[::11] if hand and c != hand[0]]
    if len(hand) >= 8:
        out += [Bury(tuple(rng.sample(hand, 8))) for _ in range(4)] + [Bury(tuple(hand[:3]))]
        out += [Bury((*hand[:7], DECK[0] if DECK[0] not in hand else DECK[1]))]
    return out


@pytest.mark.parametrize("seed", range(3))
def test_the_refusal_agrees_with_the_legal_actions(seed: int) -> None:
    for n, (state, _, _) in enumerate(playout(seed, {"rounds": 1})):
        if n % 3 and state.phase == "declare":
            continue
        legal = state.legal_actions()
        for action in candidates(state):
            offered = action in legal
            assert (state.explain(state.turn, action) is None) == offered, (action, state.phase)  # type: ignore[arg-type]
            refusal = state.why_not(action)
            assert (refusal is None) == offered
            if refusal is not None:
                assert refusal.reason in REFUSALS, refusal.reason
                for names in (SEATS, YOU):
                    text = GAME.narration.refusal(refusal, names)
                    assert text and "{" not in text and not WRONG.search(text), text
                with pytest.raises(IllegalAction):
                    state.clone().apply(action, record=False)


def test_every_refusal_has_a_sentence() -> None:
    examples = {
        "game_over": {}, "not_legal": {}, "turn_to_declare": {"seat": 2}, "turn_to_trump": {"seat": 2},
        "turn_to_bury": {"seat": 2}, "turn_to_call": {"seat": 2}, "turn_to_play": {"seat": 2},
        "joker_declares": {}, "no_such_suit": {"given": "'X'"}, "pair_stands": {},
        "no_rank_card": {"seat": 2, "rank": 14, "suit": "H"}, "one_copy": {"seat": 2, "rank": 5, "suit": "S"},
        "only_pair_overturns": {"suit": "H"}, "choose_a_suit": {}, "cards_unnamed": {},
        "bury_count": {"count": 8, "given": 3}, "same_card_twice": {},
        "not_in_hand": {"seat": 2, "card": Card(12, "H")}, "not_a_card": {"given": "'x'"},
        "holds_both": {"seat": 2, "card": Card(0, JOKER_SUIT, 1)}, "play_count": {}, "lead_pair": {},
        "single_led": {}, "pair_led": {}, "must_follow": {"seat": 2, "card": Card(3, "C"), "suit": "T"},
        "must_follow_pair": {"seat": 2, "suit": "H"}, "must_follow_both": {"seat": 2, "suit": "D", "count": 1},
    }
    assert set(examples) == set(REFUSALS)
    for code, fields in examples.items():
        for names in (SEATS, YOU):
            text = GAME.narration.refusal(IllegalAction(code, **fields), names)
            assert text and "{" not in text and not WRONG.search(text), text
    mine = GAME.narration.refusal(IllegalAction("must_follow", seat=2, card=Card(3, "C"), suit="H"), YOU)
    assert mine == "3♣ does not follow hearts: you hold hearts and must play one."
    theirs = GAME.narration.refusal(IllegalAction("must_follow", seat=1, card=Card(3, "C"), suit="H"), YOU)
    assert theirs == "3♣ does not follow hearts: Bo holds hearts and must play one."
    assert GAME.narration.refusal(IllegalAction("only_pair_overturns", suit="H"), SEATS) == \
        "Hearts has been declared: only a pair of the trump rank can overturn it."


def test_actions_are_named_by_the_narration() -> None:
    assert GAME.narration.action(Declare("H", True), SEATS) == "Declare hearts with a pair"
    assert GAME.narration.action(CALL_NONE, SEATS) == "Call no card (play alone)"
    assert GAME.narration.action(PLAY[DECK[0]], SEATS) == str(PLAY[DECK[0]])
