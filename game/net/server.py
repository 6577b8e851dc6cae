"""The host's transport: a websockets server in a background thread, bridged to a
TableHost that only the game loop's thread touches.

The server thread runs an asyncio loop: each connection's messages go into one queue
(with the connection's number), and each connection has a writer task that sends what
the host says, in order. The game loop calls `pump()` each frame: it hands the queued
messages to the TableHost, lets it move its computers, and passes its output to the
writers. Nothing here blocks the game loop. No pygame here.
"""
from __future__ import annotations

import asyncio
import itertools
import queue
import threading
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game import errors
from game.net.host import TableHost
from game.net.protocol import DEFAULT_PORT, MAX_MESSAGE
from game.net.sending import send_queued

MAX_CONNECTIONS = 32       # at once, joined or not
MAX_QUEUED = 200           # messages of one connection not yet pumped: beyond, it is closed
START_S = 5.0              # how long start() waits for the port


def source_address(ws: ServerConnection) -> str:
    """The IP address a connection comes from ("" if the socket does not say)."""
    address = ws.remote_address
    return str(address[0]) if isinstance(address, tuple) and address else ""


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
                         max_queue=16) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            await self._stop
            # let the writers send their last words ("end": the host left)
            await asyncio.sleep(0.05)
            server.close()

    async def _handler(self, ws: ServerConnection) -> None:
        if len(self._writers) >= MAX_CONNECTIONS:
            await ws.close(1013, "table busy")
            return
        conn = next(self._ids)
        out: asyncio.Queue[str | None] = asyncio.Queue()
        self._writers[conn] = out
        self._inbound.put(("open", conn, source_address(ws)))
        writer = asyncio.create_task(send_queued(ws, out))
        try:
            async for raw in ws:
                with self._lock:
                    n = self._queued[conn] = self._queued.get(conn, 0) + 1
                if n > MAX_QUEUED:
                    break              # a flood faster than the host reads: cut it off
                self._inbound.put(("msg", conn, raw))
        except ConnectionClosed:
            pass
        finally:
            self._inbound.put(("drop", conn, None))
            out.put_nowait(None)
            await writer
            self._writers.pop(conn, None)
            with self._lock:
                self._queued.pop(conn, None)
