"""Random-playout throughput of the Kachuful engine: deals (rounds) per second, and clone/determinize cost.

A deal is one round played out by uniformly random legal actions: new game with a one-round sequence (the
deal itself), every bid, every card (legal_actions + apply, recording nothing, as searches play).  The later
ISMCTS work wants >= 10,000 random 4-player 8-card deals per second.

Run: python3 benchmarks/kachuful_throughput.py [--deals N] [--players P] [--hand H]
"""

from __future__ import annotations

import argparse
import random
import time

from cardtable.games.kachuful.rules import RULES


def playouts(deals: int, players: int, hand: int, options: dict) -> tuple[float, float]:
    """Deals per second of wall-clock time, and of this process's CPU time (steadier on a busy machine)."""
    # A uniform pick by one float draw, as a playout policy makes it (rng.choice costs a tenth of a deal).
    rand = random.Random(1).random
    opts = dict(options, hands=str(hand))
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(deals):
        state = RULES.new_game(players, opts, seed=seed)
        while state.turn is not None:
            legal = state.legal_actions()
            state.apply(legal[int(rand() * len(legal))], record=False)  # a search's speed: nothing recorded
    return deals / (time.perf_counter() - start), deals / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hand", type=int, default=8)
    args = parser.parse_args()
    for label, options in (("default options", {}), ("jokers, turn-up trump", {"jokers": True, "trump": "turn_up"})):
        rate, cpu_rate = playouts(args.deals, args.players, args.hand, options)
        print(f"{label}: {rate:,.0f} random {args.players}-player {args.hand}-card deals/s "
              f"({cpu_rate:,.0f}/s of CPU time)")

    # Mid-deal copies, as a tree search makes them.
    state = RULES.new_game(args.players, {"hands": str(args.hand)}, seed=0)
    rng = random.Random(2)
    for _ in range(args.players + 2 * args.players):
        state.apply(rng.choice(state.legal_actions()))
    n = 20000
    start = time.perf_counter()
    for _ in range(n):
        state.clone()
    print(f"clone: {(time.perf_counter() - start) / n * 1e6:.1f} us")
    start = time.perf_counter()
    for _ in range(n):
        state.determinize(0, rng)
    print(f"determinize: {(time.perf_counter() - start) / n * 1e6:.1f} us")


if __name__ == "__main__":
    main()
