"""Go-Stop at a joiner's program (issue #36): the local table's own scene, drawing, keys,
questions and score screen (table.GoStopScene) over a RemoteController (controller.py)
instead of the engine: its state is the seat's view as the host last sent it, each
update's events are played back as the cards moving, and a move (a hand card, a match
choice, Go or Stop, a bomb or a shake) goes to the host through the seat's link
(game/net/remote_seat.py). Nothing is applied here: the host's next view is the truth.

A key with nothing to do, a second move before the host answered the first, and the
host's refusal are the beep. The info bar says whose turn it is; the help rows say
"Waiting for <name> to come back" while a player's connection is down. The hand's score
shows as at one keyboard; the host deals the next hand (Enter only closes the score).
Esc leaves (the host keeps the seat: Alt+R on the Join screen rejoins); F8 and F9 are
not offered (the host saves the game; there are no computers' hands to show here). The
table's end (the host gone, the connection lost) is game/table/remote_end.py's box.
"""
from __future__ import annotations

from typing import Any

import pygame

from game import palette as P
from game import ui
from game.keys import Binding
from game.net.remote_seat import RemoteSeat
from game.scene import Pop, Push
from game.table.remote_end import end_table

from .controller import RemoteController
from .narrate import hand_summary
from .screens import GoStopScoring
from .table import GoStopScene
from .table_draw import GoStopView
from .table_keys import GoStopKeys


def seat_names(link: RemoteSeat) -> list[str]:
    """The names at the table: "You" for this seat (as at one keyboard), the joiners'
    and the host's names for the others (a player named "You" elsewhere gets a number)."""
    return ["You" if i == link.seat else (f"You ({i + 1})" if link.name(i) == "You" else link.name(i))
            for i in range(len(link.names))]


class RemoteView(GoStopView):
    """The local table's drawing; before the host's first view, a waiting line."""

    def draw(self, canvas: Any) -> None:
        if self.table.ctl.state is not None:
            return super().draw(canvas)
        canvas.fill(P.PALETTE[self.table.app.options["colour.table"]])
        ui.fill(canvas, 0, 0, 80, 1, P.BLUE)
        ui.text(canvas, 0, 0, " GO-STOP  at a network table", P.WHITE, P.BLUE)
        ui.text(canvas, 24, 12, "Waiting for the host...", self.table.app.options["colour.text"])
        self.table.draw_notes(canvas)


class RemoteKeys(GoStopKeys):
    """The local table's keys; none acts while a move is on its way to the host."""

    def entries(self) -> list[Any]:
        return [] if self.table.ctl.state is None else super().entries()

    def human_phase(self) -> str | None:
        if self.table.ctl.state is None or self.table.link.pending is not None:
            return None
        return super().human_phase()

    def bindings(self) -> list[Binding]:
        if self.table.ctl.state is None:          # nothing to play nor count yet
            return [*self.table.app_keys(""), self.table.leave_binding()]
        return super().bindings()


class RemoteScoring(GoStopScoring):
    """The hand's score as at one keyboard; Enter closes it (the host deals the next
    hand, which closes it too), Esc leaves the table."""
    go_on_label = "Close (the host deals the next hand)"
    go_on_bar = "Close"

    def __init__(self, app: Any, table: RemoteGoStopTable):
        super().__init__(app, table, lambda: None)

    def go_on(self) -> Pop:
        self.table.ctl.scoring_open = False
        return Pop(self)

    def bindings(self) -> list[Binding]:
        return [Binding(self.go_on_keys, self.go_on_label, self.go_on, bar=self.go_on_bar, bar_keys="Enter"),
                Binding((pygame.K_ESCAPE,), "Leave the table (the seat is kept a while)",
                        lambda: Pop(self, then=self.table.leave), bar="Leave")]

    def save_state(self) -> None:
        self.table.save_state()


