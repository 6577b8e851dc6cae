"""The joiner's Nerts table (game/nerts/table.py's join: the one Nerts table), headless, against a host on
the loopback address with computers at the other seats, on a clock the test moves
(lockstep: the joiner's move is answered before the clock goes on, so the round takes
the same course on a loaded machine). A whole round is played by the table's keys
(the first player's cluster, and the arrows), and the host's log replayed on a fresh
engine of the same deal is the same game; the host's refusal is the beep and no
change; the table is drawn with the local table's drawing; Esc leaves."""
from __future__ import annotations

import os
import random
from dataclasses import replace
from typing import Any

import pygame
import pytest

from game import palette as P
from game import ui
from game.clock import STEP_HZ as NERTS_SPS
from game.games import BY_KEY
from game.nerts import settings as S
from game.nerts import table_draw
from game.nerts.ai import NertsAI
from game.nerts.moves import FLIP, FOUND, PILE, TURN, VOTE, WASTE, Move
from game.nerts.screens import NertsScoring
from game.nerts.seat_play import SeatPlay
from game.nerts.table import NertsTable, join
from game.nerts.table_draw import TableDrawing
from game.net import adapters
from game.net.client import NetClient
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.remote_seat import RemoteSeat
from game.net.server import NetServer
from game.scenes.join import JoinScene
from game.scenes.menu import MenuScene
from game.scenes.overlays import MessageBox, Question
from tests.helpers import key_event
from tests.net_frames import run_until
from tests.test_join_screen import FakeBrowser

CODE = "NERTS7"


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


class Table:
    """A host with a remote seat 0 and computers, the joiner's table at seat 0."""

    def __init__(self, app: Any, seed: int = 12, seats: int = 3, via_join: bool = False):
        self.app, self.clock = app, Clock()
        self.host = TableHost("nerts", [REMOTE] + [COMPUTER] * (seats - 1), seed=seed, code=CODE,
                              level="expert", clock=self.clock, deal_pause_s=None)
        self.server = NetServer(self.host, port=0)
        port = self.server.start()
        if via_join:                  # the menu's Join screen, its form typed in
            screen = JoinScene(app, browser=FakeBrowser())
            app.push(screen)
            screen.values.update(address=f"127.0.0.1:{port}", code=CODE.lower(), name="Zoe")
            app.key(key_event(pygame.K_RETURN, "\r"))
            assert self.until(lambda: isinstance(app.top, NertsTable))
            self.scene = app.top
        else:
            client = NetClient("127.0.0.1", port, CODE, "Zoe")
            client.start()
            self.scene = join(app, RemoteSeat(client, BY_KEY["nerts"]))
            app.push(self.scene)
        self.link = self.scene.link

    def frame(self) -> None:
        self.server.pump()
        self.app.run(max_frames=1)

    def until(self, done: Any, timeout_s: float = 20.0) -> bool:
        return run_until(self.frame, done, timeout_s)

    def caught_up(self) -> bool:
        """The joiner heard every move the host applied, and none of its own is on its way."""
        return self.link.view is not None and self.link.n == self.host.moves_applied and (
            self.link.pending is None)

    def key(self, action: str) -> None:
        name = self.scene.ctl.seats[0].keys[action]
        self.app.key(key_event(S.KEY_CHOICES[name]))

    def close(self) -> None:
        self.link.client.close()
        self.server.close()


@pytest.fixture
def table(app):
    t = Table(app)
    yield t
    t.close()


def actions_of(move: Move) -> list[str]:
    """The keys (a player's cluster's actions) that make `move` at the table."""
    if move.kind in (FLIP, TURN):
        return ["flip"]
    if move.kind == VOTE:
        return ["vote"]
    src = {PILE: "pile", WASTE: "waste"}.get(move.src) or f"col{move.col + 1}"
    return [src, "found" if move.dst == FOUND else f"col{move.to + 1}"]


def play_round(t: Table, arrows: bool = False, most: int = 4000) -> list[Move]:
    """The joiner's computer chooses from the view on its screen and plays by keys
    (its cluster, or the arrows and Enter); the clock goes on once all is answered.
    Returns the moves it made."""
    ai = NertsAI("expert", random.Random(5), NERTS_SPS)
    made: list[Move] = []
    host = t.host
    for _ in range(most):
        assert t.until(t.caught_up)
        rnd = host.engine.round
        if rnd is None or rnd.over:
            break
        view = t.link.view.round
        assert view == replace(host.engine.view(0).round, step=view.step)   # the screen is the truth's
        move = ai.poll(host.step, view)
        if move is not None:
            made.append(move)
            before = t.link.seq
            press(t, move, arrows)
            assert t.link.seq == before + 1          # sent at once, one message
            assert t.until(t.caught_up)
        step = max(host.step + 1, min([ai.next_step] + [s.computer.bot.next_look() for s in host.seats
                                                         if s.computer is not None]))
        t.clock.t = (step + 0.5) / NERTS_SPS + (host.t0 or 0.0)
        t.frame()
    return made


