"""The menu's "Join a table" (game/scenes/join.py), with a fake network client of the
API of game/net/client.py and a fake LAN listing: the keys, the typing, the list
updated live, the refusals as the player reads them, Esc, and a connection that
never blocks a frame (a port nothing listens on is "no answer" in a bounded time)."""
from __future__ import annotations

import socket
import threading
import time
import uuid

import pygame
import pytest

from game.app import FPS
from game.net.discovery import LOOPBACK, ListedTable, TableAdvert
from game.scenes import join as join_mod
from game.scenes.join import CONNECT_SECONDS, JoinScene, parse_address
from game.scenes.menu import MenuScene
from game.scenes.overlays import MessageBox, lay_out
from tests.helpers import key_event, post_keys


class FakeClient:
    """The network client's API (game/net/client.py), driven by the test."""

    def __init__(self, host, port, code, name, token=None):
        self.host, self.port, self.code, self.name, self.token = host, port, code, name, token
        self.state, self.reason = "connecting", None
        self.inbox: list[dict] = []
        self.sent: list[dict] = []
        self.started = self.closed = False

    def start(self):
        self.started = True

    def poll(self):
        out, self.inbox = self.inbox, []
        return out

    def send(self, message):
        self.sent.append(message)

    def close(self):
        self.closed, self.state = True, "closed"


class TcpClient(FakeClient):
    """Tries a real TCP connection on a thread of its own, as the real client does."""
    timeout = 5.0

    def start(self):
        super().start()
        threading.Thread(target=self._connect, daemon=True).start()

    def _connect(self):
        try:
            socket.create_connection((self.host, self.port), timeout=self.timeout).close()
        except OSError as exc:
            if self.state == "connecting":
                self.reason, self.state = exc.strerror or str(exc), "closed"


class FakeBrowser:
    def __init__(self, tables=()):
        self.list = list(tables)
        self.changes, self.problem, self.closed = 0, None, False

    def tables(self):
        return list(self.list)

    def put(self, tables):
        self.list = list(tables)
        self.changes += 1

    def close(self, wait=None):
        self.closed = True
        return True


ANNA = ListedTable("Anna's gnono table._gnerts._tcp.local.", "gnono", "Anna", 3, 1, "127.0.0.1", 4321)
BORIS = ListedTable("Boris's gin table._gnerts._tcp.local.", "gin", "Boris", 1, 1, "127.0.0.2", 5000)


@pytest.fixture
def joining(menu_app, monkeypatch):
    """The Join screen over the menu, with a fake listing and fake clients (kept in .made);
    no game goes on to its remote table here (the screen's own waiting box is tested:
    the remote tables are, each in its tests/test_net_remote_*.py)."""
    from game.scenes import join as join_mod
    monkeypatch.setattr(join_mod, "join_table", lambda game: None)
    made: list[FakeClient] = []

    def connect(*args):
        made.append(FakeClient(*args))
        return made[-1]
    scene = JoinScene(menu_app, browser=FakeBrowser(), connect=connect)
    scene.made = made
    menu_app.push(scene)
    menu_app.run(max_frames=1)
    return menu_app, scene


def box_lines(lines):
    """What a MessageBox shows of these lines (wrapped to its width)."""
    return lay_out(lines, MessageBox.width - 4)


def type_text(app, text):
    post_keys(*text)
    app.run(max_frames=1)


def fill_form(app, scene, address="127.0.0.1:4321", code="K7Q2", name=None):
    scene.values["address"], scene.values["code"] = address, code
    if name is not None:
        scene.values["name"] = name


def press(app, *keys, frames=1):
    post_keys(*keys)
    app.run(max_frames=frames)


