"""Bots against bots, without the table: how strong each difficulty level is, with confidence intervals.

    python -m cardtable.arena --game kachuful --seats hard,normal,normal,normal --games 200 --seed 1

Each entry of `--seats` is a bot level (easy, normal, hard, or random).  The entries change places from game to
game: game g deals with seed `seed + g // n` and puts entry i in seat `(i + g) % n`, so every entry plays every
deal from every seat once in each block of n games, and the seat order (who bids or leads first) evens out.
Bots are called exactly as the table calls them: `bot.choose(state.determinize(seat, rng), seat)`.

Printed per entry: the win rate (a shared win counts as a share), the average final score and, when the game's
plugin counts something per round (`GamePlugin.arena_counts`, e.g. Kachuful's exact bids), that rate (with its
counts); each with a 95% confidence interval.  The games of one block share a deal, so they are not independent
samples: the intervals treat each deal as one sample (`clustered`: the variance between deals of what the entry
made of them), which also takes out the luck of the deal, as every entry met the same cards from every seat.  A
match of a single deal falls back to the per-game intervals (Wilson's for rates, the normal approximation for the
mean score).  Then the time per decision (decisions with one legal action are not counted: every bot plays them
at once).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots import LEVELS, Bot, RandomBot, make_bot
from cardtable.core.engine import Rules
from cardtable.games import GamePlugin, get_game

KINDS = (*LEVELS, "random")
Z95 = 1.959964


def make_entry_bot(game: GamePlugin, kind: str, seed: int) -> Bot:
    if kind == "random":
        return RandomBot(seed)
    return make_bot(game, kind, seed)


@dataclass
class GameRecord:
    """One game's outcome, per entry (not per seat)."""

    scores: list[float]
    wins: list[float]
    counts: dict[str, list[tuple[int, int]]]
    times: list[list[float]]  # seconds per decision that had a choice
    forced: list[int]
    actions: int


@dataclass
class Setup:
    game_id: str
    kinds: list[str]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    max_actions: int = 100_000


