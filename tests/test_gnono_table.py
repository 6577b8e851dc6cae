"""The Gnono table, headless: posted key events on constructed positions (fixed seeds)."""
import json

import pygame
import pytest

from game.gnono import table as T
from game.gnono.cards import Card
from game.gnono.controller import HUMAN_GRACE
from game.gnono.rules import CHALLENGE, DRAWN, GAME_OVER, ROUND_OVER, GnonoOptions, GnonoState, Play
from game.gnono.screens import ChallengeBox, ChallengeResult, ColourBox, GnonoScoring
from game.gnono.settings import PACE
from game.table.handover import HandOver
from tests.helpers import post_keys, run_until

NAMES = ["You", "Ada", "Bert", "Cleo", "Dmitri", "Edna", "Femi", "Gus", "Hana", "Ivo"]


def make_table(app, hands, top, kinds=None, seed=1, speed="fast", **kw):
    n = len(hands)
    st = GnonoState.setup(n, hands, top, seed=seed, **kw)
    kinds = kinds or ["human"] + ["normal"] * (n - 1)
    t = T.GnonoTable(app, st, kinds, NAMES[:n], speed, seed=seed)
    app.push(t)
    app.run(max_frames=1)
    return t


def settle(app, t):
    """Let the playback of the last move finish."""
    run_until(app, lambda: not t.stages, 600)


def test_a_matching_card_is_played(app):
    t = make_table(app, ["R7 G2 B9", "Y1 Y2 Y3"], "R5")
    assert t.my_turn() and t.playback.hand_cards() == [Card.parse(x) for x in ["R7", "G2", "B9"]]
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert t.ctl.state.top == Card.parse("R7")
    assert Card.parse("R7") not in t.ctl.state.hands[0]
    assert app.beeps == 0
    settle(app, t)
    assert t.playback.shown().top == Card.parse("R7")


def test_an_illegal_card_beeps_and_stays_in_hand(app):
    t = make_table(app, ["R7 G2 B9", "Y1 Y2 Y3"], "R5")
    before = json.dumps(t.ctl.state.to_json(), sort_keys=True)
    post_keys(pygame.K_RIGHT, pygame.K_RETURN)   # G2 on R5
    app.run(max_frames=2)
    assert app.beeps == 1
    assert json.dumps(t.ctl.state.to_json(), sort_keys=True) == before
    assert Card.parse("G2") in t.ctl.state.hands[0]
    assert t.log[-1] == "Not allowed: green 2 (G2) does not match."   # the card named as the table names it
    # a key that means nothing now beeps too, and changes nothing
    post_keys("x", "-")
    app.run(max_frames=2)
    assert app.beeps == 3
    assert json.dumps(t.ctl.state.to_json(), sort_keys=True) == before


def test_draw_then_play_the_drawn_card(app):
    t = make_table(app, ["G2 B9", "Y1 Y2 Y3"], "R5", draw="R3")
    post_keys("+")
    app.run(max_frames=1)
    assert t.ctl.state.phase == DRAWN and t.ctl.state.drawn_card == Card.parse("R3")
    settle(app, t)
    assert t.keymap.selected() == Card.parse("R3")
    post_keys(pygame.K_LEFT)          # arrows mean nothing now: the drawn card is the choice
    app.run(max_frames=1)
    assert app.beeps == 1
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert t.ctl.state.top == Card.parse("R3") and t.ctl.state.current == 1


def test_draw_then_keep(app):
    t = make_table(app, ["G2 B9", "Y1 Y2 Y3"], "R5", draw="R3")
    post_keys(pygame.K_INSERT)
    app.run(max_frames=1)
    settle(app, t)
    post_keys(pygame.K_DELETE)
    app.run(max_frames=1)
    assert t.ctl.state.current == 1 and Card.parse("R3") in t.ctl.state.hands[0]
    assert t.ctl.state.top == Card.parse("R5")


