"""Finding tables on the LAN: what a host advertises, how hostile advertisements are read, and (where multicast on
the loopback interface works) a table advertised and found on the loopback address only."""

from __future__ import annotations

import asyncio
import inspect
import socket
import time
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from zeroconf import InterfaceChoice, ServiceInfo, ServiceStateChange

from cardtable.net import discovery
from cardtable.net.discovery import (
    MAX_NAME,
    MAX_TABLES,
    MAX_TXT_BYTES,
    SERVICE_TYPE,
    FoundTable,
    TableAd,
    TableBrowser,
    advertise,
    clean_table_name,
    table_from_properties,
    table_from_service,
)

LOOPBACK = "127.0.0.1"
PROTOCOL = 3
AD = TableAd(name="Lan's table", game="some_game", players=4, open_seats=2, protocol=PROTOCOL, port=45678,
             addresses=(LOOPBACK,))
GOOD = {b"txtvers": b"1", b"name": b"Lan's table", b"game": b"some_game", b"players": b"4", b"open": b"2",
        b"proto": b"3"}
FOUND = FoundTable("Lan's table", "some_game", 4, 2, PROTOCOL, "10.0.0.5", 45678)


def read(changes: dict[bytes, bytes | None] | None = None, drop: tuple[bytes, ...] = (),
         addresses: tuple[str, ...] = ("10.0.0.5",), port: object = 45678) -> FoundTable | None:
    properties = {k: v for k, v in {**GOOD, **(changes or {})}.items() if k not in drop}
    return table_from_properties(properties, addresses, port)  # type: ignore[arg-type]


def service(properties: dict[str, str] | bytes, port: int = 45678,
            addresses: tuple[str, ...] = (LOOPBACK,)) -> ServiceInfo:
    return ServiceInfo(SERVICE_TYPE, f"x.{SERVICE_TYPE}", port=port, properties=properties,
                       server="x.local.", addresses=list(addresses))


def txt(*entries: bytes) -> bytes:
    """A raw TXT record of `entries` (each a length byte and its bytes)."""
    return b"".join(bytes([len(e)]) + e for e in entries)


# What a host advertises


def test_an_ad_round_trips_through_a_service_record():
    assert table_from_service(service(AD.properties())) == replace(FOUND, address=LOOPBACK)


def test_the_longest_name_in_the_widest_characters_fits_the_txt_cap():
    ad = replace(AD, name="\U0001f0a1" * MAX_NAME, players=16, open_seats=16, protocol=65535)
    info = service(ad.properties())
    assert len(info.text) <= MAX_TXT_BYTES
    found = table_from_service(info)
    assert found is not None and found.name == ad.name and found.open_seats == 16


def test_the_table_code_is_never_advertised():
    assert set(AD.properties()) == {"txtvers", "name", "game", "players", "open", "proto"}
    assert not any("code" in f for f in TableAd.__dataclass_fields__)


@pytest.mark.parametrize("changes", [
    {"name": ""}, {"name": "a\x00b"}, {"name": " padded "}, {"name": "x" * (MAX_NAME + 1)},
    {"game": "Some Game"}, {"game": ""}, {"game": "x" * 41}, {"game": "../x"},
    {"players": 0}, {"players": 17}, {"players": True}, {"open_seats": 5}, {"open_seats": -1},
    {"protocol": -1}, {"protocol": 65536}, {"port": 0}, {"port": 65536},
    {"addresses": ()}, {"addresses": ("nonsense",)}, {"addresses": ("0.0.0.0",)}, {"addresses": ("224.0.0.251",)},
    {"addresses": ("010.0.0.1",)}, {"addresses": (LOOPBACK,) * 9}, {"addresses": [LOOPBACK]},
], ids=repr)
def test_an_ad_out_of_bounds_is_refused(changes):
    with pytest.raises(ValueError, match="cannot advertise"):
        replace(AD, **changes)


def test_the_apps_default_is_every_interface_and_tests_pass_loopback():
    for call in (advertise, TableBrowser):
        assert inspect.signature(call).parameters["interfaces"].default is None
    assert discovery._interface_choice(None) is InterfaceChoice.All
    assert discovery._interface_choice([LOOPBACK]) == [LOOPBACK]
    with pytest.raises(ValueError):
        discovery._interface_choice([])
    with pytest.raises(ValueError):
        discovery._interface_choice(["localhost"])


