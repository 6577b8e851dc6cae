"""Loaded by Python at start-up when tests/inject is on PYTHONPATH (tests/test_kill_main.py,
tests/test_typing_xvfb.py): with GNERTS_INJECT_SEED set, the real `python main.py` gets
random key presses among its events (seeded), and reports each save it writes on stdout
(SAVE-START / SAVE-END), so a test can SIGKILL it while it plays and writes. With
GNERTS_REPORT_TYPING set, it reports each character typed on the Join screen and the
field it made ("TYPED address=127.0.0.1:"), after "JOIN SCREEN" once that screen has
loaded. Nothing happens without the variables."""
import os

if os.environ.get("GNERTS_REPORT_TYPING"):
    import sys

    import pygame

    _get_typing = pygame.event.get
    _typing_patched = []

    def _report_typing():
        join = sys.modules.get("game.scenes.join")
        if join is None or _typing_patched:
            return
        type_char = join.JoinScene.type_char

        def reported(self, ch):
            result = type_char(self, ch)
            field = join.FIELDS[self.field]
            print(f"TYPED {field}={self.values[field]}", flush=True)
            return result
        join.JoinScene.type_char = reported
        _typing_patched.append(True)
        print("JOIN SCREEN", flush=True)     # (loaded with the screen: typing may begin)

    def get_typing(*args, **kwargs):
        _report_typing()
        return _get_typing(*args, **kwargs)

    pygame.event.get = get_typing

if os.environ.get("GNERTS_INJECT_SEED"):
    import random
    import sys

    import pygame

    _rng = random.Random(int(os.environ["GNERTS_INJECT_SEED"]))
    _get = pygame.event.get
    _K = pygame
    # Enter starts, resumes and goes on; F8 saves and leaves (then Enter resumes); no Esc
    _KEYS = ([(_K.K_RETURN, "\r")] * 6 + [(_K.K_F8, "")] * 3 +
             [(k, "") for k in (_K.K_LEFT, _K.K_RIGHT, _K.K_UP, _K.K_DOWN, _K.K_SPACE, _K.K_INSERT,
                                _K.K_DELETE, _K.K_F10)] * 2 +
             [(ord(c) if c.isalnum() else 0, c) for c in "+-123456789yngsqwerasdfjkl"])
    _patched = []

    def _report_saves():
        storage = sys.modules.get("game.storage")
        if storage is None or _patched:
            return
        write = storage.Storage.write_json

        def write_json(self, name, *a, **k):
            print("SAVE-START", name, flush=True)
            ok = write(self, name, *a, **k)
            print("SAVE-END", name, ok, flush=True)
            return ok
        storage.Storage.write_json = write_json
        _patched.append(True)

    def get(*args, **kwargs):
        _report_saves()
        events = list(_get(*args, **kwargs))
        if _rng.random() < 0.2:
            key, ch = _rng.choice(_KEYS)
            events.append(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=ch, mod=0, scancode=0))
        return events

    pygame.event.get = get
