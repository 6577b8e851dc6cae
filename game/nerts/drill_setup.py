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
from game.scene import Pop, Push, Scene


class DrillSetup(Scene):
    title = "Nerts drills"

    def __init__(self, app, *, flip_by_ones: bool = False, move_runs: bool = False,
                 deal_no: int | None = None):
        super().__init__(app)
        self.flip_by_ones, self.move_runs = flip_by_ones, move_runs
        self.goal_index = 0
        self.deal = str(fresh_deal_no() if deal_no is None else deal_no)
        self.index = 0            # 0: the drill line, 1: the deal line
        self.typed = False        # a digit typed on the deal line replaces the number first
        self.records = DrillRecords(app.storage)   # read once here, and again after a drill
        self.drilled = False

    def on_enter(self) -> None:
        if self.drilled:          # back from a drill: its records too
            self.records, self.drilled = DrillRecords(self.app.storage), False

    def dirty(self) -> bool:
        return False              # changes only on keys

    @property
    def goal(self):
        return GOALS[self.goal_index]

    @property
    def key(self) -> str:
        return self.goal.key + variant_key(self.flip_by_ones, self.move_runs)

    def rules_text(self) -> str:
        return (("by ones" if self.flip_by_ones else "by threes") + ", "
                + ("runs move" if self.move_runs else "whole columns"))

    def lines(self) -> list[tuple[str, str]]:
        return [("Drill", self.goal.label), ("Deal number", self.deal or "_")]

    # keys --------------------------------------------------------------------------------
    def move(self, d: int) -> None:
        self.index = (self.index + d) % 2
        self.typed = False

    def change(self, d: int) -> None:
        if self.index == 0:
            self.goal_index = (self.goal_index + d) % len(GOALS)
        else:
            self.deal = str(fresh_deal_no())
            self.typed = False

    def handle(self, event):
        ch = getattr(event, "unicode", "") or ""
        if self.index == 1 and len(ch) == 1 and ch.isdigit():
            text = ch if not self.typed or self.deal == "0" else self.deal + ch
            if len(text) > DEAL_DIGITS:
                return False
            self.deal, self.typed = text, True
            return True
        return super().handle(event)

    def backspace(self):
        if self.index != 1 or not self.deal:
            return False
        self.deal, self.typed = self.deal[:-1], True

    def start(self):
        if not self.deal:
            return False          # no number typed: the beep, the line shows "_"
        self.app.sound("shuffle")
        self.drilled = True
        return Push(DrillTable(self.app, self.goal, int(self.deal), flip_by_ones=self.flip_by_ones,
                               move_runs=self.move_runs))

    def spoken_focus(self) -> str:
        label, value = self.lines()[self.index]
        return f"{label}: {value}"

    def bindings(self):
        return [Binding((pygame.K_UP,), "Previous line", lambda: self.move(-1)),
                Binding((pygame.K_DOWN,), "Next line", lambda: self.move(1)),
                Binding((pygame.K_LEFT,), "Previous drill / a new deal", lambda: self.change(-1)),
                Binding((pygame.K_RIGHT,), "Next drill / a new deal", lambda: self.change(1)),
                Binding(tuple("0123456789"), "Type the deal number (on its line)", lambda: False),
                Binding((pygame.K_BACKSPACE,), "Delete a digit of the deal number", self.backspace),
                Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Start the drill", self.start),
                Binding(("r",), "The records", lambda: Push(records_box(self.app, self.records))),
                Binding((pygame.K_ESCAPE,), "Back to the Nerts set-up", lambda: Pop(self))]

    def help_lines(self):
        return drill_help() + ["", "Here: \x18\x19 choose the line, \x1b\x1a change it (a new "
                               "random deal on the deal line), or type a deal number; Enter starts."]

    def key_bar(self):
        return [("\x18\x19", "Line"), ("\x1b\x1a", "Change"), ("0-9", "Deal"),
                ("Enter", "Start"), ("R", "Records"), ("F2", "Help"), ("Esc", "Back")]

    def draw(self, canvas):
        canvas.fill(P.PALETTE[P.BLUE])
        ui.fill(canvas, 0, 0, 80, 1, P.LIGHT_GREY)
        ui.center(canvas, 0, "G'NERTS  -  Nerts drills: timed practice against nobody",
                  P.BLACK, P.LIGHT_GREY)
        col, row, w = 12, 3, 56
        ui.box(canvas, col, row, w, 7, P.WHITE, P.BLUE, title="Drill", double=False)
        for i, (label, value) in enumerate(self.lines()):
            sel = i == self.index
            bg = P.CYAN if sel else P.BLUE
            y = row + 2 + i
            ui.fill(canvas, col + 1, y, w - 2, 1, bg)
            ui.text(canvas, col + 3, y, label, P.BLACK if sel else P.WHITE, bg)
            shown = f"\x11 {value} \x10" if sel else f"  {value}  "
            ui.text(canvas, col + 17, y, shown, P.BLACK if sel else P.YELLOW, bg)
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

