"""Klondike's "winnable deals only": how long a new deal takes to be shown after New, for every variant.

Run: python3 benchmarks/winnable_deals.py [--news N] [--search [--deals N] [--draw 1|3] [--passes unlimited|limited]]

By default, for each variant (draw 1 or 3, unlimited or limited passes) a headless table at 1280x800 is opened with
the option on, and N is pressed (a posted key) `--news` times: the wall time from the key to the frame that shows
the new deal's table, the search's cue gone, is measured, as is whether the deal is one of the deals shipped as
proved winnable (`cardtable.games.klondike.proved`).  Target (the issue): under 0.5 s for every variant.

--search measures the search the table falls back on when the list has nothing for a variant
(`cardtable.session.deal_search.DealChooser`, the game's solver and its time per deal) from fresh first seeds
1..N, without the table; each deal found is checked: its proof replays through the engine to a won game.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

TARGET_SECONDS = 0.5
DT = 1 / 60


def news_on_the_table(news: int) -> None:
    """Press N `news` times on a table of each variant with winnable deals only; time each new deal shown."""
    with tempfile.TemporaryDirectory(prefix="cardtable-winnable-") as home:
        os.environ["CARDTABLE_HOME"] = home
        import pygame

        from cardtable.games import get_game
        from cardtable.games.klondike.proved import VARIANTS, proved_deals
        from cardtable.session.match import Match, Seat
        from cardtable.ui.table import TableScene
        from cardtable.ui.window import App

        app = App((1280, 800))
        app.settings.animation_speed = "instant"
        game = get_game("klondike")
        print(f"Winnable deals only: {news} News per variant on the table (1280x800), target under "
              f"{TARGET_SECONDS:g} s")
        for draw, passes in VARIANTS:
            options = game.rules.validate_options({"draw": draw, "passes": passes, "winnable": True})
            listed = set(proved_deals(options))
            table = TableScene(app, Match(game, [Seat("human", "You")], options, seed=listed and min(listed) or 1))
            app.show(table)
            times: list[float] = []
            from_list = 0
            for _ in range(news):
                for _ in range(3):
                    app.step(DT)
                before = app.scene
                start = time.perf_counter()
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n",
                                                     scancode=0))
                while app.scene is before or app.scene.deals.searching:
                    app.step(DT)
                    if time.perf_counter() - start > 120:
                        break
                times.append(time.perf_counter() - start)
                from_list += app.scene.match.seed in listed
            times.sort()
            verdict = "OK" if times[-1] < TARGET_SECONDS else "OVER"
            print(f"draw {draw}, {passes:9} passes ({len(listed):5} deals listed): median "
                  f"{statistics.median(times) * 1000:6.1f} ms, max {times[-1] * 1000:6.1f} ms, "
                  f"{from_list}/{news} from the list  {verdict}")


def search(deals: int, draw: int, passes: str) -> None:
    """The search without the table, from first seeds 1..`deals`."""
    from cardtable.games import get_game
    from cardtable.session.deal_search import DealChooser

    game = get_game("klondike")
    assert game.solver is not None and game.winnable_deals is not None
    options = game.rules.validate_options({"draw": draw, "passes": passes, "winnable": True})
    times: list[float] = []
    tries: list[int] = []
    unproved = bad = 0
    for first in range(1, deals + 1):
        chooser = DealChooser(game.rules, 1, options, game.solver, game.winnable_deals.seconds, first)
        start = time.perf_counter()
        found = chooser.choose(None, 0)  # type: ignore[arg-type]
        times.append(time.perf_counter() - start)
        tries.append(found.tries)
        if found.proof is None:
            unproved += 1
            continue
        state = game.rules.new_game(1, options, found.seed)
        for action in found.proof:
            state.apply(action)
        bad += not state.won  # type: ignore[attr-defined]
    times.sort()
    print(f"The search (no list): {deals} News, draw {draw}, {passes} passes, "
          f"{game.winnable_deals.seconds:g} CPU s per deal tried")
    print(f"wall time:  median {statistics.median(times):.3f} s, p90 {times[int(0.9 * (len(times) - 1))]:.3f} s, "
          f"max {times[-1]:.3f} s")
    print(f"deals tried per New: mean {statistics.mean(tries):.2f}, max {max(tries)}; none proved: {unproved}")
    print(f"proofs:     {deals - unproved - bad}/{deals - unproved} replay to a won game")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--news", type=int, default=20)
    parser.add_argument("--search", action="store_true", help="time the search the table falls back on")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--draw", type=int, choices=(1, 3), default=1)
    parser.add_argument("--passes", choices=("unlimited", "limited"), default="unlimited")
    args = parser.parse_args()
    if args.search:
        search(args.deals, args.draw, args.passes)
    else:
        news_on_the_table(args.news)


if __name__ == "__main__":
    main()