def test_lan_addresses_are_usable_addresses():
    found = discovery.lan_addresses()
    assert 1 <= len(found) <= discovery.MAX_ADDRESSES
    assert replace(AD, addresses=found).addresses == found


def test_the_instance_label_fits_a_dns_label_and_keeps_the_names_start():
    label = discovery._instance_label("\u1780" * MAX_NAME, "abc123")  # Khmer: 3 bytes a character
    assert len(label.encode()) <= 63 - len(" (99)") and label.endswith(" abc123")
    assert label.startswith("\u1780")
    assert discovery._instance_label("a.b\\c", "abc123") == "a b c abc123"
    assert discovery._instance_label("...", "abc123") == "cardtable abc123"


# A name as it may be shown


@pytest.mark.parametrize(("raw", "shown"), [
    ("Lan's table", "Lan's table"),
    ("a\x00b\x07c\x1bd\x7fe", "abcde"),
    ("left\u202eright\u2066x\u200ey", "leftrightxy"),  # bidi overrides and marks
    ("two\n\tlines\r\n  here\u2028", "two lines here"),
    ("\u00a0\u3000 padded \u2003", "padded"),
    ("\ue000private\U000f0000", "private"),
    ("b\u0308\u0301", "b\u0308\u0301"),  # combining marks stay
    ("Z" + "\u0336\u0301" * 50 + "oe", "Z\u0336\u0301\u0336\u0301oe"),  # but not piled past four
    ("\u179f\u17d2\u178f\u17d2\u179a\u17b8", "\u179f\u17d2\u178f\u17d2\u179a\u17b8"),  # Khmer subscripts
    ("\U0001f468\u200d\U0001f469", "\U0001f468\u200d\U0001f469"),  # a joined emoji keeps its joiner
    ("\u178f\u17bb\u1780 \u724c\u684c", "\u178f\u17bb\u1780 \u724c\u684c"),  # Khmer, Chinese
    ("x" * 100, "x" * MAX_NAME),
    ("x" * (MAX_NAME - 1) + " y", "x" * (MAX_NAME - 1)),
    ("\x00\x01\u202e", ""),
])
def test_clean_table_name(raw, shown):
    assert clean_table_name(raw) == shown


# Hostile advertisements


def test_a_good_advertisement_is_read():
    assert read() == FOUND


@pytest.mark.parametrize("key", [b"name", b"game", b"players", b"open", b"proto"])
def test_a_missing_or_valueless_key_leaves_the_table_out(key):
    assert read(drop=(key,)) is None
    assert read({key: None}) is None


@pytest.mark.parametrize("changes", [
    {b"name": b"\xff\xfeLan"}, {b"name": b"caf\xc3"}, {b"game": b"\xe9t\xe9"}, {b"players": b"\xff"},
], ids=repr)
def test_text_that_is_not_utf8_leaves_the_table_out(changes):
    assert read(changes) is None


@pytest.mark.parametrize(("name", "shown"), [
    (b"Evil\x1b[2J\x07 table\r\n", "Evil[2J table"),
    ("\u202eelbat".encode(), "elbat"),
    (b"x" * 200, "x" * MAX_NAME),
])
def test_a_names_control_characters_are_dropped_and_its_length_capped(name, shown):
    found = read({b"name": name})
    assert found is not None and found.name == shown


@pytest.mark.parametrize("name", [b"", b"   ", b"\x00\x01\x02", "\u200b\u2060".encode()])
def test_a_name_with_nothing_printable_leaves_the_table_out(name):
    assert read({b"name": name}) is None


@pytest.mark.parametrize(("key", "value"), [
    (b"players", b"0"), (b"players", b"17"), (b"players", b"-1"), (b"players", b"+3"), (b"players", b" 3"),
    (b"players", b"3.0"), (b"players", b"1e3"), (b"players", b"0x4"), (b"players", b"4_0"),
    (b"players", "\u0663".encode()), (b"players", b"9" * 5000), (b"players", b""),
    (b"open", b"5"), (b"open", b"-1"), (b"open", b"two"),
    (b"proto", b"65536"), (b"proto", b"99999999999999999999"), (b"proto", b"v3"), (b"proto", b"-3"),
])
def test_absurd_numbers_leave_the_table_out(key, value):
    assert read({key: value}) is None


@pytest.mark.parametrize("protocol", [0, 1, 2, 4, 65535])
def test_another_protocol_version_is_kept_for_the_ui_to_explain(protocol):
    found = read({b"proto": str(protocol).encode()})
    assert found is not None and found.protocol == protocol


