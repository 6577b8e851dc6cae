"""The drill table: one seat against the clock, drawn and played like the Nerts table.

The single human has both key clusters (left-hand and right-hand keys, each a whole
set of moves) and the arrows with Enter, Up and Space. The status line shows the
drill, the deal, the running time and the goal's progress; the free half of the table
shows the clock large. P pauses (the clock stops and the table is hidden), Esc asks
to leave, F8 leaves at once: a drill is not saved (it says so on screen). When the
goal is met or a standstill ends it, the result box (drill_screens.py) comes up over
the table with the records (drill_records.py).
"""
from __future__ import annotations

import pygame

from game import palette as P
from game import ui
from game.keys import Binding
from game.nerts import settings as S
from game.nerts import table_keys as K
from game.nerts import table_layout as L
from game.nerts.controller import SeatInfo
from game.nerts.drill import Drill, Goal, time_text
from game.nerts.drill_control import DrillControl
from game.nerts.drill_records import DrillRecords
from game.nerts.drill_screens import DrillPause, DrillResult, drill_help
from game.nerts.table_draw import TableDrawing
from game.scene import Pop, Push
from game.scenes.overlays import Question
from game.scenes.realtime_table import RealTimeTable

CLOCK_SCALE = 4            # the big clock: 8x16 text scaled up


