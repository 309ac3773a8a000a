"""King of the Hill bots: the rule bot declares with strong trumps, buries low cards to shorten a suit, calls a high
card it lacks, leads pairs and winners, plays for its side and counts the trumps played, in hand-built positions;
the hint gives a legal move and says why; every level plays legal, seeded games; the search's hooks keep the hard
bot to a few burials and calls, one of two identical plays, and its iteration budget.

Cards are written as in the rules tests: "5H" is the first copy of the 5 of hearts, "5H'" the second, "BJ"/"RJ"
the jokers."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.bots import NoisyBot, RandomBot, make_bot, make_hard_bot
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.core.engine import Action, Event
from cardtable.core.words import Names
from cardtable.games import get_game
from cardtable.games.king_of_the_hill import bots
from cardtable.games.king_of_the_hill.rules import (
    ACE,
    CALL_NONE,
    DECK,
    PASS,
    RULES,
    TRUMP,
    Burials,
    Bury,
    Call,
    ChooseTrump,
    Declare,
    KingState,
    Play,
    card_points,
    card_rank,
    face_of,
    order_for,
)
from tests.games.test_king_of_the_hill_rules import C, cards, deal_order

# ----- positions -----------------------------------------------------------------------------------
# The bots' positions: the cards no hand holds are nowhere (unseen by every seat, so a bot counts them as the
# others' cards), which a position text cannot write (every card is somewhere); so these set a state's fields.


def rigged(first: list[str], start: int = 0, round_: int = 0, koth: int | None = None,
           ranks: list[int] | None = None, seed: int = 0, events: list[Event] | None = None,
           **options: Any) -> KingState:
    """A round dealt in a known order (see `deal_order`), stopped at its first decision.  A later round (`round_`
    above 0) is dealt from `koth`, at the KotH's rank."""
    state = RULES.new_game(5, options, seed=1)
    state.round = round_
    state.koth = koth
    if ranks is not None:
        state.ranks = list(ranks)
    state.start = start
    rank = 2 if round_ == 0 else min(state.ranks[koth], ACE)  # type: ignore[index]
    order = deal_order(first, start if round_ == 0 else koth, card_rank(rank))  # type: ignore[arg-type]
    state._shuffled = lambda: order[::-1]  # type: ignore[method-assign]
    state._rng = lambda purpose: random.Random(seed * 10 + purpose)  # type: ignore[method-assign]
    state._start_round([] if events is None else events)
    state._legal = None
    return state


def position(hands: list[str], trump: str = "S", rank: int = 2, koth: int = 0, leader: int | None = None,
             called: str | None = None, dead: str = "", teammate: int | None = None,
             points: list[int] | None = None, ranks: list[int] | None = None, **options: Any) -> KingState:
    """The trick phase of a round with these hands (seat 0 first), trump rank and suit, KotH, called card and dead
    hand, with `leader` (default: the KotH) to lead."""
    state = RULES.new_game(5, options, seed=1)
    state.rank_value = rank
    state.trump_rank = card_rank(rank)
    state.trump_suit = trump
    state.order = order_for(state.trump_rank, trump)
    state.hands = [cards(h) for h in hands]
    for hand in state.hands:
        state.order.sort(hand)
    state.stack = []
    state.dead = cards(dead)
    state.koth = koth
    state.called = None if called is None else Call(C(called)).card
    state.call_made = True
    state.teammate = teammate
    state.koth_played_called = 0
    state.points = list(points or [0] * 5)
    state.won = [[] for _ in range(5)]
    state.trick, state.led_suit, state.led_count = [], None, 0
    state.last_trick, state.last_winner = (), None
    state.voids, state.nopair = [0] * 5, [0] * 5
    state.declaration, state.declarations = None, []
    if ranks is not None:
        state.ranks = list(ranks)
    state.phase = "play"
    state.leader = state.turn = koth if leader is None else leader
    state._legal = None
    return state


