"""The Go-Stop table, headless: keys posted into an App, positions built with the
engine's constructor (from_position) or dealt from fixed seeds."""
import json

import pygame
import pytest

from game.gostop import table as T
from game.gostop.cards import parse_card
from game.gostop.rules import GoStopState, Options
from game.scenes.overlays import Question, TextBox
from tests.helpers import post_keys

# You have 4 brights and two red poems; playing 3R takes 3J1 and makes 7 points.
GO_POSITION = dict(hands=["3R 5J1 6J1", "4J1 5J2 6J2"], table="3J1 7J1",
                   stock="9J1 10J1 10J2 9J2 2J1 2J2",
                   captures=["1B 3B 8B 11B 1R 2R 7A 11J1 11D", "8A 10A 4R 8J1"], turn=0, dealer=0)


def table_for(app, st, levels=None, speed="fast"):
    t = T.GoStopTable(app, st, levels or ["greedy"] * (st.n - 1), speed, seed=3)
    app.push(t)
    app.run(max_frames=2)
    return t


def settle(app, t, max_frames=3000):
    """Run (a frame at least) until the human has something to do, or another
    scene is on top."""
    app.run(max_frames=1)
    for _ in range(max_frames):
        if app.top is not t or t.keymap.human_phase() is not None:
            return
        app.run(max_frames=1)
    raise AssertionError("the table never came back to the human")


def card(name):
    return parse_card(name)


def test_a_turn_is_played_from_a_seeded_deal(app):
    st = GoStopState.new(Options(players=2), seed=5)
    t = table_for(app, st)
    settle(app, t)
    assert t.keymap.human_phase() == "play"
    hand_before = list(st.hands[0])
    post_keys(pygame.K_RIGHT, pygame.K_RETURN)
    app.run(max_frames=2)
    played = hand_before[1]
    assert played not in st.hands[0]
    assert len(st.hands[0]) == len(hand_before) - 1
    assert played in st.table or played in st.captures[0] or st.phase != "play"
    settle(app, t)   # the computer's turn is played back, then it is ours again
    assert app.beeps == 0
    assert any("Computer" in line for line in t.log)


def test_a_match_is_chosen_between_two(app):
    st = GoStopState.from_position(hands=["2J1 5J1 6J1", "4J1 5J2 6J2"], table="2A 2R 7J1",
                                   stock="9J1 10J1 10J2 9J2 2J2 12D", captures=["1B", "8A"], turn=0)
    t = table_for(app, st)
    post_keys(pygame.K_RETURN)
    settle(app, t)
    assert t.keymap.human_phase() == "match"
    assert st.choices == [card("2A"), card("2R")]
    post_keys(pygame.K_RIGHT, pygame.K_RETURN)
    app.run(max_frames=2)
    assert card("2R") in st.captures[0] and card("2J1") in st.captures[0]
    assert card("2A") in st.table
    assert app.beeps == 0


def test_go_then_play_goes_on(app):
    st = GoStopState.from_position(**GO_POSITION)
    t = table_for(app, st)
    post_keys(pygame.K_RETURN)
    app.run(max_frames=80)
    assert isinstance(app.top, T.GoStopBox)
    post_keys(pygame.K_RETURN)     # not an answer: beeps, still asking
    app.run(max_frames=2)
    assert app.beeps == 1 and isinstance(app.top, T.GoStopBox)
    post_keys("g")
    app.run(max_frames=2)
    assert st.go_counts == [1, 0]
    assert app.top is t
    assert any("GO!" in line for line in t.log)
    assert app.audio.counts["go"] == 1


def test_stop_ends_the_hand_on_its_scoring_screen_with_the_right_chips(app):
    st = GoStopState.from_position(**GO_POSITION)
    t = table_for(app, st)
    post_keys(pygame.K_RETURN)
    app.run(max_frames=80)
    post_keys("s")
    app.run(max_frames=200)
    assert isinstance(app.top, T.GoStopScoring)
    # 4 brights + red ribbons = 7 points, doubled by gwang-bak (the loser has no bright)
    assert st.chips == [14, -14]
    text = "\n".join(line for line, _ in app.top.lines)
    assert "4 brights" in text and "red ribbons" in text
    assert "x2 gwang-bak" in text and "= 14 chips" in text
    assert "You +14" in text and "Computer -14" in text
    post_keys(pygame.K_RETURN)     # the next hand is dealt; the winner deals
    app.run(max_frames=2)
    assert app.top is t
    assert st.hand_no == 2 and st.phase != "hand_over" and st.dealer == 0


