"""Speech in a box of pages (F2 help, a review, the plays list): the opening says the
first page with "page 1 of N", PgDn/PgUp say the page turned to over what was being said,
and F11 says the page shown again."""
import pygame

from game.scenes.overlays import HelpBox
from game.spoken import speakable
from tests.test_speech_keys import gin, press, speaking


def test_turning_a_help_page_says_it_and_f11_says_the_page_shown(app):
    voice = speaking(app)
    gin(app)
    press(app, pygame.K_F2)
    box = app.top
    assert isinstance(box, HelpBox) and box.pages > 1
    opening = voice.said[-1]
    first = [speakable(line) for line in box.page_lines(0) if line.strip()]
    second = [speakable(line) for line in box.page_lines(1) if line.strip()]
    assert f"Page 1 of {box.pages}" in opening and first[0] in opening and second[0] not in opening
    stops = voice.stops
    press(app, pygame.K_PAGEDOWN)
    turned = voice.said[-1]
    assert box.page == 1 and voice.stops > stops      # said over the first page
    assert turned.startswith(f"Page 2 of {box.pages}.")
    assert second[0] in turned and second[-1] in turned and first[0] not in turned
    press(app, pygame.K_F11)
    assert f"Page 2 of {box.pages}" in voice.said[-1] and second[-1] in voice.said[-1]
    assert first[0] not in voice.said[-1]
    press(app, pygame.K_PAGEUP)
    assert voice.said[-1].startswith(f"Page 1 of {box.pages}.") and first[0] in voice.said[-1]


def test_a_box_of_one_page_says_no_page_number(app):
    voice = speaking(app)
    app.push(HelpBox(app, "Short", ["One line of help."]))
    app.run(max_frames=1)
    press(app, pygame.K_F11)
    assert voice.said[-1] == "Short. One line of help." and "Page" not in voice.said[-2]
