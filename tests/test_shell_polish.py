"""Issue #18, the shell: overflow guard, menu keys, options tabs and colour warnings,
the no-sound notice, typed characters on any layout, the visual bell, help paragraphs."""
import pygame
import pytest

from game import palette as P
from game import ui
from game.app import App
from game.keys import Alt, Binding, find_binding, typed
from game.options import Options, colour_problems, hard_to_read
from game.scene import Scene
from game.scenes.menu import MenuScene
from game.scenes.options import MAX_TAB_ROWS, OptionsScene
from game.scenes.overlays import HelpBox, paragraphs
from game.scenes.title import TitleScene
from tests.helpers import key_event, post_keys


# -- the overflow guard -------------------------------------------------------------
def test_text_past_the_canvas_edge_raises_under_the_check(app):
    with pytest.raises(ui.TextOverflow):
        ui.text(app.canvas, 70, 3, "twelve chars", P.WHITE)
    ui.text(app.canvas, 68, 3, "twelve chars", P.WHITE)      # exactly to the edge: fine


def test_text_past_its_region_raises_and_fits_inside_it(app):
    with pytest.raises(ui.TextOverflow):
        ui.text(app.canvas, 10, 3, "a little too long", P.WHITE, width=10)
    assert ui.text(app.canvas, 10, 3, "just right", P.WHITE, width=10) == 10
    with pytest.raises(ui.TextOverflow):
        ui.center(app.canvas, 3, "x" * 21, P.WHITE, P.BLUE, col=5, width=20)
    with pytest.raises(ui.TextOverflow):
        ui.box(app.canvas, 10, 5, 12, 4, P.WHITE, P.BLUE, title="A title far too long")
    with pytest.raises(ui.TextOverflow):
        ui.box(app.canvas, 70, 5, 12, 4, P.WHITE, P.BLUE)    # past the right edge
    with pytest.raises(ui.TextOverflow):
        ui.key_bar(app.canvas, [("F1", "A very long label that fills the bar " * 3)])


def test_without_the_check_overflowing_text_is_cut_with_an_ellipsis(app):
    with ui.overflow_check(False):
        assert ui.text(app.canvas, 74, 3, "twelve chars", P.WHITE) == 6
        assert ui.text(app.canvas, 10, 3, "a little too long", P.WHITE, width=10) == 10
    assert ui.cut("a little too long", 10) == "a littl..."
    assert ui.cut("short", 10) == "short"


def test_cut_and_wrap_never_overflow(app):
    assert ui.text_cut(app.canvas, 60, 3, "x" * 500, P.WHITE, P.BLUE, 15) == 15
    assert ui.text_wrap(app.canvas, 40, 3, "word " * 30, P.WHITE, P.BLUE, 30) == 5
    with pytest.raises(ui.TextOverflow):
        ui.text_wrap(app.canvas, 40, 3, "word " * 30, P.WHITE, P.BLUE, 30, rows=2)


def test_an_overflow_in_a_scene_fails_the_test_through_the_app(app):
    class Spills(Scene):
        def draw(self, canvas):
            ui.text(canvas, 75, 0, "spills over", P.WHITE)
    app.push(MenuScene(app))
    app.push(Spills(app))
    with pytest.raises(ui.TextOverflow):
        app.run(max_frames=1)


def test_every_core_scene_state_draws_within_its_regions(tmp_path):
    """The gallery's core pictures under the check: no overflow anywhere."""
    from tools.gallery import Gallery
    g = Gallery(str(tmp_path / "out"))
    try:
        g.core()
    finally:
        g.app.close()
    assert g.overflows == []
    assert g.count > 30


def test_help_is_laid_out_by_paragraph_without_orphans(app):
    lines = ["This prose line was written for a screen eighty columns wide, it runs on",
             "into the next line, and then a third line ends the paragraph here.",
             "",
             "KEYS:",
             "  F3   the log",
             "  F4   the chips"]
    assert paragraphs(lines)[0].endswith("paragraph here.")
    assert "  F3   the log" in paragraphs(lines)
    box = HelpBox(app, "Help", lines)
    prose = box.lines[:box.lines.index("")]
    assert all(len(line) <= box.width - 4 for line in box.lines)
    assert all(len(line.split()) > 2 for line in prose)   # no line of one or two words


