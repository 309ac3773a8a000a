"""Cat Te bots: the rule bot leads and folds the cards it cannot use, wins the tricks whose lead it needs, plays the
sixth trick, follows the face-down fifth, claims the side pot, always deals again and keeps the region; it reads
nothing hidden; the hint says a legal move and why; the search hooks and the hard bot keep to the round and to
the same moves."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.bots import make_bot, make_hard_bot
from cardtable.bots.ismcts import SearchHooks
from cardtable.core.cards import Card, standard_deck
from cardtable.core.words import Names
from cardtable.games.cat_te import bots
from cardtable.games.cat_te.narration import NARRATION
from cardtable.games.cat_te.rules import (
    CLAIM,
    DEAL_AGAIN,
    RULES,
    STRENGTH,
    CatTeState,
    ChooseRegion,
    ClaimSidePot,
    Fold,
    Play,
    Stop,
    claim_card,
)
from cardtable.games.plugin import GamePlugin, Hint

SHORT = {"chips": 50, "ante": 20}  # a session of a few rounds
REGIONS = ("khmer", "laos", "vietnamese")


def plugin() -> GamePlugin:
    """The game as the difficulty levels see it: the rules and this module's bots and hooks."""
    return GamePlugin(rules=RULES, layout=None, rule_bot=bots.RuleBot, hint=bots.hint,
                      search=SearchHooks(reward=bots.search_reward, done=bots.search_done,
                                         rollout=bots.rule_rollout, candidates=bots.candidates,
                                         world=bots.keeping_world,
                                         settings=tuple(sorted(bots.search_settings().items()))),
                      arena_counts=bots.arena_counts)


def said(advice: Hint | None, players: int = 4) -> str:
    """A hint as the table says it, the seats called by number."""
    assert advice is not None
    return NARRATION.hint(advice, Names.seats(players))


def C(code: str) -> Card:  # noqa: N802 - reads like a card literal
    return Card.from_code(code)


def position(hands: list[str], dealer: int = 0, side_card: str | None = None, **options: Any) -> CatTeState:
    """A round opened with these hands (seat 0 first) and `dealer` leading; the side pot's turned card, when the side
    pot is on, is `side_card`."""
    state = RULES.new_game(len(hands), {"instant_wins": False, **options}, seed=1)
    held = [[C(c) for c in h.split()] for h in hands]
    used = {c for h in held for c in h}
    rest = [c for c in standard_deck() if c not in used]
    if side_card is not None:
        rest.remove(C(side_card))
        rest.insert(0, C(side_card))
    state.dealer = dealer
    state._open_round(held, rest, [])
    return state


def act(state: CatTeState, *moves: str) -> None:
    """Each move in turn: a card code plays it face up, "~code" folds it."""
    for move in moves:
        state.apply(Fold(C(move[1:])) if move.startswith("~") else Play(C(move)))


def choice(state: CatTeState, seed: int = 0) -> Any:
    """The rule bot's move for the seat to act, from a determinization, as the table asks it."""
    seat = state.turn
    assert seat is not None
    return bots.RuleBot(seed).choose(state.determinize(seat, random.Random(seed)), seat)


# Seat 1 wins the first three tricks and leads the fourth; seat 0 folds its low cards meanwhile.
FOURTH = ["AS KH 9C 3D 4D 2H", "2S 6S 7S 5C JS QS", "3S 3H 4H 5H 6H 7H", "6C 7C 8C 10C 4S 8H"]
FIRST_THREE = ("2S", "~3H", "~4S", "~2H", "6S", "~4H", "~8H", "~3D", "7S", "~5H", "~10C", "~4D")


# ----- hand-built positions -------------------------------------------------------------------------------------


def test_leading_the_first_trick_it_spends_a_low_card_and_keeps_its_best() -> None:
    state = position(["AS KH 2C 3D 4D 9S", "5S 6S 7S 8S 10S JS", "2H 3H 4H 5H 6H 7H", "5C 6C 7C 8C 9C 10C"])
    for seed in range(3):
        action = choice(state, seed)
        assert type(action) is Play and action.card in {C("2C"), C("3D"), C("4D")}


def test_following_without_a_use_for_the_trick_it_folds_a_low_card() -> None:
    """Seat 1 leads the 5 of spades; seat 2 holds only a useless 9 of hearts among its spare cards."""
    state = position(["2C 3C 4C 6C 7C 8C", "5S 6S 7S 8S 10S JS", "AS KH 2D 3D 4D 9H", "QC 2H 3H 4H 5H 6H"],
                     dealer=1)
    act(state, "5S")
    action = choice(state)
    assert type(action) is Fold and action.card in {C("2D"), C("3D"), C("4D")}