def test_an_unknown_game_id_is_kept_as_text():
    found = read({b"game": b"not-a-game_we_know9"})
    assert found is not None and found.game == "not-a-game_we_know9"


@pytest.mark.parametrize("game", [b"", b"Some_Game", b"some game", b"../../etc", b"x" * 41, b"game\x00",
                                  "g\u00e4me".encode(), b"-dash"])
def test_a_malformed_game_id_leaves_the_table_out(game):
    assert read({b"game": game}) is None


def test_keys_ignore_case_and_unknown_keys_are_ignored():
    assert read({b"NAME": b"Other", b"future_key": b"\xff" * 10, b"bool_flag": None}) == FOUND
    upper = {k.upper(): v for k, v in GOOD.items()}
    assert table_from_properties(upper, ["10.0.0.5"], 45678) == FOUND


def test_a_repeated_key_counts_once_the_first_time():
    raw = txt(*(f"{k.decode()}={v.decode()}".encode() for k, v in GOOD.items()), b"players=16", b"name=Second")
    found = table_from_service(service(raw))
    assert found is not None and (found.name, found.players) == ("Lan's table", 4)


def test_keys_that_are_not_bytes_are_ignored():
    text_keys = {k.decode(): v for k, v in GOOD.items()}
    assert table_from_properties(text_keys, ["10.0.0.5"], 45678) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("port", [None, 0, -1, 65536, "45678", 45678.0, True])
def test_an_unusable_port_leaves_the_table_out(port):
    assert read(port=port) is None


@pytest.mark.parametrize("addresses", [(), ("0.0.0.0",), ("224.0.0.251",), ("255.255.255.255",), ("240.0.0.1",),
                                       ("fe80::1",), ("ff02::fb",), ("::",), ("nonsense",), ("10.0.0.5/24",)],
                         ids=repr)
def test_no_usable_address_leaves_the_table_out(addresses):
    assert read(addresses=addresses) is None


@pytest.mark.parametrize(("addresses", "chosen"), [
    (("fe80::1", "10.0.0.5"), "10.0.0.5"),
    (("fd00::5", "10.0.0.5"), "10.0.0.5"),
    (("0.0.0.0", "fd00::5"), "fd00::5"),
    (("fe80::1%2",), "fe80::1%2"),
    (("::1",), "::1"),
    (("2001:db8::7",), "2001:db8::7"),
    (("192.168.1.9", "10.0.0.5"), "192.168.1.9"),
])
def test_the_first_usable_address_is_chosen_ipv4_first(addresses, chosen):
    found = read(addresses=addresses)
    assert found is not None and found.address == chosen


def test_only_the_first_addresses_are_looked_through():
    assert read(addresses=("0.0.0.0",) * discovery.MAX_ADDRESSES + ("10.0.0.5",)) is None


def test_a_txt_record_over_the_cap_leaves_the_table_out():
    padding = [b"pad%d=" % i + b"x" * 200 for i in range(3)]
    raw = txt(*(b"%s=%s" % (k, v) for k, v in GOOD.items() if v is not None), *padding)
    assert len(raw) > MAX_TXT_BYTES
    assert table_from_service(service(raw)) is None


@pytest.mark.parametrize("raw", [b"\xff", b"\x05ab", b"\x00\x00\x00", b"\x03a=b\x40", b"=" * 100])
def test_a_malformed_txt_record_is_read_without_raising(raw):
    assert table_from_service(service(raw)) is None


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from([b"name", b"game", b"players", b"open", b"proto", b"NAME", b"x"]),
                       st.one_of(st.none(), st.binary(max_size=60), st.sampled_from(list(GOOD.values()))),
                       max_size=7),
       st.lists(st.one_of(st.text(max_size=20), st.ip_addresses().map(str)), max_size=4),
       st.one_of(st.none(), st.integers(-5, 70000)))
def test_whatever_is_heard_never_raises_and_a_table_read_is_within_bounds(properties, addresses, port):
    found = table_from_properties(properties, addresses, port)
    if found is not None:
        assert found.name == clean_table_name(found.name) and 0 < len(found.name) <= MAX_NAME
        assert 1 <= found.players <= discovery.MAX_SEATS and 0 <= found.open_seats <= found.players
        assert discovery._usable_address(found.address) == found.address and 1 <= found.port <= 65535


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=700))
def test_any_raw_txt_record_is_read_without_raising(raw):
    table_from_service(service(raw))


