"""The rules screens' files (assets/rules/) travel with the app: the wheel and the built app carry assets/ whole."""

from __future__ import annotations

from pathlib import Path

from cardtable.games import GAMES


def test_the_built_app_carries_the_whole_assets_folder_rules_included(repo_root: Path):
    spec = (repo_root / "packaging" / "cardtable.spec").read_text(encoding="utf-8")
    assert 'datas=[(str(ROOT / "assets"), "cardtable/assets")]' in spec, "the spec must ship assets/ whole"


def test_the_rules_files_are_in_the_assets_folder_the_packages_ship(repo_root: Path):
    rules = repo_root / "assets" / "rules"
    for game in GAMES:
        assert (rules / f"{game.id}.md").is_file() and (rules / f"{game.id}.png").is_file(), game.id
