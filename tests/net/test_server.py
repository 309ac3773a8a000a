"""Hosted tables over real sockets (loopback only): clients finish every game and their replays check out, a client
cut off rejoins, a host stopped and resumed from its file takes its clients back, and the host's own seat plays
through the server's thread-safe calls."""

from __future__ import annotations

import ipaddress
import json

import pytest

from cardtable.core.engine import IllegalAction
from cardtable.games import REGISTRY, get_game
from cardtable.net.connection import CLOSED, SEATED, Connection
from cardtable.net.host import OPEN, HostTable, SeatPlan
from cardtable.net.server import TableServer
from cardtable.net.tls import client_context, server_context
from cardtable.net.wire import from_wire, to_wire
from cardtable.session.match import SaveError
from cardtable.storage import hosted_path
from tests.net.conftest import inline, seat_count
from tests.net.realnet import LOOPBACK, SHORT, Players, close_all, join, served, wait_for


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


def short_table(game_id: str, people: int, seed: int = 11, code: str | None = "TESTCODE") -> HostTable:
    """A table of `game_id` (a short game of it): `people` open seats, easy bots in the others."""
    plan = [SeatPlan(OPEN if i < people else "bot:easy", f"Seat {i + 1}") for i in range(seat_count(game_id))]
    return HostTable(get_game(game_id), plan, SHORT.get(game_id), seed=seed, bot_delay=0.0, thinker=inline,
                     code=code)


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_four_clients_finish_every_game_over_real_sockets_with_no_desync(game_id: str) -> None:
    people = min(4, seat_count(game_id))
    table = short_table(game_id, people)
    with served(table) as server:
        connections = join(server, people)
        try:
            assert sorted(c.client.seat for c in connections) == list(range(people))
            server.start_table()
            Players(server, connections).finish()
            for connection in connections:
                verdict = connection.client.verdict
                assert verdict is not None and verdict.ok, verdict.problems
                assert verdict.checked == server.snapshot().moves + 1
            assert server.stats.errors == 0
        finally:
            close_all(connections)


def test_a_client_cut_off_mid_game_rejoins_with_its_token_and_gets_its_view_back() -> None:
    table = short_table("crazy", 2)
    with served(table) as server:
        connections = join(server, 2)
        try:
            server.start_table()
            players = Players(server, connections)
            players.until(lambda: server.snapshot().moves >= 10, "ten moves")
            victim = connections[1]
            token = victim.client.token
            victim.interrupt()
            wait_for(lambda: victim.status != SEATED, "the drop to be seen")
            wait_for(lambda: victim.status == SEATED, "the rejoin")
            seat = victim.client.seat
            assert victim.client.token == token and seat is not None

            def same_position():  # the host's view of the seat at the move the client holds
                players.step()
                info, position = server.snapshot(seat=seat), victim.client.position
                return info if position is not None and position.n == info.moves else None

            info = players.until(same_position, "the rejoined client's position")
            assert victim.client.position.view == from_wire(to_wire(info.view))
            players.finish()
            assert all(c.client.verdict.ok for c in connections), [c.client.verdict.problems for c in connections]
        finally:
            close_all(connections)


def test_the_host_stopped_and_resumed_from_its_file_takes_its_clients_back_and_they_finish(home) -> None:
    table = short_table("crazy", 3)
    server = TableServer(LOOPBACK, 0, tick=0.01)
    server.add(table)
    host, port = server.start()
    connections = join(server, 3, attempts=40, backoff=0.05)
    try:
        server.start_table()
        players = Players(server, connections)
        players.until(lambda: server.snapshot().moves >= 12, "twelve moves")
        moves = server.snapshot().moves
        server.stop()
        assert hosted_path("TESTCODE").exists()
        wait_for(lambda: all(c.status != SEATED for c in connections), "the clients to see the host go")
        saved = json.loads(hosted_path("TESTCODE").read_text(encoding="utf-8"))
        assert len(saved["match"]["actions"]) >= moves

        again = TableServer(LOOPBACK, port, tick=0.01)
        again.resume("TESTCODE", thinker=inline, bot_delay=0.0)
        again._keeper.flush()  # the table written before the server's loop runs: the loop still learns of it
        again.start()
        try:
            wait_for(lambda: all(c.status == SEATED for c in connections), "the clients to rejoin")
            players.server = again
            players.finish()
            for connection in connections:
                assert connection.client.verdict.ok, connection.client.verdict.problems
        finally:
            again.stop()
        assert not hosted_path("TESTCODE").exists()  # a finished table leaves no file to resume
    finally:
        close_all(connections)
        server.stop()


def test_a_damaged_hosted_file_is_kept_aside_with_a_clear_error(home) -> None:
    path = hosted_path("BROKEN22")
    path.parent.mkdir(parents=True)
    path.write_text('{"hosted": 1, "game": "crazy", "plan": "nonsense"', encoding="utf-8")
    server = TableServer(LOOPBACK, 0)
    try:
        with pytest.raises(SaveError) as caught:
            server.resume("BROKEN22")
        assert "cannot be resumed" in caught.value.message
        assert caught.value.kept_at is not None and caught.value.kept_at.exists()
        assert not path.exists()
        with pytest.raises(FileNotFoundError):
            server.resume("NOSUCH22")
    finally:
        server.stop()