# The browser's list


def test_the_list_is_sorted_replaced_and_forgotten_by_service_name():
    tables = discovery._Tables()
    b, a = replace(FOUND, name="beta"), replace(FOUND, name="Alpha")
    tables.keep("one", b)
    tables.keep("two", a)
    assert tables.snapshot() == (a, b)
    tables.keep("one", replace(b, open_seats=0))
    assert [t.open_seats for t in tables.snapshot()] == [2, 0]
    tables.keep("two", None)
    tables.keep("never heard", None)
    assert tables.snapshot() == (replace(b, open_seats=0),)


def test_the_list_holds_at_most_max_tables():
    tables = discovery._Tables()
    for i in range(MAX_TABLES + 5):
        tables.keep(f"s{i}", replace(FOUND, port=1000 + i))
    assert len(tables.snapshot()) == MAX_TABLES
    tables.keep("s0", None)
    tables.keep("late", replace(FOUND, port=9))
    assert len(tables.snapshot()) == MAX_TABLES and any(t.port == 9 for t in tables.snapshot())


# On the loopback address


def _loopback_multicast_problem() -> str:
    """Why mDNS cannot work on the loopback interface here (the mDNS port is taken, or multicast on the loopback
    interface does not reach this computer's own sockets), or ""."""
    mdns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        mdns.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, "SO_REUSEPORT"):
            mdns.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        mdns.bind(("", 5353))
    except OSError as error:
        return f"the mDNS port 5353 cannot be shared here ({error!r})"
    finally:
        mdns.close()
    group = "224.0.0.251"
    receiver = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        receiver.bind(("", 0))
        receiver.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP,
                            socket.inet_aton(group) + socket.inet_aton(LOOPBACK))
        receiver.settimeout(1.0)
        sender.bind((LOOPBACK, 0))
        sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(LOOPBACK))
        sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 1)
        sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
        sender.sendto(b"probe", (group, receiver.getsockname()[1]))
        receiver.recvfrom(16)
    except OSError as error:
        return f"multicast on the loopback interface does not work here ({error!r})"
    finally:
        receiver.close()
        sender.close()
    return ""


@pytest.fixture(scope="module")
def loopback_multicast() -> None:
    problem = _loopback_multicast_problem()
    if problem:
        pytest.skip(problem)


def wait_for(condition: Callable[[], bool], limit: float = 10.0) -> bool:
    """Poll `condition` every 50 ms for at most `limit` seconds."""
    deadline = time.monotonic() + limit
    for _ in range(int(limit / 0.05) + 1):
        if condition() or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    return condition()


def ours(browser: TableBrowser, ad: TableAd) -> list[FoundTable]:
    return [t for t in browser.found() if t.port == ad.port and t.name == ad.name]


def test_a_table_advertised_on_loopback_is_found_updated_and_dropped(loopback_multicast):
    ad = replace(AD, name=f"Loopback {time.monotonic_ns() % 10**6}", port=40000 + time.monotonic_ns() % 20000)
    with TableBrowser(interfaces=[LOOPBACK]) as browser:
        # off the caller's event loop, as the host will do it
        advertisement = asyncio.run(asyncio.to_thread(advertise, ad, interfaces=[LOOPBACK]))
        with advertisement:
            assert wait_for(lambda: len(ours(browser, ad)) == 1), browser.found()
            assert ours(browser, ad) == [FoundTable(ad.name, ad.game, 4, 2, PROTOCOL, LOOPBACK, ad.port)]
            advertisement.update(replace(ad, open_seats=0))
            assert advertisement.ad.open_seats == 0
            assert wait_for(lambda: [t.open_seats for t in ours(browser, ad)] == [0]), browser.found()
        assert wait_for(lambda: not ours(browser, ad)), browser.found()
        with pytest.raises(RuntimeError):
            advertisement.update(ad)
        advertisement.close()


def test_the_browsers_callback_never_raises(loopback_multicast):
    with TableBrowser(interfaces=[LOOPBACK]) as browser:
        browser._tables.keep(f"gone.{SERVICE_TYPE}", FOUND)
        for name in (f"gone.{SERVICE_TYPE}", "not.a.service.", "", "\udcff"):
            browser._on_change(zeroconf=object(), service_type=SERVICE_TYPE, name=name,  # type: ignore[arg-type]
                               state_change=ServiceStateChange.Added)
        assert browser.found() == []
    browser.close()
