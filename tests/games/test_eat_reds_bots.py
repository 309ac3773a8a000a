"""Eat Reds bots: the rule bot captures the most valuable red, leaves the next player little, and keeps the cards
that pair with unseen cards, in hand-built positions; it reads nothing hidden; every level plays legal games for 2
to 4 players and is seeded; normal beats easy and easy beats random; the hint and the search hooks give legal
moves, and the hard bot keeps to its budget."""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

import pytest

from cardtable.bots import make_bot, make_hard_bot
from cardtable.bots.ismcts import SearchHooks
from cardtable.core.cards import Card
from cardtable.core.words import Names
from cardtable.games.eat_reds import bots
from cardtable.games.eat_reds.narration import NARRATION
from cardtable.games.eat_reds.rules import (
    DECK,
    RULES,
    Capture,
    Discard,
    EatRedsState,
    TakeWithStock,
    points_of,
)
from cardtable.games.plugin import GamePlugin, Hint


def C(code: str) -> Card:  # noqa: N802 - reads like a card literal
    return Card.from_code(code)


def cards(codes: str) -> list[Card]:
    return [C(code) for code in codes.split()]


def plugin() -> GamePlugin:
    """The game as the bots see it: the rules and this module's hooks."""
    return GamePlugin(rules=RULES, layout=None, rule_bot=bots.RuleBot, hint=bots.hint,
                      search=SearchHooks(reward=bots.search_reward, done=bots.search_done,
                                         rollout=bots.search_rollout,
                                         candidates=bots.search_candidates,
                                         settings=tuple(sorted(bots.search_settings().items()))),
                      arena_counts=bots.arena_counts)


def position(mine: str, layout: str, won: Sequence[str] = (), *, players: int = 2, seat: int = 0,
             stock: int = 10, deal: int = 0, turned: str | None = None) -> EatRedsState:
    """`seat` to play `mine` (its hand) on `layout`, with these won piles (one string per seat); the other hands
    (as many cards each as `mine`) and a stock of `stock` cards are dealt from the cards left by `deal`'s shuffle,
    and what remains is out of the deal (as if captured long ago by no one: the bots count it unseen)."""
    state = RULES.new_game(players, {}, seed=1)
    hand = cards(mine)
    piles = [cards(w) for w in won] + [[] for _ in range(players - len(won))]
    named = hand + cards(layout) + [c for p in piles for c in p] + ([C(turned)] if turned else [])
    assert len(set(named)) == len(named)
    rest = [c for c in DECK if c not in named]
    random.Random(deal).shuffle(rest)
    state.hands = [hand if s == seat else [rest.pop() for _ in hand] for s in range(players)]
    state.stock = [rest.pop() for _ in range(stock)]
    state.layout = cards(layout)
    state.by_rank = [[] for _ in range(14)]
    for card in state.layout:
        state.by_rank[card.rank].append(card)
    state.won = piles
    state.points = [points_of(p) for p in piles]
    state.turned = C(turned) if turned else None
    state.trio = None
    state.dealer_captures = []
    state.phase = "stock" if turned else "play"
    state.turn = seat
    return state


def choose(state: EatRedsState, seed: int = 1) -> object:
    seat = state.turn
    assert seat is not None
    action = bots.RuleBot(seed).choose(state.determinize(seat, random.Random(seed)), seat)
    assert action in state.legal_actions()
    return action


# ----- the rule bot in hand-built positions ----------------------------------------------------------------------


def test_it_captures_the_most_valuable_red() -> None:
    """9♣ takes the red ace (20 points) rather than 3♣ the 7♦ (7) or 8♠ the 2♥ (2)."""
    state = position("9C 3C 8S", "AH 7D 2H 4S")
    assert choose(state) == Capture(C("9C"), C("AH"))


def test_it_chooses_the_most_valuable_target() -> None:
    """A card with two targets takes the red one; so does the turned stock card."""
    state = position("5S 2C", "5C 5D 3S")
    assert choose(state) == Capture(C("5S"), C("5D"))
    state = position("2C 4S", "KC KH 3S", turned="KS")
    assert set(state.legal_actions()) == {TakeWithStock(C("KC")), TakeWithStock(C("KH"))}
    assert choose(state) == TakeWithStock(C("KH"))