def test_the_menu_has_join_a_table_on_J_and_Esc_comes_back(menu_app, monkeypatch):
    browsers = []

    def browser(interfaces):
        browsers.append(FakeBrowser())
        return browsers[-1]
    monkeypatch.setattr(join_mod, "TableBrowser", browser)
    menu = menu_app.top
    assert "Join a table" in [name for name, _ in menu.items]
    press(menu_app, "j")
    assert isinstance(menu_app.top, JoinScene)
    press(menu_app, pygame.K_ESCAPE)
    assert menu_app.top is menu and browsers[0].closed


def test_a_table_announced_on_loopback_shows_on_the_join_screen(menu_app):
    """The real listing: J opens the screen at once, the table comes in by itself."""
    host = "J" + uuid.uuid4().hex[:10]
    advert = TableAdvert("gostop", host, 2, 1, 4999, LOOPBACK)
    try:
        start = time.perf_counter()
        press(menu_app, "j")
        scene = menu_app.top
        assert isinstance(scene, JoinScene) and time.perf_counter() - start < 0.5
        end = time.monotonic() + 8
        while not any(t.host_name == host for t in scene.tables) and time.monotonic() < end:
            menu_app.run(max_frames=1)
            time.sleep(0.02)                # the network's time, not the game's
        assert any(t.host_name == host for t in scene.tables), "the table never showed"
        for _ in scene.tables:              # Down to it (other workers' tables may be listed)
            press(menu_app, pygame.K_DOWN)
            if scene.tables[scene.index].host_name == host:
                break
        assert scene.values["address"] == "127.0.0.1:4999"
        press(menu_app, pygame.K_ESCAPE)
        assert scene.browser.close(wait=5)
    finally:
        assert advert.withdraw(wait=5)


def test_a_listing_that_failed_says_so_on_the_screen(joining):
    app, scene = joining
    app.run(max_frames=2)
    scene.browser.problem = "The network listing failed: [Errno 19] No such device"
    app.run(max_frames=2)     # a picture that changed while dirty() said no fails here
    assert scene.seen[1] == scene.browser.problem and app.top is scene


def test_the_program_lists_on_loopback_only_under_the_tests(menu_app, monkeypatch):
    seen = []
    monkeypatch.setattr(join_mod, "TableBrowser", lambda interfaces: seen.append(interfaces) or FakeBrowser())
    press(menu_app, "j")
    assert seen == [["127.0.0.1"]]


def test_tables_appear_and_go_as_the_listing_changes(joining):
    app, scene = joining
    assert scene.tables == []
    scene.browser.put([BORIS, ANNA])
    app.run(max_frames=2)                   # a picture that moved without dirty() fails here
    assert scene.tables == [BORIS, ANNA]
    press(app, pygame.K_DOWN, pygame.K_DOWN)
    assert scene.tables[scene.index] is ANNA
    scene.browser.put([ANNA])               # Boris goes: Anna stays chosen
    app.run(max_frames=2)
    assert scene.tables == [ANNA] and scene.index == 0
    scene.browser.put([])
    app.run(max_frames=2)
    assert scene.tables == [] and scene.index == -1


def test_choosing_a_listed_table_fills_its_address_and_goes_to_the_code(joining):
    app, scene = joining
    scene.browser.put([ANNA])
    app.run(max_frames=1)
    press(app, pygame.K_DOWN)
    assert scene.values["address"] == "127.0.0.1:4321" and scene.field == 1
    type_text(app, "k7q2")
    press(app, pygame.K_RETURN)
    client = scene.made[0]
    assert (client.host, client.port, client.code, client.name) == ("127.0.0.1", 4321, "k7q2", "Player")
    assert client.started and scene.mode == "connecting"


def test_up_down_with_no_table_listed_beep(joining):
    app, scene = joining
    beeps = app.beeps
    press(app, pygame.K_DOWN)
    assert app.beeps == beeps + 1 and scene.values["address"] == ""


