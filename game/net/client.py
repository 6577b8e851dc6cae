"""A player's side of a network table: NetClient joins a host and keeps the link in
a background thread; the game loop polls it each frame and never waits on it.

    client = NetClient("192.168.1.20", 47470, "K7QX2M", "Ann", token=None)
    client.start()
    ... each frame: for msg in client.poll(): ...      (protocol.Message, checked)
    client.send({"kind": "move", "seq": 1, "move": {...}})
    client.close()

`state` is "connecting", then "joined" (after the host's welcome: `seat`, `token`,
`game`, `names`), "refused" or "closed"; `reason` says why in a sentence for the
screen. The link is sealed by the code (seal.py): the key exchange is the one message
each way in clear; the hello, and all after it, go sealed. A host that refuses in clear
(another version, a wrong code) is told as any refusal; a sealed message that does not
open, or that breaks the schema (protocol.parse_from_host), closes the link.
No pygame here.
"""
from __future__ import annotations

import asyncio
import queue
import threading
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game import VERSION, errors
from game.net import protocol
from game.net.protocol import PROTOCOL_VERSION, REFUSALS, Message, ProtocolError
from game.net.seal import JOINER, Channel, Exchange, SealError
from game.net.sending import send_queued

CONNECTING, JOINED, REFUSED, CLOSED = "connecting", "joined", "refused", "closed"
OPEN_S = 5.0          # how long to try to reach the host


def ws_uri(host: str, port: int) -> str:
    """ws://host:port, with an IPv6 address in brackets."""
    return f"ws://[{host}]:{port}" if ":" in host else f"ws://{host}:{port}"