def test_a_wild_with_its_colour_by_initial_and_by_arrows(app):
    t = make_table(app, ["G2 B9 W W", "Y1 Y2 Y3"], "R5")
    post_keys(pygame.K_END, pygame.K_RETURN)
    app.run(max_frames=1)
    assert isinstance(app.top, ColourBox) and t.ctl.state.top == Card.parse("R5")
    post_keys("b")
    app.run(max_frames=1)
    assert t.ctl.state.top.is_wild and t.ctl.state.color == "B"
    assert run_until(app, t.my_turn, 2000)
    # the computer played or drew; choose the other Wild and name a colour with the arrows
    t.sel = t.playback.hand_cards().index(Card.parse("W"))
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    box = app.top
    assert isinstance(box, ColourBox)
    want = "RYGB"[(box.sel + 1) % 4]
    post_keys(pygame.K_RIGHT, pygame.K_RETURN)
    app.run(max_frames=1)
    assert t.ctl.state.color == want


def test_escape_from_the_colour_question_keeps_the_wild(app):
    t = make_table(app, ["G2 W", "Y1 Y2 Y3"], "R5")
    post_keys(pygame.K_END, pygame.K_RETURN, pygame.K_ESCAPE)
    app.run(max_frames=2)
    assert app.top is t and Card.parse("W") in t.ctl.state.hands[0] and t.my_turn()


def wd4_on_human(app, guilty: bool):
    # Ada (seat 1) plays a Wild Draw Four on the human (seat 0 is next, direction -1)
    ada = "W+4 R1 G5" if guilty else "W+4 G5 G6"
    t = make_table(app, ["Y1 Y2 Y3", ada, "B1 B2 B3"], "R5", current=1, direction=-1,
                   kinds=["human", "normal", "normal"])
    t.apply(Play(1, Card.parse("W+4"), "G"))
    assert run_until(app, lambda: isinstance(app.top, ChallengeBox), 600)
    assert t.ctl.state.phase == CHALLENGE and t.ctl.state.current == 0
    return t


def test_challenge_accepted_both_ways(app):
    t = wd4_on_human(app, guilty=True)
    post_keys("y")
    app.run(max_frames=1)
    assert isinstance(app.top, ChallengeResult)
    assert len(t.ctl.state.hands[1]) == 2 + 4 and len(t.ctl.state.hands[0]) == 3
    assert t.ctl.state.current == 0     # the challenger plays on
    post_keys(pygame.K_SPACE)       # a hurry key does not skip the result
    app.run(max_frames=1)
    assert isinstance(app.top, ChallengeResult) and app.beeps == 1
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert app.top is t


def test_challenge_lost(app):
    t = wd4_on_human(app, guilty=False)
    post_keys("y")
    app.run(max_frames=1)
    assert len(t.ctl.state.hands[0]) == 3 + 6 and t.ctl.state.current == 2


def test_no_challenge_draws_four(app):
    t = wd4_on_human(app, guilty=True)
    post_keys("n")
    app.run(max_frames=1)
    assert app.top is t
    assert len(t.ctl.state.hands[0]) == 3 + 4 and len(t.ctl.state.hands[1]) == 2 and t.ctl.state.current == 2


def test_uno_called_before_playing_is_not_caught(app):
    t = make_table(app, ["R7 R8", "Y1 Y2 Y3", "B1 B2 B3"], "R5",
                   kinds=["human", "hard", "hard"])
    post_keys("u", pygame.K_RETURN)
    app.run(max_frames=1)
    assert t.ctl.state.uno_called[0] and len(t.ctl.state.hands[0]) == 1
    run_until(app, lambda: t.ctl.state.current == 0 and t.my_turn(), 3000)
    assert len(t.ctl.state.hands[0]) >= 1
    assert not any("catch" in line for line in t.log)


def test_uno_called_right_after_playing(app):
    t = make_table(app, ["R7 R8", "Y1 Y2 Y3", "B1 B2 B3"], "R5",
                   kinds=["human", "hard", "hard"])
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert t.ctl.state.uno_window == 0
    settle(app, t)
    app.run(max_frames=20)            # a moment after the card landed: still in time
    assert t.ctl.state.uno_window == 0 and len(t.ctl.state.hands[0]) == 1
    post_keys("u")
    app.run(max_frames=1)
    assert t.ctl.state.uno_called[0] and t.ctl.state.uno_window is None
    app.run(max_frames=400)
    assert not any("catch" in line for line in t.log)


