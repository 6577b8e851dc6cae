"""Text-mode drawing on the canvas: cells of 8x16, box drawing, the key bar.

Everything is in cell coordinates (80 columns, 30 rows) unless named *_px.
"""
from __future__ import annotations

import pygame

from game import palette
from game.font import CELL_H, CELL_W, get_font
from game.screen import COLS

SINGLE = "┌┐└┘─│"
DOUBLE = "╔╗╚╝═║"


def cell_rect(col: int, row: int, w: int = 1, h: int = 1) -> pygame.Rect:
    return pygame.Rect(col * CELL_W, row * CELL_H, w * CELL_W, h * CELL_H)


def fill(canvas: pygame.Surface, col: int, row: int, w: int, h: int, bg: int) -> None:
    canvas.fill(palette.PALETTE[bg], cell_rect(col, row, w, h))


def text(canvas: pygame.Surface, col: int, row: int, s: str, fg: int, bg: int | None = None) -> int:
    """Draw s at a cell; returns the number of cells used."""
    get_font().draw(canvas, col * CELL_W, row * CELL_H, s, fg, bg)
    return len(s)


def text_px(canvas: pygame.Surface, x: int, y: int, s: str, fg: int, bg: int | None = None) -> int:
    return get_font().draw(canvas, x, y, s, fg, bg)


def center(canvas: pygame.Surface, row: int, s: str, fg: int, bg: int | None = None,
           col: int = 0, width: int = COLS) -> None:
    text(canvas, col + max(0, (width - len(s)) // 2), row, s, fg, bg)


def box(canvas: pygame.Surface, col: int, row: int, w: int, h: int, fg: int, bg: int,
        double: bool = True, title: str | None = None, shadow: bool = True) -> None:
    """A framed box filled with bg, optional title in the top edge, DOS shadow."""
    tl, tr, bl, br, hz, vt = DOUBLE if double else SINGLE
    if shadow:
        shade = pygame.Surface(cell_rect(0, 0, w, h).size)
        shade.fill((0, 0, 0))
        shade.set_alpha(150)
        canvas.blit(shade, cell_rect(col + 1, row + 1).topleft)
    fill(canvas, col, row, w, h, bg)
    text(canvas, col, row, tl + hz * (w - 2) + tr, fg, bg)
    for r in range(row + 1, row + h - 1):
        text(canvas, col, r, vt, fg, bg)
        text(canvas, col + w - 1, r, vt, fg, bg)
    text(canvas, col, row + h - 1, bl + hz * (w - 2) + br, fg, bg)
    if title:
        t = f" {title} "
        text(canvas, col + (w - len(t)) // 2, row, t, bg, fg)


def key_bar(canvas: pygame.Surface, items: list[tuple[str, str]], row: int = 29) -> None:
    """The bottom line of DOS programs: "F1 Keys  F2 Help  Esc Back" on light grey."""
    fill(canvas, 0, row, COLS, 1, palette.LIGHT_GREY)
    col = 1
    for key, label in items:
        if col + len(key) + len(label) + 2 > COLS:
            break
        text(canvas, col, row, key, palette.RED, palette.LIGHT_GREY)
        col += len(key)
        text(canvas, col, row, " " + label, palette.BLACK, palette.LIGHT_GREY)
        col += len(label) + 3


def wrap(s: str, width: int) -> list[str]:
    """Word-wrap one paragraph to lines of at most width characters (a line that
    fits is kept as it is, spacing and all; a word longer than a line is cut)."""
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
    return lines