def call_position(hand: str, dead: str, koth: int = 0) -> KingState:
    """The KotH (`koth`) about to call, holding `hand` with `dead` buried."""
    hands = ["3C"] * 5
    hands[koth] = hand
    state = position(hands, koth=koth, dead=dead)
    state.phase, state.call_made, state.called = "call", False, None
    return state

GAME = get_game("king_of_the_hill")
SEATS = Names.seats(5)
VOID_CLUBS = 16  # the engine's bit for clubs in `KingState.voids`


def rule(state: KingState, seed: int = 1) -> Action:
    """The rule bot's move for the seat to act, from that seat's determinization."""
    seat = state.turn
    assert seat is not None
    return bots.RuleBot(seed).choose(state.determinize(seat, random.Random(seed)), seat)


def deal_until_decided(state: KingState, seat: int) -> list[tuple[int, Action]]:
    """Let the rule bot make `seat`'s declaration choices (every other seat passes) until the deal is over; the
    hand sizes at which `seat` chose, with its choices."""
    made = []
    while state.phase == "declare":
        if state.turn == seat:
            action = rule(state)
            made.append((len(state.hands[seat]), action))
            state.apply(action)
        else:
            state.apply(PASS)
    return made


def bury_position(hand: str, trump: str = "H") -> KingState:
    """Seat 0, the KotH, about to bury with these 28 cards."""
    state = position([hand, "", "", "", ""], trump=trump)
    rest = [c for c in DECK if c not in state.hands[0]]
    for k in range(1, 5):
        state.hands[k] = rest[20 * (k - 1):20 * k]
        state.order.sort(state.hands[k])
    state.phase, state.call_made, state.dead = "bury", False, []
    state._legal = None
    return state


# ----- declaring and choosing the trump suit ------------------------------------------------------------------


def test_it_declares_with_a_strong_trump_holding() -> None:
    state = rigged(["2H AH KH QH JH", "", "", "", ""])
    made = deal_until_decided(state, 0)
    assert made[-1] == (5, Declare("H", False))
    assert all(a == PASS for _, a in made[:-1])  # not on one card: too early to tell
    assert state.trump_suit == "H" and state.koth == 0


def test_it_passes_with_a_weak_one() -> None:
    state = rigged(["2H 3C 4D 6S 7C 8D 9S 3D 4C 6D", "", "", "", ""])
    made = deal_until_decided(state, 0)
    assert made and all(a == PASS for _, a in made)


def test_it_strengthens_its_own_single_into_a_pair() -> None:
    state = rigged(["2H AH KH QH JH 2H'", "", "", "", ""])
    made = deal_until_decided(state, 0)
    assert [a for _, a in made if a != PASS] == [Declare("H", False), Declare("H", True)]
    assert state.declaration == (0, "H", True)


def test_in_a_later_round_the_koth_lets_nobody_declare_and_chooses() -> None:
    """Seat 0 is the KotH (rank 5): with the same strong holding it passes, and then chooses hearts with its whole
    hand; another seat declares."""
    state = rigged(["5H AH KH QH JH 10H 9H 8H", "", "", "", ""], round_=1, koth=0, ranks=[5, 2, 2, 2, 2])
    assert all(a == PASS for _, a in deal_until_decided(state, 0))
    assert state.phase == "trump" and state.turn == 0
    assert rule(state) == ChooseTrump("H")
    state = rigged(["", "5H AH KH QH JH", "", "", ""], round_=1, koth=0, ranks=[5, 2, 2, 2, 2])
    assert deal_until_decided(state, 1)[-1][1] == Declare("H", False)


# ----- the dead hand and the call -------------------------------------------------------------------------------


STRONG_28 = ("BJ RJ 2H 2S AH KH QH JH 10H 9H "  # ten trumps
             "AS KS 10S 5S 3S "  # spades with points
             "3C 4C 6C 7C 8C "  # five low clubs without points
             "AD QD JD 9D 8D 6D 4D 3D")


