"""Shared helpers of the bot tests."""

from __future__ import annotations

import random
from typing import Any

from cardtable.core.engine import Action, Result, State


class Sealed(State):
    """A state the bot may only ask for its legal actions, its turn and determinizations: anything else raises."""

    def __init__(self, inner: State) -> None:
        object.__setattr__(self, "_inner", inner)

    @property
    def turn(self) -> int | None:  # type: ignore[override]
        return self._inner.turn

    def legal_actions(self) -> list[Action]:
        return self._inner.legal_actions()

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        assert seat == self._inner.turn, "determinized for another seat"
        return self._inner.determinize(seat, rng)

    def apply(self, action: Action, record: bool = True) -> Any:
        raise AssertionError("the bot changed the state it was given")

    def result(self) -> Result:
        raise AssertionError("the bot read the result of the state it was given")

    def view(self, seat: int | None) -> dict[str, Any]:
        raise AssertionError("the bot read a view of the state it was given")

    def clone(self) -> State:
        raise AssertionError("the bot cloned the state it was given (a clone shows every hidden card)")

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the bot read {name!r} of the state it was given")
