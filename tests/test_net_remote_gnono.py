"""The Gnono table at a joiner's program (game/gnono/seats.py), headless, against
a TableHost + NetServer on 127.0.0.1 (port 0) with computers at the other seats: a
whole round played by the table's own KEYS (choosing a card, Enter, +, -, the colour
box, the challenge box, U, C) ends as the same moves at one keyboard (the host's log
replayed on a fresh engine of the same seed); the host's refusal is the beep and
changes nothing; the table is drawn by Gnono's own drawing from the view alone (the
other hands as backs), and every key on its bar acts."""
from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.games import BY_KEY
from game.gnono import moves as M
from game.gnono import seats
from game.gnono.cards import hand_order
from game.gnono.controller import GnonoController
from game.gnono.options import GnonoOptions
from game.gnono.playback import Model
from game.gnono.replay_codec import move_to_json
from game.gnono.rules import GnonoState
from game.gnono.screens import ChallengeBox, ChallengeResult, ColourBox, SeatChooser
from game.gnono.table import GnonoTable, join
from game.gnono.table_draw import GnonoView as TableDrawing
from game.gnono.table_keys import GnonoKeys
from game.net import adapters
from game.net.client import NetClient
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.remote_seat import RemoteSeat
from game.net.server import NetServer
from game.scene import Scene
from tests.helpers import key_event
from tests.net_frames import run_until

CODE = "GNONO7"
ENTER = (pygame.K_RETURN, "\r")


def open_table(app, seed: int, seats: int = 3, options: GnonoOptions | None = None):
    host = TableHost("gnono", [REMOTE] + [COMPUTER] * (seats - 1), seed=seed, code=CODE,
                     options=options, computer_delay_s=0.0, deal_pause_s=None)
    server = NetServer(host, port=0)
    port = server.start()
    client = NetClient("127.0.0.1", port, CODE, "Zoe")
    client.start()
    scene = join(app, RemoteSeat(client, BY_KEY["gnono"]))
    app.push(scene)
    return host, server, scene


@pytest.fixture
def table(app):
    host, server, scene = open_table(app, seed=4)
    yield host, server, scene
    scene.link.client.close()
    server.close()


def frames(app, server, until, timeout_s: float = 20.0, hurry: Any = None) -> bool:
    """Pump the host's transport and run the App's frames until `until()`; with a
    `hurry` table, Space shows the end of each move played back at once (its key)."""
    def step() -> None:
        server.pump()
        app.run(max_frames=1)
        if hurry is not None and hurry.stages and app.top is hurry:
            app.key(key_event(pygame.K_SPACE, " "))
    return run_until(step, until, timeout_s)


def settled(app, server, host, scene) -> bool:
    """The host's computers had their chance at this position and let it be (delay 0:
    they move at the first pump when they will), the joiner has heard it all and shown
    it, and the question of the moment (if any) is open: a key now answers the view on
    screen, whatever the timing."""
    n = host.moves_applied
    for _ in range(3):
        server.pump()
        app.run(max_frames=1)
    view = scene.link.view
    asked = view is not None and view.current == 0 and view.phase in (M.COLOR, M.CHALLENGE, M.SWAP)
    return (host.moves_applied == n and view == host.engine.view(0) and not scene.stages
            and scene.link.pending is None and asked == (app.top is not scene))


def keyed(move: Any, view) -> bool:
    """Can the table's keys make this move? (A Wild is always played with its colour
    named in the colour box; the default rules have no jump-in, stacking or 7-0.)"""
    if isinstance(move, M.Play):
        return (move.seat == view.current and view.phase == M.PLAY
                and (move.color is None) != move.card.is_wild)
    if isinstance(move, M.PlayDrawn):
        return (move.color is None) != view.drawn_card.is_wild
    return True


