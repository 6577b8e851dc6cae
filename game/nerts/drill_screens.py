"""The boxes of the drills: the pause, the result (over the finished table), the
records, and the help text."""
from __future__ import annotations

import pygame

from game import palette as P
from game import ui
from game.deals import fresh_deal_no
from game.keys import Binding
from game.nerts.drill import GOALS, goal_of, time_text
from game.nerts.drill_records import DrillRecords, News
from game.scene import Pop, Push, Replace
from game.scenes.overlays import Overlay, TextBox


class DrillPause(Overlay):
    """The pause: the clock stops (a covered table does not step) and the table is hidden."""
    title = "Paused"

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table

    def spoken_intro(self) -> str:
        return f"Paused at {time_text(self.table.drill.round.step_no)}. P or Enter goes on."

    def bindings(self):
        return [Binding(("p", pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE), "Go on",
                        lambda: Pop(self), bar="Go on", bar_keys="P/Enter"),
                Binding((pygame.K_F8,), "Leave the drill", self.leave, bar="Leave")]

    def leave(self) -> Pop:
        return Pop(self, then=self.table.leave)

    def help_lines(self):
        return drill_help()

    def draw(self, canvas):
        ui.box(canvas, 22, 10, 36, 8, P.WHITE, P.BLUE, title="Paused")
        ui.center(canvas, 12, f"The clock stopped at {time_text(self.table.drill.round.step_no)}.",
                  P.WHITE, P.BLUE, 22, 36)
        ui.center(canvas, 14, "P or Enter: go on", P.YELLOW, P.BLUE, 22, 36)
        ui.center(canvas, 15, "F8: leave (a drill is not saved)", P.LIGHT_CYAN, P.BLUE, 22, 36)


def result_lines(result: dict, news: News) -> list[str]:
    """The result box's lines: the time or how far it got, cards per minute, the bests."""
    time = time_text(result["steps"])
    if result["completed"]:
        head = [f"Done in {time}!  {result['cpm']:.1f} cards a minute."]
        if news.best_time:
            head.append("New best!" + ("" if news.previous_steps is None
                                        else f" (the best was {time_text(news.previous_steps)})"))
        else:
            if news.previous_deal_steps is None:
                head.append("Your first time on this deal.")
            elif news.deal_best_time:
                head.append(f"A new best on this deal (was {time_text(news.previous_deal_steps)}).")
            elif news.previous_deal_steps is not None:
                head.append(f"Best on this deal: {time_text(news.previous_deal_steps)}.")
            head.append(f"Best of this drill: {time_text(news.previous_steps)}.")
        if news.best_cpm and news.previous_cpm is not None:
            head.append(f"Most cards a minute yet (was {news.previous_cpm:.1f}).")
    else:
        head = [f"Not completed: {result['reached']} of {result['target']} in {time}.",
                "A standstill after three rotations of the Stack ended it.",
                f"{result['cards']} cards to the Scoring Area, {result['cpm']:.1f} a minute."]
        if news.previous_steps is not None:
            head.append(f"Best of this drill: {time_text(news.previous_steps)}.")
    return head


class DrillResult(Overlay):
    """The drill's result over its finished table. It stays until a key that means it:
    Enter plays the same deal again, N a new deal, R the records, Esc goes back."""
    title = "Drill result"

    def __init__(self, app, table, result: dict, news: News):
        super().__init__(app)
        self.table = table
        self.result = result
        self.news = news
        self.lines = result_lines(result, news)

    def spoken_intro(self) -> str:
        return f"{self.result['label']}, deal {self.result['deal']}. " + " ".join(self.lines) \
            + " Enter: again. N: a new deal. Escape: back."

    def again(self, deal_no: int) -> Pop:
        return Pop(self, then=lambda: Replace(self.table.again(deal_no)))

    def back(self) -> Pop:
        return Pop(self, then=self.table.leave)

    def bindings(self):
        return [Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Again, on the same deal",
                        lambda: self.again(self.result["deal"]), bar="Same deal"),
                Binding(("n",), "Again, on a new deal", lambda: self.again(fresh_deal_no()), bar="New deal"),
                Binding(("r",), "The records", lambda: Push(records_box(self.app)), bar="Records"),
                Binding((pygame.K_ESCAPE,), "Back to the drills", self.back, bar="Back to the drills")]

    def draw(self, canvas):
        w, h = 60, len(self.lines) + 7
        col, row = 10, 11
        done = self.result["completed"]
        bg = P.BLUE if done else P.MAGENTA
        ui.box(canvas, col, row, w, h, P.WHITE, bg, title=self.result["label"])
        ui.center(canvas, row + 1, f"Deal {self.result['deal']}", P.LIGHT_GREY, bg, col, w)
        for i, line in enumerate(self.lines):
            new = line.startswith(("New best", "A new best", "Most cards"))
            fg = (P.YELLOW if self.app.blink else P.WHITE) if new else P.WHITE
            ui.center(canvas, row + 3 + i, line[:w - 2], fg, bg, col, w)
        ui.center(canvas, row + h - 2, "Enter: same deal   N: new deal   R: records   Esc: back",
                  P.LIGHT_CYAN, bg, col, w)


def records_lines(records: DrillRecords) -> list[str]:
    """Each drill played: runs, best time with its deal, best cards a minute, and its
    fastest deals."""
    out: list[str] = []
    for key in sorted(records.data, key=_order):
        rec = records.data[key]
        goal, _, variant = key.partition("+")
        name = goal_of(goal).label + (f" ({variant.replace('+', ', ')})" if variant else "")
        out.append(name)
        out.append(f"  {rec['completed']} of {rec['runs']} runs completed.")
        best = rec["best"]
        if best is not None:
            out.append(f"  Best time {time_text(best['steps'])} (deal {best['deal']}); "
                       f"best {best['cpm']:.1f} cards a minute.")
            deals = sorted(rec["deals"].items(), key=lambda kv: kv[1]["steps"])[:5]
            out.append("  Fastest deals: " + ", ".join(
                f"{deal} {time_text(d['steps'])}" for deal, d in deals))
        out.append("")
    return out or ["No drill played yet: D at the Nerts set-up screen, then Enter."]


def _order(key: str):
    goal = key.partition("+")[0]
    return ([g.key for g in GOALS].index(goal) if goal in [g.key for g in GOALS] else 99, key)


def records_box(app, records: DrillRecords | None = None) -> TextBox:
    """The records box: the records given (a screen's, read when it opened) or read now."""
    return TextBox(app, "Nerts drills: records", records_lines(records or DrillRecords(app.storage)))


def drill_help() -> list[str]:
    return [
        "NERTS DRILLS - timed practice against nobody.",
        "",
        "Clear the Pile: play all 13 Pile cards as fast as you can. N cards: play "
        "N cards to the Scoring Area (the round goes on after the Pile is empty).",
        "",
        "The clock runs from the deal; P pauses it (the table is hidden). At a "
        "standstill the Stack is rotated for you (three times, as in the game); the "
        "next standstill ends the drill, not completed.",
        "",
        "Both key clusters play: the left-hand keys and the right-hand keys, and "
        "the arrows with Enter, Up (Scoring Area) and Space (flip). A move is two "
        "keys: the source, then where it goes; a source twice scores its card.",
        "",
        "The best time and cards a minute of each drill and each deal are kept. A "
        "drill is not saved: Esc or F8 leaves it.",
    ]

