"""Every registered game through the rules and the real table: a private home, bots deciding inline."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def headless_home(table_home, bots_inline):
    return table_home
