"""The Gin Rummy table at a joiner's program (game/gin/table.py's join), headless,
against a host on the loopback address with a computer at the other seat: a whole
hand and the next deal played by GIN!'s keys (the pick-up arrow, the arrow row, the
discard, F10 and the lay-down's Y/N and marking), the same game as the host's moves
at one keyboard; the host's refusal is the beep with nothing changed; the table is
drawn by the local table's drawing in the table's colours; Esc leaves; from the
menu's Join screen to the table and its end box."""
from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from game.games import BY_KEY
from game.gin import net_codec as gin_net_codec
from game.gin.ai import make_ai
from game.gin.moves import Discard, DrawStock, GoOut, LayDown, NextHand, Pass, TakeUpcard
from game.gin.options import GinOptions
from game.gin.replay_codec import move_to_json
from game.gin.rules import GinGame
from game.gin.screens import CardsBox, GridScreen
from game.gin.table import GinTable, join
from game.net import adapters
from game.net.client import NetClient
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.remote_seat import RemoteSeat
from game.net.server import NetServer
from game.scenes.join import JoinScene
from game.scenes.menu import MenuScene
from game.scenes.overlays import MessageBox
from tests.helpers import key_event
from tests.net_frames import run_until
from tests.test_join_screen import FakeBrowser

CODE = "GIN777"
SEED = 21
K = pygame
PLUS, MINUS, ENTER = key_event(K.K_PLUS, "+"), key_event(K.K_MINUS, "-"), key_event(K.K_RETURN, "\r")


def host_and_server(options: GinOptions | None = None) -> tuple[TableHost, NetServer, int]:
    host = TableHost("gin", [REMOTE, COMPUTER], seed=SEED, code=CODE, options=options,
                     computer_delay_s=0.0, deal_pause_s=None)
    server = NetServer(host, port=0)
    return host, server, server.start()


@pytest.fixture
def table(app):
    host, server, port = host_and_server()
    client = NetClient("127.0.0.1", port, CODE, "Joiner")
    client.start()
    scene = join(app, RemoteSeat(client, BY_KEY["gin"]))
    app.push(scene)
    yield host, server, scene
    client.close()
    server.close()


def frames(server: NetServer, scene: GinTable, until: Any, timeout_s: float = 20.0) -> bool:
    return run_until(lambda: (server.pump(), scene.update(1 / 60)), until, timeout_s)


def in_step(server: NetServer, scene: GinTable, host: TableHost) -> bool:
    """The joiner's view is the host's, nothing on its way, and the host's computer had
    its chance at this position (it moves at the first pump when it will: delay 0)."""
    def level() -> bool:
        return scene.joined.link.pending is None and scene.joined.link.view == host.engine.view(0)
    if not frames(server, scene, level):
        return False
    n = host.moves_applied
    for _ in range(3):
        server.pump()
        scene.update(1 / 60)
    return host.moves_applied == n and level()


def press(app: Any, *events: Any) -> None:
    """Keys as the App's event pump takes them (each asks for the next frame's picture)."""
    for ev in events:
        app.key(ev)
        app.redraw()


def select(app: Any, scene: GinTable, card: Any) -> None:
    """The flashing card moved to `card` by the arrow keys."""
    c = scene.ctl
    if c.focus != "hand":
        press(app, key_event(K.K_DOWN))
    i = c.order.index(card)
    while c.sel != i:
        press(app, key_event(K.K_RIGHT if c.sel < i else K.K_LEFT))
    assert c.order[c.sel] == card


