"""The player's data files other than the four games' saves (issue 34): presets, drill
records, options, challenge.txt, screenshots, the replays folder. A damaged file is told
once and never traps the player, a FIFO never hangs the program, nothing says "saved"
unless the file was written, and start-up cleans every folder it writes."""
import json

import pygame

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
    setup.row = len(setup.items()) - 1            # the Rules line
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
