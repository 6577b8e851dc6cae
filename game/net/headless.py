"""The headless host: python main.py --host GAME [--port N] [--code CODE] [--seats N]
[--players N]. A table of N players (the game's default without --players) without a
window (for a small server): it prints where to join, fills the first --seats seats
with whoever joins (computers for the rest), and runs until the game
is over or Ctrl-C, which tells every player that the host closed the table.
The table is announced on the LAN listing (discovery.TableAdvert: its port, the
protocol's version, the seats still free) until it closes; under GNERTS_NET_LOOPBACK
(the tests) it listens and announces on loopback only. No pygame here (the engines'
packages are imported through game.games)."""
from __future__ import annotations

import signal
import socket
import time
from collections.abc import Callable

from game.games import BY_KEY
from game.net import adapters
from game.net.discovery import TableAdvert, lan_interfaces, loopback_only
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.protocol import PROTOCOL_VERSION
from game.net.server import NetServer

FRAME_S = 0.004          # the loop's pause: a move waits at most this long at the host
WITHDRAW_S = 3.0         # how long closing waits for the listing's goodbye


def seat_plan(game: str, remote: int | None, players: int | None = None) -> list[str]:
    """The seats of a table of `players` (None: the game's default): `remote` open to
    players (all but one if None), computers after; ValueError with a sentence for a
    number the game cannot seat."""
    spec = BY_KEY[game]
    n = spec.new_engine(0).n_seats if players is None else players
    adapters.check_table_size(spec, n)
    remote = n - 1 if remote is None else remote
    if not 1 <= remote <= n:
        raise ValueError(f"{spec.title} is played here by {n}: --seats is 1 to {n}")
    return [REMOTE] * remote + [COMPUTER] * (n - remote)


def seats_free(host: TableHost) -> int:
    """The seats open to a player who joins now (no one holds their token)."""
    return sum(s.kind == REMOTE and s.token is None for s in host.seats)


def run(game: str, port: int, code: str | None, remote: int | None, bind: str | None = None,
        level: str = "normal", seed: int | None = None, say: Callable[[str], None] | None = None,
        players: int | None = None) -> int:
    say = say or (lambda line: print(line, flush=True))
    bind = bind or ("127.0.0.1" if loopback_only() else "0.0.0.0")
    host = TableHost(game, seat_plan(game, remote, players), seed=seed, code=code, level=level)
    server = NetServer(host, port=port, bind=bind)
    previous = None          # the Ctrl-C handler, while the table says goodbye
    advert: TableAdvert | None = None
    try:
        try:
            port = server.start()
        except OSError as e:
            say(f"gnerts: cannot open port {port} on {bind}: {e.strerror or e}")
            return 1
        title = BY_KEY[game].title
        say(f"Hosting {title} on {bind} port {port} (TCP), table code {host.code}.")
        say(f"Players join with this machine's address, port {port} and the code; "
            f"{sum(s.kind == REMOTE for s in host.seats)} seats for players, the rest computers.")
        say("Ctrl-C closes the table.")
        free = seats_free(host)
        advert = TableAdvert(game, socket.gethostname(), free, PROTOCOL_VERSION, port, lan_interfaces())
        while not host.ended:
            server.pump()
            if seats_free(host) != free:
                free = seats_free(host)
                advert.set_seats_free(free)
            time.sleep(FRAME_S)
        scores = zip(host.seats, host.engine.scores())
        say(f"The game is over: {', '.join(f'{s.name} {p}' for s, p in scores)}.")
    except KeyboardInterrupt:
        # a terminal's Ctrl-C reaches the one-file build twice (its launcher passes it
        # on to this process, which has it from the terminal too): the goodbyes finish
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        say("Table closed.")
    finally:
        server.close()
        if advert is not None and (not advert.withdraw(wait=WITHDRAW_S) or advert.problem):
            say(advert.problem or "The LAN listing did not say goodbye in time.")
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    return 0
