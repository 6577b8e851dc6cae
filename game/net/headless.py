"""The headless host: python main.py --host GAME [--port N] [--code CODE] [--seats N]
[--players N]. A table of N players (the game's default without --players) without a
window (for a small server): it prints where to join, fills the first --seats seats
with whoever joins (computers for the rest), and runs until the game
is over or Ctrl-C, SIGTERM (a service manager, `kill`) or SIGHUP (the terminal
closed), each of which tells every player that the host closed the table, withdraws
the listing and exits 0.
The table is announced on the LAN listing (discovery.TableAdvert: its port, the
protocol's version, the seats still free) until it closes; under GNERTS_NET_LOOPBACK
(the tests) it listens and announces on loopback only. No pygame here (the engines'
packages are imported through game.games)."""
from __future__ import annotations

import signal
import time
from collections.abc import Callable

from game.games import BY_KEY
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.hosting import NetHosting
from game.words import counted

FRAME_S = 0.004          # the loop's pause: a move waits at most this long at the host
# the signals that close the table as Ctrl-C does (those the platform has)
CLOSING = [getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)]


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(signal.Signals(signum).name)


def _deaf(previous: dict[int, object]) -> None:
    """Ignore the closing signals while the table says goodbye: a terminal's Ctrl-C
    reaches the one-file build twice (its launcher passes it on to this process, which
    has it from the terminal too), and a service manager may send SIGTERM twice."""
    for sig in CLOSING:
        previous.setdefault(sig, signal.getsignal(sig))
        signal.signal(sig, signal.SIG_IGN)


def seat_plan(game: str, remote: int | None, players: int | None = None) -> list[str]:
    """The seats of a table of `players` (None: the game's default): `remote` open to
    players (all but one if None), computers after; ValueError with a sentence for a
    number the game cannot seat."""
    spec = BY_KEY[game]
    n = spec.parts.new_engine(0).n_seats if players is None else players
    spec.check_seats(n)
    remote = n - 1 if remote is None else remote
    if not 1 <= remote <= n:
        raise ValueError(f"{spec.title} is played here by {n}: --seats is 1 to {n}")
    return [REMOTE] * remote + [COMPUTER] * (n - remote)


def run(game: str, port: int, code: str | None, remote: int | None, bind: str | None = None,
        level: str = "normal", seed: int | None = None, say: Callable[[str], None] | None = None,
        players: int | None = None) -> int:
    say = say or (lambda line: print(line, flush=True))
    hosting = NetHosting(game, port=port, code=code, level=level, bind=bind)
    host = TableHost(game, seat_plan(game, remote, players), seed=seed, code=code, level=level)
    previous: dict[int, object] = {}   # the signals' handlers, while the table says goodbye
    for sig in CLOSING[1:]:
        previous[sig] = signal.signal(sig, _interrupt)
    try:
        try:
            hosting.open(host, listed=False)
        except OSError as e:
            say(f"gnerts: cannot open port {port} on {hosting.bind}: {e.strerror or e}")
            return 1
        title = BY_KEY[game].title
        say(f"Hosting {title} on {hosting.bind} port {hosting.port} (TCP), table code {host.code}.")
        say(f"Players join with this machine's address, port {hosting.port} and the code; "
            f"{counted(sum(s.kind == REMOTE for s in host.seats), 'seat')} open to players who join, "
            "the rest computers.")
        say("Ctrl-C (or SIGTERM) closes the table.")
        hosting.list_table()           # (after the lines: a joiner reads them at once)
        while not host.ended:
            hosting.pump()
            time.sleep(FRAME_S)
        scores = zip(host.seats, host.engine.scores())
        say(f"The game is over: {', '.join(f'{s.name} {p}' for s, p in scores)}.")
    except KeyboardInterrupt:
        _deaf(previous)
        say("Table closed.")
    finally:
        _deaf(previous)
        problem = hosting.close()
        if problem:
            say(problem)
        for sig, handler in previous.items():
            signal.signal(sig, handler)       # type: ignore[arg-type]
    return 0