def test_at_the_fourth_trick_it_wins_with_a_spare_card_for_the_lead_of_the_fifth() -> None:
    state = position(FOURTH, dealer=1)
    act(state, *FIRST_THREE, "5C", "~6H", "~6C")
    assert state.turn == 0 and state.trick_no == 4
    assert choice(state) == Play(C("9C"))


def test_must_beat_a_low_card_of_the_led_suit_goes_face_down_whether_or_not_it_may_go_face_up() -> None:
    """Led the 10 of spades, seat 2 holds the king and the 3: must-beat allows only the king face up; without
    must-beat the 3 may go face up too.  Either way the 3, the card it needs least, is folded, never shown."""
    for must_beat in (True, False):
        state = position(["2C 3C 4C 6C 7C 8C", "10S 6S 7S 8S 9S JS", "KS 3S AH AD 9D 8D", "QC 2H 3H 4H 5H 6H"],
                         dealer=1, must_beat=must_beat)
        act(state, "10S")
        assert (Play(C("3S")) in state.legal_actions()) is not must_beat
        assert choice(state) == Fold(C("3S"))


def test_it_wins_the_fifth_trick_to_lead_the_sixth() -> None:
    """Seat 3 leads the 10 of hearts to the fifth trick; seat 0 holds the ace of hearts and the queen of spades: the
    ace wins the fifth, and the queen, led to the sixth, wins the round (seat 1 holds the 10 and 9 of spades)."""
    state = position(["QS AH 2C 3C 4C 5C", "10S 9S 2D 3D 4D 5D", "6D 7D 8D 9D 2H JD", "6H 7H 8H 9H 10H JH"],
                     dealer=1)
    act(state, "2D", "6D", "~6H", "~2C", "7D", "~9H", "~3C", "~3D", "2H", "7H", "~4C", "~4D",
        "8H", "~5C", "~5D", "~8D", "10H")
    assert state.trick_no == 5 and state.turn == 0
    assert choice(state) == Play(C("AH"))
    act(state, "AH", "~9S", "~9D")
    assert choice(state) == Play(C("QS"))


def test_the_sixth_trick_is_played_face_up() -> None:
    state = position(["AS 2C 3C 4C 5C 6C", "KS 2D 3D 4D 5D 6D"], dealer=1)
    act(state, "2D", "~2C", "3D", "~3C", "4D", "~4C", "5D", "~5C", "6D", "~6C")
    assert state.trick_no == 6 and state.turn == 1
    assert choice(state) == Play(C("KS"))
    act(state, "KS")
    assert Fold(C("AS")) in state.legal_actions()
    assert choice(state) == Play(C("AS"))


@pytest.mark.parametrize("region", ["laos", "vietnamese"])
def test_without_a_trick_it_spends_its_best_card_on_the_fourth(region: str) -> None:
    """Seat 1 (Seat 2 in words) has won the first three tricks; seat 0 must win the fourth or be eliminated, and
    lose the round to the sweep."""
    state = position(["AD KS QH 3D 4D 2H", "2S 6S 7S 7D JS QS", "3S 3H 4H 5H 6H 7H", "6C 7C 8C 10C 4S 8H"],
                     dealer=1, region=region)
    act(state, *FIRST_THREE, "7D", "~6H", "~6C")
    assert choice(state) == Play(C("AD"))
    advice = bots.hint(state)
    assert advice is not None and advice.action == Play(C("AD"))
    assert "Seat 2 has won the first three tricks" in said(advice) and "sweep" in said(advice)


