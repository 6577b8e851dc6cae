"""A quiet program: frames are drawn only when the picture may have changed and shown
only when it did; the idle loop sleeps; both display paths (the SDL renderer and the
CPU fallback) work headless and fill the screen after Alt+Enter."""
import os

import pygame
import pytest

from game.clock import BLINK_STEPS
from game.scene import Scene
from game.scenes.menu import MenuScene
from game.scenes.overlays import KeysBox
from game.screen import HEIGHT, WIDTH, Display, fit
from tests.helpers import post_keys


def test_an_idle_menu_is_drawn_only_at_blink_edges(menu_app):
    app = menu_app
    app.run(max_frames=2)
    draws, presents = app.draws, app.presents
    frames = 4 * BLINK_STEPS // 2          # four blink periods at two steps a frame
    app.run(max_frames=frames)
    assert app.draws - draws <= 4 + 1
    assert app.presents - presents <= app.draws - draws


def test_a_key_is_drawn_in_the_very_next_frame(menu_app):
    app = menu_app
    app.run(max_frames=3)
    before = pygame.image.tobytes(app.canvas, "RGB")
    draws = app.draws
    post_keys(pygame.K_DOWN)
    app.run(max_frames=1)
    assert app.draws == draws + 1
    assert pygame.image.tobytes(app.canvas, "RGB") != before


def test_an_unchanged_picture_is_not_presented_again(app):
    class Still(Scene):   # dirty by default, but draws the same picture every time
        def draw(self, canvas):
            canvas.fill((0, 0, 170))
    app.push(Still(app))
    app.run(max_frames=3)
    presents, draws = app.presents, app.draws
    app.run(max_frames=10)
    assert app.draws - draws == 10 and app.presents == presents


def test_a_scene_that_moves_without_saying_so_fails_a_test(app):
    class Liar(Scene):
        def __init__(self, app):
            super().__init__(app)
            self.n = 0

        def dirty(self):
            return False

        def update(self, dt):
            self.n += 1

        def draw(self, canvas):
            canvas.fill((self.n % 200, 0, 0))
    app.push(Liar(app))
    app.run(max_frames=1)
    with pytest.raises(AssertionError, match="no scene said so"):
        app.run(max_frames=3)


def test_f1_on_an_open_keys_box_closes_it_instead_of_stacking(menu_app):
    app = menu_app
    post_keys(pygame.K_F1)
    app.run(max_frames=1)
    assert isinstance(app.top, KeysBox)
    for _ in range(5):
        post_keys(pygame.K_F1)
        app.run(max_frames=1)
        assert sum(isinstance(s, KeysBox) for s in app.scenes) <= 1
    assert [type(s) for s in app.scenes] == [MenuScene]     # six presses: shut again
    assert app.beeps == 0


@pytest.mark.parametrize("renderer", [True, False])
def test_both_display_paths_present_and_fill_the_screen_after_alt_enter(renderer):
    pygame.display.init()
    try:
        d = Display(False, renderer=renderer)
        assert d.backend.kind == ("renderer" if renderer else "cpu")
        d.canvas.fill((255, 255, 85))
        d.present()
        desktop = pygame.display.get_desktop_sizes()[0]
        d.toggle_fullscreen()
        assert d.fullscreen
        # a window made full screen ends where a full-screen start would be
        start_full = fit((WIDTH, HEIGHT), desktop)
        assert tuple(d.window_size) == tuple(desktop) and d.backend.target == start_full
        d.present()
        d.toggle_fullscreen()
        assert not d.fullscreen and d.backend.target == fit((WIDTH, HEIGHT), d.window_size)
        d.present()
        d.close()
    finally:
        pygame.quit()


def test_the_cpu_path_is_used_when_no_renderer_can_be_made(monkeypatch):
    from game import screen

    def no_renderer(fullscreen):
        raise pygame.error("no renderer here")
    monkeypatch.setattr(screen, "RendererBackend", no_renderer)
    pygame.display.init()
    try:
        d = Display(True)
        assert d.backend.kind == "cpu" and d.fullscreen
        d.present()
        d.close()
    finally:
        pygame.quit()



@pytest.mark.parametrize("card", [False, True])
def test_without_a_graphics_card_the_renderer_is_not_even_tried(monkeypatch, tmp_path, card):
    """Under X11 on Linux with no graphics card's device, OpenGL could only be software:
    the CPU path at once (making a renderer to ask costs ~60 ms of start-up), and SDL
    is told not to test OpenGL for the window either. With a card, the renderer is tried."""
    import sys

    from game import screen
    if not sys.platform.startswith("linux"):
        pytest.skip("the devices are Linux's")
    tried = []

    def renderer(fullscreen):
        tried.append(fullscreen)
        raise pygame.error("no renderer here")
    monkeypatch.setattr(screen, "RendererBackend", renderer)
    monkeypatch.setattr(screen, "GPU_DEVICES", (str(tmp_path / ("card" if card else "none")),))
    (tmp_path / "card").mkdir()
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    pygame.display.init()
    try:
        d = Display(False)
        assert d.backend.kind == "cpu"
        assert tried == ([False] if card else [])
        assert ("SDL_FRAMEBUFFER_ACCELERATION" in os.environ) == (not card)
        d.close()
    finally:
        pygame.quit()


