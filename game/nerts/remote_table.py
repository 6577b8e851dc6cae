"""The Nerts table at a joiner's program (issue #36): the local table's drawing
(table_draw.py), keys (table_keys.py: the first player's cluster and the arrows) and
key handling (key_moves.press), fed only by what the host sends this seat
(game/net/remote_seat.py): its view, every side's face-up layout, the events it may
know. Nothing is applied here: each move is sent at once (`send(..., wait=False)`:
the host orders the moves as they arrive) and the host's next view is the truth; the
host's refusal (another card got to the foundation first) is the beep and its reason.

Between rounds the table shows the round's end and scores as the local table does;
Enter on the scores asks the host for the next round (any player may deal it, as at
one keyboard), and a deal by anyone takes the scores away. Esc leaves (the seat is
kept for its token: Alt+R on the Join screen); the table's end is game/table/remote_end.
"""
from __future__ import annotations

from typing import Any

import pygame

from game import card_art, ui
from game import palette as P
from game.cards import card_text, codes_as_text
from game.keys import Binding
from game.nerts import key_moves, net_codec
from game.nerts import settings as S
from game.nerts import table_keys as K
from game.nerts.controller import (
    BANNER_STEPS,
    FEED_KEPT,
    NOTE_STEPS,
    SeatInfo,
    layout_words,
    spoken_cards,
    subject,
)
from game.nerts.moves import FOUND, Move, NextRound, Seated
from game.nerts.remote_board import ViewGame, ViewRound
from game.nerts.saves import game_winner
from game.nerts.screens import NertsScoring, PlaysBox, help_text
from game.nerts.table import SCORE_HEADERS, seat_colours
from game.nerts.table_draw import TableDrawing
from game.net.remote_seat import RemoteSeat
from game.scene import Pop, Push
from game.scenes.overlays import Question
from game.scenes.realtime_table import RealTimeTable
from game.spoken import cards_text
from game.table.remote_end import end_table

LEAVE_TEXT = "Leave the table? (your seat is kept a few minutes: Alt+R on the Join screen)"


