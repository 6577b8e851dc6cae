"""An input method's candidate box (typing a Japanese, Chinese or Korean name) opens
just below the text field being typed in, in the window's pixels (the canvas scaled by
a whole number and letterboxed in full screen), and follows the focus from field to
field: the Join screen's address, code and name, a deal number, a set-up screen's
names and port, a text option. pygame.key.set_text_input_rect is watched; the field
is found where its text is drawn on the canvas (ui.observer)."""
from __future__ import annotations

import pygame
import pytest

from game import ui
from game.scenes.join import JoinScene
from game.scenes.options import OptionsScene
from game.scenes.overlays import NumberPrompt
from tests.helpers import key_event
from tests.host_standin import Made, host_it, setup_for
from tests.keyboards import type_on
from tests.test_shell_typing import NoListing

WINDOW = pygame.Rect(320, 60, 1280, 960)     # 640x480 at twice its size in a 1920x1080 screen


@pytest.fixture
def told(menu_app, monkeypatch):
    """The rectangles the App gives SDL for the candidate box, the canvas shown in a
    full screen of 1920x1080 (twice its size, letterboxed)."""
    rects: list[pygame.Rect] = []
    monkeypatch.setattr(pygame.key, "set_text_input_rect", lambda r: rects.append(pygame.Rect(r)))
    monkeypatch.setattr(menu_app.display.backend, "target", WINDOW)
    return rects


def drawn_at(app, text: str) -> tuple[int, int]:
    """Where `text` is drawn on the canvas (its first character's top-left, in pixels)."""
    seen: list[tuple[int, int, str]] = []
    old, ui.observer = ui.observer, lambda e: seen.append(e[1:]) if e[0] == "text" else None
    try:
        app.redraw()
        app.run(max_frames=1)
    finally:
        ui.observer = old
    hits = [(x + 8 * s.index(text), y) for x, y, s in seen if text in s]
    assert hits, f"{text!r} is not drawn"
    return hits[-1]


def below(app, told, text: str) -> pygame.Rect:
    """The candidate box's rectangle lies just below the field showing `text`, under it."""
    app.run(max_frames=1)           # the App tells SDL before it reads the next keys
    x, y = drawn_at(app, text)
    app.run(max_frames=1)
    assert app.typing.on and told, "text input is on and the candidate box has a place"
    r = told[-1]
    scale = WINDOW.w // 640
    field_bottom = WINDOW.y + (y + 16) * scale
    assert field_bottom <= r.top <= field_bottom + 2 * scale, (r, text, (x, y))
    assert r.left <= WINDOW.x + x * scale < r.right, (r, text, (x, y))
    return r


def press(app, key):
    pygame.event.post(key_event(key))
    app.run(max_frames=2)


def test_the_join_screen_s_fields(menu_app, told):
    scene = JoinScene(menu_app, browser=NoListing(), connect=lambda *a: None)
    menu_app.push(scene)
    menu_app.run(max_frames=1)
    type_on(menu_app, "us", "10.0.0.7")
    first = below(menu_app, told, "10.0.0.7")
    press(menu_app, pygame.K_TAB)
    type_on(menu_app, "us", "K7Q2")
    second = below(menu_app, told, "K7Q2")
    press(menu_app, pygame.K_TAB)
    third = below(menu_app, told, scene.values["name"])
    assert first.top < second.top < third.top           # it follows the focus down the form
    press(menu_app, pygame.K_TAB)
    assert told[-1] == first                            # and back to the first field


def test_a_deal_number(menu_app, told):
    menu_app.push(NumberPrompt(menu_app, "Deal number:", lambda n: None))
    type_on(menu_app, "us", "47480")
    below(menu_app, told, "47480")


@pytest.mark.parametrize("game", ["gin", "gnono", "gostop", "nerts"])
def test_a_set_up_screen_s_names_and_port(menu_app, told, game):
    made = Made()
    try:
        screen = setup_for(game, menu_app, made)
        menu_app.push(screen)
        menu_app.run(max_frames=1)
        typed = [i for i, line in enumerate(screen.lines()) if line.text is not None]
        hosts = any(line.key == "net.play" for line in screen.lines())
        assert typed or hosts, "a name or a port is typed on the set-up screen"
        places = []
        for i in typed:
            for _ in range(len(screen.lines())):        # Down to the line, as a player goes
                if screen.index == i:
                    break
                press(menu_app, pygame.K_DOWN)
            assert screen.index == i
            if not screen.line.value.strip():             # an empty field: a character of its own
                type_on(menu_app, "us", next(c for c in "Q7" if screen.line.text.takes(c)), frames=2)
            line = screen.line
            shown = line.label if line.label_typed else line.value
            places.append(below(menu_app, told, shown).top)
        assert len(set(places)) == len(places)          # each line its own place
        if hosts:
            host_it(menu_app, screen)
            menu_app.redraw()                           # host_it gives its keys to the App directly
            below(menu_app, told, "port 0")
    finally:
        made.close()


def test_a_text_option(menu_app, told):
    scene = OptionsScene(menu_app)
    menu_app.push(scene)
    scene.page, scene.index = next((p, i) for p, page in enumerate(scene.pages)
                                   for i, opt in enumerate(page.opts) if opt.is_text())
    below(menu_app, told, scene.opts[scene.item.key])


def test_no_field_no_candidate_box(menu_app, told):
    """On the menu nothing is typed: text input is off and no place is given."""
    menu_app.run(max_frames=2)
    assert not menu_app.typing.on and not told
