"""Issue 35, texts and boxes: what a new player tripped on in the sentences and boxes
of the four tables (each test fails on the code before its fix)."""
import pygame

from game.cards import Card, card_text
from game.gin import melds as M
from tests.test_gin_table import _computer_knocks, _mark_all, press

K = pygame


def test_gin_marking_cursor_on_an_unmarked_card_is_the_cp437_middle_dot(app, monkeypatch):
    from game import font
    t = _computer_knocks(app)
    press(app, "n")
    press(app, *[K.K_RIGHT] * t.ctl.arr.marks.index(" "))      # to the first unmarked card
    assert t.ctl.arr.marks[t.ctl.arr.cursor] == " "
    drawn = []
    real = font.Font.draw
    monkeypatch.setattr(font.Font, "draw", lambda self, canvas, x, y, s, *a, **k:
                        drawn.append(s) or real(self, canvas, x, y, s, *a, **k))
    t.draw(app.canvas)
    monkeypatch.undo()
    assert "\u00b7" in drawn and "\xfa" not in drawn
    assert font.encode("\u00b7") == bytes([0xFA])


def test_gin_a_wrong_p_mark_keeps_its_points_and_is_named(app):
    t = _computer_knocks(app)
    _mark_all(app, t, {"8D": "P", "4S": "P", "QD": " ", "7S": " "})
    before = t.ctl.arrangement_status()
    t.ctl.arr.cursor = t.ctl.arr.cards.index(Card.parse("KC"))
    press(app, "p")
    assert t.ctl.arr.marks[t.ctl.arr.cards.index(Card.parse("KC"))] == "P"
    after = t.ctl.arrangement_status()
    points = int(before.split()[2].rstrip(";"))
    assert after.startswith(f"unplayable points {points};")
    assert card_text(Card.parse("KC")) + " does not lay off" in after
    press(app, K.K_F10)
    assert t.ctl.mode == "mark" and card_text(Card.parse("KC")) + " does not lay off" in t.ctl.note


def test_gin_layoff_strays_names_only_the_cards_that_fit_nowhere():
    melds = [[Card.parse(c) for c in ["AS", "2S", "3S"]], [Card.parse(c) for c in ["7H", "7D", "7C"]]]
    cards = [Card.parse(c) for c in ["4S", "5S", "KC", "7S"]]
    assert M.layoff_strays(cards, melds) == [Card.parse("KC")]


def test_gostop_card_lines_fit_their_row_for_every_card_and_situation():
    """The two lines under the hand (what the card is, what playing it does) are drawn
    whole: before, the stack's hint was cut ("...if it was a...") and row 24 sliced."""
    from types import SimpleNamespace

    from game.gostop import cards as GC
    from game.gostop.table_draw import card_label, category_words, play_hint
    for c in GC.CARDS:
        assert len(f"\x1b\x1a {card_label(c)}: {category_words(c)} (everyone saw it)") <= 78
        month = [d for d in GC.CARDS if d.month == c.month and d != c]
        for on_table in range(0, min(3, len(month)) + 1):
            for held in range(0, len(month) - on_table + 1):
                for stacks in ({}, {c.month: 0}, {c.month: 1}):
                    st = SimpleNamespace(table=month[:on_table], options=SimpleNamespace(two_card_bomb=True),
                                         hands={0: [c] + month[on_table:on_table + held]}, stacks=stacks)
                    hint = play_hint(st, c, 0)
                    assert len(hint) <= 78 and "..." not in hint, hint


