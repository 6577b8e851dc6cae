"""A joiner's sealed link by hand, for the tests of the transport (game/net/seal.py):
the key exchange on a code over a websockets sync client, then sealed texts both ways,
with the raw socket at hand to send what a real client never would."""
from __future__ import annotations

import json
from typing import Any

from websockets.sync.client import ClientConnection, connect

from game.net import protocol
from game.net.protocol import PROTOCOL_VERSION
from game.net.seal import JOINER, Exchange


class SealedLink:
    def __init__(self, port: int, code: str, host: str = "127.0.0.1", **connect_kw: Any):
        self.ws: ClientConnection = connect(f"ws://{host}:{port}", max_size=protocol.MAX_UPDATE,
                                            open_timeout=5, **connect_kw).__enter__()
        exchange = Exchange(code, JOINER)
        self.ws.send(protocol.opening(exchange.message, PROTOCOL_VERSION))
        answer = protocol.parse_opening(self.ws.recv(timeout=5), from_host=True)
        assert answer.kind == "pake", answer
        self.channel = exchange.finish(protocol.pake_bytes(answer))
        self.sealed: list[bytes] = []          # what was sent, as it went

    def send(self, text: str) -> bytes:
        data = self.channel.seal(text)
        self.sealed.append(data)
        self.ws.send(data)
        return data

    def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        """The next message: a sealed one opened, or a refusal in clear."""
        raw = self.ws.recv(timeout=timeout)
        text = raw if isinstance(raw, str) else self.channel.open(raw)
        return json.loads(text)

    def until(self, kind: str, timeout: float = 5.0) -> list[dict[str, Any]]:
        """Messages up to the first of `kind` (included)."""
        got: list[dict[str, Any]] = []
        while not got or got[-1]["kind"] != kind:
            got.append(self.recv(timeout))
        return got

    def close(self) -> None:
        self.ws.close()
