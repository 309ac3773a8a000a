"""The rules kit stands alone: `cardtable/core` imports nothing of the app above it (no registry, no session,
no storage) and does no file I/O, so every game and every tool can build on it without dragging the app along."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "cardtable" / "core"
#: Standard-library modules that reach files, processes or the network.
IO_MODULES = ("os", "io", "pathlib", "shutil", "tempfile", "subprocess", "socket", "sqlite3", "platformdirs")


def imported(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names.append(node.module or "")
    return names


@pytest.mark.parametrize("path", sorted(CORE.rglob("*.py")), ids=lambda p: p.name)
def test_core_imports_only_core_and_no_file_io(path: Path):
    names = imported(path)
    above = [n for n in names if n.startswith("cardtable") and not n.startswith("cardtable.core")]
    io = [n for n in names if n.split(".")[0] in IO_MODULES]
    assert above == [], f"{path.name} imports the app above the core: {above}"
    assert io == [], f"{path.name} imports file or process I/O: {io}"
    assert "open(" not in path.read_text(encoding="utf-8"), f"{path.name} opens files"
