"""Speech: the words (game.spoken), the voice off the frame loop (game.speech), and
what the App and its scenes say, with a recording speaker in place of a voice."""
import os
import threading
import time

import pygame
import pytest

from game import palette as P
from game import speech
from game.options import SOUND_PAGE
from game.scenes.options import OptionsScene
from game.scenes.overlays import KeysBox, Question
from game.speech import RecordingSpeaker, SilentSpeaker, VoiceSpeaker
from game.spoken import card_name, keys_text, speakable
from tests.helpers import post_keys


def test_cards_and_symbols_become_words():
    assert (speakable("You discard 9\x05 and take Q\x03.")
            == "You discard 9 of clubs and take queen of hearts.")
    assert speakable("10\x06 A\x04 KC") == "10 of spades ace of diamonds KC"
    assert speakable("The colour is Blue (B).") == "The colour is Blue."
    assert speakable("\u2554\u2550 Score \u2550\u2557  \x18\x19 choose") == "Score up down choose"
    assert card_name(1, "S") == "ace of spades" and card_name(12, "D") == "queen of diamonds"


class FakePlayer:
    def __init__(self):
        self.played, self.stops, self.busy = [], 0, False

    def play_speech(self, wav):
        self.played.append(wav)
        return True

    def stop_speech(self):
        self.stops += 1

    def speech_busy(self):
        return self.busy


def wait_until(predicate, seconds=5.0):
    end = time.time() + seconds
    while time.time() < end:
        if predicate():
            return True
        time.sleep(0.005)
    return False


def test_the_voice_renders_off_the_loop_and_a_new_text_interrupts():
    player, gate = FakePlayer(), threading.Event()

    def make_renderer():
        def render(text):
            if text == "slow":
                gate.wait(5)
            return text.encode()
        return render
    voice = VoiceSpeaker(player, make_renderer)
    try:
        voice.say("slow")                       # returns at once: rendering is elsewhere
        voice.say("hello", interrupt=True)      # stops the voice, drops "slow"
        gate.set()
        assert wait_until(lambda: (voice.poll(), player.played)[1])
        assert player.played == [b"hello"] and player.stops >= 1
        voice.say("one", interrupt=False)
        voice.say("two", interrupt=False)
        assert wait_until(lambda: (voice.poll(), len(player.played) == 3)[1])
        assert player.played[1:] == [b"one", b"two"]
    finally:
        voice.close()
    assert not voice.available


class LateEngine:
    """A pyttsx3 engine as eSpeak behaves on a busy machine: runAndWait returns while
    the voice's own thread is still writing the file (a driver with events=False
    tells nothing of its texts, and returns with the file written)."""

    def __init__(self, events=True, delay=0.05):
        self.events, self.delay, self.connects, self.props = events, delay, {}, {}

    def setProperty(self, name, value):
        self.props[name] = value

    def connect(self, topic, cb):
        self.connects.setdefault(topic, []).append(cb)

    def _notify(self, topic):
        for cb in self.connects.get(topic, []):
            cb(name=None, completed=True)

    def save_to_file(self, text, path):
        self.text, self.path = text, path

    def _write(self):
        with open(self.path, "wb") as f:
            f.write(self.text.encode())

    def runAndWait(self):
        if not self.events:
            self._write()
            return
        self._notify("started-utterance")

        def finish():
            time.sleep(self.delay)
            self._write()
            self._notify("finished-utterance")
        threading.Thread(target=finish, daemon=True).start()


@pytest.mark.parametrize("events", [True, False])
def test_a_text_is_read_back_only_once_the_voice_has_written_it(events):
    from game.speech import pyttsx3_renderer
    engine = LateEngine(events)
    render = pyttsx3_renderer(lambda: engine)
    try:
        assert render("Round 1: you deal") == b"Round 1: you deal"   # not the empty file
        assert render("P3 draws 1 card.") == b"P3 draws 1 card."     # not the last text's
        assert engine.props["rate"] > 0
    finally:
        render.close()


def test_no_voice_says_why_in_plain_words_and_the_game_goes_on():
    def make_renderer():      # what pyttsx3 raises where eSpeak NG is missing
        raise RuntimeError("This means you probably do not have eSpeak or eSpeak-ng installed!")
    voice = VoiceSpeaker(FakePlayer(), make_renderer)
    assert wait_until(lambda: not voice.available)
    assert voice.reason == "No voice was found for speech. On Linux: sudo apt install espeak-ng."
    assert "RuntimeError" not in voice.reason and "eSpeak-ng installed" in voice.detail
    voice.say("anything")     # nothing happens, nothing raises
    voice.poll()


