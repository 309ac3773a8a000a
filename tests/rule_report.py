"""The rules a player reads in the app, against the tests that check them: per game, how many rules there are, how
many a test names, and the ids no test names (and names no rule has).  Exits 1 if any rule has no test, or a game's
rules have no ids.

Run: python -m tests.rule_report
"""

from __future__ import annotations

import sys

from cardtable.games import REGISTRY
from tests.rule_trace import app_rules, rules_without_a_test, traced_ids, unknown_rules


def main() -> int:
    traced = traced_ids()
    games = sorted(REGISTRY)
    missing = 0
    for game in games:
        rules = app_rules(game)
        untested = rules_without_a_test(game, traced)
        missing += len(untested) + (not rules)
        print(f"{game:18} {len(rules):4} rules  {len(rules) - len(untested):4} with a test"
              + (f"  without: {', '.join(untested)}" if untested else ""))
    unknown = unknown_rules(games, traced)
    for rule, where in sorted(unknown.items()):
        print(f"named by a test but in no rules text: {rule} ({', '.join(where)})")
    return 1 if missing or unknown else 0


if __name__ == "__main__":
    sys.exit(main())
