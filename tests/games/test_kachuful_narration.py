"""Kachuful's timeline and words: every recorded event is of a declared kind and is said or deliberately silent,
the person called "You" is spoken to in the second person, every refusal has its sentence, the two speeds of
`apply` end in the same state, the one legality test agrees with `legal_actions`, the time limit is the rules',
and seeded deals are the very deals they always were."""

from __future__ import annotations

import hashlib
import random
import re
from pathlib import Path
from typing import Any

import pytest

from cardtable.core import dealing
from cardtable.core.cards import deck_with_jokers
from cardtable.core.engine import Action, Event, IllegalAction, TimeLimit
from cardtable.core.layout import TableContext
from cardtable.core.words import N_, Names, Seated
from cardtable.games import kachuful
from cardtable.games.kachuful import GAME
from cardtable.games.kachuful.narration import SILENT
from cardtable.games.kachuful.rules import (
    REFUSAL_CODES,
    RULES,
    TIMEOUTS_BEFORE_HANDOVER,
    Bid,
    KachufulState,
    Play,
)
from cardtable.games.plugin import Hint
from tests.games.conftest import kachuful_finished

OPTION_SETS: list[dict[str, Any]] = [
    {"hands": "3,2,1"},
    {"hands": "4,1", "trump": "turn_up", "jokers": True, "scoring": "penalty"},
    {"hands": "3,3", "bidding": "simultaneous", "trump": "rotate_no_trump"},
    {"hands": "2,2", "trump": "random", "tie_break": "shared"},
]
NARRATION = GAME.narration
YOU = Names.of(["You", "Ada", "Bo", "Cy", "Di"])
# A verb of the third person after "You" (or "you" after a comma), or "their" said to the person.
WRONG_YOU = re.compile(r"\b[Yy]ou (plays|wins|is|has|bids|changes|deals|leads|holds|makes|made their)\b|"
                       r"you, the dealer, must change their")


def playout(seed: int, players: int, options: dict[str, Any]) -> list[tuple[KachufulState, Action, list[Event]]]:
    """A seeded game of random legal moves: each position (a copy), the action played there and its events."""
    state = RULES.new_game(players, options, seed=seed)
    rng = random.Random(seed)
    moves = []
    while state.turn is not None:
        action = rng.choice(state.legal_actions())
        before = state.clone()
        moves.append((before, action, state.apply(action)))
    return moves


def games() -> list[list[tuple[KachufulState, Action, list[Event]]]]:
    return [playout(seed, players, options) for seed in range(6) for players in (3, 4, 5)
            for options in OPTION_SETS]


@pytest.fixture(scope="module")
def played() -> list[list[tuple[KachufulState, Action, list[Event]]]]:
    return games()


def test_every_event_is_of_a_declared_kind_and_said_or_silent(played: Any) -> None:
    seen = set()
    for game in played:
        n = game[0][0].n
        for _, _, events in game:
            for event in events:
                assert event.kind in RULES.event_kinds, event
                seen.add(event.kind)
                for names in (Names.seats(n), YOU):
                    said = NARRATION.event(event, names)
                    if event.kind in SILENT:
                        assert said is None, event
                    else:
                        assert said is not None and said.text and "{" not in said.text, event
    assert seen == set(RULES.event_kinds) - {"misdeal"}, "every kind but a misdeal happens in these games"


def test_the_person_called_you_is_spoken_to(played: Any) -> None:
    said_to_you = set()
    for game in played:
        for _, _, events in game:
            for event in events:
                said = NARRATION.event(event, YOU)
                if said is None:
                    continue
                assert not WRONG_YOU.search(said.text), said.text
                if event.seat == 0:
                    assert not WRONG_YOU.search("You " + said.note), said.note
                    said_to_you.add(said.text.split(" ")[0])
    assert "You" in said_to_you