class Presents:
    """A stub in place of the display's present: what the App asked to show."""

    def __init__(self, app, monkeypatch):
        self.calls: list = []
        monkeypatch.setattr(app.display, "present", lambda rects=None: self.calls.append(rects))


def test_a_title_at_rest_presents_only_the_blinking_word(app, monkeypatch):
    from game.scenes.title import TitleScene
    app.push(TitleScene(app, lambda: MenuScene(app)))
    app.run(max_frames=3)
    shown = Presents(app, monkeypatch)
    before = pygame.image.tobytes(app.canvas, "RGB")
    app.run(max_frames=BLINK_STEPS // 2)     # across one blink edge (two steps a frame)
    after = pygame.image.tobytes(app.canvas, "RGB")
    assert before != after and len(shown.calls) == 1
    rects = shown.calls[0]
    assert rects is not None and rects, "the blink presented the whole screen"
    area = sum(r.w * r.h for r in rects)
    assert area <= 80 * 16 * 2          # a word on a line or two, not the screen
    # every pixel that changed is inside what was presented
    changed = {(x, y) for y in range(HEIGHT) for x in range(WIDTH)
               if before[(y * WIDTH + x) * 3:(y * WIDTH + x) * 3 + 3]
               != after[(y * WIDTH + x) * 3:(y * WIDTH + x) * 3 + 3]}
    assert changed and all(any(r.collidepoint(p) for r in rects) for p in changed)


def test_a_menu_at_rest_presents_nothing(menu_app, monkeypatch):
    app = menu_app
    app.run(max_frames=3)
    shown = Presents(app, monkeypatch)
    app.run(max_frames=4 * BLINK_STEPS)
    assert shown.calls == []


def test_a_table_under_a_box_is_not_drawn_while_the_box_waits(app):
    from game.scenes.overlays import MessageBox

    class Table(Scene):        # moves whenever it is stepped (dirty by default)
        def __init__(self, app):
            super().__init__(app)
            self.steps = 0

        def update(self, dt):
            self.steps += 1

        def draw(self, canvas):
            canvas.fill((0, min(self.steps, 255), 0))
    app.push(Table(app))
    app.push(MessageBox(app, "Paused", ["Waiting."]))
    app.run(max_frames=3)
    draws, presents = app.draws, app.presents
    app.run(max_frames=2 * BLINK_STEPS)     # four blink edges: drawn at those only
    assert app.draws - draws <= 4 + 1 and app.presents == presents


@pytest.mark.parametrize("renderer", [True, False])
def test_both_display_paths_present_changed_rectangles(renderer):
    from game.screen import changed_rects
    pygame.display.init()
    try:
        d = Display(False, renderer=renderer)
        d.canvas.fill((0, 0, 170))
        d.present()
        before = d.canvas.get_buffer().raw
        d.canvas.fill((255, 255, 85), (80, 96, 40, 16))
        rects = changed_rects(before, d.canvas.get_buffer().raw, d.canvas.get_pitch())
        assert rects == [pygame.Rect(80, 96, 40, 16)]
        d.present(rects)
        assert changed_rects(before, before, d.canvas.get_pitch()) == []
        d.close()
    finally:
        pygame.quit()


def reference_rects(before, after, pitch):
    """changed_rects computed pixel by pixel (numpy): a rectangle a run of changed rows,
    as wide as its changed columns; None when they cover more than half the canvas."""
    import numpy as np
    old = np.frombuffer(before, np.uint32).reshape(-1, pitch // 4)[:, :WIDTH]
    new = np.frombuffer(after, np.uint32).reshape(-1, pitch // 4)[:, :WIDTH]
    diff = old != new
    rows = np.flatnonzero(diff.any(axis=1)).tolist()
    rects, area, i = [], 0, 0
    while i < len(rows):
        j = i
        while j + 1 < len(rows) and rows[j + 1] == rows[j] + 1:
            j += 1
        cols = np.flatnonzero(diff[rows[i]:rows[j] + 1].any(axis=0))
        rects.append(pygame.Rect(int(cols[0]), rows[i], int(cols[-1]) + 1 - int(cols[0]), j - i + 1))
        area += rects[-1].w * rects[-1].h
        i = j + 1
    return None if area > 0.5 * WIDTH * HEIGHT else rects


def test_the_changed_rectangles_are_the_pixels_that_changed():
    """Random pictures and random changes (a word, a card, a whole scene): the
    rectangles presented are exactly the changed pixels' runs of rows and their spans."""
    import random

    from game.screen import changed_rects
    rng = random.Random(7)
    canvas = pygame.Surface((WIDTH, HEIGHT))
    for trial in range(150):
        canvas.fill((0, 0, 170))
        for _ in range(rng.randint(0, 20)):
            canvas.fill((rng.randrange(256),) * 3, (rng.randrange(640), rng.randrange(480),
                                                     rng.randint(1, 200), rng.randint(1, 100)))
        before = canvas.get_buffer().raw
        big = trial % 10 == 0
        for _ in range(rng.randint(0, 6)):
            canvas.fill((rng.randrange(256), 5, 7), (rng.randrange(640), rng.randrange(480),
                                                     rng.randint(1, 640 if big else 60),
                                                     rng.randint(1, 480 if big else 40)))
        after = canvas.get_buffer().raw
        assert changed_rects(before, after, canvas.get_pitch()) == reference_rects(
            before, after, canvas.get_pitch()), trial
