"""Pages break between paragraphs (issue 44, item 17): the F2 help, the Gin review and
the statistics, all through the one shared pager (game/scenes/overlays.paginate); a
section that goes on over a page starts the page with its heading again."""
from __future__ import annotations

from game.gin.review_screen import ReviewBox, _wrapped, review_lines
from game.gostop.help_text import HELP as GOSTOP_HELP
from game.scenes.overlays import CONTINUED, HelpBox, paragraphs
from game.scenes.statistics import StatisticsBox
from game.table_support import record_stats
from tests.test_gin_review import computers


def first_lines(box, wrapped) -> set[str]:
    return {lines[0] for lines in wrapped if lines and lines[0].strip()}


def test_the_go_stop_help_keeps_each_paragraph_on_one_page(app):
    box = HelpBox(app, "Go-Stop", GOSTOP_HELP)
    starts = first_lines(box, [[line] if not line else box.wrap(line, box.width - 4)
                               for line in paragraphs(GOSTOP_HELP)])
    assert box.pages > 1
    for p in range(box.pages):
        assert box.page_lines(p)[0] in starts, (p, box.page_lines(p)[0])   # no page begins mid-paragraph


def test_the_gin_review_keeps_each_line_whole_on_its_page(app):
    for seed in range(4):
        rep = computers(seed)
        box = ReviewBox(app, rep)
        starts = first_lines(box, [_wrapped(line, box.width - 4) for line in review_lines(rep)])
        for p in range(box.pages):
            first = box.page_lines(p)[0]
            assert first in starts or first.endswith(CONTINUED), (seed, p, first)


def test_statistics_repeat_a_games_heading_on_the_page_it_goes_on(app):
    for level in ("easy", "normal", "hard", "expert"):
        for variant in ("Official", "House", "Tournament", "Straight", "Oklahoma", "Hollywood"):
            record_stats(app.stats, "gin", {"hands_played": 2, "hands_won": 1}, level=level, variant=variant)
    box = StatisticsBox(app)
    box.per_page = 8              # Gin's section goes on over pages
    assert box.pages > 2
    for p in range(1, box.pages):
        first = box.page_lines(p)[0]
        assert not first.startswith(" "), (p, first)            # never rows without their game
    assert any(box.page_lines(p)[0] == "Gin Rummy" + CONTINUED for p in range(box.pages))


def test_a_bulleted_help_line_keeps_its_own_line_and_a_word_in_u_grave_is_joined(app):
    # CP437's bullets as the font takes them: "•" (0x07) and "∙" (0xF9); "ù" is a letter
    lines = ["The rules:", "• one thing", "∙ another", "\x07 a third", "Named for",
             "ùlo, a player."]
    box = HelpBox(app, "Help", lines)
    assert box.lines == ["The rules:", "• one thing", "∙ another", "\x07 a third",
                         "Named for ùlo, a player."]
