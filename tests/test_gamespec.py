"""game/gamespec.py's package_spec: a game's SPEC read from its package's modules by
their role names, and a slip (a module missing, or one of another game) refused."""
import pytest

from game.games import GAMES
from game.gamespec import ROLES, package_spec
from game.gin import net_codec, replay_board, replay_codec, rules, settings, table, table_save
from game.gin.ai import make_ai
from game.gin.setup import SessionScene
from game.gnono import rules as gnono_rules

GIN_MODULES = (rules, table, settings, table_save, replay_codec, replay_board, net_codec)


def test_every_game_spec_is_read_from_its_own_modules():
    for spec in GAMES:
        package = f"game.{spec.key}"
        assert spec.replay_codec.__name__ == f"{package}.replay_codec"
        for field in (spec.new_engine, spec.start, spec.resume, spec.start_challenge, spec.replay_board):
            assert field.__module__.startswith(package + "."), (spec.key, field)
        assert spec.levels == spec.replay_codec.LEVELS
        assert spec.net_codec.__name__ == f"{package}.net_codec"
        assert spec.option_pages and all(p.title for p in spec.option_pages)
    keys = {s.key: s for s in GAMES}
    assert keys["nerts"].presets is None and keys["gin"].presets is settings.BOOK
    assert keys["gin"].save_name == table_save.SAVE_NAME == "gin.json"


def test_a_module_of_another_game_or_a_missing_role_is_refused():
    blurb = ("",)
    assert package_spec("gin", "Gin", blurb, GIN_MODULES, setup=SessionScene,
                        make_computer=make_ai).setup is SessionScene
    with pytest.raises(ValueError, match="game.gnono.rules"):
        package_spec("gin", "Gin", blurb, (gnono_rules,) + GIN_MODULES[1:], setup=SessionScene,
                     make_computer=make_ai)
    with pytest.raises(ValueError, match="game.gin.table_save"):
        package_spec("gin", "Gin", blurb, tuple(m for m in GIN_MODULES if m is not table_save),
                     setup=SessionScene, make_computer=make_ai)
    assert len(ROLES) == len(GIN_MODULES)
