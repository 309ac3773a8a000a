"""The pure packages never import pygame (or pygame_gui, or the pygame-based `cardtable.ui`), directly or
indirectly: `cardtable/core`, `cardtable/session`, `cardtable/bots` and every game under `cardtable/games`.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "cardtable"
FORBIDDEN_ROOTS = ("pygame", "pygame_gui")
FORBIDDEN_PACKAGES = FORBIDDEN_ROOTS + ("cardtable.ui",)


#: Packages that are pure Python through and through: the rules kit, the session layer, the bots and every game.
PURE_PACKAGES = ("core", "session", "bots", "games")


def pure_files() -> list[Path]:
    return sorted(f for package in PURE_PACKAGES for f in (PACKAGE / package).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _forbidden(name: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in FORBIDDEN_PACKAGES)


def forbidden_imports(source: str, module: str, is_package: bool = False) -> list[str]:
    """Every import in `source` (the text of `module`) that reaches pygame, pygame_gui or cardtable.ui."""
    found: list[str] = []
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                prefix = ".".join(base)
                target = f"{prefix}.{node.module}" if node.module else prefix
            else:
                target = node.module or ""
            names = [target] + [f"{target}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Call):
            # importlib.import_module("pygame") / __import__("pygame")
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in ("import_module", "__import__") and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    names = [arg.value]
        found += [f"line {node.lineno}: {n}" for n in names if _forbidden(n)]
    return found


def test_the_scan_covers_the_core_and_klondike() -> None:
    names = {module_name(f) for f in pure_files()}
    assert {"cardtable.core.engine", "cardtable.core.cards", "cardtable.games.klondike.rules"} <= names


def test_the_static_scanner_catches_every_form() -> None:
    bad = """
import os, pygame
import pygame_gui.elements as e
from pygame import Rect
from pygame.locals import QUIT
from cardtable.ui import table
from ...ui.theme import Theme
import importlib
importlib.import_module("pygame.freetype")
__import__("pygame_gui")
"""
    hits = forbidden_imports(bad, "cardtable.games.klondike.rules")
    assert len({h.split(":")[0] for h in hits}) == 8, hits
    ok = "import os\nfrom cardtable.core.cards import Card\nfrom . import rules\nimport pygamelike\n"
    assert forbidden_imports(ok, "cardtable.games.klondike.layout") == []


@pytest.mark.parametrize("path", pure_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_module_never_imports_pygame_statically(path: Path) -> None:
    hits = forbidden_imports(path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py")
    assert hits == [], f"{path.relative_to(ROOT)} imports UI code: {hits}"


_PROBE = r"""
import importlib, importlib.util, json, sys
FORBIDDEN = ("pygame", "pygame_gui", "cardtable.ui")
attempts = []
def forbidden(name):
    return any(name == p or name.startswith(p + ".") for p in FORBIDDEN)
class Spy:
    # Records every attempt to import a forbidden module, even one guarded by try/except ImportError.
    def find_spec(self, name, path=None, target=None):
        if forbidden(name):
            attempts.append(name)
        return None
sys.meta_path.insert(0, Spy())
imported = []
for name in json.loads(sys.argv[1]):
    try:
        if importlib.util.find_spec(name) is None:
            continue
    except ModuleNotFoundError:
        continue
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if not forbidden(exc.name or ""):
            raise
    imported.append(name)
loaded = sorted(m for m in sys.modules if forbidden(m))
print(json.dumps({"imported": imported, "attempts": attempts, "loaded": loaded}))
"""


def _probe(modules: list[str]) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(modules)],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_pure_modules_never_import_pygame_at_run_time() -> None:
    wanted = ["cardtable.core.engine", "cardtable.core.cards", "cardtable.session.match", "cardtable.games"]
    wanted += [module_name(f) for f in pure_files() if module_name(f) not in wanted]
    report = _probe(wanted)
    assert {"cardtable.core.engine", "cardtable.core.cards", "cardtable.games",
            "cardtable.games.klondike.rules"} <= set(report["imported"])
    assert report["attempts"] == [], f"tried to import {report['attempts']}"
    assert report["loaded"] == [], f"pygame in sys.modules: {report['loaded']}"


def test_the_run_time_probe_catches_a_pygame_import() -> None:
    # A control: the probe must see an import of pygame even where pygame is not installed.
    report = _probe(["json", "pygame"])
    assert "pygame" in report["attempts"]