def press(app, scene, move: Any) -> None:
    """The keys a player presses for `move` (one of the seat's legal moves, the
    position settled)."""
    if isinstance(move, M.Play):
        for _ in range(len(scene.seat_view().hand)):
            if scene.keymap.selected() == move.card:
                break
            app.key(key_event(pygame.K_RIGHT))
        assert scene.keymap.selected() == move.card
        app.key(key_event(*ENTER))
        if move.color is not None:
            assert isinstance(app.top, ColourBox)
            app.key(key_event(getattr(pygame, f"K_{move.color.lower()}"), move.color.lower()))
    elif isinstance(move, M.PlayDrawn):
        app.key(key_event(*ENTER))
        if move.color is not None:
            assert isinstance(app.top, ColourBox)
            app.key(key_event(getattr(pygame, f"K_{move.color.lower()}"), move.color.lower()))
    elif isinstance(move, M.ChooseColor):
        assert isinstance(app.top, ColourBox)
        app.key(key_event(getattr(pygame, f"K_{move.color.lower()}"), move.color.lower()))
    elif isinstance(move, M.Challenge):
        assert isinstance(app.top, ChallengeBox)
        app.key(key_event(pygame.K_y, "y") if move.challenge else key_event(pygame.K_n, "n"))
    elif isinstance(move, M.SwapHands):
        assert isinstance(app.top, SeatChooser)
        for _ in range(move.target - (move.target > move.seat)):
            app.key(key_event(pygame.K_DOWN))
        app.key(key_event(*ENTER))
    else:
        key = {M.Draw: (pygame.K_INSERT, ""), M.KeepDrawn: (pygame.K_DELETE, ""),
               M.CallUno: (pygame.K_u, "u"), M.Catch: (pygame.K_c, "c"),
               M.NextRound: ENTER}[type(move)]
        app.key(key_event(*key))


def play_by_keys(app, server, host, scene, until, rng: random.Random, most: int = 600) -> list[Any]:
    """The seat's moves chosen at random among those its keys make ("UNO!" and a catch
    first, when there is one), pressed, until `until()`: the moves sent."""
    sent: list[Any] = []
    while not until():
        assert frames(app, server, lambda: until() or (
            scene.link.view == host.engine.view(0) and scene.link.pending is None and not scene.stages),
            hurry=scene)
        if until():
            break
        if isinstance(app.top, ChallengeResult):
            app.key(key_event(*ENTER))        # the hand a challenge showed: go on
            continue
        if not settled(app, server, host, scene):
            continue
        moves = [m for m in scene.moves() if keyed(m, scene.seat_view())]
        if not moves:
            continue
        calls = [m for m in moves if isinstance(m, M.CallUno | M.Catch)]   # a wary player
        move = calls[0] if calls else rng.choice(moves)
        beeps, n = app.beeps, scene.link.seq
        press(app, scene, move)
        assert app.beeps == beeps and scene.link.seq == n + 1, move
        sent.append(move)
        assert len(sent) < most
    return sent


def same_as_one_keyboard(host: TableHost, seed: int, options: GnonoOptions | None = None) -> None:
    local = GnonoState(len(host.seats), seed, options)
    adapters.replay(local, host.log)
    assert local.to_json() == host.engine.to_json()
    local.check_invariants()


def test_a_round_played_by_the_keys_ends_as_the_same_moves_at_one_keyboard(app, table):
    host, server, scene = table
    assert frames(app, server, lambda: scene.link.view is not None)
    sent = play_by_keys(app, server, host, scene, lambda: host.engine.phase == M.ROUND_OVER,
                        random.Random(7))
    assert frames(app, server, lambda: scene.link.view == host.engine.view(0) and not scene.stages)
    mine = [e.move for e in host.log if e.seat == 0]
    assert mine == sent and len(mine) >= 5 and app.beeps == 0
    assert {type(m) for m in mine} >= {M.Play, M.Draw}
    same_as_one_keyboard(host, 4)
    assert scene.status() == "Round over" and "Next round" in [label for _, label in scene.key_bar()]
    app.key(key_event(*ENTER))                      # any player may deal the next round
    assert frames(app, server, lambda: host.engine.round_no == 2 and scene.link.view == host.engine.view(0))
    assert app.beeps == 0 and scene.seat_view().round_no == 2
    assert any("went out" in line for line in scene.history)


