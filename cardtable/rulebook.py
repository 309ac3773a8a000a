"""The rules a player reads in the app, as the tests trace them: every rule of `assets/rules/<game id>.md` carries
an id, written at the end of its bullet or paragraph as `{#id}` (one or more: `{#deal}{#deal.order}`).

The rules screen shows the text without the marks (`strip_marks`); the tests name the ids of the rules they check,
and a report lists the rules no test names (`tests/rule_trace.py`).  Pure text handling: no files, no pygame.
"""

from __future__ import annotations

import re

#: A rule id: lower-case words, digits, `_`, `-` and `.` (for a rule's parts, as `hook.hidden`).
RULE_ID = re.compile(r"[a-z0-9][a-z0-9_.-]{0,63}")
_MARKS = re.compile(r"(?:\s*\{#[^}\s]*\})+\s*$")
_MARK = re.compile(r"\{#([^}\s]*)\}")


class BadRuleMark(ValueError):
    """A rules text has a mark that is not a usable id, or an id given to two rules."""


def strip_marks(text: str) -> str:
    """`text` without the rule ids at its end."""
    return _MARKS.sub("", text)


def _blocks(text: str) -> list[str]:
    """The bullets and paragraphs of a rules text, each joined into one line (headings left out)."""
    blocks: list[str] = []
    lines: list[str] = []

    def close() -> None:
        if lines:
            blocks.append(" ".join(lines))
            lines.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            close()
        elif line[:2] in ("- ", "* ") or re.match(r"\d+\. ", line):
            close()
            lines.append(line)
        else:
            lines.append(line)
    close()
    return blocks


def rule_ids(text: str) -> dict[str, str]:
    """Each rule id of a rules text and the rule it marks (its bullet or paragraph, without the marks), in the
    order of the text; `BadRuleMark` for a mark that is not an id or an id used twice."""
    found: dict[str, str] = {}
    for block in _blocks(text):
        tail = _MARKS.search(block)
        if tail is None:
            if "{#" in block:
                raise BadRuleMark(f"a rule's id must end its bullet or paragraph: {block[:60]!r}")
            continue
        rule = block[: tail.start()].strip()
        if "{#" in rule:
            raise BadRuleMark(f"a rule's id must end its bullet or paragraph: {rule[:60]!r}")
        for rule_id in _MARK.findall(tail.group(0)):
            if not RULE_ID.fullmatch(rule_id):
                raise BadRuleMark(f"{rule_id!r} is not a rule id (lower-case words, digits, _ - .)")
            if rule_id in found:
                raise BadRuleMark(f"the rule id {rule_id!r} marks two rules")
            found[rule_id] = rule
    return found
