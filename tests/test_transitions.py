"""Scenes return transitions (game/scene.py) and the App applies them: the flows whose
overlays used to call the stack themselves, played by keys, end as they did (the box
goes first, then its callback; a callback's own transition is applied after it)."""
import pygame
import pytest

from game.gin import table as GT
from game.gin.rules import GinOptions
from game.gnono import table as NT
from game.gnono.rules import GnonoOptions, Play
from game.gnono.screens import ChallengeBox, ColourBox, GnonoScoring
from game.gostop import table as GS
from game.gostop.rules import GoStopState
from game.keys import Binding
from game.nerts.screens import NertsScoring, PauseBox
from game.nerts.table import SAVE_NAME as NERTS_SAVE
from game.scene import Pop, Push, Scene
from game.scenes.menu import MenuScene
from game.scenes.overlays import Question
from tests.helpers import post_keys, run_until
from tests.test_gin_coach_table import _win_with_gin
from tests.test_gin_table import CPU_HAND, GIN_HUMAN, press
from tests.test_gin_table import make_table as gin_table
from tests.test_gnono_table import make_table as gnono_table
from tests.test_gostop_saves import round_trip, save_file, won
from tests.test_nerts_table_flow import CALL, table_with, to_scores


def test_a_callback_that_fails_after_a_key_is_refused_like_the_key(app, shielded):
    """A Pop's callback runs when the App applies the key's transition: a bug in it is
    caught as a bug in the key is (the beep, the toast), not a crash."""
    class Box(Scene):
        def bindings(self):
            return [Binding((pygame.K_a,), "go", lambda: Pop(self, then=lambda: 1 / 0))]

    base, box = Scene(app), Box(app)
    app.push(base)
    app.push(box)
    post_keys("a")
    app.run(max_frames=1)
    assert app.running and app.top is base and app.beeps == 1
    assert any("ZeroDivisionError" in e for e in app.internal_errors)


def test_a_callbacks_transition_is_applied_after_the_pop(app):
    order = []

    class Marked(Scene):
        def __init__(self, app, name):
            super().__init__(app)
            self.name = name

        def on_enter(self):
            order.append(self.name)

    base, box, then = Marked(app, "base"), Marked(app, "box"), Marked(app, "then")
    app.push(base)
    app.push(box)
    order.clear()
    app.apply(Pop(box, then=lambda: Push(then)))
    assert order == ["base", "then"] and app.scenes == [base, then]


# ---------------------------------------------------------------- Gin
def gin_game_over(app):
    """A Gin game won by the human, its end-of-game screen gone on: the question."""
    t = gin_table(app, GIN_HUMAN, CPU_HAND, "JC", options=GinOptions(game_target=20))
    _win_with_gin(app, t)
    assert t.ctl.game.phase == "game_over"
    press(app, "x")                                # any key: the end of the game
    assert app.top.title == "End of the Game"
    press(app, "x")                                # any key goes on: another game?
    assert isinstance(app.top, Question) and app.top.lines == ["Play another game?"]
    return t


def test_gin_another_game_yes_replaces_the_table(menu_app):
    app = menu_app
    t = gin_game_over(app)
    press(app, "y")
    new = app.top
    assert isinstance(new, GT.GinTable) and new is not t and t not in app.scenes
    assert len(app.scenes) == 2 and isinstance(app.scenes[0], MenuScene)
    assert new.ctl.game.phase != "game_over" and app.beeps == 0


def test_gin_another_game_no_goes_back_to_the_menu(menu_app):
    app = menu_app
    t = gin_game_over(app)
    press(app, "n")
    assert t not in app.scenes and isinstance(app.top, MenuScene) and len(app.scenes) == 1


def test_gin_cards_box_closes_on_any_key(app):
    t = gin_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, pygame.K_F6)
    assert app.top is not t
    press(app, "x")
    assert app.top is t and app.beeps == 0