def press(t: Table, move: Move, arrows: bool) -> None:
    if not arrows or move.kind == VOTE:
        for action in actions_of(move):
            t.key(action)
        return
    if move.kind in (FLIP, TURN):
        t.app.key(key_event(pygame.K_SPACE, " "))
        return
    places = list(NertsTable.cursor_places)
    src, dst = actions_of(move)
    for place in (src, None if dst == "found" else dst):
        if place is None:
            t.app.key(key_event(pygame.K_UP))
            continue
        while places[t.scene.cursor] != place:
            t.app.key(key_event(pygame.K_RIGHT))
        t.app.key(key_event(pygame.K_RETURN, "\r"))


def same_as_one_keyboard(host: TableHost, seed: int, seats: int) -> None:
    """The host's log replayed on a fresh engine of the same deal: the same game."""
    fresh = adapters.new_engine(host.spec, seed, None, seats)
    adapters.replay(fresh, host.log, host.step)
    assert fresh.to_json() == host.engine.to_json()
    fresh.check_invariants()


def test_a_round_is_played_by_the_players_keys_to_its_end(app, table):
    t = table
    made = play_round(t)
    host = t.host
    assert host.engine.round.over, "the round did not end"
    mine = [e.move.move for e in host.log if e.seat == 0]
    assert len(mine) >= 20 and len(made) == len(mine) and app.beeps == 0
    assert [m.kind for m in made] == [m.kind for m in mine]
    same_as_one_keyboard(host, 12, 3)
    # the round's end as the local table shows it: the banner, then the scores
    assert t.until(lambda: t.scene.ctl.phase == "banner")
    app.key(key_event(pygame.K_RETURN, "\r"))        # Enter: the scores now, as at one keyboard
    assert isinstance(app.top, NertsScoring)
    scores = app.top
    details = host.engine.round.score_details()
    assert scores.title == "Nerts - round 1" and "Enter: round 2." in scores.notes[-1]
    assert [row[1:4] for row in scores.rows] == [[d["played"], d["pile_left"], f"{d['total']:+d}"]
                                                 for d in details]
    app.key(key_event(pygame.K_RETURN, "\r"))       # the next round, asked of the host
    assert t.until(lambda: host.engine.round_no == 2 and t.scene.ctl.phase == "play" and t.caught_up())
    assert host.engine.history and t.scene.ctl.game.totals == host.engine.totals
    assert app.top is t.scene and app.beeps == 0


def test_the_joined_table_is_the_local_table_with_the_link_as_its_seat_source(app, table, monkeypatch):
    """Issue 42 item 3: table.join is the one Nerts table (its drawing, key map and
    boxes), its controller a SeatPlay whose seat source is the link; what a joiner's
    table lacks (the pause: a network game goes on; F8: the host keeps the game) is not
    offered, and pressed, beeps and changes nothing."""
    t = table
    assert t.until(t.caught_up)
    scene = t.scene
    assert type(scene) is NertsTable and isinstance(scene.ctl, SeatPlay) and scene.ctl.link is t.link
    assert type(scene.drawing) is TableDrawing and scene.ctl.seats[0].keys is not None
    labels = [label for _, label in scene.key_bar()]
    assert "Leave" in labels and not {"Pause", "Save", "Save & leave"} & set(labels)
    beeps, seq = app.beeps, t.link.seq
    app.key(key_event(pygame.K_F8))
    app.key(key_event(pygame.K_p, "p"))
    assert app.beeps == beeps + 2 and app.top is scene and t.link.seq == seq
    # F11 as at one keyboard: the player's layout, and the round's scores so far
    said = scene.spoken_state()
    assert said.startswith("Your Pile") and "this round" in said
    assert not os.path.exists(os.path.join(os.path.dirname(table_draw.__file__), "remote_table.py"))
    # a box over it hides the table, but does not say "paused": the network game goes on
    app.key(key_event(pygame.K_F1))
    assert app.top is not scene
    texts: list[str] = []
    monkeypatch.setattr(ui, "text", lambda c, col, row, s, *a, **k: texts.append(s))
    scene.draw(pygame.Surface((640, 480)))
    assert any("the game goes on" in x for x in texts) and not any("paused" in x for x in texts)


def test_the_arrows_and_enter_play_as_the_cluster_does(app):
    t = Table(app, seed=31, seats=2)
    try:
        made = play_round(t, arrows=True, most=150)
        assert len(made) >= 10 and app.beeps == 0
        assert [e.move.move.kind for e in t.host.log if e.seat == 0] == [m.kind for m in made]
        same_as_one_keyboard(t.host, 31, 2)
    finally:
        t.close()


def test_the_hosts_refusal_is_the_beep_and_nothing_changes(app, table):
    t = table
    assert t.until(t.caught_up)
    before = t.host.engine.to_json()
    col = t.link.view.round.columns
    # a column onto a column it does not fit: the keys send it, the host refuses it
    src, dst = next((a, b) for a in range(4) for b in range(4) if a != b and col[a] and col[b])
    t.key(f"col{src + 1}")
    t.key(f"col{dst + 1}")
    assert t.link.seq == 1 and app.beeps == 0
    assert t.until(lambda: app.beeps == 1)
    assert t.host.engine.to_json() == before and t.scene.ctl.notes[-1]
    t.key("cancel")                            # nothing chosen: a key with nothing to do
    assert app.beeps == 2 and t.link.seq == 1


