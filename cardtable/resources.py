"""Locating bundled data files, both from a source checkout and inside a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def assets_dir() -> Path:
    """The root `assets` directory (next to the package, or inside the frozen bundle)."""
    if getattr(sys, "frozen", False) and hasattr(sys, "_MEIPASS"):
        return Path(sys._MEIPASS) / "assets"
    return Path(__file__).resolve().parents[1] / "assets"


def asset_path(*parts: str) -> Path:
    """Path of a bundled asset, e.g. `asset_path("fonts", "DejaVuSans.ttf")`."""
    return assets_dir().joinpath(*parts)