# ---------------------------------------------------------------- Gnono
@pytest.mark.parametrize("keys", [(pygame.K_F8,), (pygame.K_ESCAPE, "y")])
def test_gnono_scoring_leaves_with_the_table_saved(menu_app, keys):
    app = menu_app
    t = gnono_table(app, ["R7", "Y1 Y2 Y3"], "R5", kinds=["human", "normal"])
    post_keys(pygame.K_RETURN)                     # the last card: the round is over
    app.run(max_frames=1)
    assert run_until(app, lambda: isinstance(app.top, GnonoScoring), 600)
    scoring = app.top
    assert not scoring.game_over
    post_keys(*keys)
    app.run(max_frames=1)
    assert scoring not in app.scenes and t not in app.scenes
    assert isinstance(app.top, MenuScene) and app.storage.exists(NT.SAVE_NAME)
    assert NT.resume(app).ctl.state.to_json() == t.ctl.state.to_json()


def test_gnono_stacking_a_wild_four_on_the_challenge_asks_the_colour(app):
    t = gnono_table(app, ["Y1 W+4 Y3", "W+4 G5 G6", "B1 B2 B3"], "R5", current=1, direction=-1,
                    kinds=["human", "normal", "normal"], options=GnonoOptions(stacking=True))
    four = next(c for c in t.ctl.state.hands[1] if c.is_wild_draw_four)   # the deck has two
    t.apply(Play(1, four, "G"))
    assert run_until(app, lambda: isinstance(app.top, ChallengeBox), 600)
    post_keys("s")                                 # stack my own Wild Draw Four
    app.run(max_frames=1)
    assert isinstance(app.top, ColourBox) and app.beeps == 0
    post_keys("b")
    app.run(max_frames=1)
    assert app.top is t and t.ctl.state.color == "B" and t.ctl.state.pending_draw == 8
    assert not any(c.is_wild_draw_four for c in t.ctl.state.hands[0])
    assert not t.asking


# ---------------------------------------------------------------- Go-Stop
@pytest.mark.parametrize("keys", [(pygame.K_F8,), (pygame.K_ESCAPE, "y")])
def test_gostop_scoring_leaves_with_the_table_saved(menu_app, keys):
    app = menu_app
    d = won()
    hand_no = GoStopState.from_json(round_trip(d)).hand_no
    save_file(app, {"state": d, "levels": ["normal"], "speed": "fast", "ai_rngs": [None],
                    "history": [], "log": [], "wait": 0, "stats_hand": hand_no})
    t = GS.resume(app)
    app.push(t)
    assert run_until(app, lambda: isinstance(app.top, GS.GoStopScoring), 100)
    scoring = app.top
    post_keys(*keys)
    app.run(max_frames=1)
    assert scoring not in app.scenes and t not in app.scenes
    assert isinstance(app.top, MenuScene) and app.storage.exists(GS.SAVE_NAME)


# ---------------------------------------------------------------- Nerts
def test_nerts_pause_f8_leaves_with_the_table_saved(menu_app):
    app = menu_app
    t = table_with(app, ["human", "easy"], CALL)
    app.run(max_frames=2)
    post_keys("p")
    app.run(max_frames=1)
    pause = app.top
    assert isinstance(pause, PauseBox)
    post_keys(pygame.K_F8)
    app.run(max_frames=1)
    assert pause not in app.scenes and t not in app.scenes
    assert isinstance(app.top, MenuScene) and app.storage.exists(NERTS_SAVE)


def test_nerts_scoring_escape_yes_leaves_with_the_table_saved(menu_app):
    app = menu_app
    t = table_with(app, ["human", "easy"], CALL)
    to_scores(app, t)
    scoring = app.top
    assert isinstance(scoring, NertsScoring)
    post_keys(pygame.K_ESCAPE, "y")
    app.run(max_frames=1)
    assert scoring not in app.scenes and t not in app.scenes
    assert isinstance(app.top, MenuScene) and app.storage.exists(NERTS_SAVE)
