"""The Statistics screen, to be looked at rather than read: per game its counters in
two aligned columns, a table with a row per computers' level and per variant (played,
won, the share and a bar of it), and a small chart of the last hands' results (from
the replays kept: their points, won or lost); E exports everything as CSV into the
saves folder. The words come from the statistics (stats.lines: each counter's label)
and the games' list; nothing here names a game. Paged by the shared pager: a game's
name heads each page its section goes on over.
"""
from __future__ import annotations

import os
from typing import Any

from game import palette as P
from game import ui
from game.games import GAMES
from game.keys import Binding
from game.scenes.overlays import TextBox
from game.scenes.stat_charts import EMPTY, FULL, HALF, percent, results_chart, share_bar
from game.stats import COUNTS

CSV_NAME = "statistics.csv"
WIDTH = 76                  # the box (72 columns of text)
NAME_W, NUM_W, BAR_W = 24, 8, 16
PAIR_W = 36                 # a counter in the two columns: its label and its count
CHART_MAX = 32              # results in the chart, the newest on the right (two columns each)
KINDS = {"level": "Computers' level", "variant": "Variant"}
RECENT = "Hands recorded lately"


def played_won(counters: dict[str, int]) -> tuple[str, int, int] | None:
    """(what is counted, played, won) of a set of counters: the first of the units the
    statistics label ("games", then "hands", then "rounds") with a count played."""
    for key in [k for k in COUNTS if k.endswith("_played")] + sorted(counters):
        unit = key[:-len("_played")]
        if key.endswith("_played") and counters.get(key):
            return unit, counters[key], counters.get(f"{unit}_won", 0)
    return None


def _table(stats: Any, game: str) -> list[str]:
    """The rows by level and by variant: played, won, share, bar."""
    rows: list[str] = []
    for kind, title in KINDS.items():
        values = [v for k, v in stats.breakdowns(game) if k == kind]
        counted = [(v, played_won(stats.data.get(stats.breakdown_key(game, kind, v), {}))) for v in values]
        counted = [(v, c) for v, c in counted if c is not None]
        if not counted:
            continue
        unit = counted[0][1][0].capitalize()
        rows.append(f"  {title:<{NAME_W}}{unit + ' played':>{NUM_W + 6}}{'Won':>{NUM_W - 2}}"
                    f"{'Share':>{NUM_W - 1}}")
        for value, (_, played, won) in counted:
            name = ui.cut(value, NAME_W - 2)
            rows.append(f"    {name:<{NAME_W - 2}}{played:>{NUM_W + 6}}{won:>{NUM_W - 2}}"
                        f"{percent(won, played):>{NUM_W - 1}}  {share_bar(won, played, BAR_W)}")
    return rows


def _counters(stats: Any, spec: Any) -> list[str]:
    """The game's counters, two to a line, labels and counts aligned."""
    cells = [f"{ui.cut(label, PAIR_W - 10):<{PAIR_W - 10}}{value:>8}"
             for label, value in stats.lines(spec.key, spec.stat_labels)]
    return ["  " + "  ".join(cells[i:i + 2]).rstrip() for i in range(0, len(cells), 2)]


def recent_results(replays: Any, game: str) -> list[tuple[int, int]]:
    """The last recorded hands of a game, oldest first: (1 won / 0 level / -1 lost, the
    points of the seat at the keyboard), from the replays kept."""
    if replays is None:
        return []
    entries, _ = replays.entries(game)
    out = []
    for entry in reversed(entries[:CHART_MAX]):
        rep = entry.replay
        if not rep.scores or not 0 <= rep.viewer < len(rep.scores):
            continue
        mine = rep.scores[rep.viewer]
        best_other = max((s for i, s in enumerate(rep.scores) if i != rep.viewer), default=mine)
        out.append(((mine > best_other) - (mine < best_other), mine))
    return out


def statistics_lines(stats: Any, replays: Any = None) -> list[str]:
    lines: list[str] = []
    for g in GAMES:
        lines.append(g.title)
        rows = _counters(stats, g)
        lines.extend(rows or ["  (not played yet)"])
        lines.extend(_table(stats, g.key))
        results = recent_results(replays, g.key)
        if results:
            lines.append(f"  {RECENT} ({len(results)}), the newest on the right:")
            lines.extend("    " + row for row in results_chart(results))
        lines.append("")
    return lines[:-1]


class StatisticsBox(TextBox):
    title = "Statistics"
    width = WIDTH
    fg, bg = P.WHITE, P.BLUE

    def __init__(self, app: Any):
        super().__init__(app, "Statistics", statistics_lines(app.stats, getattr(app, "replays", None)),
                         footer="E export as CSV   Esc or Enter to go on")
        self.per_page = 22

    @staticmethod
    def wrap(line: str, width: int) -> list[str]:
        return [ui.cut(line, width)]      # rows of a table: laid out to fit, never wrapped

    def bindings(self):
        return [Binding(("e",), "Export as CSV (statistics.csv in the saves folder)", self.export)] + \
            super().bindings()

    def help_lines(self) -> list[str]:
        return ["Statistics: what was played and won in each game, kept in the saves folder "
                "from one session to the next.",
                "",
                "Each game shows its counters, then a table by the computers' level and by "
                "variant (the rules' preset): played, won, and the share won, with its bar. "
                "Under it, the last hands recorded (the replays kept): a column of each "
                "hand's points, the newest on the right, and under each W won, L lost, "
                "= level.",
                "",
                "E writes everything as CSV (statistics.csv in the saves folder), for a "
                "spreadsheet. PgUp/PgDn turn the pages, Esc or Enter goes back."]

    def draw(self, canvas):
        super().draw(canvas)
        shown = self.page_lines(self.page)
        col = (80 - self.width) // 2 + 2
        row = max(1, (28 - len(shown) - 4) // 2) + 2
        for i, line in enumerate(shown):
            self._colour(canvas, col, row + i, line)

    def _colour(self, canvas, col: int, row: int, line: str) -> None:
        """The DOS look: a game's name yellow, table headings cyan, a share's bar green
        on grey, the chart's columns cyan over green W, red L."""
        if line and not line.startswith(" "):
            ui.text(canvas, col, row, line, P.YELLOW, self.bg)
            return
        text = line.strip()
        if text.endswith("Share") or text.startswith(RECENT):
            ui.text(canvas, col, row, line, P.LIGHT_CYAN, self.bg)
            return
        chart_marks = bool(text) and set(text) <= set("WL= ")
        for i, ch in enumerate(line):
            colour = None
            if ch in (FULL, HALF):
                colour = P.LIGHT_GREEN if "%" in line else P.LIGHT_CYAN
            elif ch == EMPTY:
                colour = P.DARK_GREY
            elif chart_marks:
                colour = {"W": P.LIGHT_GREEN, "L": P.LIGHT_RED, "=": P.LIGHT_GREY}.get(ch)
            if colour is not None:
                ui.text(canvas, col + i, row, ch, colour, self.bg)

    def export(self) -> bool:
        if self.app.storage.write_text(CSV_NAME, self.app.stats.to_csv()):
            self.app.toast(f"Statistics written: {os.path.join(self.app.save_dir, CSV_NAME)}")
        return True   # a failure is told by the storage (a notice), not by a beep
