"""Gnono at the table (issue #18): hot-seat privacy, the playable mark, catching from the
challenge box, typed "+", results closed by Enter, the set-up screen and its presets,
statistics by level and variant; and (issue #23) what the voice says."""
import pygame
import pytest

from game.gnono import card_art
from game.gnono import table as T
from game.gnono.rules import CHALLENGE, ROUND_OVER, GnonoOptions, GnonoState, Play
from game.gnono.screens import ChallengeBox, ColourBox, GnonoScoring
from game.gnono.setup import GnonoSetup
from game.gnono.table_notes import spoken_cards
from game.speech import RecordingSpeaker
from game.table.handover import HandOver
from tests.helpers import key_event, post_keys, run_until


def table(app, hands, top, kinds, names, **kw):
    st = GnonoState.setup(len(hands), hands, top, seed=1, **kw)
    t = T.GnonoTable(app, st, kinds, names, "fast", seed=1)
    app.push(t)
    app.run(max_frames=1)
    return t


def go_on(app, t) -> None:
    """A drawn card that did not play stays in sight until a key (issue 44 item 8)."""
    assert run_until(app, lambda: ("Enter", "Go on") in t.key_bar(), 400)
    assert t.hand_open()
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)


@pytest.fixture
def voice(app):
    app.options["speech.on"] = True
    app.speaker = RecordingSpeaker()
    return app.speaker


def faces_drawn(app, monkeypatch) -> list:
    """The cards drawn face up in the next frame (the top card among them)."""
    seen = []
    real = card_art.face

    def spy(card, *a, **kw):
        seen.append(str(card))
        return real(card, *a, **kw)
    monkeypatch.setattr(card_art, "face", spy)
    app.run(max_frames=1)
    monkeypatch.setattr(card_art, "face", real)
    return seen


# ------------------------------------------------------------------ hot-seat privacy
def test_a_humans_drawn_cards_and_hand_stay_his_after_the_hand_over(app, voice, monkeypatch):
    # Ann (0) draws B1 and cannot play it; Ada (1, a computer) plays; Bob (2) comes next
    t = table(app, ["G1 G2 Y4", "R1 R2 R3", "Y7 Y8 Y9"], "R5", ["human", "normal", "human"],
              ["Ann", "Ada", "Bob"], draw="B1 R9 R8 R7")
    assert t.viewer is None or isinstance(app.top, HandOver)
    run_until(app, lambda: isinstance(app.top, HandOver), 20)
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert t.viewer == 0 and t.hand_open()
    post_keys("+")
    app.run(max_frames=1)
    assert run_until(app, lambda: any("B1" in line for line, _c in t.notes), 200)
    assert any("blue 1" in s for s in voice.said)      # Ann is told what she drew
    go_on(app, t)                                       # she has seen it: her turn has passed
    # the computers play: Ann's hand is face down, her secret gone from what is shown
    assert run_until(app, lambda: t.ctl.state.current == 1 and not t.hand_open(), 400)
    assert not any(c in faces_drawn(app, monkeypatch) for c in ("G1", "G2", "Y4", "B1"))
    assert run_until(app, lambda: isinstance(app.top, HandOver), 2000)
    said_before = len(voice.said)
    post_keys(pygame.K_RETURN)                          # Bob takes the keyboard
    app.run(max_frames=2)
    assert t.viewer == 2 and t.hand_open()
    shown = [line for line, _c in t.notes] + t.log + voice.said[said_before:]
    assert not any("B1" in line or "blue 1" in line for line in shown), shown
    assert any("Ann draws 1 card" in line for line in t.log)
    faces = faces_drawn(app, monkeypatch)
    assert "Y7" in faces and not any(c in faces for c in ("G1", "G2", "Y4", "B1"))
    state = t.spoken_state()
    assert "yellow 7" in state and "blue 1" not in state and "green 1" not in state
    # F9 shows the computers' hands, never a human's
    post_keys(pygame.K_F9)
    app.run(max_frames=1)
    assert not any(c in faces_drawn(app, monkeypatch) for c in ("G1", "G2", "Y4", "B1"))


