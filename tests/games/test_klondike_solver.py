"""The Klondike solver: its winning lines replay through the engine, its proofs of "unwinnable" agree with an
exhaustive search written apart from it, and its limits and contract hold.

Limits here are node limits, never clocks, so every test is deterministic.  Positions are built by dealing a game
and setting its zones (the last card of a list is its top; `down[i]` face-down cards lie at the bottom of pile i).
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Sequence
from typing import Any

import pytest

from cardtable.core.cards import Card
from cardtable.core.engine import Action
from cardtable.games.klondike import solver
from cardtable.games.klondike.rules import RULES, Draw, KlondikeState, Move, Recycle, Resign
from cardtable.games.klondike.solver import Solution, hint, solve
from tests.games.conftest import arrange, cards

SUITS = ("S", "H", "D", "C")


def new(seed: int, draw: int = 1, passes: str = "unlimited") -> KlondikeState:
    return RULES.new_game(1, {"draw": draw, "passes": passes, "scoring": "standard"}, seed=seed)


def suit_up_to(suit: str, rank: int) -> str:
    """'AS 2S ... <rank>S'."""
    return " ".join(Card(r, suit).code for r in range(1, rank + 1))


def replayed(state: KlondikeState, line: Sequence[Action]) -> KlondikeState:
    """A clone of `state` after `line`, each action checked legal at its step."""
    game = state.clone()
    for step, action in enumerate(line):
        assert action in game.legal_actions(), f"step {step}: {action!r} is not legal"
        game.apply(action)
    return game


def snapshot(state: KlondikeState) -> tuple:
    """Everything observable about a state, copied."""
    return (
        repr(state.view(None)),
        list(state.stock),
        list(state.waste),
        [list(p) for p in state.tableau],
        list(state.down),
        [list(f) for f in state.foundations],
        state.score,
        state.moves,
        state.recycles,
        state.turn,
        state.resigned,
    )


# ----- an exhaustive search, written apart from the solver ---------------------------------------------------------

RED = frozenset("HD")


def reference_winnable(state: KlondikeState, cap: int) -> bool | None:
    """Whether any line of the engine's rules wins from `state`: every reachable position is visited (up to
    renaming piles), with no shortcut; None when more than `cap` positions would be needed."""
    draw, limit = state.draw_count, state.pass_limit
    found = [0, 0, 0, 0]
    for f in state.foundations:
        if f:
            found[SUITS.index(f[-1].suit)] = f[-1].rank
    face = lambda c: (c.rank, c.suit)  # noqa: E731
    piles = tuple(
        (tuple(map(face, p[:d])), tuple(map(face, p[d:]))) for p, d in zip(state.tableau, state.down, strict=True)
    )
    start = (tuple(map(face, state.stock)), tuple(map(face, state.waste)), tuple(found), piles, state.recycles)

    def key(s: tuple) -> tuple:
        return s[0], s[1], s[2], tuple(sorted(s[3])), s[4]

    def fits(card: tuple[int, str], pile: tuple) -> bool:
        down, up = pile
        if not up:
            return not down and card[0] == 13
        return up[-1][0] == card[0] + 1 and (up[-1][1] in RED) != (card[1] in RED)

    def without(position: tuple, source: tuple) -> tuple[tuple, tuple, list, list]:
        stock, waste, fnd, piles, _ = position
        fnd, piles = list(fnd), list(piles)
        if source[0] == "waste":
            waste = waste[:-1]
        elif source[0] == "pile":
            down, up = piles[source[1]]
            up = up[: -source[2]]
            if not up and down:
                down, up = down[:-1], down[-1:]
            piles[source[1]] = (down, up)
        else:
            fnd[source[1]] -= 1
        return stock, waste, fnd, piles

    seen = {key(start)}
    todo = [start]
    while todo:
        position = todo.pop()
        stock, waste, fnd, piles, passes = position
        if sum(fnd) == 52:
            return True
        after = []
        if stock:
            n = min(draw, len(stock))
            after.append((stock[:-n], waste + stock[-n:][::-1], fnd, piles, passes))
        elif waste and (limit is None or passes + 1 < limit):
            after.append((waste[::-1], (), fnd, piles, passes + 1))
        sources: list[tuple[tuple, tuple]] = []
        if waste:
            sources.append(((waste[-1],), ("waste",)))
        for i, (_, up) in enumerate(piles):
            sources += [(up[k:], ("pile", i, len(up) - k)) for k in range(len(up))]
        sources += [(((fnd[s], SUITS[s]),), ("home", s)) for s in range(4) if fnd[s]]
        for run, source in sources:
            head = run[0]
            s = SUITS.index(head[1])
            if len(run) == 1 and source[0] != "home" and fnd[s] == head[0] - 1:
                stock2, waste2, fnd2, piles2 = without(position, source)
                fnd2[s] += 1
                after.append((stock2, waste2, tuple(fnd2), tuple(piles2), passes))
            for j, pile in enumerate(piles):
                if (source[0] != "pile" or source[1] != j) and fits(head, pile):
                    stock2, waste2, fnd2, piles2 = without(position, source)
                    piles2[j] = (piles2[j][0], piles2[j][1] + run)
                    after.append((stock2, waste2, tuple(fnd2), tuple(piles2), passes))
        for nxt in after:
            k = key(nxt)
            if k not in seen:
                seen.add(k)
                if len(seen) > cap:
                    return None
                todo.append(nxt)
    return False


def small_position(rng: random.Random, draw: int, passes: str, left: int, talon_size: int = 1) -> KlondikeState:
    """`left` cards not home, most of them face down in the piles, up to `talon_size` in the talon: blocks are
    common."""
    state = new(1, draw, passes)
    while True:
        homes = [rng.randint(0, 13) for _ in SUITS]
        if sum(homes) == 52 - left:
            break
    state.foundations = [[Card(r, s) for r in range(1, h + 1)] for s, h in zip(SUITS, homes, strict=True)]
    rest = [Card(r, s) for s, h in zip(SUITS, homes, strict=True) for r in range(h + 1, 14)]
    rng.shuffle(rest)
    talon = rest[: rng.randint(0, talon_size)]
    split = rng.randint(0, len(talon))
    state.waste, state.stock = talon[:split], talon[split:]
    state.tableau = [[] for _ in range(7)]
    piles = rng.sample(range(7), rng.randint(1, 3))
    for card in rest[len(talon):]:
        state.tableau[rng.choice(piles)].append(card)
    state.down = [max(0, len(p) - 1) for p in state.tableau]
    state.recycles = 0 if state.pass_limit is None else rng.randint(0, state.pass_limit - 1)
    return state


# ----- winning lines ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "draw, passes, seed",
    [
        (1, "unlimited", 2), (1, "unlimited", 4), (1, "unlimited", 6),
        (3, "unlimited", 2), (3, "unlimited", 4), (3, "unlimited", 6),
        (1, "limited", 11),
        (3, "limited", 8), (3, "limited", 22),
    ],
)
def test_every_winning_line_replays_through_the_engine(draw: int, passes: str, seed: int) -> None:
    state = new(seed, draw, passes)
    solution = solve(state, time_limit=None, node_limit=50_000)
    assert solution.outcome == "won"
    game = replayed(state, solution.line)
    assert game.won and game.is_over()
    if state.pass_limit is not None:
        assert game.recycles < state.pass_limit  # every pass it took was allowed
    assert solution.nodes > 0 and solution.seconds >= 0


def test_a_line_of_a_game_in_progress_replays_too() -> None:
    """Solving from the middle of a game: after some draws and a pass through the stock, with cards on the waste."""
    state = new(8, 3, "limited")
    while state.stock:
        state.apply(Draw())
    state.apply(Recycle())
    state.apply(Draw())
    assert state.recycles == 1 and len(state.waste) == 3
    solution = solve(state, time_limit=None, node_limit=50_000)
    assert solution.outcome == "won"
    game = replayed(state, solution.line)
    assert game.won and game.recycles < state.pass_limit


def test_a_nearly_finished_game_is_won_by_the_obvious_line() -> None:
    """Two Kings left, one on a pile and one in the stock: home, deal, home."""
    state = arrange(
        new(1),
        stock="KH",
        foundations=[suit_up_to("S", 12), suit_up_to("H", 12), suit_up_to("D", 13), suit_up_to("C", 13)],
        tableau=["KS"],
    )
    solution = solve(state, time_limit=None, node_limit=100)
    assert solution.outcome == "won"
    assert solution.line == (Move("t0", "f0", 1), Draw(), Move("waste", "f1", 1))
    assert replayed(state, solution.line).won


@pytest.mark.parametrize("draw, passes", [(1, "unlimited"), (3, "unlimited"), (1, "limited"), (3, "limited")])
def test_a_king_goes_home_from_the_waste(draw: int, passes: str) -> None:
    """The last card, K♦, is in the stock: deal it and play it home (not through an empty pile)."""
    state = arrange(
        new(1, draw, passes),
        stock="KD",
        foundations=[suit_up_to("S", 13), suit_up_to("H", 13), suit_up_to("D", 12), suit_up_to("C", 13)],
    )
    solution = solve(state, time_limit=None, node_limit=100)
    assert solution.line == (Draw(), Move("waste", "f2", 1))


@pytest.mark.parametrize("search_only", [False, True], ids=["solver", "search-only"])
def test_a_talon_king_into_a_pile_just_emptied(search_only: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every pile is taken and every card next for home lies under Q♦, which needs a black King, both in the stock.
    A pile empties only by moving it whole (9♥ onto 10♠, or Q♠ onto a red King once J♠ has left it), and then the
    only use of the empty pile is a King from the talon with Q♦ on it: a talon chain that fills an empty pile while
    a King is due there."""
    if search_only:
        monkeypatch.setattr(solver, "_hopeless", lambda position: False)
    state = arrange(
        new(1),
        stock="KS KC",
        foundations=[suit_up_to("S", 8), suit_up_to("H", 7), suit_up_to("D", 10), suit_up_to("C", 11)],
        tableau=["9H", "JH 10S", "QC 9S 8H JD QD", "KH", "KD", "QS JS", "10H QH"],
        down=[0, 1, 4, 0, 0, 1, 1],
    )
    solution = solve(state, time_limit=None, node_limit=10_000)
    assert solution.outcome == "won"
    assert replayed(state, solution.line).won


