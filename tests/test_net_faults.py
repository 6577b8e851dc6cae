"""Faults at a network table (game/net/): a client killed mid-round (a process of its
own, SIGKILL) rejoins its seat with its token and the round goes on to the same end
as at one keyboard; meanwhile the turn game waits for it and `seats` says it is
missing. One that never returns: a turn game's seat opens to others after the
grace; in Nerts a computer at the host's level plays the seat until its player
comes back."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

from game.games import BY_KEY
from game.net import protocol
from game.net.adapters import replay
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.loopback import LoopbackTable
from tests.net_direct import CODE, Clock, DirectTable, hello

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def last_seats(messages) -> protocol.Message:
    return [m for m in messages if m.kind == "seats"][-1]


def test_a_killed_client_rejoins_its_seat_and_the_round_goes_on():
    table = LoopbackTable("gnono", [REMOTE, REMOTE, COMPUTER, COMPUTER], seed=6, clients=1,
                          host_options={"computer_delay_s": 0.02})
    host = table.host
    proc = subprocess.Popen([sys.executable, os.path.join(ROOT, "tests", "net_remote_proc.py"),
                             str(table.port), table.code, "gnono"], stdout=subprocess.PIPE, text=True)
    try:
        assert table.run(lambda: host.started, timeout_s=30), "the process did not join"
        seat_s, token = proc.stdout.readline().split()
        seat = int(seat_s)
        assert table.run(lambda: host.moves_applied >= 6, timeout_s=20)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        assert table.run(lambda: host.seats[seat].conn is None, timeout_s=10)
        # the round comes to the dead seat's turn and waits there
        assert table.run(lambda: host.engine.current == seat and host.engine.phase != "round_over",
                         timeout_s=20)
        waiting = host.moves_applied
        table.run(lambda: False, timeout_s=0.3)
        assert host.moves_applied == waiting and host.engine.current == seat
        seats = last_seats(table.received[0])
        assert seats["missing"][seat] and not seats["connected"][seat]
        # back with the token: the same seat, and the round goes on to its end
        back = table.join(token=token)
        assert table.run(lambda: host.engine.phase == "round_over", timeout_s=30)
        assert table.clients[back].seat == seat
        assert not last_seats(table.received[0])["missing"][seat]
        local = BY_KEY["gnono"].parts.new_engine(6)
        replay(local, host.log)
        assert json.dumps(local.to_json(), sort_keys=True) == \
            json.dumps(host.engine.to_json(), sort_keys=True)
        assert any(s == seat for s, _, _ in host.log[waiting:])   # the seat played again
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()
        table.close()


def test_a_turn_game_seat_never_returned_opens_after_the_grace():
    table = DirectTable("gnono", [REMOTE, REMOTE, COMPUTER, COMPUTER], grace_s=60)
    token = table.token[1]
    table.host.drop(table.conn_of(1))
    table.deliver()
    seats = last_seats(table.inbox[table.conn_of(0)])
    assert seats["missing"] == [False, True, False, False] and seats["names"][1] == "P2"
    table.pump(59)
    assert table.host.seats[1].token == token              # still held
    table.pump(2)
    seats = last_seats(table.inbox[table.conn_of(0)])
    assert seats["missing"] == [False] * 4 and seats["connected"][1] is False
    assert seats["names"][1] == "Open seat 2"
    late = table.join(token=token)
    assert [m["reason"] for m in table.inbox[late] if m.kind == "refused"] == ["token"]
    newcomer = table.join()
    assert table.seat_of[newcomer] == 1


class StubCodec:
    """Views and events as nothing: the host's seats are what this test looks at."""

    @staticmethod
    def view_to_json(view):
        return {}

    @staticmethod
    def events_for(events, seat):
        return []

    @staticmethod
    def listed_form(move):
        return move


def test_in_nerts_a_computer_plays_a_dropped_seat_until_its_player_returns():
    clock = Clock()
    host = TableHost("nerts", [REMOTE, REMOTE], seed=3, code=CODE, clock=clock, codec=StubCodec,
                     grace_s=30, deal_pause_s=None)
    for conn in (1, 2):
        host.open(conn)
        host.receive(conn, hello(f"P{conn}"))
    welcome = [protocol.parse_from_host(t) for c, t in host.take() if c == 1 and t]
    token = next(m["token"] for m in welcome if m.kind == "welcome")
    assert host.started

    def run(seconds: float) -> list[int]:
        start = len(host.log)
        for _ in range(int(seconds * 60)):
            clock.t += 1 / 60
            host.pump()
        host.take()
        return [s for s, _, _ in host.log[start:]]

    assert run(3) == []                          # two humans who do nothing: nothing moves
    host.drop(1)
    assert host.seats[0].computer is not None
    assert set(run(10)) == {0}                   # the stand-in plays seat 0
    host.open(3)
    host.receive(3, hello("P1", token=token))
    assert host.seats[0].conn == 3 and host.seats[0].computer is None
    assert run(5) == []                          # its player is back: the computer stops
    host.drop(3)
    run(31)                                      # never returns: the grace passes
    assert host.seats[0].token is None and host.seats[0].computer is not None
    host.open(4)                                 # the open seat goes to a newcomer
    host.receive(4, hello("Newcomer"))
    assert host.seats[0].conn == 4 and host.seats[0].computer is None
