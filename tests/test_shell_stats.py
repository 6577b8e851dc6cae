import json

import pygame

from game.scenes.overlays import NumberPrompt, TextBox
from game.stats import FILE, load_stats
from game.storage import Storage
from tests.helpers import post_keys


def test_stats_count_keep_bests_and_reload(tmp_path):
    st = Storage(str(tmp_path))
    s = load_stats(st)
    s.record("gin", hands_played=1, hands_won=1, gins=1)
    s.record("gin", hands_played=1)
    assert s.best("nerts", "best_round", 12)
    assert not s.best("nerts", "best_round", 5)
    again = load_stats(Storage(str(tmp_path)))
    assert again.get("gin", "hands_played") == 2 and again.get("gin", "gins") == 1
    assert again.get("nerts", "best_round") == 12
    assert ("Hands won", 1) in again.lines("gin")


def test_damaged_stats_are_set_aside(tmp_path):
    doc = {"kind": "stats", "schema": 1, "data": {"gin": {"gins": "many"}}}
    (tmp_path / FILE).write_text(json.dumps(doc))
    st = Storage(str(tmp_path))
    s = load_stats(st)
    assert s.data == {} and st.problems
    assert (tmp_path / (FILE + ".bad")).exists()


def test_huge_numbers_are_refused(tmp_path):
    doc = {"kind": "stats", "schema": 1, "data": {"gin": {"gins": 10 ** 40}}}
    (tmp_path / FILE).write_text(json.dumps(doc))
    st = Storage(str(tmp_path))
    assert load_stats(st).data == {} and st.problems


def test_menu_deal_number_prompt(menu_app):
    app = menu_app
    menu = app.top
    menu.index = [w for _, w in menu.items].index("deal")
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert isinstance(app.top, NumberPrompt)
    post_keys("x")  # not a digit: beep
    post_keys("0", "4", "2", pygame.K_BACKSPACE, "7", pygame.K_RETURN)
    app.run(max_frames=1)
    assert app.beeps == 1
    assert app.seed == 47
    assert any(name == "Deal number: 47" for name, _ in menu.items)
    post_keys(pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_BACKSPACE, pygame.K_RETURN)
    app.run(max_frames=1)
    assert app.seed is None


def test_menu_statistics_screen(menu_app):
    app = menu_app
    app.stats.record("gin", games_played=3, games_won=2)
    menu = app.top
    menu.index = [w for _, w in menu.items].index("stats")
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert isinstance(app.top, TextBox)
    assert any("Games won" in line and line.rstrip().endswith("2") for line in app.top.lines)
