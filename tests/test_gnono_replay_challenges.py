"""Gnono's deal challenges: C on the end-of-game screen makes a code of the very game
(its deal number, rules, seats and the player's score), start_challenge deals that
same game against the same computers, the table keeps the challenge in its save,
and the end-of-game screen compares the scores."""
import pygame

from game import challenges
from game.gnono import replay_codec as gnono_codec
from game.gnono import table as T
from game.gnono.rules import GAME_OVER, GnonoOptions
from game.gnono.screens import GnonoScoring
from game.scenes.overlays import TextBox
from tests.helpers import post_keys
from tests.test_gnono_replay import new_table, play_on

QUICK = dict(playout_score=1, hand_size=5)   # the first round ends the game


def finish_game(app, t):
    assert play_on(app, t, lambda: isinstance(app.top, GnonoScoring))
    assert t.ctl.state.phase == GAME_OVER and app.top.game_over
    return app.top


def code_on_screen(app) -> str:
    box = app.top
    assert isinstance(box, TextBox)
    return next(line for line in box.lines if line.startswith("GNO-"))


def test_a_challenge_made_at_the_end_is_the_same_game(menu_app):
    app = menu_app
    t = new_table(app, kinds=("normal", "human", "hard"), seed=424242, **QUICK)
    first = t.ctl.state.to_json()
    rngs = t.ai_rng_states()
    screen = finish_game(app, t)
    post_keys("c")
    app.run(max_frames=1)
    ch = challenges.decode(code_on_screen(app), [gnono_codec])
    assert challenges.read_code_file(app.storage, [gnono_codec.CHALLENGE_PREFIX]) == code_on_screen(app)
    assert ch.deal_no == 424242 and ch.seats == ("normal", None, "hard")
    assert ch.options == t.ctl.state.options.to_json()
    assert gnono_codec.options_from_json(ch.options) == t.ctl.state.options
    assert ch.score == t.ctl.state.totals[1] and ch.name == "Ada"
    # played: the same first deal, the same computers' random states
    post_keys(pygame.K_ESCAPE)
    app.run(max_frames=1)
    assert app.top is screen
    t2 = T.start_challenge(app, ch)
    assert t2.ctl.state.to_json() == first and t2.ai_rng_states() == rngs
    assert t2.ctl.kinds == ["normal", "human", "hard"] and t2.challenge == ch
    assert t2.ctl.names[1] == app.options["gnono.name1"]


def test_the_challenge_is_kept_in_the_save_and_compared_at_the_end(menu_app):
    app = menu_app
    ch = challenges.Challenge("gnono", 99, GnonoOptions(**QUICK).to_json(), (None, "easy"), 30, "Zoe")
    t = T.start_challenge(app, ch)
    app.push(t)
    app.run(max_frames=1)
    app.apply(t.leave())
    t2 = T.resume(app)
    assert t2.challenge == ch
    app.push(t2)
    screen = finish_game(app, t2)
    line = challenges.outcome(ch, t2.ctl.state.totals[0], t2.ctl.names[0])
    assert line in screen.end_lines() and "Zoe" in line
    assert line in screen.spoken_intro()


def test_a_challenge_needs_one_player_against_computers(app):
    t = new_table(app, kinds=("human", "human"), seed=8, **QUICK)
    finish_game(app, t)
    screen = app.top
    post_keys("c")
    app.run(max_frames=1)
    assert app.top is screen and app.beeps == 1
    assert screen.notice == "A challenge needs one player against computers."


def test_the_menu_plays_a_gnono_code(menu_app):
    app = menu_app
    ch = challenges.Challenge("gnono", 1234, GnonoOptions(stacking=True).to_json(),
                              (None, "expert", "normal"), 120, "Max")
    post_keys("c")
    app.run(max_frames=1)
    app.top.text = challenges.encode(ch, gnono_codec)
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    post_keys("y")
    app.run(max_frames=2)
    t = app.top
    assert isinstance(t, T.GnonoTable) and t.challenge == ch
    st = t.ctl.state
    assert st.seed == 1234 and st.options.stacking and t.ctl.kinds == ["human", "expert", "normal"]
    # an expert seat (not on the set-up screen) survives the save
    app.apply(t.leave())
    assert T.resume(app).ctl.kinds == ["human", "expert", "normal"]


def test_a_code_whose_seats_and_rules_cannot_be_dealt_is_refused_with_a_message(app):
    from game.scenes.overlays import MessageBox
    ch = challenges.Challenge("gnono", 5, GnonoOptions(hand_size=20).to_json(),
                              (None,) + ("easy",) * 9, 10, "Big")
    shown = T.start_challenge(app, ch)
    assert isinstance(shown, MessageBox) and "cannot be dealt" in shown.lines[0]
    assert app.beeps == 1 and not app.storage.exists("gnono.json")


def test_a_saved_game_is_replaced_only_when_the_player_says_so(menu_app):
    """The menu's challenge path (game.scenes.challenge.start) asks first, for every game."""
    from game.scenes import challenge as challenge_scene
    from game.scenes.overlays import Question
    app = menu_app
    t = new_table(app, seed=12)
    app.apply(t.leave())
    saved = t.ctl.state.to_json()
    ch = challenges.Challenge("gnono", 77, GnonoOptions().to_json(), (None, "hard"), 50, "Ann")
    app.apply(challenge_scene.start(app, ch))
    app.run(max_frames=1)
    assert isinstance(app.top, Question)
    post_keys("n")
    app.run(max_frames=1)
    assert T.resume(app).ctl.state.to_json() == saved
    app.apply(challenge_scene.start(app, ch))
    app.run(max_frames=1)
    post_keys("y")
    app.run(max_frames=2)
    assert isinstance(app.top, T.GnonoTable) and app.top.challenge == ch
    assert T.resume(app).ctl.state.seed == 77
