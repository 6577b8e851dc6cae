"""Every game's save under abuse, and F8 then Resume giving back exactly the game left.

For each game a real save is made by playing a bit and pressing F8. It must resume
exactly (the same table JSON: cards, stock order, scores, options, the RNGs of the
game and of the computers, the timers). Then it is mutated hundreds of ways
(truncated, non-UTF-8 bytes, wrong types, missing keys, huge numbers, a future schema)
and resumed: resume() returns None or a valid table, a refused file is set aside as
.bad and the player is told, and nothing raises. options.json and stats.json too.
An unwritable saves folder: every table plays on and says it could not save.

The mutation classes the issue names are also applied systematically: a flag such
as "partial": true added to every object in the save, huge values (an int of 4,300
digits, a string of 50 MB) and a value of the wrong type at every path.

Game-specific checks plug in without editing this file: a module
`tests/save_checks_<game>.py` may define
  MUTATIONS(doc, rng) -> iterable of (what, bytes): more damaged files of that game's save;
  check(table, what) -> None: assertions on a table resumed from a mutated save.
Both are optional; the harness applies them to every mutated save that resumes.

GNERTS_SAVE_MUTATIONS sets the random mutations per file (default 120), GNERTS_SAVE_SEED
their seed; GNERTS_SOAK=1 multiplies the random ones by ten.
"""
import copy
import importlib
import json
import os
import random

import pygame
import pytest

from tests.helpers import key_event
from tests.test_monkey import autopilot

GAMES = ["nerts", "gin", "gnono", "gostop"]
TABLES = {"nerts": "NertsTable", "gin": "GinTable", "gnono": "GnonoTable", "gostop": "GoStopTable"}
SOAK = 10 if os.environ.get("GNERTS_SOAK") == "1" else 1
MUTATIONS = int(os.environ.get("GNERTS_SAVE_MUTATIONS", "120")) * SOAK
MUTATION_SEED = os.environ.get("GNERTS_SAVE_SEED", "0")


def new_app(save_dir, seed=5):
    from game.app import App
    from game.scenes.menu import MenuScene
    app = App(save_dir=str(save_dir), fullscreen=False, realtime=False, seed=seed)
    pygame.event.clear()
    app.push(MenuScene(app))
    app.run(max_frames=1)
    return app


def start_table(app, game):
    """From the menu to the game's table: choose the game, Enter through its set-up."""
    from game.games import BY_KEY
    app.apply(app.top.start_game(BY_KEY[game], seed=app.seed))
    for _ in range(3):
        if type(app.top).__name__ == TABLES[game]:
            break
        pygame.event.post(key_event(pygame.K_RETURN))
        app.run(max_frames=2)
    assert type(app.top).__name__ == TABLES[game], [type(s).__name__ for s in app.scenes]
    return app.top


def play_a_bit(app, game, rng, turns=30):
    players = {}
    for _ in range(turns):
        autopilot(app, game, rng, players)
        app.run(max_frames=rng.choice((3, 10, 30)))
        # a score screen or a question: Enter / Y goes on
        if type(app.top).__name__ != TABLES[game]:
            pygame.event.post(key_event(pygame.K_RETURN))
            app.run(max_frames=2)
    assert not app.internal_errors


def table_module(game):
    return importlib.import_module(f"game.{game}.table")


def game_checks(game):
    """The game's own plug-in (tests/save_checks_<game>.py), or None."""
    try:
        return importlib.import_module(f"tests.save_checks_{game}")
    except ModuleNotFoundError as exc:
        if exc.name != f"tests.save_checks_{game}":
            raise
        return None


def normalised(table) -> dict:
    d = json.loads(json.dumps(table.to_json()))
    d.pop("log", None)       # the notes' log gains "resumed" lines: not the game
    return d


@pytest.fixture(scope="module")
def real_saves(tmp_path_factory):
    """Per game: (the save file's bytes, the table's JSON at F8)."""
    out = {}
    for n, game in enumerate(GAMES):
        d = tmp_path_factory.mktemp(f"{game}-saves")
        app = new_app(d, seed=40 + n)
        table = start_table(app, game)
        play_a_bit(app, game, random.Random(n))
        table = next(s for s in app.scenes if type(s).__name__ == TABLES[game])
        while app.top is not table:
            app.pop()
        left = normalised(table)
        pygame.event.post(key_event(pygame.K_F8))
        app.run(max_frames=1)
        assert table not in app.scenes, "F8 leaves the table"
        path = d / f"{game}.json"
        assert path.exists(), "F8 saved the game"
        out[game] = (path.read_bytes(), left)
        app.close()
    return out


