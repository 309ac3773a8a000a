"""Write the message catalog template, `assets/locale/cardtable.pot`: every sentence marked for translation in
`cardtable/` (`N_("...")` where it is written, `tr("...")` where it is shown), found in the syntax tree and written
with babel.

Run after changing any sentence: python packaging/extract_messages.py  (a test checks the template is current).
"""

from __future__ import annotations

import ast
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "assets" / "locale" / "cardtable.pot"
KEYWORDS = ("N_", "tr")


def messages(root: Path = ROOT) -> dict[str, list[tuple[str, int]]]:
    """Every marked message of the package, with where it is written (file relative to the top, line): the string
    written as the first argument of a call of `N_` or `tr`.  Read from the syntax tree, so that what is extracted
    never depends on an extractor's version (a call like `tr(WORDS[key])` marks nothing)."""
    found: dict[str, list[tuple[str, int]]] = {}
    for path in sorted((root / "cardtable").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
                    and node.args[0].value):
                where = (path.relative_to(root).as_posix(), node.lineno)
                found.setdefault(node.args[0].value, []).append(where)
    return found


def template(root: Path = ROOT) -> str:
    """The catalog template's text (no dates in it, so it changes only when the messages do)."""
    catalog = Catalog(project="cardtable", version="", fuzzy=False)
    for message, places in sorted(messages(root).items()):
        catalog.add(message, locations=sorted(places))
    out = io.BytesIO()
    write_po(out, catalog, omit_header=True, sort_output=True, width=120, include_lineno=False)
    return out.getvalue().decode("utf-8")


def main() -> int:
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_text(template(), encoding="utf-8")
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(messages())} messages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
