"""The player's data files other than the four games' saves (issue 34): presets, drill
records, options, challenge.txt, screenshots, the replays folder. A damaged file is told
once and never traps the player, a FIFO never hangs the program, nothing says "saved"
unless the file was written, and start-up cleans every folder it writes."""
import errno
import io
import json
import os
import signal

import pygame
import pytest

from game.games import BY_KEY, CODECS
from game.scenes.overlays import MessageBox
from tests.helpers import post_keys, read_only


def make_app(save_dir):
    from game.app import App
    from game.scenes.menu import MenuScene
    app = App(save_dir=str(save_dir), fullscreen=False, realtime=False)
    pygame.event.clear()
    app.push(MenuScene(app))
    app.run(max_frames=1)
    return app


def record_notices(app) -> list[str]:
    """The text of every notice the app shows from now on."""
    shown: list[str] = []
    push = app.push

    def pushed(scene):
        if isinstance(scene, MessageBox):
            shown.append(" ".join(scene.lines))
        push(scene)
    app.push = pushed
    return shown


def close_notices(app, limit=20) -> list[list[str]]:
    """Enter on each notice until none is left (or `limit`: a player who cannot get out);
    the lines of each closed."""
    seen = []
    while isinstance(app.top, MessageBox) and len(seen) < limit:
        seen.append(list(app.top.lines))
        post_keys(pygame.K_RETURN)
        app.run(max_frames=3)
    return seen


def damaged(path, text='{"kind": "presets", "schema": 1, "data": {"gostop": 5}}'):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


# --- item 1: a damaged file in a read-only folder is told once, not at every draw -----------
def test_damaged_presets_in_a_read_only_folder_give_one_notice_on_the_go_stop_set_up(
        tmp_path, monkeypatch):
    from game.games import BY_KEY
    app = make_app(tmp_path)
    damaged(tmp_path / "presets.json")
    read_only(monkeypatch, tmp_path)
    shown = record_notices(app)
    app.apply(app.top.start_game(BY_KEY["gostop"]))
    setup = app.top
    app.run(max_frames=3)
    setup.index = len(setup.lines()) - 1          # the Rules line
    post_keys(pygame.K_RIGHT)
    app.run(max_frames=3)
    post_keys(pygame.K_RIGHT)
    app.run(max_frames=3)
    close_notices(app)
    assert app.top is setup, [type(s).__name__ for s in app.scenes]   # the player got out
    app.run(max_frames=10)
    close_notices(app)
    told = [text for text in shown if "presets.json" in text]
    assert len(told) == 1, shown
    assert "could not be moved aside" in told[0] and "your own presets" in told[0], told
    assert not app.internal_errors
    app.close()


def test_damaged_drill_records_in_a_read_only_folder_give_one_notice_on_the_drills_set_up(
        tmp_path, monkeypatch):
    from game.nerts.drill_setup import drill_setup
    app = make_app(tmp_path)
    damaged(tmp_path / "nerts-drills.json", '{"kind": "nerts-drills", "schema": 1, "data": 7}')
    read_only(monkeypatch, tmp_path)
    shown = record_notices(app)
    setup = drill_setup(app)
    app.push(setup)
    for key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RIGHT, "r"):
        post_keys(key)
        app.run(max_frames=3)
        close_notices(app)
        if app.top is not setup:     # the records box
            post_keys(pygame.K_ESCAPE)
            app.run(max_frames=2)
    app.run(max_frames=10)
    close_notices(app)
    assert app.top is setup, [type(s).__name__ for s in app.scenes]
    told = [text for text in shown if "nerts-drills.json" in text]
    assert len(told) == 1, shown
    assert not app.internal_errors
    app.close()


# --- item 2: a drill record without its deal is refused, not a KeyError on R ----------------
def test_a_drill_best_without_its_deal_is_refused_and_r_shows_the_records(tmp_path):
    from game.nerts.drill_records import FILE, KIND, SCHEMA
    from game.nerts.drill_setup import drill_setup
    rec = {"pile": {"runs": 3, "completed": 1, "best": {"steps": 900, "cpm": 20.0},
                    "deals": {"77": {"steps": 900, "cpm": 20.0}}}}
    (tmp_path / FILE).write_text(json.dumps({"kind": KIND, "schema": SCHEMA, "data": rec}))
    app = make_app(tmp_path)
    setup = drill_setup(app)
    app.push(setup)
    app.run(max_frames=2)
    seen = close_notices(app)
    assert any(FILE in ln for lines in seen for ln in lines), seen
    post_keys("r")
    app.run(max_frames=2)
    assert not app.internal_errors
    assert type(app.top).__name__ == "TextBox" and "No drill played yet" in app.top.lines[0]
    app.close()