class NetClient:
    def __init__(self, host: str, port: int, code: str, name: str, token: str | None = None,
                 *, game: str | None = None, seat: int | None = None):
        self.host, self.port, self.code, self.name = host, port, code, name
        self.token, self.game, self.wanted_seat = token, game, seat
        self.state = CONNECTING
        self.reason = ""
        self.seat: int | None = None
        self.names: list[str] = []
        self._inbox: queue.SimpleQueue[Message] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._out: asyncio.Queue[str | None] | None = None
        self._thread: threading.Thread | None = None
        self._closing = False
        self.version = PROTOCOL_VERSION

    def start(self) -> None:
        """Begin joining, in the background (state tells how it goes)."""
        hello: dict[str, Any] = {"version": PROTOCOL_VERSION, "name": self.name, "app": VERSION}
        for key, value in (("game", self.game), ("token", self.token), ("seat", self.wanted_seat)):
            if value is not None:
                hello[key] = value
        first = protocol.encode("hello", **hello)     # ValueError now for a bad name
        self.version = PROTOCOL_VERSION
        self._thread = threading.Thread(target=self._run, args=(first,), name="net-client",
                                        daemon=True)
        self._thread.start()

    def poll(self) -> list[Message]:
        """The host's messages since the last call, in order."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def send(self, message: dict[str, Any]) -> None:
        """Send {"kind": ..., fields...} (checked against the schema: ValueError if it
        breaks it); dropped quietly once the link is closed."""
        fields = {k: v for k, v in message.items() if k != "kind"}
        text = protocol.encode(message["kind"], **fields)
        self._put(text)

    def close(self) -> None:
        """Say goodbye and end the link (the seat stays held for the grace time)."""
        if self._thread is None:
            return
        if self.state == JOINED:
            self._put(protocol.encode("bye"))
        self._closing = True
        self._put(None)
        self._thread.join(OPEN_S)
        self._thread = None
        if self.state in (CONNECTING, JOINED):
            self.state, self.reason = CLOSED, "You left the table."

    def _put(self, text: str | None) -> None:
        loop, out = self._loop, self._out
        if loop is None or out is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(out.put_nowait, text)
        except RuntimeError:     # the loop ended meanwhile
            pass

    # -- the link's thread --------------------------------------------------------------
    def _run(self, hello: str) -> None:
        try:
            asyncio.run(self._main(hello))
        except Exception as e:            # a bug: reported, and the link's end told
            self._ended(CLOSED, f"Network error: {e}"[:200])
            errors.report(e, "the network client")

    def _ended(self, state: str, reason: str) -> None:
        if self.state in (CONNECTING, JOINED):
            self.state, self.reason = state, reason

    async def _main(self, hello: str) -> None:
        self._loop = asyncio.get_running_loop()
        self._out = asyncio.Queue()
        self._out.put_nowait(hello)
        try:
            ws = await asyncio.wait_for(
                connect(ws_uri(self.host, self.port), max_size=protocol.MAX_UPDATE,
                        compression=None, open_timeout=OPEN_S), OPEN_S + 1)
        except (OSError, InvalidHandshake, InvalidURI, asyncio.TimeoutError) as e:
            self._ended(CLOSED, f"Could not reach {self.host}:{self.port} ({type(e).__name__}).")
            return
        async with ws:
            try:
                channel = await asyncio.wait_for(self._exchange(ws), OPEN_S)
            except (ConnectionClosed, asyncio.TimeoutError):
                channel = None
            if channel is None:
                self._ended(CLOSED, "The host did not open a sealed link in time.")
                return
            writer = asyncio.create_task(send_queued(ws, self._out, channel.seal))
            try:
                await self._read(ws, channel)
            finally:
                writer.cancel()
        if self._closing:
            self._ended(CLOSED, "You left the table.")
        self._ended(CLOSED, "The connection to the host was lost.")

    async def _exchange(self, ws: ClientConnection) -> Channel | None:
        """The key exchange on the code: the channel, or None once told why (refused)."""
        exchange = Exchange(self.code, JOINER)
        await ws.send(protocol.opening(exchange.message, self.version))
        try:
            msg = protocol.parse_opening(await ws.recv(), from_host=True)
        except ProtocolError as e:
            self._ended(CLOSED, f"The host sent a message this program cannot read: {e.reason}")
            return None
        if msg.kind == "end":        # a host of version 1 cannot read the opening
            msg = Message("refused", {"reason": "version", "text": REFUSALS["version"]})
        if msg.kind == "refused":
            self._refused(msg)
            return None
        try:
            return exchange.finish(protocol.pake_bytes(msg))
        except SealError as e:
            self._ended(CLOSED, f"The host sent a message this program cannot read: {e}")
            return None

    def _refused(self, msg: Message) -> None:
        self._inbox.put(msg)          # before the state: a poller that sees "refused" has the why
        self._ended(REFUSED, msg["text"])

    async def _read(self, ws: ClientConnection, channel: Channel) -> None:
        try:
            async for raw in ws:
                try:
                    if channel.opened == 0 and isinstance(raw, str):   # refused in clear:
                        msg = protocol.parse_opening(raw, from_host=True)   # a wrong code
                        if msg.kind == "refused":
                            self._refused(msg)
                            return
                    text = channel.open(raw)
                except SealError:
                    if channel.opened == 0:       # the key confirmation failed
                        self._refused(protocol.parse_from_host(protocol.refused("code")))
                        return
                    self._ended(CLOSED, "A message from the host was altered on its way.")
                    return
                except ProtocolError as e:
                    self._ended(CLOSED, f"The host sent a message this program cannot read: {e.reason}")
                    return
                try:
                    msg = protocol.parse_from_host(text)
                except ProtocolError as e:
                    self._ended(CLOSED, f"The host sent a message this program cannot read: {e.reason}")
                    return
                if msg.kind == "welcome":
                    self.seat, self.token = msg["seat"], msg["token"]
                    self.game, self.names = msg["game"], list(msg["names"])
                    self.state = JOINED if self.state == CONNECTING else self.state
                elif msg.kind == "seats":
                    self.names = list(msg["names"])
                if msg.kind == "refused" and self.state == CONNECTING:
                    self._refused(msg)
                    continue
                self._inbox.put(msg)      # before the state: a poller that sees "closed" has the why
                if msg.kind == "end":
                    self._ended(CLOSED, msg["text"])
        except ConnectionClosed:
            pass
