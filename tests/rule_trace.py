"""Traceability of the rules files: every rule sentence must be quoted by some test's docstring."""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parents[2] / "shared" / "rules"


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
