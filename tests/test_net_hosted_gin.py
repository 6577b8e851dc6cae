"""The Gin table hosted over the network (game/gin/table.py with `hosting`): a
NetHosting on the loopback address (port 0, no LAN listing) attached by the table, a
joiner's computer (autoplay.RemotePlayer fed by a NetClient) at seat 1, the host's
player at the keyboard. Nothing is played before the joiner comes; the hand is played
to its end with the joiner's moves told at the table, the table's replay holds the
hand (played back, it gives the host's game), the engine's invariants hold, and F8
closes the table for the joiner."""
from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from game.gin import net_codec as gin_net_codec
from game.gin import table as T
from game.gin.rules import GinGame
from game.net import adapters
from game.net.autoplay import RemotePlayer
from game.net.client import NetClient
from game.net.hosting import NetHosting
from game.replays import ReplayCursor, digest
from tests.helpers import key_event
from tests.net_frames import run_until
from tests.test_net_remote_gin import act, press

CODE = "HOST55"
SEED = 7           # the host's player is offered the first upcard
SESSION = {"oklahoma": False, "hollywood": False, "name": "Hana"}


class Joiner:
    """The joiner's program: a NetClient and a computer choosing from its views."""

    def __init__(self, port: int) -> None:
        self.client = NetClient("127.0.0.1", port, CODE.lower(), "Bob")
        self.player = RemotePlayer("gin", "normal", 3)
        self.wire = adapters.Wire(gin_net_codec)
        self.seq = 0
        self.ended: tuple[str, str] | None = None
        self.client.start()

    def step(self) -> None:
        for msg in self.client.poll():
            if msg.kind == "update":
                self.player.update(msg.fields)
            elif msg.kind == "end":
                self.ended = (msg["reason"], msg["text"])
        move = self.player.move()
        if move is not None:
            self.seq += 1
            self.client.send({"kind": "move", "seq": self.seq, "move": self.wire.move_to_wire(move)})


@pytest.fixture
def hosted(app):
    hosting = NetHosting("gin", remote={1}, port=0, code=CODE, advertise=False)
    table = T.new_table(app, dict(SESSION), seed=SEED, hosting=hosting)
    app.push(table)
    app.run(max_frames=1)
    yield app, table, hosting
    hosting.close()


def frames(app: Any, joiner: Joiner, until: Any, timeout_s: float = 20.0) -> bool:
    # the table's update pumps the hosting
    return run_until(lambda: (app.run(max_frames=1), joiner.step()), until, timeout_s)


def test_a_hosted_table_plays_a_hand_with_a_joiner_and_records_it(hosted):
    from game.gin.ai import make_ai
    app, table, hosting = hosted
    c = table.ctl
    assert hosting.port and c.bot is None and c.names == ("Hana", "Open seat 2")
    assert c.waiting_line() == "Waiting for a player to join the table."
    before = c.game.to_json()
    assert c.game.turn == 0 and c.my_turn
    press(app, key_event(pygame.K_MINUS, "-"))          # nothing is played before the joiner comes
    assert app.beeps == 1 and c.game.to_json() == before and "join" in c.note
    joiner = Joiner(hosting.port)
    assert frames(app, joiner, lambda: hosting.started and c.names[1] == "Bob")
    assert c.waiting_line() == "" and not c.cpu_to_move()
    beeps = app.beeps
    ai = make_ai("normal", 5)
    heard = False
    moves = 0
    while c.game.phase not in ("hand_over", "game_over"):
        assert frames(app, joiner, lambda: c.game.phase in ("hand_over", "game_over") or (
            c.seen.turn == 0 and c.seen.legal_moves and c.mode in ("play", "confirm")))
        heard = heard or "Bob" in c.other_note
        if c.game.phase in ("hand_over", "game_over"):
            break
        act(app, table, ai.choose(c.seen), mark_by_hand=moves % 2 == 1)
        moves += 1
        assert moves < 200
        c.check_invariants()
    assert app.beeps == beeps and heard and moves >= 2
    host = hosting.host
    assert host is not None and host.engine is c.game
    c.game.check_invariants()
    c.check_invariants()
    # the host's log is the game; the table's replay holds the hand
    local = GinGame.new(seed=SEED)
    adapters.replay(local, host.log)
    assert local.to_json() == c.game.to_json()
    rep = c.recording.last_replay
    assert rep is not None and [s.name for s in rep.seats] == ["Hana", "Bob"]
    assert {s.kind for s in rep.seats} == {"human"}
    cursor = ReplayCursor(rep, T.replay_codec)
    cursor.seek(cursor.length)
    assert digest(cursor.engine) == digest(c.game)
    # the statistics count the hand, under the level "network" (no computer played it)
    assert app.stats.get("gin", "hands_played") == 1
    assert app.stats.get("gin/level/network", "hands_played") == 1
    assert not any(kind == "level" and value != "network" for kind, value in app.stats.breakdowns("gin"))
    # F8 saves and closes the table: the joiner is told
    press(app, key_event(pygame.K_F8))
    assert table not in app.scenes
    end = time.monotonic() + 10
    while joiner.ended is None and time.monotonic() < end:
        joiner.step()
        time.sleep(0.002)
    assert joiner.ended is not None and joiner.ended[0] == "host_left"


