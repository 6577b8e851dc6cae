"""The hosting lobby: a box over a hosted table until play starts. It shows where
friends join (NetHosting.where(): the addresses, the port and the table code) and
each seat (a human or a computer at this computer, open or joined over the network),
updated as players join: it pumps the hosting each step (the table under it waits).
Play starts, and the box goes, once every network seat is joined; S starts at once
(a real-time game's open seats are played by computers; a turn game waits on their turns); I
asks the router to forward the port (hosting.open_internet: its line shows the public
address, or why not); Esc closes the table (every player told) and goes back to the
set-up screen.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game import palette as P
from game import ui
from game.keys import Binding
from game.scene import Pop, Replace
from game.scenes.overlays import Overlay
from game.table.setup_screen import SetupScreen

WIDTH = 70


def seat_status(hosting: Any, host: Any, seat: int, word: str) -> str:
    """A seat as the lobby tells it: "Ann (at this computer)", "open...", "joined: Bob",
    "away: Bob..."."""
    s = host.seats[seat]
    if seat not in hosting.remote:
        return f"{hosting.local_names[seat]} ({word})"      # as this table calls it ("You")
    if s.conn is not None:
        return f"joined: {s.name}"
    return f"away: {s.name} (may come back)" if s.token else "open: waiting for a player"


class HostLobby(Overlay):
    title = "Hosting a table"
    updates_when_covered = True     # under F1/F2 the players still join (and are answered)

    def __init__(self, app: Any, hosting: Any, setup: SetupScreen, seat_words: Sequence[str]):
        """`hosting`: a NetHosting (game/net/hosting.py, not imported: the network
        imports the games' list, which imports the set-up screens and so this box),
        attached to the table under the box; `setup`: the set-up screen
        Esc goes back to; `seat_words`: what each seat is at this computer ("at this
        computer", "computer, hard")."""
        super().__init__(app)
        if hosting.host is None or len(seat_words) != len(hosting.host.seats):
            raise ValueError("the lobby needs a hosting attached to its table, a word for each seat")
        self.hosting, self.host, self.setup = hosting, hosting.host, setup
        self.seat_words = list(seat_words)
        self.seats = self.seat_lines()
        self.internet = hosting.internet_line()

    def seat_lines(self) -> list[str]:
        return [f"Seat {i + 1}: {seat_status(self.hosting, self.host, i, word)}"
                for i, word in enumerate(self.seat_words)]

    def start_words(self) -> str:
        if self.host.spec.realtime:
            return "S starts now: computers play the open seats until players join."
        return "S starts now: the game waits on an open seat's turns until a player joins it."

    # each step --------------------------------------------------------------------------
    def update(self, dt: float) -> Pop | None:
        self.hosting.pump()
        seats, internet = self.seat_lines(), self.hosting.internet_line()
        if seats != self.seats:
            self.seats = seats
            self.app.redraw()           # drawn, and the seats said again
        if internet != self.internet:
            self.internet = internet
            self.app.redraw()
        if self.hosting.started and self.app.top is self:
            return Pop(self)            # every network seat joined: play starts
        return None

    # the keys ---------------------------------------------------------------------------
    def start_now(self) -> Pop:
        self.host.start()
        return Pop(self)

    def close_table(self) -> Pop:
        """Esc: every player told, the port closed, back to the set-up."""
        problem = self.hosting.close()
        self.setup.notice = problem or "The table was closed."
        setup = self.setup
        return Pop(self, then=lambda: Replace(setup))

    def toggle_internet(self) -> None:
        """I: ask the router to forward the port (again: remove the forward)."""
        self.hosting.open_internet()
        self.internet = self.hosting.internet_line()
        self.app.redraw()

    def save_state(self) -> None:
        """The program closes: the players are told the host left."""
        self.hosting.close()

    def bindings(self) -> list[Binding]:
        return [Binding(("s",), "Start now, with the open seats", self.start_now, bar="Start now"),
                Binding(("i",), "Over the internet: ask the router to forward the port (again: stop)",
                        self.toggle_internet, bar="Internet"),
                *self.app_keys(),
                Binding((pygame.K_ESCAPE,), "Close the table (back to the set-up)", self.close_table,
                        bar="Close table")]

    def help_lines(self) -> list[str]:
        return ["HOSTING: your table is open to players on other computers. Give them the "
                "address, the port and the table code shown: on their G'NERTS menu, Join a "
                "table, type them (players on your network see the table listed). Play "
                "starts when every network seat is joined; S starts it now.", "",
                "From the internet, your router must forward TCP port "
                f"{self.hosting.port} to this computer (and its firewall let it in); "
                "players then type your router's public address. I asks the router to do "
                "it (UPnP) and shows that address; if the router does not answer or "
                "refuses, forward the port by hand (README). The link is sealed by the "
                "table code: only players who have it can read the table.", "",
                "Esc closes the table: every player is told, and you are back at the set-up."]

    # speech -----------------------------------------------------------------------------
    def spoken_intro(self) -> str:
        code = self.host.code
        return (f"Hosting {self.host.spec.title}. Friends join at {self.hosting.where()}. "
                f"The code letter by letter: {' '.join(code)}")

    def spoken_focus(self) -> str:
        return ". ".join(self.seats)

    # the picture ------------------------------------------------------------------------
    def lines(self) -> list[tuple[str, int]]:
        """The box's lines and their colours."""
        inner = WIDTH - 4
        out = [(line, P.WHITE) for line in ui.wrap("Tell your friends where to join "
                                                   "(Join a table, on their menu):", inner)]
        out += [(line, P.YELLOW) for line in ui.wrap(self.hosting.where(), inner)]
        if self.hosting.advert is not None:
            out.append(("Players on this network see the table listed.", P.LIGHT_CYAN))
        out += [(line, P.LIGHT_CYAN) for line in ui.wrap(self.internet, inner)]
        out.append(("", P.WHITE))
        out += [(ui.cut(line, inner), P.WHITE) for line in self.seats]
        out.append(("", P.WHITE))
        out.append(("Play starts when every network seat is joined.", P.LIGHT_GREEN))
        out += [(line, P.LIGHT_GREEN) for line in ui.wrap(self.start_words(), inner)]
        return out

    def draw(self, canvas: Any) -> None:
        lines = self.lines()
        h = len(lines) + 4
        col, row = (80 - WIDTH) // 2, max(1, (28 - h) // 2)
        ui.box(canvas, col, row, WIDTH, h, P.WHITE, P.BLUE, title=f"Hosting {self.host.spec.title}")
        for i, (line, fg) in enumerate(lines):
            ui.text(canvas, col + 2, row + 2 + i, line, fg, P.BLUE, WIDTH - 4)
        ui.center(canvas, row + h - 1, " Esc closes the table ", P.YELLOW, P.BLUE, col, WIDTH)