def test_it_takes_first_what_the_next_player_could_take() -> None:
    """Q♠ and J♠ can each take a red 10-pointer.  Every other jack has been seen, so the J♥ is safe for later,
    while the next player may well hold a queen for the Q♥: it takes the Q♥ now."""
    state = position("QS JS 2C", "QH JH 4S", won=["", "JC JD"])
    assert choose(state) == Capture(C("QS"), C("QH"))
    scored = {a.action: a for a in bots.assess(state, 0, state.legal_actions())}
    later = scored[Capture(C("JS"), C("JH"))]
    now = scored[Capture(C("QS"), C("QH"))]
    assert later.gain == now.gain == 10
    assert later.threat > now.threat


def test_it_does_not_leave_a_red_for_the_next_player() -> None:
    """Nothing can capture: the 7♥ on the layout would be worth 7 points to whoever holds a 3, the 7♣ nothing but
    the capturing card: it plays the black one."""
    state = position("7H 7C", "KS QS 2C 4S")
    assert all(isinstance(a, Discard) for a in state.legal_actions())
    assert choose(state) == Discard(C("7C"))
    scored = {a.action.card: a for a in bots.assess(state, 0, state.legal_actions())}
    assert scored[C("7H")].threat > scored[C("7C")].threat


def test_it_keeps_the_cards_that_pair_with_unseen_cards() -> None:
    """Nothing can capture.  Every other jack has been seen, so J♣ can never capture and no one can take it;
    the 6♣ pairs with four unseen 4s: it keeps the 6♣ and plays the jack."""
    state = position("6C JC", "KS QS 2C 3S", won=["JH JD", "JS"])
    assert choose(state) == Discard(C("JC"))
    scored = {a.action.card: a for a in bots.assess(state, 0, state.legal_actions())}
    assert scored[C("JC")].keep == 0.0 < scored[C("6C")].keep


def test_it_lets_a_safe_capture_wait() -> None:
    """Its 8♠ could take 2♥ now, but every other 8 has been seen: the 2♥ waits for it.  Its A♣ takes the 9♦ now,
    which anyone holding an ace could take next."""
    state = position("8S AC", "2H 9D", won=["8H 8D", "8C"])
    assert choose(state) == Capture(C("AC"), C("9D"))


def test_it_reads_no_hidden_card() -> None:
    """Positions that differ only in the other hands and the stock get the same choice, assessment and hint."""
    for mine, layout, won in [("QS JS 2C 7H", "QH JH 4S", ["", "JC JD"]), ("7H 7C 5S", "KS QS 2C 4S", []),
                              ("6C JC 9S", "KS QS 2C 3S AD", ["JH JD", "JS"])]:
        for players in (2, 3, 4):
            states = [position(mine, layout, won, players=players, deal=deal) for deal in range(4)]
            assert len({tuple(map(tuple, s.hands[1:])) + tuple(s.stock) for s in states}) == 4
            picks = {bots.RuleBot(1).choose(s, 0) for s in states}
            assert len(picks) == 1
            assessed = {tuple((a.action, round(a.value, 9)) for a in bots.assess(s, 0, s.legal_actions()))
                        for s in states}
            assert len(assessed) == 1
            hints = [bots.hint(s) for s in states]
            assert all(h == hints[0] for h in hints)
            assert len({tuple(bots.search_candidates(s, 0) or ()) for s in states}) == 1


def test_the_rule_bot_does_not_change_the_state_and_is_seeded() -> None:
    state = RULES.new_game(3, {}, seed=3)
    before = repr(state.view(None)), [list(h) for h in state.hands], list(state.stock)
    picks = [bots.RuleBot(7).choose(state.determinize(1, random.Random(2)), 1) for _ in range(2)]
    assert picks[0] == picks[1]
    assert (repr(state.view(None)), [list(h) for h in state.hands], list(state.stock)) == before


# ----- whole games ---------------------------------------------------------------------------------------------


