"""Oklahoma's knock limit, as the player reads it: every screen that tells the knock
limit tells the hand's (the 1st upcard's value, an ace gin only, or 1 with "ace counts
1"), or before the deal that the 1st upcard sets it; never the options' "at most 10",
which Oklahoma does not use (GIN!: "the value of the 1st upcard each hand determines the
maximum Knock value allowed")."""
from __future__ import annotations

import pygame

from game.cards import Card
from game.gin.options import GinOptions
from game.gin.setup import SessionScene
from game.scenes.options import OptionsScene
from game.speech import RecordingSpeaker
from tests.test_gin_table import CPU_HAND, GIN_HUMAN, make_table, press
from tests.test_gin_third_pass import texts_drawn

K = pygame
OKLAHOMA = GinOptions(oklahoma=True)


def test_the_knock_limit_in_words():
    assert OKLAHOMA.knock_limit(Card.parse("7H")) == "Knock with at most 7 (Oklahoma: the 1st upcard)"
    assert OKLAHOMA.knock_limit(Card.parse("KS")) == "Knock with at most 10 (Oklahoma: the 1st upcard)"
    assert OKLAHOMA.knock_limit(Card.parse("AC")) == "Gin only (Oklahoma, ace upcard)"
    assert (GinOptions(oklahoma=True, oklahoma_ace_one=True).knock_limit(Card.parse("AC"))
            == "Knock with at most 1 (Oklahoma: the 1st upcard)")
    assert OKLAHOMA.knock_limit(None) == "Oklahoma: the 1st upcard sets the knock value"
    assert GinOptions(knock_value=8).knock_limit(Card.parse("3D")) == "Knock with at most 8"
    assert GinOptions(oklahoma=True, straight_gin=True).knock_limit(None) == "Gin only (Straight Gin)"


def test_the_session_screen_says_the_1st_upcard_sets_it_under_oklahoma(app, monkeypatch):
    scene = SessionScene(app, lambda session: None)
    app.push(scene)
    app.run(max_frames=1)
    line = next(ln for ln in scene.lines() if ln.key == "gin.knock_value")
    assert line.value == "10"                              # Oklahoma off: the options' value
    press(app, K.K_RIGHT)                                  # Oklahoma (the first line) on
    assert scene.values["oklahoma"]
    line = next(ln for ln in scene.lines() if ln.key == "gin.knock_value")
    assert line.value == "The 1st upcard (Oklahoma)"
    drawn = texts_drawn(monkeypatch, scene, app.canvas)
    assert "Knock with at most" in drawn and "10" not in drawn
    scene.index = [ln.key for ln in scene.lines()].index("gin.knock_value")
    b = app.beeps
    press(app, K.K_RIGHT)                                  # no value to choose: the upcard's
    assert app.beeps == b + 1 and scene.notice == "The 1st upcard sets it; turn Oklahoma off to choose."
    assert scene.rules()["gin.knock_value"] == 10


def test_f4_f2_and_f11_tell_this_hands_knock_limit(app, monkeypatch):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "7D", options=OKLAHOMA)
    said = "This hand: knock with at most 7 (Oklahoma: the 1st upcard)."
    press(app, K.K_F4)
    assert said in app.top.notes and not any("most 10" in n for n in app.top.notes)
    press(app, K.K_ESCAPE, K.K_F2)
    assert app.top is not t and said in " ".join(t.help_lines())
    press(app, K.K_ESCAPE)
    assert "Knock with at most 7 (Oklahoma: the 1st upcard)." in t.spoken_state()
    drawn = texts_drawn(monkeypatch, t, app.canvas)        # GIN!'s upper right: the options, the value
    assert "Oklahoma" in drawn and "Knock: 7" in drawn and "Knock: 10" not in drawn


def test_an_ace_upcard_is_gin_only_on_the_score_screen(app):
    make_table(app, GIN_HUMAN, CPU_HAND, "AH", options=OKLAHOMA)
    press(app, K.K_F4)
    assert "This hand: gin only (Oklahoma, ace upcard)." in app.top.notes


def gin_play_page(app) -> tuple[OptionsScene, RecordingSpeaker, list[str]]:
    """The options program on its Gin play page, listened to: (scene, voice, its keys)."""
    app.options["speech.on"] = True
    app.speaker = voice = RecordingSpeaker()
    scene = OptionsScene(app)
    app.push(scene)
    app.run(max_frames=1)
    while scene.current.title != "Gin play":
        press(app, K.K_PAGEDOWN)
    return scene, voice, [o.key for o in scene.current.opts]


