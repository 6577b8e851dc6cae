"""The statistics' history of finished games (saves/stats.json, game/stats.py): a
finished game of each of the four games adds one entry with its outcome and points,
through the shared record_stats; a damaged history is dropped entry by entry (one
notice, the file written again without them), an old file without history loads as
before; the Statistics screen charts the last games and draws within its box."""
from __future__ import annotations

import json

import pygame

from game import ui
from game.gin import settings as gin_settings
from game.gin.rules import GinOptions
from game.gnono.options import GnonoOptions
from game.gnono.screens import GnonoScoring
from game.gostop import table as gostop_table
from game.gostop.screens import GoStopScoring
from game.scenes.stat_charts import FULL
from game.scenes.statistics import StatisticsBox, statistics_lines
from game.stats import FILE, HISTORY_MAX, SCHEMA, GameEnd, Stats, load_stats
from game.storage import Storage
from game.table_support import record_stats
from tests.helpers import post_keys, run_until
from tests.test_gin_table import CPU_HAND, GIN_HUMAN, press, select
from tests.test_gin_table import make_table as gin_table
from tests.test_gnono_table import make_table as gnono_table
from tests.test_gostop_replay import drive
from tests.test_gostop_replay import new_table as gostop_new_table
from tests.test_nerts_replay import finished_game as nerts_finished_game
from tools.style_check import Watcher, page_problems


def place_of(totals, me, winner) -> int:
    return 1 if me == winner else 1 + sum(1 for o, t in enumerate(totals)
                                           if o != me and (o == winner or t > totals[me]))


# --- a finished game of each game: one entry --------------------------------------------------
def test_a_finished_gin_game_is_one_entry_won_with_its_total(app):
    options = GinOptions(game_target=20)
    t = gin_table(app, GIN_HUMAN, CPU_HAND, "JC", options=options)
    press(app, "+", pygame.K_RETURN)
    select(app, t, "KH")
    press(app, pygame.K_F10, "y")                # gin: the hand ends the game of 20
    app.run(max_frames=150)
    assert t.ctl.game.phase == "game_over"
    [entry] = app.stats.games("gin")
    total = t.ctl.game.games[0].total(0)          # with the game, box and blitz bonuses
    assert total > 100
    assert entry["outcome"] == "won" and entry["points"] == entry["winner_points"] == total
    assert entry["players"] == 2 and "place" not in entry
    assert entry["level"] == "normal" and entry["variant"] == gin_settings.variant_name(options)
    assert len(entry["date"]) == 10 and app.stats.get("gin", "games_played") == 1
    assert load_stats(app.storage).games("gin") == [entry]         # on disk


def test_a_finished_gnono_game_of_three_is_one_entry_with_the_place(app):
    t = gnono_table(app, ["R7", "Y1 Y2", "B9 G3"], "R5", options=GnonoOptions(playout_score=1))
    post_keys(pygame.K_RETURN)                   # the last card: out, and the game is won
    assert run_until(app, lambda: isinstance(app.top, GnonoScoring), 3000)
    [entry] = app.stats.games("gnono")
    points = t.ctl.state.totals[0]
    assert points == 1 + 2 + 9 + 3
    assert entry["outcome"] == "won" and entry["points"] == entry["winner_points"] == points
    assert entry["players"] == 3 and entry["place"] == 1 and entry["level"] == "normal"
    app.run(max_frames=5)
    assert len(app.stats.games("gnono")) == 1    # the scores shown again count nothing more


def test_a_finished_nerts_game_of_three_is_one_entry_with_the_place(app):
    table = nerts_finished_game(app, ["human", "easy", "hard"])
    g = table.ctl.game
    [entry] = app.stats.games("nerts")
    won = g.winner == 0
    assert entry["outcome"] == ("won" if won else "lost")
    assert entry["points"] == g.totals[0] and entry["winner_points"] == g.totals[g.winner]
    assert entry["players"] == 3 and entry["place"] == place_of(g.totals, 0, g.winner)
    assert app.stats.get("nerts", "games_played") == 1
    assert len(g.history) > 1                    # several rounds: one game, one entry


def test_a_settled_go_stop_hand_is_one_entry_counted_once_when_resumed(app):
    t = gostop_new_table(app)
    drive(app, t, lambda: isinstance(app.top, GoStopScoring))
    res = t.ctl.source.state.result
    [entry] = app.stats.games("gostop")
    w = res["winner"]
    assert entry["outcome"] == ("level" if w is None else "won" if w == 0 else "lost")
    assert entry["points"] == app.stats.get("gostop", "chips")       # the chips won or paid
    assert entry["winner_points"] == sum(p.total for p in res["payments"])
    assert entry["players"] == 2 and entry["level"] == "normal"
    # the program closes on the score screen, and the hand is resumed there: not again
    while len(app.scenes) > 1:
        app.pop()
    again = gostop_table.resume(app)
    assert again is not None
    app.push(again)
    assert run_until(app, lambda: isinstance(app.top, GoStopScoring), 200)
    assert app.stats.games("gostop") == [entry]


