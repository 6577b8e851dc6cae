"""The statistics' pictures in text-mode blocks (CP437 "█▄·", drawn by game/font.py):
a bar of a share won (half-height blocks, so bars on rows one under the other stay
apart), and a chart of the last finished games: a column of each game's points, side
by side (HISTORY_MAX fit the box's width; the screen tells them apart by colour),
CHART_ROWS cells high under a scale of the tallest, with a row of marks under them:
W won, L lost, = level, or the place in a game of three or more. No pygame here: the
Statistics screen lays these lines out and colours them (game/scenes/statistics.py).

The voice never reads the blocks: a chart is said in words, short first (chart_summary:
how many won and lost, the best points), one game after the other when asked
(chart_words); a share is said as its percentage alone.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.words import counted, ordinal

FULL, HALF, EMPTY = "\u2588", "\u2584", "\u00b7"     # █ ▄ ·
CHART_ROWS = 3                  # a column's height in cells (half a cell a step)
SCALE_W = 7                     # the scale left of the columns: the tallest column's points
OUTCOME_MARKS = {"won": "W", "lost": "L", "level": "="}   # (game.stats.OUTCOMES, in order)


def share_bar(won: int, played: int, width: int = 10) -> str:
    """The share won as `width` cells, filled to the nearest cell from the left with
    half-height blocks, dots for the rest: "▄▄▄▄▄▄······" for 50% of 12."""
    if played <= 0:
        return EMPTY * width
    filled = round(width * min(max(won, 0), played) / played)
    return (HALF * filled).ljust(width, EMPTY)


def percent(won: int, played: int) -> str:
    return f"{round(100 * won / played)}%" if played > 0 else "-"


LATE_PLACE = "+"                # the mark of a tenth place (a column is one character)


def mark(entry: Mapping[str, Any]) -> str:
    """A finished game's mark: its place (1 to 9, + the tenth) in a game of three or
    more, else W, L or = (a level game is = whatever the players)."""
    if entry["outcome"] != "level" and "place" in entry:
        return str(entry["place"]) if entry["place"] < 10 else LATE_PLACE
    return OUTCOME_MARKS[entry["outcome"]]


def legend(entries: Sequence[Mapping[str, Any]]) -> str:
    """What the marks of these games mean, those that appear: "W won, L lost, 1-3 the place"."""
    marks = {mark(e) for e in entries}
    words = [f"{m} {w}" for w, m in OUTCOME_MARKS.items() if m in marks]
    places = sorted(m for m in marks if m.isdigit())
    if places:
        words.append(f"{places[0]}-{places[-1]} the place" if len(places) > 1 else f"{places[0]} the place")
    if LATE_PLACE in marks:
        words.append(f"{LATE_PLACE} the tenth")
    return ", ".join(words)


def games_chart(entries: Sequence[Mapping[str, Any]]) -> list[str]:
    """The chart of finished games (the history's entries, oldest first): CHART_ROWS
    rows of columns, one cell wide and side by side, as tall as the game's points
    against the tallest (a half cell a step; points above zero show at least a half
    cell, none or below zero none), the tallest's points on the top row's left; then
    the row of marks. [] for no game."""
    if not entries:
        return []
    points = [max(0, e["points"]) for e in entries]
    top = max(points)
    steps = [0 if p == 0 else max(1, round(2 * CHART_ROWS * p / top)) for p in points]
    rows = []
    for row in range(CHART_ROWS - 1, -1, -1):        # the top row first
        scale = f"{top:>{SCALE_W - 1}} " if row == CHART_ROWS - 1 else " " * SCALE_W
        rows.append((scale + "".join(FULL if s >= 2 * row + 2 else HALF if s == 2 * row + 1 else " "
                                     for s in steps)).rstrip())
    return rows + [" " * SCALE_W + "".join(mark(e) for e in entries)]


def _last(entries: Sequence[Mapping[str, Any]], unit: str) -> str:
    return f"Last {counted(len(entries), unit)}"


def chart_summary(entries: Sequence[Mapping[str, Any]], unit: str) -> str:
    """The chart in a few words: "Last 9 games: 3 won, 6 lost; best 222 points"."""
    told = [f"{n} {o}" for o in OUTCOME_MARKS if (n := sum(1 for e in entries if e["outcome"] == o))]
    best = max(e["points"] for e in entries)
    return f"{_last(entries, unit)}: {', '.join(told)}; best {counted(best, 'point')}"


def chart_words(entries: Sequence[Mapping[str, Any]], unit: str) -> str:
    """The chart game by game, oldest first, each its outcome (or place) and points:
    "Last 3 games, oldest first: third, 40 points; first, 150 points; ..."."""
    def said(e: Mapping[str, Any]) -> str:
        how = e["outcome"] if e["outcome"] == "level" or "place" not in e else ordinal(e["place"])
        return f"{how}, {counted(e['points'], 'point')}"
    return f"{_last(entries, unit)}, oldest first: " + "; ".join(said(e) for e in entries)
