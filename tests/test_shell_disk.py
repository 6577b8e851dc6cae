"""Every path that touches the disk under trouble: a saves folder that cannot be made
(it would sit under a file), one that cannot be written (read-only: simulated with
EACCES, since the tests may run as root, who writes anywhere), and a full disk
(ENOSPC). Screenshots, errors.log, statistics and options: play goes on and the
player is told, naming the folder."""
import errno
import os

import pygame
import pytest

from game import errors
from game.app import App
from game.scene import Scene
from game.stats import load_stats
from game.storage import Storage
from tests.helpers import post_keys


class Plain(Scene):
    pass


def make_app(save_dir):
    app = App(save_dir=str(save_dir), fullscreen=False, realtime=False)
    pygame.event.clear()
    app.push(Plain(app))
    app.storage.take_problems()
    return app


def under_a_file(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    return blocker / "saves"


def fail_with(code):
    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))
    return fail


# --- screenshots ------------------------------------------------------------------------------
def test_f12_when_the_saves_folder_cannot_be_made_says_so_and_play_goes_on(tmp_path):
    app = make_app(under_a_file(tmp_path))
    post_keys(pygame.K_F12)
    app.run(max_frames=2)           # before the fix: NotADirectoryError out of App.screenshot
    assert app.running and app.top is not None
    assert "No screenshot" in app.toast_text and "a-file" in app.toast_text, app.toast_text
    app.close()


@pytest.mark.parametrize("code", [errno.EACCES, errno.ENOSPC])
def test_f12_in_a_read_only_folder_or_on_a_full_disk_says_so(tmp_path, monkeypatch, code):
    app = make_app(tmp_path / "saves")
    monkeypatch.setattr(pygame.image, "save", fail_with(code))
    post_keys(pygame.K_PRINTSCREEN)
    app.run(max_frames=2)
    assert app.running
    assert "No screenshot in" in app.toast_text and "saves" in app.toast_text, app.toast_text
    app.close()


def test_the_f12_message_names_the_folder(tmp_path):
    app = make_app(tmp_path / "saves")
    post_keys(pygame.K_F12)
    app.run(max_frames=1)
    shots = [f for f in os.listdir(app.save_dir) if f.startswith("screenshot-")]
    assert len(shots) == 1
    folder = str(tmp_path / "saves")
    # the whole path fits on the message line: the folder's start and end, and the file
    assert app.toast_text.endswith(os.sep + shots[0]) and len(app.toast_text) <= 78, app.toast_text
    assert folder[:8] in app.toast_text and "saves" + os.sep + shots[0] in app.toast_text
    app.close()


# --- errors.log -------------------------------------------------------------------------------
@pytest.mark.parametrize("trouble", ["under a file", "read-only", "full"])
def test_errors_log_that_cannot_be_written_is_said_on_stderr_and_play_goes_on(
        tmp_path, monkeypatch, capsys, shielded, trouble):
    folder = under_a_file(tmp_path) if trouble == "under a file" else tmp_path / "saves"
    app = make_app(folder)
    if trouble != "under a file":
        import builtins
        real_open = builtins.open

        def bad_open(path, mode="r", *a, **k):
            if str(path).endswith(errors.LOG_NAME) and "a" in mode:
                raise OSError(errno.EACCES if trouble == "read-only" else errno.ENOSPC, "no")
            return real_open(path, mode, *a, **k)
        monkeypatch.setattr(builtins, "open", bad_open)

    class Buggy(Scene):
        def handle(self, event):
            raise RuntimeError("boom")
    app.push(Buggy(app))
    post_keys(pygame.K_a)
    app.run(max_frames=1)
    assert app.running and app.internal_errors
    err = capsys.readouterr().err
    assert "RuntimeError: boom" in err and "errors.log could not be written" in err
    app.close()


# --- statistics and options -------------------------------------------------------------------
def trouble_storage(tmp_path, monkeypatch, trouble):
    if trouble == "under a file":
        return Storage(str(under_a_file(tmp_path)))
    st = Storage(str(tmp_path / "saves"))
    import tempfile
    if trouble == "read-only":
        monkeypatch.setattr(tempfile, "mkstemp", fail_with(errno.EACCES))
    else:
        monkeypatch.setattr(os, "fsync", fail_with(errno.ENOSPC))
    return st


@pytest.mark.parametrize("trouble", ["under a file", "read-only", "full"])
def test_statistics_that_cannot_be_written_are_told_and_kept_in_memory(tmp_path, monkeypatch, trouble):
    st = trouble_storage(tmp_path, monkeypatch, trouble)
    stats = load_stats(st)
    stats.record("gin", hands_played=1)
    stats.record("gin", hands_played=1)
    assert stats.get("gin", "hands_played") == 2
    problems = st.take_problems()
    assert len(problems) == 1 and "stats.json" in problems[0] and st.dir in problems[0], problems
    assert not list(os.listdir(tmp_path / "saves")) if (tmp_path / "saves").is_dir() else True


@pytest.mark.parametrize("trouble", ["under a file", "read-only", "full"])
def test_options_that_cannot_be_written_are_told_and_used(tmp_path, monkeypatch, trouble):
    app = make_app(tmp_path / "saves")
    app.storage = trouble_storage(tmp_path, monkeypatch, trouble)
    from game.scenes.options import OptionsScene
    app.push(OptionsScene(app))
    post_keys(pygame.K_RIGHT, pygame.K_ESCAPE)      # change the table colour, keep it
    app.run(max_frames=2)
    assert app.running and app.options["colour.table"] != 2
    assert "Options saved" not in app.toast_text
    from game.scenes.overlays import MessageBox
    assert isinstance(app.top, MessageBox)
    assert any("options.json" in line for line in app.top.lines), app.top.lines
    app.close()
