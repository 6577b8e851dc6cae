"""Every kind of file in the saves folder under abuse (issue 34), in a writable and in a
read-only folder: options, statistics, presets, drill records, resume-failures,
challenge.txt, the four games' saves, and the replays through the storage's public
reader. Each is mutated (tests/test_saves_abuse.py's mutations, plus a FIFO, a folder, a
link to a device and a file over its kind's size limit) and read the way the program
reads it, twice (a screen opened, used, closed and opened again). Checked: no
exception, no hang (an alarm), exactly one notice for a file refused and none for one
read whole (options: one for a file whose bad values were defaulted), and nothing shown
that the file did not hold.

The read-only folder is simulated (tests/helpers.py's read_only): the tests run as root,
who writes anywhere whatever the permission bits say. GNERTS_SAVE_MUTATIONS sets the
random mutations (a tenth of it per file here), GNERTS_SOAK=1 multiplies them by ten.
"""
import json
import os
import random
import signal

import pygame
import pytest

from game.games import BY_KEY, CODECS
from game.stats import GameEnd
from game.storage import MAX_BYTES, Storage
from tests.helpers import key_event, read_only
from tests.test_player_data import Hung
from tests.test_saves_abuse import MUTATION_SEED, MUTATIONS, mutations, new_app, start_table

GAMES = ["nerts", "gin", "gnono", "gostop"]
DATA = ["options", "stats", "presets", "drills", "failures", "challenge", "replay"]
FILES = {"options": "options.json", "stats": "stats.json", "presets": "presets.json",
         "drills": "nerts-drills.json", "failures": "resume-failures.json",
         "challenge": "challenge.txt", **{g: f"{g}.json" for g in GAMES}}
