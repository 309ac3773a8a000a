"""The wheel is what pip, pipx and PyPI users get: it must carry the assets and find them once installed."""

from __future__ import annotations

import configparser
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("hatchling", reason="the build backend comes with the test extras")


@pytest.fixture(scope="module")
def wheel(repo_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(repo_root), "--no-deps", "--no-build-isolation",
                    "--quiet", "-w", str(out)], check=True, capture_output=True, timeout=300)
    (built,) = out.glob("cardtable-*.whl")
    return built


def test_the_wheel_carries_every_asset_inside_the_package(wheel: Path, repo_root: Path):
    names = set(zipfile.ZipFile(wheel).namelist())
    assets = repo_root / "assets"
    expected = {f"cardtable/assets/{p.relative_to(assets).as_posix()}" for p in assets.rglob("*") if p.is_file()}
    assert {"cardtable/assets/theme.json", "cardtable/assets/icon.png",
            "cardtable/assets/fonts/DejaVuSans.ttf", "cardtable/assets/fonts/DejaVuSans-Bold.ttf"} <= expected
    assert expected <= names
    assert not any(name.startswith("assets/") for name in names), "nothing lands at the top of site-packages"
    assert "cardtable/games/klondike/rules.py" in names


def test_the_wheel_declares_the_cardtable_command(wheel: Path):
    with zipfile.ZipFile(wheel) as archive:
        entry_points = next(n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt"))
        parser = configparser.ConfigParser()
        parser.read_string(archive.read(entry_points).decode("utf-8"))
    assert parser["gui_scripts"]["cardtable"] == "cardtable.app:main"


def test_unpacked_as_installed_it_finds_its_assets_from_any_folder(wheel: Path, tmp_path: Path):
    site = tmp_path / "site-packages"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = "import cardtable.resources as r; print(r.__file__); print(r.asset_path('theme.json'))"
    done = subprocess.run([sys.executable, "-c", code], cwd=elsewhere, capture_output=True, text=True, check=True,
                          env=dict(os.environ, PYTHONPATH=str(site)), timeout=120)
    module, theme = (Path(line) for line in done.stdout.splitlines())
    assert module.is_relative_to(site), "the unpacked copy was imported, not the checkout"
    assert theme == site / "cardtable" / "assets" / "theme.json" and theme.is_file()