@pytest.mark.parametrize("seed", [21, 33])
def test_wilds_draws_and_uno_by_the_keys_at_two_seats(app, seed):
    """A smaller table, other deals: the colour box, keeping a drawn card, "UNO!" and the
    rest, through the keys, the host's game the same as at one keyboard."""
    host, server, scene = open_table(app, seed, seats=2)
    try:
        assert frames(app, server, lambda: scene.link.view is not None)
        sent = play_by_keys(app, server, host, scene, lambda: host.engine.phase == M.ROUND_OVER,
                            random.Random(seed))
        assert sent == [e.move for e in host.log if e.seat == 0] and app.beeps == 0
        assert any(isinstance(m, M.Play) and m.color for m in sent)     # the colour box's keys
        same_as_one_keyboard(host, seed)
    finally:
        scene.link.client.close()
        server.close()


def test_house_rules_by_the_keys_hands_swapped_and_passed_at_a_table_that_sees_one_hand(app):
    """7-0 and stacking: the seat chooser, hands that move between seats (the other hands
    are unknown cards here: the bottom hand is never drawn from one), the game the same
    as at one keyboard."""
    options = GnonoOptions(seven_zero=True, stacking=True)
    host, server, scene = open_table(app, 12, seats=3, options=options)
    try:
        assert frames(app, server, lambda: scene.link.view is not None)
        play_by_keys(app, server, host, scene, lambda: host.engine.phase == M.ROUND_OVER, random.Random(2))
        kinds = {type(e.move) for e in host.log}
        moved = [e.move for e in host.log if isinstance(e.move, M.Play) and e.move.card.face in ("7", "0")]
        assert moved and M.SwapHands in kinds and app.beeps == 0
        same_as_one_keyboard(host, 12, options)
    finally:
        scene.link.client.close()
        server.close()


class StubClient:
    """A joined client fed by the test (no network): the host's messages as it sends them."""

    def __init__(self, names: list[str]) -> None:
        self.state, self.reason, self.seat, self.names = "joined", "", 0, names
        self.inbox: list[Any] = []

    def poll(self) -> list[Any]:
        out, self.inbox = self.inbox, []
        return out

    def send(self, message: dict[str, Any]) -> None:
        pass

    def close(self) -> None:
        self.state = "closed"


def test_hands_that_come_from_unseen_seats_are_drawn_from_the_view(app):
    """A 0 passes every hand on, a 7 swaps two: at a joiner's table the hand that comes
    to the bottom seat was unknown cards until the host's view names it; every stage
    of the playback is drawn (the bottom hand never from unknown cards) and the table
    ends on the view."""
    from game.gnono import net_codec
    from game.gnono.ai import make_ai
    from game.net import protocol
    engine = GnonoState(3, 5, GnonoOptions(seven_zero=True))
    ais = [make_ai("baseline", s) for s in range(3)]
    client = StubClient(["Zoe", "Ann", "Bob"])
    scene = join(app, RemoteSeat(client, BY_KEY["gnono"]))
    canvas = pygame.Surface((640, 480))
    moved_hands = 0

    def send(events: list) -> None:
        client.inbox.append(protocol.parse_from_host(protocol.encode(
            "update", view=net_codec.view_to_json(engine.view(0)),
            events=net_codec.events_for(events, 0), n=0)))
    send([])
    scene.update(1 / 60)
    while moved_hands < 3 and not engine.is_over():
        if engine.phase == M.ROUND_OVER:
            events = engine.apply(M.NextRound())
        else:
            events = engine.apply(ais[engine.current].choose(engine.view(engine.current)))
        moved_hands += sum(ev.kind == "hands_passed" or (ev.kind == "swapped" and 0 in (ev.seat, ev.target))
                           for ev in events)
        send(events)
        scene.update(1 / 60)
        while scene.stages:
            scene.draw(canvas)
            assert None not in scene.playback.shown().hands[0]
            scene.update(1 / 60)
        assert scene.playback.shown() == Model.of(engine.view(0))
    assert moved_hands >= 3


