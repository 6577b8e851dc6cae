"""The gallery's eye for text: what a drawn screen gets wrong, as sentences.

While a screen is drawn, ui tells the Watcher what it writes (ui.observer); then
problems() lists, for that screen:
- a letter in the canvas's last column (it reads as clipped at the screen's edge);
- a wrapped paragraph whose last line is one short word ("it", "6.");
- text drawn across a box's edge (drawn over a box it does not belong to).
And page_problems(box) lists, for a paged text box (overlays.TextBox), its pages'
faults: a paragraph split over two pages though it fits on one, a page that goes on
with a section's lines without its heading.
Text cut because it overflowed its room is ui.TextOverflow, caught by the gallery.
"""
from __future__ import annotations

import contextlib

from game import ui
from game.font import CELL_H, CELL_W
from game.screen import COLS

ORPHAN_MAX = 3          # a last line of one word this short reads as left behind
_FRAME_CHARS = {chr(c) for c in range(0x2500, 0x25A0)}


def _ink(s: str) -> tuple[int, int] | None:
    """First and last index of the characters that draw something (not blanks, not
    box-drawing lines), or None."""
    marks = [i for i, ch in enumerate(s) if ch != " " and ch not in _FRAME_CHARS]
    return (marks[0], marks[-1]) if marks else None


class Watcher:
    def __init__(self):
        self.events: list[tuple] = []

    @contextlib.contextmanager
    def watching(self):
        before = ui.observer
        ui.observer = self.events.append
        try:
            yield self
        finally:
            ui.observer = before

    def problems(self) -> list[str]:
        out: list[str] = []
        boxes: list[tuple[int, int, int, int]] = []
        for ev in self.events:
            kind = ev[0]
            if kind == "box":
                boxes.append(ev[1:])
            elif kind == "wrap":
                out += _orphan(ev[1])
            elif kind == "text":
                out += _at_edge(*ev[1:]) + _over_box(boxes, *ev[1:])
        return sorted(set(out), key=out.index)


def _orphan(lines: list[str]) -> list[str]:
    last = lines[-1].strip()
    if len(lines) > 1 and " " not in last and 0 < len(last) <= ORPHAN_MAX:
        return [f"{last!r} alone on the last line of {' / '.join(lines)!r}"]
    return []


def _at_edge(x: int, y: int, s: str) -> list[str]:
    ink = _ink(s)
    if ink and x + (ink[1] + 1) * CELL_W > (COLS - 1) * CELL_W:
        return [f"{s.strip()!r} reaches the right edge of the screen (row {y // CELL_H})"]
    return []


def _over_box(boxes, x: int, y: int, s: str) -> list[str]:
    """Text across the edge of a box drawn before it. The boxes are seen from the last
    drawn: text wholly within one (inside it, or on its top or bottom edge as a label)
    belongs to it, and the boxes under that one are hidden; text wholly outside a box
    is not on it; text partly in and partly out is drawn over its edge."""
    ink = _ink(s)
    if ink is None:
        return []
    row = y // CELL_H
    rows = {row} if y % CELL_H == 0 else {row, row + 1}
    first, last = x + ink[0] * CELL_W, x + (ink[1] + 1) * CELL_W    # pixels [first, last)
    for col, top, w, h in reversed(boxes):
        left, right, bottom = col * CELL_W, (col + w) * CELL_W, top + h - 1
        if last <= left or first >= right or not any(top <= r <= bottom for r in rows):
            continue
        if first >= left + CELL_W and last <= right - CELL_W and rows <= set(range(top, bottom + 1)):
            return []
        return [f"{s.strip()!r} at row {row} is drawn over the edge of the box at "
                f"col {col} row {top} ({w}x{h})"]
    return []


def page_problems(box) -> list[str]:
    """A paged text box's faults (box: groups, the given lines wrapped, and paged()):
    a paragraph split over two pages though it fits on one; a page after the first
    that begins with a section's indented lines, not their heading."""
    from game.scenes.overlays import CONTINUED
    pages = box.paged()
    shown = [(p, line) for p, page in enumerate(pages) for line in page
             if line.strip() and not line.endswith(CONTINUED)]
    out: list[str] = []
    at = 0
    for group in box.groups:
        lines = [line for line in group if line.strip()]
        on = {p for p, _ in shown[at:at + len(lines)]}
        at += len(lines)
        if len(on) > 1 and len(group) <= box.per_page:
            out.append(f"{lines[0][:40]!r}... is split over pages {min(on) + 1} and {max(on) + 1}")
    for p, page in enumerate(pages[1:], start=2):
        if page and page[0].startswith(" "):
            out.append(f"page {p} of {box.title!r} goes on with {page[0].strip()[:40]!r} without its heading")
    return out