def test_a_hosted_table_hides_the_stock_and_the_other_hand_and_deals_no_hand_again(hosted):
    app, table, hosting = hosted
    c = table.ctl
    joiner = Joiner(hosting.port)
    assert frames(app, joiner, lambda: hosting.started)
    before = c.game.to_json()
    from game.table.peeking import NETWORK
    for key in (pygame.K_F6, pygame.K_F9):               # refused with their reason (issue #43)
        c.note = ""
        press(app, key_event(key))
        assert c.note == NETWORK
    press(app, key_event(pygame.K_F7))
    assert app.beeps == 3 and not c.show_cpu and app.top is table
    assert c.game.to_json() == before and c.peek_hand() is None


def test_the_joiners_move_is_heard_while_a_score_screen_covers_the_hosted_table(hosted):
    from game.gin.screens import GridScreen
    app, table, hosting = hosted
    c = table.ctl
    joiner = Joiner(hosting.port)
    assert frames(app, joiner, lambda: hosting.started)
    press(app, key_event(pygame.K_MINUS, "-"))         # the host's player passes the upcard
    assert c.game.turn == 1
    press(app, key_event(pygame.K_F4))
    assert isinstance(app.top, GridScreen)
    assert frames(app, joiner, lambda: c.game.turn == 0 or c.game.phase == "discard" and c.game.turn == 1)
    assert isinstance(app.top, GridScreen) and hosting.host is not None and hosting.host.log
    assert "Bob" in c.other_note


def test_esc_at_a_hosted_table_asks_and_says_the_joined_player_is_dropped(hosted):
    """Issue #44 item 20: Esc did nothing at a hosted table; it asks now, and the
    question says the game is saved and Bob is dropped from the table."""
    from game.scenes.overlays import Question
    app, table, hosting = hosted
    joiner = Joiner(hosting.port)
    assert frames(app, joiner, lambda: hosting.started and table.ctl.names[1] == "Bob")
    press(app, key_event(pygame.K_ESCAPE))
    box = app.top
    assert isinstance(box, Question) and app.beeps == 0
    text = " ".join(box.lines)
    assert "saved" in text and "Bob is dropped" in text
    press(app, key_event(pygame.K_n, "n"))
    assert app.top is table
    press(app, key_event(pygame.K_ESCAPE), key_event(pygame.K_y, "y"))
    assert table not in app.scenes and app.storage.exists("gin.json")
    end = time.monotonic() + 10
    while joiner.ended is None and time.monotonic() < end:
        joiner.step()
        time.sleep(0.002)
    assert joiner.ended is not None and joiner.ended[0] == "host_left"