def test_typing_goes_to_the_field_and_what_a_field_cannot_take_beeps(joining):
    app, scene = joining
    type_text(app, "127.0.0.1:9")
    assert scene.values["address"] == "127.0.0.1:9"
    beeps = app.beeps
    type_text(app, "!")
    assert app.beeps == beeps + 1 and scene.values["address"] == "127.0.0.1:9"
    press(app, pygame.K_BACKSPACE)
    assert scene.values["address"] == "127.0.0.1:"
    press(app, pygame.K_TAB)
    type_text(app, "ab:")                   # a code is letters and digits
    assert scene.values["code"] == "ab" and app.beeps == beeps + 2
    press(app, pygame.K_TAB, *[pygame.K_BACKSPACE] * (len("Player") + 1))
    assert scene.values["name"] == "" and app.beeps == beeps + 3     # the last one had nothing left
    type_text(app, "Zoe")
    assert scene.values["name"] == "Zoe"
    press(app, pygame.K_TAB)
    assert scene.field == 0                 # Tab goes round
    pygame.event.post(key_event(pygame.K_TAB, "\t", pygame.KMOD_LSHIFT))
    app.run(max_frames=1)
    assert scene.field == 2                 # Shift+Tab goes back


def test_home_and_end_choose_the_first_and_the_last_table(joining):
    app, scene = joining
    scene.browser.put([BORIS, ANNA])
    app.run(max_frames=1)
    press(app, pygame.K_END)
    assert scene.tables[scene.index] is ANNA and scene.values["address"] == ANNA.where
    press(app, pygame.K_HOME)
    assert scene.tables[scene.index] is BORIS and scene.values["address"] == BORIS.where


def test_a_field_stops_at_its_length(joining):
    app, scene = joining
    press(app, pygame.K_TAB)
    type_text(app, "A" * 12)
    beeps = app.beeps
    type_text(app, "B")
    assert scene.values["code"] == "A" * 12 and app.beeps == beeps + 1


@pytest.mark.parametrize("address, code, name, field, hint", [
    ("", "K7", "Zoe", 0, "host:port"),
    ("127.0.0.1", "K7", "Zoe", 0, "host:port"),               # no port
    ("127.0.0.1:70000", "K7", "Zoe", 0, "host:port"),
    ("192.168.1.5:4321", "K7", "Zoe", 0, "only this machine"),  # the tests reach loopback only
    ("127.0.0.1:4321", "", "Zoe", 1, "table code"),
    ("127.0.0.1:4321", "K7", "  ", 2, "your name"),
])
def test_enter_with_a_field_wrong_beeps_and_says_what_is_missing(joining, address, code, name, field, hint):
    app, scene = joining
    fill_form(app, scene, address, code, name)
    beeps = app.beeps
    press(app, pygame.K_RETURN)
    assert app.beeps == beeps + 1 and scene.made == [] and scene.mode == "form"
    assert scene.field == field and hint in scene.hint.lower()


class Message:
    """A message as game/net/protocol.py hands it over: its kind, and get() for the fields."""

    def __init__(self, kind, **fields):
        self.kind, self.fields = kind, fields

    def get(self, name, default=None):
        return self.fields.get(name, default)


def welcome(seat, game, names=("Anna", "Player"), token="t0k" * 6):
    return {"kind": "welcome", "seat": seat, "game": game, "token": token, "names": list(names), "version": 1}


@pytest.mark.parametrize("as_message", [False, True])
def test_welcome_shows_the_seat_and_the_listed_host_and_waits(joining, as_message):
    app, scene = joining
    scene.browser.put([ANNA])
    app.run(max_frames=1)
    fill_form(app, scene, address=ANNA.where)    # typed, not chosen: the listing still names the host
    press(app, pygame.K_RETURN)
    client = scene.made[0]
    assert [k for k, _ in app.top.key_bar()][0] == "Esc"
    for _ in range(3):
        app.run(max_frames=20)              # connecting: the frames go on (the spinner turns)
    hello = welcome(1, "gin", ["Anna", "Player", "Computer"])
    client.inbox.append(Message(**hello) if as_message else hello)
    app.run(max_frames=1)
    assert scene.mode == "joined" and scene.token == "t0k" * 6
    assert scene.joined_text() == "Joined seat 2 of Anna's Gin Rummy table; waiting for the host."
    assert scene.later_text() == "Playing Gin Rummy from another computer comes in a later version."
    assert scene.seat_names == ["Anna", "Player", "Computer"]
    seats = {"kind": "seats", "names": ["Anna", "Zoe"], "connected": [True, True], "missing": [False, False],
             "computer": [False, False]}
    client.inbox.append(Message(**seats) if as_message else seats)
    app.run(max_frames=2)
    assert scene.seat_names == ["Anna", "Zoe"]
    app.run(max_frames=int(CONNECT_SECONDS * FPS) + FPS)   # joined: no timeout any more
    assert app.top is scene and scene.mode == "joined" and not client.closed


