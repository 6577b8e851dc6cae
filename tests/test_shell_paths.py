"""Where saves go: beside main.py; frozen, beside the executable when that folder can
be written, else the user's data folder (platformdirs) — never the unpack folder."""
import os
import sys

from game import paths


def test_from_source_saves_are_beside_main_py():
    assert paths.default_save_dir() == os.path.join(paths.base_dir(), "saves")
    assert os.path.exists(os.path.join(paths.base_dir(), "main.py"))


def test_frozen_saves_go_beside_the_executable_when_writable(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "gnerts"))
    assert paths.default_save_dir() == str(tmp_path / "saves")
    assert os.listdir(tmp_path / "saves") == []      # the probe is cleaned up


def test_frozen_where_the_executable_folder_cannot_be_written_saves_go_to_the_user_data_folder(
        tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"          # saves/ would sit under a file: cannot be made
    blocker.write_text("x")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(blocker / "gnerts"))
    got = paths.default_save_dir()
    assert got == paths.user_data_dir() == str(tmp_path / "data" / "gnerts")
