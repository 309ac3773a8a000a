"""Checks of single values read from a file: the schema checks every reader of the app's files shares."""

from __future__ import annotations

import math
from typing import Any


def number_in(value: Any, low: float, high: float) -> bool:
    """Whether `value` is an int or a float (never a bool), finite, and within [low, high].

    Safe for any int, however large (`math.isfinite` of a huge int raises OverflowError)."""
    if type(value) is int:
        return low <= value <= high
    return type(value) is float and math.isfinite(value) and low <= value <= high


def whole_in(value: Any, low: int, high: int) -> bool:
    """Whether `value` is an int (never a bool) within [low, high]."""
    return type(value) is int and low <= value <= high