def test_the_waiting_box_says_it_all_with_the_longest_host_name(joining, monkeypatch):
    from game import ui
    app, scene = joining
    scene.browser.put([ListedTable("W", "gin", "W" * 24, 1, 1, "127.0.0.1", 4321)])
    app.run(max_frames=1)
    fill_form(app, scene)
    press(app, pygame.K_RETURN)
    scene.made[0].inbox.append(welcome(3, "gin", ["W" * 24, "A", "B", "Player"]))
    app.run(max_frames=1)
    drawn: list[str] = []
    monkeypatch.setattr(ui, "observer", lambda event: drawn.append(event[3]) if event[0] == "text" else None)
    app.redraw()
    app.run(max_frames=1)
    text = " ".join(line.strip() for line in drawn)
    assert f"Joined seat 4 of {'W' * 24}'s Gin Rummy table; waiting for the host." in text


@pytest.mark.parametrize("reason, text, says", [
    ("code", "Wrong table code.", "That table code is wrong. Ask the host for the code again."),
    ("full", "The table is full.", "That table is full: every seat is taken."),
    ("version", None, "The host plays another version of G'NERTS: both need the same version."),
    ("game", "That table plays another game.", "That table plays another game."),
    ("Your program is version 3; this table plays version 4", None,
     "Your program is version 3; this table plays version 4."),
    (None, None, "The host refused to seat you."),
])
def test_a_refusal_is_told_in_words_and_the_form_comes_back(joining, reason, text, says):
    app, scene = joining
    fill_form(app, scene)
    press(app, pygame.K_RETURN)
    client = scene.made[0]
    beeps = app.beeps
    client.inbox.append({"kind": "refused", "reason": reason, "text": text})
    client.state = "refused"
    app.run(max_frames=1)
    box = app.top
    assert isinstance(box, MessageBox) and box.title == "Could not join"
    assert box.lines == box_lines([says]) and app.beeps == beeps + 1
    assert client.closed and scene.mode == "form" and scene.client is None
    press(app, pygame.K_RETURN)             # the box goes; the form is as it was
    assert app.top is scene and scene.values["code"] == "K7Q2"


def test_a_refused_state_without_a_message_uses_the_clients_reason(joining):
    app, scene = joining
    fill_form(app, scene)
    press(app, pygame.K_RETURN)
    client = scene.made[0]
    client.state, client.reason = "refused", "full"
    app.run(max_frames=1)
    assert "table is full" in " ".join(app.top.lines)


def test_esc_while_connecting_stops_trying(joining):
    app, scene = joining
    fill_form(app, scene)
    press(app, pygame.K_RETURN)
    beeps = app.beeps
    type_text(app, "x")                     # no typing while connecting
    assert app.beeps == beeps + 1
    press(app, pygame.K_ESCAPE)
    assert scene.made[0].closed and scene.mode == "form" and app.top is scene


def test_esc_after_the_welcome_leaves_the_table_then_goes_back_to_the_menu(joining):
    app, scene = joining
    fill_form(app, scene)
    press(app, pygame.K_RETURN)
    scene.made[0].inbox.append(welcome(0, "gin"))
    app.run(max_frames=1)
    press(app, pygame.K_ESCAPE)
    assert scene.made[0].closed and scene.mode == "form" and app.top is scene
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene) and scene.browser.closed


