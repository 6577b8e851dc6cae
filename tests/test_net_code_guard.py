"""The host's limit on wrong table codes (game/net/code_guard.py): a source address
(an IPv6 /64 as one) that failed 8 key exchanges within a minute is refused for a
minute, even with the right code, but never with a seat's token; other addresses are
not, unless the whole table was guessed at from many; a household mistyping stays
below; the bar is lifted after it (a fake clock). Over the loopback transport a wrong
code is refused and counted, and the Join screen says "Too many wrong codes"."""
from __future__ import annotations

import time

import pygame

from game.net import code_guard, protocol
from game.net.client import JOINED, REFUSED, NetClient
from game.net.code_guard import BAR_S, TABLE_WRONG_CODES, WRONG_CODES, CodeGuard
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.server import NetServer
from game.scenes.join import JoinScene
from game.scenes.overlays import MessageBox
from tests.helpers import key_event
from tests.net_direct import CODE, Clock
from tests.test_join_screen import FakeBrowser
from tests.test_net_join import wait_for


def test_wrong_codes_bar_an_address_for_a_minute_and_no_other():
    clock = Clock()
    guard = CodeGuard(clock)
    assert [guard.wrong_code("10.0.0.9") for _ in range(WRONG_CODES)] == [False] * (WRONG_CODES - 1) + [True]
    assert guard.is_barred("10.0.0.9") and not guard.is_barred("10.0.0.8")
    clock.t += BAR_S - 1
    assert guard.is_barred("10.0.0.9")
    clock.t += 1
    assert not guard.is_barred("10.0.0.9") and "10.0.0.9" not in guard.barred


def test_an_ipv6_64_is_one_address_to_the_guard():
    guard = CodeGuard(Clock())
    for i in range(WRONG_CODES):
        guard.wrong_code(f"2001:db8:1:2::{i + 1:x}")
    assert guard.is_barred("2001:db8:1:2:ffff::9") and not guard.is_barred("2001:db8:1:3::1")


def test_a_household_mistyping_stays_below_the_bars():
    """Four players behind one router, each mistyping the code once or twice."""
    clock = Clock()
    guard = CodeGuard(clock)
    assert not any(guard.wrong_code("198.51.100.4") for _ in range(min(WRONG_CODES, TABLE_WRONG_CODES) - 1))
    assert not guard.is_barred("198.51.100.4")


def test_many_addresses_guessing_bar_the_table_not_one_by_one():
    guard = CodeGuard(Clock())
    for i in range(TABLE_WRONG_CODES):
        guard.wrong_code(f"203.0.113.{i}")
    assert guard.is_barred("192.0.2.200")      # a newcomer too: only a seat's token gets in


def test_wrong_codes_spread_over_more_than_a_minute_never_bar():
    clock = Clock()
    guard = CodeGuard(clock)
    for _ in range(3 * WRONG_CODES):
        assert not guard.wrong_code("10.0.0.9")
        clock.t += BAR_S / (WRONG_CODES - 1) + 0.1     # fewer than the limit within any minute
    assert not guard.is_barred("10.0.0.9")


def test_what_the_guard_keeps_is_bounded(monkeypatch):
    monkeypatch.setattr(code_guard, "MAX_ADDRESSES", 50)
    guard = CodeGuard(Clock(), limit=1, table_limit=10 ** 6)
    for i in range(200):
        assert guard.wrong_code(f"10.0.{i // 256}.{i % 256}")
    assert len(guard.barred) == 50 and guard.is_barred("10.0.0.199") and not guard.is_barred("10.0.0.0")


def joined(client: NetClient, server: NetServer) -> str:
    wait_for([client], server)
    return client.state


def test_a_wrong_code_is_refused_counted_and_a_barred_address_is_told_so_even_with_the_right_code():
    host = TableHost("gnono", [REMOTE, REMOTE, COMPUTER], seed=1, code=CODE)
    server = NetServer(host, port=0)
    port = server.start()
    clients = []
    try:
        for i in range(WRONG_CODES):
            clients.append(NetClient("127.0.0.1", port, f"WRONG{i}", "Eve"))
            clients[-1].start()
            assert joined(clients[-1], server) == REFUSED
        assert [c.reason for c in clients] == [protocol.REFUSALS["code"]] * (WRONG_CODES - 1) + \
            [protocol.REFUSALS["codes"]]
        assert len(server.guard.wrong["*"]) == WRONG_CODES and "127.0.0.1" in server.guard.barred
        clients.append(NetClient("127.0.0.1", port, CODE.lower(), "Ann"))   # the right code, barred
        clients[-1].start()
        assert joined(clients[-1], server) == REFUSED
        assert clients[-1].reason == protocol.REFUSALS["codes"] and host.seats[0].token is None
        server.guard.barred.clear()                 # the minute is up
        clients.append(NetClient("127.0.0.1", port, CODE.lower(), "Ann"))
        clients[-1].start()
        assert joined(clients[-1], server) == JOINED and host.seats[0].name == "Ann"
    finally:
        server.close()
        for client in clients:
            client.close()


def test_a_barred_address_still_rejoins_with_its_token():
    host = TableHost("gnono", [REMOTE, REMOTE, COMPUTER], seed=1, code=CODE)
    server = NetServer(host, port=0)
    port = server.start()
    clients = [NetClient("127.0.0.1", port, CODE, "Ann")]
    try:
        clients[0].start()
        assert joined(clients[0], server) == JOINED
        token = clients[0].token
        clients[0].close()
        for i in range(WRONG_CODES):
            clients.append(NetClient("127.0.0.1", port, f"WRONG{i}", "Eve"))
            clients[-1].start()
            joined(clients[-1], server)
        assert server.guard.is_barred("127.0.0.1")
        clients.append(NetClient("127.0.0.1", port, CODE, "Ann", token=token))
        clients[-1].start()
        assert joined(clients[-1], server) == JOINED and clients[-1].seat == 0
    finally:
        server.close()
        for client in clients:
            client.close()


def test_the_joiners_screen_says_to_wait_after_too_many_wrong_codes(menu_app):
    host = TableHost("gnono", [REMOTE, COMPUTER], seed=1, code=CODE)
    server = NetServer(host, port=0)
    port = server.start()
    try:
        guesses = [NetClient("127.0.0.1", port, f"BAD00{i}", "Eve") for i in range(WRONG_CODES)]
        for client in guesses:
            client.start()
            wait_for([client], server)
        assert [c.state for c in guesses] == [REFUSED] * WRONG_CODES
        assert guesses[-1].reason == "Too many wrong codes: wait a minute."
        join = JoinScene(menu_app, browser=FakeBrowser())
        menu_app.push(join)
        join.values.update(address=f"127.0.0.1:{port}", code=CODE, name="Eve")
        menu_app.key(key_event(pygame.K_RETURN, "\r"))
        end = time.monotonic() + 10
        while not isinstance(menu_app.top, MessageBox) and time.monotonic() < end:
            server.pump()
            menu_app.run(max_frames=1)
        box = menu_app.top
        assert isinstance(box, MessageBox) and box.title == "Could not join"
        assert "Too many wrong codes: wait a minute" in " ".join(box.lines)
        assert host.seats[0].conn is None and all(c.state != JOINED for c in guesses)
    finally:
        server.close()
        for client in guesses:
            client.close()