# -- the menu -------------------------------------------------------------------------
def saved_menu(app, *keys):
    for k in keys:
        app.storage.write_json(f"{k}.json", "test", 1, {})
    menu = MenuScene(app)
    app.push(menu)
    return menu


def test_games_keep_their_numbers_whatever_can_be_resumed(app):
    bare = saved_menu(app)
    bound = {b.label: b.key_text for b in bare.bindings()}
    app.pop()
    resumable = saved_menu(app, "gin", "gostop")
    bound2 = {b.label: b.key_text for b in resumable.bindings()}
    for name, key in (("Nerts", "1"), ("Gin Rummy", "2"), ("Gnono", "3"), ("Go-Stop", "4")):
        assert bound[f"Choose {name}"] == key == bound2[f"Choose {name}"]
    assert bound2["Choose Resume Gin Rummy"] == "Alt+2"
    assert bound2["Choose Resume Go-Stop"] == "Alt+4"


def test_every_menu_line_has_a_key(app):
    menu = saved_menu(app, "nerts", "gin", "gnono", "gostop")
    labels = {b.label for b in menu.bindings()}
    assert len(menu.items) == 15   # 4 resumes, 4 games, Join, Replays, challenge, deal, stats, options, quit
    assert all(f"Choose {name}" in labels for name, _ in menu.items)


def test_alt_number_resumes_and_number_asks_for_a_new_game(app, monkeypatch):
    from game.scenes import menu as menu_mod
    from game.scenes.overlays import Question
    from tests import fake_table
    fake = fake_table.spec()
    monkeypatch.setattr(menu_mod, "GAMES", [fake])
    app.storage.write_json("fake.json", "fake-game", 1, {"deal": 7})
    app.push(MenuScene(app))
    pygame.event.post(key_event(pygame.K_1, "1"))
    app.run(max_frames=1)
    assert isinstance(app.top, Question)          # a saved game is never lost unasked
    post_keys("n")
    pygame.event.post(key_event(pygame.K_1, "1", mod=pygame.KMOD_LALT))
    app.run(max_frames=1)
    assert isinstance(app.top, fake_table.FakeTable)
    assert fake_table.started[-1] == ("resume", {"deal": 7})


def test_letters_choose_the_other_lines(menu_app):
    post_keys("o")
    menu_app.run(max_frames=1)
    assert isinstance(menu_app.top, OptionsScene)


def test_menu_descriptions_stay_inside_their_frame(app, monkeypatch):
    from game.games import GAMES
    from game.scenes import menu as menu_mod
    from tests import fake_table
    long = fake_table.spec("long", "Long", ("A blurb line of forty characters, or so,",) * 4)
    monkeypatch.setattr(menu_mod, "GAMES", (*GAMES, long))
    menu = MenuScene(app)
    app.push(menu)
    menu.index = [w for _, w in menu.items].index(long)
    app.run(max_frames=1)      # under the check: a line past the frame would raise


# -- options ---------------------------------------------------------------------------
def test_the_tab_bar_shows_every_page(app):
    scene = OptionsScene(app)
    app.push(scene)
    rows = scene.tab_rows()
    assert len(rows) <= MAX_TAB_ROWS
    assert sorted(i for row in rows for i, _, _ in row) == list(range(len(scene.pages)))
    for row in rows:
        assert all(col + len(label) <= 78 for _, col, label in row)
    for _ in scene.pages:          # every page draws (under the check)
        post_keys(pygame.K_PAGEDOWN)
        app.run(max_frames=1)