def test_the_host_ending_the_table_or_a_lost_connection_is_told(joining, monkeypatch):
    app, scene = joining
    monkeypatch.setattr(join_mod, "join_table", lambda game: None)     # (told in the waiting box, any game)
    def end(text):
        return lambda c: c.inbox.append({"kind": "end", "reason": "over", "text": text})

    def drop(reason):
        return lambda c: setattr(c, "reason", reason) or setattr(c, "state", "closed")
    for ending, title, says in ((end("The host closed the table."), "Table closed",
                                 ["The host closed the table."]),
                                (end("The game is over"), "Table closed",
                                 ["The host closed the table.", "The game is over."]),
                                (drop(None), "Connection lost", ["The connection to the table was lost."]),
                                (drop("the host's machine went away"), "Connection lost",
                                 ["The connection to the table was lost.", "The host's machine went away."])):
        fill_form(app, scene)
        press(app, pygame.K_RETURN)
        client = scene.made[-1]
        client.inbox.append(welcome(2, "nerts", ["Cleo", "Ann", "Player"]))
        app.run(max_frames=1)
        ending(client)
        app.run(max_frames=1)
        assert isinstance(app.top, MessageBox) and app.top.title == title
        assert app.top.lines == box_lines(says) and scene.mode == "form"
        press(app, pygame.K_RETURN)


