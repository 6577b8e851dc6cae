"""Statistics to be looked at (issue 44, item 24): per game its counters in aligned
columns, a table with a row per level and per variant (played, won, share, a bar of
block characters), and a chart of the last finished games (points; won, lost, level
or the place) — tests/test_shell_stats_history.py has the history itself."""
from __future__ import annotations

from game.scenes.stat_charts import EMPTY, FULL, HALF, games_chart, share_bar
from game.scenes.statistics import statistics_lines
from game.table_support import record_stats


def test_a_share_bar_is_as_long_as_the_share():
    assert share_bar(1, 2, 10) == HALF * 5 + EMPTY * 5
    assert share_bar(0, 3, 8) == EMPTY * 8 and share_bar(3, 3, 8) == HALF * 8
    assert share_bar(0, 0, 4) == EMPTY * 4                   # nothing played: no share
    for played in range(1, 30):
        for won in range(played + 1):
            bar = share_bar(won, played, 16)
            assert len(bar) == 16 and abs(bar.count(HALF) - 16 * won / played) <= 0.5


def game(outcome: str, points: int, **more) -> dict:
    return {"date": "2026-12-08", "outcome": outcome, "points": points, "players": 2,
            "winner_points": points if outcome == "won" else 120, **more}


def test_the_chart_has_a_column_of_points_and_a_mark_per_game_oldest_on_the_left():
    rows = games_chart([game("won", 120), game("lost", 0), game("won", 20), game("level", 60),
                        game("lost", -30), game("lost", 40, players=3, place=2)])
    assert len(rows) == 4                                  # three rows of columns, then the marks
    assert rows[-1] == "       WLW=L2"                     # a place in a game of three
    top, middle, bottom = (r.ljust(13)[7:] for r in rows[:3])
    assert rows[0].startswith("   120 " + FULL)          # the tallest's points on its left
    assert (top[0], middle[0], bottom[0]) == (FULL, FULL, FULL)      # the tallest: three cells
    assert (top[1], middle[1], bottom[1]) == (" ", " ", " ")         # no points: no column
    assert (top[2], middle[2], bottom[2]) == (" ", " ", HALF)        # a sixth: half a cell
    assert (top[3], middle[3], bottom[3]) == (" ", HALF, FULL)       # a half: a cell and a half
    assert (top[4], middle[4], bottom[4]) == (" ", " ", " ")         # below zero: none
    assert (top[5], middle[5], bottom[5]) == (" ", " ", FULL)        # a third: one cell
    assert games_chart([]) == []


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
