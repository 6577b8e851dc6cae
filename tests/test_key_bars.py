"""Key bars that cannot go stale (issue 32 item 5; issue 35 items 6 and 7).

The gallery (tools/gallery.py) is walked, and at every step the key bar the player
sees (the last one drawn on the bottom line) is read back: each key it offers must
be taken by the scene on top (one of its bindings, or a key of the App's own: F1 the
keys box, F2 its help, F11 the spoken state, F12 the screenshot), and each key the
top scene takes must be offered on the bar or listed in the F1 box. A Question over a
table showing the table's "F3 Boxes" fails the first rule.
"""
from __future__ import annotations

import os
import re

import pygame
import pytest

from game import keys as K
from game import ui
from game.keys import find_binding
from game.scene import Scene
from tools import gallery

NAMED = {f"F{i}": getattr(pygame, f"K_F{i}") for i in range(1, 13)}
NAMED.update({"Enter": pygame.K_RETURN, "Esc": pygame.K_ESCAPE, "Space": pygame.K_SPACE,
              "Spc": pygame.K_SPACE, "Tab": pygame.K_TAB, "Ins": pygame.K_INSERT, "Del": pygame.K_DELETE,
              "PgUp": pygame.K_PAGEUP, "PgDn": pygame.K_PAGEDOWN, "Home": pygame.K_HOME,
              "End": pygame.K_END, "Bksp": pygame.K_BACKSPACE})
ARROWS = {"\x18": pygame.K_UP, "\x19": pygame.K_DOWN, "\x1a": pygame.K_RIGHT, "\x1b": pygame.K_LEFT}
APP_KEYS = (pygame.K_F1, pygame.K_F11, pygame.K_F12)     # the App answers these on every screen
ANY = "any key"


def _event(key: int, char: str = "", mod: int = 0):
    return pygame.event.Event(pygame.KEYDOWN, key=key, unicode=char, mod=mod, scancode=0)


def _char(ch: str, mod: int = 0):
    code = pygame.key.key_code(ch) if ch.isalnum() else ord(ch)
    return _event(code, "" if mod else ch, mod)


def bar_events(text: str) -> list:
    """The key presses a key bar's keys text stands for: "F3", "+/Ins", "\x18\x19",
    "1-4", "Alt+1-4", "1 2 3 Space P", "Any key"."""
    if text == "Any key":
        return [ANY]
    out: list = []
    mod = 0
    if text.startswith("Alt+"):        # "Alt+2/4": Alt with each
        mod, text = pygame.KMOD_LALT, text[4:]
    for token in re.split(r"[ /]", text.replace("+/-", "+ -")) if text not in ("+", "-", "/") else [text]:
        if not token:
            continue
        if token in NAMED:
            out.append(_event(NAMED[token], "", mod))
        elif all(c in ARROWS for c in token):
            out += [_event(ARROWS[c]) for c in token]
        elif re.fullmatch(r"\w-\w", token):
            a, b = token.split("-")
            out += [_event(pygame.key.key_code(chr(c)), "" if mod else chr(c), mod)
                    for c in range(ord(a), ord(b) + 1)]
        elif len(token) == 1:
            out.append(_char(token, mod))
        else:
            raise ValueError(f"key bar text not understood: {text!r}")
    return out


def takes(app, scene, event) -> bool:
    """Does a key mean something on this scene (without pressing it)?"""
    if event == ANY:       # (the old code had no AnyKey: a handle() of its own took any key)
        any_key = getattr(K, "AnyKey", None)
        if any_key is None:
            return type(scene).handle is not Scene.handle
        return any(isinstance(k, any_key) for b in scene.bindings() for k in b.keys)
    if event.key in APP_KEYS and not event.mod:
        return True
    if find_binding(scene.bindings(), event) is not None:
        return True
    return event.key == pygame.K_F2 and not event.mod and bool(scene.help_lines())


def offered(bar: list[tuple[str, str]]) -> list:
    out = []
    for keys, _ in bar:
        try:
            out += bar_events(keys)
        except ValueError:
            pass       # said by problems_of
    return out


def problems_of(app, bar) -> list[str]:
    top = app.top
    out = []
    for keys, label in bar or []:
        try:
            dead = [e for e in bar_events(keys) if not takes(app, top, e)]
        except ValueError as exc:
            out.append(str(exc))
            continue
        if dead:
            out.append(f"the bar offers '{keys} {label}', not taken by {type(top).__name__}")
    shown = offered(bar or [])
    for b in top.bindings():
        if b.show:
            continue       # listed in the F1 box
        if not any(e != ANY and find_binding([b], e) is b for e in shown):
            out.append(f"{type(top).__name__} takes '{b.key_text}' ({b.label}), offered nowhere")
    return out


