"""Go-Stop's counts as a player reads them (issue #44, items 4 and 13): the points a
STOP is made with are one count (the Go points in) in the notes, the seat's header, the
Go box and the hand's score; the line under a seat's header says what each part counts."""
from __future__ import annotations

import pygame

from game.gostop.options import Options
from game.gostop.rules import GoStop, GoStopState
from game.gostop.screens import GoStopBox, GoStopScoring
from tests.gostop_helpers import JUNK15
from tests.helpers import key_event, run_until
from tests.screen_text import rows_drawn
from tests.test_gostop_table import table_for


def asked_again_after_a_go() -> GoStopState:
    """A 2-player hand at seat 0's second Go-or-Stop question (one Go said)."""
    for seed in range(1, 200):
        st = GoStopState.new(Options(players=2), seed)
        while not st.is_over():
            q = st.question()
            if q.kind == "go_stop" and q.seat == 0 and st.go_counts[0] == 1:
                return st
            st.apply(GoStop(q.seat == 0) if q.kind == "go_stop" else st.legal_moves()[0])
    raise AssertionError("no such hand")


def test_a_stop_after_a_go_is_one_count_in_notes_header_box_and_score(app, monkeypatch):
    st = asked_again_after_a_go()
    pts, _lines, _pays = st.payments_if_stop(0)
    total = pts + 1                                     # a point for the Go
    t = table_for(app, st)
    assert run_until(app, lambda: isinstance(app.top, GoStopBox))
    box = app.top
    assert box.lines[0] == f"You have {total} points:"
    listed = [int(line.split()[-1]) for line in box.lines[1:box.lines.index("")]]
    assert sum(listed) == total and "Go bonus (1 Go)" in box.lines[len(listed)]
    header = " ".join(rows_drawn(monkeypatch, t, app.canvas).values())
    assert f"{total} pts  1 Go" in header
    app.key(key_event(pygame.K_s, "s"))
    assert run_until(app, lambda: isinstance(app.top, GoStopScoring))
    assert f"You say STOP with {total} points." in t.log
    score = [line for line, _ in app.top.lines]
    assert score[0] == f"You stopped with {total} points:"
    parts = [int(line.split()[-1]) for line in score[1:score.index("")]]
    assert sum(parts) == total
    assert f"won with {total} points" in t.ctl.history[-1]          # F4's list of hands


def test_the_line_under_a_seat_says_what_each_part_counts(app, monkeypatch):
    st = GoStopState.from_position(["3R 12B", "4R 10A"], "8B 9J1", "10J1 10J2 9J2 8J1",
                                   captures=[JUNK15, ""], turn=0, dealer=0, go_counts=[1, 0])
    t = table_for(app, st)
    text = "\n".join(rows_drawn(monkeypatch, t, app.canvas).values())
    assert "15 junk: 6 pts + Go: 1" in text
    assert "= 15 junk 6" not in text