# ----- proofs -------------------------------------------------------------------------------------------------------


def blocked_position() -> KlondikeState:
    """One pile, bottom first: K♦ J♠ 10♠ K♥ Q♥ Q♠ (all face down) and K♠ on top; home: spades to 9, hearts to J,
    diamonds to Q, every club.  Q♠ can leave its pile only for a red King or for home; both red Kings lie under it,
    and so do 10♠ and J♠, which must go home before it.  So 10♠ never gets home, though six piles are empty and
    foundation cards may come back down."""
    return arrange(
        new(1),
        foundations=[suit_up_to("S", 9), suit_up_to("H", 11), suit_up_to("D", 12), suit_up_to("C", 13)],
        tableau=["KD JS 10S KH QH QS KS"],
        down=[6],
    )


def test_a_position_that_blocks_itself_is_proved_unwinnable(monkeypatch: pytest.MonkeyPatch) -> None:
    state = blocked_position()
    assert reference_winnable(state, cap=200_000) is False  # the exhaustive search agrees
    assert solve(state, time_limit=None, node_limit=10_000).outcome == "unwinnable"
    # The search alone, without the quick test for hopeless positions, proves it too.
    monkeypatch.setattr(solver, "_hopeless", lambda position: False)
    solution = solve(state, time_limit=None, node_limit=10_000)
    assert solution.outcome == "unwinnable" and solution.line == ()


