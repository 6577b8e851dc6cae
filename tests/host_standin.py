"""A stand-in for each game's table factory as the set-up screens call it with
`hosting=` (the tables take it on their own branches; the contract: make the engine,
attach it), and the keys that host a table from a set-up screen. For
tests/test_host_setup.py and tests/test_host_lobby.py."""
from __future__ import annotations

from typing import Any

import pygame

from game.games import BY_KEY
from game.gin.setup import SessionScene
from game.gnono.setup import GnonoSetup
from game.gostop.setup import GoStopSetup
from game.nerts.setup import SetupScene
from game.net import adapters
from game.net.hosting import NetHosting
from game.scene import Replace, Scene
from game.table.host_setup import HOSTED
from tests.helpers import key_event, text_event


class StandInTable(Scene):
    """What a game's table does with hosting= (the contract in docs/network.md): it
    makes its engine and attaches it (OSError if the port cannot be opened)."""

    def __init__(self, app: Any, game: str, seats: int, hosting: NetHosting | None = None):
        super().__init__(app)
        self.hosting = hosting
        self.heard: list[tuple[int, Any, list[Any]]] = []
        if hosting is not None:
            engine = adapters.new_engine(BY_KEY[game], 1, None, seats)
            hosting.attach(engine, ["Host"] + [f"Seat {i + 1}" for i in range(1, seats)],
                           lambda *move: self.heard.append(move))

    def update(self, dt: float) -> None:
        if self.hosting is not None:
            self.hosting.pump()

    def save(self) -> bool:
        self.saved = True
        return True


class Made:
    """The set-up's calls of its table factory: (positional arguments, keywords)."""

    def __init__(self) -> None:
        self.calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
        self.tables: list[StandInTable] = []

    def close(self) -> None:
        """Every table it opened closed (the players told, the port and listing gone)."""
        for table in self.tables:
            if table.hosting is not None:
                table.hosting.close()

    def table(self, game: str, seats: int, args: tuple[Any, ...], kw: dict[str, Any]) -> StandInTable:
        self.calls.append((args, kw))
        table = StandInTable(args[0], game, seats, kw.get("hosting"))
        self.tables.append(table)
        return table


def setup_for(game: str, app: Any, made: Made) -> Any:
    """The game's set-up screen, its table factory a stand-in."""
    if game == "gnono":
        return GnonoSetup(app, lambda *a, **kw: made.table(game, len(a[1]), a, kw), seed=1)
    if game == "gostop":
        return GoStopSetup(app, lambda *a, **kw: made.table(game, a[1].n_seats, a, kw), seed=1)
    if game == "nerts":
        return SetupScene(app, 1, lambda *a, **kw: made.table(game, len(a[1]), a, kw))
    return SessionScene(app, lambda session, **kw: Replace(made.table(game, 2, (app, session), kw)))


def key(app: Any, k: int, ch: str = "") -> None:
    """A key as a keyboard sends it: a character's TEXTINPUT after its KEYDOWN."""
    app.key(key_event(k, ch))
    if ch.isprintable() and ch:
        app.text(text_event(ch))


def go_to(app: Any, screen: Any, line_key: str) -> None:
    """Down to the line `line_key` by the keys."""
    for _ in range(len(screen.lines())):
        if screen.line.key == line_key:
            return
        key(app, pygame.K_DOWN)
    raise AssertionError(f"no line {line_key}")


def host_it(app: Any, screen: Any) -> None:
    """The Play line to hosted (one network seat), on port 0 (any free port)."""
    app.options["net.port"] = "0"
    screen.host.advertise = False
    go_to(app, screen, "net.play")
    key(app, pygame.K_RIGHT)
    assert screen.line.value in (HOSTED, "Host: 1 network seat") and screen.line.label == "Play on port 0"
