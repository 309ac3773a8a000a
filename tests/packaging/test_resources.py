"""The assets are found from a source checkout, an installed wheel and the frozen app alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.resources import AssetsMissing, asset_path, find_assets


def make_assets(folder: Path) -> Path:
    (folder / "fonts").mkdir(parents=True)
    (folder / "theme.json").write_text("{}", encoding="utf-8")
    return folder


def test_an_installed_package_uses_the_assets_inside_it(tmp_path):
    """The wheel and the frozen app carry cardtable/assets/; it wins over any assets/ beside the package."""
    package = tmp_path / "site-packages" / "cardtable"
    inside = make_assets(package / "assets")
    make_assets(tmp_path / "site-packages" / "assets")
    assert find_assets(package) == inside


def test_a_checkout_uses_the_top_level_assets_folder(tmp_path):
    package = tmp_path / "repo" / "cardtable"
    package.mkdir(parents=True)
    beside = make_assets(tmp_path / "repo" / "assets")
    assert find_assets(package) == beside


def test_missing_assets_are_one_clear_error_naming_where_it_looked(tmp_path):
    package = tmp_path / "cardtable"
    (package / "assets").mkdir(parents=True)  # a folder without the theme is not the assets
    with pytest.raises(AssetsMissing) as caught:
        find_assets(package)
    message = str(caught.value)
    assert str(package / "assets") in message and str(tmp_path / "assets") in message
    assert "reinstall" in message
    assert isinstance(caught.value, FileNotFoundError)


def test_this_copy_has_its_theme_fonts_and_icon():
    for parts in (("theme.json",), ("icon.png",), ("fonts", "DejaVuSans.ttf"), ("fonts", "DejaVuSans-Bold.ttf")):
        assert asset_path(*parts).is_file(), parts