def test_statistics_a_heading_never_ends_a_page(app):
    """A heading goes over to the next page with the first lines under it, and a section
    that goes on over a page starts the page with its heading again (the shared pager,
    game/scenes/overlays.paginate)."""
    from game.scenes.overlays import CONTINUED, paginate
    for lines in (["Head", "  a", "", "Next", "  b", "  c"] * 9, ["Head"] + ["  row"] * 50):
        groups = [[line] for line in lines]
        for per in range(3, 22):
            pages = paginate(groups, per, 60)
            shown = [line for page in pages for line in page if line and not line.endswith(CONTINUED)]
            assert shown == [line for line in lines if line]          # every line once, in order
            for page in pages:
                assert page[0].strip() and page[-1].strip() and len(page) <= per, (per, page)
                assert not (not page[-1].startswith(" ") and page is not pages[-1]), (per, page)
                if page is not pages[0] and page[0].startswith(" "):
                    raise AssertionError(f"a section's rows without their heading: {page}")


def test_gostop_header_names_the_computer_while_its_cards_move_and_h_says_why(app, monkeypatch):
    from game import ui
    from game.gostop.rules import GoStopState
    from tests.test_gostop_table import GO_POSITION, table_for
    st = GoStopState.from_position(**{**GO_POSITION, "turn": 1})
    t = table_for(app, st, speed="normal")
    for _ in range(200):                       # the computer plays: its stages begin
        if t.ctl.stages:
            break
        app.run(max_frames=1)
    assert t.ctl.stages and t.ctl.stages[0].seat == 1 and t.keymap.human_phase() is None
    assert t.ctl.source.state.question().seat == 0       # the engine already asks you: the old header said so
    drawn = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda canvas, col, row, s, *a, **k:
                        (drawn.append((row, s)), real(canvas, col, row, s, *a, **k))[1])
    t.draw(app.canvas)
    header = " ".join(s for row, s in drawn if row == 0)
    assert f"{t.names[1]} is playing" in header and "Your turn" not in header
    press(app, "h")
    assert "when the cards stop moving" in " ".join(text for text, _ in t.notes)


def _texts_drawn(monkeypatch, scene, canvas) -> list[tuple[int, str]]:
    from game import ui
    drawn = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda c, col, row, s, *a, **k:
                        (drawn.append((row, s)), real(c, col, row, s, *a, **k))[1])
    scene.draw(canvas)
    monkeypatch.setattr(ui, "text", real)
    return drawn


def test_gostop_seat_points_count_the_go_as_the_line_below_adds_them(app, monkeypatch):
    from game.gostop.help_text import HELP
    from game.gostop.rules import GoStopState
    from game.words import counted
    from tests.test_gostop_table import GO_POSITION, table_for
    st = GoStopState.from_position(**{**GO_POSITION, "go_counts": [1, 0]})
    t = table_for(app, st)
    _, lay = t.shown()
    total = lay.breakdowns[0].total
    drawn = " | ".join(s for _, s in _texts_drawn(monkeypatch, t, app.canvas))
    assert f"{counted(total + 1, 'pt')}  1 Go" in drawn and "+ Go: 1" in drawn
    assert "0 pts  chips" in drawn and "0 pt " not in drawn        # the other seat
    assert "play on. From the 3rd Go" not in " ".join(HELP)


def test_gnono_coach_gives_the_odds_that_the_challenge_wins_and_advises_by_them(app):
    import re

    from game.gnono import coach
    from game.gnono.heuristic import CHALLENGE_PAYS
    from tests.test_gnono_table import wd4_on_human
    t = wd4_on_human(app, guilty=True)
    view = t.ctl.state.view(0)
    advice = coach.advise(view, t.ctl.names)
    ai = coach.make_ai(coach.LEVEL, coach.rng_for(view))
    win = ai.challenge_win_probability(view)
    assert f"about {round(100 * win)}% that it wins" in advice.text
    assert advice.move.challenge == (win > CHALLENGE_PAYS)
    assert advice.text.startswith("Challenge:" if win > CHALLENGE_PAYS else "Do not challenge:")
    # a record of bluffs caught turns the odds, and the advice with them
    t.ctl.state.wd4_record[1] = [5, 0]
    view = t.ctl.state.view(0)
    bluffer = coach.advise(view, t.ctl.names)
    win = ai.challenge_win_probability(view)
    assert win > CHALLENGE_PAYS and bluffer.move.challenge and bluffer.text.startswith("Challenge:")
    odds = int(re.search(r"about (\d+)% that it wins", bluffer.text).group(1))
    assert odds == round(100 * win) and "above one in five" in bluffer.text


