"""The screens of play across computers: Join a table (the address typed or picked, what is missing said), the lobby
of a hosted table (the code, the seats filling up, Start), and the table opening for everyone once it starts.
Every connection is to the loopback address."""

from __future__ import annotations

import time

import pytest

from cardtable.net.hosting import Hosting
from cardtable.session.match import Seat
from cardtable.ui.net_join import JoinScene, parse_address

LOOPBACK = ["127.0.0.1"]


def wait_for(condition, app, seconds: float = 20.0) -> None:  # noqa: ANN001 - a test helper
    """Run the app's frames until `condition()` holds (a bounded poll: the network answers on its own time)."""
    from cardtable.ui.driver import UIDriver

    driver = UIDriver(app)
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            pytest.fail("the condition did not come true in time")
        driver.frames(1)
        time.sleep(0.01)


@pytest.mark.parametrize(("text", "expected"), [
    ("192.168.1.20", ("192.168.1.20", 47143)), ("host.lan:5000", ("host.lan", 5000)), ("[::1]:8000", ("::1", 8000)),
    ("::1", ("::1", 47143)), ("a:b", None), ("", None), ("x y", None), ("h:0", None), ("h:70000", None),
    ("[::1", None), ("[::1]x", None)])
def test_an_address_is_read_with_or_without_its_port(text: str, expected) -> None:  # noqa: ANN001
    assert parse_address(text) == expected


def test_joining_says_what_is_missing_before_it_connects(table_app) -> None:
    scene = JoinScene(table_app, interfaces=LOOPBACK)
    table_app.show(scene)
    scene.entries["name"].set_text("")
    scene.join()
    assert "name" in scene.message
    scene.entries["name"].set_text("Ada")
    scene.join()
    assert "address" in scene.message
    scene.entries["address"].set_text("127.0.0.1:1")
    scene.join()
    assert "code" in scene.message
    assert table_app.scene is scene
    scene.on_exit()


def test_a_hosted_table_fills_up_in_the_lobby_and_opens_for_everyone(table_app) -> None:
    from cardtable.games import get_game
    from cardtable.net.connection import Connection
    from cardtable.ui.net_lobby import LobbyScene

    seats = [Seat("human", "Host"), Seat("human", "Player 2"), Seat("bot:easy", "Bo"), Seat("bot:easy", "Cy")]
    hosting = Hosting(get_game("kachuful"), seats, {"hands": "2,1"}, address="127.0.0.1", port=0, lan=False,
                      keep=False)
    hosting.start()
    table_app.navigator.hosting = hosting
    assert hosting.connection is not None
    table_app.navigator.lobby(hosting.connection, hosting)
    lobby = table_app.scene
    assert isinstance(lobby, LobbyScene)
    wait_for(lambda: hosting.connection.client.seat == 0, table_app)
    texts = [label.text for label in lobby.labels]
    assert f"Table code: {hosting.code}" in texts
    guest = Connection("127.0.0.1", hosting.port, hosting.code.lower(), "Ada")
    guest.start()
    try:
        wait_for(lambda: any("Ada" in label.text for label in table_app.scene.labels), table_app)
        lobby.hosting.start_game()
        wait_for(lambda: type(table_app.scene).__name__ == "TableScene", table_app)
        wait_for(lambda: guest.client.position is not None, table_app)
        assert guest.client.seat == 1 and table_app.scene.match.seat == 0
        table = table_app.scene
        said: list[str] = []
        say = table.say
        table.say = lambda text, error=False: (said.append(text or ""), say(text, error))  # type: ignore[method-assign]
        hosting.connection.interrupt()  # the line to the host breaks: the table says so, and so when it is back
        wait_for(lambda: "You are back at the table." in said, table_app)
        assert said.index("You have lost the connection to the host.") < said.index("You are back at the table.")
    finally:
        guest.close(timeout=2.0)
        table_app.navigator.stop_hosting()


def free_port() -> int:
    """A port free on the loopback address now (for a host taken up again on the same port)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_host_closed_mid_game_hosts_its_table_again_and_everyone_sits_down_again(table_app) -> None:
    from cardtable.games import get_game
    from cardtable.net.connection import Connection
    from cardtable.net.hosting import hosted_here

    port = free_port()
    seats = [Seat("human", "Host"), Seat("human", "Player 2"), Seat("bot:easy", "Bo"), Seat("bot:easy", "Cy")]
    hosting = Hosting(get_game("crazy"), seats, {}, address="127.0.0.1", port=port, lan=False, bot_delay=0.0)
    hosting.start()
    table_app.navigator.hosting = hosting
    table_app.navigator.lobby(hosting.connection, hosting)
    guest = Connection("127.0.0.1", port, hosting.code, "Ada")
    guest.start()
    try:
        wait_for(lambda: guest.client.seat == 1 and hosting.connection.client.seat == 0, table_app)
        hosting.start_game()
        wait_for(lambda: type(table_app.scene).__name__ == "TableScene", table_app)
        wait_for(lambda: guest.client.position is not None, table_app)
        moves = guest.client.position.n
        table_app.navigator.stop_hosting()  # the host's app is closed: the table is kept
        assert hosting.code in hosted_here()
        table_app.navigator.menu()
        assert table_app.navigator.host_again(hosting.code) is None
        wait_for(lambda: type(table_app.scene).__name__ == "TableScene", table_app)
        again = table_app.navigator.hosting
        assert again is not None and again.connection is not None and again.connection.client.seat == 0
        wait_for(lambda: guest.status == "seated" and guest.client.position.n >= moves, table_app)
        assert guest.client.seat == 1
    finally:
        guest.close(timeout=2.0)
        table_app.navigator.stop_hosting()
