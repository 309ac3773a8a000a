"""Turn assets/icon.png into the icon files Windows (.ico) and macOS (.icns) want, without Pillow.

Both formats can hold plain PNG images, so the icon is scaled with pygame and packed as PNGs.
`packaging/cardtable.spec` calls `write_icons` at build time; the results go under build/.
"""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns element types that hold a PNG of the given size (macOS 10.7+).
ICNS_TYPES = ((16, b"icp4"), (32, b"icp5"), (64, b"icp6"), (128, b"ic07"), (256, b"ic08"))


def png_sizes(source: Path, sizes: tuple[int, ...]) -> dict[int, bytes]:
    """`source` scaled to each size, encoded as PNG."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    image = pygame.image.load(str(source))
    out: dict[int, bytes] = {}
    for size in sizes:
        scaled = image if image.get_size() == (size, size) else pygame.transform.smoothscale(image, (size, size))
        buffer = io.BytesIO()
        pygame.image.save(scaled, buffer, "icon.png")
        out[size] = buffer.getvalue()
    return out


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG images (supported since Windows Vista)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, data = b"", b""
    for size in sizes:
        png = pngs[size]
        side = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding PNG images."""
    body = b""
    for size, kind in ICNS_TYPES:
        if size in pngs:
            body += kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(source: Path, folder: Path) -> tuple[Path, Path]:
    """Write icon.ico and icon.icns into `folder`; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    pngs = png_sizes(source, tuple(sorted(set(ICO_SIZES) | {s for s, _ in ICNS_TYPES})))
    ico = folder / "icon.ico"
    icns = folder / "icon.icns"
    ico.write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    icns.write_bytes(icns_bytes(pngs))
    return ico, icns


if __name__ == "__main__":
    root = Path(__file__).resolve().parents[1]
    for path in write_icons(root / "assets" / "icon.png", root / "build" / "icons"):
        print("wrote", path)
