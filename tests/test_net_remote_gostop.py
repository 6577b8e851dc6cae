"""The Go-Stop table at a joiner's program (game/gostop/table.py's join), headless,
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
from typing import Any

import pygame
import pytest

from game import palette as P
from game import ui
from game.games import BY_KEY
from game.gostop.controller import GoStopController
from game.gostop.moves import PlayCard
from game.gostop.narrate import Speaker
from game.gostop.net_codec import events_for, view_from_json, view_to_json
from game.gostop.options import Options
from game.gostop.playback import build_stages
from game.gostop.replay_codec import move_to_json
from game.gostop.rules import GoStopState, new_engine
from game.gostop.screens import CoachedQuestion, GoStopBox, GoStopScoring
from game.gostop.seats import (
    events_from_json,
    hand_cards,
    named_cards,
    state_of_view,
)
from game.gostop.table import GoStopTable, join
from game.net import adapters
from game.net.client import NetClient
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.remote_seat import RemoteSeat
from game.net.server import NetServer
from game.scenes import join as join_mod
from game.scenes.join import JoinScene
from game.scenes.menu import MenuScene
from game.scenes.overlays import MessageBox
from tests.helpers import key_event
from tests.net_frames import run_until
from tests.test_join_screen import FakeBrowser

CODE = "HWATU7"


def open_table(app: Any, players: int = 3, seed: int = 5,
               engine: Any = None) -> tuple[TableHost, NetServer, GoStopTable]:
    host = TableHost("gostop", [REMOTE] + [COMPUTER] * (players - 1), seed=seed, code=CODE,
                     options=Options(players=players), engine=engine, computer_delay_s=0.0,
                     deal_pause_s=None)
    server = NetServer(host, port=0)
    port = server.start()
    client = NetClient("127.0.0.1", port, CODE, "Mina")
    client.start()
    app.options["gostop.speed"] = "fast"
    scene = join(app, RemoteSeat(client, BY_KEY["gostop"]))
    app.push(scene)
    return host, server, scene


@pytest.fixture
def table(menu_app):
    host, server, scene = open_table(menu_app)
    yield menu_app, host, server, scene
    scene.link.client.close()
    server.close()


def frames(app: Any, server: NetServer, until: Any, timeout_s: float = 20.0) -> bool:
    return run_until(lambda: (server.pump(), app.run(max_frames=1)), until, timeout_s)


def caught_up(app: Any, host: TableHost, scene: GoStopTable) -> bool:
    """The table shows the host's position, its cards still, and waits for no answer."""
    return (scene.link.pending is None and scene.link.view == host.engine.view(0)
            and not scene.ctl.stages)


def my_play(host: TableHost, scene: GoStopTable) -> bool:
    """Caught up, and this seat is to play a hand card."""
    return caught_up(scene.app, host, scene) and scene.keymap.human_phase() == "play"


def key(app: Any, k: int, text: str = "") -> None:
    app.key(key_event(k, text))


def play_one(app: Any, scene: GoStopTable, rng: random.Random) -> str:
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


@pytest.mark.parametrize("players, seed, asked", [(2, 2, {"go_stop", "match_stock"}), (3, 5, {"go_stop"})])
def test_a_hand_is_played_by_the_keys_and_ends_as_at_one_keyboard(menu_app, players, seed, asked):
    app = menu_app
    host, server, scene = open_table(app, players, seed)
    try:
        play_a_hand(app, host, server, scene, players, seed, asked)
    finally:
        scene.link.client.close()
        server.close()


def play_a_hand(app: Any, host: TableHost, server: NetServer, scene: GoStopTable, players: int,
                seed: int, asked: set[str]) -> None:
    rng = random.Random(3)
    answered: list[str] = []
    kinds: set[str] = set()
    while not host.engine.is_over():
        assert frames(app, server, lambda: host.engine.is_over() or (
            caught_up(app, host, scene) and (app.top is not scene or scene.keymap.human_phase())))
        if host.engine.is_over():
            break
        if app.top is scene and host.engine.question().seat != 0:
            continue
        kinds.add(host.engine.question().kind)
        answered.append(play_one(app, scene, rng))
        assert len(answered) < 200
    assert frames(app, server, lambda: isinstance(app.top, GoStopScoring))
    assert app.beeps == 0 and answered.count("play") >= 4 and asked <= kinds
    # the same moves at one keyboard: the host's log on a fresh engine of the seed
    local = new_engine(seed, Options(players=players))
    adapters.replay(local, host.log)
    assert local.to_json() == host.engine.to_json() and local.result == host.engine.result
    assert scene.link.view == local.view(0)
    mine = [e.move for e in host.log if e.seat == 0]
    assert len(mine) >= answered.count("play") and all(e.seat is not None for e in host.log)
    box = app.top
    assert box.heading.startswith(f"Hand {local.hand_no}:")
    assert scene.ctl.history and scene.ctl.history[-1].startswith(f"  Hand {local.hand_no}")
    host.deal_pause_s = 0.0                          # the table deals the next hand: the score closes
    assert frames(app, server, lambda: app.top is scene and scene.ctl.source.state.hand_no == 2
                  and scene.link.view == host.engine.view(0))
    assert box not in app.scenes and app.beeps == 0 and [e.seat for e in host.log].count(None) == 1


