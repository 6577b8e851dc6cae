"""Headless pygame for every test: dummy video and audio drivers, saves in tmp."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture
def app(tmp_path):
    from game.app import App
    a = App(save_dir=str(tmp_path / "saves"), fullscreen=False, realtime=False)
    pygame.event.clear()
    yield a
    a.close()


@pytest.fixture
def menu_app(app):
    from game.scenes.menu import MenuScene
    app.push(MenuScene(app))
    app.run(max_frames=1)
    return app
