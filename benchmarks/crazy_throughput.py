"""Random-playout throughput of the Crazy engine: games/s and actions/s, and clone/determinize cost.

A game is a new game (shuffle, deal, opening discard) played to its end by uniformly random legal actions
(legal_actions + apply without recording, `record=False`, for every action, the draw-then-play step included).
The number to compare with other Python engines of the same game is the default: random 4-player games.

Run: python3 benchmarks/crazy_throughput.py [--games N] [--players P] [--repeat R]

If the `rlcard` package is installed (`pip install rlcard`; not a dependency of cardtable), the same
measure is taken of its Uno game on the same machine, for comparison: random legal actions through its
raw game object (`UnoGame.init_game` / `step`), which is the fastest way to drive it.
"""

from __future__ import annotations

import argparse
import random
import time

from cardtable.games.crazy.rules import RULES


def playouts(games: int, players: int, options: dict, seed0: int = 0) -> tuple[float, float, float]:
    """(games/s, actions/s, mean actions per game) of `games` random games."""
    rng = random.Random(seed0)
    choice = rng.choice
    new_game = RULES.new_game
    actions = 0
    start = time.perf_counter()
    for seed in range(seed0, seed0 + games):
        state = new_game(players, options, seed=seed)
        while state.turn is not None:
            state.apply(choice(state.legal_actions()), record=False)
            actions += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed, actions / games


def compare_with_rlcard(games: int, players: int) -> None:
    """The same random-play measure on RLCard's Uno, when that package is installed."""
    try:
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        print("rlcard is not installed: pip install rlcard to compare with its Uno game")
        return
    rng = random.Random(0)
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        game = UnoGame(num_players=players)
        state, _ = game.init_game()
        while not game.is_over():
            state, _ = game.step(rng.choice(state["legal_actions"]))
            actions += 1
    elapsed = time.perf_counter() - start
    print(f"rlcard Uno (same machine): {games / elapsed:,.0f} random {players}-player games/s, "
          f"{actions / elapsed:,.0f} actions/s ({actions / games:.1f} actions per game)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3, help="runs per measure; the best is printed")
    args = parser.parse_args()
    for label, options in (("default options", {}), ("choose Draw Four colour, score by points",
                                                     {"choose_draw_four_colour": True, "score_by_points": True})):
        best = max((playouts(args.games, args.players, options, seed0=r * args.games) for r in range(args.repeat)),
                   key=lambda r: r[0])
        games_s, actions_s, per_game = best
        print(f"{label}: {games_s:,.0f} random {args.players}-player games/s, {actions_s:,.0f} actions/s "
              f"({per_game:.1f} actions per game)")

    compare_with_rlcard(min(args.games, 3000), args.players)

    # Mid-game copies, as a tree search makes them.
    state = RULES.new_game(args.players, {}, seed=0)
    rng = random.Random(2)
    for _ in range(10):
        if state.turn is not None:
            state.apply(rng.choice(state.legal_actions()))
    n = 20000
    start = time.perf_counter()
    for _ in range(n):
        state.clone()
    print(f"clone: {(time.perf_counter() - start) / n * 1e6:.1f} us")
    seat = state.turn if state.turn is not None else 0
    start = time.perf_counter()
    for _ in range(n):
        state.determinize(seat, rng)
    print(f"determinize: {(time.perf_counter() - start) / n * 1e6:.1f} us")


if __name__ == "__main__":
    main()