def test_the_hosts_refusal_is_the_beep_and_nothing_changes(app, table):
    host, server, scene = table
    assert frames(app, server, lambda: scene.link.view is not None and scene.moves())
    before = host.engine.to_json()
    scene.link.client.send({"kind": "move", "seq": 99, "move": move_to_json(M.Draw(2))})   # not its seat
    scene.link.pending = 99
    assert frames(app, server, lambda: scene.link.pending is None)
    assert app.beeps == 1 and scene.link.refusal and host.engine.to_json() == before
    assert any(line.startswith("Not allowed") for line, _ in scene.notes)


def test_a_key_while_the_last_move_is_on_its_way_is_held_and_played_once_the_host_answers(app, table):
    """Issue #44 item 20, as at Gin's joined table (game/table/joined.py): a key pressed
    before the host has answered the last move is held, not beeped nor lost; played
    once the answer is in."""
    host, server, scene = table
    assert frames(app, server, lambda: settled(app, server, host, scene) and scene.my_turn())
    scene.link.pending = 5                 # a move sent, not answered yet
    beeps = app.beeps
    app.key(key_event(pygame.K_INSERT))    # draw: held
    assert app.beeps == beeps and scene.link.seq == 0 and len(scene.joined.held) == 1
    scene.link.pending = None              # the host's answer
    assert frames(app, server, lambda: scene.link.seq == 1)
    assert app.beeps == beeps and not scene.joined.held
    assert frames(app, server, lambda: scene.link.pending is None)      # the draw, taken
    assert app.beeps == beeps and scene.link.refusal == ""


def test_the_joined_seat_is_told_whose_turn_it_is(app, table):
    """Joined, or back by Alt+R (test_net_remote_table.py): the first view's notes say
    whose turn it is (issue #44 item 20)."""
    host, server, scene = table
    assert frames(app, server, lambda: scene.link.view is not None)
    turn = [line for line in scene.log if line.startswith("You are at the table: it is ")]
    assert len(turn) == 1
    assert turn[0] in ("You are at the table: it is your turn.",
                       *(f"You are at the table: it is {scene.link.name(s)}'s turn." for s in (1, 2)))


def test_the_table_is_drawn_by_gnonos_drawing_from_the_view_alone(app, table):
    host, server, scene = table
    app.key(key_event(*ENTER))       # nothing to play before the host's first view: the beep
    app.key(key_event(pygame.K_RIGHT))
    assert app.beeps == 2 and scene.link.seq == 0
    assert scene.spoken_intro() == "Waiting for the host" and scene.spoken_detail() is None
    assert frames(app, server, lambda: scene.link.view is not None and not scene.stages)
    hand = ", ".join(c.name for c in sorted(host.engine.hands[0], key=hand_order))
    assert scene.spoken_state().startswith(f"Your hand, {len(host.engine.hands[0])} cards: {hand}.")
    canvas = pygame.Surface((640, 480))
    scene.draw(canvas)
    table_rgb = pygame.Color(*__import__("game.palette", fromlist=["PALETTE"]).PALETTE[
        app.options["colour.table"]])[:3]
    assert canvas.get_at((320, 250))[:3] == table_rgb        # the felt, as at one keyboard
    colours = {canvas.get_at((x, y))[:3] for x in range(0, 640, 4) for y in range(0, 480, 4)}
    assert len(colours) > 8                                  # cards, backs, the ring...
    others = [s for s in range(3) if s != 0]
    assert all(scene.playback.shown().hands[s] == [None] * host.engine.view(0).counts[s] for s in others)
    assert scene.view.turn_words(1) == f"{host.seats[1].name}'s turn"


