"""The coach at the Gin table: H shows the expert's advice in the notes on the player's
turn (a beep out of turn), and the hints are counted: the hand's replay, the
statistics, the save, and the end-of-game screen of a game won with them."""
import pygame

from game import replays
from game.gin import replay_codec as gin_codec
from game.gin import table as T
from game.gin import table_save
from game.gin.coach import advise
from game.gin.rules import GinOptions, TakeUpcard
from tests.test_gin_hotseat import hot_table
from tests.test_gin_table import CPU_HAND, GIN_HUMAN, make_table, press, select

K = pygame


def test_h_on_the_players_turn_shows_the_experts_advice(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    assert ("H", "Coach") in t.key_bar()
    view = t.ctl.game.view(T.HUMAN)
    beeps = app.beeps
    press(app, "h")
    assert app.beeps == beeps
    advice = advise(view)
    assert advice.move == TakeUpcard(T.HUMAN)
    assert t.ctl.note == "Coach: " + advice.text
    assert t.ctl.coaching.hand == 1 and t.ctl.coaching.game == (1, 0)
    assert t.ctl.game.view(T.HUMAN) == view          # asking changes nothing in the game
    press(app, "+", K.K_RETURN)
    press(app, "h")                              # the discard: gin with K♥
    assert t.ctl.note.startswith("Coach: Gin! Discard K\x03") and t.ctl.coaching.hand == 2


def test_h_out_of_turn_beeps_with_a_note(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "5H", dealer=0)   # the computer is offered first
    assert t.ctl.game.turn == T.CPU and ("H", "Coach") not in t.key_bar()
    beeps = app.beeps
    press(app, "h")
    assert app.beeps == beeps + 1
    assert "your turn" in t.ctl.note and t.ctl.coaching.hand == 0


def test_each_hint_is_told_to_the_hands_recorder(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    rec = replays.Recorder(gin_codec, [replays.Seat("Tester", "human"),
                                   replays.Seat("Computer", "computer", "normal")])
    rec.begin(t.ctl.game, "Hand 1")
    t.ctl.recording.recorder = rec          # as the table's recording sets it
    press(app, "h", "h")
    assert rec.coached == 2


def _win_with_gin(app, t):
    press(app, "+", K.K_RETURN)
    select(app, t, "KH")
    press(app, K.K_F10, "y")
    app.run(max_frames=150)


def test_hints_go_to_the_statistics_at_the_end_of_the_hand(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, "h", "h", "h")
    assert app.stats.get("gin", "coach_uses") == 0      # counted when the hand is over
    _win_with_gin(app, t)
    assert t.ctl.game.phase == "hand_over"
    assert app.stats.get("gin", "coach_uses") == 3
    assert app.stats.get("gin/level/normal", "coach_uses") == 3
    assert t.ctl.coaching.hand == 0 and t.ctl.coaching.game == (3, 0)


def test_a_game_won_with_the_coach_says_so(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC", options=GinOptions(game_target=20))
    press(app, "h", "h")
    _win_with_gin(app, t)
    assert t.ctl.game.phase == "game_over"
    press(app, "x")
    assert app.top.title == "End of the Game"
    assert "Won with the coach's help: 2 hints." in app.top.notes
    assert app.stats.get("gin", "coach_uses") == 2


def test_a_game_won_without_the_coach_says_nothing_of_it(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC", options=GinOptions(game_target=20))
    _win_with_gin(app, t)
    press(app, "x")
    assert app.top.title == "End of the Game" and not any("coach" in n for n in app.top.notes)
    t.ctl.coaching.game = (0, 4)             # hints of the loser's seat are not the winner's
    assert t.ctl.coach_end_note() == ""
    t.ctl.coaching.game = (1, 0)
    assert t.ctl.coach_end_note() == "Won with the coach's help: 1 hint."


def test_hints_are_kept_across_a_save_and_resume(app):
    make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, "h")
    press(app, K.K_F8)
    r = T.resume(app)
    assert r.ctl.coaching.hand == 1 and r.ctl.coaching.game == (1, 0)


def test_damaged_hint_counts_do_not_block_the_resume(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, "h")
    data = t.to_json()
    for bad in ({"hand": -1, "game": [0, 0]}, {"hand": 1}, [1, 2], "x", {"hand": 1, "game": [1, "2"]}):
        d = table_save.validate({**data, "coach": bad})
        assert d["coach"] is None
    older = {k: v for k, v in data.items() if k != "coach"}
    assert table_save.validate(older)["coach"] is None
    assert table_save.validate(data)["coach"] == {"hand": 1, "game": [1, 0]}


def test_hot_seat_the_coach_advises_the_player_at_the_keyboard(app):
    t = hot_table(app)
    press(app, K.K_RETURN)                    # Ann at the keyboard
    press(app, "h")                           # it is Ann's offer
    assert t.ctl.note == "Coach: " + advise(t.ctl.game.view(0), opponent="Bob").text
    press(app, "-")                           # Ann passes: the keyboard goes to Bob
    assert "Coach" not in t.ctl.note              # her advice names her cards: it is gone
    beeps = app.beeps
    press(app, "h")                           # nobody's turn at the keyboard: a beep
    assert app.beeps == beeps + 1 and t.ctl.mode == "handover"
    press(app, K.K_RETURN)                    # Bob at the keyboard
    press(app, "h")
    assert t.ctl.me == 1 and t.ctl.note == "Coach: " + advise(t.ctl.game.view(1), opponent="Ann").text
    assert t.ctl.coaching.game == (1, 1)
