"""The rules a player reads in the app are the rules the tests check: every rule has an id and a test naming it,
every id a test names is a rule, and the marks never show on the rules screen."""

from __future__ import annotations

import pytest

from cardtable.games import REGISTRY
from cardtable.rulebook import BadRuleMark, rule_ids, strip_marks
from cardtable.ui.rules_text import parse
from tests.rule_trace import APP_RULES_DIR, app_rules, rules_without_a_test, traced_ids, unknown_rules

GAMES = sorted(REGISTRY)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_the_app_shows_has_an_id_and_a_test_naming_it(game_id: str) -> None:
    rules = app_rules(game_id)
    assert len(rules) >= 10, f"{game_id}: only {len(rules)} rules have an id"
    assert rules_without_a_test(game_id) == [], "rules no test names (python -m tests.rule_report)"


def test_every_rule_a_test_names_is_in_a_rules_text() -> None:
    assert unknown_rules(GAMES) == {}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_screen_shows_no_rule_ids(game_id: str) -> None:
    blocks = parse((APP_RULES_DIR / f"{game_id}.md").read_text(encoding="utf-8"))
    assert blocks and not [b.text for b in blocks if "{#" in b.text]


def test_a_rule_id_ends_its_bullet_or_paragraph_and_is_not_shown() -> None:
    text = ("# Game\n\nIntro without a rule.\n\n## Play\n\n- Deal five cards\n  to each player. {#deal}{#deal.count}\n"
            "- Play in turn. {#turn}\n\nThe last card wins. {#end}\n")
    assert rule_ids(text) == {"deal": "- Deal five cards to each player.", "deal.count": "- Deal five cards to each "
                              "player.", "turn": "- Play in turn.", "end": "The last card wins."}
    assert strip_marks("Play in turn. {#turn}") == "Play in turn."
    assert [b.text for b in parse(text)][-2:] == ["Play in turn.", "The last card wins."]


@pytest.mark.parametrize("text", ["- A rule. {#Bad Id}\n", "- One. {#same}\n- Two. {#same}\n",
                                  "- A mark {#inside} the rule.\n", "- A mark {#inside} the rule. {#end}\n"])
def test_a_bad_rule_mark_is_refused(text: str) -> None:
    with pytest.raises(BadRuleMark):
        rule_ids(text)


def test_traced_ids_are_read_from_the_decorators() -> None:
    named = traced_ids()
    assert all(rule.count(":") == 1 for rule in named)
