"""Presets (a game's options under a name) and statistics by level and variant."""
import csv
import io
import json

import pytest

from game import presets
from game.games import BY_KEY
from game.options import Options
from game.stats import Stats
from game.storage import Storage
from game.table_support import record_stats


@pytest.fixture
def storage(tmp_path):
    return Storage(str(tmp_path))


def test_a_players_preset_is_kept_listed_applied_and_deleted(storage):
    opts = Options()
    opts["gin.bonus_gin"] = 50
    assert BY_KEY["gin"].presets.save(storage, "Club night", BY_KEY["gin"].presets.values_of(opts))
    listed = BY_KEY["gin"].presets.listed(storage)
    assert listed["Club night"]["gin.bonus_gin"] == 50
    fresh = Options()
    presets.apply_preset(fresh, listed["Club night"])
    assert fresh["gin.bonus_gin"] == 50
    assert BY_KEY["gin"].presets.delete(storage, "Club night")
    assert "Club night" not in BY_KEY["gin"].presets.listed(storage)


def test_a_players_preset_named_as_one_shipped_since_is_still_listed(storage):
    # "Standard" shipped for Go-Stop after a player could have saved one of that name
    storage.write_json(presets.FILE, "presets", presets.SCHEMA,
                       {"gostop": {"Standard": {"gostop.bonus": 3}}})
    listed = BY_KEY["gostop"].presets.listed(storage)
    assert listed["Standard"] == BY_KEY["gostop"].presets.shipped["Standard"]
    assert listed["Standard (yours)"] == {"gostop.bonus": 3}


@pytest.mark.parametrize("game,values", [
    ("gin", {"gnono.hand_size": 7}),            # another game's option
    ("gin", {"gin.bonus_gin": -5}),             # a value the option does not allow
    ("gin", {"gin.no_such_option": 1}),
    ("gin", ["gin.bonus_gin", 25]),
])
def test_a_preset_with_bad_values_is_refused(storage, game, values):
    with pytest.raises(ValueError):
        BY_KEY[game].presets.save(storage, "Bad", values)


@pytest.mark.parametrize("name", ["", " ", "x" * 21, "tab\there"])
def test_a_bad_preset_name_is_refused(storage, name):
    with pytest.raises(ValueError):
        BY_KEY["gin"].presets.save(storage, name, {})


def test_a_hand_edited_presets_file_is_set_aside(storage, tmp_path):
    (tmp_path / presets.FILE).write_text(json.dumps(
        {"schema": presets.SCHEMA, "kind": "presets", "data": {"gin": {"Mine": {"gin.bonus_gin": "lots"}}}}))
    assert BY_KEY["gin"].presets.listed(storage) == BY_KEY["gin"].presets.shipped
    assert storage.take_problems()


def test_a_games_book_keeps_the_other_games_presets(storage):
    gin, gostop = BY_KEY["gin"].presets, BY_KEY["gostop"].presets
    assert gostop.save(storage, "Mine", {"gostop.bonus": 3})
    assert gin.save(storage, "Club", {"gin.bonus_gin": 50})
    assert gin.delete(storage, "Club")
    assert gostop.listed(storage)["Mine"] == {"gostop.bonus": 3}


def test_counts_are_kept_by_level_and_variant_and_export_as_csv(storage):
    stats = Stats(storage)
    record_stats(stats, "gin", {"hands_played": 1, "hands_won": 1}, {"best_hand": 30},
                 level="expert", variant="Tournament")
    record_stats(stats, "gin", {"hands_played": 1}, level="hard")
    assert stats.get("gin", "hands_played") == 2
    assert stats.get("gin/level/expert", "hands_won") == 1
    assert stats.get("gin/variant/Tournament", "best_hand") == 30
    assert stats.breakdowns("gin") == [("level", "expert"), ("level", "hard"), ("variant", "Tournament")]
    rows = list(csv.reader(io.StringIO(stats.to_csv())))
    assert rows[0] == ["game", "breakdown", "value", "counter", "count"]
    assert ["gin", "level", "hard", "hands_played", "1"] in rows
    assert ["gin", "all", "", "hands_played", "2"] in rows


