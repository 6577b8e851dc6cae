"""Gin's rules options: one SPEC checks them built in code and read from a save."""
import pytest

from game.engine import OptionError
from game.gin.options import SPEC, GinOptions
from game.gin.rules import GinGame


@pytest.mark.parametrize("name,value", [
    ("knock_value", -5), ("knock_value", 11), ("knock_value", True), ("knock_value", 2.5),
    ("game_target", 0), ("game_target", 10 ** 30), ("gin_bonus", -1), ("gin_bonus", "25"),
    ("underknock_bonus", None), ("box_bonus", 10 ** 6), ("game_bonus", -100), ("blitz_bonus", 1.0),
    ("oklahoma", 1), ("hollywood", "yes"), ("discard_taken_upcard", None),
    ("oklahoma_double_bonuses", 0),
])
def test_nonsense_is_refused_in_code_and_in_a_save(name, value):
    with pytest.raises(OptionError, match=name):
        GinOptions(**{name: value})
    data = GinOptions().to_json()
    data[name] = value
    with pytest.raises(OptionError, match=name):
        GinOptions.from_json(data)


def test_every_option_has_a_rule_and_the_defaults_pass():
    assert set(SPEC) == set(GinOptions().to_json())
    for value in (0, 10):
        assert GinOptions(knock_value=value).knock_value == value


def test_a_save_with_unknown_or_missing_options():
    with pytest.raises(OptionError, match="unknown option"):
        GinOptions.from_json({"knock_value": 10, "jokers": True})
    with pytest.raises(OptionError):
        GinOptions.from_json([])
    assert GinOptions.from_json({"hollywood": True}) == GinOptions(hollywood=True)


def test_a_game_save_with_bad_options_is_refused():
    data = GinGame.new(seed=1).to_json()
    data["options"]["knock_value"] = -5
    with pytest.raises(ValueError, match="knock_value"):
        GinGame.from_json(data)


def test_the_knock_value_needs_the_first_upcard_only_under_oklahoma():
    assert GinOptions(knock_value=7).hand_knock_value(None) == 7
    assert GinOptions(straight_gin=True, oklahoma=True).hand_knock_value(None) == 0
    with pytest.raises(ValueError, match="first upcard"):
        GinOptions(oklahoma=True).hand_knock_value(None)