def test_a_human_is_told_what_came_into_his_hand_since_his_last_turn(app):
    # Ada (1) plays a Draw Two on the human (0); Bert plays on; at his turn the human reads
    # which cards came in while the computers' turns flew past
    t = table(app, ["G1 G2", "R+2 R3 R4", "Y7 Y8 Y9"], "R5", ["human", "normal", "normal"],
              ["You", "Ada", "Bert"], current=1, direction=-1, draw="B1 B2 B3 B4 B5 B6 B7 B8")
    t.narrator.remember_hand(0)               # as he saw it at the end of his last turn
    real = t.ctl.ais[1].choose
    t.ctl.ais[1].choose = lambda view: next((Play(1, c) for c in view.hand if str(c) == "R+2"), None) \
        or real(view)
    assert run_until(app, t.my_turn, 3000)
    app.run(max_frames=2)
    lines = t.log
    assert "Since your last turn: 2 new cards: B1 B2 (F3: what happened)." in lines, lines[-5:]


# ------------------------------------------------------------------ the playable mark
def test_a_bluff_wild_draw_four_is_not_marked_playable(app):
    t = table(app, ["R1 W+4 G2", "Y1 Y2 Y3"], "R5", ["human", "normal"], ["You", "Ada"])
    wd4 = next(c for c in t.ctl.state.hands[0] if c.is_wild_draw_four)
    assert t.ctl.state.is_legal(Play(0, wd4, "G"))          # the rules allow the bluff
    assert not t.keymap.playable(wd4) and "bluff" in t.keymap.card_verdict(wd4)
    t2_hand = ["G1 W+4 G2", "Y1 Y2 Y3"]
    app.pop(t)
    t2 = table(app, t2_hand, "R5", ["human", "normal"], ["You", "Ada"])
    wd4 = next(c for c in t2.ctl.state.hands[0] if c.is_wild_draw_four)
    assert t2.keymap.playable(wd4) and t2.keymap.card_verdict(wd4) == "playable"


# ------------------------------------------------------------------ the challenge box
def test_c_catches_a_computer_from_the_challenge_box(app):
    # Ada plays her second-to-last card, a Wild Draw Four, and forgets "UNO!"
    t = table(app, ["Y1 Y2 Y3", "W+4 G5", "B1 B2 B3"], "R5", ["human", "normal", "normal"],
              ["You", "Ada", "Bert"], current=1, direction=-1)
    t.ctl.ais[1].call_chance = 0.0
    t.apply(Play(1, next(c for c in t.ctl.state.hands[1] if c.is_wild_draw_four), "G"))
    assert run_until(app, lambda: isinstance(app.top, ChallengeBox), 600)
    assert t.ctl.state.phase == CHALLENGE and t.ctl.state.uno_window == 1
    post_keys("c")
    app.run(max_frames=1)
    assert isinstance(app.top, ChallengeBox) and app.beeps == 0
    assert len(t.ctl.state.hands[1]) == 3 and t.ctl.state.uno_window is None
    post_keys("c")                                        # nobody left: C beeps
    app.run(max_frames=1)
    assert app.beeps == 1


# ------------------------------------------------------------------ keys and results
@pytest.mark.parametrize("event", [
    dict(key=pygame.K_EQUALS, unicode="=", mod=pygame.KMOD_LSHIFT),   # US/UK Shift+=, text input off
    dict(key=pygame.K_EQUALS, unicode="+", mod=pygame.KMOD_LSHIFT),
    dict(key=pygame.K_PLUS, unicode="+", mod=0),                      # German "+" key
    dict(key=pygame.K_KP_PLUS, unicode="+", mod=0),
    dict(key=pygame.K_INSERT, unicode="", mod=0),
])
def test_every_common_plus_draws(app, event):
    t = table(app, ["R7 G2", "Y1 Y2 Y3"], "R5", ["human", "normal"], ["You", "Ada"], draw="B1")
    pygame.event.post(key_event(**event))
    app.run(max_frames=1)
    assert len(t.ctl.state.hands[0]) == 3 and app.beeps == 0


