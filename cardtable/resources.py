"""Locating the bundled data files (theme, fonts, icon) wherever cardtable runs from.

The repository keeps them in its top-level `assets/` folder.  An installed wheel and the frozen app carry the
same folder inside the package, as `cardtable/assets/` (the wheel maps it there; so does the PyInstaller spec).
"""

from __future__ import annotations

import functools
from pathlib import Path

#: A file every copy of the assets has: where it is, the rest is.
MARKER = "theme.json"


class AssetsMissing(FileNotFoundError):
    """cardtable's data files are not where an installation or a checkout keeps them."""


def asset_candidates(package_dir: Path | None = None) -> tuple[Path, Path]:
    """Where the assets may be, in order: inside the package (wheel, frozen app), then beside it (checkout)."""
    package = package_dir or Path(__file__).resolve().parent
    return package / "assets", package.parent / "assets"


def find_assets(package_dir: Path | None = None) -> Path:
    """The first candidate folder that holds the assets; `AssetsMissing` names the places looked at."""
    candidates = asset_candidates(package_dir)
    for folder in candidates:
        if (folder / MARKER).is_file():
            return folder
    looked = " and ".join(str(folder) for folder in candidates)
    raise AssetsMissing(f"cardtable's data files are missing (looked in {looked}); reinstall cardtable")


@functools.cache
def assets_dir() -> Path:
    """The `assets` folder of this copy of cardtable (found once, then remembered)."""
    return find_assets()


def asset_path(*parts: str) -> Path:
    """Path of a bundled asset, e.g. `asset_path("fonts", "DejaVuSans.ttf")`."""
    return assets_dir().joinpath(*parts)