def play_game(setup: Setup, g: int) -> GameRecord:
    """Game number g of the match (see the module docstring for seeds and seats)."""
    game = get_game(setup.game_id)
    rules = game.rules
    n = len(setup.kinds)
    shift = g % n
    seat_of = [(i + shift) % n for i in range(n)]
    entry_at = {s: i for i, s in enumerate(seat_of)}
    state = rules.new_game(n, setup.options, seed=setup.seed * 100_003 + g // n)
    bots = {seat_of[i]: make_entry_bot(game, k, setup.seed * 1_000_003 + g * 101 + i)
            for i, k in enumerate(setup.kinds)}
    rng = random.Random(setup.seed * 7_919 + g)
    times: list[list[float]] = [[] for _ in range(n)]
    forced = [0] * n
    actions = 0
    clock = time.perf_counter
    while state.turn is not None and actions < setup.max_actions:
        seat = state.turn
        legal = state.legal_actions()
        sample = state.determinize(seat, rng)
        start = clock()
        action = bots[seat].choose(sample, seat)
        spent = clock() - start
        if len(legal) > 1:
            times[entry_at[seat]].append(spent)
        else:
            forced[entry_at[seat]] += 1
        if action not in legal:
            raise RuntimeError(f"{setup.kinds[entry_at[seat]]} bot chose an illegal action: {action!r}")
        state.apply(action, record=False)
        actions += 1
    result = state.result()
    wins = [0.0] * n
    for w in result.winners:
        wins[entry_at[w]] = 1.0 / len(result.winners)
    counter = game.arena_counts
    counts: dict[str, list[tuple[int, int]]] = {}
    if counter is not None:
        for name, per_seat in counter(state).items():
            counts[name] = [per_seat[seat_of[i]] for i in range(n)]
    return GameRecord(
        scores=[float(result.scores[seat_of[i]]) for i in range(n)],
        wins=wins,
        counts=counts,
        times=times,
        forced=forced,
        actions=actions,
    )


def _run_one(args: tuple[Setup, int]) -> GameRecord:
    return play_game(*args)


# ----- statistics --------------------------------------------------------------------------------------------


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float, float]:
    """A rate and its Wilson score interval."""
    if trials == 0:
        return (0.0, 0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """A mean and its normal-approximation interval."""
    if not values:
        return (0.0, 0.0, 0.0)
    m = statistics.fmean(values)
    if len(values) < 2:
        return (m, m, m)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (m, m - half, m + half)


def clustered(made: Sequence[float], trials: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """A ratio sum(made) / sum(trials) over clusters (one pair per deal) and its cluster-robust normal interval:
    the spread of the clusters' residuals `made - ratio * trials`, not of single games.  With fewer than two
    clusters there is no spread to measure: a ValueError."""
    total, k = sum(trials), len(made)
    if k < 2 or total <= 0:
        raise ValueError("a clustered interval needs two clusters and some trials")
    ratio = sum(made) / total
    spread = sum((m - ratio * t) ** 2 for m, t in zip(made, trials, strict=True)) * k / (k - 1)
    half = z * math.sqrt(spread) / total
    return (ratio, ratio - half, ratio + half)


def clustered_rate(made: Sequence[float], trials: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """`clustered` for a rate: kept within [0, 1], and Wilson's interval at 0 or 1 (no spread to measure)."""
    total = sum(trials)
    ratio = sum(made) / total if total > 0 else 0.0
    if len(made) < 2 or ratio <= 0.0 or ratio >= 1.0:
        return wilson(sum(made), round(total), z)
    p, lo, hi = clustered(made, trials, z)
    return (p, max(0.0, lo), min(1.0, hi))


def _per_deal(per_game: Sequence[tuple[float, float]], n: int) -> tuple[list[float], list[float]]:
    """Games' (made, trials) summed over each deal's block of n games (games 0..n-1 share the first deal, ...)."""
    made: list[float] = []
    trials: list[float] = []
    for g, (m, t) in enumerate(per_game):
        if g % n == 0:
            made.append(0.0)
            trials.append(0.0)
        made[-1] += m
        trials[-1] += t
    return made, trials


def _pct(rate: tuple[float, float, float]) -> str:
    p, lo, hi = rate
    return f"{100 * p:5.1f}% [{100 * lo:5.1f}, {100 * hi:5.1f}]"


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}" if seconds < 10 else f"{seconds * 1000:.0f}"


def summarize(setup: Setup, records: list[GameRecord], elapsed: float) -> str:
    n = len(setup.kinds)
    games = len(records)
    labels = [f"{i + 1}:{k}" for i, k in enumerate(setup.kinds)]
    width = max(len(x) for x in labels) + 2
    lines = [
        f"{setup.game_id}: {games} games, {n} seats, seed {setup.seed}, options {setup.options or 'default'}; "
        f"{elapsed:.1f} s",
        f"entries change seats every game, each deal played from every seat ({-(-games // n)} deals); "
        "95% confidence intervals over the deals in brackets",
        "",
    ]
    names = sorted({name for r in records for name in r.counts})
    header = f"{'entry':<{width}} {'win rate':<24} {'average score':<26}"
    for name in names:
        header += f" {name:<36}"
    lines.append(header)
    for i, label in enumerate(labels):
        win_rate = clustered_rate(*_per_deal([(r.wins[i], 1.0) for r in records], n))
        by_deal = _per_deal([(r.scores[i], 1.0) for r in records], n)
        m, lo, hi = clustered(*by_deal) if len(by_deal[0]) > 1 else mean_ci([r.scores[i] for r in records])
        row = f"{label:<{width}} {_pct(win_rate):<24} {f'{m:7.2f} [{lo:7.2f}, {hi:7.2f}]':<26}"
        for name in names:
            made_by_deal, trials_by_deal = _per_deal(
                [r.counts[name][i] if name in r.counts else (0, 0) for r in records], n)
            made, trials = round(sum(made_by_deal)), round(sum(trials_by_deal))
            # The counts too: a rate near a target must be read exactly, not as rounded.
            row += f" {f'{_pct(clustered_rate(made_by_deal, trials_by_deal))} {made}/{trials}':<36}"
        lines.append(row)
    lines.append("")
    lines.append(f"{'entry':<{width}} {'decisions':>9} {'forced':>7} {'median ms':>10} {'mean ms':>9} "
                 f"{'p90 ms':>9} {'max ms':>9}")
    for i, label in enumerate(labels):
        times = sorted(t for r in records for t in r.times[i])
        forced = sum(r.forced[i] for r in records)
        if times:
            p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
            lines.append(f"{label:<{width}} {len(times):>9} {forced:>7} {_ms(statistics.median(times)):>10} "
                         f"{_ms(statistics.fmean(times)):>9} {_ms(p90):>9} {_ms(times[-1]):>9}")
        else:
            lines.append(f"{label:<{width}} {0:>9} {forced:>7}")
    return "\n".join(lines)


# ----- command line ------------------------------------------------------------------------------------------


def parse_options(items: Sequence[str], rules: Rules) -> dict[str, Any]:
    """key=value pairs, each value read as the type of the option's declared choices (text otherwise)."""
    declared = {o.name: o for o in rules.options}
    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key:
            raise SystemExit(f"an option is key=value, not {item!r}")
        value: Any = text
        option = declared.get(key)
        for choice in option.choices if option is not None else ():
            if str(choice) == text or (isinstance(choice, bool) and text.lower() == str(choice).lower()):
                value = choice
                break
        out[key] = value
    return out


def run(setup: Setup, games: int, jobs: int = 1, progress: bool = False) -> tuple[list[GameRecord], float]:
    start = time.perf_counter()
    tasks = [(setup, g) for g in range(games)]
    records: list[GameRecord] = []
    if jobs <= 1:
        for task in tasks:
            records.append(_run_one(task))
            if progress:
                print(f"\r{len(records)}/{games} games", end="", file=sys.stderr, flush=True)
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for record in pool.imap(_run_one, tasks):
                records.append(record)
                if progress:
                    print(f"\r{len(records)}/{games} games", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return records, time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardtable.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, help="game id, e.g. kachuful")
    parser.add_argument("--seats", required=True, help=f"comma-separated bot levels, one per seat: {', '.join(KINDS)}")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="games played at once, in worker processes (default: one per processor)")
    parser.add_argument("--progress", action="store_true", help="count finished games on stderr")
    args = parser.parse_args(argv)
    kinds = [k.strip() for k in args.seats.split(",") if k.strip()]
    bad = [k for k in kinds if k not in KINDS]
    if bad:
        parser.error(f"unknown bot level {bad[0]!r}; choose from {', '.join(KINDS)}")
    try:
        rules = get_game(args.game).rules
    except KeyError as exc:
        parser.error(exc.args[0])
    if len(kinds) not in rules.players:
        parser.error(f"{rules.title} is for {rules.players.start}-{rules.players.stop - 1} players, not {len(kinds)}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    options = parse_options(args.option, rules)
    try:
        rules.validate_options(options)
    except ValueError as e:
        parser.error(str(e))
    setup = Setup(args.game, kinds, args.seed, options)
    records, elapsed = run(setup, args.games, args.jobs, args.progress)
    print(summarize(setup, records, elapsed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
