"""The generic table: one scene for every game (`scene.TableScene`), in parts with one job each.

`TableScene` is imported when it is first asked for, so that importing one part of the table does not bring every
part: the menu imports them one at a time while it waits for the person (`cardtable.ui.preload`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene

__all__ = ["TableScene"]


def __getattr__(name: str) -> Any:
    if name == "TableScene":
        from cardtable.ui.table.scene import TableScene

        return TableScene
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
