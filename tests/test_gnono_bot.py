"""Gnono's one computer (game/gnono/bot.py): the local table, the network host's
computers (adapters.Computer at a TableHost) and the tests' autoplay (a joiner's
RemotePlayer) call "UNO!", catch a missed call and jump in alike (issue 42 item 2)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from game.clock import STEP_HZ
from game.gnono import net_codec
from game.gnono.bot import GnonoBot, make_bot
from game.gnono.controller import GnonoController
from game.gnono.options import GnonoOptions
from game.gnono.rules import CallUno, Catch, GnonoState, Play
from game.gnono.spec import SPEC
from game.net import adapters
from game.net.autoplay import RemotePlayer

LEVELS = ["hard", "hard", "hard"]
NAMES = ["Ann", "Bob", "Cy"]


def position(hands, top, **kw) -> GnonoState:
    return GnonoState.setup(len(hands), hands, top, seed=3, **kw)


def tune(bots: dict[int, Any], call: dict[int, float], catch: dict[int, float]) -> None:
    """Each seat's chance to remember "UNO!" and to notice a missed one (fixed, not rolled)."""
    for seat, bot in bots.items():
        bot.ai.call_chance = call.get(seat, bot.ai.call_chance)
        bot.ai.catch_chance = catch.get(seat, bot.ai.catch_chance)


def local(st: GnonoState, seats, call, catch, moves=3) -> list:
    ctl = GnonoController(st, LEVELS, NAMES, seed=5)
    assert all(isinstance(b, GnonoBot) for b in ctl.bots.values())     # the one computer
    tune({s: b for s, b in ctl.bots.items() if s in seats}, call, catch)
    out = []
    for now in range(20 * STEP_HZ):
        move = ctl.due(now, 10)
        if move is not None:
            ctl.apply(move)
            out.append(move)
            if len(out) == moves:
                break
    return out


def driven(st: GnonoState, seats, call, catch, make: Callable[[int], Any], ask, moves=3) -> list:
    """A table of computers made by `make(seat)` for `seats`, each asked by `ask(player,
    engine, seat, t)` at every 1/120 s, the moves applied in the order they come."""
    players = {s: make(s) for s in seats}
    tune({s: p.bot for s, p in players.items()}, call, catch)
    out: list = []
    for step in range(20 * STEP_HZ):
        for seat, p in players.items():
            move = ask(p, st, seat, step / STEP_HZ)
            if move is not None:
                st.apply(move)
                out.append(move)
                if len(out) == moves:
                    return out
    return out


def host(st, seats, call, catch, moves=3):
    return driven(st, seats, call, catch, lambda s: adapters.Computer(SPEC, s, "hard", 11 + s),
                  lambda c, engine, seat, t: c.move(engine, t, 0), moves)


def autoplay(st, seats, call, catch, moves=3):
    clock = {"t": 0.0}

    def ask(p, engine, seat, t):
        clock["t"] = t
        view = engine.view(seat)
        if p.view != view:          # the host's update: the seat's view, through the wire
            p.update({"view": net_codec.view_to_json(view)})
        return p.move()
    def make(s):
        return RemotePlayer("gnono", "hard", 11 + s, clock=lambda: clock["t"], seat=s)
    return driven(st, seats, call, catch, make, ask, moves)


PLACES = {"local": local, "host": host, "autoplay": autoplay}


@pytest.mark.parametrize("place", PLACES)
def test_uno_is_called_once_the_card_lands_never_before(place):
    st = position(["R1 G2", "Y1 Y2 Y3", "B1 B2 B3"], "R5")
    moves = PLACES[place](st, {0, 1, 2}, {0: 1.0}, {1: 0.0, 2: 0.0}, moves=2)
    assert moves[0] == Play(0, moves[0].card) and str(moves[0].card) == "R1"   # no call first
    assert moves[1] == CallUno(0)


@pytest.mark.parametrize("place", PLACES)
def test_a_forgotten_uno_is_caught(place):
    st = position(["R1 G2", "Y1 Y2 Y3", "B1 B2 B3"], "R5")
    moves = PLACES[place](st, {0, 1, 2}, {0: 0.0}, {1: 1.0, 2: 0.0}, moves=2)
    assert str(moves[0].card) == "R1"
    assert moves[1] == Catch(1, 0)
    assert len(st.hands[0]) == 3          # one card left and two drawn


@pytest.mark.parametrize("place", PLACES)
def test_a_computer_jumps_in_with_the_identical_card(place):
    st = position(["G7 G8 G9", "Y1 Y2 Y3", "R5 B1 B2"], "R5", options=GnonoOptions(jump_in=True))
    moves = PLACES[place](st, {0, 1, 2} if place == "local" else {2}, {}, {}, moves=1)
    assert moves == [Play(2, moves[0].card)] and str(moves[0].card) == "R5"


def test_decisions_come_from_the_view_alone_once_each():
    """The same view (from the engine, or through the wire) gives the same decision;
    a call is offered once."""
    st = position(["R1 G2", "Y1 Y2 Y3", "B1 B2 B3"], "R5")
    st.apply(Play(0, st.hands[0][0]))
    a, b = make_bot("hard", 7, 0), make_bot("hard", 7, 0)
    view = st.view(0)
    wire = net_codec.view_from_json(net_codec.view_to_json(view))
    assert a.step(view, 0) == b.step(wire, 0) == CallUno(0)
    assert a.uno(view, 1) is None and a.step(view, 2) is None      # once