@pytest.mark.parametrize("region", ["laos", "vietnamese"])
def test_the_face_down_fifth_trick(region: str) -> None:
    """Seat 1 won the fourth trick and leads the 4 of clubs to the face-down fifth (seat 0, without a trick, is out).
    Seat 2 holds the ace of clubs and the ace of hearts: it plays the club (hidden till the turn-over), to lead the
    other ace.  Seat 3 holds the 2 of clubs, which cannot win, and the ace of spades: it folds the club."""
    state = position(["2H 3H 4H 5H 6H 7H", "5C 3C 4C KD 10C 8D", "AC AH 2D 9D 4S 5D", "3S KS 5S AS 9C 2C"],
                     dealer=1, region=region)
    act(state, "5C", "~2D", "~3S", "~2H",  # seat 1
        "8D", "9D", "~5S", "~3H",  # seat 2
        "4S", "KS", "~4H", "~3C",  # seat 3
        "9C", "~5H", "10C", "~5D")  # seat 1
    assert state.eliminated == [True, False, False, False]
    act(state, "4C")
    assert state.face_down and state.turn == 2
    assert choice(state) == Play(C("AC"))
    act(state, "AC")
    assert Play(C("2C")) in state.legal_actions()
    assert choice(state) == Fold(C("2C"))


def test_it_claims_the_side_pot_at_once_then_plays() -> None:
    state = position(["JH 2C 3D 4D 9S AS", "5S 6S 7S 8S 10S QS", "2H 3H 4H 5H 6H 7H", "5C 6C 7C 8C 9C 10C"],
                     side_card="10H", side_pot=True)
    assert state.can_claim(0)
    assert choice(state) == CLAIM
    advice = bots.hint(state)
    assert advice is not None and advice.action == CLAIM and "J♥" in said(advice) and "10♥" in said(advice)
    state.apply(CLAIM)
    assert type(choice(state)) is Play


def test_it_always_deals_again_and_never_changes_the_region() -> None:
    for seed in range(6):
        state = RULES.new_game(3, {"region": REGIONS[seed % 3]}, seed=seed)
        table = [bots.RuleBot(seed * 10 + s) for s in range(3)]
        rng = random.Random(seed)
        rounds = 0
        while state.turn is not None and rounds < 8:
            seat = state.turn
            legal = state.legal_actions()
            action = table[seat].choose(state.determinize(seat, rng), seat)
            assert not isinstance(action, (Stop, ChooseRegion))
            if state.phase == "between":
                assert Stop() in legal and action == DEAL_AGAIN
                rounds += 1
            state.apply(action)
        assert rounds == 8 and state.region == REGIONS[seed % 3]


def test_the_rule_bot_reads_no_hidden_card() -> None:
    """Two states that differ only in cards seat 0 cannot see (seat 1's hand and the undealt cards swapped) give
    the same choice and the same hint."""
    hands = ["AS KH 2C 3D 4D 9S", "5S 6S 7S 8S 10S JS", "2H 3H 4H 5H 6H 7H", "5C 6C 7C 8C 9C 10C"]
    other = ["AS KH 2C 3D 4D 9S", "QD KD AD 2S 3S 4S", "2H 3H 4H 5H 6H 7H", "5C 6C 7C 8C 9C 10C"]
    for moves, fold in (((), ()), (("2H", "~5C", "~2C"), ("~5S", "~2S"))):
        a, b = position(hands, dealer=2), position(other, dealer=2)
        act(a, *moves, *fold[:1])
        act(b, *moves, *fold[1:])
        assert a.view(a.turn) == b.view(b.turn)
        assert a.hands[1] != b.hands[1]
        assert choice(a) == choice(b)
        hint_a, hint_b = bots.hint(a), bots.hint(b)
        assert hint_a == hint_b


@pytest.mark.parametrize("region", REGIONS)
def test_the_rule_bot_chooses_alike_in_every_world_the_seat_cannot_tell_apart(region: str) -> None:
    checked = 0
    for seed in range(3):
        state = RULES.new_game(4, {"region": region, "side_pot": True}, seed=seed)
        table = bots.RuleBot(seed)
        rng = random.Random(seed)
        while state.turn is not None and len(state.records) < 6:
            seat = state.turn
            worlds = [state.determinize(seat, random.Random(seed * 100 + k)) for k in range(3)]
            chosen = {table.choose(w, seat) for w in worlds}
            assert len(chosen) == 1
            checked += 1
            state.apply(table.choose(state.determinize(seat, rng), seat))
    assert checked > 100


def hidden_of(world: CatTeState, seat: int, other: int) -> tuple[list[Card], list[Card]]:
    """`other`'s hand and its folds that `seat` cannot see (a fifth trick's hidden cards left out)."""
    folds = [c for i, (c, up) in enumerate(world.piles[other]) if not up and not world._pending(other, i)]
    return list(world.hands[other]), folds


