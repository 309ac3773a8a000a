"""Write the message catalog template, `assets/locale/cardtable.pot`: every sentence marked for translation in
`cardtable/` (`N_("...")` where it is written, `tr("...")` where it is shown), found by babel's extractor.

Run after changing any sentence: python packaging/extract_messages.py  (a test checks the template is current).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "assets" / "locale" / "cardtable.pot"
KEYWORDS = {"N_": None, "tr": None}


def messages(root: Path = ROOT) -> dict[str, list[tuple[str, int]]]:
    """Every marked message of the package, with where it is written (file relative to the top, line)."""
    found: dict[str, list[tuple[str, int]]] = {}
    method_map = [("**.py", "python")]
    for filename, line, message, _comments, _context in extract_from_dir(
            root / "cardtable", method_map, keywords=KEYWORDS, comment_tags=(), strip_comment_tags=True):
        if isinstance(message, str) and message:
            found.setdefault(message, []).append((f"cardtable/{filename}", line))
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
