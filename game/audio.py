"""The PC speaker: square-wave cues, synthesized on their first use, played through pygame.mixer.

If no audio device opens the game runs silent; every cue is still counted, so tests
(and the visual bell) can see what would have sounded.
"""
from __future__ import annotations

import math
import os
from array import array
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


def square_wave(notes: list[tuple[float, float]], rate: int = RATE, channels: int = 1) -> array:
    """Concatenated square-wave notes as int16 samples (interleaved for `channels`).
    Built a half period at a time (a run of one level), not a sample at a time: a cue
    takes well under a millisecond, and no numpy (whose import costs a frame or more)."""
    amp = VOLUME * 32767
    mono = array("h")
    for hz, ms in notes:
        n = max(1, int(rate * ms / 1000))
        if hz <= 0:
            mono.extend(array("h", [0]) * n)
            continue
        start = len(mono)
        half = rate / (2 * hz)          # samples a half period: high first, then low
        high, low = array("h", [int(amp)]), array("h", [-int(amp)])
        k, j = 0, 0
        while k < n:
            end = min(n, math.ceil((j + 1) * half))
            mono.extend((high if j % 2 == 0 else low) * (end - k))
            k, j = end, j + 1
        fade = min(n // 2, int(rate * 0.002))  # 2 ms edges: no click between notes
        for i in range(fade):
            ramp = i / (fade - 1) if fade > 1 else 0.0
            for at in (start + i, start + n - 1 - i):
                mono[at] = int((1.0 if mono[at] > 0 else -1.0) * ramp * VOLUME * 32767)
    if not mono:
        mono.append(0)
    if channels == 1:
        return mono
    out = array("h", bytes(2 * channels * len(mono)))
    for c in range(channels):
        out[c::channels] = mono
    return out


def load_cues() -> dict[str, list[tuple[float, float]]]:
    with open(asset_path("sounds", "cues.txt"), encoding="utf-8") as f:
        return parse_cues(f.read())


class Audio:
    """play(name) for every cue; silent when muted or when no device opened.

    The device is opened by open(), which the App calls right after the first frame
    is shown (a cue played earlier opens it then); each cue is synthesized the first
    time it plays and kept, so no frame waits for the cues it does not play.
    """

    def __init__(self, enabled: bool = True):
        self.enabled = enabled      # the player's sound option
        self.available = False      # whether a device opened
        self.problem = None         # what went wrong opening it, in a few words for the screen
        self.detail = None          # the audio library's own words, for the Sound page
        self.counts: Counter = Counter()
        self.cues = load_cues()
        self._format = (RATE, 1)    # the device's rate and channels, once open
        self._sounds: dict[str, Any] = {}
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
            self._format = (freq, channels)
            self.available = True
        except (pygame.error, OSError, ValueError) as exc:  # no device, no driver: silent play
            self.problem = "no audio device could be opened"
            self.detail = str(exc)

    def sound(self, name: str) -> Any:
        """The cue's pygame Sound, synthesized on its first use (None: no such cue)."""
        if name not in self._sounds and name in self.cues:
            freq, channels = self._format
            self._sounds[name] = pygame.mixer.Sound(buffer=square_wave(self.cues[name], freq, channels))
        return self._sounds.get(name)

    def play(self, name: str) -> None:
        self.counts[name] += 1
        if not self.opened:
            self.open()
        if self.enabled and self.available:
            try:
                sound = self.sound(name)
                if sound is not None:
                    sound.play()
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
