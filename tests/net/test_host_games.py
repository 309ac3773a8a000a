"""A host and up to four clients finish every game, bots in the other seats, and every client's replay of the
revealed deal matches what it was shown (0 desyncs)."""

from __future__ import annotations

import random

import pytest

from cardtable.games import REGISTRY
from tests.net.conftest import Link, make_table, seat_count

GAMES = sorted(REGISTRY)


@pytest.mark.parametrize("game_id", GAMES)
def test_clients_finish_every_game_and_each_replay_checks_out(game_id: str) -> None:
    people = min(4, seat_count(game_id))
    table = make_table(game_id, people, seed=11, short=True)
    link = Link(table)
    peers = [link.join(f"Player {i}") for i in range(people)]
    assert [p.client.seat for p in peers] == list(range(people))
    table.start()
    link.flush()
    link.play(random.Random(3))
    for peer in peers:
        verdict = peer.client.verdict
        assert verdict is not None and verdict.ok, verdict and verdict.problems
        assert verdict.checked == len(table.match.log) + 1
        assert peer.client.ended["winners"] == table.match.state.result().winners
