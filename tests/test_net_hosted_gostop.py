"""The Go-Stop table hosting a network game (table.GoStopTable with a NetHosting on the
loopback address, port 0, no LAN listing): a player at another program (a NetClient,
its moves chosen by the game's computer from the views it receives) plays the remote
seat, the keyboard and a computer of the table play theirs through the host, and the
hand ends as the same moves at one keyboard; the table's replay holds the hand with the
joiner's name, its statistics count it, the engine's invariants hold, the table deals
the next hand to everybody, and leaving closes the table for the player. Before the
player joins nothing is played, and the keys beep."""
from __future__ import annotations

import random
from typing import Any

import pygame

from game.games import BY_KEY
from game.gostop.options import Options
from game.gostop.rules import GoStopState
from game.gostop.screens import CoachedQuestion, GoStopBox, GoStopScoring
from game.gostop.table import GoStopTable, seat_levels
from game.gostop.table_save import load
from game.net import adapters
from game.net.autoplay import RemotePlayer
from game.net.client import NetClient
from game.net.hosting import NetHosting
from game.net.remote_seat import RemoteSeat
from game.scenes.overlays import Question
from tests.helpers import key_event
from tests.net_frames import run_until

CODE = "GOSTOP"
SEED = 21


class Joiner:
    """The player at seat 1's program: a RemoteSeat, the game's computer choosing."""

    def __init__(self, port: int):
        self.link = RemoteSeat(NetClient("127.0.0.1", port, CODE.lower(), "Bob"), BY_KEY["gostop"])
        self.link.client.start()
        self.player = RemotePlayer("gostop", "normal", 4)

    def poll(self) -> None:
        if "update" in self.link.poll():
            self.player.view, self.player.fresh = self.link.view, True
        if self.link.pending is None:
            move = self.player.move()
            if move is not None:
                assert self.link.send(move)


def frames(app: Any, joiner: Joiner, until: Any, timeout_s: float = 20.0) -> bool:
    return run_until(lambda: (app.run(max_frames=1), joiner.poll()), until, timeout_s)


def test_a_hosted_hand_is_played_with_a_joiner_and_recorded_as_a_local_game(menu_app):
    app = menu_app
    hosting = NetHosting("gostop", remote={1}, port=0, code=CODE, advertise=False)
    state = GoStopState.new(Options(players=3), SEED)
    table = GoStopTable(app, state, ["hard"], "fast", seed=SEED, hosting=hosting)
    app.push(table)
    joiner: Joiner | None = None
    try:
        assert table.ctl.levels == ["normal", "hard"] and table.names[1] == "Open seat 2"
        assert table.waiting_line() == "Waiting for a player to join the table."   # (NetHosting's line)
        for _ in range(30):          # nobody has joined: nothing is played, a key beeps
            app.run(max_frames=1)
        assert hosting.host.moves_applied == 0 and not hosting.started
        assert table.keymap.human_phase() is None
        app.key(key_event(pygame.K_RETURN, "\r"))
        assert table.apply(state.legal_moves()[0]) is False and app.beeps == 2
        assert hosting.host.moves_applied == 0
        beeps = app.beeps
        joiner = Joiner(hosting.port)
        rng = random.Random(2)
        assert frames(app, joiner, lambda: hosting.started and table.names[1] == "Bob" and joiner.link.view)
        assert joiner.link.names[0] == "Host" and table.waiting_line() == ""
        table.show_hands = True              # F9: the computer's hand, never the joiner's
        assert table.view.shows_hand(2) and not table.view.shows_hand(1)
        table.show_hands = False
        while not state.is_over():
            assert frames(app, joiner, lambda: state.is_over() or (
                not table.ctl.stages and (app.top is not table or table.keymap.human_phase())))
            top = app.top
            if isinstance(top, GoStopBox):
                app.key(key_event(pygame.K_s, "s"))
            elif isinstance(top, CoachedQuestion):
                app.key(key_event(pygame.K_n, "n"))
            elif top is table and table.keymap.human_phase():
                for _ in range(rng.randrange(3)):
                    app.key(key_event(pygame.K_RIGHT))
                app.key(key_event(pygame.K_RETURN, "\r"))
        assert frames(app, joiner, lambda: isinstance(app.top, GoStopScoring)
                      and joiner.link.view == state.view(1))
        assert app.beeps == beeps
        log = hosting.host.log
        assert {e.seat for e in log} == {0, 1, 2}
        local = GoStopState.new(Options(players=3), SEED)
        adapters.replay(local, log)
        assert local.to_json() == state.to_json()
        table.check_invariants()
        rep = table.last_replay
        assert rep is not None and len(rep.moves) == len(log)
        assert [(s.name, s.kind) for s in rep.seats] == [("You", "human"), ("Bob", "human"),
                                                         ("Computer 2", "computer")]
        assert [(seat, move) for _step, seat, move in rep.moves] == \
            [(e.seat, table.ctl.recorder.codec.move_to_json(e.move)) for e in log]
        assert app.stats.data["gostop"]["hands_played"] == 1
        scoring = app.top
        app.key(key_event(pygame.K_ESCAPE))             # the score screen's Leave: the same question
        assert isinstance(app.top, Question) and "Bob is dropped" in " ".join(app.top.lines)
        app.key(key_event(pygame.K_n, "n"))
        assert app.top is scoring
        app.key(key_event(pygame.K_RETURN, "\r"))      # the table deals the next hand to everybody
        assert frames(app, joiner, lambda: joiner.link.view.hand_no == 2 == state.hand_no)
        assert [e.seat for e in hosting.host.log].count(None) == 1     # the deal, the table's
        app.key(key_event(pygame.K_ESCAPE))
        assert isinstance(app.top, Question)         # the one Leave question: Bob is dropped
        assert "saved" in " ".join(app.top.lines) and "Bob is dropped" in " ".join(app.top.lines)
        app.key(key_event(pygame.K_y, "y"))
        assert table not in app.scenes and hosting.server is None
        assert frames(app, joiner, lambda: joiner.link.ending is not None)
        assert joiner.link.end_title() == "Table closed"
        saved = load(app.storage)           # saved as a local game: its stand-ins resume the seat
        assert saved is not None and saved.state.hand_no == 2 and saved.humans == [0]
        assert saved.levels == ["normal", "hard"]
    finally:
        if joiner is not None:
            joiner.link.client.close()
        hosting.close()


def test_the_remote_seats_stand_ins_are_levelled_from_either_list():
    assert seat_levels(3, (0,), {1}, ["hard"], "easy") == ["easy", "hard"]
    assert seat_levels(3, (0,), {1}, ["normal", "hard"], "easy") == ["easy", "hard"]
    assert seat_levels(2, (0,), {1}, None, "normal") == ["normal"]