class DrillDrawing(TableDrawing):
    """The Nerts table's drawing with the drill's status, clock and both key legends."""

    def _draw_status(self, canvas, rnd) -> None:
        ctl, d = self.ctl, self.ctl.drill
        ui.fill(canvas, 0, 0, 80, 1, P.BLUE)
        left = f"DRILL  {d.goal.short}  Deal {d.deal_no}"
        ui.text(canvas, 1, 0, left, P.WHITE, P.BLUE)
        right = f"{ctl.progress_text()}  {time_text(d.round.step_no)}"
        msg = ctl.notes[-1] if ctl.note_steps and ctl.notes else ""
        if msg and len(left) + len(msg) + 4 <= 78:
            ui.text(canvas, 79 - len(msg), 0, msg, self.app.options["colour.notes"], P.BLUE)
        else:
            ui.text(canvas, 79 - len(right), 0, right, P.YELLOW, P.BLUE)
            if msg:           # a long note: on the clock's line, over the table
                ui.text(canvas, 1, 12, msg[:78], self.app.options["colour.notes"], P.BLUE)

    def _draw_scores(self, canvas, side, rnd, x, y, room) -> None:
        ui.text_px(canvas, x, y, f"{self.ctl.drill.cards} scored", self.app.options["colour.text"])

    def _side_places(self):
        # the legends name the hands; index 0 (the seat's) gives the left one the arrows' tips
        colour = self.ctl.seats[0].colour
        left = SeatInfo(0, "human", "Left-hand", colour, self.table.clusters[0])
        right = SeatInfo(-1, "human", "Right-hand", colour, self.table.clusters[1])
        return [("keys", left, (0, L.BOTTOM_Y)), ("keys", right, (480, L.BOTTOM_Y))]

    def _draw_hidden(self, canvas) -> None:
        canvas.fill(P.PALETTE[self.app.options["colour.table"]])
        ui.fill(canvas, 0, 0, 80, 1, P.BLUE)
        d = self.ctl.drill
        ui.text(canvas, 1, 0, f"DRILL  {d.goal.label}  -  paused at {time_text(d.round.step_no)}: "
                "the table is hidden", P.WHITE, P.BLUE)

    def draw(self, canvas) -> None:
        super().draw(canvas)
        if self.app.top is self.table or self.ctl.phase == "done":
            self._draw_clock(canvas)

    def _draw_clock(self, canvas) -> None:
        """The time large, the goal's progress as a bar, in the empty far half."""
        d, o = self.ctl.drill, self.app.options
        text = time_text(d.round.step_no)
        small = pygame.Surface((8 * len(text), 16))
        small.fill(P.PALETTE[o["colour.table"]])
        ui.text_px(small, 0, 0, text, P.YELLOW, o["colour.table"])
        big = pygame.transform.scale_by(small, CLOCK_SCALE)
        canvas.blit(big, ((640 - big.get_width()) // 2, 40))
        width = 40
        filled = d.reached * width // d.goal.target
        bar = "\u2588" * filled + "\u2591" * (width - filled)
        ui.text(canvas, 20, 8, bar, P.LIGHT_GREEN if d.completed else P.WHITE, o["colour.table"])
        ui.center(canvas, 9, f"{self.ctl.progress_text()}   {d.cards} to the Scoring Area   "
                  f"{d.cpm:.1f} a minute", o["colour.text"], o["colour.table"])
        if not d.finished:
            ui.center(canvas, 10, "Not saved: a drill is played again, not resumed.",
                      P.LIGHT_GREY if o["colour.table"] != P.LIGHT_GREY else P.DARK_GREY,
                      o["colour.table"])


class DrillTable(RealTimeTable):
    cursor_places = K.CURSOR_PLACES
    title = "Nerts drill"

    def __init__(self, app, goal: Goal, deal_no: int, *, flip_by_ones: bool = False,
                 move_runs: bool = False):
        super().__init__(app)
        self.clusters, problems = S.clusters_checked(app.options)
        if problems:
            app.toast("Nerts keys clash (" + problems[0] + "): default keys used.", 5)
        seat = SeatInfo(0, "human", "You", app.options["colour.back"], self.clusters[0])
        self.drill = Drill(goal, deal_no, flip_by_ones=flip_by_ones, move_runs=move_runs)
        self.ctl = DrillControl(app, self.drill, seat)
        self.arrow_seat = 0
        self.cursor = 0
        # both clusters play the one seat
        self._key_map = {S.KEY_CHOICES[name]: (0, action)
                         for keys in self.clusters for action, name in keys.items()}
        self.drawing = DrillDrawing(self)
        self.result: dict | None = None

    def again(self, deal_no: int) -> DrillTable:
        """A new table for the same drill and rules on `deal_no`."""
        o = self.drill.round.options
        return DrillTable(self.app, self.drill.goal, deal_no, flip_by_ones=o.flip_by_ones,
                          move_runs=o.move_runs)

    # --- the clock ----------------------------------------------------------------------
    def tick_due(self) -> Push:
        """The drill is over: the records kept, the result box over the table."""
        self.result = self.drill.result()
        news = DrillRecords(self.app.storage).add(self.result)
        return Push(DrillResult(self.app, self, self.result, news))

    # --- keys -------------------------------------------------------------------------
    def bindings(self):
        b: list[Binding] = self.app_keys("")
        if self.ctl.phase == "play":
            press = self.ctl.press
            for h, keys in enumerate(self.clusters):
                hand = ("left", "right")[h]
                b += [Binding((S.KEY_CHOICES[keys[a]],), f"{S.ACTION_LABELS[a]} ({hand} hand)",
                              lambda a=a: press(0, a)) for a in S.ACTIONS]
            b += K.arrow_keys(self, 0)
        b += [Binding(("p",), "Pause (the clock stops, the table is hidden)", self.pause, bar="Pause"),
              Binding((pygame.K_ESCAPE,), "Leave the drill (it is not saved)", self.ask_leave, bar="Leave"),
              Binding((pygame.K_F8,), "Leave the drill at once", self.leave)]
        return b

    def pause(self) -> Push:
        return Push(DrillPause(self.app, self))

    def ask_leave(self) -> Push:
        return Push(Question(self.app, "Leave the drill? (a drill is not saved)", self.leave,
                             title="Leave the drill"))

    def leave(self) -> Pop:
        return Pop(self)

    # --- speech and help ------------------------------------------------------------------
    def spoken_intro(self) -> str:
        d = self.drill
        return (f"Drill: {d.goal.label}, deal {d.deal_no}. The clock is running. "
                "F11 says where things stand.")

    def help_lines(self):
        return drill_help()
