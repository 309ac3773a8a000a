"""`cardtable serve`: a headless host run as a person would run it (loopback only), its refusals of options it
cannot use, and no pygame on its path."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

from cardtable import app as app_module
from cardtable.net.connection import Connection
from cardtable.storage import hosted_path
from tests.net.realnet import LOOPBACK, WAIT, Players, wait_for


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


class Served:
    """`cardtable serve` in a process of its own, its output read line by line (with deadlines)."""

    def __init__(self, home, *args: str, lan: bool = False) -> None:
        env = dict(os.environ, CARDTABLE_HOME=str(home), CARDTABLE_BOT_MODE="inline", PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen([sys.executable, "-m", "cardtable", "serve", "--address", LOOPBACK,
                                         "--port", "0", *([] if lan else ["--no-lan"]), *args], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def expect(self, pattern: str, timeout: float = WAIT) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.05)
            except queue.Empty:
                continue
            self.seen.append(line)
            found = re.search(pattern, line)
            if found:
                return found
        pytest.fail(f"no line matching {pattern!r} in {self.seen}")

    def finish(self, timeout: float = WAIT) -> int:
        try:
            return self.process.wait(timeout)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait(5)


def test_serve_hosts_a_game_from_the_code_it_prints_to_the_end(home) -> None:
    served = Served(home, "--game", "crazy", "--players", "3", "--open", "1", "--bots", "easy", "--bot-delay", "0")
    try:
        port = int(served.expect(re.escape(LOOPBACK) + r":(\d+)/").group(1))
        code = served.expect(r"Table code: (\w+)").group(1)
        connection = Connection(LOOPBACK, port, code, "Visitor")
        connection.start()
        try:
            served.expect(r"The game has started")  # its only open seat was taken
            players = Players(None, [connection])
            players.finish()
            assert connection.client.verdict.ok, connection.client.verdict.problems
        finally:
            connection.close()
        served.expect(r"The game is over after \d+ moves")
        assert served.finish() == 0
        assert not hosted_path(code).exists()
    finally:
        if served.process.poll() is None:
            served.process.kill()


def test_enter_starts_the_game_with_bots_in_the_open_seats_and_ctrl_c_keeps_it_to_resume(home) -> None:
    served = Served(home, "--game", "crazy", "--players", "2", "--bot-delay", "5")
    code = served.expect(r"Table code: (\w+)").group(1)
    served.expect(r"press Enter")
    served.process.stdin.write("\n")
    served.process.stdin.flush()
    served.expect(r"The game has started")
    served.process.send_signal(signal.SIGINT)
    served.expect(rf"cardtable serve --resume {code}")
    assert served.finish() == 0
    assert hosted_path(code).exists()
    again = Served(home, "--resume", code)
    assert again.expect(r"Table code: (\w+)").group(1) == code
    again.process.send_signal(signal.SIGINT)
    again.expect(r"--resume")
    assert again.finish() == 0


@pytest.mark.parametrize("args", [
    ["serve"],
    ["serve", "--game", "no_such_game"],
    ["serve", "--game", "crazy", "--players", "99"],
    ["serve", "--game", "crazy", "--open", "0"],
    ["serve", "--game", "crazy", "--cert", "x.pem"],
    ["serve", "--resume", "NOSUCH22"],
])
def test_serve_refuses_what_it_cannot_use_with_one_line(home, capsys, args) -> None:
    assert app_module.main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardtable serve: ") and "Traceback" not in err


def test_a_damaged_table_to_resume_is_kept_aside_and_named(home, capsys) -> None:
    path = hosted_path("DAMAGED2")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x00not json")
    assert app_module.main(["serve", "--resume", "DAMAGED2", "--no-lan", "--port", "0", "--address", LOOPBACK]) == 2
    assert "kept as table-DAMAGED2.json.corrupt-" in capsys.readouterr().err
    assert not path.exists()


def test_the_app_flags_still_parse_beside_the_command() -> None:
    args = app_module.parse_args(["-psn_0_1", "--size", "900x600", "--game", "crazy"])
    assert args.command is None and args.size == "900x600" and args.game == "crazy"
    served = app_module.parse_args(["serve", "--game", "crazy", "--port", "0"])
    assert served.command == "serve" and served.port == 0 and served.bots == "normal"


def test_the_serve_path_never_imports_pygame(repo_root) -> None:
    code = ("import sys\n"
            "from cardtable.app import parse_args\n"
            "from cardtable.net import serve, server, connection, keeper\n"
            "args = parse_args(['serve', '--game', 'crazy'])\n"
            "serve._new_table(args)\n"
            "assert 'pygame' not in sys.modules, 'pygame was imported'\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=repo_root, capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(repo_root)))
    assert done.returncode == 0, done.stderr


def test_serve_advertises_its_table_and_its_open_seats_on_the_interface_it_listens_on(home) -> None:
    from cardtable.net.discovery import TableBrowser

    with TableBrowser(interfaces=[LOOPBACK]) as browser:
        served = Served(home, "--game", "crazy", "--players", "2", "--name", "Loopback table", lan=True)
        try:
            port = int(served.expect(re.escape(LOOPBACK) + r":(\d+)/").group(1))
            code = served.expect(r"Table code: (\w+)").group(1)

            def ours():
                return [t for t in browser.found() if t.port == port]

            found = wait_for(ours, "the table on the LAN")
            assert (found[0].name, found[0].game, found[0].players, found[0].open_seats) == ("Loopback table",
                                                                                           "crazy", 2, 2)
            connection = Connection(LOOPBACK, port, code, "Visitor")
            connection.start()
            try:
                wait_for(lambda: [t.open_seats for t in ours()] == [1], "one seat fewer on the LAN")
            finally:
                connection.close()
        finally:
            served.process.send_signal(signal.SIGINT)
            served.finish()
