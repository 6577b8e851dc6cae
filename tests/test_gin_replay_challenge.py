"""Deal challenges at the Gin table (issue #21): C on the end-of-game screen makes a
code of the game just played (its deal number, rules, the computer's level, the
player's score with bonuses and name); start_challenge deals that very game against
the same computer, which plays the same moves to the same moves; the challenge's
outcome is on the end-of-game screen and survives a save; hot seat has no challenge."""
from __future__ import annotations

import pygame

from game import challenges
from game.challenges import Challenge
from game.gin import replay_codec as gin_codec
from game.gin import table as T
from game.gin.ai import make_ai
from game.gin.options import GinOptions
from game.gin.screens import EndOfGame
from game.scenes import challenge as challenge_scene
from game.scenes.overlays import KeysBox, MessageBox, TextBox
from tests.gin_replay_helpers import SESSION, new_table, play
from tests.helpers import post_keys

QUICK = GinOptions(game_target=1, oklahoma=True)    # a scored hand ends the game


def play_game(t, seed: int) -> None:
    ai = make_ai("normal", seed)
    while t.ctl.game.phase != "game_over":
        if t.ctl.game.phase == "hand_over":
            t.ctl._next_hand()
        play(t, ai)


def end_screen(app, t) -> EndOfGame:
    app.run(max_frames=1)
    post_keys("x")                                   # any key: the end of the game
    app.run(max_frames=2)
    assert isinstance(app.top, EndOfGame)
    return app.top


def test_c_at_the_end_of_the_game_makes_a_code_of_it(app):
    t = new_table(app, 31337, level="expert", options=QUICK)
    play_game(t, 4)
    screen = end_screen(app, t)
    post_keys("c")
    app.run(max_frames=2)
    box = app.top
    assert isinstance(box, TextBox) and box.title == "Challenge"
    code = challenges.read_code_file(app.storage, [gin_codec.CHALLENGE_PREFIX])
    assert code is not None and any(code in line for line in box.lines)
    ch = challenges.decode(code, [gin_codec])
    assert ch == Challenge("gin", 31337, QUICK.to_json(), (None, "expert"),
                           t.ctl.game.scores()[0], "Anna")
    post_keys(pygame.K_ESCAPE)                       # the box closes on the end screen
    app.run(max_frames=2)
    assert app.top is screen


def test_a_challenge_deals_the_same_game_against_the_same_computer(app):
    t = new_table(app, 4242, level="hard", options=QUICK)
    first = t.ctl.game.to_json()
    play_game(t, 9)
    ch = t.make_challenge()
    c = T.start_challenge(app, challenges.decode(challenges.encode(ch, gin_codec), [gin_codec]))
    assert isinstance(c, T.GinTable) and c.ctl.challenge == ch
    assert c.ctl.game.to_json() == first and c.ctl.level == "hard" and c.ctl.ai_seed == t.ctl.ai_seed
    app.push(c)
    play_game(c, 9)                                  # the same player's moves...
    assert c.ctl.game.to_json() == t.ctl.game.to_json()      # ...meet the same computer's
    screen = end_screen(app, c)
    assert screen.notes[0] == challenges.outcome(ch, c.ctl.game.scores()[0], c.ctl.names[0])
    assert "tied" in screen.notes[0]


def test_the_challenge_is_kept_in_the_save(app):
    ch = Challenge("gin", 77, QUICK.to_json(), (None, "easy"), 120, "Bo")
    t = T.start_challenge(app, ch)
    app.push(t)
    play(t, make_ai("normal", 1), moves=3)
    t.ctl.save()
    r = T.resume(app)
    assert r.ctl.challenge == ch and r.ctl.level == "easy" and r.ctl.game.to_json() == t.ctl.game.to_json()


def test_the_menus_play_a_challenge_opens_the_table(app):
    ch = Challenge("gin", 5, GinOptions().to_json(), (None, "normal"), 50, "Bo")
    got = challenge_scene.start(app, ch)
    assert isinstance(got.scene, T.GinTable) and got.scene.ctl.game.seed == 5


def test_a_challenge_seating_the_player_second_is_refused_with_a_message(app):
    ch = Challenge("gin", 5, GinOptions().to_json(), ("normal", None), 50, "Bo")
    assert isinstance(T.start_challenge(app, ch), MessageBox)


def test_hot_seat_has_no_challenge_a_beep_and_a_note(app):
    session = {**SESSION, "oklahoma": True, "opponent": "human", "name2": "Bo"}
    t = T.GinTable(app, T.GinGame.new(seed=3, options=QUICK), "Anna", "normal", 4, session)
    app.push(t)
    while t.ctl.game.phase != "game_over":               # both seats played by the table's actions
        if t.ctl.game.phase == "hand_over":
            t.ctl._next_hand()
        if t.ctl.mode == "handover":
            t.ctl.take_keyboard()
        play(t, make_ai("normal", 2), moves=1)
    screen = end_screen(app, t)
    beeps = app.beeps
    post_keys("c")
    app.run(max_frames=2)
    assert app.beeps == beeps + 1 and app.top is screen
    assert "A challenge needs one player against computers" in screen.notes


def test_f7_in_a_challenge_beeps_and_deals_nothing(app):
    """A challenge is its deal: F7 (GIN!'s new deal) would play another game, and a win
    on it would answer a challenge it never played. The beep and a note; the F1 box
    does not offer it (and outside a challenge it still deals again)."""
    ch = Challenge("gin", 77, QUICK.to_json(), (None, "normal"), 120, "Bo")
    t = T.start_challenge(app, ch)
    app.push(t)
    app.run(max_frames=2)
    before, order, beeps = t.ctl.game.to_json(), list(t.ctl.order), app.beeps
    post_keys(pygame.K_F7)
    app.run(max_frames=2)
    assert app.top is t and app.beeps == beeps + 1
    post_keys("y")                                   # it would answer a "deal again?" question
    app.run(max_frames=2)
    assert app.top is t and app.beeps == beeps + 2   # no question: a key that means nothing
    assert t.ctl.game.to_json() == before and t.ctl.order == order and t.ctl.game.hand_no == 1
    assert t.ctl.note == "No new deal in a challenge: your friend played this very deal."
    post_keys(pygame.K_F1)
    app.run(max_frames=2)
    assert isinstance(app.top, KeysBox)
    f7 = [row.split(None, 1)[1] for row in app.top.lines if row.startswith("F7")]
    assert f7 == ["A new deal: not in a challenge (says why)"]
    plain = new_table(app, 77, options=QUICK)        # the same deal, no challenge: F7 deals again
    app.push(plain)
    post_keys(pygame.K_F7, "y")
    app.run(max_frames=3)
    assert plain.ctl.game.to_json() != before and plain.ctl.game.hand_no == 1


def test_a_resumed_challenge_still_refuses_f7(app):
    """F8 and back (the save keeps the challenge): still no new deal."""
    ch = Challenge("gin", 77, QUICK.to_json(), (None, "easy"), 120, "Bo")
    app.push(MessageBox(app, "Menu", ["under the table"]))   # F8 leaves to it
    t = T.start_challenge(app, ch)
    app.push(t)
    post_keys(pygame.K_F8)
    app.run(max_frames=2)
    assert t not in app.scenes
    r = T.resume(app)
    app.push(r)
    app.run(max_frames=2)
    before, beeps = r.ctl.game.to_json(), app.beeps
    post_keys(pygame.K_F7)
    app.run(max_frames=2)
    assert app.top is r and app.beeps == beeps + 1 and r.ctl.game.to_json() == before
    assert r.ctl.note.startswith("No new deal in a challenge")
