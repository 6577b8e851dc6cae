import os

import pygame
import pytest

from game.scene import Scene
from game.scenes.menu import MenuScene
from game.scenes.overlays import HelpBox, KeysBox, MessageBox, Question
from tests.helpers import key_event, post_keys


class Recorder(Scene):
    def __init__(self, app, name, log, opaque=True):
        super().__init__(app)
        self.name, self.log, self.opaque = name, log, opaque
        self.updates = 0

    def update(self, dt):
        self.updates += 1

    def draw(self, canvas):
        self.log.append(self.name)


def test_stack_draws_from_the_lowest_opaque_scene_up(app):
    log = []
    a, b, c = Recorder(app, "a", log), Recorder(app, "b", log), Recorder(app, "c", log, opaque=False)
    app.push(a)
    app.push(b)
    app.push(c)
    app.run(max_frames=1)
    assert log == ["b", "c"]  # a is hidden by opaque b; c is an overlay over b
    assert (a.updates, b.updates) == (0, 0) and c.updates == 2  # only the top runs: 2 steps a frame
    app.pop()
    assert app.top is b
    log.clear()
    app.run(max_frames=1)
    assert log == ["b"]
    app.pop(a)
    assert app.scenes == [b]
    app.pop()
    assert not app.running  # an empty stack ends the program


def test_headless_run_counts_frames_and_steps(app):
    app.push(Recorder(app, "a", []))
    app.run(max_frames=30)
    assert app.frames == 30
    assert app.clock.steps == 60  # 1/60 s a frame, 1/120 s a step


def test_unbound_key_beeps_and_changes_nothing(menu_app):
    app = menu_app
    menu = app.top
    before = (menu.index, len(app.scenes))
    post_keys(pygame.K_z, pygame.K_F5, pygame.K_LEFT, pygame.K_TAB)
    app.run(max_frames=1)
    assert app.audio.counts["error"] == 4
    assert app.beeps == 4
    assert (menu.index, len(app.scenes)) == before


def test_modifier_keys_alone_do_not_beep(menu_app):
    post_keys(pygame.K_LSHIFT, pygame.K_RCTRL, pygame.K_LALT)
    menu_app.run(max_frames=1)
    assert menu_app.beeps == 0


def test_a_key_takes_effect_in_the_next_frame(menu_app):
    post_keys(pygame.K_DOWN)
    menu_app.run(max_frames=1)
    assert menu_app.top.index == 1


def test_visual_bell_flashes_instead_of_beeping(menu_app):
    app = menu_app
    app.options["sound.visual_bell"] = True
    post_keys(pygame.K_q)
    app.run(max_frames=1)
    assert app.beeps == 1 and app.audio.counts["error"] == 0
    assert app.bell_steps > 0
    app.run(max_frames=10)
    assert app.bell_steps == 0


def test_f1_shows_the_keys_of_the_scene_and_esc_closes_it(menu_app):
    app = menu_app
    post_keys(pygame.K_F1)
    app.run(max_frames=1)
    assert isinstance(app.top, KeysBox)
    assert any("Choose Options" in line for line in app.top.lines)
    post_keys(pygame.K_ESCAPE)
    app.run(max_frames=1)
    assert isinstance(app.top, MenuScene)


def test_f2_shows_help(menu_app):
    post_keys(pygame.K_F2)
    menu_app.run(max_frames=1)
    assert isinstance(menu_app.top, HelpBox)


def test_question_answers_yes_and_no(app):
    answers = []
    app.push(Recorder(app, "base", []))
    app.push(Question(app, "Sure?", lambda: answers.append("y"), lambda: answers.append("n")))
    post_keys("x")
    app.run(max_frames=1)
    assert app.beeps == 1 and isinstance(app.top, Question)
    post_keys("N")
    app.run(max_frames=1)
    app.push(Question(app, "Sure?", lambda: answers.append("y")))
    post_keys("y")
    app.run(max_frames=1)
    assert answers == ["n", "y"]
    assert not isinstance(app.top, Question)


def test_menu_quit_asks_first(menu_app):
    app = menu_app
    post_keys(pygame.K_ESCAPE)
    app.run(max_frames=1)
    assert isinstance(app.top, Question) and app.running
    post_keys("y")
    app.run(max_frames=1)
    assert not app.running


def test_f12_writes_a_screenshot(menu_app):
    post_keys(pygame.K_F12)
    menu_app.run(max_frames=1)
    shots = [f for f in os.listdir(menu_app.save_dir) if f.startswith("screenshot-")]
    assert len(shots) == 1
    img = pygame.image.load(os.path.join(menu_app.save_dir, shots[0]))
    assert img.get_size() == (640, 480)


def test_a_scene_bug_is_refused_not_a_crash(app, capsys, shielded):
    class Buggy(Scene):
        def handle(self, event):
            raise RuntimeError("boom")
    app.push(Buggy(app))
    post_keys(pygame.K_a)
    app.run(max_frames=1)
    assert app.running and app.beeps == 1


def test_window_close_saves_every_scene_and_stops(app):
    saved = []

    class Table(Scene):
        def save_state(self):
            saved.append(True)
    app.push(Table(app))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run(max_frames=5)
    assert saved == [True] and not app.running


def test_storage_problem_is_told_on_screen(app):
    app.push(Recorder(app, "base", []))
    app.storage.problems.append("options.json was damaged")
    app.run(max_frames=1)
    assert isinstance(app.top, MessageBox)
    post_keys(pygame.K_SPACE)
    app.run(max_frames=1)
    assert not isinstance(app.top, MessageBox)


