"""The pace of hosted tables: how often the server advances their clocks, and how bots that need no time catch up
between two ticks (each update plays at most one move)."""

from __future__ import annotations

from cardtable.net.host import HostTable

#: Seconds between two updates of the tables' clocks.
TICK = 0.05
#: Moves a table may make at once when its bots need no time.
CATCH_UP = 64


def advance(table: HostTable, dt: float) -> None:
    """Advance a table's clock by `dt`; while its bots need no time, let them move at once (a bounded number)."""
    table.update(dt)
    for _ in range(CATCH_UP):
        driver = table.driver
        if driver is None or table.match is None or table.over:
            return
        moves, job = len(table.match.log), driver.job
        table.update(0.0)
        if len(table.match.log) == moves and driver.job is job:
            return
