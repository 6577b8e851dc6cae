"""The door attack on a network table (game/net/door.py), on the loopback address: a
stranger without the code opens hundreds of TCP connections at once from a few
addresses of 127/8 (each a request begun and never finished, held till the host
closes it) and opens another as each one closes; `guessers` more make whole key
exchanges with wrong codes, one after another, each from an address of its own.
Meanwhile an honest player rejoins its seat with its token, and another joins. The
attack runs in a program of its own (`python -m bench.net_door PORT CONNECTIONS
GUESSERS`, AttackProcess), as a stranger's would: in the host's process it would take
the host's interpreter lock, which no stranger can. The test (tests/test_net_door.py)
and the bench row (bench/net.py: the share of honest rejoins in under 2 s) share it.
"""
from __future__ import annotations

import asyncio
import itertools
import os
import subprocess
import sys
import threading
import time

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.net import protocol
from game.net.client import CLOSED, JOINED, REFUSED, NetClient
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.protocol import PROTOCOL_VERSION
from game.net.seal import JOINER, Exchange
from game.net.server import NetServer

CODE = "DOOR42"


class DoorAttack:
    """`connections` held at once from `addresses`, each reopened as it closes."""

    def __init__(self, port: int, connections: int = 300,
                 addresses: tuple[str, ...] = tuple(f"127.0.0.{i}" for i in range(2, 12)),
                 guessers: int = 0):
        self.port, self.connections, self.addresses = port, connections, addresses
        self.guessers = guessers
        self.opened = self.guesses = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=asyncio.run, args=(self._main(),), daemon=True)

    def __enter__(self) -> DoorAttack:
        self._thread.start()
        self._ready.wait(5)
        return self

    def __exit__(self, *exc: object) -> None:
        loop, task = self._loop, self._task
        if loop is not None and task is not None:
            loop.call_soon_threadsafe(task.cancel)
        self._thread.join(10)

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._task = asyncio.create_task(self._all())
        self._ready.set()
        try:
            await self._task
        except asyncio.CancelledError:
            pass

    async def _all(self) -> None:
        n = len(self.addresses)
        await asyncio.gather(*(self._hold(self.addresses[i % n]) for i in range(self.connections)),
                             *(self._guess(f"127.0.1.{i + 1}", i) for i in range(self.guessers)))

    async def _guess(self, address: str, k: int) -> None:
        """Key exchanges on wrong codes, one after another, from `address`."""
        for i in itertools.count():
            try:
                async with connect(f"ws://127.0.0.1:{self.port}", open_timeout=5,
                                   local_addr=(address, 0)) as ws:
                    exchange = Exchange(f"GUESS{k}{i}", JOINER)
                    await ws.send(protocol.opening(exchange.message, PROTOCOL_VERSION))
                    answer = protocol.parse_opening(await ws.recv(), from_host=True)
                    if answer.kind == "pake":
                        channel = exchange.finish(protocol.pake_bytes(answer))
                        await ws.send(channel.seal(protocol.encode("hello", version=PROTOCOL_VERSION,
                                                                   name="Eve", app="guess")))
                        await ws.recv()
                        self.guesses += 1
            except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError, ValueError):
                await asyncio.sleep(0.01)

    async def _hold(self, address: str) -> None:
        while True:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port,
                                                               local_addr=(address, 0))
            except OSError:
                await asyncio.sleep(0.01)
                continue
            self.opened += 1
            try:
                writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")     # never finished
                await reader.read()                               # until the host closes it
            except OSError:
                pass
            finally:
                writer.close()


class AttackProcess:
    """DoorAttack in a child process: entered once it runs, left once it stopped."""

    def __init__(self, port: int, connections: int, guessers: int = 0):
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        self.proc = subprocess.Popen([sys.executable, "-m", "bench.net_door", str(port), str(connections),
                                      str(guessers)], cwd=root, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True,
                                     env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))
        self.opened = self.guesses = 0

    def __enter__(self) -> AttackProcess:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.strip() == "ready":
                return self
        raise RuntimeError("the attack did not start")

    def __exit__(self, *exc: object) -> None:
        out, _ = self.proc.communicate("", timeout=20)      # stdin closed: the attack stops
        self.opened, self.guesses = map(int, out.split()[-2:])


def wait(clients: list[NetClient], server: NetServer, timeout_s: float) -> float:
    """Pump until every client is joined, refused or closed: the seconds it took."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout_s and any(
            c.state not in (JOINED, REFUSED, CLOSED) for c in clients):
        server.pump()
        time.sleep(0.002)
    return time.monotonic() - t0


def rejoins_under_attack(tries: int, connections: int = 300, timeout_s: float = 5.0,
                         guessers: int = 0) -> dict:
    """An honest player leaves and rejoins its seat `tries` times under the attack
    (and one more player joins): each rejoin's seconds (None: not joined in time), the
    join's, and the join's refusal if any."""
    host = TableHost("gnono", [REMOTE, REMOTE, COMPUTER], seed=1, code=CODE)
    server = NetServer(host, port=0)
    # (the honest player's rejoins, one after another from one address, would pass the
    # door's rate of key exchanges: lifted for them; the flood makes none)
    server.door.exchange_burst = float(tries + 4)
    port = server.start()
    ann = NetClient("127.0.0.1", port, CODE, "Ann")
    ann.start()
    wait([ann], server, timeout_s)
    token = ann.token
    times: list[float | None] = []
    failures: list[str] = []
    joined_new = None
    try:
        assert ann.state == JOINED and token
        with AttackProcess(port, connections, guessers) as attack:
            end = time.monotonic() + 2.0                 # the attack fills the door first
            while time.monotonic() < end:
                server.pump()
                time.sleep(0.005)
            for _ in range(tries):
                ann.close()
                ann = NetClient("127.0.0.1", port, CODE, "Ann", token=token)
                ann.start()
                took = wait([ann], server, timeout_s)
                times.append(took if ann.state == JOINED else None)
                if ann.state != JOINED:
                    failures.append(f"{ann.state}: {ann.reason}")
            bob = NetClient("127.0.0.1", port, CODE, "Bob")
            bob.start()
            took = wait([bob], server, timeout_s)
            joined_new = took if bob.state == JOINED else None
            refused = bob.reason if bob.state == REFUSED else None
            bob.close()
    finally:
        ann.close()
        server.close()
    opened, guesses = attack.opened, attack.guesses
    return {"rejoins": times, "failures": failures, "join": joined_new, "join_refused": refused,
            "attack_connections": opened, "guesses": guesses}


def main(args: list[str]) -> None:
    """The attacker's program: attack until stdin closes, then say what it did."""
    port, connections, guessers = map(int, args)
    with DoorAttack(port, connections, guessers=guessers) as attack:
        print("ready", flush=True)
        sys.stdin.read()
    print(attack.opened, attack.guesses, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
