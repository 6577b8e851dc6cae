"""A stand-in table module for menu tests: start() and resume() as real tables have."""
from game.gamespec import GameParts, GameSpec
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

    def parts():
        return GameParts(new_engine=never, make_bot=never, start=start, setup=FakeTable, resume=resume,
                         start_challenge=never, join=never, replay_codec=FakeCodec(key),
                         replay_board=never, net_codec=None, save_name=f"{key}.json")
    return GameSpec(key=key, title=title, blurb=blurb, levels=(), seats=range(2, 3),
                    save_name=f"{key}.json", challenge_prefix="FAK", option_pages=(), presets=None,
                    load=parts)


class FakeCodec:
    """What the spec checks of a replay codec when its game loads."""
    LEVELS = ()
    CHALLENGE_PREFIX = "FAK"

    def __init__(self, key):
        self.GAME = key
