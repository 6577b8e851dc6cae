import numpy as np

from game.audio import Audio, load_cues, parse_cues, square_wave


def test_cues_are_defined_and_synthesize():
    cues = load_cues()
    for name in ("error", "card", "shuffle", "call", "win"):
        assert name in cues
        wave = square_wave(cues[name])
        assert wave.dtype == np.int16 and len(wave) > 50
        assert wave.max() > 1000 and wave.min() < -1000  # a square wave swings both ways


def test_parse_cues_reads_notes_and_comments():
    cues = parse_cues("# c\nbeep = 440:100 0:50\n")
    assert cues == {"beep": [(440.0, 100.0), (0.0, 50.0)]}


def test_no_audio_device_plays_silent(monkeypatch):
    import pygame

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
