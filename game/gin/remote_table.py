"""The Gin Rummy table at a joiner's program (issue #36): drawn by the local table's
own drawing (table_draw.GinView) and driven by its own keys (table_keys.GinKeys), from
what the host sends this seat alone: its GinView (the net codec) and the events it may
know, through its RemoteSeat (game/net/remote_seat.py).

RemoteGinPlay is the keyboard seat's play (game/gin/seat_play.py) whose moves go to
the host: nothing is applied here; the host's next update is the truth, and takes
effect as a move does at the local table (the card taken waits below the upcard, the
notes say the other player's moves). The host's refusal is the beep, with its reason
in the notes. The other hand and the Stock are nobody's to see (F6, F9 beep), the deal
is the host's (no F7), F8 or Esc leaves (the seat is kept a while: Alt+R on the Join
screen comes back). The table's end is told by game/table/remote_end.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game import palette as P
from game import ui
from game.engine import Details
from game.gin import screens as SC
from game.gin import table_keys, table_speech
from game.gin.moves import NextHand
from game.gin.options import GinOptions
from game.gin.scores import GameScore, HandRecord
from game.gin.seat_play import SeatPlay
from game.gin.table_draw import GinView as TableDrawing
from game.gin.table_keys import GinKeys
from game.gin.view import GinView
from game.keys import Binding
from game.net.protocol import Message
from game.net.remote_seat import RemoteSeat
from game.scene import Pop, Push, Scene
from game.table.remote_end import end_table
from game.words import counted


@dataclass
class ScoreSheet:
    """What the score screens (game/gin/screens.py) read of a game, from the views
    received: the options, the games' scores, the hands won, the hands' records."""
    options: GinOptions
    games: tuple[GameScore, ...]
    wins: tuple[int, ...]
    records: list[HandRecord]

    @property
    def n_games(self) -> int:
        return len(self.games)


class RemoteGinPlay(SeatPlay):
    """The joiner's seat: its view is the host's last update, its moves are sent."""
    remote = True
    networked = True
    level = ""             # the other seat is a person: no level by the name

    def __init__(self, app: Any, link: RemoteSeat) -> None:
        self.link = link
        self.seen: GinView | None = link.view    # the host's last view (None: none yet)
        self.records: list[HandRecord] = []     # the hands' records seen, for F3
        super().__init__(app, self._names(), link.seat)
        self.received([])

    def _names(self) -> tuple[str, str]:
        return self.link.name(0), self.link.name(1)

    def submit(self, move: Any) -> bool:
        if self.link.send(move):
            return True
        return self.refuse("Your last move is on its way to the host." if self.link.joined
                           else "The connection to the table is lost.")

    def next_hand_move(self) -> NextHand:
        return NextHand(self.me)

    def waiting_line(self) -> str:
        return self.link.waiting_for()

    def received(self, events: list[dict[str, Any]]) -> None:
        """The host's update has come (`events` as this seat may read them): it takes
        effect as a move does at the local table."""
        self.names = self._names()
        v = self.seen = self.link.view
        if v is None:
            return
        r = v.last_record
        if r is not None and (not self.records or self.records[-1].to_json() != r.to_json()):
            self.records.append(r)
        if events:
            self._after_move([Details(e["kind"], e["seat"], e["data"]) for e in events])
        else:                     # the first view (or a rejoin's): the table as it stands
            self._sync()
            if v.phase == "discard" and v.turn == self.me and self.picked is None:
                self.focus = "hand"      # back in the middle of a turn: the card to throw
            self.moved = True

    def sheet(self) -> ScoreSheet:
        v = self.seen
        assert v is not None
        return ScoreSheet(v.options, v.games, v.wins, self.records)


def over_lines(ctl: RemoteGinPlay) -> list[str]:
    """The game over box's lines: the last hand's result, who won, the scores."""
    v = ctl.seen
    if v is None:
        return []
    totals = [sum(g.total(s) for g in v.games) for s in (0, 1)]
    if totals[0] == totals[1]:
        verdict = "A tie!"
    else:
        w = 0 if totals[0] > totals[1] else 1
        who = "You win" if w == v.seat else f"{ctl.names[w]} wins"
        verdict = f"{who} by {counted(abs(totals[0] - totals[1]), 'point')}."
    return [*table_speech.result_lines(ctl), "", f"The game is over: {verdict}",
            f"Scores: {ctl.names[0]} {totals[0]}, {ctl.names[1]} {totals[1]}."]


class RemoteGinTable(Scene):
    """The scene: a RemoteGinPlay (self.ctl) drawn as the local table is, its keys the
    local table's; the screens it opens read the views received."""
    title = "Gin Rummy at a network table"
    spoken_detail_name = "your hand by suit"
    updates_when_covered = True    # the host is heard while a score screen is up

    def __init__(self, app: Any, link: RemoteSeat):
        super().__init__(app)
        self.link = link
        self.ctl = RemoteGinPlay(app, link)
        self.view = TableDrawing(self.ctl)
        self.keymap = GinKeys(self)
        self.focus_line = table_speech.FocusLine()

    # ---- the network ------------------------------------------------------------------
    def update(self, dt: float | None = None) -> Pop | None:
        self.link.poll(self._heard)
        if self.link.ending is None:
            return None
        scenes = self.app.scenes
        covering = scenes[scenes.index(self) + 1:] if self in scenes else []
        return self._close(covering)

    def _close(self, covering: list[Any]) -> Pop:
        """The table's end: a score screen over it goes first, then the table, then the
        box that tells why."""
        if covering:
            return Pop(covering[-1], then=lambda: self._close(covering[:-1]))
        return end_table(self, self.link, over_lines(self.ctl))

    def _heard(self, msg: Message) -> None:
        c, kind = self.ctl, msg.kind
        if kind == "update":
            c.received(self.link.events)
        elif kind == "illegal":
            self.app.error()
            c.refused(self.link.refusal)
        elif kind == "seats":
            c.names = c._names()
            c.moved = True

    # ---- keys and drawing ----------------------------------------------------------------
    def handle(self, event: Any) -> Any:
        c = self.ctl
        if c.my_turn and c.mode == "play":
            c.flash = False
        c.in_key = True
        try:
            return super().handle(event)
        finally:
            c.in_key = False

    def bindings(self) -> list[Binding]:
        if self.ctl.seen is None:     # nothing from the host yet
            return [Binding((pygame.K_ESCAPE,), "Leave the table", self.leave, bar="Leave")]
        return self.keymap.bindings()

    def draw(self, canvas: Any) -> None:
        self.ctl.moved = False
        if self.ctl.seen is None:
            canvas.fill(P.PALETTE[self.app.options["colour.table"]])
            ui.text(canvas, 2, 12, "Waiting for the host...", self.app.options["colour.text"],
                    self.app.options["colour.table"])
            return
        self.view.draw(canvas)

    def dirty(self) -> bool:
        return self.ctl.moved

    def help_lines(self) -> list[str]:
        return table_keys.help_text(self.ctl.seen)

    def spoken_focus(self) -> str:
        return self.focus_line(self.ctl)

    def spoken_state(self) -> str:
        return table_speech.state(self.ctl)

    def spoken_detail(self) -> str | None:
        return table_speech.by_suit(self.ctl)

    # ---- the screens the table opens ---------------------------------------------------
    def go_on(self) -> Push | None:
        """Any key after a hand: the score, then the next hand (a dead hand: at once).
        The game's end comes from the host (its `end`)."""
        c = self.ctl
        v = c.seen
        if v is None or v.phase != "hand_over":
            return None
        if v.last_record is not None and v.last_record.how == "dead":
            c._next_hand()
            return None
        return Push(SC.game_score(self.app, c.sheet(), c.names, on_done=c._next_hand, any_key=True))

    def show_boxes(self) -> Push:
        return Push(SC.box_scores(self.app, self.ctl.sheet(), self.ctl.names, any_key=True))

    def show_score(self) -> Push:
        return Push(SC.game_score(self.app, self.ctl.sheet(), self.ctl.names, any_key=True))

    def show_pile(self) -> Push:
        return Push(SC.pile_box(self.app, self.ctl.seen.pile if self.ctl.seen is not None else ()))

    def leave(self) -> Pop:
        """F8 or Esc: the player leaves; the host keeps the seat a while."""
        self.link.leave()
        return Pop(self)
