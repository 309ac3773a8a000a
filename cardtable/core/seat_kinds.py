"""Who may sit at a seat: the one list of seat kinds the match, the saves, the menu's form and the host share."""

from __future__ import annotations

from typing import Literal, get_args

#: A person at this computer, or a bot of a level.
SeatKind = Literal["human", "bot:easy", "bot:normal", "bot:hard"]
SEAT_KINDS: tuple[SeatKind, ...] = get_args(SeatKind)
BOT_KINDS: tuple[SeatKind, ...] = tuple(kind for kind in SEAT_KINDS if kind.startswith("bot:"))
DEFAULT_BOT: SeatKind = "bot:normal"
