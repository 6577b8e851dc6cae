"""A stand-in table module for menu tests: start() and resume() as real tables have."""
from game.gamespec import GameSpec
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


def spec(key="fake", title="Fake", blurb=("",), start=start, resume=resume):
    """A GameSpec for a stand-in game: the menu starts and resumes it as a real one;
    what a menu test never reaches raises."""
    def never(*_args, **_kw):
        raise AssertionError("the menu test reached a part of the fake game it should not")
    return GameSpec(key=key, title=title, blurb=blurb, new_engine=never, levels=(), make_computer=never,
                    start=start, setup=FakeTable, resume=resume, start_challenge=never,
                    save_name=f"{key}.json", option_pages=(), presets=None, replay_codec=None,
                    replay_board=never)
