"""TableHost: one network table, pure and synchronous (no sockets, no threads: the
transport in server.py feeds it, tests drive it directly).

It holds the one authoritative engine and the seats: remote humans, computers at a
level (fed only their seat's view) and local humans (the host's own table). Every
message from a connection goes through protocol.parse; a move is checked against the
seat's listed moves and applied, or answered `illegal` with nothing changed. Each
accepted move becomes one `update` per connected seat: its view and the events it may
know (the game's net codec). The host's output is a list of (connection, text) in
`outbox`; text None means "close that connection" (after what was sent before).

The windowed host (game/table/net_hosting.py) attaches its own table scene: given
`table`, the host neither runs a real-time game's clock nor deals between hands nor plays
computers at LOCAL seats: that table does, applying its seats' moves through
local_move and its seatless ones (the clock's move, a deal) through table_move, and
it is told of every move the network applied (`table(seat, move, events)`), so its
notes, replay, saves and statistics are a local game's.

Faults: a dropped player keeps its seat for `grace_s` (its seat token brings it back);
meanwhile a turn game waits and `seats` tells who is missing, and in a real-time game
a computer at the host's level plays the seat. After the grace the seat is open to
anyone. What differs between games, the game declares (game/gamespec.py): its seats,
its clock, its engine's table_move, its net codec and its computer.
No pygame here.
"""
from __future__ import annotations

import hmac
import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine import Clocked, IllegalMove, advance_clock
from game.games import BY_KEY
from game.net import adapters, protocol
from game.net.protocol import PROTOCOL_VERSION, Message, ProtocolError

REMOTE, COMPUTER, LOCAL = "remote", "computer", "local"
GRACE_S = 180.0          # how long a dropped player's seat is kept for its token
HELLO_S = 10.0           # a connection says hello within this, or is closed
RATE = 30.0              # messages a second a connection may send, sustained...
BURST = 60.0             # ...and at once
DEAL_PAUSE_S = 8.0       # between hands, the table deals after this (None: never)
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I: read aloud safely


def new_code(rng: random.Random | None = None) -> str:
    """A short table code to give to friends: 6 letters and digits."""
    pick = (rng or secrets.SystemRandom()).choice
    return "".join(pick(CODE_LETTERS) for _ in range(6))


@dataclass
class Seat:
    kind: str                       # REMOTE, COMPUTER or LOCAL
    name: str
    token: str | None = None        # a remote seat's token, once someone holds it
    conn: int | None = None         # its connection now
    left_at: float | None = None    # when its player dropped
    computer: adapters.Computer | None = None   # who plays it now, if a computer
    bot: bool = False               # a LOCAL seat the attached table's own computer plays

    @property
    def missing(self) -> bool:
        return self.kind == REMOTE and self.token is not None and self.conn is None


@dataclass
class Conn:
    opened: float
    address: str = ""               # where it comes from
    tokens: float = BURST
    refilled: float = 0.0
    seat: int | None = None
    sent_seqs: set[int] = field(default_factory=set)


