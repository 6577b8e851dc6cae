"""A network table without sockets, for the tests of game/net/: a TableHost on a
clock the test moves (the remote computers' Nerts clock too), connections numbered
1, 2..., and remote computers (autoplay.RemotePlayer) fed straight from the host's
outbox. What the transport adds is tested in test_net_play.py and test_net_fuzz.py."""
from __future__ import annotations

from typing import Any

from game.net import protocol
from game.net.autoplay import RemotePlayer
from game.net.host import REMOTE, TableHost
from game.net.protocol import PROTOCOL_VERSION

CODE = "ABC234"


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def hello(name: str = "Ann", **extra: Any) -> str:
    """A joiner's hello, as the host reads it once the sealed link opened (the code was
    proved by the key exchange: the transport's, tests/test_net_seal.py)."""
    return protocol.encode("hello", version=PROTOCOL_VERSION, name=name, app="test", **extra)


class DirectTable:
    def __init__(self, game: str, seats: list[str], seed: int = 1, **options: Any):
        self.clock = Clock()
        self.host = TableHost(game, seats, seed=seed, code=CODE, clock=self.clock,
                              **({"computer_delay_s": 0.0, "deal_pause_s": None} | options))
        self.key = game
        self.next_conn = 1
        self.seat_of: dict[int, int] = {}           # connection -> seat
        self.token: dict[int, str] = {}             # seat -> its token
        self.players: dict[int, RemotePlayer] = {}  # seat -> its computer
        self.inbox: dict[int, list[protocol.Message]] = {}   # connection -> what it got
        self.closed: set[int] = set()
        for _ in range(seats.count(REMOTE)):
            self.join()

    def join(self, **extra: Any) -> int:
        """A new connection says hello: its number."""
        conn = self.next_conn
        self.next_conn += 1
        self.host.open(conn)
        self.inbox[conn] = []
        self.send(conn, hello(f"P{conn}", **extra))
        return conn

    def send(self, conn: int, raw: Any) -> None:
        self.host.receive(conn, raw)
        self.deliver()

    def deliver(self) -> None:
        for conn, text in self.host.take():
            if text is None:
                self.closed.add(conn)
                continue
            msg = protocol.parse_from_host(text)      # the host speaks the schema
            self.inbox[conn].append(msg)
            if msg.kind == "welcome":
                self.seat_of[conn] = msg["seat"]
                self.token[msg["seat"]] = msg["token"]
                self.players.setdefault(msg["seat"], RemotePlayer(self.key, "normal", msg["seat"],
                                                                  self.clock))
            elif msg.kind == "update" and conn not in self.closed:
                self.players[self.seat_of[conn]].update(msg.fields)

    def conn_of(self, seat: int) -> int | None:
        return self.host.seats[seat].conn

    def play_one(self) -> bool:
        """The first remote seat with a move sends it: True if one did."""
        for seat, player in sorted(self.players.items()):
            conn = self.conn_of(seat)
            if conn is None:
                continue
            move = player.move()
            if move is not None:
                self.send(conn, protocol.encode("move", seq=1, move=self.host.wire.move_to_wire(move)))
                return True
        return False

    def pump(self, seconds: float = 0.0) -> None:
        self.clock.t += seconds
        self.host.pump()
        self.deliver()