COUNT = max(4, MUTATIONS // 12)
SECONDS = 20                  # the most one mutated file may take: past it, a hang


@pytest.fixture
def alarm():
    """Arm for one file: a reader that blocks fails the test instead of hanging it."""
    def hung(*_):
        raise Hung("hung: a FIFO or a device was opened")
    old = signal.signal(signal.SIGALRM, hung)
    yield lambda: signal.alarm(SECONDS)
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


# --- the original files: made by the program ---------------------------------------------------
@pytest.fixture(scope="module")
def originals(tmp_path_factory):
    """Per kind: (the file's name, folder under the saves folder, its bytes)."""
    from game import challenges, replay_store
    from game.nerts.drill_records import DrillRecords
    from tests.test_challenges import challenge
    from tests.test_replay_codecs import record_random
    d = tmp_path_factory.mktemp("originals")
    app = new_app(d)
    app.options["colour.table"] = 1
    app.options["gnono.name1"] = "Ada"
    app.save_options()
    app.stats.record("gin", hands_played=3, gins=1)
    app.stats.best("gin", "best_hand", 40)
    app.stats.add_game("gin", GameEnd((130, 40), (0,), 0).entry("hard", "GIN! 1981"))
    app.stats.add_game("nerts", GameEnd((-5, 104, 60), (0,), 1).entry("easy"))
    for game in ("gostop", "gnono", "gin"):
        book = BY_KEY[game].presets
        assert book.save(app.storage, "Mine", book.values_of(app.options))
    records = DrillRecords(app.storage)
    records.add({"key": "pile", "deal": 77, "completed": True, "steps": 900, "cpm": 20.0})
    records.add({"key": "cards20+ones", "deal": 8, "completed": False, "steps": 300, "cpm": 4.0})
    ch = challenge()
    assert challenges.save_code(app.storage, challenges.encode(ch, BY_KEY[ch.game].parts.replay_codec), ch)
    replay_name = app.replays.save(record_random("gin", 5, moves=60)[0])
    for game in GAMES:
        table = start_table(app, game)
        pygame.event.post(key_event(pygame.K_F8))
        app.run(max_frames=1)
        assert table not in app.scenes
        while len(app.scenes) > 1:
            app.pop()
    app.storage.note_failure("gin.json")     # after the games' saves, which clear it
    app.close()
    out = {kind: (FILES[kind], "", (d / FILES[kind]).read_bytes()) for kind in FILES}
    out["replay"] = (replay_name, replay_store.FOLDER, (d / replay_store.FOLDER / replay_name).read_bytes())
    return out


def damaged_files(kind, raw: bytes, rng):
    """(what, bytes or a maker of the file): the mutations, then the files no reader may
    open or read whole."""
    yield "unchanged", raw
    if kind == "challenge":
        text = raw.decode("utf-8")
        yield "empty", b""
        yield "non-UTF-8", raw[:30] + b"\xff\xfe" + raw[30:]
        for _ in range(COUNT):
            k = rng.randrange(1, len(raw))
            yield f"truncated at {k}", raw[:k]
        yield "a long line", (text + "X" * 5000).encode()
        yield "a code of another game", text.replace("\n", "\nGS", 1).encode()
    else:
        yield from mutations(raw, rng, COUNT)
    yield "over the size limit", raw + b" " * (MAX_BYTES + 1 - len(raw))   # still valid JSON
    yield "a FIFO", os.mkfifo
    yield "a folder", os.mkdir
    yield "a link to a device", lambda path: os.symlink("/dev/zero", path)


def told_about(problems: list[str], name: str) -> list[str]:
    return [p for p in problems if p.startswith(name + " ")]


def as_json(data: bytes):
    try:
        doc = json.loads(data.decode("utf-8"))
    except (ValueError, AttributeError):
        return None
    return doc.get("data") if isinstance(doc, dict) else None


# --- each kind read as the program reads it; what it showed checked against the file -------------
def read_options(app, st, held):
    from game.options import Options, load_options
    opts = load_options(st)
    defaults = Options().values
    for key, value in opts.values.items():
        assert value == defaults[key] or (isinstance(held, dict) and key in held and held[key] == value
                                          and type(held[key]) is type(value)), key


def read_stats(app, st, held):
    from game.scenes.statistics import StatisticsBox
    from game.stats import load_stats
    app.stats = load_stats(st)
    held = held if isinstance(held, dict) else {}
    assert app.stats.data in ({}, held.get("counters"))
    history = held.get("history")
    for game, games in app.stats.history.items():      # each entry shown, as the file held it
        kept = history[game]
        assert all(any(isinstance(h, dict) and all(h.get(k) == v for k, v in g.items()) for h in kept)
                   for g in games), (games, kept)
    for _ in range(2):
        app.push(StatisticsBox(app))
        app.run(max_frames=2)
        back_to_menu(app)


def read_presets(app, st, held):
    from game.gin.setup import SessionScene
    from game.gnono.setup import GnonoSetup
    from game.gostop.table import start as gostop_setup
    for _ in range(2):
        for game, scene in (("gostop", gostop_setup(app)), ("gnono", GnonoSetup(app, None)),
                            ("gin", SessionScene(app, lambda session: None))):
            app.push(scene)
            app.run(max_frames=2)
            if game == "gostop":
                scene.index = len(scene.lines()) - 1
                for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT):
                    pygame.event.post(key_event(key))
                    app.run(max_frames=2)
            own = held.get(game, {}) if isinstance(held, dict) else {}
            names = {n.strip() for n in own} if isinstance(own, dict) else set()
            shipped = BY_KEY[game].presets.shipped
            for name in (scene.all_presets if game == "gin" else scene.presets.listed):
                assert name in shipped or name.removesuffix(" (yours)") in names, (game, name)
            back_to_menu(app)


def read_drills(app, st, held):
    from game.nerts.drill_screens import records_lines
    from game.nerts.drill_setup import drill_setup
    for _ in range(2):
        setup = drill_setup(app)
        app.push(setup)
        app.run(max_frames=2)
        assert setup.records.data in ({}, held)
        records_lines(setup.records)
        pygame.event.post(key_event(pygame.K_r, unicode="r"))
        app.run(max_frames=2)
        back_to_menu(app)


def read_failures(app, st, held):
    st.remove("gin.json")          # a save removed: its count of failures is read, then forgotten
    st.remove("nerts.json")
    assert st._fail_counts == {} or (isinstance(held, dict) and st._fail_counts.items() <= held.items())