class TableHost:
    def __init__(self, game: str, seats: Sequence[str], *, seed: int | None = None,
                 options: Any = None, engine: Any = None, code: str | None = None,
                 level: str = "normal", names: Sequence[str] | None = None,
                 grace_s: float = GRACE_S, computer_delay_s: float = 0.6,
                 deal_pause_s: float | None = DEAL_PAUSE_S, rate: float = RATE,
                 burst: float = BURST, clock: Callable[[], float] = time.monotonic,
                 codec: Any = None, table: Callable[[int, Any, list[Any]], None] | None = None):
        if game not in BY_KEY:
            raise ValueError(f"no game {game!r}; one of {', '.join(BY_KEY)}")
        self.spec = spec = BY_KEY[game]
        self.key, self.codec = game, codec or spec.parts.net_codec   # (a test may give its own)
        if any(k not in (REMOTE, COMPUTER, LOCAL) for k in seats):
            raise ValueError("give each seat remote, computer or local")
        if engine is None:       # the table's size is its seats' number, the rest the options'
            engine = adapters.new_engine(spec, seed, options, len(seats))
        self.engine = engine
        if len(seats) != engine.n_seats:
            raise ValueError(f"this {spec.title} game has {engine.n_seats} seats, not {len(seats)}")
        if level not in spec.levels:
            raise ValueError(f"no level {level!r}; one of {', '.join(spec.levels)}")
        self.wire = adapters.Wire(self.codec)
        self.code = code if code is not None else new_code()   # the transport keys the seal by it
        self.level, self.grace_s, self.deal_pause_s = level, grace_s, deal_pause_s
        self.computer_delay_s, self.rate, self.burst = computer_delay_s, rate, burst
        self.clock = clock
        self.rng = random.Random(seed)      # the computers' random sources
        self.step = 0                       # a real-time game's clock step
        names = list(names) if names else []
        self.seats = [Seat(kind, names[i] if i < len(names) and names[i] else self._default_name(kind, i))
                      for i, kind in enumerate(seats)]
        for i, s in enumerate(self.seats):
            if s.kind == COMPUTER:
                s.computer = self._computer(i)
        self.conns: dict[int, Conn] = {}
        self.outbox: list[tuple[int, str | None]] = []
        self.started = REMOTE not in seats
        self.t0: float | None = None        # when play began (the clock's zero)
        self.between_since: float | None = None
        self.ended = False
        self.moves_applied = 0
        self.log: list[adapters.Logged] = []   # every move applied, in order
        self.table = table                  # the windowed host's own table, if attached
        # the tests' lockstep table (loopback.py): the computers here look only when let,
        # once a round like its clients, so no race of pumps and packets decides a hand
        self.lockstep, self.computers_may_look = False, True

    # -- set-up ---------------------------------------------------------------------
    @staticmethod
    def _default_name(kind: str, seat: int) -> str:
        return {REMOTE: f"Open seat {seat + 1}", COMPUTER: f"Computer {seat + 1}",
                LOCAL: f"Player {seat + 1}"}[kind]

    def _computer(self, seat: int) -> adapters.Computer:
        c = adapters.Computer(self.spec, seat, self.level, self.rng.getrandbits(32),
                              self.computer_delay_s)
        c.rejoin(self.step)
        return c

    def start(self) -> None:
        """Begin play now, even with open seats (their turns wait; in real time,
        computers play them)."""
        if not self.started:
            self.started = True
            for i, s in enumerate(self.seats):
                if s.kind == REMOTE and s.conn is None and self.spec.realtime:
                    s.computer = self._computer(i)
            self._send_seats()

    # -- the transport's calls --------------------------------------------------------
    def open(self, conn: int, address: str = "") -> None:
        """A new connection, from `address` (the source's IP address)."""
        self.conns[conn] = Conn(opened=self.clock(), address=address, refilled=self.clock())

    def receive(self, conn: int, raw: Any) -> None:
        """One message from a connection; never raises for what the network sends."""
        c = self.conns.get(conn)
        if c is None:
            return                     # closed already: what was on its way is dropped
        now = self.clock()
        c.tokens = min(self.burst, c.tokens + (now - c.refilled) * self.rate)
        c.refilled = now
        if c.tokens < 1:
            self._close(conn, "flood")
            return
        c.tokens -= 1
        try:
            msg = protocol.parse(raw)
        except ProtocolError:
            self._close(conn, "bad_message")
            return
        if c.seat is None:
            if msg.kind == "hello":
                self._hello(conn, c, msg)
            elif msg.kind == "ping":
                self._send(conn, protocol.encode("pong", t=msg["t"]))
            else:
                self._close(conn, "bad_message")
            return
        if msg.kind == "move":
            self._move(conn, c.seat, msg)
        elif msg.kind == "ping":
            self._send(conn, protocol.encode("pong", t=msg["t"]))
        elif msg.kind == "bye":
            self.drop(conn)
            self.outbox.append((conn, None))
        else:
            self._send(conn, protocol.refused("joined"))

    def drop(self, conn: int) -> None:
        """The connection is gone (closed by either side)."""
        c = self.conns.pop(conn, None)
        if c is None or c.seat is None:
            return
        seat = self.seats[c.seat]
        if seat.conn != conn:
            return
        seat.conn, seat.left_at = None, self.clock()
        if self.spec.realtime and self.started:
            seat.computer = self._computer(c.seat)
        self._send_seats()

    def pump(self) -> None:
        """Each frame: hello deadlines, the grace of dropped players, the clock, the
        computers' moves and the table's deal between hands."""
        if self.ended:
            return
        now = self.clock()
        for conn, c in list(self.conns.items()):
            if c.seat is None and now - c.opened > HELLO_S:
                self._close(conn, "timeout")
        for s in self.seats:
            if s.missing and s.left_at is not None and now - s.left_at > self.grace_s:
                s.token, s.left_at = None, None      # open to anyone now
                s.name = self._default_name(REMOTE, self.seats.index(s))
                self._send_seats()
        if not self.started:
            return
        if self.t0 is None:
            self.t0 = now
        rate = self.spec.clock_rate
        if rate is not None and self.table is None:
            self.step = max(self.step, int((now - self.t0) * rate))
            advance_clock(self.engine, self.step)
        looks = self.computers_may_look
        if self.lockstep:
            self.computers_may_look = False
        for i, s in enumerate(self.seats):
            if looks and s.computer is not None and not self.engine.is_over():
                move = s.computer.move(self.engine, now, self.step)
                if move is None:
                    continue
                try:
                    self._apply(i, move)
                except IllegalMove:
                    # real time: a move chosen a moment ago that the table has
                    # overtaken (refused, as at one keyboard); in a turn game a bug
                    if not self.spec.realtime:
                        raise
        if self.table is None:
            self._table_deal(now)
        self._check_over()

    def local_move(self, seat: int, move: Any) -> list[Any]:
        """A move of a local human at the host: its events, or IllegalMove."""
        if self.seats[seat].kind != LOCAL:
            raise IllegalMove("That seat is not played here.")
        return self._apply(seat, move)

    def table_move(self, move: Any, quiet: bool = False) -> list[Any]:
        """A move of the attached table's own that is no seat's (the clock's move, the
        deal of the next hand or round): its events; sent to the players unless
        `quiet` (the clock: the next update carries its step)."""
        events: list[Any] = self.engine.apply(move)
        if isinstance(self.engine, Clocked):
            self.step = self.engine.clock_step()
        if not quiet:
            self.moves_applied += 1
            self.log.append(adapters.Logged(None, move, self.step))
            self._send_updates(events)
        return events

    def kick(self, conn: int) -> None:
        """Close a connection whose message the host could not handle."""
        if conn in self.conns:
            self._close(conn, "bad_message")

    def close(self) -> None:
        """The host leaves: the table ends for everybody."""
        for conn in list(self.conns):
            self._close(conn, "host_left")
        self.ended = True

    def take(self) -> list[tuple[int, str | None]]:
        """What to send (and close) since the last call, in order."""
        out, self.outbox = self.outbox, []
        return out

    # -- joining ----------------------------------------------------------------------
    def _refuse(self, conn: int, reason: str) -> None:
        self._send(conn, protocol.refused(reason))
        self.conns.pop(conn, None)
        self.outbox.append((conn, None))

    def _hello(self, conn: int, c: Conn, msg: Message) -> None:
        if msg["version"] != PROTOCOL_VERSION:
            return self._refuse(conn, "version")
        if msg.get("game") not in (None, self.key):
            return self._refuse(conn, "game")
        token, wanted = msg.get("token"), msg.get("seat")
        if token is not None:
            seat_no = next((i for i, s in enumerate(self.seats) if s.token is not None
                            and hmac.compare_digest(s.token.encode(), token.encode())), None)
            if seat_no is None:
                return self._refuse(conn, "token")
            old = self.seats[seat_no].conn
            if old is not None:          # the same player on a new connection
                self.conns.pop(old, None)
                self._send(old, protocol.end("replaced"))
                self.outbox.append((old, None))
        elif wanted is not None:
            if wanted >= len(self.seats) or self.seats[wanted].kind != REMOTE \
                    or self.seats[wanted].token is not None:
                return self._refuse(conn, "seat_taken")
            seat_no = wanted
        else:
            seat_no = next((i for i, s in enumerate(self.seats)
                            if s.kind == REMOTE and s.token is None), None)
            if seat_no is None:
                return self._refuse(conn, "full")
        seat = self.seats[seat_no]
        seat.token = seat.token or secrets.token_urlsafe(18)
        seat.conn, seat.left_at, seat.computer = conn, None, None
        seat.name = msg["name"]
        c.seat = seat_no
        self._send(conn, protocol.encode("welcome", seat=seat_no, token=seat.token,
                                         names=[s.name for s in self.seats], game=self.key,
                                         version=PROTOCOL_VERSION))
        if not self.started and all(s.kind != REMOTE or s.token for s in self.seats):
            self.started = True
        self._send_seats()
        self._send_update(seat_no, [], None, self._layouts())

    # -- moves ------------------------------------------------------------------------
    def _move(self, conn: int, seat: int, msg: Message) -> None:
        seq = msg["seq"]
        if not self.started:
            return self._send(conn, protocol.encode("illegal", seq=seq, reason="Waiting for players."))
        try:
            move = self.wire.move_from_wire(seat, msg["move"])
            self._apply(seat, move, seq)
        except (IllegalMove, ValueError) as e:
            reason = e.reason if isinstance(e, IllegalMove) else "That is not a move of this game."
            self._send(conn, protocol.encode("illegal", seq=seq, reason=reason[:200]))

    def _apply(self, seat: int, move: Any, seq: int | None = None) -> list[Any]:
        events = adapters.apply_checked(self.codec, self.engine, seat, move)
        self.moves_applied += 1
        self.log.append(adapters.Logged(seat, move, self.step))
        self._send_updates(events, seat, seq)
        if self.table is not None and self.seats[seat].kind != LOCAL:
            self.table(seat, move, events)      # the attached table hears the network's moves
        return events

    def _send_updates(self, events: list[Any], mover: int | None = None, seq: int | None = None) -> None:
        """One update to each connected seat (the table's open layouts made once)."""
        layouts = self._layouts()
        for i in range(len(self.seats)):
            self._send_update(i, events, seq if i == mover else None, layouts)

    def _layouts(self) -> list[Any] | None:
        """Every layout on the table, face-up cards only, for a client to draw the
        other seats, where the game's codec has them (layouts_to_json: Nerts)."""
        to_json = getattr(self.codec, "layouts_to_json", None)
        return None if to_json is None else to_json(self.engine)

    def _send_update(self, seat: int, events: list[Any], ack: int | None,
                     layouts: list[Any] | None = None) -> None:
        conn = self.seats[seat].conn
        if conn is None:
            return
        fields: dict[str, Any] = {"view": self.codec.view_to_json(self.engine.view(seat)),
                                  "events": self.codec.events_for(events, seat),
                                  "n": self.moves_applied}
        if ack is not None:
            fields["ack"] = ack
        if layouts is not None:
            fields["layouts"] = layouts
        if self.spec.realtime:
            fields["step"] = self.step
        self._send(conn, protocol.encode("update", **fields))

    def _table_deal(self, now: float) -> None:
        deal = self.engine.table_move()
        if deal is None:
            self.between_since = None
            return
        if self.between_since is None:
            self.between_since = now
        if self.deal_pause_s is not None and now - self.between_since >= self.deal_pause_s:
            self.between_since = None
            events = self.engine.apply(deal)
            self.moves_applied += 1
            self.log.append(adapters.Logged(None, deal, self.step))
            self._send_updates(events)
            for s in self.seats:            # (a real-time game's computers start anew)
                if s.computer is not None:
                    s.computer.rejoin(self.step)

    def _check_over(self) -> None:
        """The whole game is over (not one hand of it): the table ends for everybody."""
        if self.engine.is_over() and self.engine.table_move() is None:
            for conn in list(self.conns):
                self._close(conn, "over")
            self.ended = True

    # -- output -----------------------------------------------------------------------
    def seats_message(self) -> str:
        return protocol.encode(
            "seats", names=[s.name for s in self.seats],
            connected=[s.kind != REMOTE or s.conn is not None for s in self.seats],
            missing=[s.missing for s in self.seats],
            computer=[s.computer is not None or s.bot for s in self.seats])

    def _send_seats(self) -> None:
        text = self.seats_message()
        for s in self.seats:
            if s.conn is not None:
                self._send(s.conn, text)

    def _send(self, conn: int, text: str) -> None:
        self.outbox.append((conn, text))

    def _close(self, conn: int, reason: str) -> None:
        self._send(conn, protocol.end(reason))
        self.drop(conn)
        self.conns.pop(conn, None)
        self.outbox.append((conn, None))
