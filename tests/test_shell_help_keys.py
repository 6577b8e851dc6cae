"""F1 and F2 on the shell's screens (issue 44, item 16): F1 lists the keys and F2 shows
the help on the options, the statistics and the title as on every screen, and the
menu's help reads without a split "in 1981."."""
from __future__ import annotations

import pygame

from game.scenes.menu import MenuScene
from game.scenes.options import OptionsScene
from game.scenes.overlays import HelpBox, KeysBox
from game.scenes.statistics import StatisticsBox
from game.scenes.title import TitleScene
from tests.helpers import post_keys


def press(app, key):
    post_keys(key)
    app.run(max_frames=1)


def test_options_f1_lists_the_keys_and_f2_shows_the_notes(menu_app):
    menu_app.push(OptionsScene(menu_app))
    assert ("F1", "Keys") in menu_app.top.key_bar() and ("F2", "Help") in menu_app.top.key_bar()
    press(menu_app, pygame.K_F1)
    assert isinstance(menu_app.top, KeysBox)
    assert any(line.startswith("PgUp") for line in menu_app.top.lines)
    press(menu_app, pygame.K_ESCAPE)
    press(menu_app, pygame.K_F2)
    assert isinstance(menu_app.top, HelpBox) and "up and down arrows" in " ".join(menu_app.top.lines)
    assert menu_app.beeps == 0


def test_statistics_and_the_title_have_f2_help(app):
    app.push(TitleScene(app, lambda: MenuScene(app)))
    app.run(max_frames=1)
    press(app, pygame.K_F2)
    assert isinstance(app.top, HelpBox) and "any key" in " ".join(app.top.lines)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
    app.push(StatisticsBox(app))
    press(app, pygame.K_F2)
    assert isinstance(app.top, HelpBox) and "CSV" in " ".join(app.top.lines)
    assert app.beeps == 0


def test_the_menus_help_keeps_in_1981_with_its_sentence(menu_app):
    press(menu_app, pygame.K_F2)
    lines = menu_app.top.lines
    assert any(line.endswith("as GIN! did in 1981.") for line in lines), lines
    assert not any(line.startswith(" ") for line in lines)