def read_challenge(app, st, raw):
    from game.scenes.challenge import CodePrompt
    lines = raw.decode("utf-8", "replace").splitlines() if isinstance(raw, bytes) else []
    for _ in range(2):
        prompt = CodePrompt(app)
        assert prompt.text == "" or prompt.text in [ln.strip()[:len(prompt.text)] for ln in lines]


def read_replay(app, st, held, name) -> bool:
    """Through the storage's public reader, as the replays screen reads: True if refused."""
    from game.replay_store import ReplayStore
    from game.replays import Replay
    store = ReplayStore(st, CODECS)
    refused = False
    for _ in range(2):
        try:
            rep = store.load(name)
        except ValueError:
            refused = True
            continue
        assert rep.to_json() == Replay.from_json(held).to_json()
    return refused


def read_game(app, st, game):
    from game.games import BY_KEY, resume_table
    for _ in range(2):
        table = resume_table(app, BY_KEY[game])
        if table is None:
            continue
        table.check_invariants()
        app.push(table)
        app.run(max_frames=3)
        for scene in app.scenes:
            if hasattr(scene, "check_invariants"):
                scene.check_invariants()
        back_to_menu(app)


def back_to_menu(app):
    while len(app.scenes) > 1:
        app.pop()


def read_as_the_program_does(app, st, kind, data, name) -> bool:
    """Read the file as the program does; True if a reader that tells nothing refused it."""
    held = as_json(data) if isinstance(data, bytes) else None
    if kind in GAMES:
        read_game(app, st, kind)
    elif kind == "challenge":
        read_challenge(app, st, data)
    elif kind == "replay":
        return read_replay(app, st, held, name)
    else:
        {"options": read_options, "stats": read_stats, "presets": read_presets,
         "drills": read_drills, "failures": read_failures}[kind](app, st, held)
    return False


@pytest.mark.parametrize("mode", ["writable", "read-only"])
@pytest.mark.parametrize("kind", DATA + GAMES)
def test_every_kind_of_damaged_file_is_told_once_and_shows_only_what_it_held(
        tmp_path, monkeypatch, originals, alarm, kind, mode):
    name, sub, raw = originals[kind]
    app = new_app(tmp_path / "app")
    rng = random.Random(f"{kind}-data-{MUTATION_SEED}")
    counts = {"refused": 0, "read": 0, "repaired": 0}
    for n, (what, data) in enumerate(damaged_files(kind, raw, rng)):
        folder = tmp_path / str(n)
        os.makedirs(folder / sub, exist_ok=True)
        path = folder / sub / name
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            data(path)
        st = Storage(str(folder))
        taken: list[str] = []

        def take(take=st.take_problems, taken=taken):   # the notices the app shows, kept
            out = take()
            taken.extend(out)
            return out
        st.take_problems = take
        app.storage = st
        alarm()
        with monkeypatch.context() as patch:
            if mode == "read-only":
                read_only(patch, folder)
            quietly_refused = read_as_the_program_does(app, st, kind, data, name)
            back_to_menu(app)
        signal.alarm(0)
        problems = taken + st.problems
        told = told_about(problems, name)
        refused = os.path.lexists(str(path) + ".bad") if mode == "writable" else name in st.unreadable
        if mode == "writable" and kind not in GAMES + ["failures"]:   # those write their file again
            assert refused != os.path.lexists(path), (what, "a refused file stays, or a good one went")
        repaired = (kind in ("options", "stats") and not refused and bool(told)
                    and told[0].endswith("the others are kept."))
        if kind == "replay":       # its reader tells nothing and sets nothing aside: the screen does
            assert not told and not refused, (what, told)
            refused = quietly_refused
        else:
            assert len(told) == (1 if refused or repaired else 0), (what, problems)
        assert not app.internal_errors, (what, app.internal_errors)
        counts["refused" if refused else "repaired" if repaired else "read"] += 1
        if what == "unchanged":
            assert not refused and not told, (what, problems)
    app.close()
    print(f"{kind} ({mode}): {counts}")
    assert counts["refused"] >= 4        # at least the FIFO, the folder, the device and the oversize
