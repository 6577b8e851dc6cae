"""One hot-seat hand-over screen for Gin, Gnono and Go-Stop (game/table/handover.py),
with one set of keys (issue 35 item 3: F8 or Esc showed the next player's hand):
Enter or Space shows the next hand, F8 saves and leaves, Esc asks to leave, F1/F2 as
everywhere, any other key beeps and changes nothing."""
import pygame
import pytest

from game.gin import table as gin_table
from game.gin.rules import GinGame
from game.gnono import table as gnono_table
from game.gnono.rules import GnonoState
from game.gostop import table as gostop_table
from game.gostop.rules import GoStopState
from game.gostop.settings import rule_options
from game.scenes.overlays import Question
from game.table.handover import HandOver
from tests.helpers import post_keys, run_until


def gin(app):
    game = GinGame.new(seed=4)
    session = {"oklahoma": False, "hollywood": False, "name": "Ann", "opponent": "human",
               "name2": "Bob", "preset": "", "rules": {}}
    return gin_table.GinTable(app, game, "Ann", "normal", 5, session), gin_table.SAVE_NAME


def gnono(app):
    st = GnonoState(3, seed=2)
    return (gnono_table.GnonoTable(app, st, ["human", "normal", "human"], ["Ann", "Cleo", "Bob"],
                                   "fast", seed=2), gnono_table.SAVE_NAME)


def gostop(app):
    st = GoStopState.new(rule_options(app.options, 2), 7)
    return gostop_table.GoStopTable(app, st, [], "fast", seed=7, humans=(0, 1)), gostop_table.SAVE_NAME


TABLES = {"gin": gin, "gnono": gnono, "gostop": gostop}


def at_hand_over(app, make):
    t, save = make(app)
    app.push(t)
    assert run_until(app, lambda: isinstance(app.top, HandOver), 3000)
    return t, save


def test_the_screen_hides_the_table_and_is_the_same_for_every_game(menu_app):
    app = menu_app
    for make in TABLES.values():
        t, _save = at_hand_over(app, make)
        top = app.top
        assert [b.keys for b in top.bindings()] == [
            (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE), (pygame.K_F8,), (pygame.K_ESCAPE,),
            (pygame.K_F1,), (pygame.K_F2,)]                 # the App's, placed on the key bar
        assert top.key_bar() == [("Enter", "Show my hand"), ("F8", "Save and leave"), ("Esc", "Leave"),
                                 ("F1", "Keys"), ("F2", "Rules")]
        assert top.help_lines()                      # F2: the game's rules
        app.pop(top)
        app.pop(t)


@pytest.mark.parametrize("game", TABLES)
def test_other_keys_beep_and_change_nothing(app, game):
    t, _save = at_hand_over(app, TABLES[game])
    top = app.top
    for key in ("k", pygame.K_F3, pygame.K_F9, pygame.K_LEFT, "h"):
        before = app.beeps
        post_keys(key)
        app.run(max_frames=1)
        assert app.top is top and app.beeps == before + 1, key


@pytest.mark.parametrize("game", TABLES)
def test_enter_or_space_shows_the_next_hand(app, game):
    t, _save = at_hand_over(app, TABLES[game])
    post_keys(pygame.K_SPACE if game == "gnono" else pygame.K_RETURN)
    app.run(max_frames=2)
    assert app.top is t and app.beeps == 0


@pytest.mark.parametrize("game", TABLES)
def test_f8_saves_and_leaves(app, game):
    t, save = at_hand_over(app, TABLES[game])
    app.storage.remove(save)
    post_keys(pygame.K_F8)
    app.run(max_frames=1)
    assert t not in app.scenes and not isinstance(app.top, HandOver)
    assert app.storage.exists(save)


@pytest.mark.parametrize("game", TABLES)
def test_esc_asks_to_leave(app, game):
    t, save = at_hand_over(app, TABLES[game])
    top = app.top
    post_keys(pygame.K_ESCAPE)
    app.run(max_frames=1)
    assert isinstance(app.top, Question)
    post_keys("n")                                   # no: the hand-over again, nothing shown
    app.run(max_frames=1)
    assert app.top is top
    post_keys(pygame.K_ESCAPE, "y")
    app.run(max_frames=2)
    assert t not in app.scenes and app.storage.exists(save)
