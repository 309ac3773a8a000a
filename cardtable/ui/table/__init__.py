"""The generic table: one scene for every game (`scene.TableScene`), in parts with one job each."""

from cardtable.ui.table.scene import TableScene

__all__ = ["TableScene"]
