"""Issue 35 item 4: in hot seat the seats take real names (asked on the set-up screen,
"Player 1", "Player 2"... by default), and every sentence is built for "you" or a name:
never "Pass the keyboard to You.", "You's turn" or "You draws two"; a computer seat is
its name or "they", never "he"."""
import random
import re

import pygame
import pytest

from game.engine import Details
from game.gnono import table as gnono_table
from game.gnono.settings import DEFAULT_NAMES, hot_seat_names, seat_setup
from game.gnono.setup import GnonoSetup
from game.gostop.cards import parse_cards
from game.gostop.narrate import Speaker as GoStopSpeaker
from game.gostop.narrate import narrate as gostop_narrate
from game.gostop.narrate import seat_names
from game.speech import RecordingSpeaker
from game.table.handover import HandOver
from tests.helpers import post_keys, run_until
from tests.test_hot_seat_privacy import GnonoWatch

WRONG = re.compile(r"\bYou's\b|\bYou (?:draws|plays|has|is|passes|goes|scores|wins|calls|catches|"
                   r"keeps|swaps|names|jumps|deals|challenges|turns|takes)\b|\bhe\b|\bhis\b|"
                   r"keyboard to You\b")


@pytest.fixture
def voice(menu_app):
    menu_app.options["speech.on"] = True
    menu_app.speaker = RecordingSpeaker()
    return menu_app.speaker


def test_the_setup_names_hot_seat_humans_player_1_player_2(menu_app, voice):
    app = menu_app
    o = app.options
    o["gnono.seats"], o["gnono.seat1"], o["gnono.seat2"], o["gnono.seat3"] = 3, "human", "normal", "human"
    assert o["gnono.name1"] == DEFAULT_NAMES[0] == "You"
    assert seat_setup(o)[1] == ["Player 1", "Ada", "Player 2"]
    s = GnonoSetup(app, gnono_table.new_table)
    app.push(s)
    app.run(max_frames=1)
    keys = [line.key for line in s.lines()]
    s.index = keys.index("gnono.seat3")
    assert s.line.label == "Seat 3: Player 2"                               # shown as played
    post_keys(pygame.K_BACKSPACE, "X")                                     # a name typed there
    app.run(max_frames=1)
    assert seat_setup(o)[1][2] == "Player X"
    post_keys(pygame.K_RETURN)
    assert run_until(app, lambda: isinstance(app.top, HandOver), 3000)
    assert app.top.name in ("Player 1", "Player X")
    assert any(line.startswith(f"Hot seat. Pass the keyboard to {app.top.name}.") for line in voice.said)
    # with one human, the human is still "You"
    assert hot_seat_names(["human", "normal"], ["You", "Ada"]) == ["You", "Ada"]


def test_a_hot_seat_round_never_says_you_for_a_name_nor_he(menu_app, voice, monkeypatch):
    o = menu_app.options
    w = GnonoWatch(menu_app, voice, random.Random(7), monkeypatch, 4, 2,
                   names=lambda kinds: hot_seat_names(kinds, list(DEFAULT_NAMES[:4])))
    told: list[str] = []
    real_check = w.check

    def check(frame):
        told.extend(w.shown_text())
        real_check(frame)
    w.check = check
    w.play()
    said = told + voice.said
    assert any("Player 1" in x for x in said) and any("Player 2" in x for x in said)
    bad = sorted({x for x in said if WRONG.search(x)})
    assert not bad, bad[:5]
    assert o["gnono.name1"] == "You"


def test_go_stop_says_they_of_a_computer_not_he():
    names = seat_names(3, (0,))
    sp = GoStopSpeaker(names)
    ev = Details("shake", 1, {"cards": parse_cards("3B 3R 3J1")})
    text, *_ = gostop_narrate(ev, sp)
    assert "their payment doubles if they win" in text and not WRONG.search(text)
    assert seat_names(2, (0, 1)) == ["Player 1", "Player 2"]


def test_go_stop_set_up_says_you_only_where_one_human_plays(menu_app):
    from game.gostop.table import start
    o = menu_app.options
    o["gostop.players"], o["gostop.level1"] = 2, "normal"
    s = start(menu_app)
    assert s.lines()[0].value == "2: you and seat 2"
    o["gostop.level1"] = "human"
    assert s.lines()[0].value == "2: seats 1 and 2"


def test_go_stop_asks_the_hot_seat_names_on_its_set_up_screen(menu_app, voice):
    from game.gostop.table import resume, start
    app = menu_app
    o = app.options
    o["gostop.players"], o["gostop.level1"], o["gostop.level2"] = 3, "human", "normal"
    s = start(app, seed=1)     # a deal that is played (about one in 60 ends at once: a president)
    app.push(s)
    app.run(max_frames=1)
    lines = s.lines()
    keys = [line.key for line in lines]
    assert keys.index("gostop.name1") < keys.index("gostop.name2")    # one line per human
    assert lines[0].value == "3: seats 1, 2, 3"                         # no "you"
    assert lines[keys.index("gostop.name1")].value == "Player 1"
    s.index = keys.index("gostop.name2")
    post_keys(*"Kims", pygame.K_BACKSPACE, pygame.K_LEFT)              # typed ("s" too); arrows beep
    app.run(max_frames=1)
    assert o["gostop.name2"] == "Kim" and app.beeps == 1
    post_keys(pygame.K_RETURN)
    assert run_until(app, lambda: isinstance(app.top, HandOver), 3000)
    t = app.scenes[-2]
    assert t.ctl.names == ["Player 1", "Kim", "Computer"]
    assert [seat.name for seat in t.ctl.seats()] == t.ctl.names           # the replays' seats too
    t.save()
    app.pop(app.top)
    app.pop(t)
    again = resume(app)
    assert again is not None and again.ctl.names == ["Player 1", "Kim", "Computer"]
