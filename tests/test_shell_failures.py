"""A saved game whose table fails: saved and told once ("Resume it"); failing again,
it is set aside as NAME.bad with a message, never offered for ever. A resume that
plays on to a normal save clears the record. This module holds the
fake game's start/resume, in a GameSpec, so the menu drives it as it drives a real one."""
import os

import pygame
import pytest

from game.scene import Scene
from game.scenes import menu as menu_mod
from game.scenes.menu import MenuScene
from game.scenes.overlays import MessageBox
from game.storage import FAILURES
from tests.fake_table import spec
from tests.helpers import post_keys

SAVE = "broken.json"
behaviour = {"fail": True}


class BrokenTable(Scene):
    title = "Broken table"

    def __init__(self, app, moves=0):
        super().__init__(app)
        self.moves = moves

    def update(self, dt):
        if behaviour["fail"]:
            raise RuntimeError("this table always fails")
        self.moves += 1
        if self.moves % 50 == 0:           # an autosave, as tables save after each hand
            self.save_state()

    def save_state(self):
        self.app.storage.write_json(SAVE, "broken-game", 1, {"moves": self.moves})


def start(app, seed=None):
    return BrokenTable(app)


def resume(app):
    data = app.storage.read_json(SAVE, "broken-game", 1, lambda d: d)
    return None if data is None else BrokenTable(app, data["moves"])


INFO = spec("broken", "Broken", start=start, resume=resume)


@pytest.fixture
def game_menu(app, monkeypatch):
    monkeypatch.setattr(menu_mod, "GAMES", [INFO])
    behaviour["fail"] = True
    app.storage.write_json(SAVE, "broken-game", 1, {"moves": 7})
    menu = MenuScene(app)
    app.push(menu)
    return app, menu


def resume_from_the_menu(app, menu):
    assert menu.items[0][0] == "Resume Broken"
    menu.index = 0
    post_keys(pygame.K_RETURN)
    app.run(max_frames=2)


def close_the_message(app):
    assert isinstance(app.top, MessageBox), [type(s).__name__ for s in app.scenes]
    lines = list(app.top.lines)
    post_keys(pygame.K_SPACE)
    app.run(max_frames=1)
    return " ".join(lines)


def test_a_table_that_fails_twice_is_set_aside_not_offered_for_ever(game_menu, shielded):
    app, menu = game_menu
    resume_from_the_menu(app, menu)
    told = close_the_message(app)
    assert "Resume it" in told and os.path.exists(app.storage.path(SAVE))
    resume_from_the_menu(app, menu)            # the same failure again
    told = close_the_message(app)
    assert "set aside" in told and SAVE in told, told
    assert not os.path.exists(app.storage.path(SAVE))
    assert os.path.exists(app.storage.path(SAVE + ".bad"))
    assert app.top is menu and not any(n.startswith("Resume") for n, _ in menu.items)
    assert app.running and len(app.internal_errors) == 2


def test_the_record_survives_a_restart(game_menu, shielded, tmp_path):
    from game.app import App
    app, menu = game_menu
    resume_from_the_menu(app, menu)
    close_the_message(app)
    app.quit()
    again = App(save_dir=app.save_dir, fullscreen=False, realtime=False)
    menu2 = MenuScene(again)
    again.push(menu2)
    resume_from_the_menu(again, menu2)
    assert "set aside" in close_the_message(again)
    assert os.path.exists(again.storage.path(SAVE + ".bad"))
    again.close()


def test_a_resume_that_plays_on_to_a_normal_save_clears_the_record(game_menu, shielded):
    app, menu = game_menu
    resume_from_the_menu(app, menu)
    close_the_message(app)
    assert os.path.exists(app.storage.path(FAILURES))
    behaviour["fail"] = False
    resume_from_the_menu(app, menu)
    app.run(max_frames=30)                     # 60 steps: one autosave
    assert not os.path.exists(app.storage.path(FAILURES))
    app.pop()                                  # leave the table (its save stays)
    behaviour["fail"] = True
    resume_from_the_menu(app, menu)            # a new failure is a first one again
    assert "Resume it" in close_the_message(app)
    assert os.path.exists(app.storage.path(SAVE))


def test_under_tests_the_failure_is_raised(game_menu):
    app, menu = game_menu
    with pytest.raises(RuntimeError, match="always fails"):
        resume_from_the_menu(app, menu)