def act(app: Any, scene: GinTable, move: Any, mark_by_hand: bool) -> None:
    """The keys that make `move` at the table, as a player presses them."""
    c = scene.ctl
    if isinstance(move, LayDown):
        assert c.mode == "confirm" and c.arr is not None and c.arr.kind == "defend"
        if mark_by_hand:       # N, then each card marked by its keys as proposed, F10, Y
            marks = list(c.arr.marks)
            press(app, key_event(K.K_n, "n"))
            assert c.mode == "mark"
            for m in marks:
                press(app, key_event(K.K_SPACE, " ") if m == " " else key_event(0, m.lower()))
            press(app, key_event(K.K_F10))
            assert c.mode == "confirm"
        press(app, key_event(K.K_y, "y"))
    elif isinstance(move, Pass):
        press(app, MINUS)
    elif isinstance(move, TakeUpcard | DrawStock):
        want = "pile" if isinstance(move, TakeUpcard) else "stock"
        if c.seen.phase == "draw" and c.target != want:
            press(app, key_event(K.K_RIGHT))
        assert c.focus == "pickup" and (c.seen.phase == "offer" or c.target == want)
        press(app, PLUS)
    elif isinstance(move, Discard | GoOut):
        if c.picked is not None:               # the card taken goes in at the arrow
            assert c.focus == "arrow"
            press(app, ENTER)
            assert c.picked is None
        if move.discard is not None if isinstance(move, GoOut) else True:
            select(app, scene, move.discard if isinstance(move, GoOut) else move.card)
        if isinstance(move, Discard):
            press(app, MINUS)
        else:
            press(app, key_event(K.K_F10))
            assert c.mode == "confirm"
            press(app, key_event(K.K_y, "y"))
    else:
        raise AssertionError(f"no keys for {move}")


def play_hand(app: Any, server: NetServer, scene: GinTable, host: TableHost) -> int:
    """The joiner's moves of one hand, chosen by a computer from the joiner's view
    and made by keys, to the hand's end. The moves sent."""
    ai = make_ai("normal", 5)
    sent = 0
    while host.engine.phase not in ("hand_over", "game_over"):
        assert frames(server, scene, lambda: scene.joined.link.view is not None)
        if not in_step(server, scene, host):
            continue
        v = scene.ctl.seen
        if v.phase in ("hand_over", "game_over"):
            break
        if not v.legal_moves:
            continue
        act(app, scene, ai.choose(v), mark_by_hand=True)
        scene.check_invariants()
        sent += 1
        assert sent < 200
    return sent


def test_a_hand_and_the_next_deal_are_played_by_the_keys_as_at_one_keyboard(app, table):
    host, server, scene = table
    sent = play_hand(app, server, scene, host)
    assert in_step(server, scene, host) and scene.ctl.mode == "result"
    assert sent == sum(1 for e in host.log if e.seat == 0) and sent >= 2
    assert app.beeps == 0
    v = scene.ctl.seen
    assert v.last_record is not None and scene.ctl.records == [v.last_record]
    assert any(line in " ".join(scene.ctl.over_lines()) for line in ("wins", "tie"))
    # any key: the score, then the next deal (this seat's NextHand, as at one keyboard)
    press(app, ENTER)
    assert isinstance(app.top, GridScreen)
    press(app, ENTER)
    assert app.top is scene
    assert frames(server, scene, lambda: host.engine.hand_no == 2 and scene.ctl.seen.hand_no == 2)
    assert host.log[-1].seat == 0 and host.log[-1].move == NextHand(0)
    assert in_step(server, scene, host)
    assert scene.ctl.order and sorted(scene.ctl.order) == sorted(host.engine.hands[0])
    # the same moves at one keyboard: the host's log on a fresh engine of the seed
    local = GinGame.new(seed=SEED)
    adapters.replay(local, host.log)
    assert local.to_json() == host.engine.to_json()
    assert app.beeps == 0


def test_the_hosts_refusal_is_the_beep_and_nothing_changes(app, table):
    host, server, scene = table
    assert frames(server, scene, lambda: scene.joined.link.view is not None)
    assert in_step(server, scene, host)                   # the host's computer has moved
    before = host.engine.to_json()
    wrong = Discard(0, host.engine.hands[1][0])           # a card of the other hand
    scene.joined.link.client.send({"kind": "move", "seq": 99, "move": move_to_json(wrong)})
    scene.joined.link.pending = 99
    assert frames(server, scene, lambda: scene.joined.link.pending is None)
    assert app.beeps == 1 and scene.joined.link.refusal and host.engine.to_json() == before
    assert scene.ctl.note.startswith(scene.joined.link.refusal[:1].upper())


