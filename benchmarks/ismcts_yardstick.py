"""The hard bot's search speed against a yardstick: a lean, self-contained ISMCTS over a lean Oh Hell, both in
plain Python, measured side by side in one run (the machine's speed cancels out of the ratios).

Three searches, each on positions of one round of seven cards among four players, trump turned up:

- yardstick: the lean engine below (cards as ints, lists, no events) with a plain single-observer ISMCTS (UCB1
  with availability counts, one random determinization and one random playout to the round's end an iteration);
- plain: the same plain ISMCTS (`ISMCTSBot` without hooks) over our Kachuful engine, which shows the engine's cost;
- hard: the hard bot as the table makes it (`make_bot(kachuful, "hard")`, the game's hooks and settings).

Prints search iterations per CPU-second of each and the ratios to the yardstick (medians over the runs; the ratios
are taken within each run, the three searches interleaved position by position).  The issue's target: hard at least
0.5x the yardstick.

Run: python3 benchmarks/ismcts_yardstick.py [--positions N] [--iterations N]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from dataclasses import dataclass, field

from cardtable.bots import make_bot
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.games import get_game

PLAYERS, HAND = 4, 7
OPTIONS = {"hands": str(HAND), "trump": "turn_up"}


# ----- the lean Oh Hell: cards 0..51, suit = card // 13, rank = card % 13 (ace high) ----------------------------
class Lean:
    """One round of Oh Hell: bids in turn (the dealer may not make them total the tricks), then tricks."""

    __slots__ = ("hands", "trump", "turn", "leader", "trick", "bids", "won", "played", "dealer")

    def __init__(self, rng: random.Random) -> None:
        deck = list(range(52))
        rng.shuffle(deck)
        self.hands = [sorted(deck[i * HAND:(i + 1) * HAND]) for i in range(PLAYERS)]
        self.trump = deck[PLAYERS * HAND] // 13
        self.dealer = 0
        self.turn = self.leader = 1
        self.trick: list[tuple[int, int]] = []
        self.bids: list[int | None] = [None] * PLAYERS
        self.won = [0] * PLAYERS
        self.played: list[int] = [deck[PLAYERS * HAND]]  # seen by all: the trump card and every card played

    def copy(self) -> Lean:
        other = Lean.__new__(Lean)
        other.hands = [list(h) for h in self.hands]
        other.trump, other.turn, other.leader, other.dealer = self.trump, self.turn, self.leader, self.dealer
        other.trick, other.bids, other.won = list(self.trick), list(self.bids), list(self.won)
        other.played = list(self.played)
        return other

    def over(self) -> bool:
        return not any(self.hands)

    def legal(self) -> list[int]:
        """Bids as -1-n (a bid of n), cards as themselves."""
        if None in self.bids:
            moves = list(range(HAND + 1))
            if self.turn == self.dealer:
                made = sum(b for b in self.bids if b is not None)
                moves = [b for b in moves if made + b != HAND]
            return [-1 - b for b in moves]
        hand = self.hands[self.turn]
        if self.trick:
            led = self.trick[0][1] // 13
            follow = [c for c in hand if c // 13 == led]
            if follow:
                return follow
        return list(hand)

    def apply(self, move: int) -> None:
        seat = self.turn
        if move < 0:
            self.bids[seat] = -1 - move
            self.turn = (seat + 1) % PLAYERS
            return
        self.hands[seat].remove(move)
        self.played.append(move)
        self.trick.append((seat, move))
        if len(self.trick) < PLAYERS:
            self.turn = (seat + 1) % PLAYERS
            return
        led = self.trick[0][1] // 13
        best = max(self.trick, key=lambda sc: (sc[1] // 13 == self.trump, sc[1] // 13 == led, sc[1] % 13))
        self.won[best[0]] += 1
        self.trick = []
        self.turn = self.leader = best[0]

    def rewards(self) -> list[float]:
        return [1.0 if self.won[s] == self.bids[s] else 0.0 for s in range(PLAYERS)]

    def determinize(self, seat: int, rng: random.Random) -> Lean:
        """The unseen cards dealt again at random to the other hands (their sizes kept)."""
        world = self.copy()
        unseen = [c for s in range(PLAYERS) if s != seat for c in world.hands[s]]
        rng.shuffle(unseen)
        for s in range(PLAYERS):
            if s != seat:
                n = len(world.hands[s])
                world.hands[s], unseen = unseen[:n], unseen[n:]
        return world


@dataclass
class Node:
    """An edge into the information set tree: the move, its statistics, its children by move."""

    mover: int = -1
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[int, Node] = field(default_factory=dict)


def lean_search(root: Lean, seat: int, iterations: int, rng: random.Random, exploration: float = 0.7) -> int:
    """A plain single-observer ISMCTS; the most visited move."""
    tree = Node()
    for _ in range(iterations):
        world = root.determinize(seat, rng)
        node, path = tree, [tree]
        while not world.over():
            legal = world.legal()
            for move in legal:
                child = node.children.get(move)
                if child is not None:
                    child.available += 1
            untried = [m for m in legal if m not in node.children]
            if untried:
                move = untried[rng.randrange(len(untried))]
                child = node.children[move] = Node(world.turn, available=1)
                world.apply(move)
                path.append(child)
                break
            best, best_value = legal[0], -1.0
            for move in legal:
                child = node.children[move]
                value = child.reward / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
                if value > best_value:
                    best, best_value = move, value
            node = node.children[best]
            world.apply(best)
            path.append(node)
        while not world.over():
            legal = world.legal()
            world.apply(legal[rng.randrange(len(legal))])
        rewards = world.rewards()
        for edge in path:
            edge.visits += 1
            if edge.mover >= 0:
                edge.reward += rewards[edge.mover]
    return max(tree.children.items(), key=lambda kv: kv[1].visits)[0]


# ----- positions and timing ------------------------------------------------------------------------------------
def lean_positions(count: int) -> list[Lean]:
    """Positions of seeded lean rounds: bidding and trick play, a few moves in."""
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        state = Lean(rng)
        for _ in range(rng.randrange(0, PLAYERS + 3 * PLAYERS)):
            legal = state.legal()
            state.apply(legal[rng.randrange(len(legal))])
        out.append(state)
    return out


def our_positions(count: int) -> list:
    """Positions of seeded Kachuful rounds like the lean ones (one round of seven, trump turned up)."""
    rules = get_game("kachuful").rules
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        state = rules.new_game(PLAYERS, OPTIONS, seed=seed)
        for _ in range(rng.randrange(0, PLAYERS + 3 * PLAYERS)):
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        out.append(state)
    return out


def timed(search, position) -> tuple[int, float]:
    """Search iterations made on `position`, and the CPU seconds they took."""
    cpu = time.process_time()
    done = search(position)
    return done, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    game = get_game("kachuful")
    lean, ours = lean_positions(args.positions), our_positions(args.positions)

    def yardstick(state: Lean) -> int:
        lean_search(state, state.turn, args.iterations, random.Random(1))
        return args.iterations

    def plain(state) -> int:
        bot = ISMCTSBot(seed=1, iterations=args.iterations, time_limit=None)
        bot.choose(state, state.turn)
        return bot.last_iterations

    def hard(state) -> int:
        bot = make_bot(game, "hard", seed=1)
        bot.iterations = args.iterations
        bot.time_limit = None
        bot.choose(state, state.turn)
        return bot.last_iterations

    names = ("yardstick", "plain", "hard")
    rates: dict[str, list[float]] = {name: [] for name in names}
    ratios: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(args.runs):
        # Interleaved position by position, so a change of the machine's speed (other programs) touches the three
        # searches alike; each run's ratios are taken within the run.
        made = dict.fromkeys(names, 0)
        spent = dict.fromkeys(names, 0.0)
        for mine, theirs in zip(lean, ours, strict=True):
            for name, search, position in (("yardstick", yardstick, mine), ("plain", plain, theirs),
                                           ("hard", hard, theirs)):
                done, cpu = timed(search, position)
                made[name] += done
                spent[name] += cpu
        run = {name: made[name] / spent[name] for name in names}
        for name in names:
            rates[name].append(run[name])
            ratios[name].append(run[name] / run["yardstick"])
    for name in names:
        each = " ".join(f"{r:.3f}" for r in ratios[name])
        print(f"{name:10s} {statistics.median(rates[name]):9.0f} iterations per CPU-second  "
              f"({statistics.median(ratios[name]):.3f}x the yardstick; runs: {each})")


if __name__ == "__main__":
    main()