# --- item 6: a FIFO never hangs the program ---------------------------------------------------
class Hung(Exception):
    """Not an OSError: no reader's `except OSError` may take it for a missing file."""


@pytest.fixture
def no_hang():
    """A test that blocks (a FIFO opened for reading waits for a writer for ever) fails
    after a few seconds instead of hanging the run."""
    def hung(*_):
        raise Hung("hung: a FIFO or device was opened")
    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def test_challenge_txt_as_a_fifo_does_not_hang_menu_c(tmp_path, no_hang):
    from game.scenes.challenge import CodePrompt
    app = make_app(tmp_path)
    shown = record_notices(app)
    os.mkfifo(tmp_path / "challenge.txt")
    post_keys("c")                      # the menu's C: Play a challenge
    app.run(max_frames=3)
    close_notices(app)
    prompt = app.top
    assert isinstance(prompt, CodePrompt) and prompt.text == "", [type(s).__name__ for s in app.scenes]
    told = [text for text in shown if "challenge.txt" in text]
    assert len(told) == 1 and "not a regular file" in told[0], shown
    assert not app.internal_errors
    app.close()


def test_a_friends_challenge_txt_still_prefills_the_code(tmp_path):
    from game.scenes.challenge import CodePrompt
    app = make_app(tmp_path)
    code = BY_KEY["gin"].parts.replay_codec.CHALLENGE_PREFIX + "ABCDEF"
    (tmp_path / "challenge.txt").write_text(f"G'NERTS deal challenge\n{code}\n")
    assert CodePrompt(app).text == code and not app.storage.problems
    app.close()


def test_a_fifo_among_the_replays_is_refused_by_the_public_reader(tmp_path, no_hang):
    from game.replay_store import FOLDER, ReplayStore
    from game.replays import ReplayError
    from game.storage import Storage
    store = ReplayStore(Storage(str(tmp_path)), CODECS)
    os.makedirs(tmp_path / FOLDER)
    os.mkfifo(tmp_path / FOLDER / "gin-20260101-000000-1.json")
    with pytest.raises(ReplayError, match="not a regular file"):
        store.load("gin-20260101-000000-1.json")


# --- item 7: start-up cleans the temporaries of every folder it writes ------------------------
def test_start_up_removes_temporary_files_left_in_the_replays_folder(tmp_path):
    from game.replay_store import FOLDER
    os.makedirs(tmp_path / FOLDER)
    left = [tmp_path / FOLDER / ".gin-20260101-000000-1.json.k2j4h1x0.tmp",
            tmp_path / ".options.json.a8d9f0s1.tmp"]
    for path in left:
        path.write_text('{"kind": "replay", "sche')      # a save killed half-way
    kept = tmp_path / FOLDER / "gin-20260101-000000-1.json"
    kept.write_text("{}")
    app = make_app(tmp_path)
    assert [p for p in left if p.exists()] == []
    assert kept.exists()                                 # only the temporaries
    app.close()


# --- item 8: F12 on a full disk leaves no truncated PNG and does not say "saved" --------------
def test_f12_on_a_full_disk_leaves_no_truncated_png_and_does_not_say_saved(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    real_save = pygame.image.save

    def full_disk_save(surface, target, *args):
        png = io.BytesIO()
        real_save(surface, png, "x.png")
        if isinstance(target, (str, os.PathLike)):   # straight to the disk: SDL wrote what fit
            with open(target, "wb") as f:
                f.write(png.getvalue()[:100])
        else:
            target.write(png.getvalue())
    monkeypatch.setattr(pygame.image, "save", full_disk_save)
    monkeypatch.setattr(os, "fsync", fail_with(errno.ENOSPC))
    post_keys(pygame.K_F12)
    app.run(max_frames=2)
    assert app.running
    assert [f for f in os.listdir(tmp_path) if f.endswith((".png", ".tmp"))] == []
    assert "Screenshot saved" not in app.toast_text
    assert "No screenshot" in app.toast_text and "No space left" in app.toast_text, app.toast_text
    app.close()


# --- item 9: "Rules saved" only when presets.json was written ---------------------------------
def fail_with(code):
    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))
    return fail