def test_hard_to_read_colours_are_warned_about_and_kept(app):
    opts = Options()
    assert colour_problems(opts) == []             # the defaults read well
    assert hard_to_read(P.LIGHT_CYAN, P.CYAN) and hard_to_read(P.GREEN, P.GREEN)
    assert not hard_to_read(P.WHITE, P.GREEN)
    scene = OptionsScene(app)
    app.push(scene)
    scene.opts["colour.table"] = P.CYAN
    problems = colour_problems(scene.opts)
    assert any("Light cyan notes on a cyan table" in p for p in problems)
    assert scene.notices()[0][0] == problems[0]
    post_keys(pygame.K_ESCAPE)
    app.run(max_frames=1)
    assert app.options["colour.table"] == P.CYAN     # a warning, not a refusal


def test_the_visual_bell_leaves_title_and_key_bar_text_alone(menu_app):
    app = menu_app
    app.options["sound.visual_bell"] = True
    app._draw()
    before = pygame.surfarray.array3d(app.canvas).copy()
    app.error()
    app._draw()
    after = pygame.surfarray.array3d(app.canvas)
    changed = (before != after).any(axis=2)           # [x, y]
    assert changed.any()
    # nothing changes inside the text of the title bar and the key bar (x 8..631)
    assert not changed[8:632, 1:15].any() and not changed[8:632, 465:479].any()
    app.bell_steps = 0


# -- sound -----------------------------------------------------------------------------
def test_no_sound_device_is_told_on_the_title_and_the_options_page(app):
    app.audio.opened, app.audio.available = True, False
    app.audio.problem = "no audio device could be opened"
    app.audio.detail = "ALSA: Couldn't open audio device: No such file or directory"
    title = TitleScene(app, lambda: MenuScene(app))
    app.push(title)
    app.run(max_frames=1)
    assert title.drawn_problem == "no audio device could be opened"
    # the title's line is short enough to be read whole (it is cut at 72 columns)
    assert len(f"No sound will be heard: {title.drawn_problem}.") <= 72
    app.pop()
    scene = OptionsScene(app)
    app.push(scene)
    scene.page = 1
    notices = [line for line, _ in scene.notices()]
    assert "no audio device could be opened" in notices[0]
    assert "ALSA: Couldn't open audio device" in notices[1]     # the library's words, on the Sound page


def test_the_title_says_nothing_of_sound_when_it_works(app):
    title = TitleScene(app, lambda: MenuScene(app))
    app.push(title)
    app.run(max_frames=2)
    assert app.audio.opened
    if app.audio.available:
        assert title.drawn_problem is None and not title.dirty()


def test_the_title_shows_the_problem_found_after_its_first_frame(app, monkeypatch):
    monkeypatch.setenv("GNERTS_NO_AUDIO", "1")
    title = TitleScene(app, lambda: MenuScene(app))
    app.push(title)
    app.run(max_frames=3)      # the device opens after frame 1; dirty() asks for the redraw
    assert title.drawn_problem and "GNERTS_NO_AUDIO" in title.drawn_problem


# -- typed characters on any layout ---------------------------------------------------
SHIFT = pygame.KMOD_LSHIFT


@pytest.mark.parametrize("layout,key,unicode,mod", [
    ("US Shift+= (text input off)", pygame.K_EQUALS, "=", SHIFT),
    ("US Shift+= (text input on)", pygame.K_EQUALS, "+", SHIFT),
    ("UK Shift+=", pygame.K_EQUALS, "+", SHIFT),
    ("German + key", pygame.K_PLUS, "+", 0),
    ("German + key, no unicode", pygame.K_PLUS, "", 0),
    ("AZERTY Shift+=", pygame.K_EQUALS, "+", SHIFT),
    ("AZERTY Shift+= (text input off)", pygame.K_EQUALS, "=", SHIFT),
    ("keypad +", pygame.K_KP_PLUS, "+", 0),
    ("keypad + without unicode", pygame.K_KP_PLUS, "", 0),
])
def test_typed_plus_on_common_layouts(layout, key, unicode, mod):
    b = Binding(typed("+"), "Draw", lambda: None)
    assert find_binding([b], key_event(key, unicode, mod)) is b, layout