def play(players: int, seed: int, table: Sequence[object], options: dict | None = None) -> EatRedsState:
    """A whole game, each seat's bot called as the table calls it; every choice must be legal."""
    state = RULES.new_game(players, options or {}, seed=seed)
    rng = random.Random(seed)
    while state.turn is not None:
        seat = state.turn
        action = table[seat].choose(state.determinize(seat, rng), seat)  # type: ignore[attr-defined]
        assert action in state.legal_actions(), (action, state.legal_actions())
        state.apply(action)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_levels_play_legal_games(players: int, level: str) -> None:
    game = plugin()
    for seed in range(8):
        options = {"rounds": 2} if seed % 4 == 0 else {}
        state = play(players, seed, [make_bot(game, level, seed * 10 + s) for s in range(players)], options)
        assert state.phase == "over" and len(state.history) == options.get("rounds", 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_hard_bot_plays_a_legal_game(players: int) -> None:
    game = plugin()
    table = [make_hard_bot(game, seed=s, iterations=40) if s == 0 else make_bot(game, "normal", s)
             for s in range(players)]
    state = play(players, 5, table)
    assert state.phase == "over"


def test_the_levels_are_seeded() -> None:
    game = plugin()
    for level in ("easy", "normal"):
        first = play(3, 9, [make_bot(game, level, s) for s in range(3)])
        again = play(3, 9, [make_bot(game, level, s) for s in range(3)])
        assert first.won == again.won
    state = RULES.new_game(2, {}, seed=4)
    seat = state.turn
    assert seat is not None
    world = state.determinize(seat, random.Random(1))
    picks = {make_hard_bot(game, seed=3, iterations=150).choose(world.clone(), seat) for _ in range(2)}
    assert len(picks) == 1


def test_the_hard_bot_keeps_to_its_budget() -> None:
    """Its iterations are the budget of a decision (the time limit is only a safety net); the settings the game
    declares reach the search."""
    settings = bots.search_settings()
    bot = make_hard_bot(plugin(), seed=1)
    assert bot.iterations == settings["iterations"]  # type: ignore[attr-defined]
    assert bot.time_limit is not None and bot.time_limit >= 1.0  # type: ignore[attr-defined]
    small = make_hard_bot(plugin(), seed=1, iterations=60)
    state = RULES.new_game(2, {}, seed=8)
    rng = random.Random(0)
    searched = 0
    while state.turn is not None:
        seat = state.turn
        action = small.choose(state.determinize(seat, rng), seat)
        found = bots.search_candidates(state, seat)
        if found is None or len(found) == 1:
            assert small.last_iterations == 0  # type: ignore[attr-defined]
        else:
            searched += 1
            assert 0 < small.last_iterations <= 60  # type: ignore[attr-defined]
        state.apply(action)
    assert searched > 0


def average_scores(kinds: Sequence[str], games: int) -> list[float]:
    """The average score of each kind of bot over `games` two-player games, seats swapped on each deal."""
    game = plugin()
    totals: list[list[float]] = [[], []]
    for g in range(games):
        swap = g % 2
        table = [make_bot(game, kinds[(s + swap) % 2], g * 2 + s) if kinds[(s + swap) % 2] != "random"
                 else _random(g * 2 + s) for s in range(2)]
        state = play(2, 30_000 + g // 2, table)
        for s in range(2):
            totals[(s + swap) % 2].append(state.points[s])
    return [statistics.fmean(t) for t in totals]


def _random(seed: int) -> object:
    from cardtable.bots import RandomBot

    return RandomBot(seed)


def test_normal_beats_easy_and_easy_beats_random() -> None:
    normal, easy = average_scores(["normal", "easy"], 400)
    assert normal > easy + 8
    easy, rand = average_scores(["easy", "random"], 400)
    assert easy > rand + 20


# ----- the hint -------------------------------------------------------------------------------------------------


def said(advice: Hint | None, players: int = 2) -> str:
    """A hint as the table says it, the seats called by number."""
    assert advice is not None
    return NARRATION.hint(advice, Names.seats(players))


def test_the_hint_names_the_capture_and_its_points() -> None:
    state = position("9C 3C 8S", "AH 7D 2H 4S")
    advice = bots.hint(state)
    assert advice is not None and advice.action == Capture(C("9C"), C("AH"))
    assert said(advice).startswith("Capture A♥ with 9♣: it wins 20 points")


def test_the_hint_explains_a_card_played_to_the_layout() -> None:
    state = position("6C JC", "KS QS 2C 3S", won=["JH JD", "JS"])
    advice = bots.hint(state)
    assert advice is not None and advice.action == Discard(C("JC"))
    assert said(advice).startswith("Play J♣ to the layout: no card of yours can capture")
    assert "no one can take it" in said(advice)
    state = position("KH 5S", "KC 5H 3S", turned="KD")
    advice = bots.hint(state)
    assert advice is not None and advice.action == TakeWithStock(C("KC"))  # 5♥ (5) stays for the 5♠ of its hand
    assert said(advice).startswith("Take K♣ with the turned card: ")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_hint_is_a_legal_move_with_a_reason(players: int) -> None:
    for seed in range(3):
        state = RULES.new_game(players, {"rounds": 2}, seed=seed)
        rng = random.Random(seed)
        while state.turn is not None:
            advice = bots.hint(state)
            assert isinstance(advice, Hint)
            assert advice.action in state.legal_actions()
            text = said(advice, players)
            assert text.startswith(NARRATION.action(advice.action, Names.seats(players)) + ": ")
            assert text.endswith(".") and len(text) > 30 and "{" not in text
            state.apply(rng.choice(state.legal_actions()))
        assert bots.hint(state) is None


# ----- the search hooks -----------------------------------------------------------------------------------------


def test_the_search_hooks_score_the_deal_searched() -> None:
    state = RULES.new_game(3, {"rounds": 2}, seed=5)
    root = state.clone()
    rng = random.Random(1)
    while not bots.search_done(state, root):
        rewards = bots.search_reward(state, root)
        assert all(0.0 <= r <= 1.0 for r in rewards)
        state.apply(bots.search_rollout(state, rng))
    assert len(state.history) == 1 and state.turn is not None  # the next deal has begun
    points = state.history[0].points
    assert bots.search_reward(state, root) == [p / 210 for p in points]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_search_rollout_and_candidates_are_legal(players: int) -> None:
    for seed in range(4):
        state = RULES.new_game(players, {}, seed=seed)
        rng = random.Random(seed)
        while state.turn is not None:
            legal = state.legal_actions()
            found = bots.search_candidates(state, state.turn)
            if len(legal) == 1:
                assert found is None
            else:
                assert found and len(found) <= bots.CANDIDATES and set(found) <= set(legal)
                scored = {a.action: a.value for a in bots.assess(state, state.turn, legal)}
                best = bots.best_assessment(state, state.turn, legal)
                assert found[0] == best.action
                assert all(scored[a] >= best.value - bots.MARGIN for a in found)
            action = bots.search_rollout(state, rng)
            assert action in legal
            state.apply(action)


def test_the_search_tries_only_the_close_calls() -> None:
    """A red ace to take is a clear choice (one candidate, played without searching); two cards to play to the
    layout, both worth little, are a close call (both searched, the rule bot's choice first)."""
    clear = position("9C 3C 8S", "AH 7D 2H 4S")
    assert bots.search_candidates(clear, 0) == [Capture(C("9C"), C("AH"))]
    close = position("6C JC", "KS QS 2C 3S", won=["JH JD", "JS"])
    assert bots.search_candidates(close, 0) == [Discard(C("JC")), Discard(C("6C"))]
    forced = position("6C", "KS QS 2C 3S")
    assert bots.search_candidates(forced, 0) is None


def test_the_arena_counts_the_deals_topped() -> None:
    state = play(3, 2, [bots.RuleBot(s) for s in range(3)], {"rounds": 2})
    counts = bots.arena_counts(state)["deals topped"]
    assert [t for _, t in counts] == [2, 2, 2]
    for d in range(2):
        assert sum(1 for s in range(3) if state.history[d].points[s] == max(state.history[d].points)) >= 1
    assert sum(m for m, _ in counts) >= 2


def test_the_plugin_wires_the_bots() -> None:
    from cardtable.games.eat_reds import GAME

    assert GAME.rule_bot is bots.RuleBot and GAME.hint is bots.hint and GAME.arena_counts is bots.arena_counts
    assert GAME.search == plugin().search