def test_every_key_on_the_bar_acts(app, table):
    """Each key the bar offers at the seat's turn is answered (no beep from the App),
    and F9 (the computers' hands: not at a network table) and F8 beep."""
    host, server, scene = table
    assert frames(app, server, lambda: scene.link.view is not None)
    assert frames(app, server, lambda: host.engine.current == 0 and host.engine.phase == M.PLAY
                  and scene.link.view == host.engine.view(0) and not scene.stages)
    labels = {label for _, label in scene.key_bar()}
    assert {"Card", "Play", "Draw", "Leave"} <= labels
    for key in (pygame.K_F1, pygame.K_F3, pygame.K_F4):
        beeps = app.beeps
        app.key(key_event(key))
        assert app.beeps == beeps and app.top is not scene
        app.key(key_event(pygame.K_ESCAPE))
        assert app.top is scene
    for key in (pygame.K_F9, pygame.K_F8):
        beeps = app.beeps
        app.key(key_event(key))
        assert app.beeps == beeps + 1
    first = scene.keymap.selected()
    app.key(key_event(pygame.K_RIGHT))
    assert len(scene.seat_view().hand) == 1 or scene.keymap.selected() != first
    app.key(key_event(pygame.K_h, "h"))                 # the coach, from the seat's view
    assert any("Coach:" in line for line, _ in scene.notes)
    app.key(key_event(pygame.K_INSERT))                 # draw: sent to the host
    assert scene.link.seq == 1 and scene.link.pending == 1
    assert frames(app, server, lambda: scene.link.pending is None)
    app.key(key_event(pygame.K_ESCAPE))
    assert scene.link.client.state == "closed" and scene not in app.scenes


def test_a_dropped_player_is_waited_for_by_name(app):
    host = TableHost("gnono", [REMOTE, REMOTE], seed=5, code=CODE, computer_delay_s=0.0,
                     deal_pause_s=None)
    server = NetServer(host, port=0)
    port = server.start()
    links = []
    for name in ("Zoe", "Max"):          # one after the other: Zoe at seat 0, Max at seat 1
        client = NetClient("127.0.0.1", port, CODE, name)
        client.start()
        assert frames(app, server, lambda c=client: c.state == "joined")
        links.append(RemoteSeat(client, BY_KEY["gnono"]))       # (as the Join screen makes it)
    scene = join(app, links[0])
    app.push(scene)
    try:
        assert [link.seat for link in links] == [0, 1]
        assert frames(app, server, lambda: scene.link.view is not None and links[1].poll() is not None
                      and links[1].view is not None)
        links[1].leave()
        assert frames(app, server, lambda: scene.link.missing[1])
        assert scene.view.turn_words(1) == "Waiting for Max"
        assert any(line == "Waiting for Max to come back." for line, _ in scene.notes)
        if scene.seat_view().current == 1:
            assert scene.status() == "Waiting for Max"
    finally:
        scene.link.client.close()
        server.close()


def test_the_host_leaving_under_a_box_closes_the_box_then_the_table(app):
    """The table's end is the shared one (game/table/joined.py): a box over the table
    closes first, then the table, then the box that tells why."""
    host, server, scene = open_table(app, seed=4)
    try:
        assert frames(app, server, lambda: scene.link.view is not None)
        app.key(key_event(pygame.K_F1))
        box = app.top
        server.close()
        assert frames(app, server, lambda: scene.link.ending is not None)
        for _ in range(5):
            app.run(max_frames=1)
        assert box not in app.scenes and scene not in app.scenes and app.top.title == "Table closed"
    finally:
        scene.link.client.close()


def test_the_joined_table_is_the_one_gnono_table(app, table):
    """Issue 42 item 3: local, hosted and joined play are one table (its drawing, keys,
    questions), the joined one's controller the link to the host; hosting attaches
    through the controller."""
    _, server, scene = table
    assert type(scene) is GnonoTable and isinstance(scene.ctl, seats.LinkSeats)
    assert isinstance(scene.view, TableDrawing) and isinstance(scene.keymap, GnonoKeys)
    assert not [v for v in vars(seats).values() if isinstance(v, type) and issubclass(v, Scene)]
    assert "hosting" in GnonoController.__init__.__code__.co_varnames
    assert frames(app, server, lambda: scene.link.view is not None and not scene.stages)
    assert scene.moves() == list(scene.link.view.legal)
