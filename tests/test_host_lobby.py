"""The hosting lobby (game/table/host_lobby.py) over a hosted table, reached from a
set-up screen by its keys (a stand-in table factory, tests/test_host_setup.py): where
to join and the seats, updated as players join over loopback; it goes when every
network seat is joined; S starts now (open Nerts seats: computers); Esc closes the
table (the joined player told) and goes back to the set-up; a key with nothing to do
beeps; what it says aloud; players are answered under its help box. One test lists
the table on the loopback LAN listing."""
from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from game.net.client import CLOSED, JOINED, NetClient
from game.scenes.overlays import HelpBox, KeysBox
from game.speech import RecordingSpeaker
from game.table.host_lobby import HostLobby
from tests.host_standin import Made, host_it, key, setup_for


@pytest.fixture
def hostings():
    made = Made()
    yield made
    made.close()


def frames(app: Any, until, timeout_s: float = 10.0) -> bool:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        app.run(max_frames=1)
        if until():
            return True
        time.sleep(0.002)
    return False


def hosted(app: Any, made: Any, game: str, remote: int = 1, advertise: bool = False) -> HostLobby:
    """The game's set-up hosted by its keys, `remote` seats over the network: its lobby."""
    screen = setup_for(game, app, made)
    app.push(screen)
    host_it(app, screen)
    screen.host.advertise = advertise
    if remote > 1:
        screen.host.count = remote
    key(app, pygame.K_RETURN, "\r")
    lobby = app.top
    assert isinstance(lobby, HostLobby)
    return lobby


def join(lobby: HostLobby, name: str) -> NetClient:
    client = NetClient("127.0.0.1", lobby.hosting.port, lobby.host.code.lower(), name)
    client.start()
    return client


def test_the_lobby_shows_where_and_the_seats_as_players_join_and_goes_when_all_are_in(menu_app, hostings):
    app = menu_app
    app.options["gnono.seats"] = 3
    lobby = hosted(app, hostings, "gnono", remote=2)
    hosting, table = lobby.hosting, app.scenes[-2]
    text = [line for line, _ in lobby.lines()]
    assert f"127.0.0.1, port {hosting.port}, code {lobby.host.code}" in text
    assert lobby.seats == ["Seat 1: Host (at this computer)", "Seat 2: open: waiting for a player",
                           "Seat 3: open: waiting for a player"]
    ann = join(lobby, "Ann")
    bob = None
    try:
        assert frames(app, lambda: "Seat 2: joined: Ann" in lobby.seats and ann.state == JOINED)
        assert app.top is lobby and not hosting.started
        assert lobby.spoken_focus().startswith("Seat 1: Host (at this computer). Seat 2: joined: Ann")
        bob = join(lobby, "Bob")
        assert frames(app, lambda: app.top is table)
        assert hosting.started and [s.name for s in lobby.host.seats] == ["Host", "Ann", "Bob"]
    finally:
        for client in (ann, bob):
            if client is not None:
                client.close()


def test_s_starts_now_and_a_nerts_table_gives_the_open_seat_to_a_computer(menu_app, hostings):
    app = menu_app
    lobby = hosted(app, hostings, "nerts")
    bar = [label for _, label in lobby.key_bar() or []]
    assert bar[0] == "Start now" and "Close table" in bar
    key(app, pygame.K_s, "s")
    assert app.top is hostings.tables[-1] and lobby.hosting.started
    assert lobby.host.seats[1].computer is not None


def test_esc_closes_the_table_tells_the_player_and_goes_back_to_the_set_up(menu_app, hostings):
    app = menu_app
    app.options["gnono.seats"] = 3
    lobby = hosted(app, hostings, "gnono", remote=2)
    screen = lobby.setup
    ann = join(lobby, "Ann")
    try:
        assert frames(app, lambda: "Seat 2: joined: Ann" in lobby.seats)
        beeps, seats = app.beeps, list(lobby.seats)
        key(app, pygame.K_x, "x")                       # nothing to do: the beep
        assert app.beeps == beeps + 1 and app.top is lobby and lobby.seats == seats
        key(app, pygame.K_F1)
        assert isinstance(app.top, KeysBox)
        key(app, pygame.K_ESCAPE)
        assert app.top is lobby
        key(app, pygame.K_ESCAPE)
        assert app.top is screen and screen.notice == "The table was closed."
        assert hostings.tables[-1] not in app.scenes and lobby.hosting.server is None
        deadline = time.monotonic() + 5
        while ann.state != CLOSED and time.monotonic() < deadline:
            time.sleep(0.01)
        assert (ann.state, ann.reason) == (CLOSED, "The host closed the table.")
    finally:
        ann.close()


def test_the_lobby_says_where_to_join_and_spells_the_code(menu_app, hostings):
    lobby = hosted(menu_app, hostings, "gostop")
    said = lobby.spoken_intro()
    code = lobby.host.code
    assert said.startswith("Hosting Go-Stop. Friends join at 127.0.0.1, port ")
    assert said.endswith("The code letter by letter: " + " ".join(code))
    assert lobby.spoken_focus() == "Seat 1: Host (at this computer). Seat 2: open: waiting for a player"


def test_a_hosted_table_is_listed_on_loopback_and_withdrawn_when_closed(menu_app, hostings):
    from game.net.discovery import LOOPBACK, TableBrowser
    app = menu_app
    browser = TableBrowser(LOOPBACK)
    try:
        lobby = hosted(app, hostings, "gin", advertise=True)
        port = lobby.hosting.port
        assert "Players on this network see the table listed." in [line for line, _ in lobby.lines()]

        def listed() -> Any:
            return next((t for t in browser.tables() if t.port == port), None)
        assert frames(app, lambda: listed() is not None), "the hosted table never showed on the listing"
        assert (listed().game, listed().seats_free, listed().address) == ("gin", 1, "127.0.0.1")
        key(app, pygame.K_ESCAPE)
        assert frames(app, lambda: listed() is None), "the table was not withdrawn"
    finally:
        assert browser.close(wait=5)


def test_players_are_answered_under_the_help_box_and_play_starts_once_it_is_closed(menu_app, hostings):
    app = menu_app
    lobby = hosted(app, hostings, "gin")
    key(app, pygame.K_F2)
    assert isinstance(app.top, HelpBox)
    ann = join(lobby, "Ann")
    try:
        assert frames(app, lambda: ann.state == JOINED), "no welcome while the help box was up"
        assert lobby.hosting.started and lobby in app.scenes      # it goes when uncovered
        key(app, pygame.K_ESCAPE)
        assert frames(app, lambda: app.top is hostings.tables[-1])
    finally:
        ann.close()


def test_the_lobby_says_who_joined(menu_app, hostings):
    app = menu_app
    app.options["speech.on"] = True
    app.speaker = voice = RecordingSpeaker()
    app.options["gnono.seats"] = 3
    lobby = hosted(app, hostings, "gnono", remote=2)
    assert frames(app, lambda: any(said.startswith("Hosting Gnono.") for said in voice.said))
    ann = join(lobby, "Ann")
    try:
        assert frames(app, lambda: "Seat 1: Host (at this computer). Seat 2: joined: Ann. "
                                   "Seat 3: open: waiting for a player" in voice.said)
    finally:
        ann.close()
