"""The Gnono remote table pilot (game/gnono/seats.py), headless, against a
host on the loopback address: it draws the table from the views it receives, a whole
round is played by its keys (Right picks a move, Enter sends it), a key with nothing
to do and the host's refusal are the beep, and Esc leaves the table. From the menu's
Join screen: the welcome to a Gnono table goes on to this table, played to the game's
end, which a box tells before the menu comes back (as the host leaving does).
(The pilot's keys, Left/Right to pick a legal move and Enter to send it, are the Gnono
table's own keys now: the rounds are played by tests/test_net_remote_gnono.py's
play_by_keys, and the pilot's text-wrapping of the hand went with its text drawing.)"""
from __future__ import annotations

import random

import pygame
import pytest

from game.gnono.moves import Draw
from game.gnono.options import GnonoOptions
from game.gnono.replay_codec import move_to_json
from game.gnono.rules import ROUND_OVER
from game.gnono.seats import move_words
from game.gnono.table import GnonoTable
from game.net import last_table
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.server import NetServer
from game.scenes import join as join_mod
from game.scenes.join import JoinScene
from game.scenes.menu import MenuScene
from game.scenes.overlays import MessageBox
from tests.helpers import key_event
from tests.net_frames import run_until
from tests.test_join_screen import FakeBrowser
from tests.test_net_remote_gnono import open_table, play_by_keys

CODE = "PILOT7"


@pytest.fixture
def table(app):
    host, server, scene = open_table(app, seed=4)
    yield host, server, scene
    scene.link.client.close()
    server.close()


def frames(server, scene, until, timeout_s: float = 20.0) -> bool:
    return run_until(lambda: (server.pump(), scene.update(1 / 60)), until, timeout_s)


def test_a_round_is_played_by_the_keys_from_the_views_received(app, table):
    host, server, scene = table
    assert frames(server, scene, lambda: scene.link.view is not None)
    sent = play_by_keys(app, server, host, scene, lambda: host.engine.phase == ROUND_OVER, random.Random(3))
    assert frames(server, scene, lambda: scene.link.view == host.engine.view(0))
    mine = [e for e in host.log if e.seat == 0]
    assert len(sent) == len(mine) >= 5 and app.beeps == 0
    assert scene.status() == "Round over"
    assert scene.moves() and all(type(m).__name__ == "NextRound" for m in scene.moves())
    app.key(key_event(pygame.K_RETURN, "\r"))       # any player may deal the next round
    assert frames(server, scene, lambda: host.engine.round_no == 2 and scene.link.view == host.engine.view(0))
    assert app.beeps == 0


def test_the_hosts_refusal_is_the_beep_and_nothing_changes(app, table):
    host, server, scene = table
    assert frames(server, scene, lambda: scene.link.view is not None and scene.moves())
    before = host.engine.to_json()
    scene.link.client.send({"kind": "move", "seq": 99, "move": move_to_json(Draw(2))})   # not its seat
    scene.link.pending = 99
    assert frames(server, scene, lambda: scene.link.pending is None)
    assert app.beeps == 1 and scene.link.refusal and host.engine.to_json() == before


def test_the_table_is_drawn_from_the_view_and_esc_leaves(app, table):
    host, server, scene = table
    app.key(key_event(pygame.K_RETURN, "\r"))       # nothing to send yet: the beep
    app.key(key_event(pygame.K_RIGHT))
    assert app.beeps == 2 and scene.link.seq == 0
    assert frames(server, scene, lambda: scene.link.view is not None and scene.link.names)
    canvas = pygame.Surface((640, 400))
    scene.draw(canvas)
    assert len({canvas.get_at((x, y))[:3] for x in range(0, 640, 8) for y in range(0, 400, 8)}) > 3
    assert all(move_words(m, scene.link.names) for m in scene.moves())
    app.key(key_event(pygame.K_ESCAPE))
    assert scene.link.client.state == "closed" and scene not in app.scenes


@pytest.fixture
def joined(menu_app):
    """A Gnono table of one player and a computer, played to 1 point (one round ends the
    game), joined from the menu's Join screen over the loopback address."""
    host = TableHost("gnono", [REMOTE, COMPUTER], seed=11, code=CODE, options=GnonoOptions(playout_score=1),
                     computer_delay_s=0.0, deal_pause_s=None)
    server = NetServer(host, port=0)
    port = server.start()
    join = JoinScene(menu_app, browser=FakeBrowser())
    menu_app.push(join)
    join.values.update(address=f"127.0.0.1:{port}", code=CODE.lower(), name="Zoe")
    menu_app.key(key_event(pygame.K_RETURN, "\r"))
    yield menu_app, host, server, join
    server.close()