def test_a_game_end_gives_outcome_place_and_points_of_the_players_side():
    three = GameEnd((40, 120, 90), (0,), 1)
    assert three.entry() | {"date": "-"} == {"date": "-", "outcome": "lost", "points": 40,
                                             "winner_points": 120, "players": 3, "place": 3}
    # two humans (hot seat): the better placed one's, won if either won
    assert GameEnd((40, 120, 90), (0, 2), 1).entry()["place"] == 2
    assert GameEnd((40, 120, 90), (0, 1), 1).entry(level="easy")["outcome"] == "won"
    # the winner is first whatever the points (a Gin total may lose with more)
    assert GameEnd((130, 120), (0,), 1).entry()["outcome"] == "lost"
    level = GameEnd((0, 0), (0,), None).entry(variant="Korean")
    assert (level["outcome"], level["points"], level["winner_points"], level["variant"]) == ("level", 0, 0,
                                                                                               "Korean")


def test_the_history_keeps_the_last_fifty_games_oldest_first(tmp_path):
    stats = Stats(Storage(str(tmp_path)))
    for i in range(HISTORY_MAX + 7):
        record_stats(stats, "gin", {"games_played": 1}, ended=[GameEnd((i, 100 + i), (0,), 1)])
    games = load_stats(Storage(str(tmp_path))).games("gin")
    assert len(games) == HISTORY_MAX and [g["points"] for g in games] == list(range(7, HISTORY_MAX + 7))
    assert stats.get("gin", "games_played") == HISTORY_MAX + 7


def test_the_csv_export_has_the_history_too(tmp_path):
    import csv
    import io
    stats = Stats(Storage(str(tmp_path)))
    record_stats(stats, "nerts", {"games_played": 1}, level="easy", ended=[GameEnd((40, 120, 90), (0,), 1)])
    rows = list(csv.reader(io.StringIO(stats.to_csv())))
    day = stats.games("nerts")[0]["date"]
    assert ["nerts", "all", "", "games_played", "1"] in rows
    for field, value in (("outcome", "lost"), ("place", "3"), ("points", "40"), ("winner_points", "120"),
                         ("level", "easy")):
        assert ["nerts", "game", f"1 {day}", field, value] in rows


# --- reading: damaged entries dropped one by one -------------------------------------------------
GOOD = {"date": "2026-12-08", "outcome": "won", "points": 120, "winner_points": 120, "players": 2}


def write_stats(tmp_path, data, schema=SCHEMA) -> None:
    (tmp_path / FILE).write_text(json.dumps({"kind": "stats", "schema": schema, "data": data}))


def test_a_damaged_history_is_dropped_entry_by_entry_and_written_again_repaired(tmp_path):
    bad = [{**GOOD, "points": "many"}, {**GOOD, "points": float("nan")}, {**GOOD, "outcome": "maybe"},
           {**GOOD, "outcome": "lost", "points": -5, "winner_points": -5},   # a winner below zero
           {**GOOD, "points": -3},                                           # won below the winner
           {**GOOD, "players": 3},                                           # no place
           {**GOOD, "players": 3, "place": 2},                               # won second
           {**GOOD, "date": "yesterday"}, {**GOOD, "points": True}, {**GOOD, "level": 7},
           {**GOOD, "players": 99}, "a game", None]
    lost = {**GOOD, "outcome": "lost", "points": -12, "winner_points": 110, "players": 3, "place": 3}
    write_stats(tmp_path, {"counters": {"gin": {"games_played": 3}},
                           "history": {"gin": [GOOD, *bad, lost], "nerts": "lots", "gnono": [GOOD] * 999}})
    (tmp_path / FILE).write_text((tmp_path / FILE).read_text().replace('"nan"', "NaN"))
    st = Storage(str(tmp_path))
    stats = load_stats(st)
    assert stats.get("gin", "games_played") == 3                         # the counters are kept
    assert stats.games("gin") == [GOOD, lost] and stats.games("nerts") == []
    assert stats.games("gnono") == [GOOD] * HISTORY_MAX                  # a huge list: its last 50
    [told] = st.problems                                                 # one notice for all
    dropped = len(bad) + 1 + 999 - HISTORY_MAX
    assert told.startswith(f"{FILE} had {dropped} damaged entries") and told.endswith("the others are kept.")
    assert not (tmp_path / (FILE + ".bad")).exists()
    doc = json.loads((tmp_path / FILE).read_text())                      # written again, clean
    assert doc["schema"] == SCHEMA and doc["data"]["history"]["gin"] == [GOOD, lost]
    again = Storage(str(tmp_path))
    assert load_stats(again).games("gnono") == [GOOD] * HISTORY_MAX and not again.problems


def test_a_history_that_is_no_table_is_dropped_and_the_counters_kept(tmp_path):
    write_stats(tmp_path, {"counters": {"gin": {"hands_played": 4}}, "history": [GOOD]})
    st = Storage(str(tmp_path))
    stats = load_stats(st)
    assert stats.get("gin", "hands_played") == 4 and stats.history == {} and len(st.problems) == 1
    write_stats(tmp_path, {"counters": {"gin": {"hands_played": 5}}})          # none at all: none
    st = Storage(str(tmp_path))
    stats = load_stats(st)
    assert stats.get("gin", "hands_played") == 5 and stats.history == {} and not st.problems