def test_the_statistics_screen_shows_breakdowns_and_exports_csv(menu_app):
    import os

    from game.scenes.statistics import CSV_NAME, StatisticsBox
    from tests.helpers import post_keys
    app = menu_app
    record_stats(app.stats, "gin", {"hands_played": 3, "hands_won": 2}, level="expert", variant="Tournament")
    post_keys("s")                 # S: Statistics on the menu
    app.run(max_frames=1)
    box = app.top
    assert isinstance(box, StatisticsBox)
    assert any(line.split()[:4] == ["expert", "3", "2", "67%"] for line in box.lines), box.lines
    assert any(line.split()[:4] == ["Tournament", "3", "2", "67%"] for line in box.lines)
    post_keys("e")
    app.run(max_frames=1)
    with open(os.path.join(app.save_dir, CSV_NAME), encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert ["gin", "level", "expert", "hands_won", "2"] in rows
    assert app.beeps == 0 and CSV_NAME in app.toast_text


@pytest.mark.parametrize("game, expected", [("gin", "GIN! 1981"), ("gnono", "Official"),
                                            ("gostop", "Standard")])
def test_the_options_a_player_starts_with_are_a_shipped_preset(game, expected):
    # a fresh set-up screen names its rules, never "Custom" before anything is changed
    fresh = Options()
    matching = [name for name, values in BY_KEY[game].presets.shipped.items()
                if all(fresh[k] == v for k, v in values.items())]
    assert matching == [expected]


def test_a_damaged_presets_file_is_set_aside_and_the_player_told_what_it_costs(storage, tmp_path):
    (tmp_path / presets.FILE).write_text("{not json")
    assert BY_KEY["gin"].presets.listed(storage) == BY_KEY["gin"].presets.shipped
    assert storage.problems[0].startswith("presets.json was damaged")
    assert storage.problems[0].endswith("kept as presets.json.bad, your own presets start again.")


def test_a_preset_holding_nan_or_infinity_is_dropped_and_told_and_the_new_one_saved(menu_app, tmp_path):
    """Issue 44, item 22: another game's preset with NaN or -inf in presets.json was carried
    along when Gnono's set-up saved a preset (F5); the write then failed and the new
    preset was lost. The bad ones are dropped and told; the rest are kept."""
    import math

    import pygame

    from game.gnono.setup import GnonoSetup
    from tests.helpers import post_keys
    app = menu_app
    saved = tmp_path / "saves" / presets.FILE
    saved.write_text(
        '{"schema": 1, "kind": "presets", "data": {'
        '"gin": {"Odd": {"gin.bonus_gin": NaN}, "Club": {"gin.bonus_gin": 50}},'
        '"gostop": {"Cold": {"gostop.bonus": -Infinity}},'
        '"gnono": {"Wild": {"gnono.target": NaN}}}}')
    from game.scenes.overlays import MessageBox
    setup = GnonoSetup(app, lambda *a, **kw: None, seed=1)
    app.push(setup)
    app.run(max_frames=2)
    assert isinstance(app.top, MessageBox)         # told when the file is read
    told = " ".join(app.top.lines)
    assert all(f"'{name}'" in told for name in ("Odd", "Cold", "Wild")) and "dropped" in told, told
    post_keys(pygame.K_RETURN, pygame.K_F5, *"Mine", pygame.K_RETURN)
    app.run(max_frames=2)
    assert app.top is setup and setup.notice == "Rules saved as Mine.", setup.notice
    data = json.loads(saved.read_text())["data"]
    assert set(data["gnono"]) == {"Mine"} and data["gin"] == {"Club": {"gin.bonus_gin": 50}}
    assert data["gostop"] == {}
    assert "Mine" in BY_KEY["gnono"].presets.listed(app.storage)
    assert not any(isinstance(v, float) and not math.isfinite(v)
                   for g in data.values() for p in g.values() for v in p.values())
