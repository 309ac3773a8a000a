"""Klondike's hint: the time from pressing H to the hint shown, on the table's own code path.

Run: python3 benchmarks/klondike_hint.py [--positions N] [--solver N]

Each position is a random game (seed, draw 1 or 3, unlimited or limited passes) after 0-80 random moves, opened
headless on the table at 1280x800 with the solver in its worker process as in the app.  H is posted as a key event
and frames run at the app's pace until the status bar shows the hint; the time is from the key's post to the end of
that frame (the hint drawn).  Target (the issue): p95 under 0.3 s.  For the first `--solver` positions the time
until the solver's answer replaces the "looking" state is printed too (it is not the hint's latency: the hint is on
screen meanwhile).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

TARGET_P95 = 0.3
DT = 1 / 60


def position(game, seed: int):
    """A match of a random game after some random moves (never over)."""
    from cardtable.games.klondike.rules import Resign
    from cardtable.session.match import Match, Seat

    rng = random.Random(seed)
    options = {"draw": rng.choice((1, 3)), "passes": rng.choice(("unlimited", "limited"))}
    match = Match(game, [Seat("human", "You")], options, seed=seed)
    for _ in range(rng.randrange(81)):
        legal = [a for a in match.state.legal_actions() if not isinstance(a, Resign)]
        if not legal:
            break
        match.apply(rng.choice(legal))
        if match.state.is_over():
            match.undo()
            break
    return match


def paced(app, done, limit: float = 30.0) -> float:
    """Run frames at the app's pace until `done()`; the seconds it took."""
    start = time.perf_counter()
    while not done() and time.perf_counter() - start < limit:
        began = time.perf_counter()
        app.step(DT)
        time.sleep(max(0.0, DT - (time.perf_counter() - began)))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--solver", type=int, default=10, help="positions whose solver answer is awaited too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cardtable-hint-") as home:
        os.environ["CARDTABLE_HOME"] = home
        import pygame

        from cardtable.games import get_game
        from cardtable.ui.table import TableScene
        from cardtable.ui.window import App

        app = App((1280, 800))
        app.settings.animation_speed = "instant"
        game = get_game("klondike")
        shown: list[float] = []
        answered: list[float] = []
        said = {"hint": 0, "looking": 0, "line": 0, "none": 0}
        for seed in range(1, args.positions + 1):
            match = position(game, seed)
            table = TableScene(app, match)
            app.show(table)
            for _ in range(3):
                app.step(DT)
            table.messages.say("")
            start = time.perf_counter()
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
            shown.append(paced(app, lambda t=table: bool(t.message)))
            text = table.message
            looking = "looking for a winning line" in text.lower()
            said["line" if "winning line goes on" in text else "hint" if text.startswith("Hint") and looking
                 else "looking" if looking else "none"] += 1
            if seed <= args.solver:
                paced(app, lambda t=table: not t.analysis.hint_pending)
                answered.append(time.perf_counter() - start)
        shown.sort()
        p95 = shown[min(len(shown) - 1, int(0.95 * len(shown)))]
        verdict = "OK" if p95 < TARGET_P95 else "OVER"
        print(f"Klondike hint, {len(shown)} positions of random games (1280x800, solver in its worker process)")
        print(f"H to hint shown: median {statistics.median(shown) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
              f"max {shown[-1] * 1000:.1f} ms (target p95 under {TARGET_P95 * 1000:.0f} ms) {verdict}")
        print(f"shown first: the game's hint, the solver looking, {said['hint']}; only 'looking' (no useful move "
              f"known) {said['looking']}; a known winning line's step {said['line']}; other {said['none']}")
        if answered:
            print(f"solver's answer after H (first {len(answered)} positions): median "
                  f"{statistics.median(answered):.2f} s, max {max(answered):.2f} s")


if __name__ == "__main__":
    main()
