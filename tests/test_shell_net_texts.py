"""The shell's network words (issue 44, item 20): the Join screen's name field starts
with the name last joined with; the headless host counts its seats in good English;
an over-long --code is refused whole, never echoed cut."""
from __future__ import annotations

import pygame
import pytest

import main
from game.app import App
from game.scenes.join import JoinScene
from tests.helpers import post_keys
from tests.test_net_headless import gnerts
from tests.test_shell_typing import NoListing


class Client:
    state, reason = "connecting", None

    def __init__(self, *args):
        self.args = args

    def start(self):
        pass

    def poll(self):
        return []

    def close(self):
        self.state = "closed"


def join_screen(app):
    scene = JoinScene(app, browser=NoListing(), connect=Client)
    app.push(scene)
    app.run(max_frames=1)
    return scene


def test_the_join_screen_starts_with_the_name_last_joined_with(menu_app):
    scene = join_screen(menu_app)
    assert scene.values["name"] == "Player"
    scene.values["address"], scene.values["code"] = "127.0.0.1:47480", "K7Q2"
    scene.field = 2
    post_keys(*[pygame.K_BACKSPACE] * 6, *"Zoe Ann", pygame.K_RETURN)
    menu_app.run(max_frames=1)
    assert scene.mode == "connecting"
    post_keys(pygame.K_ESCAPE, pygame.K_ESCAPE)
    menu_app.run(max_frames=2)
    assert join_screen(menu_app).values["name"] == "Zoe Ann"
    again = App(save_dir=menu_app.save_dir, fullscreen=False, realtime=False)   # the next session
    try:
        assert join_screen(again).values["name"] == "Zoe Ann"
    finally:
        again.close()


def test_the_headless_host_says_one_seat_in_the_singular():
    proc = gnerts("--host", "gnono", "--port", "0", "--bind", "127.0.0.1", "--seats", "1")
    try:
        proc.stdout.readline()
        second = proc.stdout.readline()
        assert "1 seat open to players" in second and "seats" not in second, second
    finally:
        proc.kill()
        proc.wait(10)
        proc.stdout.close()
        proc.stderr.close()


@pytest.mark.parametrize("length", [17, 40, 200])
def test_an_over_long_code_is_refused_and_never_echoed_cut(capsys, length):
    code = "".join("ABCDEFGHJK"[i % 10] for i in range(length))
    with pytest.raises(SystemExit):
        main.parse_args(["--host", "gnono", "--code", code])
    err = capsys.readouterr().err
    assert "4 to 16 letters and digits" in err
    assert repr(code) in err if length <= 64 else f"{length} characters" in err and code[:20] not in err
