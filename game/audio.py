"""The PC speaker: square-wave cues synthesized with numpy, played through pygame.mixer.

If no audio device opens the game runs silent; every cue is still counted, so tests
(and the visual bell) can see what would have sounded.
"""
from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pygame

from game.paths import asset_path

RATE = 22050
VOLUME = 0.18  # the speaker was loud; this keeps it bearable in headphones


def parse_cues(text: str) -> dict[str, list[tuple[float, float]]]:
    cues = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, _, notes = line.partition("=")
        cues[name.strip()] = [tuple(float(x) for x in n.split(":")) for n in notes.split()]
    return cues


def square_wave(notes: list[tuple[float, float]], rate: int = RATE) -> Any:
    """Concatenated square-wave notes as int16 samples (a numpy array)."""
    import numpy as np  # lazy: numpy is loaded after the first frame (start-up time)
    parts = []
    for hz, ms in notes:
        n = max(1, int(rate * ms / 1000))
        if hz <= 0:
            parts.append(np.zeros(n))
            continue
        t = np.arange(n) / rate
        wave = np.where((t * hz) % 1.0 < 0.5, 1.0, -1.0)
        fade = min(n // 2, int(rate * 0.002))  # 2 ms edges: no click between notes
        if fade:
            ramp = np.linspace(0.0, 1.0, fade)
            wave[:fade] *= ramp
            wave[-fade:] *= ramp[::-1]
        parts.append(wave)
    samples = np.concatenate(parts) if parts else np.zeros(1)
    return (samples * VOLUME * 32767).astype(np.int16)


def load_cues() -> dict[str, list[tuple[float, float]]]:
    with open(asset_path("sounds", "cues.txt"), encoding="utf-8") as f:
        return parse_cues(f.read())


class Audio:
    """play(name) for every cue; silent when muted or when no device opened.

    The device is opened and the cues synthesized by open(), which the App calls
    right after the first frame is shown (numpy and the mixer take a moment to
    start; the title should not wait for them). A cue played earlier opens it then.
    """

    def __init__(self, enabled: bool = True):
        self.enabled = enabled      # the player's sound option
        self.available = False      # whether a device opened
        self.problem = None         # what went wrong opening it, in a few words for the screen
        self.detail = None          # the audio library's own words, for the Sound page
        self.counts: Counter = Counter()
        self.cues = load_cues()
        self._sounds = {}
        self._speech = None
        self.opened = False

    def open(self) -> None:
        if self.opened:
            return
        self.opened = True
        if os.environ.get("GNERTS_NO_AUDIO"):
            self.problem = "sound disabled by GNERTS_NO_AUDIO"
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            freq, _, channels = pygame.mixer.get_init()
            import numpy as np  # lazy: the mixer opens after the first frame (start-up time)
            for name, notes in self.cues.items():
                samples = square_wave(notes, freq)
                if channels > 1:
                    samples = np.repeat(samples[:, None], channels, axis=1)
                self._sounds[name] = pygame.sndarray.make_sound(np.ascontiguousarray(samples))
            self.available = True
        except (pygame.error, OSError, ValueError) as exc:  # no device, no driver: silent play
            self.problem = "no audio device could be opened"
            self.detail = str(exc)
            self._sounds = {}

    def play(self, name: str) -> None:
        self.counts[name] += 1
        if not self.opened:
            self.open()
        if self.enabled and self.available and name in self._sounds:
            try:
                self._sounds[name].play()
            except pygame.error:
                pass    # a device lost while playing: this cue is not heard

    # speech (game.speech) on a channel of its own, cut off at once by a new key ---
    def _speech_channel(self):
        import pygame
        if self._speech is None:
            pygame.mixer.set_reserved(1)
            self._speech = pygame.mixer.Channel(0)
        return self._speech

    def play_speech(self, wav: bytes) -> bool:
        """Play a rendered text (WAV bytes); False when there is no sound device."""
        if not self.opened:
            self.open()
        if not self.available:
            return False
        try:
            import io

            import pygame
            self._speech_channel().play(pygame.mixer.Sound(file=io.BytesIO(wav)))
            return True
        except Exception as exc:   # a damaged rendering: the next text may play
            self.problem = f"speech: {exc}"
            return False

    def stop_speech(self) -> None:
        if self.available and self._speech is not None:
            self._speech.stop()

    def speech_busy(self) -> bool:
        return bool(self.available and self._speech is not None and self._speech.get_busy())

    def stop(self) -> None:
        if self.available:
            try:
                pygame.mixer.stop()
            except pygame.error:
                pass
