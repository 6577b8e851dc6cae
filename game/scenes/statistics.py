"""The Statistics screen: each game's counters, then the same by the computers' level
and by variant (preset), and E to export everything as CSV into the saves folder."""
from __future__ import annotations

import os
from typing import Any

from game.games import GAMES
from game.keys import Binding
from game.scenes.overlays import TextBox

CSV_NAME = "statistics.csv"
BREAKDOWN_SHOWN = 4   # counters shown on a breakdown's line (the CSV has them all)


def statistics_lines(stats) -> list[str]:
    lines: list[str] = []
    for g in GAMES:
        rows = stats.lines(g.key, g.stat_labels)
        lines.append(g.title)
        lines.extend(f"  {label:<32}{value:>10}" for label, value in rows)
        if not rows:
            lines.append("  (not played yet)")
        for kind, value in stats.breakdowns(g.key):
            counts = stats.lines(stats.breakdown_key(g.key, kind, value), g.stat_labels)[:BREAKDOWN_SHOWN]
            shown = ", ".join(f"{label.lower()} {n}" for label, n in counts)
            lines.append(f"  {kind.capitalize()} {value}: {shown}")
        lines.append("")
    return lines[:-1]


class StatisticsBox(TextBox):
    title = "Statistics"

    def __init__(self, app: Any):
        super().__init__(app, "Statistics", statistics_lines(app.stats),
                         footer="E export as CSV   Esc or Enter to go on")

    def bindings(self):
        return [Binding(("e",), "Export as CSV (statistics.csv in the saves folder)", self.export)] + \
            super().bindings()

    def export(self) -> bool:
        if self.app.storage.write_text(CSV_NAME, self.app.stats.to_csv()):
            self.app.toast(f"Statistics written: {os.path.join(self.app.save_dir, CSV_NAME)}")
        return True   # a failure is told by the storage (a notice), not by a beep



