"""Helpers for driving the headless App with key presses."""
import pygame


def key_event(key, unicode="", mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=mod, scancode=0)


def text_event(text):
    return pygame.event.Event(pygame.TEXTINPUT, text=text, window=None)


def type_into(app, text):
    """Type `text` on the App at once, as a keyboard does: for each character its key
    (KEYDOWN with the character pygame guesses) and its TEXTINPUT."""
    for ch in text:
        try:
            code = pygame.key.key_code(ch)
        except ValueError:
            code = 0
        app.key(key_event(code, unicode=ch))
        app.text(text_event(ch))


def post_keys(*keys):
    """Post key presses: pygame key constants, or one-character strings typed (the key
    and, as SDL sends it while a text field has the focus, its TEXTINPUT: the App types
    it only there)."""
    for k in keys:
        if isinstance(k, str):
            try:
                code = pygame.key.key_code(k)
            except ValueError:
                code = 0
            pygame.event.post(key_event(code, unicode=k))
            if k.isprintable():
                pygame.event.post(text_event(k))
        else:
            pygame.event.post(key_event(k))


def run_until(app, cond, limit=3000):
    """Run frames one at a time until cond() holds (at most `limit` frames)."""
    for _ in range(limit):
        if cond():
            return True
        app.run(max_frames=1)
    return cond()


def read_only(monkeypatch, folder):
    """Make `folder` read-only for the program: what would change it (a rename, a new or
    rewritten file, a removal) fails with EACCES. Simulated, since the tests may run as
    root, who writes anywhere whatever the permission bits say."""
    import builtins
    import errno
    import os
    import tempfile
    root = os.path.realpath(str(folder))

    def inside(*paths) -> bool:
        return any(isinstance(p, (str, os.PathLike)) and (
            os.path.realpath(os.fspath(p)) + os.sep).startswith(root + os.sep) for p in paths)

    def refuse(path):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))

    def guard(real, count=1):
        def wrapped(*args, **kwargs):
            if inside(*args[:count]):
                refuse(args[0])
            return real(*args, **kwargs)
        return wrapped

    for name, count in (("replace", 2), ("rename", 2), ("remove", 1), ("unlink", 1), ("mkdir", 1)):
        monkeypatch.setattr(os, name, guard(getattr(os, name), count))
    real_open, real_os_open, real_mkstemp = builtins.open, os.open, tempfile.mkstemp
    writing = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND

    def open_(file, mode="r", *args, **kwargs):
        if inside(file) and any(c in mode for c in "wax+"):
            refuse(file)
        return real_open(file, mode, *args, **kwargs)

    def os_open(path, flags, *args, **kwargs):
        if inside(path) and flags & writing:
            refuse(path)
        return real_os_open(path, flags, *args, **kwargs)

    def mkstemp(*args, dir=None, **kwargs):
        if inside(dir or tempfile.gettempdir()):
            refuse(dir)
        return real_mkstemp(*args, dir=dir, **kwargs)
    monkeypatch.setattr(builtins, "open", open_)
    monkeypatch.setattr(os, "open", os_open)
    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
