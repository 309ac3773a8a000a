"""What the hard bot's decisions gain over the rule bot's, judged on the true cards: a low-noise strength measure.

    python3 benchmarks/decision_gain.py --game cat_te --deals 150 --option region=khmer --option rounds=1

Games between rule bots (the normal level) are played; at every decision with a real choice (the game's search
candidates, else the legal actions) the hard bot decides too, from a determinization as at the table.  Where its
move differs from the rule bot's, both moves are played out on the TRUE state by rule bots for every seat, to the
end of the search's horizon (the game's `done` hook, else the game's end), and scored by the game's search reward
for the deciding seat.  A rule bot plays the same way every time, so each difference is exact: the spread of the
total comes only from which positions were met, not from the luck of the playouts, and far fewer games show a
difference than an arena match needs.

Printed: decisions, how many differ and how many of those change the reward, and the total gain per deal
(summed over every seat's decisions, with a 95% interval); with `--by-step`, also by the number of actions
already played in the horizon.  `--oracle` lets the hard bot see the true cards (its worlds are the true state):
the gain there is what the search could make of perfect information, the headroom of the real one.  Numbers
only (not a test).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Any

from cardtable.bots import make_hard_bot
from cardtable.core.engine import Action, State
from cardtable.games import GamePlugin, get_game

MAX_ACTIONS = 20_000


@dataclass(frozen=True)
class Setup:
    game_id: str
    players: int
    options: dict[str, Any]
    oracle: bool


def the_true_state(state: State, seat: int, rng: random.Random) -> State:
    """The oracle's world: the state as it is."""
    return state.clone()


def rule_move(game: GamePlugin, state: State, seat: int) -> Action:
    """The rule bot's move for `seat`, from what the seat may see (a fixed determinization: rule bots read only
    what their seat sees, so any one gives the same move)."""
    return game.rule_bot(0).choose(state.determinize(seat, random.Random(0)), seat)


def played_out(game: GamePlugin, state: State, root: State, seat: int) -> float:
    """`seat`'s reward once rule bots have played `state` to the end of the horizon that starts at `root`."""
    done = game.search.done
    for _ in range(MAX_ACTIONS):
        if state.turn is None or (done is not None and done(state, root)):
            break
        state.apply(rule_move(game, state, state.turn))
    return game.search.reward(state, root)[seat]


def one_deal(args: tuple[Setup, int]) -> list[tuple[int, bool, float]]:
    """(actions already played in the horizon, whether the moves differ, the gain) for each decision of a deal."""
    setup, seed = args
    game = get_game(setup.game_id)
    if setup.oracle:
        game = replace(game, search=replace(game.search, world=the_true_state))
    hard = make_hard_bot(game, seed)
    state = game.rules.new_game(setup.players, setup.options, seed=seed)
    rng = random.Random(seed)
    root, done = state.clone(), game.search.done
    out = []
    step = 0  # actions played since the horizon began
    for _ in range(MAX_ACTIONS):
        if state.turn is None:
            break
        if done is not None and done(state, root):
            root, step = state.clone(), 0  # the next horizon (a round) starts here
        seat = state.turn
        choices = game.search.candidates(state, seat) if game.search.candidates else None
        if choices is None:
            choices = state.legal_actions()
        rule = rule_move(game, state, seat)
        if len(choices) > 1:
            mine = hard.choose(state.clone() if setup.oracle else state.determinize(seat, rng), seat)
            gain = 0.0
            if mine != rule:
                ours, theirs = state.clone(), state.clone()
                ours.apply(mine)
                theirs.apply(rule)
                gain = played_out(game, ours, root, seat) - played_out(game, theirs, root, seat)
            out.append((step, mine != rule, gain))
        state.apply(rule)
        step += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="cat_te")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1000, help="the first deal's seed")
    parser.add_argument("--option", action="append", default=[], help="key=value, a table option (ints as ints)")
    parser.add_argument("--oracle", action="store_true", help="the hard bot sees the true cards")
    parser.add_argument("--by-step", action="store_true", help="also by the actions played in the horizon")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    options: dict[str, Any] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    setup = Setup(args.game, args.players, options, args.oracle)
    work = [(setup, seed) for seed in range(args.seed, args.seed + args.deals)]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        rows = [row for deal in pool.map(one_deal, work, chunksize=2) for row in deal]
    report(rows, args.deals, setup, args.by_step)


def report(rows: list[tuple[int, bool, float]], deals: int, setup: Setup, by_step: bool) -> None:
    def line(name: str, part: list[tuple[int, bool, float]]) -> str:
        gains = [g for _, _, g in part]
        total = sum(gains)
        spread = 1.96 * math.sqrt(sum(g * g for g in gains)) / deals  # the gains are mostly 0: about a sum's s.e.
        return (f"{name:24} decisions {len(part):6}  differ {sum(d for _, d, _ in part):6}  "
                f"change the reward {sum(1 for g in gains if g):5}  gain per deal {total / deals:+.4f} "
                f"± {spread:.4f}")

    print(f"{setup.game_id}, {setup.players} players, {deals} deals, options {setup.options}"
          f"{', the hard bot sees the true cards' if setup.oracle else ''}")
    print(line("all decisions", rows))
    if by_step:
        steps: dict[int, list[tuple[int, bool, float]]] = defaultdict(list)
        for row in rows:
            steps[row[0]].append(row)
        for step in sorted(steps):
            print(line(f"  after {step} actions", steps[step]))


if __name__ == "__main__":
    main()
