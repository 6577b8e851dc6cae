"""Statistics to be looked at (issue 44, item 24): per game its counters in aligned
columns, a table with a row per level and per variant (played, won, share, a bar of
block characters), and a chart of the last hands recorded (points, won or lost)."""
from __future__ import annotations

from game.gin.ai import make_ai
from game.scenes.stat_charts import EMPTY, FULL, HALF, results_chart, share_bar
from game.scenes.statistics import StatisticsBox, statistics_lines
from game.table_support import record_stats
from tests.gin_replay_helpers import new_table, play


def test_a_share_bar_is_as_long_as_the_share():
    assert share_bar(1, 2, 10) == HALF * 5 + EMPTY * 5
    assert share_bar(0, 3, 8) == EMPTY * 8 and share_bar(3, 3, 8) == HALF * 8
    assert share_bar(0, 0, 4) == EMPTY * 4                   # nothing played: no share
    for played in range(1, 30):
        for won in range(played + 1):
            bar = share_bar(won, played, 16)
            assert len(bar) == 16 and abs(bar.count(HALF) - 16 * won / played) <= 0.5


def test_the_chart_has_a_column_of_points_and_a_mark_per_result():
    rows = results_chart([(1, 40), (-1, 0), (1, 10), (0, 20)])
    assert rows[-1] == "W L W ="
    top, bottom = rows[0].ljust(7), rows[1].ljust(7)
    assert (top[0], bottom[0]) == (FULL, FULL)                 # the biggest: two cells
    assert (top[2], bottom[2]) == (" ", " ")                   # no points: no column
    assert (top[4], bottom[4]) == (" ", HALF)                  # a quarter: half a cell
    assert (top[6], bottom[6]) == (" ", FULL)                  # a half: one cell
    assert results_chart([]) == []


def test_levels_and_variants_are_rows_of_a_table_with_aligned_columns(app):
    for level, variant, n, won in (("easy", "GIN! 1981", 4, 3), ("expert", "Tournament", 10, 1)):
        for i in range(n):
            record_stats(app.stats, "gin", {"hands_played": 1, "hands_won": int(i < won)},
                         level=level, variant=variant)
    lines = statistics_lines(app.stats)
    rows = {line.split()[0]: line for line in lines if line.startswith("    ")}
    header = next(line for line in lines if line.strip().startswith("Computers' level"))
    easy, expert = rows["easy"], rows["expert"]
    assert easy.split()[1:4] == ["4", "3", "75%"] and expert.split()[1:4] == ["10", "1", "10%"]
    for word, column in (("played", header.index("played") + len("played")), ("Won", header.index("Won") + 3),
                         ("Share", header.index("Share") + 5)):
        for row in (easy, expert, rows["GIN!"], rows["Tournament"]):
            assert row[column - 1] != " " and row[column] == " ", (word, row)   # ends under its heading
    assert easy.count(HALF) == 12 and expert.count(HALF) == 2      # 16-cell bars of 75% and 10%
    assert not any("hands played" in line for line in lines)       # no running sentences


def test_the_last_hands_recorded_are_charted_under_their_game(app):
    t = new_table(app, 42, level="hard")
    play(t, make_ai("normal", 42))
    box = StatisticsBox(app)
    at = next(i for i, line in enumerate(box.lines) if "Hands recorded lately (1)" in line)
    assert box.lines[at + 3].strip() in ("W", "L", "=")
    gin = max(i for i, line in enumerate(box.lines[:at]) if line and not line.startswith(" "))
    assert box.lines[gin] == "Gin Rummy"