@pytest.mark.parametrize("game", GAMES)
def test_f8_then_resume_is_exactly_the_game_left(tmp_path, real_saves, game):
    raw, left = real_saves[game]
    (tmp_path / f"{game}.json").write_bytes(raw)
    app = new_app(tmp_path)
    from game.scenes.menu import MenuScene
    menu = app.top
    assert isinstance(menu, MenuScene) and menu.items[0][0] == f"Resume {menu.items[0][1][1].title}"
    app.apply(menu.choose())   # Enter on the first line: Resume (compared before any time passes)
    table = app.top
    assert type(table).__name__ == TABLES[game]
    got = normalised(table)
    assert json.dumps(got, sort_keys=True) == json.dumps(left, sort_keys=True)
    table.check_invariants()
    assert not app.internal_errors
    app.close()


# --- mutations -------------------------------------------------------------------------------
ODD_VALUES = [None, "x", "", -1, 0, 10 ** 30, -(10 ** 30), 1.5, True, [], {}, [None], {"a": 1}, "7H"]


def paths(node, prefix=()):
    """Every place in a JSON tree; long lists (an RNG's state) give a few of their items."""
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, prefix + (k,))
    elif isinstance(node, list):
        idx = range(len(node)) if len(node) <= 12 else [0, 1, len(node) // 2, len(node) - 1]
        for i in idx:
            out += paths(node[i], prefix + (i,))
    return out


def set_at(doc, path, value, delete=False):
    node = doc
    for p in path[:-1]:
        node = node[p]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value


def mutations(raw: bytes, rng: random.Random, count: int):
    """(what, bytes) pairs: damaged files of every kind the issue names."""
    yield "empty", b""
    yield "not JSON", b"{\"kind\": "
    yield "a list", b"[1, 2, 3]"
    for _ in range(6):
        k = rng.randrange(1, len(raw))
        yield f"truncated at {k}", raw[:k]
    for _ in range(4):
        k = rng.randrange(len(raw))
        yield f"non-UTF-8 at {k}", raw[:k] + b"\xff\xfe\xc3" + raw[k:]
    yield "Latin-1 text", raw.decode("utf-8").replace('"', '"\xe9', 1).encode("latin-1", "replace")
    doc = json.loads(raw)
    for what, change in (("future schema", ("schema", doc["schema"] + 1)), ("schema 0", ("schema", 0)),
                         ("schema as text", ("schema", str(doc["schema"]))),
                         ("wrong kind", ("kind", "other")),
                         ("data null", ("data", None)), ("data a list", ("data", [])),
                         ("huge data", ("data", 10 ** 30))):
        d = copy.deepcopy(doc)
        d[change[0]] = change[1]
        yield what, json.dumps(d).encode()
    yield "NaN inside", raw.replace(b": 0,", b": NaN,", 1)
    places = paths(doc["data"])
    for _ in range(count):
        path = ("data",) + rng.choice(places)
        d = copy.deepcopy(doc)
        if rng.random() < 0.25:
            set_at(d, path, None, delete=True)
            yield f"missing {path[1:]}", json.dumps(d).encode()
        else:
            value = rng.choice(ODD_VALUES)
            set_at(d, path, value)
            yield f"{path[1:]} = {value!r}", json.dumps(d).encode()


def check_resume(app, game, name, what):
    """resume() never raises; None means set aside as .bad and told; a table is valid."""
    path = os.path.join(app.save_dir, name)
    mod = table_module(game)
    table = mod.resume(app)          # must not raise
    problems = app.storage.take_problems()
    if table is None:
        assert not os.path.exists(path), f"{what}: a refused save stays in place"
        assert os.path.exists(path + ".bad"), f"{what}: not set aside as .bad"
        assert problems and name in problems[0], f"{what}: the player is not told"
        assert problems[0].endswith("the saved game cannot be resumed."), (what, problems[0])
        os.remove(path + ".bad")
        return "refused"
    assert type(table).__name__ == TABLES[game], what
    table.check_invariants()
    plug = game_checks(game)
    if plug is not None and hasattr(plug, "check"):
        plug.check(table, what)
    app.push(table)
    app.run(max_frames=4)
    assert not app.internal_errors, (what, app.internal_errors)
    for scene in list(app.scenes):
        check = getattr(scene, "check_invariants", None)
        if check:
            check()
    if table in app.scenes:
        # what the resumed game saves must be JSON again (a 4,300-digit seed + 1 is not:
        # the storage reports that as a bug, raised under tests)
        table.save_state()
        if os.path.exists(path):
            with open(path, "rb") as f:
                json.loads(f.read())
    while len(app.scenes) > 1:
        app.pop()
    app.storage.take_problems()
    app.storage.remove(name)
    return "resumed"


@pytest.mark.parametrize("game", GAMES)
def test_every_mutated_save_resumes_or_is_set_aside(tmp_path, real_saves, game):
    raw, _ = real_saves[game]
    app = new_app(tmp_path)
    name = f"{game}.json"
    rng = random.Random(f"{game}-{MUTATION_SEED}")
    results = {"refused": 0, "resumed": 0}
    for what, data in mutations(raw, rng, MUTATIONS):
        (tmp_path / name).write_bytes(data)
        results[check_resume(app, game, name, what)] += 1
    app.close()
    print(f"{game}: {sum(results.values())} mutated saves, {results}")
    assert results["refused"] > MUTATIONS // 4


# --- the named classes, systematically --------------------------------------------------------
HUGE_INT = "9" * 4300            # the most digits Python's int() reads from text by default
HUGE_TEXT_BYTES = 50 * 1024 * 1024


def wrong_type(value):
    """A value of another JSON type than `value`'s."""
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return {"0": value[:1]}
    if isinstance(value, dict):
        return list(value)
    return 0                      # null


def get_at(doc, path):
    for p in path:
        doc = doc[p]
    return doc


def objects(node):
    """The paths of every JSON object (dict) in the tree, long lists sampled as in paths()."""
    return [p for p in [()] + paths(node) if isinstance(get_at(node, p), dict)]


def named_mutations(raw: bytes, rng: random.Random, plug=None):
    """The issue's classes: "partial": true in every object, a 4,300-digit int and a
    50 MB string at a few places, a wrong type at every path; then the game's own."""
    doc = json.loads(raw)
    data = doc["data"]
    for path in objects(data):
        d = copy.deepcopy(doc)
        get_at(d["data"], path)["partial"] = True
        yield f"partial flag at {path}", json.dumps(d).encode()
    places = paths(data)
    numbers = [p for p in places if type(get_at(data, p)) is int] or places
    for path in rng.sample(numbers, min(6, len(numbers))):
        d = copy.deepcopy(doc)
        set_at(d["data"], path, "@HUGE@")
        yield f"4300-digit int at {path}", json.dumps(d).encode().replace(b'"@HUGE@"', HUGE_INT.encode())
    texts = [p for p in places if isinstance(get_at(data, p), str)] or places
    path = rng.choice(texts)
    d = copy.deepcopy(doc)
    set_at(d["data"], path, "@TEXT@")
    yield f"50 MB string at {path}", json.dumps(d).encode().replace(b'"@TEXT@"',
                                                                   b'"' + b"x" * HUGE_TEXT_BYTES + b'"')
    for path in places:
        d = copy.deepcopy(doc)
        set_at(d["data"], path, wrong_type(get_at(data, path)))
        yield f"wrong type at {path}", json.dumps(d).encode()
    if plug is not None and hasattr(plug, "MUTATIONS"):
        yield from plug.MUTATIONS(copy.deepcopy(doc), rng)


@pytest.mark.parametrize("game", GAMES)
def test_flags_huge_values_and_wrong_types_resume_or_are_set_aside(tmp_path, real_saves, game):
    raw, _ = real_saves[game]
    app = new_app(tmp_path)
    name = f"{game}.json"
    rng = random.Random(f"{game}-named-{MUTATION_SEED}")
    results = {"refused": 0, "resumed": 0}
    for what, data in named_mutations(raw, rng, game_checks(game)):
        (tmp_path / name).write_bytes(data)
        results[check_resume(app, game, name, what)] += 1
    app.close()
    print(f"{game}: {sum(results.values())} named mutations, {results}")
    assert results["refused"] > 0


@pytest.mark.parametrize("name,kind", [("options.json", "options"), ("stats.json", "stats")])
def test_mutated_options_and_statistics_never_stop_the_program(tmp_path, name, kind):
    from game.options import Options, load_options
    from game.stats import GameEnd, load_stats
    from game.storage import Storage
    app = new_app(tmp_path)
    app.stats.record("gin", hands_played=3, gins=1)
    app.stats.best("gin", "best_hand", 40)
    app.stats.add_game("gin", GameEnd((130, 40), (0,), 0).entry("hard", "GIN! 1981"))
    app.stats.add_game("nerts", GameEnd((-5, 104, 60), (0,), 1).entry("easy"))
    app.options["colour.table"] = 1
    app.save_options()
    app.close()
    raw = (tmp_path / name).read_bytes()
    rng = random.Random(f"{name}-{MUTATION_SEED}")
    told = 0
    tried = 0
    for what, data in mutations(raw, rng, MUTATIONS // 2):
        tried += 1
        (tmp_path / name).write_bytes(data)
        st = Storage(str(tmp_path))
        loaded = load_options(st) if kind == "options" else load_stats(st)
        if kind == "options":
            assert isinstance(loaded, Options)
            loaded.to_json()
        else:
            loaded.lines("gin")
        if st.problems:
            told += 1
            assert len(st.problems) == 1, (what, st.problems)
            if st.problems[0].endswith("the others are kept."):
                # bad values only (options, or entries of the statistics' history): those
                # options default or entries are dropped, the others kept, the file repaired
                assert not os.path.exists(tmp_path / (name + ".bad")), what
                continue
            # what the damage costs: the defaults, or the statistics gathered so far
            cost = "defaults used." if kind == "options" else "the statistics start again."
            assert st.problems[0].endswith(cost), (what, st.problems[0])
            assert os.path.exists(tmp_path / (name + ".bad")), what
            os.remove(tmp_path / (name + ".bad"))
    # and through the whole program: a damaged file at start-up is reported on screen
    (tmp_path / name).write_bytes(raw[: len(raw) // 2])
    app = new_app(tmp_path)
    assert type(app.top).__name__ == "MessageBox" and name in " ".join(app.top.lines)
    assert not app.internal_errors
    app.close()
    print(f"{name}: {tried} mutated files, {told} set aside and reported")
    assert told > tried // 4


# --- an unwritable saves folder ------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_each_table_plays_on_when_its_save_cannot_be_written(tmp_path, game):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    app = new_app(blocker / "saves")
    notices = 0
    while type(app.top).__name__ == "MessageBox":   # "the saves folder cannot be written"
        notices += 1
        app.pop()
    assert notices == 1
    start_table(app, game)
    play_a_bit(app, game, random.Random(7), turns=10)
    table = next(s for s in app.scenes if type(s).__name__ == TABLES[game])
    while app.top is not table:
        app.pop()
    pygame.event.post(key_event(pygame.K_F8))
    app.run(max_frames=2)
    assert not app.internal_errors
    # the player is told once a session (storage.told), not at every autosave
    assert any(f"Could not save {game}.json" in line for line in app.storage.told), app.storage.told
    assert app.running
    app.close()


def test_after_f8_the_menu_offers_resume_and_a_new_game_asks_first(tmp_path, real_saves):
    from game.games import BY_KEY
    from game.scenes.overlays import Question
    raw, left = real_saves["gin"]
    app = new_app(tmp_path)
    menu = app.top
    menu.index = [w for _, w in menu.items].index(BY_KEY["gin"])
    (tmp_path / "gin.json").write_bytes(raw)
    menu.on_enter()                   # as when a table left with F8 uncovers the menu
    assert menu.items[menu.index][0] == "Resume Gin Rummy", "Enter resumes the game just left"
    menu.index = [w for _, w in menu.items].index(BY_KEY["gin"])
    app.apply(menu.choose())          # a new game of Gin while one is saved: asked first
    assert isinstance(app.top, Question)
    pygame.event.post(key_event(pygame.K_n, unicode="n"))
    app.run(max_frames=1)
    assert app.top is menu and (tmp_path / "gin.json").read_bytes() == raw
    app.close()


@pytest.mark.parametrize("game,how", [("nerts", "close"), ("gin", "alt-f4"), ("gnono", "close"),
                                      ("gostop", "alt-f4")])
def test_closing_the_window_or_alt_f4_saves_the_game(tmp_path, game, how):
    app = new_app(tmp_path, seed=9)
    start_table(app, game)
    play_a_bit(app, game, random.Random(3), turns=8)
    table = next(s for s in app.scenes if type(s).__name__ == TABLES[game])
    left = normalised(table)
    if how == "close":
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    else:
        pygame.event.post(key_event(pygame.K_F4, mod=pygame.KMOD_ALT))
    app.run(max_frames=1)
    assert not app.running and not app.internal_errors
    app.close()
    app = new_app(tmp_path)
    again = table_module(game).resume(app)
    assert again is not None
    assert json.dumps(normalised(again), sort_keys=True) == json.dumps(left, sort_keys=True)
    app.close()
