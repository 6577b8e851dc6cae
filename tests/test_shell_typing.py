"""Every text field takes what a real keyboard types, on US, UK, German and French
layouts (issue 44, item 1): the keys come as SDL sends them (tests/keyboards.py: a
KEYDOWN with the unshifted character, none, or the typed one, then the TEXTINPUT),
so "127.0.0.1:47480" typed with Shift+; is "127.0.0.1:47480", never "127.0.0.147480",
and no character is typed twice. Keys that are commands stay commands."""
from __future__ import annotations

import pygame
import pytest

from game.scenes.challenge import CodePrompt
from game.scenes.join import JoinScene
from game.scenes.options import OptionsScene
from game.scenes.overlays import NamePrompt, NumberPrompt
from tests.helpers import key_event, text_event
from tests.host_standin import Made, host_it, setup_for
from tests.keyboards import GUESSES, LAYOUTS, type_on

NAMES = {"us": "Ann-Marie", "uk": "O'Neil", "de": "Jürgen", "fr": "Zoé"}


class NoListing:
    changes, problem = 0, None

    def tables(self):
        return []

    def close(self, wait=None):
        return True


@pytest.fixture
def join(menu_app):
    scene = JoinScene(menu_app, browser=NoListing(), connect=lambda *a: None)
    menu_app.push(scene)
    menu_app.run(max_frames=1)
    return menu_app, scene


def press(app, key, mod=0, frames=1):
    pygame.event.post(key_event(key, mod=mod))
    app.run(max_frames=frames)


@pytest.mark.parametrize("guess", GUESSES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_join_screen_takes_an_address_a_code_and_a_name_on_every_layout(join, layout, guess):
    app, scene = join
    type_on(app, layout, "127.0.0.1:47480", guess)
    assert scene.values["address"] == "127.0.0.1:47480" and app.beeps == 0
    press(app, pygame.K_TAB)
    type_on(app, layout, "K7Q2", guess)
    assert scene.values["code"] == "K7Q2"
    press(app, pygame.K_TAB)
    for _ in "Player":
        press(app, pygame.K_BACKSPACE)
    type_on(app, layout, NAMES[layout], guess)
    assert scene.values == {"address": "127.0.0.1:47480", "code": "K7Q2", "name": NAMES[layout]}
    assert app.beeps == 0


@pytest.mark.parametrize("layout", LAYOUTS)
def test_an_ipv6_address_takes_its_brackets_typed_with_altgr(join, layout):
    app, scene = join
    type_on(app, layout, "[::1]:47480")
    assert scene.values["address"] == "[::1]:47480" and app.beeps == 0


def test_text_input_is_on_only_while_a_field_has_the_focus(menu_app):
    """On the menu a letter is a command: "C" opens the challenge's code field, and the
    text of that key is not typed into the field it opened."""
    assert not menu_app.typing.on
    pygame.event.post(key_event(pygame.K_c, "c"))
    pygame.event.post(text_event("c"))
    menu_app.run(max_frames=1)
    assert isinstance(menu_app.top, CodePrompt) and menu_app.top.text == "" and menu_app.typing.on
    press(menu_app, pygame.K_ESCAPE)
    assert not isinstance(menu_app.top, CodePrompt) and not menu_app.typing.on


def test_an_alt_chord_types_nothing(join):
    app, scene = join
    type_on(app, "us", "127.0.0.1:1")
    pygame.event.post(key_event(pygame.K_r, "r", pygame.KMOD_LALT))     # Alt+R: rejoin (none here)
    pygame.event.post(text_event("r"))
    app.run(max_frames=1)
    assert scene.values["address"] == "127.0.0.1:1"


def test_a_full_field_beeps_once_a_character(join):
    app, scene = join
    press(app, pygame.K_TAB)
    type_on(app, "fr", "A" * 12)
    beeps = app.beeps
    type_on(app, "fr", "B1", guess="typed")
    assert scene.values["code"] == "A" * 12 and app.beeps == beeps + 2


def test_a_character_the_field_refuses_goes_to_the_keys_and_beeps_once(join):
    app, scene = join
    type_on(app, "de", "1.2")
    type_on(app, "us", "!")            # Shift+1: no key of this screen
    assert scene.values["address"] == "1.2" and app.beeps == 1


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_deal_number_and_the_challenge_code_on_every_layout(menu_app, layout):
    got = []
    menu_app.push(NumberPrompt(menu_app, "Deal number:", got.append))
    type_on(menu_app, layout, "47480")
    press(menu_app, pygame.K_RETURN)
    assert got == [47480]
    menu_app.push(CodePrompt(menu_app))
    type_on(menu_app, layout, "GIN-1234")
    assert menu_app.top.text == "GIN-1234" and menu_app.beeps == 0


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_name_box_takes_names_on_every_layout(menu_app, layout):
    got = []
    menu_app.push(NamePrompt(menu_app, "Save these rules as a preset named:", got.append))
    type_on(menu_app, layout, NAMES[layout])
    press(menu_app, pygame.K_RETURN)
    assert got == [NAMES[layout]] and menu_app.beeps == 0


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_set_up_screens_name_and_port_on_every_layout(menu_app, layout):
    made = Made()
    try:
        screen = setup_for("gin", menu_app, made)
        menu_app.push(screen)
        screen.index = [line.key for line in screen.lines()].index("name")
        for _ in range(len(screen.line.value)):
            press(menu_app, pygame.K_BACKSPACE)
        type_on(menu_app, layout, NAMES[layout])
        assert screen.line.value == NAMES[layout]
        host_it(menu_app, screen)
        press(menu_app, pygame.K_BACKSPACE)
        type_on(menu_app, layout, "47480")
        assert screen.line.label == "Play on port 47480" and menu_app.beeps == 0
    finally:
        made.close()


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_options_text_items_on_every_layout(menu_app, layout):
    scene = OptionsScene(menu_app)
    menu_app.push(scene)
    for key, text in (("gin.name", NAMES[layout]), ("gnono.name2", NAMES[layout] + "2")):
        scene.page, scene.index = next((p, i) for p, page in enumerate(scene.pages)
                                       for i, opt in enumerate(page.opts) if opt.key == key)
        for _ in range(len(scene.opts[key])):
            press(menu_app, pygame.K_BACKSPACE)
        type_on(menu_app, layout, text)
        assert scene.opts[key] == text
    assert menu_app.beeps == 0