def test_gin_a_refused_knock_names_the_rule_in_force():
    import pytest

    from game.engine import IllegalMove
    from game.gin.rules import GoOut
    from game.gin.table_keys import help_text
    from tests.test_gin_variants import KH, taken
    for options, rule in ((dict(straight_gin=True), "Straight Gin"),
                          (dict(straight_gin=True, oklahoma=True), "Straight Gin"),
                          (dict(oklahoma=True), "Oklahoma, ace upcard")):
        g = taken("AH", **options)
        with pytest.raises(IllegalMove) as refused:
            g.apply(GoOut(0, KH))
        assert str(refused.value) == f"no knocking: this hand is gin only ({rule})"
        assert f"This hand: gin only ({rule})." in " ".join(help_text(g))
    assert "gin only" not in " ".join(help_text(taken("AH")))


def test_gin_review_lists_only_turns_with_something_at_stake_and_its_colon_opens_the_list():
    from dataclasses import replace

    from game.gin.review import differences, review
    from tests.test_gin_review import computers
    rep = computers(4)
    # seed 4, turn 1: 10♥ or Q♣ both leave 70 points and feed the computer alike (22%)
    found = differences(rep, 0)[1]
    assert not any(d.position in (2, 10) for d in found)
    lines = review(replace(rep, coached=4), 0)
    assert lines[1] == "You asked the coach 4 times."
    summary = next(i for i, line in enumerate(lines) if line.endswith(":"))
    assert lines[summary + 1] == "" and lines[summary + 2] == found[0].lines[0]


def test_options_a_name_value_starts_in_the_column_of_the_other_values(app, monkeypatch):
    from game import ui
    from game.scenes.options import OptionsScene
    opts = OptionsScene(app)
    app.push(opts)
    app.run(max_frames=1)
    pages = [i for i, p in enumerate(opts.pages) if any(s.is_text() for s in p.opts)]
    assert pages
    for page in pages:
        for index in (0, 1):               # the name row chosen or not
            opts.page, opts.index = page, index
            starts: set[int] = set()

            def watch(c, col, row, s, *a, starts=starts, real=ui.text, **k):
                if col == 41 and row > 6 and s.strip("\x11\x10 _"):       # a value, not a tab
                    starts.add(col + len(s) - len(s.lstrip(" \x11")))
                return real(c, col, row, s, *a, **k)
            monkeypatch.setattr(ui, "text", watch)
            opts.draw(app.canvas)
            monkeypatch.undo()
            assert starts == {43}, (opts.pages[page].title, starts)


def test_nerts_the_pile_partner_is_not_offered_flip_but_told_why_when_he_presses_it(app, monkeypatch):
    from game import ui
    from game.nerts.rules import Game
    from game.nerts.table import NertsTable
    from tests.helpers import post_keys
    from tests.test_nerts_partners import TEAMS, teams_round
    game = Game(TEAMS, seed=4)
    game.round = teams_round({"pile": "4D 9C AH", "columns": ["5S", "5D", "6C", "7H"],
                              "stack": "2S 3S", "waste": "AD"},
                             {"pile": "KS QS", "columns": ["9D", "9S", "8C", "8S"]})
    t = NertsTable(app, game, ["human", "easy", "easy", "easy"], seed=4)
    app.push(t)
    app.run(max_frames=1)
    assert t.arrow_seat == 0 and game.options.role_of(0) == "pile"
    shown = [b.label for b in t.bindings() if b.show]
    assert not any("Flip" in label for label in shown)
    drawn = []
    real = ui.text_px
    monkeypatch.setattr(ui, "text_px", lambda c, x, y, s, *a, **k:
                        (drawn.append(s), real(c, x, y, s, *a, **k))[1])
    t.draw(app.canvas)
    monkeypatch.undo()
    bar = t.key_bar()                    # the App draws the top scene's bar
    assert bar and ("Spc", "Flip") not in bar
    assert "Space flips." not in drawn and "Flip Stack" not in drawn
    post_keys(pygame.K_SPACE)            # pressed all the same: a beep and the reason
    app.run(max_frames=1)
    assert app.beeps == 1 and "partner works the Stack" in t.ctl.notes[-1]


