"""A game's rules as the rules screen reads them: `assets/rules/<game id>.md` and its picture `<game id>.png`.

The files are the app's own, but they are read like any other file: with a size cap, never following a link out of
a regular file, and a missing or unusable file becomes one clear sentence in place of the text, never a crash.

The text is the small part of markdown the rules use: `#` and `##` headings, paragraphs, `- ` bullets and
`**bold**`, and a rule's id at the end of its bullet or paragraph (`{#id}`, see `cardtable.rulebook`), which is
not shown.  `parse` turns it into blocks of spans (text, bold) for the screen to lay out; it knows no pygame.
"""

from __future__ import annotations

import io
import logging
import re
from dataclasses import dataclass
from pathlib import Path

import pygame

from cardtable.files.reader import Unreadable, read_bytes
from cardtable.resources import asset_path
from cardtable.rulebook import strip_marks

log = logging.getLogger("cardtable")

MAX_TEXT_BYTES = 64 * 1024  # a game's rules are a few kilobytes
MAX_PICTURE_BYTES = 1024 * 1024  # a picture is a small screenshot
_ID = re.compile(r"[a-z0-9_]{1,64}")  # a game id: never a path

Span = tuple[str, bool]  # a piece of text and whether it is bold


@dataclass(frozen=True)
class Block:
    """One block of the text: `kind` is "title" (#), "heading" (## and deeper), "paragraph", "bullet" or
    "problem" (the sentence shown when the file cannot be used)."""

    kind: str
    spans: tuple[Span, ...]

    @property
    def text(self) -> str:
        return "".join(text for text, _ in self.spans)


def rules_folder() -> Path:
    """Where the rules files are (a function, so the tests can point it elsewhere)."""
    return asset_path("rules")


def _read(game_id: str, suffix: str, max_bytes: int) -> bytes:
    """The bytes of the game's file; FileNotFoundError or `Unreadable` (with the reason) otherwise."""
    if not _ID.fullmatch(game_id):
        raise Unreadable("its name is not a game's")
    path = rules_folder() / f"{game_id}.{suffix}"
    try:
        path = path.resolve(strict=True)  # an installation may link its assets; what counts is the file itself
    except OSError as exc:
        raise FileNotFoundError(str(path)) from exc
    return read_bytes(path, max_bytes)


def read_rules(game_id: str, title: str) -> list[Block]:
    """The game's rules as blocks; a single "problem" block that says what is wrong when they cannot be shown."""
    try:
        text = _read(game_id, "md", MAX_TEXT_BYTES).decode("utf-8")
    except FileNotFoundError:
        return [problem(f"The rules of {title} are missing from this copy of cardtable (rules/{game_id}.md). "
                        "Reinstalling cardtable brings them back.")]
    except Unreadable as exc:
        log.warning("the rules of %s cannot be shown: %s", game_id, exc.reason)
        return [problem(f"The rules of {title} cannot be shown: {exc.reason}.")]
    except UnicodeDecodeError:
        return [problem(f"The rules of {title} cannot be shown: the file is not text.")]
    blocks = parse(text)
    return blocks or [problem(f"The rules of {title} are empty.")]


def read_picture(game_id: str) -> pygame.Surface | None:
    """The game's picture of the table, or None when there is none to show (the text stands on its own)."""
    try:
        data = _read(game_id, "png", MAX_PICTURE_BYTES)
        return pygame.image.load(io.BytesIO(data), f"{game_id}.png")
    except FileNotFoundError:
        return None
    except (Unreadable, pygame.error, ValueError) as exc:
        log.warning("the picture of %s cannot be shown: %s", game_id, exc)
        return None


def problem(sentence: str) -> Block:
    return Block("problem", ((sentence, False),))


def spans(text: str) -> tuple[Span, ...]:
    """`text` cut at its `**` marks: every other piece is bold (an unclosed mark makes the rest bold)."""
    pieces = text.split("**")
    return tuple((piece, i % 2 == 1) for i, piece in enumerate(pieces) if piece)


def parse(text: str) -> list[Block]:
    """The blocks of a rules text: headings, paragraphs (lines joined up to a blank line) and bullets (a line
    starting "- " or "* "; the lines after it, up to a blank line or the next bullet, carry on the same bullet)."""
    blocks: list[Block] = []
    lines: list[str]
    kind, lines = "", []

    def close() -> None:
        found = spans(strip_marks(" ".join(lines)))  # the rule ids are for the tests, not the reader
        if found:
            blocks.append(Block(kind, found))
        lines.clear()

    for raw in text.splitlines():
        line = raw.strip()
        heading = re.match(r"(#{1,6})\s+(.*)", line)
        if not line:
            close()
        elif heading:
            close()
            kind = "title" if len(heading.group(1)) == 1 else "heading"
            lines.append(heading.group(2).rstrip("#").strip())
            close()
        elif line[:2] in ("- ", "* "):
            close()
            kind = "bullet"
            lines.append(line[2:].strip())
        else:
            if not lines:
                kind = "paragraph"
            lines.append(line)
    close()
    return blocks