def test_a_host_that_never_answers_is_no_answer_after_the_timeout(joining):
    app, scene = joining
    fill_form(app, scene, address="localhost:4321")
    press(app, pygame.K_RETURN)
    app.run(max_frames=int(CONNECT_SECONDS * FPS) - FPS // 2)
    assert scene.mode == "connecting"
    app.run(max_frames=FPS)
    assert isinstance(app.top, MessageBox)
    assert " ".join(app.top.lines).startswith("No answer from localhost:4321.")
    assert scene.made[0].closed


# the slowest frame allowed while connecting: far under a connection attempt that would
# hold the frame (TcpClient.timeout), far over a frame on 2 loaded cores (up to 0.35 s seen)
FRAME_BOUND = 1.0


def tcp_join_screen(app):
    app.push(MenuScene(app))
    made: list[TcpClient] = []
    scene = JoinScene(app, browser=FakeBrowser(), connect=lambda *a: made.append(TcpClient(*a)) or made[-1])
    scene.made = made
    app.push(scene)
    app.run(max_frames=1)                   # the first picture (the font's glyphs made)
    return scene


def frames_until_a_box(app, seconds: float) -> float:
    """Run frames until a box comes (at most `seconds`); the slowest frame's time."""
    start, slowest = time.perf_counter(), 0.0
    while not isinstance(app.top, MessageBox) and time.perf_counter() - start < seconds:
        t = time.perf_counter()
        app.run(max_frames=1)
        slowest = max(slowest, time.perf_counter() - t)
    assert isinstance(app.top, MessageBox), f"no box within {seconds} s"
    return slowest


def test_a_port_nothing_listens_on_is_no_answer_within_a_bounded_time(app):
    scene = tcp_join_screen(app)
    with socket.socket() as s:              # a free port, closed again: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    fill_form(app, scene, address=f"127.0.0.1:{port}")
    post_keys(pygame.K_RETURN)
    slowest = frames_until_a_box(app, 5)
    assert app.top.lines == box_lines([f"No answer from 127.0.0.1:{port}. Check the address, and that the "
                                       "host's table is open.", "Connection refused."])
    assert slowest < FRAME_BOUND and scene.made[0].closed


def test_a_silent_host_never_holds_a_frame(app, monkeypatch):
    """A host whose queue is full drops the connection's first packet: the attempt
    hangs (on the client's thread, TcpClient.timeout seconds), the frames go on, and the
    screen's own timeout says "no answer"."""
    monkeypatch.setattr(join_mod, "CONNECT_SECONDS", 1.0)
    scene = tcp_join_screen(app)
    with socket.socket() as server, socket.socket() as first:
        server.bind(("127.0.0.1", 0))
        server.listen(0)
        first.connect(server.getsockname())     # never accepted: the queue is full
        port = server.getsockname()[1]
        fill_form(app, scene, address=f"127.0.0.1:{port}")
        post_keys(pygame.K_RETURN)
        slowest = frames_until_a_box(app, 10)
    assert " ".join(app.top.lines).startswith(f"No answer from 127.0.0.1:{port}. Check the address")
    assert slowest < FRAME_BOUND < TcpClient.timeout and scene.made[0].closed


def test_the_program_closing_hangs_up_and_stops_listening(joining):
    app, scene = joining
    fill_form(app, scene)
    press(app, pygame.K_RETURN)
    scene.save_state()
    assert scene.made[0].closed and scene.browser.closed


@pytest.mark.parametrize("text, parsed", [
    ("192.168.1.5:4321", ("192.168.1.5", 4321)),
    (" localhost:80 ", ("localhost", 80)),
    ("[::1]:4321", ("::1", 4321)),
    ("gnerts-host.local:65535", ("gnerts-host.local", 65535)),
    ("192.168.1.5", None), ("192.168.1.5:", None), (":4321", None), ("host:0", None),
    ("host:65536", None), ("host:12a", None), ("[nonsense]:4321", None), ("a b:1", None),
])
def test_addresses_are_host_and_port(text, parsed):
    assert parse_address(text) == parsed


def test_a_welcome_keeps_the_seat_token_and_a_stale_token_is_forgotten(joining):
    from game.net import last_table
    app, scene = joining
    assert scene.last is None and scene.rejoin() is False       # nothing to rejoin: the beep's False
    fill_form(app, scene, address="127.0.0.1:4321", code="K7Q2", name="Zoe")
    press(app, pygame.K_RETURN)
    scene.made[0].inbox.append(welcome(2, "gin", ["Anna", "Bo", "Zoe"]))
    app.run(max_frames=1)
    saved = last_table.load(app.storage)
    assert saved == last_table.LastTable("127.0.0.1:4321", "K7Q2", "Zoe", "t0k" * 6, "gin", 2)
    press(app, pygame.K_ESCAPE)                  # left: the seat is still held a while
    assert scene.mode == "form" and "Alt+R rejoins seat 3 of the Gin Rummy table" in scene.rejoin_text()
    scene.values.update(address="", code="")
    type_text(app, "r")                          # a plain r is typed: no rejoin
    assert len(scene.made) == 1 and scene.values["address"] == "r"
    app.key(key_event(pygame.K_r, "r", mod=pygame.KMOD_LALT))
    app.run(max_frames=1)
    rejoining = scene.made[1]
    assert (rejoining.host, rejoining.port, rejoining.code, rejoining.name, rejoining.token) == \
        ("127.0.0.1", 4321, "K7Q2", "Zoe", "t0k" * 6)
    rejoining.inbox.append({"kind": "refused", "reason": "token",
                            "text": "That seat is no longer held for you."})
    rejoining.state = "refused"
    app.run(max_frames=1)
    assert app.top.lines == box_lines(["That seat is no longer held for you."])
    assert scene.last is None and last_table.load(app.storage) is None


def test_a_damaged_last_table_is_set_aside_and_offers_no_rejoin(menu_app):
    from game.net import last_table
    menu_app.storage.write_json(last_table.FILE, last_table.KIND, last_table.SCHEMA,
                                {"address": "x:1", "code": "K", "name": "Zoe", "token": "short",
                                 "game": "gnono", "seat": 0})
    scene = JoinScene(menu_app, browser=FakeBrowser(), connect=FakeClient)
    assert scene.last is None and scene.rejoin_text() == "" and menu_app.storage.problems