def test_it_buries_low_cards_without_points_and_shortens_a_suit() -> None:
    state = bury_position(STRONG_28)
    action = rule(state)
    assert isinstance(action, Bury) and action in state.legal_actions()
    buried = set(action.cards)
    assert not any(card_points(c) for c in buried)
    assert not any(state.order.suit_of[c] == TRUMP for c in buried)
    assert C("AD") not in buried and C("AS") not in buried
    left = [c for c in state.hands[0] if c not in buried]
    assert not any(c.suit == "C" for c in left), "clubs are buried whole: a void to ruff with"


def test_burial_variants_shorten_each_plain_suit() -> None:
    state = bury_position(STRONG_28)
    variants = bots.burial_variants(state.hands[0], state.order)
    assert len({cards for _, cards in variants}) == len(variants) >= 3
    assert [score for score, _ in variants] == sorted(score for score, _ in variants)
    assert all(Bury(cards) in state.legal_actions() for _, cards in variants)
    assert any(all(c.suit == "D" for c in cards) for _, cards in variants), "a variant buries diamonds"


def test_it_calls_a_high_card_it_lacks() -> None:
    """Spades are trump: the KotH holds both aces of spades, one of hearts and none of diamonds or clubs; it is
    short in diamonds (to lead into) and long in clubs."""
    state = call_position("AS AS' AH 3H 4D 6D 2C 3C 4C 6C 7C 8C 9C JC QC BJ RJ 5S 6S 7S", "8H 9H 10D 3D 9S 10S 4S 3S")
    action = rule(state)
    assert action == Call(C("AD")) and action in state.legal_actions()


def test_it_never_calls_a_card_it_holds_twice() -> None:
    state = call_position("AH AH' AD AD' AC AC' 3H 4D 6D 2C 3C 4C BJ RJ 5S 6S 7S 8S 9S JS", "KH KH' KD KD' KC KC' "
                          "QH QH'")
    options = bots.call_options(state, 0)
    assert options and all(a in state.legal_actions() for _, a in options)
    action = rule(state)
    assert action in state.legal_actions() and action != CALL_NONE
    assert action.card is not None and face_of(action.card)[0] not in (1, 13)


# ----- leading ------------------------------------------------------------------------------------------------


def test_it_leads_a_pair_nobody_can_beat() -> None:
    state = position(["AH AH' 3C 4D", "KH QH 5C 6D", "JH 9H 7C 8D", "8H 7H 9C 10D", "6H 4H JC QD"])
    assert rule(state) == Play(tuple(cards("AH AH'")))


def test_it_leads_a_winner() -> None:
    state = position(["AD 3H 5C 7C", "KD QD 4H 6H", "JD 9D 8H 9H", "8D 7D 10H JH", "6D 4D QH KH"])
    assert rule(state) == Play((C("AD"),))


def test_it_counts_the_trumps_played() -> None:
    """Seat 2 has shown it holds no clubs: the ace of clubs is a winner to lead only once no trump is left
    unseen (all played, in the tricks won)."""
    hands = ["AC 3D 4D 6H", "KC 5D 7H 8H", "8D 9D 9H 10H", "QC 10D JH QH", "JC JD KH 3H"]
    state = position(hands, trump="S")
    state.voids[2] = VOID_CLUBS
    assert bots.Sight(state, 0).unseen(TRUMP) == 36
    assert rule(state) != Play((C("AC"),))
    state.won[1] = [c for c in DECK if state.order.suit_of[c] == TRUMP]
    assert bots.Sight(state, 0).unseen(TRUMP) == 0
    assert rule(state) == Play((C("AC"),))


def test_the_koth_leads_low_into_the_called_suit() -> None:
    state = position(["3D 4C 6C 8H", "AD 5D 7C 9H", "8D 9D 9C 10H", "QD 10D JH QH", "JD 7D KH 3H"], trump="S",
                     called="AD")
    assert rule(state) == Play((C("3D"),))


# ----- following ----------------------------------------------------------------------------------------------


