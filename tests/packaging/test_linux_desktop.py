"""Linux desktop integration: the desktop entry, the AppStream metainfo and the hicolor icons agree with the app."""

from __future__ import annotations

import configparser
import shutil
import struct
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import cardtable
from cardtable import APP_ID
from cardtable.app import prepare_environment


@pytest.fixture(scope="module")
def project(repo_root: Path) -> dict:
    return tomllib.loads((repo_root / "pyproject.toml").read_text(encoding="utf-8"))["project"]


@pytest.fixture(scope="module")
def desktop(packaging_script):
    return packaging_script("linux_desktop")


@pytest.fixture(scope="module")
def staged(desktop, tmp_path_factory) -> Path:
    prefix = tmp_path_factory.mktemp("prefix")
    desktop.stage(prefix)
    return prefix / "share"


def entry(text: str) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read_string(text)
    return parser["Desktop Entry"]


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_desktop_entry_starts_the_command_and_names_the_window_class_and_icon(staged, project):
    values = entry((staged / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8"))
    assert values["Exec"] in project["gui-scripts"], "Exec= runs the installed command"
    assert values["Icon"] == APP_ID
    assert values["StartupWMClass"] == APP_ID, "the window's class (set in cardtable.app) must match"
    assert values["Terminal"] == "false" and "CardGame" in values["Categories"].split(";")


def test_the_window_class_is_the_app_id():
    """The class SDL gives the window: the desktop entry (and the smoke test) find the window by it."""
    environ: dict[str, str] = {}
    prepare_environment(environ)
    assert environ["SDL_VIDEO_X11_WMCLASS"] == environ["SDL_VIDEO_WAYLAND_WMCLASS"] == APP_ID


def test_the_metainfo_names_the_app_its_entry_and_this_release(staged, project):
    root = ET.parse(staged / "metainfo" / f"{APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    assert root.find("releases/release").get("version") == project["version"] == cardtable.__version__
    assert root.findtext("url[@type='homepage']") == project["urls"]["Homepage"]


def test_every_screenshot_is_an_image_in_docs_of_the_stated_size(staged, project, repo_root):
    root = ET.parse(staged / "metainfo" / f"{APP_ID}.metainfo.xml").getroot()
    images = root.findall("screenshots/screenshot/image")
    assert len(images) >= 3
    base = project["urls"]["Homepage"] + "/screenshots/"
    for image in images:
        assert image.text.startswith(base), image.text
        picture = repo_root / "docs" / image.text.removeprefix(base)
        assert picture.is_file(), f"{picture.name} is not in docs/"
        assert png_size(picture) == (int(image.get("width")), int(image.get("height")))


def test_the_icon_set_has_every_hicolor_size(staged, desktop):
    for size in desktop.HICOLOR_SIZES:
        assert png_size(staged / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png") == (size, size)


@pytest.mark.parametrize("command, expected", [
    ("cardtable", "cardtable"),
    ("/opt/cardtable/cardtable", "/opt/cardtable/cardtable"),
    ("/home/a b/dist/cardtable", '"/home/a b/dist/cardtable"'),
    ('/odd/"$`\\/cardtable', '"/odd/\\"\\$\\`\\\\/cardtable"'),
])
def test_an_exec_path_is_quoted_as_the_spec_asks(desktop, command, expected):
    assert desktop.exec_argument(command) == expected
    assert entry(desktop.desktop_entry(command))["Exec"] == expected


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils is not installed")
def test_desktop_file_validate_accepts_the_entry(staged):
    subprocess.run(["desktop-file-validate", str(staged / "applications" / f"{APP_ID}.desktop")], check=True,
                   timeout=60)


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream is not installed")
def test_appstreamcli_accepts_the_tree(staged):
    subprocess.run(["appstreamcli", "validate-tree", "--no-net", str(staged.parent)], check=True, timeout=60,
                   capture_output=True)