def test_keys_pressed_while_a_move_is_on_its_way_are_played_once_the_host_answers(app, table):
    """+ then Enter at once (issue #44 item 20): the Enter is held while the take is in
    flight and puts the card in when the host's update has come; no beep, nothing lost."""
    host, server, scene = table
    link = scene.joined.link
    assert frames(server, scene, lambda: link.view is not None)
    assert in_step(server, scene, host)
    c = scene.ctl
    assert c.my_turn and c.focus == "pickup" and c.seen.phase in ("offer", "draw")
    press(app, PLUS, ENTER)
    assert link.pending is not None and c.picked is None and app.beeps == 0
    assert frames(server, scene, lambda: link.pending is None and c.picked is None and c.focus == "hand")
    assert len(c.order) == 11 and sorted(c.order) == sorted(host.engine.hands[0]) and app.beeps == 0
    # a move refused by the host drops the keys held after it, with the beep
    wrong = Discard(0, host.engine.hands[1][0])
    assert c.submit(wrong) and link.pending is not None
    assert not c.submit(wrong) and "on its way" in c.note      # one move at a time
    press(app, key_event(K.K_RIGHT), key_event(K.K_RIGHT))
    sel = c.sel
    assert frames(server, scene, lambda: link.pending is None)
    assert app.beeps == 1 and c.sel == sel and not scene.joined.held


def colours(canvas: pygame.Surface) -> set[tuple[int, ...]]:
    return {tuple(canvas.get_at((x, y))[:3]) for x in range(0, 640, 4) for y in range(0, 480, 4)}


def test_the_table_is_drawn_by_the_tables_drawing_and_every_offered_key_acts(app, table):
    from game import palette as P
    host, server, scene = table
    canvas = pygame.Surface((640, 480))
    scene.draw(canvas)                                  # nothing received yet
    press(app, PLUS)
    assert app.beeps == 1 and scene.joined.link.seq == 0       # no view: a key with nothing to do
    assert frames(server, scene, lambda: scene.joined.link.view is not None)
    assert in_step(server, scene, host)
    scene.draw(canvas)
    seen = colours(canvas)
    assert P.PALETTE[app.options["colour.table"]][:3] in seen and len(seen) > 5
    # the bar's keys of the moment each act (none beeps), the F-keys open their screens
    bar = [b for b in scene.bindings() if b.bar]
    assert bar
    for b in scene.bindings():
        if b.keys[0] in (K.K_F3, K.K_F4, K.K_F5):
            app.key(key_event(b.keys[0]))
            assert isinstance(app.top, GridScreen | CardsBox)
            app.key(ENTER)
            assert app.top is scene
    keys = {k for b in scene.bindings() for k in b.keys}
    assert K.K_F7 not in keys                            # the deal is the host's
    for key in (K.K_F6, K.K_F9, K.K_F7):                 # the Stock, the other hand: nobody's to see
        app.key(key_event(key))
    assert app.beeps == 4 and "nobody sees the Stock" in scene.ctl.note
    assert scene.help_lines() and "KEYS TO PLAY" in scene.help_lines()
    assert scene.spoken_focus() and scene.spoken_state().startswith("Your hand")
    app.key(key_event(K.K_ESCAPE))
    assert scene.joined.link.client.state == "closed" and scene not in app.scenes


@pytest.fixture
def joined(menu_app):
    """A Gin game to 1 point (one hand won ends it) joined from the menu's Join screen."""
    host, server, port = host_and_server(GinOptions(game_target=1))
    join = JoinScene(menu_app, browser=FakeBrowser())
    menu_app.push(join)
    join.values.update(address=f"127.0.0.1:{port}", code=CODE.lower(), name="Zoe")
    menu_app.key(ENTER)
    yield menu_app, host, server
    server.close()


