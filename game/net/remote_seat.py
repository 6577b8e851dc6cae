"""RemoteSeat: a joiner's side of a network table, the same for the four games: what
the host has sent this seat (its view, the events it may know, the seats' names and
who is missing), and the one way to send a move. A game's remote table (its scene,
drawn with the game's own drawing) polls it each frame and reads these fields; it
applies nothing itself: the host's next view is the truth.

    link = RemoteSeat(client, spec)        # after the host's welcome (game/scenes/join.py)
    ... each frame: for kind in link.poll(): ...   ("update", "illegal", "seats", "end")
    link.send(move)        # False (the beep) when a move is already on its way or the link is down
    link.view, link.events, link.names, link.missing, link.refusal, link.ending

No pygame here.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.gamespec import GameSpec
from game.net import adapters
from game.net.protocol import Message
from game.words import listed

END_TITLES = {"over": "Game over", "host_left": "Table closed"}   # else "Connection lost"


class RemoteSeat:
    def __init__(self, client: Any, spec: GameSpec, first: list[Message] | None = None):
        self.client, self.game = client, spec.key
        self.codec = spec.parts.net_codec
        self.wire = adapters.Wire(spec.parts.net_codec)
        self.seat: int = client.seat if client.seat is not None else 0
        self.names: list[str] = list(client.names)
        self.view: Any = None            # the seat's view, from the host's last update
        self.events: list[dict[str, Any]] = []   # that update's events (JSON, the codec's events_for)
        self.n = 0                       # the host's move number at that update
        self.step = 0                    # a real-time game: the host's clock at that update
        self.layouts: Any = None         # every seat's face-up layout, where the game sends them (JSON)
        self.missing: list[bool] = [False] * len(self.names)    # dropped, within the grace
        self.computer: list[bool] = [False] * len(self.names)   # played by a computer now
        self.connected: list[bool] = [True] * len(self.names)
        self.pending: int | None = None  # the seq of the move sent, not answered yet
        self.refusal = ""                # the host's last `illegal` reason (the beep)
        self.ending: tuple[str, str] | None = None   # the host's end: its reason and sentence
        self.seq = 0
        self._first = list(first or [])

    # -- receiving ------------------------------------------------------------------
    def poll(self, each: Callable[[Message], None] | None = None) -> list[str]:
        """Take the host's messages since the last call; the kinds taken, in order.
        `each(msg)` is called after each is taken (a table that plays every update's
        events back: `events` holds only the last one's). A view this program cannot
        read ends the link (`ending` says so)."""
        msgs, self._first = self._first + self.client.poll(), []
        kinds: list[str] = []
        for msg in msgs:
            self.receive(msg)
            kinds.append(msg.kind)
            if each is not None:
                each(msg)
        if self.ending is None and self.client.state in ("closed", "refused"):
            self.ending = ("lost", self.client.reason or "The connection to the table was lost.")
        return kinds

    def receive(self, msg: Message) -> None:
        if msg.kind == "update":
            try:
                self.view = self.codec.view_from_json(msg["view"])
            except ValueError:
                self.ending = ("lost", "The host sent a view this program cannot read.")
                self.client.close()
                return
            self.events = list(msg["events"])
            self.n = msg["n"]
            self.step = msg.get("step") or self.step
            self.layouts = msg.get("layouts", self.layouts)
            if msg.get("ack") is not None and msg["ack"] == self.pending:
                self.pending, self.refusal = None, ""
        elif msg.kind == "illegal":
            if msg["seq"] == self.pending:
                self.pending = None
            self.refusal = msg["reason"]
        elif msg.kind == "welcome":
            self.names, self.seat = list(msg["names"]), msg["seat"]
        elif msg.kind == "seats":
            self.names = list(msg["names"])
            self.missing, self.computer = list(msg["missing"]), list(msg["computer"])
            self.connected = list(msg["connected"])
        elif msg.kind in ("end", "refused"):
            self.ending = (msg.get("reason") or "", msg["text"])

    # -- sending --------------------------------------------------------------------
    @property
    def joined(self) -> bool:
        return self.ending is None and self.client.state == "joined"

    def send(self, move: Any, wait: bool = True) -> bool:
        """Send one of the seat's moves to the host. False (nothing sent) while the link
        is down or, with `wait`, while the last move is not answered (a turn game's one
        move at a time; Nerts sends on at once, the host orders them)."""
        if not self.joined or (wait and self.pending is not None):
            return False
        self.seq += 1
        self.pending = self.seq
        self.client.send({"kind": "move", "seq": self.seq, "move": self.wire.move_to_wire(move)})
        return True

    def leave(self) -> None:
        """The player leaves: goodbye to the host (the seat is kept for the grace)."""
        self.client.close()

    # -- words ----------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"

    def waiting_for(self) -> str:
        """A line naming the players whose connection dropped, or ""."""
        gone = [self.name(i) for i, m in enumerate(self.missing) if m and i != self.seat]
        if not gone:
            return ""
        return f"Waiting for {listed(gone)} to come back."

    def end_title(self) -> str:
        return END_TITLES.get(self.ending[0] if self.ending else "", "Connection lost")