@pytest.mark.parametrize(("event", "other", "you"), [
    (Event("bid", seat=0, value=2), "Seat 1 bids 2.", "You bid 2."),
    (Event("bid", seat=0, value=None), "Seat 1 has bid.", "You have bid."),
    (Event("rebid", seat=0, value=1), "Seat 1 changes their bid to 1.", "You change your bid to 1."),
    (Event("round_start", seat=0, value={"round": 2, "rounds": 15, "cards": 1}),
     "Round 2 of 15: Seat 1 deals 1 card each.", "Round 2 of 15: you deal 1 card each."),
    (Event("lead", seat=0, value={"total": 5, "tricks": 3}), "Bids total 5 for 3 tricks (overbid by 2). Seat 1 leads.",
     "Bids total 5 for 3 tricks (overbid by 2). You lead."),
    (Event("hook", seat=0, value=3), "The bids total 3, the number of tricks: Seat 1, the dealer, must change their "
     "bid.", "The bids total 3, the number of tricks: you, the dealer, must change your bid."),
    (Event("misdeal", seat=0), "Misdeal by Seat 1: redeal.", "Misdeal by you: redeal."),
    (Event("reveal", value=(1, 0, 2)), "The bids: Seat 1 1, Seat 2 0, Seat 3 2.", "The bids: You 1, Ada 0, Bo 2."),
    (Event("over", value={"winners": (0,), "tie_break": False}), "Seat 1 wins.", "You win."),
    (Event("over", value={"winners": (0, 2), "tie_break": True}),
     "Seat 1 and Seat 3 share the win on the highest single-round score.",
     "You and Bo share the win on the highest single-round score."),
    (Event("round", value={"round": 1, "bids": (1, 0, 2), "tricks": (1, 1, 2), "points": (11, 0, 12)}),
     "Round 1: Seat 1 and Seat 3 made their bids. Bid/won/points: Seat 1 1/1 +11, Seat 2 0/1 0, Seat 3 2/2 +12.",
     "Round 1: You and Bo made your bids. Bid/won/points: You 1/1 +11, Ada 0/1 0, Bo 2/2 +12."),
    (Event("round", value={"round": 1, "bids": (1, 0, 2), "tricks": (1, 1, 1), "points": (11, 0, 0)}),
     "Round 1: Seat 1 made their bid. Bid/won/points: Seat 1 1/1 +11, Seat 2 0/1 0, Seat 3 2/1 0.",
     "Round 1: You made your bid. Bid/won/points: You 1/1 +11, Ada 0/1 0, Bo 2/1 0."),
])
def test_sentences_in_both_persons(event: Event, other: str, you: str) -> None:
    said = NARRATION.event(event, Names.seats(3))
    assert said is not None and said.text == other
    said = NARRATION.event(event, YOU)
    assert said is not None and said.text == you


def test_seat_notes_in_both_persons() -> None:
    bid = Event("bid", seat=0, value=2)
    assert NARRATION.event(bid, Names.seats(3)).note == "bids 2."  # type: ignore[union-attr]
    assert NARRATION.event(bid, YOU).note == "bid 2."  # type: ignore[union-attr]


def sample_fields(code: str, seat: int) -> dict[str, Any]:
    card = deck_with_jokers(2)[0]
    return {
        "game_over": {}, "not_your_action": {"action": "Pass()"}, "bidding_not_over": {"seat": Seated(seat)},
        "bidding_over": {"seat": Seated(seat)}, "not_in_hand": {"seat": Seated(seat), "card": card},
        "must_follow": {"seat": Seated(seat), "card": card, "suit": "H"},
        "bid_out_of_range": {"amount": "9", "most": 3},
        "hook": {"bid": 1, "tricks": 3}, "must_change": {"bid": 1, "tricks": 3},
    }[code]


@pytest.mark.parametrize("code", REFUSAL_CODES)
def test_every_refusal_has_a_sentence(code: str) -> None:
    for seat in (0, 1):
        error = IllegalAction(code, **sample_fields(code, seat))
        for names in (Names.seats(3), YOU):
            text = NARRATION.refusal(error, names)
            assert text != code and "{" not in text and len(text.split()) >= 4, text
            assert not WRONG_YOU.search(text) and "You holds" not in text, text


def test_a_refusal_to_the_person_and_about_another() -> None:
    error = IllegalAction("must_follow", **sample_fields("must_follow", 0))
    assert NARRATION.refusal(error, YOU) == ("A\u2660 does not follow suit: hearts were led and you hold hearts, so "
                                             "you must play one.")
    assert NARRATION.refusal(error, Names.seats(3)) == ("A\u2660 does not follow suit: hearts were led and Seat 1 "
                                                        "holds hearts, so they must play one.")


def test_every_refusal_the_engine_makes_is_a_declared_code() -> None:
    for seed in range(4):
        state = RULES.new_game(4, {"hands": "3,2"}, seed=seed)
        rng = random.Random(seed)
        while state.turn is not None:
            for action in candidates(state):
                error = state.reason(action)
                if error is not None:
                    assert error.reason in REFUSAL_CODES
                    assert NARRATION.refusal(error, YOU)
            state.apply(rng.choice(state.legal_actions()), record=False)
        error = state.reason(Bid(0))
        assert error is not None and error.reason == "game_over"