def test_gin_hot_seat_f6_and_f9_say_why_they_are_refused(app):
    from tests.test_gin_hotseat import hot_table
    t = hot_table(app)
    press(app, K.K_RETURN)
    for key, why in ((K.K_F6, "Stock is nobody's to see"), (K.K_F9, "seen by its player alone")):
        b = app.beeps
        press(app, key)
        assert app.beeps == b + 1 and app.top is t and why in t.ctl.note and not t.ctl.show_cpu
    assert not any(b.label == "" for b in t.bindings() if b.show)


def test_home_and_end_go_to_the_first_and_last_item_of_a_list_or_hand(app):
    from game.gostop.rules import GoStopState
    from game.scenes.menu import MenuScene
    from game.scenes.replays import ReplaysScene
    from tests.test_gin_table import CPU_HAND, GIN_HUMAN, make_table
    from tests.test_gostop_table import GO_POSITION, table_for
    from tools.random_replay import random_replay
    store = app.replays
    for seed in range(3):
        store.save(random_replay("gin", seed=seed, human=True)[0])
    app.push(MenuScene(app))
    app.push(ReplaysScene(app))
    app.run(max_frames=1)
    scene = app.top
    assert len(scene.entries) == 3
    press(app, K.K_END)
    assert scene.index == 2
    press(app, K.K_HOME)
    assert scene.index == 0 and app.beeps == 0
    app.pop()
    menu = app.top
    press(app, K.K_END)
    assert menu.index == len(menu.items) - 1
    press(app, K.K_HOME)
    assert menu.index == 0
    t = table_for(app, GoStopState.from_position(**GO_POSITION))      # Go-Stop: three cards in hand
    assert t.keymap.human_phase() == "play" and len(t.keymap.entries()) == 3
    press(app, K.K_END)
    assert t.sel == 2
    press(app, K.K_HOME)
    assert t.sel == 0 and app.beeps == 0
    app.pop()
    gin = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    gin.ctl.focus = "hand"
    press(app, K.K_END)
    assert gin.ctl.sel == len(gin.ctl.order) - 1
    press(app, K.K_HOME)
    assert gin.ctl.sel == 0 and app.beeps == 0


def test_title_says_which_key_starts_in_both_blink_phases(app, monkeypatch):
    from game.scenes.menu import MenuScene
    from game.scenes.title import TitleScene
    app.push(TitleScene(app, lambda: MenuScene(app)))
    app.run(max_frames=1)
    for blink in (True, False):
        monkeypatch.setattr(type(app), "blink", property(lambda self, b=blink: b))
        drawn = _texts_drawn(monkeypatch, app.top, app.canvas)
        assert any("Press Enter to start" in s for _, s in drawn), blink


def test_gin_session_screen_names_the_computers_level_and_chooses_it(app):
    from game.gin import table as GT
    app.options["gin.level"] = "hard"
    app.push(GT.start(app, seed=7))
    app.run(max_frames=1)
    sc = app.top
    assert sc.shown("opponent") == "The computer (Hard)"
    sc.index = [line.key for line in sc.lines()].index("opponent")
    press(app, K.K_RIGHT)
    assert sc.shown("opponent") == "The computer (Expert)"
    press(app, K.K_RIGHT)
    assert sc.shown("opponent") == "A human (hot seat)"
    press(app, K.K_RIGHT)
    assert sc.shown("opponent") == "The computer (Easy)"
    press(app, K.K_RETURN)
    assert app.top.ctl.level == "easy" and "level" not in app.top.ctl.session