def test_menu_offers_resume_for_a_saved_game(app, monkeypatch):
    from game.scenes import menu as menu_mod
    from tests import fake_table
    fake = fake_table.spec()
    monkeypatch.setattr(menu_mod, "GAMES", [fake])
    app.storage.write_json("fake.json", "fake-game", 1, {"deal": 7})
    menu = MenuScene(app)
    app.push(menu)
    assert menu.items[0][0] == "Resume Fake"
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert isinstance(app.top, fake_table.FakeTable)
    assert fake_table.started[-1] == ("resume", {"deal": 7})


def test_a_damaged_save_is_set_aside_and_the_menu_goes_on(app, monkeypatch, tmp_path):
    from game.scenes import menu as menu_mod
    from tests import fake_table
    fake = fake_table.spec()
    monkeypatch.setattr(menu_mod, "GAMES", [fake])
    os.makedirs(app.save_dir, exist_ok=True)
    with open(app.storage.path("fake.json"), "w") as f:
        f.write('{"kind": "fake-game", "schema": 1, "da')
    menu = MenuScene(app)
    app.push(menu)
    post_keys(pygame.K_RETURN)
    app.run(max_frames=2)
    assert app.beeps == 1
    assert isinstance(app.top, MessageBox)  # the player is told
    assert os.path.exists(app.storage.path("fake.json.bad"))
    assert not any(name.startswith("Resume") for name, _ in menu.items)


def test_a_scene_that_fails_to_draw_is_saved_closed_and_reported(app, shielded):
    saved = []

    class Broken(Scene):
        title = "Broken table"

        def draw(self, canvas):
            raise ZeroDivisionError("oops")

        def save_state(self):
            saved.append(True)
    base = Recorder(app, "base", [])
    app.push(base)
    app.push(Broken(app))
    app.run(max_frames=3)
    assert saved == [True]
    assert isinstance(app.top, MessageBox) and app.scenes[0] is base
    assert app.internal_errors and app.running


def test_a_caught_bug_fails_a_test_and_is_logged(app):
    """Under tests (GNERTS_RAISE_INTERNAL) a bug the App catches is raised at once, and
    written to errors.log in the saves folder either way."""
    import os

    from game.scene import Scene

    class Buggy(Scene):
        def handle(self, event):
            raise RuntimeError("boom")

    app.push(Buggy(app))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    with pytest.raises(RuntimeError, match="boom"):
        app.run(max_frames=1)
    with open(os.path.join(app.save_dir, "errors.log"), encoding="utf-8") as f:
        assert "RuntimeError: boom" in f.read()


def test_scenes_ask_the_stack_by_returning_transitions(app):
    from game.keys import Binding
    from game.scene import Pop, Push, Replace, Scene

    class Leaf(Scene):
        pass

    leaf, other = Leaf(app), Leaf(app)

    class Root(Scene):
        def __init__(self, app):
            super().__init__(app)
            self.ticks = 0

        def bindings(self):
            return [Binding((pygame.K_a,), "open", lambda: Push(leaf))]

        def update(self, dt):
            self.ticks += 1
            return Replace(other) if self.ticks == 3 else None

    root = Root(app)
    app.push(root)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    app.run(max_frames=1)
    assert app.top is leaf and app.beeps == 0
    app.apply(Pop())
    assert app.top is root
    app.run(max_frames=2)
    assert app.top is other and root not in app.scenes


@pytest.mark.parametrize("how", ["close", "alt-f4", "menu"])
def test_after_quit_saves_no_step_and_no_draw_runs(app, how):
    """The game is saved as it stands when the program is left: nothing moves after."""
    class Ticking(Scene):
        def __init__(self, app):
            super().__init__(app)
            self.steps = self.draws = 0
            self.saved = None

        def update(self, dt):
            self.steps += 1

        def draw(self, canvas):
            self.draws += 1

        def save_state(self):
            self.saved = (self.steps, self.draws)
    table = Ticking(app)
    app.push(table)
    app.run(max_frames=3)
    if how == "close":
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    elif how == "alt-f4":
        pygame.event.post(key_event(pygame.K_F4, mod=pygame.KMOD_ALT))
    else:
        app.push(Question(app, "Quit?", app.quit))
        post_keys("y")
    app.run(max_frames=3)
    assert not app.running
    assert table.saved == (table.steps, table.draws), "a step or a draw ran after the save"


def test_a_50_mb_line_without_spaces_in_a_text_box_is_cut_not_a_crash(app):
    from game import ui
    from game.scenes.overlays import MAX_LINE_CHARS, MAX_LINES, TextBox
    app.push(Recorder(app, "base", []))
    huge = "x" * (50 * 1024 * 1024)
    box = TextBox(app, "What happened", ["a short line", huge] + ["more"] * 5000)
    app.push(box)
    app.run(max_frames=2)
    assert app.top is box and app.running
    assert len(box.lines) <= MAX_LINES and all(len(line) <= box.width - 4 for line in box.lines)
    assert sum(len(line) for line in box.lines) < MAX_LINE_CHARS + 5 * MAX_LINES
    assert box.lines[-1].startswith("...")
    assert all(len(line) <= 10 for line in ui.wrap("y" * 95, 10))   # a word longer than a line is cut
    question = Question(app, huge, lambda: None)
    app.push(question)
    app.run(max_frames=1)
    assert app.top is question