def candidates(state: KachufulState) -> list[Action]:
    """Every action one might try: every card of the game, every bid around the hand size."""
    return [*(Play(c) for c in deck_with_jokers(2)), *(Bid(k) for k in range(-1, state.hand_size + 2))]


def test_the_legality_test_agrees_with_legal_actions() -> None:
    for seed in range(12):
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        state = RULES.new_game(3 + seed % 4, options, seed=seed)
        rng = random.Random(seed)
        while state.turn is not None:
            legal = state.legal_actions()
            assert len(set(legal)) == len(legal)
            passing = [a for a in candidates(state) if state.reason(a) is None]
            assert set(passing) == set(legal), (state.phase, state.led, legal, passing)
            assert state.legal_cards() == [a.card for a in legal if isinstance(a, Play)]
            state.apply(rng.choice(legal), record=False)


def test_recording_or_not_ends_in_the_same_state() -> None:
    for seed in range(8):
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        fast = RULES.new_game(4, options, seed=seed)
        slow = RULES.new_game(4, options, seed=seed)
        rng = random.Random(seed)
        while fast.turn is not None:
            action = rng.choice(fast.legal_actions())
            assert fast.apply(action, record=False) == []
            assert slow.apply(action)
            assert [repr(fast.view(s)) for s in (None, 0, 1, 2, 3)] == [repr(slow.view(s)) for s in (None, 0, 1, 2, 3)]
            assert (fast.history, fast.voids, fast.deck, fast.seed) == (slow.history, slow.voids, slow.deck, slow.seed)
        assert slow.turn is None and fast.result() == slow.result()


def test_the_time_limit_is_the_rules() -> None:
    assert RULES.new_game(4, {}, seed=1).time_limit() is None
    state = RULES.new_game(4, {"turn_timer": 30, "hands": "2"}, seed=1)
    rng = random.Random(5)
    while state.turn is not None:
        limit = state.time_limit()
        assert isinstance(limit, TimeLimit)
        assert (limit.seconds, limit.hand_over_after, limit.quiet) == (30, TIMEOUTS_BEFORE_HANDOVER, False)
        move = limit.default(rng)
        assert move in state.legal_actions()
        state.apply(move, record=False)
    assert state.time_limit() is None


# The deals' digest is the engine's from before the determinizations moved to the kit (so the deals are as they
# always were); the determinizations' changed then (the constrained dealer draws differently once a seat shows out).
DEALS = "a4d86e9ee201245ea2222ae4a224b88955ad172652d1aaa600a84c21a3559d39"
WORLDS = "02c8824e1961188ef9495b75f4167ccd6d632bd2779452b1875d0d4e2aac5fbc"


def fingerprint(seeds: int) -> tuple[str, str]:
    """Two digests of seeded random games: the deals, the undealt cards and the trumps; and a determinization every
    seventh move (drawn from a generator of its own, so the games do not depend on it)."""
    deals, worlds = hashlib.sha256(), hashlib.sha256()
    for seed in range(seeds):
        for players, options in ((4, {}), (3, {"jokers": True, "trump": "turn_up"}),
                                 (7, {"trump": "random", "hands": "1,7,3"})):
            state = RULES.new_game(players, options, seed=seed)
            rng = random.Random(seed)
            sampler = random.Random(-seed)
            for step in range(200):
                if state.turn is None:
                    break
                deals.update(repr((state.hands, state.deck, state.trump, state.trump_card, state.round)).encode())
                if step % 7 == 0:
                    world = state.determinize(state.turn, sampler)
                    worlds.update(repr((world.hands, world.deck, world.bids, world.seed)).encode())
                legal = state.legal_actions()
                state.apply(legal[int(rng.random() * len(legal))])
    return deals.hexdigest(), worlds.hexdigest()


def test_seeded_deals_and_determinizations_are_as_they_always_were() -> None:
    """Saved games are (seed, actions): the deals must not change.  The deals' digest was taken from the engine
    before its shuffle lost its private generator calls (it now calls `Random.shuffle`, which drew the very same
    numbers); the determinizations' digest when they moved to the kit's constrained dealer."""
    assert fingerprint(60) == (DEALS, WORLDS)


def test_the_determinizing_shuffle_is_random_shuffle() -> None:
    """The kit's shuffle that determinizing uses (public `getrandbits` draws, no method call per card) gives
    `Random.shuffle`'s permutation and leaves the generator where `Random.shuffle` leaves it."""
    for seed in range(200):
        for length in (0, 1, 2, 5, 13, 31, 40, 54, 63, 64, 70):
            mine, theirs = list(range(length)), list(range(length))
            ours, reference = random.Random(seed), random.Random(seed)
            dealing.shuffle(mine, ours)
            reference.shuffle(theirs)
            assert mine == theirs and ours.random() == reference.random()


