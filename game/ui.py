"""Text-mode drawing on the canvas: cells of 8x16, box drawing, the key bar.

Everything is in cell coordinates (80 columns, 30 rows) unless named *_px.
"""
from __future__ import annotations

import pygame

from game import palette
from game.font import CELL_H, CELL_W, get_font
from game.screen import COLS, ROWS
from game.switches import EnvSwitch

SINGLE = "┌┐└┘─│"
EDGE_COL = COLS - 1    # the last column: kept free of letters, which read as clipped there
DOUBLE = "╔╗╚╝═║"


def cell_rect(col: int, row: int, w: int = 1, h: int = 1) -> pygame.Rect:
    return pygame.Rect(col * CELL_W, row * CELL_H, w * CELL_W, h * CELL_H)


def fill(canvas: pygame.Surface, col: int, row: int, w: int, h: int, bg: int) -> None:
    canvas.fill(palette.PALETTE[bg], cell_rect(col, row, w, h))


class TextOverflow(ValueError):
    """Text drawn past the canvas edge or past the region its caller gave."""


OVERFLOW_ENV = "GNERTS_CHECK_OVERFLOW"
ELLIPSIS = "..."
_CHECKING = EnvSwitch(OVERFLOW_ENV)
# what is drawn, told to an observer (tools/style_check.py) as ("text", x_px, y_px, s),
# ("frame", x_px, y_px, s) for a box's own edges and title, ("box", col, row, w, h) and
# ("wrap", lines, width); None (the game) tells nobody
observer = None
_framing = False


def _tell(*event) -> None:
    if observer is not None:
        observer(event)


def checking() -> bool:
    """Does an overflow raise (tests set GNERTS_CHECK_OVERFLOW), or is it cut quietly?"""
    return _CHECKING.on()


def overflow_check(on: bool):
    """Raise (or cut) overflowing text inside the block, whatever the environment says."""
    return _CHECKING.forced(on)


def overflow(s: str, width: int, where: str) -> str:
    """Text longer than its room: a TextOverflow under the check (the App reports it as
    the scene's bug through errors.report), else the text cut with an ellipsis."""
    if checking():
        raise TextOverflow(f"{len(s)} characters in {width} ({where}): {s[:100]!r}")
    return cut(s, width)


def cut(s: str, width: int) -> str:
    """s in at most width characters: as it is if it fits, else cut with an ellipsis."""
    if len(s) <= width:
        return s
    if width <= len(ELLIPSIS):
        return s[:max(0, width)]
    return s[:width - len(ELLIPSIS)].rstrip() + ELLIPSIS


def _room(col: int, width: int | None) -> int:
    """The columns text at col may use: the caller's region, never past the canvas."""
    edge = COLS - col
    return edge if width is None else min(width, edge)


def _fitted(s: str, col: int, width: int | None, where: str) -> str:
    room = _room(col, width)
    if len(s) <= room or len(s.rstrip(" ")) <= room:   # blanks past the edge paint nothing
        return s[:max(0, room)] if len(s) > room else s
    return overflow(s, room, where)


def text(canvas: pygame.Surface, col: int, row: int, s: str, fg: int, bg: int | None = None,
         width: int | None = None) -> int:
    """Draw s at a cell, within width columns (default: to the canvas edge); text that
    does not fit is an overflow (see overflow). Returns the number of cells used."""
    where = f"col {col} row {row}" + ("" if width is None else f" width {width}")
    s = _fitted(s, col, width, where)
    _tell("frame" if _framing else "text", col * CELL_W, row * CELL_H, s)
    get_font().draw(canvas, col * CELL_W, row * CELL_H, s, fg, bg)
    return len(s)


def text_cut(canvas: pygame.Surface, col: int, row: int, s: str, fg: int, bg: int | None = None,
             width: int | None = None) -> int:
    """Draw s within width columns, cut with an ellipsis when it is longer (never an overflow:
    for texts of any length, such as names and paths)."""
    return text(canvas, col, row, cut(s, _room(col, width)), fg, bg)


def text_wrap(canvas: pygame.Surface, col: int, row: int, s: str, fg: int, bg: int | None = None,
              width: int | None = None, rows: int | None = None) -> int:
    """Draw s word-wrapped to width columns from (col, row); returns the rows used. More
    rows than `rows` is an overflow (cut: the last row ends with an ellipsis)."""
    lines = wrap(s, _room(col, width))
    if rows is not None and len(lines) > rows:
        last = overflow(" ".join(lines[rows - 1:]), _room(col, width), f"col {col} row {row}, {rows} rows")
        lines = lines[:rows - 1] + [cut(last, _room(col, width))]
    for i, line in enumerate(lines):
        text(canvas, col, row + i, line, fg, bg, width)
    return len(lines)


