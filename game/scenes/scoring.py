"""The scoring screen every game builds on: a title, a table of columns, lines of
notes under it, and a key to go on; and how a grid of scores is said (`spoken_rows`:
a row a sentence, each cell with its column's heading), for every score screen."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game import palette as P
from game import ui
from game.keys import Binding
from game.scene import Pop, Scene


def column_names(header_rows: Sequence[Sequence]) -> list[str]:
    """Each column's heading as said: its header rows' words (a "^" heading names the
    column under it and the next: "Game 1 Player")."""
    width = max((len(h) for h in header_rows), default=0)
    names: list[list[str]] = [[] for _ in range(width)]
    for hdr in header_rows:
        for i, cell in enumerate(hdr):
            text = str(cell)
            if text.startswith("^"):
                names[i].append(text[1:])
                if i + 1 < width:
                    names[i + 1].append(text[1:])
            elif text:
                names[i].append(text)
    return [" ".join(n) for n in names]


def spoken_row(row: Sequence, names: Sequence[str], spans: Sequence[str] = ()) -> str:
    """One row said: "Hand 1, Dealer Computer, Points 92"; a rule ("=") nothing; a
    heading ("#", text) its text; a status row of "^" cells spanning two columns each
    its spans named by `spans` (the first header row's "^" headings): "Game 2 open"."""
    if not row or str(row[0]).startswith("="):
        return ""
    if row[0] == "#":
        return str(row[1])
    cells = [str(c) for c in row]
    if any(c.startswith("^") for c in cells[1:]):
        said = [f"{spans[i] if i < len(spans) else ''} {c[1:]}".strip()
                for i, c in enumerate(cells) if i and c.startswith("^")]
        return ", ".join([cells[0]] * bool(cells[0]) + said)
    out = [f"{names[0]} {cells[0]}".strip()] if cells[0] and names else []
    out += [f"{name} {cell}".strip() for name, cell in zip(names[1:], cells[1:]) if cell]
    return ", ".join(out)


def spoken_rows(header_rows: Sequence[Sequence], rows: Sequence[Sequence]) -> list[str]:
    """The rows said, a sentence each (rules left out)."""
    names = column_names(header_rows)
    spans = [str(h)[1:] if str(h).startswith("^") else "" for h in (header_rows[0] if header_rows else ())]
    return [said for row in rows if (said := spoken_row(row, names, spans))]


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

    def spoken_intro(self) -> str:
        return ". ".join([self.title, *spoken_rows([self.headers], self.rows[:20]), *self.notes])

    def spoken_state(self) -> str:
        return self.spoken_intro()

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
