"""The host's door (game/net/door.py): few strangers per address (an IPv6 /64 as one),
a cap on strangers that a flood from a few addresses cannot fill against a newcomer,
members counted apart; and the door attack on loopback (300 connections at once from
ten addresses, each reopened as it closes) leaves an honest rejoin and an honest join
getting in, each in under 2 s; guessing the code from them bars new joins, never a
rejoin; a stranger that proves no code in time is closed."""
from __future__ import annotations

import contextlib
import socket
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from bench.net_door import rejoins_under_attack
from game.net.code_guard import TABLE_WRONG_CODES
from game.net.door import Door, address_key
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.protocol import REFUSALS
from game.net.server import NetServer
from tests.net_direct import Clock


def door(**kw) -> tuple[Door, list[str]]:
    closed: list[str] = []
    return Door(Clock(), **kw), closed


def test_an_ipv6_64_is_one_address_and_ipv4_is_itself():
    assert address_key("2001:db8:1:2::5") == address_key("2001:db8:1:2:ab::ff") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::5") != address_key("2001:db8:1:2::5")
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7" == address_key("192.0.2.7")


def test_few_strangers_per_address():
    d, closed = door(per_address=4)
    got = [d.arrive("2001:db8::1", lambda: None) for _ in range(4)]
    assert all(got) and d.arrive("2001:db8::99", lambda: None) is None     # the same /64
    assert d.arrive("192.0.2.1", lambda: None) is not None
    d.left(got[0])
    assert d.arrive("2001:db8::2", lambda: None) is not None


def test_a_full_door_makes_room_for_a_newcomer_from_the_most_crowded_address():
    d, closed = door(per_address=4, strangers=8)
    for a in ("10.0.0.1", "10.0.0.2"):
        for i in range(4):
            assert d.arrive(a, lambda a=a, i=i: closed.append(f"{a}#{i}"))
    newcomer = d.arrive("192.0.2.9", lambda: None)
    assert newcomer is not None and closed == ["10.0.0.1#0"]     # the oldest of a crowded one
    assert d.arrive("10.0.0.1", lambda: None) is None             # no room won back by flooding
    assert d.arrive("10.0.0.2", lambda: None) is None
    assert d.arrive("192.0.2.10", lambda: None) is not None       # another newcomer: room made


def test_members_are_counted_apart_from_strangers():
    d, closed = door(per_address=4, strangers=4, members=2)
    a = d.arrive("192.0.2.1", lambda: None)
    assert d.seated(a) and not d.waiting and d.inside == {a}
    for _ in range(4):
        assert d.arrive("10.0.0.1", lambda: None)
    b = d.arrive("192.0.2.2", lambda: None)
    assert b is not None and d.seated(b) and len(d.inside) == 2
    c = d.arrive("192.0.2.3", lambda: None)
    assert not d.seated(c)                                        # the members' room is full


def test_the_door_attack_leaves_an_honest_rejoin_and_join_getting_in():
    r = rejoins_under_attack(tries=3, connections=300)
    assert r["attack_connections"] >= 300                          # the attack did run
    assert all(t is not None and t < 2.0 for t in r["rejoins"]), r["rejoins"]
    assert r["join"] is not None and r["join"] < 2.0, r["join"]


def test_guessing_the_code_from_ten_addresses_bars_new_joins_but_never_a_rejoin():
    """Key exchanges on wrong codes from the attack's ten addresses bar each address,
    then the table's new joins for a minute (told so, in words); a player coming back
    with its token still gets in, in under 2 s."""
    r = rejoins_under_attack(tries=2, connections=40, guessers=10)
    assert r["guesses"] >= TABLE_WRONG_CODES
    assert all(t is not None and t < 2.0 for t in r["rejoins"]), r["rejoins"]
    assert r["join"] is None and r["join_refused"] == REFUSALS["codes"]


def test_a_stranger_that_proves_no_code_in_time_is_closed():
    """The deadline runs from the TCP accept: a request never finished, and a link
    upgraded that never opens the key exchange, are both closed (here at 0.5 s)."""
    server = NetServer(TableHost("gnono", [REMOTE, COMPUTER], seed=1, code="LATE42"), port=0)
    server.door.hello_s = 0.5
    port = server.start()
    try:
        t0 = time.monotonic()
        with socket.create_connection(("127.0.0.1", port), timeout=5) as raw:
            raw.sendall(b"GET / HTTP/1.1\r\n")
            with contextlib.suppress(ConnectionResetError):
                while raw.recv(100):
                    pass
        assert time.monotonic() - t0 < 2.0
        t0 = time.monotonic()
        with connect(f"ws://127.0.0.1:{port}", open_timeout=5) as ws, pytest.raises(ConnectionClosed):
            ws.recv(timeout=5)
        assert time.monotonic() - t0 < 2.0
        deadline = time.monotonic() + 2.0    # (the server's thread forgets it just after)
        while server.door.waiting and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not server.door.waiting
    finally:
        server.close()
