"""The shared pacer (game/table/pacer.py): one holder of a computer's choice for the
Gin, Gnono and Go-Stop controllers."""
import random

import pytest

from game import errors
from game.gin import controller as gin_controller
from game.gnono import controller as gnono_controller
from game.gostop import controller as gostop_controller
from game.table.pacer import Pacer
from game.thinking import SlicedThinking


class Counter(SlicedThinking):
    def __init__(self, pieces):
        self.rng = random.Random(5)
        self.pieces = pieces

    def choose_iter(self, view):
        for _ in range(self.pieces):
            self.rng.random()
            yield
        return f"move for {view}"


def test_a_choice_is_thought_in_slices_and_handed_over_once():
    p, ai = Pacer("test"), Counter(3)
    for _ in range(3):
        p.think(1, 0, ai, lambda: "v", lambda: "plain", budget=0)
        assert not p.ready()
    p.think(1, 0, ai, lambda: "v", lambda: "plain", budget=0)
    assert p.ready() and p.take().move == "move for v" and p.thought is None


def test_a_choice_for_an_older_state_is_dropped_and_its_random_state_put_back():
    p, ai = Pacer("test"), Counter(10)
    before = ai.rng.getstate()
    p.think(1, 0, ai, lambda: "v", lambda: "plain", budget=0)
    p.think(1, 0, ai, lambda: "v", lambda: "plain", budget=0)
    assert ai.rng.getstate() != before
    p.think(1, 1, ai, lambda: "w", lambda: "plain", budget=0)   # the state moved on
    assert p.thought.version == 1 and ai.thinking   # begun again for the new state
    p.think(None, 2, None, lambda: None, lambda: None)          # nobody's turn: dropped
    assert p.thought is None and ai.rng.getstate() == before


def test_a_computer_that_chooses_at_once_and_one_that_fails():
    class AtOnce:
        def choose(self, view):
            return "at once"

    class Broken:
        def choose(self, view):
            raise RuntimeError("bug")

    p = Pacer("test")
    p.think(0, 0, AtOnce(), lambda: "v", lambda: "plain")
    assert p.take().move == "at once"
    with errors.raising(False):
        p.think(0, 1, Broken(), lambda: "v", lambda: "plain")
    assert p.take().move == "plain"


@pytest.mark.parametrize("module", [gin_controller, gnono_controller, gostop_controller])
def test_the_three_controllers_use_the_one_pacer(module):
    with open(module.__file__) as f:
        source = f.read()
    assert "Pacer(" in source and "class Thinking" not in source and "_Thinking" not in source