@pytest.mark.parametrize("kind, table_cards", [("shake", "7J1 8J1"), ("bomb", "1J2 7J1 8J1")])
def test_shaking_and_bombs_are_asked_as_at_one_keyboard(menu_app, kind, table_cards):
    """Three of a month in hand: the local table's question box, answered Y, goes to the host."""
    app = menu_app
    hands = ["1B 1R 1J1 5J1 6J1", "9J1 10J1 11J1 12A 4J1"]
    stock = "2J1 3J1 2J2 3J2 4J2 5J2 6J2 9J2 10J2 11J2"
    pos = GoStopState.from_position(hands, table_cards, stock)
    host, server, scene = open_table(app, 2, engine=pos)
    try:
        assert frames(app, server, lambda: my_play(host, scene))
        key(app, pygame.K_HOME)
        key(app, pygame.K_RETURN, "\r")        # the 1B: one of three
        assert frames(app, server, lambda: isinstance(app.top, CoachedQuestion))
        assert app.top.title == ("Bomb" if kind == "bomb" else "Shaking")
        key(app, pygame.K_y, "y")
        assert frames(app, server, lambda: len(host.log) >= 2 and caught_up(app, host, scene))
        answer = host.log[1].move
        assert host.log[0].seat == host.log[1].seat == 0 and type(answer).__name__ == kind.title()
        assert answer.yes and app.beeps == 0
        assert (host.engine.bombs[0] if kind == "bomb" else host.engine.shakes[0]) == 1
        assert scene.link.view == host.engine.view(0)
    finally:
        scene.link.client.close()
        server.close()


def test_the_hosts_refusal_and_a_key_with_nothing_to_do_are_the_beep(table):
    app, host, server, scene = table
    key(app, pygame.K_RETURN, "\r")                  # no view yet: nothing to play
    assert app.beeps == 1 and scene.link.seq == 0
    assert frames(app, server, lambda: my_play(host, scene))
    before, notes = host.engine.to_json(), list(scene.log)
    not_mine = next(c for c in host.engine.hands[1])
    scene.link.client.send({"kind": "move", "seq": 99, "move": move_to_json(PlayCard(not_mine))})
    scene.link.pending = 99
    key(app, pygame.K_RETURN, "\r")                  # a move is on its way: the key is held
    assert app.beeps == 1 and scene.link.seq == 0 and len(scene.joined.held) == 1
    assert frames(app, server, lambda: scene.link.pending is None)
    # refused: the beep, and the key held after that move dropped with it (as at Gin's table)
    assert app.beeps == 2 and scene.link.refusal and host.engine.to_json() == before
    assert not scene.joined.held and scene.link.seq == 0
    assert scene.log[len(notes):] == [f"Not allowed: {scene.link.refusal}."]
    assert scene.link.view == host.engine.view(0) and scene.keymap.human_phase() == "play"
    key(app, pygame.K_RETURN, "\r")                  # the seat's own move is taken
    assert frames(app, server, lambda: any(e.seat == 0 for e in host.log))
    assert app.beeps == 2


def test_a_key_while_a_move_is_in_flight_is_held_and_played_once_the_host_answers(table):
    """Issue #44 item 20, as at Gin's joined table: Enter pressed before the host has
    answered the last move is held, not beeped, and played once the answer is in."""
    app, host, server, scene = table
    assert frames(app, server, lambda: my_play(host, scene))
    scene.link.pending = 7                            # a move sent, not answered yet
    key(app, pygame.K_RETURN, "\r")
    assert app.beeps == 0 and scene.link.seq == 0 and len(scene.joined.held) == 1
    scene.link.pending = None                         # the host's answer
    assert frames(app, server, lambda: any(e.seat == 0 for e in host.log))
    assert app.beeps == 0 and scene.link.seq == 1 and not scene.joined.held