def test_the_way_to_get_a_voice_is_the_readmes():
    with open(os.path.join(os.path.dirname(__file__), "..", "README.md"), encoding="utf-8") as f:
        readme = f.read()
    command = speech.GET_VOICE.split(": ", 1)[1].rstrip(".")
    assert f"`{command}`" in readme and len(speech.no_voice_text()) <= 78   # one toast line


def test_a_missing_voice_is_found_before_a_voice_is_started():
    no_lib = speech.voice_problem("linux", loads=lambda path: False, has_pyttsx3=lambda: True)
    assert no_lib == speech.no_voice_text()
    assert speech.voice_problem("linux", loads=lambda path: path == "libespeak-ng.so.1",
                                has_pyttsx3=lambda: True) == ""
    assert speech.voice_problem("win32", loads=lambda path: False, has_pyttsx3=lambda: True) == ""
    assert "pip install pyttsx3" in speech.voice_problem("linux", has_pyttsx3=lambda: False)


def test_speech_on_without_a_voice_opens_no_thread_and_says_why(monkeypatch):
    monkeypatch.setattr(speech, "voice_problem", speech.no_voice_text)
    voice = speech.open_speaker(True, FakePlayer())
    assert isinstance(voice, SilentSpeaker) and voice.reason == speech.no_voice_text()


def test_the_speech_option_says_no_voice_and_how_to_get_one(menu_app):
    app = menu_app
    app.speaker = SilentSpeaker(speech.no_voice_text())    # on, and the voice failed
    opts = OptionsScene(app)
    opts.opts["speech.on"] = True
    opts.page = opts.pages.index(SOUND_PAGE)
    opts.index = [s.key for s in SOUND_PAGE.opts].index("speech.on")
    spec = opts.item
    assert opts.value_text(spec) == "On: no voice"
    assert opts.hint(spec) == "No voice was found for speech. On Linux: sudo apt install espeak-ng."
    opts.index = 0                      # another item: the page still says it
    assert (speech.no_voice_text(), P.YELLOW) in opts.notices()
    opts.opts["speech.on"] = False
    opts._voice_problem = None
    assert opts.value_text(spec) == "Off" and opts.hint(spec) == spec.hint and opts.notices() == []


def test_f11_without_a_voice_says_so_on_the_screen(menu_app):
    app = menu_app
    app.options["speech.on"] = True
    app.speaker = SilentSpeaker(speech.no_voice_text())
    app._told_no_voice = True
    beeps = app.beeps
    post_keys(pygame.K_F11)
    app.run(max_frames=1)
    assert app.toast_text == speech.no_voice_text() and app.toast_steps > 0 and app.beeps == beeps


@pytest.fixture
def speaking(menu_app):
    menu_app.options["speech.on"] = True     # as if turned on, with a recorder for a voice
    menu_app.speaker = RecordingSpeaker()
    menu_app.run(max_frames=1)
    return menu_app, menu_app.speaker


def test_the_menu_line_under_the_bar_is_said_when_it_moves(speaking):
    app, voice = speaking
    post_keys(pygame.K_DOWN)
    app.run(max_frames=1)
    assert voice.said[-1].startswith("2, Gin Rummy.")


def test_f1_reads_the_keys_and_a_question_reads_itself(speaking):
    app, voice = speaking
    post_keys(pygame.K_F1)
    app.run(max_frames=1)
    assert isinstance(app.top, KeysBox)
    assert voice.said[-1] == keys_text(app.scenes[0].title, app.scenes[0].bindings())
    assert "Enter" in voice.said[-1]
    post_keys(pygame.K_F1)
    app.run(max_frames=1)
    app.push(Question(app, "Leave the game?", lambda: None))
    app.run(max_frames=1)
    assert voice.said[-1] == "Leave the game? Y for yes, N for no."


def test_f11_says_where_things_stand_and_beeps_when_speech_is_off(speaking):
    app, voice = speaking
    post_keys(pygame.K_F11)
    app.run(max_frames=1)
    assert voice.said[-1].startswith("Main menu. 1, Nerts.")
    app.options["speech.on"] = False
    app.speaker = SilentSpeaker()
    beeps = app.beeps
    post_keys(pygame.K_F11)
    app.run(max_frames=1)
    assert app.beeps == beeps + 1


def test_a_key_stops_what_is_being_said(speaking):
    app, voice = speaking
    stops = voice.stops
    post_keys(pygame.K_x)   # a key that means nothing still cuts the voice off
    app.run(max_frames=1)
    assert voice.stops > stops


def test_the_speech_option_is_off_by_default_and_opens_no_voice(app):
    assert app.options["speech.on"] is False
    app.run(max_frames=2)
    assert isinstance(app.speaker, SilentSpeaker) and not app.speaker.available
