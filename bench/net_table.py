"""Network play through the joiner's Nerts table (game/nerts/table.py's join), on the
loopback address and the wall clock: a player's key at the table (an expert computer
choosing from the view on the screen, pressing the first player's keys) to the first
frame drawn with the move applied by the host, three remote expert seats beside it
(game/net/loopback.py), all in this process (one GIL with the host: upper bounds).
"""
from __future__ import annotations

import random
import tempfile
import time

from bench.shell import make_app
from bench.stats import summary
from game.clock import STEP_HZ as NERTS_SPS
from game.games import BY_KEY
from game.net.host import REMOTE
from game.net.loopback import LOOPBACK, LoopbackTable


def key_to_frame(seconds: float) -> dict:
    """Seconds from each key that sends a move to the frame that shows it."""
    import pygame

    from game.nerts import settings as S
    from game.nerts.ai import NertsAI
    from game.nerts.moves import FLIP, FOUND, PILE, TURN, VOTE, WASTE
    from game.nerts.table import join
    from game.net.client import NetClient
    from game.net.remote_seat import RemoteSeat
    app = make_app(tempfile.mkdtemp(prefix="gnerts-bench-net-"))
    table = LoopbackTable("nerts", [REMOTE] * 4, seed=8, remote_level="expert", clients=3,
                          host_options={"rate": 1000.0, "burst": 1000.0})
    client = NetClient(LOOPBACK, table.port, table.code, "Bench")
    client.start()
    scene = join(app, RemoteSeat(client, BY_KEY["nerts"]))
    app.push(scene)
    ai, link = NertsAI("expert", random.Random(8), NERTS_SPS), scene.link
    waits: list[float] = []
    sent: tuple[int, float] | None = None          # (seq, when its last key was read)
    try:
        end = time.monotonic() + seconds + 10
        while time.monotonic() < end and not (table.host.started and link.view is not None):
            table.step()
            app.run(max_frames=1)
        stop = time.monotonic() + seconds
        while time.monotonic() < stop and not table.host.ended:
            table.step()
            app.run(max_frames=1)           # the table polls, then draws the frame
            if sent is not None and link.pending is None:
                waits.append(time.perf_counter() - sent[1])
                sent = None
            rnd = link.view.round if link.view is not None else None
            if sent is not None or rnd is None or rnd.over or scene.ctl.phase != "play":
                time.sleep(0.001)
                continue
            move = ai.poll(link.step, rnd)
            if move is None:
                time.sleep(0.001)
                continue
            keys = ["flip"] if move.kind in (FLIP, TURN) else ["vote"] if move.kind == VOTE else [
                {PILE: "pile", WASTE: "waste"}.get(move.src) or f"col{move.col + 1}",
                "found" if move.dst == FOUND else f"col{move.to + 1}"]
            mine = scene.ctl.seats[link.seat].keys
            seq = link.seq
            for action in keys:
                at = time.perf_counter()
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=S.KEY_CHOICES[mine[action]],
                                                     unicode="", mod=0, scancode=0))
                app.run(max_frames=1)
            if link.seq > seq:
                sent = (link.seq, at)
        return {"latency": summary(waits), "moves": len(waits)}
    finally:
        client.close()
        table.close()
        app.close()
