"""The set-up screens' base (game/table/setup_screen.py): lines, the arrows, typing on a
text line, the key bar of the line chosen, and the rules' presets kept in the options."""
from __future__ import annotations

import pygame

from game.table.setup_screen import SetupLine, SetupScreen, TextField, cycled
from tests.helpers import post_keys


class Screen(SetupScreen):
    title = "Test set-up"

    def __init__(self, app):
        super().__init__(app)
        self.size, self.name, self.number, self.fresh = 2, "Ann", "123", True

    def lines(self):
        return [SetupLine("size", "Size", str(self.size), self.step_size),
                SetupLine("name", "Name", self.name, text=TextField(lambda: self.name, self.set_name, 5)),
                SetupLine("number", "Number", self.number, lambda d: None,
                          TextField(lambda: self.number, self.set_number, 4, str.isdigit,
                                    lambda: self.fresh))]

    def step_size(self, d):
        self.size = cycled((2, 3, 4), self.size, d)

    def set_name(self, text):
        self.name = text

    def set_number(self, text):
        self.number, self.fresh = text, False


def keys(app, *pressed):
    post_keys(*pressed)
    app.run(max_frames=1)


def test_cycled_goes_round_both_ends_and_starts_outside_the_list():
    assert cycled((2, 3, 4), 4, 1) == 2 and cycled((2, 3, 4), 2, -1) == 4
    assert cycled(("a", "b"), None, 1) == "a" and cycled(("a", "b"), None, -1) == "b"


def test_the_arrows_choose_the_line_and_change_its_value(app):
    s = Screen(app)
    app.push(s)
    keys(app, pygame.K_RIGHT, pygame.K_RIGHT)
    assert s.size == 4 and s.spoken_focus() == "Size: 4"
    keys(app, pygame.K_UP)                      # round the top: the last line
    assert s.line.key == "number"
    keys(app, pygame.K_DOWN, pygame.K_DOWN)
    assert s.line.key == "name"
    before = app.beeps
    keys(app, pygame.K_LEFT)                    # a name is typed, not chosen: the beep
    assert app.beeps == before + 1 and s.size == 4


def test_typing_writes_the_line_up_to_its_limit_and_backspace_deletes(app):
    s = Screen(app)
    app.push(s)
    s.index = 1
    keys(app, "i", "e")
    assert s.name == "Annie"
    before = app.beeps
    keys(app, "x")                              # five letters at most
    assert s.name == "Annie" and app.beeps == before + 1
    keys(app, pygame.K_BACKSPACE, pygame.K_BACKSPACE)
    assert s.name == "Ann"
    s.index = 2                                 # a number shown: the first digit replaces it
    keys(app, "7", "a", "8")
    assert s.number == "78" and app.beeps == before + 2


def test_the_key_bar_is_the_line_s_own(app):
    s = Screen(app)
    app.push(s)
    assert s.key_bar() == [("\x18\x19", "Line"), ("\x1b\x1a", "Change"), ("F1", "Keys"), ("Esc", "Menu")]
    s.index = 1
    assert s.key_bar() == [("\x18\x19", "Line"), ("Bksp", "Delete"), ("F1", "Keys"), ("Esc", "Menu")]
    s.index = 2                                 # arrows and typing: the arrows are offered
    assert ("\x1b\x1a", "Change") in s.key_bar() and ("Bksp", "Delete") not in s.key_bar()


def test_the_rules_presets_step_and_save_in_the_options(app):
    from game.gnono.settings import BOOK, RULE_KEYS
    from game.gnono.setup import GnonoSetup
    s = GnonoSetup(app, None)
    app.push(s)
    s.index = [line.key for line in s.lines()].index("preset")
    first = list(s.presets.listed)[0]
    while s.presets.now() != first:
        keys(app, pygame.K_RIGHT)
    o = app.options
    o["gnono.hand_size"], o["gnono.jump_in"], o["gnono.seven_zero"] = 11, True, True
    assert s.presets.now() is None and s.line.value == "Custom"
    keys(app, pygame.K_F5, *"Nine", pygame.K_RETURN)
    app.run(max_frames=2)
    assert s.notice == "Rules saved as Nine." and s.presets.now() == "Nine"
    assert {k: BOOK.listed(app.storage)["Nine"][k] for k in RULE_KEYS}["gnono.hand_size"] == 11


def test_a_long_typed_label_pushes_its_value_right_not_under_it(app, monkeypatch):
    from tests.screen_text import rows_drawn

    class Port(Screen):
        def lines(self):
            return [SetupLine("port", "Play on port 47480", "Hosted", lambda d: None,
                              TextField(lambda: "47480", lambda s: None, 5, str.isdigit), label_typed=True)]

        def draw(self, canvas):
            self.draw_lines(canvas, 14, 52, [5], 3, 20)
    s = Port(app)
    row = rows_drawn(monkeypatch, s, app.canvas)[5]
    label_end = row.index("Play on port 47480") + len("Play on port 47480")
    assert "\x11 Hosted \x10" in row and row.index("\x11") > label_end
