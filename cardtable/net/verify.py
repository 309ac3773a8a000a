"""A client's check of an ended game: the revealed seed and nonce are the ones committed to, and replaying the
seed and the actions gives exactly the views and events this seat received along the way."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.core.engine import IllegalAction, Rules, State
from cardtable.net.commitment import checks_out
from cardtable.net.redaction import events_for_seat
from cardtable.net.wire import to_wire

#: Problems listed before the check stops looking.
MAX_PROBLEMS = 10


@dataclass
class Verdict:
    """`ok`: the game checks out; `problems` says where it does not (the first few)."""

    problems: list[str] = field(default_factory=list)
    checked: int = 0  # positions compared
    state: State | None = None  # the replayed game at its end (a checked game's true result)

    @property
    def ok(self) -> bool:
        return not self.problems


def verify(
    rules: Rules,
    players: int,
    options: Mapping[str, Any],
    commitment: str,
    seed: int,
    nonce: str,
    actions: Sequence[Any],
    seat: int,
    views: Mapping[int, Any],
    events: Mapping[int, Any],
) -> Verdict:
    """Replay (seed, actions) and compare with what `seat` received: `views[n]` and `events[n]` (wire form) after
    the n-th action (0: the deal).  Never raises on bad data: every fault is a problem in the verdict."""
    verdict = Verdict()
    if not checks_out(commitment, seed, nonce):
        verdict.problems.append("the revealed seed is not the one committed to at the deal")
        return verdict
    try:
        state = rules.new_game(players, options, seed)
    except (ValueError, TypeError) as exc:
        verdict.problems.append(f"the game cannot be set up again ({exc})")
        return verdict
    _compare(verdict, 0, to_wire(state.view(seat)), views, None, None)
    for n, item in enumerate(actions, 1):
        if len(verdict.problems) >= MAX_PROBLEMS:
            break
        try:
            if not isinstance(item, list) or len(item) != 2 or item[0] != state.turn:
                raise ValueError("it is not the move of the seat whose turn it was")
            action = rules.action_from_json(item[1])
            before = state.view(seat)
            happened = state.apply(action)
        except (ValueError, TypeError, KeyError, IllegalAction) as exc:
            verdict.problems.append(f"move {n} cannot be replayed ({exc})")
            return verdict
        after = state.view(seat)
        _compare(verdict, n, to_wire(after), views, events_for_seat(happened, seat, before, after), events)
    if len(actions) + 1 < len(views) or (views and max(views) > len(actions)):
        verdict.problems.append("the host showed moves that are not in its log")
    if not state.is_over() and not verdict.problems:
        verdict.problems.append("the revealed log does not finish the game")
    verdict.state = state
    return verdict


def _compare(verdict: Verdict, n: int, view: Any, views: Mapping[int, Any], made: Any, events: Mapping[int, Any]
             | None) -> None:
    if n in views:
        verdict.checked += 1
        if views[n] != view:
            verdict.problems.append(f"the view after move {n} is not what the replay shows")
    if events is not None and n in events and events[n] != made:
        verdict.problems.append(f"the events of move {n} are not what the replay shows")