def app_frames(app, server, until, timeout_s: float = 20.0) -> bool:
    return run_until(lambda: (server.pump(), app.run(max_frames=1)), until, timeout_s)


def test_a_join_goes_on_to_the_remote_table_and_plays_to_the_game_over_box(joined):
    app, host, server, join = joined
    assert app_frames(app, server, lambda: isinstance(app.top, GnonoTable))
    table = app.top
    assert app.scenes[-2:] == [app.scenes[-2], table] and isinstance(app.scenes[-2], MenuScene)
    assert join.browser.closed and join.client is None and table.link.client.state == "joined"
    assert table.link.names == ["Zoe", host.seats[1].name]
    def over() -> bool:
        return table not in app.scenes
    sent = play_by_keys(app, server, host, table, over, random.Random(5))
    assert sent == [e.move for e in host.log if e.seat == 0]
    assert host.ended and host.engine.is_over() and app.beeps == 0
    box = app.top
    assert isinstance(box, MessageBox) and box.title == "Game over"
    scores = host.engine.scores()
    text = " ".join(box.lines)
    winner = "You win" if scores[0] == max(scores) else f"{host.seats[1].name} wins"
    assert box.lines[0] == f"The game is over: {winner}." and f"Zoe {scores[0]}" in text
    assert table not in app.scenes and table.link.client.state == "closed"
    assert last_table.load(app.storage) is None          # over: nothing to rejoin
    app.key(key_event(pygame.K_RETURN, "\r"))
    app.run(max_frames=1)
    assert isinstance(app.top, MenuScene)


def test_the_host_leaving_mid_round_is_a_box_and_the_menu(joined):
    app, host, server, join = joined
    assert app_frames(app, server, lambda: isinstance(app.top, GnonoTable) and app.top.link.view)
    server.close()
    assert app_frames(app, server, lambda: isinstance(app.top, MessageBox))
    assert app.top.title == "Table closed" and app.top.lines[0] == "The host closed the table."
    app.key(key_event(pygame.K_ESCAPE))
    app.run(max_frames=1)
    assert isinstance(app.top, MenuScene)


def test_a_dropped_player_rejoins_its_seat_with_alt_r_and_the_token_is_forgotten_at_the_end(
        joined, monkeypatch):
    app, host, server, join = joined
    assert app_frames(app, server, lambda: isinstance(app.top, GnonoTable) and app.top.link.view)
    saved = last_table.load(app.storage)
    assert saved is not None and saved.token == host.seats[0].token and saved.seat == 0
    assert (saved.game, saved.name, saved.code) == ("gnono", "Zoe", CODE.lower())
    conn = host.seats[0].conn                   # the link breaks (no word from the host)
    host.drop(conn)
    host.outbox.append((conn, None))
    assert app_frames(app, server, lambda: isinstance(app.top, MessageBox))
    assert app.top.title == "Connection lost" and "Alt+R" in " ".join(app.top.lines)
    app.key(key_event(pygame.K_RETURN, "\r"))
    app.run(max_frames=1)
    assert isinstance(app.top, MenuScene) and host.seats[0].missing
    monkeypatch.setattr(join_mod, "TableBrowser", lambda interfaces: FakeBrowser())
    app.key(key_event(pygame.K_j, "j"))
    app.run(max_frames=1)
    again = app.top
    assert isinstance(again, JoinScene)
    assert again.rejoin_text().startswith("Alt+R rejoins seat 1 of the Gnono")
    app.key(key_event(pygame.K_r, "r", mod=pygame.KMOD_LALT))
    assert app_frames(app, server, lambda: isinstance(app.top, GnonoTable))
    table = app.top
    assert app_frames(app, server, lambda: table.link.view == host.engine.view(0))
    assert not host.seats[0].missing and table.link.client.seat == 0 and app.beeps == 1   # the lost link's
    # back at the table, the notes say whose turn it is (issue #44 item 20)
    assert any(line.startswith("You are at the table: it is ") for line in table.log)
    server.close()
    assert app_frames(app, server, lambda: isinstance(app.top, MessageBox))
    assert app.top.title == "Table closed" and last_table.load(app.storage) is None