def test_no_construction_hacks_private_apis_or_caches_of_words() -> None:
    folder = Path(kachuful.__file__).parent
    source = "\n".join(p.read_text(encoding="utf-8") for p in folder.glob("*.py"))
    for banned in ("__dict__.update", "object.__new__", "_randbelow", "_SUMMARIES", "_EVENTS", "_TEXTS"):
        assert banned not in source, banned
    assert not re.search(r"Event\([^\n]*\btext=", source), "events carry data, not English"


@pytest.mark.parametrize(("history", "options", "other", "you"), [
    ([((0, 1, 1), (0, 0, 1)), ((0, 0, 0), (1, 0, 0))], {}, "Seat 3 wins.", "Bo wins."),
    ([((1, 0, 1), (1, 0, 0)), ((0, 0, 0), (0, 1, 0))], {}, "Seat 1 wins.", "You win."),
    ([((0, 1, 0), (0, 2, 0)), ((0, 10, 1), (0, 10, 0))], {"tie_break": "shared"}, "Seat 1 and Seat 2 share the win.",
     "You and Ada share the win."),
    ([((0, 1, 0), (0, 2, 0)), ((0, 10, 1), (0, 10, 0))], {}, "Seat 2 wins on the highest single-round score.",
     "Ada wins on the highest single-round score."),
    ([((0, 0, 1), (0, 0, 2)), ((1, 1, 0), (3, 0, 0))], {}, "Seat 1, Seat 2 and Seat 3 share the win.",
     "You, Ada and Bo share the win."),
])
def test_results_in_both_persons(history: Any, options: dict[str, Any], other: str, you: str) -> None:
    result = kachuful_finished(history, **options).result()
    assert not result.summary, "the engine writes no English"
    assert NARRATION.result(result, Names.seats(3)) == other
    assert NARRATION.result(result, YOU) == you


def test_the_standings_mid_game() -> None:
    state = RULES.new_game(3, {"hands": "1,1,1"}, seed=4)
    rng = random.Random(4)
    assert NARRATION.result(state.result(), YOU) == "After 0 of 3 rounds: You 0, Ada 0, Bo 0."
    while len(state.history) < 2:
        state.apply(rng.choice(state.legal_actions()), record=False)
    result = state.result()
    order = sorted(range(3), key=lambda s: -result.scores[s])
    standings = ", ".join(f"{YOU(s)} {result.scores[s]:g}" for s in order)
    assert NARRATION.result(result, YOU) == f"After 2 of 3 rounds: {standings}."
    assert "Seat" not in NARRATION.result(result, YOU)


def test_a_hints_reason_is_said_with_the_names() -> None:
    hint = Hint(Bid(2), why=N_("{player} bid 0, so {card} should win a trick"),
                fields={"player": Seated(1), "card": deck_with_jokers(2)[0]})
    assert NARRATION.hint(hint, YOU) == "Bid 2: Ada bid 0, so A\u2660 should win a trick"
    assert NARRATION.hint(hint, Names.seats(3)) == "Bid 2: Seat 2 bid 0, so A\u2660 should win a trick"
    hint = Hint(Play(deck_with_jokers(2)[0]), why=N_("what a steady player would do here"))
    assert NARRATION.hint(hint, YOU) == "Play A\u2660: what a steady player would do here"


def test_the_status_speaks_to_you_and_names_the_others() -> None:
    names = ("You", "Ada", "Bo", "Cy", "Di")
    seen: set[str] = set()
    for seed in range(4):
        for state, _, _ in playout(seed, 3 + seed % 3, OPTION_SETS[seed % len(OPTION_SETS)]):
            for seat in (0, 1, None):
                ctx = TableContext(1280, 800, (0, 40, 1280, 720), names[:state.n], seat)
                status = GAME.layout.build(state.view(seat), ctx).status
                assert status and "Seat " not in status and "{" not in status, status
                if state.turn is None:
                    continue
                if state.turn == seat:
                    assert re.search(r"\u00b7 (You|Your) ", status), status
                    seen.add("you")
                elif state.turn == 0:  # the person's turn, seen by someone else or nobody
                    assert " \u00b7 Your turn to " in status, status
                    seen.add("your turn")
                else:
                    assert f" \u00b7 {names[state.turn]} to " in status, status
                    seen.add("other")
    assert seen == {"you", "your turn", "other"}