def test_the_table_is_drawn_with_the_local_tables_drawing_and_every_key_acts(app, table):
    t = table
    assert t.until(t.caught_up)
    canvas = pygame.Surface((640, 480))
    t.scene.draw(canvas)
    colours = {canvas.get_at((x, y))[:3] for x in range(0, 640, 4) for y in range(0, 480, 4)}
    assert len(colours) > 6
    assert canvas.get_at((630, 240))[:3] == P.PALETTE[app.options["colour.table"]][:3]   # the table's colour
    # the player's own panel is near: its key tags over the piles, the others' names above
    assert t.scene.drawing.boxes[0].y > t.scene.drawing.boxes[1].y
    for b in t.scene.bindings():
        if b.keys[0] == pygame.K_ESCAPE:
            continue
        beeps, seq, top = app.beeps, t.link.seq, app.top
        sel = [s.selected for s in t.scene.ctl.seats]
        cursor = t.scene.cursor
        key = b.keys[0]
        app.key(key_event(key) if isinstance(key, int) else key_event(pygame.key.key_code(key), key))
        acted = (app.beeps, t.link.seq, app.top, [s.selected for s in t.scene.ctl.seats],
                 t.scene.cursor) != (beeps, seq, top, sel, cursor)
        assert acted, f"{b.label} did nothing"
        while app.top is not t.scene:
            app.key(key_event(pygame.K_ESCAPE))
        t.until(t.caught_up)
    app.key(key_event(pygame.K_ESCAPE))
    assert isinstance(app.top, Question)
    app.key(key_event(pygame.K_y, "y"))
    assert t.scene not in app.scenes and t.link.client.state == "closed"


def test_from_the_join_screen_a_round_ends_the_game_in_the_game_over_box(menu_app):
    """The host's totals set near the target: the round played by keys ends the game;
    Enter on the scores asks the host to score it, and the host's end is the box."""
    app = menu_app
    t = Table(app, seed=12, seats=2, via_join=True)
    try:
        g = t.host.engine
        g.totals, g.history = [95, 95], [[95, 95]]
        assert t.scene.link.names[0] == "Zoe" and isinstance(app.scenes[-2], MenuScene)
        play_round(t)
        assert g.round.over
        assert t.until(lambda: isinstance(app.top, NertsScoring), timeout_s=10)   # the banner's time
        assert app.top.done_label == "End the game"
        app.key(key_event(pygame.K_RETURN, "\r"))
        assert t.until(lambda: isinstance(app.top, MessageBox))
        assert g.over and t.host.ended
        box = app.top
        winner = "You win" if g.winner == 0 else f"{t.host.seats[1].name} wins"
        assert box.title == "Game over" and box.lines[0] == f"The game is over: {winner}."
        assert f"You {g.totals[0]}" in box.lines[1] and t.scene not in app.scenes
        app.key(key_event(pygame.K_RETURN, "\r"))
        app.run(max_frames=1)
        assert isinstance(app.top, MenuScene)
    finally:
        t.close()


def test_the_host_leaving_mid_round_is_a_box_and_the_menu(menu_app):
    app = menu_app
    t = Table(app, via_join=True)
    try:
        assert t.until(t.caught_up)
        t.server.close()
        assert t.until(lambda: isinstance(app.top, MessageBox))
        assert app.top.title == "Table closed" and t.scene not in app.scenes
    finally:
        t.close()


def test_a_rejoined_seat_is_told_the_round_is_under_way_and_no_key_waits(menu_app):
    """Issue #44 item 20 in real time: back at the table by its seat token (Alt+R's
    way), the notes say the round is under way (there is no one's turn to name); a
    move is sent at once, the keys after it are not held (the host orders them)."""
    app = menu_app
    t = Table(app)
    try:
        assert t.until(t.caught_up)
        assert "You are at the table: the round is under way." in t.scene.ctl.notes
        token = t.link.client.token
        assert token
        app.key(key_event(pygame.K_ESCAPE))           # leave: the host keeps the seat
        app.key(key_event(pygame.K_y, "y"))
        assert t.scene not in app.scenes
        assert t.until(lambda: t.host.seats[0].missing)
        client = NetClient("127.0.0.1", t.server.port, CODE, "Zoe", token)
        client.start()
        assert t.until(lambda: client.state == "joined")
        t.scene = join(app, RemoteSeat(client, BY_KEY["nerts"]))
        t.link = t.scene.link
        app.push(t.scene)
        assert t.until(t.caught_up) and client.seat == 0 and not t.host.seats[0].missing
        assert "You are at the table: the round is under way." in t.scene.ctl.notes
        t.key(FLIP)                                   # sent; the next key is not held
        assert t.link.pending is not None
        t.key(FLIP)
        assert not t.scene.joined.held and t.link.seq == 2
    finally:
        t.close()
