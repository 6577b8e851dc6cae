import json
import os
import subprocess
import sys

import pygame
import pytest

from game import palette
from game.options import FILE, Options, load_options, save_options
from game.storage import Storage
from tests.helpers import post_keys


def test_options_round_trip(tmp_path):
    st = Storage(str(tmp_path))
    opts = Options()
    opts["colour.table"] = palette.BLUE
    opts["sound.visual_bell"] = True
    assert save_options(st, opts)
    again = load_options(Storage(str(tmp_path)))
    assert again.values == opts.values


def test_missing_file_gives_defaults(tmp_path):
    st = Storage(str(tmp_path))
    assert load_options(st).values == Options().values
    assert st.problems == []


@pytest.mark.parametrize("content", [b"{not json", b"", b"\xff\xfe\x00garbage", b"[1, 2, 3]",
                                     b'{"kind": "options", "schema": 99, "data": {}}',
                                     b'{"kind": "savegame", "schema": 1, "data": {}}',
                                     b'{"kind": "options", "schema": 1, "data": "hello"}'])
def test_a_corrupt_file_is_set_aside_and_reported(tmp_path, content):
    (tmp_path / FILE).write_bytes(content)
    st = Storage(str(tmp_path))
    opts = load_options(st)
    assert opts.values == Options().values
    assert (tmp_path / (FILE + ".bad")).read_bytes() == content
    assert not (tmp_path / FILE).exists()
    assert len(st.problems) == 1 and "options.json" in st.problems[0]


def test_a_hand_edited_bad_value_falls_back_and_keeps_the_rest(tmp_path):
    doc = {"kind": "options", "schema": 1,
           "data": {"colour.table": 99, "colour.text": palette.YELLOW, "sound.on": 1, "unknown.key": 5}}
    (tmp_path / FILE).write_text(json.dumps(doc))
    st = Storage(str(tmp_path))
    opts = load_options(st)
    assert opts["colour.table"] == Options()["colour.table"]
    assert opts["sound.on"] is True  # 1 is not a boolean: default kept
    assert opts["colour.text"] == palette.YELLOW
    assert not (tmp_path / (FILE + ".bad")).exists()     # not set aside whole: repaired
    assert len(st.problems) == 1 and "colour.table" in st.problems[0] and "sound.on" in st.problems[0]
    # the repaired file is what loads next time, without complaint
    st2 = Storage(str(tmp_path))
    assert load_options(st2)["colour.text"] == palette.YELLOW and not st2.problems


def test_an_unwritable_folder_is_reported_not_raised(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    st = Storage(str(blocker / "saves"))  # a folder under a file: cannot exist
    assert save_options(st, Options()) is False
    assert st.problems and "Could not save" in st.problems[0]


def test_options_scene_changes_and_keeps_across_restart(app, tmp_path):
    from game.app import App
    from game.scenes.menu import MenuScene
    from game.scenes.options import OptionsScene
    app.push(MenuScene(app))
    app.push(OptionsScene(app))
    before = app.options["colour.table"]
    post_keys(pygame.K_RIGHT, pygame.K_ESCAPE)
    app.run(max_frames=2)
    assert isinstance(app.top, MenuScene)
    assert app.options["colour.table"] == (before + 1) % 16
    again = App(save_dir=app.save_dir, fullscreen=False, realtime=False)
    assert again.options["colour.table"] == (before + 1) % 16


def test_options_scene_pages_and_text_typing(app):
    from game.scenes.options import OptionsScene
    scene = OptionsScene(app)
    app.push(scene)
    text_pages = [(i, j) for i, p in enumerate(scene.pages) for j, o in enumerate(p.opts) if o.is_text()]
    post_keys(pygame.K_PAGEDOWN)
    app.run(max_frames=1)
    assert scene.page == 1
    post_keys(pygame.K_PAGEUP, pygame.K_PAGEUP)
    app.run(max_frames=1)
    assert scene.page == len(scene.pages) - 1
    if text_pages:
        scene.page, scene.index = text_pages[0]
        key = scene.item.key
        scene.opts[key] = ""
        post_keys("B", "o", "b", pygame.K_BACKSPACE)
        app.run(max_frames=1)
        assert scene.opts[key] == "Bo"


def run_main(*args, cwd=None):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return subprocess.run([sys.executable, os.path.join(root, "main.py"), *args],
                          capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize("args", [["--bogus"], ["--frames", "-3"], ["--seed", "abc"], ["--game", "poker"],
                                  ["--frames"]])
def test_bad_flags_exit_2_with_one_line(args):
    r = run_main(*args)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("gnerts:")


@pytest.mark.parametrize("seed", ["9" * 4300, str(10 ** 9), "-1", "1" + "0" * 40])
def test_a_seed_outside_the_deal_range_is_refused_with_one_line(seed):
    r = run_main("--seed", seed, "--frames", "1")
    assert r.returncode == 2, r.stderr[-300:]
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("gnerts:") and len(lines[0]) < 200, lines


def test_the_largest_deal_number_plays_and_saves(tmp_path):
    from game.deals import DEAL_LIMIT
    r = run_main("--seed", str(DEAL_LIMIT - 1), "--game", "gin", "--frames", "30",
                 "--save-dir", str(tmp_path))
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr[-2000:]


def test_the_menu_deal_prompt_takes_the_same_range(menu_app):
    from game.deals import DEAL_LIMIT
    from game.scenes.overlays import NumberPrompt
    menu = menu_app.top
    menu.index = [w for _, w in menu.items].index("deal")
    menu_app.apply(menu.choose())
    prompt = menu_app.top
    assert isinstance(prompt, NumberPrompt)
    post_keys(*"9" * 12, pygame.K_RETURN)
    menu_app.run(max_frames=1)
    assert menu_app.seed == DEAL_LIMIT - 1 and menu_app.beeps == 3


def test_main_runs_30_frames_and_exits_0(tmp_path):
    r = run_main("--frames", "30", "--save-dir", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr


def test_help_and_version():
    r = run_main("--help")
    assert r.returncode == 0 and "--windowed" in r.stdout and "--save-dir" in r.stdout
    r = run_main("--version")
    assert r.returncode == 0 and "G'NERTS" in r.stdout


def test_a_failing_save_is_told_once_not_every_time(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    st = Storage(str(blocker / "saves"))
    for _ in range(3):
        assert st.write_json("gin.json", "gin-game", 1, {}) is False
    assert len(st.take_problems()) == 1
    st.write_json("gin.json", "gin-game", 1, {})
    assert st.take_problems() == []


def test_f2_in_the_options_program_shows_the_help_notes(app):
    """GIN!'s options program showed its help notes on F1; here F1 lists the keys as on
    every screen (issue 44, item 16) and F2 shows the notes."""
    import pygame as pg

    from game.scenes.options import OptionsScene
    from game.scenes.overlays import HelpBox
    from tests.helpers import post_keys
    app.push(OptionsScene(app))
    app.run(max_frames=1)
    post_keys(pg.K_F2)
    app.run(max_frames=1)
    assert isinstance(app.top, HelpBox) and app.beeps == 0
    assert any("shift control between items" in line for line in app.top.lines)