def test_a_hosted_file_of_an_impossible_game_is_kept_aside(home) -> None:
    table = short_table("crazy", 2)
    data = table.to_json()
    table.start()
    data = table.to_json()
    data["match"]["actions"] = [[0, {"nonsense": True}]]
    path = hosted_path(table.code)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    server = TableServer(LOOPBACK, 0)
    try:
        with pytest.raises(SaveError):
            server.resume(table.code)
        assert not path.exists()
    finally:
        server.stop()


def test_hosted_paths_are_only_for_codes() -> None:
    assert hosted_path("abcd2345").name == "table-ABCD2345.json"
    for bad in ("", "../x", "a/b", "x" * 40, "é"):
        with pytest.raises(ValueError):
            hosted_path(bad)


def test_the_hosts_own_seat_plays_through_the_server_and_the_snapshot_shows_the_table() -> None:
    game = get_game("crazy")
    plan = [SeatPlan(OPEN, "Guest"), SeatPlan("host", "Host")]
    table = HostTable(game, plan, seed=5, bot_delay=0.0, thinker=inline, code="TESTCODE")
    with served(table) as server:
        lobby = server.snapshot()
        assert not lobby.started and lobby.open_seats == 1 and [s.who for s in lobby.seats] == ["open", "host"]
        connections = join(server, 1)
        try:
            assert [s.who for s in server.snapshot().seats] == ["person", "host"]
            server.start_table()
            players = Players(server, connections)
            for _ in range(200):
                info = server.snapshot(seat=1)
                if info.over:
                    break
                if info.turn == 1 and info.legal:
                    with pytest.raises(IllegalAction):
                        server.act(0, info.legal[0])
                    assert server.act(1, info.legal[0])
                    continue
                players.until(lambda: server.snapshot().turn == 1 or server.snapshot().over, "the host's turn")
            players.finish()
            assert connections[0].client.verdict.ok
            assert server.snapshot().winners
        finally:
            close_all(connections)


def test_a_wrong_code_closes_the_connection_with_the_reason() -> None:
    with served(short_table("crazy", 2)) as server:
        host, port = server.bound
        connection = Connection(host, port, "WRONGONE", "Someone")
        connection.start()
        try:
            wait_for(lambda: connection.status == CLOSED, "the refusal")
            assert "code" in connection.error
        finally:
            connection.close()


def test_a_host_that_is_not_there_is_given_up_on_after_bounded_attempts() -> None:
    server = TableServer(LOOPBACK, 0)
    host, port = server.start()
    server.stop()  # the port is free again: nobody listens there
    connection = Connection(host, port, "TESTCODE", "Someone", attempts=3, backoff=0.01)
    connection.start()
    try:
        wait_for(lambda: connection.status == CLOSED, "giving up")
        assert "gave up after 3 attempts" in connection.error
    finally:
        connection.close()


def test_two_tables_on_one_server_each_get_their_own_clients() -> None:
    first = short_table("crazy", 2, code=None)
    second = short_table("eat_reds", 2, code=None)
    with served(first, second) as server:
        a = join(server, 2, code=first.code)
        b = join(server, 2, code=second.code)
        try:
            assert {c.client.game.rules.id for c in a} == {"crazy"}
            assert {c.client.game.rules.id for c in b} == {"eat_reds"}
            server.start_table(first.code)
            server.start_table(second.code)
            Players(server, a, code=first.code).finish()
            Players(server, b, code=second.code).finish()
            assert all(c.client.verdict.ok for c in a + b)
            with pytest.raises(KeyError):
                server.snapshot()  # two tables: the code must be named
        finally:
            close_all(a + b)


def _self_signed(folder) -> tuple:
    """A certificate for 127.0.0.1 and its key, made with the cryptography package."""
    import datetime

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, LOOPBACK)])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address(LOOPBACK))]), False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), True)
            .sign(key, hashes.SHA256()))
    cert_file, key_file = folder / "cert.pem", folder / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_file, key_file


def test_a_table_served_over_tls_is_played_over_wss(tmp_path) -> None:
    pytest.importorskip("cryptography", reason="a self-signed certificate is made with the cryptography package, "
                                               "which is not installed (and not a dependency)")
    cert, key = _self_signed(tmp_path)
    with served(short_table("crazy", 2), tls=server_context(cert, key)) as server:
        connections = join(server, 2, tls=client_context(cert))
        try:
            server.start_table()
            Players(server, connections).finish()
            assert all(c.client.verdict.ok for c in connections)
        finally:
            close_all(connections)
        plain = Connection(LOOPBACK, server.bound[1], "TESTCODE", "Plain", attempts=0)
        plain.start()
        try:
            wait_for(lambda: plain.status == CLOSED, "a plain connection to a TLS server to fail")
        finally:
            plain.close()


def test_a_client_that_leaves_the_lobby_frees_its_seat_and_closes_without_an_error() -> None:
    with served(short_table("crazy", 2)) as server:
        connections = join(server, 2)
        try:
            assert server.snapshot().open_seats == 0
            connections[0].leave()
            wait_for(lambda: connections[0].status == CLOSED, "the leave")
            assert connections[0].error is None
            wait_for(lambda: server.snapshot().open_seats == 1, "the seat to open again")
            assert connections[1].status == SEATED
            assert not connections[0].send_action(object())  # closed: nothing is sent
        finally:
            close_all(connections)
