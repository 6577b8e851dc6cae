"""The set-up screens' "Host over the network" line, written once for the four games.

A "Play" line chooses where the table plays: at this computer, or hosted over the
network with 1, 2... network seats: seat 2 on (Gin: the opponent); the other seats
are as the set-up says. Hosted, the line's label says the TCP port ("Play on port
47470"), typed there as a seat's name is typed on its line (kept in the options).
Enter makes a NetHosting through the App (`app.open_hosting`: the network imports the
games' list, which imports the set-up screens, so these do not import it), passes
`hosting=` to the factory the set-up calls to make its table (the table attaches it:
game/net/hosting.py) and puts the hosting lobby over the table (host_lobby.py). A
port that cannot be opened is a box; the set-up stays.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.scene import Push, Replace, Scene, Transition
from game.scenes.overlays import MessageBox
from game.table.host_lobby import HostLobby
from game.table.setup_screen import SetupLine, SetupScreen, TextField

HERE, HOSTED = "At this computer", "Host over the network"
PORT_DIGITS = 5
REMOTE_WORDS = "Over the network"     # a remote seat's value on the set-up's seat line
HOST_HELP = ("NETWORK: the Play line hosts the table over the network: seat 2 (and the next "
             "ones, as many network seats as it says) is played by whoever joins with the "
             "address and code the next screen shows; the other seats are as set here. "
             "Players connect to TCP port 47470 unless you type another on the Play line; "
             "to play over the internet your router must forward it to this computer.")


def seat_words(kinds: Sequence[str], labels: Mapping[str, str] | None = None,
               human: str = "human") -> list[str]:
    """What each seat is at this computer, for the lobby: a human "at this computer",
    a computer its level's label ("computer, hard")."""
    return ["at this computer" if k == human else f"computer, {(labels or {}).get(k, k).lower()}"
            for k in kinds]


def seats_text(count: int) -> str:
    """The Play line's value when hosted at a table of more than two: "Host: 2 network
    seats" (the seat lines say which)."""
    return f"Host: {count} network seat{'s' if count > 1 else ''}"


def port_number(text: str) -> int | None:
    """The port the options hold (0: any free port, the lobby shows which), or None."""
    return int(text) if text.isdigit() and int(text) <= 65535 else None


class HostChoice:
    """What a set-up screen chose about the network: `on` (hosted) and `count` (the
    seats played over the network, from seat 2); the port is the options' "net.port".
    `advertise`: list the table on the LAN."""

    def __init__(self, app: Any, game: str, advertise: bool = True):
        self.app, self.game, self.advertise = app, game, advertise
        self.on = False
        self.count = 1
        self.port_typed = False       # the first digit typed replaces the port shown

    # which seats ----------------------------------------------------------------------
    def remote(self, seats: int) -> frozenset[int]:
        """The seats played over the network at a table of `seats` (none unless hosted)."""
        return frozenset(range(1, 1 + min(self.count, seats - 1))) if self.on else frozenset()

    def is_remote(self, seat: int, seats: int) -> bool:
        return seat in self.remote(seats)

    # the line -------------------------------------------------------------------------
    def lines(self, seats: int, gap: bool = False) -> list[SetupLine]:
        """The "Play" line: at this computer, or hosted with 1, 2... network seats (a
        table of two: the one other seat); hosted, the port is typed in its label."""
        def step(d: int) -> None:
            self.step(d, seats)
        if not self.on:
            return [SetupLine("net.play", "Play", HERE, step, gap=gap)]
        port = TextField(self.port, self.type_port, PORT_DIGITS, str.isdigit, lambda: not self.port_typed)
        return [SetupLine("net.play", f"Play on port {self.port()}", self.shown(seats), step, port,
                          label_typed=True, gap=gap)]

    def port(self) -> str:
        return str(self.app.options["net.port"])

    def type_port(self, text: str) -> None:
        self.app.options["net.port"] = text
        self.port_typed = True

    def shown(self, seats: int) -> str:
        if not self.on:
            return HERE
        return HOSTED if seats == 2 else seats_text(min(self.count, seats - 1))

    def step(self, d: int, seats: int) -> None:
        """At this computer, hosted with 1 network seat, 2... (round the ends)."""
        choices = [0, *range(1, seats)]
        now = min(self.count, seats - 1) if self.on else 0
        pick = choices[(choices.index(now) + d) % len(choices)]
        self.on = pick > 0
        self.count = pick or self.count

    def remote_line(self, key: str, label: str) -> SetupLine:
        """A seat's line while it is played over the network: no choice to change."""
        return SetupLine(key, label, REMOTE_WORDS)

    # Enter ----------------------------------------------------------------------------
    def open(self, screen: SetupScreen, seats: int, make: Callable[..., Scene],
             words: Sequence[str], level: str = "normal") -> Transition | bool:
        """The table `make()` gives, in the set-up's place; hosted, `make(hosting=...)`
        with the lobby over it (`words`: what each seat is at this computer, for the
        lobby; `level`: the computers that stand in for dropped Nerts players)."""
        if not self.on:
            return Replace(make())
        app = screen.app
        port = port_number(self.port())
        if port is None:
            screen.notice = "Type the port on the Play line: a number up to 65535 (47470)."
            app.error()
            return True
        app.save_options()            # the port typed is kept for the next table
        hosting = app.open_hosting(self.game, self.remote(seats), port=port, level=level,
                                   advertise=self.advertise)
        try:
            table = make(hosting=hosting)
        except OSError as e:
            hosting.close()
            app.error()
            return Push(MessageBox(app, "Could not host the table", port_problem(port, e)))
        if hosting.host is None:
            raise RuntimeError(f"the {self.game} table did not attach its hosting")
        return Replace(table, then=lambda: Push(HostLobby(app, hosting, screen, words)))


def port_problem(port: int, e: OSError) -> list[str]:
    """The box's lines when the port cannot be opened."""
    why = e.strerror or str(e) or type(e).__name__
    return [f"Port {port} could not be opened: {why}.",
            "Another program (or another table) may be using it: close it, or type "
            "another port on the Play line."]

