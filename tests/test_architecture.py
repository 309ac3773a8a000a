"""The shape DESIGN.md asks of the tree: generic packages know no game, UI modules stay small, scenes never
import each other (the navigator makes them), and the widgets' theme and the drawn palette agree."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from cardtable.games import CATALOGUE

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardtable"
GENERIC = ("core", "session", "bots", "ui")
#: Words only a game may use: what it calls its zones and its phases.
GAME_WORDS = ("trick", "bid", "stock", "foundation", "tableau", "waste", "trump")
#: The self-test plays scripted games by name, on purpose; the trick helpers are shared by the trick games.
ALLOWED = {PACKAGE / "ui" / "selftest.py"}
SCENES = {"cardtable.ui.menu", "cardtable.ui.settings_scene", "cardtable.ui.replay", "cardtable.ui.table.scene",
          "cardtable.ui.stats_scene", "cardtable.ui.rules_scene"}
MAX_UI_LINES = 500


def modules(*packages: str) -> list[Path]:
    return sorted(f for p in packages for f in (PACKAGE / p).rglob("*.py") if f not in ALLOWED)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
    return found


@pytest.mark.parametrize("path", modules(*GENERIC), ids=lambda p: str(p.relative_to(ROOT)))
def test_generic_modules_name_no_game(path: Path):
    text = path.read_text(encoding="utf-8").lower()
    ids = [entry.id for entry in CATALOGUE] + ["klondike", "kachuful", "crazy"]
    named = sorted({i for i in ids if re.search(rf"\b{re.escape(i)}\b", text)}
                   | {e.title.lower() for e in CATALOGUE if e.title.lower() in text})
    assert named == [], f"{path.relative_to(ROOT)} names {named}"


@pytest.mark.parametrize("path", [p for p in modules("session", "bots", "ui")],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_generic_modules_use_no_game_words(path: Path):
    text = path.read_text(encoding="utf-8").lower()
    words = sorted({w for w in GAME_WORDS if re.search(rf"\b{w}s?\b", text)})
    assert words == [], f"{path.relative_to(ROOT)} speaks of {words}"


@pytest.mark.parametrize("path", sorted((PACKAGE / "ui").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_ui_modules_stay_small(path: Path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_UI_LINES, f"{path.relative_to(ROOT)} has {lines} lines: give a part its own module"


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_scenes_never_import_each_other(scene: str):
    path = ROOT / (scene.replace(".", "/") + ".py")
    others = {s for s in SCENES if s != scene} | {"cardtable.ui.table.TableScene"}
    assert imports(path) & others == set(), f"{scene} imports another scene: ask the navigator"


def test_only_the_navigator_makes_scenes():
    makers = [p for p in modules("ui") if p.name != "navigator.py"
              and re.search(r"\b(MenuScene|TableScene|ReplayScene|SettingsScene|StatsScene|RulesScene)\(",
                            p.read_text(encoding="utf-8"))
              and module_name(p) not in SCENES]
    assert makers == []


def test_the_widgets_theme_uses_the_palette():
    from cardtable.ui import theme

    data = json.loads((ROOT / "assets" / "theme.json").read_text(encoding="utf-8"))

    def rgb(hex_colour: str) -> tuple[int, int, int]:
        return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]

    defaults = data["defaults"]["colours"]
    assert rgb(defaults["normal_border"]) == theme.RULE
    assert rgb(defaults["normal_text"]) == theme.INK
    assert rgb(data["#title"]["colours"]["normal_text"]) == theme.GOLD
    assert rgb(data["#heading"]["colours"]["normal_text"]) == theme.GOLD
    assert rgb(data["#muted"]["colours"]["normal_text"]) == theme.MUTED
    assert rgb(data["#error"]["colours"]["normal_text"]) == theme.ERROR
