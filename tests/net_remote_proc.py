"""A remote player in a process of its own (tests/test_net_faults.py kills it):
python tests/net_remote_proc.py PORT CODE GAME. It prints its seat and token once
joined, then plays with the game's computer until it is killed or the table ends."""
from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.games import BY_KEY  # noqa: E402
from game.net.adapters import Wire  # noqa: E402
from game.net.autoplay import RemotePlayer  # noqa: E402
from game.net.client import JOINED, NetClient  # noqa: E402


def main(port: int, code: str, game: str) -> None:
    client = NetClient("127.0.0.1", port, code, "Proc")
    client.start()
    player = RemotePlayer(game, "normal", 99)
    wire = Wire(BY_KEY[game].parts.net_codec)
    said, seq, pending = False, 0, None
    end = time.monotonic() + 60
    while time.monotonic() < end and client.state in ("connecting", JOINED):
        for msg in client.poll():
            if msg.kind == "update":
                player.update(msg.fields)
                if msg.get("ack") == pending:
                    pending = None
            elif msg.kind == "illegal":
                pending = None
        if client.state == JOINED and not said:
            print(client.seat, client.token, flush=True)
            said = True
        if client.state == JOINED and pending is None:
            move = player.move()
            if move is not None:
                seq += 1
                pending = seq
                client.send({"kind": "move", "seq": seq, "move": wire.move_to_wire(move)})
        time.sleep(0.002)
    client.close()
    print("left", client.state, flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], sys.argv[3])
