"""Headless pygame for every test: dummy video and audio drivers, saves in tmp."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# a bug the program catches (errors.report) fails the test at once; a test of the
# shielding itself says errors.raising(False)
os.environ["GNERTS_RAISE_INTERNAL"] = "1"
# a scene that says its picture is still (dirty() False) must not have moved
os.environ["GNERTS_CHECK_DIRTY"] = "1"
# text past the canvas edge or past its caller's region is a bug (ui.overflow)
os.environ.setdefault("GNERTS_CHECK_OVERFLOW", "1")   # GNERTS_CHECK_OVERFLOW= turns it off
# network play lists, announces and joins on loopback only (game/net/discovery.py)
os.environ["GNERTS_NET_LOOPBACK"] = "1"
# and each test process announces and lists its own service type: a test never sees
# the tables of a test running beside it (this file is read again in each worker)
os.environ["GNERTS_NET_SERVICE"] = f"_gnerts{os.getpid() % 10**7}._tcp.local."

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _seeded_random(request):
    """The global random source seeded by the test's name: a game started without a deal
    number (fresh_deal_no) gets the same deal in every run, whatever ran before it in
    its worker, so a test cannot pass or fail by the luck of the deal (a Go-Stop deal that
    ends at once once failed CI that way)."""
    import random
    random.seed(request.node.nodeid)


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


@pytest.fixture
def shielded():
    """For tests of the shielding itself: caught bugs are recorded, not raised."""
    from game import errors
    with errors.raising(False):
        yield
