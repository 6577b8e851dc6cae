"""The host's limit on wrong table codes (game/net/code_guard.py): a source address
that sent 5 wrong codes within a minute is refused for a minute, even with the right
code; other addresses are not; the bar is lifted after it (a fake clock). Over the
loopback transport the joiner's client and the Join screen say "Too many wrong codes"."""
from __future__ import annotations

import time

import pygame

from game.net import code_guard, protocol
from game.net.client import JOINED, REFUSED, NetClient
from game.net.code_guard import BAR_S, WRONG_CODES, CodeGuard
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.server import NetServer
from game.scenes.join import JoinScene
from game.scenes.overlays import MessageBox
from tests.helpers import key_event
from tests.net_direct import CODE, Clock, hello
from tests.test_join_screen import FakeBrowser
from tests.test_net_join import wait_for


def test_five_wrong_codes_bar_an_address_for_a_minute_and_no_other():
    clock = Clock()
    guard = CodeGuard(clock)
    assert [guard.wrong_code("10.0.0.9") for _ in range(WRONG_CODES)] == [False] * 4 + [True]
    assert guard.is_barred("10.0.0.9") and not guard.is_barred("10.0.0.8")
    clock.t += BAR_S - 1
    assert guard.is_barred("10.0.0.9")
    clock.t += 1
    assert not guard.is_barred("10.0.0.9") and "10.0.0.9" not in guard.barred


def test_wrong_codes_spread_over_more_than_a_minute_never_bar():
    clock = Clock()
    guard = CodeGuard(clock)
    for _ in range(3 * WRONG_CODES):
        assert not guard.wrong_code("10.0.0.9")
        clock.t += BAR_S / (WRONG_CODES - 1) + 0.1     # at most 4 within any minute
    assert not guard.is_barred("10.0.0.9")


def test_what_the_guard_keeps_is_bounded(monkeypatch):
    monkeypatch.setattr(code_guard, "MAX_ADDRESSES", 50)
    guard = CodeGuard(Clock(), limit=1)
    for i in range(200):
        assert guard.wrong_code(f"10.0.{i // 256}.{i % 256}")
    assert len(guard.barred) == 50 and guard.is_barred("10.0.0.199") and not guard.is_barred("10.0.0.0")


def hello_from(host: TableHost, conn: int, address: str, code: str) -> list[str]:
    host.open(conn, address)
    host.receive(conn, hello(f"P{conn}", code=code))
    return [protocol.parse_from_host(text).get("reason", "") for c, text in host.take()
            if c == conn and text is not None]


def test_the_host_refuses_a_guessing_address_even_with_the_right_code_until_the_minute_is_up():
    clock = Clock()
    host = TableHost("gnono", [REMOTE, REMOTE, COMPUTER], seed=1, code=CODE, clock=clock)
    said = [hello_from(host, n, "192.0.2.7", "WRONG9") for n in range(1, WRONG_CODES + 1)]
    assert said == [["code"]] * (WRONG_CODES - 1) + [["codes"]]
    assert hello_from(host, 10, "192.0.2.7", CODE) == ["codes"]          # barred: the right code too
    assert host.seats[0].token is None and host.conns == {}
    assert hello_from(host, 11, "192.0.2.8", CODE)[:1] == [""]            # another address: welcome
    assert host.seats[0].conn == 11
    clock.t += BAR_S
    assert hello_from(host, 12, "192.0.2.7", CODE)[:1] == [""]            # welcome: no reason
    assert host.seats[1].conn == 12


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