def text_px(canvas: pygame.Surface, x: int, y: int, s: str, fg: int, bg: int | None = None,
            width: int | None = None) -> int:
    """Draw s at a pixel, within width columns (default: to the canvas edge); longer is an
    overflow (see overflow)."""
    room = (canvas.get_width() - x) // CELL_W
    if width is not None:
        room = min(room, width)
    if len(s) > room and len(s.rstrip(" ")) > room:
        s = overflow(s, room, f"x {x} y {y}")
    _tell("text", x, y, s)
    return get_font().draw(canvas, x, y, s, fg, bg)


def center(canvas: pygame.Surface, row: int, s: str, fg: int, bg: int | None = None,
           col: int = 0, width: int = COLS) -> None:
    """s centred in width columns from col (longer is an overflow)."""
    width = _room(col, width)
    if len(s) > width:
        s = overflow(s, width, f"centred at row {row}, col {col} width {width}")
    text(canvas, col + max(0, (width - len(s)) // 2), row, s, fg, bg)


def box(canvas: pygame.Surface, col: int, row: int, w: int, h: int, fg: int, bg: int,
        double: bool = True, title: str | None = None, shadow: bool = True) -> None:
    """A framed box filled with bg, optional title in the top edge, DOS shadow. A box
    past the canvas, or a title longer than its edge, is an overflow."""
    if col < 0 or row < 0 or col + w > COLS or row + h > ROWS:
        overflow(f"box {w}x{h}", 0, f"box at col {col} row {row} past the {COLS}x{ROWS} canvas")
        col, row = max(0, min(col, COLS - w)), max(0, min(row, ROWS - h))
        w, h = min(w, COLS - col), min(h, ROWS - row)
    tl, tr, bl, br, hz, vt = DOUBLE if double else SINGLE
    if shadow:
        shade = pygame.Surface(cell_rect(0, 0, w, h).size)
        shade.fill((0, 0, 0))
        shade.set_alpha(150)
        canvas.blit(shade, cell_rect(col + 1, row + 1).topleft)
    fill(canvas, col, row, w, h, bg)
    _tell("box", col, row, w, h)
    global _framing
    _framing = True      # the box's own edges and title: "frame" to the observer
    try:
        text(canvas, col, row, tl + hz * (w - 2) + tr, fg, bg)
        for r in range(row + 1, row + h - 1):
            text(canvas, col, r, vt, fg, bg)
            text(canvas, col + w - 1, r, vt, fg, bg)
        text(canvas, col, row + h - 1, bl + hz * (w - 2) + br, fg, bg)
        if title:
            t = f" {title} "
            if len(t) > w - 2:
                t = f" {overflow(title, w - 4, f'title of the box at col {col} row {row}')} "
            text(canvas, col + (w - len(t)) // 2, row, t, bg, fg)
    finally:
        _framing = False


def key_bar(canvas: pygame.Surface, items: list[tuple[str, str]], row: int = 29) -> None:
    """The bottom line of DOS programs: "F1 Keys  F2 Help  Esc Back" on light grey.
    Keys that do not fit on the line are an overflow (a key never silently vanishes)."""
    fill(canvas, 0, row, COLS, 1, palette.LIGHT_GREY)
    used = sum(len(k) + 1 + len(lab) for k, lab in items)
    # three spaces between keys, closer when the line is full (never a key left out);
    # one column free at either end
    gap = next((g for g in (3, 2, 1) if 1 + used + g * (len(items) - 1) <= EDGE_COL), 1)
    col = 1
    for i, (key, label) in enumerate(items):
        if col + len(key) + len(label) + 1 > EDGE_COL:
            rest = "  ".join(f"{k} {lab}" for k, lab in items[i:])
            overflow(rest, max(0, EDGE_COL - col), f"key bar at row {row}")
            break
        text(canvas, col, row, key, palette.RED, palette.LIGHT_GREY)
        col += len(key)
        text(canvas, col, row, " " + label, palette.BLACK, palette.LIGHT_GREY)
        col += len(label) + 1 + gap


def wrap(s: str, width: int) -> list[str]:
    """Word-wrap one paragraph to lines of at most width characters (a line that
    fits is kept as it is, spacing and all; a word longer than a line is cut). A word
    is never left alone on the last line when the line above can give it company."""
    if len(s) <= width:
        return [s]
    lines, line = [], ""
    for word in s.split():
        while len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line or not lines:
        lines.append(line)
    _no_orphan(lines, width)
    _tell("wrap", lines, width)
    return lines


def _no_orphan(lines: list[str], width: int) -> None:
    """The last line a single word: the line above gives it its own last word, if
    both fit (the same number of lines, never a longer one)."""
    if len(lines) < 2 or " " in lines[-1]:
        return
    head, _, moved = lines[-2].rpartition(" ")
    if head and len(moved) + 1 + len(lines[-1]) <= width:
        lines[-2], lines[-1] = head, f"{moved} {lines[-1]}"
