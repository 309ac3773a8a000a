"""The timeline's tests run for every registered game: `game_id` is parametrized over the registry."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from cardtable.core.cards import Card
from cardtable.core.engine import Action, Event, State
from cardtable.games import REGISTRY


def pytest_generate_tests(metafunc: Any) -> None:
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", sorted(REGISTRY))


def seeded_game(game_id: str, seed: int, moves: int, options: dict[str, Any] | None = None
                ) -> Iterator[tuple[State, Action]]:
    """The positions of a seeded game of random legal moves (at most `moves`; a move that would end the game is
    passed over for the next one), each with the action taken there; the caller applies it."""
    rules = REGISTRY[game_id]
    state = rules.new_game(rules.usual_players, options or {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            return
        legal = state.legal_actions()
        pick = rng.randrange(len(legal))
        if len(legal) > 1 and ends(state, legal[pick]):  # a game given up at once tells little
            pick = (pick + 1) % len(legal)
        yield state, legal[pick]


def ends(state: State, action: Action) -> bool:
    trial = state.clone()
    trial.apply(action)
    return trial.is_over()


def public_cards(data: Any) -> list[str]:
    """Every card in a view, in order, by its code ("??" for a hidden one: None where a card would be)."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, Card):
            found.append(value.code)
        elif isinstance(value, dict):
            for key in value:
                walk(value[key])
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    walk(data)
    return found


def event_line(event: Event) -> str:
    """One recorded event as a golden file writes it: kind, seat, cards, zones, value, beat and snapshot."""
    parts = [event.kind]
    if event.seat is not None:
        parts.append(f"seat={event.seat}")
    if event.cards:
        parts.append("cards=" + ",".join(c.code for c in event.cards))
    if event.src is not None or event.dst is not None:
        parts.append(f"{event.src}->{event.dst}")
    if event.value is not None:
        parts.append(f"value={plain(event.value)}")
    if event.hold:
        parts.append(f"hold={event.hold:g}")
    if event.snapshot is not None:
        parts.append("snapshot=" + " ".join(public_cards(event.snapshot.view(None))))
    return " ".join(parts)


def plain(value: Any) -> str:
    """A value as text that does not depend on the run (cards by code)."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (list, tuple)):
        return "(" + ",".join(plain(v) for v in value) + ")"
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}:{plain(v)}" for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))) + "}"
    return repr(value)
