"""A seat joined over the network, the same for every game's table: the table a game
draws and keys for play at one keyboard serves a joiner's program too when it composes
a JoinedSeat around its RemoteSeat (game/net/remote_seat.py). What every joined table
does alike is here, once:

- the host is heard each fixed step (also under a score screen), and what came goes to
  the table's controller: the update's events, the host's refusal (with the beep), the
  seats' names and who is away;
- who is away: "Waiting for Boris to come back." in the notes once it changes (where
  the table's drawing does not show it: `tell_waiting`);
- the seat (re)joined: its notes say whose turn it is, or that the round is under way
  in a real-time game (a rejoin by Alt+R found them empty);
- a move in flight (a turn game, one move at a time): the keys pressed before the host
  has answered are held and played once it has and the table has shown the answer
  (a refusal drops them, with the beep): a quick "+ then Enter" is not lost. A
  real-time table sends each move at once (the host orders them) and holds nothing;
- before the first view: a waiting screen whose one key, Esc, leaves;
- the table's end: a screen over it closes first, then the table, then the box that
  tells why (game/table/remote_end.py).

The controller (`play`) gives, in its game's terms:
    received(events)       the host's update has come (events: [] for a first view)
    refused(reason)        the move sent was refused (the reason in the host's words)
    seated()               the seats' names or who is away changed
    turn() -> int | None   the seat to move on the view (None: no one's; EVERYONE: a
                           real-time round under way)
    tell(line)             a line for this seat's notes
    over_lines() -> list   the game over box's lines, from the last view
and the table may say `settling()`: it still shows the host's last moves (held keys
wait, and the game's end waits for the last card). It draws only the waiting screen;
no game is named here.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from game import palette as P
from game import ui
from game.engine import EVERYONE
from game.keys import Binding
from game.net.protocol import Message
from game.scene import TRANSITIONS, Pop, Scene, Transition
from game.table.remote_end import EndingLink, end_table

HELD_MAX = 4         # keys held while a move is in flight; one more is the beep
AT_ONCE = (pygame.K_ESCAPE, *range(pygame.K_F1, pygame.K_F12 + 1))   # never held: leave, screens


class Link(EndingLink, Protocol):
    """What a joined table reads of its link (game/net/remote_seat.py's RemoteSeat,
    which loads the games' list: a table cannot import it)."""
    view: Any
    events: list[dict[str, Any]]
    refusal: str
    pending: int | None
    seat: int
    names: list[str]

    @property
    def joined(self) -> bool: ...
    def poll(self, each: Callable[[Message], None] | None = None) -> list[str]: ...
    def name(self, seat: int) -> str: ...
    def waiting_for(self) -> str: ...


class JoinedPlay(Protocol):
    def received(self, events: list[dict[str, Any]]) -> None: ...
    def refused(self, reason: str) -> None: ...
    def seated(self) -> None: ...
    def turn(self) -> int | None: ...
    def tell(self, line: str) -> None: ...
    def over_lines(self) -> list[str]: ...


def turn_line(link: Link, turn: int | None) -> str:
    """Whose turn it is, said when the seat is (re)joined ("" if no one's)."""
    if turn is None:
        return ""
    if turn == EVERYONE:
        return "You are at the table: the round is under way."
    if turn == link.seat:
        return "You are at the table: it is your turn."
    return f"You are at the table: it is {link.name(turn)}'s turn."


class JoinedSeat:
    """A scene's joined seat: `link` the RemoteSeat, `play` the table's controller;
    `settling` says the table still shows the host's last moves; `tell_waiting`: the
    notes name who is away (False where the drawing shows link.waiting_for())."""

    def __init__(self, scene: Scene, link: Link, play: JoinedPlay,
                 settling: Callable[[], bool] = lambda: False, tell_waiting: bool = True):
        self.scene, self.link, self.play = scene, link, play
        self.settling, self.tell_waiting = settling, tell_waiting
        self.held: list[Any] = []        # keys pressed while a move is in flight
        self.viewed = link.view is not None
        self.answered = False            # the update being taken answers this seat's move
        self.told_waiting = ""           # the "Waiting for..." line told

    # ---- the host, each fixed step ------------------------------------------------------
    def update(self) -> Transition | None:
        self.link.poll(self._heard)
        ending = self.link.ending
        if ending is not None and not (ending[0] == "over" and self.settling()):   # (the last card shown)
            scenes = self.scene.app.scenes
            return self._close(scenes[scenes.index(self.scene) + 1:] if self.scene in scenes else [])
        return self._play_held()

    def _heard(self, msg: Message) -> None:
        kind, play = msg.kind, self.play
        if kind == "update":
            first = not self.viewed
            self.viewed, self.answered = True, msg.get("ack") is not None
            play.received(self.link.events if not first else [])
            if first:
                line = turn_line(self.link, play.turn())
                if line:
                    play.tell(line)
        elif kind == "illegal":
            self.scene.app.error()
            self.held.clear()               # keys meant after that move: dropped with it
            play.refused(self.link.refusal)
        elif kind in ("seats", "welcome"):
            play.seated()
            waiting = self.link.waiting_for()
            if self.tell_waiting and waiting and waiting != self.told_waiting:
                play.tell(waiting)
            self.told_waiting = waiting

    def _close(self, covering: list[Any]) -> Pop:
        """The table's end: a screen over it goes first, then the table, then the box."""
        if covering:
            return Pop(covering[-1], then=lambda: self._close(covering[:-1]))
        return end_table(self.scene, self.link, self.play.over_lines())

    # ---- a move in flight ---------------------------------------------------------------
    def hold(self, event: Any) -> bool:
        """A key pressed while the last move is not answered: held (True), or the beep
        when too many are; False: the table takes it now."""
        if self.link.pending is None or not self.link.joined or getattr(event, "key", None) in AT_ONCE:
            return False
        if len(self.held) >= HELD_MAX:
            self.scene.app.error()
        else:
            self.held.append(event)
        return True

    def _play_held(self) -> Transition | None:
        """The keys held, once the host has answered: each as if pressed now (one that
        means nothing is the beep); a key that sends a move holds the rest again."""
        while (self.held and self.link.pending is None and self.scene.app.top is self.scene
               and not self.settling()):
            self.scene.app.redraw()          # as after a key pressed now
            done = self.scene.handle(self.held.pop(0))
            if isinstance(done, TRANSITIONS):
                return done
            if not done:
                self.scene.app.error()
        return None

    # ---- before the first view, and leaving ----------------------------------------------
    def waiting_bindings(self) -> list[Binding]:
        return [*self.scene.app_keys(""),
                Binding((pygame.K_ESCAPE,), "Leave the table (the host keeps your seat a while)", self.leave,
                        bar="Leave")]

    def draw_waiting(self, canvas: Any) -> None:
        o = self.scene.app.options
        canvas.fill(P.PALETTE[o["colour.table"]])
        ui.fill(canvas, 0, 0, 80, 1, P.BLUE)          # the table's title, as on its title line
        ui.text(canvas, 1, 0, str(getattr(self.scene, "title", "")), P.WHITE, P.BLUE)
        ui.text(canvas, 2, 12, "Waiting for the host...", o["colour.text"], o["colour.table"])

    def leave(self, then: Callable[[], Any] | None = None) -> Pop:
        """F8 or Esc: the player leaves; the host keeps the seat a while (Alt+R on the
        Join screen comes back)."""
        self.link.leave()
        return Pop(self.scene, then=then)
