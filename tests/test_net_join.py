"""Joining a network table (game/net/): the protocol's schema, the refusals a joiner
is told in a sentence (wrong code, other version, other game, a taken seat, a full
table, a stale token), the seat token that brings a player back, and the same over
the real transport through NetClient's state and reason."""
from __future__ import annotations

import time

import pytest

from game.engine import IllegalMove
from game.net import client as client_module
from game.net import protocol
from game.net.client import CLOSED, JOINED, REFUSED, NetClient
from game.net.host import COMPUTER, HELLO_S, LOCAL, REMOTE, TableHost
from game.net.protocol import ProtocolError, parse
from game.net.server import NetServer
from tests.net_direct import DirectTable


def refusals(table: DirectTable, conn: int) -> list[str]:
    return [m["reason"] for m in table.inbox[conn] if m.kind == "refused"]


def test_parse_checks_kind_fields_types_and_size():
    good = protocol.encode("move", seq=4, move={"t": "Draw", "seat": 0})
    assert parse(good).kind == "move" and parse(good)["seq"] == 4
    for raw, why in [("{", "not JSON"), ("[1]", "JSON object"), ('{"kind":"shout"}', "unknown kind"),
                     ('{"kind":"move","seq":1}', "missing field"),
                     ('{"kind":"move","seq":1.5,"move":{}}', "seq must be"),
                     ('{"kind":"move","seq":true,"move":{}}', "seq must be"),
                     ('{"kind":"ping","t":1,"x":2}', "unknown field"),
                     ('{"kind":"hello","version":2,"name":"\\u0007","app":""}', "name must be"),
                     ('{"kind":"hello","version":1,"code":"A","name":"A","app":""}', "unknown field"),
                     ('{"kind":"welcome","seat":0}', "unknown kind"),     # a host's kind
                     ("x" * (protocol.MAX_MESSAGE + 1), "over")]:
        with pytest.raises(ProtocolError, match=why):
            parse(raw)


@pytest.mark.parametrize("extra, reason", [
    ({"version": protocol.PROTOCOL_VERSION + 1}, "version"),
    ({"game": "gin"}, "game"),
    ({"token": "x" * 24}, "token"),
])
def test_a_wrong_hello_is_refused_with_its_reason_and_closed(extra, reason):
    table = DirectTable("gnono", [REMOTE, REMOTE, COMPUTER, COMPUTER])
    conn = table.next_conn
    table.host.open(conn)
    table.inbox[conn] = []
    fields = {"version": protocol.PROTOCOL_VERSION, "name": "Eve", "app": "t"} | extra
    table.send(conn, protocol.encode("hello", **fields))
    assert refusals(table, conn) == [reason] and conn in table.closed
    assert protocol.REFUSALS[reason] in [m["text"] for m in table.inbox[conn]]


def test_a_taken_seat_and_a_full_table_are_refused():
    table = DirectTable("gnono", [REMOTE, REMOTE, COMPUTER, COMPUTER])   # both seats joined
    asked = table.join(seat=0)
    assert refusals(table, asked) == ["seat_taken"]
    computer = table.join(seat=2)
    assert refusals(table, computer) == ["seat_taken"]       # a computer's seat is not open
    late = table.join()
    assert refusals(table, late) == ["full"]
    assert table.host.seats[0].conn == 1                      # the first player keeps it


def test_a_seat_token_brings_its_player_back_and_replaces_a_stale_connection():
    table = DirectTable("gnono", [REMOTE, REMOTE, COMPUTER, COMPUTER])
    token = table.token[0]
    again = table.join(token=token)                           # the first link is half dead
    assert table.host.seats[0].conn == again and 1 in table.closed
    assert [m["reason"] for m in table.inbox[1] if m.kind == "end"] == ["replaced"]
    welcome = next(m for m in table.inbox[again] if m.kind == "welcome")
    assert welcome["seat"] == 0 and welcome["token"] == token


def wait_for(clients, server, states=(JOINED, REFUSED, CLOSED), timeout_s=10.0) -> None:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end and not all(c.state in states for c in clients):
        server.pump()
        time.sleep(0.002)


def test_refusals_reach_the_joiners_screen_over_the_network(monkeypatch):
    host = TableHost("gnono", [REMOTE, COMPUTER, COMPUTER, COMPUTER], seed=1, code="GOOD22")
    server = NetServer(host, port=0)
    port = server.start()
    try:
        first = NetClient("127.0.0.1", port, "good22", "Ann")     # the code is not case-sensitive
        first.start()
        wait_for([first], server)
        assert first.state == JOINED and first.seat == 0 and first.token
        wrong = NetClient("127.0.0.1", port, "BAD000", "Bob")
        taken = NetClient("127.0.0.1", port, "GOOD22", "Cy", seat=0)
        wrong.start()
        taken.start()
        monkeypatch.setattr(client_module, "PROTOCOL_VERSION", protocol.PROTOCOL_VERSION + 1)
        old = NetClient("127.0.0.1", port, "GOOD22", "Dee")
        old.start()
        wait_for([wrong, taken, old], server, states=(REFUSED, CLOSED))
        assert (wrong.state, wrong.reason) == (REFUSED, "Wrong table code.")
        assert (taken.state, taken.reason) == (REFUSED, "That seat is taken.")
        assert (old.state, old.reason) == (REFUSED, "The host runs another version of G'NERTS.")
        nobody = NetClient("127.0.0.1", 1, "GOOD22", "Eve")     # no host there
        nobody.start()
        wait_for([nobody], server)
        assert nobody.state == CLOSED and "Could not reach" in nobody.reason
        assert first.state == JOINED
    finally:
        server.close()
    deadline = time.monotonic() + 5
    while first.state == JOINED and time.monotonic() < deadline:
        time.sleep(0.01)
    assert (first.state, first.reason) == (CLOSED, "The host closed the table.")
    first.close()


def test_a_connection_that_says_nothing_is_closed_after_the_hello_time():
    table = DirectTable("gnono", [REMOTE, REMOTE, COMPUTER, COMPUTER])
    table.host.open(9)
    table.inbox[9] = []
    table.pump(HELLO_S - 1)
    assert 9 not in table.closed
    table.pump(2)
    assert 9 in table.closed and [m["reason"] for m in table.inbox[9]] == ["timeout"]


def test_a_local_seat_moves_at_the_host_and_the_remote_seats_hear_it():
    table = DirectTable("gnono", [REMOTE, LOCAL, COMPUTER, COMPUTER], seed=3)
    host = table.host
    for _ in range(500):                     # the computers and the remote player move on
        if host.engine.current == 1:
            break
        if not table.play_one():
            table.pump(1)
    assert host.engine.current == 1
    heard = len(table.inbox[1])
    move = host.engine.legal_moves(1)[0]
    host.local_move(1, move)
    table.deliver()
    assert host.log[-1].move == move and len(table.inbox[1]) == heard + 1
    with pytest.raises(IllegalMove):
        host.local_move(0, host.engine.legal_moves(0)[0] if host.engine.legal_moves(0) else move)


def test_a_player_joins_over_ipv6_loopback():
    host = TableHost("gnono", [REMOTE, COMPUTER, COMPUTER, COMPUTER], seed=1, code="SIX666")
    server = NetServer(host, port=0, bind="::1")
    port = server.start()
    player = NetClient("::1", port, "SIX666", "Ann")
    try:
        player.start()
        wait_for([player], server)
        assert player.state == JOINED and player.seat == 0
    finally:
        player.close()
        server.close()
