"""The set-up screens' "Host over the network" (game/table/host_setup.py) for the four
games, with a stand-in for each game's table factory (the tables take `hosting=` on
their own branches): the Play line and how many seats are remote; Enter passes
`hosting=NetHosting(...)` to the factory, and the lobby comes over the table; local
play passes no hosting; a port in use is a box and the set-up stays; a bad port is a
notice and the beep; the port is typed on the Play line (digits only), kept. Loopback only
(GNERTS_NET_LOOPBACK), port 0 or a port this test holds, no LAN listing (the one
listing test is in test_host_lobby.py)."""
from __future__ import annotations

import socket

import pygame
import pytest

from game.net.hosting import NetHosting
from game.scenes.overlays import MessageBox
from game.table.host_lobby import HostLobby
from game.table.host_setup import HERE, REMOTE_WORDS
from tests.host_standin import Made, StandInTable, host_it, key, setup_for


class StandIn(StandInTable):
    def __init__(self, app):
        super().__init__(app, "gnono", 4)


@pytest.fixture
def made() -> Made:
    return Made()


@pytest.fixture
def hostings(made):
    yield made
    made.close()


@pytest.mark.parametrize("game", ["gnono", "gin", "gostop", "nerts"])
def test_enter_on_a_hosted_set_up_passes_hosting_and_puts_the_lobby_over_the_table(menu_app, hostings, game):
    app, made = menu_app, hostings
    screen = setup_for(game, app, made)
    app.push(screen)
    assert [line.value for line in screen.lines() if line.key == "net.play"] == [HERE]
    host_it(app, screen)
    seat2 = next(line for line in screen.lines() if line.label.startswith(("Seat 2", "Opponent")))
    assert seat2.value == REMOTE_WORDS and seat2.step is None     # its kind is no choice now
    key(app, pygame.K_RETURN, "\r")
    args, kw = made.calls[-1]
    hosting = kw["hosting"]
    assert isinstance(hosting, NetHosting) and hosting.game == game and hosting.remote == {1}
    assert hosting.port > 0 and hosting.advert is None            # port 0: the one it got
    assert isinstance(app.top, HostLobby) and app.scenes[-2] is made.tables[-1]
    assert screen not in app.scenes
    assert not getattr(made.tables[-1], "saved", False)           # saved once play starts
    if game == "gin":
        assert args[1]["opponent"] == "computer"                  # no second human here


@pytest.mark.parametrize("game", ["gnono", "gin", "gostop", "nerts"])
def test_enter_on_a_local_set_up_passes_no_hosting(menu_app, made, game):
    screen = setup_for(game, menu_app, made)
    menu_app.push(screen)
    key(menu_app, pygame.K_RETURN, "\r")
    assert made.calls and "hosting" not in made.calls[-1][1]
    assert menu_app.top is made.tables[-1] and made.tables[-1].hosting is None


def test_the_play_line_counts_the_network_seats_and_the_others_stay_as_set(menu_app, hostings):
    app, made = menu_app, hostings
    o = app.options
    o["gnono.seats"], o["gnono.seat2"], o["gnono.seat3"], o["gnono.seat4"] = 4, "human", "human", "hard"
    screen = setup_for("gnono", app, made)
    app.push(screen)
    host_it(app, screen)
    shown = [screen.line.value]
    for _ in range(4):
        key(app, pygame.K_RIGHT)
        shown.append(screen.line.value)
    assert shown == ["Host: 1 network seat", "Host: 2 network seats",
                     "Host: 3 network seats", HERE, "Host: 1 network seat"]
    key(app, pygame.K_RIGHT)
    assert [line.value for line in screen.lines()[2:5]] == [REMOTE_WORDS, REMOTE_WORDS, "Computer, hard"]
    key(app, pygame.K_RETURN, "\r")
    args, kw = made.calls[-1]
    kinds, names = args[1], args[2]
    assert kw["hosting"].remote == {1, 2}
    # the network seats are no humans here: no hot seat, the host is still "You"
    assert kinds == ["human", "normal", "normal", "hard"] and names[0] == "You"


def test_a_port_in_use_is_a_box_and_the_set_up_stays(menu_app, made):
    app = menu_app
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        screen = setup_for("gnono", app, made)
        app.push(screen)
        host_it(app, screen)
        app.options["net.port"] = str(port)
        beeps = app.beeps
        key(app, pygame.K_RETURN, "\r")
        box = app.top
        assert isinstance(box, MessageBox) and box.title == "Could not host the table"
        assert f"Port {port} could not be opened" in " ".join(box.lines)
        assert app.scenes[-2] is screen and app.beeps == beeps + 1
        hosting = made.calls[-1][1]["hosting"]
        assert hosting.port == port and hosting.server is None     # nothing left open
        key(app, pygame.K_SPACE, " ")
        assert app.top is screen
    finally:
        taken.close()


def test_a_port_that_is_no_port_is_a_notice_and_the_beep(menu_app, made):
    app = menu_app
    screen = setup_for("nerts", app, made)
    app.push(screen)
    host_it(app, screen)
    app.options["net.port"] = "99999"
    beeps = app.beeps
    key(app, pygame.K_RETURN, "\r")
    assert app.top is screen and not made.calls and app.beeps == beeps + 1
    assert "Play line" in screen.notice


def test_the_port_is_typed_on_the_play_line_and_kept_in_the_options(menu_app, hostings):
    app, made = menu_app, hostings
    screen = setup_for("gostop", app, made)
    app.push(screen)
    host_it(app, screen)
    assert screen.line.label == "Play on port 0" and screen.line.label_typed
    key(app, pygame.K_BACKSPACE)
    beeps = app.beeps
    key(app, pygame.K_a, "a")                          # no letter in a port: the beep
    assert app.beeps == beeps + 1 and screen.line.label == "Play on port "
    for ch in "470":
        key(app, getattr(pygame, f"K_{ch}"), ch)
    assert screen.line.label == "Play on port 470" and app.options["net.port"] == "470"
    screen.host.port_typed = False
    key(app, pygame.K_0, "0")                          # a port not typed yet: replaced
    assert app.options["net.port"] == "0"
    key(app, pygame.K_RETURN, "\r")
    assert isinstance(app.top, HostLobby) and made.calls[-1][1]["hosting"].port > 0
    with open(app.storage.path("options.json")) as kept:
        assert '"net.port": "0"' in kept.read()
    with pytest.raises(ValueError):
        app.options["net.port"] = "47a"


def test_the_play_line_back_to_this_computer_gives_the_seats_back(menu_app, made):
    app = menu_app
    app.options["nerts.seats"], app.options["nerts.seat2"] = 3, "hard"
    screen = setup_for("nerts", app, made)
    app.push(screen)
    host_it(app, screen)
    assert screen.lines()[2].value == REMOTE_WORDS
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert screen.line.value == HERE
    assert screen.lines()[2].value == "Computer, hard"


@pytest.mark.parametrize("game", ["gin", "gnono", "gostop", "nerts"])
def test_each_games_own_set_up_offers_the_play_line(menu_app, game):
    """The real set-up screens (their real table factories all take hosting=)."""
    from game.games import BY_KEY
    screen = BY_KEY[game].parts.start(menu_app, 1)
    menu_app.push(screen)
    assert "net.play" in [line.key for line in screen.lines()]
