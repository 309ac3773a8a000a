"""`cardtable serve`: host a table headless (no window, no pygame), for people who join over the network.

It prints the addresses, the port and the table code, advertises the table on the LAN (never its code), and starts
the game as soon as every open seat is taken; pressing Enter starts it at once, with bots in the seats still open.
It runs until the game ends (exit status 0) or Ctrl-C, after which `--resume CODE` takes the table up again (its
players rejoin with the tokens their apps keep).
"""

from __future__ import annotations

import argparse
import logging
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the module imports nothing heavy before `run`
    from cardtable.net.discovery import Advertisement
    from cardtable.net.host import HostTable
    from cardtable.net.server import TableServer

#: Seconds between two looks at the table (what joined, whether to start or stop).
POLL = 0.2
#: Seconds the ended game's last messages are given to reach the players before the server stops.
LAST_WORDS = 1.5
BOT_LEVELS = ("easy", "normal", "hard")
ANY_ADDRESS = ("0.0.0.0", "::", "")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `cardtable serve` (the module stays light: nothing is imported before `run`)."""
    parser.add_argument("--game", metavar="ID", help="the game to host (see the menu for the ids)")
    parser.add_argument("--players", type=int, metavar="N", help="players at the table (default: the game's usual)")
    parser.add_argument("--open", type=int, metavar="K", help="seats open for people who join (default: all)")
    parser.add_argument("--bots", choices=BOT_LEVELS, default="normal", help="the level of the bots in the others")
    parser.add_argument("--bot-delay", type=float, default=0.6, metavar="SECONDS",
                        help="how long a bot waits before it moves, so that people can follow (default 0.6)")
    parser.add_argument("--port", type=int, default=None, metavar="P",
                        help="the port to listen on (default 47143; 0: any free one)")
    parser.add_argument("--address", default="0.0.0.0", metavar="A",
                        help="the address to listen on (default: every IPv4 address of this computer)")
    parser.add_argument("--name", help="the table's name, as the LAN lists it (default: the game's title)")
    parser.add_argument("--cert", type=Path, metavar="F", help="a TLS certificate chain (PEM): serve wss://")
    parser.add_argument("--key", type=Path, metavar="F", help="the certificate's private key (PEM)")
    parser.add_argument("--resume", metavar="CODE", help="take up the hosted table of this code again")
    parser.add_argument("--no-lan", action="store_true", help="do not advertise the table on the LAN")


def run(args: argparse.Namespace) -> int:
    """Host until the game ends (0) or Ctrl-C (0); 2 for options or files that cannot be used."""
    logging.basicConfig(level=logging.WARNING, format="cardtable serve: %(levelname)s: %(message)s")
    try:
        server, code = _server(args)
    except (ValueError, KeyError, OSError) as exc:
        print(f"cardtable serve: {exc.args[0] if isinstance(exc, KeyError) else exc}", file=sys.stderr)
        return 2
    try:
        host, port = server.start()
    except OSError as exc:
        server.stop()
        print(f"cardtable serve: cannot listen on {args.address}:{args.port} ({exc.strerror or exc})", file=sys.stderr)
        return 2
    advert = None
    try:
        advert = _announce(server, args, host, port, code)
        return _host(server, code, advert)
    except KeyboardInterrupt:
        print(f"\nStopped. Take the table up again with: cardtable serve --resume {code}", flush=True)
        return 0
    finally:
        if advert is not None:
            advert.close()
        server.stop()


def _server(args: argparse.Namespace) -> tuple[TableServer, str]:
    from cardtable.net.server import DEFAULT_PORT, TableServer
    from cardtable.net.tls import server_context
    from cardtable.session.match import SaveError

    if (args.cert is None) != (args.key is None):
        raise ValueError("--cert and --key go together")
    tls = server_context(args.cert, args.key) if args.cert is not None else None
    server = TableServer(args.address, DEFAULT_PORT if args.port is None else args.port, tls=tls)
    try:
        if args.resume:
            return server, server.resume(args.resume, bot_delay=args.bot_delay)
        return server, server.add(_new_table(args))
    except FileNotFoundError:
        server.stop()
        raise ValueError(f"there is no hosted table {args.resume!r} to resume") from None
    except SaveError as exc:
        server.stop()
        raise ValueError(exc.message) from None
    except BaseException:
        server.stop()
        raise


def _new_table(args: argparse.Namespace) -> HostTable:
    from cardtable.games import get_game
    from cardtable.net.discovery import clean_table_name
    from cardtable.net.host import OPEN, HostTable, SeatPlan

    if not args.game:
        raise ValueError("say which game to host: --game ID (or --resume CODE)")
    game = get_game(args.game)
    rules = game.rules
    players = args.players if args.players is not None else rules.usual_players
    if players not in rules.players:
        raise ValueError(f"{rules.title} is for {rules.players.start} to {rules.players.stop - 1} players")
    open_seats = players if args.open is None else args.open
    if not 1 <= open_seats <= players:
        raise ValueError(f"--open is 1 to {players}: the seats people may take")
    if not 0 <= args.bot_delay <= 5:
        raise ValueError("--bot-delay is 0 to 5 seconds")
    plan = [SeatPlan(OPEN, f"Seat {i + 1}") if i < open_seats else SeatPlan(f"bot:{args.bots}", f"Bot {i + 1}")
            for i in range(players)]
    name = clean_table_name(args.name or "") or rules.title
    return HostTable(game, plan, name=name, bot_delay=args.bot_delay)


def _announce(server: TableServer, args: argparse.Namespace, host: str, port: int, code: str) -> Advertisement | None:
    from cardtable.net.discovery import TableAd, advertise, lan_addresses
    from cardtable.net.protocol import PROTOCOL_VERSION

    info = server.snapshot(code)
    addresses = lan_addresses() if args.address in ANY_ADDRESS else (host,)
    scheme = "wss" if args.cert else "ws"
    print(f"Hosting {info.name} ({info.game}, {len(info.seats)} players) on port {port}", flush=True)
    for address in addresses:
        print(f"  {scheme}://{address}:{port}/", flush=True)
    print(f"Table code: {code}", flush=True)
    if not info.started:
        print("The game starts when every open seat is taken; press Enter to start now (bots take the open seats).",
              flush=True)
    if args.no_lan:
        return None
    try:
        ad = TableAd(info.name, info.game, len(info.seats), info.open_seats, PROTOCOL_VERSION, port, addresses[:8])
        # listening on one address: advertised on that interface only
        return advertise(ad, interfaces=None if args.address in ANY_ADDRESS else [host])
    except Exception as exc:  # noqa: BLE001 - the table is still reachable by its address
        print(f"cardtable serve: the table is not advertised on the LAN ({exc})", file=sys.stderr, flush=True)
        return None


def _host(server: TableServer, code: str, advert: Advertisement | None) -> int:
    enter = threading.Event()
    threading.Thread(target=_wait_for_enter, args=(enter,), name="cardtable-enter", daemon=True).start()
    shown: tuple[object, ...] = ()
    while True:
        info = server.snapshot(code)
        seen = tuple((s.name, s.who, s.present) for s in info.seats)
        if seen != shown:
            shown = seen
            print("Seats: " + ", ".join(f"{s.name} ({s.who}{'' if s.present or s.who != 'person' else ', away'})"
                                        for s in info.seats), flush=True)
            _update_ad(advert, info.open_seats)
        if not info.started and (info.open_seats == 0 or enter.is_set()):
            server.start_table(code)
            print("The game has started.", flush=True)
        if info.save_error:
            print(f"cardtable serve: {info.save_error}", file=sys.stderr, flush=True)
        if info.over:
            winners = ", ".join(info.seats[i].name for i in info.winners) or "nobody"
            print(f"The game is over after {info.moves} moves. Won by: {winners}.", flush=True)
            time.sleep(LAST_WORDS)
            return 0
        time.sleep(POLL)


def _update_ad(advert: Advertisement | None, open_seats: int) -> None:
    if advert is None or advert.ad.open_seats == open_seats:
        return
    from dataclasses import replace

    try:
        advert.update(replace(advert.ad, open_seats=open_seats))
    except Exception:  # noqa: BLE001 - a stale count on the LAN is harmless
        logging.getLogger(__name__).debug("the advertisement could not be updated", exc_info=True)


def _wait_for_enter(pressed: threading.Event) -> None:
    """Set `pressed` when a line is read (not at the end of input: a service without a terminal never starts early)."""
    try:
        for _line in sys.stdin:
            pressed.set()
    except (OSError, ValueError):
        pass
