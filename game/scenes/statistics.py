"""The Statistics screen, to be looked at rather than read: per game its counters in
two aligned columns, a table with a row per computers' level and per variant (played,
won, the share and a bar of it), and a chart of the last finished games (the
statistics' history: their points, won, lost or level, or the place); E exports it
all as CSV into the saves folder. Spoken, the screen is its words alone (the same lines
with a share's bar left out and a chart said in words: game/scenes/stat_charts.py), all
of it at once, and Ctrl+F11 the last games one by one. The words come from the statistics
(stats.lines: each counter's label) and the games' list (a game's history_unit names
what its history holds); nothing here names a game. Paged by the shared pager: a
game's name heads each page its section goes on over, and a chart is never cut by a
page's end (its lines are one group).
"""
from __future__ import annotations

import os
from typing import Any

from game import palette as P
from game import ui
from game.games import GAMES
from game.keys import Binding
from game.scenes.overlays import TextBox
from game.scenes.stat_charts import (
    CHART_ROWS,
    EMPTY,
    FULL,
    HALF,
    SCALE_W,
    chart_summary,
    chart_words,
    games_chart,
    legend,
    percent,
    share_bar,
)
from game.stats import COUNTS, HISTORY_MAX
from game.words import counted

CSV_NAME = "statistics.csv"
WIDTH = 76                  # the box (72 columns of text)
NAME_W, NUM_W, BAR_W = 24, 8, 16
PAIR_W = 36                 # a counter in the two columns: its label and its count
KINDS = {"level": "Computers' level", "variant": "Variant"}
LAST = "Last "              # a chart's heading begins so: "Last 12 games, ..."
# a chart's columns and marks by its mark: a game won (or first), lost, a later place, level;
# the columns one by one bright and dark, so that columns side by side stay apart
MARK_COLOURS = {"W": (P.LIGHT_GREEN, P.GREEN), "1": (P.LIGHT_GREEN, P.GREEN), "L": (P.LIGHT_RED, P.RED),
                "=": (P.LIGHT_GREY, P.DARK_GREY)}
PLACE_COLOURS = (P.YELLOW, P.BROWN)


def played_won(counters: dict[str, int]) -> tuple[str, int, int] | None:
    """(what is counted, played, won) of a set of counters: the first of the units the
    statistics label ("games", then "hands", then "rounds") with a count played."""
    for key in [k for k in COUNTS if k.endswith("_played")] + sorted(counters):
        unit = key[:-len("_played")]
        if key.endswith("_played") and counters.get(key):
            return unit, counters[key], counters.get(f"{unit}_won", 0)
    return None


def _table(stats: Any, game: str, spoken: bool = False) -> list[str]:
    """The rows by level and by variant: played, won, share, bar (spoken: a line a
    kind, each row in words and its share as the percentage)."""
    rows: list[str] = []
    for kind, title in KINDS.items():
        values = [v for k, v in stats.breakdowns(game) if k == kind]
        found = [(v, played_won(stats.data.get(stats.breakdown_key(game, kind, v), {}))) for v in values]
        counted_rows = [(v, c) for v, c in found if c is not None]
        if not counted_rows:
            continue
        if spoken:
            rows.append(f"  {title}: " + "; ".join(
                f"{value}, {counted(played, unit[:-1])} played, {won} won, {percent(won, played)}"
                for value, (unit, played, won) in counted_rows))
            continue
        unit = counted_rows[0][1][0].capitalize()
        rows.append(f"  {title:<{NAME_W}}{unit + ' played':>{NUM_W + 6}}{'Won':>{NUM_W - 2}}"
                    f"{'Share':>{NUM_W - 1}}")
        for value, (_, played, won) in counted_rows:
            name = ui.cut(value, NAME_W - 2)
            rows.append(f"    {name:<{NAME_W - 2}}{played:>{NUM_W + 6}}{won:>{NUM_W - 2}}"
                        f"{percent(won, played):>{NUM_W - 1}}  {share_bar(won, played, BAR_W)}")
    return rows


def _counters(stats: Any, spec: Any, spoken: bool = False) -> list[str]:
    """The game's counters, two to a line, labels and counts aligned (spoken: one line)."""
    if spoken:
        said = [f"{label} {value}" for label, value in stats.lines(spec.key, spec.stat_labels)]
        return ["  " + ", ".join(said)] if said else []
    cells = [f"{ui.cut(label, PAIR_W - 10):<{PAIR_W - 10}}{value:>8}"
             for label, value in stats.lines(spec.key, spec.stat_labels)]
    return ["  " + "  ".join(cells[i:i + 2]).rstrip() for i in range(0, len(cells), 2)]


def history_lines(stats: Any, spec: Any, spoken: bool = False) -> list[str]:
    """The chart of the game's last finished games as one line (its rows joined by
    newlines: StatisticsBox.wrap keeps them together), or the plain word that there
    is none yet (spoken: the chart in a few words)."""
    games = stats.games(spec.key)
    unit = spec.history_unit
    if not games:
        return [f"  No finished {unit} yet."]
    if spoken:
        return ["  " + chart_summary(games, unit)]
    n = len(games)
    heading = f"  {LAST}{n} {unit if n == 1 else unit + 's'}, oldest first: {legend(games)}"
    return ["\n".join([heading] + ["  " + row for row in games_chart(games)])]


def game_lines(stats: Any, g: Any, spoken: bool = False) -> list[str]:
    """One game's lines: its title, then its counters, table and last games (spoken: as
    the voice says them, no bar or chart drawn)."""
    rows = _counters(stats, g, spoken)
    if not (rows or stats.games(g.key)):
        return [g.title, "  (not played yet)"]
    return [g.title, *rows, *_table(stats, g.key, spoken), *history_lines(stats, g, spoken)]