def test_shaking_accepted(app):
    st = GoStopState.from_position(hands=["5J1 5J2 5R 1J1", "4J1 6J2 7J2 1J2"], table="9J1 10J1",
                                   stock="9J2 10J2 3J1 2J2 12D 8J1", captures=["1B", "8A"], turn=0)
    t = table_for(app, st)
    post_keys(pygame.K_RETURN)
    app.run(max_frames=3)
    assert isinstance(app.top, Question) and app.top.title == "Shaking"
    post_keys("y")
    app.run(max_frames=2)
    assert st.shakes == [1, 0]
    assert card("5J1") in st.table
    settle(app, t)
    assert app.audio.counts["shake"] == 1
    assert any("Shaking!" in line for line in t.log)


def test_bomb_accepted_then_a_stock_only_turn(app):
    st = GoStopState.from_position(hands=["7J1 7J2 7R 1J1", "4J1 5J2 6J2 1J2"], table="7A 9J1",
                                   stock="9J2 10J1 10J2 3J1 2J2 12D", captures=["1B", "8A"], turn=0)
    t = table_for(app, st)
    post_keys(pygame.K_RETURN)
    app.run(max_frames=3)
    assert isinstance(app.top, Question) and app.top.title == "Bomb"
    post_keys("y")
    app.run(max_frames=2)
    assert st.bombs == [1, 0] and st.credits == [2, 0]
    assert all(card(c) in st.captures[0] for c in ("7J1", "7J2", "7R", "7A"))
    settle(app, t)
    assert app.audio.counts["bomb"] == 1
    assert t.keymap.entries()[-1] == T.FLIP    # the bomb's stock-only turn is offered
    stock_before = len(st.stock)
    post_keys(pygame.K_LEFT, pygame.K_RETURN)
    app.run(max_frames=2)
    assert st.credits[0] == 1 and st.hands[0] == [card("1J1")]
    assert len(st.stock) < stock_before


def test_a_jjok_is_announced_with_its_explanation_and_sound(app):
    st = GoStopState.from_position(hands=["3J1 5J1", "4J1 6J2"], table="9J1 10J1",
                                   stock="3J2 10J2 2J1 2J2", captures=["1B", "8A 8J1"], turn=0)
    t = table_for(app, st)
    post_keys(pygame.K_RETURN)
    settle(app, t)
    assert card("3J1") in st.captures[0] and card("3J2") in st.captures[0]
    assert card("8J1") in st.captures[0]           # the junk the computer gave
    assert any(line.startswith("Jjok! You pair your own card from the stock: one junk from each opponent")
               for line in t.log)
    assert app.audio.counts["jjok"] == 1 and app.audio.counts["junk"] == 1


def test_a_wrong_key_beeps_and_changes_nothing(app):
    st = GoStopState.new(Options(players=2), seed=5)
    t = table_for(app, st)
    settle(app, t)
    before = json.dumps(st.to_json(), sort_keys=True)
    sel = t.sel
    post_keys(pygame.K_UP, "x", pygame.K_DOWN, "g", pygame.K_F6)
    app.run(max_frames=2)
    assert app.beeps == 5
    assert app.audio.counts["error"] == 5
    assert json.dumps(st.to_json(), sort_keys=True) == before
    assert t.sel == sel and app.top is t


def test_keys_during_a_computer_turn_beep(app):
    st = GoStopState.from_position(hands=["3J1 5J1", "4J1 6J2"], table="9J1", stock="10J1 10J2 2J1 2J2",
                                   turn=1, dealer=1)
    table_for(app, st, speed="slow")
    before = json.dumps(st.to_json(), sort_keys=True)
    post_keys(pygame.K_LEFT, pygame.K_RETURN)   # the computer is thinking: nothing to do
    app.run(max_frames=2)
    assert app.beeps == 2 and json.dumps(st.to_json(), sort_keys=True) == before


