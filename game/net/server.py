"""The host's transport: a websockets server in a background thread, bridged to a
TableHost that only the game loop's thread touches.

Each connection first passes the door (door.py: counted per address from its TCP
accept, a deadline to prove the code) and the key exchange on the table code
(seal.py: the one message each way in clear); a wrong code is refused in clear and
counted by the guard (code_guard.py), which both live here, in the server's thread.
Once the joiner's sealed hello opens, every message each way is sealed. The server
thread runs an asyncio loop: each connection's opened messages go into one queue
(with the connection's number), and each connection has a writer task that seals and
sends what the host says, in order. The game loop calls `pump()` each frame: it hands
the queued messages to the TableHost, lets it move its computers, and passes its output
to the writers. A sealed message that does not open closes its connection (the host
hears it as a bad message: its seat is kept for the grace). Nothing here blocks the
game loop. No pygame here.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import queue
import threading
import time
from typing import Any, cast

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game import errors
from game.net import protocol
from game.net.code_guard import CodeGuard
from game.net.door import Door, Visitor
from game.net.host import TableHost
from game.net.protocol import DEFAULT_PORT, MAX_MESSAGE, PROTOCOL_VERSION, ProtocolError
from game.net.seal import HOST, Channel, Exchange, SealError
from game.net.sending import send_queued

MAX_QUEUED = 200           # messages of one connection not yet pumped: beyond, it is closed
BACKLOG = 1024             # connections the system queues before the door sees them: more
                           # than a flood holds at once, so a player's is queued, not dropped
KICK_S = 2.0               # how long a spoiled link waits for the host's last word
START_S = 5.0              # how long start() waits for the port


def peer_address(peer: Any) -> str:
    """The IP address of a socket's peer name ("" if it does not say)."""
    return str(peer[0]) if isinstance(peer, tuple) and peer else ""


def older_hello(raw: Any) -> bool:
    """A first message in an older version's shape: its hello, in clear."""
    try:
        data = json.loads(raw) if isinstance(raw, str) and len(raw) <= MAX_MESSAGE else None
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("kind") == "hello"


def door_connection(server: NetServer) -> type[ServerConnection]:
    """The connection class of one server: each TCP accept passes its door first. One
    the door closes is aborted before websockets does anything with it (no handler,
    no handshake: a flood costs the host as little as it can)."""
    class DoorConnection(ServerConnection):
        visitor: Visitor | None = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            tcp = cast(asyncio.Transport, transport)
            address = peer_address(tcp.get_extra_info("peername"))
            self.visitor = server.door.arrive(address, tcp.abort)
            if self.visitor is None:
                tcp.abort()
                return
            super().connection_made(transport)

        def data_received(self, data: bytes) -> None:
            if self.visitor is not None:
                super().data_received(data)

        def eof_received(self) -> None:
            if self.visitor is not None:
                super().eof_received()

        def connection_lost(self, exc: Exception | None) -> None:
            if self.visitor is None:
                return
            server.door.left(self.visitor)
            super().connection_lost(exc)
    return DoorConnection


