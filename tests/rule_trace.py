"""Traceability of the rules files: every rule sentence must be quoted by some test's docstring."""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parents[2] / "shared" / "rules"


def rule_fragments(text: str, excluded: tuple[str, ...] = ()) -> list[str]:
    """The rule sentences of a rules file (and each clause between semicolons), from its bullets and steps."""
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
    fragments = []
    for bullet in bullets:
        if excluded and bullet.startswith(excluded):
            continue
        bullet = bullet.replace("*", "").replace("`", "")
        for sentence in re.split(r"(?<=\.)\s+(?=[A-Z])", bullet):
            fragments += [f.strip() for f in sentence.split("; ") if f.strip()]
    return fragments


def _normal(text: str) -> str:
    return " ".join(text.split())


def untraced_rules(module_name: str, rules_file: str, excluded: tuple[str, ...] = (),
                   at_least: int = 10) -> list[str] | None:
    """Rule fragments of `rules_file` no test of `module_name` quotes; None if the rules folder is not beside us."""
    path = RULES_DIR / rules_file
    if not path.exists():
        return None
    fragments = rule_fragments(path.read_text(encoding="utf-8"), excluded)
    assert len(fragments) >= at_least, f"{rules_file}: only {len(fragments)} rule sentences found"
    module = sys.modules[module_name]
    docs = _normal(" ".join(
        inspect.getdoc(obj) or ""
        for name, obj in vars(module).items()
        if name.startswith("test_") and name != "test_every_rule_is_traced" and callable(obj)
    ))
    return [f for f in fragments if _normal(f) not in docs]
