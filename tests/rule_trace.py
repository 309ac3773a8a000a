"""Traceability of the rules.

The rules a player reads in the app (`assets/rules/<game id>.md`) give each rule an id (`cardtable.rulebook`); a
test names the rules it checks with `@traces("<game id>:<rule id>", ...)`, and `rules_without_a_test` lists the
rules no test names (run `python -m tests.rule_report` for the report; a test fails on any).

The older check, kept while the reference folder is beside the repository: every rule sentence of
`../shared/rules/<game>.md` is quoted by some test's docstring (`untraced_rules`).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from cardtable.rulebook import rule_ids

RULES_DIR = Path(__file__).resolve().parents[2] / "shared" / "rules"
TESTS_DIR = Path(__file__).resolve().parent
APP_RULES_DIR = TESTS_DIR.parent / "assets" / "rules"

F = TypeVar("F", bound=Callable[..., object])


def traces(*ids: str) -> Callable[[F], F]:
    """Mark a test as checking the rules `ids` ("<game id>:<rule id>", as `assets/rules/<game id>.md` marks them).
    The marks are read from the source (`traced_ids`), so a test is counted whether it runs or not."""
    for rule in ids:
        if rule.count(":") != 1:
            raise ValueError(f"a traced rule is '<game id>:<rule id>', not {rule!r}")

    def mark(test: F) -> F:
        test.traces = ids  # type: ignore[attr-defined]
        return test
    return mark


def traced_ids(folder: Path = TESTS_DIR) -> dict[str, list[str]]:
    """Every rule id a test under `folder` names with `@traces(...)`, and where ("path::test")."""
    found: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for decorator in node.decorator_list:
                if (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Name)
                        and decorator.func.id == "traces"):
                    for arg in decorator.args:
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                            where = f"{path.relative_to(folder.parent)}::{node.name}"
                            found.setdefault(arg.value, []).append(where)
    return found


def app_rules(game_id: str, folder: Path = APP_RULES_DIR) -> dict[str, str]:
    """The rule ids of the game's rules as the app shows them, each with its rule."""
    return rule_ids((folder / f"{game_id}.md").read_text(encoding="utf-8"))


def rules_without_a_test(game_id: str, traced: dict[str, list[str]] | None = None) -> list[str]:
    """The ids of the game's rules that no test names."""
    named = traced_ids() if traced is None else traced
    return [rule for rule in app_rules(game_id) if f"{game_id}:{rule}" not in named]


def unknown_rules(game_ids: list[str], traced: dict[str, list[str]] | None = None) -> dict[str, list[str]]:
    """Rule ids the tests name that no rules text has (a typo, or a rule since reworded), with where."""
    named = traced_ids() if traced is None else traced
    known = {f"{g}:{r}" for g in game_ids for r in app_rules(g)}
    return {rule: where for rule, where in named.items() if rule not in known}


def rule_fragments(text: str, excluded: tuple[str, ...] = ()) -> list[str]:
    """The rule sentences of a rules file (and each clause between semicolons), from its bullets, steps and prose
    paragraphs."""
    bullets: list[str] = []
    current: str | None = None
    for line in text.splitlines():
        m = re.match(r"^(- |\d+\. )", line)
        if m:
            if current:
                bullets.append(current)
            current = line[m.end():].strip()
        elif current is not None and line.startswith(" ") and line.strip():
            current += " " + line.strip()
        else:
            if current:
                bullets.append(current)
            current = None
    if current:
        bullets.append(current)
    bullets += _paragraphs(text)
    fragments = []
    for bullet in bullets:
        if excluded and bullet.startswith(excluded):
            continue
        bullet = bullet.replace("*", "").replace("`", "")
        for sentence in re.split(r"(?<=\.)\s+(?=[A-Z])", bullet):
            fragments += [f.strip() for f in sentence.split("; ") if f.strip()]
    return fragments


def _paragraphs(text: str) -> list[str]:
    """The prose between headings and bullets, a paragraph each (the paragraph naming the source, and table rows,
    left out)."""
    paragraphs: list[str] = []
    current: list[str] = []
    for line in [*text.splitlines(), ""]:
        plain = line.strip()
        if plain and not line.startswith((" ", "#", "|")) and not re.match(r"^(- |\d+\. )", line):
            current.append(plain)
        elif current:
            if not current[0].startswith("Source:"):
                paragraphs.append(" ".join(current))
            current = []
    return paragraphs


def _normal(text: str) -> str:
    return " ".join(text.split())


def untraced_rules(module_name: str, rules_file: str, excluded: tuple[str, ...] = (),
                   at_least: int = 10, also: tuple[str, ...] = ()) -> list[str] | None:
    """Rule fragments of `rules_file` no test of `module_name` (or of the modules named in `also`, such as the
    game's table tests for "What the table shows") quotes; None if the rules folder is not beside us."""
    path = RULES_DIR / rules_file
    if not path.exists():
        return None
    fragments = rule_fragments(path.read_text(encoding="utf-8"), excluded)
    assert len(fragments) >= at_least, f"{rules_file}: only {len(fragments)} rule sentences found"
    modules = [sys.modules[module_name]] + [importlib.import_module(name) for name in also]
    docs = _normal(" ".join(
        inspect.getdoc(obj) or ""
        for module in modules
        for name, obj in vars(module).items()
        if name.startswith("test_") and name != "test_every_rule_is_traced" and callable(obj)
    ))
    return [f for f in fragments if _normal(f) not in docs]
