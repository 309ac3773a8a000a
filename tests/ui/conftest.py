"""The headless UI tests: bots decide inline (the table fixtures are in the top conftest.py)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def bots_decide_inline(bots_inline: None) -> None:
    """Bots decide at once, in the test's own thread: a table test never races a worker process starting up.

    Tests of the table with bots in a worker set CARDTABLE_BOT_MODE themselves.
    """