def test_the_options_program_says_the_1st_upcard_sets_it_under_oklahoma(app, monkeypatch):
    scene, voice, keys = gin_play_page(app)
    down = keys.index("gin.knock_value") - keys.index("gin.oklahoma")
    press(app, *[K.K_DOWN] * keys.index("gin.knock_value"))
    drawn = texts_drawn(monkeypatch, scene, app.canvas)
    assert "\x11 10 \x10" in drawn and "The 1st upcard" not in drawn     # Oklahoma off: the value
    press(app, *[K.K_UP] * down, K.K_RIGHT, *[K.K_DOWN] * down)           # Oklahoma on
    assert scene.opts["gin.oklahoma"] and scene.item.key == "gin.knock_value"
    drawn = texts_drawn(monkeypatch, scene, app.canvas)
    assert "The 1st upcard (Oklahoma)" in drawn and " 10 " not in drawn
    assert "The 1st upcard sets it; turn Oklahoma off to choose. Kept for later: 10." in drawn
    assert voice.said[-1] == ("Gin play page. Knock with at most: The 1st upcard (Oklahoma). The 1st upcard "
                              "sets it; turn Oklahoma off to choose. Kept for later: 10.")
    b = app.beeps
    press(app, K.K_RIGHT)                                  # no value to choose: the upcard's
    assert app.beeps == b + 1 and scene.opts["gin.knock_value"] == 10
    press(app, *[K.K_UP] * down, K.K_RIGHT, *[K.K_DOWN] * down, K.K_LEFT)   # Oklahoma off: chosen
    assert not scene.opts["gin.oklahoma"] and scene.opts["gin.knock_value"] == 9 and app.beeps == b + 1
    assert "\x11 9 \x10" in texts_drawn(monkeypatch, scene, app.canvas)


def test_the_options_program_says_the_oklahoma_ace_rule_is_only_in_oklahoma(app, monkeypatch):
    scene, voice, keys = gin_play_page(app)
    up = keys.index("gin.oklahoma_ace_one") - keys.index("gin.oklahoma")
    press(app, *[K.K_DOWN] * keys.index("gin.oklahoma_ace_one"))
    assert scene.item.key == "gin.oklahoma_ace_one" and not scene.opts["gin.oklahoma"]
    drawn = texts_drawn(monkeypatch, scene, app.canvas)
    assert "Off (only in Oklahoma)" in drawn and "\x11 Off \x10" not in drawn     # no arrows: no choice
    assert "Only in Oklahoma: turn Oklahoma on to choose. Kept for later: Off." in drawn
    assert voice.said[-1].endswith("Oklahoma ace counts 1: Off (only in Oklahoma). Only in Oklahoma: "
                                   "turn Oklahoma on to choose. Kept for later: Off.")
    b = app.beeps
    press(app, K.K_RIGHT)                                 # nothing to choose while Oklahoma is off
    press(app, K.K_LEFT)
    assert app.beeps == b + 2 and scene.opts["gin.oklahoma_ace_one"] is False
    press(app, *[K.K_UP] * up, K.K_RIGHT, *[K.K_DOWN] * up, K.K_RIGHT)    # Oklahoma on: chosen
    assert scene.opts["gin.oklahoma"] and scene.opts["gin.oklahoma_ace_one"] and app.beeps == b + 2
    drawn = texts_drawn(monkeypatch, scene, app.canvas)
    assert "\x11 On \x10" in drawn and "only in Oklahoma" not in drawn


def test_the_session_screen_says_the_oklahoma_ace_rule_is_only_in_oklahoma(app, monkeypatch):
    scene = SessionScene(app, lambda session: None)
    app.push(scene)
    app.run(max_frames=1)
    keys = [ln.key for ln in scene.lines()]
    press(app, *[K.K_DOWN] * keys.index("gin.oklahoma_ace_one"))
    assert scene.line.key == "gin.oklahoma_ace_one"
    assert scene.line.value == "Off (only in Oklahoma)"
    drawn = texts_drawn(monkeypatch, scene, app.canvas)
    assert "Off (only in Oklahoma)" in drawn and "\x11 Off (only in Oklahoma) \x10" not in drawn  # no choice
    b = app.beeps
    press(app, K.K_RIGHT)                                  # Oklahoma off: nothing to choose
    assert app.beeps == b + 1 and scene.notice == "Only in Oklahoma: turn Oklahoma on to choose."
    assert scene.rules()["gin.oklahoma_ace_one"] is False
    press(app, *[K.K_UP] * keys.index("gin.oklahoma_ace_one"), K.K_RIGHT,   # Oklahoma (the first line) on
          *[K.K_DOWN] * keys.index("gin.oklahoma_ace_one"), K.K_RIGHT)
    assert scene.values["oklahoma"] and scene.rules()["gin.oklahoma_ace_one"] is True
    assert scene.line.value == "On" and app.beeps == b + 1
