"""Who may sit at a seat: the one list of seat kinds the match, the saves, the menu's form and the host share."""

from __future__ import annotations

from typing import Literal

#: A person at this computer, a bot of a level, or (at a hosted table) a person at another computer.
SeatKind = Literal["human", "bot:easy", "bot:normal", "bot:hard", "remote"]
#: The kinds a save and the new-table form hold (a hosted table is never saved on a client).
SEAT_KINDS: tuple[SeatKind, ...] = ("human", "bot:easy", "bot:normal", "bot:hard")
BOT_KINDS: tuple[SeatKind, ...] = tuple(kind for kind in SEAT_KINDS if kind.startswith("bot:"))
DEFAULT_BOT: SeatKind = "bot:normal"
#: A person at another computer (at a hosted table).
REMOTE: SeatKind = "remote"