def test_a_real_deal_is_proved_unwinnable_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 15 (draw 1, unlimited passes): the quick test sees it at once; the search alone gets there too."""
    state = new(15)
    quick = solve(state, time_limit=None, node_limit=100_000)
    monkeypatch.setattr(solver, "_hopeless", lambda position: False)
    searched = solve(state, time_limit=None, node_limit=100_000)
    assert quick.outcome == searched.outcome == "unwinnable"
    assert searched.nodes > quick.nodes


@pytest.mark.parametrize("search_only", [False, True], ids=["solver", "search-only"])
def test_the_solver_agrees_with_an_exhaustive_search(search_only: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Small positions of every draw and pass option: each is decided; a win replays, and every "unwinnable" is
    confirmed by the exhaustive search (positions too big for it are left out, and enough remain)."""
    if search_only:
        monkeypatch.setattr(solver, "_hopeless", lambda position: False)
    rng = random.Random(5)
    checked = {"won": 0, "unwinnable": 0}
    for n in range(48):
        draw, passes = [(1, "unlimited"), (3, "unlimited"), (1, "limited"), (3, "limited")][n % 4]
        state = small_position(rng, draw, passes, left=10)
        solution = solve(state, time_limit=None, node_limit=20_000)
        assert solution.outcome != "undecided", n
        if solution.outcome == "won":
            assert replayed(state, solution.line).won, n
        else:
            truth = reference_winnable(state, cap=30_000)
            if truth is None:
                continue
            assert truth is False, f"position {n}: the solver missed a win"
        checked[solution.outcome] += 1
    assert checked["won"] >= 20 and checked["unwinnable"] >= 12, checked


