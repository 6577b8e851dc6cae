"""The drills' set-up screen (D at the Nerts set-up screen): which drill, which deal;
Enter starts, R shows the records, Esc goes back. The rule options (flip by ones, move
runs) are those of the Nerts set-up screen it came from; records keep them apart."""
from __future__ import annotations

import pygame

from game import palette as P
from game import ui
from game.deals import DEAL_DIGITS, fresh_deal_no
from game.keys import Binding
from game.nerts.drill import GOALS, time_text, variant_key
from game.nerts.drill_records import DrillRecords
from game.nerts.drill_screens import drill_help, records_box
from game.nerts.drill_table import DrillTable
from game.scene import Push
from game.table.setup_screen import SetupLine, SetupScreen, TextField


class DrillSetup(SetupScreen):
    title = "Nerts drills"
    back_label = "Back to the Nerts set-up"
    back_bar = "Back"

    def __init__(self, app, *, flip_by_ones: bool = False, move_runs: bool = False,
                 deal_no: int | None = None):
        super().__init__(app)
        self.flip_by_ones, self.move_runs = flip_by_ones, move_runs
        self.goal_index = 0
        self.deal = str(fresh_deal_no() if deal_no is None else deal_no)
        self.typed = False        # a digit typed on the deal line replaces the number first
        self.records = DrillRecords(app.storage)   # read once here, and again after a drill
        self.drilled = False

    def on_enter(self) -> None:
        if self.drilled:          # back from a drill: its records too
            self.records, self.drilled = DrillRecords(self.app.storage), False

    @property
    def goal(self):
        return GOALS[self.goal_index]

    @property
    def key(self) -> str:
        return self.goal.key + variant_key(self.flip_by_ones, self.move_runs)

    def rules_text(self) -> str:
        return (("by ones" if self.flip_by_ones else "by threes") + ", "
                + ("runs move" if self.move_runs else "whole columns"))

    def lines(self) -> list[SetupLine]:
        deal = TextField(lambda: self.deal, self._type_deal, DEAL_DIGITS, str.isdigit,
                         lambda: not self.typed or self.deal == "0")
        return [SetupLine("drill", "Drill", self.goal.label, self._next_goal),
                SetupLine("deal", "Deal number", self.deal or "_", self._new_deal, deal)]

    def _next_goal(self, d: int) -> None:
        self.goal_index = (self.goal_index + d) % len(GOALS)

    def _new_deal(self, _d: int) -> None:
        self.deal, self.typed = str(fresh_deal_no()), False

    def _type_deal(self, text: str) -> None:
        self.deal, self.typed = text, True

    # keys --------------------------------------------------------------------------------
    def move(self, d: int) -> None:
        super().move(d)
        self.typed = False

    def start(self):
        if not self.deal:
            return False          # no number typed: the beep, the line shows "_"
        self.app.sound("shuffle")
        self.drilled = True
        return Push(DrillTable(self.app, self.goal, int(self.deal), flip_by_ones=self.flip_by_ones,
                               move_runs=self.move_runs))

    def own_bindings(self):
        return [Binding(tuple("0123456789"), "Type the deal number (on its line)", lambda: False,
                        bar="Deal", bar_keys="0-9"),
                Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Start the drill", self.start, bar="Start"),
                Binding(("r",), "The records", lambda: Push(records_box(self.app, self.records)),
                        bar="Records")]

    def help_lines(self):
        return drill_help() + ["", "Here: \x18\x19 choose the line, \x1b\x1a change it (a new "
                               "random deal on the deal line), or type a deal number; Enter starts."]

    def draw(self, canvas):
        canvas.fill(P.PALETTE[P.BLUE])
        ui.fill(canvas, 0, 0, 80, 1, P.LIGHT_GREY)
        ui.center(canvas, 0, "G'NERTS  -  Nerts drills: timed practice against nobody",
                  P.BLACK, P.LIGHT_GREY)
        col, row, w = 12, 3, 56
        ui.box(canvas, col, row, w, 7, P.WHITE, P.BLUE, title="Drill", double=False)
        self.draw_lines(canvas, col, w, self.line_rows(row + 2), 3, 17)
        ui.text(canvas, col + 3, row + 5, f"Rules: {self.rules_text()} (from the set-up)"[:w - 4],
                P.LIGHT_GREY, P.BLUE)
        self._draw_bests(canvas, 12)
        tips = ["The clock runs from the deal to the goal. P pauses it.",
                "Both key clusters play, and the arrows: learn the two-key moves.",
                "A standstill rotates the Stack for you; after three, the drill ends.",
                "Deal N is the deal of seat 1 in a Nerts game started on deal N."]
        for i, t in enumerate(tips):
            ui.center(canvas, 20 + i, t, P.LIGHT_CYAN, P.BLUE)

    def _draw_bests(self, canvas, row: int) -> None:
        records = self.records
        rec = records.drill(self.key)
        ui.box(canvas, 12, row, 56, 6, P.WHITE, P.BLUE, title="Records", double=False)
        if rec is None or rec["best"] is None:
            first = "No completed run of this drill yet."
            second = "" if rec is None else f"{rec['runs']} runs, none completed."
        else:
            b = rec["best"]
            first = f"Best {time_text(b['steps'])} (deal {b['deal']}), {b['cpm']:.1f} cards a minute"
            second = f"{rec['completed']} of {rec['runs']} runs completed."
        deal = records.deal_best(self.key, int(self.deal)) if self.deal else None
        third = ("This deal: " + (f"best {time_text(deal['steps'])}, {deal['cpm']:.1f} a minute"
                                  if deal else "not completed yet"))
        for i, line in enumerate((first, second, third)):
            ui.text(canvas, 15, row + 2 + i, line[:52], P.WHITE, P.BLUE)


def drill_setup(app, *, flip_by_ones: bool = False, move_runs: bool = False) -> DrillSetup:
    """The drills' first screen (the Nerts set-up screen's D key)."""
    return DrillSetup(app, flip_by_ones=flip_by_ones, move_runs=move_runs)