def test_uno_missed_is_caught_after_the_grace(app):
    t = make_table(app, ["R7 R8", "Y1 Y2 Y3", "B1 B2 B3", "G1 G2 G3"], "R5",
                   kinds=["human", "hard", "hard", "hard"])
    for ai in t.ctl.ais.values():
        ai.catch_chance = 1.0
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    settle(app, t)
    landed = app.clock.steps
    assert run_until(app, lambda: len(t.ctl.state.hands[0]) == 3, 1000)
    assert app.clock.steps - landed >= HUMAN_GRACE
    assert any("catches you" in line for line in t.log)


def test_the_human_catches_a_computer(app):
    t = make_table(app, ["Y1 Y2 Y3", "R7 R8", "B1 B2 B3"], "R5", current=1,
                   kinds=["human", "normal", "normal"])
    t.ctl.ais[1].call_chance = 0.0
    t.ctl.ais[2].catch_chance = 0.0
    assert run_until(app, lambda: t.ctl.state.uno_window == 1, 1000)
    settle(app, t)
    post_keys("c")
    app.run(max_frames=1)
    assert len(t.ctl.state.hands[1]) == 3 and t.ctl.state.uno_window is None
    # nobody left to catch: C beeps
    post_keys("c")
    app.run(max_frames=1)
    assert app.beeps == 1


def test_hot_seat_hand_over(app):
    t = make_table(app, ["R7 R8 G1", "R1 R2 Y3"], "R5", kinds=["human", "human"])
    assert isinstance(app.top, HandOver) or run_until(app, lambda: isinstance(app.top, HandOver), 10)
    post_keys(pygame.K_SPACE)
    app.run(max_frames=1)
    assert t.viewer == 0 and app.top is t
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert t.ctl.state.current == 1
    assert run_until(app, lambda: isinstance(app.top, HandOver), 600)
    assert app.top.seat == 1 and t.viewer == 0
    post_keys("k")                        # any other key beeps (issue 35 item 3)
    app.run(max_frames=1)
    assert isinstance(app.top, HandOver) and t.viewer == 0 and app.beeps == 1
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert t.viewer == 1 and app.top is t and t.my_turn()
    assert [str(c) for c in t.playback.hand_cards()] == ["R1", "R2", "Y3"]


def test_a_round_with_computers_to_its_scoring_screen(app):
    st = GnonoState(3, seed=11, options=GnonoOptions(playout_score=10000))
    t = T.GnonoTable(app, st, ["easy", "normal", "hard"], NAMES[:3], "fast", seed=11)
    app.push(t)
    assert run_until(app, lambda: isinstance(app.top, GnonoScoring), 40000)
    sc = app.top
    assert t.ctl.state.phase == ROUND_OVER
    w = sc.winner
    assert sc.points == sum(c.points for s, h in enumerate(sc.hands) if s != w for c in h)
    assert t.ctl.state.totals[w] == sc.points
    app.run(max_frames=2)
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert app.top is t and t.ctl.state.round_no == 2 and t.ctl.state.phase != ROUND_OVER


def test_going_out_ends_the_game_and_removes_the_save(app):
    t = make_table(app, ["R7", "Y1 Y2 Y3"], "R5", scores=[495, 0],
                   kinds=["human", "normal"])
    t.save()
    assert app.storage.exists(T.SAVE_NAME)
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert t.ctl.state.phase == GAME_OVER
    assert run_until(app, lambda: isinstance(app.top, GnonoScoring), 600)
    assert not app.storage.exists(T.SAVE_NAME)
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert t not in app.scenes


