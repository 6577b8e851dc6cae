"""The statistics' pictures in text-mode blocks (CP437 "█▄·", drawn by game/font.py):
a bar of a share won (half-height blocks, so bars on rows one under the other stay
apart), and a small chart of the last results, two rows of columns high
with a row of W (won), L (lost) and = (level) under them. No pygame here: the
Statistics screen lays these lines out and colours them (game/scenes/statistics.py).
"""
from __future__ import annotations

from collections.abc import Sequence

FULL, HALF, EMPTY = "\u2588", "\u2584", "\u00b7"     # █ ▄ ·
MARKS = {1: "W", 0: "=", -1: "L"}
CHART_ROWS = 2                  # a column's height in cells (half a cell a step)


def share_bar(won: int, played: int, width: int = 10) -> str:
    """The share won as `width` cells, filled to the nearest cell from the left with
    half-height blocks, dots for the rest: "▄▄▄▄▄▄······" for 50% of 12."""
    if played <= 0:
        return EMPTY * width
    filled = round(width * min(max(won, 0), played) / played)
    return (HALF * filled).ljust(width, EMPTY)


def percent(won: int, played: int) -> str:
    return f"{round(100 * won / played)}%" if played > 0 else "-"


def results_chart(results: Sequence[tuple[int, int]]) -> list[str]:
    """Columns of the points of each result, oldest on the left, as tall as the biggest
    (CHART_ROWS cells, a half cell a step; a result with points shows at least a half
    cell), a space between columns, and under each its mark: results are (outcome 1 won / 0 level / -1 lost,
    points)."""
    if not results:
        return []
    top = max(abs(points) for _, points in results) or 1
    steps = [0 if points == 0 else max(1, round(2 * CHART_ROWS * abs(points) / top))
             for _, points in results]
    rows = []
    for row in range(CHART_ROWS - 1, -1, -1):        # the top row first
        rows.append(" ".join(FULL if s >= 2 * row + 2 else HALF if s == 2 * row + 1 else " "
                             for s in steps).rstrip())
    return rows + [" ".join(MARKS[outcome] for outcome, _ in results)]
