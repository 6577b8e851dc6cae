"""What the host's server and a player's client do alike with a websocket: send the
texts of a queue in the order they were queued, sealed (seal.Channel.seal: its nonces
count in that order), until None closes the link (one writer task a connection, so the
messages of a table never overtake each other)."""
from __future__ import annotations

import asyncio
from collections.abc import Callable

from websockets.asyncio.connection import Connection
from websockets.exceptions import ConnectionClosed


async def send_queued(ws: Connection, out: asyncio.Queue[str | None],
                      seal: Callable[[str], bytes]) -> None:
    try:
        while True:
            text = await out.get()
            if text is None:
                await ws.close()
                return
            await ws.send(seal(text))
    except ConnectionClosed:
        pass