def _finish(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class NetServer:
    def __init__(self, host: TableHost, port: int = DEFAULT_PORT, bind: str = "127.0.0.1"):
        self.host, self.bind, self.port = host, bind, port
        self._inbound: queue.SimpleQueue[tuple[str, int, Any]] = queue.SimpleQueue()
        self._writers: dict[int, asyncio.Queue[str | None]] = {}
        self._queued: dict[int, int] = {}
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Future[None] | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._tokens: frozenset[str] = frozenset()     # the seats' tokens (pump's snapshot)
        self.door = Door(time.monotonic)               # (the server thread's alone)
        self.guard = CodeGuard(time.monotonic)

    # -- the game loop's side ---------------------------------------------------------
    def start(self) -> int:
        """Open the port (OSError if it cannot); the port number (0 asks for any)."""
        self._thread = threading.Thread(target=self._run, name="net-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(START_S):
            raise OSError("the network server did not start")
        if self._error is not None:
            raise self._error
        return self.port

    def pump(self) -> None:
        """Hand what arrived to the host, let it play, send what it says. Never blocks."""
        host = self.host
        while True:
            try:
                what, conn, raw = self._inbound.get_nowait()
            except queue.Empty:
                break
            if what == "open":
                host.open(conn, raw)
            elif what == "bad":               # a sealed message that did not open
                host.kick(conn)
            elif what == "msg":
                with self._lock:
                    if conn in self._queued:
                        self._queued[conn] -= 1
                try:
                    host.receive(conn, raw)
                except Exception as e:     # a bug (the host never raises for input): told,
                    errors.report(e, "a network table's message")   # and that link closed
                    host.kick(conn)
            else:
                host.drop(conn)
        host.pump()
        self._dispatch(host.take())
        self._tokens = frozenset(s.token for s in host.seats if s.token)

    def close(self) -> None:
        """End the table for everybody (they are told) and stop the thread."""
        if self._thread is None:
            return
        self.host.close()
        self._dispatch(self.host.take())
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(_finish, stop)
        self._thread.join(START_S)
        self._thread = None

    def _dispatch(self, out: list[tuple[int, str | None]]) -> None:
        loop = self._loop
        if not out or loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(self._deliver, out)
        except RuntimeError:          # the loop stopped meanwhile: nobody to tell
            pass

    # -- the server thread's side -----------------------------------------------------
    def _deliver(self, out: list[tuple[int, str | None]]) -> None:
        for conn, text in out:
            q = self._writers.get(conn)
            if q is not None:
                q.put_nowait(text)

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as e:        # reported to start(), or lost with the thread
            self._error = e
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = self._loop.create_future()
        async with serve(self._handler, self.bind, self.port, max_size=MAX_MESSAGE,
                         compression=None, ping_interval=20, ping_timeout=20,
                         max_queue=16, open_timeout=self.door.hello_s, backlog=BACKLOG,
                         create_connection=door_connection(self)) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            await self._stop
            # let the writers send their last words ("end": the host left)
            await asyncio.sleep(0.05)
            server.close()

    async def _handler(self, ws: ServerConnection) -> None:
        visitor = getattr(ws, "visitor", None)
        if visitor is None:
            return                     # closed at the door
        address = peer_address(ws.remote_address)
        try:
            opened = await asyncio.wait_for(self._open(ws, visitor, address),
                                            max(0.0, self.door.deadline(visitor) - time.monotonic()))
        except (asyncio.TimeoutError, ConnectionClosed):
            opened = None
        if opened is None or not self.door.seated(visitor):
            await ws.close()
            return
        channel, hello = opened
        conn = next(self._ids)
        out: asyncio.Queue[str | None] = asyncio.Queue()
        self._writers[conn] = out
        self._inbound.put(("open", conn, address))
        self._inbound.put(("msg", conn, hello))
        writer = asyncio.create_task(send_queued(ws, out, channel.seal))
        try:
            async for raw in ws:
                with self._lock:
                    n = self._queued[conn] = self._queued.get(conn, 0) + 1
                if n > MAX_QUEUED:
                    break              # a flood faster than the host reads: cut it off
                try:
                    self._inbound.put(("msg", conn, channel.open(raw)))
                except SealError:      # altered, replayed, reordered: this link ends,
                    self._inbound.put(("bad", conn, None))     # told so by the host
                    await asyncio.wait([writer], timeout=KICK_S)
                    break
        except ConnectionClosed:
            pass
        finally:
            self._inbound.put(("drop", conn, None))
            out.put_nowait(None)
            await writer
            self._writers.pop(conn, None)
            with self._lock:
                self._queued.pop(conn, None)

    async def _open(self, ws: ServerConnection, visitor: Visitor,
                    address: str) -> tuple[Channel, str] | None:
        """The opening: the joiner's version and key exchange, its sealed hello (the key
        confirmation). The channel and the hello's text, or None (told why in clear)."""
        raw = await ws.recv()
        try:
            first = protocol.parse_opening(raw)
        except ProtocolError:
            if older_hello(raw):
                await ws.send(protocol.refused("version"))
            return None
        if first["version"] != PROTOCOL_VERSION:
            await ws.send(protocol.refused("version"))
            return None
        if not self.door.may_exchange(visitor):
            await ws.send(protocol.refused("busy"))
            return None
        exchange = Exchange(self.host.code, HOST)
        try:
            channel = exchange.finish(protocol.pake_bytes(first))
        except SealError:
            return None
        await ws.send(protocol.opening(exchange.message))
        try:
            raw = await ws.recv()
        except BaseException:                     # (the deadline, or gone): an exchange left
            self.guard.wrong_code(address)        # unfinished counts as a wrong code
            raise
        try:
            hello = channel.open(raw)
        except SealError:                         # the key confirmation failed: a wrong code
            barred = self.guard.wrong_code(address)
            await ws.send(protocol.refused("codes" if barred else "code"))
            return None
        if self.guard.is_barred(address) and not self._holds_token(hello):
            await ws.send(protocol.refused("codes"))   # the same words as a wrong code's
            return None
        return channel, hello

    def _holds_token(self, hello: str) -> bool:
        try:
            token = protocol.parse(hello).get("token")
        except ProtocolError:
            return False
        return token is not None and token in self._tokens