@pytest.mark.parametrize("search_only", [False, True], ids=["solver", "search-only"])
def test_talon_chains_agree_with_an_exhaustive_search(search_only: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Draw 1 with unlimited passes and several talon cards, where the search plays talon cards to the tableau only
    in chains that end with a card from elsewhere: every "unwinnable" is confirmed by the exhaustive search."""
    if search_only:
        monkeypatch.setattr(solver, "_hopeless", lambda position: False)
    rng = random.Random(7)
    checked = {"won": 0, "unwinnable": 0}
    for n in range(80):
        state = small_position(rng, 1, "unlimited", left=rng.randint(8, 10), talon_size=3)
        solution = solve(state, time_limit=None, node_limit=50_000)
        assert solution.outcome != "undecided", n
        if solution.outcome == "won":
            assert replayed(state, solution.line).won, n
        else:
            truth = reference_winnable(state, cap=30_000)
            if truth is None:
                continue
            assert truth is False, f"position {n}: the solver missed a win"
        checked[solution.outcome] += 1
    assert checked["won"] >= 40 and checked["unwinnable"] >= 6, checked


def twins_position(rng: random.Random) -> KlondikeState | None:
    """A small position with two cards of one rank and colour (twins) in one pile, one above the other, often with a
    parent of theirs under both; None when the draw does not make one."""
    state = new(1, *rng.choice([(1, "unlimited"), (3, "unlimited"), (1, "limited")]))
    rank = rng.randint(10, 12)
    twins, parents = rng.choice([("HD", "SC"), ("SC", "HD")])
    y, x = (Card(rank, s) for s in rng.sample(twins, 2))
    parent = Card(rank + 1, rng.choice(parents))
    homes = {s: rng.randint(max(0, rank - 4), rank - 1) for s in twins}
    homes |= {s: rng.randint(max(0, rank - 3), rank if s == parent.suit else 13) for s in parents}
    state.foundations = [[Card(r, s) for r in range(1, homes[s] + 1)] for s in SUITS]
    others = [Card(r, s) for s in SUITS for r in range(homes[s] + 1, 14) if Card(r, s) not in (y, x, parent)]
    if len(others) > 10:
        return None
    rng.shuffle(others)
    talon = [others.pop() for _ in range(rng.randint(0, min(3, len(others))))]
    state.waste, state.stock = [], talon
    pile = [parent, y, x] if rng.random() < 0.6 else [y, x]
    if len(pile) == 2:
        others.append(parent)
    for card in others[: rng.randint(0, len(others))]:
        pile.insert(rng.randint(0, len(pile)), card)
    rest = [card for card in others if card not in pile]
    state.tableau = [pile] + [[] for _ in range(6)]
    for card in rest:
        state.tableau[rng.randint(1, 3)].append(card)
    state.down = [max(0, len(p) - 1) for p in state.tableau]
    return state


def test_twins_that_block_each_other_are_seen_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Q♦ (face up) above Q♥ above K♣ in one pile, J♥ and J♦ under them: Q♦ can leave only for K♠ and stays there,
    so Q♥ never leaves (K♣ under it, K♠ taken, J♥ under it).  The relaxed game alone does not see it."""
    state = arrange(
        new(1),
        stock="KS",
        foundations=[suit_up_to("S", 12), suit_up_to("H", 10), suit_up_to("D", 10), suit_up_to("C", 12)],
        tableau=["JD JH KC QH QD", "KH", "KD"],
        down=[4],
    )
    position = solver._position(state)
    assert solver._relaxed(position, -1)[0] == [13, 13, 13, 13] and solver._hopeless(position)
    assert solve(state, time_limit=None, node_limit=10).outcome == "unwinnable"
    monkeypatch.setattr(solver, "_hopeless", lambda position: False)
    assert solve(state, time_limit=None, node_limit=10_000).outcome == "unwinnable"  # the search alone agrees
    state.stock = []
    state.tableau[3] = cards("KS")
    assert reference_winnable(state, cap=100_000) is False  # and so does the exhaustive search (talon made smaller)


def test_the_twin_test_agrees_with_an_exhaustive_search() -> None:
    """Random small positions with twins stacked in a pile: whenever the twin test (and not the relaxed game alone)
    calls one lost, the exhaustive search finds no win."""
    rng = random.Random(11)
    checked = tried = 0
    while checked < 6:
        tried += 1
        assert tried < 3000, f"only {checked} positions for the twin test"
        state = twins_position(rng)
        if state is None:
            continue
        position = solver._position(state)
        if solver._relaxed(position, -1)[0] != [13, 13, 13, 13] or not solver._hopeless(position):
            continue
        truth = reference_winnable(state, cap=20_000)
        if truth is None:
            continue
        assert truth is False, f"position {tried}: the twin test called a winnable position lost"
        checked += 1


def test_the_twin_test_stops_early_only_when_it_cannot_fire(monkeypatch: pytest.MonkeyPatch) -> None:
    """The relaxed game with a twin frozen stops once the twin above it or the card below it in its suit gets home;
    the twin test's verdict is the one the whole game gives, on positions met while solving real deals."""
    positions: list[tuple] = []
    hopeless = solver._hopeless

    def recording(position: tuple) -> bool:
        positions.append(position)
        return hopeless(position)

    monkeypatch.setattr(solver, "_hopeless", recording)
    for seed in (889, 391):
        state = new(seed)
        with pytest.raises(solver._Limit):
            solver._Search(state, None, 3000, time.process_time).run(solver._position(state))

    def fires(game: tuple[list[int], bytearray], y: int, x: int, under_x: int) -> bool:
        home, top = game
        return home[x & 3] < x >> 2 and home[y & 3] < (y >> 2) - 1 and any(
            not top[parent] and parent != under_x for parent in solver._PARENTS[y])

    verdicts = []
    for position in positions:
        for pile in position[0]:
            for y, x, under_x in solver._stacked_twins(pile):
                early = fires(solver._relaxed(position, y, x, y - 4), y, x, under_x)
                assert early == fires(solver._relaxed(position, y), y, x, under_x)
                verdicts.append(early)
    assert len(verdicts) > 1000 and 0 < sum(verdicts) < len(verdicts)


# ----- positions covered by others, and restarts ---------------------------------------------------------------------


def talon_card_on_a_pile(position: tuple) -> tuple[int, int] | None:
    """(talon index, pile) of the first talon card that may go on a pile's top card, or None."""
    piles, talon = position[0], position[3]
    for q, card in enumerate(talon):
        for i, pile in enumerate(piles):
            if pile and pile[-1] in solver._PARENTS[card]:
                return q, i
    return None


def test_a_position_is_covered_by_the_one_with_its_talon_cards_back() -> None:
    """With draw 1 and unlimited passes, a position with a talon card put on a pile is covered by the same position
    with the card back in the talon, once that was searched with nothing waiting; not by one searched only with an
    effect waiting, and a card that never was in the talon is never put back."""
    state = next(s for seed in range(1, 50) if talon_card_on_a_pile(solver._position(s := new(seed))))
    root = solver._position(state)
    q, i = talon_card_on_a_pile(root)
    piles, talon = root[0], root[3]
    played = piles[:i] + (piles[i] + talon[q:q + 1],) + piles[i + 1:]
    left = talon[:q] + talon[q + 1:]
    search = solver._Search(state, None, None, time.process_time)
    search.origin = {card: k for k, card in enumerate(talon)}
    searched = search.key(piles, talon, 0, 0)
    search.seen.add(searched + bytes((solver._EMPTY,)))  # searched only with an effect waiting
    assert not search.returned(played, left)
    search.seen.add(searched + b"\xff")
    assert search.returned(played, left)
    search.origin = {}  # as if the card had been in the tableau from the start
    assert not search.returned(played, left)


@pytest.mark.parametrize("seed", [44, 117])
def test_covered_positions_left_out_decide_the_same_sooner(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    quick = solve(new(seed), time_limit=None)
    monkeypatch.setattr(solver._Search, "returned", lambda self, piles, talon: False)
    searched = solve(new(seed), time_limit=None)
    assert quick.outcome == searched.outcome == "unwinnable"
    assert quick.nodes * 3 < searched.nodes


@pytest.mark.parametrize("seed", [662, 839])
def test_restarts_find_a_win_the_main_order_comes_to_late(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Deals 662 and 839: short searches in a shuffled order win them within 20,000 positions, where the main order
    alone does not (restarts begin after 1,000 positions here, to keep the test short)."""
    monkeypatch.setattr(solver, "_ALONE_NODES", 1000)
    won = solve(new(seed), time_limit=None, node_limit=20_000)
    assert won.outcome == "won" and replayed(new(seed), won.line).won
    monkeypatch.setattr(solver, "_ALONE_NODES", 10**9)
    assert solve(new(seed), time_limit=None, node_limit=20_000).outcome == "undecided"


def test_the_main_search_in_slices_ends_as_in_one_go() -> None:
    """The main search pauses between slices and goes on where it stopped: it examines the same positions and
    decides the same as run in one go."""
    state = new(117)
    whole = solver._Search(state, None, None, time.process_time)
    assert whole.run(solver._position(state)) is None
    sliced = solver._Search(state, None, None, time.process_time)
    steps = sliced.search(solver._position(state))
    pauses = 0
    with pytest.raises(StopIteration) as end:
        while True:
            next(steps)
            pauses += 1
    assert end.value.value is None and sliced.nodes == whole.nodes and pauses == whole.nodes // solver._SLICE


# ----- the contract -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("draw, passes, seed", [(1, "unlimited", 2), (3, "limited", 8), (1, "unlimited", 15)])
def test_the_given_state_is_not_changed(draw: int, passes: str, seed: int) -> None:
    state = new(seed, draw, passes)
    state.apply(Draw())
    before = snapshot(state)
    solve(state, time_limit=None, node_limit=50_000)
    assert snapshot(state) == before


def test_a_tiny_node_limit_leaves_the_deal_undecided() -> None:
    state = new(3)
    solution = solve(state, time_limit=None, node_limit=5)
    assert solution.outcome == "undecided"
    assert solution.line == () and solution.nodes <= 6
    assert solve(state, time_limit=None, node_limit=50_000).outcome == "won"  # it was not hopeless, only cut short


def test_games_already_over() -> None:
    won = arrange(new(1), foundations=[suit_up_to(s, 13) for s in SUITS])
    assert won.won
    solution = solve(won)
    assert isinstance(solution, Solution)
    assert (solution.outcome, solution.line, solution.nodes) == ("won", (), 0)
    resigned = new(2)
    resigned.apply(Resign())
    result = solve(resigned)
    assert result.outcome == "unwinnable" and result.line == ()


def test_hint_is_the_first_step_of_a_winning_line() -> None:
    state = new(2)
    action = hint(state)
    assert action is not None and action in state.legal_actions()
    assert action == solve(state, time_limit=None, node_limit=50_000).line[0]
    assert hint(blocked_position()) is None


def test_a_solution_is_frozen() -> None:
    solution = solve(new(2), time_limit=None, node_limit=50_000)
    with pytest.raises(dataclasses.FrozenInstanceError):
        solution.outcome = "unwinnable"  # type: ignore[misc]


@pytest.mark.parametrize(
    "zones",
    [
        {"tableau": ["5H 9S"], "down": [2]},  # a face-down top card
        {"tableau": ["5H 9S"], "down": [0]},  # face-up cards that are not a run
    ],
)
def test_states_the_engine_never_makes_are_refused(zones: dict[str, Any]) -> None:
    state = arrange(new(1), stock=" ".join(c.code for c in _all_but(cards("5H 9S"))), **zones)
    with pytest.raises(ValueError):
        solve(state)


def _all_but(taken: list[Card]) -> list[Card]:
    return [Card(r, s) for s in SUITS for r in range(1, 14) if Card(r, s) not in taken]
