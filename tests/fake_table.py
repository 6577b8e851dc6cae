"""A stand-in table module for menu tests: start() and resume() as real tables have."""
from game.scene import Scene

started = []


class FakeTable(Scene):
    title = "Fake table"


def start(app, seed=None):
    started.append(("start", seed))
    return FakeTable(app)


def resume(app):
    data = app.storage.read_json("fake.json", "fake-game", 1, lambda d: d)
    if data is None:
        return None
    started.append(("resume", data))
    return FakeTable(app)