def test_save_and_resume(app):
    t = make_table(app, ["R7 G2 B9", "Y1 Y2 Y3"], "R5")
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    post_keys(pygame.K_F8)
    app.run(max_frames=1)
    assert t not in app.scenes
    t2 = T.resume(app)
    assert t2 is not None
    assert t2.ctl.state.to_json() == t.ctl.state.to_json()
    assert t2.ctl.names == t.ctl.names and t2.ctl.kinds == t.ctl.kinds


def test_setup_screen_deals_a_ten_seat_table(app):
    s = T.start(app, seed=5)
    app.push(s)
    app.run(max_frames=1)
    app.options["gnono.seats"] = 9
    post_keys(pygame.K_RIGHT)          # seats 9 -> 10
    app.run(max_frames=1)
    assert app.options["gnono.seats"] == 10
    post_keys(pygame.K_DOWN, pygame.K_BACKSPACE, "Z")   # seat 1 renamed
    app.run(max_frames=1)
    assert app.options["gnono.name1"] == "YoZ"
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    t = app.top
    assert isinstance(t, T.GnonoTable) and t.ctl.n == 10 and t.ctl.names[0] == "YoZ"


def test_f9_and_f4_and_escape(app):
    t = make_table(app, ["R7 G2 B9", "Y1 Y2 Y3"], "R5")
    post_keys(pygame.K_F9)
    app.run(max_frames=1)
    assert t.show_hands
    post_keys(pygame.K_F4)
    app.run(max_frames=1)
    assert app.top is not t
    post_keys(pygame.K_ESCAPE)
    app.run(max_frames=2)
    assert app.top is t
    post_keys(pygame.K_ESCAPE, "n")
    app.run(max_frames=2)
    assert app.top is t and app.beeps == 0


@pytest.mark.parametrize("n", [2, 10])
def test_frames_draw_without_errors(app, n):
    st = GnonoState(n, seed=3)
    t = T.GnonoTable(app, st, ["human"] + ["hard"] * (n - 1), NAMES[:n], "fast", seed=3)
    app.push(t)
    post_keys(pygame.K_F9)
    app.run(max_frames=300)
    assert not app.internal_errors


def test_seven_swaps_hands_with_the_chosen_seat(app):
    from game.gnono.screens import SeatChooser
    opts = GnonoOptions(seven_zero=True)
    t = make_table(app, ["R7 G2 B9", "Y1 Y2 Y3", "B1"], "R5", options=opts)
    post_keys(pygame.K_RETURN)              # R7
    app.run(max_frames=1)
    assert run_until(app, lambda: isinstance(app.top, SeatChooser), 600)
    assert [label for _, label in app.top.items] == [f"{NAMES[1]} (3 cards)", f"{NAMES[2]} (1 card)"]
    post_keys(pygame.K_DOWN, pygame.K_RETURN)   # the second seat offered: Bert
    app.run(max_frames=1)
    assert sorted(map(str, t.ctl.state.hands[0])) == ["B1"]
    assert sorted(map(str, t.ctl.state.hands[2])) == ["B9", "G2"]


def test_stacked_draw_two_is_taken_with_the_draw_key(app):
    opts = GnonoOptions(stacking=True)
    t = make_table(app, ["R+2 G2", "Y1 Y+2 Y3"], "R5", options=opts, kinds=["human", "hard"])
    t.ctl.ais[1].choose = lambda view: Play(1, Card.parse("Y+2"))
    post_keys(pygame.K_RETURN)              # R+2: Ada stacks her Y+2 on it
    app.run(max_frames=1)
    assert run_until(app, t.my_turn, 3000)
    assert t.ctl.state.pending_draw == 4
    post_keys(pygame.K_RETURN)              # G2 may not be played on a stack
    app.run(max_frames=1)
    assert app.beeps == 1 and "stack" in t.log[-1]
    post_keys("+")
    app.run(max_frames=1)
    assert len(t.ctl.state.hands[0]) == 1 + 4 and t.ctl.state.pending_draw == 0