def follow_position(**kw: Any) -> KingState:
    """Seat 1 leads the ace of hearts; seats 2, 3 and 4 follow low; seat 0 (the KotH, with teammate `teammate`)
    plays last, holding the king and the three of hearts."""
    hands = ["KH 3H 4C", "AH 5C 6C", "4H 7C 8C", "5H 9C 10C", "6H JC QC"]
    state = position(hands, trump="S", leader=1, **kw)
    for text in ("AH", "4H", "5H", "6H"):
        state.apply(Play((C(text),)))
    return state


def test_it_gives_points_to_a_trick_its_side_wins() -> None:
    state = follow_position(teammate=1, called="AH")
    assert bots.sides(state, 0) == [1, 1, -1, -1, -1]
    assert rule(state) == Play((C("KH"),))


def test_it_keeps_points_from_the_other_side() -> None:
    state = follow_position(teammate=2, called="4C")
    assert bots.sides(state, 0) == [1, -1, 1, -1, -1]
    assert rule(state) == Play((C("3H"),))


def test_the_holder_of_the_called_card_plays_for_the_koth() -> None:
    """Before the reveal, the seat holding the called card counts itself on the KotH's side; the others know only
    the KotH."""
    hands = ["AH 5C 6C", "KH 3H 4C", "4H 7C QS", "5H 9C 10C", "6H JC QC"]
    state = position(hands, trump="S", leader=0, koth=0, called="QS")
    assert bots.sides(state, 2) == [1, -1, 1, -1, -1]
    assert bots.sides(state, 1) == [-1, 1, 0, 0, 0]
    for text in ("AH", "3H"):
        state.apply(Play((C(text),)))
    state.hands[2] = cards("10H 4H 7C QS")
    state._legal = None
    assert rule(state) == Play((C("10H"),)), "the KotH's ace holds the trick: the holder adds ten points"


def test_it_ruffs_a_trick_with_points() -> None:
    """Seat 0, last and out of hearts, ruffs the king of hearts with its lowest trump."""
    hands = ["3S 9S 4C", "KH 5C 6C", "4H 7C 8C", "5H 9C 10C", "6H JC QC"]
    state = position(hands, trump="S", leader=1, koth=1)
    for text in ("KH", "4H", "5H", "6H"):
        state.apply(Play((C(text),)))
    assert rule(state) == Play((C("3S"),))


def test_it_plays_a_pair_to_a_pair() -> None:
    """It cannot beat the queens: its lower pair."""
    hands = ["3H 3H' 9H 9H' 4C", "4H 7H 7C 8C 3D", "5H 8H 9C 10C 4D", "6H 10H JC QC 5D", "QH QH' 5C 6C 6D"]
    state = position(hands, trump="S", leader=4, koth=4)
    state.apply(Play(tuple(cards("QH QH'"))))
    assert state.turn == 0
    action = rule(state)
    assert action == Play(tuple(cards("3H 3H'"))) and action in state.legal_actions()


# ----- the hint -----------------------------------------------------------------------------------------------


