"""The held-out style check (tools/style_check.py): each of its rules catches what it
names, the shared wrapping leaves no short word alone, and the gallery's pictures pass
it (a fixed part here; GNERTS_SOAK=1 runs the whole gallery)."""
import os

import pygame

from game import ui
from game.games import BY_KEY
from tools.style_check import Watcher


def _problems(draw) -> list[str]:
    canvas = pygame.Surface((640, 480))
    w = Watcher()
    with w.watching(), ui.overflow_check(True):
        draw(canvas)
    return w.problems()


def test_a_letter_in_the_last_column_is_reported_and_the_key_bar_keeps_it_free():
    assert "reaches the right edge" in " ".join(_problems(lambda c: ui.text(c, 75, 29, "Leave", 0)))
    assert _problems(lambda c: ui.text(c, 74, 29, "Leave", 0)) == []
    # a bar that used to end in the last column: now it keeps one free, or overflows
    items = [("\x1b\x1a", "Choose"), ("Enter", "Play"), ("H", "Coach"), ("F1", "Keys"),
             ("F4", "Chips"), ("F8", "Save"), ("F9", "Hands"), ("Esc", "Leave")]
    assert _problems(lambda c: ui.key_bar(c, items)) == []


def test_text_across_a_box_edge_is_reported_but_not_a_label_on_its_edge_or_its_content():
    def across(c):
        ui.box(c, 3, 5, 33, 16, 15, 1, title="Play")
        ui.text(c, 20, 20, "Gnono: the table is not built yet.", 14)
    assert "drawn over the edge of the box" in " ".join(_problems(across))

    def fine(c):
        ui.box(c, 3, 5, 33, 16, 15, 1, title="Play")
        ui.text(c, 5, 7, "inside the box", 15)
        ui.center(c, 20, " Esc or Enter to go on ", 14, 1, 3, 33)     # a label on its edge
        ui.box(c, 0, 0, 80, 29, 15, 1)                                  # a box over it all
        ui.text(c, 20, 20, "Gnono: the table is not built yet.", 14)
        ui.text(c, 40, 22, "outside the first box", 14)
    assert _problems(fine) == []


def test_wrap_never_leaves_a_short_word_alone_on_the_last_line():
    gnono = ("Challenge? Y: Zoe shows the hand. Holding a yellow card, he draws 4 and you "
             "play on; if not, you draw 6.")
    assert ui.wrap(gnono, 50)[-1] == "draw 6."
    gin = "Tester scored 110. Send this code to a friend: can they beat it"
    assert ui.wrap(gin, 60) == ["Tester scored 110. Send this code to a friend: can they", "beat it"]
    for width in range(12, 80):
        for text in (gnono, gin, "one two three four five six seven eight nine ten it"):
            lines = ui.wrap(text, width)
            assert all(len(line) <= width for line in lines)
            assert " ".join(lines).split() == text.split()
            assert len(lines) == 1 or len(lines[-1]) > 3, (width, lines)
    # the check itself reports a lone short word, wherever it comes from
    w = Watcher()
    w.events.append(("wrap", ["you play on; if not, you draw", "6."], 30))
    assert "'6.' alone on the last line" in " ".join(w.problems())


def test_the_gnono_challenge_box_with_a_short_name_passes_the_check(app):
    from game.gnono.screens import ChallengeBox
    text = ["Zoe played a Wild Draw Four on you (the colour was yellow, now green).",
            "Challenge?  Y: Zoe shows the hand. Holding a yellow card, he draws 4 and you play on; "
            "if not, you draw 6.", "N: you draw 4 and miss your turn."]
    app.push(ChallengeBox(app, text, lambda: None, lambda: None))
    app.run(max_frames=1)
    assert _problems(app.top.draw) == []


def test_the_challenge_code_box_passes_the_check(app):
    from game.challenges import Challenge
    from game.scenes.challenge_offer import offer
    gin = BY_KEY["gin"].parts.replay_codec
    opts = gin.options_to_json(gin.default_options())
    ch = Challenge("gin", 123456, opts, (None, "normal"), 110, "Tester")
    app.push(offer(app, ch, gin).scene)
    app.run(max_frames=1)
    assert _problems(app.top.draw) == []


SOAK = os.environ.get("GNERTS_SOAK") == "1"


def test_the_gallery_pictures_pass_the_style_check(tmp_path, monkeypatch):
    """Every core screen, the replays, the screens issue 35 named, and each table (two
    seats, 40 monkey keys; GNERTS_SOAK=1: the whole gallery, most seats and 400 keys):
    no overflow, no letter at the screen's edge, no lone word, no text over a box."""
    from game import errors
    from tools import gallery
    if not SOAK:
        monkeypatch.setattr(gallery, "MONKEY_KEYS", 40)
    with errors.raising(False):
        g = gallery.Gallery(str(tmp_path))
        g.everything(most_seats=SOAK)
    assert g.count > (130 if SOAK else 90)
    assert g.failures == [] and g.overflows == [] and g.problems == []


class _Paged:
    """A text box as page_problems reads it: its groups and its pages."""
    title, per_page = "Box", 4

    def __init__(self, groups, pages):
        self.groups, self._pages = groups, pages

    def paged(self):
        return self._pages


def test_the_page_check_reports_a_split_paragraph_and_a_section_without_its_heading():
    from tools.style_check import page_problems
    groups = [["One two", "three four"], [""], ["Gin Rummy"], ["  row 1"], ["  row 2"]]
    split = _Paged(groups, [["One two"], ["three four", "", "Gin Rummy", "  row 1"], ["  row 2"]])
    problems = " ".join(page_problems(split))
    assert "'One two'... is split over pages 1 and 2" in problems
    assert "page 3 of 'Box' goes on with 'row 2' without its heading" in problems
    good = _Paged(groups, [["One two", "three four"], ["Gin Rummy", "  row 1"],
                           ["Gin Rummy (continued)", "  row 2"]])
    assert page_problems(good) == []


def test_the_shared_pager_passes_the_page_check_on_every_help_text(app):
    from game.scenes.overlays import HelpBox
    from tools.style_check import page_problems
    for spec in BY_KEY.values():
        table_help = __import__(f"game.{spec.key}.help_text", fromlist=["HELP"]).HELP \
            if spec.key in ("gnono", "gostop") else None
        if table_help:
            for per in (12, 16, 20):
                box = HelpBox(app, spec.title, table_help)
                box.per_page = per
                assert page_problems(box) == [], (spec.key, per)