def test_computer_turns_are_paced(app):
    st = GnonoState(4, seed=9, options=GnonoOptions(playout_score=100000))
    t = T.GnonoTable(app, st, ["hard"] * 4, NAMES[:4], "normal", seed=9)
    app.push(t)
    marks, last = [], st.turns
    for _ in range(900):
        app.run(max_frames=1)
        if t.ctl.state.turns != last:
            marks.append(app.clock.steps)
            last = t.ctl.state.turns
    gaps = [b - a for a, b in zip(marks, marks[1:])]
    assert len(gaps) >= 8
    assert min(gaps) >= PACE["normal"][1]             # never faster than the thinking pause
    assert sorted(gaps)[len(gaps) // 2] <= 2 * 120      # and a turn is about a second


def test_random_keys_never_break_the_table(app):
    import random
    rng = random.Random(5)
    st = GnonoState(5, seed=5, options=GnonoOptions(playout_score=150, stacking=True,
                                                     jump_in=True, seven_zero=True))
    t = T.GnonoTable(app, st, ["human", "human", "easy", "normal", "hard"], NAMES[:5], "fast", seed=5)
    app.push(t)
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, "+", "-", "u", "c", "y", "n", "r",
            "s", pygame.K_SPACE, pygame.K_DOWN, "q", pygame.K_F9, pygame.K_F4, pygame.K_F2]
    for _ in range(1500):
        if not app.scenes:
            break
        if rng.random() < 0.3:
            post_keys(rng.choice(keys))
        app.run(max_frames=2)
    assert not app.internal_errors
    for c in t.ctl.state.all_cards():
        assert isinstance(c, Card)
    assert len(t.ctl.state.all_cards()) == 108


def test_an_unlawful_wild_draw_four_beeps_before_the_colour_question(app):
    t = make_table(app, ["R2 W+4", "Y1 Y2 Y3"], "R5", options=GnonoOptions(wd4_challenge=False))
    post_keys(pygame.K_END, pygame.K_RETURN)
    app.run(max_frames=1)
    assert app.beeps == 1 and app.top is t and Card.parse("W+4") in t.ctl.state.hands[0]
    assert "Wild Draw Four" in t.log[-1]


def test_a_table_waiting_for_the_player_is_drawn_only_at_blink_edges(app):
    """Issue 45: at the player's turn, with nothing playing back, the table is not drawn
    at every frame (the blink and keys redraw it); a computer's move is drawn at once."""
    from game.clock import BLINK_STEPS
    t = make_table(app, ["R7 G2 B9", "Y1 Y2 Y3"], "R5")
    settle(app, t)
    app.run(max_frames=2)
    assert t.my_turn() and not t.dirty()
    draws = app.draws
    app.run(max_frames=2 * BLINK_STEPS)          # four blink edges, at two steps a frame
    assert app.draws - draws <= 4 + 1
    post_keys(pygame.K_RETURN)                   # played: the computer's turn moves again
    app.run(max_frames=1)
    assert t.dirty()


def test_a_long_name_never_runs_into_its_seats_kind(app, monkeypatch):
    """A seat's label: its name, cut where it would run into the kind ("norm", "hum")
    written at the box's right (the right-hand seat's box ends at the screen's edge)."""
    from game import ui
    st = GnonoState.setup(4, ["R1 G2", "Y1 Y2", "B1 B2", "G5 G6"], "R5", seed=1)
    t = T.GnonoTable(app, st, ["human", "normal", "normal", "normal"],
                     ["You", "Computer 2", "Computer 3", "Computer 4"], "fast", seed=1)
    app.push(t)
    app.run(max_frames=1)
    written: list[tuple[int, int, str]] = []
    real = ui.text_px

    def watch(canvas, x, y, text, *a, **k):
        written.append((x, y, str(text)))
        return real(canvas, x, y, text, *a, **k)
    monkeypatch.setattr(ui, "text_px", watch)
    t.draw(app.canvas)
    spans = sorted((y, x, x + 8 * len(s.rstrip()), s) for x, y, s in written if s.strip())
    for (y1, _, end1, s1), (y2, x2, _, s2) in zip(spans, spans[1:]):
        assert y1 != y2 or end1 <= x2, f"{s1!r} runs into {s2!r}"
    assert any(s.strip().startswith("Computer") for _, _, s in written)
