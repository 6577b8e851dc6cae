"""The Gnono remote table pilot (game/gnono/remote_table.py), headless, against a
host on the loopback address: it draws the table from the views it receives, a whole
round is played by its keys (Right picks a move, Enter sends it), a key with nothing
to do and the host's refusal are the beep, and Esc leaves the table."""
from __future__ import annotations

import time

import pygame
import pytest

from game.gnono.moves import Draw
from game.gnono.remote_table import RemoteGnonoTable, move_words
from game.gnono.replay_codec import move_to_json
from game.gnono.rules import ROUND_OVER
from game.net.client import NetClient
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.server import NetServer
from tests.helpers import key_event

CODE = "PILOT7"


@pytest.fixture
def table(app):
    host = TableHost("gnono", [REMOTE, COMPUTER, COMPUTER], seed=4, code=CODE,
                     computer_delay_s=0.0, deal_pause_s=None)
    server = NetServer(host, port=0)
    port = server.start()
    client = NetClient("127.0.0.1", port, CODE, "Pilot")
    client.start()
    scene = RemoteGnonoTable(app, client)
    app.push(scene)
    yield host, server, scene
    client.close()
    server.close()


def frames(server, scene, until, timeout_s: float = 20.0) -> bool:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        server.pump()
        scene.update(1 / 60)
        if until():
            return True
        time.sleep(0.001)
    return False


def test_a_round_is_played_by_the_keys_from_the_views_received(app, table):
    host, server, scene = table
    assert frames(server, scene, lambda: scene.view is not None)
    sent = 0
    while host.engine.phase != ROUND_OVER:
        assert frames(server, scene, lambda: host.engine.phase == ROUND_OVER or (
            scene.pending is None and scene.view == host.engine.view(0) and scene.moves()))
        if host.engine.phase == ROUND_OVER:
            break
        if len(scene.moves()) > 1:
            app.key(key_event(pygame.K_RIGHT))          # not always the first move
        app.key(key_event(pygame.K_RETURN, "\r"))
        sent += 1
        assert sent < 500
    assert frames(server, scene, lambda: scene.view == host.engine.view(0))
    mine = [e for e in host.log if e.seat == 0]
    assert sent >= len(mine) >= 5 and app.beeps == 0
    assert scene.status() == "Round over"
    assert scene.moves() and all(type(m).__name__ == "NextRound" for m in scene.moves())
    app.key(key_event(pygame.K_RETURN, "\r"))       # any player may deal the next round
    assert frames(server, scene, lambda: host.engine.round_no == 2 and scene.view == host.engine.view(0))
    assert app.beeps == 0


def test_the_hosts_refusal_is_the_beep_and_nothing_changes(app, table):
    host, server, scene = table
    assert frames(server, scene, lambda: scene.view is not None and scene.moves())
    before = host.engine.to_json()
    scene.client.send({"kind": "move", "seq": 99, "move": move_to_json(Draw(2))})   # not its seat
    scene.pending = 99
    assert frames(server, scene, lambda: scene.pending is None)
    assert app.beeps == 1 and scene.note and host.engine.to_json() == before


def test_the_table_is_drawn_from_the_view_and_esc_leaves(app, table):
    host, server, scene = table
    app.key(key_event(pygame.K_RETURN, "\r"))       # nothing to send yet: the beep
    app.key(key_event(pygame.K_RIGHT))
    assert app.beeps == 2 and scene.seq == 0
    assert frames(server, scene, lambda: scene.view is not None and scene.names)
    canvas = pygame.Surface((640, 400))
    scene.draw(canvas)
    assert len({canvas.get_at((x, y))[:3] for x in range(0, 640, 8) for y in range(0, 400, 8)}) > 3
    assert all(move_words(m, scene.names) for m in scene.moves())
    app.key(key_event(pygame.K_ESCAPE))
    assert scene.client.state == "closed" and scene not in app.scenes
