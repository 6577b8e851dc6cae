"""The Nerts table's parts: the controller and the save module need no pygame, the
set-up screen's rule choices reach the game, and a human's keys move a run with the
"move runs" option."""
import subprocess
import sys

import pygame

from game.nerts.moves import COLUMN, Move
from game.nerts.rules import Game, NertsOptions, Round
from game.nerts.table import NertsTable, start
from tests.helpers import post_keys


def test_the_controller_and_the_saves_import_no_pygame():
    code = ("import sys, game.nerts.controller, game.nerts.table_save, game.nerts.saves; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_setup_rule_choices_reach_the_game(menu_app):
    app = menu_app
    app.push(start(app, seed=4))
    post_keys(pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN)      # seats, seat 1, seat 2: "Play to"
    post_keys(pygame.K_RIGHT)                                    # 150
    post_keys(pygame.K_DOWN, pygame.K_RIGHT)                     # flip by ones
    post_keys(pygame.K_DOWN, pygame.K_RIGHT)                     # move runs on
    post_keys(pygame.K_DOWN, pygame.K_RIGHT)                     # pile penalty 1
    post_keys(pygame.K_DOWN, pygame.K_RIGHT, pygame.K_RIGHT)     # bonus 10
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    t = app.top
    assert isinstance(t, NertsTable)
    assert t.ctl.game.options == NertsOptions(seats=2, target=150, flip_by_ones=True, move_runs=True,
                                          pile_penalty=1, call_bonus=10)
    assert t.ctl.game.round.deal_no == 4


def test_a_column_key_moves_the_run_that_fits_with_move_runs(app):
    options = NertsOptions(move_runs=True)
    game = Game(options, seed=2)
    game.round = Round.setup([{"pile": "KD QC", "columns": ["9S 8H 7C", "9C", "KC", "KS"]},
                              {"pile": "KH QH", "columns": ["9C", "2S", "3D", "4C"]}],
                             options=options, seed=2)
    t = NertsTable(app, game, ["human", "easy"], seed=2)
    app.push(t)
    post_keys("a", "s")            # column 1, then column 2: 8H 7C goes onto 9C
    app.run(max_frames=1)
    assert t.ctl.log == [(0, Move.to_column(COLUMN, 1, col=0, count=2))]
    assert [str(c) for c in t.ctl.game.round.layouts[0].columns[1]] == ["9C", "8H", "7C"]
    assert app.beeps == 0