class Walker(gallery.Gallery):
    """The gallery, reading back the key bar of the last picture after every step."""

    def __init__(self, out):
        self.found: dict[str, str] = {}
        self.screens = 0
        self.drawn: list = []
        super().__init__(out)

    def new_app(self):
        app = super().new_app()
        draw = app._draw

        def draw_recorded(count: bool = True) -> None:
            self.drawn = []
            draw(count)
        app._draw = draw_recorded
        return app

    def run(self, frames: int) -> None:
        super().run(frames)
        app = self.app
        if not app.scenes:
            return
        self.screens += 1
        for problem in problems_of(app, self.drawn[-1] if self.drawn else None):
            self.found.setdefault(f"{type(app.top).__name__}: {problem}", str(self.count))


@pytest.fixture(scope="module")
def walk(tmp_path_factory, monkeypatch_module):
    if not os.environ.get("GNERTS_SOAK"):     # the gallery's 400 keys a table under GNERTS_SOAK=1
        monkeypatch_module.setattr(gallery, "MONKEY_KEYS", 60)
    real = ui.key_bar

    def recorded(canvas, items, row=29):
        w.drawn.append(list(items))
        real(canvas, items, row)
    w = Walker(str(tmp_path_factory.mktemp("gallery")))
    ui.key_bar = recorded
    try:
        w.everything()
    finally:
        ui.key_bar = real
    return w


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as mp:
        yield mp


def test_the_bar_parser_reads_every_form():
    pygame.init()
    assert [e.key for e in bar_events("+/Ins")] == [pygame.K_PLUS, pygame.K_INSERT]
    assert [e.key for e in bar_events("\x18\x19")] == [pygame.K_UP, pygame.K_DOWN]
    assert [e.unicode for e in bar_events("1-4")] == ["1", "2", "3", "4"]
    assert all(e.mod == pygame.KMOD_LALT for e in bar_events("Alt+1-4") + bar_events("Alt+2/4"))
    assert len(bar_events("1 2 3 Space P")) == 5 and bar_events("Any key") == [ANY]


def test_the_walk_reaches_the_screens_of_the_issue(walk):
    assert walk.failures == []
    assert walk.screens > 500
    names = {n.split("-", 1)[1][:-4] for n in os.listdir(walk.out)}
    assert {"gin-play-another", "menu-challenge-code", "gnono-2-challenge-box"} <= names


def test_every_key_offered_is_taken_and_every_key_taken_is_offered(walk):
    assert walk.found == {}, "\n".join(f"{k} (near picture {v})" for k, v in sorted(walk.found.items()))


def test_gin_play_another_game_is_asked_over_the_cards_not_over_the_last_box(app, monkeypatch):
    """Issue 35 item 6: the question came over the old "Hand over" box, with the table's
    "Any key Go on, F3 Boxes, F4 Score" under it."""
    from game.gin.ai import make_ai
    from game.gin.options import GinOptions
    from tests.gin_replay_helpers import new_table, play
    from tests.helpers import post_keys
    t = new_table(app, 3, options=GinOptions(game_target=1))
    play(t, make_ai("normal", 4))
    assert t.ctl.game.phase == "game_over" and t.ctl.mode == "result"
    for key in ("x", pygame.K_RETURN):        # any key: the end of the game; Enter: go on
        post_keys(key)
        app.run(max_frames=2)
    assert type(app.top).__name__ == "Question" and app.scenes[-2] is t
    titles, bars = [], []
    monkeypatch.setattr(ui, "box", lambda *a, title=None, **k: titles.append(title))
    monkeypatch.setattr(ui, "key_bar", lambda canvas, items, row=29: bars.append(items))
    app._draw(count=False)
    assert "Hand over" not in titles and titles[-1] == "Gin Rummy"     # the table's own boxes: None, Score
    assert bars == [[("Y", "Yes"), ("N", "No"), ("F1", "Keys")]]


def _bar_drawn(app, monkeypatch) -> list:
    bars: list = []
    monkeypatch.setattr(ui, "key_bar", lambda canvas, items, row=29: bars.append(items))
    app._draw(count=False)
    return bars


def test_gnono_challenge_box_offers_its_own_keys_not_the_tables(app, monkeypatch):
    """Issue 35 item 7: F3 and F4 were offered under the Wild Draw Four's question."""
    from game.gnono import table as T
    from game.gnono.rules import GnonoState
    from game.gnono.screens import ChallengeBox
    st = GnonoState.setup(2, ["Y1 Y2 Y3", "W+4 R1 G5"], "R5", seed=1)
    app.push(T.GnonoTable(app, st, ["human", "normal"], ["You", "Ada"], "fast", seed=1))
    app.run(max_frames=1)
    app.push(ChallengeBox(app, "Ada played a Wild Draw Four on you.", lambda: None, lambda: None,
                          on_coach=lambda: None))
    assert _bar_drawn(app, monkeypatch) == [[("Y", "Yes"), ("N", "No"), ("H", "Coach"), ("F1", "Keys")]]


