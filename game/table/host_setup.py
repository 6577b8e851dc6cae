"""The set-up screens' "Host over the network" lines, written once for the four games.

A "Play" line chooses where the table plays: at this computer, or hosted over the
network. Hosted, the seats from seat 2 on are played over the network, as many as
the "Over the network" line says (Gin: the opponent), the others as the set-up says;
a "Port" line takes the TCP port (47470 unless typed). Enter makes a NetHosting and
passes `hosting=` to the factory the set-up calls to make its table (the table
attaches it: game/net/hosting.py), then puts the hosting lobby over the table
(game/table/host_lobby.py). A port that cannot be opened is a box; the set-up stays.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from game.net.protocol import DEFAULT_PORT
from game.scene import Push, Replace, Scene, Transition
from game.scenes.overlays import MessageBox
from game.table.setup_screen import SetupLine, SetupScreen, TextField

HERE, HOSTED = "At this computer", "Host over the network"
REMOTE_WORDS = "Over the network"     # a remote seat's value on the set-up's seat line
PORT_DIGITS = 5


def seat_words(kinds: Sequence[str], labels: Mapping[str, str] | None = None,
               human: str = "human") -> list[str]:
    """What each seat is at this computer, for the lobby: the first human "you", the
    others "at this keyboard", a computer its level's label ("computer, hard")."""
    first = kinds.index(human) if human in kinds else -1
    return ["you" if i == first else "at this keyboard" if k == human else
            f"computer, {(labels or {}).get(k, k).lower()}" for i, k in enumerate(kinds)]


def seats_text(count: int) -> str:
    """How many seats play over the network, and which: "2 (seats 2-3)"."""
    return "1 (seat 2)" if count == 1 else f"{count} (seats 2-{count + 1})"


class HostChoice:
    """What a set-up screen chose about the network: `on` (hosted), `count` (remote
    seats, from seat 2), `port` (as typed). `advertise`: list the table on the LAN."""

    def __init__(self, game: str, advertise: bool = True):
        self.game, self.advertise = game, advertise
        self.on = False
        self.count = 1
        self.port = str(DEFAULT_PORT)
        self.port_typed = False       # the first digit typed replaces the default shown

    # which seats ----------------------------------------------------------------------
    def remote(self, seats: int) -> frozenset[int]:
        """The seats played over the network at a table of `seats` (none unless hosted)."""
        return frozenset(range(1, 1 + min(self.count, seats - 1))) if self.on else frozenset()

    def is_remote(self, seat: int, seats: int) -> bool:
        return seat in self.remote(seats)

    # the lines ------------------------------------------------------------------------
    def lines(self, seats: int, gap: bool = False) -> list[SetupLine]:
        """The "Play" line; hosted, how many seats are remote (a table of more than
        two) and the port."""
        out = [SetupLine("net.play", "Play", HOSTED if self.on else HERE, self.flip, gap=gap)]
        if self.on:
            if seats > 2:
                count = min(self.count, seats - 1)
                out.append(SetupLine("net.remote", REMOTE_WORDS, seats_text(count),
                                     lambda d: self.step_count(d, seats)))
            out.append(SetupLine("net.port", "Port (TCP)", self.port,
                                 text=TextField(lambda: self.port, self.type_port, PORT_DIGITS,
                                                str.isdigit, lambda: not self.port_typed)))
        return out

    def remote_line(self, key: str, label: str) -> SetupLine:
        """A seat's line while it is played over the network: no choice to change."""
        return SetupLine(key, label, REMOTE_WORDS)

    def flip(self, d: int) -> None:
        self.on = not self.on

    def step_count(self, d: int, seats: int) -> None:
        self.count = (min(self.count, seats - 1) - 1 + d) % (seats - 1) + 1

    def type_port(self, text: str) -> None:
        self.port, self.port_typed = text, True

    def port_number(self) -> int | None:
        """The port typed (0: any free port, the lobby shows which), or None."""
        return int(self.port) if self.port.isdigit() and int(self.port) <= 65535 else None

    # Enter ----------------------------------------------------------------------------
    def open(self, screen: SetupScreen, seats: int, make: Callable[..., Scene],
             seat_words: Sequence[str], level: str = "normal") -> Transition | bool:
        """The table `make()` gives, in the set-up's place; hosted, `make(hosting=...)`
        with the lobby over it (`seat_words`: what each seat is at this computer, for
        the lobby; `level`: the computers that stand in for dropped Nerts players)."""
        if not self.on:
            return Replace(make())
        app = screen.app
        port = self.port_number()
        if port is None:
            screen.notice = "The port is a number from 1 to 65535 (47470 if you are not sure)."
            app.error()
            return True
        # (lazy: the network loads only to host; game.games, which it imports, imports
        # the tables, and they their set-up screens, which import this module)
        from game.net.hosting import NetHosting
        from game.table.host_lobby import HostLobby
        hosting = NetHosting(self.game, self.remote(seats), port=port, level=level,
                             advertise=self.advertise)
        try:
            table = make(hosting=hosting)
        except OSError as e:
            hosting.close()
            app.error()
            return Push(MessageBox(app, "Could not host the table", port_problem(port, e)))
        if hosting.host is None:
            raise RuntimeError(f"the {self.game} table did not attach its hosting")
        return Replace(table, then=lambda: Push(HostLobby(app, hosting, screen, seat_words)))


def port_problem(port: int, e: OSError) -> list[str]:
    """The box's lines when the port cannot be opened."""
    why = e.strerror or str(e) or type(e).__name__
    return [f"Port {port} could not be opened: {why}.",
            "Another program (or another table) may be using it: type another port on "
            "the Port line, or close that program, and press Enter again."]