def test_a_join_goes_on_to_the_gin_table_and_its_game_over_box(joined):
    app, host, server = joined
    end = time.monotonic() + 20
    while not isinstance(app.top, GinTable) and time.monotonic() < end:
        server.pump()
        app.run(max_frames=1)
        time.sleep(0.001)
    scene = app.top
    assert isinstance(scene, GinTable) and scene.joined.link.names[0] == "Zoe"
    assert isinstance(app.scenes[-2], MenuScene)
    ai = make_ai("normal", 9)
    sent = 0
    while scene in app.scenes and not host.ended:
        server.pump()
        app.run(max_frames=1)
        v = scene.ctl.seen
        if (scene in app.scenes and v is not None and v.legal_moves and scene.joined.link.pending is None
                and v == host.engine.view(0) and app.top is scene and v.phase != "hand_over"):
            act(app, scene, ai.choose(v), mark_by_hand=False)
            sent += 1
        assert sent < 300 and time.monotonic() < end + 40
        time.sleep(0.001)
    end = time.monotonic() + 10
    while not isinstance(app.top, MessageBox) and time.monotonic() < end:
        server.pump()
        app.run(max_frames=1)
    box = app.top
    assert isinstance(box, MessageBox) and box.title == "Game over" and app.beeps == 0
    assert any(line.startswith("The game is over:") for line in box.lines)
    assert scene not in app.scenes
    app.key(ENTER)
    app.run(max_frames=1)
    assert isinstance(app.top, MenuScene)


def test_the_host_takes_a_go_out_and_a_lay_down_in_the_players_own_groups():
    """The keys send GoOut and LayDown with the groups the player marked; the host's
    gate (the moves it lists name no groups) lets them through to the engine, which
    checks the groups: wrong ones are refused with nothing changed."""
    from game.cards import Card, parse_cards
    from game.engine import IllegalMove

    def cards(text: str) -> tuple[Card, ...]:
        return tuple(parse_cards(text))
    g = GinGame.from_deal([parse_cards("AS 2S 3S 7H 7D 7C 9D TD JD 4C"),
                           parse_cards("8D QD 4S 7S KC KH QH 5H 6H 2C")], Card.parse("5C"), dealer=1)
    adapters.apply_checked(gin_net_codec, g, 0, TakeUpcard(0))
    before = g.to_json()
    with pytest.raises(IllegalMove):          # 7H 7D 9D is no group
        adapters.apply_checked(gin_net_codec, g, 0, GoOut(0, Card.parse("4C"), (cards("7H 7D 9D"),)))
    assert g.to_json() == before
    melds = (cards("AS 2S 3S"), cards("7H 7D 7C"), cards("9D TD JD"))
    adapters.apply_checked(gin_net_codec, g, 0, GoOut(0, Card.parse("4C"), melds))
    assert g.phase == "lay_down" and g.out_kind == "knock"
    adapters.apply_checked(gin_net_codec, g, 1, LayDown(1, (), cards("8D QD 4S 7S")))
    assert g.phase == "hand_over"
    assert sorted(map(str, g.def_unmatched)) == ["2C", "5H", "6H", "KC", "KH", "QH"]


class HostSays:
    """A joined client fed the host's messages by hand (no network)."""

    def __init__(self) -> None:
        self.state, self.reason, self.seat, self.names = "joined", "", 0, ["Zoe", "Boris"]
        self.inbox: list[Any] = []
        self.sent: list[dict[str, Any]] = []

    def update(self, engine: GinGame, events: list[Any]) -> None:
        from game.gin import net_codec
        from game.net import protocol
        self.inbox.append(protocol.parse_from_host(protocol.encode(
            "update", view=net_codec.view_to_json(engine.view(0)), events=net_codec.events_for(events, 0),
            n=len(engine.records))))

    def poll(self) -> list[Any]:
        out, self.inbox = self.inbox, []
        return out

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def close(self) -> None:
        self.state = "closed"


def on_the_fixed_deal(app: Any, dealer: int, *moves: Any) -> tuple[GinGame, HostSays, GinTable]:
    """Zoe (seat 0) joined at a deal made by hand, after `moves`: the engine the host
    would hold, the client fed its view by hand, the joiner's table pushed."""
    from game.cards import Card, parse_cards
    g = GinGame.from_deal([parse_cards("2S 5S 8S JS QS 3H 6H 9H JH 4C"),
                           parse_cards("AD 2D 3D 4D 7H 7C 7S 9C TC KH")], Card.parse("JC"), dealer=dealer)
    for move in moves:
        g.apply(move(g))
    client = HostSays()
    client.update(g, [])
    scene = join(app, RemoteSeat(client, BY_KEY["gin"]))
    app.push(scene)
    return g, client, scene