def test_a_plain_equals_does_not_draw(app):
    t = table(app, ["R7 G2", "Y1 Y2 Y3"], "R5", ["human", "normal"], ["You", "Ada"], draw="B1")
    pygame.event.post(key_event(pygame.K_EQUALS, unicode="="))
    app.run(max_frames=1)
    assert len(t.ctl.state.hands[0]) == 2 and app.beeps == 1


def test_space_never_skips_the_round_result(app):
    t = table(app, ["R7", "Y1 Y2 Y3"], "R5", ["human", "normal"], ["You", "Ada"],
              options=GnonoOptions(playout_score=10000))
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    for _ in range(400):                                  # hurrying all the way
        post_keys(pygame.K_SPACE)
        app.run(max_frames=1)
        if isinstance(app.top, GnonoScoring):
            break
    assert isinstance(app.top, GnonoScoring)
    for _ in range(3):
        post_keys(pygame.K_SPACE)
        app.run(max_frames=1)
    assert isinstance(app.top, GnonoScoring) and t.ctl.state.phase == ROUND_OVER
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert app.top is t and t.ctl.state.round_no == 2


def test_rounds_are_counted_by_level_and_variant(app):
    t = table(app, ["R7", "Y1 Y2 Y3", "Y4 Y5"], "R5", ["human", "hard", "hard"],
              ["You", "Ada", "Bert"])
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert run_until(app, lambda: isinstance(app.top, GnonoScoring), 600)
    stats = app.stats
    assert stats.breakdowns("gnono") == [("level", "hard"), ("variant", "Official")]
    assert t.ctl.level() == "hard"


# ------------------------------------------------------------------ the set-up screen
def test_setup_shows_every_seat_and_chooses_and_saves_presets(app, voice):
    app.options["gnono.seats"] = 10
    s = GnonoSetup(app, T.new_table)
    app.push(s)
    app.run(max_frames=1)
    lines = s.lines()
    keys = [line.key for line in lines]
    assert keys.count("gnono.seat10") == 1
    s.index = keys.index("preset")
    app.options["gnono.stacking"] = True
    assert s.presets.now() is None and s.spoken_focus() == "Rules: Custom"
    post_keys(pygame.K_RIGHT)
    app.run(max_frames=1)
    assert s.presets.now() == "Official" and voice.said[-1] == "Rules: Official"
    post_keys(pygame.K_RIGHT)
    app.run(max_frames=1)
    assert s.presets.now() == "House" and app.options["gnono.stack_mixed"]
    app.options["gnono.hand_size"] = 11
    post_keys(pygame.K_F5, *"Big", pygame.K_RETURN)
    app.run(max_frames=3)
    assert app.top is s and s.presets.now() == "Big"
    post_keys(pygame.K_RIGHT)
    app.run(max_frames=1)
    assert s.presets.now() == "Official"


# ------------------------------------------------------------------ the voice
def test_the_voice_says_the_card_the_notes_and_f11(app, voice):
    table(app, ["R7 G2 B9", "Y1 Y2 Y3"], "R5", ["human", "normal"], ["You", "Ada"])
    post_keys(pygame.K_RIGHT)
    app.run(max_frames=1)
    assert voice.said[-1] == "green 2, does not match"
    post_keys(pygame.K_LEFT)
    app.run(max_frames=1)
    assert voice.said[-1] == "red 7, playable"
    post_keys(pygame.K_F11)
    app.run(max_frames=1)
    assert voice.said[-1].startswith("Your hand, 3 cards: red 7, green 2, blue 9. Top card red 5")
    assert "Ada 3" in voice.said[-1] and "Scores: You 0, Ada 0" in voice.said[-1]
    post_keys(pygame.K_RETURN)
    app.run(max_frames=2)
    assert "You play the red 7." in voice.said