def name_and_enter(app, name):
    post_keys(*name, pygame.K_RETURN)
    app.run(max_frames=3)


@pytest.mark.parametrize("game, key", [("gostop", "s"), ("gnono", pygame.K_F5)])
def test_saving_rules_in_a_read_only_folder_does_not_say_rules_saved(tmp_path, monkeypatch, game, key):
    """Go-Stop's S and Gnono's F5 on the set-up screen."""
    from game.games import BY_KEY
    app = make_app(tmp_path)
    read_only(monkeypatch, tmp_path)
    shown = record_notices(app)
    app.apply(app.top.start_game(BY_KEY[game]))
    setup = app.top
    app.run(max_frames=2)
    post_keys(key)
    app.run(max_frames=2)
    name_and_enter(app, "Mine")
    assert "Rules saved" not in setup.notice and "not saved" in setup.notice, setup.notice
    assert any("presets.json" in text for text in shown), shown
    assert "Mine" not in app.scenes[1].presets.listed
    assert not app.internal_errors
    app.close()


def test_go_stop_s_in_a_writable_folder_says_rules_saved_and_lists_them(tmp_path):
    from game.games import BY_KEY
    app = make_app(tmp_path)
    app.apply(app.top.start_game(BY_KEY["gostop"]))
    setup = app.top
    app.run(max_frames=2)
    post_keys("s")
    app.run(max_frames=2)
    name_and_enter(app, "Mine")
    assert setup.notice == "Rules saved as Mine." and "Mine" in setup.presets.listed
    app.close()


# --- item 11: one bad option costs that option only, and says which ---------------------------
def test_one_bad_option_keeps_the_others_and_says_which(tmp_path):
    from game.options import Options
    values = Options().values
    values.update({"colour.table": 1, "gnono.name1": "x" * 500})
    (tmp_path / "options.json").write_text(json.dumps({"kind": "options", "schema": 1, "data": values}))
    from game.app import App
    app = App(save_dir=str(tmp_path), fullscreen=False, realtime=False)
    problems = app.storage.take_problems()
    assert app.options["colour.table"] == 1                       # the good fields are kept
    assert app.options["gnono.name1"] == Options()["gnono.name1"]  # the bad one is defaulted
    assert len(problems) == 1 and "gnono.name1" in problems[0], problems
    assert "defaults used" not in problems[0] and "the others are kept" in problems[0]
    assert not (tmp_path / "options.json.bad").exists()
    again = App(save_dir=str(tmp_path), fullscreen=False, realtime=False)   # repaired on disk
    assert again.options["colour.table"] == 1 and not again.storage.problems
    app.close()
    again.close()


# --- a damaged game save in a read-only folder: told once, then no longer offered ------------
def test_a_damaged_save_that_cannot_be_set_aside_is_not_offered_again(tmp_path, monkeypatch):
    (tmp_path / "gin.json").write_text('{"kind": "gin-table", "schema": 1, "data": {"partial": true}}')
    app = make_app(tmp_path)
    menu = app.top
    assert menu.items[0][0] == "Resume Gin Rummy"
    read_only(monkeypatch, tmp_path)
    shown = record_notices(app)
    post_keys(pygame.K_RETURN)            # Resume: refused, cannot be moved aside
    app.run(max_frames=3)
    close_notices(app)
    assert app.top is menu and not menu.items[0][0].startswith("Resume"), menu.items[0]
    assert len([text for text in shown if "gin.json" in text]) == 1, shown
    assert (tmp_path / "gin.json").exists()     # still there: the folder is read-only
    app.close()


# --- the options screen says "Options saved." when, and only when, they were ---------------
def test_leaving_the_options_screen_says_saved_only_when_written(tmp_path, monkeypatch):
    from game.scenes.options import OptionsScene
    app = make_app(tmp_path)
    app.push(OptionsScene(app))
    post_keys(pygame.K_RIGHT, pygame.K_ESCAPE)
    app.run(max_frames=2)
    assert app.toast_text == "Options saved." and (tmp_path / "options.json").exists()
    app.toast_text = ""
    read_only(monkeypatch, tmp_path)
    app.push(OptionsScene(app))
    post_keys(pygame.K_RIGHT, pygame.K_ESCAPE)
    app.run(max_frames=2)
    assert "saved" not in app.toast_text
    assert isinstance(app.top, MessageBox) and "options.json" in " ".join(app.top.lines)
    app.close()