class RemoteGoStopTable(GoStopScene):
    title = "Go-Stop at a network table"
    view_class = RemoteView
    keys_class = RemoteKeys
    updates_when_covered = True     # the host's messages are read under a box too

    def __init__(self, app: Any, link: RemoteSeat):
        super().__init__(app)
        self.link = link
        self.set_parts(RemoteController(link.seat, seat_names(link), self.send,
                                        app.options["gostop.speed"], playback=self._playback))
        self.boxes: list[tuple[Any, int]] = []     # the boxes this table opened, at which view
        self.note(f"You sit at seat {link.seat + 1}. The host deals; every move goes through it.")

    # -- the network
    def send(self, move: Any) -> bool:
        return self.link.send(move)

    def update(self, dt: float) -> Any:
        for kind in self.link.poll():
            if kind == "update" and self.link.view is not None:
                if not self.ctl.receive(self.link.view, self.link.events):
                    self.note("The host's last move could not be shown move by move.", P.YELLOW)
            elif kind == "illegal":
                self.ctl.refused()
                self.refuse(f"Not allowed: {self.link.refusal}.")
            elif kind in ("seats", "welcome"):
                self.names[:] = self.ctl.names[:] = seat_names(self.link)
        if self.link.ending is not None:
            return self.end()
        stale = [box for box, seen in self.boxes if seen != self.ctl.version and box in self.app.scenes]
        self.boxes = [(box, seen) for box, seen in self.boxes if box in self.app.scenes and box not in stale]
        if stale:                  # the host moved on (the next deal): its question or score is gone
            self.ctl.scoring_open = self.ctl.asking = False
            return Pop(stale[-1])
        if self.app.top is not self or self.ctl.state is None:
            return None
        return self.opened(super().update(dt))

    def opened(self, transition: Any) -> Any:
        """A box pushed by the clock (a question, the score) is this view's."""
        if isinstance(transition, Push):
            self.boxes.append((transition.scene, self.ctl.version))
        return transition

    def end(self) -> Pop:
        """The table is over for this program: the boxes over it close, one a step (its
        questions, its score, a log or help box), then the end's box."""
        above = self.app.scenes[self.app.scenes.index(self) + 1:]
        if above:
            return Pop(above[-1])
        return end_table(self, self.link, self.final_lines())

    def waiting_line(self) -> str:
        return self.link.waiting_for()

    def final_lines(self) -> list[str]:
        st = self.ctl.state
        if st is None:
            return []
        return ["Chips: " + ", ".join(f"{self.names[s]} {st.chips[s]:+d}" for s in range(st.n)) + "."]

    def open_scoring(self) -> Push:
        self.ctl.history.append(hand_summary(self.ctl.state, self.names))
        return Push(RemoteScoring(self.app, self))

    # -- the keys the remote table does not have, and leaving
    def table_bindings(self, f4_label: str, f4_action: Any, bars: Any) -> list[Binding]:
        """F3, F1, F4 as at one keyboard; no F8 (the host saves) nor F9; Esc leaves."""
        return super().table_bindings(f4_label, f4_action, bars)[:-3] + [self.leave_binding()]

    def leave_binding(self) -> Binding:
        return Binding((pygame.K_ESCAPE,), "Leave the table (the seat is kept a while)", self.leave,
                       bar="Leave")

    def leave(self, then: Any = None) -> Pop:
        self.link.leave()
        return Pop(self, then=then)

    def save(self) -> None:
        """Nothing to keep here: the host keeps the game."""

    def save_state(self) -> None:
        self.link.leave()        # the program closes: goodbye to the host (the seat is kept)

    # -- speech before the first view
    def spoken_focus(self) -> str:
        return "" if self.ctl.state is None else super().spoken_focus()

    def spoken_state(self) -> str:
        return "Waiting for the host." if self.ctl.state is None else super().spoken_state()

    def spoken_detail(self) -> str | None:
        return None if self.ctl.state is None else super().spoken_detail()


def join(app, link) -> RemoteGoStopTable:
    """The joiner's table (game/gamespec.py's JoinTable), given the seat's link to the
    host (game/net/remote_seat.py's RemoteSeat). (Here, not in table.py: this module
    imports that one.)"""
    return RemoteGoStopTable(app, link)
