"""Player data written by the version before the session that remade the engines, the
tables and the player-data reader (commit b211303, made by running that version; see
tests/data/saves-b211303): every file still loads as it did. The four games resume,
the replays list and verify, and the options, presets, statistics and drill records
are read without a notice."""
import os
import shutil

import pytest

from game.games import BY_KEY, GAMES, resume_table
from game.nerts.drill_records import DrillRecords
from game.replays import verify
from tests.test_saves_abuse import new_app

OLD = os.path.join(os.path.dirname(__file__), "data", "saves-b211303")


@pytest.fixture
def old_app(tmp_path):
    shutil.copytree(OLD, tmp_path, dirs_exist_ok=True)
    app = new_app(tmp_path)
    yield app
    app.close()


@pytest.mark.parametrize("game", [g.key for g in GAMES])
def test_a_game_saved_by_the_old_version_resumes(old_app, game):
    table = resume_table(old_app, BY_KEY[game])
    assert table is not None, old_app.storage.problems
    table.check_invariants()
    assert old_app.storage.problems == [] and not old_app.internal_errors


def test_the_old_replays_are_listed_and_play_back(old_app):
    entries, damaged = old_app.replays.entries()
    assert damaged == [] and old_app.replays.others == 0
    # hands the old tables recorded (Gnono's and Go-Stop's: the old autopilot ended no
    # Gin hand nor Nerts round in time to record one)
    assert sorted(e.replay.game for e in entries) == ["gnono", "gostop"]
    for e in entries:
        rep = old_app.replays.load(e.name)
        verify(rep, BY_KEY[rep.game].parts.replay_codec)        # the moves end where recorded


def test_the_old_options_presets_statistics_and_drill_records_load(old_app):
    assert old_app.options["gnono.name1"] == "Ada"
    for game in ("gin", "gnono", "gostop"):
        assert "Mine" in BY_KEY[game].presets.listed(old_app.storage)
    assert DrillRecords(old_app.storage).drill("pile")["best"]["deal"] == 77
    assert old_app.storage.problems == []