def test_the_challenge_code_prompt_has_its_own_key_bar(menu_app, monkeypatch):
    """Issue 35 item 6: the prompt kept the menu's "1-4 Game, Alt+1-4 Resume" bar."""
    from tests.helpers import post_keys
    post_keys("c")
    menu_app.run(max_frames=1)
    assert type(menu_app.top).__name__ == "CodePrompt"
    assert _bar_drawn(menu_app, monkeypatch) == [[("Enter", "Play"), ("Bksp", "Delete"), ("Esc", "Cancel"),
                                                  ("F1", "Keys")]]


# ---------------------------------------------------------------- bars made from bindings
def _key_bar_definitions() -> set[str]:
    """Every module of game/ whose classes or functions write a key bar by hand."""
    import ast
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    found = set()
    for path in sorted((root / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == "key_bar":
                found.add(path.relative_to(root).as_posix())
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "key_bar":
                found.add(path.relative_to(root).as_posix())     # ui.key_bar(...) or x.key_bar()
    return found


def test_key_bars_are_made_from_the_bindings_not_written_by_hand():
    """Issue 32 item 5: a bar is Scene.key_bar over the bindings' bar labels, so it
    cannot offer a key the scene does not take. Drawn by the App alone (ui.key_bar);
    no scene writes its own, Gin's table included (its bar was a hand-written list)."""
    assert _key_bar_definitions() == {"game/scene.py", "game/app.py", "game/ui.py"}


def test_a_binding_on_the_bar_places_the_app_keys_where_the_scene_says(app):
    from game.keys import Binding, bar_items

    class Screen(Scene):
        def bindings(self):
            return [Binding((pygame.K_RETURN,), "Go", lambda: None, bar="Go"), *self.app_keys("Rules"),
                    Binding((pygame.K_ESCAPE,), "Back", lambda: None, bar="Back")]

        def help_lines(self):
            return ["the rules"]

    s = Screen(app)
    assert s.key_bar() == [("Enter", "Go"), ("F1", "Keys"), ("F2", "Rules"), ("Esc", "Back")]
    s.help_lines = lambda: None                          # no help: F2 is not offered
    assert ("F2", "Rules") not in s.key_bar()
    # no F1 placed: it comes last, as on every bar
    assert bar_items([Binding(("y",), "Yes", lambda: None, bar="Yes")]) == [("Y", "Yes"), ("F1", "Keys")]
    from tests.helpers import post_keys
    app.push(s)
    post_keys(pygame.K_F1)                               # the App still answers F1 with its box
    app.run(max_frames=1)
    assert type(app.top).__name__ == "KeysBox"


def test_gin_set_up_offers_no_arrows_on_a_name_line(app):
    """The set-up's bar said "\x1b\x1a Change" on the name lines, where the arrows beep."""
    from game.gin import table as GT
    from tests.helpers import post_keys
    app.push(GT.start(app, seed=3))
    app.run(max_frames=1)
    sc = app.top
    sc.index = [line.key for line in sc.lines()].index("name")
    bar = sc.key_bar()
    assert ("\x1b\x1a", "Change") not in bar and ("Bksp", "Delete") in bar
    assert problems_of(app, bar) == []
    before = app.beeps
    post_keys(pygame.K_LEFT)
    app.run(max_frames=1)
    assert app.beeps == before + 1


def test_gin_table_bar_is_the_one_gin_showed_in_each_state(app):
    """Gin's bar, once a hand-written list, now from its bindings: the same items in
    play, while the computer plays, on "is that how you want it played?" and marking."""
    from game.gin.ai import make_ai
    from game.gin.rules import GoOut
    from tests.gin_replay_helpers import PLAYING, computer_turn, human_turn, new_table
    waiting = [("F3", "Boxes"), ("F4", "Score"), ("F9", "Computer"), ("F8", "Save, exit"), ("F1", "Keys")]
    for seed in range(20):
        t = new_table(app, seed)
        ai = make_ai("normal", seed)
        while t.ctl.game.phase in PLAYING:
            c = t.ctl
            if c.game.turn != c.me:
                assert t.key_bar() == waiting
                computer_turn(t)
                continue
            move = ai.choose(c.game.view(c.me))
            if not isinstance(move, GoOut):
                human_turn(t, ai)
                continue
            if move.discard is not None:
                c.sel = c.order.index(move.discard)
            c.focus = "hand"
            assert t.key_bar() == [("\x1b\x1a", "Card"), ("\x18", "Sort"), ("-/Del", "Discard"),
                                   ("F10", "Gin/Knock"), ("H", "Coach"), ("F1", "Keys"), ("F2", "Help")]
            c.go_out()
            assert t.key_bar() == [("Y", "Yes"), ("N", "No, mark groups"), ("Esc", "Back to play"),
                                   ("F9", "Computer"), ("F1", "Keys")]
            c.confirm_no()
            assert t.key_bar() == [("\x1b\x1a", "Card"), ("1 2 3 Space", "Mark"), ("F10", "Done"),
                                   ("Esc", "Back"), ("F1", "Keys")]
            assert problems_of(app, t.key_bar()) == []
            return
        app.pop()
    raise AssertionError("no deal of the first 20 let the player go out")