@pytest.mark.parametrize("layout,key,unicode,mod", [
    ("US/UK/German -", pygame.K_MINUS, "-", 0),
    ("no unicode", pygame.K_MINUS, "", 0),
    ("AZERTY 6 key says -", pygame.K_6, "-", 0),
    ("keypad -", pygame.K_KP_MINUS, "", 0),
])
def test_typed_minus_on_common_layouts(layout, key, unicode, mod):
    b = Binding(typed("-"), "Back", lambda: None)
    assert find_binding([b], key_event(key, unicode, mod)) is b, layout


@pytest.mark.parametrize("key,unicode,mod", [
    (pygame.K_EQUALS, "=", 0),             # = is not +
    (pygame.K_MINUS, "_", SHIFT),          # Shift+- is _
    (pygame.K_EQUALS, "=", pygame.KMOD_LCTRL),
    (pygame.K_a, "a", 0),
])
def test_other_keys_are_not_plus_or_minus(key, unicode, mod):
    bindings = [Binding(typed("+"), "Draw", lambda: None), Binding(typed("-"), "Back", lambda: None)]
    assert find_binding(bindings, key_event(key, unicode, mod)) is None


def test_digits_by_the_number_row_on_azerty_and_alt_chords_first():
    one = Binding(typed("1"), "One", lambda: None)
    alt_one = Binding((Alt(pygame.K_1),), "Alt one", lambda: None)
    assert find_binding([one, alt_one], key_event(pygame.K_1, "&")) is one      # AZERTY unshifted
    assert find_binding([one, alt_one], key_event(pygame.K_KP1, "")) is one
    assert find_binding([one, alt_one], key_event(pygame.K_1, "1", pygame.KMOD_LALT)) is alt_one
    assert find_binding([one], key_event(pygame.K_1, "1", pygame.KMOD_LALT)) is None


def test_the_app_runs_a_typed_plus_through_a_scene(app):
    hits = []

    class Drawer(Scene):
        def bindings(self):
            return [Binding(typed("+") + (pygame.K_INSERT,), "Draw a card", lambda: hits.append(1))]
    app.push(Drawer(app))
    pygame.event.post(key_event(pygame.K_EQUALS, "=", SHIFT))
    app.run(max_frames=1)
    assert hits == [1] and app.beeps == 0


def test_key_names_read_as_on_the_keys():
    assert Binding(typed("+") + (pygame.K_INSERT,), "", lambda: None).key_text == "+/Ins"
    assert Binding((Alt(pygame.K_2), Alt(pygame.K_KP2)), "", lambda: None).key_text == "Alt+2"


def test_app_fixture_is_an_app(app):
    assert isinstance(app, App)


def test_a_plain_plus_string_binding_is_a_typed_plus():
    """Tables that bind "+" as a string get every layout's + without a change."""
    b = Binding(("+", pygame.K_INSERT, pygame.K_KP_PLUS), "Draw a card", lambda: None)
    assert find_binding([b], key_event(pygame.K_EQUALS, "=", SHIFT)) is b
    assert find_binding([b], key_event(pygame.K_EQUALS, "=", 0)) is None


def test_an_options_hint_is_written_under_the_boxs_shadow_not_on_it(app):
    # the box's shadow fills the row under it; the hint (light cyan) starts one row lower
    scene = OptionsScene(app)
    app.push(scene)
    scene.page = 1                        # Sound and screen: its first item has a hint
    assert scene.item.hint
    app.run(max_frames=1)
    top = 2 + MAX_TAB_ROWS + 1
    shadow_row = top + len(scene.current.opts) + 4
    cyan = pygame.Color(*P.PALETTE[P.LIGHT_CYAN])

    def has_cyan(row):
        band = app.canvas.subsurface(ui.cell_rect(0, row, 80, 1))
        return any(band.get_at((x, y)) == cyan for x in range(0, 640, 2) for y in range(16))
    assert not has_cyan(shadow_row)
    assert has_cyan(shadow_row + 1)