def test_the_hint_is_a_legal_move_with_a_reason_in_every_phase() -> None:
    seen = set()
    for seed in range(6):
        state = RULES.new_game(5, {"rounds": 2}, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while state.turn is not None and steps < 400:
            h = bots.hint(state)
            assert h is not None and h.action in state.legal_actions(), (state.phase, h)
            said = GAME.narration.hint(h, SEATS)
            assert h.why and not h.text and said.endswith(".") and "{" not in said, said
            named = GAME.narration.action(h.action, SEATS)
            assert said.startswith(named.split(" ")[0]) or said.startswith("Choose "), said
            seen.add(state.phase)
            action = rule(state, seed) if rng.random() < 0.7 else RandomBot(steps).choose(state, state.turn)
            state.apply(action)
            steps += 1
    assert {"declare", "bury", "call", "play"} <= seen


def test_the_hint_says_why() -> None:
    h = bots.hint(follow_position(teammate=2, called="4C"))
    assert h is not None and h.action == Play((C("3H"),)) and "keep your points" in GAME.narration.hint(h, SEATS)
    h = bots.hint(follow_position(teammate=1, called="AH"))
    assert h is not None and h.action == Play((C("KH"),)) and "your side wins" in GAME.narration.hint(h, SEATS)
    h = bots.hint(bury_position(STRONG_28))
    said = GAME.narration.hint(h, SEATS) if h is not None else ""
    assert said.startswith("Bury ") and "clubs" in said and said.count(":") == 1, said


# ----- whole games ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [{"rounds": 1}, {"rounds": 2, "timers": True}, {"rounds": 3}])
def test_the_rule_and_easy_bots_play_legal_seeded_games(options: dict[str, Any]) -> None:
    for seed in range(3):
        state = RULES.new_game(5, options, seed=seed)
        table = [make_bot(GAME, "normal", seed * 10 + s) if s % 2 else make_bot(GAME, "easy", seed * 10 + s)
                 for s in range(5)]
        table[4] = RandomBot(seed)
        rng = random.Random(seed)
        while state.turn is not None:
            seat = state.turn
            action = table[seat].choose(state.determinize(seat, rng), seat)
            assert action in state.legal_actions(), (state.phase, action)
            state.apply(action)
        assert len(state.records) == options["rounds"]


def test_the_rule_bot_is_seeded_and_leaves_the_state_alone() -> None:
    state = RULES.new_game(5, {"rounds": 1}, seed=4)
    while state.phase != "play":
        state.apply(rule(state))
    for _ in range(13):
        state.apply(rule(state))
    seat = state.turn
    before = repr(state.view(None)), [list(h) for h in state.hands]
    choices = {bots.RuleBot(s).choose(state.determinize(seat, random.Random(s)), seat) for s in range(4)}
    assert len(choices) == 1
    assert (repr(state.view(None)), [list(h) for h in state.hands]) == before


def test_easy_is_the_rule_bot_with_noise() -> None:
    easy = make_bot(GAME, "easy", 3)
    assert isinstance(easy, NoisyBot) and isinstance(easy.bot, bots.RuleBot)
    assert isinstance(make_bot(GAME, "normal", 3), bots.RuleBot)


def test_noise_while_burying_picks_a_burial_without_listing_them() -> None:
    state = bury_position(STRONG_28)
    noisy = NoisyBot(bots.RuleBot(1), noise=1.0, seed=2)
    assert isinstance(state.legal_actions(), Burials)
    assert noisy.choose(state.determinize(0, random.Random(1)), 0) in state.legal_actions()


# ----- the hard bot and its hooks -----------------------------------------------------------------------------------


def hard(seed: int, iterations: int = 30) -> ISMCTSBot:
    bot = make_hard_bot(GAME, seed, iterations=iterations, time_limit=None)
    assert isinstance(bot, ISMCTSBot)
    return bot


def test_the_plugin_wires_the_bots() -> None:
    assert GAME.rule_bot is bots.RuleBot and GAME.hint is bots.hint and GAME.arena_counts is bots.arena_counts
    hooks = GAME.search
    assert hooks.reward is bots.search_reward and hooks.done is bots.search_done
    assert hooks.rollout is bots.search_rollout and hooks.candidates is bots.search_candidates
    assert dict(hooks.settings) == bots.search_settings()


def test_the_hard_bot_buries_one_of_the_rule_bots_variants_within_its_budget() -> None:
    state = bury_position(STRONG_28)
    bot = hard(1, iterations=24)
    action = bot.choose(state.determinize(0, random.Random(1)), 0)
    variants = [Bury(cards) for _, cards in bots.burial_variants(state.hands[0], state.order)[:bots.BURIALS]]
    assert action in variants and action in state.legal_actions()
    assert 0 < bot.last_iterations <= 24 and list(bot.last_moves) == variants


def test_the_hard_bot_is_deterministic_and_legal_through_a_round() -> None:
    def decisions(seed: int) -> list[Action]:
        state = RULES.new_game(5, {"rounds": 1}, seed=7)
        bot = hard(seed, iterations=12)
        rng = random.Random(3)
        chosen = []
        while state.turn is not None and len(chosen) < 70:
            seat = state.turn
            world = state.determinize(seat, rng)
            action = bot.choose(world, seat) if seat == 2 else rule(state)
            assert action in state.legal_actions()
            if seat == 2:
                assert bot.last_iterations <= 12
                chosen.append(action)
            state.apply(action)
        return chosen

    assert decisions(5) == decisions(5)


def test_candidates_are_few_burials_and_calls_and_one_of_identical_plays() -> None:
    state = bury_position(STRONG_28)
    burials = bots.search_candidates(state, 0)
    assert burials is not None and 1 < len(burials) <= bots.BURIALS
    assert all(a in state.legal_actions() for a in burials)
    state = call_position("AS AS' AH 3H 4D 6D 2C 3C 4C 6C 7C 8C 9C JC QC BJ RJ 5S 6S 7S", "8H 9H 10D 3D 9S 10S 4S 3S")
    calls = bots.search_candidates(state, 0)
    assert calls is not None and CALL_NONE in calls and len(calls) <= bots.CALLS + 1
    assert all(a in state.legal_actions() for a in calls)
    state = position(["3C 3C' 4D", "KH 5C 6C", "4H 7C 8C", "5H 9C 10C", "6H JC QC"])
    plays = bots.search_candidates(state, 0)
    assert plays is not None and len(state.legal_actions()) == 4
    assert sorted(len(a.cards) for a in plays) == [1, 1, 2]  # one 3 of clubs, the pair, the 4 of diamonds
    state = rigged(["2H", "", "", "", ""])
    assert bots.search_candidates(state, 0) is None


def test_the_reward_is_the_ranks_gained_scaled() -> None:
    root = RULES.new_game(5, {"rounds": 2}, seed=3)
    state = root.clone()
    while not bots.search_done(state, root):
        state.apply(rule(state))
    record = state.records[0]
    rewards = bots.search_reward(state, root)
    assert all(0.0 <= r <= 1.0 for r in rewards)
    gains = [a - b for a, b in zip(record.ranks_after, record.ranks_before, strict=True)]
    order = sorted(range(5), key=lambda s: gains[s])
    assert [rewards[s] for s in order] == sorted(rewards)
    assert state.turn is not None, "the playout stops at the round's end, not the game's"


def test_arena_counts() -> None:
    state = RULES.new_game(5, {"rounds": 2}, seed=2)
    while state.turn is not None:
        state.apply(rule(state))
    counts = bots.arena_counts(state)
    assert sum(k for k, _ in counts["King of the Hill"]) == 2
    assert all(n == 2 for _, n in counts["went up"])


def test_worlds_are_weighed_by_the_plays_a_rule_bot_would_make() -> None:
    """The KotH (seat 0) called the ace of clubs and leads the ace of hearts; seat 1 adds its king.  A player like
    the rule bot does that only for its own side: a world in which seat 1 holds the called ace fits; one in which
    it does not is less likely."""
    hands = ["AH 5C 6C", "KH 3H AC", "4H 7C 8C", "5H 9C 10C", "6H JC QC"]
    state = position(hands, trump="S", called="AC")
    for text in ("AH", "KH"):
        state.apply(Play((C(text),)))
    assert bots.world_weight(state, 2) == 1.0
    other = state.clone()
    other.hands[1], other.hands[3] = cards("3H 9C"), cards("5H AC 10C")
    assert bots.world_weight(other, 2) == pytest.approx(bots.OTHER_PLAY)


def test_the_true_deal_of_rule_bots_is_almost_always_likely() -> None:
    fits = total = 0
    for seed in range(4):
        state = RULES.new_game(5, {"rounds": 1}, seed=seed)
        while state.turn is not None:
            if state.phase == "play":
                total += 1
                fits += bots.world_weight(state, state.turn) == 1.0
            state.apply(rule(state))
    assert fits >= 0.95 * total