def test_card_codes_become_words_for_the_voice():
    assert spoken_cards("Ada plays the red 7 (R7).") == "Ada plays the red 7."
    assert spoken_cards("You draw 2 cards: B7 W+4 for the Draw Two.") == \
        "You draw 2 cards: blue 7 Wild Draw Four for the Draw Two."
    assert spoken_cards("Ada plays the Wild (W) and names green (G).") == \
        "Ada plays the Wild and names green (G)."


def test_the_colour_question_and_the_hand_over_are_spoken(app, voice):
    t = table(app, ["W G2 G3", "Y1 Y2 Y3"], "R5", ["human", "normal"], ["You", "Ada"])
    t.sel_card = next(c for c in t.ctl.state.hands[0] if c.is_wild)
    t.sel = t.playback.hand_cards().index(t.sel_card)
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert isinstance(app.top, ColourBox)
    assert voice.said[-1].startswith("Which colour?") and "green, 2 held" in voice.said[-1]
    post_keys(pygame.K_RIGHT)
    app.run(max_frames=1)
    assert voice.said[-1] == "blue, none held"
    app.pop(app.top)
    app.push(t.hand_over(1).scene)
    app.run(max_frames=1)
    assert voice.said[-1].startswith("Hot seat. Pass the keyboard to Ada.")


def test_the_challenge_question_is_spoken_with_its_answers(app, voice):
    t = table(app, ["Y1 Y2 Y3", "W+4 R1 G5", "B1 B2 B3"], "R5", ["human", "normal", "normal"],
              ["You", "Ada", "Bert"], current=1, direction=-1)
    t.apply(Play(1, next(c for c in t.ctl.state.hands[1] if c.is_wild_draw_four), "G"))
    assert run_until(app, lambda: isinstance(app.top, ChallengeBox), 600)
    app.run(max_frames=1)
    said = " ".join(voice.said[-3:])
    assert "Ada played a Wild Draw Four on you" in said and "Y for yes, N for no" in said


# ------------------------------------------------------------------ issue 35, items 1 and 2
def test_a_drawn_card_leaves_the_notes_as_soon_as_the_hand_closes(app, voice):
    # Ann (0) draws B1 and keeps it; while Ada (1, a computer) plays, nobody's hand is
    # open: the notes say "Ann draws 1 card." (issue 35 item 2: "You draw 1 card: B1" stayed)
    t = table(app, ["G1 G2 Y4", "R1 R2 R3", "Y7 Y8 Y9"], "R5", ["human", "normal", "human"],
              ["Ann", "Ada", "Bob"], draw="B1 R9 R8 R7")
    run_until(app, lambda: isinstance(app.top, HandOver), 20)
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    post_keys("+")
    assert run_until(app, lambda: any("B1" in line for line, _c in t.notes), 200)
    go_on(app, t)
    assert run_until(app, lambda: not t.hand_open(), 400)
    app.run(max_frames=1)
    assert not any("B1" in line for line, _c in t.notes), t.notes
    assert any("Ann draws 1 card" in line for line, _c in t.notes + [(x, 0) for x in t.log])


def test_a_seats_coach_hint_never_reaches_the_next_human(app, voice):
    # Ann asks the coach; after the hand-over Bob's F3 log has no "Coach:" line (item 1)
    t = table(app, ["G1 R2 Y4", "R1 R3 Y3", "Y7 Y8 Y9"], "R5", ["human", "human", "normal"],
              ["Ann", "Bob", "Cleo"])
    run_until(app, lambda: isinstance(app.top, HandOver), 20)
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    post_keys("h")
    app.run(max_frames=1)
    assert any(line.startswith("Coach: ") for line in t.log)    # Ann reads it
    post_keys(pygame.K_RETURN)                                   # Ann plays (the coach's card)
    assert run_until(app, lambda: isinstance(app.top, HandOver), 400)
    assert not any("Coach" in line for line in t.log)            # behind the hand-over
    post_keys(pygame.K_RETURN)
    app.run(max_frames=2)
    assert t.viewer == 1
    shown = t.log + [line for line, _c in t.notes]
    assert not any("Coach" in line for line in shown), shown