def test_the_joined_seat_is_told_whose_turn_it_is(table):
    """Joined, or back by Alt+R (the same first view): the notes say whose turn it is
    (issue #44 item 20)."""
    app, host, server, scene = table
    assert frames(app, server, lambda: scene.link.view is not None)
    turn = [line for line in scene.log if line.startswith("You are at the table: it is ")]
    assert turn in (["You are at the table: it is your turn."],
                    *([f"You are at the table: it is {scene.link.name(s)}'s turn."] for s in (1, 2)))


def test_the_table_is_drawn_by_the_local_drawing_and_every_offered_key_acts(table):
    app, host, server, scene = table
    canvas = pygame.Surface((640, 480))
    scene.draw(canvas)                               # before the first view: the waiting line
    assert frames(app, server, lambda: my_play(host, scene))
    scene.draw(canvas)
    colours = {canvas.get_at((x, y))[:3] for x in range(0, 640, 4) for y in range(0, 480, 4)}
    assert P.PALETTE[app.options["colour.table"]][:3] in colours and len(colours) > 8
    model, layout = scene.shown()
    assert [len(h) for h in model.hands] == [len(h) for h in host.engine.hands]
    assert model.table == host.engine.table and model.stock == len(host.engine.stock)
    bar = [(b.keys[0], b.bar) for b in scene.bindings() if b.bar]
    assert [label for _k, label in bar] == ["Choose", "Play", "Coach", "Keys", "Chips", "Leave"]
    for k, label in bar:
        beeps, depth, sel, seq, log = app.beeps, len(app.scenes), scene.sel, scene.link.seq, len(scene.log)
        app.key(key_event(k, k if isinstance(k, str) else ""))
        app.run(max_frames=1)
        assert app.beeps == beeps, label
        if label == "Leave":
            assert scene not in app.scenes and scene.link.client.state == "closed"
        else:
            acted = (len(app.scenes), scene.sel, scene.link.seq, len(scene.log)) != (depth, sel, seq, log)
            assert acted, label
            while app.top is not scene:              # a box it opened
                app.pop(app.top)
        if label == "Play":                          # wait for the host's answer, and our turn back
            assert frames(app, server, lambda: my_play(host, scene))


def test_the_table_drawn_tells_nothing_the_view_does_not(menu_app):
    """The state the table draws is made from the view alone: the same view over other
    hidden cards (the engine's redeal_hidden) draws the same; each card is there once,
    and a card played from a hidden hand is put in that hand for its playback."""
    rng = random.Random(9)
    for seed in range(4):
        s = new_engine(seed, Options(players=3))
        for _ in range(40):
            if s.is_over():
                break
            events = s.apply(rng.choice(s.legal_moves()))
            for seat in range(3):
                view = view_from_json(view_to_json(s.view(seat)))
                shown = state_of_view(view)
                other = state_of_view(s.redeal_hidden(seat, rng).view(seat))
                assert shown.to_json() == other.to_json() and shown.view(seat) == view
                cards = shown.all_cards()
                assert len(cards) == len(set(cards)) == 50
                evs = events_from_json(events_for(events, seat))
                for o, played in hand_cards(evs, seat).items():
                    assert o != seat and set(played) <= named_cards(evs)


def test_a_join_goes_on_to_the_go_stop_table_esc_and_alt_r_come_back_and_the_host_leaving_is_a_box(
        menu_app, monkeypatch):
    app = menu_app
    host = TableHost("gostop", [REMOTE, COMPUTER], seed=2, code=CODE, options=Options(players=2),
                     computer_delay_s=0.0, deal_pause_s=None)
    server = NetServer(host, port=0)
    port = server.start()
    try:
        join = JoinScene(app, browser=FakeBrowser())
        app.push(join)
        join.values.update(address=f"127.0.0.1:{port}", code=CODE.lower(), name="Zoe")
        key(app, pygame.K_RETURN, "\r")
        assert frames(app, server, lambda: isinstance(app.top, GoStopTable) and app.top.ctl.source.state)
        scene = app.top
        assert isinstance(app.scenes[-2], MenuScene) and join.browser.closed
        assert scene.names == ["You", host.seats[1].name] and scene.link.names[0] == "Zoe"
        key(app, pygame.K_ESCAPE)                    # leave: the host keeps the seat
        assert frames(app, server, lambda: host.seats[0].missing)
        assert isinstance(app.top, MenuScene) and scene not in app.scenes
        monkeypatch.setattr(join_mod, "TableBrowser", lambda interfaces: FakeBrowser())
        key(app, pygame.K_j, "j")
        app.run(max_frames=1)
        assert isinstance(app.top, JoinScene) and app.top.rejoin_text().startswith("Alt+R rejoins seat 1")
        app.key(key_event(pygame.K_r, "r", mod=pygame.KMOD_LALT))
        assert frames(app, server, lambda: isinstance(app.top, GoStopTable)
                      and app.top.link.view == host.engine.view(0))
        assert app.top is not scene and app.top.link.seat == 0 and not host.seats[0].missing
        scene = app.top
        # back by Alt+R, the notes say whose turn it is (issue #44 item 20)
        assert any(line.startswith("You are at the table: it is ") for line in scene.log)
        key(app, pygame.K_F3)                        # a box over the table when the host leaves
        log_box = app.top
        assert log_box is not scene
        server.close()
        assert frames(app, server, lambda: isinstance(app.top, MessageBox))
        assert app.top.title == "Table closed" and scene not in app.scenes and log_box not in app.scenes
        key(app, pygame.K_ESCAPE)
        app.run(max_frames=1)
        assert isinstance(app.top, MenuScene)
    finally:
        server.close()