def statistics_lines(stats: Any, spoken: bool = False) -> list[str]:
    """The screen's lines, a blank line between games."""
    lines: list[str] = []
    for g in GAMES:
        lines.extend(game_lines(stats, g, spoken) + [""])
    return lines[:-1]


class StatisticsBox(TextBox):
    title = "Statistics"
    width = WIDTH
    fg, bg = P.WHITE, P.BLUE
    spoken_detail_name = "the last games one by one"

    def __init__(self, app: Any):
        super().__init__(app, "Statistics", statistics_lines(app.stats),
                         footer="E export as CSV   Esc or Enter to go on")
        self.per_page = 22

    @staticmethod
    def wrap(line: str, width: int) -> list[str]:
        # rows of a table: laid out to fit, never wrapped; a chart's rows are one line
        return [ui.cut(row, width) for row in line.split("\n")]

    def spoken_intro(self) -> str:
        said = [line.strip() for line in statistics_lines(self.app.stats, spoken=True)]
        return ". ".join([self.title] + [line for line in said if line])

    def spoken_page(self) -> str:
        """A page turned: the games it shows, in words (a game whose title is on the page,
        and the one it goes on with from the page before), never the bars' and charts'
        blocks."""
        titles = {g.title: g for g in GAMES}
        before = [line for page in range(self.page) for line in self.page_lines(page) if line in titles]
        lines = self.page_lines(self.page)
        first = next((i for i, line in enumerate(lines) if line in titles), len(lines))
        games = [titles[line] for line in lines if line in titles]
        if before and any(line.strip() for line in lines[:first]):
            games.insert(0, titles[before[-1]])          # the game this page goes on with
        said = [line.strip() for g in games for line in game_lines(self.app.stats, g, spoken=True)]
        where = [f"Page {self.page + 1} of {self.pages}"] if self.pages > 1 else []
        return ". ".join(where + [line for line in said if line])

    def spoken_detail(self) -> str | None:
        """Ctrl+F11: each game's last games, one by one (None: none finished yet)."""
        said = [f"{g.title}: {chart_words(games, g.history_unit)}"
                for g in GAMES if (games := self.app.stats.games(g.key))]
        return ". ".join(said) or None

    def bindings(self):
        return [Binding(("e",), "Export as CSV (statistics.csv in the saves folder)", self.export)] + \
            super().bindings()

    def help_lines(self) -> list[str]:
        hands = "".join(f"; {g.title}'s are its {g.history_unit}s, as its session has no end"
                        for g in GAMES if g.history_unit != "game")
        return ["Statistics: what was played and won in each game, kept in the saves folder "
                "from one session to the next.",
                "",
                "Each game shows its counters, then a table by the computers' level and by "
                "variant (the rules' preset): played, won, and the share won, with its bar. "
                f"Under it, the last finished games (up to {HISTORY_MAX}{hands}): a column of "
                "each game's points, the oldest on the left, as tall as its points against the "
                "tallest (whose points are on its left; none below zero), and under each W won, "
                "L lost, = level, or in a game of three or more the place (1 won). A game left "
                "and resumed counts once, when it ends.",
                "",
                "With speech on, the screen is said in words: each chart in short (won, lost, the "
                "best points), and Ctrl+F11 says the last games one by one.",
                "",
                "E writes everything as CSV (statistics.csv in the saves folder), for a "
                "spreadsheet. PgUp/PgDn turn the pages, Esc or Enter goes back."]

    def draw(self, canvas):
        super().draw(canvas)
        shown = self.page_lines(self.page)
        col = (80 - self.width) // 2 + 2
        row = max(1, (28 - len(shown) - 4) // 2) + 2
        marks, chart_end = "", -1           # the chart being drawn: its row of marks
        for i, line in enumerate(shown):
            if line.startswith("  " + LAST):
                chart_end = i + CHART_ROWS + 1
                marks = shown[chart_end] if chart_end < len(shown) else ""
                ui.text(canvas, col, row + i, line, P.LIGHT_CYAN, self.bg)
            elif i <= chart_end:
                self._chart_row(canvas, col, row + i, line, marks)
            else:
                self._colour(canvas, col, row + i, line)

    def _chart_row(self, canvas, col: int, row: int, line: str, marks: str) -> None:
        """A row of the chart: each column and its mark in the colour of its mark,
        bright and dark by turns; the scale cyan."""
        start = 2 + SCALE_W
        ui.text(canvas, col, row, line[:start], P.LIGHT_CYAN, self.bg)
        for i, ch in enumerate(line[start:], start):
            mark = marks[i] if i < len(marks) else "="
            bright, dark = MARK_COLOURS.get(mark, PLACE_COLOURS)
            colour = bright if ch == mark or (i - start) % 2 == 0 else dark
            ui.text(canvas, col + i, row, ch, colour, self.bg)

    def _colour(self, canvas, col: int, row: int, line: str) -> None:
        """The DOS look: a game's name yellow, table headings cyan, a share's bar green
        on grey."""
        if line and not line.startswith(" "):
            ui.text(canvas, col, row, line, P.YELLOW, self.bg)
            return
        if line.strip().endswith("Share"):
            ui.text(canvas, col, row, line, P.LIGHT_CYAN, self.bg)
            return
        for i, ch in enumerate(line):
            colour = P.LIGHT_GREEN if ch in (FULL, HALF) else P.DARK_GREY if ch == EMPTY else None
            if colour is not None:
                ui.text(canvas, col + i, row, ch, colour, self.bg)

    def export(self) -> bool:
        if self.app.storage.write_text(CSV_NAME, self.app.stats.to_csv()):
            self.app.toast(f"Statistics written: {os.path.join(self.app.save_dir, CSV_NAME)}")
        return True   # a failure is told by the storage (a notice), not by a beep
