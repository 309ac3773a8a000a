"""Linux desktop integration: the desktop entry, the AppStream metainfo and a hicolor icon set made from the icon.

    python3 packaging/linux_desktop.py                     # stage them under build/linux/share/ (packagers, CI)
    python3 packaging/linux_desktop.py --prefix ~/.local   # install them for this user: cardtable joins the
                                                           # desktop's app menu (the `cardtable` command must be
                                                           # on PATH, as `pipx install` leaves it)
    python3 packaging/linux_desktop.py --prefix ~/.local --exec "$PWD/dist/cardtable/cardtable"   # the built app

The sources are `packaging/linux/<app id>.desktop` and `.metainfo.xml`; the icon set is scaled from
`assets/icon.png` (the same scaling as the Windows and macOS icons).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "packaging"), str(ROOT)]
from icons import png_sizes  # noqa: E402

from cardtable import APP_ID  # noqa: E402

SOURCES = ROOT / "packaging" / "linux"
ICON = ROOT / "assets" / "icon.png"
#: The sizes desktops ask a hicolor theme for (the icon is drawn at 256).
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256)
#: Characters the desktop entry spec wants escaped inside a quoted Exec argument.
EXEC_ESCAPED = '"`$\\'


def exec_argument(command: str) -> str:
    """`command` as one Exec= argument: quoted (with the spec's escapes) when it holds anything but plain text."""
    if command and not any(c.isspace() or c in EXEC_ESCAPED + "'<>~|&;*?#()" for c in command):
        return command
    return '"' + "".join("\\" + c if c in EXEC_ESCAPED else c for c in command) + '"'


def desktop_entry(exec_command: str | None = None) -> str:
    """The desktop entry's text, with its Exec= line pointing at `exec_command` when one is given."""
    text = (SOURCES / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    if exec_command is None:
        return text
    lines = [f"Exec={exec_argument(exec_command)}" if line.startswith("Exec=") else line for line in text.splitlines()]
    return "\n".join(lines) + "\n"


def stage(prefix: Path, exec_command: str | None = None) -> list[Path]:
    """Write the desktop entry, the metainfo and the icon set under `prefix`/share; returns the files written."""
    share = prefix / "share"
    written: list[Path] = []

    def put(path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(path)

    put(share / "applications" / f"{APP_ID}.desktop", desktop_entry(exec_command).encode("utf-8"))
    put(share / "metainfo" / f"{APP_ID}.metainfo.xml", (SOURCES / f"{APP_ID}.metainfo.xml").read_bytes())
    for size, png in png_sizes(ICON, HICOLOR_SIZES).items():
        put(share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png", png)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--prefix", type=Path, default=ROOT / "build" / "linux",
                        help="where share/ goes (default: build/linux; ~/.local installs for this user)")
    parser.add_argument("--exec", dest="exec_command", metavar="COMMAND",
                        help="what the menu entry starts (default: the `cardtable` command on PATH)")
    args = parser.parse_args(argv)
    for path in stage(args.prefix.expanduser(), args.exec_command):
        print("wrote", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