def unseen_of(world: CatTeState, seat: int) -> list[Card]:
    """Every card `seat` cannot see in `world`, in one sorted list: the others' hands and folds and the undealt."""
    cards = [*world.deck]
    for other in range(world.n):
        if other != seat:
            cards += sum(hidden_of(world, seat, other), [])
    return sorted(cards, key=str)


def lead_floor(world: CatTeState, other: int) -> int:
    """The strongest card `other` led to one of the first four tricks (0 if none)."""
    leaders = [world.dealer, *world.trick_winners]
    return max((STRENGTH[c] for i, (c, up) in enumerate(world.piles[other][:4]) if up and leaders[i] == other),
               default=0)


@pytest.mark.parametrize("region", REGIONS)
def test_the_hard_bots_worlds_deal_the_others_cards_as_the_rule_bot_keeps_them(region: str) -> None:
    """`keeping_world` deals the unseen cards of a plain determinization with the same luck, then gives each other
    seat's hand the best of the cards it holds or folded (unless must-beat showed it could not hold one); in
    Khmer, where the rule bot leads its lowest card, a seat holds no card below one it led (save the rare world
    where no undealt card can take its place); in Laos and Vietnamese each seat keeps the very cards the plain world
    gave it.  The seat to act cannot tell the world from the real round, whoever holds the side pot's card may
    claim it, and the world can be played on to the end."""
    swapped = below = held = 0
    for seed in range(4):
        state = RULES.new_game(4, {"region": region, "side_pot": seed % 2 == 0}, seed=seed)
        rng = random.Random(seed)
        while state.turn is not None and len(state.records) < 3:
            seat = state.turn
            plain = state.determinize(seat, random.Random(seed))
            world = bots.keeping_world(state, seat, random.Random(seed))
            assert isinstance(world, CatTeState) and world.view(seat) == state.view(seat)
            assert world.trick == [(s, *world.piles[s][state.trick_no - 1]) for s, _, _ in state.trick]
            assert unseen_of(world, seat) == unseen_of(plain, seat)
            if world.side_card is not None and world.phase == "play":
                wanted = claim_card(world.side_card)
                assert world.side_holder == next((s for s in range(4) if wanted in world.hands[s]
                                                  or wanted in [c for c, _ in world.piles[s]]), None)
            for other in range(4):
                if other == seat or not world.hands[other]:
                    continue
                hand, folds = hidden_of(world, seat, other)
                if region != "khmer":
                    assert sorted(hand + folds, key=str) == sorted(sum(hidden_of(plain, seat, other), []), key=str)
                else:
                    floor = lead_floor(world, other)
                    below += sum(STRENGTH[c] < floor for c in hand)
                    held += len(hand)
                ceiling = world._ceiling(other, None) or {}
                for fold in folds:
                    fits = STRENGTH[fold] <= ceiling.get(fold.suit, STRENGTH[fold])
                    assert not fits or all(STRENGTH[fold] <= STRENGTH[c] for c in hand)
                swapped += hand != plain.hands[other]
            if state.trick_no == 3:
                end = world.clone()
                while end.turn is not None and len(end.records) == len(state.records):
                    end.apply(bots.rule_action(end, end.turn))
            state.apply(bots.rule_action(state.determinize(seat, rng), seat))
    assert swapped > 50
    assert below <= held // 50


def test_the_others_kept_cards_are_as_strong_in_the_hard_bots_worlds_as_in_the_real_round() -> None:
    """Khmer, four rule bots, as the fifth trick is led: a plain determinization makes the others' best kept card
    two ranks weaker on average than it really is (10.4 against 12.5); in the leader's `keeping_world` it is as
    strong as really (12.5)."""
    real: list[int] = []
    plain: list[int] = []
    kept: list[int] = []
    for seed in range(60):
        state = RULES.new_game(4, {"region": "khmer"}, seed=seed)
        rng = random.Random(seed)
        while state.turn is not None and not state.records:
            seat = state.turn
            if state.trick_no == 5 and not state.trick:
                for row, world in ((real, state), (plain, state.determinize(seat, random.Random(seed))),
                                   (kept, bots.keeping_world(state, seat, random.Random(seed)))):
                    row.extend(max(STRENGTH[c] for c in world.hands[s]) for s in range(4) if s != seat)
            state.apply(bots.rule_action(state.determinize(seat, rng), seat))
    assert len(real) > 100

    def mean(row: list[int]) -> float:
        return sum(row) / len(row)

    gap = mean(real) - mean(plain)
    assert gap > 1.5 and abs(mean(real) - mean(kept)) < gap / 10