def test_a_whole_hand_from_a_seed_to_its_scoring_screen(app):
    st = GoStopState.new(Options(players=3), seed=21)
    t = table_for(app, st, levels=["greedy", "easy"])
    for _ in range(60):
        settle(app, t)
        top = app.top
        if isinstance(top, T.GoStopScoring):
            break
        if isinstance(top, Question):
            post_keys("n")
        elif isinstance(top, T.GoStopBox):
            post_keys("s")
        else:
            post_keys(pygame.K_RETURN)
            if t.keymap.human_phase() == "match":
                post_keys(pygame.K_RETURN)
        app.run(max_frames=2)
    assert isinstance(app.top, T.GoStopScoring)
    res = st.result
    assert sum(st.chips) == 0
    if res["winner"] is not None:
        paid = sum(p.total for p in res["payments"])
        assert st.chips[res["winner"]] == paid
        text = "\n".join(line for line, _ in app.top.lines)
        for p in res["payments"]:
            assert f"= {p.total} chips" in text
    assert app.beeps == 0


def test_save_and_resume(app):
    st = GoStopState.new(Options(players=2), seed=13)
    t = table_for(app, st)
    settle(app, t)
    post_keys(pygame.K_RETURN)   # 2R of three 2s: the shaking question
    settle(app, t)
    assert isinstance(app.top, Question)
    post_keys("n")
    settle(app, t)
    saved = json.dumps(st.to_json(), sort_keys=True)
    post_keys(pygame.K_F8)
    app.run(max_frames=1)
    assert app.storage.exists("gostop.json")
    t2 = T.resume(app)
    assert t2 is not None
    assert json.dumps(t2.ctl.source.state.to_json(), sort_keys=True) == saved
    # a damaged save is set aside, not a crash
    with open(app.storage.path("gostop.json"), "w") as f:
        f.write('{"kind": "gostop-game", "schema": 1, "data": {"state": {}}}')
    assert T.resume(app) is None
    assert app.storage.exists("gostop.json.bad")


def test_function_keys(app):
    st = GoStopState.new(Options(players=2), seed=5)
    t = table_for(app, st)
    settle(app, t)
    post_keys(pygame.K_F9)
    app.run(max_frames=1)
    assert t.show_hands
    post_keys(pygame.K_F4)
    app.run(max_frames=1)
    assert isinstance(app.top, TextBox) and app.top.title == "Chips"
    post_keys(pygame.K_ESCAPE, pygame.K_F2)
    app.run(max_frames=1)
    assert app.top.title == "Go-Stop"          # the rules box (help) over the table
    post_keys(pygame.K_ESCAPE, pygame.K_ESCAPE)
    app.run(max_frames=1)
    assert isinstance(app.top, Question)       # leave? (saved)
    post_keys("n")
    app.run(max_frames=1)
    assert app.top is t and app.beeps == 0


def test_setup_screen_starts_a_three_player_table(app):
    from game.scenes.menu import MenuScene
    app.push(MenuScene(app))
    app.push(T.start(app, seed=4))
    app.run(max_frames=1)
    post_keys(pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_RETURN)
    app.run(max_frames=1)
    t = app.top
    assert isinstance(t, T.GoStopTable)
    assert t.ctl.n == 3 and t.ctl.levels[0] == "hard" and t.ctl.source.state.options.target_points == 3
    assert app.options["gostop.players"] == 3
    app.run(max_frames=30)


@pytest.mark.parametrize("players", [2, 3])
def test_draw_every_moment_of_a_hand(app, players):
    """Draw the table at every frame of a computer-only hand (no exception, fast)."""
    st = GoStopState.new(Options(players=players), seed=31 + players)
    t = table_for(app, st, levels=["normal"] * (players - 1))
    T_AI = T._make_ai("greedy", None)
    for _ in range(400):
        if app.top is not t:
            break
        if t.keymap.human_phase() is not None:
            t.apply(T_AI.choose(st.view(0)))
        q = st.question()
        if q.seat == 0 and q.kind in ("bomb", "shake", "go_stop") and app.top is not t:
            break
        app.run(max_frames=4)
    assert app.frames > 50


def test_a_table_waiting_for_the_player_is_drawn_only_at_blink_edges(app):
    """Issue 45: at the player's turn, with nothing playing back, the table is not drawn
    at every frame (the blink and keys redraw it); the player's move is drawn at once."""
    from game.clock import BLINK_STEPS
    t = table_for(app, GoStopState.new(Options(players=2), seed=5))
    settle(app, t)
    app.run(max_frames=2)
    assert t.keymap.human_phase() == "play" and not t.dirty()
    draws = app.draws
    app.run(max_frames=2 * BLINK_STEPS)          # four blink edges, at two steps a frame
    assert app.draws - draws <= 4 + 1
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert t.dirty()
