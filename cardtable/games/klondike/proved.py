"""Deal numbers Klondike's solver has proved winnable, per variant (assets/klondike_winnable.json, made by
packaging/klondike_winnable.py): "winnable deals only" picks one of them at once instead of searching."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from cardtable.resources import asset_path

FILE_NAME = "klondike_winnable.json"
#: The variants that change which deals can be won: (draw, passes).
VARIANTS = ((1, "unlimited"), (3, "unlimited"), (1, "limited"), (3, "limited"))


def variant_key(draw: int, passes: str) -> str:
    """A variant's name in the file: "1 unlimited", "3 limited"..."""
    return f"{draw} {passes}"


@functools.cache
def _lists() -> dict[str, tuple[int, ...]]:
    path = asset_path(FILE_NAME)
    if not path.is_file():
        return {}
    data = json.loads(path.read_text())
    return {key: tuple(entry["deals"]) for key, entry in data["variants"].items()}


def proved_deals(options: Mapping[str, Any]) -> tuple[int, ...]:
    """The deal numbers proved winnable for the variant `options` ask for (empty when the list has none)."""
    return _lists().get(variant_key(int(options["draw"]), str(options["passes"])), ())
