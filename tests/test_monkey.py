"""The monkey: tens of thousands of random key presses through every scene of the
headless App (seeded, so a failure replays). No exception may reach the program
(App.internal_errors stays empty) and each game's invariants must hold.

GNERTS_MONKEY_KEYS sets how many keys (default 20000); GNERTS_MONKEY_SEED the seed.
"""
import os
import random

import pygame
import pytest

from tests.helpers import key_event

KEYS = ([pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN] * 4 +
        [pygame.K_RETURN] * 4 + [pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_INSERT, pygame.K_DELETE,
                                 pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_TAB, pygame.K_BACKSPACE,
                                 pygame.K_KP_PLUS, pygame.K_KP_MINUS, pygame.K_HOME, pygame.K_END] +
        [pygame.K_F1 + i for i in range(10)])
CHARS = list("1234567890+-ynygsucpqwerasdfzxcvjklio;,./ ") + ["y", "n", "+", "-"] * 3


def random_key(rng):
    if rng.random() < 0.45:
        ch = rng.choice(CHARS)
        code = pygame.key.key_code(ch) if ch.isalnum() else 0
        return key_event(code, unicode=ch)
    return key_event(rng.choice(KEYS))


def check_invariants(app):
    """Each table may expose check_invariants(); a failure is a test failure."""
    for scene in app.scenes:
        check = getattr(scene, "check_invariants", None)
        if check:
            check()


def new_app(tmp_path, n):
    from game.app import App
    from game.scenes.menu import MenuScene
    app = App(save_dir=str(tmp_path / "saves"), fullscreen=False, realtime=False, seed=n)
    app.push(MenuScene(app))
    return app


def test_monkey(tmp_path):
    total = int(os.environ.get("GNERTS_MONKEY_KEYS", "20000"))
    seed = int(os.environ.get("GNERTS_MONKEY_SEED", "1"))
    rng = random.Random(seed)
    restarts = 0
    app = new_app(tmp_path, restarts)
    scenes_seen = set()
    pressed = 0
    while pressed < total:
        for _ in range(rng.randint(1, 4)):
            pygame.event.post(random_key(rng))
            pressed += 1
        app.run(max_frames=rng.choice((1, 1, 2, 5)))
        scenes_seen.update(type(s).__name__ for s in app.scenes)
        assert not app.internal_errors, (seed, pressed, app.internal_errors)
        check_invariants(app)
        if not app.running or not app.scenes:
            app.close()
            restarts += 1
            app = new_app(tmp_path, restarts)
    app.close()
    print(f"monkey: {pressed} keys, {restarts} restarts, scenes: {sorted(scenes_seen)}")
    assert {"MenuScene", "OptionsScene", "KeysBox"} <= scenes_seen