def test_the_other_players_gin_is_told_without_its_face_down_discard_and_the_joiner_lays_down(app):
    """Boris gins: the joiner's notes say gin (not Big Gin: the discard, face down, is
    withheld from the joiner), his groups are shown, the joiner's defense is proposed."""
    from game.cards import Card
    g, client, scene = on_the_fixed_deal(app, 0)
    scene.update(1 / 60)
    assert scene.ctl.seen.turn == 1 and scene.ctl.mode == "play"
    events = g.apply(TakeUpcard(1)) + g.apply(GoOut(1, Card.parse("KH")))
    client.update(g, events[:1])
    client.update(g, events[1:])
    scene.update(1 / 60)
    c = scene.ctl
    from game.gin import net_codec
    assert "KH" not in str(net_codec.events_for(events, 0)) and c.seen.out_discard is None
    assert c.other_note == "GIN! Boris goes gin."
    assert c.mode == "confirm" and c.arr is not None and c.arr.kind == "defend"
    assert c.note.startswith("Your unplayable points")      # the gin is said once, above
    canvas = pygame.Surface((640, 480))
    scene.draw(canvas)
    press(app, key_event(K.K_y, "y"))
    assert client.sent[-1]["kind"] == "move" and client.sent[-1]["move"]["t"] == "LayDown"


def test_a_joiner_back_in_the_middle_of_its_turn_has_the_card_to_throw_flashing(app):
    """A rejoin after taking a card: the first view is in the discard phase; the hand has
    the focus, so - throws the flashing card at once."""
    from game.cards import Card
    _, client, scene = on_the_fixed_deal(
        app, 1, lambda g: DrawStock(0) if g.phase == "draw" else TakeUpcard(0))
    scene.update(1 / 60)
    c = scene.ctl
    assert c.seen.phase == "discard" and c.focus == "hand" and len(c.order) == 11
    select(app, scene, Card.parse("4C"))
    press(app, MINUS)
    assert client.sent[-1]["move"] == move_to_json(Discard(0, Card.parse("4C"))) and app.beeps == 0


def test_the_host_is_heard_under_a_score_screen_and_its_leaving_closes_both(menu_app):
    from game.net import protocol
    app = menu_app
    g, client, scene = on_the_fixed_deal(app, 0)
    app.run(max_frames=1)
    press(app, key_event(K.K_F4))
    assert isinstance(app.top, GridScreen)
    client.update(g, g.apply(Pass(1)))              # Boris passes while the score is shown
    app.run(max_frames=1)
    assert scene.ctl.seen.turn == 0 and "Boris passes" in scene.ctl.other_note
    client.inbox.append(protocol.parse_from_host(protocol.end("host_left")))
    app.run(max_frames=1)
    assert isinstance(app.top, MessageBox) and app.top.title == "Table closed"
    assert scene not in app.scenes and not any(isinstance(s, GridScreen) for s in app.scenes)
    press(app, ENTER)
    app.run(max_frames=1)
    assert isinstance(app.top, MenuScene)


def test_a_joined_seat_is_told_whose_turn_it_is(app):
    """Joined or back by Alt+R (issue #44 item 20): the first view's notes say whose
    turn it is (they were empty while the other player thought)."""
    g, client, scene = on_the_fixed_deal(app, 0)
    scene.update(1 / 60)
    c = scene.ctl
    assert c.seen.turn == 1 and c.other_note == "You are at the table: it is Boris's turn."
    canvas = pygame.Surface((640, 480))
    scene.draw(canvas)
    client.update(g, g.apply(Pass(1)))              # Boris passes: the notes go on as ever
    scene.update(1 / 60)
    assert "Boris passes" in c.other_note and c.my_turn
    g, client, scene = on_the_fixed_deal(app, 1)    # Zoe's turn: said, and gone once she moves
    scene.update(1 / 60)
    assert scene.ctl.other_note == "You are at the table: it is your turn."
    press(app, MINUS)
    assert client.sent[-1]["move"]["t"] == "Pass"
    client.update(g, g.apply(Pass(0)))
    scene.update(1 / 60)
    assert "your turn" not in scene.ctl.other_note and scene.ctl.note == "You passed the upcard."