def test_an_old_file_without_history_loads_as_before_and_is_written_in_the_new_schema(tmp_path):
    write_stats(tmp_path, {"gin": {"hands_played": 2, "gins": 1}}, schema=1)
    st = Storage(str(tmp_path))
    stats = load_stats(st)
    assert not st.problems and stats.data == {"gin": {"hands_played": 2, "gins": 1}} and stats.history == {}
    assert "No finished game yet." in "\n".join(statistics_lines(stats))
    record_stats(stats, "gin", {"hands_played": 1}, ended=[GameEnd((120, 30), (0,), 0)])
    doc = json.loads((tmp_path / FILE).read_text())
    assert doc["schema"] == SCHEMA == 2 and doc["data"]["counters"]["gin"]["hands_played"] == 3
    assert [g["outcome"] for g in doc["data"]["history"]["gin"]] == ["won"]


def test_damaged_counters_still_set_the_file_aside(tmp_path):
    write_stats(tmp_path, {"counters": {"gin": {"gins": "many"}}, "history": {"gin": [GOOD]}})
    st = Storage(str(tmp_path))
    stats = load_stats(st)
    assert stats.data == {} and stats.history == {} and (tmp_path / (FILE + ".bad")).exists()
    assert st.problems[0].endswith("the statistics start again.")


# --- the screen ----------------------------------------------------------------------------------
def history(app, n: int) -> None:
    app.stats.record("gin", games_played=n)
    for i in range(n):
        mine, theirs = (i * 37) % 250, 100 + (i * 53) % 150
        winner = 0 if i % 3 == 0 else 1
        points = (max(mine, theirs + 1), theirs) if winner == 0 else (mine % 100, theirs)
        app.stats.add_game("gin", GameEnd(points, (0,), winner).entry("hard", "GIN! 1981"))


def drawn_pages(app, box) -> list[str]:
    """Every page drawn, watched: the problems the style check finds (an overflow raises)."""
    app.push(box)
    w = Watcher()
    with w.watching(), ui.overflow_check(True):
        for page in range(box.pages):
            box.page = page
            app.run(max_frames=1)
    app.pop()
    return w.problems() + page_problems(box)


def test_the_screen_says_plainly_when_a_game_has_no_finished_game(app):
    app.stats.record("gin", hands_played=3, hands_won=1)
    box = StatisticsBox(app)
    text = "\n".join(box.lines)
    assert "Gin Rummy\n" in text and "  No finished game yet." in text
    assert "Last " not in text and drawn_pages(app, box) == []


def test_the_screen_charts_one_game(app):
    history(app, 1)
    box = StatisticsBox(app)
    at = box.lines.index("  Last 1 game, oldest first: W won")
    assert box.lines[at + 1].strip().split() == [str(app.stats.games("gin")[0]["points"]), FULL]
    assert box.lines[at + 4] == "         W"
    assert drawn_pages(app, box) == []


def test_the_screen_charts_fifty_games_within_its_width_on_one_page(app):
    history(app, HISTORY_MAX)
    for key in ("nerts", "gnono", "gostop"):      # every game played: four sections, several pages
        app.stats.record(key, games_played=2, games_won=1)
    box = StatisticsBox(app)
    heading = f"  Last {HISTORY_MAX} games, oldest first: W won, L lost"
    at = box.lines.index(heading)
    marks = box.lines[at + 4]
    expected = "".join("W" if g["outcome"] == "won" else "L" for g in app.stats.games("gin"))
    assert marks.strip() == expected and len(marks) <= box.width - 4
    assert any(heading in page and page.index(heading) + 4 < len(page) for page in box.paged())  # one page
    assert drawn_pages(app, box) == []


def test_a_game_of_the_most_seats_any_game_has_is_kept_and_charted_a_column_each(app):
    """Gnono seats ten: its game's end is an entry like any (it was refused past eight
    players), its tenth place a one-character mark, said "tenth"."""
    from game.games import GAMES
    from game.scenes.stat_charts import chart_words, games_chart, legend
    from game.stats import MAX_PLAYERS
    most = max(g.seats.stop - 1 for g in GAMES)
    assert most <= MAX_PLAYERS
    for place in (1, most):
        points = [10 * (most - i) for i in range(most)]
        me = place - 1
        record_stats(app.stats, "gnono", {"games_played": 1}, ended=[GameEnd(tuple(points), (me,), 0)])
    games = app.stats.games("gnono")
    assert [(g["players"], g["place"]) for g in games] == [(most, 1), (most, most)]
    chart = games_chart(games)
    assert all(len(row) <= len(chart[-1]) for row in chart) and chart[-1].endswith("1+")
    assert legend(games) == "1 the place, + the tenth"
    assert chart_words(games, "game").endswith("tenth, 10 points")
