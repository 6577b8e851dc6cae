import numpy as np
import pygame
import pytest

import game.audio as audio_module
from game.audio import VOLUME, Audio, load_cues, parse_cues, square_wave


def test_cues_are_defined_and_synthesize():
    cues = load_cues()
    for name in ("error", "card", "shuffle", "call", "win"):
        assert name in cues
        wave = square_wave(cues[name])
        assert wave.typecode == "h" and wave.itemsize == 2 and len(wave) > 50
        assert max(wave) > 1000 and min(wave) < -1000  # a square wave swings both ways


def reference_wave(notes, rate):
    """The cue as a sample-by-sample square wave (numpy): high the first half of each
    period, 2 ms fades at each note's ends, rests silent."""
    parts = []
    for hz, ms in notes:
        n = max(1, int(rate * ms / 1000))
        if hz <= 0:
            parts.append(np.zeros(n))
            continue
        wave = np.where((np.arange(n) / rate * hz) % 1.0 < 0.5, 1.0, -1.0)
        fade = min(n // 2, int(rate * 0.002))
        if fade:
            ramp = np.linspace(0.0, 1.0, fade)
            wave[:fade] *= ramp
            wave[-fade:] *= ramp[::-1]
        parts.append(wave)
    return (np.concatenate(parts) * VOLUME * 32767).astype(np.int16)


@pytest.mark.parametrize("rate,channels", [(22050, 1), (44100, 2), (48000, 1)])
def test_every_cue_is_the_square_wave_it_names(rate, channels):
    """Every cue, at the device's rate, is the sampled square wave of its notes: the
    same length, every sample the same but where a half period ends exactly on a sample
    (rounding picks the side), each channel alike."""
    for name, notes in load_cues().items():
        want = reference_wave(notes, rate)
        got = np.frombuffer(square_wave(notes, rate, channels).tobytes(), np.int16).reshape(-1, channels)
        assert len(got) == len(want), name
        assert (got == got[:, :1]).all(), name
        sign = np.sign(want)
        for i in np.flatnonzero(got[:, 0] != want):     # only where the level flips: the other side
            flips = sign[i - 1] != sign[i] or sign[min(i + 1, len(want) - 1)] != sign[i]
            assert got[i, 0] == -want[i] and flips, (name, i)


def test_a_cue_is_made_when_first_played_and_kept(monkeypatch):
    """Opening the device makes no cue (the first frames do not wait for them): a cue
    is synthesized when it first plays, heard at once, and kept for the next time."""
    made = []
    real = audio_module.square_wave
    monkeypatch.setattr(audio_module, "square_wave", lambda notes, *a: made.append(notes) or real(notes, *a))
    audio = Audio()
    audio.open()
    assert audio.available and made == []
    pygame.mixer.stop()
    audio.play("error")
    assert pygame.mixer.get_busy()                      # heard at once
    assert made == [audio.cues["error"]] and abs(audio.sound("error").get_length() - 0.150) < 0.002
    audio.play("error")
    assert made == [audio.cues["error"]]
    audio.play("card")
    assert len(made) == 2 and audio.counts == {"error": 2, "card": 1}


def test_parse_cues_reads_notes_and_comments():
    cues = parse_cues("# c\nbeep = 440:100 0:50\n")
    assert cues == {"beep": [(440.0, 100.0), (0.0, 50.0)]}


def test_no_audio_device_plays_silent(monkeypatch):
    def broken(*a, **k):
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    audio = Audio()
    audio.open()
    assert not audio.available and audio.problem == "no audio device could be opened"
    assert audio.detail == "no audio device"     # the library's words, kept for the Sound page
    audio.play("error")
    audio.play("win")
    assert audio.counts["error"] == 1  # counted even though silent


def test_muted_counts_but_does_not_play():
    audio = Audio(enabled=False)
    audio.play("card")
    assert audio.counts["card"] == 1