class RemoteControl:
    """What the drawing and the keys read of a table's controller, at a joiner's
    program: the game as the host showed it (remote_board.ViewGame), the seats, the
    phase (play, the round's end banner, "done": between rounds or nothing yet), the
    notes and the plays feed. `try_move` sends; `poll` takes the host's news."""

    def __init__(self, app: Any, link: RemoteSeat):
        self.app, self.link = app, link
        self.game: Any = None            # a ViewGame from the first view on
        self.seats: list[SeatInfo] = []
        self.sides: list[list[SeatInfo]] = []
        self.phase = "done"
        self.banner_steps = 0
        self.notes: list[str] = []
        self.note_steps = 0
        self.feed: list[str] = []
        self.ended: ViewRound | None = None    # the last round that ended (its scores)
        self.dealt = False               # a new round came (the scores go)
        self._waiting = ""

    # -- the seats -----------------------------------------------------------------
    def _make_seats(self) -> None:
        o = self.game.options
        clusters, problems = S.clusters_checked(self.app.options)
        if problems:
            self.app.toast("Nerts keys clash (" + problems[0] + "): default keys used.", 5)
        colours = seat_colours(self.app, o.seats)
        mine = self.link.seat
        colours[0], colours[mine] = colours[mine], colours[0]    # the player's own deck colour
        self.seats = [SeatInfo(i, "human" if i == mine else "", "You" if i == mine else self.link.name(i),
                               colours[i], clusters[0] if i == mine else None, i % card_art.BACK_DESIGNS)
                      for i in range(o.seats)]
        for s in self.seats:
            s.remote = s.index != mine    # (played at another program: its name line says "away")
        self.sides = [[self.seats[i] for i in o.seats_of(side)] for side in range(o.sides)]

    def _seat_news(self) -> None:
        """The seats' names and who is away (a computer plays a dropped player's seat)."""
        for s in self.seats:
            if s.index != self.link.seat:
                s.name = self.link.name(s.index)
                s.away = s.index < len(self.link.missing) and self.link.missing[s.index]
        waiting = self.link.waiting_for()
        if waiting and waiting != self._waiting:
            self.note(waiting)
        self._waiting = waiting

    def side_name(self, side: int) -> str:
        return " & ".join(s.name for s in self.sides[side])

    def side_colour(self, side: int) -> int:
        return self.sides[side][0].colour

    # -- the host's news -----------------------------------------------------------
    def poll(self) -> list[Any]:
        """The host's messages since the last frame: the round's events to animate."""
        if self.note_steps:
            self.note_steps -= 1
        if self.phase == "banner" and self.banner_steps:
            self.banner_steps -= 1
        heard: list[dict[str, Any]] = []     # every update's events, in order (many a frame)
        kinds = self.link.poll(lambda msg: heard.extend(msg["events"] if msg.kind == "update" else ()))
        events: list[Any] = []
        if "update" in kinds and self.link.view is not None:    # (the last, with the host's end too)
            events = self._refresh(heard)
        if "seats" in kinds and self.seats:
            self._seat_news()
        for _ in range(kinds.count("illegal")):
            self.app.error()
            if self.link.refusal:
                self.note(self.link.refusal)
        return events

    def _refresh(self, heard: list[dict[str, Any]]) -> list[Any]:
        try:
            layouts = net_codec.layouts_from_json(self.link.layouts) if self.link.layouts else ()
            events = [e for e in map(net_codec.event_from_json, heard) if e is not None]
            self.game = ViewGame(self.link.view, layouts)
        except ValueError as e:
            self.link.ending = ("lost", f"The host sent what this program cannot read ({e}).")
            return []
        if not self.seats:
            self._make_seats()
            self._seat_news()
        self._hear(events)
        rnd = self.game.round
        if rnd is not None and not rnd.over:
            if self.phase != "play":
                if self.ended is not None:
                    self.app.sound("shuffle")
                    self.dealt = True
                self.phase, self.ended = "play", None
                for s in self.seats:
                    s.selected = None
        elif rnd is not None:
            self.ended = rnd
            if self.phase == "play":
                self.phase, self.banner_steps = "banner", BANNER_STEPS
                self.app.sound("call" if rnd.end_reason == "gnerts" else "lose")
                for s in self.seats:
                    s.selected = None
        elif self.phase == "play":
            self.phase = "done"
        return events

    def _hear(self, events: list[Any]) -> None:
        """The notes, plays feed and sounds of the moves the host applied."""
        mine, sound = self.link.seat, ""
        for e in events:
            name = self.seats[e.seat].name if e.seat is not None and e.seat < len(self.seats) else ""
            if e.kind == "card_moved" and e.dst == FOUND and e.cards:
                self._feed(f"{name} {card_text(e.cards[0])} scored")
                if e.seat != mine:
                    self.app.say(f"{name} scores {cards_text(e.cards[:1])}.")
            if e.seat == mine and e.kind in ("card_moved", "flipped", "waste_turned"):
                sound = sound or ("card" if e.kind == "card_moved" else "flip")
            elif e.kind == "vote":
                self.note(f"{subject(name, 'agree')} to rotate ({e.value} of {len(self.sides)}).")
            elif e.kind == "votes_cleared":
                self.note(f"{name} played a card: the standstill agreement is off.")
            elif e.kind == "rotation":
                self.note(f"Standstill: every Stack is rotated ({e.value} of 3).")
                self.app.sound("shuffle")
        if sound and self.phase == "play":
            self.app.sound(sound)

    def _feed(self, line: str) -> None:
        self.feed.append(line)
        del self.feed[:-FEED_KEPT]

    # -- the keys (key_moves.press) --------------------------------------------------
    def press(self, seat: int, action: str) -> bool:
        return key_moves.press(self, seat, action) is not False

    def try_move(self, seat: int, move: Move) -> bool:
        """Send the move at once (the host's refusal comes back as the beep)."""
        if not self.link.send(Seated(seat, move), wait=False):
            self.note("The connection to the table is down.")
            return False
        return True

    def next_round(self) -> bool:
        """Ask the host to deal the next round (or end the game it ended)."""
        return self.link.send(NextRound(self.link.seat), wait=False)

    # -- words ----------------------------------------------------------------------
    def note(self, text: str) -> None:
        self.notes.append(codes_as_text(text))
        del self.notes[:-4]
        self.note_steps = NOTE_STEPS
        self.app.say(spoken_cards(text))

    def say(self, seat: SeatInfo, reason: str) -> None:
        self.note(reason)

    def frame_drawn(self, frame: int) -> None:
        """(The local table times its keys here; a joiner's are timed by the bench.)"""

    def spoken_state(self) -> str:
        rnd = None if self.game is None else self.game.round
        if rnd is None:
            return "Between rounds. " + self.scores_text()
        return layout_words(rnd.layout_of(self.link.seat), "Your") + " " + self.scores_text()

    def spoken_others(self) -> str | None:
        rnd = None if self.game is None else self.game.round
        if rnd is None:
            return None
        mine = self.game.options.side_of(self.link.seat)
        return " ".join(layout_words(lay, f"{self.side_name(i)}:") for i, lay in enumerate(rnd.layouts)
                        if i != mine) or None

    def scores_text(self) -> str:
        if self.game is None:
            return "Waiting for the host."
        totals = self.game.totals
        return "Scores: " + ", ".join(f"{self.side_name(i)} {t}" for i, t in enumerate(totals)) + "."

    def check_invariants(self) -> None:
        assert self.phase in ("play", "banner", "done")
        assert self.phase != "play" or (self.game is not None and self.game.round is not None)
        for s in self.seats:
            assert s.selected is None or s.selected in S.ACTIONS


