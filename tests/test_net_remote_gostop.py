"""The Go-Stop table at a joiner's program (game/gostop/remote_table.py), headless,
against a TableHost and its NetServer on the loopback address with computers at the
other seats: a whole hand played by the local table's keys (a hand card by Left/Right
and Enter, a match choice, Go or Stop, shaking and bombs) ends as the same moves at one
keyboard end; the host's refusal and a key with nothing to do are the beep and change
nothing; the table is drawn by the local table's drawing in the table's colours and
every key on its bar acts; from the menu's Join screen to this table, and the host
leaving. The state the table draws is made from the seat's view alone (its hidden
places filled with unseen cards that stay face down)."""
from __future__ import annotations

import random
import time
from typing import Any

import pygame
import pytest

from game import palette as P
from game.gostop.controller import events_from_json, hand_cards, named_cards, state_of_view
from game.gostop.moves import PlayCard
from game.gostop.net_codec import events_for, view_from_json, view_to_json
from game.gostop.options import Options
from game.gostop.remote_table import RemoteGoStopTable, RemoteScoring
from game.gostop.replay_codec import move_to_json
from game.gostop.rules import new_engine
from game.gostop.screens import CoachedQuestion, GoStopBox
from game.net import adapters
from game.net.client import NetClient
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.remote_seat import RemoteSeat
from game.net.server import NetServer
from game.scenes.join import JoinScene
from game.scenes.menu import MenuScene
from game.scenes.overlays import MessageBox
from tests.helpers import key_event
from tests.test_join_screen import FakeBrowser

CODE = "HWATU7"


def open_table(app: Any, players: int = 3, seed: int = 5) -> tuple[TableHost, NetServer, RemoteGoStopTable]:
    host = TableHost("gostop", [REMOTE] + [COMPUTER] * (players - 1), seed=seed, code=CODE,
                     options=Options(players=players), computer_delay_s=0.0, deal_pause_s=None)
    server = NetServer(host, port=0)
    port = server.start()
    client = NetClient("127.0.0.1", port, CODE, "Mina")
    client.start()
    app.options["gostop.speed"] = "fast"
    scene = RemoteGoStopTable(app, RemoteSeat(client, "gostop"))
    app.push(scene)
    return host, server, scene


@pytest.fixture
def table(menu_app):
    host, server, scene = open_table(menu_app)
    yield menu_app, host, server, scene
    scene.link.client.close()
    server.close()


def frames(app: Any, server: NetServer, until: Any, timeout_s: float = 20.0) -> bool:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        server.pump()
        app.run(max_frames=1)
        if until():
            return True
        time.sleep(0.001)
    return False


def caught_up(app: Any, host: TableHost, scene: RemoteGoStopTable) -> bool:
    """The table shows the host's position, its cards still, and waits for no answer."""
    return (scene.link.pending is None and scene.link.view == host.engine.view(0)
            and not scene.ctl.stages)


def key(app: Any, k: int, text: str = "") -> None:
    app.key(key_event(k, text))


def play_one(app: Any, scene: RemoteGoStopTable, rng: random.Random) -> str:
    """One answer by the table's keys, as a player would give it: what was answered."""
    top = app.top
    if isinstance(top, GoStopBox):
        key(app, pygame.K_g if rng.random() < 0.3 else pygame.K_s, "g")
        return "go_stop"
    if isinstance(top, CoachedQuestion):
        key(app, pygame.K_y if rng.random() < 0.5 else pygame.K_n)
        return "question"
    phase = scene.keymap.human_phase()
    if phase is None:
        return ""
    for _ in range(rng.randrange(4)):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN, "\r")
    return phase


def test_a_hand_is_played_by_the_keys_and_ends_as_at_one_keyboard(table):
    app, host, server, scene = table
    rng = random.Random(3)
    answered: list[str] = []
    while not host.engine.is_over():
        assert frames(app, server, lambda: host.engine.is_over() or (
            caught_up(app, host, scene) and (app.top is not scene or scene.keymap.human_phase())))
        if host.engine.is_over():
            break
        if app.top is scene and host.engine.question().seat != 0:
            continue
        answered.append(play_one(app, scene, rng))
        assert len(answered) < 200
    assert frames(app, server, lambda: isinstance(app.top, RemoteScoring))
    assert app.beeps == 0 and answered.count("play") >= 5
    # the same moves at one keyboard: the host's log on a fresh engine of the seed
    local = new_engine(5, Options(players=3))
    adapters.replay("gostop", local, host.log)
    assert local.to_json() == host.engine.to_json() and local.result == host.engine.result
    assert scene.link.view == local.view(0)
    mine = [e.move for e in host.log if e.seat == 0]
    assert len(mine) >= answered.count("play") and all(e.seat is not None for e in host.log)
    box = app.top
    assert box.heading.startswith(f"Hand {local.hand_no}:")
    assert scene.ctl.history and scene.ctl.history[-1].startswith(f"  Hand {local.hand_no}")