# ----- whole sessions -------------------------------------------------------------------------------------------


def play_session(players: int, options: dict[str, Any], seed: int, kinds: list[str]) -> CatTeState:
    """A whole session with these bot levels (one per seat), each asked as the table asks it; every move legal."""
    state = RULES.new_game(players, {**SHORT, **options}, seed=seed)
    game = plugin()
    table = [make_bot(game, kinds[s % len(kinds)], seed * 10 + s) for s in range(players)]
    rng = random.Random(seed)
    while state.turn is not None:
        seat = state.turn
        legal = state.legal_actions()
        action = table[seat].choose(state.determinize(seat, rng), seat)
        assert action in legal, (action, legal)
        state.apply(action)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("region", REGIONS)
def test_no_illegal_move_in_whole_sessions(players: int, region: str) -> None:
    for seed in range(2):
        options = {"region": region, "side_pot": seed == 1, "must_beat": seed == 0}
        state = play_session(players, options, seed, ["normal", "easy"])
        assert state.phase == "over" and state.records
        assert sum(state.chips) + state.side_pot == players * SHORT["chips"]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_playout_policy_plays_legal_sessions_and_never_stops_or_changes_the_region(players: int) -> None:
    for region in REGIONS:
        state = RULES.new_game(players, {**SHORT, "region": region, "side_pot": True}, seed=players)
        rng = random.Random(players)
        while state.turn is not None:
            action = bots.rollout_action(state, rng)
            assert action in state.legal_actions()
            assert not isinstance(action, (Stop, ChooseRegion))
            if state.can_claim(state.turn):
                assert isinstance(action, ClaimSidePot)
            state.apply(action)
        assert state.region == region


def test_the_bots_are_seeded_and_leave_the_state_alone() -> None:
    state = RULES.new_game(4, {"region": "laos"}, seed=3)
    rng = random.Random(0)
    for _ in range(7):
        state.apply(bots.rollout_action(state, rng))
    before = repr(state.view(None)), [list(h) for h in state.hands]
    world = state.determinize(state.turn, random.Random(2))
    assert bots.RuleBot(7).choose(world.clone(), state.turn) == bots.RuleBot(8).choose(world.clone(), state.turn)
    game = plugin()
    hard = [make_hard_bot(game, seed=5, iterations=120, time_limit=None).choose(world.clone(), state.turn)
            for _ in range(2)]
    assert hard[0] == hard[1]
    assert (repr(state.view(None)), [list(h) for h in state.hands]) == before


# ----- the hint ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_hint_is_a_legal_move_with_a_reason(players: int) -> None:
    state = RULES.new_game(players, {**SHORT, "region": "laos", "side_pot": True}, seed=players)
    rng = random.Random(players)
    seen: set[str] = set()
    while state.turn is not None:
        advice = bots.hint(state)
        assert isinstance(advice, Hint)
        assert advice.action in state.legal_actions()
        assert not isinstance(advice.action, (Stop, ChooseRegion))
        text = said(advice, players)
        assert text.startswith(NARRATION.action(advice.action, Names.seats(players)) + ": ")
        assert text.endswith(".") and len(text) > 30 and "{" not in text
        seen.add(text.split()[0])
        if "the leader always plays face up" in text:
            seen.add("Lead")
        state.apply(bots.rollout_action(state, rng))
    assert bots.hint(state) is None
    assert {"Lead", "Fold", "Deal"} <= seen


def test_the_hint_names_the_card_and_the_cards_kept() -> None:
    state = position(FOURTH, dealer=1)
    act(state, *FIRST_THREE, "5C", "~6H", "~6C")
    advice = bots.hint(state)
    assert advice is not None
    assert advice.action == Play(C("9C"))
    assert said(advice) == ("Play 9♣: it should win the trick, and its winner leads the fifth trick; you keep A♠ and "
                            "K♥ for the last tricks.")
    lead = position(["AS KH 2C 3D 4D 9S", "5S 6S 7S 8S 10S JS", "2H 3H 4H 5H 6H 7H", "5C 6C 7C 8C 9C 10C"])
    advice = bots.hint(lead)
    assert advice is not None and said(advice).startswith(f"Play {advice.action.card.label}: the leader always")


# ----- the search -------------------------------------------------------------------------------------------------


