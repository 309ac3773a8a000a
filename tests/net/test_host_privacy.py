"""Nothing a client receives shows a card its seat may not see, nor the seed before the game ends.

The check is independent of the host's redaction: after the game, the revealed log is replayed, and every card in
every message a seat received by move n must be one that seat saw in its own view (or at a beat of a move) by then.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardtable.games import REGISTRY, get_game
from tests.net.conftest import Link, make_table, seat_count

GAMES = sorted(REGISTRY)


def card_codes(data: Any) -> set[str]:
    """Every card code in a message's data."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if set(item) == {"card"} and isinstance(item["card"], str):
                found.add(item["card"])
            else:
                stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def view_codes(view: Any) -> set[str]:
    found: set[str] = set()
    stack = [view]
    while stack:
        item = stack.pop()
        if hasattr(item, "code") and hasattr(item, "suit"):
            found.add(item.code)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif hasattr(item, "cards") and hasattr(item, "kind"):  # an event named in a view
            stack.extend(item.cards)
    return found


def seen_by_move(game_id: str, players: int, options: dict[str, Any], seed: int, actions: list[Any],
                 seat: int) -> list[set[str]]:
    """For each n, the cards `seat` saw in its views and beats up to move n, from a replay of the log."""
    rules = get_game(game_id).rules
    state = rules.new_game(players, options, seed)
    seen = view_codes(state.view(seat))
    by_move = [set(seen)]
    for _, data in actions:
        for event in state.apply(rules.action_from_json(data)):
            if event.snapshot is not None:
                seen |= view_codes(event.snapshot.view(seat))
        seen |= view_codes(state.view(seat))
        by_move.append(set(seen))
    return by_move


@pytest.mark.parametrize("game_id", GAMES)
def test_no_message_shows_a_card_its_seat_may_not_see(game_id: str) -> None:
    people = min(4, seat_count(game_id))
    table = make_table(game_id, people, seed=7_046_029_254_386_353_131, short=True)  # a seed as long as a hosted game's
    link = Link(table)
    peers = [link.join(f"P{i}") for i in range(people)]
    table.start()
    link.flush()
    link.play(random.Random(8))
    log = [[e.seat, e.action.to_json()] for e in table.match.log]
    for peer in peers:
        allowed = seen_by_move(game_id, len(table.plan), table.options, table.seed, log, peer.client.seat)
        n = 0
        for text in peer.received:
            assert str(table.seed) not in text or json.loads(text)["type"] == "over"
            data = json.loads(text)
            if data["type"] == "over":
                continue
            n = data.get("n", n)
            # the moves a seat may make name cards it may call or bid for; they depend only on what the seat sees
            # (the contract tests hold every game's legal moves equal across the seat's determinizations)
            data.pop("legal", None)
            leaked = card_codes(data) - allowed[n]
            assert not leaked, f"seat {peer.client.seat} was shown {sorted(leaked)} at move {n} ({data['type']})"
