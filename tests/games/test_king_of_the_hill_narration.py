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
from cardtable.games.king_of_the_hill.narration import REFUSALS, SILENT, card_text
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
    assert GAME.narration.action(PLAY[DECK[0]], SEATS) == f"Play {card_text(DECK[0])}" == "Play A\u2660"


# ----- results, hints and the status line, said with the names ---------------------------------------------------


def finished(seed: int, options: dict[str, object]) -> KingState:
    """A seeded game of random legal moves, played to its end."""
    state = RULES.new_game(5, options, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_results_are_said_in_both_persons() -> None:
    state = finished(2, {"rounds": 1})
    result = state.result()
    assert not result.summary and result.values is not None and result.winners
    for you in range(5):
        names = Names.of(tuple("You" if s == you else f"P{s}" for s in range(5)))
        text = GAME.narration.result(result, names)
        assert not WRONG.search(text) and "Seat " not in text and "{" not in text, text
        assert text[0].isupper() and "Ranks: " in text, text
        if result.winners == [you]:
            assert text.startswith("You win."), text
        elif you in result.winners:
            head = text.split(" share the win.")[0]
            assert head != text and (head.startswith("You") or ", you" in head or " and you" in head), text
        else:
            assert " you " not in text and text.startswith(f"P{result.winners[0]}"), text
    text = GAME.narration.result(result, SEATS)
    assert text.startswith(f"Seat {result.winners[0] + 1}") and ("wins." in text or "share the win." in text)


def test_one_winner_and_several_winners_past_ace() -> None:
    state = KingState.__new__(KingState)  # only what `result` reads
    state.turn, state.fixed_rounds, state.round, state.ranks, state.n = None, 0, 7, [13, 15, 2, 2, 16], 5
    names = Names.of(("Ann", "You", "Bo", "Cy", "Di"))
    assert GAME.narration.result(state.result(), names) == (
        "You and Di pass A and share the win. Ranks: Ann K, You A+1, Bo 2, Cy 2, Di A+2.")
    state.ranks = [13, 15, 2, 2, 14]
    assert GAME.narration.result(state.result(), names) == (
        "You pass A and win. Ranks: Ann K, You A+1, Bo 2, Cy 2, Di A.")
    state.ranks = [16, 13, 2, 2, 14]
    assert GAME.narration.result(state.result(), names).startswith("Ann passes A and wins.")


def test_the_standings_mid_game() -> None:
    state = RULES.new_game(5, {"rounds": 3}, seed=4)
    names = Names.of(("Ann", "Bo", "You", "Cy", "Di"))
    assert GAME.narration.result(state.result(), names) == "After 0 rounds: Ann 2, Bo 2, You 2, Cy 2, Di 2."
    state.round, state.ranks = 1, [3, 2, 5, 2, 2]
    assert GAME.narration.result(state.result(), names) == "After 1 round: Ann 3, Bo 2, You 5, Cy 2, Di 2."


def test_a_hint_says_its_reason_with_the_names() -> None:
    from cardtable.games.plugin import Hint

    hint = Hint(PLAY[DECK[0]], why="low into {suit}, for your teammate's {card}.",
                fields={"suit": "H", "card": Card(1, "H")})
    assert GAME.narration.hint(hint, YOU) == f"{GAME.narration.action(PLAY[DECK[0]], YOU)}: low into hearts, for " \
                                             "your teammate's A♥."
    hint = Hint(Bury(tuple(DECK[:2])), why="low cards without points; it leaves you void in {suits}.",
                fields={"suits": ("S", "C")})
    said = GAME.narration.hint(hint, YOU)
    assert said.startswith("Bury ") and said.endswith(": low cards without points; it leaves you void in spades "
                                                      "and clubs."), said
    hint = Hint(ChooseTrump("D"), why="{count} of your cards would be trumps.", fields={"count": 9})
    assert GAME.narration.hint(hint, YOU) == "Choose diamonds: 9 of your cards would be trumps."


@pytest.mark.parametrize("seed", range(3))
def test_the_status_line_speaks_to_the_person_and_names_the_others(seed: int) -> None:
    from cardtable.core.layout import TableContext
    from cardtable.games.king_of_the_hill.layout import LAYOUT

    names = ("Ann", "Bo", "You", "Cy", "Di")
    ctx = TableContext(1280, 800, (0, 0, 1280, 800), names=names, viewer=2)
    seen = {"you": 0, "other": 0}
    for before, _, _ in playout(seed, {"rounds": 1}, moves=400)[::7]:
        status = LAYOUT.status(before.view(2), ctx)
        assert "Seat " not in status and "{" not in status and not WRONG.search(status), status
        turn = before.turn
        if turn == 2 and before.phase != "bury":
            assert "You: " in status, status
            seen["you"] += 1
        elif turn is not None and before.phase != "bury":
            assert names[turn] in status and "You" not in status, status
            seen["other"] += 1
    assert seen["you"] and seen["other"]
