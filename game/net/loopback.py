"""A whole network table in one process on the loopback address: a TableHost behind
a NetServer on 127.0.0.1 and remote computers (autoplay.RemotePlayer) behind
NetClients, all pumped by one loop. The end-to-end tests and the bench use it; it
also times each move from a client's send to the other clients' receipt.

With `virtual_clock` (the tests) the host's clock is not the wall's: the table plays
in lockstep, one move at a time (each client in turn, then the host's computers, each
once every earlier move is answered and heard by all, so none is chosen from a view
already overtaken and no race of packets and pumps decides who calls "UNO!" first);
after each round of looks the clock jumps, in a real-time game to the next step at
which a computer looks, in a turn game by TURN_LOOK_S (a computer's planned catch comes
after its reaction time, as at a table). A hand then takes the same course on a loaded
machine as on an idle one, a real-time round in a few seconds with the players at a
human pace (the host's flood limit holds).
No pygame.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from game.bot import ClockedBot
from game.net.autoplay import RemotePlayer
from game.net.client import CLOSED, JOINED, REFUSED, NetClient
from game.net.host import REMOTE, TableHost
from game.net.server import NetServer

LOOPBACK = "127.0.0.1"
TURN_LOOK_S = 0.1      # a turn game's virtual seconds between two rounds of looks
HOST = -1              # the host's computers, in the lockstep's round of looks


class LoopbackTable:
    def __init__(self, game: str, seats: Sequence[str], *, seed: int = 1, level: str = "normal",
                 remote_level: str | None = None,
                 code: str = "LOOP42", host_options: dict[str, Any] | None = None, bind: str = LOOPBACK,
                 clients: int | None = None, virtual_clock: bool = False):
        self.virtual, self.now = virtual_clock, 0.0
        self.clock: Callable[[], float] = (lambda: self.now) if virtual_clock else time.monotonic
        self.host = TableHost(game, seats, seed=seed, code=code, level=level, clock=self.clock,
                              **({"computer_delay_s": 0.0, "deal_pause_s": None} | (host_options or {})))
        self.host.lockstep = virtual_clock       # (then its computers look when the lockstep says)
        self.host.computers_may_look = not virtual_clock
        self.server = NetServer(self.host, port=0, bind=bind)
        self.port = self.server.start()
        self.bind, self.code, self.key, self.seed = bind, code, game, seed
        self.level = remote_level or level        # the remote computers' level
        self.clients: list[NetClient] = []
        self.players: list[RemotePlayer] = []
        self.received: list[list[Any]] = []      # every message each client got
        self.seq: list[int] = []                 # each client's last move number
        self.pending: list[int | None] = []      # a client's move awaiting its answer
        self.sent_at: dict[tuple[int, int], float] = {}   # (client, seq) -> when sent
        self.move_sent: dict[int, float] = {}    # host move number -> when its client sent it
        self.mover_of: dict[int, int] = {}       # host move number -> the client that sent it
        self.got_at: dict[int, list[tuple[int, float]]] = {}   # move number -> (client, when)
        self.illegal = 0
        self.heard: list[int] = []               # each client's last update's move number
        self.offered: set[int] = set()           # lockstep: the clients asked at this step
        remote = [i for i, kind in enumerate(seats) if kind == REMOTE]
        for k in range(len(remote) if clients is None else clients):
            # (lockstep: each client asks for its seat, not the first open at its arrival)
            self.join(seat=remote[k] if virtual_clock and k < len(remote) else None)

    def join(self, token: str | None = None, name: str | None = None, seat: int | None = None) -> int:
        """Another client (it replaces none), asking for `seat` if given: its index."""
        i = len(self.clients)
        c = NetClient(self.bind, self.port, self.code, name or f"Remote {i + 1}", token=token, seat=seat)
        c.start()
        self.clients.append(c)
        self.players.append(RemotePlayer(self.key, self.level, self.seed * 100 + i, self.clock))
        self.received.append([])
        self.heard.append(-1)
        self.pending.append(None)
        self.seq.append(0)
        return i

    def step(self, play: bool = True) -> None:
        """One frame of everyone: the server pumps, each client reads and may move."""
        self.server.pump()
        now = time.perf_counter()
        for i, c in enumerate(self.clients):
            for msg in c.poll():
                self.received[i].append(msg)
                if msg.kind == "update":
                    self.heard[i] = msg["n"]
                    self._timed(i, msg, now)
                    self.players[i].update(msg.fields)
                    if msg.get("ack") is not None and msg["ack"] == self.pending[i]:
                        self.pending[i] = None
                elif msg.kind == "illegal":
                    self.illegal += 1
                    if msg["seq"] == self.pending[i]:
                        self.pending[i] = None
                    self.players[i].fresh = True
        for i, c in enumerate(self.clients):     # (each has read what came: then moves)
            if not play or c.state != JOINED or self.pending[i] is not None:
                continue
            if self.virtual:          # lockstep: in turn, once a step, all caught up
                if i in self.offered or not self.settled():
                    continue
                self.offered.add(i)
            move = self.players[i].move()
            if move is not None:
                self.send_move(i, move)
        if play and self.virtual and HOST not in self.offered and self.settled():
            self.offered.add(HOST)          # the host's computers look once this round
            self.host.computers_may_look = True
            self.server.pump()

    def settled(self) -> bool:
        """Play is on, no move is awaiting its answer and every joined client heard the
        last one."""
        return self.host.started and all(p is None for p in self.pending) and all(
            c.state == JOINED and n == self.host.moves_applied
            for c, n in zip(self.clients, self.heard) if c.state not in (REFUSED, CLOSED))

    def _advance(self) -> None:
        """The virtual clock to the next step at which a computer looks (a second at most;
        a turn game: TURN_LOOK_S on)."""
        host = self.host
        rate = host.spec.clock_rate
        if host.t0 is None:
            return
        if rate is None:
            self.now += TURN_LOOK_S
            return
        looks = [p.next_look() for c, p in zip(self.clients, self.players) if c.state == JOINED]
        looks += [s.computer.bot.next_look() for s in host.seats
                  if s.computer is not None and isinstance(s.computer.bot, ClockedBot)]
        target = min([x for x in looks if x is not None] + [host.step + rate])
        self.now = host.t0 + (max(target, host.step + 1) + 0.5) / rate

    def send_move(self, i: int, move: Any) -> int:
        c = self.clients[i]
        self.seq[i] += 1
        seq = self.seq[i]
        self.pending[i] = seq
        self.sent_at[(i, seq)] = time.perf_counter()
        c.send({"kind": "move", "seq": seq, "move": self.host.wire.move_to_wire(move)})
        return seq

    def _timed(self, i: int, msg: Any, now: float) -> None:
        n = msg["n"]
        ack = msg.get("ack")
        if ack is not None and (i, ack) in self.sent_at:
            self.move_sent[n] = self.sent_at.pop((i, ack))
            self.mover_of[n] = i
        self.got_at.setdefault(n, []).append((i, now))

    def run(self, done: Callable[[], bool], timeout_s: float = 30.0, play: bool = True,
            frame_s: float = 0.0005) -> bool:
        """Step until done() (True) or the time is up (False)."""
        end = time.monotonic() + timeout_s
        while time.monotonic() < end:
            self.step(play)
            if done():
                return True
            if self.virtual and self.settled() and HOST in self.offered and all(
                    i in self.offered for i, c in enumerate(self.clients) if c.state == JOINED):
                self._advance()
                self.offered.clear()
            else:
                time.sleep(frame_s)
        return False

    def joined(self) -> bool:
        return all(c.state in (JOINED, REFUSED, CLOSED) for c in self.clients) and \
            any(c.state == JOINED for c in self.clients)

    def latencies(self) -> list[float]:
        """Seconds from a client's send of a move to each other client's receipt of it."""
        out: list[float] = []
        for n, sent in self.move_sent.items():
            mover = self.mover_of[n]
            out.extend(t - sent for i, t in self.got_at.get(n, []) if i != mover)
        return out

    def close(self) -> None:
        for c in self.clients:
            c.close()
        self.server.close()
