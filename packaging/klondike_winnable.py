"""Make the list of Klondike deals the solver has proved winnable, per variant (assets/klondike_winnable.json), from
which "winnable deals only" picks a deal at once (`cardtable.games.klondike.proved`).

Run: python3 packaging/klondike_winnable.py [--minutes M] [--seconds S] [--variant "1 unlimited"] ...

Each variant (draw 1 or 3, unlimited or limited passes; the scoring does not change which deals win) draws deal
numbers from its own fixed sequence and keeps those the solver wins within S CPU seconds; deals it proves lost or
does not decide in time are left out.  A run goes on where the file's last run stopped (its `tried` count per
variant), for M CPU minutes per variant, and writes the file as it goes, so it may be stopped at any time; runs
for different variants may go side by side.
tests/games/test_klondike_proved.py proves a sample of the list again.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from cardtable.games.klondike.proved import VARIANTS, variant_key
from cardtable.games.klondike.rules import RULES
from cardtable.games.klondike.solver import solve
from cardtable.session.deal_search import SEED_RANGE

FILE = Path(__file__).resolve().parent.parent / "assets" / "klondike_winnable.json"
ABOUT = ("Klondike deal numbers the solver proved winnable, per variant (draw, passes); "
         "made by packaging/klondike_winnable.py")


def deal_numbers(key: str) -> random.Random:
    """The fixed sequence a variant draws its deal numbers from."""
    return random.Random(f"klondike winnable {key}")


def load() -> dict:
    if FILE.is_file():
        return json.loads(FILE.read_text())
    return {"about": ABOUT, "variants": {}}


def save(key: str, entry: dict) -> None:
    """Write the variant's `entry` into the file as it is now (runs for other variants may be writing theirs), whole
    and then renamed over the old one (a stopped run never leaves half a file)."""
    data = load()
    data["variants"][key] = entry
    data["variants"] = dict(sorted(data["variants"].items()))
    tmp = FILE.with_suffix(f".{key.replace(' ', '-')}.tmp")
    tmp.write_text(json.dumps(data) + "\n")
    tmp.replace(FILE)


def extend(draw: int, passes: str, minutes: float, seconds: float) -> None:
    """Try the variant's next deal numbers for `minutes` of CPU time, keeping those the solver wins."""
    key = variant_key(draw, passes)
    entry = load()["variants"].get(key, {"seconds": seconds, "tried": 0, "deals": []})
    numbers = deal_numbers(key)
    for _ in range(entry["tried"]):
        numbers.randrange(SEED_RANGE)
    options = RULES.validate_options({"draw": draw, "passes": passes})
    stop = time.process_time() + minutes * 60
    saved = time.monotonic()
    while time.process_time() < stop:
        seed = numbers.randrange(SEED_RANGE)
        entry["tried"] += 1
        if solve(RULES.new_game(1, options, seed), time_limit=seconds).outcome == "won":
            entry["deals"].append(seed)
        if time.monotonic() - saved > 20:
            save(key, entry)
            saved = time.monotonic()
    save(key, entry)
    print(f"{key}: {len(entry['deals'])} proved of {entry['tried']} tried")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=9.0, help="CPU minutes per variant")
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds the solver has per deal")
    parser.add_argument("--variant", action="append", choices=[variant_key(*v) for v in VARIANTS])
    args = parser.parse_args()
    for draw, passes in VARIANTS:
        if args.variant is None or variant_key(draw, passes) in args.variant:
            extend(draw, passes, args.minutes, args.seconds)


if __name__ == "__main__":
    main()