def test_the_candidates_never_stop_or_change_the_region_and_drop_repeated_moves() -> None:
    state = position(["AS KH 2C 3D 4D 9S", "5S 6S 7S 8S 10S JS", "2H 3H 4H 5H 6H 7H", "5C 6C 7C 8C 9C 10C"])
    assert any(isinstance(a, ChooseRegion) for a in state.legal_actions())
    assert set(bots.candidates(state, 0)) == {Play(c) for c in state.hands[0]}
    act(state, "9S")
    moves = bots.candidates(state, 1)
    assert Play(C("5S")) not in moves and Fold(C("5S")) in moves  # the 5 cannot win: playing it is folding it
    assert Play(C("10S")) in moves and Play(C("JS")) in moves
    session = RULES.new_game(3, SHORT, seed=1)
    rng = random.Random(1)
    while session.phase == "play":
        session.apply(bots.rollout_action(session, rng))
    assert bots.candidates(session, session.turn) == [DEAL_AGAIN]


def test_the_search_scores_the_chips_won_in_the_round() -> None:
    state = RULES.new_game(4, {"region": "laos", "side_pot": True}, seed=4)
    root = state.clone()
    rng = random.Random(1)
    while not bots.search_done(state, root):
        assert all(0.0 <= r <= 1.0 for r in bots.search_reward(state, root))
        state.apply(bots.rollout_action(state, rng))
    assert len(state.records) == 1
    rewards = bots.search_reward(state, root)
    won = [after - before for after, before in zip(state.chips, root.chips, strict=True)]
    assert all(0.0 <= r <= 1.0 for r in rewards)
    assert max(range(4), key=lambda s: rewards[s]) == state.records[0].winner
    assert sorted(range(4), key=lambda s: (rewards[s], s)) == sorted(range(4), key=lambda s: (won[s], s))


def test_the_hard_bot_decides_within_its_budget_and_never_stops_or_changes_the_region() -> None:
    game = plugin()
    iterations = dict(game.search.settings)["iterations"]
    state = position(["AS KH 2C 3D 4D 9S", "5S 6S 7S 8S 10S JS", "2H 3H 4H 5H 6H 7H", "5C 6C 7C 8C 9C 10C"])
    bot = make_hard_bot(game, seed=1)
    action = bot.choose(state.determinize(0, random.Random(1)), 0)
    assert action in state.legal_actions() and isinstance(action, Play)
    assert 0 < bot.last_iterations <= iterations
    assert set(bot.last_moves) == {Play(c) for c in state.hands[0]}


def test_the_hard_bot_plays_a_legal_session() -> None:
    state = RULES.new_game(3, {**SHORT, "region": "vietnamese", "side_pot": True}, seed=2)
    game = plugin()
    table = [make_hard_bot(game, seed=s, iterations=40) for s in range(3)]
    rng = random.Random(3)
    while state.turn is not None:
        seat = state.turn
        action = table[seat].choose(state.determinize(seat, rng), seat)
        assert action in state.legal_actions()
        assert not isinstance(action, (Stop, ChooseRegion))
        state.apply(action)
    assert state.phase == "over"


def test_the_arena_counts_rounds_won() -> None:
    state = play_session(3, {}, 5, ["normal"])
    counts = bots.arena_counts(state)
    won, dealt = zip(*counts["rounds won"], strict=True)
    assert sum(won) == len(state.records)
    assert all(d <= len(state.records) for d in dealt)
    full = counts["rounds won, full table"]
    assert sum(w for w, _ in full) == sum(1 for r in state.records if len(r.seats) == 3)


def test_the_plugin_wires_the_bots() -> None:
    from cardtable.games.cat_te import GAME

    assert GAME.rule_bot is bots.RuleBot and GAME.hint is bots.hint
    assert GAME.search == plugin().search and GAME.arena_counts is bots.arena_counts


def test_the_hard_bots_playouts_are_the_rule_bots_moves() -> None:
    """The hard bot improves on the rule bot by playing each candidate out as the rule bot would: its playout
    policy is the rule bot's choice, move for move, over sessions in every region."""
    moves = 0
    for region in ("khmer", "laos", "vietnamese"):
        state = RULES.new_game(4, {**SHORT, "region": region}, seed=7)
        rng = random.Random(1)
        rule_bot = bots.RuleBot(0)
        while state.turn is not None:
            seat = state.turn
            expected = rule_bot.choose(state, seat)
            assert bots.rule_rollout(state, rng) == expected
            state.apply(expected)
            moves += 1
    assert moves > 40  # whole sessions, several rounds