def test_a_player_away_is_waited_for_and_named(menu_app, monkeypatch):
    """Two joiners and a computer: while the other joiner's link is down, the table's
    help rows say who it waits for (off this seat's turn)."""
    app = menu_app
    host = TableHost("gostop", [REMOTE, REMOTE, COMPUTER], seed=5, code=CODE, options=Options(players=3),
                     computer_delay_s=0.0, deal_pause_s=None)
    server = NetServer(host, port=0)
    port = server.start()
    me, other = NetClient("127.0.0.1", port, CODE, "Mina"), NetClient("127.0.0.1", port, CODE, "Jun")
    me.start()
    try:
        scene = join(app, RemoteSeat(me, BY_KEY["gostop"]))
        app.push(scene)
        assert frames(app, server, lambda: scene.link.joined)
        other.start()
        assert frames(app, server, lambda: other.state == "joined" and scene.ctl.source.state is not None
                      and scene.names[1] == "Jun")
        other.close()
        assert frames(app, server, lambda: scene.link.missing[1] and my_play(host, scene))
        key(app, pygame.K_RETURN, "\r")            # after this seat, the one away is to play
        assert frames(app, server, lambda: caught_up(app, host, scene) and host.engine.turn == 1)
        written: list[str] = []
        real = ui.text

        def text(canvas: Any, col: int, row: int, s: str, *a: Any, **k: Any) -> Any:
            written.append(s)
            return real(canvas, col, row, s, *a, **k)
        monkeypatch.setattr(ui, "text", text)
        scene.draw(pygame.Surface((640, 480)))
        assert "Waiting for Jun to come back." in written
    finally:
        me.close()
        other.close()
        server.close()


class FakeLink:
    """A seat's link that sends every move (the test gives the views itself)."""
    seat, pending = 0, None

    def send(self, move: Any) -> bool:
        return True


def test_events_the_table_cannot_play_back_show_the_new_view_at_once():
    """The host's events are only told: a damaged one is no exception, the view shown
    is the new one, without a playback (the table says so in its notes)."""
    s = new_engine(3, Options(players=2))
    ctl = GoStopController.joined(FakeLink(), ["You", "Ann"], "fast")
    ctl.playback = lambda model, events, pace: build_stages(ctl.source.state, Speaker(ctl.names), (2, 2),
                                                            model, events, pace)
    assert ctl.receive(s.view(0), [])
    first = ctl.source.state
    events = events_for(s.apply(s.legal_moves()[0]), 0)
    for bad in ([{"kind": 3}], [{"kind": "play", "seat": 0, "data": {"cards": ["99Z"]}}], ["play"],
                [{"kind": "junk_taken", "seat": 0, "data": {"cards": ["1J1"], "from": 7}}]):
        assert ctl.receive(s.view(0), bad) is False
        assert ctl.source.state is not first and ctl.view == s.view(0) and ctl.stages == []
    assert ctl.receive(s.view(0), events) and ctl.stages         # the host's own: played back


def test_one_table_serves_local_and_joined_play(table):
    """The joiner's table is the local table: the same scene, controller, drawing and
    key map; only the controller's seat source differs (the link, not the engine)."""
    from game.gostop.seats import EngineSeats, LinkSeats
    from game.gostop.table_draw import GoStopView
    from game.gostop.table_keys import GoStopKeys
    app, host, server, scene = table
    local = GoStopTable(app, GoStopState.new(Options(players=3), 5), ["normal", "normal"])
    for t in (scene, local):
        assert type(t) is GoStopTable and type(t.ctl) is GoStopController
        assert type(t.view) is GoStopView and type(t.keymap) is GoStopKeys
    assert isinstance(scene.ctl.source, LinkSeats) and isinstance(local.ctl.source, EngineSeats)
    assert scene.joined and not local.joined and scene.ctl.ais == {} and scene.ctl.humans == (0,)
