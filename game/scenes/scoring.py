"""The scoring screen every game builds on: a title, a table of columns, lines of
notes under it, and a key to go on."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game import palette as P
from game import ui
from game.keys import Binding
from game.scene import Pop, Scene


class ScoringScene(Scene):
    """headers: column titles; rows: lists of cells (str or number); widths optional.
    A row whose first cell starts with "=" is drawn as a rule line."""
    title = "Score"

    def dirty(self) -> bool:
        return False   # changes only on keys (and the blink), which redraw anyway

    def __init__(self, app, title: str, headers: Sequence[str], rows: Sequence[Sequence],
                 notes: Sequence[str] = (), on_done: Callable | None = None,
                 widths: Sequence[int] | None = None, done_label: str = "Go on"):
        super().__init__(app)
        self.title = title
        self.headers = list(headers)
        self.rows = [list(r) for r in rows]
        self.notes = list(notes)
        self.on_done = on_done
        self.done_label = done_label
        self.widths = list(widths) if widths else self._auto_widths()

    def _auto_widths(self):
        cols = len(self.headers)
        w = [len(str(h)) for h in self.headers]
        for r in self.rows:
            for i in range(min(cols, len(r))):
                w[i] = max(w[i], len(str(r[i])))
        return [x + 2 for x in w]

    def done(self) -> Pop:
        """Leaves the screen, then calls on_done (see Pop.then)."""
        return Pop(self, then=self.on_done)

    def bindings(self):
        return [Binding((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE),
                        self.done_label, self.done, bar=self.done_label, bar_keys="Enter")]

    def draw(self, canvas):
        canvas.fill(P.PALETTE[self.app.options["colour.table"]])
        width = min(78, max(sum(self.widths) + 4, 40))
        col = (80 - width) // 2
        height = min(27, len(self.rows) + len(self.notes) + 7)
        ui.box(canvas, col, 1, width, height, P.WHITE, P.BLUE, title=self.title)
        x = col + 2
        for h, w in zip(self.headers, self.widths):
            head = str(h)[:w - 1]
            ui.text(canvas, x, 3, head.rjust(w - 1) if x > col + 2 else head, P.YELLOW, P.BLUE)
            x += w
        for r, row in enumerate(self.rows[:20]):
            y = 4 + r
            if row and str(row[0]).startswith("="):
                ui.text(canvas, col + 2, y, "─" * (width - 4), P.LIGHT_GREY, P.BLUE)
                continue
            x = col + 2
            for i, (cell, w) in enumerate(zip(row, self.widths)):
                s = str(cell)[:w - 1]
                ui.text(canvas, x, y, s if i == 0 else s.rjust(w - 1), P.WHITE, P.BLUE)
                x += w
        for i, note in enumerate(self.notes):
            ui.center(canvas, 5 + min(len(self.rows), 20) + i, note, P.LIGHT_CYAN, P.BLUE, col, width)