class RemoteScoring(NertsScoring):
    """The round's scores at a joiner's table: Enter goes on (the next round), Esc
    asks to leave the table; there is no saving here (the host saves the game)."""

    def leave(self) -> Pop:
        return self.table.leave(then=lambda: Pop(self))

    def bindings(self) -> list[Binding]:
        return [Binding((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE), self.done_label,
                        self.done, bar=self.done_label, bar_keys="Enter"),
                Binding((pygame.K_ESCAPE,), "Leave the table", lambda: Push(Question(
                    self.app, LEAVE_TEXT, self.leave, title="Leave Nerts")), bar="Leave")]


class RemoteNertsTable(RealTimeTable):
    cursor_places = K.CURSOR_PLACES
    title = "Nerts at a network table"
    updates_when_covered = True          # the host's news comes in under the scores and boxes
    spoken_detail_name = "the other players' layouts"

    def __init__(self, app: Any, link: RemoteSeat):
        super().__init__(app)
        self.link = link
        self.ctl = RemoteControl(app, link)
        self.arrow_seat = link.seat
        self.cursor = 0
        self._key_map = {}
        self.drawing: Any = None         # made with the first view (the seats' number)
        self.cover: Any = None           # the scores shown over the table

    # -- the network --------------------------------------------------------------
    def update(self, dt: float) -> Any:
        events = self.ctl.poll()
        if self.link.ending is not None:
            return self.end()
        if self.drawing is None and self.ctl.seats:
            self._make_drawing()
        if self.drawing is not None:
            self.drawing.tick()
            if self.ctl.game.round is not None:
                self.drawing.animate(events)
        if self.ctl.dealt:
            self.ctl.dealt = False
            if self.cover is not None and self.cover in self.app.scenes:
                cover, self.cover = self.cover, None
                return Pop(cover)
        if self.ctl.phase == "banner" and self.ctl.banner_steps <= 0 and self.app.top is self:
            return self.show_scores()
        return None

    def _make_drawing(self) -> None:
        self.drawing = TableDrawing(self)
        n, mine = len(self.ctl.sides), self.ctl.game.options.side_of(self.link.seat)
        boxes = self.drawing.boxes          # the player's own layout near, as at one keyboard
        self.drawing.boxes = [boxes[(side - mine) % n] for side in range(n)]
        self._key_map = K.key_map(self.ctl.seats)

    def end(self) -> Pop:
        if self.cover is not None and self.cover in self.app.scenes:
            cover, self.cover = self.cover, None
            return Pop(cover, then=lambda: end_table(self, self.link, self.over_lines()))
        return end_table(self, self.link, self.over_lines())

    def over_lines(self) -> list[str]:
        """The game over box's lines: who won, and the totals from the last view."""
        g, ctl = self.ctl.game, self.ctl
        if g is None or g.winner is None:
            return []
        side = g.winner
        who = subject(ctl.side_name(side), "win")
        order = sorted(range(len(g.totals)), key=lambda i: -g.totals[i])
        return [f"The game is over: {who}.",
                "Scores: " + ", ".join(f"{ctl.side_name(i)} {g.totals[i]}" for i in order) + "."]

    # -- between rounds -----------------------------------------------------------
    def show_scores(self) -> Any:
        """The round's scoring screen, from the last view of the ended round."""
        rnd, g, ctl = self.ctl.ended, self.ctl.game, self.ctl
        if rnd is None or g is None:
            return None
        details = rnd.score_details()
        totals = list(g.totals)
        if g.round is not None:          # not scored at the host yet: the totals to be
            totals = [t + d["total"] for t, d in zip(totals, details)]
        winner = g.winner if g.round is None else game_winner(totals, g.options.target)
        caller = rnd.caller
        rows = [[ctl.side_name(i) + (" *" if caller == i else ""), d["played"], d["pile_left"],
                 f"{d['total']:+d}", totals[i]] for i, d in enumerate(details)]
        notes = [f"* {ctl.side_name(caller)} called G'NERTS!" if caller is not None
                 else "A standstill after three rotations ends the round."]
        if winner is not None:
            notes.append(f"{subject(ctl.side_name(winner), 'win')} the game with {totals[winner]} points!")
            label = "End the game"
        else:
            notes.append(f"Play to {g.options.target}. Enter: round {g.round_no + 1}.")
            label = "Next round"
        ctl.phase = "done"
        screen = RemoteScoring(self.app, f"Nerts - round {g.round_no}", SCORE_HEADERS,    # (scored or not)
                               rows, notes, on_done=self.after_scores, done_label=label, table=self)
        screen.totals, screen.winner = totals, winner
        self.cover = screen
        return Push(screen)

    def after_scores(self) -> None:
        self.cover = None
        if self.ctl.phase != "play" and self.ctl.next_round():
            self.ctl.note("Waiting for the next round...")

    # -- keys -----------------------------------------------------------------------
    def bindings(self) -> list[Binding]:
        phase = self.ctl.phase
        b: list[Binding] = []
        if phase == "banner":
            b.append(Binding((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE), "The scores",
                             self.show_scores, bar="Scores", bar_keys="Enter"))
        else:
            b += self.app_keys("" if phase == "play" else "Rules")
        if phase == "play":
            b += K.player_keys(self)        # (the arrows too: arrow_seat is this seat)
        return b + [Binding((pygame.K_F3,), "The plays so far", self.show_plays,
                            bar="" if phase != "done" else "Plays"),
                    Binding((pygame.K_ESCAPE,), "Leave the table (the seat is kept a while)",
                            self.ask_leave, bar="" if phase == "banner" else "Leave")]

    def show_plays(self) -> Push:
        return Push(PlaysBox(self.app, self.ctl.feed))

    def ask_leave(self) -> Push:
        return Push(Question(self.app, LEAVE_TEXT, self.leave, title="Leave Nerts"))

    def leave(self, then: Any = None) -> Pop:
        """Leave the table: goodbye to the host (it keeps the seat for the token)."""
        self.link.leave()
        return Pop(self, then=then)

    def help_lines(self) -> list[str]:
        return help_text()

    def spoken_detail(self) -> str | None:
        return self.ctl.spoken_others()

    # -- the drawing -------------------------------------------------------------
    def draw(self, canvas: Any) -> None:
        if self.drawing is not None:
            self.drawing.draw(canvas)
            return
        canvas.fill(P.PALETTE[self.app.options["colour.table"]])
        ui.fill(canvas, 0, 0, 80, 1, P.BLUE)
        ui.text(canvas, 1, 0, "NERTS  at a network table: waiting for the host...", P.WHITE, P.BLUE)


def join(app, link) -> RemoteNertsTable:
    """The joiner's table (game/gamespec.py's JoinTable), given the seat's link to the
    host (game/net/remote_seat.py's RemoteSeat). (Here, not in table.py: this module
    imports that one.)"""
    return RemoteNertsTable(app, link)
