"""A computer player whose code raises fails a test at every table: the player is
shielded at run time (a plain legal move is played and the error logged), but under
tests errors.report raises at once (GNERTS_RAISE_INTERNAL), so no bug hides."""
import pygame
import pytest

from game.gin import expert as gin_expert
from game.gin import heuristic as gin_heuristic
from game.gnono import expert as gnono_expert
from game.gnono import heuristic as gnono_heuristic
from game.gostop import ai as gostop_ai
from game.nerts import ai as nerts_ai
from tests.helpers import post_keys


class ComputerBug(RuntimeError):
    pass


def broken(*args, **kwargs):
    raise ComputerBug("a computer player's bug")


def break_computers(monkeypatch):
    for cls, names in [(nerts_ai.NertsAI, ("decide",)),
                       (gin_heuristic.GinAI, ("choose",)), (gin_expert.ExpertAI, ("choose", "work")),
                       (gnono_heuristic.GnonoAI, ("choose", "jump_in", "catch_target")),
                       (gnono_expert.ExpertAI, ("choose", "work")),
                       (gostop_ai.GoStopAI, ("choose", "work", "choose_iter"))]:
        for name in names:
            monkeypatch.setattr(cls, name, broken)


def nerts_table(app):
    from game.nerts.rules import NertsOptions
    from game.nerts.table import new_table
    return new_table(app, ["human", "expert", "expert"], NertsOptions(seats=3), seed=1)


def gin_table(app):
    from game.gin.table import new_table
    app.options["gin.level"] = "hard"
    return new_table(app, {"oklahoma": False, "hollywood": False, "name": "T"}, seed=4)


def gnono_table(app):
    from game.gnono.options import GnonoOptions
    from game.gnono.table import new_table
    return new_table(app, ["human"] + ["hard"] * 5, [f"P{i}" for i in range(6)], GnonoOptions(),
                     speed="fast", seed=4)


def gostop_table(app):
    from game.gostop.rules import GoStopState
    from game.gostop.settings import rule_options
    from game.gostop.table import GoStopTable
    state = GoStopState.new(rule_options(app.options, 3), 5)
    return GoStopTable(app, state, ["hard", "hard"], "fast", seed=5)


@pytest.mark.parametrize("make", [nerts_table, gnono_table, gostop_table, gin_table])
def test_a_computer_that_raises_fails_the_test(app, monkeypatch, make):
    break_computers(monkeypatch)
    app.push(make(app))
    with pytest.raises(ComputerBug):
        for _ in range(60):          # up to 60 s of play: a computer is asked long before
            app.run(max_frames=60)
            # if the table waits for the human, play on (+ draws or takes, Enter plays)
            post_keys("+", pygame.K_RETURN)
