"""NetHosting: a table opened to the network from the host's own window. The game's
table scene makes its engine as for a local game and attaches it: a TableHost in its
attached mode (the table runs the clock, the deals and its own computers; it hears
every move the network applied), the transport (NetServer, a background thread) and
the LAN listing (discovery.TableAdvert, its free seats kept up to date).

    hosting = NetHosting(key, remote={1})            # seats played over the network
    hosting.attach(engine, names, table.on_network_move)   # opens the port (OSError)
    ... each fixed step: hosting.pump()              # never blocks
    hosting.host.local_move(seat, move)   # the table's own seats (keyboard, computers)
    hosting.host.table_move(move)         # its seatless moves (a deal, the clock's move)
    hosting.open_internet()               # ask the router to forward the port (upnp.py)
    hosting.close()                       # the host leaves: every player is told

No pygame here.
"""
from __future__ import annotations

import socket
from collections.abc import Callable, Collection, Sequence
from typing import Any

from game.games import BY_KEY
from game.net.discovery import TableAdvert, lan_interfaces, loopback_only
from game.net.host import LOCAL, REMOTE, TableHost
from game.net.protocol import DEFAULT_PORT, PROTOCOL_VERSION
from game.net.server import NetServer
from game.net.upnp import PortMapping
from game.words import listed

WITHDRAW_S = 3.0         # how long closing waits for the listing's goodbye


def seats_free(host: TableHost) -> int:
    """The seats open to a player who joins now (no one holds their token)."""
    return sum(s.kind == REMOTE and s.token is None for s in host.seats)


def network_name(name: str) -> str:
    """A local seat's name as the other players read it: the table's "You" (the player
    at this keyboard) is "Host" to them."""
    return "Host" if name.strip().lower() in ("", "you") else name


def addresses() -> list[str]:
    """This machine's addresses a friend may type (loopback only under the tests)."""
    if loopback_only():
        return ["127.0.0.1"]
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = str(info[4][0])
            if addr not in found and not addr.startswith("127."):
                found.append(addr)
    except OSError:
        pass
    return found or ["127.0.0.1"]


class NetHosting:
    def __init__(self, game: str, remote: Collection[int] = (), *, port: int = DEFAULT_PORT,
                 code: str | None = None, level: str = "normal", bind: str | None = None,
                 advertise: bool = True):
        if game not in BY_KEY:
            raise ValueError(f"no game {game!r}")
        self.game, self.remote = game, frozenset(remote)
        self.port, self.code, self.level = port, code, level
        self.bind = bind or ("127.0.0.1" if loopback_only() else "0.0.0.0")
        self.advertise = advertise
        self.host: TableHost | None = None
        self.server: NetServer | None = None
        self.advert: TableAdvert | None = None
        self.local_names: list[str] = []   # the table's own names of its seats ("You")
        self.internet: PortMapping | None = None   # the router's forward, once asked for
        self.router: str | None = None     # the router's description URL (tests); None: searched
        self._free = -1
        self._told = ""                    # the waiting line last told (waiting_news)

    def attach(self, engine: Any, names: Sequence[str],
               table: Callable[[int, Any, list[Any]], None], computers: Collection[int] = ()) -> None:
        """Open the table: the engine the table made, its seats' names (the remote
        seats' are replaced by their players'), the table's ear for the network's
        moves, and which of its own seats its computers play (the players see them
        marked so). OSError (with its sentence) if the port cannot be opened."""
        n = engine.n_seats
        self.local_names = list(names)
        seats = [REMOTE if i in self.remote else LOCAL for i in range(n)]
        host = TableHost(self.game, seats, engine=engine, code=self.code, level=self.level,
                         names=[network_name(names[i]) if i not in self.remote else ""
                                for i in range(n)], table=table, deal_pause_s=None)
        for i in set(computers) - self.remote:
            host.seats[i].bot = True
        self.open(host)

    def open(self, host: TableHost, listed: bool = True) -> None:
        """Open the port for `host` (the headless host's table plays itself; an attached
        one is the window's) and, unless `listed` is False, list it on the LAN.
        OSError if the port cannot be opened."""
        self.host = host
        self.server = NetServer(host, port=self.port, bind=self.bind)
        self.port = self.server.start()
        if listed:
            self.list_table()

    def list_table(self) -> None:
        """Announce the table on the LAN listing (where `advertise` allows it)."""
        if self.advertise and self.host is not None and self.advert is None:
            self._free = seats_free(self.host)
            self.advert = TableAdvert(self.game, socket.gethostname(), self._free,
                                      PROTOCOL_VERSION, self.port, lan_interfaces())

    @property
    def started(self) -> bool:
        """Play may go on: every remote seat was joined, or the host started anyway."""
        return self.host is not None and self.host.started

    def pump(self) -> None:
        """Each fixed step: the network's messages in, the host's out (never blocks)."""
        if self.server is None or self.host is None:
            return
        self.server.pump()
        if self.advert is not None and seats_free(self.host) != self._free:
            self._free = seats_free(self.host)
            self.advert.set_seats_free(self._free)

    def name(self, seat: int) -> str:
        return self.host.seats[seat].name if self.host is not None else f"Seat {seat + 1}"

    def missing(self) -> list[int]:
        """The remote seats whose player is away now (dropped, or not joined yet)."""
        if self.host is None:
            return []
        return [i for i, s in enumerate(self.host.seats) if s.kind == REMOTE and s.conn is None]

    def waiting_line(self) -> str:
        """Who the table waits for, the same at every hosted table: a player to join
        (before play starts), or the players whose connection dropped ("" if none)."""
        away = self.missing()
        if not away:
            return ""
        if not self.started:
            return ("Waiting for a player to join the table." if len(away) == 1 else
                    f"Waiting for {len(away)} players to join the table.")
        return f"Waiting for {listed([self.name(i) for i in away])} to come back."

    def waiting_news(self) -> str:
        """The waiting line once it changes (for a table that tells it in its notes),
        else "" (so is a line that went away)."""
        line = self.waiting_line()
        news = line if line != self._told else ""
        self._told = line
        return news

    def seated(self) -> list[str]:
        """The names of the players seated over the network now (the Leave question
        names them: they are dropped when the host leaves)."""
        if self.host is None:
            return []
        missing = self.missing()
        return [self.name(i) for i in sorted(self.remote) if i not in missing]

    def where(self) -> str:
        """Where friends join: the addresses, the port and the code."""
        return f"{' or '.join(addresses())}, port {self.port}, code {self.host.code if self.host else ''}"

    def open_internet(self) -> None:
        """Ask the router to forward the port to this machine (in the background; the
        mapping's line() says how it goes); asked again, the mapping is removed."""
        if self.internet is not None:
            self.internet.close()
            self.internet = None
        elif self.server is not None:
            self.internet = PortMapping(self.port, location=self.router)
            self.internet.start()

    def internet_line(self) -> str:
        """Where friends on the internet join, or how to ask for it."""
        if self.internet is None:
            return f"Internet: I asks your router to forward port {self.port} to this computer."
        return self.internet.line()

    def close(self) -> str | None:
        """The host leaves: every player is told, the port closed, the listing withdrawn,
        the router's forward removed. A sentence if the listing did not say goodbye, else None."""
        problem = None
        if self.internet is not None:
            self.internet.close()
            self.internet = None
        if self.server is not None:
            self.server.close()
            self.server = None
        if self.advert is not None:
            if not self.advert.withdraw(wait=WITHDRAW_S) or self.advert.problem:
                problem = self.advert.problem or "The LAN listing did not say goodbye in time."
            self.advert = None
        return problem
